"""Issue 15: hostile and broken input - bounded time, bounded memory, nothing lost.

One regression test (at least) per finding of the issue, the corpus of crafted files
under ``tests/data/bad/`` (each refused with exit code 2, naming the file, line and
column, in a subprocess capped at 2 GB of address space), and the limits of
``fairpair.limits`` (documented in ``docs/limits.md``, overridable by environment
variables).

Bounded time is checked as "does not hang": a test whose read or command hangs fails by
the module's timeout (the subprocesses by theirs); no test times itself (the speed
targets are the benchmarks', ``benchmarks/large_input.py``).
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from fairpair import limits
from fairpair.cli import run
from fairpair.cli.params import AsciiInt
from fairpair.errors import InputError
from fairpair.formats import atomic, csv, jsondoc, load_tournament, save_tournament, trf
from fairpair.model import Player, Tournament

#: A read or command that hangs fails its test (seconds; each test takes a few at most).
pytestmark = pytest.mark.timeout(300)

ROOT = Path(__file__).parent.parent
BAD = Path(__file__).parent / "data" / "bad"
DOCS = ROOT / "docs" / "limits.md"

#: Two players and a header; the records under test follow on line 4.
HEADER = (
    "012 Hostile input\n"
    "001    1      Ann                               2000                             0.0    1\n"
    "001    2      Bob                               1900                             0.0    2\n"
)
JSON_HEAD = '{"format": "fairpair-tournament", "version": 1, '


def run_cli(args: list[str]) -> tuple[int, str]:
    """``fairpair ARGS`` in-process: exit code and stderr."""
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = run(args)
    return code, err.getvalue()


@contextlib.contextmanager
def environment(**values: str) -> Iterator[None]:
    """Environment variables set for the block."""
    saved = {key: os.environ.get(key) for key in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def refused(read: object, *args: object, **kwargs: object) -> InputError:
    """The InputError ``read(*args, **kwargs)`` raises (a read that hangs instead fails
    its test by the module's timeout)."""
    assert callable(read)
    with pytest.raises(InputError) as info:
        read(*args, **kwargs)
    return info.value


# -- the corpus -----------------------------------------------------------------------

#: Every file of tests/data/bad: (finding, command, "line:column" of the error, text).
#: The command is ``convert FILE -o OUT.json`` unless it says ``trf`` (convert to TRF)
#: or ``engine`` (read as a JaVaFo / bbpPairings pairing file).
CORPUS: dict[str, tuple[int, str, str, str]] = {
    "json-huge-exponent.json": (1, "json", "3:26", "exponent"),
    "json-huge-exponent-settings.json": (1, "json", "3:20", "exponent"),
    "fpj-huge-exponent.trf": (1, "json", "4:22", "exponent"),
    "fpj-huge-exponent-points.trf": (1, "json", "4:28", 'a fraction such as "1/3"'),
    "fpj-rounds-billion.trf": (2, "json", "4:15", "FAIRPAIR_MAX_ROUNDS"),
    "json-total-rounds-billion.json": (2, "json", "3:18", "FAIRPAIR_MAX_ROUNDS"),
    "xxr-billion.trf": (2, "json", "4:5", "FAIRPAIR_MAX_ROUNDS"),
    "trf-round-blocks-1000.trf": (2, "json", "2:10082", "FAIRPAIR_MAX_ROUNDS"),
    "json-deep-nesting.json": (3, "json", "3:82", "FAIRPAIR_MAX_DEPTH"),
    "fpj-deep-nesting.trf": (3, "json", "4:84", "FAIRPAIR_MAX_DEPTH"),
    "json-bigint.json": (4, "json", "3:20", "a number of 5000 characters"),
    "json-nan.json": (4, "json", "3:20", "found NaN"),
    "json-infinity.json": (4, "json", "3:20", "found -Infinity"),
    "json-bigint-key.json": (4, "json", "3:5023", "does not exist"),
    "json-bigint-points-string.json": (4, "json", "3:26", "points of 5002 characters"),
    "xxs-bigint.trf": (4, "json", "4:8", "XXS"),
    "xxp-bigint.trf": (4, "json", "4:7", "a pairing number"),
    "fpj-unknown-key.trf": (5, "json", "4:38", 'unknown FPJ key "colour_rules"'),
    "fpj-negative-withdrawn.trf": (5, "json", "4:39", "found the integer -3"),
    "fpj-unknown-player.trf": (5, "json", "4:21", "player 7 does not exist"),
    "fpj-not-a-game.trf": (5, "json", "5:21", "[1, 3] is not a game of round 1"),
    "json-duplicate-key.json": (5, "json", "3:2", 'key "players" appears twice'),
    "xxc-purple1.trf": (6, "json", "4:5", "unknown XXC option 'purple1'"),
    "xxr-arabic-indic.trf": (6, "json", "4:5", "ASCII digits"),
    "xxs-arabic-indic.trf": (6, "json", "4:8", "XXS"),
    "points-arabic-indic.trf": (6, "json", "2:81", "columns 81-84"),
    "xxp-self.trf": (6, "json", "4:7", "player 1 is listed twice"),
    "260-self.trf": (6, "json", "4:18", "player 2 is listed twice"),
    "json-bad-result.json": (7, "json", "4:66", "inconsistent results"),
    "json-no-players.json": (8, "trf", "", "a tournament without players"),
    "json-long-name.json": (10, "json", "1:83", "FAIRPAIR_MAX_TEXT"),
    "xxp-too-many-pairs.trf": (10, "json", "502:1", "FAIRPAIR_MAX_FORBIDDEN_PAIRS"),
    "250-acceleration-flood.trf": (10, "json", "1003:1", "FAIRPAIR_MAX_ACCELERATION"),
    "engine-arabic-indic.txt": (6, "engine", "2:1", "'white black' pairing numbers"),
}


def test_the_corpus_is_described() -> None:
    assert sorted(p.name for p in BAD.iterdir()) == sorted(CORPUS)
    assert {finding for finding, *_ in CORPUS.values()} >= {1, 2, 3, 4, 5, 6, 7, 8, 10}


def _corpus_args(name: str, out: Path) -> list[str]:
    kind = CORPUS[name][1]
    target = out / ("out.trf" if kind == "trf" else "out.json")
    return ["convert", str(BAD / name), "-o", str(target)]


@pytest.mark.parametrize("name", sorted(n for n in CORPUS if CORPUS[n][1] != "engine"))
def test_corpus_file_is_refused_with_its_location(name: str, tmp_path: Path) -> None:
    _finding, kind, where, text = CORPUS[name]
    before = (BAD / name).read_bytes()
    code, err = run_cli(_corpus_args(name, tmp_path))
    assert code == 2, err
    assert err.count("\n") == 1 and "<input>" not in err, err
    named = str(tmp_path / "out.trf") if kind == "trf" else str(BAD / name)
    prefix = f"fairpair: error: {named}:" + (f"{where}:" if where else "")
    assert err.startswith(prefix), err
    assert text in err, err
    assert (BAD / name).read_bytes() == before
    assert not list(tmp_path.iterdir()), "nothing is written when the command fails"


def test_corpus_engine_output_is_refused_with_its_location() -> None:
    name = "engine-arabic-indic.txt"
    error = refused(trf.parse_engine_output, (BAD / name).read_bytes(), file=name)
    assert str(error).startswith(f"{name}:{CORPUS[name][2]}:")
    assert CORPUS[name][3] in str(error)


#: Runs several fairpair commands in one subprocess capped at 2 GB of address space,
#: printing one JSON line per command: exit code, the process's peak memory, stderr.
CAPPED_BATCH = """
import contextlib, io, json, resource, sys
limit = 2 * 1024 ** 3
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from fairpair.cli import run
for line in sys.stdin:
    args = json.loads(line)
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = run(args)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"code": code, "maxrss_kb": peak, "stderr": err.getvalue()}), flush=True)
"""


def run_capped_batch(
    commands: list[list[str]], env: dict[str, str] | None = None, timeout: float = 120.0
) -> list[dict[str, object]]:
    """Run ``commands`` in one capped subprocess (see CAPPED_BATCH); their outcomes."""
    proc = subprocess.run(
        [sys.executable, "-c", CAPPED_BATCH],
        input="".join(json.dumps(c) + "\n" for c in commands),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env={**os.environ, **(env or {})},
    )
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_corpus_in_a_capped_process(tmp_path: Path) -> None:
    """The whole corpus under RLIMIT_AS = 2 GB: each file refused (a hang fails by the
    subprocess's timeout)."""
    names = sorted(n for n in CORPUS if CORPUS[n][1] != "engine")
    outcomes = run_capped_batch([_corpus_args(name, tmp_path) for name in names])
    assert len(outcomes) == len(names)
    for name, outcome in zip(names, outcomes, strict=True):
        assert outcome["code"] == 2, (name, outcome)
        assert "Traceback" not in str(outcome["stderr"])


# -- finding 1: huge exponents --------------------------------------------------------


@pytest.mark.parametrize("literal", ["1e999999999", "1E+999999999", "-2.5e-999999999", "0e999999"])
def test_finding1_huge_exponent_in_json_is_refused_at_once(literal: str) -> None:
    for place in ('"settings": {"x": %s}', '"points": {"white_win": %s}'):
        text = JSON_HEAD + '"players": [], ' + place % literal + "}"
        error = refused(jsondoc.loads, text, file="t.json")
        assert error.file == "t.json" and error.line == 1 and error.column is not None
        assert "exponent" in str(error)


@pytest.mark.parametrize(
    "payload",
    ['{"settings":{"x":1e999999999}}', '{"points":{"white_win":"1e999999999"}}'],
)
def test_finding1_huge_exponent_in_fpj_is_refused_at_once(payload: str) -> None:
    error = refused(trf.loads, HEADER + "FPJ " + payload + "\n", file="t.trf")
    assert (error.file, error.line) == ("t.trf", 4)


def test_finding1_reasonable_exponents_are_read() -> None:
    text = JSON_HEAD + '"players": [], "settings": {"x": 1.5e10, "y": 2E-3}}'
    t, _ = jsondoc.loads(text)
    assert t.settings == {"x": 1.5e10, "y": 0.002}


# -- finding 2: a billion rounds ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        HEADER + 'FPJ {"rounds":1000000000}\n',
        HEADER + "XXR 1000000000\n",
        HEADER + "142 1000000000\n",
        HEADER + "XXR " + "9" * 100 + "\n",
    ],
)
def test_finding2_a_billion_rounds_in_trf_is_refused_by_the_limit(text: str) -> None:
    error = refused(trf.loads, text, file="t.trf")
    assert (error.line == 4 and "FAIRPAIR_MAX_ROUNDS" in str(error)) or "XXR" in str(error)


