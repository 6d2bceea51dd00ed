"""Manual pairing control: forbidden and forced pairs, and the Go-specific late entry.

FIDE Dutch, TCEC and Netrunner read the tournament's forbidden pairs (TRF ``XXP``);
McMahon keeps its own, optionally per round, with forced pairs too
(``settings.mcmahon``, the AGA "Manual pairing" rules).
"""

from __future__ import annotations

from fairpair import limits
from fairpair.errors import ConflictError, InputError
from fairpair.model import Player, Tournament
from fairpair.systems import descriptor_of, descriptors
from fairpair.workflow.players import add_player

__all__ = ["add_go_player", "forbid_pair", "force_pair", "rounds_met"]


def rounds_met(t: Tournament, a: Player, b: Player) -> list[int]:
    """The rounds in which ``a`` had a game against ``b`` (pending, played or forfeited),
    in order: the rounds of ``a``'s records against ``b`` in :meth:`Tournament.state`,
    found without making the records of every player."""
    pair = {(a.number, b.number), (b.number, a.number)}
    return [
        rnd.number for rnd in t.rounds for game in rnd.games if (game.white, game.black) in pair
    ]


def _distinct(a: Player, b: Player) -> None:
    if a.number == b.number:
        raise InputError(
            f"{a.name} against himself", expected="two different players", field="player"
        )


def forbid_pair(
    t: Tournament, a: Player, b: Player, *, round_number: int | None = None, remove: bool = False
) -> Tournament:
    """Forbid (or with ``remove`` allow again) the pairing ``a``-``b``. ``round_number``
    limits it to one round (McMahon only)."""
    _distinct(a, b)
    _unpaired_round(t, round_number)
    if descriptor_of(t.system).forbid_per_round:
        return _edit_mcmahon_pairs(t, "forbidden_pairs", a, b, round_number, remove)
    if round_number is not None:
        raise InputError(
            f"a round ({round_number}) for a forbidden pair of {t.system or 'this system'}",
            expected="no round (the pair is forbidden for the whole tournament)",
            field="round",
        )
    pair = frozenset((a.number, b.number))
    if remove:
        if pair not in t.forbidden_pairs:
            raise ConflictError(
                f"{a.name} - {b.name} is not forbidden", expected="nothing to remove"
            )
        return t.replace(forbidden_pairs=t.forbidden_pairs - {pair})
    return t.replace(forbidden_pairs=t.forbidden_pairs | {pair})


def force_pair(
    t: Tournament, a: Player, b: Player, *, round_number: int | None = None, remove: bool = False
) -> Tournament:
    """Force the pairing ``a``-``b`` (McMahon: AGA "Manual pairing") in ``round_number``
    (default: the next round to pair; a forced pair holds for one round, else the two
    would meet again every round)."""
    _distinct(a, b)
    if round_number is None and not remove:
        round_number = t.next_round()
    _unpaired_round(t, round_number)
    if not descriptor_of(t.system).force_pairs:
        raise ConflictError(
            f"forced pairs in a {t.system or 'dutch'} tournament",
            expected="only a tournament of "
            + ", ".join(f"{d.name} ({d.summary})" for d in descriptors() if d.force_pairs)
            + " takes them (the other systems pair by their rules alone)",
        )
    return _edit_mcmahon_pairs(t, "forced_pairs", a, b, round_number, remove)


def _unpaired_round(t: Tournament, round_number: int | None) -> None:
    if round_number is None:
        return
    if round_number < 1 or (t.total_rounds is not None and round_number > t.total_rounds):
        raise InputError(
            f"round {round_number}", expected="a round of the tournament", field="round"
        )
    if t.round(round_number).paired:
        raise ConflictError(
            f"round {round_number} is already paired",
            expected=f"choose a round not yet paired (round {t.next_round()} or later)",
        )


def _edit_mcmahon_pairs(
    t: Tournament, key: str, a: Player, b: Player, round_number: int | None, remove: bool
) -> Tournament:
    from fairpair.systems.mcmahon.bands import McMahonSettings

    settings = McMahonSettings.from_tournament(t)
    items = list(getattr(settings, key))
    same = [
        x
        for x in items
        if (x[0] == round_number or (remove and round_number is None))
        and {x[1], x[2]} == {a.number, b.number}
    ]
    if remove:
        if not same:
            raise ConflictError(
                f"{a.name} - {b.name} is not in {key.replace('_', ' ')}",
                expected="nothing to remove",
            )
        items = [x for x in items if x not in same]
    elif not same:
        items.append((round_number, a.number, b.number))
    return settings.replace(**{key: tuple(items)}).apply(t)


def add_go_player(
    t: Tournament,
    name: str,
    rank: str,
    *,
    rating: str | None = None,
    attributes: dict[str, str] | None = None,
    from_round: int | None = None,
    band: int | None = None,
    allow_duplicate: bool = False,
) -> tuple[Tournament, Player]:
    """Register a Go player (rank like ``3k``/``2d``, optional AGA rating) in a McMahon
    tournament: in band ``band`` (1 = top) if given, else by rank."""
    from fairpair.systems.mcmahon.bands import McMahonSettings, move_player
    from fairpair.systems.mcmahon.ranks import parse_rank, rank_index_of_aga_rating

    try:
        parse_rank(rank)
    except ValueError:
        raise InputError(
            f"rank {rank!r}", expected="a rank like 5k, 1d or 2p", field="rank"
        ) from None
    attrs = {"rank": rank, **{k: v for k, v in (attributes or {}).items() if v}}
    if rating:
        try:
            value = float(limits.parse_number(rating, "rating"))
            if not -100 < value < 100:
                raise ValueError(rating)
            rank_index_of_aga_rating(value)
        except (InputError, ValueError):
            raise InputError(
                f"rating {rating!r}", expected="an AGA rating, |r| >= 1", field="rating"
            ) from None
        attrs["rating"] = rating
    player = Player(
        0, name, club=attrs.get("club", ""), federation=attrs.get("country", ""), attributes=attrs
    )
    t, new = add_player(t, player, from_round=from_round, allow_duplicate=allow_duplicate)
    if band is not None:
        settings = McMahonSettings.from_tournament(t)
        if not settings.bands or not 1 <= band <= len(settings.bands):
            raise InputError(
                f"band {band}", expected=f"a band from 1 to {len(settings.bands)}", field="band"
            )
        bands = tuple(move_player(list(settings.bands), new.number, band - 1))
        t = settings.replace(bands=bands).apply(t)
    return t, new
