"""Tie-breaks of the FIDE Tie-Break Regulations (C.07, 2023 edition), individual Swiss.

Every tie-break is an object with a short ``code`` (``"BH-C1"``), a human ``name`` and
``values(tournament, after_round) -> {pairing number: Fraction}``. Higher is better
unless the object has ``descending = False`` (direct encounter returns a place, lower is
better). Pairing systems define their own criteria with the same protocol.

Articles implemented (numbers as in the 2023 text):

* Art. 6, Direct Encounter (DE) -- :class:`DirectEncounter`.
* Art. 7, tie-breaks from the player's own results: WIN, number of wins (rounds in
  which the player got, with or without playing, as many points as for a win: forfeit
  wins, PAB and full-point byes count); WON, games won over the board; BPG, games
  played with black (over the board); BWG, games won with black; GE, rounds the player
  elected to play (the rounds minus the voluntary unplayed rounds); PS, progressive
  score (the sum of the running scores).
* Art. 8 BH, Buchholz; FB, Fore Buchholz (the games of the ranking round counted as
  draws); AOB, average of the opponents' Buchholz. Art. 9.1 SB, Sonneborn-Berger.
  Art. 10.1 ARO, average rating of opponents.
* Art. 14, modifiers: Cut-n (``-C1``, ``-C2``) drops the n least significant values
  (14.1: the contribution of the opponent with the lowest score), Median-n (``-M1``,
  ``-M2``) drops the n least and the n most significant ones.
* Art. 16, unplayed rounds (individual tournaments), see below.

Unplayed rounds (Art. 16) -- what this module does:

* A round is *unplayed* unless a game was played over the board in it: byes (PAB,
  half-point, full-point, zero-point), forfeits, absences and rounds without any entry
  (before a late entry, after a withdrawal).
* Voluntary unplayed rounds (VUR, Art. 16.2) are the unplayed rounds the player caused:
  half-point and zero-point byes, absences and rounds without any entry, and forfeit
  losses (a double forfeit is a forfeit loss for both). The pairing-allocated bye, a
  full-point bye and a forfeit win are *not* VURs.
* The score of a player *as an opponent* (what enters the opponents' BH and SB,
  Art. 16.3): every round counts with the points actually obtained, except the rounds
  without an opponent that come after the player's last round that is not a VUR (i.e.
  a withdrawal, or byes/absences to the end): those count as a draw. A trailing forfeit
  loss keeps its points (the player was paired).
* For the player's *own* BH and SB (Art. 16.4), each unplayed round (of any kind) is a
  game against a dummy opponent whose score is the player's own score at the end of the
  ranking round; for SB it contributes that score times the points obtained in the
  round.
* Cut exception (Art. 16.5): when a least significant value is cut, the lowest
  contribution coming from a VUR is cut instead whenever it is not lower than the
  ordinary least significant value (the contribution of the opponent with the lowest
  score, the lowest contribution among equal scores). For Buchholz this simply means
  that VURs are cut first. Median cuts of the most significant values have no
  exception. A cut never removes more values than there are.

Choices where the text leaves room (documented, configurable where sensible):

* DE (Art. 6): only games played over the board count (forfeits are ignored); several
  games between the same two players count as their average. If every tied player met
  every other one, the points scored among them decide; otherwise a player is placed
  above the rest only when their points exceed what any other tied player could still
  reach by winning all their missing encounters (the top of the group is separated one
  by one). The rule is then applied again to every sub-group that is still tied, until
  nothing changes. The value is the place inside the tied group (1 = best).
* ARO (Art. 10.1): opponents of games played over the board only; unrated opponents
  (rating 0) are left out unless ``unrated_rating`` is given; the average is rounded to
  the nearest integer, halves upwards.
* PS with Cut-n drops the running scores of the first n rounds.
* A game paired but without result yet (only when ``after_round`` reaches past the
  completed rounds) counts as an unplayed round that is not voluntary, worth 0.

All arithmetic is exact (``Fraction``). Internally scores are kept as integers in units
of the point system's smallest fraction, which keeps 2000 players x 13 rounds fast.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Protocol, runtime_checkable

from fairpair.errors import InputError
from fairpair.model import ByeKind, Colour, PointSystem, ResultCode, Tournament

__all__ = [
    "DEFAULT_SWISS_TIEBREAKS",
    "FIDE_TIEBREAKS",
    "POINTS",
    "AverageOpponentsBuchholz",
    "AverageRatingOfOpponents",
    "BlackGames",
    "BlackWins",
    "Buchholz",
    "Contribution",
    "DirectEncounter",
    "ForeBuchholz",
    "GamesElected",
    "GamesWon",
    "GroupTiebreak",
    "Points",
    "ProgressiveScore",
    "SonnebornBerger",
    "Tiebreak",
    "TiebreakContext",
    "Wins",
    "completed_rounds",
    "cut_contributions",
    "default_tiebreaks",
    "parse_tiebreaks",
    "tiebreak_context",
]


# -- protocol -----------------------------------------------------------------------


@runtime_checkable
class Tiebreak(Protocol):
    """A ranking criterion. Higher values rank first unless ``descending`` is False."""

    @property
    def code(self) -> str: ...

    @property
    def name(self) -> str: ...

    def values(self, tournament: Tournament, after_round: int) -> Mapping[int, Fraction]: ...


@runtime_checkable
class GroupTiebreak(Tiebreak, Protocol):
    """A criterion that depends on which players are still tied (direct encounter).

    :func:`fairpair.standings.compute_standings` calls :meth:`group_values` with the
    groups of players still tied on all earlier criteria; :meth:`values` uses the
    groups of equal points.
    """

    def group_values(
        self, tournament: Tournament, after_round: int, groups: Sequence[Sequence[int]]
    ) -> Mapping[int, Fraction]: ...


# -- the facts of every round, for every player ---------------------------------------


@dataclass(frozen=True, slots=True)
class Slot:
    """One round of one player, as the tie-breaks see it. Points are in ``units``."""

    opponent: int | None
    points: int
    played: bool
    vur: bool
    colour: Colour | None
    outcome: int  # +1 win, 0 draw, -1 loss (unplayed rounds: from the points)
    forfeit: bool = False


def completed_rounds(tournament: Tournament) -> int:
    """Number of leading rounds that are paired and have every result in."""
    count = 0
    for rnd in tournament.rounds:
        if not rnd.paired or not all(game.has_result for game in rnd.games):
            break
        count += 1
    return count


def _unit(points: PointSystem) -> int:
    """The least common denominator of all values of the point system."""
    denominators = [
        Fraction(getattr(points, f)).denominator for f in PointSystem.__dataclass_fields__
    ]
    return math.lcm(*denominators)


_VOLUNTARY_BYES = frozenset({ByeKind.HALF_POINT, ByeKind.ZERO_POINT, ByeKind.ABSENT})


@dataclass
class TiebreakContext:
    """Everything the FIDE tie-breaks need after ``after_round`` rounds (computed once).

    ``unit`` is the denominator of the integer point units: ``score[n] / unit`` points.
    ``adjusted[n]`` is the score of ``n`` as an opponent (Art. 16.3), ``score[n]`` the
    real score (the dummy opponent's score in the player's own unplayed rounds, 16.4).
    """

    tournament: Tournament
    after_round: int
    unit: int
    draw: int
    win: int
    slots: dict[int, tuple[Slot, ...]]
    score: dict[int, int]
    adjusted: dict[int, int] = field(default_factory=dict)

    def fraction(self, value: int, power: int = 1) -> Fraction:
        return Fraction(value, self.unit**power)


def tiebreak_context(tournament: Tournament, after_round: int) -> TiebreakContext:
    """The (cached) :class:`TiebreakContext` of ``tournament`` after ``after_round``."""
    cache: dict[int, TiebreakContext] = tournament.__dict__.setdefault("_tiebreak_context", {})
    if after_round not in cache:
        cache[after_round] = _build_context(tournament, after_round)
    return cache[after_round]


def _build_context(tournament: Tournament, after_round: int) -> TiebreakContext:
    after_round = max(0, min(after_round, len(tournament.rounds)))
    points = tournament.points
    draw_points = (points.white_draw + points.black_draw) / 2
    unit = math.lcm(_unit(points), draw_points.denominator)
    draw = int(draw_points * unit)
    win = int(points.win * unit)
    state = tournament.state(after_round)
    slots: dict[int, tuple[Slot, ...]] = {}
    score: dict[int, int] = {}
    for number, player_state in state.items():
        row: list[Slot] = []
        for rec in player_state.records:
            scale, rest = divmod(unit, rec.points.denominator)
            assert rest == 0, "points outside the point system"
            units = rec.points.numerator * scale
            if rec.opponent is not None:
                code = rec.result
                if code is None:  # pending game: no result, not voluntary
                    row.append(Slot(rec.opponent, 0, False, False, rec.colour, -1))
                elif code.played:
                    row.append(Slot(rec.opponent, units, True, False, rec.colour, code.outcome))
                else:
                    forfeit_loss = code is ResultCode.FORFEIT_LOSS
                    row.append(
                        Slot(rec.opponent, units, False, forfeit_loss, None, code.outcome, True)
                    )
            elif rec.bye is not None:
                outcome = 1 if units >= win and units > 0 else (0 if units > 0 else -1)
                row.append(Slot(None, units, False, rec.bye in _VOLUNTARY_BYES, None, outcome))
            else:  # no entry at all: not paired (withdrawn, not yet entered)
                row.append(Slot(None, units, False, True, None, -1))
        slots[number] = tuple(row)
        score[number] = sum(s.points for s in row)
    context = TiebreakContext(tournament, after_round, unit, draw, win, slots, score)
    context.adjusted = {n: _score_as_opponent(row, draw) for n, row in slots.items()}
    return context


def _score_as_opponent(row: Sequence[Slot], draw: int) -> int:
    """Art. 16.3: the score that enters the opponents' tie-breaks.

    Rounds without an opponent after the last round that is not a VUR count as a draw;
    every other round counts with the points obtained.
    """
    last_not_vur = max((i for i, s in enumerate(row) if not s.vur), default=-1)
    return sum(
        draw if i > last_not_vur and s.opponent is None else s.points for i, s in enumerate(row)
    )


# -- modifiers (Art. 14) and the cut exception (Art. 16.5) ---------------------------


@dataclass(frozen=True, slots=True)
class Contribution:
    """One round's contribution to a Buchholz-like sum."""

    opponent_score: int
    value: int
    vur: bool


