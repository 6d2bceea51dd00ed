"""Netrunner Swiss pairing with the criteria of Excalibur (a Netrunner pairing engine).

The engine considers every possible pairing of the players present - who meets whom,
who gets the bye, who plays Corp (``Board.white``) and who Runner (``Board.black``) -
and returns one that is best under the spec's criteria, compared strictly in priority
order (lower is better at every level):

1. rematches, from the highest meeting count down (a third meeting is worse than any
   number of second meetings); a repeat bye is a meeting with "the bye" and counts at
   the level of its count (a second bye with the second meetings);
2. the bye to the player with the lower score (cost: the bye receiver's score-group
   index, 0 = the lowest group present);
3. players with side difference (Corp games minus Runner games, after the round) of 3
   or more, from the highest difference down;
4. players with same-side streaks of 3 or more, from the longest streak down;
5. matches across score groups, from the widest crossing down (crossing = distance of
   the two score-group indices; score groups = the distinct scores present);
6. players with side difference of exactly 2;
7. players who do not play the side opposite to their previous game (so: more players
   alternating is better).

Reading of the text where it leaves room: every criterion is evaluated on the state
after the candidate round for every player present, the bye receiver included with his
record unchanged; only pairing-allocated byes are byes; forfeited games count as
meetings but not as games on a side; streaks and "previous side" look at played games
only (a pending game counts as played).

Extras a tournament organiser expects (all optional):

* ``last_round_relaxation``: the spec notes FIDE permits side differences and streaks
  of three in the last round, and that Excalibur has *no* special last-round handling.
  With this option on, in the tournament's last round (``total_rounds``) the level-3
  parts of criteria 3 and 4 (difference exactly 3, streak exactly 3) move below
  criterion 5; differences and streaks of 4 or more keep their place. Default: off,
  as the spec. ``last_round=True``/``False`` forces the relaxation on or off for the
  round being paired whatever the round number.
* ``no_bye_after_forfeit_win``: FIDE C.04.1 - a player who already had a
  pairing-allocated bye or a forfeit win gets no bye. Implemented as a criterion 0
  above all others: absolute whenever any pairing satisfies it.
* Forbidden pairs (``XXP``) are criterion 0 as well (avoided whenever possible).
* Double-sided rounds (``tournament.double_rounds``): each pair plays both sides in the
  round, so criteria 3, 4, 6 and 7 do not apply; a round is two TRF columns and counts
  as one meeting.

Equally good pairings are chosen among at random, reproducibly from ``seed``.

Around the engine: ``cost_vector`` / ``RoundProblem.vector`` is the pure criterion
evaluation (one count per criterion, lexicographic, lower is better); ``check`` compares
a stored round with the optimum and names the first criterion where it is worse;
``explain`` adds readable lines to ``Pairing.info``. Points are Netrunner's (win 3,
tie 1, loss 0, bye 3: ``NETRUNNER_POINTS``) whenever the tournament carries the
model's default point system, i.e. gave none. Standings: points, then strength of
schedule and extended strength of schedule (``ranking_criteria``; byes are not
opponents, as in the community tools).

Exactness: the weight encoding
-------------------------------
Every criterion decomposes over the "slots" of a pairing once the side of each match is
chosen: a match contributes its pair terms (meeting count, score-group crossing,
forbidden pair) plus each player's side terms for his side; the bye contributes the
receiver's bye terms and his unchanged side record. For a fixed round, criterion ``i``
(in priority order, ``i = 1..K``) has a total ``c_i`` over any pairing bounded by a
known ``U_i``, computed from the records before the round: a count of players is at
most ``n``, of matches at most ``floor(n/2)``, and tighter where the records allow it
(only players at side difference ``d - 1``, ``d`` or ``d + 1`` can end at ``d``; only
players with a streak of ``s - 1`` or ``s`` can end with ``s``; a k-th meeting needs
two players who met ``k - 1`` times; a match crossing ``d`` groups needs a player in
each of the outer ranges), which keeps the weights short. Give criterion ``i`` the bit
offset ``o_i`` with

    o_K = b_noise,   o_i = o_{i+1} + bits(U_{i+1}),   bits(U) = U.bit_length(),

so ``2**bits(U) > U``. The cost of a pairing is ``C = sum_i c_i * 2**o_i + noise`` with
``0 <= noise < 2**b_noise``. Claim: for every ``i``,
``sum_{j>i} c_j * 2**o_j + noise <= 2**o_i - 1``. Proof by induction from the bottom:
it holds for the noise; and ``c_{i+1} * 2**o_{i+1} + (2**o_{i+1} - 1) <=
(2**bits(U_{i+1}) - 1) * 2**o_{i+1} + 2**o_{i+1} - 1 = 2**o_i - 1``. So the lower
criteria together can never reach one unit of a higher one: ``C`` orders pairings
exactly lexicographically by ``(c_1, ..., c_K)`` and then by noise. (This is what the
known failure in other Netrunner tools lacked: a side penalty that could outweigh a
rematch.) ``tests/test_netrunner.py`` checks the inequality on real layouts and checks
the engine against a brute force over all pairings.

A slot's cost is an integer; a match's cost is the cheaper of its two side
assignments. With ``T = 2**(o_1 + bits(U_1))`` greater than any cost, every edge gets
weight ``T - cost`` and a maximum-weight maximum-cardinality matching (an odd field
adds one "bye" vertex joined to every player) minimises ``C``: all perfect matchings
have the same number of edges, so maximising the weight sum minimises the cost sum.

Random tie-breaking: each (match, side assignment) and each bye candidate gets seeded
random noise of ``NOISE_BITS`` bits; a pairing has at most ``ceil(n/2)`` slots, so
``b_noise = NOISE_BITS + ceil(n/2).bit_length()`` bounds the total noise. Noise only
decides between pairings that are equal on every criterion; as the spec itself admits,
not all best pairings are exactly equally likely.

The graph: the reference builds one Python edge per slot (weight ``T - cost``, noise
drawn pair by pair in row order, two per pair, then one per bye) and hands them to
``max_weight_matching`` (:func:`_match_python`). With the compiled extension the graph
is built there instead (``NetrunnerGraph``, :func:`_match_compiled`) from per-player
arrays: each player's side costs and score group, the crossing cost per distance, the
rematch and forbidden-pair costs, the bye costs, ``T`` and the state of the engine's
generator, from which it draws the same noise (Python's generator is the Mersenne
Twister; ``getrandbits(k)`` is its next 32-bit output shifted right by ``32 - k``). It
chooses the same sides, gives every edge the same weight, picks the same width and
offset for maximum cardinality and runs the same blossom algorithm, so the pairing is
identical, including the choice among equal optima (``tests/test_netrunner_graph.py``).
A round whose weight matrix would exceed :data:`DENSE_BYTES` runs over the implicit
graph (each weight computed when the algorithm reads it from one 32-bit word per pair:
the side, the noise and whether the pair has a rematch or forbidden-pair cost). Weights
too wide for the extension go back to the Python edges.
"""

