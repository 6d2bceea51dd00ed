"""The demo tournament of ``fairpair serve --demo``: the bundled example (a 15-player
FIDE Dutch open, three rounds played of six), created once in an empty database."""

from __future__ import annotations

import importlib.resources

from fairpair.formats import trf
from fairpair.web.store import Store

__all__ = ["DEMO_KEY", "ensure_demo"]

#: The ``meta`` key holding the demo tournament's id.
DEMO_KEY = "demo_tournament"


def ensure_demo(store: Store) -> tuple[str, str, bool] | None:
    """(id, a new director token, whether it was created now) of the demo tournament:
    created if the database is empty; None if the database holds other tournaments
    and no demo."""
    tid = store.get_meta(DEMO_KEY)
    if tid is not None and store.exists(tid):
        return tid, store.add_token(tid, "director"), False
    if store.summaries(limit=1):
        return None
    text = (importlib.resources.files("fairpair") / "data" / "demo.trf").read_bytes()
    t, _ = trf.loads(text, file="demo.trf")
    tid, token = store.create(t.replace(system="dutch"))
    store.set_meta(DEMO_KEY, tid)
    return tid, token, True