def cut_contributions(
    contributions: Iterable[Contribution], low: int, high: int
) -> list[Contribution]:
    """Drop the ``low`` least and then the ``high`` most significant contributions.

    Art. 14.1: the least significant value is the contribution of the opponent with the
    lowest score (the lowest contribution among equal scores). Art. 16.5: if the lowest
    contribution from a VUR is not lower than it, that VUR contribution is cut instead.
    The most significant value is that of the opponent with the highest score.
    """
    kept = list(contributions)
    for _ in range(low):
        if not kept:
            break
        least = min(kept, key=lambda c: (c.opponent_score, c.value))
        vurs = [c for c in kept if c.vur]
        if vurs:
            lowest_vur = min(vurs, key=lambda c: (c.value, c.opponent_score))
            if lowest_vur.value >= least.value:
                least = lowest_vur
        kept.remove(least)
    for _ in range(high):
        if not kept:
            break
        kept.remove(max(kept, key=lambda c: (c.opponent_score, c.value)))
    return kept


def _modifier_suffix(low: int, high: int) -> str:
    if low == 0 and high == 0:
        return ""
    if low == high:
        return f"-M{low}"
    if high == 0:
        return f"-C{low}"
    raise ValueError(f"unsupported modifier: cut {low} low, {high} high")