@pytest.mark.parametrize(
    "field", ['"total_rounds": 1000000000', '"rounds": [' + "{}," * 999 + "{}]"]
)
def test_finding2_a_billion_rounds_in_json_is_refused_by_the_limit(field: str) -> None:
    error = refused(jsondoc.loads, JSON_HEAD + '"players": [], ' + field + "}", file="t.json")
    assert "FAIRPAIR_MAX_ROUNDS" in str(error) and error.line == 1


def test_finding2_the_rounds_limit_can_be_raised() -> None:
    text = HEADER + "XXR 1500\n"
    with pytest.raises(InputError):
        trf.loads(text)
    with environment(FAIRPAIR_MAX_ROUNDS="2000"):
        t, _ = trf.loads(text)
    assert t.total_rounds == 1500


# -- finding 3: deep nesting ----------------------------------------------------------


@pytest.mark.parametrize("depth", [65, 1_000, 100_000])
def test_finding3_deep_json_is_exit_2_not_a_recursion_error(depth: int, tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text(
        JSON_HEAD + '"players": [], "settings": {"x": ' + "[" * depth + "]" * depth + "}}"
    )
    code, err = run_cli(["convert", str(path), "-o", str(tmp_path / "out.json")])
    assert code == 2
    assert err.startswith(f"fairpair: error: {path}:1:"), err
    assert "FAIRPAIR_MAX_DEPTH" in err


def test_finding3_brackets_inside_strings_do_not_count() -> None:
    text = JSON_HEAD + '"players": [{"number": 1, "name": "' + "[" * 500 + '"}]}'
    t, _ = jsondoc.loads(text)
    assert t.players[0].name == "[" * 500


def test_finding3_a_raised_depth_limit_beyond_python_is_still_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text(
        JSON_HEAD + '"players": [], "settings": {"x": ' + "[" * 50_000 + "]" * 50_000 + "}}"
    )
    with environment(FAIRPAIR_MAX_DEPTH="1000000"):
        code, err = run_cli(["convert", str(path), "-o", str(tmp_path / "out.json")])
    assert code == 2, err
    assert "nested too deeply" in err


# -- finding 4: big integers, NaN, Infinity -------------------------------------------


@pytest.mark.parametrize(
    ("literal", "message"),
    [
        ("7" * 4301, "a number of 4301 characters"),
        ("-" + "7" * 50, "a number of 51 characters"),
        ("1." + "5" * 60, "a number of 62 characters"),
        ("NaN", "found NaN"),
        ("Infinity", "found Infinity"),
        ("-Infinity", "found -Infinity"),
    ],
)
def test_finding4_huge_integers_nan_and_infinity_are_exit_2(
    literal: str, message: str, tmp_path: Path
) -> None:
    for place in ('"settings": {"x": %s}', '"total_rounds": %s', '"players": [{"number": %s}]'):
        path = tmp_path / "t.json"
        path.write_text(JSON_HEAD + '"players": [], ' + (place % literal) + "}")
        code, err = run_cli(["convert", str(path), "-o", str(tmp_path / "out.json")])
        assert code == 2, err
        assert err.startswith(f"fairpair: error: {path}:1:"), err
        assert message in err


@pytest.mark.parametrize(
    "text",
    [
        HEADER + "XXS WW=" + "1" * 5000 + "\n",
        HEADER + "XXP 1 " + "2" * 5000 + "\n",
        HEADER + "XXZ " + "1" * 5000 + "\n",
        HEADER + "BBW " + "1" * 5000 + "\n",
        HEADER + 'FPJ {"players":{"1":{"rating":' + "1" * 5000 + "}}}\n",
    ],
)
def test_finding4_huge_integers_in_trf_are_refused(text: str) -> None:
    error = refused(trf.loads, text, file="t.trf")
    assert (error.file, error.line) == ("t.trf", 4)
    assert len(str(error)) <= 700, "a message quotes at most a bit of the input"


# -- finding 5: the FPJ record is validated -------------------------------------------


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ('{"colour_rules":"2026"}', 'unknown FPJ key "colour_rules"'),
        ('{"players":{"2":{"withdrawn_from":-3}}}', "found the integer -3"),
        ('{"players":{"2":{"entered_at":0}}}', "found the integer 0"),
        ('{"players":{"2":{"withdrawn_from":true}}}', "found a boolean"),
        ('{"players":{"2":{"nickname":"B"}}}', "unknown player field 'nickname'"),
        ('{"players":{"9":{"club":"X"}}}', "player 9 does not exist"),
        ('{"players":{"x":{"club":"X"}}}', "found key 'x'"),
        ('{"players":{"2":{"attributes":{"a":1}}}}', "found the integer 1"),
        ('{"points":{"white_win":3}}', "found the integer 3"),
        ('{"points":{"best":"1/2"}}', "unknown point name 'best'"),
        ('{"points":{"white_win":"1/0"}}', 'a fraction such as "1/3"'),
        ('{"rounds":0}', "a number of rounds >= 1"),
        ('{"rounds":1.5}', "found the number 1.5"),
        ('{"system":7}', "a string"),
        ('{"settings":[]}', "an object of settings"),
        ('{"boards":{"1":[[1,2]]}}', "board order for round 1"),
        ('{"boards":{"1":[[1]]}}', "[white, black]"),
        ("[1, 2]", "FPJ record is not a JSON object"),
        ('{"system":"a","system":"b"}', 'key "system" appears twice'),
    ],
)
def test_finding5_fpj_contents_are_validated(payload: str, message: str) -> None:
    error = refused(trf.loads, HEADER + "FPJ " + payload + "\n", file="t.trf")
    assert (error.file, error.line) == ("t.trf", 4), str(error)
    assert error.column is not None and error.column >= 5
    assert message in str(error), str(error)


