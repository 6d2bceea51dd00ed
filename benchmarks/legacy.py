"""Benchmark of the pre-2013 Dutch system (``dutch-legacy``, issue 31).

A random tournament of ``--players`` players and ``--rounds`` rounds (fixed seed,
draws, forfeits, half-point byes and absences) is generated round by round with the
engine itself; every round is paired again in this process and timed. Prints one
JSON object: the slowest round's number, wall and CPU seconds, the peak memory and
whether every round stayed within the budget (0.2 CPU s per round for 100 players x 9
rounds, issue 31).

Usage::

    python benchmarks/legacy.py --players 100 --rounds 9
"""

from __future__ import annotations

import argparse
import json
import resource
import time

BUDGET = 0.2


def measure(players: int, rounds: int, seed: int) -> dict[str, object]:
    from fairpair.model import Round
    from fairpair.systems.dutch_legacy import DutchLegacySystem
    from fairpair.workflow.generator import GeneratorConfig, generate

    config = GeneratorConfig(
        players=players,
        rounds=rounds,
        seed=seed,
        draw_rate=0.3,
        forfeit_rate=0.02,
        bye_rate=0.02,
        absence_rate=0.02,
    )
    full = generate("dutch-legacy", config)
    system = DutchLegacySystem()
    worst: dict[str, float] = {"round": 0, "wall": 0.0, "cpu": 0.0}
    for rnd in range(1, len(full.rounds) + 1):
        known = {n: k for n, k in full.round(rnd).byes.items() if k.value != "U"}
        t = full.replace(rounds=full.rounds[: rnd - 1])
        if known:
            t = t.with_round(Round(number=rnd, byes=known))
        wall, cpu = time.perf_counter(), time.process_time()
        system.pair(t, rnd)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if cpu > worst["cpu"]:
            worst = {"round": rnd, "wall": wall, "cpu": cpu}
    return {
        "players": players,
        "round": int(worst["round"]),
        "wall": worst["wall"],
        "cpu": worst["cpu"],
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "ok": worst["cpu"] <= BUDGET,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=31)
    args = parser.parse_args()
    print(json.dumps(measure(args.players, args.rounds, args.seed)))


if __name__ == "__main__":
    main()
