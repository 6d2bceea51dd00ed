"""A real ``fairpair serve`` for a script: ``benchmarks/web.py`` (the web rows of
``make bench``) and ``docs/screenshots.py`` (``make screenshots``) start it the same way,
``with serving(f"{folder}/bench.sqlite") as url: ...``.

The server runs from the repository's root on a free loopback port with the Python that
runs the script, its output discarded; :func:`serving` waits until it answers its health
check (refusing with :class:`SystemExit` when it exits or does not answer in time) and
stops it when the block ends. A script outside ``benchmarks/`` imports it by putting
this folder on ``sys.path`` (it imports nothing of the repository's own).
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

__all__ = ["ROOT", "free_port", "serving"]

#: The repository's root (the server runs there).
ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serving(db: str, *, timeout: float = 60.0) -> Iterator[str]:
    """``fairpair serve`` on the database ``db`` (a SQLite path or a URL) and a free
    port, once it answers; its address (``http://127.0.0.1:PORT``). Stopped (terminated,
    then waited for) when the block ends, however it ends."""
    port = free_port()
    command = [sys.executable, "-m", "fairpair", "serve", "--db", db, "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--log-level", "warning"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + timeout
        while True:
            try:
                if httpx.get(f"{url}/api/v1/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if server.poll() is not None:
                raise SystemExit(f"the server exited (code {server.returncode}) before answering")
            if time.monotonic() > deadline:
                raise SystemExit(f"the server did not answer within {timeout:.0f} s")
            time.sleep(0.1)
        yield url
    finally:
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(30)
