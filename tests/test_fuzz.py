"""Fuzz suite (issue 15): every reader and the command line, on damaged and hostile input.

The inputs are valid files (TRF, JSON, CSV, engine output) with random damage: bytes
inserted, deleted or replaced, lines duplicated, swapped or cut, and hostile tokens
planted (huge exponents and integers, NaN, deep nesting, non-ASCII digits, a billion
rounds, duplicate keys, ...). The properties:

* a reader returns a tournament or raises :class:`InputError` naming the file; what it
  returns is written back (or the writer refuses with an InputError) and reads back the
  same (round trips are lossless or refuse);
* the command line (``fairpair.cli.run``, in-process) exits 0 or 2 (1 where the command
  may find no pairing or differences), never 3, never a traceback, and never changes
  its input file;
* a sample runs in a subprocess with RLIMIT_AS = 2 GB and a 10 s timeout, to check time
  and memory, not only the exit code.

CI runs a fixed, small number of examples (the whole file takes well under a minute);
``FAIRPAIR_FUZZ=<examples>`` runs the large version (the tests marked ``slow``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair.cli import run
from fairpair.errors import InputError
from fairpair.formats import csv as csv_format
from fairpair.formats import jsondoc, trf
from fairpair.model import (
    ByeKind,
    Game,
    Player,
    PointSystem,
    ResultCode,
    Round,
    Tournament,
)

DATA = Path(__file__).parent / "data"
#: Examples per property in CI (fixed: the suite's time stays bounded).
CI_EXAMPLES = 40
#: Examples per property in the large run (FAIRPAIR_FUZZ=<n>).
LARGE_EXAMPLES = int(os.environ.get("FAIRPAIR_FUZZ", "0") or 0)
large = pytest.mark.skipif(
    not LARGE_EXAMPLES, reason="large fuzz run: set FAIRPAIR_FUZZ=<examples per property>"
)
#: A damaged file that hangs a reader or a command fails its test by this timeout
#: (seconds for the whole test, generous: a case takes well under a second).
hang_guard = pytest.mark.timeout(300)


# -- seeds ----------------------------------------------------------------------------


def _rich_tournament() -> Tournament:
    """A small tournament using what the FPJ record carries: system, settings, exact
    points, long names, attributes, withdrawals, board order, an empty last round."""
    players = (
        Player(1, "Alpha, Ann", rating=2200, club="Torino", attributes={"city": "Torino"}),
        Player(2, "Beta, Bob with a name longer than thirty-three characters", rating=2100),
        Player(3, "Gamma, Cy", rating=-5, withdrawn_from=3),
        Player(4, "Delta, Di", rating=1900, title="FM", federation="ITA", entered_at=2),
        Player(5, "Epsilon, Ed", rating=1800, sex="m", fide_id="12345"),
    )
    win, loss = ResultCode.WIN, ResultCode.LOSS
    rounds = (
        Round(
            1,
            games=(Game(2, 1, loss, win), Game(3, 5, ResultCode.DRAW, ResultCode.DRAW)),
            byes={4: ByeKind.ABSENT},
        ),
        Round(2, games=(Game(1, 4, win, loss), Game(5, 2)), byes={3: ByeKind.PAIRING_ALLOCATED}),
        Round(3),
    )
    return Tournament(
        players=players,
        rounds=rounds,
        total_rounds=5,
        points=PointSystem(white_draw=Fraction(1, 3), black_draw=Fraction(1, 3)),
        headers=(("012", "Fuzz Open"), ("022", "Torino")),
        system="dutch",
        settings={"options": {"seed": 7}, "xxc": ["rank"]},
        acceleration={1: (Fraction(1), Fraction(1, 2))},
        forbidden_pairs=frozenset({frozenset({1, 5})}),
    )


def _seeds() -> dict[str, list[bytes]]:
    rich = _rich_tournament()
    trf_seeds = [path.read_bytes() for path in sorted((DATA / "trf").glob("*.trf"))]
    vector = DATA / "vectors" / "dutch-2017" / "public" / "t101004_n9_r2of3.trf"
    trf_seeds.append(vector.read_bytes())
    trf_seeds.append(trf.dumps(rich).encode())
    json_seeds = [jsondoc.dumps(rich).encode()]
    for text in trf_seeds[:2]:
        json_seeds.append(jsondoc.dumps(trf.loads(text)[0]).encode())
    csv_seeds = [
        b"name,rating,title,federation,birth,sex\nCarlsen,2830,GM,NOR,1990/11/30,m\n"
        b"Anand,2750,gm,IND,1969,m\nHou,2600,GM,CHN,1994-02-27,w\n",
        b"name;elo;club\nAnn;2100;Torino\nBob;;\n",
    ]
    engine_seeds = [b"3\n1 2\n3 4\n5 0\n", b"2\r\n7 1\r\n2 9\r\n"]
    return {"trf": trf_seeds, "json": json_seeds, "csv": csv_seeds, "engine": engine_seeds}


SEEDS = _seeds()

#: Tokens the hostile inputs of issue 15 were made of.
HOSTILE: list[str] = [
    "1e999999999",
    "-1E-999999999",
    "NaN",
    "Infinity",
    "-Infinity",
    "7" * 5000,
    '"' + "1" * 5000 + '/3"',
    "[" * 3000,
    "{" * 200,
    "]",
    "}",
    '"a":1,"a":2,',
    "\u0663",
    "\u0661\u0662",
    "\u00b9",
    "\uff11",
    "\x00",
    "\r",
    "\n",
    "\ufeff",
    "\udcff",
    "-1",
    "0",
    "10000",
    "1000000000",
    "\nXXR 1000000000\n",
    "\nXXR \u0663\n",
    "\nXXC purple1\n",
    "\nXXP 1 1\n",
    "\n260 001 999    1    1\n",
    '\nFPJ {"rounds":1000000000}\n',
    '\nFPJ {"settings":{"x":1e999999999}}\n',
    '\nFPJ {"players":{"1":{"withdrawn_from":-3}}}\n',
    '\nFPJ {"boards":{"1":[[1,2],[1,2]]}}\n',
    '\nFPJ {"unknown":1}\n',
    "\n250       1.0 001 999 0001 9999\n",
    "\nXXA    1" + "  1.0" * 1200 + "\n",
    '"total_rounds": 1000000000,',
    '"withdrawn_from": -1,',
    '"rounds": [],',
    '"players": [],',
    ' "x" ' * 3,
    "  0000 - Z" * 1100,
]


@st.composite
def damaged(draw: st.DrawFn, kind: str) -> bytes:
    """A seed of ``kind`` with one to four kinds of damage."""
    data = draw(st.sampled_from(SEEDS[kind]))
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        data = draw(_damage(data))
    return data


@st.composite
def _damage(draw: st.DrawFn, data: bytes) -> bytes:
    op = draw(
        st.sampled_from(
            ["plant", "plant", "insert", "delete", "replace", "duplicate", "swap", "truncate"]
        )
    )
    pos = draw(st.integers(min_value=0, max_value=len(data)))
    if op == "plant":
        token = draw(st.sampled_from(HOSTILE)).encode("utf-8", "surrogatepass")
        if draw(st.booleans()):
            return data[:pos] + token + data[pos:]
        end = min(len(data), pos + draw(st.integers(min_value=0, max_value=8)))
        return data[:pos] + token + data[end:]
    if op == "insert":
        return data[:pos] + draw(st.binary(min_size=1, max_size=8)) + data[pos:]
    if op == "delete":
        return data[:pos] + data[pos + draw(st.integers(min_value=1, max_value=8)) :]
    if op == "replace":
        chars = draw(st.text(st.sampled_from('0123456789 .-+=wbWBUHFZ/"{}[]:,'), min_size=1))
        return data[:pos] + chars.encode() + data[pos + len(chars) :]
    lines = data.split(b"\n")
    index = draw(st.integers(min_value=0, max_value=len(lines) - 1))
    if op == "duplicate":
        lines.insert(index, lines[index])
    elif op == "swap":
        other = draw(st.integers(min_value=0, max_value=len(lines) - 1))
        lines[index], lines[other] = lines[other], lines[index]
    else:  # truncate a line
        lines[index] = lines[index][: draw(st.integers(min_value=0, max_value=len(lines[index])))]
    return b"\n".join(lines)


# -- the reader properties ------------------------------------------------------------


def _refused_or_read(read: Callable[[], Any], file: str) -> Any:
    """``read()``, or None if it raised an InputError naming ``file``."""
    try:
        return read()
    except InputError as exc:
        assert exc.file == file, str(exc)
        assert "\n" not in str(exc)
        return None


def _round_trips(t: Tournament, kind: str) -> None:
    """``t`` written and read back is ``t`` again, or the writer refuses. (TRF always
    has a points and a rank column, which the writer fills with the computed score
    when the reported one disagrees with the results: docs/trf.md; ``reported_points``
    and ``reported_rank`` are informative only and not compared after TRF.)"""
    try:
        text = trf.dumps(t) if kind == "trf" else jsondoc.dumps(t)
    except InputError:
        return
    again = trf.loads(text)[0] if kind == "trf" else jsondoc.loads(text)[0]
    if kind == "trf":
        again = again.replace(
            players=tuple(
                dataclasses.replace(p, reported_points=None, reported_rank=None)
                for p in again.players
            )
        )
        t = t.replace(
            players=tuple(
                dataclasses.replace(p, reported_points=None, reported_rank=None) for p in t.players
            )
        )
    assert again.replace(format_hints={}) == t.replace(format_hints={})


def check_trf(data: bytes) -> None:
    read = _refused_or_read(lambda: trf.loads(data, file="fuzz.trf"), "fuzz.trf")
    if read is not None:
        _round_trips(read[0], "trf")
        _round_trips(read[0], "json")


def check_json(data: bytes) -> None:
    read = _refused_or_read(lambda: jsondoc.loads(data, file="fuzz.json"), "fuzz.json")
    if read is not None:
        _round_trips(read[0], "json")
        _round_trips(read[0], "trf")


def check_csv(data: bytes) -> None:
    text = data.decode("utf-8", "replace")
    table = _refused_or_read(lambda: csv_format.read_table(text, "fuzz.csv"), "fuzz.csv")
    if table is not None:
        _refused_or_read(lambda: csv_format.chess_players(table), "fuzz.csv")
    _refused_or_read(lambda: csv_format.read_player_list(text, "fuzz.csv"), "fuzz.csv")


def check_engine(data: bytes) -> None:
    _refused_or_read(lambda: trf.parse_engine_output(data, file="fuzz.txt"), "fuzz.txt")


READERS: dict[str, Callable[[bytes], None]] = {
    "trf": check_trf,
    "json": check_json,
    "csv": check_csv,
    "engine": check_engine,
}
FUZZ = settings(
    max_examples=CI_EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FUZZ_LARGE = settings(FUZZ, max_examples=max(LARGE_EXAMPLES, 1), derandomize=False)


@hang_guard
@pytest.mark.parametrize("kind", sorted(READERS))
def test_readers_refuse_cleanly(kind: str) -> None:
    @FUZZ
    @given(damaged(kind))
    def check(data: bytes) -> None:
        READERS[kind](data)

    check()


@pytest.mark.slow
@large
@pytest.mark.parametrize("kind", sorted(READERS))
def test_readers_refuse_cleanly_large(kind: str) -> None:
    @FUZZ_LARGE
    @given(damaged(kind))
    def check(data: bytes) -> None:
        READERS[kind](data)

    check()


@hang_guard
def test_every_hostile_token_planted_alone() -> None:
    """Each hostile token, planted in the middle of each seed: a deterministic sweep."""
    for kind, check in READERS.items():
        for seed in SEEDS[kind]:
            middle = len(seed) // 2
            for token in HOSTILE:
                encoded = token.encode("utf-8", "surrogatepass")
                check(seed[:middle] + encoded + seed[middle:])


# -- the command line -----------------------------------------------------------------

#: Commands run on a fuzzed file ``{f}`` (``{d}``: its directory) and the exit codes
#: each may give: 1 means "no legal pairing", "differences found" or a refusal by the
#: tournament's state (results pending, every round paired), never a crash.
COMMANDS: list[tuple[list[str], frozenset[int]]] = [
    (["convert", "{f}", "-o", "{d}/out.json"], frozenset({0, 2})),
    (["convert", "{f}", "-o", "{d}/out.trf"], frozenset({0, 2})),
    (["convert", "{f}", "-o", "{d}/out26.trf", "--trf2026"], frozenset({0, 2})),
    (["standings", "{f}"], frozenset({0, 2})),
    (["pair", "{f}", "-o", "{d}/pairing.txt"], frozenset({0, 1, 2})),
    (["check", "{f}"], frozenset({0, 1, 2})),
    (["boards", "{f}"], frozenset({0, 2})),
    (["crosstable", "{f}"], frozenset({0, 2})),
]


#: Commands reading a fuzzed CSV player list.
CSV_COMMANDS: list[tuple[list[str], frozenset[int]]] = [
    (["new", "{f}", "-o", "{d}/out.json", "-s", "dutch", "-R", "5"], frozenset({0, 2})),
    (["new", "{f}", "-o", "{d}/out.trf", "-s", "netrunner", "-R", "4"], frozenset({0, 2})),
    (["new", "{f}", "-o", "{d}/out.json", "-s", "tcec", "-R", "5"], frozenset({0, 2})),
]


@hang_guard
@pytest.mark.parametrize(
    "command", [["seed", "{f}"], ["mcmahon", "import", "{f}", "-o", "{d}/o.json", "--rounds", "5"]]
)
def test_csv_commands_refuse_a_file_that_is_not_utf8(command: list[str], tmp_path: Path) -> None:
    path = tmp_path / "players.csv"
    path.write_bytes(b"name,rating\nM\xfcller,2100\n")
    code, err = run_cli([a.format(f=path, d=tmp_path) for a in command])
    assert code == 2 and err.startswith(f"fairpair: error: {path}:2:2: byte 0xFC"), err


def run_cli(args: list[str]) -> tuple[int, str]:
    """``fairpair.cli.run(args)`` with stdout and stderr captured."""
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = run(args)
    return code, err.getvalue()


def _check_cli(tmp: Path, data: bytes, suffix: str, command: int) -> None:
    commands = CSV_COMMANDS if suffix == ".csv" else COMMANDS
    args, allowed = commands[command % len(commands)]
    path = tmp / f"fuzz{suffix}"
    path.write_bytes(data)
    for name in ("out.json", "out.trf", "out26.trf", "pairing.txt"):
        with contextlib.suppress(FileNotFoundError):
            (tmp / name).unlink()
    code, err = run_cli([a.format(f=path, d=tmp) for a in args])
    assert code in allowed, (code, err)
    assert "Traceback" not in err and "internal error" not in err, err
    if code == 2:
        lines = err.splitlines()
        assert all(line.startswith(("fairpair: error: ", "fairpair: warning: ")) for line in lines)
        assert [line.startswith("fairpair: error: ") for line in lines].count(True) == 1, err
        assert "<input>" not in err, err
    assert path.read_bytes() == data, "the input file changed"


@hang_guard
@pytest.mark.parametrize("suffix", [".trf", ".json", ".csv"])
def test_cli_exits_0_or_2_and_keeps_its_input(
    suffix: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    tmp = tmp_path_factory.mktemp("cli")
    kind = suffix.lstrip(".")

    @settings(FUZZ, max_examples=CI_EXAMPLES // 2)
    @given(damaged(kind), st.integers(min_value=0, max_value=len(COMMANDS) - 1))
    def check(data: bytes, command: int) -> None:
        _check_cli(tmp, data, suffix, command)

    check()


@pytest.mark.slow
@large
@pytest.mark.parametrize("suffix", [".trf", ".json", ".csv"])
def test_cli_exits_0_or_2_and_keeps_its_input_large(
    suffix: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    tmp = tmp_path_factory.mktemp("cli")
    kind = suffix.lstrip(".")

    @FUZZ_LARGE
    @given(damaged(kind), st.integers(min_value=0, max_value=len(COMMANDS) - 1))
    def check(data: bytes, command: int) -> None:
        _check_cli(tmp, data, suffix, command)

    check()


# -- a sample in a subprocess: time and memory ---------------------------------------

#: Runs fairpair commands (one JSON list of arguments per input line) with an address-
#: space cap of 2 GB (the issue's memory bound); prints each exit code and stderr.
CAPPED = """
import contextlib, io, json, resource, sys
limit = 2 * 1024 ** 3
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from fairpair.cli import run
for line in sys.stdin:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = run(json.loads(line))
    print(json.dumps([code, err.getvalue()]), flush=True)
