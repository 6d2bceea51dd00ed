"""Players: finding one by number or name, the initial order, late entries, withdrawals.

>>> from fairpair.model import Player, Tournament
>>> t = Tournament(players=(Player(1, "Anna Rossi"), Player(2, "Luca Bianchi")))
>>> find_player(t, "ross").number, find_player(t, "2").name
(1, 'Luca Bianchi')
>>> find_player(t, "bianchi luca").number
2
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Mapping, Sequence

from fairpair import limits
from fairpair.errors import ConflictError, InputError, PlayerPairedError
from fairpair.formats.csv import TITLES
from fairpair.formats.text import clean_text, skeleton
from fairpair.model import ByeKind, Player, Tournament
from fairpair.workflow.rounds import trim_empty_rounds

__all__ = [
    "MAX_NAME",
    "add_player",
    "cancel_withdrawal",
    "edit_player",
    "fide_initial_order",
    "find_player",
    "renumber",
    "withdraw",
    "withdrawal_drops_byes",
]

#: Longest player name accepted.
MAX_NAME = 200


def find_player(t: Tournament, text: str) -> Player:
    """The player ``text`` names: a pairing number, or a unique case-insensitive part of
    a name (an exact full name wins over partial matches). Ambiguity is an error that
    lists the candidates."""
    query = text.strip()
    if query.isascii() and query.isdigit():
        number = int(query) if len(query) <= limits.MAX_NUMBER_CHARS else 0
        if number in t.player_map:
            return t.player(number)
        shown = query if len(query) <= 20 else query[:17] + "..."
        raise InputError(
            f"no player number {shown}",
            expected=f"a pairing number from 1 to {max(t.player_map, default=0)} or a name",
            field="player",
        )
    if not query:
        raise InputError("empty player", expected="a pairing number or a name", field="player")
    needle = _plain(query)
    if not needle:
        raise InputError(f"player {query!r}", expected="a pairing number or a name", field="player")
    exact = [p for p in t.players if _plain(p.name) == needle]
    if len(exact) == 1:
        return exact[0]
    words = needle.split()
    found = exact or [p for p in t.players if all(w in _plain(p.name) for w in words)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise InputError(
            f"no player matches {query!r}{_closest(t, needle)}",
            expected="a pairing number or a name",
            field="player",
        )
    listed = ", ".join(f"{p.number} {p.name}" for p in found[:10])
    more = f" and {len(found) - 10} more" if len(found) > 10 else ""
    raise InputError(
        f"{query!r} matches {len(found)} players: {listed}{more}",
        expected="a pairing number or a longer part of the name",
        field="player",
    )


def _closest(t: Tournament, needle: str) -> str:
    """`` (did you mean 7 Andersen?)``: the names closest to a name that matched no
    player (whole names and their single words compared; at most three), or ``""``."""
    import difflib  # only for this hint

    if len(t.players) > 20_000:  # a hint must not cost more than the command
        return ""
    scored: dict[int, float] = {}
    for p in t.players:
        plain = _plain(p.name)
        best = max(
            (
                difflib.SequenceMatcher(None, needle, part).ratio()
                for part in (plain, *plain.split())
            ),
            default=0.0,
        )
        if best >= 0.75:
            scored[p.number] = best
    if not scored:
        return ""
    ranked = sorted(scored, key=lambda n: (-scored[n], n))[:3]
    names = " or ".join(f"{n} {t.player(n).name}" for n in ranked)
    return f" (did you mean {names}?)"


def _plain(text: str) -> str:
    """Lower case, accents and punctuation removed, single spaces: ``Müller, Jörg`` ->
    ``muller jorg``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    letters = "".join(
        " " if not (c.isalnum() or c.isspace()) else c
        for c in decomposed
        if not unicodedata.combining(c)
    )
    return " ".join(letters.split())


def _title_rank(title: str) -> int:
    return TITLES.index(title) if title in TITLES else len(TITLES)


def fide_initial_order(players: Sequence[Player]) -> list[Player]:
    """C.04.2 B: rating (highest first), then title (GM, IM, WGM, FM, WIM, CM, WFM, WCM,
    none), then name (alphabetically, case-insensitive); equal keys keep list order."""
    return sorted(players, key=lambda p: (-p.rating, _title_rank(p.title), p.name.casefold()))


def renumber(players: Sequence[Player]) -> tuple[Player, ...]:
    """The players numbered 1, 2, ... in the given order."""
    return tuple(dataclasses.replace(p, number=i) for i, p in enumerate(players, 1))


