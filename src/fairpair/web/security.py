"""Security headers of every response (``docs/security.md``).

Every response says it may not be framed (``X-Frame-Options: DENY`` and CSP
``frame-ancestors 'none'``: a page of another site, or of another port of the same
host, cannot show the director's page under its own buttons), that its content type is
what it says (``nosniff``), and that the address of a page goes to no other site
(``Referrer-Policy: same-origin``: a browser still sends ``Origin`` with a form, which
the director's forms check). The pages get a content security policy allowing nothing
but their own inline style and this server's scripts (htmx and ``fairpair.js``); the
API's documentation page (Swagger UI, loaded from its CDN) only the framing part. A
director's page (it can show a new token) and every answer to a write are not cached
(``Cache-Control: no-store``).

The access log never holds a token: sign-in is a POST (the token in the body) and
:class:`RedactTokens` writes the value of any ``token`` query parameter (an old
sign-in link) as ``[redacted]``.
"""

from __future__ import annotations

import logging
import math
import re
import time
from collections import OrderedDict

from starlette.datastructures import MutableHeaders
from starlette.responses import HTMLResponse, JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fairpair import limits

__all__ = ["PAGE_POLICY", "RateLimit", "RedactTokens", "SecurityHeaders", "redact_access_log"]

#: The content security policy of the pages and the API's JSON answers.
PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; connect-src 'self'; "
    "style-src 'unsafe-inline'; img-src 'self' data:; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
#: The policy of the API's documentation page: the pages' own (it is served by this
#: server and loads nothing from another host, ``fairpair.web.docs_page``).
DOCS_POLICY = PAGE_POLICY


class SecurityHeaders:
    """Adds the headers above to every HTTP response of ``app``."""

    def __init__(self, app: ASGIApp, docs_prefix: str) -> None:
        self.app = app
        self.docs_prefix = docs_prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        policy = DOCS_POLICY if path.startswith(self.docs_prefix) else PAGE_POLICY
        no_store = scope.get("method") not in ("GET", "HEAD") or "/director" in path

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["X-Frame-Options"] = "DENY"
                headers["Content-Security-Policy"] = policy
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "same-origin"
                if no_store:
                    headers["Cache-Control"] = "no-store"
            await send(message)

        await self.app(scope, receive, send_with_headers)


#: The rate limits: limit name -> (its window in seconds, what a refusal says).
_KINDS = {
    "writes": (60.0, "writes a minute"),
    "creations": (3600.0, "new tournaments an hour"),
}


class RateLimit:
    """A per-client rate limit on writes and on tournament creation (429 with
    ``Retry-After`` beyond it), from the ``writes`` and ``creations`` limits of
    :mod:`fairpair.limits` (``FAIRPAIR_MAX_WRITES`` a minute, ``FAIRPAIR_MAX_CREATIONS``
    an hour, read at each request).

    A client is its address, as uvicorn gives it: behind a trusted reverse proxy the
    address the proxy forwards (``--forwarded-allow-ips``). Loopback clients are not
    limited (the machine's own scripts and tests; a proxy on the same machine forwards
    the real address). Each limit is a token bucket per client, full at the limit and
    refilled evenly over its window; at most :data:`MAX_CLIENTS` clients are remembered
    (the least recently seen are forgotten), so memory stays bounded."""

    MAX_CLIENTS = 100_000

    def __init__(self, app: ASGIApp, create_paths: tuple[str, ...]) -> None:
        self.app = app
        self.create_paths = create_paths
        self.buckets: OrderedDict[tuple[str, str], tuple[float, float]] = OrderedDict()

    def _take(self, kind: str, client: str, now: float) -> float:
        """Take one token of ``kind`` for ``client``: 0 if there was one, else the
        seconds until there is."""
        capacity = float(limits.limit(kind))
        window, _ = _KINDS[kind]
        rate = capacity / window
        key = (kind, client)
        tokens, last = self.buckets.pop(key, (capacity, now))
        tokens = min(capacity, tokens + (now - last) * rate)
        if tokens >= 1:
            self.buckets[key] = (tokens - 1, now)
            wait = 0.0
        else:
            self.buckets[key] = (tokens, now)
            wait = (1 - tokens) / rate
        while len(self.buckets) > self.MAX_CLIENTS:
            self.buckets.popitem(last=False)
        return wait

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        client = (scope.get("client") or ("", 0))[0]
        if client in _LOOPBACK:
            await self.app(scope, receive, send)
            return
        now = time.monotonic()
        kinds = ["writes"]
        if scope.get("method") == "POST" and scope.get("path", "").rstrip("/") in self.create_paths:
            kinds.append("creations")
        for kind in kinds:
            wait = self._take(kind, client, now)
            if wait > 0:
                _, what = _KINDS[kind]
                item = limits.LIMITS[kind]
                retry = str(max(1, math.ceil(wait)))
                if _wants_html(scope):
                    # a page's form (the home page's "New tournament", a director's form):
                    # a page in words, not the API's JSON body
                    page = HTMLResponse(
                        _TOO_MANY.format(what=what, limit=limits.limit(kind), wait=retry),
                        status_code=429,
                        headers={"Retry-After": retry},
                    )
                    await page(scope, receive, send)
                    return
                response = JSONResponse(
                    {
                        "error": f"too many requests from {client}",
                        "field": None,
                        "expected": (
                            f"at most {limits.limit(kind)} {what} from one client (a limit: "
                            f"set {item.env} to raise it, see docs/security.md)"
                        ),
                        "limit": kind,
                    },
                    status_code=429,
                    headers={"Retry-After": retry},
                )
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


_LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost", "testclient"})

_TOO_MANY = (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
    '<meta name="viewport" content="width=device-width, initial-scale=1">'
    "<title>Too many changes</title></head><body>"
    "<h1>Too many changes from this computer</h1>"
    "<p>This server takes at most {limit} {what} from one computer. "
    "Wait {wait} seconds, then go back and send the form again.</p>"
    '<p><a href="/">All tournaments</a></p></body></html>'
)


def _wants_html(scope: Scope) -> bool:
    """Did a browser's page send this (it accepts HTML, and it is not the API)?"""
    if str(scope.get("path", "")).startswith("/api/"):
        return False
    for key, value in scope.get("headers", ()):
        if key == b"accept":
            return b"text/html" in value
    return False


def header_timeout_protocol() -> type:
    """uvicorn's HTTP/1.1 protocol (h11) with a timeout on the request line and
    headers: a connection that has not sent a whole request head within the
    ``header_timeout`` limit (``FAIRPAIR_HEADER_TIMEOUT`` seconds) of being opened, or
    of the previous response, is closed. (uvicorn alone waits for ever: a client that
    sends a header byte now and then holds a connection, and enough of them hold the
    server.)"""
    import asyncio

    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeaderTimeoutProtocol(H11Protocol):
        _head_timer: asyncio.TimerHandle | None = None

        def _arm(self) -> None:
            self._disarm()
            seconds = limits.limit("header_timeout")
            self._head_timer = self.loop.call_later(seconds, self._head_expired)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _head_expired(self) -> None:
            self._head_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def handle_events(self) -> None:
            super().handle_events()
            if self.conn.their_state is not h11.IDLE:  # a request's head has arrived
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
                self._arm()

    return HeaderTimeoutProtocol


_TOKEN_IN_QUERY = re.compile(r"([?&](?:token|access_token)=)[^&#\s]*", re.IGNORECASE)


class RedactTokens(logging.Filter):
    """An access-log filter: the value of a ``token`` query parameter is written as
    ``[redacted]`` (uvicorn's access record has the path with its query in its
    arguments)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                _TOKEN_IN_QUERY.sub(r"\1[redacted]", a) if isinstance(a, str) else a
                for a in record.args
            )
        if isinstance(record.msg, str) and "token=" in record.msg.lower():
            record.msg = _TOKEN_IN_QUERY.sub(r"\1[redacted]", record.msg)
        return True


def redact_access_log(name: str = "uvicorn.access") -> None:
    """Install :class:`RedactTokens` on the access logger ``name`` (once)."""
    logger = logging.getLogger(name)
    if not any(isinstance(f, RedactTokens) for f in logger.filters):
        logger.addFilter(RedactTokens())
