"""Issue 15: large inputs - reading, converting and ranking a valid file of about 10 MB,
and refusing a hostile one, in bounded time and memory.

The speed targets (10 s, 2 GB) are measured by ``benchmarks/large_input.py``; the
tests here run the same commands on the same generated files under a 2 GB address-space
cap, asserting nothing about time: a generous timeout on the subprocess only stops a
hang or a super-linear regression (a machine shared by many jobs can be several times
slower than the benchmark's).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from fairpair.formats import trf
from helpers import (
    SHAPES,
    foreign_layout,
    large_trf,
    players_for_size,
    rounds_for_size,
    write_large_trf,
)

#: Seconds one command may take here before it counts as a hang (see the module doc).
HANG_GUARD = 120.0

#: Runs fairpair commands (one JSON list of arguments per input line) under a 2 GB
#: address-space cap; prints exit code, stderr and the peak memory per command.
CAPPED = """
import contextlib, io, json, resource, sys
limit = 2 * 1024 ** 3
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from fairpair.cli import run
for line in sys.stdin:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(json.loads(line))
    print(json.dumps({"code": code, "stderr": err.getvalue()[:2000], "stdout": out.getvalue(),
                      "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}),
          flush=True)
"""


def run_capped(
    commands: list[list[str]], env: dict[str, str] | None = None, *, stdout: bool = False
) -> list[dict[str, object]]:
    """The commands one after the other in a capped process (with ``env`` added to
    the environment); their outcomes (with what they printed if ``stdout``)."""
    proc = subprocess.run(
        [sys.executable, "-c", CAPPED],
        input="".join(json.dumps(command) + "\n" for command in commands),
        capture_output=True,
        text=True,
        timeout=HANG_GUARD * len(commands),
        check=False,
        env={**os.environ, **(env or {})},
    )
    assert proc.returncode == 0, proc.stderr
    outcomes: list[dict[str, object]] = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(outcomes) == len(commands), proc.stderr
    for command, outcome in zip(commands, outcomes, strict=True):
        outcome["command"] = command
        if not stdout:
            del outcome["stdout"]
    return outcomes


def test_generator_writes_what_fairpair_writes(tmp_path: Path) -> None:
    """The generated files are valid and canonical: read without warnings, no layout
    hints, written back byte for byte; in another program's layout they are the same
    tournament, written back in that layout."""
    for players, rounds in ((7, 4), (8, 7), (12, 11), (5, 30)):
        text = large_trf(players, rounds, seed=players)
        t, warnings = trf.loads(text)
        assert warnings == []
        assert dict(t.format_hints) == {}
        assert len(t.players) == players and t.rounds_played == rounds
        assert trf.dumps(t) == text
        other = foreign_layout(text)
        again, warnings = trf.loads(other)
        assert warnings == []
        assert set(again.format_hints) == {"newline", "layout", "lines"}
        assert again.replace(format_hints={}) == t
        assert trf.dumps(again) == other


def test_shapes_are_about_ten_megabytes() -> None:
    assert rounds_for_size(9999, 10_000_000) == 90
    assert players_for_size(999, 10_000_000) == 991
    for _name, players, rounds in SHAPES:
        size = players * (92 + 10 * rounds)
        assert 9_500_000 < size <= 10_500_000, (players, rounds, size)


def test_points_too_wide_for_the_column_are_no_warning() -> None:
    """100.5 points do not fit columns 81-84: fairpair writes "100" and reads its own
    file back without a warning (it warned for every such player)."""
    text = large_trf(4, 201, seed=3)
    t, warnings = trf.loads(text)
    assert warnings == []
    assert trf.dumps(t) == text


@pytest.mark.slow
@pytest.mark.parametrize("shape", SHAPES, ids=[shape[0] for shape in SHAPES])
def test_ten_megabytes_read_converted_and_ranked(
    shape: tuple[str, int, int], tmp_path: Path
) -> None:
    """convert (to TRF and to JSON), standings and crosstable of a valid 10 MB TRF, in
    fairpair's own layout and in another program's: exit code 0, no warning, the TRF
    written back unchanged, under 2 GB."""
    name, players, rounds = shape
    source = write_large_trf(tmp_path / f"{name}.trf", players, rounds)
    foreign = write_large_trf(tmp_path / f"{name}-foreign.trf", players, rounds, foreign=True)
    assert source.stat().st_size > 9_500_000
    copy = tmp_path / "copy.trf"
    foreign_copy = tmp_path / "foreign-copy.trf"
    commands = [
        ["convert", str(source), "-o", str(copy)],
        ["convert", str(foreign), "-o", str(foreign_copy)],
        ["standings", str(source)],
        ["crosstable", str(source)],
    ]
    for command in commands:  # one process each: each peak is its own
        (outcome,) = run_capped([command])
        _succeeded(outcome)
    assert copy.read_bytes() == source.read_bytes()
    assert foreign_copy.read_bytes() == foreign.read_bytes()
    # The JSON document of such a file is larger than the file_bytes limit (what
    # fairpair writes it must read back): refused, nothing written.
    document = tmp_path / "copy.json"
    (outcome,) = run_capped([["convert", str(source), "-o", str(document)]])
    assert outcome["code"] == 2, outcome
    assert "FAIRPAIR_MAX_FILE_BYTES" in str(outcome["stderr"]), outcome
    assert str(outcome["stderr"]).count("\n") == 1, outcome
    assert float(str(outcome["maxrss_mb"])) < 2048, outcome
    assert not document.exists()
    # With the limit raised it is written, and read back.
    raised = {"FAIRPAIR_MAX_FILE_BYTES": str(64 * 1024 * 1024)}
    for command in (["convert", str(source), "-o", str(document)], ["standings", str(document)]):
        (outcome,) = run_capped([command], raised)
        _succeeded(outcome)
    assert document.stat().st_size > 16 * 1024 * 1024


def _succeeded(outcome: dict[str, object]) -> None:
    """Exit code 0, nothing on stderr, under 2 GB."""
    assert outcome["code"] == 0, outcome
    assert outcome["stderr"] == "", outcome
    assert float(str(outcome["maxrss_mb"])) < 2048, outcome


# -- every command that reads a tournament file ------------------------------------------

#: Every command that reads a tournament file but does not pair a round (pairing a
#: tournament this large is the exception of issue 15), as run on the generated files,
#: whose rounds are all paired with every result in: (label, arguments with ``{f}``
#: for the file, whether it rewrites the file). The ones that need a round to pair,
#: or a round that is not paired yet, refuse (exit 2 or 1) after reading the file.
EVERY_COMMAND: tuple[tuple[str, tuple[str, ...], bool], ...] = (
    ("standings --json", ("standings", "{f}", "--json", "-"), False),
    ("standings -s netrunner", ("standings", "{f}", "-s", "netrunner"), False),
    ("boards --json", ("boards", "{f}", "--json"), False),
    ("boards -r 1", ("boards", "{f}", "-r", "1"), False),
    ("edit-player", ("edit-player", "{f}", "5", "--rating", "2100"), True),
    ("edit-event", ("edit-event", "{f}", "--name", "Renamed"), True),
    ("result -r 2", ("result", "{f}", "-r", "2", "1=+-"), True),
    ("unpair --force", ("unpair", "{f}", "--force"), True),
    ("forbid", ("forbid", "{f}", "1", "2"), True),
    ("add-player", ("add-player", "{f}", "Late Comer", "--rating", "2000"), True),
    ("edit-event --rounds", ("edit-event", "{f}", "--rounds", "999"), True),
    ("withdraw", ("withdraw", "{f}", "5"), True),
    ("withdraw --cancel", ("withdraw", "{f}", "5", "--cancel"), True),
    ("bye", ("bye", "{f}", "5"), True),
    ("unpair", ("unpair", "{f}"), True),
    ("force", ("force", "{f}", "1", "2"), True),
    ("next", ("next", "{f}"), True),
    ("pair", ("pair", "{f}", "-s", "dutch"), False),
    ("--dutch -p", ("--dutch", "{f}", "-p"), False),
    ("boards --go", ("boards", "{f}", "--go"), False),
    ("mcmahon results", ("mcmahon", "results", "{f}"), False),
    (
        "mcmahon results aga",
        ("mcmahon", "results", "{f}", "--format", "aga", "--allow-temporary-ids"),
        False,
    ),
    ("mcmahon bands", ("mcmahon", "bands", "{f}", "--dry-run"), False),
)

#: The commands above that refuse these files, the file unchanged: exit 2 for a bad
#: argument (a round past the last one), 1 when the tournament's state refuses (a
#: conflict: nobody to take back, results in the round to unpair, every round paired).
REFUSING: dict[str, int] = {
    "add-player": 2,
    "edit-event --rounds": 2,
    "withdraw": 1,  # every round is paired: a state conflict, saying what to do
    "withdraw --cancel": 1,
    "bye": 2,
    "unpair": 1,
    "force": 2,
    "next": 2,  # a TRF file names no system, and next takes none
    "pair": 1,
    "--dutch -p": 3,  # bbpPairings' code for a file with no round left (invalid request)
}


def _player_lines(text: str) -> dict[int, str]:
    """Pairing number -> 001 line (``\r`` of another layout's line ends removed)."""
    return {
        int(line[4:8]): line.rstrip("\r") for line in text.split("\n") if line.startswith("001 ")
    }


def _blocks(line: str) -> list[str]:
    """The round blocks of a 001 line (8 columns each, from column 92)."""
    return [line[start : start + 8] for start in range(91, len(line), 10)]


#: What the generator's results are worth: win, draw, loss, pairing-allocated bye.
_POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "U": Fraction(1)}


def _score(line: str, rounds: int) -> Fraction:
    """A player's points after the first ``rounds`` rounds, from his round blocks."""
    return sum((_POINTS[block[7]] for block in _blocks(line)[:rounds]), Fraction(0))


def _with_rank(line: str, rank: int) -> str:
    """A 001 line with ``rank`` in columns 86-89 (what saving a managed tournament fills
    in from the standings)."""
    return f"{line[:85]}{rank:>4}{line[89:]}"


@pytest.mark.slow
@pytest.mark.parametrize("shape", SHAPES, ids=[shape[0] for shape in SHAPES])
def test_every_command_on_ten_megabytes(shape: tuple[str, int, int], tmp_path: Path) -> None:
    """Every command that reads a file (but pairs none) on a valid 10 MB TRF, under a
    2 GB address-space cap: it succeeds or refuses as expected, and what it prints or
    writes is what the generated results say (points and scores summed here from the
    round blocks, the lines of the file edited here)."""
    name, players, rounds = shape
    source = write_large_trf(tmp_path / f"{name}.trf", players, rounds)
    text = source.read_text(encoding="utf-8")
    original = _player_lines(text)
    commands = []
    files = {}
    for label, args, changes in EVERY_COMMAND:
        target = source
        if changes:  # a copy of its own
            target = tmp_path / f"{label.replace(' ', '_').replace('-', '')}.trf"
            target.write_bytes(source.read_bytes())
        files[label] = target
        commands.append([a.format(f=target) for a in args])
    request = tmp_path / "request.jsonl"
    request.write_text(json.dumps({"id": 1, "trf": text}) + "\n", encoding="utf-8")
    commands.append(["batch", str(request)])
    outcomes = run_capped(commands, stdout=True)
    found = {label: outcome for (label, *_), outcome in zip(EVERY_COMMAND, outcomes, strict=False)}
    for (label, _args, changes), outcome in zip(EVERY_COMMAND, outcomes, strict=False):
        brief = {key: value for key, value in outcome.items() if key != "stdout"}
        assert float(str(outcome["maxrss_mb"])) < 2048, brief
        if label in REFUSING:
            assert outcome["code"] == REFUSING[label], brief
            errors = str(outcome["stderr"]).splitlines()
            assert len(errors) == 1 and errors[0].startswith("fairpair: error: "), brief
            if changes:
                assert files[label].read_bytes() == source.read_bytes(), label
        else:
            assert outcome["code"] == 0, brief
            assert "error" not in str(outcome["stderr"]), brief
    (answer,) = json.loads("[" + str(outcomes[-1]["stdout"]).strip() + "]")
    assert outcomes[-1]["code"] == 0 and answer["ok"] is False and answer["exit_code"] == 2

    # standings: every player's points are the sum of his results
    table = json.loads(str(found["standings --json"]["stdout"]))
    assert {row["number"]: Fraction(str(row["points"])) for row in table["rows"]} == {
        number: _score(line, rounds) for number, line in original.items()
    }
    ranks = {row["number"]: row["rank"] for row in table["rows"]}
    # boards: the scores before the last round
    boards = json.loads(str(found["boards --json"]["stdout"]))
    assert boards["round"] == rounds
    for board in boards["boards"]:
        for side in ("white", "black"):
            player = board[side]
            expected = _score(original[player["number"]], rounds - 1)
            assert Fraction(player["score"]) == expected, board
    # edit-player and edit-event: the field changed, the ranks filled in, the rest kept
    ranked = {n: _with_rank(line, ranks[n]) for n, line in original.items()}
    edited = _player_lines(files["edit-player"].read_text(encoding="utf-8"))
    line = ranked[5]
    assert edited == {**ranked, 5: f"{line[:48]}2100{line[52:]}"}
    renamed = files["edit-event"].read_text(encoding="utf-8")
    assert renamed.startswith("012 Renamed\n022 ") and _player_lines(renamed) == ranked
    # forbid: the same lines and an XXP record
    forbidden = files["forbid"].read_text(encoding="utf-8")
    records = [line for line in text.splitlines() if not line.startswith("001 ")]
    assert _player_lines(forbidden) == ranked
    assert [line for line in forbidden.splitlines() if not line.startswith("001 ")] == [
        *records,
        "XXP 1 2",
    ]
    # unpair --force: the last round's blocks gone, the others kept
    unpaired = _player_lines(files["unpair --force"].read_text(encoding="utf-8"))
    assert {n: _blocks(line) for n, line in unpaired.items()} == {
        n: _blocks(line.rstrip())[: rounds - 1] for n, line in original.items()
    }
    # result -r 2: one game of round 2 now a forfeit (none was), every other block kept
    changed = _player_lines(files["result -r 2"].read_text(encoding="utf-8"))
    differ = {
        n: (_blocks(original[n]), _blocks(line))
        for n, line in changed.items()
        if _blocks(line) != _blocks(original[n])
    }
    assert len(differ) == 2
    for before, after in differ.values():
        assert [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b] == [1]
        assert after[1][:6] == before[1][:6] and after[1][7] in "+-"
        assert int(after[1][:4]) in differ
    # McMahon's tables: a line per player, a game per line
    results = str(found["mcmahon results"]["stdout"]).splitlines()
    assert len(results) == players + 1
    report = str(found["mcmahon results aga"]["stdout"])
    assert report.startswith("TOURNEY ") and "\nGAMES\n" in report
    listing = str(found["boards --go"]["stdout"]).splitlines()
    assert listing[0] == f"Round {rounds}" and len(listing) >= 2 + players // 2


@pytest.mark.slow
def test_workflow_commands_in_another_layout_and_as_json(tmp_path: Path) -> None:
    """A command that rewrites a file read in another program's layout writes what it
    writes for fairpair's own file, with that file's line ends (the points and ranks
    it fills in are not the other program's); the JSON document (over the default
    ``file_bytes`` limit, raised here) gives the same standings as the TRF."""
    name, players, rounds = SHAPES[0]
    source = write_large_trf(tmp_path / f"{name}.trf", players, rounds)
    foreign = write_large_trf(tmp_path / f"{name}-foreign.trf", players, rounds, foreign=True)
    document = tmp_path / f"{name}.json"
    raised = {"FAIRPAIR_MAX_FILE_BYTES": str(64 * 1024 * 1024)}
    (outcome,) = run_capped([["convert", str(source), "-o", str(document)]], raised)
    _succeeded(outcome)
    copies = [tmp_path / f"copy{i}{path.suffix}" for i, path in enumerate((source, foreign))]
    for path, copy in zip((source, foreign), copies, strict=True):
        copy.write_bytes(path.read_bytes())
    commands = [["edit-player", str(copy), "5", "--rating", "2100"] for copy in copies]
    commands += [["standings", str(source)], ["standings", str(document)]]
    commands.append(["edit-event", str(document), "--name", "Renamed"])
    outcomes = run_capped(commands, raised, stdout=True)
    for outcome in outcomes:
        _succeeded({key: value for key, value in outcome.items() if key != "stdout"})
    assert copies[1].read_bytes() == copies[0].read_bytes().replace(b"\n", b"\r\n")
    assert outcomes[2]["stdout"] == outcomes[3]["stdout"]
    assert '"012", "Renamed"' in document.read_text(encoding="utf-8")


def _hostile_files() -> list[tuple[str, str]]:
    """Hostile files of about 10 MB: (name, text). Each must be refused."""
    big = large_trf(9999, 88, seed=5)  # a valid file of 9.7 MB
    lines = big.splitlines(keepends=True)
    last = lines[-1]
    colour = last[96]  # the colour of the last player's first round
    wrong_colour = last[:96] + ("b" if colour == "w" else "w") + last[97:]
    size = 10_000_000
    return [
        # one line of 10 MB
        ("one-line.trf", "012 " + "x" * size + "\n"),
        # ten megabytes of round blocks on one 001 line (far over the rounds limit)
        ("blocks.trf", lines[4].rstrip("\n") + "     2 w 1" * (size // 10) + "\n"),
        # 10 MB of lines that are not records: kept (with a few warnings, not 700,000)
        ("noise.trf", "012 Noise\n" + "? not a record\n" * (size // 15)),
        # 10 MB of blank lines and nothing else
        ("blank.trf", "\n" * size),
        # a valid file but for the colour of the very last round block
        ("late-colour.trf", "".join(lines[:-1]) + wrong_colour),
        # a valid file whose last line repeats a pairing number
        ("late-duplicate.trf", big + lines[4]),
        # an FPJ record of 10 MB
        ("fpj.trf", lines[4] + 'FPJ {"system": "' + "d" * size + '"}\n'),
        # XXP records forbidding far too many pairs
        ("xxp.trf", big + "XXP " + " ".join(str(n) for n in range(1, 9000)) + "\n"),
    ]


@pytest.mark.slow
def test_ten_megabytes_of_hostile_input_are_refused(tmp_path: Path) -> None:
    """Every command reading a file refuses each hostile 10 MB file: exit code 2, one
    error line, no traceback, under 2 GB and well within the hang guard."""
    for name, text in _hostile_files():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        commands = [
            [a.format(f=path, d=tmp_path) for a in args]
            for args in (
                ["convert", "{f}", "-o", "{d}/out.json"],
                ["standings", "{f}"],
                ["check", "{f}"],
                ["pair", "{f}", "-s", "dutch"],
                ["boards", "{f}"],
                ["crosstable", "{f}"],
            )
        ]
        for outcome in run_capped(commands):
            stderr = str(outcome["stderr"])
            assert "Traceback" not in stderr and "internal error" not in stderr, outcome
            if name == "noise.trf":  # lines kept as they are, a few warnings: accepted
                assert outcome["code"] in (0, 1, 2), outcome
                assert stderr.count("\n") <= 25, outcome
                continue
            assert outcome["code"] == 2, outcome
            errors = [line for line in stderr.splitlines() if line.startswith("fairpair: error")]
            assert len(errors) == 1, outcome
            assert float(str(outcome["maxrss_mb"])) < 2048, outcome
        path.unlink()
        out = tmp_path / "out.json"
        assert name == "noise.trf" or not out.exists(), name  # nothing written when refused
        out.unlink(missing_ok=True)