def _check_name(
    t: Tournament, name: str, allow_duplicate: bool, *, exclude: int | None = None
) -> str:
    """The name under the text policy (:mod:`fairpair.formats.text`: NFC, no control or
    format characters), refused if another player's looks the same (case, look-alike
    letters of other scripts and invisible characters aside) unless ``allow_duplicate``.
    """
    clean = clean_text(name, "name")
    if not clean:
        raise InputError("empty name", expected="the new player's name", field="name")
    if len(clean) > MAX_NAME:
        raise InputError(
            f"a name of {len(clean)} characters", expected=f"at most {MAX_NAME}", field="name"
        )
    if not allow_duplicate:
        key = skeleton(clean)
        for p in t.players:
            if p.number != exclude and skeleton(p.name) == key:
                alike = "" if p.name.casefold() == clean.casefold() else f" ({p.name!r})"
                raise InputError(
                    f"{clean!r} is already player {p.number}{alike}",
                    expected="a name no other player has"
                    + (
                        ""
                        if exclude is not None
                        else " (or mark the entry as another player of the same name)"
                    ),
                    field="name",
                )
    return clean


def add_player(
    t: Tournament,
    player: Player,
    *,
    from_round: int | None = None,
    allow_duplicate: bool = False,
) -> tuple[Tournament, Player]:
    """Register ``player`` with the next free pairing number.

    ``from_round`` is the first round he plays (default: the next round to pair, so a
    player added after round 2 is paired from round 3 on). It cannot be a round that is
    already paired. Rounds before it count as absences (0 points) unless the director
    enters byes for them.
    """
    name = _check_name(t, player.name, allow_duplicate)
    next_round = t.next_round()
    first = next_round if from_round is None else from_round
    _first_game_of_a_round(t, first)
    if first < next_round:
        raise InputError(
            f"first round {first}: round {first} is already paired",
            expected=f"round {next_round} or later",
            field="from_round",
        )
    _not_past_the_end(t, first)
    number = max((p.number for p in t.players), default=0) + 1
    new = dataclasses.replace(
        player, number=number, name=name, entered_at=first if first > 1 else None
    )
    t = t.replace(players=(*t.players, new))
    if _can_renumber(t):
        t, numbers = _renumbered(t)
        return t, t.player(numbers[new.number])
    return t, new


def _can_renumber(t: Tournament) -> bool:
    """Before round 1 is paired (no game, no pairing-allocated bye), a FIDE-ordered
    tournament keeps its players in the initial order (C.04.2 B)."""
    from fairpair.systems import descriptor_of

    return (
        t.rounds_played == 0
        and all(not r.games for r in t.rounds)
        and t.system is not None
        and descriptor_of(t.system).initial_order == "fide"
    )


def _renumbered(t: Tournament) -> tuple[Tournament, dict[int, int]]:
    """Players numbered by the initial order again; requested byes, forbidden pairs and
    acceleration follow their players. Returns the tournament and old -> new numbers."""
    ordered = fide_initial_order(t.players)
    numbers = {p.number: i for i, p in enumerate(ordered, 1)}
    rounds = tuple(
        dataclasses.replace(r, byes={numbers[n]: k for n, k in r.byes.items() if n in numbers})
        for r in t.rounds
    )
    forbidden = frozenset(frozenset(numbers.get(n, n) for n in pair) for pair in t.forbidden_pairs)
    acceleration = {numbers.get(n, n): v for n, v in t.acceleration.items()}
    out = t.replace(
        players=renumber(ordered),
        rounds=rounds,
        forbidden_pairs=forbidden,
        acceleration=acceleration,
    )
    return out, numbers


def _first_game_of_a_round(t: Tournament, column: int) -> None:
    """With double rounds a player joins or leaves at a round, i.e. at its first game
    (an odd TRF round): the two games of a round are paired together."""
    if t.double_rounds and column % 2 == 0:
        raise InputError(
            f"TRF round {column} is the second game of round {column // 2}",
            expected=f"the first game of a round (TRF round {column - 1} or {column + 1})",
            field="from_round",
        )


def _not_past_the_end(t: Tournament, first: int) -> None:
    """``first`` (a player's first round, or the first he misses) is a round of ``t``."""
    if t.total_rounds is not None and first > t.total_rounds:
        raise InputError(
            f"round {first} is past the last round",
            expected=f"a round from 1 to {t.total_rounds} (the number of rounds)",
            field="from_round",
        )


def _a_round_left(t: Tournament, player: Player, first: int) -> None:
    """A withdrawal from the next round to pair needs such a round: when every round is
    paired, say what the director can do instead (a forfeit in the round he is paired
    in, or nothing: the event is over)."""
    if t.total_rounds is None or first <= t.total_rounds:
        return
    last = t.rounds[-1] if t.rounds else None
    game = None if last is None else last.game_of(player.number)
    if last is not None and game is not None and game.white_result is None:
        raise ConflictError(
            f"{player.name} cannot be withdrawn: every round is paired and he plays in the "
            f"last one, round {last.number}",
            expected=(
                f"enter a forfeit loss as his result in round {last.number} (his opponent "
                "gets a forfeit win)"
            ),
        )
    raise ConflictError(
        f"{player.name} cannot be withdrawn: every round (1-{t.total_rounds}) is paired "
        "and he has no game left to miss",
        expected="nothing to do: the tournament has no round left to withdraw him from",
    )


