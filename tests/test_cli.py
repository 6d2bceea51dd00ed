"""The command line as users and platforms call it: exit codes, one-line errors, formats."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fairpair.cli import run

DATA = Path(__file__).parent / "data"
VECTOR = DATA / "vectors" / "dutch-2017" / "public" / "t101020_n15_r4of6.trf"


def test_help_teaches_by_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--help"]) == 0
    out = capsys.readouterr().out
    for word in ("pair", "check", "generate", "standings", "convert", "--dutch"):
        assert word in out
    for command in ("pair", "check", "generate", "standings", "convert"):
        assert run([command, "--help"]) == 0
        assert "Examples:" in capsys.readouterr().out


def test_python_dash_m_entry_point() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "fairpair", "systems"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0
    assert "score-order" in proc.stdout
    legacy = [line for line in proc.stdout.splitlines() if line.startswith("dutch-legacy")]
    assert len(legacy) == 1 and "available" in legacy[0]


def test_unimplemented_system_is_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every registered system is implemented now: register one that is not.
    from fairpair.systems import SYSTEMS

    monkeypatch.setitem(SYSTEMS, "score-order", None)
    assert run(["pair", "--system", "score-order", str(VECTOR)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "score-order" in err[0] and "not implemented yet" in err[0]


def test_missing_file_is_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nope.trf"
    # bbpPairings' code for a file that cannot be read
    assert run(["--dutch", str(missing), "-p", str(tmp_path / "out.txt")]) == 5
    err = capsys.readouterr().err.strip()
    assert str(missing) in err and "No such file" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["--dutch"],
        ["--dutch", "-p"],
        ["--dutch", "x.trf"],
        ["--dutch", "x.trf", "-x"],
        ["--dutch", "x.trf", "-p", "a", "b"],
    ],
)
def test_compat_usage_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert run(argv) == 3  # bbpPairings' code for an invalid request
    err = capsys.readouterr().err
    assert "usage: fairpair --dutch" in err
    assert err.count("\n") == 1


def test_bad_trf_through_cli_is_one_line_with_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.trf"
    text = VECTOR.read_text().replace("  9 b 1", "  9 x 1", 1)
    bad.write_text(text)
    assert run(["pair", "--system", "score-order", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert err.startswith(f"fairpair: error: {bad}:")
    line_no = next(i for i, line in enumerate(text.splitlines(), 1) if "  9 x 1" in line)
    assert f":{line_no}:" in err


def test_convert_round_trip_via_cli(tmp_path: Path) -> None:
    as_json = tmp_path / "t.json"
    back = tmp_path / "t.trf"
    assert run(["convert", str(VECTOR), "-o", str(as_json)]) == 0
    assert json.loads(as_json.read_text())  # valid JSON
    assert run(["convert", str(as_json), "-o", str(back)]) == 0
    assert back.read_bytes() == VECTOR.read_bytes()


def test_pair_engine_format_json_and_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pairing.txt"
    saved = tmp_path / "paired.trf"
    argv = ["pair", "--system", "score-order", str(VECTOR), "-o", str(out), "--save", str(saved)]
    assert run(argv) == 0
    lines = out.read_text().splitlines()
    # 15 players: 7 boards and a bye -> 8 lines after the count.
    assert lines[0] == "8" and len(lines) == 9
    assert lines[-1].endswith(" 0")
    numbers = [int(x) for line in lines[1:] for x in line.split() if x != "0"]
    assert sorted(numbers) == list(range(1, 16))
    # The saved tournament has round 4 paired and checks clean against the same system.
    assert run(["check", "--system", "score-order", str(saved), "--last"]) == 0
    capsys.readouterr()
    assert run(["pair", "--system", "score-order", str(VECTOR), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["round"] == 4
    assert len(document["boards"]) == 7
    assert document["bye"]["number"] == int(lines[-1].split()[0])


def test_generate_then_check_then_detect_a_swap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "gen.trf"
    argv = ["generate", "--system", "score-order", "-n", "10", "-R", "4", "--seed", "3"]
    assert run([*argv, "-o", str(path)]) == 0
    assert run(["check", "--system", "score-order", str(path)]) == 0
    # Swap the opponents of two boards of round 2 in the file: check must fail.
    from fairpair.formats import trf
    from fairpair.model import Game, Round

    t, _ = trf.load(path)
    games = list(t.round(2).games)
    a, b = games[0], games[1]
    games[0] = Game(a.white, b.black, a.white_result, a.black_result)
    games[1] = Game(b.white, a.black, b.white_result, b.black_result)
    swapped = t.with_round(Round(2, tuple(games), t.round(2).byes))
    bad = tmp_path / "swapped.trf"
    trf.dump(swapped.replace(format_hints={}), bad)
    capsys.readouterr()
    assert run(["check", "--system", "score-order", str(bad)]) == 1
    assert "round 2" in capsys.readouterr().out


def test_generate_rejects_bad_rates(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ["generate", "-s", "score-order", "-n", "8", "-R", "3", "--draw-rate", "1.5"]
    assert run([*argv, "-o", str(tmp_path / "x.trf")]) == 2
    assert "between 0 and 1" in capsys.readouterr().err


def test_standings_csv_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv_path = tmp_path / "s.csv"
    json_path = tmp_path / "s.json"
    argv = ["standings", str(VECTOR), "--csv", str(csv_path), "--json", str(json_path)]
    assert run(argv) == 0
    table = capsys.readouterr().out
    assert "Dvorak" not in table and "Player0004" in table  # names from the file
    assert csv_path.read_text().count("\n") >= 16
    assert len(json.loads(json_path.read_text())["rows"]) == 15


def test_convert_to_plain_trf2026(tmp_path: Path) -> None:
    out = tmp_path / "fide.trf"
    assert run(["convert", str(VECTOR), "-o", str(out), "--trf2026"]) == 0
    data = out.read_bytes()
    assert b"\r\n" in data and b"XXR" not in data and b"\r\n142 6\r\n" in data
    from fairpair.formats import trf

    # Same tournament when read back (the 2026 records carry rounds and colour).
    again, _ = trf.load(out)
    original, _ = trf.load(VECTOR)
    assert again.players == original.players
    assert again.rounds == original.rounds
    assert again.total_rounds == 6


def test_record_192_selects_the_system(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = VECTOR.read_text()
    newer = tmp_path / "newer.trf"
    newer.write_text("192 FIDE_DUTCH_2026\n" + text)
    assert run(["pair", str(newer)]) == 0  # dutch, by the 2026 rules the record names
    unknown = tmp_path / "unknown.trf"
    unknown.write_text("192 FIDE_DUTCH_2030\n" + text)
    capsys.readouterr()
    assert run(["pair", str(unknown)]) == 2
    assert "FIDE_DUTCH_2030" in capsys.readouterr().err


def test_demo_pairs_the_bundled_example(capsys: pytest.CaptureFixture[str]) -> None:
    """`make demo` runs this: the bundled example is a copy of a reference vector with
    names added, so the Dutch pairing must equal the reference engine's."""
    assert run(["demo"]) == 0
    out = capsys.readouterr().out
    expected = (VECTOR.with_suffix(".expected")).read_text().split("\n")
    engine = out.split("Engine format:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    pairs = {tuple(line.split()) for line in engine[1:]}
    assert engine[0] == expected[0]
    assert pairs == {tuple(line.split()) for line in expected[1:] if line}
    assert "Standings after round 3" in out


def test_pairing_past_the_last_round_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "done.trf"
    argv = ["generate", "-s", "score-order", "-n", "6", "-R", "2", "--seed", "1", "-o", str(path)]
    assert run(argv) == 0
    capsys.readouterr()
    # a conflict with the tournament's state (exit 1), as for `next`
    assert run(["pair", "-s", "score-order", str(path)]) == 1
    assert "all 2 rounds of the tournament are paired" in capsys.readouterr().err
    # the bbpPairings-compatible form keeps that engine's code and words: an invalid
    # request (3) whose stderr ends a platform's event
    assert run(["--dutch", str(path), "-p"]) == 3
    err = capsys.readouterr().err
    assert "The number of rounds is larger than the reported number of rounds." in err
    assert "all 2 rounds of the tournament are paired" in err


def test_generate_records_its_options_and_check_uses_them(tmp_path: Path) -> None:
    """A Netrunner tournament generated with the FIDE-style last round (an option, off
    by default) records it; check uses it from the file, and the command can override
    it (with it off, this tournament's last round is not the spec's optimum)."""
    path = tmp_path / "nr.trf"
    arguments = ["generate", "--system", "netrunner", "--players", "14", "--rounds", "4"]
    relaxed = ["-O", "last_round_relaxation=true"]
    assert run([*arguments, "--seed", "1", *relaxed, "-o", str(path)]) == 0
    assert '"last_round_relaxation":true' in path.read_text()
    assert run(["check", "--system", "netrunner", str(path)]) == 0
    off = ["-O", "last_round_relaxation=false"]
    assert run(["check", "--system", "netrunner", str(path), *off]) == 1
