"""The public pages of a tournament: the pairings and results of a round (with a "find
my pairing" box), the standings, the crosstable and the printable lists, on a phone as
on a desk, and live.

**Live.** Each page's changing part is one ``<div id="live">`` that htmx (bundled, see
``static/README.md``) asks for again every :data:`POLL_SECONDS` seconds at
``/t/{id}/live?view=...&v=VERSION``: the answer is ``204 No Content`` (one small read
of the tournament's version, nothing rendered) while the tournament is at that version,
else the fragment at the new version. Results and pairings therefore show within a
poll (at most :data:`POLL_SECONDS` s late) without a reload; without JavaScript the page
is simply static.

**Large events.** Tables are shown :data:`PAGE_SIZE` rows a page (``?page=N``), so no
page grows with the field; what a page shows is computed once per tournament version
(:class:`Views`) and only sliced per request.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
import weakref
import zlib
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape

from fairpair import __version__
from fairpair import workflow as wf
from fairpair.model import Tournament
from fairpair.rendering.printouts import board_lines, crosstable_legend, crosstable_rows
from fairpair.standings import Standings
from fairpair.web.errors import ApiError
from fairpair.web.service import Service
from fairpair.web.store import NotFound, Prepared, Stored
from fairpair.web.views import find_players, round_json, standings_json
from fairpair.workflow.rounds import tournament_name

__all__ = [
    "PAGE_SIZE",
    "POLL_SECONDS",
    "PublicPages",
    "Views",
    "decode_prepared",
    "encode_prepared",
    "env",
    "live_key",
    "live_url",
    "pager",
    "public_router",
]

log = logging.getLogger("fairpair.web")

#: Rows of a table on one page (boards, standings, crosstable, printouts).
PAGE_SIZE = 200
#: Standings rows shown under the pairings on the main page (the rest: the standings page).
STANDINGS_ON_MAIN = 50
#: Seconds between two polls of a live page (results show at most this late).
POLL_SECONDS = 3
#: Seconds a live page waits for the standings of a new version before it shows the
#: previous ones (its next poll brings the new ones).
STALE_WAIT = 0.3
#: The least a page waits for them (what a small field needs), however long the rest of
#: its request took.
MIN_WAIT = 0.05
#: Tournaments whose pages a server prepares when it starts (the ones changed last).
WARM_AT_START = 8
#: Seconds a server that stops waits for the pages of the last changes to be prepared
#: and kept in the database (:meth:`PublicPages.finish`).
FINISH_SECONDS = 10
#: The version :meth:`Views.recent` answers with when nothing is ready to show yet.
NOT_READY = -1

env = Environment(
    loader=FileSystemLoader(__file__.rsplit("/", 1)[0] + "/templates"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)


def html(template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page from ``template``."""
    return HTMLResponse(env.get_template(template).render(**context), status_code=status)


def error_page(error: ApiError) -> HTMLResponse:
    """An error as a page in plain words."""
    return html("error.html", error.status, error=error)