def test_finding5_two_fpj_records_are_refused() -> None:
    text = HEADER + 'FPJ {"system":"dutch"}\nFPJ {"rounds":3}\n'
    error = refused(trf.loads, text, file="t.trf")
    assert error.line == 5 and "second FPJ record" in error.message


def test_finding5_what_fpj_carries_still_round_trips() -> None:
    """Everything the FPJ record may say goes through TRF and back unchanged."""
    text = (
        "012 FPJ\n"
        + "001    1      Ann"
        + " " * 31
        + "2000"
        + " " * 29
        + "1.0    1     2 w 1\n"
        + "001    2      Bob"
        + " " * 64
        + "0.0    2     1 b 0\n"
        + "001    3      Cy"
        + " " * 32
        + "1800"
        + " " * 29
        + "0.0    3\n"
        + 'FPJ {"boards":{"1":[[1,2]]},"players":{"1":{"attributes":{"city":"Torino"},'
        '"club":"Scacchi","withdrawn_from":3},"2":{"entered_at":1,"name":"Bob with a name'
        ' longer than thirty-three characters","rating":-5},"3":{"reported_rank":12345}},'
        '"points":{"white_draw":"1/3","black_draw":"1/3"},"rounds":2,"settings":{"a":[1,'
        '{"b":null}]},"system":"dutch"}\n'
    )
    t, _ = trf.loads(text, file="t.trf")
    assert t.players[0].withdrawn_from == 3 and t.players[1].rating == -5
    assert t.system == "dutch" and len(t.rounds) == 2
    again, _ = trf.loads(trf.dumps(t))
    assert again.replace(format_hints={}) == t.replace(format_hints={})
    via_json, _ = jsondoc.loads(jsondoc.dumps(t))
    assert via_json == t


