"""Where the web app keeps its tournaments: SQLite by default, PostgreSQL by URL.

Each tournament is one row holding its whole JSON document
(:mod:`fairpair.formats.jsondoc`) and a version counter. A change is
:meth:`Store.change`: read the tournament, apply a workflow function to it, and write
the new document in one short transaction that first checks the version is still the
one read (optimistic locking; the row is also locked with ``SELECT ... FOR UPDATE`` on
PostgreSQL, and SQLite write transactions start with ``BEGIN IMMEDIATE``). When
another writer got there first, the change is computed again on the new version, so
concurrent writes never lose an update, and a failed or refused change writes nothing.

SQLite runs in WAL mode with ``synchronous=FULL``: a change acknowledged to a client is
on disk, and a ``kill -9`` of the server at any moment loses no committed change.

Bearer tokens are stored as their SHA-256, never in clear.

>>> import tempfile, os
>>> from fairpair.model import Player, Tournament
>>> folder = tempfile.mkdtemp()
>>> store = Store(os.path.join(folder, "t.sqlite"))
>>> tid, token = store.create(Tournament(players=(Player(1, "Ann"),), system="dutch"))
>>> store.grant(token).role, store.get(tid).version
('director', 1)
>>> stored, _ = store.change(tid, lambda t: (t.replace(total_rounds=5), None))
>>> stored.version, store.get(tid).tournament.total_rounds
(2, 5)
>>> store.close()
"""

from __future__ import annotations

import datetime
import hashlib
import json
import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    Connection,
    CursorResult,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from fairpair import limits
from fairpair.formats import check_limits, jsondoc
from fairpair.model import Tournament
from fairpair.systems import sides_of
from fairpair.web.schema import meta, prepared, reports, tokens, tournaments
from fairpair.workflow.rounds import tournament_name

__all__ = [
    "ROLES",
    "Conflict",
    "Grant",
    "LastDirectorToken",
    "NotFound",
    "Prepared",
    "Report",
    "Store",
    "Stored",
    "Summary",
    "TokenInfo",
    "database_url",
    "display_url",
    "hash_token",
    "storable_document",
]

#: Roles a token can have: the director does everything; an arbiter enters results; a
#: player reports the result of his own games (the director confirms it).
ROLES = ("director", "arbiter", "player")

#: How often a change is recomputed when other writers keep changing the tournament.
MAX_ATTEMPTS = 200

#: The PostgreSQL advisory lock held while the schema is migrated.
MIGRATION_LOCK = 0x66616972  # "fair"

#: Parsed tournaments kept in memory (by id, checked against the stored version).
CACHE_SIZE = 256

R = TypeVar("R")


class NotFound(LookupError):
    """No tournament with this id."""


class LastDirectorToken(RuntimeError):
    """Revoking this token would leave the tournament without a director token."""


class Conflict(RuntimeError):
    """The tournament changed under every one of :data:`MAX_ATTEMPTS` attempts."""


@dataclass(frozen=True)
class Stored:
    """A tournament as stored: its id, the tournament, its version and timestamps."""

    id: str
    tournament: Tournament
    version: int
    created_at: str
    updated_at: str


@dataclass(frozen=True)
class Summary:
    """One line of the tournament list."""

    id: str
    name: str
    system: str
    version: int
    created_at: str
    updated_at: str


@dataclass(frozen=True)
class Grant:
    """What a token allows: its tournament, its role and (players) the pairing number."""

    tournament_id: str
    role: str
    player: int | None
    #: When the token expires (UTC, ISO 8601), None if never.
    expires_at: str | None = None

    @property
    def expired(self) -> bool:
        return _expired(self.expires_at)


#: What a token's listing reads (never its text: the hash gives its id).
_TOKEN_COLUMNS = (
    tokens.c.token_hash,
    tokens.c.role,
    tokens.c.player,
    tokens.c.created_at,
    tokens.c.expires_at,
)