class Views:
    """What the pages show of a tournament (round tables, standings, crosstable rows),
    computed once per tournament version and kept for the next requests (a few dozen
    entries; a new version makes new entries, the old ones age out). Readers asking
    for the same thing at the same time (every open page polls at once after a change)
    wait for one computation instead of each making it.

    :meth:`recent` is for the live pages: it waits a moment for the new version's value
    and otherwise answers with the newest older one (the page's next poll, a few
    seconds later, gets the new one), so that no reader waits for the standings of a
    large field to be computed again after each result."""

    SIZE = 64

    def __init__(self) -> None:
        self._items: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._lock = threading.Lock()
        self._making: dict[tuple[Any, ...], threading.Event] = {}
        #: When each value being made was begun (``time.monotonic()``).
        self._began: dict[tuple[Any, ...], float] = {}
        #: (id, kind, arg) -> (version, value, seconds): the newest value made of each,
        #: and how long it took to make.
        self._newest: OrderedDict[tuple[Any, ...], tuple[int, Any, float]] = OrderedDict()

    def get(
        self,
        stored: Stored,
        kind: str,
        arg: Any,
        make: Callable[[], Any],
        *,
        began: float | None = None,
        newest: bool = True,
    ) -> Any:
        """The value of ``kind`` (and ``arg``) of ``stored``'s version, made by
        ``make`` once for every reader asking. ``began``: when the work that leads to
        it began (``time.monotonic()``; default now), counted in how long it took;
        ``newest=False``: not kept as the newest value (a value only others are made
        from, dropped with :meth:`forget`)."""
        key = (stored.id, stored.version, kind, arg)
        while True:
            with self._lock:
                if key in self._items:
                    self._items.move_to_end(key)
                    return self._items[key]
                busy = self._making.get(key)
                if busy is None:
                    mine = self._making[key] = threading.Event()
                    start = self._began[key] = time.monotonic() if began is None else began
                    break
            busy.wait()  # another reader makes it; then it is there (or failed: retry)
        try:
            value = make()
            took = time.monotonic() - start
            with self._lock:
                self._items[key] = value
                while len(self._items) > self.SIZE:
                    self._items.popitem(last=False)
                same = (stored.id, kind, arg)
                known = self._newest.get(same)
                if newest and (known is None or known[0] < stored.version):
                    self._newest[same] = (stored.version, value, took)
                    self._newest.move_to_end(same)
                    while len(self._newest) > 16 * self.SIZE:
                        self._newest.popitem(last=False)
        finally:
            with self._lock:
                self._making.pop(key, None)
                self._began.pop(key, None)
            mine.set()
        return value

    def seed(self, tid: str, version: int, kind: str, arg: Any, value: Any, took: float) -> None:
        """Take ``value`` as the value of ``kind`` (and ``arg``) of version ``version``
        of ``tid``, made elsewhere (kept in the database by an earlier run) in ``took``
        seconds: readers of that version get it as if it had been made here, readers of
        a newer one as an older value (:meth:`recent`)."""
        key = (tid, version, kind, arg)
        with self._lock:
            if key not in self._items and key not in self._making:
                self._items[key] = value
                while len(self._items) > self.SIZE:
                    self._items.popitem(last=False)
            same = (tid, kind, arg)
            known = self._newest.get(same)
            if known is None or known[0] < version:
                self._newest[same] = (version, value, took)

    def made(self, stored: Stored, kind: str, arg: Any) -> tuple[Any, float] | None:
        """The value of ``kind`` of ``stored``'s version and how long it took to make
        (seconds), if it is made and is the newest of its kind; else None."""
        with self._lock:
            newest = self._newest.get((stored.id, kind, arg))
        if newest is None or newest[0] != stored.version:
            return None
        return newest[1], newest[2]

    def forget(self, stored: Stored, kind: str, arg: Any) -> None:
        """Drop the value of ``kind`` of ``stored``'s version (made only to make others)."""
        with self._lock:
            self._items.pop((stored.id, stored.version, kind, arg), None)

    def recent(
        self,
        stored: Stored,
        kind: str,
        arg: Any,
        make: Callable[[], Any],
        wait: float,
        usable: Callable[[Any], bool] | None = None,
    ) -> tuple[Any, int]:
        """The value of ``stored``'s version if it is ready within ``wait`` seconds
        (it is made in the background meanwhile), else the newest value of an older
        version (only if ``usable(value)`` says it may stand in for the new one: a
        round's table of another pairing may not); with the version the value is of.
        When an older value may be shown and the new one, at the pace the last one was
        made, will not be ready within ``wait``, the older one is shown at once.
        With no such older value (the first read after the server started) the answer
        is ``(None, NOT_READY)``: the page says the value is being computed and its
        next poll (or reload) shows it."""
        key = (stored.id, stored.version, kind, arg)
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key], stored.version
            older = self._newest.get((stored.id, kind, arg))
            busy = self._making.get(key)
            began = self._began.get(key, time.monotonic())
        if older is not None and older[0] >= stored.version:  # a reader of an old version
            return self.get(stored, kind, arg, make), stored.version
        if older is not None and usable is not None and not usable(older[1]):
            older = None
        if older is not None and began + older[2] - time.monotonic() > wait:
            # if it takes as long as the last one did, it will not be ready in time:
            # the reader would wait in vain, so it shows the older value at once (the
            # value is made meanwhile, and the next poll brings it)
            wait = 0
        if busy is None:
            done = threading.Event()

            def work() -> None:
                try:
                    self.get(stored, kind, arg, make)
                except Exception:  # a later request makes it again and shows the error
                    log.warning("could not prepare %s of %s", kind, stored.id, exc_info=True)
                finally:
                    done.set()

            threading.Thread(target=work, name="fairpair-view", daemon=True).start()
            busy = done
        busy.wait(wait)
        with self._lock:
            if key in self._items:
                return self._items[key], stored.version
        if older is None:
            return None, NOT_READY
        return older[1], older[0]


