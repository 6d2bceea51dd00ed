"""The weighted graph of one Dutch bracket, in two interchangeable implementations.

A bracket's edge weight is ``(criteria << shift) + order``: the criteria part comes
from the classes of the two players (players with equal attributes have equal
criteria, :mod:`.criteria`), the order part holds the tie-breaks of the generation
order (section D), set edge by edge while the pairing is decided. Edges: every pair
allowed by C.1/C.3 (no rematch, no forbidden pair, no two non-topscorers with the same
absolute colour preference) whose criteria part is positive.

- :class:`CompiledGraph` keeps the graph in the compiled extension
  (:class:`fairpair.matching._blossom.BracketGraph`): no Python object per edge, and the
  operations on a player's whole row of edges run in C++. A bracket of ``n`` players
  costs ``O(n^2)`` machine steps and ``O(n)`` Python steps per operation.
- :class:`DictGraph` keeps one Python dict entry per edge and solves with the
  incremental :class:`~fairpair.matching.Matcher` (or a given one-shot solver); it is
  the reference the tests compare the compiled graph with, and the fallback when the
  extension is missing or the weights are wider than it supports.

Both give the same optimal matchings up to ties, and the pairing procedure only asks
tie-independent questions (is there an optimal matching with this property?), so the
pairings are identical (``tests/test_dutch_graph.py`` checks it on random rounds).
"""

from __future__ import annotations

import copy
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import isqrt
from typing import Protocol, overload

from fairpair.matching import Matcher, backend, max_weight_matching
from fairpair.matching.relaxation import class_duals

__all__ = [
    "BracketGraph",
    "ClassWeights",
    "CompatibilityGraph",
    "CompiledGraph",
    "DictGraph",
    "Solver",
    "hint_duals",
    "make_graph",
]

#: A matching solver: (vertex count, weighted edges) -> mate list (-1 = unmatched).
Solver = Callable[[int, list[tuple[int, int, int]]], list[int]]

try:  # the compiled extension is optional (pure-Python fallback)
    from fairpair.matching._blossom import MAX_WEIGHT_BITS as _COMPILED_BITS
    from fairpair.matching._blossom import BracketGraph as _CompiledBracketGraph
except ImportError:  # pragma: no cover - depends on the build
    _CompiledBracketGraph = None  # type: ignore[assignment,misc]
    _COMPILED_BITS = 0


class BracketGraph(Protocol):
    """The operations the pairing procedure needs (vertices ``0..n-1``)."""

    def has_edge(self, u: int, v: int) -> bool:
        """Is ``u``-``v`` (still) an edge?"""

    def neighbours(self, u: int, lo: int, hi: int) -> list[int]:
        """The neighbours ``x`` of ``u`` with ``lo <= x < hi``, in increasing order."""

    def main_weight(self, u: int, v: int) -> int:
        """The criteria part of the weight of ``u``-``v`` (0: no edge)."""

    def set_order(self, u: int, v: int, value: int) -> None:
        """Set the order part of ``u``-``v`` (nothing if no edge; ``u`` is marked
        changed for the warm restart)."""

    def set_orders(self, u: int, vs: Sequence[int], values: Sequence[int]) -> None:
        """``set_order(u, vs[i], values[i])`` for every ``i``."""

    def set_order_range(self, u: int, lo: int, hi: int, value: int) -> None:
        """The order part of every edge ``u``-``x`` with ``lo <= x < hi``."""

    def remove(self, u: int, v: int) -> None:
        """Remove the edge ``u``-``v`` (``u`` is marked changed)."""

    def remove_range(self, u: int, lo: int, hi: int) -> None:
        """Remove every edge ``u``-``x`` with ``lo <= x < hi``."""

    def isolate(self, u: int) -> None:
        """Remove every edge of ``u``."""

    def keep_top_to_rest(self, lo: int, hi: int, top: Sequence[bool]) -> None:
        """Among ``lo..hi-1``, keep only the edges from a ``top`` vertex ``p`` to a
        later vertex ``x`` that is not ``top``, with the order ``(hi - p) * (hi - x)``
        (a hint: pair the earlier players with the earlier ones); remove the other
        edges among them."""

    def solve(self) -> list[int]:
        """A maximum-weight matching: ``mate[v]`` or ``-1``."""

    def start_afresh(self, orders: dict[int, int]) -> None:
        """Let the next solve start afresh (not from the last solution), where
        ``orders[u]`` bounds the order parts of ``u``'s edges now (0 for a vertex not
        in it): a hint, for when repairing the last solution would cost more than a
        fresh solve. Changes no answer, only the work of the next solve."""

    def is_first_open(self, u: int, candidates: Sequence[int], v: int) -> bool:
        """Is ``v`` (``u``'s partner in the last solve) provably the first of
        ``candidates`` that an optimal matching can give ``u``? True only when the
        duals of the last solve exclude every candidate before ``v`` (see
        :meth:`CompiledGraph.is_first_open`); False means "not known" (solve again)."""

    def first_open(self, u: int, candidates: Sequence[int]) -> int:
        """The index of the first of ``candidates`` that the duals of the last solve
        cannot exclude (0 when they prove nothing)."""


