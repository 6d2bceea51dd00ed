"""Atomic file writes (fairpair.formats.atomic) and the writers that use them."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from fairpair import formats
from fairpair.errors import InputError
from fairpair.formats import jsondoc, trf
from fairpair.formats.atomic import atomic_write_bytes, atomic_write_text
from fairpair.model import Player, Tournament

OLD = b"012 the old content\r\n001    1 ...\n"


def _tournament() -> Tournament:
    return Tournament(players=(Player(number=1, name="Alpha"), Player(number=2, name="Beta")))


def _unwritable() -> Tournament:
    """A tournament whose TRF rendering raises (a line break in a name)."""
    return Tournament(players=(Player(number=1, name="Alpha\nBeta"),))


def _leftovers(directory: Path, *keep: str) -> list[str]:
    return sorted(name for name in os.listdir(directory) if name not in keep)


def test_write_creates_and_replaces(tmp_path: Path) -> None:
    target = tmp_path / "t.trf"
    atomic_write_bytes(target, b"first\n")
    assert target.read_bytes() == b"first\n"
    atomic_write_bytes(target, b"second")
    assert target.read_bytes() == b"second"
    atomic_write_text(target, "caf\u00e9\nline\n", newline="\n")
    assert target.read_bytes() == "caf\u00e9\nline\n".encode()
    assert _leftovers(tmp_path) == ["t.trf"]


def test_text_newline_translation(tmp_path: Path) -> None:
    target = tmp_path / "t.txt"
    atomic_write_text(target, "a\nb\n", newline="\r\n")
    assert target.read_bytes() == b"a\r\nb\r\n"
    atomic_write_text(target, "a\r\nb\n", newline="")
    assert target.read_bytes() == b"a\r\nb\n"
    atomic_write_text(target, "a\nb\n")
    assert target.read_bytes() == ("a" + os.linesep + "b" + os.linesep).encode()
    with pytest.raises(ValueError, match="newline"):
        atomic_write_text(target, "x", newline="\t")
    assert target.read_bytes() == ("a" + os.linesep + "b" + os.linesep).encode()


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_failure_keeps_old_content_and_leaves_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    target = tmp_path / "t.trf"
    target.write_bytes(OLD)

    def broken(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, broken)
    with pytest.raises(OSError, match="No space left"):
        atomic_write_bytes(target, b"new content that never arrives")
    monkeypatch.undo()
    assert target.read_bytes() == OLD
    assert _leftovers(tmp_path) == ["t.trf"]


def test_interrupt_keeps_old_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "t.json"
    target.write_bytes(OLD)

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_text(target, "{}\n")
    monkeypatch.undo()
    assert target.read_bytes() == OLD
    assert _leftovers(tmp_path) == ["t.json"]


def test_failure_for_a_new_file_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        atomic_write_text(tmp_path / "new.trf", "012 x\n")
    monkeypatch.undo()
    assert _leftovers(tmp_path) == []


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
def test_permissions_of_an_existing_file_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "t.trf"
    target.write_bytes(OLD)
    os.chmod(target, 0o640)
    atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640
    os.chmod(target, 0o600)
    trf.dump(_tournament(), target)
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o600


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
def test_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    old_umask = os.umask(0o022)
    try:
        atomic_write_bytes(tmp_path / "new.trf", b"x")
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE(os.stat(tmp_path / "new.trf").st_mode) == 0o644


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_symbolic_link_is_followed(tmp_path: Path) -> None:
    real = tmp_path / "real.trf"
    real.write_bytes(OLD)
    link = tmp_path / "link.trf"
    link.symlink_to(real)
    atomic_write_bytes(link, b"new")
    assert link.is_symlink()
    assert real.read_bytes() == b"new"


def test_missing_directory_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        atomic_write_bytes(tmp_path / "no" / "such" / "dir.trf", b"x")
    assert _leftovers(tmp_path) == []


def test_trf_dump_that_cannot_render_leaves_the_target_unchanged(tmp_path: Path) -> None:
    target = tmp_path / "t.trf"
    target.write_bytes(OLD)
    with pytest.raises(InputError, match="line break"):
        trf.dump(_unwritable(), target)
    assert target.read_bytes() == OLD
    with pytest.raises(InputError, match="flavour"):
        trf.dump(_tournament(), target, flavour="nonsense")
    assert target.read_bytes() == OLD
    assert _leftovers(tmp_path) == ["t.trf"]


def test_save_tournament_that_cannot_render_leaves_the_target_unchanged(tmp_path: Path) -> None:
    target = tmp_path / "t.trf"
    target.write_bytes(OLD)
    with pytest.raises(InputError):
        formats.save_tournament(_unwritable(), target)
    assert target.read_bytes() == OLD
    assert _leftovers(tmp_path) == ["t.trf"]


def test_writers_go_through_atomic_replace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """trf.dump, jsondoc.dump and save_tournament all end in os.replace of a temp file."""
    replaced: list[tuple[str, str]] = []
    real_replace = os.replace

    def spy(src: str, dst: str) -> None:
        replaced.append((os.path.basename(src), os.path.basename(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    t = _tournament()
    trf.dump(t, tmp_path / "a.trf")
    jsondoc.dump(t, tmp_path / "b.json")
    formats.save_tournament(t, tmp_path / "c.trf")
    formats.save_tournament(t, tmp_path / "d.json")
    assert [dst for _src, dst in replaced] == ["a.trf", "b.json", "c.trf", "d.json"]
    assert all(src.endswith(".tmp") for src, _dst in replaced)
    assert (tmp_path / "a.trf").read_text() == trf.dumps(t)
    assert (tmp_path / "b.json").read_bytes() == jsondoc.dumps(t).encode()
    assert jsondoc.load(tmp_path / "d.json")[0] == t
    assert _leftovers(tmp_path) == ["a.trf", "b.json", "c.trf", "d.json"]


def test_cli_write_text_writes_files_atomically(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from fairpair.cli.common import write_text

    target = tmp_path / "pairing.txt"
    target.write_bytes(OLD)
    write_text("1\n1 2\n", str(target))
    assert target.read_bytes() == ("1" + os.linesep + "1 2" + os.linesep).encode()

    def broken(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(InputError, match="No space left"):
        write_text("other\n", str(target))
    monkeypatch.undo()
    assert target.read_bytes() == ("1" + os.linesep + "1 2" + os.linesep).encode()
    assert _leftovers(tmp_path) == ["pairing.txt"]
    write_text("to stdout\n", "-")
    assert capsys.readouterr().out == "to stdout\n"


@pytest.mark.parametrize("suffix", [".json", ".trf"])
def test_a_file_too_large_to_read_back_is_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, suffix: str
) -> None:
    """What fairpair writes it can read back: a text over the file_bytes limit is
    refused and the old file stays."""
    players = tuple(Player(n, f"Player {n:03d}") for n in range(1, 41))
    target = tmp_path / f"t{suffix}"
    target.write_text("old")
    monkeypatch.setenv("FAIRPAIR_MAX_FILE_BYTES", "1000")
    with pytest.raises(InputError) as caught:
        formats.save_tournament(Tournament(players=players), target)
    assert "FAIRPAIR_MAX_FILE_BYTES" in str(caught.value)
    assert str(target) in str(caught.value)
    assert target.read_text() == "old"
    monkeypatch.setenv("FAIRPAIR_MAX_FILE_BYTES", str(10**6))
    formats.save_tournament(Tournament(players=players), target)
    loaded, _ = formats.load_tournament(target)
    assert len(loaded.players) == 40
