"""Scores and the points column (001 columns 81-84, JSON ``reported_points``).

The reader warns where the column disagrees with the results; the writer keeps the
reported value as long as it agrees. Both use :func:`computed_scores`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from fairpair.formats.trf.records import _fit_points, format_trf_points
from fairpair.model import Tournament


def computed_scores(t: Tournament, after_round: int | None = None) -> dict[int, Fraction]:
    """Points of every player after ``after_round`` rounds (default: the paired rounds):
    :meth:`Tournament.scores` (the sums of ``Tournament.state`` without its records,
    cached: the reader and the writer ask twice for each file)."""
    return dict(t.scores(t.rounds_played if after_round is None else after_round))


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
