"""Benchmark: the commands that read a file, on valid TRF files of about 10 MB (issue 15:
no input of at most 10 MB may make a command run longer than 10 s or use more than
2 GB, pairing large tournaments excepted).

Generates the files of ``tests/large_trf.py`` (the most players with the rounds that
fill 10 MB, the most rounds with the players that fill 10 MB), then runs each command
in its own process and prints a table: command, file, size MB, wall s, CPU s, peak MB,
exit code.

Usage: python benchmarks/large_input.py [--check] [--keep DIR]

``--check`` also runs ``fairpair check`` (which re-pairs the last round: pairing a
tournament this large is the exception of the issue, so it is not run by default).
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


def measure(args: list[str]) -> tuple[float, float, float, int]:
    """Run ``fairpair ARGS``: wall s, CPU s, peak resident MB, exit code."""
    start = time.perf_counter()
    # The JSON document of a 10 MB TRF is about 39 MB: over the default file_bytes
    # limit, which also bounds what fairpair writes. Raised here to measure it.
    env = {**os.environ, "FAIRPAIR_MAX_FILE_BYTES": str(64 * 1024 * 1024)}
    process = subprocess.Popen(
        [*FAIRPAIR, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env
    )
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if process.stderr is not None:
        process.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code


def commands(trf: Path, out: Path, check: bool) -> list[tuple[str, list[str]]]:
    """(label, arguments) of the commands run on ``trf``."""
    json_copy = out / f"{trf.stem}.json"
    found = [
        ("convert -> json", ["convert", str(trf), "-o", str(json_copy)]),
        ("convert -> trf", ["convert", str(trf), "-o", str(out / f"{trf.stem}-copy.trf")]),
        ("standings trf", ["standings", str(trf)]),
        ("crosstable trf", ["crosstable", str(trf)]),
        ("standings json", ["standings", str(json_copy)]),
    ]
    if check:
        found.append(("check trf", ["check", "--system", "dutch", str(trf)]))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="also run fairpair check")
    parser.add_argument("--keep", help="write the files here (default: a temporary folder)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(options.keep or temporary)
        folder.mkdir(parents=True, exist_ok=True)
        print(
            f"{'command':<16} {'file':<24} {'size MB':>8} {'wall s':>7} {'CPU s':>7} "
            f"{'peak MB':>8} {'exit':>4}"
        )
        for name, players, rounds in SHAPES:
            trf = folder / f"{name}.trf"
            if not trf.exists():
                write_large_trf(trf, players, rounds)
            label = f"{name} ({players}x{rounds})"
            for command, args in commands(trf, folder, options.check):
                source = Path(args[1]) if command != "check trf" else trf
                size = source.stat().st_size / 1e6 if source.exists() else float("nan")
                wall, cpu, peak, code = measure(args)
                print(
                    f"{command:<16} {label:<24} {size:>8.1f} {wall:>7.2f} {cpu:>7.2f} "
                    f"{peak:>8.0f} {code:>4}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