def test_finding5_negative_withdrawn_from_in_json_is_refused() -> None:
    text = JSON_HEAD + '"players": [{"number": 1, "withdrawn_from": -1}]}'
    error = refused(jsondoc.loads, text, file="t.json")
    assert error.line == 1 and "withdrawn_from" in error.message


# -- finding 6: XXC, non-ASCII digits, XXP 1 1 ----------------------------------------


@pytest.mark.parametrize(
    ("record", "column", "message"),
    [
        ("XXC purple1", 5, "unknown XXC option 'purple1'"),
        ("XXC white1 purple1", 12, "unknown XXC option 'purple1'"),
        ("XXC white1 black1", 12, "both white1 and black1"),
        ("XXC", 4, "empty XXC record"),
    ],
)
def test_finding6_xxc_options_are_checked(record: str, column: int, message: str) -> None:
    error = refused(trf.loads, HEADER + record + "\n", file="t.trf")
    assert (error.line, error.column) == (4, column)
    assert message in error.message


def test_finding6_xxc_rank_and_colours_still_read() -> None:
    t, _ = trf.loads(HEADER + "XXC rank black1\n")
    assert t.settings == {"xxc": ["rank"]} and t.initial_colour is not None


#: Non-ASCII digits (``str.isdigit`` accepts all of them).
FOREIGN_DIGITS = ["\u0663", "\u06f3", "\u0969", "\uff13", "\u00b3", "\U0001d7d1"]


