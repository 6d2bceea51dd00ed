"""Rounds: pairing the next one, the pending-results guard, unpairing, requested byes.

The guard is the workflow's central rule: a round is paired only when every game of
every earlier round has a result. A pending game counts as "not played" for the
pairing systems (like a forfeit), so pairing past it would pair the same players again.

>>> from fairpair.model import Player, Tournament, Round, Game
>>> t = Tournament(players=(Player(1, "Ann"), Player(2, "Bob")), total_rounds=3, system="dutch")
>>> t = t.with_round(Round(1, (Game(1, 2),)))
>>> [(r, b) for r, b, _ in pending_games(t)]
[(1, 1)]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from fairpair.errors import (
    AllRoundsPairedError,
    ConflictError,
    InputError,
    NoSystemError,
    PendingResultsError,
    PlayerPairedError,
    RoundHasResultsError,
)
from fairpair.model import ByeKind, Game, Pairing, Player, Round, Tournament
from fairpair.naming import game_place, pairing_round, round_name, rounds_named, total_name
from fairpair.systems import SYSTEMS, PairingSystem, get_system, system_named_by

__all__ = [
    "BYE_KINDS",
    "PairedRound",
    "SystemChoice",
    "choose_system",
    "columns_of_pairing",
    "describe_game",
    "ensure_results_complete",
    "last_pairing_columns",
    "next_round_to_pair",
    "pair_next",
    "pair_round",
    "pending_games",
    "request_bye",
    "round_label",
    "stored_options",
    "system_name_for",
    "total_label",
    "tournament_name",
    "trim_empty_rounds",
    "unpair",
    "without_rounds_from",
]

#: Bye points (in units of a win) -> the kind of bye recorded.
BYE_KINDS: Mapping[Fraction, ByeKind] = {
    Fraction(0): ByeKind.ZERO_POINT,
    Fraction(1, 2): ByeKind.HALF_POINT,
    Fraction(1): ByeKind.FULL_POINT,
}

#: How many pending boards a refusal lists by name before summing up the rest.
_LISTED = 50


def system_name_for(t: Tournament, name: str | None = None) -> str:
    """The system to pair ``t`` with: ``name`` if given, else the file's system, else the
    one its TRF-2026 record 192 names."""
    chosen = name or t.system or system_named_by(t)
    if chosen is None:
        raise NoSystemError(
            "no pairing system given and the tournament names none",
            expected="a pairing system (one of: " + ", ".join(SYSTEMS) + ")",
            field="system",
        )
    return chosen


def stored_options(t: Tournament) -> dict[str, Any]:
    """System options recorded in the tournament (``settings.options``) by ``new``."""
    options = t.settings.get("options", {})
    return dict(options) if isinstance(options, Mapping) else {}


def next_round_to_pair(t: Tournament) -> int:
    """The next round, refusing to go past the announced number of rounds."""
    rnd = t.next_round()
    total = t.total_rounds
    if total is not None and rnd > total:
        raise AllRoundsPairedError(
            (
                "the only round of the tournament is paired"
                if total_label(t) == "1 round"
                else f"all {total_label(t)} of the tournament are paired"
            ),
            expected="raise the number of rounds to pair another one",
        )
    return rnd


def describe_game(t: Tournament, game: Game) -> str:
    """``Ann Smith (1) - Bob Jones (5)``."""

    def who(n: int) -> str:
        player = t.player_map.get(n)
        return f"{player.name} ({n})" if player is not None and player.name else str(n)

    return f"{who(game.white)} - {who(game.black)}"


def pending_games(t: Tournament, before_round: int | None = None) -> list[tuple[int, int, Game]]:
    """(round, board, game) of every game without a result in the rounds before
    ``before_round`` (default: all rounds)."""
    last = len(t.rounds) if before_round is None else before_round - 1
    return [
        (rnd.number, board, game)
        for rnd in t.rounds[: max(last, 0)]
        for board, game in enumerate(rnd.games, 1)
        if not game.has_result
    ]


def ensure_results_complete(t: Tournament, round_number: int) -> None:
    """Raise :class:`PendingResultsError`, listing the boards, if a round before
    ``round_number`` has a game without a result."""
    pending = pending_games(t, round_number)
    if not pending:
        return
    listed = [
        f"{game_place(t, r)} board {b}: {describe_game(t, g)}" for r, b, g in pending[:_LISTED]
    ]
    if len(pending) > _LISTED:
        listed.append(f"and {len(pending) - _LISTED} more")
    where = rounds_named(t, (r for r, _, _ in pending))
    last = t.total_rounds is not None and round_number > t.total_rounds
    head = (
        "the results are incomplete"
        if last
        else f"round {pairing_round(t, round_number)} cannot be paired"
    )
    games = "1 game" if len(pending) == 1 else f"{len(pending)} games"
    raise PendingResultsError(
        f"{head}: {games} of {where} {'has' if len(pending) == 1 else 'have'} no result",
        expected="enter the results first (or unpair the last round)",
        games=listed,
    )


def columns_of_pairing(t: Tournament, column: int) -> list[int]:
    """The round columns one pairing fills: ``[column]``, or two for double rounds."""
    if not t.double_rounds:
        return [column]
    first = column if column % 2 == 1 else column - 1
    return [first, first + 1]


#: How a person names a round column and the number of rounds (``fairpair.naming``).
round_label = round_name
total_label = total_name


def tournament_name(t: Tournament) -> str:
    """The name from the header (TRF 012), or "Tournament"."""
    return dict(t.headers).get("012", "").strip() or "Tournament"


def last_pairing_columns(t: Tournament) -> list[int]:
    """Columns of the last paired round (empty if nothing is paired)."""
    played = t.rounds_played
    return columns_of_pairing(t, played) if played else []


@dataclass(frozen=True)
class SystemChoice:
    """The pairing system of one request, resolved and made once: its name, the options
    it was made with (the tournament's stored ones overridden by those given) and the
    system itself."""

    name: str
    options: Mapping[str, Any]
    system: PairingSystem


def choose_system(
    t: Tournament, system: str | None = None, options: Mapping[str, Any] | None = None
) -> SystemChoice:
    """The system to pair (or check) ``t`` with: ``system``, else the file's (see
    :func:`system_name_for`), made with the options stored in the tournament
    (``settings.options``, written by ``new``) overridden by ``options``."""
    name = system_name_for(t, system)
    merged = {**stored_options(t), **(options or {})}
    return SystemChoice(name, merged, get_system(name, **merged))


@dataclass(frozen=True)
class PairedRound:
    """What :func:`pair_round` did: the tournament with the round recorded as pending
    games, the pairing, the system that made it, and the tournament it was paired from
    (the rounds before it, with the byes entered for it)."""

    tournament: Tournament
    pairing: Pairing
    system: str
    source: Tournament


def pair_round(
    t: Tournament,
    round_number: int | None = None,
    *,
    system: str | SystemChoice | None = None,
    options: Mapping[str, Any] | None = None,
    require_results: bool = True,
    refuse_empty: bool = False,
) -> PairedRound:
    """Pair a round: the one entry point of the command line, the web app and batches.

    ``system`` is a system name (default: the tournament's), or a :class:`SystemChoice`
    already made by :func:`choose_system` (then ``options`` must be None); the system is
    made once, with the stored options overridden by ``options``. ``round_number``
    defaults to the next round (refused past the announced number of rounds); an
    earlier round is paired again from the rounds before it (byes entered for it kept).
    With ``require_results`` a round is refused while an earlier one has games without
    a result (:class:`PendingResultsError`); with ``refuse_empty`` a round in which
    nobody is paired (every player has a bye, is absent or withdrawn).
    """
    if isinstance(system, SystemChoice):
        if options:
            raise ValueError("options given with a system already made")
        choice = system
    else:
        choice = choose_system(t, system, options)
    if round_number is None:
        if require_results:
            ensure_results_complete(t, t.next_round())
        rnd = next_round_to_pair(t)
    else:
        rnd = round_number
        if rnd < 1:
            raise InputError(f"round {rnd}", expected="a round number >= 1", field="round")
        if rnd > t.next_round():
            raise InputError(
                f"round {rnd}: round {t.next_round()} is not paired yet",
                expected=f"round {t.next_round()} or an earlier one",
                field="round",
            )
        if rnd <= t.rounds_played:
            t = without_rounds_from(t, rnd)
        if require_results:
            ensure_results_complete(t, rnd)
    pairing = choice.system.pair(t, rnd)
    if refuse_empty and not pairing.boards and pairing.bye is None:
        raise ConflictError(
            f"nobody to pair in round {rnd}: every player has a bye, is absent or withdrawn",
            expected="remove a requested bye so that at least two players can be paired",
        )
    return PairedRound(t.with_pairing(pairing), pairing, choice.name, t)


def without_rounds_from(t: Tournament, round_number: int) -> Tournament:
    """``t`` as it was before ``round_number`` was paired (the byes entered for it kept)."""
    rounds = list(t.rounds[: round_number - 1])
    if round_number <= len(t.rounds):
        current = t.rounds[round_number - 1]
        byes = {n: k for n, k in current.byes.items() if k is not ByeKind.PAIRING_ALLOCATED}
        rounds.append(Round(number=round_number, byes=byes))
    return t.replace(rounds=tuple(rounds))


def pair_next(
    t: Tournament,
    *,
    system: str | SystemChoice | None = None,
    options: Mapping[str, Any] | None = None,
) -> tuple[Tournament, Pairing]:
    """Pair the next round and record it as pending games (see :func:`pair_round`).

    Options stored in the tournament (``settings.options``) apply, overridden by
    ``options``. Refuses while an earlier round has games without a result, and a
    round in which nobody is paired.
    """
    paired = pair_round(t, system=system, options=options, refuse_empty=True)
    return paired.tournament, paired.pairing


def trim_empty_rounds(rounds: list[Round]) -> tuple[Round, ...]:
    """Drop trailing rounds that hold nothing."""
    while rounds and not rounds[-1].games and not rounds[-1].byes:
        rounds.pop()
    return tuple(rounds)


def unpair(t: Tournament, *, force: bool = False) -> tuple[Tournament, list[int]]:
    """Delete the pairing of the last paired round (both columns of a double round).

    Requested byes and absences entered for it are kept. Refused if a game has a result,
    unless ``force``. Returns the tournament and the columns cleared.
    """
    columns = last_pairing_columns(t)
    if not columns:
        raise ConflictError("no round is paired", expected="pair a round first")
    with_results = [
        (c, b, g) for c in columns for b, g in enumerate(t.round(c).games, 1) if g.has_result
    ]
    if with_results and not force:
        listed = ", ".join(f"round {c} board {b}" for c, b, _ in with_results[:_LISTED])
        raise RoundHasResultsError(
            f"round {columns[0]} has {len(with_results)} result(s) ({listed})",
            expected="clear the results first, or unpair with force to delete them too",
        )
    rounds = list(t.rounds)
    for c in columns:
        if c <= len(rounds):
            old = rounds[c - 1]
            byes = {n: k for n, k in old.byes.items() if k is not ByeKind.PAIRING_ALLOCATED}
            rounds[c - 1] = Round(number=c, games=(), byes=byes)
    return t.replace(rounds=trim_empty_rounds(rounds)), columns


def request_bye(
    t: Tournament,
    player: Player,
    round_number: int,
    points: Fraction | None,
    *,
    default_points: Fraction,
    remove: bool = False,
) -> tuple[Tournament, ByeKind | None]:
    """Record a requested bye (or a known absence) of ``player`` in ``round_number``.

    ``points`` in units of a win: 0 (absence / zero-point bye), 1/2 (half-point bye) or 1
    (full-point bye); ``None`` takes ``default_points``. Refused if he is already paired in
    that round or not registered for it (a late entry may get a bye for a round he
    missed before entering). ``remove`` cancels a requested bye.
    """
    if round_number < 1:
        raise InputError(f"round {round_number}", expected="a round number >= 1", field="round")
    if t.total_rounds is not None and round_number > t.total_rounds:
        raise InputError(
            f"round {round_number} is past the last round",
            expected=f"a round from 1 to {t.total_rounds} (the number of rounds)",
            field="round",
        )
    columns = columns_of_pairing(t, round_number)
    for c in columns:
        rnd = t.round(c)
        if rnd.game_of(player.number) is not None:
            raise PlayerPairedError(
                f"{player.name} has a game in round {c}",
                expected="choose a round he is not paired in (or enter a forfeit as his result)",
                player=player.number,
                round_number=c,
            )
        if rnd.byes.get(player.number) is ByeKind.PAIRING_ALLOCATED:
            raise ConflictError(
                f"{player.name} has the pairing-allocated bye in round {c}",
                expected="choose a round he is not paired in (or unpair the round first)",
            )
    if remove:
        if all(player.number not in t.round(c).byes for c in columns):
            raise ConflictError(
                f"{player.name} has no bye in round {round_number}",
                expected="choose a round with a requested bye to remove",
            )
        kind = None
    else:
        missed_before_entry = player.entered_at is not None and columns[0] < player.entered_at
        if not player.available_in(columns[0]) and not missed_before_entry:
            raise ConflictError(
                f"{player.name} is not registered for round {round_number} "
                "(withdrawn or not yet entered)",
                expected="choose a round he takes part in",
            )
        value = default_points if points is None else points
        if value not in BYE_KINDS:
            raise InputError(
                f"a bye of {value} points", expected="0, 0.5 or 1 point", field="points"
            )
        kind = BYE_KINDS[value]
    for c in columns:
        rnd = t.round(c)
        byes = dict(rnd.byes)
        if kind is None:
            byes.pop(player.number, None)
        else:
            byes[player.number] = kind
        t = t.with_round(dataclasses.replace(rnd, byes=byes))
    return t.replace(rounds=trim_empty_rounds(list(t.rounds))), kind
