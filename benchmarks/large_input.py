"""Benchmark: every command that reads a tournament file, on valid files of about 10 MB
(issue 15: no input of at most 10 MB may make a command run longer than 10 s or use
more than 2 GB before it succeeds or refuses, pairing large tournaments excepted).

Generates the files of ``write_large_trf`` in ``tests/helpers.py`` (the most players
with the rounds that fill 10 MB, the most rounds with the players that fill 10 MB), each
also in another program's layout (``foreign``: CR LF, upper-case colours, XXR after the
players), and the JSON document of each (39 - 50 MB: over the default ``file_bytes``
limit, so it is written and read with ``FAIRPAIR_MAX_FILE_BYTES`` raised to 64 MiB).
Then runs each command in its own process (a command that changes the file on a fresh
copy) and prints one row per command and file: command, file, size MB, wall s, CPU s
(user + system: what counts on a shared machine), peak MB, exit code (2: refused, as
expected for a file whose rounds are all paired, see the notes of ``COMMANDS``).

Usage: python benchmarks/large_input.py [--check] [--keep DIR] [--repeat N]
                                        [--only TEXT ...] [--no-json] [--markdown]

``--check`` also runs the commands that pair a round of these files (``check``, the
checker mode of ``--dutch``): pairing a tournament this large is the exception of the
issue, so they are not run by default. ``--repeat N`` runs every command N times and
shows the run with the least CPU time (on a machine shared with other jobs, the least
disturbed run). ``--only`` keeps the rows whose command or file contains one of the
texts. ``--markdown`` also prints the table as Markdown (for docs/limits.md).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from helpers import SHAPES, write_large_trf

FAIRPAIR = [sys.executable, "-m", "fairpair"]

#: Environment of the commands that write or read the JSON document of a 10 MB file.
RAISED = {"FAIRPAIR_MAX_FILE_BYTES": str(64 * 1024 * 1024)}


class Command(NamedTuple):
    """A command to measure: ``line``, split as a shell would, with ``{f}`` for the
    file, ``{o}`` a folder for outputs, ``{r}`` a batch request made from the file."""

    label: str
    line: str
    #: It rewrites the file: run on a fresh copy.
    changes: bool = False
    #: It pairs a round (the exception of the issue): only with ``--check``.
    pairs: bool = False
    #: With the ``file_bytes`` limit raised (a JSON document of a 10 MB TRF is larger).
    raised: bool = False


#: The commands. The files have every round paired and every result entered, so the
#: commands that need a round to pair (``next``, ``pair``, ``bye``, ``add-player``,
#: ``withdraw`` from the next round, ``force``) refuse after reading the file: what is
#: measured is how long they take to say so.
COMMANDS: tuple[Command, ...] = (
    Command("convert -> trf", "convert {f} -o {o}/copy.trf"),
    Command("convert -> trf2026", "convert {f} -o {o}/fide.trf --trf2026"),
    Command("convert -> json", "convert {f} -o {o}/copy.json"),
    Command("convert -> json (64 MiB)", "convert {f} -o {o}/copy.json", raised=True),
    Command("standings", "standings {f}"),
    Command("standings --json", "standings {f} --json -"),
    Command("standings -s netrunner", "standings {f} -s netrunner"),
    Command("standings -s mcmahon", "standings {f} -s mcmahon"),
    Command("standings TPR,PTP,AOB", "standings {f} -t ARO,TPR,PTP,AOB"),
    Command("crosstable", "crosstable {f}"),
    Command("crosstable --html", "crosstable {f} --html -"),
    Command("boards", "boards {f}"),
    Command("boards -r 1", "boards {f} -r 1"),
    Command("boards --json", "boards {f} --json"),
    Command("boards --html", "boards {f} --html -"),
    Command("add-player", "add-player {f} 'Late Comer' --rating 2000", changes=True),
    Command("edit-player", "edit-player {f} 5 --rating 2100", changes=True),
    Command("edit-event --name", "edit-event {f} --name Renamed", changes=True),
    Command("edit-event --rounds", "edit-event {f} --rounds 999", changes=True),
    Command("result", "result {f} 1=1-0", changes=True),
    Command("result -r 2", "result {f} -r 2 1=1-0", changes=True),
    Command("withdraw", "withdraw {f} 5", changes=True),
    Command("withdraw --cancel", "withdraw {f} 5 --cancel", changes=True),
    Command("bye", "bye {f} 5", changes=True),
    Command("unpair", "unpair {f}", changes=True),
    Command("unpair --force", "unpair {f} --force", changes=True),
    Command("forbid", "forbid {f} 1 2", changes=True),
    Command("force", "force {f} 1 2", changes=True),
    Command("next", "next {f}", changes=True),
    Command("pair", "pair {f} -s dutch"),
    Command("--dutch -p", "--dutch {f} -p"),
    Command("batch", "batch {r}"),
    Command("mcmahon bands", "mcmahon bands {f} --dry-run"),
    Command("boards --go", "boards {f} --go"),
    Command("mcmahon results", "mcmahon results {f}"),
    Command("mcmahon results h9", "mcmahon results {f} --format h9"),
    Command("mcmahon results aga", "mcmahon results {f} --format aga"),
    Command("mcmahon volunteer", "mcmahon volunteer {f} 5", changes=True),
    Command("mcmahon handicap", "mcmahon handicap {f} 1 2 3 -r 2", changes=True),
    Command("add-player --rank", "add-player {f} 'Late Comer' --rank 3k", changes=True),
    Command("check", "check {f} -s dutch", pairs=True),
    Command("--dutch -c", "--dutch {f} -c", pairs=True),
)


def measure(args: list[str], env: dict[str, str]) -> tuple[float, float, float, int]:
    """Run ``fairpair ARGS``: wall s, CPU s, peak resident MB, exit code."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [*FAIRPAIR, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, **env},
    )
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code