class Warmer:
    """Computes what the main pages show of a tournament's new version in a
    background thread, right after a change: the first reader (every live page polls
    within seconds of a result) then finds it ready. Only the newest version of each
    tournament waiting is computed."""

    def __init__(self, work: Callable[[Stored], None]) -> None:
        self._work = work
        self._waiting: OrderedDict[str, Stored] = OrderedDict()
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._busy = False

    def __call__(self, stored: Stored) -> None:
        with self._wake:
            self._waiting[stored.id] = stored
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="fairpair-warm", daemon=True)
                self._thread.start()
            self._wake.notify_all()  # the worker (and whoever waits for it to be idle)

    def waiting(self, tid: str) -> bool:
        """Whether a newer version of ``tid`` waits to be prepared."""
        with self._wake:
            return tid in self._waiting

    def idle(self, timeout: float) -> bool:
        """Wait until nothing is being prepared or waits to be (at most ``timeout``
        seconds); whether it is so."""
        deadline = time.monotonic() + timeout
        with self._wake:
            while self._waiting or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._wake.wait(left)
        return True

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._waiting:
                    self._busy = False
                    self._wake.notify_all()  # idle now
                    self._wake.wait()
                _, stored = self._waiting.popitem(last=False)
                self._busy = True
            try:
                self._work(stored)
            except Exception:  # a page computes it again (and shows the error) itself
                log.warning("could not prepare the pages of %s", stored.id, exc_info=True)


def _wait_left(started: float | None) -> float:
    """How long a page that began at ``started`` (``time.monotonic()``; None: now) may
    still wait for what it shows: what is left of :data:`STALE_WAIT`, at least
    :data:`MIN_WAIT`."""
    if started is None:
        return STALE_WAIT
    return max(MIN_WAIT, STALE_WAIT - (time.monotonic() - started))


class RoundTable:
    """A round's table as the pages show it (:func:`~fairpair.web.views.round_json`)
    with the pairing it is of (who plays whom, who has a bye): an older version's table
    may stand in for a new one of the same pairing (a result or a score behind, said
    on the page), never for another pairing (after unpairing and pairing again)."""

    __slots__ = ("data", "pairing")

    def __init__(self, pairing: tuple[Any, ...], data: dict[str, Any]) -> None:
        self.pairing = pairing
        self.data = data

    @staticmethod
    def pairing_of(t: Tournament, number: int) -> tuple[Any, ...]:
        """Who plays whom in round ``number`` of ``t``, and who has a bye."""
        rnd = t.round(number)
        return (tuple((g.white, g.black) for g in rnd.games), tuple(sorted(rnd.byes)))

    @classmethod
    def of(cls, t: Tournament, number: int) -> RoundTable:
        """Round ``number``'s table of ``t``."""
        return cls(cls.pairing_of(t, number), round_json(t, number))


def _crosstable(t: Tournament, table: Standings) -> tuple[list[str], list[list[str]], int]:
    """The crosstable of ``t`` from its standings ``table``: head, rows, after which
    round."""
    head, rows = crosstable_rows(t, table)
    return head, rows, table.after_round


#: The format of the values kept in the database (:func:`encode_prepared`): raise it
#: when what a value holds, or how it is computed, changes without fairpair's version
#: changing. A value kept by other code (another version or format) is not shown.
PREPARED_FORMAT = 1