@dataclass(frozen=True)
class ClassWeights:
    """The criteria of a bracket by player classes, what both graphs are built from.

    ``classes[v]``: the class of vertex ``v``; ``table[a * k + b]``: the criteria part
    of an edge from a player of class ``a`` to a later one of class ``b`` (None or
    ``<= 0``: no edge); ``shift``: the bits of the order part below it; ``tags`` and
    ``blocked`` (pairs ``(i, j)``, ``i < j``): the pairs C.3 and C.1 exclude.
    """

    classes: Sequence[int]
    table: Sequence[int | None]
    shift: int
    tags: Sequence[int]
    blocked: frozenset[tuple[int, int]]
    #: The number of classes (the table is k x k).
    k: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.__dict__["k"] = isqrt(len(self.table))  # (frozen) derived, set once

    def main(self, i: int, j: int) -> int:
        """The criteria part of the edge ``i``-``j`` (0: the pair may not meet)."""
        a, b = (i, j) if i < j else (j, i)
        classes = self.classes
        w = self.table[classes[a] * self.k + classes[b]]
        if w is None or w <= 0 or (a, b) in self.blocked:
            return 0
        tag = self.tags[a]
        return 0 if tag and tag == self.tags[b] else w

    def best(self) -> int:
        """The largest criteria part any pair of classes can have."""
        return max([w for w in self.table if w is not None], default=0)

    def bits(self) -> int:
        """Bits of the largest weight (criteria and order parts)."""
        return max(self.best(), 0).bit_length() + self.shift + 1

    def relaxation_duals(self, sides: Sequence[int] | None = None) -> list[int] | None:
        """Per vertex, an optimal dual of the class-level relaxation of the criteria
        parts (:func:`fairpair.matching.relaxation.class_duals`; doubled units:
        ``duals[i] + duals[j] >= 2 * main(i, j)`` for every edge), the classes split by
        colour tag so that C.3 is part of the relaxation, and by ``sides`` if given
        (like the tags: two vertices on the same non-zero side do not meet). A start
        for the matcher; None if the relaxation could not be solved."""
        k = self.k
        keys: dict[tuple[int, int, int], int] = {}
        group = [
            keys.setdefault(key, len(keys))
            for key in zip(self.classes, self.tags, sides or [0] * len(self.classes), strict=True)
        ]
        sizes = [0] * len(keys)
        for g in group:
            sizes[g] += 1
        members = list(keys)
        table = self.table

        def weight(x: int, y: int) -> int:
            (a, tag_a, side_a), (b, tag_b, side_b) = members[x], members[y]
            if (tag_a and tag_a == tag_b) or (side_a and side_a == side_b):
                return 0
            return max(table[a * k + b] or 0, table[b * k + a] or 0)

        duals = class_duals(sizes, weight)
        return None if duals is None else [duals[g] for g in group]


#: Brackets of at least this many vertices start their first solve from the duals of
#: the class-level relaxation (:meth:`ClassWeights.relaxation_duals`); smaller ones are
#: solved faster than the relaxation (the greedy start of the matcher).
SEED_MIN = 100

#: :meth:`CompiledGraph.start_afresh` acts on graphs of at least this many vertices
#: (below it repairing the last solution is cheap). Tests lower it to compare the two
#: ways on small brackets.
AFRESH_MIN = SEED_MIN