def _modifier_name(low: int, high: int) -> str:
    if low == 0 and high == 0:
        return ""
    if low == high:
        return f" Median-{low}"
    return f" Cut-{low}"


def _opponent_sums(
    context: TiebreakContext,
    weighted: bool,
    low: int,
    high: int,
    view: tuple[Mapping[int, Sequence[Slot]], Mapping[int, int], Mapping[int, int]] | None = None,
) -> dict[int, Fraction]:
    """Buchholz (``weighted`` False) or Sonneborn-Berger (True) for every player.

    A played game contributes the opponent's score as an opponent (Art. 16.3); every
    unplayed round a dummy opponent with the player's own score (Art. 16.4). SB
    weights each contribution by the points obtained in the round. ``view`` replaces
    the context's (slots, adjusted scores, scores), for Fore Buchholz.
    """
    slots, adjusted, scores = view or (context.slots, context.adjusted, context.score)
    result: dict[int, Fraction] = {}
    for number, row in slots.items():
        own = scores[number]
        contributions: list[Contribution] = []
        total = 0
        for slot in row:
            if slot.played and slot.opponent is not None:
                score, vur = adjusted.get(slot.opponent, 0), False
            else:
                score, vur = own, slot.vur
            value = score * slot.points if weighted else score
            total += value
            if low or high:
                contributions.append(Contribution(score, value, vur))
        if low or high:
            total = sum(c.value for c in cut_contributions(contributions, low, high))
        result[number] = context.fraction(total, power=2 if weighted else 1)
    return result