def _code_digest() -> str:
    """A digest of fairpair's Python sources (paths and contents): a kept value made by
    other code, even of the same version number (a development checkout, a patched
    install), is not taken for current. About 5 ms, once per process."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


#: The code that made a kept value, as the database records it (at most 40 characters).
MADE_BY = f"{_code_digest()} {PREPARED_FORMAT} {__version__}"[:40]


def encode_prepared(kind: str, value: Any) -> bytes | None:
    """A value of the pages (``round``: a :class:`RoundTable`; ``standings``: the
    standings' table; ``crosstable``: head, rows, after which round) as kept in the
    database: compact JSON, compressed (the standings of 10,000 players: 1.7 MB of
    JSON, 0.1 MB kept); None if it cannot be written as JSON exactly."""
    if kind == "round" and isinstance(value, RoundTable):
        games, byes = value.pairing
        plain: Any = {"pairing": [games, byes], "data": value.data}
    elif kind in ("standings", "crosstable"):
        plain = value
    else:
        return None
    try:
        text = _json_text(plain)
    except (TypeError, ValueError):  # not plain JSON values: computed again after a start
        return None
    return zlib.compress(text.encode("utf-8"), 1)


#: Items of a long list written by one call of :func:`json.dumps` (:func:`_json_text`).
JSON_CHUNK = 250


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _json_text(value: Any) -> str:
    """``value`` as compact JSON, its long lists (and those of its objects) written
    :data:`JSON_CHUNK` items at a time: one call of the encoder holds the interpreter
    (the standings of 10,000 players: 25 ms), so the readers' threads run between the
    calls instead of waiting for the whole text."""
    if isinstance(value, list | tuple):
        if len(value) > JSON_CHUNK:
            items = list(value)
            starts = range(0, len(items), JSON_CHUNK)
            parts = (_json(items[i : i + JSON_CHUNK])[1:-1] for i in starts)
            return "[" + ",".join(parts) + "]"
        if any(isinstance(item, list | tuple | dict) for item in value):
            return "[" + ",".join(_json_text(item) for item in value) + "]"
    if isinstance(value, dict) and any(isinstance(v, list | tuple) for v in value.values()):
        if not all(isinstance(key, str) for key in value):
            raise TypeError("an object with keys that are not text")
        return "{" + ",".join(f"{_json(k)}:{_json_text(v)}" for k, v in value.items()) + "}"
    return _json(value)


def decode_prepared(key: str, data: bytes) -> tuple[str, Any, Any]:
    """A value kept by :func:`encode_prepared` under ``key``: its kind, its argument
    (the round's number) and the value. Raises ValueError (or TypeError, KeyError,
    ``zlib.error``) for anything else."""
    plain = json.loads(zlib.decompress(data).decode("utf-8"))
    if key == "round":
        games, byes = plain["pairing"]
        table = plain["data"]
        if not (isinstance(table, dict) and isinstance(table["boards"], list)):
            raise ValueError("a round's table without boards")
        pairing = (tuple((white, black) for white, black in games), tuple(byes))
        return "round", int(table["round"]), RoundTable(pairing, table)
    if key == "standings":
        if not (isinstance(plain, dict) and isinstance(plain["rows"], list)):
            raise ValueError("standings without rows")
        return "standings", None, plain
    if key == "crosstable":
        head, rows, after = plain
        if not (isinstance(head, list) and isinstance(rows, list) and isinstance(after, int)):
            raise ValueError("a crosstable of another shape")
        return "crosstable", None, (head, rows, after)
    raise ValueError(f"no prepared value {key!r}")


def pager(
    total: int, asked: int | None, url: Callable[[int], str], size: int = PAGE_SIZE
) -> dict[str, Any]:
    """Page ``asked`` (1-based, clamped) of ``total`` rows: its slice and the links to
    the first, previous, next and last pages (``url(page)``)."""
    pages = max(1, -(-total // size))
    page = min(max(asked or 1, 1), pages)
    links = []
    if pages > 1:
        for label, target in (
            ("« first", 1),
            ("‹ previous", page - 1),
            ("next ›", page + 1),
            ("last »", pages),
        ):
            ok = 1 <= target <= pages and target != page
            links.append({"label": label, "url": url(target) if ok else None})
    return {
        "page": page,
        "pages": pages,
        "start": (page - 1) * size,
        "stop": min(page * size, total),
        "total": total,
        "links": links,
    }


def _query(**values: Any) -> str:
    kept = {k: v for k, v in values.items() if v not in (None, "", 1) or k == "v"}
    return urlencode(kept)


def live_url(tid: str, view: str, version: int | str, **params: Any) -> str:
    """The address a live fragment polls: 204 while :func:`live_key` is ``version``."""
    return f"/t/{tid}/live?" + _query(view=view, v=version, **params)


def live_key(service: Service, tid: str, view: str) -> str:
    """What a live fragment compares: the tournament's version; on the director's
    page (its reports, its board table) also the newest player's report (a report does
    not change the tournament)."""
    version = service.store.version(tid)
    if view in ("director", "boards"):
        return f"{version}-{service.store.last_report(tid)}"
    return str(version)


def _current_round(stored: Stored, asked: int | None) -> int:
    t = stored.tournament
    if asked is not None and 1 <= asked <= len(t.rounds):
        return asked
    return t.rounds_played or len(t.rounds)


def _found(found: Sequence[Any], shown: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Where each found player is in the round shown: board, side, opponent; or bye."""
    out = []
    for player in found:
        item: dict[str, Any] = {"player": player, "board": None, "bye": None}
        if shown is not None:
            first, second = shown["sides"]
            for board in shown["boards"]:
                if player.number in (board[first]["number"], board[second]["number"]):
                    mine, theirs = (
                        (first, second)
                        if board[first]["number"] == player.number
                        else (second, first)
                    )
                    item.update(
                        board=board["board"],
                        side=mine,
                        opponent=board[theirs],
                        result=board["result"],
                    )
                    break
            else:
                for bye in shown["byes"]:
                    if bye["player"]["number"] == player.number:
                        item["bye"] = bye["kind"].replace("_", "-")
        out.append(item)
    return out