#: The compiled graph stores each edge's order part only (64 bits; the criteria part
#: comes from the class table), a quarter of the memory the matcher reads per row
#: scan; an order part that does not fit turns it into the full matrix of weights.
#: Tests switch it off to compare the two layouts.
COMPACT = True

#: The compact graph's order parts in the pair store (a 64-bit word per pair, 8 n^2
#: bytes) instead of the row store (an edge bit per pair and O(n) values the order
#: parts are computed from, ``n^2 / 8`` bytes; docs/matching.md, "Matcher: the row
#: store of the order parts"). The same weights, read in the same order, so the same
#: matchings: tests switch it on to compare the two.
PAIR_ORDERS = False


#: :func:`hint_duals` takes the middle of the optimal duals of the hint (every pair
#: next to a sorted pair keeps a slack) instead of the end that makes each pair of the
#: (i + 1)-th S1 player and the i-th S2 player tight. Only the work of the matcher
#: changes (a start); tests switch it off to compare.
HINT_MIDDLE = True


def hint_duals(lo: int, hi: int, top: Sequence[bool]) -> dict[int, int]:
    """Doubled duals for the hint of :meth:`BracketGraph.keep_top_to_rest`, the weight
    ``a * b`` with ``a = hi - p`` for the S1 player ``p`` and ``b = hi - x`` for the
    S2 player ``x`` (``lo <= p, x < hi``): ``duals[p] + duals[x] >= 2 * a * b`` for
    every such pair, with equality for the i-th S1 player and the i-th S2 player.

    A product of two decreasing sequences is a Monge weight: pairing them in sorted
    order is optimal, and these duals prove it: ``u[i] = a[i] * b[i] - v[i]`` for S1 and
    ``v[j] - v[j + 1] = c * (b[j] - b[j + 1])`` for S2, with any ``c`` from ``a[j + 1]``
    (the pair of the (j + 1)-th S1 player and the j-th S2 player tight) to ``a[j]``
    (the j-th and the (j + 1)-th tight); the last ``a`` repeated past the end of S1.
    :data:`HINT_MIDDLE` takes the middle, ``(a[j] + a[j + 1]) / 2`` (integers, doubled):
    only the sorted pairs are tight, so the solve's alternating trees do not run along a
    staircase of tight pairs through the bracket. O(n).

    >>> hint_duals(0, 4, [True, True, False, False])   # a = 4, 3; b = 2, 1
    {0: 9, 1: 6, 2: 7, 3: 0}
    """
    tops = [v for v in range(lo, hi) if top[v]]
    rests = [v for v in range(lo, hi) if not top[v]]
    duals: dict[int, int] = {}
    if not tops or not rests:
        return duals
    a = [hi - p for p in tops]
    b = [hi - x for x in rests]
    last = len(a) - 1
    # Doubled: v2[j] = 2 * v[j], each step twice c * (b[j] - b[j + 1]) (above).
    v2 = [0] * len(b)
    middle = HINT_MIDDLE
    for j in range(len(b) - 2, -1, -1):
        low = a[min(j + 1, last)]
        step = low + (a[min(j, last)] if middle else low)
        v2[j] = v2[j + 1] + step * (b[j] - b[j + 1])
    for i, p in enumerate(tops):
        # Past the end of S2: the largest b covers every pair.
        duals[p] = 2 * a[i] * b[i] - v2[i] if i < len(b) else 2 * a[i] * b[0]
    for j, x in enumerate(rests):
        duals[x] = v2[j]
    return duals