def _expired(expires_at: str | None) -> bool:
    """Whether a token that expires at ``expires_at`` (None: never) has expired."""
    return expires_at is not None and expires_at <= _now()


@dataclass(frozen=True)
class TokenInfo:
    """An issued token as the director sees it: never its text, an id to revoke it."""

    id: str
    role: str
    player: int | None
    created_at: str
    expires_at: str | None

    @property
    def expired(self) -> bool:
        return _expired(self.expires_at)


@dataclass(frozen=True)
class Report:
    """A result reported by a player, waiting for the director's confirmation."""

    id: int
    round: int
    board: int
    player: int
    result: str
    created_at: str


@dataclass(frozen=True)
class Prepared:
    """A value the public pages show of a tournament, as stored (see
    :meth:`Store.save_prepared`): what it is (``key``), the tournament version and the
    code it was made from, how long it took to make, and its bytes."""

    key: str
    version: int
    made_by: str
    millis: int
    data: bytes


def storable_document(t: Tournament) -> str:
    """The JSON document of ``t``, checked against the limits its reader applies (the
    same functions, :func:`fairpair.formats.check_limits` and the ``file_bytes`` limit):
    what is stored can always be read back. Over a limit:
    :class:`~fairpair.limits.LimitExceeded`, and nothing is written."""
    check_limits(t)
    document = jsondoc.dumps(t, sides=sides_of(t.system))
    size = len(document.encode("utf-8"))
    limits.check("file_bytes", size, "bytes of the tournament's document")
    return document


def _read(document: str, file: str) -> Tournament:
    """A stored document read back: the store wrote it itself (with
    :func:`storable_document`, from Python dicts: no key twice in an object), and has
    no use for the reader's warnings (an imported TRF's points column that disagrees
    with the results entered since), which are not made (0.2 s at 10,000 players)."""
    t, _ = jsondoc.loads(document, file=file, unique_keys=True, warnings=False)
    return t


def display_url(db: str) -> str:
    """``db`` as it may be shown in a log or a message: a URL's password masked.

    >>> display_url("postgresql://ann:secret@db.example/events")
    'postgresql://ann:***@db.example/events'
    >>> display_url("events.sqlite")
    'events.sqlite'
    """
    if "://" not in db:
        return db
    try:
        return make_url(db).render_as_string(hide_password=True)
    except Exception:  # not a URL SQLAlchemy can read: show only its scheme
        return db.split("://", 1)[0] + "://..."


def database_url(db: str) -> str:
    """A SQLAlchemy URL for ``db``: a URL is kept (``sqlite:///x``,
    ``postgresql+psycopg://...``), except that a PostgreSQL URL naming no driver
    (``postgresql://``, ``postgres://``) gets psycopg 3, the driver of the
    ``postgresql`` extra; anything else is the path of a SQLite file.

    >>> database_url("postgres://ann@db.example/events")
    'postgresql+psycopg://ann@db.example/events'
    >>> database_url("sqlite:///x.sqlite")
    'sqlite:///x.sqlite'
    """
    if "://" in db:
        scheme, _, rest = db.partition("://")
        if scheme in ("postgresql", "postgres"):
            return f"postgresql+psycopg://{rest}"
        return db
    return f"sqlite:///{Path(db).expanduser().resolve()}"


#: The longest id a tournament can have (the ``tournaments.id`` column).
MAX_ID = 32
#: The longest name kept in the ``tournaments.name`` column (the document has it all).
MAX_NAME = 1000


def _valid_id(tid: str) -> bool:
    """Whether ``tid`` can be a stored id at all (PostgreSQL refuses NUL characters in
    text and a longer value than the column: such an id is simply not found)."""
    return 0 < len(tid) <= MAX_ID and "\x00" not in tid


