"""Maximum-cardinality matching on a shrinking graph: "can the rest still all be paired?"

Pairing systems ask this question over and over while they fix pairs one at a time:
the TCEC viability test (STEP 3/4) and the Dutch round-pairing outlook (C.04.3 A.9).
:class:`CardinalityMatcher` keeps one maximum matching of the vertices still alive and
repairs it incrementally with Edmonds' augmenting paths (blossoms contracted, no
weights) when vertices are removed, so each question costs a few augmenting-path
searches instead of a whole new matching.

Complexity: one augmenting-path search is O(n * m) in the worst case (blossom
contraction relabels up to n vertices per blossom); removing k matched vertices costs
at most k searches.

>>> m = CardinalityMatcher([[1, 2], [0, 3], [0, 3], [1, 2]])  # the 4-cycle 0-1-3-2-0
>>> m.is_perfect()
True
>>> m.try_remove([0, 3])  # 0 and 3 are not adjacent: 1 and 2 cannot be paired
False
>>> m.try_remove([0, 1])  # pairing 0-1 leaves 2-3
True
>>> m.alive_vertices()
[2, 3]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

__all__ = ["CardinalityMatcher"]


class CardinalityMatcher:
    """A maximum matching of the alive vertices of a fixed undirected graph.

    ``adjacency[v]`` lists the neighbours of ``v`` (in the order candidates should be
    offered by :meth:`neighbours`). Vertices are taken out with :meth:`try_remove`,
    which keeps the removal only if the remaining vertices still have a perfect
    matching. ``mate[v]`` is the current partner of ``v`` or -1.
    """

    def __init__(
        self, adjacency: Sequence[Iterable[int]], mate: Sequence[int] | None = None
    ) -> None:
        self.n = len(adjacency)
        # A list of lists is copied; any other sequence (a graph that computes its
        # rows when asked) is kept and asked again each time a row is needed.
        self.adj: Sequence[Iterable[int]] = (
            [list(neighbours) for neighbours in adjacency]
            if isinstance(adjacency, list)
            else adjacency
        )
        self.alive = [True] * self.n
        if mate is not None:
            # A valid start matching given by the caller (e.g. found greedily).
            if len(mate) != self.n:
                raise ValueError("mate needs one entry per vertex")
            self.mate = list(mate)
            return
        self.mate = [-1] * self.n
        for v in range(self.n):  # greedy start
            if self.mate[v] == -1:
                for w in self.adj[v]:
                    if self.mate[w] == -1 and w != v:
                        self.mate[v], self.mate[w] = w, v
                        break

    def neighbours(self, v: int) -> list[int]:
        """The alive neighbours of ``v``, in adjacency order."""
        return [w for w in self.adj[v] if self.alive[w]]

    def alive_vertices(self) -> list[int]:
        return [v for v in range(self.n) if self.alive[v]]

    def is_perfect(self) -> bool:
        """Augment from every exposed alive vertex; True if all alive ones are matched."""
        ok = True
        for v in range(self.n):
            if self.alive[v] and self.mate[v] == -1 and not self._augment(v):
                ok = False
        return ok

    def unmatched(self) -> list[int]:
        """Alive vertices the current (maximum, after :meth:`is_perfect`) matching leaves."""
        return [v for v in range(self.n) if self.alive[v] and self.mate[v] == -1]

    def try_remove(self, vertices: Iterable[int]) -> bool:
        """Remove ``vertices`` if the remaining alive vertices keep a perfect matching.

        On failure nothing changes and False is returned. To fix a pair ``a-b`` (an
        edge), remove both: the rest must then be perfectly matchable.
        """
        removed = list(vertices)
        saved_mate = list(self.mate)
        for v in removed:
            self.alive[v] = False
        for v in removed:
            w = self.mate[v]
            if w != -1:
                self.mate[w] = -1
                self.mate[v] = -1
        freed = [v for v in range(self.n) if self.alive[v] and self.mate[v] == -1]
        if all(self.mate[v] != -1 or self._augment(v) for v in freed):
            return True
        for v in removed:
            self.alive[v] = True
        self.mate = saved_mate
        return False

    def _augment(self, root: int) -> bool:
        """Search an augmenting path from the exposed vertex ``root``; flip it if found."""
        n, adj, alive, mate = self.n, self.adj, self.alive, self.mate
        parent = [-1] * n
        base = list(range(n))
        even = [False] * n
        even[root] = True
        queue: deque[int] = deque([root])

        def common_base(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark_path(v: int, top: int, child: int, blossom: list[bool]) -> None:
            while base[v] != top:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in adj[v]:
                if not alive[to] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    # v and to are both even: an odd cycle, contract it into a blossom.
                    top = common_base(v, to)
                    blossom = [False] * n
                    mark_path(v, top, to, blossom)
                    mark_path(to, top, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = top
                            if not even[i]:
                                even[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        while to != -1:  # flip the augmenting path ending at ``to``
                            previous = parent[to]
                            following = mate[previous]
                            mate[to] = previous
                            mate[previous] = to
                            to = following
                        return True
                    even[mate[to]] = True
                    queue.append(mate[to])
        return False
