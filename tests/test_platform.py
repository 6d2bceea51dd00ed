"""The platform contract of the drop-in (issue 27, ``docs/platforms.md``): fairpair
called as lichess calls bbpPairings.

lichess writes a TRF (``tests/helpers.py``, ``lichess_trf``: its own layout, players in
database order, no final newline, a file name without ``.trf``) and runs
``ENGINE --dutch FILE -p`` (under 250 players), ``--burstein`` (under 700) or ``--fast``;
it reads the pairing from stdout, ends the event when stderr contains
``No valid pairing exists`` or ``The number of rounds is larger than the reported
number of rounds.``, and retries every minute on anything else. Here: random events
played forward round by round through the drop-in, every pairing checked legal; the
two texts where they belong; bbpPairings' exit codes; the flag routing; and the
start-up path importing only what it needs.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from fairpair.cli import run
from fairpair.cli.compat import (
    COMPAT_FLAGS,
    FILE_ERROR,
    INVALID_REQUEST,
    LIMIT_EXCEEDED,
    NO_VALID_PAIRING,
    NO_VALID_PAIRING_TEXT,
    ROUNDS_EXCEEDED_TEXT,
    UNEXPECTED_ERROR,
)
from fairpair.systems import SYSTEMS
from helpers import (
    LichessPlayer,
    illegal_in,
    lichess_numbers,
    lichess_trf,
    play_lichess_round,
    read_pairs,
)

SRC = Path(__file__).resolve().parent.parent / "src"
#: Reference rounds of lichess-style events (``data/vectors/README.md``): bbpPairings
#: v5.0.1's pairing of each round, the file named as lichess names it (no ``.trf``).
VECTORS = Path(__file__).parent / "data" / "vectors" / "lichess-dutch-2017"
ROUNDS = sorted(VECTORS.glob("*-bbp"))
NOVALID = sorted((VECTORS / "novalid").glob("*-bbp"))
#: The texts lichess looks for; any other failure is retried every minute.
FINAL_TEXTS = (NO_VALID_PAIRING_TEXT, ROUNDS_EXCEEDED_TEXT)


def call(
    capsys: pytest.CaptureFixture[str], path: Path, flag: str = "--dutch"
) -> tuple[int, str, str]:
    """``fairpair FLAG FILE -p`` in-process: exit code, stdout, stderr."""
    capsys.readouterr()
    code = run([flag, str(path), "-p"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def subprocess_call(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The drop-in as a platform runs it: a fresh interpreter through the console
    script's entry point (``fairpair.cli:main``)."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    command = [sys.executable, "-c", "from fairpair.cli import main; main()"]
    return subprocess.run(
        [*command, *args, str(path), "-p"], capture_output=True, text=True, env=env, timeout=60
    )


def players(rng: random.Random, count: int, start: int = 0) -> list[LichessPlayer]:
    return [
        LichessPlayer(f"user{i:04d}", rng.randint(800, 2800)) for i in range(start, start + count)
    ]


# ----------------------------------------------------------------------- events played forward


def play_event(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    seed: int,
    size: int,
    rounds: int,
    flag: str = "--dutch",
) -> int:
    """Play a random lichess event forward through the drop-in; every pairing must be
    legal. Late joiners, absences (``0000 -``), forbidden pairs, forfeits and byes come
    at random. Returns the number of rounds paired (fewer than ``rounds`` when the
    engine said no valid pairing exists, which must then be true of a small field)."""
    rng = random.Random(seed)
    late = players(rng, max(1, size // 10), start=size)
    field = players(rng, size - len(late))
    users = [p.user for p in field]
    forbidden = [tuple(rng.sample(users, 2)) for _ in range(rng.randint(0, 2))]
    forbidden_pairs = [(a, b) for a, b in forbidden]
    path = tmp_path / f"lila-swiss-{seed}-bbp"  # lichess's temporary file: no .trf
    for rnd in range(1, rounds + 1):
        while late and rng.random() < 0.4:  # a late join: H in round 1, absent after
            joiner = late.pop()
            joiner.rounds = [(None, "", "H" if r == 1 else "-") for r in range(1, rnd)]
            field.append(joiner)
        for p in field:
            p.absent = rng.random() < (0.5 if p.absent else 0.05)
        path.write_text(lichess_trf(field, rounds=rounds, played=rnd - 1, forbidden=forbidden))
        code, out, err = call(capsys, path, flag)
        if code == NO_VALID_PAIRING:
            assert NO_VALID_PAIRING_TEXT in err, err
            present = sum(not p.absent for p in field)
            assert present <= 2 * rnd, f"round {rnd}: no pairing for {present} players?"
            return rnd - 1
        assert code == 0, f"round {rnd}: {err}"
        assert err == "", err  # a lichess file reads without a warning
        count, pairs = read_pairs(out)
        assert count == len(pairs) and out.endswith("\n")
        problems = illegal_in(field, pairs, forbidden_pairs)
        assert problems == [], f"round {rnd}: {problems}"
        play_lichess_round(field, pairs, rng)
    # one call too many: the event is over, in the words that end it on lichess
    for p in field:
        p.absent = False
    path.write_text(lichess_trf(field, rounds=rounds, played=rounds, forbidden=forbidden))
    code, out, err = call(capsys, path, flag)
    assert (code, out) == (INVALID_REQUEST, "")
    assert ROUNDS_EXCEEDED_TEXT in err
    return rounds


@pytest.mark.parametrize(
    ("seed", "size", "rounds"),
    [(1, 10, 5), (2, 11, 7), (3, 16, 6), (4, 25, 9), (5, 40, 8), (6, 7, 9), (7, 60, 5)],
)
def test_random_events_are_paired_legally(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, seed: int, size: int, rounds: int
) -> None:
    assert play_event(capsys, tmp_path, seed, size, rounds) >= 1


@pytest.mark.parametrize(("seed", "size", "rounds"), [(11, 249, 7), (12, 400, 6), (13, 1000, 5)])
def test_large_random_events_are_paired_legally(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, seed: int, size: int, rounds: int
) -> None:
    flag = "--dutch" if size < 250 else "--fast"  # what lichess calls at each size
    assert play_event(capsys, tmp_path, seed, size, rounds, flag) == rounds


def test_fast_is_the_exact_dutch_pairing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rng = random.Random(5)
    field = players(rng, 30)
    for rnd in range(1, 4):
        path = tmp_path / "event"
        path.write_text(lichess_trf(field, rounds=5, played=rnd - 1))
        dutch = call(capsys, path, "--dutch")
        fast = call(capsys, path, "--fast")
        assert dutch[0] == 0 and dutch == fast
        play_lichess_round(field, read_pairs(dutch[1])[1], rng)


# ------------------------------------------------------------------- the reference rounds


def _case_id(path: Path) -> str:
    return path.name.removesuffix("-bbp")


@pytest.mark.parametrize("case", ROUNDS, ids=_case_id)
def test_lichess_rounds_are_bbppairings_rounds(
    capsys: pytest.CaptureFixture[str], case: Path
) -> None:
    """Every round of the reference events: the same pairs and colours as bbpPairings,
    through ``--dutch`` and ``--fast`` alike (board order aside)."""
    expected = read_pairs(case.with_name(_case_id(case) + ".expected").read_text())
    for flag in ("--dutch", "--fast"):
        code, out, err = call(capsys, case, flag)
        assert (code, err) == (0, "")
        count, pairs = read_pairs(out)
        assert count == expected[0]
        assert sorted(pairs) == sorted(expected[1])


@pytest.mark.parametrize("case", NOVALID, ids=_case_id)
def test_lichess_rounds_without_a_valid_pairing(
    capsys: pytest.CaptureFixture[str], case: Path
) -> None:
    code, out, err = call(capsys, case)
    assert (code, out) == (NO_VALID_PAIRING, "")
    assert NO_VALID_PAIRING_TEXT in err


def test_the_reference_rounds_are_there() -> None:
    assert len(ROUNDS) >= 90 and len(NOVALID) >= 3
    sizes = {int(p.name.split("_")[1].removeprefix("n")) for p in ROUNDS}
    assert min(sizes) <= 10 and max(sizes) >= 900  # 10 to 1,000 players


# ------------------------------------------------------------------- the texts that end events


def _round_robin_four() -> list[LichessPlayer]:
    """Four players who have all met (rounds 1-3 of a round robin)."""
    field = [LichessPlayer(u, r) for u, r in (("ann", 2000), ("bob", 1900), ("cyd", 1800))]
    field.append(LichessPlayer("dan", 1700))
    ann, bob, cyd, dan = field
    for a, b in ((ann, bob), (cyd, dan)), ((ann, cyd), (bob, dan)), ((ann, dan), (bob, cyd)):
        for white, black in (a, b):
            white.rounds.append((black.user, "w", "1"))
            black.rounds.append((white.user, "b", "0"))
    return field


def test_no_valid_pairing_when_everyone_has_met(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "lila-swiss-rr-bbp"
    path.write_text(lichess_trf(_round_robin_four(), rounds=5, played=3))
    code, out, err = call(capsys, path)
    assert (code, out) == (NO_VALID_PAIRING, "")
    assert NO_VALID_PAIRING_TEXT in err and ROUNDS_EXCEEDED_TEXT not in err
    assert err.startswith("fairpair: error: ") and err.count("\n") == 1
    # as a platform runs it: a fresh process, the same code and text
    done = subprocess_call(path, "--dutch")
    assert done.returncode == NO_VALID_PAIRING and done.stdout == ""
    assert NO_VALID_PAIRING_TEXT in done.stderr


def test_no_valid_pairing_for_a_forbidden_pair_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    field = [LichessPlayer("ann", 2000), LichessPlayer("bob", 1900)]
    path = tmp_path / "event"
    path.write_text(lichess_trf(field, rounds=3, played=0, forbidden=[("ann", "bob")]))
    code, _, err = call(capsys, path)
    assert code == NO_VALID_PAIRING and NO_VALID_PAIRING_TEXT in err


def test_rounds_exceeded_when_every_round_is_paired(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "event"
    path.write_text(lichess_trf(_round_robin_four(), rounds=3, played=3))
    code, out, err = call(capsys, path)
    assert (code, out) == (INVALID_REQUEST, "")
    assert ROUNDS_EXCEEDED_TEXT in err and NO_VALID_PAIRING_TEXT not in err
    # the director lowered the number of rounds below those played (more round blocks
    # than XXR): the same text
    path.write_text(lichess_trf(_round_robin_four(), rounds=2, played=3))
    code, out, err = call(capsys, path)
    assert (code, out) == (INVALID_REQUEST, "")
    assert ROUNDS_EXCEEDED_TEXT in err


def test_a_game_in_progress_is_retried_not_ended(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``Z`` (a game still being played) is no pairing input: a failure without either
    text, so the platform tries again a minute later, when the game is over."""
    field = _round_robin_four()
    playing = {"ann", field[0].rounds[-1][0]}  # ann and her round 3 opponent
    for p in field:
        if p.user in playing:
            opponent, side, _ = p.rounds[-1]
            p.rounds[-1] = (opponent, side, "Z")
    path = tmp_path / "event"
    path.write_text(lichess_trf(field, rounds=5, played=3))
    code, out, err = call(capsys, path)
    assert code == INVALID_REQUEST and out == ""
    assert not any(text in err for text in FINAL_TEXTS), err