def _column_name(t: Tournament) -> str:
    """The tournament's name as kept in its ``name`` column: no NUL (PostgreSQL text
    cannot hold one), at most :data:`MAX_NAME` characters."""
    return tournament_name(t).replace("\x00", "")[:MAX_NAME]


def hash_token(token: str) -> str:
    """The stored form of a token: the hex SHA-256 of its text."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


#: The hex digits of a token's SHA-256 that make its id (64 bits: public, since a hash
#: does not give back the token, and enough to tell the tokens of a tournament apart).
TOKEN_ID_DIGITS = 16


def token_id(token_hash: str) -> str:
    """The public id of a stored token: the start of its SHA-256."""
    return token_hash[:TOKEN_ID_DIGITS]


def new_token() -> str:
    """A fresh bearer token (192 random bits, URL-safe)."""
    return secrets.token_urlsafe(24)


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")


class Store:
    """The tournaments of one database (see the module docstring).

    Thread-safe: the web server calls it from many threads at once. ``migrate`` (the
    default) brings the schema to the newest Alembic revision first.
    """

    def __init__(self, db: str, *, migrate: bool = True) -> None:
        self.url = database_url(db)
        #: The URL to show in logs and messages: the password masked.
        self.display_url = display_url(self.url)
        self.dialect = make_url(self.url).get_backend_name()
        if self.dialect == "sqlite":
            self.engine = create_engine(
                self.url,
                pool_size=8,
                max_overflow=32,
                connect_args={"timeout": 60, "check_same_thread": False},
            )
            event.listen(self.engine, "connect", _sqlite_connect)
            event.listen(self.engine, "begin", _sqlite_begin)
        else:
            self.engine = create_engine(self.url, pool_pre_ping=True, pool_size=8, max_overflow=32)
        self._cache: OrderedDict[str, Stored] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}
        self._parsing: dict[str, threading.Lock] = {}
        self._locks_lock = threading.Lock()
        self._secrets: dict[str, bytes] = {}
        if migrate:
            self.migrate()

    # ------------------------------------------------------------------ plumbing

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    def migrate(self) -> None:
        """Upgrade the schema to the newest revision (Alembic, run in-process)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self._writing() as connection:
            if self.dialect == "postgresql":
                # servers starting together on one database migrate one at a time (on
                # SQLite, BEGIN IMMEDIATE already serialises them)
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK}
                )
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def schema_revision(self) -> str | None:
        """The Alembic revision the database is at."""
        from alembic.runtime.migration import MigrationContext

        with self.engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()

    @contextmanager
    def _reading(self) -> Iterator[Connection]:
        with self.engine.connect() as connection, connection.begin():
            yield connection

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        with self.engine.connect() as connection:
            connection.execution_options(fairpair_write=True)
            with connection.begin():
                yield connection

    def _lock_of(self, tid: str) -> threading.Lock:
        with self._locks_lock:
            lock = self._locks.get(tid)
            if lock is None:
                lock = self._locks[tid] = threading.Lock()
            return lock

    def _parse_lock_of(self, tid: str) -> threading.Lock:
        """The lock held while a version of ``tid`` is parsed (readers only: a writer
        never waits for it)."""
        with self._locks_lock:
            lock = self._parsing.get(tid)
            if lock is None:
                lock = self._parsing[tid] = threading.Lock()
            return lock

    def _cached(self, tid: str) -> Stored | None:
        with self._cache_lock:
            return self._cache.get(tid)

    def _remember(self, stored: Stored) -> None:
        with self._cache_lock:
            known = self._cache.get(stored.id)
            if known is not None and known.version > stored.version:
                return  # a writer kept a newer one meanwhile
            self._cache[stored.id] = stored
            self._cache.move_to_end(stored.id)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    def _forget(self, tid: str) -> None:
        with self._cache_lock:
            self._cache.pop(tid, None)

    # ------------------------------------------------------------------ tournaments

    def create(self, t: Tournament) -> tuple[str, str]:
        """Store a new tournament; return its id and a new director token."""
        document = storable_document(t)
        back = _read(document, "new tournament")  # what is stored must read back
        tid = secrets.token_hex(6)
        token = new_token()
        now = _now()
        with self._writing() as connection:
            connection.execute(
                insert(tournaments).values(
                    id=tid,
                    name=_column_name(t),
                    system=t.system or "",
                    document=document,
                    version=1,
                    created_at=now,
                    updated_at=now,
                )
            )
            connection.execute(
                insert(tokens).values(
                    token_hash=hash_token(token),
                    tournament_id=tid,
                    role="director",
                    player=None,
                    created_at=now,
                )
            )
        # what was read back is what the next reader would parse: kept parsed for it
        self._remember(Stored(tid, back, 1, now, now))
        return tid, token

    def get(self, tid: str) -> Stored:
        """The tournament ``tid`` as stored now (raises :class:`NotFound`)."""
        if not _valid_id(tid):
            raise NotFound(tid)
        with self._reading() as connection:
            row = connection.execute(
                select(
                    tournaments.c.version, tournaments.c.created_at, tournaments.c.updated_at
                ).where(tournaments.c.id == tid)
            ).one_or_none()
            if row is None:
                raise NotFound(tid)
            cached = self._cached(tid)
            if cached is not None and cached.version == row.version:
                return cached
        # one reader parses a version, the others asking meanwhile wait for it (after
        # a start every open page may ask at once: 0.2-0.5 s each at 10,000 players),
        # holding no connection while they wait
        with self._parse_lock_of(tid):
            cached = self._cached(tid)
            if cached is not None and cached.version >= row.version:
                return cached
            with self._reading() as connection:
                found = connection.execute(
                    select(
                        tournaments.c.document,
                        tournaments.c.version,
                        tournaments.c.created_at,
                        tournaments.c.updated_at,
                    ).where(tournaments.c.id == tid)
                ).one_or_none()
            if found is None:
                raise NotFound(tid)
            t = _read(found.document, f"tournament {tid}")
            stored = Stored(tid, t, found.version, found.created_at, found.updated_at)
            self._remember(stored)
        return stored

    def version(self, tid: str) -> int:
        """The version of ``tid`` as stored now: one small read, no document (what a
        live page asks every few seconds). Raises :class:`NotFound`."""
        if not _valid_id(tid):
            raise NotFound(tid)
        with self._reading() as connection:
            found: int | None = connection.execute(
                select(tournaments.c.version).where(tournaments.c.id == tid)
            ).scalar_one_or_none()
        if found is None:
            raise NotFound(tid)
        return found

    def settings(self, tid: str) -> dict[str, Any]:
        """The event settings of ``tid`` (a JSON object; ``{}`` when none was set)."""
        if not _valid_id(tid):
            raise NotFound(tid)
        with self._reading() as connection:
            row = connection.execute(
                select(tournaments.c.settings).where(tournaments.c.id == tid)
            ).one_or_none()
        if row is None:
            raise NotFound(tid)
        return _settings_of(row.settings)

    def set_settings(self, tid: str, changes: dict[str, Any]) -> dict[str, Any]:
        """Merge ``changes`` into the event settings of ``tid`` (one transaction, the
        row locked); return them all. The tournament's version is not raised: the
        settings are not part of its document."""
        if not _valid_id(tid):
            raise NotFound(tid)
        with self._writing() as connection:
            row = connection.execute(
                select(tournaments.c.settings).where(tournaments.c.id == tid).with_for_update()
            ).one_or_none()
            if row is None:
                raise NotFound(tid)
            merged = {**_settings_of(row.settings), **changes}
            connection.execute(
                update(tournaments)
                .where(tournaments.c.id == tid)
                .values(settings=json.dumps(merged, sort_keys=True))
            )
        return merged

    def document(self, tid: str) -> str:
        """The stored JSON document of ``tid``."""
        if not _valid_id(tid):
            raise NotFound(tid)
        with self._reading() as connection:
            text = connection.execute(
                select(tournaments.c.document).where(tournaments.c.id == tid)
            ).scalar_one_or_none()
        if text is None:
            raise NotFound(tid)
        return text

    def exists(self, tid: str) -> bool:
        if not _valid_id(tid):
            return False
        with self._reading() as connection:
            found = connection.execute(
                select(tournaments.c.id).where(tournaments.c.id == tid)
            ).scalar_one_or_none()
        return found is not None

    def summaries(self, *, limit: int = 100, offset: int = 0) -> list[Summary]:
        """Tournaments, the most recently changed first."""
        with self._reading() as connection:
            rows = connection.execute(
                select(
                    tournaments.c.id,
                    tournaments.c.name,
                    tournaments.c.system,
                    tournaments.c.version,
                    tournaments.c.created_at,
                    tournaments.c.updated_at,
                )
                .order_by(tournaments.c.updated_at.desc(), tournaments.c.id)
                .limit(limit)
                .offset(offset)
            ).all()
        return [
            Summary(r.id, r.name, r.system, r.version, r.created_at, r.updated_at) for r in rows
        ]

    def change(
        self,
        tid: str,
        operation: Callable[[Tournament], tuple[Tournament, R]],
        *,
        also: Callable[[Connection], None] | None = None,
    ) -> tuple[Stored, R]:
        """Apply ``operation`` to the current tournament and store what it returns, in
        one transaction with ``also`` (more statements of the same change); return the
        stored tournament and the operation's second value.

        If another writer changed the tournament meanwhile, the operation is applied
        again to the new version. An exception raised by ``operation`` (a refused
        command) propagates and nothing is written."""
        if not _valid_id(tid):
            raise NotFound(tid)
        with self._lock_of(tid):
            for _ in range(MAX_ATTEMPTS):
                current = self.get(tid)
                new, result = operation(current.tournament)
                document = storable_document(new)
                now = _now()
                with self._writing() as connection:
                    version = connection.execute(
                        select(tournaments.c.version)
                        .where(tournaments.c.id == tid)
                        .with_for_update()
                    ).scalar_one_or_none()
                    if version is None:
                        raise NotFound(tid)
                    written = False
                    if version == current.version:
                        outcome: CursorResult[Any] = connection.execute(
                            update(tournaments)
                            .where(
                                tournaments.c.id == tid,
                                tournaments.c.version == current.version,
                            )
                            .values(
                                document=document,
                                version=current.version + 1,
                                name=_column_name(new),
                                system=new.system or "",
                                updated_at=now,
                            )
                        )
                        written = outcome.rowcount == 1
                        if written and also is not None:
                            also(connection)
                if written:
                    # what was written is what a read would parse back (the document
                    # round-trips, tests/test_jsondoc.py): keep it parsed for the next
                    # readers instead of parsing it again (0.3-0.5 s at 10,000 players)
                    stored = Stored(tid, new, current.version + 1, current.created_at, now)
                    self._remember(stored)
                    return stored, result
                time.sleep(random.uniform(0, 0.01))
        raise Conflict(f"tournament {tid} kept changing; try again")

    def delete(self, tid: str) -> None:
        """Delete a tournament with its tokens, reports and prepared pages."""
        if not _valid_id(tid):
            raise NotFound(tid)
        with self._writing() as connection:
            # the tournament's row first, as every other writer takes it (save_prepared
            # locks it, then writes its prepared rows): deleting the prepared rows first
            # could deadlock with a background save on PostgreSQL
            found = connection.execute(
                select(tournaments.c.id).where(tournaments.c.id == tid).with_for_update()
            ).scalar_one_or_none()
            if found is None:
                raise NotFound(tid)
            connection.execute(delete(prepared).where(prepared.c.tournament_id == tid))
            connection.execute(delete(reports).where(reports.c.tournament_id == tid))
            connection.execute(delete(tokens).where(tokens.c.tournament_id == tid))
            outcome = connection.execute(delete(tournaments).where(tournaments.c.id == tid))
            if outcome.rowcount != 1:
                raise NotFound(tid)
        self._forget(tid)

    # ------------------------------------------------------------------ tokens

    def add_token(
        self,
        tid: str,
        role: str,
        player: int | None = None,
        *,
        expires_in: float | None = None,
    ) -> str:
        """Issue a new token of ``role`` for tournament ``tid`` (expiring
        ``expires_in`` seconds from now, or never); return its text."""
        if role not in ROLES:
            raise ValueError(f"role {role!r}")
        token = new_token()
        now = datetime.datetime.now(datetime.UTC)
        expires = (
            None
            if expires_in is None
            else (now + datetime.timedelta(seconds=expires_in)).isoformat(timespec="milliseconds")
        )
        with self._writing() as connection:
            connection.execute(
                insert(tokens).values(
                    token_hash=hash_token(token),
                    tournament_id=tid,
                    role=role,
                    player=player,
                    created_at=now.isoformat(timespec="milliseconds"),
                    expires_at=expires,
                )
            )
        return token

    def add_tokens(
        self,
        tid: str,
        role: str,
        players: list[int],
        *,
        expires_in: float | None = None,
    ) -> list[str]:
        """Issue one new token of ``role`` for each of ``players`` (one transaction: all
        or none); return their texts in the same order."""
        if role not in ROLES:
            raise ValueError(f"role {role!r}")
        now = datetime.datetime.now(datetime.UTC)
        expires = (
            None
            if expires_in is None
            else (now + datetime.timedelta(seconds=expires_in)).isoformat(timespec="milliseconds")
        )
        created = now.isoformat(timespec="milliseconds")
        issued = [new_token() for _ in players]
        rows = [
            {
                "token_hash": hash_token(token),
                "tournament_id": tid,
                "role": role,
                "player": player,
                "created_at": created,
                "expires_at": expires,
            }
            for token, player in zip(issued, players, strict=True)
        ]
        if rows:
            with self._writing() as connection:
                connection.execute(insert(tokens), rows)
        return issued

    def grant(self, token: str) -> Grant | None:
        """What ``token`` allows, or None for an unknown (or revoked) token; an expired
        one is returned with its ``expires_at`` (the caller refuses it)."""
        with self._reading() as connection:
            row = connection.execute(
                select(
                    tokens.c.tournament_id, tokens.c.role, tokens.c.player, tokens.c.expires_at
                ).where(tokens.c.token_hash == hash_token(token))
            ).one_or_none()
        if row is None:
            return None
        return Grant(row.tournament_id, row.role, row.player, row.expires_at)

    def tokens(self, tid: str) -> list[TokenInfo]:
        """The tokens of ``tid``, oldest first (ids, never their text)."""
        with self._reading() as connection:
            rows = connection.execute(
                select(*_TOKEN_COLUMNS)
                .where(tokens.c.tournament_id == tid)
                .order_by(tokens.c.created_at, tokens.c.token_hash)
            ).all()
        return [
            TokenInfo(token_id(r.token_hash), r.role, r.player, r.created_at, r.expires_at)
            for r in rows
        ]

    def revoke_token(self, tid: str, ident: str) -> TokenInfo | None:
        """Delete the token of ``tid`` whose id is ``ident``; the last director token
        that has not expired is kept (raises :class:`LastDirectorToken`). None if there
        is no such token."""
        if not (len(ident) == TOKEN_ID_DIGITS and all(c in "0123456789abcdef" for c in ident)):
            return None
        with self._writing() as connection:
            # the tournament's row locked: two revocations cannot each leave the other
            # as the last director token and then both go
            connection.execute(
                select(tournaments.c.id).where(tournaments.c.id == tid).with_for_update()
            )
            rows = connection.execute(
                select(*_TOKEN_COLUMNS).where(tokens.c.tournament_id == tid)
            ).all()
            found = [r for r in rows if token_id(r.token_hash) == ident]
            if len(found) != 1:
                return None
            row = found[0]
            if row.role == "director":
                others = [
                    r
                    for r in rows
                    if r.role == "director"
                    and r.token_hash != row.token_hash
                    and not _expired(r.expires_at)
                ]
                if not others:
                    raise LastDirectorToken(ident)
            connection.execute(delete(tokens).where(tokens.c.token_hash == row.token_hash))
        return TokenInfo(ident, row.role, row.player, row.created_at, row.expires_at)

    # ------------------------------------------------------------------ reports

    def add_report(
        self,
        tid: str,
        round_number: int,
        board: int,
        player: int,
        result: str,
        *,
        check: Callable[[Tournament], None] | None = None,
    ) -> int:
        """Record a player's report of a result; return its id.

        ``check`` is called with the tournament as it is in the same transaction as
        the write, its row locked (``FOR UPDATE``; SQLite's writers hold the write
        lock from ``BEGIN``), so an unpair or a new pairing cannot slip between the
        check and the insert; an exception it raises propagates and nothing is
        written."""
        with self._writing() as connection:
            if check is not None:
                version = connection.execute(
                    select(tournaments.c.version).where(tournaments.c.id == tid).with_for_update()
                ).scalar_one_or_none()
                if version is None:
                    raise NotFound(tid)
                cached = self._cached(tid)
                if cached is not None and cached.version == version:
                    t = cached.tournament  # the stored version, already read
                else:
                    document: str = connection.execute(
                        select(tournaments.c.document).where(tournaments.c.id == tid)
                    ).scalar_one()
                    t = _read(document, f"tournament {tid}")
                check(t)
            outcome = connection.execute(
                insert(reports).values(
                    tournament_id=tid,
                    round=round_number,
                    board=board,
                    player=player,
                    result=result,
                    created_at=_now(),
                )
            )
            key = outcome.inserted_primary_key
        return int(key[0]) if key is not None else 0

    def last_report(self, tid: str) -> int:
        """The id of the newest report of ``tid`` (0: none): with the version, what a
        live director's page compares to know whether anything changed."""
        with self._reading() as connection:
            found: int | None = connection.execute(
                select(func.max(reports.c.id)).where(reports.c.tournament_id == tid)
            ).scalar_one_or_none()
        return found or 0

    def reports(self, tid: str) -> list[Report]:
        """The reports of ``tid`` waiting for confirmation, oldest first."""
        with self._reading() as connection:
            rows = connection.execute(
                select(
                    reports.c.id,
                    reports.c.round,
                    reports.c.board,
                    reports.c.player,
                    reports.c.result,
                    reports.c.created_at,
                )
                .where(reports.c.tournament_id == tid)
                .order_by(reports.c.id)
            ).all()
        return [Report(r.id, r.round, r.board, r.player, r.result, r.created_at) for r in rows]

    @staticmethod
    def clear_reports(tid: str, round_number: int, board: int) -> Callable[[Connection], None]:
        """A statement for :meth:`change`'s ``also``: forget the reports of one board
        (its result was entered)."""

        def run(connection: Connection) -> None:
            connection.execute(
                delete(reports).where(
                    reports.c.tournament_id == tid,
                    reports.c.round == round_number,
                    reports.c.board == board,
                )
            )

        return run

    @staticmethod
    def clear_all_reports(tid: str) -> Callable[[Connection], None]:
        """For :meth:`change`'s ``also``: forget every report of ``tid`` (the boards
        they name no longer exist, e.g. after unpairing)."""

        def run(connection: Connection) -> None:
            connection.execute(delete(reports).where(reports.c.tournament_id == tid))

        return run

    # ------------------------------------------------------------------ prepared pages

    def save_prepared(self, tid: str, values: list[Prepared]) -> int:
        """Keep ``values`` (what the public pages show of ``tid``, each tagged with the
        version it was made from) in one transaction, each replacing the stored value
        of its key only if that one is of an older version (of the same code); return
        how many were written. The tournament deleted meanwhile: nothing is written."""
        if not _valid_id(tid) or not values:
            return 0
        written = 0
        try:
            with self._writing() as connection:
                exists = connection.execute(
                    select(tournaments.c.id).where(tournaments.c.id == tid).with_for_update()
                ).scalar_one_or_none()
                if exists is None:
                    return 0
                rows = connection.execute(
                    select(prepared.c.key, prepared.c.version, prepared.c.made_by).where(
                        prepared.c.tournament_id == tid
                    )
                ).all()
                known = {row.key: row for row in rows}
                for value in values:
                    row = known.get(value.key)
                    if (
                        row is not None
                        and row.made_by == value.made_by
                        and row.version >= value.version
                    ):
                        continue  # as new already
                    fields = {
                        "version": value.version,
                        "made_by": value.made_by,
                        "millis": value.millis,
                        "data": value.data,
                    }
                    if row is None:
                        connection.execute(
                            insert(prepared).values(tournament_id=tid, key=value.key, **fields)
                        )
                    else:
                        connection.execute(
                            update(prepared)
                            .where(prepared.c.tournament_id == tid, prepared.c.key == value.key)
                            .values(**fields)
                        )
                    written += 1
        except IntegrityError:  # deleted (or written by another server) meanwhile
            return 0
        return written

    def prepared(self, tid: str) -> list[Prepared]:
        """The values kept for the public pages of ``tid`` (:meth:`save_prepared`)."""
        if not _valid_id(tid):
            return []
        with self._reading() as connection:
            rows = connection.execute(
                select(
                    prepared.c.key,
                    prepared.c.version,
                    prepared.c.made_by,
                    prepared.c.millis,
                    prepared.c.data,
                )
                .where(prepared.c.tournament_id == tid)
                .order_by(prepared.c.key)
            ).all()
        return [Prepared(r.key, r.version, r.made_by, r.millis, bytes(r.data)) for r in rows]

    # ------------------------------------------------------------------ meta

    def get_meta(self, key: str) -> str | None:
        with self._reading() as connection:
            value: str | None = connection.execute(
                select(meta.c.value).where(meta.c.key == key)
            ).scalar_one_or_none()
        return value

    def secret(self, key: str) -> bytes:
        """A random secret of this database, made once and shared by every server
        process on it (the first writer's value wins; later ones read it back)."""
        with self._cache_lock:
            known = self._secrets.get(key)
        if known is not None:
            return known
        value = self.get_meta(key)
        if value is None:
            try:
                with self._writing() as connection:
                    connection.execute(insert(meta).values(key=key, value=secrets.token_hex(32)))
            except IntegrityError:
                pass  # another process made it first
            value = self.get_meta(key)
            assert value is not None
        secret = bytes.fromhex(value)
        with self._cache_lock:
            self._secrets[key] = secret
        return secret

    def set_meta(self, key: str, value: str) -> None:
        with self._writing() as connection:
            connection.execute(delete(meta).where(meta.c.key == key))
            connection.execute(insert(meta).values(key=key, value=value))


def _settings_of(text: str | None) -> dict[str, Any]:
    """A stored settings column as a dict (NULL or a non-object: no settings)."""
    if not text:
        return {}
    value = json.loads(text)
    return value if isinstance(value, dict) else {}


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    """Every SQLite connection: WAL, full sync, foreign keys, transactions by hand."""
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=60000")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    """Writers take the write lock at BEGIN (no deadlock between two readers turning
    writers); readers read a snapshot."""
    write = connection.get_execution_options().get("fairpair_write", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")
