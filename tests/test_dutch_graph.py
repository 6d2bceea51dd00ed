"""The two bracket graphs of the Dutch engine give the same pairings.

:class:`~fairpair.systems.dutch.graph.CompiledGraph` (the graph and its row operations
in C++, the default) against :class:`~fairpair.systems.dutch.graph.DictGraph` (one
Python dict entry per edge, the reference): first operation by operation on random
graphs, then whole rounds of random tournaments, 2017 and 2026 rules. The CI sample
pairs a few hundred rounds; the ``slow`` test pairs thousands. The compiled graph's
two layouts (compact: order parts only, the default; dense: whole weights, also what
a compact graph turns into when an order part does not fit 64 bits) are checked both.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from fairpair.errors import NoPairingError
from fairpair.matching import max_weight_matching
from fairpair.model import Tournament
from fairpair.systems.dutch import DutchSystem, engine, graph
from fairpair.systems.dutch.graph import (
    ClassWeights,
    CompatibilityGraph,
    CompiledGraph,
    DictGraph,
)
from fairpair.workflow.generator import GeneratorConfig
from helpers import random_rounds

pytestmark = pytest.mark.skipif(
    graph._CompiledBracketGraph is None, reason="the compiled extension is not built"
)


def _total(reference: DictGraph, mate: list[int]) -> int:
    """The weight of ``mate`` under the reference graph's current weights."""
    total = 0
    for v, w in enumerate(mate):
        if w > v:
            edge = (v, w)
            assert edge in reference.main, f"matched pair {edge} is not an edge"
            total += (reference.main[edge] << reference.shift) + reference.order.get(edge, 0)
    return total