"""


def run_capped(commands: list[list[str]], timeout: float) -> list[tuple[int, str]]:
    """``fairpair ARGS`` for each of ``commands`` in one subprocess with RLIMIT_AS = 2 GB
    and a timeout for the whole."""
    proc = subprocess.run(
        [sys.executable, "-c", CAPPED],
        input="".join(json.dumps(c) + "\n" for c in commands),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return [tuple(json.loads(line)) for line in proc.stdout.splitlines()]


def test_capped_sample_of_damaged_files(tmp_path: Path) -> None:
    """Damaged files with hostile tokens, run under the memory cap, 10 s each at most."""
    commands, inputs = [], []
    for kind, suffix in (("trf", ".trf"), ("json", ".json")):
        for index in range(len(HOSTILE)):
            seed = SEEDS[kind][index % len(SEEDS[kind])]
            token = HOSTILE[index].encode("utf-8", "surrogatepass")
            data = seed[: len(seed) // 3] + token + seed[len(seed) // 3 :]
            path = tmp_path / f"sample{index}{suffix}"
            path.write_bytes(data)
            inputs.append((path, data))
            args, _allowed = COMMANDS[index % len(COMMANDS)]
            commands.append([a.format(f=path, d=tmp_path) for a in args])
    outcomes = run_capped(commands, timeout=10.0 * len(commands))
    assert len(outcomes) == len(commands)
    for args, (code, err) in zip(commands, outcomes, strict=True):
        assert code in (0, 1, 2), (args, err)
        assert "Traceback" not in err and "internal error" not in err, (args, err)
    for path, data in inputs:
        assert path.read_bytes() == data


def test_json_roundtrip_of_seeds_is_lossless() -> None:
    """The seeds themselves read and round-trip (the fuzz starts from valid files)."""
    for data in SEEDS["trf"]:
        t, _ = trf.loads(data)
        _round_trips(t, "trf")
        _round_trips(t, "json")
    for data in SEEDS["json"]:
        t, _ = jsondoc.loads(data)
        _round_trips(t, "json")
        assert json.loads(data)["format"] == "fairpair-tournament"
