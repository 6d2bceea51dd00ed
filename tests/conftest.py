"""Fixtures shared by the test modules (plain helpers are in helpers.py).

The web tests' databases: :func:`new_database` makes empty databases of each backend the
app supports, a temporary SQLite file and a real PostgreSQL server that the session
starts for itself (:func:`postgres`), skipped, saying why, when it cannot be had.
"""

from __future__ import annotations

import itertools
import subprocess
from collections.abc import Callable, Iterator

import pytest

from helpers import Postgres, pg_bindir


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
