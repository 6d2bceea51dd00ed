"""The compiled McMahon graph pairs exactly like the Python edge tuples.

``pairing.solve`` builds each stage's matching graph in the compiled extension
(``McMahonGraph``: per-player arrays, no Python object per edge) unless
``pairing.GRAPH = "python"``, the reference: every allowed pair of the admitted score
groups as a Python tuple with its integer weight, components found in Python, each
solved by ``max_weight_matching``. The compiled graph must give the same components,
the same weights, the same matcher run and so the same :class:`Solution` (pairs, bye,
tier totals, stage), including which optimum among equal ones. Checked three ways on
random fields: components with the dense weight matrix, every component over the
implicit graph (``DENSE_BYTES = 0``), and components handed back to the Python edges
(as when the weights are too wide for the extension).

Fields: small random ones with random manual settings (handicaps, avoidance, forbidden
and forced pairs, byes, a bye volunteer, zero-point byes, forfeits, draws, random total
rounds) and larger fields whose earlier rounds the engine paired (the benchmark's
shape: AGA ratings, bands, many score groups, several pruning stages).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from fairpair.errors import InputError, NoPairingError
from fairpair.model import Player, ResultCode, Tournament
from fairpair.systems.mcmahon import McMahonSystem, prepare_tournament
from fairpair.systems.mcmahon import pairing as mp
from helpers import random_tournament

pytestmark = pytest.mark.skipif(
    mp._McMahonGraph is None, reason="the compiled extension is not built"
)

W, L = ResultCode.WIN, ResultCode.LOSS


def manual_settings(rng: random.Random, t: Tournament, r: int) -> Tournament:
    """Random manual settings for round ``r`` on top of ``t``'s."""
    settings: dict[str, Any] = dict(t.settings["mcmahon"])
    numbers = [p.number for p in t.players]
    if rng.random() < 0.3 and len(numbers) >= 4:
        a, b = rng.sample(numbers, 2)
        settings["forced_pairs"] = [{"round": r, "players": [a, b]}]
    if rng.random() < 0.4 and len(numbers) >= 3:
        pairs = [rng.sample(numbers, 2) for _ in range(rng.randrange(1, 4))]
        settings["forbidden_pairs"] = [{"players": p} for p in pairs]
    if rng.random() < 0.2:
        settings["bye_volunteer"] = rng.choice(numbers)
    if rng.random() < 0.2:
        settings["voluntary_byes"] = {str(r): rng.sample(numbers, min(2, len(numbers)))}
    if rng.random() < 0.4:
        settings["avoid"] = rng.sample(["club", "state", "country", "city"], rng.randrange(1, 4))
        settings["avoid_handicap"] = rng.random() < 0.5
    total = rng.choice([r, r + 1, 2 * r, 2 * r + 3, t.total_rounds or r])
    return t.replace(settings={"mcmahon": settings}, total_rounds=max(total, r))


def engine_field(rng: random.Random, n: int, played: int, total: int) -> Tournament:
    """A field of ``n`` whose ``played`` rounds the engine paired (random results)."""
    t = Tournament(players=tuple(Player(i + 1, f"P{i + 1}") for i in range(n)))
    t = prepare_tournament(t, rng, total)
    system = McMahonSystem()
    for r in range(1, played + 1):
        pairing = system.pair(t, r)
        t = t.with_pairing(pairing)
        t = t.with_results(
            r,
            {(b.white, b.black): (W, L) if rng.random() < 0.5 else (L, W) for b in pairing.boards},
        )
    return t


def fields(seed: int) -> Iterator[tuple[Tournament, int]]:
    """The fields of one seed: a small one with manual settings, every other seed also
    an engine-paired one of up to 400 players."""
    rng = random.Random(seed)
    played = rng.randrange(0, 5)
    t = random_tournament(rng, rng.randrange(2, 60), played)
    r = t.rounds_played + 1
    yield manual_settings(rng, t, r), r
    if seed % 2 == 0:
        total = rng.choice([4, 5, 6, 8])
        played = rng.randrange(0, total)
        t = engine_field(rng, rng.randrange(30, 400), played, total)
        if rng.random() < 0.5:
            t = manual_settings(rng, t, played + 1)
        yield t, played + 1


class Overflowing:
    """A compiled graph whose components are all too wide: the Python edges solve them."""

    def __init__(self, graph: Any) -> None:
        self.graph = graph

    def components(self, kept: Any, bye: Any) -> list[list[int]]:
        result: list[list[int]] = self.graph.components(kept, bye)
        return result

    def solve(self, comp: Any, coefficients: Any, top: Any, places: int = -1) -> list[int]:
        raise OverflowError("as if wider than the compiled matcher")

    def solve_freed(self, comp: Any, coefficients: Any, top: Any) -> list[int]:
        raise OverflowError("as if wider than the compiled matcher")


def outcome(t: Tournament, r: int, mode: str, monkeypatch: pytest.MonkeyPatch) -> object:
    """The solution (or the error) with the graph built by ``mode``."""
    monkeypatch.setattr(mp, "GRAPH", "python" if mode == "python" else "auto")
    monkeypatch.setattr(mp, "DENSE_BYTES", 0 if mode == "implicit" else 256 << 20)
    try:
        fld = mp.build_field(t, r)
    except InputError as exc:  # e.g. a forced pair with an absent player
        monkeypatch.undo()
        return ("input error", str(exc))
    if mode != "python":
        rg = mp._round_graph(fld)
        assert rg is not None and rg.graph.n == len(fld.pool)
        if mode == "overflow":
            make = mp._round_graph

            def overflowing(fld: mp.Field) -> mp._RoundGraph | None:
                made = make(fld)
                assert made is not None
                return mp._RoundGraph(Overflowing(made.graph))  # type: ignore[arg-type]

            monkeypatch.setattr(mp, "_round_graph", overflowing)
    try:
        solution = mp.solve(fld)
    except NoPairingError as exc:
        return ("no pairing", str(exc))
    finally:
        monkeypatch.undo()
    return (solution.pairs, solution.bye, solution.tiers, solution.stage)


def check_seed(seed: int, monkeypatch: pytest.MonkeyPatch, modes: tuple[str, ...]) -> None:
    for t, r in fields(seed):
        reference = outcome(t, r, "python", monkeypatch)
        for mode in modes:
            assert outcome(t, r, mode, monkeypatch) == reference, (seed, mode, len(t.players), r)


@pytest.mark.parametrize("seed", range(120))
def test_compiled_graph_pairs_like_python_edges(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    check_seed(seed, monkeypatch, ("dense", "implicit") + (("overflow",) if seed < 20 else ()))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(120, 720))
def test_compiled_graph_pairs_like_python_edges_more(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    check_seed(seed, monkeypatch, ("dense", "implicit"))


@pytest.mark.slow
@pytest.mark.parametrize(("n", "played"), [(1000, 2), (1000, 5), (2000, 2), (2000, 5)])
def test_compiled_graph_pairs_like_python_edges_large(
    n: int, played: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = engine_field(random.Random(n + played), n, played, 6)
    reference = outcome(t, played + 1, "python", monkeypatch)
    assert outcome(t, played + 1, "implicit", monkeypatch) == reference
    assert outcome(t, played + 1, "dense", monkeypatch) == reference
