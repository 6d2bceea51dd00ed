"""The class-level relaxation and what the Dutch bracket graph does with it.

- :func:`fairpair.matching.relaxation.class_duals` returns a feasible and optimal dual
  of the relaxation: checked against the maximum-weight matching of the bipartite
  double cover built vertex by vertex (a bipartite problem, so its matching optimum is
  the relaxation's optimum).
- Seeding a solve (``seed_duals``) never changes the optimum, whatever the seed.
- ``first_open`` only passes over candidates that no optimal matching can give the
  vertex (checked by forcing each one), and only while the last solve's duals still
  certify the graph.

Whole Dutch rounds with every bracket seeded: ``tests/test_dutch_graph.py``.
"""

from __future__ import annotations

import random

import pytest

from fairpair.matching import max_weight_matching
from fairpair.matching.relaxation import class_duals
from fairpair.systems.dutch import graph
from fairpair.systems.dutch.graph import ClassWeights, CompiledGraph, DictGraph

compiled_only = pytest.mark.skipif(
    graph._CompiledBracketGraph is None, reason="the compiled extension is not built"
)


def _double_cover_optimum(sizes: list[int], weight: dict[tuple[int, int], int]) -> int:
    """The relaxation's optimum, vertex by vertex: the maximum-weight matching of the
    bipartite graph with a left and a right copy of every vertex, a copy never joined
    to its own twin."""
    owner = [a for a, size in enumerate(sizes) for _ in range(size)]
    n = len(owner)
    edges = [
        (i, n + j, weight[(owner[i], owner[j])])
        for i in range(n)
        for j in range(n)
        if i != j and weight[(owner[i], owner[j])] > 0
    ]
    mate = max_weight_matching(2 * n, edges)
    return sum(weight[(owner[i], owner[mate[i] - n])] for i in range(n) if mate[i] != -1)


@pytest.mark.parametrize("seed", range(60))
def test_class_duals_feasible_and_optimal(seed: int) -> None:
    rng = random.Random(seed)
    k = rng.randint(1, 4)
    sizes = [rng.randint(0, 4) for _ in range(k)]
    weight: dict[tuple[int, int], int] = {}
    for a in range(k):
        for b in range(a, k):
            weight[(a, b)] = weight[(b, a)] = rng.choice([0, 0, 1, 2, 5, 9, -3])
    y = class_duals(sizes, lambda a, b: weight[(a, b)])
    assert y is not None and len(y) == k and all(v >= 0 for v in y)
    for a in range(k):
        for b in range(k):
            may_meet = sizes[a] and sizes[b] and (a != b or sizes[a] >= 2)
            if may_meet and weight[(a, b)] > 0:
                assert y[a] + y[b] >= 2 * weight[(a, b)]
    # Dual objective = primal optimum of the double cover (strong duality).
    assert sum(size * v for size, v in zip(sizes, y, strict=True)) == _double_cover_optimum(
        sizes, weight
    )


def test_class_duals_of_nothing() -> None:
    assert class_duals([], lambda a, b: 1) == []
    assert class_duals([1], lambda a, b: 7) == [0]  # one vertex meets nobody
    assert class_duals([3, 2], lambda a, b: 0) == [0, 0]


