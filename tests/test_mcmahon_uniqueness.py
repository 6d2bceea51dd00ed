"""The uniqueness test behind McMahon's re-solves (``McMahonGraph.solve_freed``).

A component too large for the whole order tie-break is solved on the nine tiers; then
``solve_freed`` names the players whose game is not in every optimal pairing (the
"freed" ones, among whom the order rule decides). It first asks the structure of the
solve (the positive blossoms contracted, forced games peeled) which players can be in
question at all and re-solves only those (``uniqueness_test`` = 1); with 0 it re-solves
every player not peeled from the plain graph of tight games, as before. Checked here:

* against brute force (every perfect matching enumerated) on small components with
  weights made of a few small tier coefficients, so that ties are everywhere (the
  optimum is unique in some, not in others, and both kinds are met);
* the switch on and off: the same matching and the same freed players, on small
  random fields and on fields of 111-300 players, and the same pairings.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from fairpair.systems.mcmahon import pairing
from fairpair.systems.mcmahon.pairing import (
    Field,
    _coefficients,
    _component_edges,
    _penalty,
    _Weights,
    build_field,
    bye_tiers,
    edge_tiers,
    tier_bounds,
)
from fairpair.workflow.generator import GeneratorConfig, generate
from helpers import random_tournament

pytestmark = pytest.mark.skipif(
    pairing._McMahonGraph is None, reason="the compiled extension is not built"
)


def whole_graph(fld: Field) -> tuple[pairing._RoundGraph, list[list[int]]]:
    """The round's compiled graph with every group pair admitted, and its components."""
    graph = pairing._round_graph(fld)
    assert graph is not None
    ng = fld.group[fld.pool[-1]] + 1
    pairs = [(a, b) for a in range(ng) for b in range(a, ng)]
    byes = [n for n in fld.pool if n in fld.bye_eligible] if fld.needs_bye else []
    return graph, graph.graph.components(pairs, [fld.index[n] for n in byes])


def components(fld: Field) -> Iterator[tuple[list[int], list[int], list[tuple[int, int]]]]:
    """Each component of the round's whole graph (every group pair admitted): its
    vertices as pool places (the bye ``len(pool)``), as players (the bye -1), and its
    edges between players."""
    ng = fld.group[fld.pool[-1]] + 1
    pairs = {(a, b) for a in range(ng) for b in range(a, ng)}
    byes = [n for n in fld.pool if n in fld.bye_eligible] if fld.needs_bye else []
    npool = len(fld.pool)
    for comp in whole_graph(fld)[1]:
        vertices = [fld.pool[v] if v != npool else -1 for v in comp]
        yield comp, vertices, _component_edges(fld, vertices, pairs, byes)


def random_weights(fld: Field, vertices: list[int], rng: random.Random) -> _Weights:
    """Tier coefficients of 0-2 (no order tie-break): weights with many ties."""
    players = [v for v in vertices if v != -1]
    bounds = tier_bounds(fld, players, len(players) < len(vertices))
    bases = [rng.choice([0, 0, 1, 1, 2]) for _ in bounds]
    top = 1 + sum(u * b for u, b in zip(bounds, bases, strict=True))
    return _Weights(bases, 0, top, 0)


def optimal_matchings(count: int, weight: dict[tuple[int, int], int]) -> list[list[int]]:
    """Every maximum-weight perfect matching of positions ``0..count-1`` (brute force)."""
    best: list[list[int]] = []
    best_value: int | None = None
    mate = [-1] * count

    def extend(value: int) -> None:
        nonlocal best, best_value
        free = next((i for i in range(count) if mate[i] < 0), None)
        if free is None:
            if best_value is None or value > best_value:
                best, best_value = [list(mate)], value
            elif value == best_value:
                best.append(list(mate))
            return
        for j in range(free + 1, count):
            if mate[j] < 0 and (free, j) in weight:
                mate[free], mate[j] = j, free
                extend(value + weight[free, j])
                mate[free] = mate[j] = -1

    extend(0)
    return best


def solve_freed(fld: Field, comp: list[int], w: _Weights, test: int) -> tuple[list[int], list[int]]:
    graph, _ = whole_graph(fld)
    graph.graph.uniqueness_test = test
    return graph.graph.solve_freed(comp, _coefficients(fld, w), w.top)


