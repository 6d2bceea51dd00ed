"""The round-pairing outlook (A.9): can the players still unpaired complete the round?

The round-pairing is complete when everybody (but at most one player, who receives
the pairing-allocated bye) is paired without violating C.1-C.3. That is a perfect
matching question on the compatibility graph, plus one "bye" vertex when the number
of players is odd, joined to everyone still eligible for the bye (C.2).

:class:`CompletionChecker` keeps one perfect matching of the players not paired yet
and repairs it incrementally (Edmonds' augmenting paths with blossoms, unweighted)
when a bracket fixes some pairs, so the check after each bracket costs a few
augmentations rather than a full matching.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

__all__ = ["CompletionChecker"]


class CompletionChecker:
    """Perfect-matching oracle on a fixed graph whose vertices get removed.

    ``adjacency[v]`` lists the neighbours of vertex ``v``. Vertices are removed with
    :meth:`try_remove`, which keeps the removal only if the rest still has a perfect
    matching.
    """

    def __init__(self, adjacency: Sequence[Iterable[int]]) -> None:
        self.n = len(adjacency)
        self.adj: list[list[int]] = [list(neighbours) for neighbours in adjacency]
        self.alive = [True] * self.n
        self.mate = [-1] * self.n
        self._greedy()

    def _greedy(self) -> None:
        for v in range(self.n):
            if self.mate[v] == -1:
                for w in self.adj[v]:
                    if self.mate[w] == -1 and w != v:
                        self.mate[v], self.mate[w] = w, v
                        break

    def is_perfect(self) -> bool:
        """Augment from every free vertex; True if everybody alive is matched."""
        ok = True
        for v in range(self.n):
            if self.alive[v] and self.mate[v] == -1 and not self._augment(v):
                ok = False
        return ok

    def unmatched(self) -> list[int]:
        """Vertices left unmatched by the current (maximum) matching."""
        return [v for v in range(self.n) if self.alive[v] and self.mate[v] == -1]

    def try_remove(self, vertices: Iterable[int]) -> bool:
        """Remove ``vertices`` if the remaining graph keeps a perfect matching.

        On failure nothing changes and False is returned.
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
        """Search an augmenting path from the free vertex ``root`` (Edmonds)."""
        n, adj, alive, mate = self.n, self.adj, self.alive, self.mate
        parent = [-1] * n
        base = list(range(n))
        used = [False] * n
        used[root] = True
        queue: deque[int] = deque([root])

        def lca(a: int, b: int) -> int:
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

        def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
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
                    current = lca(v, to)
                    blossom = [False] * n
                    mark_path(v, current, to, blossom)
                    mark_path(to, current, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = current
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        # Flip the augmenting path ending at ``to``.
                        while to != -1:
                            pv = parent[to]
                            nxt = mate[pv]
                            mate[to] = pv
                            mate[pv] = to
                            to = nxt
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False