def _weights(rng: random.Random, n: int, shift: int = 12) -> ClassWeights:
    k = rng.randint(1, 4)
    classes = [rng.randrange(k) for _ in range(n)]
    table: list[int | None] = [rng.choice([None, 0, *range(1, 6)]) for _ in range(k * k)]
    tags = [rng.choice([0, 0, 1, 2]) for _ in range(n)]
    blocked = frozenset((a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.15)
    return ClassWeights(classes, table, shift, tags, blocked)


def _value(reference: DictGraph, mate: list[int]) -> int:
    return sum(
        (reference.main[(v, w)] << reference.shift) + reference.order.get((v, w), 0)
        for v, w in enumerate(mate)
        if w > v
    )


@compiled_only
@pytest.mark.parametrize("seed", range(80))
def test_any_seed_gives_an_optimum(seed: int) -> None:
    """The relaxation's duals, random numbers, zeros or huge values: the solve ends
    optimal (certificate checked) with the weight of the reference matching."""
    rng = random.Random(seed)
    n = rng.randint(2, 30)
    weights = _weights(rng, n)
    reference = DictGraph(weights)
    compiled = CompiledGraph(weights)
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < 0.2:
                order = rng.randrange(-(1 << 9), 1 << 9)
                compiled.set_order(u, v, order)
                reference.set_order(u, v, order)
    relaxed = weights.relaxation_duals()
    assert relaxed is not None
    seeds = [relaxed, [0] * n, [rng.randrange(0, 40) for _ in range(n)], [1 << 40] * n]
    compiled._g.seed_duals(seeds[seed % len(seeds)])
    mate = compiled.solve()
    assert compiled._g.check() == ""
    assert _value(reference, mate) == _value(reference, reference.solve())


@compiled_only
def test_relaxation_duals_cover_every_edge() -> None:
    rng = random.Random(5)
    for _ in range(200):
        n = rng.randint(2, 25)
        weights = _weights(rng, n)
        sides = [rng.choice([0, 1, 2]) for _ in range(n)]
        for split in (None, sides):
            duals = weights.relaxation_duals(split)
            assert duals is not None
            for i in range(n):
                for j in range(i + 1, n):
                    if split is not None and split[i] and split[i] == split[j]:
                        continue
                    assert duals[i] + duals[j] >= 2 * weights.main(i, j)


def _forced_optimum(
    weights: ClassWeights, orders: dict[tuple[int, int], int], fixed: list[tuple[int, int]]
) -> int:
    """The best criteria part of a matching containing the pairs ``fixed``."""
    n = len(weights.classes)
    gone = {v for pair in fixed for v in pair}
    edges = [
        (i, j, (weights.main(i, j) << weights.shift) + orders.get((i, j), 0))
        for i in range(n)
        for j in range(i + 1, n)
        if weights.main(i, j) and i not in gone and j not in gone
    ]
    mate = max_weight_matching(n, edges)
    total = sum(weights.main(v, w) for v, w in enumerate(mate) if w > v)
    return total + sum(weights.main(a, b) for a, b in fixed)


@compiled_only
@pytest.mark.parametrize("seed", range(120))
def test_first_open_passes_over_impossible_candidates_only(seed: int) -> None:
    """After a solve, and after decided pairs are isolated, every candidate that
    ``first_open`` passes over is in no matching that is optimal in the criteria part
    (forcing it loses criteria weight); after any other change it knows nothing."""
    rng = random.Random(seed)
    n = rng.randint(4, 26)
    shift = 14
    weights = _weights(rng, n, shift)
    compiled = CompiledGraph(weights)
    # Order parts small enough that a matching's sum stays below half a unit.
    orders: dict[tuple[int, int], int] = {}
    for u in range(n):
        for v in range(u + 1, n):
            if weights.main(u, v) and rng.random() < 0.4:
                orders[(u, v)] = rng.randrange(0, (1 << shift) // (2 * n))
                compiled.set_order(u, v, orders[(u, v)])
    mate = compiled.solve()
    fixed: list[tuple[int, int]] = []
    best = _forced_optimum(weights, orders, fixed)
    for _round in range(3):
        for u in range(n):
            candidates = compiled.neighbours(u, 0, n)
            if not candidates or mate[u] == -1 or any(u in pair for pair in fixed):
                continue
            first = compiled._g.first_open(u, candidates)
            assert first <= candidates.index(mate[u])
            for x in candidates[:first]:
                assert _forced_optimum(weights, orders, [*fixed, (u, x)]) < best
        # Decide one pair of the solution: the duals still certify the rest.
        open_pairs = [(v, w) for v, w in enumerate(mate) if w > v and (v, w) not in fixed]
        if not open_pairs:
            break
        pair = rng.choice(open_pairs)
        fixed.append(pair)
        for v in pair:
            compiled.isolate(v)
    # Any other change: nothing is known until the next solve.
    live = [v for v in range(n) if compiled.neighbours(v, 0, n)]
    if live:
        u = live[0]
        x = compiled.neighbours(u, 0, n)[0]
        compiled.set_order(u, x, 1)
        assert compiled._g.first_open(u, compiled.neighbours(u, 0, n)) == 0


@compiled_only
def test_first_open_before_any_solve_knows_nothing() -> None:
    weights = ClassWeights([0, 0, 0, 0], [3], 8, [0, 0, 0, 0], frozenset())
    compiled = CompiledGraph(weights)
    assert compiled._g.first_open(0, [1, 2, 3]) == 0
    assert not compiled.is_first_open(0, [1, 2, 3], 2)
    assert compiled.is_first_open(0, [1, 2, 3], 1)


@pytest.mark.parametrize("middle", [True, False])
@pytest.mark.parametrize("seed", range(40))
def test_hint_duals_prove_the_sorted_pairing(
    seed: int, middle: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every S1-S2 pair is covered; the i-th S1 player and the i-th S2 player are
    tight (so the sorted pairing is optimal for the hint); all duals >= 0. Both ends
    of the choice (``graph.HINT_MIDDLE``); the middle leaves every other pair loose
    when S1 and S2 are of one length."""
    monkeypatch.setattr(graph, "HINT_MIDDLE", middle)
    rng = random.Random(seed)
    for _ in range(50):
        lo = rng.randint(0, 3)
        hi = lo + rng.randint(1, 14)
        top = [rng.random() < 0.5 for _ in range(hi + 2)]
        duals = graph.hint_duals(lo, hi, top)
        tops = [v for v in range(lo, hi) if top[v]]
        rests = [v for v in range(lo, hi) if not top[v]]
        for p in tops:
            for x in rests:
                assert duals[p] + duals[x] >= 2 * (hi - p) * (hi - x)
        for p, x in zip(tops, rests, strict=False):
            assert duals[p] + duals[x] == 2 * (hi - p) * (hi - x)
        assert all(value >= 0 for value in duals.values())
        if middle and len(tops) == len(rests):
            tight = {
                (p, x)
                for p in tops
                for x in rests
                if duals[p] + duals[x] == 2 * (hi - p) * (hi - x)
            }
            assert tight == set(zip(tops, rests, strict=True))


@compiled_only
@pytest.mark.parametrize("seed", range(60))
def test_restart_after_s1_is_decided_gives_an_optimum(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """keep_top_to_rest in a graph large enough for the fresh restart (SEED_MIN
    lowered): the next solve is optimal (certificate) and as heavy as the reference's."""
    monkeypatch.setattr(graph, "SEED_MIN", 2)
    rng = random.Random(seed)
    n = rng.randint(3, 30)
    weights = _weights(rng, n)
    reference = DictGraph(weights)
    compiled = CompiledGraph(weights)
    compiled.solve()
    lo = rng.randint(0, n // 3)
    hi = rng.randint(lo + 1, n)
    top = [rng.random() < 0.5 for _ in range(n)]
    compiled.keep_top_to_rest(lo, hi, top)
    reference.keep_top_to_rest(lo, hi, top)
    mate = compiled.solve()
    assert compiled._g.check() == ""
    assert _value(reference, mate) == _value(reference, reference.solve())