def _fore_view(
    context: TiebreakContext,
) -> tuple[dict[int, tuple[Slot, ...]], dict[int, int], dict[int, int]]:
    """Fore Buchholz: every game paired in the last counted round becomes a draw
    played over the board (forfeits and pending games included)."""
    slots: dict[int, tuple[Slot, ...]] = {}
    for number, row in context.slots.items():
        if row and row[-1].opponent is not None:
            last = row[-1]
            row = (*row[:-1], Slot(last.opponent, context.draw, True, False, last.colour, 0))
        slots[number] = row
    scores = {n: sum(s.points for s in row) for n, row in slots.items()}
    adjusted = {n: _score_as_opponent(row, context.draw) for n, row in slots.items()}
    return slots, adjusted, scores


# -- the tie-breaks -------------------------------------------------------------------


class _Base:
    """Shared plumbing: ``values`` from the cached context."""

    descending: bool = True

    def values(self, tournament: Tournament, after_round: int) -> Mapping[int, Fraction]:
        return self.from_context(tiebreak_context(tournament, after_round))

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {getattr(self, 'code', '?')}>"


class Points(_Base):
    """Points (score): the primary criterion of every Swiss ranking."""

    code = "PTS"
    name = "Points"

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        return {n: context.fraction(s) for n, s in context.score.items()}


@dataclass(frozen=True, repr=False)
class Buchholz(_Base):
    """Art. 8 Buchholz: the sum of the opponents' scores (Art. 16 adjustments),
    with optional Cut/Median modifiers (Art. 14, 16.5)."""

    cut_low: int = 0
    cut_high: int = 0

    @property
    def code(self) -> str:
        return "BH" + _modifier_suffix(self.cut_low, self.cut_high)

    @property
    def name(self) -> str:
        return "Buchholz" + _modifier_name(self.cut_low, self.cut_high)

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        return _opponent_sums(context, False, self.cut_low, self.cut_high)


@dataclass(frozen=True, repr=False)
class ForeBuchholz(_Base):
    """Art. 8 FB, Fore Buchholz: Buchholz computed as if every game paired in the
    ranking round (normally the last round, results possibly still pending) had been
    drawn over the board. Cut/Median modifiers as for Buchholz."""

    cut_low: int = 0
    cut_high: int = 0

    @property
    def code(self) -> str:
        return "FB" + _modifier_suffix(self.cut_low, self.cut_high)

    @property
    def name(self) -> str:
        return "Fore Buchholz" + _modifier_name(self.cut_low, self.cut_high)

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        return _opponent_sums(context, False, self.cut_low, self.cut_high, _fore_view(context))


class AverageOpponentsBuchholz(_Base):
    """Art. 8 AOB: the average of the Buchholz of the opponents of games played over
    the board (exact, not rounded); 0 without such games."""

    code = "AOB"
    name = "Average of opponents' Buchholz"

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        buchholz = _opponent_sums(context, False, 0, 0)
        result: dict[int, Fraction] = {}
        for number, row in context.slots.items():
            opponents = [s.opponent for s in row if s.played and s.opponent in buchholz]
            total = sum((buchholz[o] for o in opponents if o is not None), Fraction(0))
            result[number] = total / len(opponents) if opponents else Fraction(0)
        return result


