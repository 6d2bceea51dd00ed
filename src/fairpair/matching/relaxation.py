"""Duals of the class-level relaxation of a matching problem: a start for the matcher.

When the vertices of a graph fall into a few classes and the weight of an edge depends
only on the classes of its ends (as in a Dutch bracket: players with equal score,
colour preference and float history are interchangeable for the criteria), the
maximum-weight matching problem has a small relaxation: pair *units* of the classes
on the bipartite double cover (every class once on the left, once on the right), a
transportation problem with one node per class. Its optimal dual ``y`` (one number per
class, ``y[a] + y[b] >= 2 * w(a, b)`` for every pair of classes that may meet) is a
feasible dual of every graph of those classes, whichever pairs are missing from it
(rematches, forbidden pairs), and usually a nearly optimal one: started from it, the
blossom algorithm finds most vertices matched along tight edges at once and needs a
few augmentations instead of one per vertex (``docs/matching.md``, "Large Dutch
rounds").

The relaxation is solved by successive shortest paths (min-cost flow with Dijkstra and
node potentials) and its dual read off the final residual graph by Bellman-Ford; exact
integers throughout.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence

__all__ = ["class_duals"]


class _Network:
    """A flow network with residual arcs ``[to, capacity, cost, reverse index]``."""

    def __init__(self, nodes: int) -> None:
        self.arcs: list[list[list[int]]] = [[] for _ in range(nodes)]

    def add(self, u: int, v: int, capacity: int, cost: int) -> None:
        self.arcs[u].append([v, capacity, cost, len(self.arcs[v])])
        self.arcs[v].append([u, 0, -cost, len(self.arcs[u]) - 1])

    def dijkstra(self, source: int, potential: list[int]) -> tuple[list[int | None], list[int]]:
        """Reduced-cost distances from ``source`` (None: unreachable) and, per node,
        the index in its predecessor's arc list of the arc that reached it."""
        nodes = len(self.arcs)
        dist: list[int | None] = [None] * nodes
        via = [-1] * nodes
        came = [-1] * nodes
        dist[source] = 0
        heap = [(0, source)]
        while heap:
            d, u = heapq.heappop(heap)
            if d != dist[u]:
                continue
            for k, (v, capacity, cost, _) in enumerate(self.arcs[u]):
                if capacity <= 0:
                    continue
                nd = d + cost + potential[u] - potential[v]
                old = dist[v]
                if old is None or nd < old:
                    dist[v] = nd
                    via[v] = u
                    came[v] = k
                    heapq.heappush(heap, (nd, v))
        self._via = via
        return dist, came

    def augment(self, source: int, sink: int, came: list[int]) -> int:
        """Push the bottleneck flow along the path found by :meth:`dijkstra`."""
        flow: int | None = None
        v = sink
        while v != source:
            u = self._via[v]
            capacity = self.arcs[u][came[v]][1]
            flow = capacity if flow is None else min(flow, capacity)
            v = u
        assert flow is not None and flow > 0
        v = sink
        while v != source:
            u = self._via[v]
            arc = self.arcs[u][came[v]]
            arc[1] -= flow
            self.arcs[v][arc[3]][1] += flow
            v = u
        return flow

    def potentials(self) -> list[int] | None:
        """A potential ``d`` with ``d[v] <= d[u] + cost`` on every residual arc
        (Bellman-Ford from all zeros), or None if a negative cycle exists."""
        nodes = len(self.arcs)
        d = [0] * nodes
        for _ in range(nodes + 1):
            changed = False
            for u in range(nodes):
                du = d[u]
                for v, capacity, cost, _ in self.arcs[u]:
                    if capacity > 0 and du + cost < d[v]:
                        d[v] = du + cost
                        changed = True
            if not changed:
                return d
        return None


def class_duals(sizes: Sequence[int], weight: Callable[[int, int], int]) -> list[int] | None:
    """Optimal duals of the class-level relaxation of a maximum-weight matching.

    ``sizes[a]``: the number of vertices of class ``a``; ``weight(a, b)``: the weight
    of an edge between a vertex of class ``a`` and one of class ``b`` (symmetric;
    ``<= 0``: such vertices never meet; two vertices of one class meet only if the
    class has two). Returns ``y`` with ``y[a] + y[b] >= 2 * weight(a, b)`` for every
    pair that may meet, ``y[a] >= 0``, and ``sum(sizes[a] * y[a]) / 2`` equal to the
    optimum of the relaxation (an upper bound of every matching's weight); None if
    the computation fails its own check (never expected).

    Time: O(F * k^2 log k) for k classes, F augmenting paths (at most one per pair of
    classes plus one per class, in practice a few per class); memory O(k^2).

    >>> class_duals([2], lambda a, b: 5)   # two vertices, one edge of weight 5
    [5]

    A triangle (one vertex of class 0, two of class 1; edges 0-1 of weight 4, 1-1 of
    weight 3): the relaxation pairs halves around the odd cycle, (4 + 4 + 3) / 2 = 5.5,
    above the best matching (4): the dual is feasible, not always tight.

    >>> class_duals([1, 2], lambda a, b: 3 if a == b else 4)
    [5, 3]
    """
    k = len(sizes)
    source, sink = 2 * k, 2 * k + 1
    network = _Network(2 * k + 2)
    meets: list[tuple[int, int, int]] = []
    # Arcs between classes are uncapacitated (more than any flow), so that every one
    # stays in the residual graph and its dual constraint holds.
    unbounded = sum(sizes) + 1
    for a in range(k):
        network.add(source, a, sizes[a], 0)
        network.add(k + a, sink, sizes[a], 0)
    for a in range(k):
        for b in range(k):
            if sizes[a] <= 0 or sizes[b] <= 0 or (a == b and sizes[a] < 2):
                continue
            w = weight(a, b)
            if w > 0:
                meets.append((a, b, w))
                network.add(a, k + b, unbounded, -w)
    # Potentials of the first residual graph (a DAG): shortest distances from the source.
    potential = [0] * (2 * k + 2)
    for _a, b, w in meets:
        potential[k + b] = min(potential[k + b], -w)
    potential[sink] = min([0, *potential[k : 2 * k]])
    flow = 0
    while True:
        dist, came = network.dijkstra(source, potential)
        reach = dist[sink]
        if reach is None or reach + potential[sink] - potential[source] >= 0:
            break
        furthest = max(d for d in dist if d is not None)
        for v, d in enumerate(dist):
            potential[v] += furthest if d is None else d
        flow += network.augment(source, sink, came)
    # The final dual: potentials of the residual graph closed by sink -> source.
    network.add(sink, source, unbounded, 0)
    network.arcs[source][-1][1] = flow  # the reverse arc: the flow can shrink
    final = network.potentials()
    if final is None:
        return None
    y = [max(0, final[a] - final[source]) + max(0, final[sink] - final[k + a]) for a in range(k)]
    if any(y[a] + y[b] < 2 * w for a, b, w in meets):
        return None
    return y