def _replace_player(t: Tournament, new: Player) -> Tournament:
    return t.replace(players=tuple(new if p.number == new.number else p for p in t.players))


def withdraw(t: Tournament, player: Player, from_round: int | None = None) -> Tournament:
    """Withdraw ``player`` from ``from_round`` on (default: the next round to pair).

    Refused if he already has a game or the pairing-allocated bye in that round or a
    later one (enter a forfeit there, or unpair first). His requested byes from that round
    on are dropped: he is no longer in the tournament.
    """
    first = t.next_round() if from_round is None else from_round
    if first < 1:
        raise InputError(f"round {first}", expected="a round number >= 1", field="from_round")
    if player.withdrawn_from is not None and player.withdrawn_from <= first:
        raise ConflictError(
            f"{player.name} is already withdrawn from round {player.withdrawn_from}",
            expected="withdraw a player still in the tournament",
        )
    if from_round is None:
        _a_round_left(t, player, first)
    _first_game_of_a_round(t, first)
    _not_past_the_end(t, first)
    for rnd in t.rounds[first - 1 :]:
        if (
            rnd.game_of(player.number) is not None
            or rnd.byes.get(player.number) is ByeKind.PAIRING_ALLOCATED
        ):
            raise PlayerPairedError(
                f"{player.name} is paired in round {rnd.number}",
                expected=(
                    "withdraw him from a round after the last paired one, or enter a forfeit "
                    f"loss as his result in round {rnd.number}"
                ),
                player=player.number,
                round_number=rnd.number,
            )
    rounds = tuple(
        dataclasses.replace(r, byes={k: v for k, v in r.byes.items() if k != player.number})
        if r.number >= first and player.number in r.byes
        else r
        for r in t.rounds
    )
    return _replace_player(t, dataclasses.replace(player, withdrawn_from=first)).replace(
        rounds=trim_empty_rounds(list(rounds))
    )


def withdrawal_drops_byes(t: Tournament, player: Player, from_round: int) -> list[int]:
    """The rounds whose requested byes :func:`withdraw` would delete."""
    return [r.number for r in t.rounds if r.number >= from_round and player.number in r.byes]


def cancel_withdrawal(t: Tournament, player: Player) -> Tournament:
    """Bring a withdrawn player back, as long as no round was paired without him (the
    model keeps one withdrawal round per player, so a return after missed rounds
    cannot be recorded)."""
    if player.withdrawn_from is None:
        raise ConflictError(f"{player.name} is not withdrawn", expected="nothing to cancel")
    if player.withdrawn_from <= t.rounds_played:
        raise ConflictError(
            f"{player.name} missed round(s) {player.withdrawn_from}-{t.rounds_played}, "
            "which are already paired",
            expected="only a withdrawal from a round not yet paired can be cancelled (a return "
            "after missed rounds cannot be recorded)",
        )
    return _replace_player(t, dataclasses.replace(player, withdrawn_from=None))


def edit_player(t: Tournament, player: Player, changes: Mapping[str, str]) -> Tournament:
    """Correct a player's details: ``name``, ``rating``, ``title``, ``federation``,
    ``fide_id``, ``sex``, ``birth``, ``club`` (text as in a CSV player list, validated
    the same way). Pairing numbers never change: once rounds are paired they identify
    the player in every round."""
    from fairpair.formats.csv import chess_player

    unknown = sorted(set(changes) - {*_EDITABLE})
    if unknown:
        raise InputError(
            f"field {unknown[0]!r}",
            expected="one of " + ", ".join(_EDITABLE),
            field=unknown[0],
        )
    cells = {
        "name": player.name,
        "rating": str(player.rating) if player.rating else "",
        "title": player.title,
        "federation": player.federation,
        "fide_id": player.fide_id,
        "sex": player.sex,
        "birth": player.birth_date,
        "club": player.club,
        **changes,
    }
    checked = chess_player(cells)
    if checked.name != player.name:
        _check_name(t, checked.name, allow_duplicate=False, exclude=player.number)
    new = dataclasses.replace(
        player,
        name=checked.name,
        rating=checked.rating,
        title=checked.title,
        federation=checked.federation,
        fide_id=checked.fide_id,
        sex=checked.sex,
        birth_date=checked.birth_date,
        club=checked.club,
    )
    t = _replace_player(t, new)
    changed_order = (checked.rating, checked.title, checked.name) != (
        player.rating,
        player.title,
        player.name,
    )
    if changed_order and _can_renumber(t):
        t, _ = _renumbered(t)  # before round 1 the initial order follows the correction
    return t


_EDITABLE = ("name", "rating", "title", "federation", "fide_id", "sex", "birth", "club")