# ----------------------------------------------------------------------- invocation and output


def test_output_to_stdout_or_to_a_file_whatever_the_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rng = random.Random(3)
    field = players(rng, 9)
    field[4].absent = True
    path = tmp_path / "lila-swiss-x1-3-4567-bbp"
    text = lichess_trf(field, rounds=4, played=0)
    assert not text.endswith("\n")
    path.write_text(text)
    code, out, err = call(capsys, path)
    assert (code, err) == (0, "")
    count, pairs = read_pairs(out)
    assert count == 4 and illegal_in(field, pairs) == []  # 8 present: no bye
    absent = lichess_numbers(field)[field[4].user]
    assert all(absent not in pair for pair in pairs)
    target = tmp_path / "pairing.out"
    assert run(["--dutch", str(path), "-p", str(target)]) == 0
    assert target.read_text() == out and capsys.readouterr().out == ""
    # a fresh process writes the same bytes to stdout
    done = subprocess_call(path, "--dutch")
    assert (done.returncode, done.stdout, done.stderr) == (0, out, "")


def test_record_192_still_selects_the_dutch_edition(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Without record 192 the drop-in pairs by the 2017 rules, with it by the edition
    it names: the same pairings as ``fairpair pair --system dutch-2017 / -2026``."""
    rng = random.Random(8)
    field = players(rng, 14)
    for rnd in range(1, 4):
        plain = tmp_path / "plain"
        plain.write_text(lichess_trf(field, rounds=6, played=rnd - 1))
        marked = tmp_path / "marked"
        marked.write_text("192 FIDE_DUTCH_2026\n" + plain.read_text())
        for path, system in ((plain, "dutch-2017"), (marked, "dutch-2026")):
            code, out, _ = call(capsys, path)
            assert code == 0
            assert run(["pair", "--system", system, str(path)]) == 0
            assert capsys.readouterr().out.endswith(out)
        play_lichess_round(field, read_pairs(call(capsys, plain)[1])[1], rng)


# ------------------------------------------------------------------------------- exit codes


def test_a_game_without_result_is_an_invalid_request_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A round cannot be paired while an earlier game has no result (blank): bbpPairings'
    code for an invalid request, one line on stderr, neither final text."""
    lines = lichess_trf(_round_robin_four(), rounds=5, played=3).split("\n")
    lines = [line[:-1] + " " if line.startswith("001") else line for line in lines]
    path = tmp_path / "event"
    path.write_text("\n".join(lines))
    code, out, err = call(capsys, path)
    assert (code, out) == (INVALID_REQUEST, "")
    errors = [line for line in err.splitlines() if not line.startswith("fairpair: warning:")]
    assert len(errors) == 1 and "have no result" in errors[0] and "board" in errors[0]
    assert not any(text in err for text in FINAL_TEXTS)


def test_exit_codes_are_bbppairings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = tmp_path / "good"
    good.write_text(lichess_trf(players(random.Random(1), 6), rounds=3, played=0))
    # 3: an invalid request (usage, a malformed file)
    assert run(["--dutch", str(good)]) == INVALID_REQUEST
    bad = tmp_path / "bad"
    bad.write_text(good.read_text().replace("XXR 3", "XXR x"))
    assert run(["--dutch", str(bad), "-p"]) == INVALID_REQUEST
    # 5: a file that cannot be read or written
    assert run(["--dutch", str(tmp_path / "missing"), "-p"]) == FILE_ERROR
    assert run(["--dutch", str(tmp_path), "-p"]) == FILE_ERROR
    assert run(["--dutch", str(good), "-p", str(tmp_path / "no" / "dir" / "out")]) == FILE_ERROR
    # 4: over a size limit
    monkeypatch.setenv("FAIRPAIR_MAX_PLAYERS", "4")
    assert run(["--dutch", str(good), "-p"]) == LIMIT_EXCEEDED
    monkeypatch.delenv("FAIRPAIR_MAX_PLAYERS")
    # 2: an unexpected error (a bug), one line, no traceback
    from fairpair import workflow

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(workflow, "pair_round", broken)
    capsys.readouterr()
    assert run(["--dutch", str(good), "-p"]) == UNEXPECTED_ERROR
    err = capsys.readouterr().err
    assert "internal error" in err and "Traceback" not in err
    assert not any(text in err for text in FINAL_TEXTS)


# ------------------------------------------------------------------------------ flag routing


def test_flags_route_to_registered_systems() -> None:
    assert COMPAT_FLAGS["--dutch"] == COMPAT_FLAGS["--fast"] == "dutch"
    assert COMPAT_FLAGS["--burstein"] == "burstein"
    assert all(name in SYSTEMS or name == "burstein" for name in COMPAT_FLAGS.values())


@pytest.mark.skipif("burstein" in SYSTEMS, reason="the Burstein system is registered")
def test_burstein_before_its_engine_is_not_implemented_yet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "event"
    path.write_text(lichess_trf(players(random.Random(2), 8), rounds=3, played=0))
    code, out, err = call(capsys, path, "--burstein")
    assert (code, out) == (INVALID_REQUEST, "")
    assert "not implemented yet" in err and "Usage:" not in err and err.count("\n") == 1
    assert not any(text in err for text in FINAL_TEXTS)
    done = subprocess_call(path, "--burstein")  # the console script's path (compat.main)
    assert (done.returncode, done.stdout, done.stderr) == (code, out, err)


def test_burstein_runs_whatever_is_registered_under_its_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Registering ``burstein`` in ``fairpair.systems.SYSTEMS`` is all the flag needs
    (here a stand-in: the Dutch descriptor under that name; registered but not built:
    not implemented yet)."""
    path = tmp_path / "event"
    path.write_text(lichess_trf(players(random.Random(2), 8), rounds=3, played=0))
    monkeypatch.setitem(SYSTEMS, "burstein", None)
    code, _, err = call(capsys, path, "--burstein")
    assert code == INVALID_REQUEST and "not implemented yet" in err
    monkeypatch.setitem(SYSTEMS, "burstein", "fairpair.systems.dutch.descriptor:DUTCH")
    code, out, err = call(capsys, path, "--burstein")
    assert (code, err) == (0, "")
    assert out == call(capsys, path, "--dutch")[1]


# ------------------------------------------------------------------------------- start-up


def test_the_drop_in_imports_only_what_it_needs(tmp_path: Path) -> None:
    """No click, web app, JSON schema, rich or tie-breaks on the platform's path
    (``docs/platforms.md``: the start-up measured by ``make bench``)."""
    path = tmp_path / "event"
    path.write_text(lichess_trf(players(random.Random(4), 10), rounds=5, played=0))
    script = (
        "import sys\n"
        "from fairpair.cli import run\n"
        f"code = run(['--dutch', {str(path)!r}, '-p'])\n"
        "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    loaded = set(done.stderr.split())
    unwanted = {
        "click",
        "rich",
        "jsonschema",
        "fastapi",
        "sqlalchemy",
        "fairpair.web",
        "fairpair.cli.app",
        "fairpair.tiebreaks",
        "fairpair.standings",
        "fairpair.formats.jsondoc",
        "fairpair.rendering",
        "fairpair.workflow.batch",
        "fairpair.workflow.create",
        "tempfile",
    }
    assert sorted(loaded & unwanted) == []
    assert "fairpair.systems.dutch" in loaded


def test_help_stays_complete(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--help"]) == 0
    out = capsys.readouterr().out
    for word in ("--dutch", "--fast", "--burstein", "pair", "check", "serve", "mcmahon", "seed"):
        assert word in out, word
    assert "exact Dutch" in out
