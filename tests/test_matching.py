"""fairpair.matching: compiled backend vs pure-Python oracle vs brute force.

Every random graph is solved by the compiled extension, by the pure-Python backend
(networkx) and, when small, by an exhaustive search over all matchings.  Optimal
matchings need not be unique, so results are compared by (cardinality and) total weight;
the compiled matcher additionally proves its own optimality (``Matcher.check`` verifies
the dual certificate).  Heavier fuzzing: ``FAIRPAIR_FUZZ=1 pytest tests/test_matching_fuzz.py``.
"""

from __future__ import annotations

import doctest
import random
import subprocess
import sys

import pytest

from fairpair import matching
from fairpair.matching import Matcher, _pure, max_weight_matching
from helpers import Edges, brute_force, objective, score

compiled = pytest.importorskip("fairpair.matching._blossom")

# ------------------------------------------------------------------ helpers


def random_graph(rng: random.Random, n: int, density: float, bits: int, negative: bool) -> Edges:
    low = -(1 << bits) if negative else 0
    return [
        (u, v, rng.randint(low, 1 << bits))
        for u in range(n)
        for v in range(u + 1, n)
        if rng.random() < density
    ]


def shuffled(rng: random.Random, edges: Edges) -> Edges:
    out = [(v, u, w) if rng.random() < 0.5 else (u, v, w) for u, v, w in edges]
    rng.shuffle(out)
    return out


# ------------------------------------------------------------------ one-shot function


@pytest.mark.parametrize("seed", range(4))
def test_small_graphs_against_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(400):
        n = rng.randint(0, 9)
        bits = rng.choice([1, 2, 5, 40, 63, 64, 130, 300, 500])
        edges = shuffled(rng, random_graph(rng, n, rng.random(), bits, rng.random() < 0.3))
        mc = rng.random() < 0.5
        want = brute_force(n, edges, mc)
        got = compiled.max_weight_matching(n, edges, mc)
        assert objective(n, edges, got, mc) == want, (n, edges, mc, got)
        oracle = _pure.max_weight_matching(n, edges, max_cardinality=mc)
        assert objective(n, edges, oracle, mc) == want