class PublicPages:
    """The contexts of the public pages (shared by a page and its live fragment)."""

    _of: weakref.WeakKeyDictionary[Service, PublicPages] = weakref.WeakKeyDictionary()

    def __init__(self, service: Service) -> None:
        self.service = service
        self.views = Views()
        self._warmer = Warmer(self.warm)
        service.listeners.append(self._warmer)
        #: The tournaments whose values kept in the database were read in (once each).
        self._seeded: set[str] = set()
        self._seed_lock = threading.Lock()
        #: (id, key) -> the newest version of that value the database has (as far as
        #: this process knows): what is kept already is not written again.
        self._kept: dict[tuple[str, str], int] = {}

    def warm_recent(self, count: int = WARM_AT_START) -> None:
        """In the background: read the ``count`` tournaments changed last and prepare
        their pages, as after a change (what a server start does, so that the first
        readers after it find them ready)."""

        def run() -> None:
            try:
                recent = self.service.store.summaries(limit=count)
            except Exception:  # the database is away: the pages prepare them later
                log.warning("could not list the tournaments to prepare", exc_info=True)
                return
            for summary in recent:
                try:
                    self.seeded(summary.id)  # what was kept: the pages can show it at once
                    self._warmer(self.service.store.get(summary.id))
                except Exception:  # deleted meanwhile, or unreadable: its page says so
                    log.warning("could not prepare the pages of %s", summary.id, exc_info=True)

        threading.Thread(target=run, name="fairpair-warm-start", daemon=True).start()

    @classmethod
    def of(cls, service: Service) -> PublicPages:
        """The one :class:`PublicPages` of ``service`` (its views are shared by the
        public pages and the players' pages)."""
        found = cls._of.get(service)
        if found is None:
            found = cls._of[service] = cls(service)
        return found

    def warm(self, stored: Stored) -> None:
        """Read a new version (the store keeps it parsed), compute the main page's
        round and standings of it and the crosstable, and keep them in the database
        (:meth:`keep`)."""
        try:
            current = self.service.load(stored.id)
        except ApiError:
            return  # deleted meanwhile
        if current.version != stored.version:
            return  # a newer change is on its way here
        views = self.seeded(current.id)
        number = _current_round(current, None)
        self.round_data(current, number)
        t = current.tournament
        if t.players:
            # the standings (main page, standings page, printable standings), then the
            # crosstable, from the same ranking; each counted from the start (a reader
            # asking for the crosstable meanwhile knows how long it has to wait)
            start = time.monotonic()
            views.get(
                current,
                "standings",
                None,
                lambda: standings_json(self.ranking(current)),
                began=start,
            )
            views.get(
                current,
                "crosstable",
                None,
                lambda: _crosstable(t, self.ranking(current)),
                began=start,
            )
            views.forget(current, "ranking", None)
        if not self._warmer.waiting(current.id):  # else the newer version is kept instead
            self.keep(current, number)

    def finish(self, timeout: float = FINISH_SECONDS) -> bool:
        """Let what is being prepared after the last changes be made and kept (at most
        ``timeout`` seconds): what a server does as it stops, so that the next start
        finds the pages of the last version; whether all of it was."""
        return self._warmer.idle(timeout)

    def seeded(self, tid: str) -> Views:
        """:attr:`views`, holding the values the database keeps for ``tid`` (read in
        the first time the tournament is asked for: after a start, its pages show them
        at once instead of computing them again, each only for the version it is of)."""
        if tid not in self._seeded:
            with self._seed_lock:
                if tid not in self._seeded:
                    try:
                        kept = self.service.store.prepared(tid)
                    except Exception:  # the database is away: asked again next time
                        log.warning("could not read the prepared pages of %s", tid, exc_info=True)
                        return self.views
                    for row in kept:
                        self._seed(tid, row)
                    self._seeded.add(tid)
        return self.views

    def _seed(self, tid: str, row: Prepared) -> None:
        """One value kept in the database into :attr:`views` (one made by other code,
        or unreadable, is left out: the pages compute it)."""
        if row.made_by != MADE_BY:
            return
        try:
            kind, arg, value = decode_prepared(row.key, row.data)
        except (ValueError, TypeError, KeyError, zlib.error):
            log.warning("prepared %s of %s is unreadable: computed again", row.key, tid)
            return
        self.views.seed(tid, row.version, kind, arg, value, row.millis / 1000)
        self._kept[(tid, row.key)] = row.version

    def keep(self, stored: Stored, number: int) -> None:
        """Write to the database what the pages show of ``stored``'s version and is
        made (round ``number``'s table, the standings, the crosstable) and not kept
        yet, tagged with the version (:meth:`~fairpair.web.store.Store.save_prepared`):
        a server started later shows it at once."""
        wanted: list[tuple[str, Any]] = [("round", number)] if number else []
        wanted += [("standings", None), ("crosstable", None)]
        values = []
        for kind, arg in wanted:  # each kept under its kind (one round: the current one)
            if self._kept.get((stored.id, kind), 0) >= stored.version:
                continue
            made = self.views.made(stored, kind, arg)
            if made is None:
                continue
            data = encode_prepared(kind, made[0])
            if data is not None:
                values.append(Prepared(kind, stored.version, MADE_BY, round(made[1] * 1000), data))
        if not values:
            return
        try:
            self.service.store.save_prepared(stored.id, values)
        except Exception:  # the database is away: a later change keeps its own
            log.warning("could not keep the prepared pages of %s", stored.id, exc_info=True)
            return
        for value in values:
            self._kept[(stored.id, value.key)] = stored.version

    def ranking(self, stored: Stored) -> Standings:
        """The standings of ``stored``'s version as computed, shared by whoever makes
        its standings or crosstable at the same time (never computed twice at once)."""
        table: Standings = self.seeded(stored.id).get(
            stored, "ranking", None, lambda: wf.standings_of(stored.tournament), newest=False
        )
        return table

    def round_data(self, stored: Stored, number: int) -> dict[str, Any] | None:
        """Round ``number``'s table (:func:`~fairpair.web.views.round_json`) of this
        version (made now if it is not ready)."""
        if not number:
            return None
        table: RoundTable = self.seeded(stored.id).get(
            stored, "round", number, lambda: RoundTable.of(stored.tournament, number)
        )
        return table.data

    def recent_round(
        self, stored: Stored, number: int, started: float | None = None
    ) -> tuple[dict[str, Any] | None, int]:
        """Round ``number``'s table for a live page, as :meth:`recent_standings` gives
        the standings: of this version if ready within what is left of
        :data:`STALE_WAIT` since ``started``, else the newest older table of the same
        pairing (its results or scores may be behind: the page says so), or none
        (:data:`NOT_READY`: the page says the pairings are being prepared)."""
        if not number:
            return None, stored.version
        t = stored.tournament
        pairing = RoundTable.pairing_of(t, number)
        value, version = self.seeded(stored.id).recent(
            stored,
            "round",
            number,
            lambda: RoundTable.of(t, number),
            _wait_left(started),
            usable=lambda older: isinstance(older, RoundTable) and older.pairing == pairing,
        )
        return (value.data if value is not None else None), version

    def standings_data(self, stored: Stored) -> dict[str, Any] | None:
        t = stored.tournament
        if not t.players:
            return None
        data: dict[str, Any] = self.seeded(stored.id).get(
            stored, "standings", None, lambda: standings_json(self.ranking(stored))
        )
        return data

    def recent_crosstable(
        self, stored: Stored, started: float | None = None
    ) -> tuple[tuple[list[str], list[list[str]], int] | None, int]:
        """The crosstable (head, rows, after which round) as :meth:`recent_standings`
        gives the standings."""
        t = stored.tournament
        value, version = self.seeded(stored.id).recent(
            stored,
            "crosstable",
            None,
            lambda: _crosstable(t, self.ranking(stored)),
            _wait_left(started),
        )
        return value, version

    def recent_standings(
        self, stored: Stored, started: float | None = None
    ) -> tuple[dict[str, Any] | None, int]:
        """The standings for a live page: of this version if ready within
        :data:`STALE_WAIT` s, else the newest older ones (the next poll brings these),
        or none yet (:data:`NOT_READY`: the page says they are being computed); with
        the version they are of. ``started`` (``time.monotonic()``): when the request
        began; the wait is then what is left of :data:`STALE_WAIT` since (at least
        :data:`MIN_WAIT`)."""
        t = stored.tournament
        if not t.players:
            return None, stored.version
        data, version = self.seeded(stored.id).recent(
            stored,
            "standings",
            None,
            lambda: standings_json(self.ranking(stored)),
            _wait_left(started),
        )
        return data, version

    @staticmethod
    def freshness(stored: Stored, shown_version: int) -> dict[str, Any]:
        """What a page says of the standings it shows: ``updating`` when they are of
        an older version (or not ready: ``pending``); the page then shows a note and
        its next poll (or reload) brings the new ones."""
        return {
            "updating": shown_version != stored.version,
            "pending": shown_version == NOT_READY,
        }

    def base(self, stored: Stored) -> dict[str, Any]:
        t = stored.tournament
        return {
            "tid": stored.id,
            "name": tournament_name(t),
            "t": t,
            "system": t.system,
            "total": wf.total_label(t),
            "version": stored.version,
            "poll": POLL_SECONDS,
        }

    def public(
        self,
        stored: Stored,
        asked: int | None,
        page: int | None,
        find: str,
        started: float | None = None,
    ) -> dict[str, Any]:
        """The main page: a round's boards (a page of them), who was found, the top of
        the standings. ``started`` (``time.monotonic()``, default now): when the request
        began, reading the tournament included (after a start, waiting for its parse):
        the page waits for its values at most what is left of :data:`STALE_WAIT` since."""
        if started is None:
            started = time.monotonic()
        t = stored.tournament
        tid = stored.id
        current = _current_round(stored, asked)
        # the round's table and the standings are prepared in the background after
        # each change; the page waits at most STALE_WAIT for both together
        shown, round_version = self.recent_round(stored, current, started)
        find = find.strip()[:100]

        def url(p: int) -> str:
            return f"/t/{tid}?" + _query(round=asked, page=p, find=find)

        boards = shown["boards"] if shown else []
        paging = pager(len(boards), page, url)
        standings, shown_version = self.recent_standings(stored, started)
        rows = standings["rows"] if standings else []
        players = list(t.players) if not t.rounds else []
        # the live part asks again until both are of the newest version
        oldest = NOT_READY if NOT_READY in (round_version, shown_version) else None
        polled = oldest if oldest is not None else min(round_version, shown_version)
        round_fresh = self.freshness(stored, round_version)
        return {
            **self.base(stored),
            "view": "public",
            "live_body": "_public_body.html",
            "live_url": live_url(tid, "public", polled, round=asked, page=page, find=find),
            **self.freshness(stored, shown_version),
            "round_updating": round_fresh["updating"],
            "round_pending": round_fresh["pending"],
            "rounds": list(range(1, len(t.rounds) + 1)),
            "current": current,
            "asked": asked,
            "round": shown,
            "boards": boards[paging["start"] : paging["stop"]],
            "pager": paging,
            "find": find,
            "found": _found(find_players(t, find), shown) if find else None,
            "standings": standings,
            "standings_rows": rows[:STANDINGS_ON_MAIN],
            "standings_more": len(rows) > STANDINGS_ON_MAIN,
            "players": players[:PAGE_SIZE],
            "players_more": len(players) > PAGE_SIZE,
        }

    def standings(
        self, stored: Stored, page: int | None, find: str, started: float | None = None
    ) -> dict[str, Any]:
        """The standings page: a page of rows, or the rows of the players found
        (``started`` as for :meth:`public`)."""
        t = stored.tournament
        tid = stored.id
        standings, shown_version = self.recent_standings(stored, started)
        rows = standings["rows"] if standings else []
        find = find.strip()[:100]
        if find:
            wanted = {p.number for p in find_players(t, find)}
            rows = [r for r in rows if r["number"] in wanted]

        def url(p: int) -> str:
            return f"/t/{tid}/standings?" + _query(page=p, find=find)

        paging = pager(len(rows), page, url)
        return {
            **self.base(stored),
            "view": "standings",
            "live_body": "_standings_body.html",
            "live_url": live_url(tid, "standings", shown_version, page=page, find=find),
            **self.freshness(stored, shown_version),
            "standings": standings,
            "standings_rows": rows[paging["start"] : paging["stop"]],
            "standings_more": False,
            "pager": paging,
            "find": find,
        }


