"""Benchmark of the TCEC Swiss engine: pairing one round of a large field.

    .venv/bin/python benchmarks/tcec.py [SIZES...] [--round R] [--seed S]

For each size a fresh process generates ``R - 1`` rounds with ``fairpair.workflow.generator``
(paired by the TCEC engine itself, random results with 30 % draws, group seeding with
the recommended number of groups), then times ``TcecSystem().pair`` for round ``R``.
Printed: players, round, wall and CPU seconds of the pairing, peak memory of the
process (MB), games. ``--one SIZE`` prints the same as one JSON object (used by
``benchmarks/run.py``).

Benchmark sizes: 40 and 100 engines (a TCEC Swiss has a few dozen), round 10; the
issue 17 check runs 10x those (400 and 1000).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from typing import Any

from fairpair.systems.tcec import TcecSystem, recommended_groups
from fairpair.workflow.generator import GeneratorConfig, generate

SIZES = (40, 100)
ROUND = 10


def measure(players: int, round_number: int, seed: int) -> dict[str, Any]:
    """Pair round ``round_number`` of a generated ``players``-engine event, timed."""
    config = GeneratorConfig(
        players=players,
        rounds=round_number - 1,
        seed=seed,
        draw_rate=0.3,
        seeding=f"group:{recommended_groups(players)}",
    )
    t = generate("tcec", config)
    t = t.replace(total_rounds=round_number)
    system = TcecSystem()
    wall, cpu = time.perf_counter(), time.process_time()
    pairing = system.pair(t, round_number)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "players": len(t.present_players(round_number)),
        "round": round_number,
        "wall": wall,
        "cpu": cpu,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "games": len(pairing.boards),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sizes", nargs="*", type=int, default=list(SIZES))
    parser.add_argument("--round", dest="round_number", type=int, default=ROUND)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--one", type=int, help="measure one size, print JSON")
    args = parser.parse_args()
    if args.one is not None:
        print(json.dumps(measure(args.one, args.round_number, args.seed)))
        return
    print(f"{'players':>8} {'round':>5} {'wall s':>8} {'CPU s':>8} {'peak MB':>8} {'games':>6}")
    for size in args.sizes:
        command = [sys.executable, __file__, "--one", str(size)]
        command += ["--round", str(args.round_number), "--seed", str(args.seed)]
        out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        r = json.loads(out)
        print(
            f"{r['players']:>8} {r['round']:>5} {r['wall']:>8.2f} {r['cpu']:>8.2f} "
            f"{r['peak_mb']:>8.0f} {r['games']:>6}",
            flush=True,
        )


if __name__ == "__main__":
    main()
