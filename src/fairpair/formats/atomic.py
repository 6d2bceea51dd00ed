"""Atomic file writes: a file is either replaced completely or left as it was.

The data goes to a temporary file in the target's own directory (so that the final
rename stays on one file system), is flushed and synced to disk, and the temporary
file is then renamed over the target with :func:`os.replace`, which is atomic. If
anything fails on the way (a full disk, an interrupt), the temporary file is removed
and the target keeps its old content.

Example (``path`` is any file name)::

    from fairpair.formats.atomic import atomic_write_text

    atomic_write_text(path, "012 Club Championship\\n", newline="\\n")

An existing target keeps its permission bits; a new one gets the permissions a plain
``open(path, "w")`` would give it (``0o666`` less the umask: ``0o644`` with the usual
umask 022). A symbolic link is followed: the file it points to is replaced, the link
stays. A target that exists but is not a regular file (``/dev/stdout``, a named pipe)
cannot be replaced; it is written to directly.
"""

from __future__ import annotations

import contextlib
import os
import stat

__all__ = ["atomic_write_bytes", "atomic_write_many", "atomic_write_text"]


def atomic_write_text(
    path: str | os.PathLike[str],
    text: str,
    *,
    encoding: str = "utf-8",
    newline: str | None = None,
) -> None:
    """Write ``text`` to ``path`` atomically.

    ``newline`` works as for :func:`open`: None translates ``"\\n"`` to
    :data:`os.linesep`, ``""`` and ``"\\n"`` write the text unchanged, any other
    value replaces every ``"\\n"``. The text is encoded before anything is written.
    """
    if newline not in (None, "", "\n", "\r", "\r\n"):
        raise ValueError(f"illegal newline value: {newline!r}")
    end = os.linesep if newline is None else newline
    if end not in ("", "\n"):
        text = text.replace("\n", end)
    atomic_write_bytes(path, text.encode(encoding))


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (see the module documentation)."""
    atomic_write_many([(path, data)])


def atomic_write_many(items: list[tuple[str | os.PathLike[str], bytes]]) -> None:
    """Write several files as one: every file's data goes to its temporary file first,
    and only when all of them are written are they renamed over their targets; if one
    cannot be written (a missing folder, a full disk), none is touched.

    (Targets that are not regular files, such as ``/dev/stdout``, are written directly,
    after the others.)"""
    import tempfile  # here: not on the drop-in's path to stdout (see atomic_write_bytes)

    staged: list[tuple[str, str, int | None]] = []  # temporary file, target, old mode
    direct: list[tuple[str, bytes]] = []
    try:
        for path, data in items:
            target = _resolve(os.fspath(path))
            try:
                existing: int | None = os.stat(target).st_mode
            except FileNotFoundError:
                existing = None
            if existing is not None and not stat.S_ISREG(existing):
                direct.append((target, data))
                continue
            directory = os.path.dirname(target) or os.curdir
            fd, temp = tempfile.mkstemp(
                dir=directory, prefix="." + os.path.basename(target) + ".", suffix=".tmp"
            )
            staged.append((temp, target, existing))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(temp, _default_mode() if existing is None else stat.S_IMODE(existing))
        for temp, target, _ in staged:
            os.replace(temp, target)
    except BaseException:
        for temp, _, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(temp)
        raise
    for directory in {os.path.dirname(target) or os.curdir for _, target, _ in staged}:
        _sync_directory(directory)
    for target, data in direct:
        _write_in_place(target, data)


def _resolve(path: str) -> str:
    """``path``, or the file a symbolic link at ``path`` points to."""
    return os.path.realpath(path) if os.path.islink(path) else path


def _write_in_place(path: str, data: bytes) -> None:
    """Write to something that cannot be replaced (a device, a pipe)."""
    with open(path, "wb") as handle:
        handle.write(data)


def _default_mode() -> int:
    """The permissions of a newly created file: 0o666 less the process umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _sync_directory(directory: str) -> None:
    """Make the rename durable; not every system can open a directory (Windows)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
