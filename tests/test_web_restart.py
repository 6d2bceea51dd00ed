"""The public pages after a server restart, on SQLite and PostgreSQL (the
``new_database`` fixture).

What the pages show of a tournament (its current round's table, its standings, its
crosstable) is kept in the database after each change, tagged with the version it was
computed from (table ``prepared``, revision 0004). A server that starts reads it instead
of computing it again: the first read after a restart is the current page at once. A
value is shown as current only at its own version: a change made while no server ran
(the values older than the document) shows the older values only with the pages'
"Updating" note, an older round table only for the same pairing, and values made by
other code are not shown at all.

Covered: a real ``fairpair serve`` started, a tournament created, paired, exported and
imported (results entered after the import: its TRF points column then disagrees with
them), stopped right after the last result (it keeps that version's values as it
stops), started again: the first read is correct and current; a change made while it
was stopped: the first read after the next start shows it (or says it is updating) and
the new values are kept. In-process, on the real store: the kept values
read back exactly (nothing computed again), older values only with the note, another
pairing's table never, another code's values never, a deleted tournament's gone.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx", reason="the web extra is not installed")
pytest.importorskip("fastapi", reason="the web extra is not installed")

from fairpair import workflow as wf  # noqa: E402
from fairpair.model import Game, Player, Round, Tournament  # noqa: E402
from fairpair.workflow.results import SCORES  # noqa: E402
from helpers import API, Server, create_tournament  # noqa: E402

KEYS = {"round", "standings", "crosstable"}
BOARD = re.compile(r'<tr id="bd-(\d+)">.*?<td class="res">([^<]*)</td>')
STANDING = re.compile(
    r'<tr><td class="num">([^<]*)</td><td class="name">[^<]*<span class="muted">\((\d+)\)</span>'
    r'</td><td class="num wide">[^<]*</td><td class="num">([^<]*)</td>'
)


def _kept(db: str, tid: str, timeout: float = 30) -> int:
    """Wait until the database keeps every value of ``tid``'s current version (the
    server keeps them in the background after a change, and before it stops); that
    version."""
    from fairpair.web.store import Store

    store = Store(db, migrate=False)
    try:
        deadline = time.monotonic() + timeout
        while True:
            version = store.version(tid)
            kept = {row.key: row.version for row in store.prepared(tid)}
            if set(kept) == KEYS and set(kept.values()) == {version}:
                return version
            assert time.monotonic() < deadline, f"kept {kept}, the tournament at {version}"
            time.sleep(0.1)
    finally:
        store.close()


def _expected(http: httpx.Client, tid: str) -> tuple[dict[int, str], list[tuple[str, int, str]]]:
    """What the main page must show of ``tid`` now, from the API: each board's result of
    round 1, and the standings (place, number, points)."""
    shown = http.get(f"{API}/tournaments/{tid}/rounds/1").json()
    boards = {b["board"]: b["result"] or "–" for b in shown["boards"]}
    table = http.get(f"{API}/tournaments/{tid}/standings").json()
    rows = [(r["place"], r["number"], r["points_text"]) for r in table["rows"]]
    return boards, rows


def _shown(page: str) -> tuple[dict[int, str], list[tuple[str, int, str]]]:
    """The boards' results and the standings rows of a main page."""
    boards = {int(board): result for board, result in BOARD.findall(page)}
    rows = [(place, int(number), points) for place, number, points in STANDING.findall(page)]
    return boards, rows


def _first_read(running: Server, tid: str) -> str:
    """The main page of ``tid``, the first request of a server just started."""
    answer = httpx.get(f"{running.url}/t/{tid}", timeout=60)
    assert answer.status_code == 200, answer.text
    return answer.text