class CompiledGraph:
    """:class:`BracketGraph` in the compiled extension (see the module docstring)."""

    def __init__(self, weights: ClassWeights) -> None:
        assert _CompiledBracketGraph is not None
        self._g = _CompiledBracketGraph(
            len(weights.classes),
            list(weights.classes),
            list(weights.table),
            weights.shift,
            list(weights.tags),
            sorted(weights.blocked),
            COMPACT,
            PAIR_ORDERS,
        )
        self.has_edge = self._g.has_edge
        self.neighbours = self._g.neighbours
        self.main_weight = self._g.main_weight
        self.set_order = self._g.set_order
        self.remove = self._g.remove
        self.remove_range = self._g.remove_range
        self.set_order_range = self._g.set_order_range
        self.isolate = self._g.isolate
        self.solve = self._g.solve
        self._weights = weights
        if len(weights.classes) >= SEED_MIN:
            duals = weights.relaxation_duals()
            if duals is not None:
                self._g.seed_duals(duals)

    def set_orders(self, u: int, vs: Sequence[int], values: Sequence[int]) -> None:
        self._g.set_orders(u, list(vs), list(values))

    def start_afresh(self, orders: dict[int, int]) -> None:
        """As the protocol says: in a large graph the next solve starts from the
        class-level relaxation's duals (:meth:`ClassWeights.relaxation_duals`; edges
        removed since only loosen them) plus ``2 * orders[u]`` for the order parts of
        ``u``'s row, feasible duals for the current weights."""
        n = len(self._weights.classes)
        if n < AFRESH_MIN:
            return
        main = self._weights.relaxation_duals()
        if main is None:
            return
        shift = self._weights.shift
        duals = [y << shift for y in main]
        for v, bound in orders.items():
            duals[v] += 2 * max(bound, 0)
        self._g.restart(duals)

    def is_first_open(self, u: int, candidates: Sequence[int], v: int) -> bool:
        """The edges ``u``-``x`` to the candidates before ``v`` have a slack of one
        unit of the criteria part or more under the duals of the last solve, which
        still certify the graph (only decided pairs were isolated since): no matching
        that is optimal in the criteria contains them, whatever the order parts, as
        long as the order parts of a matching sum to less than half a unit (the
        layout of :class:`~fairpair.systems.dutch.engine._Bracket`). Deciding a
        player of S1 costs O(n) here instead of a re-solve when his partner stays."""
        if not candidates or candidates[0] == v:
            return bool(candidates)
        vs = list(candidates)
        first = self._g.first_open(u, vs)
        return first < len(vs) and vs[first] == v

    def first_open(self, u: int, candidates: Sequence[int]) -> int:
        """The index of the first candidate the duals of the last solve cannot
        exclude (see :meth:`is_first_open`); 0 when they certify nothing."""
        return self._g.first_open(u, list(candidates)) if candidates else 0

    def keep_top_to_rest(self, lo: int, hi: int, top: Sequence[bool]) -> None:
        """As the protocol says. The hint changes nearly every weight of the bracket,
        and repairing the last solution would re-pair the bracket player by player
        (O(n^3)): in a large graph the next solve starts afresh instead, from the
        relaxation's duals (S1 and S2 as sides) plus the duals of the hint
        (:func:`hint_duals`), which leave most players matched along tight edges."""
        self._g.keep_top_to_rest(lo, hi, list(top))
        n = len(self._weights.classes)
        if n < SEED_MIN:
            return
        sides = [(1 if top[v] else 2) if lo <= v < hi else 0 for v in range(n)]
        main = self._weights.relaxation_duals(sides)
        if main is None:
            return
        shift = self._weights.shift
        duals = [y << shift for y in main]
        for v, extra in hint_duals(lo, hi, top).items():
            duals[v] += extra
        self._g.restart(duals)


