"""The row store of the Dutch bracket graph's order parts against the pair store.

The compact bracket graph (``_blossom.BracketGraph``) used to hold a 64-bit order part
per pair of vertices (the pair store, 8 n^2 bytes: 99 MB in the largest bracket of a
9,999-player odd round 2). It now holds an edge bit per pair and computes each order
part from O(n) values (the row store; docs/matching.md, "Matcher: the row store of the
order parts"); a write the row store cannot hold turns the graph into the pair store
first. The matcher reads the same weights in the same order either way, so every solve
must give the same matching after the same steps, not merely one of the same weight.

- Operation by operation on random graphs: every weight, every edge, every solve (its
  matching, its counters, its certificate) and every ``first_open`` answer of the row
  store against a graph built in the pair store, with engine-like sequences (which the
  row store holds) and arbitrary ones (which turn it into the pair store).
- Whole rounds of random tournaments (odd and even fields, both editions): every solve
  of every bracket graph recorded with either store, and compared; no bracket graph of
  the engine ever needs the pair store.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from fairpair.errors import NoPairingError
from fairpair.systems.dutch import engine, graph
from fairpair.systems.dutch.engine import pair_players
from fairpair.systems.dutch.graph import ClassWeights, CompiledGraph
from fairpair.systems.dutch.players import player_facts
from fairpair.systems.dutch.rules import RULES_2017, RULES_2026
from helpers import dutch_rounds

pytestmark = pytest.mark.skipif(
    graph._CompiledBracketGraph is None, reason="the compiled extension is not built"
)

SHIFT = 40


def _pair_of_graphs(rng: random.Random) -> tuple[Any, Any, int]:
    """The same random bracket graph twice: in the row store and in the pair store."""
    n = rng.randint(2, 40)
    k = rng.randint(1, 4)
    classes = [rng.randrange(k) for _ in range(n)]
    table = [rng.choice([None, 0, *range(1, 6)]) for _ in range(k * k)]
    tags = [rng.choice([0, 0, 1, 2]) for _ in range(n)]
    blocked = sorted((a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < 0.1)
    args = (n, classes, table, SHIFT, tags, blocked, True)
    assert graph._CompiledBracketGraph is not None
    rows = graph._CompiledBracketGraph(*args)
    pairs = graph._CompiledBracketGraph(*args, pairs=True)
    assert not rows.pair_store and pairs.pair_store
    return rows, pairs, n


def _same_graph(rows: Any, pairs: Any, n: int) -> None:
    for a in range(n):
        assert rows.neighbours(a, 0, n) == pairs.neighbours(a, 0, n), a
        for b in range(n):
            if a != b:
                assert rows.weight(a, b) == pairs.weight(a, b), (a, b)


def _operations(rows: Any, pairs: Any, n: int, rng: random.Random, engine_like: bool) -> int:
    """A random sequence of graph operations applied to both graphs, compared after
    each; returns the number of solves. ``engine_like``: the writes of the Dutch engine
    (rows of values on later vertices, a single pair at a time, one written-out row
    then its vertex isolated, one keep-top region), which the row store holds;
    otherwise any write, which may turn it into the pair store."""
    limit = 1 << (SHIFT - 2)
    solves = 0
    kept_top = False
    spans: dict[int, int] = {}
    ends: dict[int, int] = {}
    for _ in range(60):
        op = rng.randrange(10)
        u, v = rng.randrange(n), rng.randrange(n)
        lo, hi = sorted((rng.randrange(n + 1), rng.randrange(n + 1)))
        value = rng.randrange(-limit + 1, limit)
        calls: list[tuple[str, tuple[Any, ...]]] = []
        if engine_like and kept_top and op in (0, 1, 6):
            continue  # (after the hint, the engine only decides S1 players)
        if op == 0 and u != v:
            calls.append(("set_order", (u, v, value)))
            if engine_like:  # B.4's bonus, tried, then taken back
                calls.append(("solve", ()))
                if pairs.has_edge(u, v):
                    before = pairs.weight(u, v) - (pairs.main_weight(u, v) << SHIFT)
                    calls.append(("set_order", (u, v, before)))
        elif op == 1:
            if engine_like:  # (one range per row: its later players in the bracket)
                lo = spans.setdefault(u, min(u + 1 + rng.randrange(2), n))
                hi = ends.setdefault(u, rng.choice([n, rng.randint(lo, n)]))
                if rng.random() < 0.3:
                    value = rng.randrange(-3, 4)
            calls.append(("set_order_range", (u, lo, hi, value)))
        elif op == 2 and u != v and not engine_like:
            calls.append(("remove", (u, v)))
        elif op == 3:
            calls.append(("remove_range", (u, lo, hi)))
        elif op == 4 and rng.random() < 0.3:
            calls.append(("isolate", (u,)))
        elif op == 5:
            vs = pairs.neighbours(u, 0 if not engine_like else u + 1, n)
            if not engine_like:
                vs = [x for x in vs if rng.random() < 0.7]
            values = [rng.randrange(-limit + 1, limit) for _ in vs]
            calls.append(("set_orders", (u, vs, values)))
            if engine_like:
                calls.append(("solve", ()))
                calls.append(("isolate", (u,)))
        elif op == 6 and rng.random() < 0.3 and not (engine_like and kept_top):
            kept_top = True
            top = [rng.random() < 0.5 for _ in range(n)]
            calls.append(("keep_top_to_rest", (lo, hi, top)))
        elif op in (7, 8):
            calls.append(("solve", ()))
        elif op == 9 and rng.random() < 0.3:
            duals = [rng.randrange(0, 1 << (SHIFT + 4)) for _ in range(n)]
            calls.append(("restart", (duals,)))
        for name, args in calls:
            got = getattr(rows, name)(*args)
            want = getattr(pairs, name)(*args)
            assert got == want, (name, args)
            if name == "solve":
                solves += 1
                assert rows.stats == pairs.stats, args
                assert rows.check() == pairs.check() == ""
                for x in range(n):
                    vs = pairs.neighbours(x, 0, n)
                    assert rows.first_open(x, vs) == pairs.first_open(x, vs)
        _same_graph(rows, pairs, n)
    return solves


@pytest.mark.parametrize("engine_like", [True, False])
def test_row_store_holds_the_weights_of_the_pair_store(engine_like: bool) -> None:
    """200 random graphs, 60 operations each: the same edges and weights after every
    operation, the same matching, counters and certificate after every solve. The
    engine-like sequences stay in the row store (most of them to the end); the
    arbitrary ones often need the pair store, and hold the same weights after the
    change."""
    rng = random.Random(3434 + engine_like)
    solves = 0
    stayed = 0
    for _ in range(200):
        rows, pairs, n = _pair_of_graphs(rng)
        solves += _operations(rows, pairs, n, rng, engine_like)
        stayed += not rows.pair_store
    assert solves > 2000, solves
    if engine_like:
        assert stayed == 200, stayed
    else:
        assert 0 < stayed < 100, stayed  # most turned to the pair store on the way


def test_a_write_the_row_store_cannot_hold_turns_it_into_the_pair_store() -> None:
    """Two single-pair orders on one vertex: the row store holds one per vertex, so the
    second turns the graph into the pair store, with every weight kept."""
    weights = ClassWeights([0] * 4, [3], 8, [0] * 4, frozenset())
    compiled = CompiledGraph(weights)
    g = compiled._g
    g.set_order(0, 1, 5)
    assert not g.pair_store
    g.set_order(0, 2, 7)
    assert g.pair_store
    assert [g.weight(0, x) for x in (1, 2, 3)] == [(3 << 8) + 5, (3 << 8) + 7, 3 << 8]
    # An order on the edge of a span written over: still the row store.
    compiled = CompiledGraph(weights)
    g = compiled._g
    g.set_order(0, 2, 7)
    g.set_order_range(0, 1, 4, -2)
    g.set_order(1, 3, 9)
    assert not g.pair_store
    assert [g.weight(0, x) for x in (1, 2, 3)] == [(3 << 8) - 2] * 3
    assert g.weight(3, 1) == (3 << 8) + 9


def _recorded(monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], list[Any]]:
    """Every compiled bracket graph made from now on (its C++ graph), and every solve
    of them: the matching and the matcher's counters."""
    made: list[Any] = []
    solves: list[Any] = []
    original = CompiledGraph.__init__

    def init(self: CompiledGraph, weights: ClassWeights) -> None:
        original(self, weights)
        inner = self._g
        made.append(inner)

        def solve() -> list[int]:
            mate = inner.solve()
            solves.append((inner.n, mate, inner.stats))
            return mate

        self.solve = solve  # type: ignore[method-assign]

    monkeypatch.setattr(CompiledGraph, "__init__", init)
    return made, solves