@pytest.mark.parametrize("digit", FOREIGN_DIGITS)
@pytest.mark.parametrize(
    "template",
    [
        HEADER + "XXR {d}\n",
        HEADER + "142 {d}\n",
        HEADER + "XXS WW={d}.0\n",
        HEADER + "BBW  {d}.0\n",
        HEADER + "XXP 1 {d}\n",
        HEADER + "XXZ {d}\n",
        HEADER + "XXA    {d}  1.0\n",
        HEADER + "XXA    1  {d}.0\n",
        HEADER + "240 F 00{d}    1\n",
        HEADER + "250       1.0 001 00{d} 0001 0002\n",
        HEADER + "260 001 00{d}    1    2\n",
        HEADER.replace("001    2 ", "001    {d} "),
        HEADER.replace("1900", "19{d}0"),
        HEADER.replace(" 0.0    2", " {d}.0    2"),
        HEADER.replace(" 0.0    2", " 0.0    {d}"),
        HEADER.replace("0.0    2", "0.0    2     {d} b 0").replace(
            "0.0    1", "0.0    1     2 w 1"
        ),
        HEADER + 'FPJ {{"boards":{{"{d}":[]}}}}\n',
    ],
)
def test_finding6_non_ascii_digits_are_refused_in_trf(template: str, digit: str) -> None:
    text = template.format(d=digit)
    error = refused(trf.loads, text, file="t.trf")
    assert error.file == "t.trf" and error.line is not None, str(error)


@pytest.mark.parametrize("digit", FOREIGN_DIGITS)
def test_finding6_non_ascii_digits_are_refused_elsewhere(digit: str) -> None:
    refused(trf.parse_engine_output, f"1\n{digit} 2\n", file="p.txt")
    refused(trf.parse_engine_output, f"{digit}\n1 2\n", file="p.txt")
    table = csv.read_table(f"name,rating,birth\nAnn,2{digit}00,\nBob,,19{digit}0\n", "p.csv")
    with pytest.raises(InputError, match="rating"):
        csv.chess_players(table)
    table = csv.read_table(f"name,birth\nBob,19{digit}0\n", "p.csv")
    with pytest.raises(InputError, match="birth"):
        csv.chess_players(table)
    with pytest.raises(InputError, match="rating"):
        csv.read_player_list(f"name,rating\nAnn,2{digit}00\n", "p.csv")
    for key in (
        '"acceleration": {"%s": [1]}',
        '"rounds": [{"number": 1, "byes": {"%s": "absent"}}]',
    ):
        text = JSON_HEAD + '"players": [{"number": 1}], ' + key % digit + "}"
        assert refused(jsondoc.loads, text, file="t.json").line == 1


@pytest.mark.parametrize(
    ("record", "column"),
    [("XXP 1 1", 7), ("XXP 1 2 1", 9), ("260 001 009    1    2    1", 23)],
)
def test_finding6_a_player_forbidden_against_himself_is_refused(record: str, column: int) -> None:
    error = refused(trf.loads, HEADER + record + "\n", file="t.trf")
    assert (error.line, error.column) == (4, column)
    assert "listed twice" in error.message


def test_finding6_a_forbidden_pair_still_reads() -> None:
    t, _ = trf.loads(HEADER + "XXP 1 2\n")
    assert t.forbidden_pairs == {frozenset({1, 2})}


# -- finding 7: every refusal names the file ------------------------------------------


def test_finding7_errors_without_a_file_do_not_say_input() -> None:
    assert str(InputError("--round 0", expected="a round number >= 1")) == (
        "--round 0, expected a round number >= 1"
    )
    assert str(InputError("found x", line=3, column=4)) == "line 3, column 4: found x"
    assert "\n" not in str(InputError("a\nb", expected="c\rd"))


def test_finding7_a_writer_error_names_the_output_file(tmp_path: Path) -> None:
    source = tmp_path / "big.json"
    players = ",".join(f'{{"number": {n}}}' for n in range(9998, 10001))
    source.write_text(JSON_HEAD + '"players": [' + players + "]}")
    with environment(FAIRPAIR_MAX_PLAYERS="20000"):
        code, err = run_cli(["convert", str(source), "-o", str(tmp_path / "out.trf")])
    assert code == 2
    assert err.startswith(f"fairpair: error: {tmp_path / 'out.trf'}: cannot save: "), err
    assert not (tmp_path / "out.trf").exists()


