"""Benchmark: pairing one AGA McMahon round of a large field.

    .venv/bin/python benchmarks/mcmahon.py [SIZES...] [--round R] [--rounds N]
                                           [--history engine|quick] [--seed S]

For each size a fresh process builds a random field (``prepare_tournament``: AGA
ratings, clubs, bands with the bar at 3 dan) and plays the ``R - 1`` earlier rounds
(``--history engine``, the default: paired by the engine itself, random results;
``--history quick``: paired in McMahon order without any criteria). It then times
``McMahonSystem().pair`` for round ``R`` and runs ``check`` on the result (not timed).
Printed: players, wall and CPU seconds of the pairing, peak memory of the process
(MB), games, check verdict. The matcher is whatever ``fairpair.matching`` uses
(``FAIRPAIR_MATCHING=python`` forces the pure-Python one).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time

from fairpair.model import Player, ResultCode, Round, Tournament
from fairpair.systems.mcmahon import McMahonSystem, prepare_tournament


def quick_rounds(t: Tournament, rounds: int, rng: random.Random) -> Tournament:
    from fairpair.model import Game
    from fairpair.systems.mcmahon.tiebreaks import mcmahon_scores

    for r in range(1, rounds + 1):
        scores = mcmahon_scores(t, r - 1)
        order = sorted(scores, key=lambda n: (-scores[n], n))
        games = []
        for i in range(0, len(order) - 1, 2):
            a, b = order[i], order[i + 1]
            if rng.random() < 0.5:
                games.append(Game(a, b, ResultCode.WIN, ResultCode.LOSS))
            else:
                games.append(Game(b, a, ResultCode.WIN, ResultCode.LOSS))
        t = t.with_round(Round(r, tuple(games)))
    return t


def engine_rounds(t: Tournament, rounds: int, rng: random.Random) -> Tournament:
    system = McMahonSystem()
    for r in range(1, rounds + 1):
        pairing = system.pair(t, r)
        t = t.with_pairing(pairing)
        results = {}
        for b in pairing.boards:
            win = rng.random() < 0.5
            results[(b.white, b.black)] = (
                (ResultCode.WIN, ResultCode.LOSS) if win else (ResultCode.LOSS, ResultCode.WIN)
            )
        t = t.with_results(r, results)
    return t


def one(size: int, round_number: int, total: int, seed: int, history: str) -> dict[str, object]:
    rng = random.Random(seed)
    t = Tournament(players=tuple(Player(i + 1, f"P{i + 1}") for i in range(size)))
    t = prepare_tournament(t, rng, total)
    if history == "engine":
        t = engine_rounds(t, round_number - 1, rng)
    else:
        t = quick_rounds(t, round_number - 1, rng)
    system = McMahonSystem()
    wall, cpu = time.perf_counter(), time.process_time()
    pairing = system.pair(t, round_number)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    problems = system.check(t.with_pairing(pairing), round_number)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "players": size,
        "wall": wall,
        "cpu": cpu,
        "peak": peak,
        "games": len(pairing.boards),
        "ok": not problems,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[100, 500, 1000, 2000])
    parser.add_argument("--round", dest="round_number", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--history", choices=["engine", "quick"], default="engine")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        print(json.dumps(one(args.one, args.round_number, args.rounds, args.seed, args.history)))
        return
    print(f"McMahon, round {args.round_number} of {args.rounds}, earlier rounds: {args.history}")
    print(f"{'players':>8} {'wall s':>8} {'CPU s':>8} {'peak MB':>8} {'games':>6}  check")
    for size in args.sizes:
        command = [
            sys.executable,
            __file__,
            "--one",
            str(size),
            "--round",
            str(args.round_number),
            "--rounds",
            str(args.rounds),
            "--seed",
            str(args.seed),
            "--history",
            args.history,
        ]
        result = json.loads(
            subprocess.run(command, check=True, capture_output=True, text=True).stdout
        )
        print(
            f"{result['players']:>8} {result['wall']:>8.2f} {result['cpu']:>8.2f} "
            f"{result['peak']:>8.0f} {result['games']:>6}  {'ok' if result['ok'] else 'FAIL'}",
            flush=True,
        )


if __name__ == "__main__":
    main()
