"""Pure-Python backend of :mod:`fairpair.matching` (the test oracle and the fallback).

Delegates the blossom algorithm to networkx (Joris van Rantwijk's implementation of
Galil's description, exact for Python ints, O(n^3)), which is independent of the compiled
code it checks.  :class:`PureMatcher` has the interface of the compiled incremental
matcher but simply solves from scratch each time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["PureMatcher", "max_weight_matching"]


def _check_vertex(v: int, n: int) -> None:
    if not 0 <= v < n:
        raise ValueError(f"vertex {v} out of range 0..{n - 1}")


def max_weight_matching(
    n: int, edges: Iterable[tuple[int, int, int]], *, max_cardinality: bool = False
) -> list[int]:
    """Maximum-weight matching on vertices ``0..n-1`` (see :mod:`fairpair.matching`)."""
    if n < 0:
        raise ValueError("n must be >= 0")
    import networkx as nx  # imported on first use: it costs ~90 ms at start-up

    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(n))
    for u, v, w in edges:
        _check_vertex(u, n)
        _check_vertex(v, n)
        if u == v:
            raise ValueError(f"self-loop on vertex {u}")
        if max_cardinality or w > 0:
            graph.add_edge(u, v, weight=w)
        elif graph.has_edge(u, v):  # the last weight given for a pair counts
            graph.remove_edge(u, v)
    mate = [-1] * n
    for u, v in nx.max_weight_matching(graph, maxcardinality=max_cardinality):
        mate[u] = v
        mate[v] = u
    return mate


class PureMatcher:
    """Same interface as the compiled ``Matcher``; every :meth:`solve` starts afresh."""

    def __init__(self, n: int = 0) -> None:
        if n < 0:
            raise ValueError("n must be >= 0")
        self._n = n
        self._w: dict[tuple[int, int], int] = {}

    @property
    def n(self) -> int:
        return self._n

    @property
    def stats(self) -> list[int] | None:
        """No work statistics in the pure backend."""
        return None

    def _key(self, u: int, v: int) -> tuple[int, int]:
        _check_vertex(u, self._n)
        _check_vertex(v, self._n)
        if u == v:
            raise ValueError(f"self-loop on vertex {u}")
        return (u, v) if u < v else (v, u)

    def set_weight(self, u: int, v: int, weight: int | None) -> None:
        key = self._key(u, v)
        if weight is not None and not isinstance(weight, int):
            raise TypeError(f"matching weights must be int, not {type(weight).__name__}")
        if weight is None or weight <= 0:
            self._w.pop(key, None)
        else:
            self._w[key] = weight

    def set_weights(self, edges: Iterable[tuple[int, int, int | None]]) -> None:
        for u, v, w in edges:
            self.set_weight(u, v, w)

    def set_vertex_weights(self, u: int, weights: Sequence[int | None]) -> None:
        _check_vertex(u, self._n)
        if len(weights) != self._n:
            raise ValueError("weights must have one entry per vertex")
        for v, w in enumerate(weights):
            if v != u:
                self.set_weight(u, v, w)

    def weight(self, u: int, v: int) -> int:
        if u == v:
            _check_vertex(u, self._n)
            return 0
        return self._w.get(self._key(u, v), 0)

    def resize(self, n: int) -> None:
        if n < 0:
            raise ValueError("n must be >= 0")
        self._n = n
        self._w = {(u, v): w for (u, v), w in self._w.items() if v < n}

    def solve(self) -> list[int]:
        return max_weight_matching(self._n, ((u, v, w) for (u, v), w in self._w.items()))

    def check(self) -> str:
        return ""

    def restart(self) -> None:
        """Nothing to forget: every solve starts afresh."""
