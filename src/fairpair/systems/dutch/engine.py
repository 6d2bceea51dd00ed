"""Pairing one round by the Dutch rules: brackets top-down (B), criteria (C), order (D).

Each bracket (its moved-down players, MDPs, followed by its residents) is paired by
a maximum-weight matching over the bracket and the next scoregroup (or, for the PPB,
everybody below it). The weights encode the quality criteria (criteria.py). Among
the equally good pairings, B.8 asks for the first candidate in the generation order
of section D. That order is decided one step at a time below all criteria: each step
gives a small bonus to the edges of the next candidate property and re-solves (a warm
restart of the incremental matcher), keeping the property if an optimal pairing has
it:

1. the MDP-pairing first (B.7: the remainder is re-paired before the MDP-pairing is
   altered): pair the MDPs with the smallest BSNs (D.3), each with the first possible
   resident in order (the transpositions of S2 for the MDP-pairing, D.1);
2. then the remainder: the fewest exchanges (D.2.a), the smallest difference of the
   exchanged BSN sums (D.2.b), the highest BSNs moved out of S1 (D.2.c), the lowest
   moved into S1 (D.2.d), and finally the first transposition of S2 (D.1).

2017 rules: after each bracket the round-pairing outlook (A.9) is checked; if the
downfloaters and the players below cannot complete the round, the bracket is the PPB
and is paired again with the completion criterion C.4 over all remaining players, which
then form the collapsed last bracket.

2026 rules: the completion criterion C4 holds in every bracket, with the PAB going to
a player of the lowest score that allows a complete pairing (C5, fixed before the
first bracket). A bracket is first paired over itself and the next scoregroup; the
result stands if the round can still be completed around its pairs *and* the
look-ahead pairs of the next scoregroup that the optimum used (then no complete
pairing does better on any criterion, and the first candidate in generation order is
the same). Otherwise the bracket is paired again over all the players below it, with
completion as the top field, which is exact by construction. C9 (the unplayed games of
the PAB assignee) applies in the bracket of the PAB score when that bracket can pair
all its players but the one who gets the PAB.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, overload

from fairpair.errors import NoPairingError
from fairpair.matching.cardinality import CardinalityMatcher
from fairpair.matching.relaxation import class_duals
from fairpair.model import Colour
from fairpair.systems.dutch.criteria import (
    BracketContext,
    Compatibility,
    Fields,
    edge_fields,
    field_keys,
    pack_weights,
)
from fairpair.systems.dutch.graph import (
    BracketGraph,
    ClassWeights,
    CompatibilityGraph,
    Solver,
    make_graph,
)
from fairpair.systems.dutch.players import PlayerFacts, Units, score_units
from fairpair.systems.dutch.rules import RULES_2017, DutchRules

__all__ = ["BracketRecord", "BracketSpec", "RoundResult", "pair_players"]

Edge = tuple[int, int]
#: C.3 colour tags as the graphs take them: 0 none, two equal non-zero tags exclude.
_TAG_CODE = {None: 0, Colour.WHITE: 1, Colour.BLACK: 2}


@dataclass(frozen=True)
class BracketSpec:
    """The graph of one bracket as the criteria see it: ``players`` (its MDPs, then
    its residents, then the players below), ``m`` MDPs, ``nb`` players in the bracket,
    the next scoregroup up to ``next_end`` and the :class:`BracketContext` of the edge
    fields (2026: the exact form, over every player below with completion, C4)."""

    players: tuple[PlayerFacts, ...]
    m: int
    nb: int
    next_end: int
    ctx: BracketContext


@dataclass
class BracketRecord:
    """What happened in one bracket (for ``--explain``)."""

    score: Fraction
    mdps: list[int]
    residents: list[int]
    pairs: list[tuple[int, int]] = field(default_factory=list)
    downfloaters: list[int] = field(default_factory=list)
    ppb: bool = False
    collapsed: bool = False
    #: 2026: paired over all the players below it, so that the round can be completed.
    completion: bool = False
    #: 2026: C9 (unplayed games of the PAB assignee) applied in this bracket.
    pab_unplayed: bool = False
    #: The matching graph the bracket's decision is judged in (for ``--explain``'s
    #: "why me": :mod:`.whyme` re-solves it with one player constrained); not JSON.
    graph: BracketSpec | None = field(default=None, repr=False, compare=False)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "score": str(self.score),
            "mdps": self.mdps,
            "residents": self.residents,
            "pairs": [list(p) for p in self.pairs],
            "downfloaters": self.downfloaters,
            "ppb": self.ppb,
            "collapsed": self.collapsed,
        }
        if self.completion:
            data["completion"] = True
        if self.pab_unplayed:
            data["pab_unplayed"] = True
        return data


@dataclass
class RoundResult:
    pairs: list[tuple[int, int]]
    bye: int | None
    brackets: list[BracketRecord]
    #: 2026 C5: the lowest score the PAB could go to (None: even number of players, or
    #: 2017 rules).
    bye_score: Fraction | None = None


#: How many earlier D.1 decisions :meth:`_Bracket._excluded` looks at.
EXCLUSION_LOOKBACK = 32

#: The D.1 re-solve of an MDP's partner (:meth:`_Bracket._mdp_pairing`) starts afresh
#: from seeded duals instead of repairing the last solution (the same pairings; tests
#: switch it off to compare the two ways).
MDP_AFRESH = True

#: B.4 for a first candidate that covers the bracket graph: compare its criteria value
#: with an optimal matching's (:meth:`_Bracket._candidate_by_value`) instead of solving
#: with a bonus on its pairs, which costs several times a plain solve in a large
#: bracket (the same answer; tests switch it off to compare the two ways).
CANDIDATE_BY_VALUE = True

#: A bracket graph with an odd number of vertices gets one more, the float vertex,
#: joined to each of them by the same weight (the largest of the graph): every pairing
#: leaves a player over, and matching him to the float vertex adds the same amount to
#: every pairing, so the optimal pairings are the same (those of the graph, each with
#: one of its left-over players given to the float vertex), but the matcher no longer
#: lowers the left-over player's dual step by step through the whole graph (seconds in
#: a 3,000-player bracket with one MDP; tests switch it off to compare the two ways).
FLOAT_VERTEX = True

#: Once S1 is decided (D.1 on the remainder), the float vertex keeps its edges to the
#: players of S2 only, when the graph holds nobody below the bracket (the next
#: scoregroup set aside, or the last bracket). Every S1 player is the higher player of
#: a pair in an optimal pairing, and S1 players meet S2 players only, so giving one
#: of them to the float vertex would leave two players of S2 unpaired: one pair fewer
#: (C.5, 2026 C6; or the completion count above it), worse than every optimal pairing,
#: so the optimal pairings are the same. Without those edges the D.1 re-solves no
#: longer grow their alternating trees through the float vertex into S1 (they spanned
#: most of a 3,500-vertex bracket; tests switch it off to compare the two ways).
FLOAT_TO_S2 = True

#: D.1 also excludes a candidate by the class-level relaxation (:class:`_D1Bound`):
#: when even the relaxation's bound of the rest of the graph, plus the pair, falls short
#: of the criteria optimum, no optimal pairing gives the candidate to the player. Most
#: D.1 re-solves of a large bracket only confirmed the partner the player had (a later
#: S1 player of another class needs the earlier candidates: a colour count), and each
#: cost a re-solve whose alternating trees spanned the rest of the bracket (tests
#: switch it off to compare the two ways).
CLASS_EXCLUSION = True

#: :data:`CLASS_EXCLUSION` acts in graphs of at least this many vertices whose players
#: left fall into at most :data:`CLASS_EXCLUSION_GROUPS` groups: each question solves the
#: relaxation in Python (about O(k^3) for k groups: 0.1 ms for 4, 2 ms for 12, 30 ms for
#: 40), dearer than the re-solve it saves in a small graph (a 712-vertex bracket of a
#: 2,001-player round 2: 0.12 s of questions against 0.03 s of re-solves) or with many
#: groups (a mid-tournament round has dozens of classes; the round-2 brackets it is
#: for, 6 to 8). Tests lower and raise them so that it acts everywhere.
CLASS_EXCLUSION_MIN = 1000
CLASS_EXCLUSION_GROUPS = 10

#: D.1 also gives a player an earlier candidate than his partner in the last optimal
#: matching without a re-solve when every candidate before it is excluded and swapping
#: partners with the candidate's partner (a later S1 player, the float vertex or a
#: player below, who takes the player's partner) keeps the criteria value: that
#: matching is optimal in the criteria too, so the candidate is the first possible
#: (:meth:`_Bracket._swapped`; tests switch it off to compare the two ways).
SWAP_PROOF = True

#: A bracket is paired without the next scoregroup whenever that is proven not to
#: change the result (:func:`table_without_next_group`). Tests switch it off to
#: compare the two ways.
SET_ASIDE_NEXT_GROUP = True


def table_without_next_group(weights: ClassWeights, nb: int) -> list[int | None] | None:
    """The class table of a bracket (vertices ``0..nb-1``) that replaces the next
    scoregroup (``nb..``, everyone below it in ``weights``) exactly, or None when
    that cannot be proven.

    The next scoregroup ``L`` only receives the downfloaters ``F`` of the bracket ``B``.
    When every pair inside ``L`` has the criteria weight ``c`` and every pair from a
    player ``x`` of ``B`` to ``L`` the weight ``c + e(x)``, ``e(x) >= 0``, a matching
    is worth at most ``c * floor((|F| + |L|) / 2) + sum(e(x) for x in F)`` below the
    bracket, and exactly that when ``F`` and ``L`` have a matching that leaves none of
    ``F`` and at most one of ``L``. With ``|F| = |B| - 2 * pairs``, that is a constant
    minus ``c + e(x) + e(y)`` for every pair ``x``-``y`` of the bracket: the table of
    the bracket with those amounts taken off, without ``L``, orders the pairings of
    the bracket as the whole graph does, for every pairing where the bound is exact,
    and never puts one where it is not above them (the bound is the value of the same
    graph with ``L`` made complete, whose weights pack the same criteria: C.5, the
    most pairs, stays first).

    The bound is exact for every pairing with the most pairs (C.5; these are the only
    candidates) when every player of ``B`` and ``L`` has at least ``(f + |L|) / 2``
    neighbours in ``L``, ``f`` the largest number of downfloaters such a pairing can
    leave (at most ``|B|`` minus twice a greedy matching's pairs): then any ``f``
    downfloaters and ``L`` have a Hamiltonian cycle (Dirac's theorem), hence the
    matching needed. O(|B| * 64 + |L| + blocked pairs) (docs/matching.md, step 9).
    """
    classes, table, k = weights.classes, weights.table, weights.k
    n = len(classes)
    first: dict[int, int] = {}  # per class of L: its first and last vertex
    last: dict[int, int] = {}
    for v in range(nb, n):
        first.setdefault(classes[v], v)
        last[classes[v]] = v
    # Every pair inside L that occurs (a vertex of class a before one of class b)
    # weighs c; every pair from the bracket into L weighs c + e >= c.
    inside = {table[a * k + b] for a in first for b in first if first[a] < last[b]}
    if len(inside) != 1 or None in inside:
        return None
    c = min(w for w in inside if w is not None)
    if c <= 0:
        return None
    extra: dict[int, int] = {}
    for cls in {classes[v] for v in range(nb)}:
        values = {table[cls * k + b] for b in first}
        if len(values) != 1 or None in values:
            return None
        value = min(w for w in values if w is not None)
        if value < c:
            return None
        extra[cls] = value - c
    # The degree bound: at most f downfloaters (a greedy matching's pairs).
    size = n - nb
    floaters = nb - 2 * _greedy_pairs(weights, nb)
    need = (floaters + size + 1) // 2
    if floaters + size < 3:
        return None
    if min(degrees_into(weights, nb)) < need:
        return None
    reduced: list[int | None] = list(table)
    for a in extra:
        for b in extra:
            entry = table[a * k + b]
            if entry is not None:
                entry -= c + extra[a] + extra[b]
                if entry <= 0:
                    return None
                reduced[a * k + b] = entry
    return reduced


def degrees_into(weights: ClassWeights, lo: int) -> list[int]:
    """Per vertex, a lower bound of its neighbours among the vertices ``lo..``, when
    every class pair there is an edge (as :func:`table_without_next_group` checks):
    all of them but itself, those of the same C.3 colour tag and the blocked pairs
    (C.1). O(n + blocked pairs)."""
    tags = weights.tags
    n = len(tags)
    same_tag: dict[int, int] = {}
    for v in range(lo, n):
        if tags[v]:
            same_tag[tags[v]] = same_tag.get(tags[v], 0) + 1
    missing = [0] * n  # per vertex: blocked pairs into lo..
    for v, w in weights.blocked:
        if w >= lo:
            missing[v] += 1
            if v >= lo:
                missing[w] += 1
    degrees = []
    for v in range(n):
        itself = 1 if v >= lo else 0
        tagged = same_tag.get(tags[v], 0) - itself if tags[v] else 0
        degrees.append(n - lo - itself - tagged - missing[v])
    return degrees


def _greedy_pairs(weights: ClassWeights, nb: int) -> int:
    """The pairs of a greedy matching among the vertices ``0..nb-1`` (each in turn
    takes the first free one after it that it may meet, among the next 64 free)."""
    return len(_first_fit(range(nb), range(nb), weights.main, tries=64)) // 2


def _first_fit(
    order: Iterable[int],
    pool: Sequence[int],
    meets: Callable[[int, int], object],
    tries: int | None = None,
) -> dict[int, int]:
    """A greedy matching, as partners: each vertex of ``order`` still free, in turn,
    takes the first free vertex of ``pool`` that it meets (among the first ``tries``
    free, all if None). ``pool`` is in the order of ``order``, which includes it, so
    the free vertices of ``pool`` are always those after the present one."""
    free = list(pool)
    mate: dict[int, int] = {}
    for v in order:
        if v in mate:
            continue
        if free and free[0] == v:
            del free[0]
        for i, r in enumerate(free if tries is None else free[:tries]):
            if meets(v, r):
                del free[i]
                mate[v], mate[r] = r, v
                break
    return mate


def _sort_key(p: PlayerFacts) -> tuple[Units, int]:
    """A.2: score descending, then pairing number (effective rank) ascending (scores
    in units: the same order, cheaper than Fractions)."""
    return (-p.units, p.rank)


class _Bracket:
    """One bracket: its MDPs (vertices ``0..m-1``), residents (``m..nb-1``) and the
    players below it (``nb..``), with the criteria as edge weights.

    An edge weight is ``main * T + order`` (:mod:`.graph`): ``main`` packs the
    criteria C.4-C.19, ``order`` holds the tie-breaks of the generation order (section
    D), changed step by step while the pairing is fixed one decision at a time: each
    step asks the matching whether an optimal pairing exists that also has the property
    wanted next (the next candidate in D order), by giving it a small bonus.
    """

    def __init__(
        self,
        players: Sequence[PlayerFacts],
        mdps: int,
        residents: int,
        ctx: BracketContext,
        compatibility: Compatibility,
        solver: Solver | None,
        next_count: int | None = None,
    ) -> None:
        self.players = list(players)
        n = len(self.players)
        self.m = mdps
        self.nb = mdps + residents
        # The players of the next scoregroup: vertices nb..next_end-1 (the rest below
        # them count only for completion).
        next_end = n if next_count is None else self.nb + next_count
        # Players with equal attributes give equal fields: compute them per class.
        # Below the bracket only the bye eligibility matters (C.4 and C.7; 2026: C5,
        # and C9 at the PAB score).
        c9 = ctx.pab_unplayed
        # (compared in score units: cheaper than Fractions, as in _sort_key)
        bye_units = ctx.bye_units
        lower_by_eligibility = bye_units is None and not c9
        class_ids: dict[Hashable, int] = {}
        classes: list[int] = []
        first: list[int] = []  # per class: its first vertex, its last, its size
        last: list[int] = []
        sizes: list[int] = []
        nb = self.nb
        keys_of: list[Hashable]
        if c9:
            keys_of = [
                (p.class_key, p.unplayed if p.units == bye_units else -1) for p in self.players[:nb]
            ]
        else:
            # (p.score, p.pab_eligible, p.preference, p.floats) as plain values
            keys_of = [p.class_key for p in self.players[:nb]]
        for i in range(nb, n):
            p = self.players[i]
            if lower_by_eligibility:
                keys_of.append(("lower", p.pab_eligible, i < next_end))
            else:
                unplayed = p.unplayed if c9 and p.units == bye_units else -1
                keys_of.append(("lower", ctx.bye_candidate(p), i < next_end, unplayed))
        for i, key in enumerate(keys_of):
            c = class_ids.get(key)
            if c is None:
                c = class_ids[key] = len(first)
                first.append(i)
                last.append(i)
                sizes.append(1)
            else:
                last[c] = i
                sizes[c] += 1
            classes.append(c)
        k = len(first)
        # The fields of every ordered pair of classes (a, b) with a player of a ranked
        # above one of b (the edge i-j, i < j, has the fields of (class i, class j)).
        keys = field_keys(ctx.rules)
        class_fields: dict[tuple[int, int], Fields] = {}
        for a in range(k):
            i = first[a]
            h = self.players[i]
            h_in_bracket = i < nb
            for b in range(k):
                j = last[b]
                if i < j:
                    class_fields[(a, b)] = edge_fields(
                        ctx,
                        h,
                        self.players[j],
                        h_in_bracket,
                        j < nb,
                        nb <= j < next_end,
                        keys,
                    )
        table: list[int | None] = [None] * (k * k)
        for (a, b), weight in pack_weights(class_fields, sizes).items():
            table[a * k + b] = weight
        numbers = [p.number for p in players]
        vertex = {number: v for v, number in enumerate(numbers)}
        pairs_blocked: list[tuple[int, int]] = []
        blocked_of = compatibility.blocked
        for v, number in enumerate(numbers):
            for other in blocked_of[number]:
                w = vertex.get(other, -1)
                if w > v:
                    pairs_blocked.append((v, w))
        blocked = frozenset(pairs_blocked)
        tags = [_TAG_CODE[compatibility.tag[number]] for number in numbers]
        # Layout of the order part: [exchange fields D.2.a/b][bonus bits].
        self.q_bits = residents.bit_length() + 1
        self.bonus_bits = 2 * n.bit_length() + 3
        per_edge = ((1 << (2 * self.q_bits)) + residents + 1) << self.bonus_bits
        shift = ((n // 2 + 1) * per_edge * 2).bit_length()
        #: The criteria of every pair of the bracket and below it.
        self.all_weights = ClassWeights(classes, table, shift, tags, blocked)
        aside = None
        if SET_ASIDE_NEXT_GROUP and not ctx.special and nb < n == next_end:
            aside = table_without_next_group(self.all_weights, nb)
        #: The next scoregroup is not in the graph (:func:`table_without_next_group`).
        self.group_aside = aside is not None
        if aside is None:
            own, own_table, own_tags, own_blocked = classes, table, tags, blocked
        else:
            own, own_table, own_tags = classes[:nb], aside, tags[:nb]
            own_blocked = frozenset((v, w) for v, w in pairs_blocked if w < nb)
        #: The float vertex (:data:`FLOAT_VERTEX`): the last vertex of the graph, or -1.
        self.float_vertex = -1
        best = max([w for w in own_table if w is not None], default=0)
        if FLOAT_VERTEX and len(own) % 2 and best > 0:
            # One class more, joined to every class by the largest weight.
            wide: list[int | None] = [None] * ((k + 1) * (k + 1))
            for a in range(k):
                wide[a * (k + 1) : a * (k + 1) + k] = own_table[a * k : (a + 1) * k]
                wide[a * (k + 1) + k] = best
            self.float_vertex = len(own)
            own_table, own, own_tags = wide, [*own, k], [*own_tags, 0]
        if aside is None and self.float_vertex < 0:
            self.weights = self.all_weights
        else:
            self.weights = ClassWeights(own, own_table, shift, own_tags, own_blocked)
        self.solver = solver
        self._graph: BracketGraph | None = None
        self.alive = [True] * n
        #: After :meth:`pair`: an optimal matching of the whole graph that contains
        #: the bracket's pairs (its other pairs are the look-ahead below the bracket;
        #: with the next scoregroup set aside, :meth:`lookahead` completes them).
        self.final_mate: list[int] = []
        #: During D.1 of the remainder: the class-level bound (:data:`CLASS_EXCLUSION`).
        self._bound: _D1Bound | None = None
        #: During D.1 of the remainder: the last optimal matching (:meth:`_swapped`).
        self._mate: list[int] | None = None

    @property
    def graph(self) -> BracketGraph:
        """The weighted graph, built when first needed (:meth:`pair` may accept the
        first candidate without it)."""
        if self._graph is None:
            self._graph = make_graph(self.weights, self.solver)
        return self._graph

    def _bound_proves(self, pairs: list[Edge]) -> bool:
        """B.4 without a matching: when the bracket is the whole graph and the first
        candidate pairs as many players as any matching can (all but one at most),
        each pair with the largest criteria weight any pair can have, no pairing does
        better (every matching has at most that many pairs, each at most that heavy).
        Round 1 is paired this way in O(n)."""
        n = len(self.players)
        if self.nb != n or len(pairs) != n // 2:
            return False
        best = self.weights.best()
        return all(self.weights.main(a, b) == best for a, b in pairs)

    def fix_pair(self, u: int, v: int) -> None:
        """Take the decided pair ``u``-``v`` out of the graph."""
        for x in (u, v):
            self.alive[x] = False
            self.graph.isolate(x)

    # -- the pairing ------------------------------------------------------------------

    def pair(self) -> tuple[list[Edge], list[int]]:
        """Pair the bracket: (pairs as vertex indices, downfloaters in order)."""
        m, nb = self.m, self.nb
        canonical = self._canonical_candidate()
        accepted, mate = self._first_candidate_optimal(canonical)
        if accepted:
            # B.4: the first candidate is as good as the best pairing: accept it.
            paired = {v for pair in canonical for v in pair}
            return canonical, [v for v in range(nb) if v not in paired]
        pairs: list[Edge] = []
        mate = self._mdp_pairing(mate, pairs)
        remainder = [v for v in range(m, nb) if self.alive[v]]
        position = {v: q for q, v in enumerate(remainder)}
        n1 = sum(1 for v in remainder if position.get(mate[v], -1) > position[v])
        if n1:
            mate = self._remainder_pairing(mate, remainder, n1, pairs)
        self.final_mate = self._without_float(mate)
        paired = {v for pair in pairs for v in pair}
        return pairs, [v for v in range(nb) if v not in paired]

    def _without_float(self, mate: list[int]) -> list[int]:
        """``mate`` of the bracket's players: the float vertex's partner unpaired."""
        f = self.float_vertex
        if f < 0:
            return mate
        return [-1 if w == f else w for w in mate[:f]]

    def lookahead(self, pairs: list[Edge]) -> list[Edge]:
        """The pairs of :attr:`final_mate` outside the bracket's ``pairs``. When the
        next scoregroup was set aside (:func:`table_without_next_group`), its pairs
        are completed first: the downfloaters and the group paired so that none of
        the downfloaters and at most one of the group is left out, which is optimal
        below the bracket and exists, by the degree bound."""
        inside = {v for pair in pairs for v in pair}
        if self.group_aside and len(self.final_mate) < len(self.players):
            self._complete_below(inside)
        mate = self.final_mate
        return [(v, w) for v, w in enumerate(mate) if w > v and v not in inside]

    def _complete_below(self, inside: set[int]) -> None:
        """Extend :attr:`final_mate` below the bracket (see :meth:`lookahead`): a
        greedy start, then augmenting paths (a cardinality matching; a dummy vertex
        joined to the group takes the odd one out, so that no downfloater is left)."""
        nb, n = self.nb, len(self.players)
        floaters = [v for v in range(nb) if self.alive[v] and v not in inside]
        below = _BelowGraph(floaters, list(range(nb, n)), self.all_weights)
        matcher = CardinalityMatcher(below, below.greedy())
        if not matcher.is_perfect():
            raise RuntimeError("internal error: the next scoregroup could not be completed")
        mate = self.final_mate + [-1] * (n - len(self.final_mate))
        local = below.vertices
        for q, r in enumerate(matcher.mate[: len(local)]):
            mate[local[q]] = local[r] if r < len(local) else -1
        self.final_mate = mate

    def _canonical_candidate(self) -> list[Edge]:
        """B.3: the first candidate: the MDPs in order against the residents in order
        (as many as there are residents), then the remainder's S1 against its S2 (an
        empty list if one of its pairs is not allowed, C.1, C.3)."""
        m, nb = self.m, self.nb
        residents = list(range(m, nb))
        mdp_pairs = list(zip(range(m), residents, strict=False))
        remainder = residents[len(mdp_pairs) :]
        half = len(remainder) // 2
        pairs = mdp_pairs + list(zip(remainder[:half], remainder[half : 2 * half], strict=True))
        if all(self.weights.main(a, b) for a, b in pairs):
            return pairs
        return []

    def _first_candidate_optimal(self, pairs: list[Edge]) -> tuple[bool, list[int]]:
        """Is there an optimal pairing (criteria C.4-C.19, including the rest of the
        graph) that contains ``pairs``? A bonus of 1 in the order part on each of them
        makes the matching take as many of them as an optimal pairing can (when they
        cover the graph, :meth:`_candidate_by_value` answers with a plain solve). Returns the
        answer and an optimal matching (with ``pairs`` when the answer is yes)."""
        if pairs and self._bound_proves(pairs):
            mate = [-1] * len(self.players)
            for a, b in pairs:
                mate[a], mate[b] = b, a
            self.final_mate = mate
            return True, mate
        if pairs and CANDIDATE_BY_VALUE:
            covered = self._candidate_by_value(pairs)
            if covered is not None:
                return covered
        for a, b in pairs:
            self.graph.set_order(a, b, 1)
        mate = self.graph.solve()
        if pairs and all(mate[a] == b for a, b in pairs):
            self.final_mate = self._without_float(mate)
            return True, mate
        for a, b in pairs:
            self.graph.set_order(a, b, 0)
        return False, mate

    def _candidate_by_value(self, pairs: list[Edge]) -> tuple[bool, list[int]] | None:
        """:meth:`_first_candidate_optimal` when ``pairs`` cover the graph (all its
        vertices but the float vertex and one player left over, or but one player):
        one solve without bonuses gives the optimal criteria value, and the candidate
        (with the player left over given to the float vertex) is optimal exactly when
        it has that value. None when ``pairs`` do not cover the graph."""
        graph = self.graph
        f = self.float_vertex
        size = len(self.weights.classes)
        covered = [False] * size
        for a, b in pairs:
            covered[a] = covered[b] = True
        left = [v for v in range(size) if not covered[v] and v != f]
        if len(left) > 1 or (f >= 0 and len(left) != 1):
            return None
        mate = graph.solve()
        main = graph.main_weight
        best = sum(main(v, w) for v, w in enumerate(mate) if w > v)
        value = sum(main(a, b) for a, b in pairs)
        if f >= 0:
            value += main(left[0], f)
        if value != best:
            return False, mate
        mate = [-1] * size
        for a, b in pairs:
            mate[a], mate[b] = b, a
        if f >= 0:
            mate[left[0]], mate[f] = f, left[0]
        self.final_mate = self._without_float(mate)
        return True, mate

    def _mdp_pairing(self, mate: list[int], pairs: list[Edge]) -> list[int]:
        """B.7 / D.3: pair the MDPs with the smallest BSNs that an optimal pairing can
        pair (C.6 already decided how many of each score), then give each, in order,
        the first resident possible (D.1 on S2 of the MDP-pairing)."""
        m, nb = self.m, self.nb
        graph = self.graph
        keep = nb - m + 2
        chosen: list[int] = []
        for i in range(m):
            residents = graph.neighbours(i, m, nb)
            if not m <= mate[i] < nb and residents:
                graph.set_order_range(i, m, nb, 1)
                mate = graph.solve()
            if m <= mate[i] < nb:
                chosen.append(i)
                graph.set_order_range(i, m, nb, keep)
            else:
                # Limbo: this MDP floats down again (B.2).
                graph.remove_range(i, m, nb)
        for i in chosen:
            candidates = graph.neighbours(i, m, nb)
            if not graph.is_first_open(i, candidates, mate[i]):
                count = len(candidates)
                graph.set_orders(i, candidates, [keep + count - k for k in range(count)])
                if MDP_AFRESH:
                    # Repairing the last solution after the MDP's whole row changed
                    # re-scans much of a large graph (seconds at 1,765 vertices): a
                    # fresh seeded solve costs what the bracket's first one did.
                    bounds = {j: keep for j in chosen if self.alive[j]}
                    bounds[i] = keep + count
                    graph.start_afresh(bounds)
                mate = graph.solve()
            pairs.append((i, mate[i]))
            self.fix_pair(i, mate[i])
        return mate

    def _remainder_pairing(
        self, mate: list[int], remainder: list[int], n1: int, pairs: list[Edge]
    ) -> list[int]:
        """B.6 on the remainder: the fewest exchanges with the smallest BSN-sum
        difference (D.2.a/b), the highest BSNs out of S1 (D.2.c), the lowest into S1
        (D.2.d), then the first transposition of S2 (D.1).

        The remainder is the players of the bracket still unpaired, in BSN order (its
        vertices are increasing): ``p``'s later partners are its neighbours in
        ``p+1..nb-1``, its earlier ones those in ``m..p-1``.
        """
        m, nb = self.m, self.nb
        graph = self.graph
        position = {v: q for q, v in enumerate(remainder)}
        bits = self.bonus_bits

        def exchange_value(p: int) -> int:
            q = position[p]
            return (((1 << (2 * self.q_bits)) if q < n1 else 0) - q) << bits

        def higher(p: int) -> bool:
            """Is ``p`` the higher player of a pair in the remainder (i.e. in S1)?"""
            return position.get(mate[p], -1) > position[p]

        for p in remainder:
            graph.set_order_range(p, p + 1, nb, exchange_value(p))
        mate = graph.solve()
        s1, s2 = remainder[:n1], remainder[n1:]
        exchanges = sum(1 for p in s1 if not higher(p))
        # D.2.c: move the players with the highest BSNs out of S1.
        left = exchanges
        for p in reversed(s1):
            if not left:
                break
            if higher(p):
                graph.set_order_range(p, p + 1, nb, exchange_value(p) - 1)
                mate = graph.solve()
            if higher(p):
                graph.set_order_range(p, p + 1, nb, exchange_value(p))
            else:
                left -= 1
                graph.remove_range(p, p + 1, nb)
        # D.2.d: move the players with the lowest BSNs into S1 (the last one follows
        # from D.2.b).
        left = exchanges
        for p in s2:
            if left <= 1:
                break
            already = higher(p)
            if not already:
                graph.set_order_range(p, p + 1, nb, exchange_value(p) + 1)
                mate = graph.solve()
            if higher(p):
                left -= 1
                graph.remove_range(p, m, p)
                if not self.group_aside:  # (no edges below it otherwise; the float
                    # vertex stands for being left over, which stays as it was)
                    graph.remove_range(p, nb, len(self.players))
                graph.set_order_range(p, p + 1, nb, exchange_value(p) + 2)
            elif not already:
                graph.set_order_range(p, p + 1, nb, exchange_value(p))
        # S1 is decided: only its players may be the higher player of a pair.
        top = [p for p in remainder if higher(p)]
        in_top = [False] * len(self.weights.classes)  # one per vertex of the graph
        for p in top:
            in_top[p] = True
        f = self.float_vertex
        if FLOAT_TO_S2 and f >= 0 and (self.group_aside or nb == len(self.players)):
            # The float vertex stands for the one left over, now a player of S2: an S1
            # player given to it would leave two of S2 unpaired (one pair fewer, C.5),
            # so no optimal pairing uses these edges (:data:`FLOAT_TO_S2`).
            for p in top:
                graph.remove_range(p, f, f + 1)
        graph.keep_top_to_rest(m, nb, in_top)
        self._bound = None
        if CLASS_EXCLUSION and len(in_top) >= CLASS_EXCLUSION_MIN:
            size = len(in_top)
            alive = [self.alive[v] if v < len(self.alive) else True for v in range(size)]
            if f >= 0:
                alive[f] = True
            sides = [
                (1 if in_top[v] else 2) if m <= v < nb and alive[v] else 0 for v in range(size)
            ]
            if f >= 0 and FLOAT_TO_S2 and (self.group_aside or nb == len(self.players)):
                sides[f] = 1  # (the float vertex meets S2 only, like S1)
            main = graph.main_weight
            opt = sum(main(v, w) for v, w in enumerate(mate) if w > v and alive[v] and alive[w])
            bound = _D1Bound(self.weights, sides, alive, opt)
            if sum(1 for size in bound.sizes if size) <= CLASS_EXCLUSION_GROUPS:
                self._bound = bound
        # D.1: each S1 player in order takes the first S2 player possible. The edges
        # left carry a hint (pair the earlier with the earlier) of at most r^2 each;
        # the ranks given to the player being decided are scaled above any difference
        # of hint sums (< r^3), so they decide first.
        scale = 1 << (3 * (nb - m).bit_length())
        decided: list[Edge] = []
        for p in top:
            candidates = graph.neighbours(p, p + 1, nb)
            self._mate = mate
            partner = self._first_possible(p, candidates, mate[p], decided)
            if partner is None:
                count = len(candidates)
                graph.set_orders(p, candidates, [(count - k) * scale for k in range(count)])
                mate = graph.solve()
            elif partner != mate[p]:
                # (the swap of _swapped: an optimal matching in the criteria; the
                # matcher's own state is repaired by its next solve)
                q, v = mate[partner], mate[p]
                mate[p], mate[partner], mate[q], mate[v] = partner, p, v, q
            pairs.append((p, mate[p]))
            decided.append((p, mate[p]))
            if self._bound is not None:
                self._bound.remove_pair(p, mate[p], graph.main_weight(p, mate[p]))
            self.fix_pair(p, mate[p])
        return mate

    def _first_possible(
        self, p: int, candidates: list[int], v: int, decided: list[Edge]
    ) -> int | None:
        """The first of ``candidates`` that an optimal pairing can give ``p`` (D.1),
        when proven without a re-solve; None when unknown. ``v``, ``p``'s partner in
        the last optimal matching ``mate``, is possible: it is the answer when each
        candidate before it is excluded, by the duals of the last solve
        (:meth:`BracketGraph.is_first_open`), by an earlier decision
        (:meth:`_excluded`) or by the class-level relaxation (:class:`_D1Bound`). The
        first candidate not excluded is the answer when a swap of partners proves it
        possible (:meth:`_swapped`)."""
        if v not in candidates:
            return None
        end = candidates.index(v)
        graph = self.graph
        start = 0
        while start < end:
            ahead = candidates[start : end + 1]
            first = start + graph.first_open(p, ahead)
            if first >= end:
                return v
            x = candidates[first]
            if not self._excluded(p, x, decided) and not (
                self._bound is not None and self._bound.excludes(p, x, graph.main_weight(p, x))
            ):
                return x if SWAP_PROOF and self._swapped(p, x, v) else None
            start = first + 1
        return v

    def _swapped(self, p: int, x: int, v: int) -> bool:
        """Is ``x`` possible for ``p`` by a swap: ``x``'s partner ``q`` in the last
        optimal matching (a later S1 player, the float vertex, a player below) may meet
        ``p``'s partner ``v``, and ``p``-``x`` with ``q``-``v`` weigh as much in the
        criteria as ``p``-``v`` with ``q``-``x``? Then the matching with the swap is a
        matching of the graph as heavy in the criteria, so optimal too."""
        q = self._mate[x] if self._mate is not None else -1
        if q < 0 or q == p or not self.graph.has_edge(q, v):
            return False
        main = self.graph.main_weight
        return main(p, x) + main(q, v) == main(p, v) + main(q, x)

    def _excluded(self, p: int, x: int, decided: list[Edge]) -> bool:
        """D.1 already showed that no optimal pairing gives ``x`` to ``p``: an earlier
        S1 player ``q`` (decided in this graph, ``x`` among his candidates) took a
        later S2 player ``y``, so ``q``-``x`` is in no optimal pairing, and if ``p``-``x``
        were in one, swapping partners (``q``-``x``, ``p``-``y``: both allowed, as
        heavy in the criteria) would put ``q``-``x`` in one. Looks at the last
        :data:`EXCLUSION_LOOKBACK` decisions."""
        main = self.weights.main
        px = main(p, x)
        for q, y in reversed(decided[max(0, len(decided) - EXCLUSION_LOOKBACK) :]):
            if not x < y or not p < y:
                continue
            qx = main(q, x)
            if not qx:
                continue
            py = main(p, y)
            if py and qx + py >= px + main(q, y):
                return True
        return False


class _D1Bound:
    """The class-level relaxation of the graph left during D.1, to exclude candidates.

    The vertices still in the graph fall into groups (class, C.3 tag, side: S1, S2 or
    neither, as in :meth:`ClassWeights.relaxation_duals`); ``opt`` is the criteria value
    of an optimal matching of that graph. D.1 gives ``p`` the first candidate ``x``
    that some criteria-optimal matching pairs with him, i.e. with
    ``main(p, x) + OPT(rest without p, x) == opt``. The relaxation's value
    (:func:`~fairpair.matching.relaxation.class_duals`: feasible duals ``y >= 0``, so
    ``sum(y) / 2`` bounds every matching of any graph of those groups, whichever pairs
    are missing) bounds ``OPT(rest without p, x)`` from above: when the bound plus
    ``main(p, x)`` is below ``opt``, ``x`` is impossible for ``p``. The graph only
    loses edges during D.1, and a decided pair ``p``-``x`` of an optimal matching
    lowers the optimum by ``main(p, x)`` (:meth:`remove_pair`). The answer depends
    on the two groups only (an edge's criteria part is its classes' table entry), so
    it is kept per pair of groups until the next decision.
    """

    def __init__(
        self, weights: ClassWeights, sides: Sequence[int], alive: Sequence[bool], opt: int
    ) -> None:
        keys: dict[tuple[int, int, int], int] = {}
        self.group = [
            keys.setdefault(key, len(keys))
            for key in zip(weights.classes, weights.tags, sides, strict=True)
        ]
        self.members = list(keys)
        self.sizes = [0] * len(keys)
        for v, g in enumerate(self.group):
            if alive[v]:
                self.sizes[g] += 1
        self.table, self.k = weights.table, weights.k
        self.opt = opt
        self.known: dict[tuple[int, int], bool] = {}

    def _weight(self, x: int, y: int) -> int:
        (a, tag_a, side_a), (b, tag_b, side_b) = self.members[x], self.members[y]
        if (tag_a and tag_a == tag_b) or (side_a and side_a == side_b):
            return 0
        table, k = self.table, self.k
        return max(table[a * k + b] or 0, table[b * k + a] or 0)

    def remove_pair(self, u: int, v: int, main: int) -> None:
        """The decided pair ``u``-``v`` (of an optimal matching) leaves the graph."""
        self.sizes[self.group[u]] -= 1
        self.sizes[self.group[v]] -= 1
        self.opt -= main
        self.known.clear()

    def excludes(self, p: int, x: int, main: int) -> bool:
        """Is ``p``-``x`` (criteria part ``main``) proven in no optimal matching?"""
        key = (self.group[p], self.group[x])
        known = self.known.get(key)
        if known is None:
            sizes = list(self.sizes)
            sizes[key[0]] -= 1
            sizes[key[1]] -= 1
            y = class_duals(sizes, self._weight)
            bound = None if y is None else sum(s * d for s, d in zip(sizes, y, strict=True))
            # (y is doubled: the bound of the rest is bound / 2)
            known = bound is not None and 2 * main + bound < 2 * self.opt
            self.known[key] = known
        return known


class _BelowGraph(Sequence[list[int]]):
    """The downfloaters and the next scoregroup as rows of a graph for
    :class:`CardinalityMatcher` (computed when asked): vertex ``q`` is
    ``vertices[q]``; the downfloaters meet the group only, the group meets itself, and
    when their number is odd a dummy vertex (the last) meets the whole group."""

    def __init__(self, floaters: list[int], group: list[int], weights: ClassWeights) -> None:
        self.vertices = floaters + group
        self.first = len(floaters)
        self.dummy = len(self.vertices) if len(self.vertices) % 2 else -1
        self.main = weights.main

    def __len__(self) -> int:
        return len(self.vertices) + (self.dummy >= 0)

    @overload
    def __getitem__(self, q: int) -> list[int]: ...

    @overload
    def __getitem__(self, q: slice) -> Sequence[list[int]]: ...

    def __getitem__(self, q: int | slice) -> list[int] | Sequence[list[int]]:
        if isinstance(q, slice):
            return [self[x] for x in range(len(self))[q]]
        vertices, group = self.vertices, range(self.first, len(self.vertices))
        if q == self.dummy:
            return list(group)
        if not 0 <= q < len(vertices):
            raise IndexError(q)
        v, main = vertices[q], self.main
        row = [r for r in group if r != q and main(v, vertices[r])]
        return [*row, self.dummy] if self.dummy >= 0 and q >= self.first else row

    def greedy(self) -> list[int]:
        """A start for the cardinality matching: each vertex in turn takes the first
        free vertex of the group that it may meet (the graph is dense: a few tries
        each); the dummy takes the first one left."""
        vertices, main, first = self.vertices, self.main, self.first
        end = len(vertices)
        mate = [-1] * len(self)

        def meets(q: int, r: int) -> int:
            return main(vertices[q], vertices[r])

        for q, r in _first_fit(range(end), range(first, end), meets).items():
            mate[q] = r
        if self.dummy >= 0:
            for r in range(first, end):
                if mate[r] == -1:
                    mate[r], mate[self.dummy] = self.dummy, r
                    break
        return mate


class _Oracle:
    """The completion oracle of a round, addressed by pairing numbers."""

    def __init__(self, checker: CardinalityMatcher, index_of: dict[int, int]) -> None:
        self.checker = checker
        self.index_of = index_of

    def vertices(self, pairs: Sequence[tuple[PlayerFacts, PlayerFacts]]) -> list[int]:
        return [self.index_of[p.number] for pair in pairs for p in pair]

    def try_fix(
        self,
        pairs: Sequence[tuple[PlayerFacts, PlayerFacts]],
        ahead: Sequence[tuple[PlayerFacts, PlayerFacts]] = (),
    ) -> bool:
        """Take ``pairs`` out of the round if the rest can still be completed with the
        pairs ``ahead`` (which stay in)."""
        if not self.checker.try_remove(self.vertices([*pairs, *ahead])):
            return False
        index_of = self.index_of
        _restore(self.checker, [(index_of[a.number], index_of[b.number]) for a, b in ahead])
        return True


def _pair_bracket(
    mdps: list[PlayerFacts],
    residents: list[PlayerFacts],
    below: Sequence[list[PlayerFacts]],
    ctx: BracketContext,
    oracle: _Oracle,
    compatibility: Compatibility,
    solver: Solver | None,
    exhaustive: bool,
) -> tuple[list[PlayerFacts], list[Edge], list[int], bool]:
    """2026: pair one bracket so that the round can be completed (C4, with the PAB
    score of C5).

    First over the bracket and the next scoregroup: the result stands if the round can
    be completed around the bracket's pairs and the look-ahead pairs the optimum used.
    Otherwise (or with ``exhaustive``) over all the players below, with completion as
    the top criterion. Returns the graph's players, the bracket's pairs and downfloaters
    (as indices into them) and whether the second way was needed.
    """
    m, r = len(mdps), len(residents)
    if not exhaustive:
        players = mdps + residents + (list(below[0]) if below else [])
        fast = dataclasses.replace(ctx, min_score=players[-1].score)
        bracket = _Bracket(players, m, r, fast, compatibility, solver)
        pairs, downfloaters = bracket.pair()
        chosen = [(players[a], players[b]) for a, b in pairs]
        ahead = [(players[a], players[b]) for a, b in bracket.lookahead(pairs)]
        if oracle.try_fix(chosen, ahead):
            return players, pairs, downfloaters, False
    players = mdps + residents + [p for group in below for p in group]
    full = dataclasses.replace(ctx, special=True, min_score=players[-1].score)
    next_count = len(below[0]) if below else 0
    bracket = _Bracket(players, m, r, full, compatibility, solver, next_count)
    pairs, downfloaters = bracket.pair()
    if not oracle.try_fix([(players[a], players[b]) for a, b in pairs]):
        raise RuntimeError("internal error: the bracket left the round incomplete")
    return players, pairs, downfloaters, True


def _score_groups(players: Sequence[PlayerFacts]) -> list[list[PlayerFacts]]:
    groups: list[list[PlayerFacts]] = []
    for p in players:
        if groups and groups[-1][0].units == p.units:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def _restore(checker: CardinalityMatcher, pairs: Sequence[tuple[int, int]]) -> None:
    """Put the vertices of ``pairs`` back into ``checker``, matched as in ``pairs``
    (edges of its graph), so that its matching stays perfect."""
    for a, b in pairs:
        checker.alive[a] = checker.alive[b] = True
        checker.mate[a], checker.mate[b] = b, a


def _lowest_bye_score(
    players: Sequence[PlayerFacts], graph: CompatibilityGraph
) -> tuple[Fraction, CardinalityMatcher] | None:
    """2026 C5: the lowest score of a bye-eligible player who can be left over while
    all the others are paired under C1-C3, with the completion oracle for it (None if
    nobody can)."""
    scores = {p.units: p.score for p in players if p.pab_eligible}
    for units in sorted(scores):
        score = scores[units]
        candidates = [v for v, p in enumerate(players) if p.pab_eligible and p.units <= units]
        with_bye = graph.with_bye(candidates)
        oracle = CardinalityMatcher(with_bye, with_bye.greedy_mate())
        if oracle.is_perfect():
            return score, oracle
    return None


def _pab_unplayed_applies(
    players: Sequence[PlayerFacts],
    adjacency: CompatibilityGraph,
    alive: Sequence[bool],
    mdps: Sequence[int],
    residents: Sequence[int],
    bye_score: Fraction,
) -> bool:
    """2026 C9's scope, for a bracket at or below the PAB score: the bracket can pair
    all its players but one, who gets the PAB (MDPs meet residents only), while the
    players below it pair among themselves.

    Both questions are asked of implicit graphs (:meth:`CompatibilityGraph.induced`:
    rows computed when the matcher asks, from a greedy start), in O(n + blocked pairs)
    memory; :data:`EXPLICIT_PAB_SCOPE` asks them of explicit adjacency lists instead
    (O(n^2) memory: the way the tests check this one against)."""
    if EXPLICIT_PAB_SCOPE:
        return _pab_unplayed_applies_explicit(players, adjacency, alive, mdps, residents, bye_score)
    members = [*mdps, *residents]
    bye_units = score_units(bye_score)
    candidates = [v for v in members if players[v].pab_eligible and players[v].units <= bye_units]
    bracket = adjacency.induced(members, mdps, candidates)
    if not CardinalityMatcher(bracket, bracket.greedy_mate()).is_perfect():
        return False
    inside = set(members)
    below = [v for v in range(len(players)) if alive[v] and v not in inside]
    lower = adjacency.induced(below)
    return CardinalityMatcher(lower, lower.greedy_mate()).is_perfect()


#: Ask the C9 scope questions of explicit adjacency lists (tests set it to compare).
EXPLICIT_PAB_SCOPE = False


def _pab_unplayed_applies_explicit(
    players: Sequence[PlayerFacts],
    adjacency: Sequence[list[int]],
    alive: Sequence[bool],
    mdps: Sequence[int],
    residents: Sequence[int],
    bye_score: Fraction,
) -> bool:
    """:func:`_pab_unplayed_applies` over explicit adjacency lists (O(n^2) memory for
    a bracket of n players)."""
    inside = set(mdps) | set(residents)
    below = [v for v in range(len(players)) if alive[v] and v not in inside]
    mdp_set = set(mdps)
    members = [*mdps, *residents]
    local = {v: k for k, v in enumerate(members)}
    graph: list[list[int]] = [
        [local[w] for w in adjacency[v] if w in local and not (v in mdp_set and w in mdp_set)]
        for v in members
    ]
    candidates = [
        local[v] for v in members if players[v].pab_eligible and players[v].score <= bye_score
    ]
    graph.append(list(candidates))
    for v in candidates:
        graph[v].append(len(members))
    if not CardinalityMatcher(graph).is_perfect():
        return False
    index = {v: k for k, v in enumerate(below)}
    lower = [[index[w] for w in adjacency[v] if w in index] for v in below]
    return CardinalityMatcher(lower).is_perfect()


def pair_players(
    facts: Sequence[PlayerFacts],
    forbidden: frozenset[frozenset[int]],
    solver: Solver | None = None,
    *,
    rules: DutchRules = RULES_2017,
    exhaustive: bool = False,
) -> RoundResult:
    """Pair the players (the pairing of one round, without colours) by ``rules``.

    ``solver`` replaces the incremental compiled matcher by a one-shot maximum-weight
    matching function (tests use it to cross-check the backends). ``exhaustive``
    (2026 rules): pair every bracket over all the players below it, without the fast
    path (slower; tests use it to check that the fast path changes nothing).
    """
    players = sorted(facts, key=_sort_key)
    index_of = {p.number: k for k, p in enumerate(players)}
    n = len(players)
    compatibility = Compatibility(players, forbidden)
    numbers = [p.number for p in players]
    adjacency = CompatibilityGraph(
        [_TAG_CODE[compatibility.tag[number]] for number in numbers],
        [
            {index_of[other] for other in compatibility.blocked[number] if other in index_of}
            for number in numbers
        ],
    )
    # The completion oracle (A.9 / C4: can the round still be completed under the
    # absolute criteria?): players plus a bye vertex, joined to the players who may get
    # the PAB, when their number is odd.
    every_bracket = rules.every_bracket_completion
    bye_score: Fraction | None = None
    lowest = _lowest_bye_score(players, adjacency) if every_bracket and n % 2 else None
    if lowest is not None:
        bye_score, checker = lowest
    else:
        candidates = [v for v, p in enumerate(players) if p.pab_eligible]
        graph = adjacency.with_bye(candidates) if n % 2 else adjacency
        checker = CardinalityMatcher(graph, graph.greedy_mate())
    if not checker.is_perfect():
        left = sorted(numbers[v] for v in checker.unmatched() if v < n)
        detail = ", ".join(map(str, left))
        c1, _, c3 = rules.absolute
        raise NoPairingError(
            f"no pairing satisfies the absolute criteria ({c1}-{c3}: no rematch, no second "
            "pairing-allocated bye, no meeting of non-topscorers with the same absolute "
            f"colour preference); the best pairing leaves unpaired: {detail}"
        )

    groups = _score_groups(players)
    result_pairs: list[tuple[int, int]] = []
    records: list[BracketRecord] = []
    mdps: list[PlayerFacts] = []
    residents = groups[0] if groups else []
    next_group = 1
    special = next_group >= len(groups) and not every_bracket
    ppb = False
    while len(mdps) + len(residents) > 1 or next_group < len(groups):
        completion = False
        pab_unplayed = False
        if every_bracket:
            # 2026: the bracket with the next scoregroup (the rest of the round is
            # checked by the oracle), or over everybody below (completion).
            after = min(next_group + 1, len(groups))
            if not residents:
                # Only MDPs are left (they could meet nobody below): they form the
                # last bracket among themselves.
                mdps, residents = [], mdps
            if (
                bye_score is not None
                and residents
                and residents[0].score <= bye_score
                and rules.uses("pab_unplayed")
            ):
                pab_unplayed = _pab_unplayed_applies(
                    players,
                    adjacency,
                    checker.alive,
                    [index_of[p.number] for p in mdps],
                    [index_of[p.number] for p in residents],
                    bye_score,
                )
            bracket_players, pairs, downfloaters, completion = _pair_bracket(
                mdps,
                residents,
                groups[next_group:],
                BracketContext(
                    special=False,
                    final=False,
                    min_score=(residents or mdps)[-1].score,
                    rules=rules,
                    bye_score=bye_score,
                    pab_unplayed=pab_unplayed,
                ),
                _Oracle(checker, index_of),
                compatibility,
                solver,
                exhaustive,
            )
            chosen = [(bracket_players[a], bracket_players[b]) for a, b in pairs]
            below_all = [p for g in groups[next_group:] for p in g]
            full_players = (*mdps, *residents, *below_all)
            nb_here = len(mdps) + len(residents)
            spec = BracketSpec(
                full_players,
                len(mdps),
                nb_here,
                nb_here + (len(groups[next_group]) if next_group < len(groups) else 0),
                BracketContext(
                    special=True,
                    final=False,
                    min_score=full_players[-1].score,
                    rules=rules,
                    bye_score=bye_score,
                    pab_unplayed=pab_unplayed,
                ),
            )
        else:
            if special:
                lower = [p for g in groups[next_group:] for p in g]
                after = len(groups)
            else:
                lower = list(groups[next_group])
                after = next_group + 1
            bracket_players = mdps + residents + lower
            ctx = BracketContext(
                special=special, final=after >= len(groups), min_score=bracket_players[-1].score
            )
            bracket = _Bracket(
                bracket_players, len(mdps), len(residents), ctx, compatibility, solver
            )
            pairs, downfloaters = bracket.pair()
            chosen = [(bracket_players[a], bracket_players[b]) for a, b in pairs]
            nb_here = len(mdps) + len(residents)
            spec = BracketSpec(
                tuple(bracket_players), len(mdps), nb_here, len(bracket_players), ctx
            )
            fixed = [index_of[p.number] for pair in chosen for p in pair]
            if special and not lower and len(downfloaters) > 1:
                # The completion criterion guarantees a complete last bracket.
                raise RuntimeError("internal error: the last bracket was left incomplete")
            if not checker.try_remove(fixed) and not special:
                # A.9: the downfloaters cannot complete the round: this is the PPB.
                special = True
                ppb = True
                continue
        record = BracketRecord(
            score=residents[0].score if residents else mdps[0].score,
            mdps=[p.number for p in mdps],
            residents=[p.number for p in residents],
            pairs=[(a.number, b.number) for a, b in chosen],
            downfloaters=[bracket_players[v].number for v in downfloaters],
            ppb=ppb,
            collapsed=special
            and not ppb
            and after == len(groups)
            and bool(records)
            and records[-1].ppb,
            completion=completion,
            pab_unplayed=pab_unplayed,
            graph=spec,
        )
        records.append(record)
        ppb = False
        result_pairs.extend(record.pairs)
        mdps = [bracket_players[v] for v in downfloaters]
        if every_bracket:
            residents = list(groups[next_group]) if next_group < len(groups) else []
        else:
            residents = lower
        next_group = after
        special = next_group >= len(groups) and not every_bracket
    leftover = [p.number for p in mdps + residents]
    bye = leftover[0] if leftover else None
    return RoundResult(pairs=result_pairs, bye=bye, brackets=records, bye_score=bye_score)
