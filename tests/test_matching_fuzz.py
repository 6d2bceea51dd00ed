"""Heavy randomised comparison of the matching backends (opt-in, minutes).

Run with ``FAIRPAIR_FUZZ=1 .venv/bin/python -m pytest tests/test_matching_fuzz.py``;
``FAIRPAIR_FUZZ_SEED`` picks another seed range, ``FAIRPAIR_FUZZ_ROUNDS`` scales the
amount.  For internal consistency checks of the C++ code, build the extension with
``FAIRPAIR_BLOSSOM_DEBUG=1 .venv/bin/pip install -e .`` first.

Graph families: uniform random, complete with few distinct weights (many ties), weights
near 2^k differing in low bits, sparse odd cycles and "flower" structures (nested
blossoms), and Dutch-like layered weights; incremental runs mix single-edge changes,
whole-vertex changes, edge removals and weight growth past the current integer width.
"""

from __future__ import annotations

import os
import random

import pytest

from fairpair.matching import Matcher, _pure
from helpers import brute_force, objective, score

compiled = pytest.importorskip("fairpair.matching._blossom")

pytestmark = pytest.mark.skipif(
    not os.environ.get("FAIRPAIR_FUZZ"), reason="set FAIRPAIR_FUZZ=1 to run the fuzz tests"
)

SEED = int(os.environ.get("FAIRPAIR_FUZZ_SEED", "0"))
ROUNDS = int(os.environ.get("FAIRPAIR_FUZZ_ROUNDS", "1"))

Edges = list[tuple[int, int, int]]


def family(rng: random.Random, n: int) -> Edges:
    kind = rng.randrange(6)
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    if kind == 0:  # uniform, any density, any width
        bits = rng.choice([1, 3, 16, 63, 64, 65, 127, 128, 129, 255, 256, 400, 560])
        d = rng.random()
        return [(u, v, rng.getrandbits(bits)) for u, v in pairs if rng.random() < d]
    if kind == 1:  # few distinct weights: ties everywhere
        values = [rng.randint(1, 4) for _ in range(3)]
        return [(u, v, rng.choice(values)) for u, v in pairs if rng.random() < 0.7]
    if kind == 2:  # huge base, differences only in the low bits
        base = 1 << rng.choice([124, 200, 500])
        return [(u, v, base + rng.randint(0, 8)) for u, v in pairs if rng.random() < 0.6]
    if kind == 3:  # disjoint odd cycles joined by chords (blossoms in blossoms)
        edges: Edges = []
        order = list(range(n))
        rng.shuffle(order)
        i = 0
        while i + 3 <= n:
            k = min(n - i, rng.choice([3, 5, 7]))
            cyc = order[i : i + k]
            edges += [(cyc[j], cyc[(j + 1) % k], 10) for j in range(k)]
            i += k
        edges += [(u, v, rng.randint(1, 12)) for u, v in pairs if rng.random() < 0.1]
        return edges
    if kind == 4:  # Dutch-like layered weights
        score_ = [rng.randint(0, 4) for _ in range(n)]
        return [
            (u, v, ((8 - abs(score_[u] - score_[v])) << 100) + rng.getrandbits(20))
            for u, v in pairs
            if rng.random() < 0.9
        ]
    # negative and positive mixed
    return [(u, v, rng.randint(-50, 50)) for u, v in pairs if rng.random() < 0.5]


def test_fuzz_one_shot() -> None:
    rng = random.Random(1000 + SEED)
    for _ in range(3000 * ROUNDS):
        n = rng.randint(0, 11)
        edges = family(rng, n)
        mc = rng.random() < 0.5
        want = brute_force(n, edges, mc)
        got = compiled.max_weight_matching(n, edges, mc)
        assert objective(n, edges, got, mc) == want, (n, edges, mc)
    for _ in range(300 * ROUNDS):
        n = rng.randint(12, 70)
        edges = family(rng, n)
        mc = rng.random() < 0.5
        got = compiled.max_weight_matching(n, edges, mc)
        oracle = _pure.max_weight_matching(n, edges, max_cardinality=mc)
        assert objective(n, edges, got, mc) == objective(n, edges, oracle, mc), (n, edges, mc)


def test_fuzz_one_shot_large() -> None:
    """Graphs of 100-300 vertices against networkx."""
    rng = random.Random(3000 + SEED)
    for _ in range(40 * ROUNDS):
        n = rng.randint(100, 300)
        edges = family(rng, n)
        mc = rng.random() < 0.5
        got = compiled.max_weight_matching(n, edges, mc)
        oracle = _pure.max_weight_matching(n, edges, max_cardinality=mc)
        assert objective(n, edges, got, mc) == objective(n, edges, oracle, mc)


def test_fuzz_incremental() -> None:
    rng = random.Random(2000 + SEED)
    for _ in range(200 * ROUNDS):
        n = rng.randint(2, 40)
        m = Matcher(n)
        m.set_weights(family(rng, n))
        m.solve()
        assert m.check() == ""
        for _step in range(30):
            r = rng.random()
            if r < 0.3:
                x = rng.randrange(n)
                bits = rng.choice([4, 60, 130])
                m.set_vertex_weights(
                    x, [rng.getrandbits(bits) if rng.random() < 0.6 else None for _ in range(n)]
                )
            elif r < 0.6:
                for _k in range(rng.randint(1, 6)):
                    u, v = rng.sample(range(n), 2)
                    m.set_weight(u, v, m.weight(u, v) + rng.randint(-3, 3))
            elif r < 0.8:
                for _k in range(rng.randint(1, 4)):
                    u, v = rng.sample(range(n), 2)
                    m.set_weight(u, v, None)
            elif r < 0.95:
                u, v = rng.sample(range(n), 2)
                m.set_weight(u, v, rng.getrandbits(rng.choice([8, 70, 300])))
            else:  # a new vertex joins (warm: the old solution is kept)
                n += 1
                m.resize(n)
                m.set_vertex_weights(n - 1, [rng.randint(-9, 99) for _ in range(n)])
            mate = m.solve()
            assert m.check() == ""
            edges = [(u, v, m.weight(u, v)) for u in range(n) for v in range(u + 1, n)]
            present = [e for e in edges if e[2] > 0]
            want = score(n, present, _pure.max_weight_matching(n, present))[1]
            assert m.total_weight(mate) == want