@dataclass(frozen=True, repr=False)
class SonnebornBerger(_Base):
    """Art. 9.1 Sonneborn-Berger: the sum, over the rounds, of the opponent's score
    times the points obtained against that opponent (Art. 16: dummy opponents for
    unplayed rounds), with optional Cut/Median modifiers."""

    cut_low: int = 0
    cut_high: int = 0

    @property
    def code(self) -> str:
        return "SB" + _modifier_suffix(self.cut_low, self.cut_high)

    @property
    def name(self) -> str:
        return "Sonneborn-Berger" + _modifier_name(self.cut_low, self.cut_high)

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        return _opponent_sums(context, True, self.cut_low, self.cut_high)


class Wins(_Base):
    """Art. 7 WIN: rounds in which the player obtained, with or without playing, as
    many points as for a win (wins, forfeit wins, PAB, full-point byes)."""

    code = "WIN"
    name = "Number of wins"

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        return {
            n: Fraction(sum(1 for s in row if s.outcome > 0)) for n, row in context.slots.items()
        }


class GamesWon(_Base):
    """Art. 7 WON: games won over the board."""

    code = "WON"
    name = "Games won"

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        return {
            n: Fraction(sum(1 for s in row if s.played and s.outcome > 0))
            for n, row in context.slots.items()
        }


class GamesElected(_Base):
    """Art. 7 GE: rounds the player elected to play, i.e. the rounds minus the
    voluntary unplayed rounds (played games, forfeit wins, PAB, full-point byes)."""

    code = "GE"
    name = "Games elected to play"

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        return {n: Fraction(sum(1 for s in row if not s.vur)) for n, row in context.slots.items()}


class BlackGames(_Base):
    """Art. 7 BPG: games played over the board with black."""

    code = "BPG"
    name = "Games played with black"

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        return {
            n: Fraction(sum(1 for s in row if s.played and s.colour is Colour.BLACK))
            for n, row in context.slots.items()
        }


class BlackWins(_Base):
    """Art. 7 BWG: games won over the board with black."""

    code = "BWG"
    name = "Games won with black"

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        return {
            n: Fraction(
                sum(1 for s in row if s.played and s.colour is Colour.BLACK and s.outcome > 0)
            )
            for n, row in context.slots.items()
        }


@dataclass(frozen=True, repr=False)
class ProgressiveScore(_Base):
    """Art. 7 PS: the sum of the running scores after each round; Cut-n drops the
    running scores of the first n rounds."""

    cut_low: int = 0

    @property
    def code(self) -> str:
        return "PS" + _modifier_suffix(self.cut_low, 0)

    @property
    def name(self) -> str:
        return "Progressive score" + _modifier_name(self.cut_low, 0)

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        result: dict[int, Fraction] = {}
        for number, row in context.slots.items():
            running = 0
            total = 0
            for index, slot in enumerate(row):
                running += slot.points
                if index >= self.cut_low:
                    total += running
            result[number] = context.fraction(total)
        return result


@dataclass(frozen=True, repr=False)
class AverageRatingOfOpponents(_Base):
    """Art. 10.1 ARO: the average rating of the opponents of games played over the
    board, rounded to the nearest integer (halves up). Unrated opponents (rating 0) are
    left out unless ``unrated_rating`` says what they count as. Cut-n drops the n
    lowest-rated opponents (Art. 14)."""

    cut_low: int = 0
    cut_high: int = 0
    unrated_rating: int | None = None

    @property
    def code(self) -> str:
        return "ARO" + _modifier_suffix(self.cut_low, self.cut_high)

    @property
    def name(self) -> str:
        return "Average rating of opponents" + _modifier_name(self.cut_low, self.cut_high)

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        players = context.tournament.player_map
        result: dict[int, Fraction] = {}
        for number, row in context.slots.items():
            ratings: list[int] = []
            for slot in row:
                if not slot.played or slot.opponent is None:
                    continue
                rating = players[slot.opponent].rating if slot.opponent in players else 0
                if rating <= 0:
                    if self.unrated_rating is None:
                        continue
                    rating = self.unrated_rating
                ratings.append(rating)
            ratings.sort()
            high = len(ratings) - self.cut_high if self.cut_high else len(ratings)
            kept = ratings[self.cut_low : max(self.cut_low, high)]
            if not kept:
                result[number] = Fraction(0)
                continue
            average = Fraction(sum(kept), len(kept))
            result[number] = Fraction(math.floor(average + Fraction(1, 2)))
        return result