@pytest.mark.parametrize("seed", range(3))
def test_larger_graphs_against_networkx(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(40):
        n = rng.randint(10, 40)
        bits = rng.choice([2, 20, 62, 200, 500])
        edges = random_graph(rng, n, rng.choice([0.1, 0.3, 1.0]), bits, rng.random() < 0.2)
        mc = rng.random() < 0.5
        got = compiled.max_weight_matching(n, edges, mc)
        oracle = _pure.max_weight_matching(n, edges, max_cardinality=mc)
        assert objective(n, edges, got, mc) == objective(n, edges, oracle, mc)


def test_ties_everywhere() -> None:
    """All weights equal: any maximum matching is optimal; the complete graph K_n has
    floor(n/2) edges in it, and an odd cycle of length 2k+1 has k."""
    for n in range(1, 12):
        complete = [(u, v, 7) for u in range(n) for v in range(u + 1, n)]
        assert score(n, complete, max_weight_matching(n, complete))[0] == n // 2
        cycle = [(i, (i + 1) % n, 1) for i in range(n)] if n >= 3 else []
        if cycle:
            assert score(n, cycle, max_weight_matching(n, cycle))[0] == n // 2


def test_exact_for_weights_differing_only_in_low_bits() -> None:
    """Weights near 2^500 that differ by 1: floating point or 128-bit integers would tie
    or wrap; the path a-b-c-d with weights B+1, B+3, B+1 must match {a-b, c-d} (2B+2)
    rather than {b-c} (B+3)."""
    big = 1 << 500
    edges = [(0, 1, big + 1), (1, 2, big + 3), (2, 3, big + 1)]
    assert max_weight_matching(4, edges) == [1, 0, 3, 2]
    # and the other way round: the middle edge heavier than both outer ones together
    edges = [(0, 1, big + 1), (1, 2, 2 * big + 3), (2, 3, big + 1)]
    assert max_weight_matching(4, edges) == [-1, 2, 1, -1]
    assert max_weight_matching(4, edges, max_cardinality=True) == [1, 0, 3, 2]


def test_width_limit_is_an_error_or_a_fallback_never_a_wrong_answer() -> None:
    limit = matching.MAX_WEIGHT_BITS
    assert limit == compiled.MAX_WEIGHT_BITS
    ok = (1 << limit) - 1  # exactly MAX_WEIGHT_BITS bits
    assert compiled.max_weight_matching(3, [(0, 1, ok), (1, 2, ok - 1)]) == [1, 0, -1]
    too_wide = [(0, 1, 1 << limit), (1, 2, (1 << limit) + 1), (2, 3, 1 << limit)]
    with pytest.raises(OverflowError):
        compiled.max_weight_matching(4, too_wide)
    with pytest.raises(OverflowError):
        compiled.max_weight_matching(2, [(0, 1, -(1 << 2000))], True)
    # max_cardinality adds about log2(n) bits of headroom to every weight
    with pytest.raises(OverflowError):
        compiled.max_weight_matching(3, [(0, 1, ok), (1, 2, 1)], True)
    # the public function stays exact for any size by using the pure backend
    assert max_weight_matching(4, too_wide) == [1, 0, 3, 2]
    assert max_weight_matching(3, [(0, 1, ok), (1, 2, 1)], max_cardinality=True) == [1, 0, -1]
    huge = 1 << 5000
    assert max_weight_matching(3, [(0, 1, huge), (1, 2, huge + 1)]) == [-1, 2, 1]
    m = Matcher(2)
    with pytest.raises(OverflowError):
        m.set_weight(0, 1, 1 << limit)


def test_semantics_shared_by_both_backends(monkeypatch: pytest.MonkeyPatch) -> None:
    cases: list[tuple[int, Edges, bool, list[int]]] = [
        (0, [], False, []),
        (1, [], True, [-1]),
        (3, [], False, [-1, -1, -1]),
        # negative and zero edges are useless without max_cardinality
        (2, [(0, 1, -5)], False, [-1, -1]),
        (2, [(0, 1, 0)], False, [-1, -1]),
        (2, [(0, 1, -5)], True, [1, 0]),
        # the last weight of a repeated pair counts
        (2, [(0, 1, 5), (1, 0, -1)], False, [-1, -1]),
        (3, [(0, 1, 1), (1, 2, 5), (2, 1, 0)], False, [1, 0, -1]),
        # max cardinality beats weight
        (4, [(0, 1, 1), (1, 2, 100), (2, 3, 1)], True, [1, 0, 3, 2]),
        (4, [(0, 1, 1), (1, 2, 100), (2, 3, 1)], False, [-1, 2, 1, -1]),
        (4, [(0, 1, -10), (1, 2, -1), (2, 3, -10)], True, [1, 0, 3, 2]),
    ]
    for mode in ("compiled", "python"):
        monkeypatch.setenv("FAIRPAIR_MATCHING", mode)
        assert matching.backend() == mode
        for n, edges, mc, want in cases:
            assert max_weight_matching(n, edges, max_cardinality=mc) == want, (mode, edges)
            assert max_weight_matching(n, iter(edges), max_cardinality=mc) == want
        with pytest.raises(ValueError, match="self-loop"):
            max_weight_matching(2, [(1, 1, 3)])
        with pytest.raises(ValueError, match="out of range"):
            max_weight_matching(2, [(0, 2, 3)])


class IntLike:
    """An integer-like weight that is not an int (as numpy.int64 is)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_integer_like_weights_are_accepted() -> None:
    edges = [(0, 1, IntLike(3)), (1, 2, IntLike(5))]
    assert compiled.max_weight_matching(3, edges) == [-1, 2, 1]
    m = compiled.Matcher(3)
    m.set_weight(0, 1, IntLike(1 << 200))
    assert m.weight(0, 1) == 1 << 200 and m.solve() == [1, 0, -1]


@pytest.mark.parametrize("mode", ["compiled", "python"])
def test_module_examples(mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAIRPAIR_MATCHING", mode)
    assert doctest.testmod(matching).failed == 0


def test_float_weights_fall_back_to_the_pure_backend() -> None:
    assert max_weight_matching(3, [(0, 1, 1.5), (1, 2, 2.5)]) == [-1, 2, 1]  # type: ignore[list-item]


def test_import_without_the_extension() -> None:
    code = (
        "import sys; sys.modules['fairpair.matching._blossom'] = None\n"
        "from fairpair.matching import max_weight_matching, Matcher, backend\n"
        "assert backend() == 'python'\n"
        "assert max_weight_matching(3, [(0, 1, 1), (1, 2, 2)]) == [-1, 2, 1]\n"
        "m = Matcher(3); m.set_weight(0, 1, 4); assert m.solve() == [1, 0, -1]\n"
        "assert m.backend == 'python'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# ------------------------------------------------------------------ incremental matcher


def fresh_total(m: Matcher) -> int:
    """Weight of an optimal matching of m's current graph, solved from scratch."""
    f = Matcher(m.n)
    f.set_weights(
        [(u, v, m.weight(u, v)) for u in range(m.n) for v in range(u + 1, m.n) if m.weight(u, v)]
    )
    return f.total_weight(f.solve())


@pytest.mark.parametrize("seed", range(3))
def test_incremental_resolves_match_fresh_solves(seed: int) -> None:
    rng = random.Random(200 + seed)
    for _ in range(25):
        n = rng.randint(2, 24)
        density = rng.random()
        bits = rng.choice([3, 10, 62, 150, 400])
        m = Matcher(n)
        m.set_weights(random_graph(rng, n, density, bits, False))
        m.solve()
        assert m.check() == ""
        for _step in range(12):
            if rng.random() < 0.5:
                x = rng.randrange(n)
                row = [
                    rng.randint(-5, 1 << bits) if rng.random() < density else None for _ in range(n)
                ]
                m.set_vertex_weights(x, row)
            else:
                for _k in range(rng.randint(1, 3)):
                    u, v = rng.sample(range(n), 2)
                    m.set_weight(u, v, rng.randint(0, 1 << bits) if rng.random() < 0.8 else None)
            mate = m.solve()
            assert m.check() == ""
            total = m.total_weight(mate)
            assert total == fresh_total(m)
            edges = [(u, v, m.weight(u, v)) for u in range(n) for v in range(u + 1, n)]
            present = [e for e in edges if e[2]]
            assert total == score(n, present, _pure.max_weight_matching(n, edges))[1]


def test_incremental_small_graphs_against_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(150):
        n = rng.randint(2, 9)
        m = Matcher(n)
        m.set_weights(random_graph(rng, n, rng.random(), rng.choice([2, 8, 100]), False))
        m.solve()
        for _step in range(4):
            x = rng.randrange(n)
            m.set_vertex_weights(x, [rng.randint(-3, 20) for _ in range(n)])
            mate = m.solve()
            edges = [(u, v, m.weight(u, v)) for u in range(n) for v in range(u + 1, n)]
            edges = [e for e in edges if e[2]]
            assert (0, m.total_weight(mate)) == brute_force(n, edges, False)


def test_growing_keeps_the_solution() -> None:
    rng = random.Random(11)
    for _ in range(40):
        n = rng.randint(2, 20)
        m = Matcher(n)
        m.set_weights(random_graph(rng, n, 0.6, rng.choice([4, 90]), False))
        m.solve()
        for _step in range(3):
            k = rng.randint(1, 4)
            m.resize(m.n + k)
            assert m.total_weight(m.solve()) == fresh_total(m)  # isolated: same optimum
            assert m.check() == ""
            for x in range(m.n - k, m.n):
                m.set_vertex_weights(x, [rng.randint(-2, 200) for _ in range(m.n)])
            assert m.total_weight(m.solve()) == fresh_total(m)
            assert m.check() == ""
        m.resize(m.n - 3)  # shrinking: fresh solve of the remaining graph
        assert m.total_weight(m.solve()) == fresh_total(m)


def test_changes_that_keep_the_certificate_cost_nothing() -> None:
    """Lowering an unmatched edge (or raising it while it stays feasible) leaves the
    matching and duals a valid optimality proof: the re-solve does no augmentation."""
    rng = random.Random(5)
    n = 30
    m = compiled.Matcher(n)
    m.set_weights(random_graph(rng, n, 1.0, 40, False))
    mate = m.solve()
    for _ in range(20):
        u, v = rng.sample(range(n), 2)
        if mate[u] == v:
            continue
        m.set_weight(u, v, m.weight(u, v) // 2)
        assert m.solve() == mate
        assert m.stats[0] == 0 and m.check() == ""
    # removing a matched edge does force a repair
    u = next(v for v in range(n) if mate[v] >= 0)
    m.set_weight(u, mate[u], None)
    new = m.solve()
    assert new[u] != mate[u] and m.stats[0] >= 1 and m.check() == ""


def test_matcher_widens_its_integers() -> None:
    m = Matcher(4)
    m.set_weights([(0, 1, 5), (1, 2, 8), (2, 3, 5)])
    assert m.solve() == [1, 0, 3, 2]
    m.set_weight(1, 2, 1 << 300)  # needs 5 or more 64-bit limbs now
    assert m.solve() == [-1, 2, 1, -1]
    assert m.weight(2, 1) == 1 << 300
    m.set_weight(0, 1, (1 << 300) - 1)
    m.set_weight(3, 2, 2)
    assert m.solve() == [1, 0, 3, 2]
    assert m.check() == ""


def test_matcher_api() -> None:
    m = Matcher(3)
    assert m.n == 3 and m.backend == matching.backend()
    assert m.solve() == [-1, -1, -1]
    m.set_weight(0, 1, 4)
    m.set_weight(2, 1, 5)
    assert m.solve() == [-1, 2, 1]
    assert (m.weight(1, 2), m.weight(2, 1), m.weight(0, 2), m.weight(1, 1)) == (5, 5, 0, 0)
    m.set_weight(1, 2, None)  # removes the edge
    assert m.solve() == [1, 0, -1]
    m.set_weight(0, 1, -3)  # non-positive: no edge
    assert m.weight(0, 1) == 0 and m.solve() == [-1, -1, -1]
    m.set_vertex_weights(2, [7, 9, 123])  # weights[2] (the vertex itself) is ignored
    assert m.solve() == [-1, 2, 1] and m.total_weight([-1, 2, 1]) == 9
    m.resize(4)
    m.set_weight(3, 0, 8)
    assert m.solve() == [3, 2, 1, 0]
    m.restart()  # forget the solution: the same optimum from scratch
    assert m.solve() == [3, 2, 1, 0]
    assert m.stats is None if m.backend == "python" else m.stats is not None
    m.resize(2)
    assert m.solve() == [-1, -1]
    with pytest.raises(ValueError):
        m.set_weight(0, 0, 1)
    with pytest.raises(ValueError):
        m.set_weight(0, 5, 1)
    with pytest.raises(ValueError):
        m.set_vertex_weights(0, [1, 2, 3])
    with pytest.raises(TypeError):
        m.set_weight(0, 1, 1.5)  # type: ignore[arg-type]


def test_pure_matcher_has_the_same_behaviour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAIRPAIR_MATCHING", "python")
    test_matcher_api()
    m = Matcher(4)
    assert m.backend == "python"
    m.set_weights([(0, 1, 6), (1, 2, 10), (2, 3, 6)])
    assert m.solve() == [1, 0, 3, 2] and m.check() == ""