def test_first_read_after_a_restart_is_correct_and_current(
    new_database: Callable[[], str], tmp_path: Path
) -> None:
    """Start, create and import a tournament, pair it, enter results, stop, start again:
    the first read is the current page (every result, the standings after them) with no
    note; a result entered while the server was stopped shows at the first read after
    the next start, and its values are kept in turn."""
    from fairpair.web.store import Store

    db = new_database()
    running = Server(db, tmp_path / "restart.log")
    running.start()
    try:
        with httpx.Client(base_url=running.url, timeout=60) as http:
            made, director = create_tournament(http, players=11, rounds=5)
            paired = http.post(f"{API}/tournaments/{made}/rounds", headers=director)
            assert paired.status_code == 201, paired.text
            trf = http.get(f"{API}/tournaments/{made}/export.trf")
            assert trf.status_code == 200
            imported = http.post(
                f"{API}/tournaments/import",
                params={"name": "Imported Open"},
                content=trf.content,
                headers={"Content-Type": "text/plain"},
            )
            assert imported.status_code == 201, imported.text
            tid = imported.json()["id"]
            auth = {"Authorization": f"Bearer {imported.json()['director_token']}"}
            for board, result in ((1, "1-0"), (2, "0-1"), (3, "1/2"), (4, "1-0")):
                entered = http.put(
                    f"{API}/tournaments/{tid}/rounds/1/boards/{board}",
                    headers=auth,
                    json={"result": result},
                )
                assert entered.status_code == 200, entered.text
            expected = _expected(http, tid)
        assert expected[0] == {1: "1-0", 2: "0-1", 3: "½-½", 4: "1-0", 5: "–"}
    finally:
        running.stop()  # right after the last result: it keeps that version's pages first
    version = _kept(db, tid, timeout=0)

    running.start()
    try:
        page = _first_read(running, tid)
        assert "Updating" not in page and "being computed" not in page
        assert _shown(page) == (expected[0], expected[1][:50])
        assert "Imported Open" in page
        with httpx.Client(base_url=running.url, timeout=60) as http:
            assert _expected(http, tid) == expected  # nothing changed by the start
            assert http.get(f"{API}/tournaments/{tid}").json()["version"] == version
    finally:
        running.stop()

    # a result entered while no server runs: the values kept are now one version behind
    offline = Store(db, migrate=False)
    try:
        offline.change(tid, lambda t: (wf.set_result(t, 1, 5, SCORES["0-1"])[0], None))
    finally:
        offline.close()
    running.start()
    try:
        page = _first_read(running, tid)
        boards, _ = _shown(page)
        if "Updating" in page:  # the older table, said so (never shown as current) ...
            assert boards[5] == "–"
        else:  # ... or the new one, made within the page's wait
            assert boards[5] == "0-1"
        with httpx.Client(base_url=running.url, timeout=60) as http:
            now = _expected(http, tid)
            assert now[0][5] == "0-1"
            deadline = time.monotonic() + 30
            while _shown(http.get(f"/t/{tid}").text) != (now[0], now[1][:50]):
                assert time.monotonic() < deadline, "the new result never showed"
                time.sleep(0.1)
    finally:
        running.stop()
    assert _kept(db, tid, timeout=0) == version + 1  # the started server kept the new values


# --------------------------------------------------------------------- in-process


def _tournament() -> Tournament:
    players = tuple(Player(n, f"Player {n:02d}", 2100 - n) for n in range(1, 10))
    return Tournament(players=players, total_rounds=3, system="dutch")


def _paired(t: Tournament, *games: tuple[int, int]) -> Tournament:
    """``t`` with round 1 paired as ``games`` (player 9 has the bye)."""
    from fairpair.model import ByeKind

    pairing = Round(1, tuple(Game(w, b) for w, b in games), byes={9: ByeKind.PAIRING_ALLOCATED})
    return wf.without_rounds_from(t, 1).with_round(pairing)


def _with_first(t: Tournament) -> Tournament:
    return _paired(t, (1, 5), (6, 2), (3, 7), (8, 4))


def _result(board: int, result: str) -> Callable[[Tournament], tuple[Tournament, None]]:
    return lambda t: (wf.set_result(t, 1, board, SCORES[result])[0], None)


def _pages(db: str, opened: list[Any]) -> Any:
    """A server's pages just started on ``db``: its own store (added to ``opened``),
    nothing read yet."""
    from fairpair.web.public_pages import PublicPages
    from fairpair.web.service import Service
    from fairpair.web.store import Store

    store = Store(db, migrate=False)
    opened.append(store)
    return PublicPages(Service(store))