def _random_graph(rng: random.Random, shift: int = 12) -> tuple[CompiledGraph, DictGraph, int]:
    n = rng.randint(2, 24)
    k = rng.randint(1, 4)
    classes = [rng.randrange(k) for _ in range(n)]
    table: list[int | None] = [rng.choice([None, 0, *range(1, 6)]) for _ in range(k * k)]
    tags = [rng.choice([0, 0, 1, 2]) for _ in range(n)]
    blocked = frozenset((a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.15)
    weights = ClassWeights(classes, table, shift, tags, blocked)
    return CompiledGraph(weights), DictGraph(weights), n


@pytest.mark.parametrize("layout", ["compact", "dense", "wide"])
@pytest.mark.parametrize("seed", range(100))
def test_graph_operations_agree(seed: int, layout: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every operation leaves both graphs with the same edges, and every solve finds a
    matching of the same (maximum) weight. ``wide``: orders of up to 68 bits, so the
    compact graph turns dense at the first one that does not fit."""
    monkeypatch.setattr(graph, "COMPACT", layout != "dense")
    rng = random.Random(seed)
    shift = 70 if layout == "wide" else 12
    compiled, reference, n = _random_graph(rng, shift)
    assert compiled._g.compact == (layout != "dense")
    limit = 1 << (shift - 2)  # |order| < 2**(shift - 1)
    for _ in range(40):
        op = rng.randrange(8)
        u = rng.randrange(n)
        v = rng.randrange(n)
        lo, hi = sorted((rng.randrange(n + 1), rng.randrange(n + 1)))
        value = rng.randrange(-limit + 1, limit)
        if op == 0 and u != v:
            compiled.set_order(u, v, value)
            reference.set_order(u, v, value)
        elif op == 1:
            compiled.set_order_range(u, lo, hi, value)
            reference.set_order_range(u, lo, hi, value)
        elif op == 2 and u != v:
            compiled.remove(u, v)
            reference.remove(u, v)
        elif op == 3:
            compiled.remove_range(u, lo, hi)
            reference.remove_range(u, lo, hi)
        elif op == 4 and rng.random() < 0.3:
            compiled.isolate(u)
            reference.isolate(u)
        elif op == 5:
            vs = reference.neighbours(u, 0, n)
            values = [rng.randrange(0, limit) for _ in vs]
            compiled.set_orders(u, vs, values)
            reference.set_orders(u, vs, values)
        elif op == 6 and rng.random() < 0.2:
            top = [rng.random() < 0.5 for _ in range(n)]
            compiled.keep_top_to_rest(lo, hi, top)
            reference.keep_top_to_rest(lo, hi, top)
        for x in range(n):
            assert compiled.neighbours(x, 0, n) == reference.neighbours(x, 0, n)
        for a in range(n):
            for b in reference.neighbours(a, a + 1, n):
                assert compiled.main_weight(a, b) == reference.main_weight(a, b)
        if rng.random() < 0.4:
            assert _total(reference, compiled.solve()) == _total(reference, reference.solve())


def test_wide_order_turns_the_compact_graph_dense() -> None:
    """An order part of more than 64 bits (doubled) cannot live in the compact matrix:
    the graph copies its weights into the dense layout, and solves the same."""
    weights = ClassWeights([0, 0, 1, 1], [5, 3, 3, 5], 70, [0, 0, 0, 0], frozenset())
    compiled, reference = CompiledGraph(weights), DictGraph(weights)
    assert compiled._g.compact
    compiled.set_order(0, 3, (1 << 62) - 1)  # doubled: still fits 64 bits
    reference.set_order(0, 3, (1 << 62) - 1)
    assert compiled._g.compact
    assert compiled.solve() == reference.solve() == [1, 0, 3, 2]
    for value in (1 << 68, -(1 << 68)):
        compiled.set_order(1, 2, value)
        reference.set_order(1, 2, value)
        assert not compiled._g.compact
        assert _total(reference, compiled.solve()) == _total(reference, reference.solve())
    assert [compiled.neighbours(x, 0, 4) for x in range(4)] == [
        reference.neighbours(x, 0, 4) for x in range(4)
    ]


def test_order_out_of_range_is_refused() -> None:
    compiled = CompiledGraph(ClassWeights([0, 0], [1], 8, [0, 0], frozenset()))
    with pytest.raises(ValueError):
        compiled.set_order(0, 1, 1 << 7)
    compiled.set_order(0, 1, (1 << 7) - 1)
    assert compiled.solve() == [1, 0]


def test_compatibility_graph_rows() -> None:
    """Rows in increasing order, tags and blocked pairs respected, the bye vertex last."""
    graph_ = CompatibilityGraph([0, 1, 1, 2, 0], [{4}, set(), set(), set(), {0}])
    assert graph_[0] == [1, 2, 3]
    assert graph_[1] == [0, 3, 4]
    assert graph_[4] == [1, 2, 3]
    with_bye = graph_.with_bye([2, 4])
    assert len(with_bye) == 6
    assert with_bye[2] == [0, 3, 4, 5]
    assert with_bye[5] == [2, 4]
    mate = with_bye.greedy_mate()
    for v, w in enumerate(mate):
        if w != -1:
            assert mate[w] == v and w in with_bye[v]


def _config(rng: random.Random) -> GeneratorConfig:
    players = rng.randint(6, 60)
    rounds = rng.randint(2, 9)
    return GeneratorConfig(
        players=players,
        rounds=rounds,
        seed=rng.randrange(1 << 30),
        draw_rate=rng.choice([0.0, 0.3, 0.6]),
        forfeit_rate=rng.choice([0.0, 0.05]),
        bye_rate=rng.choice([0.0, 0.05]),
        absence_rate=rng.choice([0.0, 0.05]),
    )


def _rounds(count: int, seed: int) -> Iterator[tuple[Tournament, int]]:
    """Random tournaments of 6-60 players, each cut before every round from the second
    (with that round's absences known), ``count`` rounds in all."""
    return random_rounds(count, seed, _config, lambda rng, played: range(2, played + 1))


def _same_pairings(count: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    checked = 0
    for tournament, rnd in _rounds(count, seed):
        for rules in ("2017", "2026"):
            results = {}
            for kind in ("compiled", "python"):
                monkeypatch.setattr(graph, "GRAPH", kind)
                try:
                    pairing = DutchSystem(rules=rules).pair(tournament, rnd)
                except Exception as exc:  # both must refuse alike
                    results[kind] = ("error", type(exc).__name__)
                    continue
                results[kind] = (sorted(tuple(sorted(b)) for b in pairing.pairs()), pairing.bye)
            assert results["compiled"] == results["python"], (rules, rnd, tournament.players[:3])
            checked += 1
    assert checked == 2 * count


def test_compiled_and_dict_graphs_pair_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    _same_pairings(150, 2026, monkeypatch)


def test_seeded_brackets_pair_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every bracket's first solve started from the class-level relaxation's duals
    (``SEED_MIN`` lowered from 100 to 2, so the small brackets of these rounds take
    that path too): the same pairings as the reference dict graph."""
    monkeypatch.setattr(graph, "SEED_MIN", 2)
    _same_pairings(120, 4242, monkeypatch)


def test_compact_and_dense_layouts_pair_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same matcher on the same weights, stored two ways: identical pairings."""
    checked = 0
    for tournament, rnd in _rounds(80, 1717):
        for rules in ("2017", "2026"):
            results = []
            for compact in (True, False):
                monkeypatch.setattr(graph, "COMPACT", compact)
                try:
                    pairing = DutchSystem(rules=rules).pair(tournament, rnd)
                except Exception as exc:  # both must refuse alike
                    results.append(("error", type(exc).__name__))
                    continue
                results.append((pairing.engine_lines(), pairing.bye))
            assert results[0] == results[1], (rules, rnd)
            checked += 1
    assert checked == 160


@pytest.mark.slow
def test_compiled_and_dict_graphs_pair_alike_many(monkeypatch: pytest.MonkeyPatch) -> None:
    _same_pairings(2000, 17, monkeypatch)


def _criteria_optimum(main: dict[tuple[int, int], int]) -> int:
    """The largest criteria sum of a matching of the edges ``main``."""
    if not main:
        return 0
    n = 1 + max(max(e) for e in main)
    mate = max_weight_matching(n, [(u, v, w) for (u, v), w in main.items()])
    return sum(main[(v, w)] for v, w in enumerate(mate) if w > v)


def test_d1_exclusions_are_sound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every candidate that D.1 passes over because of an earlier decision
    (``_Bracket._excluded``: a player before ``p`` took a later S2 player) is in no
    matching that is optimal in the criteria, checked by solving the graph of that
    moment with the pair forced and without it."""
    monkeypatch.setattr(graph, "GRAPH", "python")
    original = engine._Bracket._excluded
    claims = 0

    def checked(self: engine._Bracket, p: int, x: int, decided: list[tuple[int, int]]) -> bool:
        nonlocal claims
        answer = original(self, p, x, decided)
        if answer:
            g = self.graph
            assert isinstance(g, DictGraph)
            edge = (min(p, x), max(p, x))
            if edge in g.main:
                claims += 1
                rest = {e: w for e, w in g.main.items() if p not in e and x not in e}
                assert g.main[edge] + _criteria_optimum(rest) < _criteria_optimum(g.main)
        return answer

    monkeypatch.setattr(engine._Bracket, "_excluded", checked)
    for tournament, rnd in _rounds(150, 31):
        for rules in ("2017", "2026"):
            try:
                DutchSystem(rules=rules).pair(tournament, rnd)
            except NoPairingError:  # no legal pairing: nothing to check
                continue
    assert claims >= 50


def test_d1_class_exclusions_are_sound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every candidate that D.1 passes over by the class-level relaxation
    (``engine._D1Bound``, issue 34) is in no matching that is optimal in the criteria,
    checked by solving the graph of that moment with the pair forced and without it;
    and the bound's criteria optimum, kept up to date decision by decision, is the
    graph's."""
    monkeypatch.setattr(graph, "GRAPH", "python")
    original = engine._D1Bound.excludes
    claims = {True: 0, False: 0}
    owner: dict[int, engine._Bracket] = {}
    first_possible = engine._Bracket._first_possible

    def tracked(self: engine._Bracket, *args: Any) -> bool:
        if self._bound is not None:
            owner[id(self._bound)] = self
        return first_possible(self, *args)

    def checked(self: engine._D1Bound, p: int, x: int, main: int) -> bool:
        answer = original(self, p, x, main)
        g = owner[id(self)].graph
        assert isinstance(g, DictGraph)
        assert self.opt == _criteria_optimum(g.main)
        edge = (min(p, x), max(p, x))
        if answer and edge in g.main:
            rest = {e: w for e, w in g.main.items() if p not in e and x not in e}
            assert g.main[edge] + _criteria_optimum(rest) < _criteria_optimum(g.main)
        claims[answer] += 1
        return answer

    monkeypatch.setattr(engine._Bracket, "_first_possible", tracked)
    monkeypatch.setattr(engine._D1Bound, "excludes", checked)
    monkeypatch.setattr(engine, "CLASS_EXCLUSION_MIN", 2)
    monkeypatch.setattr(engine, "CLASS_EXCLUSION_GROUPS", 1000)
    for tournament, rnd in _rounds(150, 34):
        for rules in ("2017", "2026"):
            try:
                DutchSystem(rules=rules).pair(tournament, rnd)
            except NoPairingError:  # no legal pairing: nothing to check
                continue
    assert claims[True] >= 50 and claims[False] >= 50, claims


def test_d1_swaps_are_sound(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every candidate that D.1 gives a player by a swap of partners
    (``_Bracket._swapped``, issue 34) is in a matching that is optimal in the criteria,
    checked by solving the graph of that moment with the pair forced and without it."""
    monkeypatch.setattr(graph, "GRAPH", "python")
    original = engine._Bracket._swapped
    claims = {True: 0, False: 0}

    def checked(self: engine._Bracket, p: int, x: int, v: int) -> bool:
        answer = original(self, p, x, v)
        g = self.graph
        assert isinstance(g, DictGraph)
        if answer:
            rest = {e: w for e, w in g.main.items() if p not in e and x not in e}
            edge = (min(p, x), max(p, x))
            assert g.main[edge] + _criteria_optimum(rest) == _criteria_optimum(g.main)
        claims[answer] += 1
        return answer

    monkeypatch.setattr(engine._Bracket, "_swapped", checked)
    for tournament, rnd in _rounds(150, 3434):
        for rules in ("2017", "2026"):
            try:
                DutchSystem(rules=rules).pair(tournament, rnd)
            except NoPairingError:  # no legal pairing: nothing to check
                continue
    assert claims[True] >= 50 and claims[False] >= 20, claims


def test_d1_exclusions_change_no_pairing(monkeypatch: pytest.MonkeyPatch) -> None:
    """D.1 with the exclusions by earlier decisions (the default) against D.1 that
    re-solves whenever the duals prove nothing (``EXCLUSION_LOOKBACK`` = 0): the same
    pairings, 2017 and 2026 rules."""
    checked = 0
    for tournament, rnd in _rounds(120, 8080):
        for rules in ("2017", "2026"):
            results = []
            for lookback in (engine.EXCLUSION_LOOKBACK, 0):
                monkeypatch.setattr(engine, "EXCLUSION_LOOKBACK", lookback)
                try:
                    pairing = DutchSystem(rules=rules).pair(tournament, rnd)
                except Exception as exc:
                    results.append(("error", type(exc).__name__))
                    continue
                results.append((sorted(tuple(sorted(b)) for b in pairing.pairs()), pairing.bye))
            assert results[0] == results[1], (rules, rnd)
            checked += 1
    assert checked == 240