@pytest.mark.parametrize("name", ["xxc-purple1.trf", "json-nan.json", "fpj-unknown-key.trf"])
def test_finding7_workflow_commands_name_the_file(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_bytes((BAD / name).read_bytes())
    for command in (["standings", str(path)], ["boards", str(path)], ["next", str(path)]):
        code, err = run_cli(command)
        assert code == 2, (command, err)
        assert err.startswith(f"fairpair: error: {path}:"), err
        assert path.read_bytes() == (BAD / name).read_bytes()


# -- finding 8: an empty player list --------------------------------------------------


def test_finding8_no_players_is_not_a_zero_byte_trf(tmp_path: Path) -> None:
    target = tmp_path / "out.trf"
    target.write_text("old content\n")
    code, err = run_cli(["convert", str(BAD / "json-no-players.json"), "-o", str(target)])
    assert code == 2 and "without players" in err
    assert target.read_text() == "old content\n"
    with pytest.raises(InputError, match="without players"):
        trf.dumps(Tournament())
    with pytest.raises(InputError, match="without players"):
        trf.dumps(Tournament(headers=(("012", "Empty"),)), flavour="trf2026")


# -- finding 9: writes are atomic, Ctrl-C is 130 ---------------------------------------


def test_finding9_ctrl_c_exits_130(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text(HEADER)

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("fairpair.formats.load_tournament", interrupted)
    code, err = run_cli(["standings", str(path)])
    assert code == 130 and "interrupted" in err


@pytest.mark.parametrize("target", ["t.trf", "t.json"])
def test_finding9_a_full_disk_leaves_the_old_file(
    target: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / target
    save_tournament(Tournament(players=(Player(1, "Ann"), Player(2, "Bob"))), path)
    before = path.read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", full)
    code, err = run_cli(["add-player", str(path), "Cy"])
    assert code == 2, err
    assert err.startswith(f"fairpair: error: {path}: cannot write file: No space left"), err
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [target], "no temporary file is left"


def test_finding9_an_error_while_rendering_writes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "out.trf"
    target.write_text("old\n")
    t = Tournament(players=(Player(1, "Ann"), Player(2, "x" * 1001)))
    with pytest.raises(InputError, match="FAIRPAIR_MAX_TEXT"):
        save_tournament(t, target)
    assert target.read_text() == "old\n"


# -- finding 10: 10,000 and 20,000 players --------------------------------------------


def _players_json(path: Path, count: int) -> None:
    players = ",\n".join(
        f'{{"number": {n}, "name": "P{n}", "rating": {2800 - n // 10}}}'
        for n in range(1, count + 1)
    )
    path.write_text(
        JSON_HEAD + '"system": "dutch", "total_rounds": 9, "players": [\n' + players + "]}"
    )


def test_finding10_many_players_read_by_default_refused_under_a_lower_limit(
    tmp_path: Path,
) -> None:
    """10,000 and 20,000 players: read, converted and ranked with the default limit
    (200,000 since issue 28), well under 2 GB (RLIMIT_AS) - the peak resident memory is
    measured and bounded at 400 MB; refused at once when FAIRPAIR_MAX_PLAYERS is lower."""
    for count in (10_000, 20_000):
        _players_json(tmp_path / f"p{count}.json", count)
    commands = [
        ["convert", str(tmp_path / "p10000.json"), "-o", str(tmp_path / "o.json")],
        ["standings", str(tmp_path / "p20000.json")],
    ]
    refused_outcomes = run_capped_batch(commands, env={"FAIRPAIR_MAX_PLAYERS": "9999"})
    for outcome in refused_outcomes:
        assert outcome["code"] == 2 and "FAIRPAIR_MAX_PLAYERS" in str(outcome["stderr"])
    accepted = run_capped_batch(
        [
            ["convert", str(tmp_path / "p20000.json"), "-o", str(tmp_path / "o.json")],
            ["standings", str(tmp_path / "p20000.json")],
        ]
    )
    for outcome in accepted:
        assert outcome["code"] == 0, outcome
        assert isinstance(outcome["maxrss_kb"], int) and outcome["maxrss_kb"] < 400_000, outcome
    assert len(json.loads((tmp_path / "o.json").read_text())["players"]) == 20_000


# -- the limits -----------------------------------------------------------------------


def test_limits_are_documented() -> None:
    """docs/limits.md names every limit, its variable and its default."""
    text = DOCS.read_text()
    for item in limits.LIMITS.values():
        assert item.env in text, item.env
        assert f"{item.default:,}" in text or str(item.default) in text, item
    assert str(limits.MAX_NUMBER_CHARS) in text and str(limits.MAX_EXPONENT) in text


def test_a_bad_limit_variable_is_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text(HEADER)
    for value in ("lots", "-5", "0", "\u0663", "1" * 40):
        with environment(FAIRPAIR_MAX_PLAYERS=value):
            code, err = run_cli(["standings", str(path)])
        assert code == 2, err
        assert "FAIRPAIR_MAX_PLAYERS" in err and "positive whole number" in err


def test_the_file_size_limit_refuses_before_reading(tmp_path: Path) -> None:
    for name, text in (("t.trf", HEADER), ("t.json", JSON_HEAD + '"players": []}')):
        path = tmp_path / name
        path.write_text(text)
        with environment(FAIRPAIR_MAX_FILE_BYTES="50"):
            error = refused(load_tournament, path)
        assert error.file == str(path) and "FAIRPAIR_MAX_FILE_BYTES" in str(error)
        assert f"found a file of {len(text)} bytes" in error.message
        load_tournament(path)
    with environment(FAIRPAIR_MAX_FILE_BYTES="50"):
        refused(csv.read_table, "name\n" + "a\n" * 30, "p.csv")
        refused(trf.parse_engine_output, "1\n1 2\n" + " " * 60, file="p.txt")
        assert "FAIRPAIR_MAX_FILE_BYTES" in str(refused(trf.loads, HEADER))


def test_the_players_limit_applies_to_every_reader(tmp_path: Path) -> None:
    with environment(FAIRPAIR_MAX_PLAYERS="1"):
        assert refused(trf.loads, HEADER, file="t.trf").line == 3
        text = JSON_HEAD + '"players": [{"number": 1}, {"number": 2}]}'
        assert "FAIRPAIR_MAX_PLAYERS" in str(refused(jsondoc.loads, text))
        assert "FAIRPAIR_MAX_PLAYERS" in str(refused(csv.read_table, "name\na\nb\n", "p.csv"))
        with pytest.raises(InputError, match="FAIRPAIR_MAX_PLAYERS"):
            save_tournament(
                Tournament(players=(Player(1, "A"), Player(2, "B"))), tmp_path / "x.json"
            )


def test_the_text_limit_applies_to_names_headers_and_settings() -> None:
    long = "x" * 1001
    for field in (
        f'"players": [{{"number": 1, "club": "{long}"}}]',
        f'"players": [], "headers": [["012", "{long}"]]',
        f'"players": [], "settings": {{"a": ["{long}"]}}',
        f'"players": [], "settings": {{"{long}": 1}}',
        f'"players": [{{"number": 1, "attributes": {{"city": "{long}"}}}}]',
        f'"players": [], "system": "{long}"',
    ):
        error = refused(jsondoc.loads, JSON_HEAD + field + "}", file="t.json")
        assert "FAIRPAIR_MAX_TEXT" in str(error) and error.line == 1
    assert refused(trf.loads, "012 " + long + "\n", file="t.trf").line == 1
    with environment(FAIRPAIR_MAX_TEXT="2000"):
        t, _ = trf.loads(HEADER.replace("Hostile input", long))
    assert t.headers[0][1] == long


def test_limit_messages_follow_the_error_format() -> None:
    error = refused(trf.loads, HEADER + "XXR 5000\n", file="t.trf")
    assert re.fullmatch(
        r"t\.trf:4:5: XXR: found 5000 rounds, expected at most 999 rounds \(a limit: set "
        r"FAIRPAIR_MAX_ROUNDS to raise it, see docs/limits\.md\)",
        str(error),
    ), str(error)


# -- round trips are lossless or refuse ------------------------------------------------


@pytest.mark.parametrize(
    "record", ["012 Another name", "XXR 5", "001    1", "XXP 1 2", "FPJ {}", "", "BBW  3.0"]
)
def test_extra_records_trf_would_read_as_records_are_refused(record: str) -> None:
    """A JSON document's extra_records can hold anything; written to TRF, a line such
    as ``XXR 5`` would be read back as a record: the writer refuses, naming it."""
    t = Tournament(players=(Player(1, "Ann"), Player(2, "Bob")), extra_records=(record,))
    with pytest.raises(InputError, match="cannot write the extra record"):
        trf.dumps(t)
    kept = t.replace(extra_records=("DAT 0001 EMAIL ann@example.org", "### comment"))
    assert trf.loads(trf.dumps(kept))[0].extra_records == kept.extra_records


def test_xxc_settings_trf_cannot_say_travel_in_fpj() -> None:
    for xxc in (["purple1"], ["white1"], "rank", [1]):
        t = Tournament(players=(Player(1, "Ann"),), settings={"xxc": xxc})
        text = trf.dumps(t)
        assert "XXC" not in text
        assert trf.loads(text)[0].settings == {"xxc": xxc}


def test_half_point_bye_survives_colour_neutral_draw_points() -> None:
    """XXS gives draws worth 1/3: the reader derives the half-point bye from them, so
    the writer spells out a half-point bye that differs (it used to come back 0.3333)."""
    from fractions import Fraction

    from fairpair.model import PointSystem

    points = PointSystem(white_draw=Fraction(1, 3), black_draw=Fraction(1, 3))
    t = Tournament(players=(Player(1, "Ann"),), points=points)
    assert trf.loads(trf.dumps(t))[0].points == points


# -- the command line -----------------------------------------------------------------


def test_out_of_memory_is_one_clear_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text(HEADER)

    def exhausted(*args: object, **kwargs: object) -> None:
        raise MemoryError

    monkeypatch.setattr("fairpair.formats.load_tournament", exhausted)
    code, err = run_cli(["standings", str(path)])
    assert code == 3 and err.startswith("fairpair: out of memory") and err.count("\n") == 1


def test_system_options_read_only_plain_ascii_numbers() -> None:
    from fairpair.cli.common import parse_options

    options = parse_options(["a=3", "b=-2.5", "c=nan", "d=inf", "e=\u0663", "f=" + "1" * 5000])
    assert options["a"] == 3 and options["b"] == -2.5
    assert options["c"] == "nan" and options["d"] == "inf" and options["e"] == "\u0663"
    assert options["f"] == "1" * 5000


def test_csv_read_file_checks_size_and_encoding(tmp_path: Path) -> None:
    path = tmp_path / "players.csv"
    path.write_bytes(b"\xef\xbb\xbfname,rating\nM\xfcller,2100\n")
    error = refused(csv.read_file, str(path))
    assert str(error).startswith(f"{path}:2:2: byte 0xFC is not valid UTF-8")
    path.write_bytes("\ufeffname,rating\nMüller,2100\n".encode())
    assert csv.read_file(str(path)) == "name,rating\nMüller,2100\n"
    with environment(FAIRPAIR_MAX_FILE_BYTES="10"):
        assert "FAIRPAIR_MAX_FILE_BYTES" in str(refused(csv.read_file, str(path)))
    assert "is a directory" in str(refused(csv.read_file, str(tmp_path)))


# -- integer options: ASCII digits only -------------------------------------------------


def _all_commands() -> Iterator[tuple[str, click.Command]]:
    """Every command of the command line (lazy ones included), with its full name."""
    from fairpair.cli import LAZY_COMMANDS, cli

    def walk(prefix: str, command: click.Command) -> Iterator[tuple[str, click.Command]]:
        yield prefix, command
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                yield from walk(f"{prefix} {name}".strip(), sub)

    for name, command in cli.commands.items():
        yield from walk(name, command)
    for name, (target, _summary) in LAZY_COMMANDS.items():
        module, _, attribute = target.partition(":")
        try:
            loaded = getattr(importlib.import_module(module), attribute)
        except ImportError:  # an extra that is not installed (the web app)
            continue
        yield from walk(name, loaded)


def test_every_integer_option_reads_ascii_digits_only() -> None:
    """No option or argument of any command uses click's ``int`` (which reads "\u0663",
    "\uff13" and "1_000"): all use :class:`fairpair.cli.params.AsciiInt`."""
    found = 0
    for name, command in _all_commands():
        for param in command.params:
            assert not isinstance(param.type, click.types.IntParamType), (name, param.name)
            assert not isinstance(param.type, click.IntRange), (name, param.name)
            found += isinstance(param.type, AsciiInt)
    assert found >= 30


@pytest.mark.parametrize("value", ["\u0663", "\uff13", "1e3", "-1", "1_000", " 3", "+3", ""])
@pytest.mark.parametrize(
    "args",
    [
        ["standings", "{f}", "-r", "{v}"],
        ["pair", "{f}", "--round", "{v}"],
        ["check", "{f}", "--seed", "{v}x"],
        ["generate", "-s", "dutch", "-n", "{v}", "-R", "3", "-o", "{d}/g.trf"],
        ["generate", "-s", "dutch", "-n", "4", "--rounds", "{v}", "-o", "{d}/g.trf"],
        ["mcmahon", "bands", "{f}", "--min-band-size", "{v}"],
        ["bye", "{f}", "1", "--round", "{v}"],
    ],
)
def test_integer_options_refuse_other_digits(value: str, args: list[str], tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text(HEADER)
    code, err = run_cli([a.format(f=path, d=tmp_path, v=value) for a in args])
    assert code == 2, err
    assert "Traceback" not in err and "ASCII digits" in err, err
    assert path.read_text() == HEADER
    assert not (tmp_path / "g.trf").exists()


def test_ascii_int_ranges_and_signs() -> None:
    from fairpair.cli.params import NUMBER, PORT, SEED

    assert NUMBER.convert("0042", None, None) == 42
    assert SEED.convert("-5", None, None) == -5 and SEED.convert("+5", None, None) == 5
    assert PORT.convert("8000", None, None) == 8000
    for bad, kind in (("٣", NUMBER), ("-1", NUMBER), ("0", PORT), ("65536", PORT), ("--5", SEED)):
        with pytest.raises(click.BadParameter, match="expected"):
            kind.convert(bad, None, None)
    with pytest.raises(click.BadParameter, match="at most 18 digits"):
        SEED.convert("9" * 5000, None, None)
    assert AsciiInt(1, 9).convert(3, None, None) == 3  # a default passes through


def test_generate_refuses_sizes_over_the_limits(tmp_path: Path) -> None:
    out = str(tmp_path / "g.trf")
    for args, variable in (
        (["-n", "200001", "-R", "3"], "FAIRPAIR_MAX_PLAYERS"),
        (["-n", "4", "-R", "1000"], "FAIRPAIR_MAX_ROUNDS"),
        (["-n", "4", "-R", "500", "--double"], "FAIRPAIR_MAX_ROUNDS"),
    ):
        code, err = run_cli(["generate", "-s", "dutch", *args, "-o", out])
        assert code == 2 and variable in err and err.count("\n") == 1, err
        assert ("--players" if "PLAYERS" in variable else "--rounds") in err
    with environment(FAIRPAIR_MAX_PLAYERS="3"):
        code, err = run_cli(["generate", "-s", "dutch", "-n", "4", "-R", "2", "-o", out])
    assert code == 2 and "--players 4, expected at most 3 players" in err, err
    assert not Path(out).exists()
    code, err = run_cli(["generate", "-s", "dutch", "-n", "4", "-R", "2", "-o", out])
    assert code == 0, err


def test_tiebreak_codes_read_ascii_digits_only(tmp_path: Path) -> None:
    path = tmp_path / "t.trf"
    path.write_text(HEADER)
    for code_text in ("BH-C\u0663", "ARO-U" + "9" * 5000, "SB-M\uff11"):
        code, err = run_cli(["standings", str(path), "-t", code_text])
        assert code == 2 and "unknown tie-break" in err and len(err) < 1000, err
