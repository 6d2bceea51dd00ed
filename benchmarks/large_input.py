"""Benchmark: the commands that read a file, on valid TRF files of about 10 MB (issue 15:
no input of at most 10 MB may make a command run longer than 10 s or use more than
2 GB, pairing large tournaments excepted).

Generates the files of ``tests/large_trf.py`` (the most players with the rounds that
fill 10 MB, the most rounds with the players that fill 10 MB), each also in another
program's layout (``foreign``: CR LF, upper-case colours, XXR after the players), then
runs each command in its own process and prints a table: command, file, size MB, wall
s, CPU s (user + system: what counts on a shared machine), peak MB, exit code.

The JSON document of such a file is about 40 MB, over the default ``file_bytes``
limit (what fairpair writes it must be able to read back): ``convert -> json`` is
refused (exit 2) with the default limits, and measured once more with
``FAIRPAIR_MAX_FILE_BYTES`` raised to 64 MiB (as is ``standings json``, which reads it).

Usage: python benchmarks/large_input.py [--check] [--keep DIR] [--repeat N]

``--check`` also runs ``fairpair check`` (which re-pairs the last round: pairing a
tournament this large is the exception of the issue, so it is not run by default).
``--repeat N`` runs every command N times and shows the run with the least CPU time
(on a machine shared with other jobs, the least disturbed run).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from large_trf import SHAPES, write_large_trf

FAIRPAIR = [sys.executable, "-m", "fairpair"]

#: Environment of the commands that write or read the JSON document of a 10 MB file.
RAISED = {"FAIRPAIR_MAX_FILE_BYTES": str(64 * 1024 * 1024)}


def measure(args: list[str], env: dict[str, str]) -> tuple[float, float, float, int]:
    """Run ``fairpair ARGS``: wall s, CPU s, peak resident MB, exit code."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [*FAIRPAIR, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, **env},
    )
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if process.stderr is not None:
        process.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code


def commands(
    trf: Path, out: Path, check: bool
) -> list[tuple[str, list[str], dict[str, str], Path]]:
    """(label, arguments, environment, file read) of the commands run on ``trf``."""
    json_copy = out / f"{trf.stem}.json"
    found = [
        ("convert -> trf", ["convert", str(trf), "-o", str(out / f"{trf.stem}-copy.trf")], {}),
        ("convert -> json", ["convert", str(trf), "-o", str(out / f"{trf.stem}-x.json")], {}),
        ("convert -> json+", ["convert", str(trf), "-o", str(json_copy)], RAISED),
        ("standings trf", ["standings", str(trf)], {}),
        ("crosstable trf", ["crosstable", str(trf)], {}),
        ("standings json+", ["standings", str(json_copy)], RAISED),
    ]
    if check:
        found.append(("check trf", ["check", "--system", "dutch", str(trf)], {}))
    return [(label, args, env, Path(args[1])) for label, args, env in found]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="also run fairpair check")
    parser.add_argument("--keep", help="write the files here (default: a temporary folder)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per command (least CPU)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(options.keep or temporary)
        folder.mkdir(parents=True, exist_ok=True)
        print(
            f"{'command':<17} {'file':<34} {'size MB':>8} {'wall s':>7} {'CPU s':>7} "
            f"{'peak MB':>8} {'exit':>4}"
        )
        for name, players, rounds in SHAPES:
            for foreign in (False, True):
                stem = f"{name}-foreign" if foreign else name
                trf = folder / f"{stem}.trf"
                if not trf.exists():
                    write_large_trf(trf, players, rounds, foreign=foreign)
                label = f"{stem} ({players}x{rounds})"
                for command, args, env, source in commands(trf, folder, options.check):
                    size = source.stat().st_size / 1e6 if source.exists() else float("nan")
                    runs = [measure(args, env) for _ in range(max(1, options.repeat))]
                    wall, cpu, peak, code = min(runs, key=lambda run: run[1])
                    print(
                        f"{command:<17} {label:<34} {size:>8.1f} {wall:>7.2f} {cpu:>7.2f} "
                        f"{peak:>8.0f} {code:>4}",
                        flush=True,
                    )


if __name__ == "__main__":
    main()
