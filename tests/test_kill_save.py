"""Issue 15: saves are atomic - a kill or a full disk leaves the old file or the new one.

* ``fairpair pair FILE --save FILE`` and the workflow's in-place saves (``next``,
  ``result``) are killed (SIGKILL) at random moments of their run (about 20 kills, a
  fixed seed); each time the file still reads, and is byte for byte either the old
  content or the content an uninterrupted run writes - never empty, truncated or mixed.
* The two moments that matter are hit on purpose too: a process held inside its
  fsync (the new content written to the temporary file, not yet renamed) and one held
  just after the rename.
* On a tiny tmpfs (64 KiB, mounted when running as root), a save that does not fit
  fails with exit code 2 and a clear message, and the old file is intact.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fairpair.cli import run
from fairpair.formats import load_tournament

#: Mid-size: saving takes a moment, a run a second or so.
PLAYERS = 100
SEED = 15


def run_cli(args: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = run(args)
    return code, err.getvalue()


def fairpair_command(args: list[str]) -> list[str]:
    return [sys.executable, "-m", "fairpair", *args]


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Dutch tournament of PLAYERS players with two rounds played (JSON)."""
    tmp = tmp_path_factory.mktemp("kill")
    players = tmp / "players.csv"
    players.write_text(
        "name,rating\n" + "".join(f"Player {n:03d},{2600 - 7 * n}\n" for n in range(PLAYERS))
    )
    path = tmp / "event.json"
    assert (
        run_cli(["new", str(players), "-o", str(path), "--system", "dutch", "--rounds", "9"])[0]
        == 0
    )
    for _ in range(2):
        assert run_cli(["next", str(path)])[0] == 0
        assert run_cli(["result", str(path), *all_results()])[0] == 0
    return path