from __future__ import annotations

import dataclasses
import math
import random
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from fairpair.errors import InputError, NoPairingError
from fairpair.matching import backend, max_weight_matching
from fairpair.model import (
    Board,
    ByeKind,
    Colour,
    Pairing,
    PointSystem,
    ResultCode,
    Tournament,
)
from fairpair.systems.descriptor import Option, SystemDescriptor
from fairpair.tiebreaks import parse_tiebreaks

try:  # the compiled extension is optional (pure-Python fallback)
    from fairpair.matching._blossom import NetrunnerGraph as _NetrunnerGraph
except ImportError:  # pragma: no cover - depends on the build
    _NetrunnerGraph = None  # type: ignore[assignment,misc]

__all__ = [
    "DESCRIPTOR",
    "NETRUNNER_POINTS",
    "NOISE_BITS",
    "Criterion",
    "ExtendedStrengthOfSchedule",
    "NetrunnerPoints",
    "NetrunnerSystem",
    "RoundProblem",
    "StrengthOfSchedule",
    "cost_vector",
    "netrunner_tournament",
    "parse_netrunner_tiebreaks",
]

#: Netrunner points: win 3, tie 1, loss 0 on either side; the bye is worth a win.
NETRUNNER_POINTS = PointSystem.uniform(3, 1, 0)

#: Bits of random noise per slot (tie-breaking between equally good pairings).
NOISE_BITS = 20

#: Where the matching graph is built: ``"auto"`` in the compiled extension when it is
#: available (``NetrunnerGraph``: per-player costs, the noise drawn there from the
#: state of the engine's generator), ``"python"`` always as Python edge tuples (the
#: reference the compiled graph is tested against; both give identical pairings).
GRAPH = "auto"

#: A round whose n x n weight matrix would take more bytes than this is solved over
#: the implicit graph (each weight computed when the matcher reads it, from one 32-bit
#: word per pair): the same algorithm, so the same matching, in a fraction of the memory.
DENSE_BYTES = 256 << 20

CORP = Colour.WHITE
RUNNER = Colour.BLACK


def netrunner_tournament(tournament: Tournament) -> Tournament:
    """The tournament with Netrunner points when it does not specify its own.

    A tournament whose point system is the model's default (the FIDE 1/0.5/0, i.e.
    none given) is scored 3/1/0 with a 3-point bye.
    """
    if tournament.points == PointSystem():
        # kept with the tournament (immutable), so that its derived values (the
        # state, the schedule) are worked out once, not once per criterion
        scored: Tournament | None = tournament.__dict__.get("_netrunner_scored")
        if scored is None:
            scored = tournament.__dict__["_netrunner_scored"] = tournament.replace(
                points=NETRUNNER_POINTS
            )
        return scored
    return tournament


# ---------------------------------------------------------------------------------------
# Criteria
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Criterion:
    """One component of the cost vector.

    ``rule`` is the criterion's number in the spec's list (0 for the extras above
    criterion 1), ``bound`` the largest total it can reach over any pairing of the
    round (the weight encoding relies on it).
    """

    rule: int
    key: str
    label: str
    bound: int


def _ordinal(k: int) -> str:
    names = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}
    return names.get(k, f"{k}th")


@dataclass
class _Record:
    """What the criteria need to know about one present player before the round."""

    score: Fraction
    group: int = 0
    meetings: Counter[int] = field(default_factory=Counter)
    byes: int = 0
    forfeit_wins: int = 0
    side_difference: int = 0
    last_side: Colour | None = None
    streak: int = 0


@dataclass
class _Terms:
    """Sparse criterion counts: criterion index -> count."""

    counts: dict[int, int] = field(default_factory=dict)

    def add(self, index: int, count: int = 1) -> None:
        if count:
            self.counts[index] = self.counts.get(index, 0) + count


