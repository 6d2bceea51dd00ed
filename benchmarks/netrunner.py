"""Benchmark of the Netrunner (Excalibur criteria) engine.

Usage::

    python benchmarks/netrunner.py                       # 50, 100, 200, 500 players
    python benchmarks/netrunner.py --sizes 50,100 --round 6 --seed 1

For each size, a fresh process builds a field with ``round - 1`` rounds of history
(paired by the fast score-order exerciser, random results with 10 % ties, sides as it
gives them) and then times one Netrunner pairing of round ``round``. Printed columns:
players, round, edges built (s), matching (s), wall (s), CPU (s), peak RSS (MB) (with
the compiled graph, "edges built" is everything but its ``solve``: the costs, the noise
and the sides; "matching" the blossom algorithm).
``--one SIZE`` prints one JSON object (also ``weight_bits``, the width of the largest
edge weight; used by ``benchmarks/run.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from fairpair.model import Player, ResultCode, Tournament
from fairpair.systems import netrunner
from fairpair.systems.score_order import ScoreOrderSystem


def history(players: int, rounds: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    t = Tournament(
        players=tuple(Player(i, f"P{i}") for i in range(1, players + 1)),
        points=netrunner.NETRUNNER_POINTS,
    )
    pairer = ScoreOrderSystem()
    for rnd in range(1, rounds + 1):
        p = pairer.pair(t, rnd)
        t = t.with_pairing(p)
        results = {}
        for b in p.boards:
            x = rng.random()
            if x < 0.45:
                codes = (ResultCode.WIN, ResultCode.LOSS)
            elif x < 0.9:
                codes = (ResultCode.LOSS, ResultCode.WIN)
            else:
                codes = (ResultCode.DRAW, ResultCode.DRAW)
            results[b.white, b.black] = codes
        t = t.with_results(rnd, results)
    return t


def measure(players: int, rnd: int, seed: int) -> dict[str, Any]:
    t = history(players, rnd - 1, seed)
    spent = {"matching": 0.0}
    inner: Callable[..., list[int]] = getattr(netrunner, "max_weight_matching")  # noqa: B009

    def timed(n: int, edges: Any, *, max_cardinality: bool = False) -> list[int]:
        start = time.perf_counter()
        try:
            return inner(n, edges, max_cardinality=max_cardinality)
        finally:
            spent["matching"] += time.perf_counter() - start

    setattr(netrunner, "max_weight_matching", timed)  # noqa: B010 - time the matcher
    graph_type: Any = getattr(netrunner, "_NetrunnerGraph")  # noqa: B009
    if graph_type is not None:

        class TimedGraph(graph_type):  # type: ignore[misc, valid-type]
            def solve(self) -> list[int]:
                start = time.perf_counter()
                try:
                    mate: list[int] = super().solve()
                    return mate
                finally:
                    spent["matching"] += time.perf_counter() - start

        setattr(netrunner, "_NetrunnerGraph", TimedGraph)  # noqa: B010 - the compiled matcher
    system = netrunner.NetrunnerSystem(seed=seed)
    wall0, cpu0 = time.perf_counter(), time.process_time()
    pairing = system.pair(t, rnd)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    # Width of the edge weights (the compiled matcher takes up to MAX_WEIGHT_BITS).
    weight_bits = system.problem(t, rnd).total_bits + 1
    return {
        "players": players,
        "round": rnd,
        "build_s": wall - spent["matching"],
        "matching_s": spent["matching"],
        "wall_s": wall,
        "cpu_s": cpu,
        "peak_mb": peak_mb,
        "weight_bits": weight_bits,
        "criteria": {k: v for k, v in pairing.info["criteria"].items() if v},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="50,100,200,500")
    parser.add_argument("--round", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one, args.round, args.seed)))
        return
    header = "| players | round | edges (s) | matching (s) | wall (s) | CPU (s) | peak MB |"
    print(header)
    print("|" + "---|" * 7)
    for size in (int(s) for s in args.sizes.split(",")):
        command = [sys.executable, __file__, "--one", str(size), "--round", str(args.round)]
        command += ["--seed", str(args.seed)]
        out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        row = json.loads(out)
        print(
            f"| {row['players']} | {row['round']} | {row['build_s']:.2f} | "
            f"{row['matching_s']:.2f} | {row['wall_s']:.2f} | {row['cpu_s']:.2f} | "
            f"{row['peak_mb']:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
