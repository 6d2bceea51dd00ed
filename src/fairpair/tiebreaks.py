"""Tie-breaks of the FIDE Tie-Break Regulations (C.07, 2023 and 2026 editions),
individual Swiss.

The 2026 edition (in force since 1 March 2026; :data:`EDITION_2026`, chosen with
``parse_tiebreaks(spec, edition)``, for a file by its start date,
:func:`edition_for_start`) differs in two ways implemented here: the dummy opponent of
a player's own unplayed round is capped (Art. 16.4: at most the scheduled opponent's
score as an opponent for a forfeit, at most a draw per round counted without an
opponent), which changes BH, FB, SB and AOB; and new codes: REP (rounds elected to
play, the 2023 GE, which stays accepted), STD (standard points: 1 / 1/2 / 0 per round
whatever the point system), RTNG (the player's rating), TPN (the pairing number, lower
first). Both editions are checked against the FIDE Technical Commission's tie-break
program (tests/test_tiebreaks_2026.py).

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
  Art. 10.1 ARO, average rating of opponents; 10.2 TPR, tournament performance rating;
  10.3 PTP, perfect tournament performance (with the tables of the FIDE Rating
  Regulations B.02 8.1: :data:`DP_TABLE`, :data:`PD_LIMITS`).
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
* TPR and PTP (Art. 10.2, 10.3) count the same games as ARO: games played over the
  board (no byes, no forfeits, no pending games). C.07 leaves the rating of unrated
  players to the tournament regulations: by default a game against an unrated opponent
  is left out entirely (his rating and the points scored against him), as in the FIDE
  reference program; ``unrated_rating`` (code suffix ``-U1400``) counts such opponents
  with that rating instead. The fractional score uses the game results (win 1, draw
  1/2, loss 0) whatever the point system, rounded to the hundredth (halves up) for the
  dp table. TPR = ARO (rounded) + dp, with dp = -800 for 0 % and +800 for 100 % (the
  table's end values). PTP is the lowest integer rating whose expected score (B.02 8.1
  (b), full scale, no 400-point cut) reaches the score; for a zero score the lowest
  opponent's rating - 800. A full score needs every probability at 1.00, so the highest
  opponent's rating + 736. A player without a counted game gets 0 for both.
* PS with Cut-n drops the running scores of the first n rounds.
* A game paired but without result yet (only when ``after_round`` reaches past the
  completed rounds) counts as an unplayed round that is not voluntary, worth 0.

All arithmetic is exact (``Fraction``). Internally scores are kept as integers in units
of the point system's smallest fraction, which keeps 2000 players x 13 rounds fast.
"""

from __future__ import annotations

import bisect
import itertools
import math
import operator
import re
import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Protocol, cast, runtime_checkable

from fairpair.errors import InputError
from fairpair.model import ByeKind, Colour, PointSystem, ResultCode, Tournament, paused_gc

#: The editions of C.07 this module implements: the 2023 text (also published as
#: 2024, definitions unchanged) and the one in force since 1 March 2026.
EDITION_2023 = "2023"
EDITION_2026 = "2026"
EDITIONS: tuple[str, ...] = (EDITION_2023, EDITION_2026)
#: The first day of the 2026 edition (an event that starts earlier keeps 2023's).
EDITION_2026_START = "2026/03/01"


def edition_for_start(start: str | None) -> str:
    """The C.07 edition for an event starting on ``start`` (``YYYY/MM/DD``, as TRF
    record 042 holds it): 2023 before 1 March 2026, else 2026; without a start date the
    edition in force (2026).

    >>> edition_for_start("2025/11/02"), edition_for_start("2026/03/01"), edition_for_start(None)
    ('2023', '2026', '2026')
    """
    if start is None:
        return EDITION_2026
    return EDITION_2023 if start < EDITION_2026_START else EDITION_2026


