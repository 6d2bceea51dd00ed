"""Issue 15: large inputs - reading, converting and ranking a valid file of about 10 MB,
and refusing a hostile one, in bounded time and memory.

The speed targets (10 s, 2 GB) are measured by ``benchmarks/large_input.py``; the
tests here run the same commands on the same generated files under a 2 GB address-space
cap with a generous time limit that only guards against a hang or a super-linear
regression (a machine shared by many jobs can be several times slower than the
benchmark's).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fairpair.formats import trf
from large_trf import (
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
#: address-space cap; prints exit code, stderr, seconds and the peak memory per command.
CAPPED = """
import contextlib, io, json, resource, sys, time
limit = 2 * 1024 ** 3
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from fairpair.cli import run
for line in sys.stdin:
    err = io.StringIO()
    start = time.monotonic()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = run(json.loads(line))
    print(json.dumps({"code": code, "stderr": err.getvalue()[:2000],
                      "seconds": time.monotonic() - start,
                      "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}),
          flush=True)
"""


def run_capped(
    commands: list[list[str]], env: dict[str, str] | None = None
) -> list[dict[str, object]]:
    """The commands one after the other in a capped process (with ``env`` added to
    the environment); their outcomes."""
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
        assert float(str(outcome["seconds"])) < HANG_GUARD, outcome
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
