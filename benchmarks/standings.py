"""Benchmark: standings with the default FIDE tiebreaks on big random fields.

Prints a table: players, rounds, criteria, wall s, CPU s, peak MB.
Usage: python benchmarks/standings.py [PLAYERS ...]
"""

from __future__ import annotations

import resource
import sys
import time

sys.path.insert(0, "tests")

from fairpair.standings import compute_standings
from helpers import big_tournament


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [500, 2001]
    print(f"{'players':>8} {'rounds':>6} {'wall s':>8} {'CPU s':>8} {'peak MB':>8}")
    for players in sizes:
        t = big_tournament(players, 13, seed=7)
        wall, cpu = time.perf_counter(), time.process_time()
        compute_standings(t)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{players:>8} {13:>6} {wall:>8.2f} {cpu:>8.2f} {peak:>8.0f}")


if __name__ == "__main__":
    main()