__all__ = [
    "DEFAULT_SWISS_TIEBREAKS",
    "DP_TABLE",
    "FIDE_TIEBREAKS",
    "PD_LIMITS",
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
    "PerfectTournamentPerformance",
    "Points",
    "ProgressiveScore",
    "SonnebornBerger",
    "Tiebreak",
    "TiebreakContext",
    "TournamentPerformanceRating",
    "Wins",
    "completed_rounds",
    "cut_contributions",
    "default_tiebreaks",
    "expected_score",
    "parse_tiebreaks",
    "perfect_tournament_performance",
    "rating_difference",
    "scoring_probability",
    "tiebreak_context",
    "tournament_performance_rating",
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
        # ``None in ...``: every game has both results (Game.has_result, at C speed)
        if (
            not rnd.paired
            or None in map(_WHITE_RESULT, rnd.games)
            or None in map(_BLACK_RESULT, rnd.games)
        ):
            break
        count += 1
    return count


_WHITE_RESULT = operator.attrgetter("white_result")
_BLACK_RESULT = operator.attrgetter("black_result")


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
    """The (cached) :class:`TiebreakContext` of ``tournament`` after ``after_round``.

    The cached context refers to its tournament weakly (``context.tournament`` is a
    :func:`weakref.proxy`, usable as the tournament while the tournament exists): the
    tournament keeps the context, and a strong reference back would make a reference
    cycle that only the garbage collector can free (for a large tournament, a second
    of its time to walk a million objects).
    """
    cache: dict[int, TiebreakContext] = tournament.__dict__.setdefault("_tiebreak_context", {})
    if after_round not in cache:
        proxy = cast(Tournament, weakref.proxy(tournament))
        cache[after_round] = _build_context(tournament, after_round, proxy)
    return cache[after_round]


def _build_context(
    tournament: Tournament, after_round: int, owner: Tournament | None = None
) -> TiebreakContext:
    """The context of ``tournament``; ``owner`` is what it keeps as its tournament
    (default: ``tournament`` itself)."""
    after_round = max(0, min(after_round, len(tournament.rounds)))
    points = tournament.points
    draw_points = (points.white_draw + points.black_draw) / 2
    unit = math.lcm(_unit(points), draw_points.denominator)
    draw = int(draw_points * unit)
    win = int(points.win * unit)
    with paused_gc():  # see fairpair.model.paused_gc: a slot per player and round
        slots = _slots(tournament, after_round, unit, win)
        score = {number: sum(map(_POINTS, row)) for number, row in slots.items()}
        context = TiebreakContext(
            tournament if owner is None else owner, after_round, unit, draw, win, slots, score
        )
        context.adjusted = {n: _score_as_opponent(row, draw, score[n]) for n, row in slots.items()}
    return context


_POINTS = operator.attrgetter("points")


def _slots(
    tournament: Tournament, after_round: int, unit: int, win: int
) -> dict[int, tuple[Slot, ...]]:
    """The slots of every player in the first ``after_round`` rounds, read from the
    rounds as :meth:`Tournament.state` reads them (the same records, without making
    them: a large tournament has one per player and round, and equal slots are shared).
    """
    maker = _SlotMaker(tournament.points, unit, win)
    white: Colour | None = Colour.WHITE
    black: Colour | None = Colour.BLACK
    coloured = (maker.tables[white], maker.tables[black], white, black)
    uncoloured = (maker.tables[None], maker.tables[None], None, None)
    # per round: player -> slot (written in order, read per player at C speed below)
    by_round: list[dict[int, Slot]] = []
    for rnd in tournament.rounds[:after_round]:
        found: dict[int, Slot] = {}
        for game in rnd.games:
            white_tables, black_tables, white_colour, black_colour = (
                coloured if game.coloured else uncoloured
            )
            me, opponent = game.white, game.black
            code = game.white_result
            slot = white_tables[code].get(opponent)
            found[me] = slot or maker.game_slot(opponent, code, white_colour)
            code = game.black_result
            slot = black_tables[code].get(me)
            found[opponent] = slot or maker.game_slot(me, code, black_colour)
        if len(found) != 2 * len(rnd.games):  # a player with a second game this round
            return _slots_of_odd_rounds(tournament, after_round, maker)
        for number, kind in rnd.byes.items():
            found.setdefault(number, maker.bye_slots[kind])  # not if he has a game
        by_round.append(found)
    get, absent = dict.get, itertools.repeat(maker.absent)
    return {
        p.number: tuple(map(get, by_round, itertools.repeat(p.number), absent))
        for p in tournament.players
    }


class _SlotMaker:
    """The slots of a point system, each made once: one per bye kind, one per
    (opponent, result, colour) of a game, and the slot of a round without entry."""

    def __init__(self, points: PointSystem, unit: int, win: int) -> None:
        self.points = points
        self.unit = unit
        #: colour -> result -> opponent -> slot
        self.tables: dict[Colour | None, dict[ResultCode | None, dict[int, Slot]]] = {
            colour: {code: {} for code in (*ResultCode, None)}
            for colour in (Colour.WHITE, Colour.BLACK, None)
        }
        self.bye_slots: dict[ByeKind, Slot] = {}
        for kind in ByeKind:
            units = self.units_of(points.bye_points(kind))
            outcome = 1 if units >= win and units > 0 else (0 if units > 0 else -1)
            self.bye_slots[kind] = Slot(None, units, False, kind in _VOLUNTARY_BYES, None, outcome)
        # no entry at all: not paired (withdrawn, not yet entered)
        self.absent = Slot(None, 0, False, True, None, -1)

    def units_of(self, value: Fraction) -> int:
        scale, rest = divmod(self.unit, value.denominator)
        assert rest == 0, "points outside the point system"
        return value.numerator * scale

    def game_slot(self, opponent: int, code: ResultCode | None, colour: Colour | None) -> Slot:
        """The slot of a game against ``opponent`` with result ``code`` (None: pending)."""
        table = self.tables[colour][code]
        slot = table.get(opponent)
        if slot is not None:
            return slot
        if code is None:  # pending game: no result, not voluntary
            slot = Slot(opponent, 0, False, False, colour, -1)
        elif code.played:
            units = self.units_of(self.points.game_points(code, colour))
            slot = Slot(opponent, units, True, False, colour, code.outcome)
        else:
            units = self.units_of(self.points.game_points(code, colour))
            forfeit_loss = code is ResultCode.FORFEIT_LOSS
            slot = Slot(opponent, units, False, forfeit_loss, None, code.outcome, True)
        table[opponent] = slot
        return slot


def _slots_of_odd_rounds(
    tournament: Tournament, after_round: int, maker: _SlotMaker
) -> dict[int, tuple[Slot, ...]]:
    """:func:`_slots` for rounds where a player has more than one game: a slot per game,
    as :meth:`Tournament.state` makes a record per game (such a player's row is longer
    than the rounds)."""
    rows: dict[int, list[Slot]] = {p.number: [] for p in tournament.players}
    white, black = Colour.WHITE, Colour.BLACK
    for rnd in tournament.rounds[:after_round]:
        seen: set[int] = set()
        for game in rnd.games:
            coloured = game.coloured
            for me, opponent, code, colour in (
                (game.white, game.black, game.white_result, white if coloured else None),
                (game.black, game.white, game.black_result, black if coloured else None),
            ):
                row = rows.get(me)
                if row is None:
                    continue
                seen.add(me)
                row.append(maker.game_slot(opponent, code, colour))
        for number, kind in rnd.byes.items():
            if number in rows and number not in seen:
                seen.add(number)
                rows[number].append(maker.bye_slots[kind])
        for number, row in rows.items():
            if number not in seen:
                row.append(maker.absent)
    return {number: tuple(row) for number, row in rows.items()}


def _score_as_opponent(row: Sequence[Slot], draw: int, total: int | None = None) -> int:
    """Art. 16.3: the score that enters the opponents' tie-breaks (``total``: the sum
    of the row's points, if known).

    Rounds without an opponent after the last round that is not a VUR count as a draw;
    every other round counts with the points obtained.
    """
    if total is None:
        total = sum(map(_POINTS, row))
    last_not_vur = len(row) - 1
    while last_not_vur >= 0 and row[last_not_vur].vur:
        last_not_vur -= 1
    for slot in row[last_not_vur + 1 :]:
        if slot.opponent is None:
            total += draw - slot.points
    return total


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
    cut = _cut([(c.opponent_score, c.value, c.vur) for c in contributions], low, high)
    return [Contribution(*item) for item in cut]


#: A contribution as a tuple: (opponent score, value, VUR).
_Contribution = tuple[int, int, bool]
_BY_SCORE = operator.itemgetter(0, 1)
_BY_VALUE = operator.itemgetter(1, 0)


def _cut(kept: list[_Contribution], low: int, high: int) -> list[_Contribution]:
    """:func:`cut_contributions` on tuples (``kept`` is changed and returned)."""
    for _ in range(min(low, len(kept))):
        least = min(kept, key=_BY_SCORE)
        vurs = [c for c in kept if c[2]]
        if vurs:
            lowest_vur = min(vurs, key=_BY_VALUE)
            if lowest_vur[1] >= least[1]:
                least = lowest_vur
        kept.remove(least)
    for _ in range(min(high, len(kept))):
        kept.remove(max(kept, key=_BY_SCORE))
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
    edition: str = EDITION_2023,
) -> dict[int, Fraction]:
    """Buchholz (``weighted`` False) or Sonneborn-Berger (True) for every player.

    A played game contributes the opponent's score as an opponent (Art. 16.3); every
    unplayed round a dummy opponent with the player's own score (Art. 16.4; in the 2026
    edition at most the scheduled opponent's score, or half the points of the rounds
    counted when there was no opponent). SB weights each contribution by the points
    obtained in the round. ``view`` replaces the context's (slots, adjusted scores,
    scores), for Fore Buchholz.
    """
    cut = bool(low or high)
    fraction = context.fraction
    power = 2 if weighted else 1
    cap = (context.draw, context.after_round) if edition == EDITION_2026 else None
    if view is None:  # BH and BH-C1, SB and SB-C1 share their contributions
        cache: dict[tuple[bool, str], dict[int, _Contributions]] = context.__dict__.setdefault(
            "_opponent_contributions", {}
        )
        if (weighted, edition) not in cache:
            if (False, edition) not in cache:
                cache[False, edition] = _contributions(
                    (context.slots, context.adjusted, context.score), cap
                )
            plain = cache[False, edition]
            cache[weighted, edition] = _weighted(plain, context.slots) if weighted else plain
        found = cache[weighted, edition]
    else:
        found = _contributions(view, cap)
        if weighted:
            found = _weighted(found, view[0])
    result: dict[int, Fraction] = {}
    for number, (opponents, values, vurs) in found.items():
        total = sum(values)
        if cut:
            total = _cut_total(list(zip(opponents, values, vurs, strict=True)), total, low, high)
        result[number] = fraction(total, power)
    return result


