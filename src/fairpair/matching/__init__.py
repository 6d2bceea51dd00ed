"""Maximum-weight matching shared by all pairing systems.

One function, one contract::

    mate = max_weight_matching(n, edges, max_cardinality=False)

``n`` vertices ``0..n-1``; ``edges`` is an iterable of ``(u, v, weight)`` with integer
weights of any size (Python ints: exact, no overflow). Returns ``mate`` with
``mate[v]`` the partner of ``v`` or ``-1``. With ``max_cardinality=True`` the result is
a maximum-weight matching among the maximum-cardinality ones.

This module currently delegates to networkx (pure Python, exact for integers,
O(n^3)). A compiled incremental implementation with arbitrary-width weights will
replace it behind the same interface (issue: FIDE Dutch speed).

>>> max_weight_matching(4, [(0, 1, 5), (1, 2, 10), (2, 3, 5)])
[1, 0, 3, 2]
>>> max_weight_matching(3, [(0, 1, 1), (1, 2, 2)])
[-1, 2, 1]
"""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx

__all__ = ["max_weight_matching"]


def max_weight_matching(
    n: int, edges: Iterable[tuple[int, int, int]], *, max_cardinality: bool = False
) -> list[int]:
    """Maximum-weight matching of an undirected graph on vertices ``0..n-1``."""
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(n))
    for u, v, w in edges:
        if u == v:
            raise ValueError(f"self-loop on vertex {u}")
        graph.add_edge(u, v, weight=w)
    mate = [-1] * n
    for u, v in nx.max_weight_matching(graph, maxcardinality=max_cardinality):
        mate[u] = v
        mate[v] = u
    return mate
