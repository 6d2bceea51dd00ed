"""Fixtures shared by the test modules (plain helpers are in helpers.py).

:func:`fp` runs the command line in-process. The web tests' databases:
:func:`new_database` makes empty databases of each backend the app supports, a temporary
SQLite file and a real PostgreSQL server that the session starts for itself
(:func:`postgres`), skipped, saying why, when it cannot be had.
"""

from __future__ import annotations

import itertools
import subprocess
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from helpers import CHROMIUM, Postgres, Runner, Server, pg_bindir


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """The session's PostgreSQL server (skips, saying why, when it cannot be had)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (pip install 'psycopg[binary]')")
    bindir = pg_bindir()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    running = Postgres(bindir)
    try:
        running.start()
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        running.stop()
        pytest.fail(f"PostgreSQL is installed but did not start: {exc}")
    yield running
    running.stop()


#: The databases every server test runs on.
BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="module", params=BACKENDS)
def new_database(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Callable[[], str]:
    """Makes a new empty database of the backend: a SQLite path or a PostgreSQL URL."""
    if request.param == "postgresql":
        postgres: Postgres = request.getfixturevalue("postgres")
        return postgres.new_database
    counter = itertools.count(1)
    folder = tmp_path_factory.mktemp("sqlite")
    return lambda: str(folder / f"events_{next(counter)}.sqlite")


@pytest.fixture(scope="module")
def server(
    new_database: Callable[[], str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A real ``fairpair serve`` on a new database of each backend (a module may
    define its own ``server``, e.g. on one SQLite file for the browser tests)."""
    pytest.importorskip("fastapi", reason="the web extra is not installed")
    folder = tmp_path_factory.mktemp("web")
    running = Server(new_database(), folder / "server.log")
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def client(server: Server) -> Iterator[Any]:
    """An HTTP client of :func:`server`."""
    httpx = pytest.importorskip("httpx", reason="the web extra is not installed")
    with httpx.Client(base_url=server.url, timeout=60) as http:
        yield http


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (no browser download)."""
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright is not installed (pip install playwright)"
    )
    if CHROMIUM is None:
        pytest.skip("no Chromium installed (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        yield chromium
        chromium.close()


@pytest.fixture
def fp(capsys: pytest.CaptureFixture[str]) -> Runner:
    """Run the command line in-process: ``fp("result", path, "1=1-0")`` -> (exit code,
    stdout, stderr); arguments may be paths or numbers."""
    from fairpair.cli import run

    def call(*args: object) -> tuple[int, str, str]:
        code = run([str(a) for a in args])
        out, err = capsys.readouterr()
        return code, out, err

    return call