_IS_VUR = operator.itemgetter(2)


def _cut_total(contributions: list[_Contribution], total: int, low: int, high: int) -> int:
    """The sum of the values :func:`_cut` keeps (``total``: the sum of them all)."""
    if low == 1 and high == 0 and contributions:  # Cut-1, the common case: no copy
        least = min(contributions, key=_BY_SCORE)
        lowest_vur = min(filter(_IS_VUR, contributions), key=_BY_VALUE, default=None)
        if lowest_vur is not None and lowest_vur[1] >= least[1]:
            least = lowest_vur
        return total - least[1]
    return sum(c[1] for c in _cut(list(contributions), low, high))


#: A player's contributions, one per round, as three lists: the opponent's score (a
#: dummy opponent's in an unplayed round), the value (that score, times the points of
#: the round for Sonneborn-Berger) and whether the round is a VUR.
_Contributions = tuple[list[int], list[int], list[bool]]


def _contributions(
    view: tuple[Mapping[int, Sequence[Slot]], Mapping[int, int], Mapping[int, int]],
    cap: tuple[int, int] | None = None,
) -> dict[int, _Contributions]:
    """Per player: the contributions to the Buchholz (see :func:`_opponent_sums`).

    A played game contributes the opponent's score as an opponent, any other round the
    player's own score; the VUR flag of a played game is False. ``cap`` = (draw units,
    rounds counted): the 2026 edition's limit on the dummy opponent's score (at most the
    scheduled opponent's score as an opponent; without an opponent, at most a draw in
    every round counted).
    """
    slots, adjusted, scores = view
    get = adjusted.get
    found: dict[int, _Contributions] = {}
    for number, row in slots.items():
        own = scores[number]
        if cap is None:
            opponents = [
                get(s.opponent, 0) if s.played and s.opponent is not None else own for s in row
            ]
        else:
            half = cap[0] * cap[1]
            opponents = [
                get(s.opponent, 0)
                if s.played and s.opponent is not None
                else min(own, get(s.opponent, 0) if s.opponent is not None else half)
                for s in row
            ]
        vurs = [False if s.played and s.opponent is not None else s.vur for s in row]
        found[number] = (opponents, opponents, vurs)
    return found