class RoundProblem:
    """The criteria of one round: who is present, their records, the cost layout.

    Built from the rounds before ``round_number`` only. ``vector(pairing)`` is the
    pure criterion evaluation; ``solve(seed)`` finds a best pairing.
    """

    def __init__(
        self,
        tournament: Tournament,
        round_number: int,
        *,
        last_round: bool | None = None,
        no_bye_after_forfeit_win: bool = False,
        double_sided: bool | None = None,
        last_round_relaxation: bool = False,
    ) -> None:
        tournament = netrunner_tournament(tournament)
        self.double = tournament.double_rounds if double_sided is None else double_sided
        if round_number < 1:
            raise InputError(
                f"round {round_number} cannot be paired", expected="a round >= 1", field="round"
            )
        if self.double and round_number % 2 == 0:
            raise InputError(
                f"round column {round_number} is the second half of a double-sided round",
                expected="the first (odd) column of the round",
            )
        self.round = round_number
        last_column = round_number + (1 if self.double else 0)
        if last_round is None:
            total = tournament.total_rounds
            last_round = last_round_relaxation and total is not None and last_column >= total
        self.last_round = last_round
        self.no_bye_after_forfeit_win = no_bye_after_forfeit_win
        self.players: tuple[int, ...] = tournament.present_players(round_number)
        self.records: dict[int, _Record] = self._read_records(tournament)
        present = set(self.players)
        self.forbidden: set[frozenset[int]] = {
            pair for pair in tournament.forbidden_pairs if pair <= present and len(pair) == 2
        }
        self.criteria: tuple[Criterion, ...] = ()
        self._index: dict[str, int] = {}
        self._build_layout()
        self.offsets: tuple[int, ...] = self._offsets()

    # -- player records ------------------------------------------------------------------

    def _round_group(self, column: int) -> int:
        """The pairing round a TRF column belongs to (double rounds: two columns)."""
        return (column + 1) // 2 if self.double else column

    def _read_records(self, tournament: Tournament) -> dict[int, _Record]:
        state = tournament.state(after_round=self.round - 1)
        records: dict[int, _Record] = {}
        for number in self.players:
            player = state[number]
            rec = _Record(score=player.score)
            met: set[tuple[int, int]] = set()
            bye_rounds: set[int] = set()
            for r in player.records:
                group = self._round_group(r.round)
                if r.opponent is not None:
                    met.add((group, r.opponent))
                    if r.result is ResultCode.FORFEIT_WIN:
                        rec.forfeit_wins += 1
                    if r.colour is not None and (r.result is None or r.result.played):
                        self._play_side(rec, r.colour)
                elif r.bye is ByeKind.PAIRING_ALLOCATED:
                    bye_rounds.add(group)
            rec.meetings = Counter(opponent for _, opponent in met)
            rec.byes = len(bye_rounds)
            records[number] = rec
        scores = sorted({rec.score for rec in records.values()})
        group_of = {score: i for i, score in enumerate(scores)}
        for rec in records.values():
            rec.group = group_of[rec.score]
        self.score_groups = len(scores)
        return records

    @staticmethod
    def _play_side(rec: _Record, side: Colour) -> None:
        rec.side_difference += 1 if side is CORP else -1
        rec.streak = rec.streak + 1 if rec.last_side is side else 1
        rec.last_side = side

    # -- layout ------------------------------------------------------------------------

    def _build_layout(self) -> None:
        n = len(self.players)
        odd = n % 2 == 1
        slots = (n + 1) // 2
        matches = n // 2
        recs = self.records.values()
        criteria: list[Criterion] = []

        def add(rule: int, key: str, label: str, bound: int) -> None:
            self._index[key] = len(criteria)
            criteria.append(Criterion(rule, key, label, bound))

        present = set(self.players)
        diffs = Counter(abs(r.side_difference) for r in recs)
        streaks = Counter(r.streak for r in recs)
        group_sizes = Counter(r.group for r in recs)

        def meeting_bound(k: int) -> int:
            """Slots that can be a k-th meeting: matches of two players who met k - 1
            times (at most half of the players with such an opponent), the bye of a
            player with k - 1 byes."""
            with_opponent = sum(
                1
                for p, r in self.records.items()
                if any(c == k - 1 and q in present and q != p for q, c in r.meetings.items())
            )
            bye = odd and any(r.byes == k - 1 for r in recs)
            return min(matches, with_opponent // 2) + (1 if bye else 0)

        def crossing_bound(d: int) -> int:
            """Matches crossing d groups: each has a player in groups 0..G-1-d and one
            in groups d..G-1, all different players."""
            low = sum(size for g, size in group_sizes.items() if g <= self.score_groups - 1 - d)
            high = sum(size for g, size in group_sizes.items() if g >= d)
            return min(matches, low, high)

        # 0: extras, absolute whenever possible.
        if self.forbidden:
            add(0, "forbidden", "forbidden pairs", min(matches, len(self.forbidden)))
        if odd and self.no_bye_after_forfeit_win:
            add(0, "bye-after", "bye to a player with an earlier bye or forfeit win", 1)
        # 1: rematches (and repeat byes), highest meeting count first.
        top_meeting = max((max(r.meetings.values(), default=0) for r in recs), default=0)
        if odd:
            top_meeting = max(top_meeting, max((r.byes for r in recs), default=0))
        for k in range(top_meeting + 1, 1, -1):
            label = f"{_ordinal(k)} meetings (or {_ordinal(k)} byes)"
            add(1, f"meeting-{k}", label, meeting_bound(k))
        # 2: the bye to the lower score.
        if odd:
            add(2, "bye-score", "score groups above the lowest of the bye", self.score_groups - 1)
        side_levels: list[int] = []
        streak_levels: list[int] = []
        if not self.double:
            top_diff = max((abs(r.side_difference) for r in recs), default=0) + 1
            top_streak = max((r.streak for r in recs), default=0) + 1
            side_levels = list(range(top_diff, 2, -1))
            streak_levels = list(range(top_streak, 2, -1))
        # A player ends at |difference| d only from d - 1, d or d + 1; at streak s only
        # from s - 1 (playing on) or s (the bye).
        side_bound = {d: diffs[d - 1] + diffs[d] + diffs[d + 1] for d in [*side_levels, 2]}
        streak_bound = {s: streaks[s - 1] + streaks[s] for s in streak_levels}
        deferred = {3} if self.last_round else set()
        # 3, 4: side differences and streaks of 3 or more.
        for d in side_levels:
            if d not in deferred:
                add(3, f"side-difference-{d}", f"players with side difference {d}", side_bound[d])
        for s in streak_levels:
            if s not in deferred:
                label = f"players with a same-side streak of {s}"
                add(4, f"streak-{s}", label, streak_bound[s])
        # 5: score-group crossings, widest first.
        for d in range(self.score_groups - 1, 0, -1):
            label = f"matches crossing {d} score group{'s' if d > 1 else ''}"
            add(5, f"crossing-{d}", label, crossing_bound(d))
        # Last round: differences and streaks of exactly 3 come after the score groups.
        if 3 in deferred and 3 in side_levels:
            label = "players with side difference 3 (last round)"
            add(3, "side-difference-3", label, side_bound[3])
        if 3 in deferred and 3 in streak_levels:
            label = "players with a same-side streak of 3 (last round)"
            add(4, "streak-3", label, streak_bound[3])
        if not self.double:
            # 6, 7.
            add(6, "side-difference-2", "players with side difference 2", side_bound[2])
            add(7, "not-alternating", "players not alternating sides", n)
        self.criteria = tuple(criteria)
        self.noise_bits = NOISE_BITS + slots.bit_length()

    def _offsets(self) -> tuple[int, ...]:
        """Bit offset of each criterion (see the module docstring for the proof)."""
        offsets = [0] * len(self.criteria)
        offset = self.noise_bits
        for i in range(len(self.criteria) - 1, -1, -1):
            offsets[i] = offset
            offset += self.criteria[i].bound.bit_length()
        self.total_bits = offset
        return tuple(offsets)

    def _at(self, key: str) -> int:
        """Index of criterion ``key`` (it must exist for the counts the round can have)."""
        return self._index[key]

    # -- the terms each slot contributes ------------------------------------------------

    def side_terms(self, player: int, side: Colour | None, terms: _Terms) -> None:
        """Criteria 3, 4, 6, 7 for ``player`` playing ``side`` (None: the bye)."""
        if self.double:
            return
        rec = self.records[player]
        if side is None:
            difference, streak, alternates = rec.side_difference, rec.streak, False
        else:
            difference = rec.side_difference + (1 if side is CORP else -1)
            streak = rec.streak + 1 if rec.last_side is side else 1
            alternates = rec.last_side is not None and rec.last_side is not side
        if abs(difference) >= 3:
            terms.add(self._at(f"side-difference-{abs(difference)}"))
        elif abs(difference) == 2:
            terms.add(self._at("side-difference-2"))
        if streak >= 3:
            terms.add(self._at(f"streak-{streak}"))
        if not alternates:
            terms.add(self._at("not-alternating"))

    def pair_terms(self, a: int, b: int, terms: _Terms) -> None:
        """Criteria 0 (forbidden pair), 1 (rematch level) and 5 (crossing) of a match."""
        if frozenset((a, b)) in self.forbidden:
            terms.add(self._at("forbidden"))
        meeting = self.records[a].meetings[b] + 1
        if meeting >= 2:
            terms.add(self._at(f"meeting-{meeting}"))
        crossing = abs(self.records[a].group - self.records[b].group)
        if crossing:
            terms.add(self._at(f"crossing-{crossing}"))

    def bye_terms(self, player: int, terms: _Terms) -> None:
        """Criteria 0 (FIDE bye rule), 1 (repeat bye) and 2 (bye score) of the bye."""
        rec = self.records[player]
        if self.no_bye_after_forfeit_win and (rec.byes or rec.forfeit_wins):
            terms.add(self._at("bye-after"))
        if rec.byes + 1 >= 2:
            terms.add(self._at(f"meeting-{rec.byes + 1}"))
        terms.add(self._at("bye-score"), rec.group)
        self.side_terms(player, None, terms)

    def match_terms(self, corp: int, runner: int, terms: _Terms) -> None:
        self.pair_terms(corp, runner, terms)
        self.side_terms(corp, CORP, terms)
        self.side_terms(runner, RUNNER, terms)

    def encode(self, terms: _Terms) -> int:
        """The integer cost of some terms (criterion ``i`` at bit offset ``o_i``)."""
        offsets = self.offsets
        return sum(count << offsets[i] for i, count in terms.counts.items())

    # -- evaluation ----------------------------------------------------------------------

    def validate(self, pairing: Pairing) -> list[str]:
        """Structural problems: players missing, paired twice, absent, bad bye."""
        problems: list[str] = []
        seen: Counter[int] = Counter()
        for board in pairing.boards:
            seen[board.white] += 1
            seen[board.black] += 1
        if pairing.bye is not None:
            seen[pairing.bye] += 1
        present = set(self.players)
        r = self.round
        for number in sorted(seen):
            if seen[number] > 1:
                problems.append(f"round {r}: player {number} is paired more than once")
            if number not in present:
                problems.append(f"round {r}: player {number} is paired but not present")
        for number in sorted(present - set(seen)):
            problems.append(f"round {r}: player {number} is present but not paired")
        if pairing.bye is not None and len(present) % 2 == 0:
            problems.append(f"round {r}: bye to {pairing.bye} in an even field")
        return problems

    def terms_of(self, pairing: Pairing) -> _Terms:
        terms = _Terms()
        for board in pairing.boards:
            self.match_terms(board.white, board.black, terms)
        if pairing.bye is not None:
            self.bye_terms(pairing.bye, terms)
        return terms

    def vector(self, pairing: Pairing) -> tuple[int, ...]:
        """The cost vector of ``pairing`` (one count per criterion, priority order)."""
        counts = self.terms_of(pairing).counts
        return tuple(counts.get(i, 0) for i in range(len(self.criteria)))

    def describe(self, vector: Sequence[int]) -> dict[str, int]:
        return {c.key: v for c, v in zip(self.criteria, vector, strict=True)}

    # -- the engine ----------------------------------------------------------------------

    def _slot_costs(self) -> _SlotCosts:
        """The costs of the slots without noise, by position in ``players``."""
        players = self.players
        encode = self.encode

        def side_cost(p: int, side: Colour | None) -> int:
            terms = _Terms()
            self.side_terms(p, side, terms)
            return encode(terms)

        crossing = [0] * max(self.score_groups, 1)
        for d in range(1, self.score_groups):
            terms = _Terms()
            terms.add(self._at(f"crossing-{d}"))
            crossing[d] = encode(terms)
        position = {p: i for i, p in enumerate(players)}
        extra: dict[tuple[int, int], int] = {}
        for i, p in enumerate(players):
            for q, count in self.records[p].meetings.items():
                j = position.get(q)
                if j is not None and i < j:
                    terms = _Terms()
                    terms.add(self._at(f"meeting-{count + 1}"))
                    extra[i, j] = encode(terms)
        for pair in self.forbidden:
            i, j = sorted(position[p] for p in pair)
            terms = _Terms()
            terms.add(self._at("forbidden"))
            extra[i, j] = extra.get((i, j), 0) + encode(terms)
        bye: list[int] = []
        if len(players) % 2:
            for p in players:
                terms = _Terms()
                self.bye_terms(p, terms)
                bye.append(encode(terms))
        return _SlotCosts(
            corp=[side_cost(p, CORP) for p in players],
            runner=[side_cost(p, RUNNER) for p in players],
            groups=[self.records[p].group for p in players],
            crossing=crossing,
            extra=extra,
            bye=bye,
            top=1 << self.total_bits,
        )

    def solve(self, seed: int = 0) -> Pairing:
        """A best pairing; ties are broken by noise drawn from ``seed``.

        ``info["criteria"]`` holds its cost vector by criterion key (the explanation,
        :func:`explanation_of`, is built from the pairing by the system).
        """
        players = self.players
        n = len(players)
        if n == 0:
            raise NoPairingError(f"round {self.round}: no players to pair")
        rng = random.Random(f"fairpair-netrunner:{seed}:{self.round}")
        costs = self._slot_costs()
        found = _match_compiled(costs, rng) if _compiled_graph() else None
        mate, slot = found if found is not None else _match_python(costs, rng)
        boards: list[Board] = []
        bye: int | None = None
        chosen_cost = 0
        for i in range(n):
            j = mate[i]
            if j < 0:
                raise NoPairingError(f"round {self.round}: the matching left {players[i]} out")
            if j == n:
                bye = players[i]
                chosen_cost += slot(i, n)[1]
            elif i < j:
                a, b = players[i], players[j]
                corp_first, cost = slot(i, j)
                boards.append(Board(a, b) if corp_first else Board(b, a))
                chosen_cost += cost
        pairing = Pairing(round=self.round, boards=self._board_order(boards), bye=bye)
        vector = self.vector(pairing)
        # Internal consistency: the matcher's cost and the pure evaluation agree.
        if chosen_cost >> self.noise_bits != self.encode_vector(vector) >> self.noise_bits:
            raise AssertionError("netrunner: edge costs disagree with the cost vector")
        info: dict[str, Any] = {
            "criteria": self.describe(vector),
            "last_round": self.last_round,
        }
        return Pairing(
            round=self.round,
            boards=pairing.boards,
            bye=bye,
            double=self.double,
            info=info,
        )

    def encode_vector(self, vector: Sequence[int]) -> int:
        return sum(v << o for v, o in zip(vector, self.offsets, strict=True))

    def _board_order(self, boards: Iterable[Board]) -> tuple[Board, ...]:
        """Top boards first: higher score of the pair, then the other score, then number."""

        def key(board: Board) -> tuple[Fraction, Fraction, int]:
            a, b = self.records[board.white].score, self.records[board.black].score
            return (-max(a, b), -min(a, b), min(board.white, board.black))

        return tuple(sorted(boards, key=key))


@dataclass
class _SlotCosts:
    """The slot costs of a round without noise, by position in ``players``: each
    player's side terms as Corp and as Runner, his score group, the cost of a crossing
    per group distance, the extra costs of pairs ``i < j`` (rematch, forbidden pair),
    each player's bye cost (odd fields only), and ``top``, above every slot's cost."""

    corp: list[int]
    runner: list[int]
    groups: list[int]
    crossing: list[int]
    extra: dict[tuple[int, int], int]
    bye: list[int]
    top: int


#: ``slot(i, j)``: whether ``i`` plays Corp in the match ``i``-``j`` and its cost with
#: noise (``j = n``: False and the cost of ``i``'s bye).
_Slot = Callable[[int, int], tuple[bool, int]]


def _compiled_graph() -> bool:
    """Whether rounds are matched on the compiled graph (see :data:`GRAPH`)."""
    return _NetrunnerGraph is not None and GRAPH != "python" and backend() == "compiled"


def _match_python(costs: _SlotCosts, rng: random.Random) -> tuple[list[int], _Slot]:
    """The reference: each slot a Python edge of weight ``top - cost``, a match on the
    cheaper of its two side assignments (ties: ``i`` plays Corp), noise drawn pair by
    pair in row order (two per pair), then one per bye; the matching of
    ``max_weight_matching`` with maximum cardinality."""
    corp_cost, runner_cost, groups = costs.corp, costs.runner, costs.groups
    crossing_cost, extra, top = costs.crossing, costs.extra, costs.top
    n = len(corp_cost)
    getrandbits = rng.getrandbits
    edges: list[tuple[int, int, int]] = []
    corp_first: dict[tuple[int, int], bool] = {}
    slot_cost: dict[tuple[int, int], int] = {}
    for i in range(n):
        ci, ri, gi = corp_cost[i], runner_cost[i], groups[i]
        for j in range(i + 1, n):
            first = ci + runner_cost[j] + getrandbits(NOISE_BITS)
            second = corp_cost[j] + ri + getrandbits(NOISE_BITS)
            cost = crossing_cost[abs(gi - groups[j])] + extra.get((i, j), 0)
            if first <= second:
                cost += first
                corp_first[i, j] = True
            else:
                cost += second
                corp_first[i, j] = False
            slot_cost[i, j] = cost
            edges.append((i, j, top - cost))
    for i, bye_cost in enumerate(costs.bye):
        cost = bye_cost + getrandbits(NOISE_BITS)
        slot_cost[i, n] = cost
        edges.append((i, n, top - cost))
    mate = max_weight_matching(n + n % 2, edges, max_cardinality=True)
    return mate, lambda i, j: (corp_first.get((i, j), False), slot_cost[i, j])


def _match_compiled(costs: _SlotCosts, rng: random.Random) -> tuple[list[int], _Slot] | None:
    """The same matching on the compiled graph (``NetrunnerGraph``), which draws the
    same noise from the generator's state (``rng`` itself is left as it is); None when
    the weights are too wide for it."""
    n = len(costs.corp)
    try:
        graph = _NetrunnerGraph(
            corp=costs.corp,
            runner=costs.runner,
            group=costs.groups,
            crossing=costs.crossing,
            extra=[(i, j, cost) for (i, j), cost in costs.extra.items()],
            bye=costs.bye,
            top=costs.top,
            noise_bits=NOISE_BITS,
            state=list(rng.getstate()[1]),
        )
        graph.dense_limit = DENSE_BYTES
        mate = graph.solve()
    except OverflowError:
        return None
    except RuntimeError as exc:  # pragma: no cover - an internal check of the C++ code failed
        warnings.warn(
            f"compiled Netrunner graph failed ({exc}); using the Python edges",
            RuntimeWarning,
            stacklevel=2,
        )
        return None

    def slot(i: int, j: int) -> tuple[bool, int]:
        corp_first, noise = graph.slot(i, j)
        if j == n:
            return False, costs.bye[i] + noise
        corp, runner = (i, j) if corp_first else (j, i)
        cost = costs.crossing[abs(costs.groups[i] - costs.groups[j])] + costs.extra.get((i, j), 0)
        return corp_first, cost + costs.corp[corp] + costs.runner[runner] + noise

    return mate, slot


def explanation_of(
    problem: RoundProblem, tournament: Tournament, pairing: Pairing
) -> dict[str, Any]:
    """The round as structured data for :mod:`fairpair.explain`: the criteria counts,
    the score groups, per board the sides, rematches and games across groups, and
    the side records that the criteria look at."""
    from fairpair.explain import Explainer

    kind = "double-sided" if problem.double else "single-sided"
    ex = Explainer(
        netrunner_tournament(tournament),
        pairing.round,
        "netrunner",
        f"Netrunner Swiss ({kind}{', last round' if problem.last_round else ''})",
    )
    ex.doc["colour_words"] = {"white": "plays Corp"}
    ex.note("netrunner_method", "Netrunner criteria 1-7")
    vector = problem.vector(pairing)
    broken = [
        f"{c.label} {value}" for c, value in zip(problem.criteria, vector, strict=True) if value
    ]
    ex.note("netrunner_counts", text="; ".join(broken) or "nothing counted against it")
    ex.detail(
        double=problem.double,
        last_round=problem.last_round,
        present=len(problem.players),
        criteria=[
            {"rule": c.rule, "key": c.key, "label": c.label, "count": value}
            for c, value in zip(problem.criteria, vector, strict=True)
        ],
    )
    records = problem.records
    groups: dict[int, int] = {}
    for number in sorted(problem.players, key=lambda n: (-records[n].score, n)):
        rec = records[number]
        if rec.group not in groups:
            members = [n for n in problem.players if records[n].group == rec.group]
            groups[rec.group] = ex.group(rec.score, sorted(members))
    for board in pairing.boards:
        corp, runner = board.white, board.black
        high, low = sorted((corp, runner), key=lambda n: (-records[n].score, n))
        ex.board(corp, runner, groups[records[low].group])
        meeting = records[corp].meetings[runner] + 1
        ex.board_detail(corp, runner, meeting=meeting)
        if meeting > 1:
            ex.board_note(
                corp,
                runner,
                "netrunner_meeting",
                "Netrunner criterion 1",
                ordinal=_ordinal(meeting),
            )
        distance = records[high].group - records[low].group
        if distance:
            ex.set(high, float="down")
            ex.set(low, float="up")
            ex.because(
                high,
                "netrunner_cross",
                "Netrunner criterion 5",
                opponent=low,
                groups=distance,
                plural="s" if distance > 1 else "",
            )
        if problem.double:
            continue
        for number, side in ((corp, CORP), (runner, RUNNER)):
            rec = records[number]
            difference = rec.side_difference + (1 if side is CORP else -1)
            streak = rec.streak + 1 if rec.last_side is side else 1
            ex.player_detail(number, side_difference=difference, streak=streak)
            if abs(difference) >= 2 or streak >= 2:
                ex.because(
                    number,
                    "netrunner_side_state",
                    "Netrunner criteria 3, 4, 6, 7",
                    difference=f"{difference:+d}",
                    streak=streak,
                    plural="s" if streak > 1 else "",
                )
    if pairing.bye is not None:
        if not problem.double:
            rec = records[pairing.bye]
            ex.player_detail(pairing.bye, side_difference=rec.side_difference, streak=rec.streak)
        ex.because(pairing.bye, "bye_netrunner", "Netrunner criteria 1, 2", player=pairing.bye)
    _why_me(ex, problem, pairing)
    return ex.finish(pairing)


# -- "why me" (``--explain`` only): the best pairing without the decision ---------------

#: The largest field for which ``--explain`` compares each decision with the best
#: pairing without it (one matching per player concerned).
WHY_LIMIT = 200


def _best_allowed(
    problem: RoundProblem,
    match_ok: Callable[[int, int], bool],
    bye_ok: Callable[[int], bool],
) -> Pairing | None:
    """The best pairing (by the criteria, ties: the first found; no noise) using only
    the matches ``match_ok(corp, runner)`` and byes ``bye_ok(player)`` allow; None if
    no pairing of everybody does."""
    players = problem.players
    n = len(players)
    costs = problem._slot_costs()
    edges: list[tuple[int, int, int]] = []
    corp_first: dict[tuple[int, int], bool] = {}
    for i in range(n):
        for j in range(i + 1, n):
            base = costs.crossing[abs(costs.groups[i] - costs.groups[j])]
            base += costs.extra.get((i, j), 0)
            options = []
            if match_ok(players[i], players[j]):
                options.append((costs.corp[i] + costs.runner[j], True))
            if match_ok(players[j], players[i]):
                options.append((costs.corp[j] + costs.runner[i], False))
            if options:
                cost, first = min(options, key=lambda o: o[0])
                corp_first[i, j] = first
                edges.append((i, j, costs.top - base - cost))
    for i, cost in enumerate(costs.bye):
        if bye_ok(players[i]):
            edges.append((i, n, costs.top - cost))
    mate = max_weight_matching(n + n % 2, edges, max_cardinality=True)
    boards: list[Board] = []
    bye: int | None = None
    for i in range(n):
        j = mate[i]
        if j < 0:
            return None
        if j == n:
            bye = players[i]
        elif i < j:
            a, b = players[i], players[j]
            boards.append(Board(a, b) if corp_first[i, j] else Board(b, a))
    return Pairing(round=problem.round, boards=problem._board_order(boards), bye=bye)


def _why(
    ex: Any,
    problem: RoundProblem,
    vector: tuple[int, ...],
    number: int,
    decision: str,
    alt: Pairing | None,
    **params: Any,
) -> None:
    """Compare the chosen pairing (``vector``) with ``alt``, the best one without the
    decision, and say which criterion decided (``details.why`` and a reason)."""
    if alt is None:
        ex.player_detail(number, why={"decision": decision, "alternative": None})
        return
    other = problem.vector(alt)
    index = next((k for k, (a, b) in enumerate(zip(vector, other, strict=True)) if a != b), None)
    if index is not None and other[index] < vector[index]:  # pragma: no cover - optimality
        return
    criterion = None if index is None else problem.criteria[index]
    ex.player_detail(
        number,
        why={
            "decision": decision,
            "computed": True,
            "alternative": {
                "boards": [[b.white, b.black] for b in alt.boards],
                "bye": alt.bye,
                "vector": list(other),
            },
            "criterion": None if criterion is None else criterion.rule,
            "criterion_key": None if criterion is None else criterion.key,
            "criterion_text": None if criterion is None else criterion.label,
            "chosen": None if index is None else vector[index],
            "alternative_value": None if index is None else other[index],
        },
    )
    if criterion is None:
        ex.because(number, f"why_{decision}_tie", "Netrunner criteria 1-7, then the seed", **params)
        return
    ex.because(
        number,
        f"why_{decision}_cost",
        f"Netrunner criterion {criterion.rule}",
        label=criterion.label,
        chosen=vector[index],  # type: ignore[index]
        alternative=other[index],  # type: ignore[index]
        **params,
    )


def _why_me(ex: Any, problem: RoundProblem, pairing: Pairing) -> None:
    """ "Why me" for the players who play across score groups, get the bye, or (single
    sided) end on a side difference of 2 or a streak of 2: the best pairing without
    it, and the first criterion on which it is worse."""
    concerned: list[int] = []
    records = problem.records
    crossing = {
        n
        for b in pairing.boards
        if records[b.white].group != records[b.black].group
        for n in (b.white, b.black)
    }
    if len(problem.players) > WHY_LIMIT:
        concerned = sorted(crossing | ({pairing.bye} if pairing.bye is not None else set()))
        for number in concerned:
            ex.player_detail(number, why={"computed": False})
            ex.because(number, "why_not_computed", None, player=number, limit=WHY_LIMIT)
        return
    vector = problem.vector(pairing)
    if pairing.bye is not None:
        bye = pairing.bye
        alt = _best_allowed(problem, lambda c, r: True, lambda p: p != bye)
        _why(
            ex,
            problem,
            vector,
            bye,
            "bye",
            alt,
            players=[] if alt is None or alt.bye is None else [alt.bye],
        )
    side_of = {b.white: CORP for b in pairing.boards} | {b.black: RUNNER for b in pairing.boards}
    for number in sorted(crossing):
        group = records[number].group

        def own_group(c: int, r: int, x: int = number, g: int = group) -> bool:
            return x not in (c, r) or records[r if c == x else c].group == g

        def no_bye(p: int, x: int = number) -> bool:
            return p != x

        alt = _best_allowed(problem, own_group, no_bye)
        _why(ex, problem, vector, number, "cross", alt)
    if problem.double:
        return
    for number, side in sorted(side_of.items()):
        rec = records[number]
        difference = rec.side_difference + (1 if side is CORP else -1)
        streak = rec.streak + 1 if rec.last_side is side else 1
        if abs(difference) < 2 and streak < 2:
            continue
        other_side = RUNNER if side is CORP else CORP

        def on_other(c: int, r: int, x: int = number, want: Colour = other_side) -> bool:
            return x not in (c, r) or (c == x) == (want is CORP)

        def not_bye(p: int, x: int = number) -> bool:
            return p != x

        alt = _best_allowed(problem, on_other, not_bye)
        _why(
            ex,
            problem,
            vector,
            number,
            "side",
            alt,
            side="Corp" if other_side is CORP else "Runner",
        )


def cost_vector(
    tournament: Tournament,
    round_number: int,
    pairing: Pairing,
    *,
    last_round: bool | None = None,
    no_bye_after_forfeit_win: bool = False,
    double_sided: bool | None = None,
    last_round_relaxation: bool = False,
) -> tuple[int, ...]:
    """The Excalibur cost vector of ``pairing`` for round ``round_number``.

    Lexicographic, lower is better; the components are ``RoundProblem.criteria`` (same
    options), computed from the rounds before ``round_number`` only.
    """
    problem = RoundProblem(
        tournament,
        round_number,
        last_round=last_round,
        no_bye_after_forfeit_win=no_bye_after_forfeit_win,
        double_sided=double_sided,
        last_round_relaxation=last_round_relaxation,
    )
    problems = problem.validate(pairing)
    if problems:
        raise InputError(problems[0], expected="a pairing of every present player")
    return problem.vector(pairing)


# ---------------------------------------------------------------------------------------
# The system
# ---------------------------------------------------------------------------------------


class NetrunnerSystem:
    """Excalibur-style Netrunner Swiss (see the module docstring)."""

    name = "netrunner"

    def __init__(
        self,
        *,
        seed: int = 0,
        last_round: bool | None = None,
        no_bye_after_forfeit_win: bool = False,
        double_sided: bool | None = None,
        explain: bool = False,
        tiebreaks: str | None = None,
        last_round_relaxation: bool = False,
    ) -> None:
        self.seed = seed
        self.last_round_relaxation = bool(last_round_relaxation)
        self.explain = explain
        self.tiebreaks: list[Any] = parse_netrunner_tiebreaks(tiebreaks or DEFAULT_TIEBREAKS)
        self.last_round = last_round
        self.no_bye_after_forfeit_win = no_bye_after_forfeit_win
        self.double_sided = double_sided

    def problem(self, tournament: Tournament, round_number: int) -> RoundProblem:
        return RoundProblem(
            tournament,
            round_number,
            last_round=self.last_round,
            no_bye_after_forfeit_win=self.no_bye_after_forfeit_win,
            double_sided=self.double_sided,
            last_round_relaxation=self.last_round_relaxation,
        )

    def pair(self, tournament: Tournament, round_number: int | None = None) -> Pairing:
        rnd = tournament.next_round() if round_number is None else round_number
        problem = self.problem(tournament, rnd)
        pairing = problem.solve(self.seed)
        if self.explain:
            info = {**pairing.info, "explanation": explanation_of(problem, tournament, pairing)}
            pairing = dataclasses.replace(pairing, info=info)
        return pairing

    def cost_vector(
        self, tournament: Tournament, round_number: int, pairing: Pairing
    ) -> tuple[int, ...]:
        problem = self.problem(tournament, round_number)
        problems = problem.validate(pairing)
        if problems:
            raise InputError(problems[0], expected="a pairing of every present player")
        return problem.vector(pairing)

    def check(self, tournament: Tournament, round_number: int) -> list[str]:
        """Is the stored round optimal given the rounds before it?

        Structural problems are reported first; otherwise the stored pairing's cost
        vector is compared with the optimum's, naming the first criterion where the
        stored pairing is worse and by how much.
        """
        problem = self.problem(tournament, round_number)
        stored = tournament.pairing_of(round_number)
        r = round_number
        if not stored.boards and stored.bye is None:
            return [f"round {r}: not paired"]
        problems = problem.validate(stored)
        if problem.double:
            problems += _check_double_columns(tournament, round_number)
        if problems:
            return problems
        have = problem.vector(stored)
        best = problem.vector(problem.solve(self.seed))
        for criterion, mine, optimum in zip(problem.criteria, have, best, strict=True):
            if mine != optimum:
                if mine < optimum:
                    break  # stored is better here: it is at least as good as the engine's
                return [
                    f"round {r}: not optimal at criterion {criterion.rule} "
                    f"({criterion.label}): {mine} in the file, {optimum} possible "
                    f"({mine - optimum} too many)"
                ]
        return []

    def ranking_criteria(self, tournament: Tournament) -> list[Any]:
        """Standings order: points, then the tiebreaks (default: strength of schedule,
        then extended strength of schedule)."""
        return [NetrunnerPoints(), *self.tiebreaks]


def _check_double_columns(tournament: Tournament, round_number: int) -> list[str]:
    """The second column of a double-sided round repeats the first with sides reversed
    (a game without sides, e.g. a forfeit, only needs the same two players)."""
    first = {frozenset(g.players): g for g in tournament.round(round_number).games}
    second = {frozenset(g.players): g for g in tournament.round(round_number + 1).games}
    problems: list[str] = []
    if set(first) != set(second):
        problems.append(
            f"round {round_number + 1}: the second game of a double-sided round must "
            f"repeat the pairs of round {round_number}"
        )
    for pair, game in second.items():
        earlier = first.get(pair)
        if earlier and earlier.coloured and game.coloured and game.white == earlier.white:
            problems.append(
                f"round {round_number + 1}: {game.white} plays Corp in both games "
                f"against {game.black}; sides must be reversed"
            )
    return problems


# ---------------------------------------------------------------------------------------
# Standings: points, strength of schedule, extended strength of schedule
# ---------------------------------------------------------------------------------------


def _schedule(
    tournament: Tournament, after_round: int
) -> tuple[dict[int, Fraction], dict[int, list[int]]]:
    """Points per round taken part in, and the opponents of each player (one entry per
    game with a result, forfeits included; byes are not opponents).

    What the records of the state say, from the rounds (a large tournament has a
    record per player and round), in whole units of the point system; cached."""
    scored = netrunner_tournament(tournament)
    cache: dict[int, tuple[dict[int, Fraction], dict[int, list[int]]]] = scored.__dict__.setdefault(
        "_netrunner_schedule", {}
    )
    found = cache.get(after_round)
    if found is None:
        found = cache[after_round] = _schedule_of(scored, after_round)
    return found


def _schedule_of(
    tournament: Tournament, after_round: int
) -> tuple[dict[int, Fraction], dict[int, list[int]]]:
    points = tournament.points
    codes = [*ResultCode]
    colours = (Colour.WHITE, Colour.BLACK, None)
    scale = math.lcm(
        points.bye_points(ByeKind.PAIRING_ALLOCATED).denominator,
        *(points.game_points(code, colour).denominator for code in codes for colour in colours),
    )
    bye = int(points.bye_points(ByeKind.PAIRING_ALLOCATED) * scale)
    units = {
        (code, colour): int(points.game_points(code, colour) * scale)
        for code in codes
        for colour in colours
    }
    opponents: dict[int, list[int]] = {p.number: [] for p in tournament.players}
    total = dict.fromkeys(opponents, 0)
    rounds = dict.fromkeys(opponents, 0)
    for rnd in tournament.rounds[:after_round]:
        seen: set[int] = set()
        for game in rnd.games:
            coloured = game.coloured
            for me, opponent, code, colour in (
                (game.white, game.black, game.white_result, Colour.WHITE if coloured else None),
                (game.black, game.white, game.black_result, Colour.BLACK if coloured else None),
            ):
                mine = opponents.get(me)
                if mine is None:
                    continue
                seen.add(me)
                if code is not None:  # a pending game does not count
                    mine.append(opponent)
                    total[me] += units[(code, colour)]
                    rounds[me] += 1
        for number, kind in rnd.byes.items():
            if number in opponents and number not in seen:
                seen.add(number)
                if kind is ByeKind.PAIRING_ALLOCATED:
                    total[number] += bye
                    rounds[number] += 1
    per_round = {
        n: Fraction(total[n], scale * rounds[n]) if rounds[n] else Fraction(0) for n in opponents
    }
    return per_round, opponents


#: Tiebreaks after the points unless configured (``tiebreaks="..."``).
DEFAULT_TIEBREAKS = "SOS,ESOS"


def parse_netrunner_tiebreaks(spec: str) -> list[Any]:
    """``"SOS,ESOS"`` -> tiebreak objects: ``SOS`` and ``ESOS`` are Netrunner's, any
    other code is one of :mod:`fairpair.tiebreaks` (e.g. ``"SOS,ESOS,WIN"``)."""
    own: dict[str, Any] = {"SOS": StrengthOfSchedule(), "ESOS": ExtendedStrengthOfSchedule()}
    result: list[Any] = []
    for part in spec.split(","):
        code = part.strip().upper()
        if code in own:
            result.append(own[code])
        elif code:
            result.extend(parse_tiebreaks(part))
    return result


def _means(
    values: Mapping[int, Fraction], opponents: Mapping[int, list[int]]
) -> dict[int, Fraction]:
    """Per player, the mean of ``values`` over his opponents (0 without any), summed
    as whole multiples of the values' common denominator (adding Fractions would take
    seconds for a large event)."""
    unit = math.lcm(1, *(value.denominator for value in values.values()))
    units = {n: value.numerator * (unit // value.denominator) for n, value in values.items()}
    return {
        n: Fraction(sum([units[o] for o in opps]), unit * len(opps)) if opps else Fraction(0)
        for n, opps in opponents.items()
    }


class NetrunnerPoints:
    """Prestige points (win 3, tie 1, loss 0, bye 3 unless the tournament says else)."""

    code = "PTS"
    name = "Points"
    descending = True

    def values(self, tournament: Tournament, after_round: int) -> Mapping[int, Fraction]:
        return dict(netrunner_tournament(tournament).scores(after_round))


class StrengthOfSchedule:
    """SoS: the average, over a player's opponents, of each opponent's points per round
    taken part in (games and byes). Byes are not opponents (community tools agree)."""

    code = "SOS"
    name = "Strength of schedule"
    descending = True

    def values(self, tournament: Tournament, after_round: int) -> Mapping[int, Fraction]:
        per_round, opponents = _schedule(tournament, after_round)
        return _means(per_round, opponents)


class ExtendedStrengthOfSchedule:
    """ESoS: the average of the opponents' strengths of schedule."""

    code = "ESOS"
    name = "Extended strength of schedule"
    descending = True

    def values(self, tournament: Tournament, after_round: int) -> Mapping[int, Fraction]:
        sos = StrengthOfSchedule().values(tournament, after_round)
        _, opponents = _schedule(tournament, after_round)
        return _means(sos, opponents)


#: What the workflow and the interfaces know of Netrunner Swiss.
DESCRIPTOR = SystemDescriptor(
    name="netrunner",
    summary="Excalibur-style Netrunner Swiss (Corp/Runner sides)",
    engine="fairpair.systems.netrunner:NetrunnerSystem",
    options=(
        Option("seed", "int", "random seed for choosing among equally good pairings", default=0),
        Option(
            "last_round_relaxation",
            "bool",
            "FIDE-style last round: side differences and streaks of 3 rank below score "
            "groups in the final round (the spec: Excalibur has none)",
            default=False,
        ),
        Option(
            "no_bye_after_forfeit_win",
            "bool",
            "FIDE rule: no bye for a player who had a bye or a forfeit win (not in the spec)",
            default=False,
        ),
        Option(
            "tiebreaks",
            "text",
            "standings tiebreaks after prestige",
            default=DEFAULT_TIEBREAKS,
            check=parse_netrunner_tiebreaks,
            expects="tiebreak codes separated by commas, e.g. SOS,ESOS",
        ),
        Option(
            "last_round",
            "bool",
            "treat this round as the last one (with last_round_relaxation) or not, "
            "whatever its number says",
        ),
        Option(
            "double_sided",
            "bool",
            "pair double-sided rounds (each pair plays both sides) or single-sided, "
            "whatever the file says",
        ),
    ),
    points=NETRUNNER_POINTS,
    sides=("corp", "runner"),
    initial_order="file",
    default_bye_points=Fraction(0),
    double_rounds=True,
    result_flags=("intentional_draw", "two_for_one"),
    own_ranking=True,
)
