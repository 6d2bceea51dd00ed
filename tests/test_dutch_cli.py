"""The Dutch tools around the engine, through the command line (issue: FIDE Dutch, "Done
when"): `generate` makes tournaments whose every round `check` accepts, and `check`
rejects a file in which two pairings of one round were swapped."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.cli import run
from fairpair.formats import trf
from fairpair.model import Game, Round


@pytest.mark.parametrize(
    ("players", "rounds", "seed", "extra"),
    [
        (24, 7, 1, []),
        (31, 9, 2, ["--forfeit-rate", "0.05", "--bye-rate", "0.05", "--absence-rate", "0.05"]),
        (12, 5, 3, ["--draw-rate", "0.6"]),
    ],
)
def test_generated_tournaments_pass_check_on_every_round(
    players: int, rounds: int, seed: int, extra: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "t.trf"
    argv = ["generate", "-s", "dutch", "-n", str(players), "-R", str(rounds)]
    assert run([*argv, "--seed", str(seed), *extra, "-o", str(path)]) == 0
    assert run(["check", "--system", "dutch", str(path), "--all"]) == 0
    assert run(["check", "--system", "dutch", str(path)]) == 0  # the last round
    assert run(["--dutch", str(path), "-c"]) == 0  # the bbpPairings-style checker


def test_check_rejects_two_swapped_pairings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.trf"
    argv = ["generate", "-s", "dutch", "-n", "20", "-R", "6", "--seed", "5"]
    assert run([*argv, "-o", str(path)]) == 0
    t, _ = trf.load(path)
    # Swap the black players of the first two boards of round 4 (results kept per board).
    games = list(t.round(4).games)
    a, b = games[0], games[1]
    games[0] = Game(a.white, b.black, a.white_result, a.black_result)
    games[1] = Game(b.white, a.black, b.white_result, b.black_result)
    bad = tmp_path / "swapped.trf"
    swapped = t.with_round(Round(4, tuple(games), t.round(4).byes))
    trf.dump(swapped.replace(format_hints={}), bad)
    capsys.readouterr()
    assert run(["check", "--system", "dutch", str(bad), "--round", "4"]) == 1
    out = capsys.readouterr().out
    assert "round 4" in out
    assert f"{a.white}-{a.black}" in out or f"{a.black}-{a.white}" in out
    assert run(["check", "--system", "dutch", str(bad), "--all"]) == 1
    # Rounds 1-3 are untouched and still check clean.
    for rnd in (1, 2, 3):
        assert run(["check", "--system", "dutch", str(bad), "--round", str(rnd)]) == 0
