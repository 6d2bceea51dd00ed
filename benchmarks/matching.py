"""Benchmark of fairpair.matching (compiled backend).

Usage::

    .venv/bin/python benchmarks/matching.py            # the default table
    .venv/bin/python benchmarks/matching.py --quick    # n <= 1000 only
    .venv/bin/python benchmarks/matching.py --case 1000 1.0 200 random

Each case runs in its own process so that "peak MB" (maximum resident set size of that
process, Python included) belongs to it alone.  Columns:

- fresh: ``Matcher.set_weights`` (Python ints -> wide integers) plus the first ``solve``;
- one-shot: ``max_weight_matching(n, edges)`` on the same edge list;
- incr: re-solve after replacing every edge of one vertex by random weights (mean and max
  of 20 vertices);
- forbid: re-solve after removing the matched edge of one vertex (the typical step of a
  search for the next-best pairing), mean of 20.

Weights: ``random`` = uniform in [0, 2^bits); ``layered`` = Dutch-like, a large term that
depends on the score difference of the two players (11 score groups) plus small random
low-order terms.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time

from fairpair.matching import Matcher, backend, max_weight_matching


def make_weights(
    n: int, density: float, bits: int, kind: str, seed: int
) -> tuple[list[tuple[int, int, int]], random.Random]:
    rng = random.Random(seed)
    edges: list[tuple[int, int, int]] = []
    if kind == "random":
        for u in range(n):
            for v in range(u + 1, n):
                if density >= 1.0 or rng.random() < density:
                    edges.append((u, v, rng.getrandbits(bits)))
    else:
        score = [rng.randint(0, 10) for _ in range(n)]
        low = max(bits // 3, 1)
        for u in range(n):
            for v in range(u + 1, n):
                if density >= 1.0 or rng.random() < density:
                    top = (20 - abs(score[u] - score[v])) << (bits - 5)
                    edges.append((u, v, top + rng.getrandbits(low)))
    return edges, rng


def run_case(n: int, density: float, bits: int, kind: str) -> dict[str, float | int | str]:
    edges, rng = make_weights(n, density, bits, kind, seed=n * 7 + bits)
    w0, c0 = time.perf_counter(), time.process_time()
    m = Matcher(n)
    m.set_weights(edges)
    mate = m.solve()
    fresh_wall, fresh_cpu = time.perf_counter() - w0, time.process_time() - c0
    assert m.check() == "" if n <= 300 else True
    w0 = time.perf_counter()
    one = max_weight_matching(n, edges)
    oneshot_wall = time.perf_counter() - w0
    assert m.total_weight(one) == m.total_weight(mate)
    incr: list[float] = []
    incr_cpu: list[float] = []
    for _ in range(20):
        x = rng.randrange(n)
        row: list[int | None] = [
            rng.getrandbits(bits) if (density >= 1.0 or rng.random() < density) else None
            for _ in range(n)
        ]
        w0, c0 = time.perf_counter(), time.process_time()
        m.set_vertex_weights(x, row)
        m.solve()
        incr.append(time.perf_counter() - w0)
        incr_cpu.append(time.process_time() - c0)
    forbid: list[float] = []
    for _ in range(20):
        mate = m.solve()
        x = rng.randrange(n)
        y = mate[x]
        if y < 0:
            continue
        old = m.weight(x, y)
        w0 = time.perf_counter()
        m.set_weight(x, y, None)
        m.solve()
        forbid.append(time.perf_counter() - w0)
        m.set_weight(x, y, old)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "n": n,
        "density": density,
        "bits": bits,
        "weights": kind,
        "edges": len(edges),
        "fresh_wall": fresh_wall,
        "fresh_cpu": fresh_cpu,
        "oneshot_wall": oneshot_wall,
        "incr_mean": sum(incr) / len(incr),
        "incr_max": max(incr),
        "incr_cpu_mean": sum(incr_cpu) / len(incr_cpu),
        "forbid_mean": sum(forbid) / max(len(forbid), 1),
        "peak_mb": peak_mb,
    }


DEFAULT = [
    (n, density, bits, kind)
    for n in (100, 300, 1000, 2000)
    for density, bits, kind in (
        (1.0, 64, "random"),
        (1.0, 200, "random"),
        (1.0, 200, "layered"),
        (0.1, 200, "random"),
    )
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--case", nargs=4, metavar=("N", "DENSITY", "BITS", "KIND"))
    parser.add_argument("--quick", action="store_true", help="skip n = 2000")
    args = parser.parse_args()
    if args.case:
        n, density, bits, kind = args.case
        print(json.dumps(run_case(int(n), float(density), int(bits), kind)))
        return
    print(f"backend: {backend()}")
    header = (
        f"{'n':>5} {'dens':>5} {'bits':>4} {'weights':>8} {'edges':>8} | "
        f"{'fresh s':>8} {'cpu s':>7} {'1-shot s':>8} | {'incr ms':>8} {'max ms':>7} "
        f"{'cpu ms':>7} {'forbid ms':>9} | {'peak MB':>7}"
    )
    print(header)
    print("-" * len(header))
    for n, density, bits, kind in DEFAULT:
        if args.quick and n > 1000:
            continue
        out = subprocess.run(
            [sys.executable, __file__, "--case", str(n), str(density), str(bits), kind],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        r = json.loads(out)
        print(
            f"{r['n']:>5} {r['density']:>5} {r['bits']:>4} {r['weights']:>8} {r['edges']:>8} | "
            f"{r['fresh_wall']:>8.3f} {r['fresh_cpu']:>7.3f} {r['oneshot_wall']:>8.3f} | "
            f"{1000 * r['incr_mean']:>8.2f} {1000 * r['incr_max']:>7.2f} "
            f"{1000 * r['incr_cpu_mean']:>7.2f} {1000 * r['forbid_mean']:>9.2f} | "
            f"{r['peak_mb']:>7.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
