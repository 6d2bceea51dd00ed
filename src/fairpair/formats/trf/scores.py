"""Scores and the points column (001 columns 81-84, JSON ``reported_points``).

The reader warns where the column disagrees with the results; the writer keeps the
reported value as long as it agrees. Both use :func:`computed_scores`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from fairpair.formats.trf.records import _fit_points, format_trf_points
from fairpair.model import ByeKind, Colour, ResultCode, Tournament


def computed_scores(t: Tournament, after_round: int | None = None) -> dict[int, Fraction]:
    """Points of every player after ``after_round`` rounds (default: the paired rounds).

    The same sums as ``Tournament.state`` computes, done in integers (scaled by the
    common denominator of the point system) because it runs on every read and write.
    """
    if after_round is None:
        after_round = t.rounds_played
    cache: dict[int, dict[int, Fraction]] = t.__dict__.setdefault("_computed_scores", {})
    if after_round not in cache:  # the reader and the writer ask twice for each file
        cache[after_round] = _computed_scores(t, after_round)
    return dict(cache[after_round])


def _computed_scores(t: Tournament, after_round: int) -> dict[int, Fraction]:
    scale, ints, bye_ints = _scaled_points(t)
    # result -> units for white and for black, of coloured and of uncoloured games; a
    # pending game is worth 0
    coloured_units: tuple[dict[ResultCode | None, int], dict[ResultCode | None, int]] = (
        {None: 0},
        {None: 0},
    )
    uncoloured_units: tuple[dict[ResultCode | None, int], dict[ResultCode | None, int]] = (
        {None: 0},
        {None: 0},
    )
    for code in ResultCode:
        coloured_units[0][code] = ints[(code, Colour.WHITE)]
        coloured_units[1][code] = ints[(code, Colour.BLACK)]
        uncoloured_units[0][code] = uncoloured_units[1][code] = ints[(code, None)]
    totals = dict.fromkeys((p.number for p in t.players), 0)
    for rnd in t.rounds[:after_round]:
        seen: set[int] = set()
        note = seen.add if rnd.byes else None  # who played matters only for the byes
        for game in rnd.games:
            white, black = game.white, game.black
            units_white, units_black = coloured_units if game.coloured else uncoloured_units
            if white in totals:
                totals[white] += units_white[game.white_result]
            if black in totals:
                totals[black] += units_black[game.black_result]
            if note is not None:
                note(white)
                note(black)
        for number, kind in rnd.byes.items():
            if number in totals and number not in seen:
                totals[number] += bye_ints[kind]
    fractions: dict[int, Fraction] = {}
    result = {}
    for number, total in totals.items():
        value = fractions.get(total)
        if value is None:
            value = fractions[total] = Fraction(total, scale)
        result[number] = value
    return result


def _scaled_points(
    t: Tournament,
) -> tuple[int, dict[tuple[ResultCode, Colour | None], int], dict[ByeKind, int]]:
    """The common denominator of the point system, and every game result and bye
    multiplied by it (whole numbers)."""
    ps = t.points
    values = {
        (code, colour): ps.game_points(code, colour)
        for code in ResultCode
        for colour in (Colour.WHITE, Colour.BLACK, None)
    }
    bye_values = {kind: ps.bye_points(kind) for kind in ByeKind}
    scale = 1
    for value in [*values.values(), *bye_values.values()]:
        scale = math.lcm(scale, value.denominator)
    ints = {key: int(v * scale) for key, v in values.items()}
    bye_ints = {key: int(v * scale) for key, v in bye_values.items()}
    return scale, ints, bye_ints


def _agrees(reported: Fraction, score: Fraction, allowances: Sequence[Fraction] = ()) -> bool:
    """Is a points column value acceptable for ``score``? Exact, or ``score`` plus one
    of the ``allowances`` (see :func:`_allowances`), or the rounding of a score the
    column cannot hold exactly."""
    return (
        reported == score
        or any(reported == score + extra for extra in allowances)
        or (
            (
                score.denominator not in (1, 2, 4, 5, 10, 20, 25, 50)
                or len(format_trf_points(score)) > 4  # 100.5: too wide, written "100"
            )
            and reported == _column_value(score)
        )
    )


def _allowances(t: Tournament, number: int) -> tuple[Fraction, ...]:
    """What programs add to the points column on top of the score after the paired
    rounds: the acceleration of the round to be paired (bbpPairings accepts it), and
    the points of a pre-set bye of that round (JaVaFo's manual asks for them)."""
    nxt = t.rounds_played + 1
    kind = t.rounds[nxt - 1].byes.get(number) if nxt <= len(t.rounds) else None
    if kind is None and not t.acceleration:
        return ()  # nothing added (the common case: no need for Fraction arithmetic)
    acceleration = t.acceleration_for(number, nxt) if t.acceleration else Fraction(0)
    bye = t.points.bye_points(kind) if kind is not None else Fraction(0)
    return tuple(x for x in {acceleration, bye, acceleration + bye} if x != 0)


def points_column_agrees(
    t: Tournament, number: int, reported: Fraction, score: Fraction | None = None
) -> bool:
    """Does a points column value (TRF 81-84, JSON ``reported_points``) agree with the
    results? ``score`` defaults to the computed score after the paired rounds."""
    if score is None:
        score = computed_scores(t)[number]
    return _agrees(reported, score, _allowances(t, number))


def _column_value(value: Fraction) -> Fraction:
    """What a 4-column points field says for ``value`` (rounded if not exact)."""
    return Fraction(_fit_points(value, 4))
