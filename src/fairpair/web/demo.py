"""The demo tournament of ``fairpair serve --demo``: the bundled example (a 15-player
FIDE Dutch open, three rounds played of six), created once in an empty database."""

from __future__ import annotations

import importlib.resources

from fairpair.formats import trf
from fairpair.web.store import Store

__all__ = ["DEMO_KEY", "DEMO_TOKEN_KEY", "ensure_demo"]

#: The ``meta`` key holding the demo tournament's id.
DEMO_KEY = "demo_tournament"
#: The ``meta`` key holding the demo's director token, so that every start of the same
#: database shows the same one (a demo's token is no secret: it is printed at every
#: start; a real tournament's token is stored as its SHA-256 only).
DEMO_TOKEN_KEY = "demo_director_token"


def ensure_demo(store: Store) -> tuple[str, str, bool] | None:
    """(id, its director token, whether it was created now) of the demo tournament:
    created if the database is empty; None if the database holds other tournaments
    and no demo. The token is the same at every start of the same database (a demo
    made before the token was kept gets one new token, kept from then on)."""
    tid = store.get_meta(DEMO_KEY)
    if tid is not None and store.exists(tid):
        token = store.get_meta(DEMO_TOKEN_KEY)
        grant = store.grant(token) if token else None
        if token is None or grant is None or grant.tournament_id != tid:
            token = store.add_token(tid, "director")
            store.set_meta(DEMO_TOKEN_KEY, token)
        return tid, token, False
    if store.summaries(limit=1):
        return None
    text = (importlib.resources.files("fairpair") / "data" / "demo.trf").read_bytes()
    t, _ = trf.loads(text, file="demo.trf")
    tid, token = store.create(t.replace(system="dutch"))
    store.set_meta(DEMO_KEY, tid)
    store.set_meta(DEMO_TOKEN_KEY, token)
    return tid, token, True
