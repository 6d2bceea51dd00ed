"""The benchmark driver of ``make bench``: every system, one table.

Each measurement runs in a fresh child process (so that its peak memory is its own),
under a time limit and an address-space limit, and the driver prints one table with
the columns ``case, system, players, round, wall s, CPU s, peak MB, vs prev, check``:

* wall s / CPU s: the pairing alone (the child measures around ``pair``), except the
  ``fairpair pair`` rows (round 1 of a TRF) and the ``batch`` rows, which time the
  whole command: interpreter start-up, reading, pairing and writing;
* peak MB: the largest resident set of the child (interpreter, imports and the
  generation of the earlier rounds included);
* vs prev: CPU s divided by the CPU s of the same case (same name and system) in the
  previous run's results file, when it has that case;
* check: ``ok`` / ``DIFFERENT`` for the reference rounds of
  ``tests/data/vectors/dutch-2017-large`` (compared with bbpPairings' output), ``ok`` /
  ``FAIL`` for McMahon's own ``check``, ``timeout`` / ``error: ...`` when the child did
  not finish (over ``--timeout`` seconds or ``--memory`` GB).

The exit status is 1 when a result is wrong (``DIFFERENT``, ``FAIL``) or a child
crashed, 0 otherwise (a case over the limits is reported, not failed).

The results go to ``benchmarks/results/last.json`` (written atomically); the file of
the run before is kept as ``previous.json`` and is the one ``vs prev`` compares with.
Generated tournaments are cached in ``benchmarks/results/cache`` (fixed seeds: the same
input every run).

Usage::

    python benchmarks/run.py                        # the whole set (about 40 minutes on 2 cores)
    python benchmarks/run.py --quick                # small sizes only (a smoke run)
    python benchmarks/run.py --only dutch netrunner # some systems
    python benchmarks/run.py --sizes 50 200         # these sizes for every system
                                                    # (no reference rounds then)
    python benchmarks/run.py --markdown             # also print the table as Markdown
    python benchmarks/run.py --only dutch --huge    # with the 100,001-player odd field

Systems (``--only``): ``dutch`` (2017 and 2026 rules: random tournaments, the reference
rounds, a round 1 of a 9,998-player TRF through ``fairpair pair``, odd fields of 2,001,
5,001 and 9,999 players at rounds 1, 2 and 5 (round 2: one MDP below the odd
score group of the round-1 winners) and of 10,001 players (JSON) at round 1,
100,001 with ``--huge``; ``fairpair result`` correcting one result of a 9,998-player
event saved as JSON and as TRF: a director's command with its save), ``legacy`` (the
pre-2013 Dutch system: the slowest round of a 100-player, 9-round random tournament,
``check`` ok within 0.2 CPU s), ``mcmahon``,
``tcec``, ``netrunner`` (each at its benchmark sizes and 10x), ``batch`` (rows of
``benchmarks/batch.py``), ``startup`` (the drop-in as a platform calls it: ``fairpair
--dutch FILE -p`` on a 10-player lichess-style file, round 4; the whole command,
interpreter included, with the bytecode compiled first as an install does; the median
of ``STARTUP_REPEAT`` runs, ``check`` ``ok`` within ``STARTUP_BUDGET`` CPU seconds;
with ``BBPPAIRINGS=/path/to/bbpPairings.exe`` in the environment, the same call to that
binary in the next row), ``web`` (``benchmarks/web.py``: a 9,999-player round 1, 2017
rules, paired through the API and through ``fairpair pair``, ``check`` ``ok`` within
``WEB_PAIR_MARGIN`` s; then each public page: ``wall`` a repeated read, ``check`` ``ok``
at most 300 KB and 0.5 s (the first read after the change and a repeated read), with
its size and the first read).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import dutch  # noqa: E402  (benchmarks/dutch.py)

PYTHON = sys.executable
RESULTS = HERE / "results"
SYSTEMS = ("dutch", "legacy", "mcmahon", "tcec", "netrunner", "batch", "startup", "web")
RULES = ("2017", "2026")
#: Sizes: (benchmark sizes, the 10x sizes of issue 17) per system.
DUTCH_SIZES = (100, 300, 1000, 2000)
DUTCH_ROUNDS = (5, 9)
#: Larger fields, round 5 only (generated with 5 rounds): the growth from 2,000 players.
DUTCH_GROWTH_SIZES = (5000, 9998)
#: A second family, rounds 2 and 5 of 5: every player present, no forfeits, no byes.
DUTCH_COMPLETE_SIZES = (2000, 5000, 9998)
ROUND1_PLAYERS = 9998
#: ``fairpair result`` on a saved tournament (JSON and TRF), round 5 of the complete
#: 5-round family: the cost of a director's command, the save included.
RESULT_PLAYERS = 9998
#: Odd fields (a pairing-allocated bye in every round, issue 34): round 1 of a TRF
#: through ``fairpair pair``, and rounds 2 and 5 of a complete 5-round tournament.
DUTCH_ODD_SIZES = (2001, 5001, 9999)
#: Odd fields beyond a TRF's 9,999 players: round 1 of a JSON file through ``fairpair
#: pair``; the larger ones with ``--huge`` only (minutes).
DUTCH_ODD_JSON_SIZES = (10001,)
DUTCH_HUGE_JSON_SIZES = (100001,)
MCMAHON_SIZES = ((100, 500, 1000, 2000), (1000, 5000, 10000, 20000))
MCMAHON_ROUND = 3
NETRUNNER_SIZES = ((50, 100, 200, 500), (1000, 2000, 5000))
NETRUNNER_ROUND = 6
TCEC_SIZES = ((40, 100), (400, 1000))
TCEC_ROUND = 10
QUICK = {"dutch": (100, 300), "mcmahon": (100, 500), "tcec": (40,), "netrunner": (50, 200)}
#: The drop-in's start-up row (issue 27): players, runs (the median is reported), and
#: the CPU seconds a call may cost, interpreter included.
STARTUP_PLAYERS = 10
STARTUP_REPEAT = 21
STARTUP_BUDGET = 0.08
COLUMNS = ("case", "system", "players", "round", "wall s", "CPU s", "peak MB", "vs prev", "check")


@dataclass
class Case:
    """One measurement: a name, a system and how to get its row."""

    name: str
    system: str
    measure: Callable[[Options], dict[str, Any]]


@dataclass
class Options:
    timeout: float
    memory_gb: float
    cache: Path


# -- children ----------------------------------------------------------------------------


class ChildFailed(Exception):
    """The child did not produce a measurement (its status in the ``check`` column)."""


def run_child(command: Sequence[str], options: Options) -> tuple[str, dict[str, float]]:
    """Run ``command`` under the limits; its stdout and its own wall s, CPU s, peak MB.

    Polls ``os.wait4`` so that the resource usage is of this child alone.
    """
    limit = int(options.memory_gb * 2**30)

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(
            list(command), stdout=out, stderr=err, preexec_fn=limits, cwd=ROOT
        )
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - start > options.timeout:
                process.send_signal(signal.SIGKILL)
                os.wait4(process.pid, 0)
                process.returncode = -9
                raise ChildFailed(f"timeout > {options.timeout:.0f} s")
            time.sleep(0.02)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        if process.returncode:
            lines = err.read().decode("utf-8", "replace").strip().splitlines()
            last = lines[-1] if lines else f"exit {process.returncode}"
            if "MemoryError" in last or "bad_alloc" in last:
                last = f"out of memory (> {options.memory_gb:g} GB)"
            raise ChildFailed(f"error: {last[:60]}")
    return stdout, {
        "wall": wall,
        "cpu": usage.ru_utime + usage.ru_stime,
        "peak_mb": usage.ru_maxrss / 1024,
    }


def json_child(command: Sequence[str], options: Options) -> dict[str, Any]:
    """A child that measures itself and prints one JSON object."""
    stdout, _ = run_child(command, options)
    result: dict[str, Any] = json.loads(stdout.strip().splitlines()[-1])
    return result


# -- the cases ---------------------------------------------------------------------------


def dutch_random(
    players: int, rnd: int, rules: str, rounds: int = 9, complete: bool = False
) -> Case:
    def measure(options: Options) -> dict[str, Any]:
        dutch.SEEDS.setdefault(players, players)
        path = dutch.generate(players, options.cache, quiet=True, rounds=rounds, complete=complete)
        command = [PYTHON, str(HERE / "dutch.py"), "--measure", str(path)]
        command += ["--measure-rules", rules, "--round", str(rnd)]
        return json_child(command, options)

    family = "complete" if complete else "random"
    return Case(f"{family} n={players} r{rnd}", f"dutch-{rules}", measure)


def dutch_reference(path: Path, rules: str) -> Case:
    def measure(options: Options) -> dict[str, Any]:
        command = [PYTHON, str(HERE / "dutch.py"), "--measure", str(path)]
        command += ["--measure-rules", rules]
        if rules == "2017":
            command += ["--expected", str(path.with_suffix(".expected"))]
        result = json_child(command, options)
        if "matches_reference" in result:
            result["check"] = "ok" if result["matches_reference"] else "DIFFERENT"
        return result

    return Case(f"reference {path.stem}", f"dutch-{rules}", measure)


def round1_trf(players: int, directory: Path, suffix: str = ".trf") -> Path:
    """A TRF (or, with ``suffix`` ``.json``, a JSON document) of ``players`` rated
    players and no rounds (fixed seed), made once."""
    from fairpair.formats import save_tournament
    from fairpair.model import Colour, Tournament
    from fairpair.workflow.generator import GeneratorConfig, _seeded_players

    path = directory / f"round1_n{players}{suffix}"
    if not path.exists():
        config = GeneratorConfig(players=players, rounds=9, seed=players)
        t = Tournament(
            players=_seeded_players(config, random.Random(players)),
            total_rounds=9,
            initial_colour=Colour.WHITE,
            headers=(("012", f"Round 1 of {players} players"),),
        )
        save_tournament(t, path)
    return path


def dutch_round1(players: int, rules: str, suffix: str = ".trf") -> Case:
    def measure(options: Options) -> dict[str, Any]:
        path = round1_trf(players, options.cache, suffix)
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "pairing.txt"
            command = [PYTHON, "-m", "fairpair", "pair", "--system", f"dutch-{rules}"]
            command += [str(path), "-o", str(out)]
            _, usage = run_child(command, options)
            pairs = int(out.read_text().split()[0])
        # (the output's count includes the bye's line when there is one)
        check = "ok" if pairs == (players + 1) // 2 else f"{pairs} pairs"
        return {"players": players, "round": 1, **usage, "check": check}

    kind = "JSON" if suffix == ".json" else "TRF"
    return Case(f"fairpair pair, {kind} n={players} r1", f"dutch-{rules}", measure)


def dutch_result(players: int, suffix: str) -> Case:
    """``fairpair result FILE -r 5 1=clear`` on round 5 of a complete 5-round tournament
    saved as ``suffix`` (``.json`` or ``.trf``): a director's round trip, the whole
    command (reading, the change and the save; a TRF save computes the standings for
    its rank column, a JSON one does not)."""

    def measure(options: Options) -> dict[str, Any]:
        from fairpair.formats import load_tournament, save_tournament

        dutch.SEEDS.setdefault(players, players)
        source = dutch.generate(players, options.cache, quiet=True, rounds=5, complete=True)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / f"event{suffix}"
            save_tournament(load_tournament(source)[0], path)
            command = [PYTHON, "-m", "fairpair", "result", str(path), "-r", "5", "1=clear"]
            _, usage = run_child(command, options)
            cleared = not load_tournament(path)[0].round(5).games[0].has_result
        return {"players": players, "round": 5, **usage, "check": "ok" if cleared else "FAIL"}

    kind = "JSON" if suffix == ".json" else "TRF"
    return Case(f"fairpair result, {kind} n={players} r5", "dutch", measure)


def startup_trf(players: int, directory: Path) -> Path:
    """A lichess-style TRF (``tests/helpers.py``, ``lichess_trf``) of ``players``
    players after 3 of 7 rounds (fixed seed), made once."""
    path = directory / f"lichess_n{players}_r4of7-bbp"
    if path.exists():
        return path
    sys.path.insert(0, str(ROOT / "tests"))
    from fairpair.cli.compat import run_compat
    from helpers import LichessPlayer, lichess_trf, play_lichess_round, read_pairs

    rng = random.Random(players)
    field = [LichessPlayer(f"user{i:04d}", rng.randint(1000, 2600)) for i in range(players)]
    for rnd in range(1, 4):
        path.write_text(lichess_trf(field, rounds=7, played=rnd - 1), encoding="utf-8")
        pairing = directory / "startup-pairing.txt"
        if run_compat(["--dutch", str(path), "-p", str(pairing)]):
            raise ChildFailed("error: the start-up file could not be paired")
        play_lichess_round(field, read_pairs(pairing.read_text())[1], rng)
    path.write_text(lichess_trf(field, rounds=7, played=3), encoding="utf-8")
    return path


def bare_child(command: Sequence[str]) -> tuple[str, dict[str, float]]:
    """Run ``command`` as a platform would (no limits set in the child, so nothing runs
    between fork and exec that the child's CPU time would include); its stdout and its
    own wall s, CPU s, peak MB."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(list(command), stdout=out, stderr=err, cwd=ROOT)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if process.returncode:
            lines = err.read().decode("utf-8", "replace").strip().splitlines()
            raise ChildFailed(f"error: {lines[-1] if lines else process.returncode}"[:70])
        stdout = out.read().decode("utf-8", "replace")
    return stdout, {
        "wall": wall,
        "cpu": usage.ru_utime + usage.ru_stime,
        "peak_mb": usage.ru_maxrss / 1024,
    }


def drop_in_command() -> list[str]:
    """How a platform runs fairpair: the console script beside the interpreter (the
    same entry point, ``fairpair.cli:main``, through ``-c`` where there is none)."""
    script = Path(PYTHON).parent / "fairpair"
    if script.exists():
        return [str(script)]
    return [PYTHON, "-c", "import sys; from fairpair.cli import main; sys.exit(main())"]


def startup_case(players: int = STARTUP_PLAYERS) -> Case:
    def measure(options: Options) -> dict[str, Any]:
        import importlib.util

        path = startup_trf(players, options.cache)
        spec = importlib.util.find_spec("fairpair")
        assert spec is not None and spec.submodule_search_locations
        package = spec.submodule_search_locations[0]
        # as an install leaves it: every module's bytecode compiled
        run_child([PYTHON, "-m", "compileall", "-q", package], options)
        cpu, wall, peak = [], [], 0.0
        for _ in range(STARTUP_REPEAT):
            stdout, usage = bare_child([*drop_in_command(), "--dutch", str(path), "-p"])
            if int(stdout.split()[0]) != players // 2:
                raise ChildFailed(f"error: {stdout.split()[0]} pairs for {players} players")
            cpu.append(usage["cpu"])
            wall.append(usage["wall"])
            peak = max(peak, usage["peak_mb"])
        median = sorted(cpu)[len(cpu) // 2]
        check = "ok" if median <= STARTUP_BUDGET else f"over {STARTUP_BUDGET:g} s"
        return {
            "players": players,
            "round": 4,
            "wall": sorted(wall)[len(wall) // 2],
            "cpu": median,
            "peak_mb": peak,
            "check": check,
        }

    return Case(f"fairpair --dutch FILE -p, median of {STARTUP_REPEAT}", "drop-in", measure)


def bbp_startup_case(executable: str, players: int = STARTUP_PLAYERS) -> Case:
    """The same call to a bbpPairings binary (``BBPPAIRINGS=/path/to/bbpPairings.exe``),
    side by side with :func:`startup_case`."""

    def measure(options: Options) -> dict[str, Any]:
        path = startup_trf(players, options.cache)
        cpu, wall, peak = [], [], 0.0
        for _ in range(STARTUP_REPEAT):
            _, usage = bare_child([executable, "--dutch", str(path), "-p"])
            cpu.append(usage["cpu"])
            wall.append(usage["wall"])
            peak = max(peak, usage["peak_mb"])
        return {
            "players": players,
            "round": 4,
            "wall": sorted(wall)[len(wall) // 2],
            "cpu": sorted(cpu)[len(cpu) // 2],
            "peak_mb": peak,
        }

    return Case(f"bbpPairings --dutch FILE -p, median of {STARTUP_REPEAT}", "bbp", measure)


def legacy_case(players: int, rounds: int) -> Case:
    """The slowest round of a random ``dutch-legacy`` tournament (benchmarks/legacy.py);
    ``check`` ok within its budget of 0.2 CPU s per round (issue 31)."""

    def measure(options: Options) -> dict[str, Any]:
        command = [PYTHON, str(HERE / "legacy.py"), "--players", str(players)]
        command += ["--rounds", str(rounds)]
        result = json_child(command, options)
        return {
            "players": result["players"],
            "round": result["round"],
            "wall": result["wall"],
            "cpu": result["cpu"],
            "peak_mb": result["peak_mb"],
            "check": "ok" if result["ok"] else "FAIL",
        }

    return Case(f"random n={players} r1-{rounds} (slowest round)", "dutch-legacy", measure)


def mcmahon_case(players: int, rnd: int) -> Case:
    def measure(options: Options) -> dict[str, Any]:
        command = [PYTHON, str(HERE / "mcmahon.py"), "--one", str(players)]
        command += ["--round", str(rnd), "--rounds", "6"]
        result = json_child(command, options)
        return {
            "players": result["players"],
            "round": rnd,
            "wall": result["wall"],
            "cpu": result["cpu"],
            "peak_mb": result["peak"],
            "check": "ok" if result["ok"] else "FAIL",
        }

    return Case(f"mcmahon n={players} r{rnd}of6", "mcmahon", measure)


def netrunner_case(players: int) -> Case:
    def measure(options: Options) -> dict[str, Any]:
        command = [PYTHON, str(HERE / "netrunner.py"), "--one", str(players)]
        command += ["--round", str(NETRUNNER_ROUND)]
        result = json_child(command, options)
        return {
            "players": result["players"],
            "round": result["round"],
            "wall": result["wall_s"],
            "cpu": result["cpu_s"],
            "peak_mb": result["peak_mb"],
            "check": f"{result.get('weight_bits', '?')} bits",
        }

    return Case(f"netrunner n={players} r{NETRUNNER_ROUND}", "netrunner", measure)


def tcec_case(players: int) -> Case:
    def measure(options: Options) -> dict[str, Any]:
        command = [PYTHON, str(HERE / "tcec.py"), "--one", str(players)]
        command += ["--round", str(TCEC_ROUND)]
        return json_child(command, options)

    return Case(f"tcec n={players} r{TCEC_ROUND}", "tcec", measure)


#: The web app's large event: players (an odd field, paired by the 2017 rules: the 2026
#: rules' bye criteria are slow on odd fields for a reason of their own, issue 34).
WEB_PLAYERS = 9999
WEB_RULES = "2017"
#: What the web rows check: pairing through the API within this many seconds of the
#: command line; a public page at most this many bytes and seconds (its first read after
#: a change and a repeated read).
WEB_PAIR_MARGIN = 2.0
WEB_PAGE_BYTES = 300_000
WEB_PAGE_SECONDS = 0.5
_web_runs: dict[tuple[int, str], dict[str, Any]] = {}


def web_measurement(players: int, rules: str, options: Options) -> dict[str, Any]:
    """One run of ``benchmarks/web.py`` (shared by the web rows)."""
    key = (players, rules)
    if key not in _web_runs:
        path = round1_trf(players, options.cache)
        command = [PYTHON, str(HERE / "web.py"), "--trf", str(path)]
        command += ["--players", str(players), "--rules", rules]
        _web_runs[key] = json_child(command, options)
    return _web_runs[key]


def web_pair_case(players: int, rules: str, through: str) -> Case:
    """Pairing round 1 of ``players`` through the API, or (``through="cli"``) the same
    TRF through ``fairpair pair``; the API row checks the margin."""

    def measure(options: Options) -> dict[str, Any]:
        found = web_measurement(players, rules, options)
        web, cli = found["web_pair"], found["cli_pair"]
        if through == "cli":
            return {"players": players, "round": 1, "wall": cli, "check": "ok"}
        check = "ok" if web - cli <= WEB_PAIR_MARGIN else "FAIL"
        return {"players": players, "round": 1, "wall": web, "check": check}

    name = "web: pair via API" if through == "api" else "web: same TRF, fairpair pair"
    return Case(f"{name}, n={players} r1", f"dutch-{rules}", measure)


#: The public pages the web rows time (as benchmarks/web.py names them).
WEB_PAGES = (
    "/t/ID",
    "/t/ID?page=13",
    "/t/ID?find=Player",
    "/t/ID/standings?page=20",
    "/t/ID/crosstable?page=7",
    "/t/ID/rounds/1/print?page=3",
    "/t/ID/standings/print",
    "/t/ID/me",
    "/t/ID/live?view=public&v=2",
    "/t/ID after a result",
    "/t/ID/standings after a result",
    "/t/ID/crosstable?page=7 after a result",
    "/t/ID/standings/print after a result",
    "/t/ID first read",
    "/t/ID first read after a restart",
    "/t/ID/standings first read after a restart",
    "/t/ID/crosstable?page=7 first read after a restart",
)


def web_page_case(players: int, rules: str, path: str) -> Case:
    """A public page after round 1 is paired: ``wall`` a repeated read; ``check`` its
    size and the first read after the change, ``ok`` when the page is at most
    :data:`WEB_PAGE_BYTES` and both reads at most :data:`WEB_PAGE_SECONDS`."""

    def measure(options: Options) -> dict[str, Any]:
        found = web_measurement(players, rules, options)
        page = next(p for p in found["pages"] if p["path"] == path)
        ok = (
            page["bytes"] <= WEB_PAGE_BYTES
            and page["again"] <= WEB_PAGE_SECONDS
            and page["first"] <= WEB_PAGE_SECONDS
        )
        check = (
            f"{'ok' if ok else 'FAIL'} {page['bytes'] / 1000:.0f} KB, first {page['first']:.2f} s"
        )
        return {"players": players, "round": 1, "wall": page["again"], "check": check}

    return Case(f"web page {path}", f"dutch-{rules}", measure)


def batch_rows(count: int, jobs: tuple[int, ...]) -> list[dict[str, Any]]:
    """The rows of ``benchmarks/batch.py`` (it runs its own ``fairpair batch`` children)."""
    import batch

    rows: list[dict[str, Any]] = batch.rows(count, jobs)
    return rows


def cases(
    systems: Iterable[str], quick: bool, sizes: Sequence[int] | None, huge: bool = False
) -> list[Case]:
    """The measurements of ``systems``, in table order (``huge``: with the 100,001-player
    odd field)."""
    found: list[Case] = []
    chosen = set(systems)

    def pick(system: str, default: Iterable[int]) -> list[int]:
        if sizes:
            return list(sizes)
        if quick:
            return list(QUICK[system])
        return sorted(set(default))

    if "dutch" in chosen:
        for players in pick("dutch", DUTCH_SIZES):
            for rnd in DUTCH_ROUNDS:
                found += [dutch_random(players, rnd, rules) for rules in RULES]
        if not quick and not sizes:
            for players in DUTCH_GROWTH_SIZES:
                found += [dutch_random(players, 5, rules, rounds=5) for rules in RULES]
            for players in DUTCH_COMPLETE_SIZES:
                found += [dutch_random(players, 2, r, rounds=5, complete=True) for r in RULES]
                found += [dutch_random(players, 5, r, rounds=5, complete=True) for r in RULES]
            for path in sorted(dutch.LARGE.glob("*.trf")):
                found += [dutch_reference(path, rules) for rules in RULES]
        round1 = max(sizes) if sizes else 500 if quick else ROUND1_PLAYERS
        found += [dutch_round1(round1, rules) for rules in RULES]
        odd = [] if sizes else [501] if quick else list(DUTCH_ODD_SIZES)
        for players in odd:
            found += [dutch_round1(players, rules) for rules in RULES]
            found += [dutch_random(players, 2, r, rounds=5, complete=True) for r in RULES]
            found += [dutch_random(players, 5, r, rounds=5, complete=True) for r in RULES]
        if not quick and not sizes:
            for players in DUTCH_ODD_JSON_SIZES + (DUTCH_HUGE_JSON_SIZES if huge else ()):
                found += [dutch_round1(players, rules, ".json") for rules in RULES]
        saved = max(sizes) if sizes else 300 if quick else RESULT_PLAYERS
        found += [dutch_result(saved, suffix) for suffix in (".json", ".trf")]
    if "legacy" in chosen:
        found.append(legacy_case(100, 9))
    if "mcmahon" in chosen:
        for players in pick("mcmahon", MCMAHON_SIZES[0] + MCMAHON_SIZES[1]):
            found.append(mcmahon_case(players, MCMAHON_ROUND))
        if not quick and not sizes:
            found.append(mcmahon_case(MCMAHON_SIZES[0][-1], 6))
            found.append(mcmahon_case(MCMAHON_SIZES[1][2], 6))
    if "tcec" in chosen:
        found += [tcec_case(n) for n in pick("tcec", TCEC_SIZES[0] + TCEC_SIZES[1])]
    if "netrunner" in chosen:
        sizes_ = pick("netrunner", NETRUNNER_SIZES[0] + NETRUNNER_SIZES[1])
        found += [netrunner_case(n) for n in sizes_]
    if "web" in chosen:
        players = max(sizes) if sizes else 500 if quick else WEB_PLAYERS
        found.append(web_pair_case(players, WEB_RULES, "api"))
        found.append(web_pair_case(players, WEB_RULES, "cli"))
        found += [web_page_case(players, WEB_RULES, path) for path in WEB_PAGES]
    if "startup" in chosen:
        found.append(startup_case())
        if os.environ.get("BBPPAIRINGS"):
            found.append(bbp_startup_case(os.environ["BBPPAIRINGS"]))
    return found


# -- the table and the results file ------------------------------------------------------


def key(row: dict[str, Any]) -> str:
    return f"{row['system']}|{row['case']}"


def load_results(path: Path) -> dict[str, dict[str, Any]]:
    """The rows of a results file by case key (empty if there is none or it is bad)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {key(row): row for row in data["rows"]}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def save_results(directory: Path, rows: list[dict[str, Any]], argv: Sequence[str]) -> Path:
    """Write ``last.json`` atomically, the old one becoming ``previous.json``."""
    directory.mkdir(parents=True, exist_ok=True)
    document = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S"),
        "command": " ".join(argv),
        "cpus": os.cpu_count(),
        "rows": rows,
    }
    last = directory / "last.json"
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=".last-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(document, f, indent=1)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        if last.exists():
            os.replace(last, directory / "previous.json")
        os.replace(temporary, last)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return last


def cells(row: dict[str, Any]) -> list[str]:
    def number(value: Any, digits: int) -> str:
        return "-" if value is None else f"{value:.{digits}f}"

    ratio = row.get("vs_prev")
    return [
        str(row["case"]),
        str(row["system"]),
        "-" if row.get("players") is None else str(row["players"]),
        "-" if row.get("round") is None else str(row["round"]),
        number(row.get("wall"), 2),
        number(row.get("cpu"), 2),
        number(row.get("peak_mb"), 0),
        "-" if ratio is None else f"{ratio:.2f}",
        str(row.get("check") or ""),
    ]


WIDTHS = (36, 10, 7, 5, 8, 8, 8, 7, 0)
LEFT = {0, 1, 8}


def line(values: Sequence[str]) -> str:
    parts = [
        v.ljust(w) if i in LEFT else v.rjust(w)
        for i, (v, w) in enumerate(zip(values, WIDTHS, strict=True))
    ]
    return " ".join(parts).rstrip()


def markdown(rows: list[dict[str, Any]]) -> str:
    head = "| " + " | ".join(COLUMNS) + " |"
    rule = "| " + " | ".join("---" if i in LEFT else "---:" for i in range(len(COLUMNS))) + " |"
    body = ["| " + " | ".join(cells(row)) + " |" for row in rows]
    return "\n".join([head, rule, *body])


def with_ratio(row: dict[str, Any], previous: dict[str, dict[str, Any]]) -> dict[str, Any]:
    before = previous.get(key(row), {}).get("cpu")
    if row.get("cpu") is not None and before:
        row["vs_prev"] = row["cpu"] / before
    return row


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="small sizes only (smoke run)")
    parser.add_argument("--only", nargs="+", choices=SYSTEMS, help="these systems only")
    parser.add_argument("--sizes", nargs="+", type=int, help="player counts for every system")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per case")
    parser.add_argument("--memory", type=float, default=8, help="GB of address space per case")
    parser.add_argument("--results", type=Path, default=RESULTS, help="results directory")
    parser.add_argument("--markdown", action="store_true", help="also print Markdown")
    parser.add_argument(
        "--huge",
        action="store_true",
        help="also the 100,001-player odd field (JSON, round 1; minutes)",
    )
    args = parser.parse_args(argv)
    systems = args.only or list(SYSTEMS)
    cache = args.results / "cache"
    cache.mkdir(parents=True, exist_ok=True)
    options = Options(timeout=args.timeout, memory_gb=args.memory, cache=cache)
    previous = load_results(args.results / "last.json")
    print(line(COLUMNS), flush=True)
    print("-" * (sum(WIDTHS) + len(WIDTHS) + 6))
    rows: list[dict[str, Any]] = []
    failures = 0
    for case in cases(systems, args.quick, args.sizes, args.huge):
        row: dict[str, Any] = {"case": case.name, "system": case.system}
        try:
            measured = case.measure(options)
        except ChildFailed as exc:
            # Over the time or memory limit is a measurement (the table says so); a
            # crash is a failure.
            row["check"] = str(exc)
            failures += not str(exc).startswith(("timeout", "error: out of memory"))
        else:
            for name in ("players", "round", "wall", "cpu", "peak_mb", "check"):
                if name in measured:
                    row[name] = measured[name]
            check = str(row.get("check", ""))
            failures += check in ("DIFFERENT", "FAIL") or check.startswith("FAIL ")
        rows.append(with_ratio(row, previous))
        print(line(cells(row)), flush=True)
    if "batch" in systems:
        count, jobs = (100, (1,)) if args.quick or args.sizes else (1000, (1, 2))
        for measured in batch_rows(count, jobs):
            row = {k: measured[k] for k in ("case", "system", "players", "round") if k in measured}
            row.update({k: measured[k] for k in ("wall", "cpu", "peak_mb") if k in measured})
            rows.append(with_ratio(row, previous))
            print(line(cells(row)), flush=True)
    path = save_results(args.results, rows, [Path(sys.argv[0]).name, *sys.argv[1:]])
    print(f"\nresults: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}", end="")
    print("" if previous else " (no previous run to compare with)")
    if args.markdown:
        print()
        print(markdown(rows))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
