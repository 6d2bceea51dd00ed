"""Alembic environment: runs the migrations on the connection the store hands over
(``config.attributes["connection"]``), or on ``sqlalchemy.url`` when run by the
``alembic`` command with an ini file of one's own. Imported outside an Alembic run
(e.g. by the doctest collector) it does nothing."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from fairpair.web.schema import metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def _main() -> None:
    given = context.config.attributes.get("connection")
    if isinstance(given, Connection):
        _run(given)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no connection and no sqlalchemy.url for the migrations")
    engine = create_engine(url)
    with engine.begin() as connection:
        _run(connection)
    engine.dispose()


if hasattr(context, "config"):  # set up only while Alembic runs this file
    _main()
