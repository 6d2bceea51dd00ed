"""Alembic migrations of the web app's database, run at start-up by
:meth:`fairpair.web.store.Store.migrate` (no ``alembic.ini`` needed)."""
