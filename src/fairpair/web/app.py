"""The web application: the API, the pages, and one error format for both.

:func:`create_app` builds it on a database (a SQLite path or a SQLAlchemy URL), running
the schema migrations first. ``fairpair serve`` runs it with uvicorn.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import InterfaceError, OperationalError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fairpair import limits
from fairpair.web.api import PREFIX, api_router, error_response
from fairpair.web.director_pages import director_router
from fairpair.web.docs_page import docs_router
from fairpair.web.errors import ApiError
from fairpair.web.pages import pages_router
from fairpair.web.player_pages import player_router
from fairpair.web.public_pages import PublicPages, public_router
from fairpair.web.security import RateLimit, SecurityHeaders
from fairpair.web.service import Service
from fairpair.web.store import Store

__all__ = ["create_app", "quiet_collector", "validation_error"]

log = logging.getLogger("fairpair.web")

#: Container allocations between two young collections of the server's garbage
#: collector (Python's default: 700).
GC_YOUNG = 50_000


def quiet_collector() -> None:
    """Tune the garbage collector for a server holding large tournaments: with
    Python's defaults, preparing the standings of 10,000 players triggers several full
    collections, each holding every thread for 60-90 ms over the parsed tournaments
    kept in memory, and a reader's page waits behind them. Collecting the young
    generation every :data:`GC_YOUNG` allocations instead of 700 leaves none during
    such a computation (and makes it faster); what is loaded at start-up is frozen out
    of every collection. Memory is still freed at once by reference counting; only
    reference cycles wait longer."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(GC_YOUNG, middle, old)


#: Seconds a client is asked to wait (``Retry-After``) when the database is away (503).
RETRY_AFTER = 5


def _field(loc: tuple[Any, ...] | list[Any]) -> str:
    """``("body", "players", 2, "rating")`` -> ``players[2].rating``; the names pydantic
    gives the members of a union (``list[PlayerIn]``, ``PlayerIn``) are left out."""
    text = ""
    parts = list(loc)
    if parts and parts[0] in ("body", "query", "path", "header", "cookie"):
        parts = parts[1:]
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]" if text else f"body[{part}]"
        elif isinstance(part, str) and not ("[" in part or part[:1].isupper()):
            text += f".{part}" if text else part
    return text


def validation_error(exc: RequestValidationError) -> ApiError:
    """A FastAPI/pydantic validation error as the API's 422 body (the deepest error
    first: for a union it is the member that came closest)."""
    errors = sorted(exc.errors(), key=lambda e: -len(e.get("loc", ())))
    if not errors:
        return ApiError(422, "invalid request", field="body")
    first = errors[0]
    loc = first.get("loc", ())
    field = _field(loc) or (str(loc[0]) if loc else "body")
    kind = str(first.get("type", ""))
    message = str(first.get("msg", "invalid value"))
    if kind == "json_invalid":
        return ApiError(422, f"invalid JSON: {message}", field="body", expected="a JSON body")
    if kind == "missing":
        return ApiError(422, f"{field} is missing", field=field, expected=f"a value for {field}")
    if kind == "extra_forbidden":
        return ApiError(422, f"unknown field {field}", field=field, expected="no such field")
    details = [
        {"field": _field(e.get("loc", ())), "error": str(e.get("msg", ""))} for e in errors[:10]
    ]
    return ApiError(
        422,
        f"{field}: {message}",
        field=field,
        expected=message.removeprefix("Input should be "),
        extra={"details": details},
    )


def _too_large(found: str, maximum: int) -> JSONResponse:
    """The 413 refusal; the connection is closed (the rest of the body is not read)."""
    response = error_response(
        ApiError(413, found, field="body", expected=f"at most {maximum} bytes")
    )
    response.headers["Connection"] = "close"
    return response


