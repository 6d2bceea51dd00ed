"""Go-specific operations of a McMahon tournament: the bye volunteer and handicap
overrides (AGA "Manual pairing" and "Handicaps").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from fairpair.errors import InputError
from fairpair.model import Player, Tournament

if TYPE_CHECKING:
    from fairpair.systems.mcmahon.bands import Band

__all__ = ["MAX_STONES", "edit_bands", "set_bye_volunteer", "set_handicap"]

#: Most handicap stones a game may have.
MAX_STONES = 9


def set_bye_volunteer(t: Tournament, player: Player | None) -> Tournament:
    """Make ``player`` the bye volunteer (None: no volunteer)."""
    from fairpair.systems.mcmahon.bands import McMahonSettings

    settings = McMahonSettings.from_tournament(t)
    number = None if player is None else player.number
    return settings.replace(bye_volunteer=number).apply(t)


def set_handicap(
    t: Tournament,
    a: Player,
    b: Player,
    stones: int,
    round_number: int,
    komi: Fraction | None = None,
) -> tuple[Tournament, int | None]:
    """Override the handicap of the game ``a``-``b`` of ``round_number`` (0 = even).

    In a handicap game the weaker player takes black: if he had white, the colours
    (and any results) of the game are reversed. Returns the tournament and the player
    who now takes black when the colours were reversed (else None).
    """
    from fairpair.systems.mcmahon.bands import McMahonSettings
    from fairpair.systems.mcmahon.pairing import round_handicaps

    if not 0 <= stones <= MAX_STONES:
        raise InputError(f"{stones} stones", expected=f"0 to {MAX_STONES}", field="stones")
    game = t.round(round_number).game_of(a.number)
    if game is None or game.opponent(a.number) != b.number:
        raise InputError(
            f"{a.number}-{b.number} is not a game of round {round_number}",
            expected="a paired game",
            field="player",
        )
    settings = McMahonSettings.from_tournament(t)
    pair = frozenset((a.number, b.number))
    items = [x for x in settings.handicap_overrides if not (x[0] == round_number and x[1] == pair)]
    items.append((round_number, pair, stones, komi))
    t = settings.replace(handicap_overrides=tuple(items)).apply(t)
    if stones == 0:
        return t, None
    weaker = round_handicaps(t, round_number).weaker(a.number, b.number)
    if game.black == weaker:
        return t, None
    rnd = t.round(round_number)
    flipped = dataclasses.replace(
        game,
        white=game.black,
        black=game.white,
        white_result=game.black_result,
        black_result=game.white_result,
    )
    games = tuple(flipped if g is game else g for g in rnd.games)
    return t.with_round(dataclasses.replace(rnd, games=games)), weaker


def edit_bands(
    t: Tournament,
    rounds: int,
    changes: Mapping[str, Any],
    *,
    keep: bool = False,
    merges: Iterable[int] = (),
    separations: Iterable[tuple[int, int]] = (),
    moves: Iterable[tuple[int, int]] = (),
) -> tuple[Tournament, tuple[Band, ...]]:
    """Build the bands and initial McMahon scores (AGA "Band construction") from the
    settings with ``changes`` (d, zero, bottom_offset, bar, above_bar, ...), or with
    ``keep`` edit the stored ones; then merge bands (N with the one below), set
    separations (band N, S) and move players (player, band N), bands counted from 1."""
    from fairpair.systems.mcmahon.bands import (
        McMahonSettings,
        assign_scores,
        merge_bands,
        move_player,
        set_separation,
    )
    from fairpair.systems.mcmahon.ranks import parse_rank

    if rounds < 1:
        raise InputError(f"{rounds} rounds", expected="at least 1 round", field="rounds")
    bar = changes.get("bar")
    if bar is not None:
        try:
            parse_rank(str(bar))
        except ValueError:
            raise InputError(f"bar {bar!r}", expected="a rank like 5d or 2k", field="bar") from None
    settings = McMahonSettings.from_tournament(t).replace(**dict(changes))
    bands = list(
        settings.bands if keep and settings.bands else settings.automatic_bands(t.players, rounds)
    )
    try:
        for index in sorted(merges, reverse=True):
            bands = merge_bands(bands, index - 1, rounds, settings.d)
        for index, value in separations:
            bands = set_separation(bands, index - 1, value)
        for player, index in moves:
            if player not in t.player_map:
                raise ValueError(f"no player {player}")
            bands = move_player(bands, player, index - 1)
    except ValueError as exc:
        raise InputError(str(exc), expected="existing bands and players", field="bands") from None
    final = tuple(
        assign_scores([b for b in bands if b.players], settings.zero, settings.bottom_offset)
    )
    return settings.replace(bands=final).apply(t.replace(total_rounds=rounds)), final
