"""Issue 28, finding 11: the command line on the hostile-input corpus's remaining
cases. A lone surrogate in a JSON string is bad input (exit 2, not an internal error);
a CSV list over the players limit is refused as it is read; a failing command writes
nothing; an error about the tournament names its file; a file without players is
refused by the director's commands (``--dutch`` keeps bbpPairings' answer)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from fairpair.cli import run
from fairpair.errors import InputError
from fairpair.formats.csv import read_table
from fairpair.formats.jsontext import parse

HEAD = '{"format": "fairpair-tournament", "version": 1, "system": "dutch", "total_rounds": 3, '


def _cli(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(args)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("escape", ["\\ud800", "\\udfff", "\\ud800\\ud800", "\\udc00\\ud800"])
def test_a_lone_surrogate_is_bad_input(tmp_path: Path, escape: str) -> None:
    path = tmp_path / "s.json"
    path.write_text(
        HEAD + f'"players": [{{"number": 1, "name": "A{escape}"}}, {{"number": 2, "name": "B"}}]}}'
    )
    code, _, err = _cli(["standings", str(path)])
    assert code == 2, err
    assert err.startswith(f"fairpair: error: {path}:1:") and "lone surrogate" in err, err


def test_surrogate_pairs_and_escaped_backslashes_are_read() -> None:
    assert parse('"\\ud83d\\ude00"', "x.json") == "\U0001f600"
    assert parse('"\\\\ud800"', "x.json") == "\\ud800"


def test_a_csv_list_over_the_limit_is_refused_as_it_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("FAIRPAIR_MAX_PLAYERS", "100")
    unreadable = "x" * 200_000 + "\n"  # a field over the csv module's field size limit
    text = "name\n" + "".join(f"P{i}\n" for i in range(1000)) + unreadable
    with pytest.raises(InputError) as caught:
        read_table(text, "big.csv")
    # refused at the 101st player, before the unreadable line at the end was parsed
    assert caught.value.line == 102 and "FAIRPAIR_MAX_PLAYERS" in str(caught.value)


def _event(tmp_path: Path) -> Path:
    path = tmp_path / "t.json"
    code, _, err = _cli(["generate", "-s", "dutch", "-n", "6", "-R", "2", "-o", str(path)])
    assert code == 0, err
    return path


def test_standings_writes_both_files_or_neither(tmp_path: Path) -> None:
    path = _event(tmp_path)
    first, second = tmp_path / "a.csv", tmp_path / "missing" / "b.json"
    code, out, err = _cli(["standings", str(path), "--csv", str(first), "--json", str(second)])
    assert code == 2 and str(second) in err, err
    assert not first.exists() and out == ""
    second = tmp_path / "b.json"
    code, out, err = _cli(["standings", str(path), "--csv", str(first), "--json", str(second)])
    assert code == 0, err
    assert first.read_text().startswith("Rank") or first.read_text()
    assert second.read_text().startswith(("{", "["))


def test_every_round_paired_names_the_file(tmp_path: Path) -> None:
    path = _event(tmp_path)
    code, _, err = _cli(["next", str(path)])
    assert code == 1
    assert err.startswith(f"fairpair: error: {path}: all 2 rounds"), err


def test_no_system_names_the_file(tmp_path: Path) -> None:
    source = tmp_path / "g.trf"
    code, _, err = _cli(["generate", "-s", "dutch", "-n", "6", "-R", "2", "-o", str(source)])
    assert code == 0, err
    path = tmp_path / "n.trf"  # the same without the records that name the system
    lines = source.read_text().splitlines(keepends=True)
    kept = [x.replace("XXR 2", "XXR 3") for x in lines if not x.startswith(("192", "FPJ"))]
    path.write_text("".join(kept))
    code, _, err = _cli(["pair", str(path)])
    assert code == 2
    assert err.startswith(f"fairpair: error: {path}: ") and "names none" in err, err


def test_a_file_without_players_is_refused_by_the_director_commands(tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    path.write_text("012 Empty\nXXR 5\n192 FIDE_DUTCH_2026\n")
    before = path.read_bytes()
    for command in (["pair", str(path)], ["next", str(path)]):
        code, out, err = _cli(command)
        assert code == 2, (command, err)
        assert f"{path}: the tournament has no players" in err
        assert "0" not in out.split()
    assert path.read_bytes() == before
    out_file = tmp_path / "p.txt"
    code, _, err = _cli(["--dutch", str(path), "-p", str(out_file)])
    assert code == 0, err  # bbpPairings' interface: its answer, "0" pairs
    assert out_file.read_text().split() == ["0"]