def test_kept_values_show_only_at_their_version(
    new_database: Callable[[], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The values kept after a change read back exactly, and a server started later
    shows them without computing anything; after a change they are not of, they show
    only with the "Updating" note until the new ones are made (and kept), an older
    round table only for the same pairing; values of other code are not shown."""
    from fairpair.web import public_pages
    from fairpair.web.public_pages import NOT_READY, PublicPages, env
    from fairpair.web.service import Service
    from fairpair.web.store import Prepared, Store

    db = new_database()
    store = Store(db)
    opened = [store]
    pages = PublicPages(Service(store))
    tid, _ = store.create(_tournament())
    store.change(tid, lambda t: (_with_first(t), None))
    stored, _ = store.change(tid, _result(1, "1-0"))
    pages.warm(stored)
    kept = {row.key: row.version for row in store.prepared(tid)}
    assert kept == dict.fromkeys(KEYS, stored.version)
    before = pages.public(stored, None, None, "")
    crosstable = pages.recent_crosstable(stored)
    assert crosstable[1] == stored.version

    names = ("round_json", "standings_json", "_crosstable")
    real = {name: getattr(public_pages, name) for name in names}

    def never(*args: Any) -> Any:
        raise AssertionError("computed again after a start")

    for name in real:
        monkeypatch.setattr(public_pages, name, never)
    started = _pages(db, opened)
    again = started.service.store.get(tid)
    shown = started.public(again, None, None, "")
    assert shown["round"] == before["round"] and shown["standings"] == before["standings"]
    assert not (shown["updating"] or shown["round_updating"] or shown["round_pending"])
    assert started.recent_crosstable(again) == crosstable
    html = env.get_template("public.html").render(**shown)
    assert "Updating" not in html and 'id="bd-4"' in html

    # a change while no server ran: the kept values are of the version before it
    gate = threading.Event()

    def held(name: str) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            gate.wait(30)
            return real[name](*args)

        return run

    for name in real:
        monkeypatch.setattr(public_pages, name, held(name))
    offline = Store(db, migrate=False)
    opened.append(offline)
    offline.change(tid, _result(2, "0-1"))
    started = _pages(db, opened)
    current = started.service.store.get(tid)
    assert current.version == stored.version + 1
    behind = started.public(current, None, None, "")
    assert behind["round_updating"] and behind["updating"]  # older, and said so
    assert behind["round"]["boards"][1]["result"] is None  # board 2's result not in it
    assert f"v={stored.version}" in behind["live_url"]  # the next poll brings the new one
    html = env.get_template("public.html").render(**behind)
    assert "Updating: the results and scores below are from before" in html
    gate.set()
    deadline = time.monotonic() + 20
    while True:
        fresh = started.public(current, None, None, "")
        if not (fresh["updating"] or fresh["round_updating"] or fresh["round_pending"]):
            break
        assert time.monotonic() < deadline, "the new values never showed"
        time.sleep(0.05)
    assert fresh["round"]["boards"][1]["result"] == "0-1"
    started.warm(current)  # what the server does after a change: kept in turn
    assert {row.version for row in store.prepared(tid)} == {current.version}

    # the round paired again, differently, while no server ran: the kept table (of
    # another pairing) is never shown, not even as an older one
    gate.clear()
    offline.change(tid, lambda t: (_paired(t, (1, 2), (3, 4), (5, 6), (7, 8)), None))
    started = _pages(db, opened)
    current = started.service.store.get(tid)
    pending = started.public(current, None, None, "")
    assert pending["round"] is None and pending["round_pending"]
    assert f"v={NOT_READY}" in pending["live_url"]
    gate.set()

    # values kept by other code (another version of fairpair) are not shown
    other = [
        Prepared(row.key, current.version + 5, "fairpair 0.0.1/1", row.millis, row.data)
        for row in store.prepared(tid)
    ]
    assert store.save_prepared(tid, other) == 3
    started = _pages(db, opened)
    assert started.seeded(tid).made(current, "standings", None) is None
    assert started.public(current, None, None, "")["standings"] is not None  # computed

    # a deleted tournament's values go with it; none is kept for it afterwards
    store.delete(tid)
    assert store.prepared(tid) == []
    assert store.save_prepared(tid, other) == 0
    assert store.prepared(tid) == []
    for each in opened:
        each.close()


def test_prepared_values_read_back_exactly() -> None:
    """Each kind of value kept reads back equal to what was made (half points, a bye,
    tiebreaks), and anything else is refused rather than shown."""
    import zlib

    from fairpair.web.public_pages import RoundTable, _crosstable, decode_prepared
    from fairpair.web.public_pages import encode_prepared as encode
    from fairpair.web.views import standings_json

    t = _with_first(_tournament())
    for board, result in ((1, "1-0"), (2, "1/2"), (3, "0-1"), (4, "+-")):
        t = wf.set_result(t, 1, board, SCORES[result])[0]
    table = RoundTable.of(t, 1)
    ranking = wf.standings_of(t)
    values = {
        "round": table,
        "standings": standings_json(ranking),
        "crosstable": _crosstable(t, ranking),
    }
    for key, value in values.items():
        data = encode(key, value)
        assert data is not None
        kind, arg, back = decode_prepared(key, data)
        assert kind == key and arg == (1 if key == "round" else None)
        if key == "round":
            assert back.pairing == table.pairing == RoundTable.pairing_of(t, 1)
            assert back.data == table.data
        else:
            assert back == value
    assert encode("round", {"not": "a table"}) is None
    assert encode("standings", {"rows": [], "points": float("nan")}) is None
    for key, data in (
        ("standings", zlib.compress(b'{"no rows": 1}')),
        ("crosstable", zlib.compress(b'[["head"], "rows", 1]')),
        ("round", b"not compressed"),
        ("other", zlib.compress(b"{}")),
    ):
        with pytest.raises((ValueError, TypeError, KeyError, zlib.error)):
            decode_prepared(key, data)


def test_a_server_that_stops_keeps_the_last_pages_first(
    new_database: Callable[[], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What is being prepared after the last change is made and kept before the server
    stops (:meth:`PublicPages.finish`, run as the app shuts down), within its time."""
    from fairpair.web import public_pages
    from fairpair.web.public_pages import PublicPages
    from fairpair.web.service import Service
    from fairpair.web.store import Store

    store = Store(new_database())
    pages = PublicPages(Service(store))
    tid, _ = store.create(_tournament())
    stored, _ = store.change(tid, lambda t: (_with_first(t), None))
    pages.warm(stored)
    assert pages.finish(10)
    gate = threading.Event()
    real = public_pages.standings_json

    def held(*args: Any) -> Any:
        gate.wait(30)
        return real(*args)

    monkeypatch.setattr(public_pages, "standings_json", held)
    newer, _ = store.change(tid, _result(1, "1-0"))
    pages._warmer(newer)  # what the service's listener does after a change
    assert not pages.finish(0.3)  # still being made: not kept yet
    assert {row.version for row in store.prepared(tid)} == {stored.version}
    gate.set()
    assert pages.finish(10)
    kept = {row.key: row.version for row in store.prepared(tid)}
    assert kept == dict.fromkeys(KEYS, newer.version)
    store.close()


def test_deleting_while_values_are_kept_in_the_background(
    new_database: Callable[[], str],
) -> None:
    """A tournament deleted while the background keeps its pages' values: the delete
    succeeds every time (on PostgreSQL the two once took their locks in opposite orders
    and the database aborted one as a deadlock: the delete answered 503), and no value
    of a deleted tournament is left."""
    from fairpair.web.store import Prepared, Store

    store = Store(new_database())
    tids = [store.create(_tournament())[0] for _ in range(40)]
    stop = threading.Event()
    failures: list[BaseException] = []

    def keep() -> None:
        version = 0
        while not stop.is_set():
            version += 1  # newer each time: the kept rows are rewritten, not skipped
            values = [Prepared(key, version, "test", 1, b"x" * 2000) for key in sorted(KEYS)]
            for tid in tids:
                try:
                    store.save_prepared(tid, values)
                except BaseException as exc:  # reported below
                    failures.append(exc)
                    return

    keepers = [threading.Thread(target=keep) for _ in range(2)]
    for thread in keepers:
        thread.start()
    try:
        time.sleep(0.2)
        for tid in tids:
            store.delete(tid)
    finally:
        stop.set()
        for thread in keepers:
            thread.join(30)
    assert failures == []
    assert all(store.prepared(tid) == [] for tid in tids)
    store.close()
