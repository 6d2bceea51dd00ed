"""The compact matcher of the Dutch brackets on tie-heavy graphs.

When one criteria weight joins most pairs of a bracket, the blossom algorithm builds
many nested blossoms and keeps many alternating trees at once.  There the compact
matcher (``Blossom<N, ClassOrder>``) makes a new blossom's least-slack edges from its
children's best edges where those still bound them, instead of listing every leaf
again (``add_blossom`` in ``matching/blossom.hpp``, ``docs/matching.md`` step 10).
Every solve here, fresh, seeded or warm after changes, must end with a valid
optimality certificate and the weight that the dense matcher (which keeps the full
lists) finds for the same graph.
"""

from __future__ import annotations

import random

import pytest

from fairpair.systems.dutch import graph
from fairpair.systems.dutch.graph import ClassWeights, CompiledGraph, DictGraph

compiled_only = pytest.mark.skipif(
    graph._CompiledBracketGraph is None, reason="the compiled extension is not built"
)


def _tie_heavy(rng: random.Random, n: int) -> ClassWeights:
    """Few classes, few distinct criteria weights (mostly one), some missing pairs."""
    k = rng.randint(1, 3)
    classes = sorted(rng.randrange(k) for _ in range(n))
    table: list[int | None] = [rng.choice([None, 1, 1, 1, 2, 3]) for _ in range(k * k)]
    for a in range(k):  # one table, read both ways
        for b in range(a):
            table[a * k + b] = table[b * k + a]
    tags = [rng.choice([0, 0, 0, 1, 2]) for _ in range(n)]
    density = rng.choice([0.02, 0.1, 0.3])
    blocked = frozenset((a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < density)
    return ClassWeights(classes, table, 12, tags, blocked)


@compiled_only
@pytest.mark.parametrize("seed", range(40))
def test_tie_heavy_solves_are_optimal(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(40, 160)
    weights = _tie_heavy(rng, n)
    reference = DictGraph(weights)
    assert reference.matcher is not None  # narrow weights: the dense compiled matcher
    weight = reference.matcher.total_weight
    compiled = CompiledGraph(weights)
    if seed % 2:
        relaxed = weights.relaxation_duals()
        assert relaxed is not None
        compiled._g.seed_duals(relaxed)
    for step in range(4):
        mate = compiled.solve()
        assert compiled._g.check() == "", f"step {step}"
        assert all(mate[w] == v for v, w in enumerate(mate) if w != -1), f"step {step}"
        assert weight(mate) == weight(reference.solve()), f"step {step}"
        # Warm re-solve after changes like the generation order's: small order parts
        # (ties broken differently) and removed pairs.
        for _ in range(rng.randint(1, 3 * n)):
            u, v = rng.sample(range(n), 2)
            if not reference.has_edge(u, v):
                continue
            if rng.random() < 0.2:
                compiled.remove(u, v)
                reference.remove(u, v)
            else:
                order = rng.randrange(0, 1 << 8)
                compiled.set_order(u, v, order)
                reference.set_order(u, v, order)


@compiled_only
@pytest.mark.parametrize("seed", range(12))
def test_weights_of_253_to_380_bits_take_the_16_limb_compact_engine(seed: int) -> None:
    """The compact engine has no 6-limb width (issue 33: one instantiation fewer to
    compile): weights of 253 to 380 bits run at 16 limbs, exact, and the graph still
    reports the 6 limbs they need (its seeds and a switch to the dense engine follow
    that width, as before). Same optimum as the dense matcher, valid certificate, warm
    re-solves included."""
    rng = random.Random(seed)
    n = rng.randint(30, 90)
    small = _tie_heavy(rng, n)
    wide = 1 << rng.randint(250, 355)  # need = bits + shift + 1: 6 limbs
    table = [None if w is None else w * wide + rng.randrange(1 << 20) for w in small.table]
    k = small.k
    for a in range(k):
        for b in range(a):
            table[a * k + b] = table[b * k + a]
    weights = ClassWeights(small.classes, table, 12, small.tags, small.blocked)
    reference = DictGraph(weights)
    assert reference.matcher is not None
    weight = reference.matcher.total_weight
    compiled = CompiledGraph(weights)
    assert compiled._g.compact and compiled._g.limbs == 6
    for step in range(3):
        mate = compiled.solve()
        assert compiled._g.check() == "", f"step {step}"
        assert weight(mate) == weight(reference.solve()), f"step {step}"
        for _ in range(rng.randint(1, n)):
            u, v = rng.sample(range(n), 2)
            if reference.has_edge(u, v):
                order = rng.randrange(0, 1 << 8)
                compiled.set_order(u, v, order)
                reference.set_order(u, v, order)