def test_freed_players_match_brute_force() -> None:
    """On small components with many ties, the freed players are exactly those whose
    game some optimal pairing does not have, with the uniqueness test and without."""
    unique = tied = 0
    for seed in range(400):
        rng = random.Random(seed)
        t = random_tournament(rng, rng.randrange(4, 15), rng.randrange(0, 4))
        r = t.rounds_played + 1
        fld = build_field(t, r)
        if not fld.pool:
            continue
        for comp, vertices, edges in components(fld):
            if len(comp) % 2 or not 4 <= len(comp) <= 12:
                continue
            w = random_weights(fld, vertices, rng)
            place = {v: q for q, v in enumerate(vertices)}
            weight: dict[tuple[int, int], int] = {}
            for a, b in edges:
                t_ab = bye_tiers(fld, b) if a == -1 else edge_tiers(fld, a, b)
                i, j = sorted((place[a], place[b]))
                weight[i, j] = w.top - _penalty(t_ab, w.bases)
            optima = optimal_matchings(len(comp), weight)
            if not optima:
                continue
            for test in (1, 0):
                mate, freed = solve_freed(fld, comp, w, test)
                assert mate in optima, (seed, test)
                expected = sorted({i for m in optima for i in range(len(comp)) if m[i] != mate[i]})
                assert freed == expected, (seed, test, comp)
            if len(optima) == 1:
                unique += 1
            else:
                tied += 1
    # Both answers were given many times ("unique" and "not unique").
    assert unique >= 50
    assert tied >= 50


def test_switch_keeps_freed_players_on_random_fields() -> None:
    """Small random fields with their own weights (no order tie-break): the uniqueness
    test changes neither the matching nor the freed players."""
    compared = freed_any = 0
    for seed in range(300):
        rng = random.Random(1000 + seed)
        t = random_tournament(rng, rng.randrange(4, 41), rng.randrange(0, 5))
        r = t.rounds_played + 1
        fld = build_field(t, r)
        if not fld.pool:
            continue
        for comp, vertices, _ in components(fld):
            if len(comp) % 2 or len(comp) < 4:
                continue
            players = [v for v in vertices if v != -1]
            w0 = pairing._weights(fld, players, len(players) < len(vertices))
            w = _Weights(w0.bases, 0, w0.top, 0) if not w0.order else w0
            if w.order:  # the whole tie-break folded: its top includes the tenth tier
                bounds = tier_bounds(fld, players, len(players) < len(vertices))
                bases = pairing.tier_bases(list(bounds), len(vertices) // 2)
                top = 1 + sum(u * b for u, b in zip(bounds, bases, strict=True))
                w = _Weights(bases, 0, top, 0)
            on = solve_freed(fld, comp, w, 1)
            off = solve_freed(fld, comp, w, 0)
            assert on == off, seed
            compared += 1
            freed_any += bool(on[1])
    assert compared >= 200
    assert freed_any >= 10


@pytest.mark.parametrize(("players", "seed"), [(150, 4), (170, 2), (260, 7)])
def test_switch_keeps_pairings_of_large_fields(
    players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fields beyond the whole tie-break: every round pairs the same with the
    uniqueness test and without (the former re-solves), and players are freed."""
    t = generate("mcmahon", GeneratorConfig(players=players, rounds=4, seed=seed))
    system = pairing
    real = system._round_graph
    freed: list[int] = []
    real_decide = system._decide_freed

    def spy(*args: object) -> list[int]:
        freed.extend(args[-1])  # type: ignore[arg-type]
        return real_decide(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(system, "_decide_freed", spy)
    out: dict[int, list[object]] = {}
    for test in (1, 0):

        def switched(fld: Field, test: int = test) -> pairing._RoundGraph | None:
            rg = real(fld)
            if rg is not None:
                rg.graph.uniqueness_test = test
            return rg

        monkeypatch.setattr(system, "_round_graph", switched)
        for r in range(1, len(t.rounds) + 1):
            fld = build_field(t, r)
            out.setdefault(r, []).append(system.solve(fld))
    for r, (on, off) in out.items():
        assert on == off, r
    assert freed  # ties existed and were decided


def test_brute_force_enumerates_all_optima() -> None:
    """The brute force itself: a 4-cycle of equal weights has two optimal matchings,
    a path one."""
    square = {(0, 1): 1, (1, 2): 1, (2, 3): 1, (0, 3): 1}
    assert sorted(optimal_matchings(4, square)) == [[1, 0, 3, 2], [3, 2, 1, 0]]
    path = {(0, 1): 1, (1, 2): 1, (2, 3): 1}
    assert optimal_matchings(4, path) == [[1, 0, 3, 2]]
    assert list(itertools.islice(optimal_matchings(2, {}), 1)) == []
