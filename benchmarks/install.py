"""The fresh-install row of ``make bench INSTALL=1`` (issue 33): what ``pip install .``
costs a new user, against the targets.

A copy of the source tree (without ``.venv``, ``build``, ``.git``, results) is installed
into a new virtual environment with ``pip install --no-cache-dir .``: build isolation
(setuptools fetched), the C++ extension compiled from nothing, the run-time
dependencies installed. The row gives the CPU time (user + system) of pip and every
process under it, the peak resident memory of the largest of them (the compiler of the
heaviest unit), the wall time and the cores used (CPU / wall), and ``ok`` when the CPU
time is at most ``--cpu`` seconds (60) and the peak at most ``--memory`` MB (700),
``OVER`` otherwise. The numbers come from ``getrusage(RUSAGE_CHILDREN)``: what
``/usr/bin/time -v`` reports for the same command.

Usage::

    python benchmarks/install.py              # one fresh install
    python benchmarks/install.py --repeat 3   # three, each in its own venv; the median
    python benchmarks/install.py --json       # the rows as JSON as well

The exit status is 1 when the install fails, 0 otherwise (a row over the targets is
reported, not failed: the machine may be busy).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: Issue 33's targets for building the extension from source on the 2-core machine.
CPU_TARGET = 60.0
MEMORY_TARGET_MB = 700.0
SKIP = {".venv", "build", "dist", ".git", "results", "__pycache__", ".mypy_cache", ".ruff_cache"}


def copy_tree(target: Path) -> Path:
    """A copy of the sources to build (pip builds in the tree it is given)."""

    def ignore(directory: str, names: list[str]) -> set[str]:
        skip = {n for n in names if n in SKIP or n.endswith((".egg-info", ".so", ".pyd"))}
        return skip

    dest = target / "fairpair"
    shutil.copytree(ROOT, dest, ignore=ignore)
    return dest


def fresh_install(workdir: Path) -> dict[str, Any]:
    """Install a copy of the tree into a new venv; the costs of the pip command."""
    source = copy_tree(workdir)
    env_dir = workdir / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / ("Scripts" if os.name == "nt" else "bin") / "python"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-cache-dir", "."],
        cwd=source,
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of the children: the largest single descendant (KB on Linux, B on macOS)
    scale = 1 / (1024 * 1024) if sys.platform == "darwin" else 1 / 1024
    peak = after.ru_maxrss * scale
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "pip failed")
    return {"cpu": cpu, "peak_mb": peak, "wall": wall, "cores": cpu / wall if wall else 0.0}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="fresh installs (median)")
    parser.add_argument("--cpu", type=float, default=CPU_TARGET, help="CPU target, s")
    parser.add_argument("--memory", type=float, default=MEMORY_TARGET_MB, help="peak target, MB")
    parser.add_argument("--json", action="store_true", help="also print the rows as JSON")
    args = parser.parse_args(argv)
    rows = []
    for _ in range(args.repeat):
        # the children's peak only grows within a process: one child process per install
        with tempfile.TemporaryDirectory(prefix="fairpair-install-") as tmp:
            code = (
                "import json, sys; sys.path.insert(0, sys.argv[1]); import install;"
                " print(json.dumps(install.fresh_install(__import__('pathlib').Path(sys.argv[2]))))"
            )
            done = subprocess.run(
                [sys.executable, "-c", code, str(Path(__file__).parent), tmp],
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode != 0:
                print(f"fresh install failed: {done.stderr.strip()[-500:]}", file=sys.stderr)
                return 1
            rows.append(json.loads(done.stdout))
    cpu = statistics.median(r["cpu"] for r in rows)
    peak = statistics.median(r["peak_mb"] for r in rows)
    wall = statistics.median(r["wall"] for r in rows)
    cores = statistics.median(r["cores"] for r in rows)
    check = "ok" if cpu <= args.cpu and peak <= args.memory else "OVER"
    print(
        f"{'case':<44} {'CPU s':>7} {'target':>7} {'peak MB':>8} {'target':>7} "
        f"{'wall s':>7} {'cores':>6}  check"
    )
    label = f"fresh pip install . (median of {len(rows)})"
    print(
        f"{label:<44} {cpu:7.1f} {args.cpu:7.0f} {peak:8.0f} {args.memory:7.0f} "
        f"{wall:7.1f} {cores:6.2f}  {check}"
    )
    if args.json:
        print(json.dumps({"rows": rows, "cpu": cpu, "peak_mb": peak, "check": check}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