class DictGraph:
    """:class:`BracketGraph` with one dict entry per edge (see the module docstring)."""

    def __init__(self, weights: ClassWeights, solver: Solver | None = None) -> None:
        n = len(weights.classes)
        shift = weights.shift
        self.n = n
        self.shift = shift
        self.solver = solver
        self.main: dict[tuple[int, int], int] = {}
        self.order: dict[tuple[int, int], int] = {}
        self.adj: list[set[int]] = [set() for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                w = weights.main(i, j)
                if w:
                    self.main[(i, j)] = w
                    self.adj[i].add(j)
                    self.adj[j].add(i)
        self.matcher: Matcher | None = None
        if solver is None:
            try:
                self.matcher = Matcher(n)
                self.matcher.set_weights([(u, v, w << shift) for (u, v), w in self.main.items()])
            except OverflowError:
                self.matcher = None

    def _set(self, u: int, v: int, weight: int | None) -> None:
        if self.matcher is not None:
            try:
                self.matcher.set_weight(u, v, weight)
            except OverflowError:
                self.matcher = None

    def has_edge(self, u: int, v: int) -> bool:
        return v in self.adj[u]

    def neighbours(self, u: int, lo: int, hi: int) -> list[int]:
        return sorted(x for x in self.adj[u] if lo <= x < hi)

    def main_weight(self, u: int, v: int) -> int:
        return self.main.get((u, v) if u < v else (v, u), 0)

    def set_order(self, u: int, v: int, value: int) -> None:
        edge = (u, v) if u < v else (v, u)
        if edge not in self.main:
            return
        self.order[edge] = value
        self._set(u, v, (self.main[edge] << self.shift) + value)

    def set_orders(self, u: int, vs: Sequence[int], values: Sequence[int]) -> None:
        for v, value in zip(vs, values, strict=True):
            self.set_order(u, v, value)

    def set_order_range(self, u: int, lo: int, hi: int, value: int) -> None:
        for x in self.neighbours(u, lo, hi):
            self.set_order(u, x, value)

    def remove(self, u: int, v: int) -> None:
        edge = (u, v) if u < v else (v, u)
        if edge in self.main:
            del self.main[edge]
            self.order.pop(edge, None)
            self.adj[u].discard(v)
            self.adj[v].discard(u)
            self._set(u, v, None)

    def remove_range(self, u: int, lo: int, hi: int) -> None:
        for x in self.neighbours(u, lo, hi):
            self.remove(u, x)

    def isolate(self, u: int) -> None:
        for y in self.adj[u]:
            edge = (u, y) if u < y else (y, u)
            del self.main[edge]
            self.order.pop(edge, None)
            self.adj[y].discard(u)
        self.adj[u].clear()
        if self.matcher is not None:
            self.matcher.set_vertex_weights(u, [None] * self.n)

    def keep_top_to_rest(self, lo: int, hi: int, top: Sequence[bool]) -> None:
        for p in range(lo, hi):
            for x in self.neighbours(p, p + 1, hi):
                if not top[p] or top[x]:
                    self.remove(p, x)
                else:
                    self.set_order(p, x, (hi - p) * (hi - x))

    def solve(self) -> list[int]:
        if self.matcher is not None:
            try:
                return self.matcher.solve()
            except OverflowError:
                self.matcher = None
        edges = [
            (u, v, (w << self.shift) + self.order.get((u, v), 0)) for (u, v), w in self.main.items()
        ]
        return (self.solver or max_weight_matching)(self.n, edges)

    def start_afresh(self, orders: dict[int, int]) -> None:
        """Nothing to do: the incremental matcher repairs its last solution."""

    def is_first_open(self, u: int, candidates: Sequence[int], v: int) -> bool:
        """Only the trivial case (``v`` is the first candidate): the solvers here give
        no duals to prove more with."""
        return bool(candidates) and candidates[0] == v

    def first_open(self, u: int, candidates: Sequence[int]) -> int:
        """Nothing is known: 0."""
        return 0


#: Which implementation :func:`make_graph` builds: "auto" (compiled when possible and
#: the matching backend is compiled: ``FAIRPAIR_MATCHING=python`` forces Python, as for
#: every system), "compiled" or "python" (:class:`DictGraph`). The same vocabulary as
#: the McMahon and Netrunner graphs; tests switch it to compare the two.
GRAPH = "auto"


def make_graph(
    weights: ClassWeights, solver: Solver | None = None, kind: str | None = None
) -> BracketGraph:
    """The bracket graph: compiled unless a one-shot ``solver`` is given, the extension
    is missing, the weights are too wide for it, or ``kind`` (default :data:`GRAPH`)
    says ``"python"`` (or ``"auto"`` while the matching backend is Python)."""
    kind = kind or GRAPH
    compiled = (
        kind != "python"
        and (kind == "compiled" or backend() == "compiled")
        and solver is None
        and _CompiledBracketGraph is not None
        and weights.bits() <= _COMPILED_BITS
    )
    if kind == "compiled" and not compiled:
        raise ValueError("the compiled bracket graph is not available for this bracket")
    if compiled:
        return CompiledGraph(weights)
    return DictGraph(weights, solver)


class CompatibilityGraph(Sequence[list[int]]):
    """The graph of the pairs allowed in a round (C.1, C.3), without an object per
    edge: ``graph[v]`` computes the neighbours of ``v`` in increasing order when asked.

    Most pairs of a round are allowed (a player has met a few of the others; only
    non-topscorers with the same absolute colour preference exclude each other as a
    group), so the graph is kept as its exceptions: per vertex a colour ``tag``
    (1 or 2: two vertices with the same non-zero tag are not joined) and the set of
    ``blocked`` partners. Memory O(n + blocked pairs) instead of O(n^2); each
    ``graph[v]`` costs O(n).

    With ``bye`` (a list of vertices), the graph has one more vertex, ``n``, joined to
    exactly those (the players who may be left over for the pairing-allocated bye).
    With ``apart`` (a flag per vertex), two flagged vertices are not joined either
    (the MDPs of a bracket, which meet its residents only).
    """

    def __init__(
        self,
        tags: Sequence[int],
        blocked: Sequence[set[int]],
        bye: Sequence[int] | None = None,
        apart: Sequence[bool] | None = None,
    ) -> None:
        self.players = len(tags)
        self.tags = list(tags)
        self.blocked = blocked
        self.bye = sorted(bye) if bye is not None else None
        self.bye_set = set(self.bye or ())
        self.apart = list(apart) if apart is not None and any(apart) else None
        # allowed[t]: the vertices a vertex of tag t may meet, as far as tags go.
        self.allowed = [
            list(range(self.players)),
            [v for v, t in enumerate(self.tags) if t != 1],
            [v for v, t in enumerate(self.tags) if t != 2],
        ]

    def with_bye(self, bye: Sequence[int]) -> CompatibilityGraph:
        """The same graph with the bye vertex joined to ``bye`` (the rows by tag are
        shared, not recomputed)."""
        graph = copy.copy(self)
        graph.bye = sorted(bye)
        graph.bye_set = set(graph.bye)
        return graph

    def induced(
        self,
        members: Sequence[int],
        apart: Sequence[int] = (),
        bye: Sequence[int] | None = None,
    ) -> CompatibilityGraph:
        """The subgraph induced by ``members`` (its vertex ``k`` is ``members[k]``),
        without the edges between two vertices of ``apart`` and with a bye vertex
        joined to ``bye`` (when given): still kept as its exceptions, O(len(members) +
        blocked pairs), whatever its density."""
        local = {v: k for k, v in enumerate(members)}
        blocked = [{local[w] for w in self.blocked[v] if w in local} for v in members]
        flagged = set(apart)
        return CompatibilityGraph(
            [self.tags[v] for v in members],
            blocked,
            None if bye is None else [local[v] for v in bye],
            [v in flagged for v in members],
        )

    def __len__(self) -> int:
        return self.players + (self.bye is not None)

    @overload
    def __getitem__(self, v: int) -> list[int]: ...

    @overload
    def __getitem__(self, v: slice) -> Sequence[list[int]]: ...

    def __getitem__(self, v: int | slice) -> list[int] | Sequence[list[int]]:
        if isinstance(v, slice):
            return [self[x] for x in range(len(self))[v]]
        n = self.players
        if v == n and self.bye is not None:
            return list(self.bye)
        if not 0 <= v < n:
            raise IndexError(v)
        blocked = self.blocked[v]
        result = [u for u in self.allowed[self.tags[v]] if u != v and u not in blocked]
        apart = self.apart
        if apart is not None and apart[v]:
            result = [u for u in result if not apart[u]]
        if v in self.bye_set:
            result.append(n)
        return result

    def greedy_mate(self) -> list[int]:
        """A maximal matching found greedily, each vertex taking the first free
        partner after it: a cheap start for :class:`CardinalityMatcher`."""
        size = len(self)
        mate = [-1] * size
        n = self.players
        apart = self.apart or [False] * n
        for v in range(n):
            if mate[v] != -1:
                continue
            allowed = self.allowed[self.tags[v]]
            blocked = self.blocked[v]
            flagged = apart[v]
            # (by index: a slice of the row would copy O(n) per vertex)
            for i in range(bisect_right(allowed, v), len(allowed)):
                u = allowed[i]
                if mate[u] == -1 and u not in blocked and not (flagged and apart[u]):
                    mate[v], mate[u] = u, v
                    break
        if self.bye is not None:
            for u in self.bye:
                if mate[u] == -1:
                    mate[u], mate[n] = n, u
                    break
        return mate
