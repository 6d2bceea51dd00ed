"""The Burstein index (FIDE Handbook C.04.4.2, text until 30 June 2025, A.6-A.7; the
earlier text's 3.2): within a score bracket players are ordered by Sonneborn-Berger,
then Buchholz, then median Buchholz, then pairing number, computed on opponents'
scores adjusted so that an unplayed game counts as a draw, with a virtual opponent
for the player's own unplayed rounds.

Also the default acceleration bbpPairings reads in the Burstein text (the upper half
gets one virtual win in rounds 1 and 2; cf. the seeding rounds of A.5), applied when
the file names no acceleration of its own.

Readings of the text are those of bbpPairings v4.1-v5.0.1; see ``docs/burstein.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.model import ByeKind, PlayerState, RoundRecord, Tournament

__all__ = ["IndexScores", "default_acceleration", "index_scores", "ranks_below"]

_ZERO = Fraction(0)


@dataclass(frozen=True)
class IndexScores:
    """What the index order reads of one player: the pairing score (points plus
    acceleration), Sonneborn-Berger, Buchholz and median Buchholz (tie-break values,
    not yet multiplied by the score) and the effective pairing number (0-based)."""

    number: int
    score: Fraction
    sonneborn_berger: Fraction
    buchholz: Fraction
    median: Fraction
    rank: int


def ranks_below(a: IndexScores, b: IndexScores) -> bool:
    """Does ``a`` come after ``b`` in the index order?

    Same score: Sonneborn-Berger, Buchholz, median Buchholz, then the smaller pairing
    number first. Different scores (a floater compared with a bracket's residents):
    Sonneborn-Berger, then Buchholz and median each multiplied by the player's own
    score (the Buchholz "score" of bbpPairings' checklist).
    """
    if a.score == b.score:
        return (a.sonneborn_berger, a.buchholz, a.median, -a.rank) < (
            b.sonneborn_berger,
            b.buchholz,
            b.median,
            -b.rank,
        )
    return (a.sonneborn_berger, a.buchholz * a.score, a.median * a.score, -a.rank) < (
        b.sonneborn_berger,
        b.buchholz * b.score,
        b.median * b.score,
        -b.rank,
    )


def _outcome(record: RoundRecord) -> int:
    """+1, 0 or -1: the player's result in the round, byes included (PAB and full-point
    bye a win, half-point bye a draw, zero-point bye and absence a loss)."""
    if record.result is not None:
        return record.result.outcome
    if record.bye in (ByeKind.PAIRING_ALLOCATED, ByeKind.FULL_POINT):
        return 1
    if record.bye is ByeKind.HALF_POINT:
        return 0
    return -1


def _virtual_opponent(tournament: Tournament, record: RoundRecord) -> Fraction:
    """The result of the virtual opponent of an unplayed round (C.02 13.15.2): the
    opposite of the player's own result; for a pairing-allocated bye worth less than
    a win, the result matching its value."""
    points = tournament.points
    outcome = _outcome(record)
    if outcome < 0:
        return points.win
    if outcome == 0:
        return points.white_draw
    pab = points.pairing_allocated_bye
    if record.bye is ByeKind.PAIRING_ALLOCATED and pab < points.win:
        return points.win if pab < points.white_draw else points.white_draw
    return points.forfeit_loss


def _adjusted_score(tournament: Tournament, state: PlayerState, round_number: int) -> Fraction:
    """Points with every unplayed round counted as a draw, plus acceleration."""
    draw = tournament.points.white_draw
    total = tournament.acceleration_for(state.number, round_number)
    for record in state.records[: round_number - 1]:
        total += record.points if record.played else draw
    return total


def index_scores(
    tournament: Tournament,
    round_number: int,
    ranks: Mapping[int, int],
    scores: Mapping[int, Fraction],
) -> dict[int, IndexScores]:
    """The index values of the players in ``ranks`` (pairing number -> effective
    pairing number) when pairing ``round_number``; ``scores`` are the pairing scores."""
    state = tournament.state(after_round=round_number - 1)
    draw = tournament.points.white_draw
    adjusted = {n: _adjusted_score(tournament, state[n], round_number) for n in ranks}
    played = round_number - 1
    result: dict[int, IndexScores] = {}
    for number, rank in ranks.items():
        records = state[number].records[:played]
        virtual = (played - 1) * draw + tournament.acceleration_for(number, round_number)
        sb = _ZERO
        values: list[Fraction] = []
        for record in records:
            if record.played and record.opponent is not None:
                opponent = adjusted.get(record.opponent)
                if opponent is None:
                    opponent = _adjusted_score(tournament, state[record.opponent], round_number)
                    adjusted[record.opponent] = opponent
                sb += opponent * record.points
                values.append(opponent)
            else:
                value = virtual + _virtual_opponent(tournament, record)
                sb += record.points * value
                values.append(value)
            virtual += record.points - draw
        buchholz = sum(values, _ZERO)
        median = buchholz - min(values) - max(values) if played > 2 else _ZERO
        result[number] = IndexScores(number, scores[number], sb, buchholz, median, rank)
    return result


def default_acceleration(
    tournament: Tournament, ranked: Sequence[int]
) -> dict[int, tuple[Fraction, ...]]:
    """The default acceleration: one virtual win in rounds 1 and 2 for the upper half.

    ``ranked``: the pairing numbers in initial order. The players counted are those
    who take part in the pairing of round 1; the first half of them (rounded down),
    with every player ranked among them, get the points of a win in rounds 1 and 2.
    """
    first = tournament.round(1)
    present = set(tournament.present_players(1))
    counted: list[bool] = []
    for number in ranked:
        if first.paired:
            # round 1 is over: those who had a game (forfeits included) or the PAB
            bye = first.byes.get(number)
            counted.append(first.game_of(number) is not None or bye is ByeKind.PAIRING_ALLOCATED)
        else:
            counted.append(number in present)
    bound = sum(counted)
    win = tournament.points.win
    result: dict[int, tuple[Fraction, ...]] = {}
    if bound <= 1:
        return result
    for number, count in zip(ranked, counted, strict=True):
        result[number] = (win, win)
        if count:
            bound -= 2
            if bound <= 1:
                break
    return result
