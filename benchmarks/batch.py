"""Benchmark of `fairpair batch`: N pairing requests of a 40-player Dutch round (round 5)
in one `fairpair batch` process, start-up included (issue 17 target: 1,000 requests in
under 10 s).

Two request files: the same request N times ("same"), and N requests cycling through
50 different tournaments (random, fixed seeds, with some draws, forfeits, byes and
absences: "varied"). Each is answered by a fresh ``fairpair batch`` process, once per
``--jobs`` value; wall time, CPU time (the process and its workers) and peak memory
(the largest resident set of those processes) are of that process. The answers are
checked: all "ok", and the same whatever ``--jobs``.

Usage::

    python benchmarks/batch.py              # 1000 requests, --jobs 1 and 2
    python benchmarks/batch.py 200          # 200 requests
    python benchmarks/batch.py --jobs 1     # one process only

:func:`rows` returns the measurements as dicts (``case``, ``players``, ``round``,
``system``, ``wall``, ``cpu``, ``peak_mb``), in the row format of
``benchmarks/dutch.py``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from fairpair.formats import jsondoc
from fairpair.workflow.generator import GeneratorConfig, generate

PLAYERS = 40
ROUND = 5
SYSTEM = "dutch"
#: Different tournaments in the "varied" request file.
VARIED = 50


def _documents(count: int) -> list[dict[str, Any]]:
    """``count`` different 40-player tournaments, 4 rounds played (fixed seeds)."""
    documents = []
    for seed in range(count):
        config = GeneratorConfig(
            players=PLAYERS,
            rounds=ROUND,
            seed=seed,
            draw_rate=0.3,
            forfeit_rate=0.02 * (seed % 2),
            bye_rate=0.02 * (seed % 3 == 1),
            absence_rate=0.02 * (seed % 5 == 2),
        )
        t = generate(SYSTEM, config)
        documents.append(jsondoc.to_document(t.replace(rounds=t.rounds[: ROUND - 1])))
    return documents


def request_files(count: int, directory: Path) -> dict[str, Path]:
    """The request files of the cases: name -> path."""
    documents = _documents(VARIED)
    same = json.dumps({"tournament": documents[0]})
    files = {
        "same": [same] * count,
        "varied": [
            json.dumps({"id": i, "tournament": documents[i % VARIED]}) for i in range(count)
        ],
    }
    paths = {}
    for name, lines in files.items():
        path = directory / f"{name}.jsonl"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths[name] = path
    return paths


#: Runs a command, reports its wall and CPU seconds (its children included) and peak
#: memory. A small fresh process: the peak memory of a child counts that of the process
#: it was forked from, which must not be this one (it holds the generated tournaments).
_LAUNCHER = """
import json, os, subprocess, sys, time
with open(sys.argv[2], "w", encoding="utf-8") as out:
    start = time.perf_counter()
    proc = subprocess.Popen(json.loads(sys.argv[1]), stdout=out)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
print(json.dumps({"status": os.waitstatus_to_exitcode(status), "wall": wall,
                  "cpu": usage.ru_utime + usage.ru_stime, "peak_mb": usage.ru_maxrss / 1024}))
"""


def run_batch(requests: Path, jobs: int, answers: Path) -> dict[str, float]:
    """Answer ``requests`` in a fresh ``fairpair batch --jobs`` process; its wall and
    CPU seconds and peak memory (its workers included)."""
    command = [sys.executable, "-m", "fairpair", "batch", "--jobs", str(jobs), str(requests)]
    out = subprocess.run(
        [sys.executable, "-c", _LAUNCHER, json.dumps(command), str(answers)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    measured: dict[str, float] = json.loads(out)
    if measured.pop("status"):
        raise RuntimeError(f"{' '.join(command)} failed")
    return measured


def rows(count: int = 1000, jobs: tuple[int, ...] = (1, 2)) -> list[dict[str, Any]]:
    """Measure every case with every ``jobs``; one dict per measurement."""
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        for name, requests in request_files(count, directory).items():
            first: list[str] | None = None
            for n in jobs:
                answers = directory / f"{name}-{n}.answers"
                measured = run_batch(requests, n, answers)
                lines = answers.read_text(encoding="utf-8").splitlines()
                if len(lines) != count or not all(json.loads(a)["ok"] for a in lines):
                    raise RuntimeError(f"{name}, --jobs {n}: not every request was paired")
                if first is not None and lines != first:
                    raise RuntimeError(f"{name}, --jobs {n}: other answers than --jobs {jobs[0]}")
                first = lines
                results.append(
                    {
                        "case": f"batch {count}x {name} --jobs {n}",
                        "players": PLAYERS,
                        "round": ROUND,
                        "system": SYSTEM,
                        **measured,
                    }
                )
    return results


def row(result: dict[str, Any]) -> str:
    """One result in the row format of ``benchmarks/dutch.py``."""
    return (
        f"{result['case']:<32} {result['system']:>5} {result['players']:>7}"
        f" {result['round']:>5} {result['wall']:>8.2f} {result['cpu']:>8.2f}"
        f" {result['peak_mb']:>9.0f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("count", type=int, nargs="?", default=1000, help="requests per case")
    parser.add_argument("--jobs", type=int, nargs="*", default=[1, 2], help="--jobs values")
    args = parser.parse_args()
    header = (
        f"{'case':<32} {'system':>5} {'players':>7} {'round':>5} {'wall s':>8} {'cpu s':>8}"
        f" {'peak MB':>9}"
    )
    print(header)
    print("-" * len(header))
    for result in rows(args.count, tuple(args.jobs)):
        print(row(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