def _weighted(
    found: Mapping[int, _Contributions], slots: Mapping[int, Sequence[Slot]]
) -> dict[int, _Contributions]:
    """The contributions to the Sonneborn-Berger: each score times the round's points."""
    return {
        number: (opponents, list(map(operator.mul, opponents, map(_POINTS, slots[number]))), vurs)
        for number, (opponents, _values, vurs) in found.items()
    }


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
    edition: str = EDITION_2023

    @property
    def code(self) -> str:
        return "BH" + _modifier_suffix(self.cut_low, self.cut_high)

    @property
    def name(self) -> str:
        return "Buchholz" + _modifier_name(self.cut_low, self.cut_high)

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        return _opponent_sums(context, False, self.cut_low, self.cut_high, edition=self.edition)


@dataclass(frozen=True, repr=False)
class ForeBuchholz(_Base):
    """Art. 8 FB, Fore Buchholz: Buchholz computed as if every game paired in the
    ranking round (normally the last round, results possibly still pending) had been
    drawn over the board. Cut/Median modifiers as for Buchholz."""

    cut_low: int = 0
    cut_high: int = 0
    edition: str = EDITION_2023

    @property
    def code(self) -> str:
        return "FB" + _modifier_suffix(self.cut_low, self.cut_high)

    @property
    def name(self) -> str:
        return "Fore Buchholz" + _modifier_name(self.cut_low, self.cut_high)

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        return _opponent_sums(
            context, False, self.cut_low, self.cut_high, _fore_view(context), self.edition
        )