def all_results() -> list[str]:
    return [f"{board}={'1-0' if board % 3 else '1/2'}" for board in range(1, PLAYERS // 2 + 1)]


def _finished(args: list[str], path: Path, old: bytes) -> tuple[bytes, float]:
    """The content an uninterrupted run leaves in ``path``, and how long it took; the old
    content is put back."""
    path.write_bytes(old)
    start = time.monotonic()
    proc = subprocess.run(fairpair_command(args), capture_output=True, check=False)
    elapsed = time.monotonic() - start
    assert proc.returncode == 0, proc.stderr
    new = path.read_bytes()
    assert new != old
    path.write_bytes(old)
    return new, elapsed


def _kill_at_random(
    args: list[str], path: Path, old: bytes, kills: int, rng: random.Random
) -> list[str]:
    """Kill ``fairpair ARGS`` ``kills`` times; what the file was after each kill (the
    old content is put back in the end)."""
    new, elapsed = _finished(args, path, old)
    seen = []
    for _ in range(kills):
        path.write_bytes(old)
        delay = rng.uniform(0.3 * elapsed, 1.1 * elapsed)
        proc = subprocess.Popen(
            fairpair_command(args), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        content = path.read_bytes()
        assert content in (old, new), f"killed after {delay:.2f} s: the file is mixed"
        load_tournament(path)  # and it reads
        seen.append("new" if content == new else "old")
    path.write_bytes(old)
    return seen


@pytest.fixture()
def workdir(event: Path, tmp_path: Path) -> Iterator[Path]:
    target = tmp_path / "event.json"
    target.write_bytes(event.read_bytes())
    yield tmp_path


def test_kill_pair_save_onto_its_input(workdir: Path) -> None:
    """``fairpair pair t.trf --save t.trf`` killed at random: old or new, never mixed."""
    trf_path = workdir / "event.trf"
    assert run_cli(["convert", str(workdir / "event.json"), "-o", str(trf_path)])[0] == 0
    old = trf_path.read_bytes()
    args = ["pair", str(trf_path), "--save", str(trf_path)]
    seen = _kill_at_random(args, trf_path, old, 8, random.Random(SEED))
    assert len(seen) == 8
    print(f"pair --save: {seen.count('old')} kills left the old file, {seen.count('new')} the new")


def test_kill_workflow_next_and_result(workdir: Path) -> None:
    """The workflow's in-place saves killed at random: ``next``, then ``result``."""
    path = workdir / "event.json"
    rng = random.Random(SEED + 1)
    old = path.read_bytes()
    seen = _kill_at_random(["next", str(path)], path, old, 6, rng)
    assert run_cli(["next", str(path)])[0] == 0
    paired = path.read_bytes()
    seen += _kill_at_random(["result", str(path), *all_results()], path, paired, 6, rng)
    assert len(seen) == 12
    print(f"next/result: {seen.count('old')} kills left the old file, {seen.count('new')} the new")


#: fairpair with one step of the atomic write held (``fsync``: the temporary file is
#: written, the target untouched; ``replace``: the target has just been replaced), so
#: that a kill lands exactly there. It says HELD on stderr when it gets there.
HELD = """
import os, sys, time
step = sys.argv[1]
real = getattr(os, step)
def held(*args):
    if step == "replace":
        real(*args)
    sys.stderr.write("HELD\\n"); sys.stderr.flush()
    time.sleep(60)
    if step != "replace":
        real(*args)
setattr(os, step, held)
from fairpair.cli import run
sys.exit(run(sys.argv[2:]))
"""


@pytest.mark.parametrize(("step", "expected"), [("fsync", "old"), ("replace", "new")])
@pytest.mark.parametrize("name", ["event.json", "event.trf"])
def test_kill_at_the_moments_that_matter(
    step: str, expected: str, name: str, workdir: Path
) -> None:
    path = workdir / name
    if name.endswith(".trf"):
        assert run_cli(["convert", str(workdir / "event.json"), "-o", str(path)])[0] == 0
    old = path.read_bytes()
    rounds_before = len(load_tournament(path)[0].rounds)
    args = ["pair", str(path), "--save", str(path)]
    proc = subprocess.Popen(
        [sys.executable, "-c", HELD, step, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    try:
        assert proc.stderr.readline() == "HELD\n"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stderr.close()
    if expected == "old":
        assert path.read_bytes() == old
    else:  # the whole new file: the paired round is there
        assert path.read_bytes() != old
        assert len(load_tournament(path)[0].rounds) == rounds_before + 1
    load_tournament(path)
    leftovers = [p.name for p in workdir.iterdir() if p.name.endswith(".tmp")]
    # a SIGKILL cannot clean up: the temporary file stays (hidden, never the target)
    assert all(p.startswith(f".{name}.") for p in leftovers)


# -- a full file system -----------------------------------------------------------------


@contextlib.contextmanager
def tiny_tmpfs(directory: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs mounted on ``directory`` (skips the test if that is impossible)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a size-limited tmpfs needs root (the test runs as a user)")
    directory.mkdir()
    proc = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(directory)],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {proc.stderr.strip() or proc.returncode}")
    try:
        yield directory
    finally:
        subprocess.run(["umount", str(directory)], check=False)


def _fill(directory: Path) -> None:
    """Fill the file system of ``directory`` up to the last byte."""
    fd = os.open(directory / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        for size in (4096, 256, 1):
            with contextlib.suppress(OSError):
                while os.write(fd, b"x" * size):
                    pass
    finally:
        os.close(fd)


@pytest.mark.parametrize("name", ["event.json", "event.trf"])
def test_a_full_disk_leaves_the_old_file(name: str, tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text("name,rating\n" + "".join(f"P{n},{2000 + n}\n" for n in range(40)))
    with tiny_tmpfs(tmp_path / "small") as small:
        path = small / name
        code, err = run_cli(["new", str(players), "-o", str(path), "-s", "dutch", "-R", "5"])
        assert code == 0, err
        old = path.read_bytes()
        _fill(small)
        for args in (
            ["add-player", str(path), "Newcomer"],
            ["next", str(path)],
            ["pair", str(path), "--save", str(path)],
        ):
            code, err = run_cli(args)
            assert code == 2, (args, err)
            assert f"{path}: cannot write file: No space left on device" in err, err
            assert path.read_bytes() == old
            load_tournament(path)
            assert sorted(p.name for p in small.iterdir()) == sorted([name, "filler"])