#: The pages a reader may open first after a start (compiled in the background then).
_FIRST_PAGES = ("public.html", "standings.html", "crosstable.html", "_live.html", "player.html")


def _compile_templates() -> None:
    for name in _FIRST_PAGES:
        try:
            env.get_template(name)
        except Exception:  # shown (and logged) by the page that uses it
            log.warning("could not compile %s", name, exc_info=True)


def public_router(service: Service) -> APIRouter:
    """The public pages, working on ``service``."""
    router = APIRouter(include_in_schema=False)
    pages = PublicPages.of(service)
    # compiled now rather than by the first reader of each page (0.1-0.2 s each)
    threading.Thread(target=_compile_templates, name="fairpair-templates", daemon=True).start()
    pages.warm_recent()

    def load(tid: str) -> Stored:
        return service.load(tid)

    @router.get("/t/{tid}", response_class=HTMLResponse)
    def public(
        tid: str, round: int | None = None, page: int | None = None, find: str = ""
    ) -> HTMLResponse:
        started = time.monotonic()  # what the page may wait is counted from here
        try:
            stored = load(tid)
        except ApiError as exc:
            return error_page(exc)
        return html("public.html", **pages.public(stored, round, page, find, started))

    @router.get("/t/{tid}/standings", response_class=HTMLResponse)
    def standings(tid: str, page: int | None = None, find: str = "") -> HTMLResponse:
        started = time.monotonic()
        try:
            stored = load(tid)
        except ApiError as exc:
            return error_page(exc)
        return html("standings.html", **pages.standings(stored, page, find, started))

    @router.get("/t/{tid}/live")
    def live(
        tid: str,
        request: Request,
        view: str = "public",
        v: str = "",
        round: int | None = None,
        page: int | None = None,
        find: str = "",
    ) -> Response:
        """A page's live part: 204 while the tournament is at version ``v``."""
        started = time.monotonic()
        try:
            if live_key(service, tid, view) == v:
                return Response(status_code=204)
            stored = load(tid)
        except (ApiError, NotFound):  # gone: the page stays as it is
            return Response(status_code=204)
        if view == "standings":
            context = pages.standings(stored, page, find, started)
        elif view == "player":
            from fairpair.web.player_pages import player_live

            return player_live(service, stored, request)
        elif view == "director":
            from fairpair.web.player_pages import director_live

            return director_live(service, stored, request)
        elif view == "boards":
            from fairpair.web.player_pages import director_boards_live

            return director_boards_live(service, stored, request, page)
        else:
            context = pages.public(stored, round, page, find, started)
        fragment = html("_live.html", **context)
        fragment.headers["Cache-Control"] = "no-cache"  # always asked again
        return fragment

    @router.get("/t/{tid}/crosstable", response_class=HTMLResponse)
    def crosstable(tid: str, page: int | None = None) -> HTMLResponse:
        started = time.monotonic()
        try:
            stored = load(tid)
        except ApiError as exc:
            return error_page(exc)
        t = stored.tournament
        table, shown_version = pages.recent_crosstable(stored, started)
        head, rows, after = table if table is not None else ([], [], t.rounds_played)
        paging = pager(len(rows), page, lambda p: f"/t/{tid}/crosstable?page={p}")
        numeric = {0, 1, 3} | set(range(4 + after, len(head)))
        return html(
            "crosstable.html",
            **pages.base(stored),
            **pages.freshness(stored, shown_version),
            title=f"crosstable after round {after}",
            head=head,
            rows=rows[paging["start"] : paging["stop"]],
            numeric=numeric,
            name_column=2,
            legend=crosstable_legend(t),
            pager=paging,
        )

    @router.get("/t/{tid}/rounds/{round_number}/print", response_class=HTMLResponse)
    def print_round(tid: str, round_number: int, page: int | None = None) -> HTMLResponse:
        try:
            stored = load(tid)
            service.round_of(tid, round_number)
        except ApiError as exc:
            return error_page(exc)
        t = stored.tournament
        lines = pages.views.get(stored, "print", round_number, lambda: board_lines(t, round_number))
        paging = pager(
            len(lines), page, lambda p: f"/t/{tid}/rounds/{round_number}/print?page={p}", 500
        )
        shown = pages.round_data(stored, round_number)
        return html(
            "print_round.html",
            **pages.base(stored),
            round=shown,
            label=wf.round_label(t, round_number),
            lines=lines[paging["start"] : paging["stop"]],
            strength="Rank" if wf.descriptor_of(t.system).strength == "rank" else "Rating",
            pager=paging,
        )

    @router.get("/t/{tid}/standings/print", response_class=HTMLResponse)
    def print_standings(
        tid: str, after_round: int | None = None, page: int | None = None
    ) -> HTMLResponse:
        """The standings as a page to print (print CSS: A4, no navigation)."""
        started = time.monotonic()
        try:
            stored = load(tid)
            t = stored.tournament
            if after_round is not None and not 0 <= after_round <= len(t.rounds):
                raise ApiError(
                    400,
                    f"after_round {after_round}",
                    field="after_round",
                    expected=f"a round from 0 to {len(t.rounds)}",
                )
        except ApiError as exc:
            return error_page(exc)

        def make() -> dict[str, Any] | None:
            if not t.players:
                return None
            return standings_json(wf.standings_of(t, after_round=after_round))

        if after_round is None:  # the current standings: prepared after each change
            data, shown_version = pages.recent_standings(stored, started)
        else:
            data, shown_version = (
                pages.views.get(stored, "standings-after", after_round, make),
                stored.version,
            )
        rows = data["rows"] if data else []

        def url(p: int) -> str:
            return f"/t/{tid}/standings/print?" + _query(after_round=after_round, page=p)

        paging = pager(len(rows), page, url, 500)
        return html(
            "standings_print.html",
            tid=tid,
            name=tournament_name(t),
            system=t.system,
            total=wf.total_label(t),
            standings=data,
            rows=rows[paging["start"] : paging["stop"]],
            pager=paging,
            **pages.freshness(stored, shown_version),
        )

    return router