class DirectEncounter(_Base):
    """Art. 6 Direct Encounter, applied to each group of tied players (see the module
    docstring). The value is the place inside the tied group: 1 is best, players the
    rule cannot separate share a place. ``descending`` is False."""

    code = "DE"
    name = "Direct encounter"
    descending = False

    def __init__(self, count_forfeits: bool = False) -> None:
        self.count_forfeits = count_forfeits

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        groups: dict[int, list[int]] = {}
        for number in sorted(context.score):
            groups.setdefault(context.score[number], []).append(number)
        return self.groups_from_context(context, list(groups.values()))

    def group_values(
        self, tournament: Tournament, after_round: int, groups: Sequence[Sequence[int]]
    ) -> Mapping[int, Fraction]:
        return self.groups_from_context(tiebreak_context(tournament, after_round), groups)

    def groups_from_context(
        self, context: TiebreakContext, groups: Sequence[Sequence[int]]
    ) -> Mapping[int, Fraction]:
        result = {n: Fraction(1) for n in context.score}
        for group in groups:
            if len(group) > 1:
                for number, place in self._places(context, list(group)).items():
                    result[number] = Fraction(place)
        return result

    def _places(self, context: TiebreakContext, group: list[int]) -> dict[int, int]:
        """Apply Art. 6 to ``group`` and again to every still-tied sub-group."""
        subgroups: list[list[int]] = [group]
        changed = True
        while changed:
            changed = False
            refined: list[list[int]] = []
            for sub in subgroups:
                if len(sub) == 1:
                    refined.append(sub)
                    continue
                split = self._one_pass(context, sub)
                if len(split) > 1:
                    changed = True
                refined.extend(split)
            subgroups = refined
        places: dict[int, int] = {}
        position = 1
        for sub in subgroups:
            for number in sub:
                places[number] = position
            position += len(sub)
        return places

    def _encounter_points(
        self, context: TiebreakContext, group: list[int]
    ) -> dict[int, tuple[Fraction, int]]:
        """Points scored against the rest of ``group`` (averaged per opponent) and the
        number of distinct group members met."""
        members = set(group)
        out: dict[int, tuple[Fraction, int]] = {}
        for number in group:
            per_opponent: dict[int, list[int]] = {}
            for slot in context.slots[number]:
                if slot.opponent not in members or slot.opponent == number:
                    continue
                if not slot.played and not (self.count_forfeits and slot.forfeit):
                    continue
                per_opponent.setdefault(slot.opponent, []).append(slot.points)
            total = sum((Fraction(sum(v), len(v)) for v in per_opponent.values()), Fraction(0))
            out[number] = (total, len(per_opponent))
        return out

    def _one_pass(self, context: TiebreakContext, group: list[int]) -> list[list[int]]:
        """One application of Art. 6 to a tied group: the ordered sub-groups."""
        encounters = self._encounter_points(context, group)
        others = len(group) - 1
        if all(met == others for _, met in encounters.values()):
            by_points: dict[Fraction, list[int]] = {}
            for number in group:
                by_points.setdefault(encounters[number][0], []).append(number)
            return [sorted(by_points[p]) for p in sorted(by_points, reverse=True)]
        # Not everybody met: separate the top one by one while the leader's points
        # exceed the maximum any other player of the group could still reach.
        maximum = {n: pts + (others - met) * context.win for n, (pts, met) in encounters.items()}
        ordered = sorted(group, key=lambda n: (-encounters[n][0], -maximum[n], n))
        result: list[list[int]] = []
        while len(ordered) > 1:
            leader, rest = ordered[0], ordered[1:]
            if encounters[leader][0] > max(maximum[n] for n in rest):
                result.append([leader])
                ordered = rest
            else:
                break
        result.append(sorted(ordered))
        return result