def _compare_stores(
    count: int, seed: int, sizes: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> dict[str, int]:
    made, solves = _recorded(monkeypatch)
    counted = {"rounds": 0, "solves": 0, "graphs": 0}
    for k, (tournament, rnd) in enumerate(dutch_rounds(count, seed, *sizes)):
        counted["rounds"] += 1
        low = 2 if k % 2 else 100
        monkeypatch.setattr(graph, "SEED_MIN", low)
        monkeypatch.setattr(graph, "AFRESH_MIN", low)
        present = tournament.present_players(rnd)
        for rules in (RULES_2017, RULES_2026):
            facts = list(player_facts(tournament, rnd, present, rules=rules).values())
            results = []
            for pair_orders in (False, True):
                monkeypatch.setattr(graph, "PAIR_ORDERS", pair_orders)
                made.clear()
                solves.clear()
                try:
                    result = pair_players(facts, tournament.forbidden_pairs, rules=rules)
                    outcome: Any = (sorted(result.pairs), result.bye)
                except NoPairingError:
                    outcome = "no pairing"
                assert all(g.pair_store == pair_orders for g in made)
                results.append((outcome, list(solves)))
                if not pair_orders:
                    counted["solves"] += len(solves)
                    counted["graphs"] += len(made)
            assert results[0] == results[1], (rules.edition, rnd, len(facts))
    return counted


def test_rounds_solve_alike_with_either_store(monkeypatch: pytest.MonkeyPatch) -> None:
    """200 random rounds of 7-120 players (odd and even, round 1 and later), both
    editions, half of them with the seeded fresh starts in every graph size: paired
    with the row store and with the pair store, every solve of every bracket graph
    gives the same matching after the same augmentations, dual steps and scans, and
    the pairings are the same. No bracket graph of the engine turned to the pair
    store."""
    counted = _compare_stores(200, 3435, (7, 120), monkeypatch)
    assert counted["solves"] > 1000 and counted["graphs"] > 500, counted
    assert engine.FLOAT_VERTEX  # (the odd fields' graphs as the engine builds them)


@pytest.mark.slow
def test_rounds_solve_alike_with_either_store_many(monkeypatch: pytest.MonkeyPatch) -> None:
    """The thousands: 2,000 rounds of 7-120 players and 100 of 121-400
    (``FAIRPAIR_STORE_ROUNDS=N``: N and N / 20)."""
    count = int(os.environ.get("FAIRPAIR_STORE_ROUNDS", "2000"))
    small = _compare_stores(count, 3436, (7, 120), monkeypatch)
    large = _compare_stores(max(1, count // 20), 3437, (121, 400), monkeypatch)
    assert small["solves"] > 5 * count and large["solves"] > count // 4, (small, large)