def batch_request(source: Path, target: Path) -> Path:
    """A ``fairpair batch`` request (one line) asking to pair the next round of
    ``source``."""
    if not target.exists():
        text = source.read_text(encoding="utf-8")
        key, value = ("tournament", json.loads(text)) if source.suffix == ".json" else ("trf", text)
        target.write_text(json.dumps({"id": 1, key: value}) + "\n", encoding="utf-8")
    return target


def inputs(folder: Path, json_documents: bool) -> list[tuple[str, Path, dict[str, str]]]:
    """(label, file, environment) of every file to measure, written if missing."""
    found = []
    for name, players, rounds in SHAPES:
        for foreign in (False, True):
            stem = f"{name}-foreign" if foreign else name
            trf = folder / f"{stem}.trf"
            if not trf.exists():
                write_large_trf(trf, players, rounds, foreign=foreign)
            found.append((f"{stem}.trf ({players}x{rounds})", trf, {}))
            if json_documents:
                document = folder / f"{stem}.json"
                if not document.exists():
                    measure(["convert", str(trf), "-o", str(document)], RAISED)
                found.append((f"{stem}.json ({players}x{rounds})", document, RAISED))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="also run the pairing commands")
    parser.add_argument("--keep", help="write the files here (default: a temporary folder)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per command (least CPU)")
    parser.add_argument("--only", nargs="*", default=[], help="rows containing one of these")
    parser.add_argument("--no-json", action="store_true", help="TRF files only")
    parser.add_argument("--markdown", action="store_true", help="also print Markdown")
    options = parser.parse_args()
    rows: list[tuple[str, str, float, float, float, float, int]] = []
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(options.keep or temporary)
        folder.mkdir(parents=True, exist_ok=True)
        scratch = Path(temporary) / "scratch"
        scratch.mkdir(exist_ok=True)
        print(
            f"{'command':<22} {'file':<36} {'size MB':>8} {'wall s':>7} {'CPU s':>7} "
            f"{'peak MB':>8} {'exit':>4}"
        )
        for label, source, env in inputs(folder, not options.no_json):
            request = batch_request(source, folder / f"{source.name}.request.jsonl")
            for command in COMMANDS:
                if command.pairs and not options.check:
                    continue
                if options.only and not any(t in f"{command.label} {label}" for t in options.only):
                    continue
                runs = []
                for _ in range(max(1, options.repeat)):
                    target = source
                    if command.changes:  # a fresh copy each time: the command rewrites it
                        target = scratch / source.name
                        shutil.copyfile(source, target)
                    args = [
                        a.format(f=target, o=scratch, r=request) for a in shlex.split(command.line)
                    ]
                    runs.append(measure(args, {**env, **(RAISED if command.raised else {})}))
                wall, cpu, peak, code = min(runs, key=lambda run: run[1])
                size = source.stat().st_size / 1e6
                rows.append((command.label, label, size, wall, cpu, peak, code))
                print(
                    f"{command.label:<22} {label:<36} {size:>8.1f} {wall:>7.2f} {cpu:>7.2f} "
                    f"{peak:>8.0f} {code:>4}",
                    flush=True,
                )
    if options.markdown:
        print("\n| command | file | wall s | CPU s | peak MB | exit |")
        print("| --- | --- | --- | --- | --- | --- |")
        for command, label, _size, wall, cpu, peak, code in rows:
            print(f"| `{command}` | {label} | {wall:.2f} | {cpu:.2f} | {peak:.0f} | {code} |")


if __name__ == "__main__":
    main()