# -- registry and parser --------------------------------------------------------------

POINTS: Tiebreak = Points()


def _registry() -> dict[str, Tiebreak]:
    entries: list[Tiebreak] = [
        POINTS,
        Buchholz(),
        Buchholz(1),
        Buchholz(2),
        Buchholz(1, 1),
        Buchholz(2, 2),
        ForeBuchholz(),
        ForeBuchholz(1),
        AverageOpponentsBuchholz(),
        SonnebornBerger(),
        SonnebornBerger(1),
        SonnebornBerger(1, 1),
        DirectEncounter(),
        Wins(),
        GamesWon(),
        GamesElected(),
        BlackGames(),
        BlackWins(),
        AverageRatingOfOpponents(),
        AverageRatingOfOpponents(1),
        ProgressiveScore(),
        ProgressiveScore(1),
    ]
    return {tb.code: tb for tb in entries}


#: The built-in FIDE tie-breaks by code. :func:`parse_tiebreaks` also accepts other
#: cut counts (``BH-C3``, ``SB-M2``, ``ARO-C2``, ``PS-C2``).
FIDE_TIEBREAKS: Mapping[str, Tiebreak] = _registry()

#: Default criteria after points for Swiss standings: Buchholz Cut-1, Buchholz,
#: Sonneborn-Berger, direct encounter, wins, games with black.
DEFAULT_SWISS_TIEBREAKS: tuple[str, ...] = ("BH-C1", "BH", "SB", "DE", "WIN", "BPG")

_MODIFIED = re.compile(r"^(BH|FB|SB|ARO|PS)[-/]([CM])(\d+)$")


def default_tiebreaks() -> list[Tiebreak]:
    """The objects of :data:`DEFAULT_SWISS_TIEBREAKS`."""
    return [FIDE_TIEBREAKS[code] for code in DEFAULT_SWISS_TIEBREAKS]


def _parse_one(code: str) -> Tiebreak | None:
    code = code.strip().upper().replace("/", "-")
    if code in FIDE_TIEBREAKS:
        return FIDE_TIEBREAKS[code]
    match = _MODIFIED.match(code)
    if match is None:
        return None
    base, kind, count_text = match.groups()
    count = int(count_text)
    if count == 0:
        return None
    high = count if kind == "M" else 0
    if base == "BH":
        return Buchholz(count, high)
    if base == "FB":
        return ForeBuchholz(count, high)
    if base == "SB":
        return SonnebornBerger(count, high)
    if base == "ARO":
        return AverageRatingOfOpponents(count, high)
    if kind == "C":  # PS: only Cut-n makes sense
        return ProgressiveScore(count)
    return None


def parse_tiebreaks(spec: str) -> list[Tiebreak]:
    """``"BH-C1,SB,DE"`` -> tie-break objects, in order. Codes are case-insensitive and
    ``/`` may replace ``-`` (``BH/C1``). Raises :class:`InputError` on an unknown code.

    >>> [tb.code for tb in parse_tiebreaks("bh-c1, SB ,de,BH/M2")]
    ['BH-C1', 'SB', 'DE', 'BH-M2']
    """
    result: list[Tiebreak] = []
    for position, part in enumerate(spec.split(",")):
        if not part.strip():
            if spec.strip():
                raise InputError(
                    f"empty tie-break code at position {position + 1} in {spec!r}",
                    expected="a comma-separated list of codes",
                )
            continue
        tiebreak = _parse_one(part)
        if tiebreak is None:
            valid = ", ".join(FIDE_TIEBREAKS)
            raise InputError(
                f"unknown tie-break {part.strip()!r}",
                expected=f"one of {valid} (cuts: BH-Cn, BH-Mn, FB-Cn, SB-Cn, SB-Mn, ARO-Cn, PS-Cn)",
            )
        result.append(tiebreak)
    return result