@dataclass(frozen=True, repr=False)
class AverageOpponentsBuchholz(_Base):
    """Art. 8 AOB: the average of the Buchholz of the opponents of games played over
    the board (exact, not rounded); 0 without such games."""

    edition: str = EDITION_2023
    code = "AOB"
    name = "Average of opponents' Buchholz"

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        buchholz = _opponent_sums(context, False, 0, 0, edition=self.edition)
        # summed as whole multiples of the values' common denominator (adding a
        # Fraction per game takes seconds for a large tournament)
        unit = math.lcm(1, *(value.denominator for value in buchholz.values()))
        units = {n: value.numerator * (unit // value.denominator) for n, value in buchholz.items()}
        result: dict[int, Fraction] = {}
        for number, row in context.slots.items():
            opponents = [s.opponent for s in row if s.played and s.opponent in units]
            total = sum([units[o] for o in opponents if o is not None])
            result[number] = Fraction(total, unit * len(opponents)) if opponents else Fraction(0)
        return result


@dataclass(frozen=True, repr=False)
class SonnebornBerger(_Base):
    """Art. 9.1 Sonneborn-Berger: the sum, over the rounds, of the opponent's score
    times the points obtained against that opponent (Art. 16: dummy opponents for
    unplayed rounds), with optional Cut/Median modifiers."""

    cut_low: int = 0
    cut_high: int = 0
    edition: str = EDITION_2023

    @property
    def code(self) -> str:
        return "SB" + _modifier_suffix(self.cut_low, self.cut_high)

    @property
    def name(self) -> str:
        return "Sonneborn-Berger" + _modifier_name(self.cut_low, self.cut_high)

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        return _opponent_sums(context, True, self.cut_low, self.cut_high, edition=self.edition)


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


class RoundsElected(GamesElected):
    """C.07 2026 REP, rounds elected to play: the 2023 GE under its 2026 code (the
    rounds minus the voluntary unplayed rounds)."""

    code = "REP"
    name = "Rounds elected to play"


class StandardPoints(_Base):
    """C.07 2026 STD, standard points: the score recounted with 1 for a round worth
    more than a draw, 1/2 for a round worth a draw and 0 for less, whatever the event's
    point system (a 3-1-0 event ranks by the 1-1/2-0 score). Byes and forfeits count
    with the points they gave."""

    code = "STD"
    name = "Standard points"

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        draw = context.draw
        return {
            n: Fraction(
                sum(2 if s.points > draw else (1 if s.points == draw else 0) for s in row), 2
            )
            for n, row in context.slots.items()
        }


@dataclass(frozen=True, repr=False)
class PlayerRating(_Base):
    """C.07 2026 RTNG: the player's own rating (higher first). An unrated player
    (rating 0) counts as 0, or as ``unrated_rating`` (code suffix ``-U1400``)."""

    unrated_rating: int | None = None

    @property
    def code(self) -> str:
        return "RTNG" + _unrated_suffix(self.unrated_rating)

    @property
    def name(self) -> str:
        return "Rating"

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        players = context.tournament.player_map
        unrated = self.unrated_rating or 0
        return {
            n: Fraction(players[n].rating if players[n].rating > 0 else unrated)
            for n in context.slots
        }


class PairingNumber(_Base):
    """C.07 2026 TPN: the tournament pairing number (lower first), the last criterion
    that always separates two players."""

    code = "TPN"
    name = "Tournament pairing number"
    descending = False

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        return {n: Fraction(n) for n in context.slots}


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
    left out unless ``unrated_rating`` says what they count as (code suffix ``-U1400``).
    Cut-n drops the n lowest-rated opponents (Art. 14)."""

    cut_low: int = 0
    cut_high: int = 0
    unrated_rating: int | None = None

    @property
    def code(self) -> str:
        return (
            "ARO"
            + _modifier_suffix(self.cut_low, self.cut_high)
            + _unrated_suffix(self.unrated_rating)
        )

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
            result[number] = Fraction(_round_half_up(Fraction(sum(kept), len(kept))))
        return result


# -- performance ratings (Art. 10.2, 10.3) ---------------------------------------------

# FIDE Rating Regulations (B.02), 8.1, typed in from the regulations.

#: B.02 8.1 (a): the rating difference dp for a fractional score p = 0.50, 0.51, ...,
#: 1.00 (``DP_TABLE[k]`` is dp for p = 0.50 + k/100). Below 0.50, dp(p) = -dp(1 - p):
#: a zero score gives -800, a full score +800.
# fmt: off
DP_TABLE: tuple[int, ...] = (
    0,   7,   14,  21,  29,  36,  43,  50,  57,  65,   # 0.50 - 0.59
    72,  80,  87,  95,  102, 110, 117, 125, 133, 141,  # 0.60 - 0.69
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,  # 0.70 - 0.79
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,  # 0.80 - 0.89
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,  # 0.90 - 0.99
    800,                                               # 1.00
)
# fmt: on

#: B.02 8.1 (b): the largest rating difference D (own rating minus the opponent's) for
#: which the scoring probability PD of the higher-rated player is 0.50, 0.51, ..., 0.99
#: (``PD_LIMITS[k]`` is the upper end of the range of PD = 0.50 + k/100). Above 735 the
#: probability is 1.00; the lower-rated player's probability is 1 - PD.
# fmt: off
PD_LIMITS: tuple[int, ...] = (
    3,   10,  17,  25,  32,  39,  46,  53,  61,  68,   # 0.50 - 0.59
    76,  83,  91,  98,  106, 113, 121, 129, 137, 145,  # 0.60 - 0.69
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,  # 0.70 - 0.79
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,  # 0.80 - 0.89
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,  # 0.90 - 0.99
)
# fmt: on

#: The smallest rating difference with a scoring probability of 1.00.
_CERTAIN = PD_LIMITS[-1] + 1


def _round_half_up(value: Fraction) -> int:
    """The nearest integer, halves upwards (C.07: "0.5 rounded up")."""
    return math.floor(value + Fraction(1, 2))


def rating_difference(fraction: Fraction) -> int:
    """B.02 8.1 (a): dp for the fractional score ``fraction`` (0 to 1), rounded to the
    nearest hundredth (halves up) to enter the table.

    >>> rating_difference(Fraction(5, 6)), rating_difference(Fraction(1, 4))
    (273, -193)
    >>> rating_difference(Fraction(0)), rating_difference(Fraction(1))
    (-800, 800)
    """
    if not 0 <= fraction <= 1:
        raise ValueError(f"fractional score outside 0..1: {fraction}")
    hundredths = _round_half_up(fraction * 100)
    if hundredths >= 50:
        return DP_TABLE[hundredths - 50]
    return -DP_TABLE[50 - hundredths]


def _probability_hundredths(difference: int) -> int:
    """B.02 8.1 (b) in hundredths: PD of a player rated ``difference`` points above
    (negative: below) the opponent. The full scale: no 400-point cut."""
    high = 50 + bisect.bisect_left(PD_LIMITS, abs(difference))
    return high if difference >= 0 else 100 - high


def scoring_probability(difference: int) -> Fraction:
    """B.02 8.1 (b): the scoring probability PD of a player whose rating is
    ``difference`` points above (negative: below) the opponent's, on the full scale.

    >>> scoring_probability(138), scoring_probability(-288), scoring_probability(736)
    (Fraction(69, 100), Fraction(4, 25), Fraction(1, 1))
    """
    return Fraction(_probability_hundredths(difference), 100)


def expected_score(rating: int, opponents: Iterable[int]) -> Fraction:
    """The sum of the scoring probabilities of ``rating`` against ``opponents``."""
    return sum((scoring_probability(rating - r) for r in opponents), Fraction(0))


def tournament_performance_rating(ratings: Sequence[int], score: Fraction) -> int:
    """Art. 10.2: the average of ``ratings`` (rounded, halves up) plus dp for the
    fractional score ``score / len(ratings)``; 0 without games.

    >>> tournament_performance_rating([1800, 1650, 1400], Fraction(5, 2))
    1890
    """
    if not ratings:
        return 0
    if not 0 <= score <= len(ratings):
        raise ValueError(f"score {score} outside 0..{len(ratings)}")
    average = _round_half_up(Fraction(sum(ratings), len(ratings)))
    return average + rating_difference(score / len(ratings))


class _Probabilities:
    """:func:`_probability_hundredths` of every rating difference from ``low`` to
    ``high``, to add up an expected score at C speed (the perfect tournament
    performance of each of 10,000 players takes a dozen such sums)."""

    def __init__(self, low: int, high: int) -> None:
        self.low = low
        self.high = high
        self.table = [_probability_hundredths(d) for d in range(low, high + 1)]

    @classmethod
    def covering(cls, ratings: Iterable[int]) -> _Probabilities | None:
        """A table for the searches against opponents rated ``ratings`` (None if their
        spread is implausibly large: then the sums go one by one)."""
        rated = list(ratings)
        if not rated:
            return None
        spread = max(rated) - min(rated) + _CERTAIN + 1
        return cls(-spread, spread) if spread <= 100_000 else None

    def total(self, rating: int, ratings: Sequence[int]) -> int:
        """The sum of the hundredths of ``rating`` against each of ``ratings``."""
        if not (self.low <= rating - max(ratings) and rating - min(ratings) <= self.high):
            return sum(_probability_hundredths(rating - r) for r in ratings)
        shifted = itertools.repeat(rating - self.low)
        return sum(map(self.table.__getitem__, map(operator.sub, shifted, ratings)))


def perfect_tournament_performance(
    ratings: Sequence[int], score: Fraction, table: _Probabilities | None = None
) -> int:
    """Art. 10.3: the lowest integer rating whose expected score against ``ratings``
    (B.02 8.1 (b), full scale) is at least ``score``. A zero score gives the lowest
    rating - 800; 0 without games. (``table``: the probabilities, looked up faster.)

    >>> perfect_tournament_performance([1800, 1650, 1400], Fraction(5, 2))
    1938
    """
    if not ratings:
        return 0
    if not 0 <= score <= len(ratings):
        raise ValueError(f"score {score} outside 0..{len(ratings)}")
    if score == 0:
        return min(ratings) - 800
    target = score * 100  # in hundredths, like the table

    def reaches(rating: int) -> bool:
        if table is not None:
            return table.total(rating, ratings) >= target
        return sum(_probability_hundredths(rating - r) for r in ratings) >= target

    # Invariant: ``low`` does not reach the score (every probability is 0 there),
    # ``high`` does (every probability is 1). The expected score never decreases with
    # the rating, so the answer is the ``high`` left when they are adjacent.
    low, high = min(ratings) - _CERTAIN, max(ratings) + _CERTAIN
    while high - low > 1:
        middle = (low + high) // 2
        if reaches(middle):
            high = middle
        else:
            low = middle
    return high


def _unrated_suffix(unrated_rating: int | None) -> str:
    return "" if unrated_rating is None else f"-U{unrated_rating}"


#: A game's points for TPR and PTP (win 1, draw 1/2, loss 0) in half points.
_GAME_HALVES = {1: 2, 0: 1, -1: 0}


def _rated_games(
    context: TiebreakContext, row: Sequence[Slot], unrated_rating: int | None
) -> tuple[list[int], Fraction]:
    """The opponents' ratings of the games of ``row`` that count for TPR and PTP, and the
    score in them (win 1, draw 1/2, loss 0): games played over the board, against an
    unrated opponent only when ``unrated_rating`` is given."""
    players = context.tournament.player_map
    ratings: list[int] = []
    halves = 0  # the score in half points (adding Fractions per game takes seconds)
    for slot in row:
        if not slot.played or slot.opponent is None:
            continue
        rating = players[slot.opponent].rating if slot.opponent in players else 0
        if rating <= 0:
            if unrated_rating is None:
                continue
            rating = unrated_rating
        ratings.append(rating)
        halves += _GAME_HALVES[slot.outcome]
    return ratings, Fraction(halves, 2)


@dataclass(frozen=True, repr=False)
class TournamentPerformanceRating(_Base):
    """Art. 10.2 TPR: ARO plus the rating difference dp (B.02 8.1 (a)) of the fractional
    score in the games played over the board; 0 % gives ARO - 800, 100 % ARO + 800.
    Games against unrated opponents are left out unless ``unrated_rating`` says what
    they count as (code suffix ``-U1400``). No modifiers (C.07 defines none)."""

    unrated_rating: int | None = None

    @property
    def code(self) -> str:
        return "TPR" + _unrated_suffix(self.unrated_rating)

    @property
    def name(self) -> str:
        return "Tournament performance rating"

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        return {
            number: Fraction(
                tournament_performance_rating(*_rated_games(context, row, self.unrated_rating))
            )
            for number, row in context.slots.items()
        }


@dataclass(frozen=True, repr=False)
class PerfectTournamentPerformance(_Base):
    """Art. 10.3 PTP: the lowest rating whose expected score (B.02 8.1 (b), no 400-point
    cut) against the opponents of the games played over the board is at least the score
    in those games; a zero score gives the lowest opponent's rating - 800. Unrated
    opponents as for :class:`TournamentPerformanceRating`."""

    unrated_rating: int | None = None

    @property
    def code(self) -> str:
        return "PTP" + _unrated_suffix(self.unrated_rating)

    @property
    def name(self) -> str:
        return "Perfect tournament performance"

    def from_context(self, context: TiebreakContext) -> Mapping[int, Fraction]:
        games = {
            number: _rated_games(context, row, self.unrated_rating)
            for number, row in context.slots.items()
        }
        table = _Probabilities.covering(r for ratings, _ in games.values() for r in ratings)
        return {
            number: Fraction(perfect_tournament_performance(ratings, score, table))
            for number, (ratings, score) in games.items()
        }


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
        RoundsElected(),
        StandardPoints(),
        PlayerRating(),
        PairingNumber(),
        BlackGames(),
        BlackWins(),
        AverageRatingOfOpponents(),
        AverageRatingOfOpponents(1),
        TournamentPerformanceRating(),
        PerfectTournamentPerformance(),
        ProgressiveScore(),
        ProgressiveScore(1),
    ]
    return {tb.code: tb for tb in entries}


#: The built-in FIDE tie-breaks by code. :func:`parse_tiebreaks` also accepts other
#: cut counts (``BH-C3``, ``SB-M2``, ``ARO-C2``, ``PS-C2``) and a rating for unrated
#: opponents in the rating-based ones (``ARO-U1400``, ``ARO-C1-U1400``, ``TPR-U1400``,
#: ``PTP-U1400``).
FIDE_TIEBREAKS: Mapping[str, Tiebreak] = _registry()

#: Default criteria after points for Swiss standings: Buchholz Cut-1, Buchholz,
#: Sonneborn-Berger, direct encounter, wins, games with black.
DEFAULT_SWISS_TIEBREAKS: tuple[str, ...] = ("BH-C1", "BH", "SB", "DE", "WIN", "BPG")

_MODIFIED = re.compile(r"^(BH|FB|SB|ARO|PS)[-/]([CM])([0-9]{1,9})\Z")
_UNRATED = re.compile(r"^(.+)-U([0-9]{1,9})\Z")


def default_tiebreaks(edition: str = EDITION_2023) -> list[Tiebreak]:
    """The objects of :data:`DEFAULT_SWISS_TIEBREAKS` (under ``edition``'s rules)."""
    return [in_edition(FIDE_TIEBREAKS[code], edition) for code in DEFAULT_SWISS_TIEBREAKS]


#: The tie-breaks whose values differ between the editions (Art. 16.4 in 2026: the
#: dummy opponent of an unplayed round is capped).
_EDITIONED = (Buchholz, ForeBuchholz, SonnebornBerger, AverageOpponentsBuchholz)


def in_edition(tiebreak: Tiebreak, edition: str) -> Tiebreak:
    """``tiebreak`` computed under the rules of C.07 ``edition`` (``"2023"``/``"2026"``)."""
    if edition not in EDITIONS:
        raise InputError(f"tie-break edition {edition!r}", expected="2023 or 2026", field="edition")
    if isinstance(tiebreak, _EDITIONED) and tiebreak.edition != edition:
        return replace(tiebreak, edition=edition)
    return tiebreak


def _parse_one(code: str) -> Tiebreak | None:
    code = code.strip().upper().replace("/", "-")
    unrated = _UNRATED.match(code)
    if unrated is None:
        return _parse_plain(code)
    rating = int(unrated.group(2))
    base = _parse_plain(unrated.group(1))
    rated = (
        AverageRatingOfOpponents,
        TournamentPerformanceRating,
        PerfectTournamentPerformance,
        PlayerRating,
    )
    if rating <= 0 or not isinstance(base, rated):
        return None
    return replace(base, unrated_rating=rating)


def _parse_plain(code: str) -> Tiebreak | None:
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


def parse_tiebreaks(spec: str, edition: str = EDITION_2023) -> list[Tiebreak]:
    """``"BH-C1,SB,DE"`` -> tie-break objects, in order, computed under the rules of
    C.07 ``edition``. Codes are case-insensitive and ``/`` may replace ``-``
    (``BH/C1``). Raises :class:`InputError` on an unknown code.

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
                    field="tiebreaks",
                )
            continue
        tiebreak = _parse_one(part)
        if tiebreak is None:
            valid = ", ".join(FIDE_TIEBREAKS)
            raise InputError(
                f"unknown tie-break {_shown(part.strip())!r}",
                expected=f"one of {valid} (cuts: BH-Cn, BH-Mn, FB-Cn, SB-Cn, SB-Mn, ARO-Cn, "
                "PS-Cn; a rating for unrated players: ARO-Un, TPR-Un, PTP-Un, RTNG-Un)",
                field="tiebreaks",
            )
        result.append(in_edition(tiebreak, edition))
    return result


def record_tiebreaks(
    record: str, codes: str, edition: str = EDITION_2023, file: str | None = None
) -> list[Tiebreak]:
    """:func:`parse_tiebreaks` for the codes of a file's tie-break record (TRF 202 or
    212): an error names the ``file`` and the ``record``."""
    try:
        return parse_tiebreaks(codes, edition)
    except InputError as exc:
        raise InputError(
            f"record {record}: {exc.message}",
            expected=exc.expected or "FIDE tie-break codes",
            file=file,
        ) from None


def _shown(text: str, width: int = 40) -> str:
    """``text`` cut to ``width`` characters for a message."""
    return text if len(text) <= width else text[: width - 3] + "..."