class _BodyLimit:
    """Refuse (413) a request whose body is over the ``file_bytes`` limit, before it is
    read whole: a ``Content-Length`` over the limit at once; any body (chunked ones
    included) as its bytes arrive, stopping at the first byte past the limit.

    The body is read here, counted chunk by chunk, and handed to the application as one
    message: the application never reads more than the limit, whatever the client
    sends."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        maximum = limits.limit("file_bytes")
        for key, value in scope.get("headers", ()):
            if key == b"content-length" and (not value.isdigit() or int(value) > maximum):
                shown = value.decode("latin-1")[:40]
                await _too_large(f"a body of {shown} bytes", maximum)(scope, receive, send)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # http.disconnect: the client left
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > maximum:
                del chunks
                response = _too_large(f"a body of more than {maximum} bytes", maximum)
                await response(scope, receive, send)
                return
            if chunk:
                chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        del chunks
        replayed = False

        async def replay() -> Message:
            nonlocal replayed, body
            if not replayed:
                replayed = True
                message: Message = {"type": "http.request", "body": body, "more_body": False}
                body = b""
                return message
            return await receive()

        await self.app(scope, replay, send)


#: The pages' static files (the bundled htmx and its licence).
STATIC = Path(__file__).parent / "static"


def create_app(db: str | Store) -> FastAPI:
    """The application on database ``db`` (migrated to the newest schema)."""
    store = db if isinstance(db, Store) else Store(db)
    service = Service(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        # stopping: the pages of the last changes prepared and kept for the next start
        await run_in_threadpool(PublicPages.of(service).finish)

    app = FastAPI(
        lifespan=lifespan,
        title="fairpair",
        summary="Swiss-system tournaments: pairings, results, standings.",
        version="1",
        openapi_url=f"{PREFIX}/openapi.json",
        docs_url=None,  # our own page (docs_page): nothing from another host
        redoc_url=None,
    )
    app.state.service = service

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> Response:
        return error_response(exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> Response:
        return error_response(validation_error(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        text = str(exc.detail) if exc.detail else "error"
        expected = None
        if exc.status_code == 404:
            expected = f"a path of the API ({PREFIX}/docs) or a page"
        elif exc.status_code == 405:
            expected = "another method: " + exc.headers.get("Allow", "") if exc.headers else None
        return JSONResponse(
            {"error": text, "field": "path", "expected": expected},
            status_code=exc.status_code,
            headers=exc.headers,
        )

    @app.exception_handler(OperationalError)
    @app.exception_handler(InterfaceError)
    async def _database_away(request: Request, exc: Exception) -> Response:
        # the database is down, restarting, unreachable or locked: not a bug, and the
        # same request can succeed a moment later
        log.warning("database unavailable on %s %s: %s", request.method, request.url.path, exc)
        return JSONResponse(
            {
                "error": "the database is not available",
                "field": None,
                "expected": f"the same request again in {RETRY_AFTER} seconds",
            },
            status_code=503,
            headers={"Retry-After": str(RETRY_AFTER)},
        )

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception) -> Response:
        log.exception("internal error on %s %s", request.method, request.url.path)
        return JSONResponse(
            {
                "error": f"internal error: {type(exc).__name__} (a bug in fairpair)",
                "field": None,
                "expected": None,
            },
            status_code=500,
            # the server drops the connection after an internal error: say so
            headers={"Connection": "close"},
        )

    # the pages' own scripts (htmx, bundled: no page loads anything from another host)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(api_router(service))
    app.include_router(docs_router(PREFIX))
    app.include_router(public_router(service))
    app.include_router(player_router(service))
    app.include_router(director_router(service))
    app.include_router(pages_router(service))
    app.add_middleware(_BodyLimit)
    create = (f"{PREFIX}/tournaments", f"{PREFIX}/tournaments/import", "/new")
    app.add_middleware(RateLimit, create_paths=create)  # before a body is read
    # outermost: the headers go on every answer, the body limit's 413 included
    app.add_middleware(SecurityHeaders, docs_prefix=f"{PREFIX}/docs")
    return app
