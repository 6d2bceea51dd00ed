"""The database tables of the web app (SQLAlchemy Core).

The schema itself is created and changed by the Alembic migrations in
``fairpair/web/migrations/versions``; these table objects describe the current
revision for the queries of :mod:`fairpair.web.store`.

* ``tournaments``: one row per tournament, the whole tournament as its JSON document
  (:mod:`fairpair.formats.jsondoc`), a version counter raised by every change, and the
  web app's event settings (a JSON object, e.g. whether agreed player reports count);
* ``tokens``: the SHA-256 of each bearer token, its tournament and role (director,
  arbiter, player with his pairing number), and when it expires (NULL: never);
* ``reports``: results reported by players, waiting for the director to confirm them;
* ``meta``: small key/value facts about the database (the demo tournament's id);
* ``prepared``: what the public pages show of a tournament (its current round's table,
  its standings, its crosstable) as last computed, each tagged with the tournament
  version it was computed from (revision 0004): a server that starts reads them
  instead of computing them again, and shows one only at that version (an older one
  only with the pages' "Updating" note). Written in the background after a change; a
  cache, never the record (the document is).
"""

from __future__ import annotations

from sqlalchemy import (
    Column,
    ForeignKey,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
)

__all__ = ["meta", "metadata", "prepared", "reports", "tokens", "tournaments"]

metadata = MetaData()

tournaments = Table(
    "tournaments",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(1000), nullable=False),
    Column("system", String(32), nullable=False),
    Column("document", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("created_at", String(40), nullable=False),
    Column("updated_at", String(40), nullable=False),
    # the web app's event settings, a JSON object (NULL: the defaults); revision 0003
    Column("settings", Text, nullable=True),
)

tokens = Table(
    "tokens",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column(
        "tournament_id",
        String(32),
        ForeignKey("tournaments.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    Column("role", String(16), nullable=False),
    Column("player", Integer, nullable=True),
    Column("created_at", String(40), nullable=False),
    Column("expires_at", String(40), nullable=True),
)

reports = Table(
    "reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column(
        "tournament_id",
        String(32),
        ForeignKey("tournaments.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    Column("round", Integer, nullable=False),
    Column("board", Integer, nullable=False),
    Column("player", Integer, nullable=False),
    Column("result", String(16), nullable=False),
    Column("created_at", String(40), nullable=False),
)

meta = Table(
    "meta",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

prepared = Table(
    "prepared",
    metadata,
    Column(
        "tournament_id",
        String(32),
        ForeignKey("tournaments.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    # what it is: "round 3", "standings", "crosstable"
    Column("key", String(32), primary_key=True),
    # the tournament's version it was computed from
    Column("version", Integer, nullable=False),
    # the code that made it (fairpair's version and the values' format)
    Column("made_by", String(40), nullable=False),
    # how long it took to compute, in milliseconds
    Column("millis", Integer, nullable=False),
    # the value: JSON, zlib-compressed
    Column("data", LargeBinary, nullable=False),
)
