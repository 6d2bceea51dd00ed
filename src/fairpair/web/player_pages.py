"""A player's own page, his personal link, and the director's sheet of player links.

**The personal link** is ``/t/{id}/me#TOKEN``, a player token issued by the director
(one by one, or every player's at once: ``POST /api/v1/tournaments/{id}/tokens/players``
or the "Player links" page). The part after ``#`` is never sent to a server, so no
access log, proxy or ``Referer`` holds it: the page's script (``static/fairpair.js``)
takes it from the address, removes it from the address and the history, and posts it in
the body of the sign-in form (``POST /t/{id}/me``); without JavaScript the player types
or pastes the code into that form. The token then lives in a cookie of the
tournament's pages (HttpOnly, SameSite=Lax so that opening the link again from a chat
or a QR code keeps the player signed in; Secure over HTTPS) with a session id, and
every form of the page carries a form token bound to both (as on the director's page,
:mod:`fairpair.web.pages`), and its ``Origin`` is checked.

**The player's page** shows his board, opponent and colour (or side) in the current
round, his earlier rounds, and buttons to report the result of a game without one:
the report goes through :meth:`Service.report_result` (exactly as the API's player
token does) and waits for the director's confirmation, or counts at once when both
players report the same result and the director turned on the event setting
``confirm_agreed_reports``. A bad, revoked or expired link shows a plain message and
changes nothing.

**The sheet of player links** (``/t/{id}/player-links``, director only) issues a new
token for every player (or a range of numbers) and shows each player's link with its
QR code (SVG made here with ``segno``), to print and hand out; the tokens are shown on
this answer only (they are stored as their SHA-256).
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from fairpair.web.errors import ApiError
from fairpair.web.pages import (
    _FORM_SECRET,
    COOKIE,
    FORM_FIELD,
    SESSION_COOKIE,
    _form,
    _int,
    _same_origin,
    director_boards,
    foreign_post,
    form_token,
)
from fairpair.web.public_pages import POLL_SECONDS, PublicPages, error_page, html, live_url
from fairpair.web.service import AGREED_REPORTS, Service
from fairpair.web.store import Grant, Stored
from fairpair.web.views import player_games
from fairpair.workflow.rounds import tournament_name

__all__ = [
    "PLAYER_COOKIE",
    "PLAYER_SESSION",
    "director_boards_live",
    "director_live",
    "player_live",
    "player_router",
    "qr_svg",
]

#: The cookie holding a player's token (path ``/t/{id}``).
PLAYER_COOKIE = "fairpair_player"
#: The cookie holding the random id of a player's signed-in session.
PLAYER_SESSION = "fairpair_player_session"
_MONTH = 60 * 60 * 24 * 30
#: The most player links one sheet issues (a larger field: several sheets by number).
SHEET_MAX = 500

#: What a player can report from his page: the result key and how it reads.
REPORTS = ("1-0", "1/2", "0-1")


def qr_svg(text: str) -> str:
    """``text`` as a QR code, an inline SVG element (no XML declaration; black modules,
    a quiet zone of 4, error correction M)."""
    import segno

    code = segno.make(text, error="m", micro=False)
    svg: str = code.svg_inline(scale=3, border=4, dark="#000", light="#fff")
    return svg


def _plain(error: ApiError) -> str:
    """A refused link in plain words (no header names, no HTTP)."""
    if error.status == 404:
        return "There is no such tournament here."
    if "expired" in error.error:
        return "This player link has expired. Ask the director for a new one."
    if error.status == 403:
        return "This link is not a player link of this tournament. Ask the director for yours."
    if error.error == "no bearer token":
        return "Open your personal link (or type the code from it) to see your board."
    return "This player link is not valid (mistyped, or revoked). Ask the director for a new one."


def _set_cookies(response: Response, request: Request, tid: str, **values: str) -> None:
    for name, value in values.items():
        response.set_cookie(
            name,
            value,
            max_age=_MONTH,
            path=f"/t/{tid}",
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )


def _player_context(service: Service, stored: Stored, grant: Grant) -> dict[str, Any]:
    """What the player's page shows."""
    t = stored.tournament
    number = grant.player
    assert number is not None
    player = t.player_map.get(number)
    games = player_games(t, number)
    last = t.rounds_played
    current = next((g for g in reversed(games) if g["round"] == last), None) if last else None
    sides = None
    board = None
    if current is not None and "board" in current:
        shown = PublicPages.of(service).round_data(stored, last)
        assert shown is not None
        sides = shown["sides"]
        board = shown["boards"][current["board"] - 1]
    waiting = [r for r in service.reports(stored.id) if r.player == number]
    reportable = [g for g in games if "board" in g and not g["result"] and g["round"] <= last]
    for g in reportable:
        me = player.name if player is not None else str(number)
        first, second = (me, g["opponent"]["name"]) if g["first"] else (g["opponent"]["name"], me)
        g["choices"] = [("1-0", f"{first} won"), ("1/2", "Draw"), ("0-1", f"{second} won")]
        g["reported"] = next(
            (
                r.result
                for r in reversed(waiting)
                if r.round == g["round"] and r.board == g["board"]
            ),
            None,
        )
    return {
        "tid": stored.id,
        "name": tournament_name(t),
        "system": t.system,
        "version": stored.version,
        "poll": POLL_SECONDS,
        "player": player,
        "number": number,
        "games": games,
        "last": last,
        "current": current,
        "board": board,
        "sides": sides,
        "reportable": reportable,
        "agreed": service.settings(stored.id)[AGREED_REPORTS],
        "live_url": live_url(stored.id, "player", stored.version),
        "live_body": "_player_body.html",
    }


def _grant(service: Service, tid: str, request: Request) -> Grant:
    return service.authorize(tid, request.cookies.get(PLAYER_COOKIE), ("player",))


def player_live(service: Service, stored: Stored, request: Request) -> Response:
    """The player's page's live part (the tournament changed), or 204 when the
    player is not signed in any more (the page stays as it is)."""
    try:
        grant = _grant(service, stored.id, request)
    except ApiError:
        return Response(status_code=204)
    context = _player_context(service, stored, grant)
    context["form_token"] = _player_form_token(service, stored.id, request)
    page = html("_live.html", **context)
    page.headers["Cache-Control"] = "no-store"  # a form token of the player's session
    return page


def director_live(service: Service, stored: Stored, request: Request) -> Response:
    """The director's page's live part: the players' reports waiting (with their
    Confirm buttons) and how many results of the current round are in. 204 when not
    signed in as the director or an arbiter (the page stays as it is).

    The director's page shows it with one element that loads it at once and then
    polls: ``<div hx-get="/t/{id}/live?view=director&v=0" hx-trigger="load"
    hx-swap="outerHTML"></div>``."""
    tid = stored.id
    form = _director_form_token(service, tid, request)
    if form is None:
        return Response(status_code=204)
    t = stored.tournament
    last = t.rounds_played
    shown = PublicPages.of(service).round_data(stored, last)
    newest = service.store.last_report(tid)  # before the list: never newer than shown
    reports = [
        {
            "round": r.round,
            "board": r.board,
            "name": t.player(r.player).name if r.player in t.player_map else str(r.player),
            "result": r.result,
            "shown": "½-½" if r.result in ("1/2", "=", "½", "½-½") else r.result,
        }
        for r in service.reports(tid)
    ]
    page = html(
        "_live.html",
        tid=tid,
        version=stored.version,
        poll=POLL_SECONDS,
        live_url=live_url(tid, "director", f"{stored.version}-{newest}"),
        live_body="_director_body.html",
        reports=reports,
        round=shown,
        form_token=form,
    )
    page.headers["Cache-Control"] = "no-store"
    return page


def director_boards_live(
    service: Service, stored: Stored, request: Request, page: int | None
) -> Response:
    """The director's board table (:func:`fairpair.web.pages.director_boards`) at the
    tournament's present version, for its live part; 204 when not signed in as the
    director or an arbiter (the page stays as it is)."""
    form = _director_form_token(service, stored.id, request)
    if form is None:
        return Response(status_code=204)
    page_ = html("_director_boards.html", **director_boards(service, stored, form, page))
    page_.headers["Cache-Control"] = "no-store"
    return page_


def _director_form_token(service: Service, tid: str, request: Request) -> str | None:
    """The form token of the director's (or an arbiter's) signed-in session for the
    live parts of the director's page; None when the request is not signed in so."""
    token = request.cookies.get(COOKIE)
    try:
        service.authorize(tid, token, ("director", "arbiter"))
    except ApiError:
        return None
    assert token is not None
    session = request.cookies.get(SESSION_COOKIE, "")
    return form_token(service.store.secret(_FORM_SECRET), tid, session, token)


def _player_form_token(service: Service, tid: str, request: Request) -> str:
    session = request.cookies.get(PLAYER_SESSION, "")
    token = request.cookies.get(PLAYER_COOKIE, "")
    return form_token(service.store.secret(_FORM_SECRET), tid, session, token)


def player_router(service: Service) -> APIRouter:
    """The player's pages and the director's sheet of player links."""
    router = APIRouter(include_in_schema=False)

    def sign_in_page(tid: str, status: int, message: str = "") -> HTMLResponse:
        return html("player_sign_in.html", status, tid=tid, error=message)

    @router.get("/t/{tid}/me", response_class=HTMLResponse)
    def me(tid: str, request: Request, msg: str = "", error: str = "") -> Response:
        try:
            stored = service.load(tid)
        except ApiError as exc:
            return error_page(exc)
        if not request.cookies.get(PLAYER_COOKIE):
            return sign_in_page(tid, 200)
        try:
            grant = _grant(service, tid, request)
        except ApiError as exc:
            page = sign_in_page(tid, exc.status, _plain(exc))
            page.delete_cookie(PLAYER_COOKIE, path=f"/t/{tid}")
            return page
        context = _player_context(service, stored, grant)
        session = request.cookies.get(PLAYER_SESSION, "")
        fresh = not session
        if fresh:
            session = secrets.token_urlsafe(24)
        secret = service.store.secret(_FORM_SECRET)
        token = request.cookies.get(PLAYER_COOKIE, "")
        context["form_token"] = form_token(secret, tid, session, token)
        page = html("player.html", message=msg[:300], error=error[:300], **context)
        page.headers["Cache-Control"] = "no-store"
        if fresh:
            _set_cookies(page, request, tid, **{PLAYER_SESSION: session})
        return page

    @router.post("/t/{tid}/me", response_class=HTMLResponse)
    async def sign_in(tid: str, request: Request) -> Response:
        """The personal link's sign-in: the token in the body, kept in a cookie."""
        if not _same_origin(request):
            return error_page(foreign_post("sign-in", "the sign-in form of this server"))
        token = _form(await request.body()).get("token", "").strip()
        if "#" in token:  # the whole link pasted: its code is after '#'
            token = token.rsplit("#", 1)[1]
        try:
            await run_in_threadpool(service.authorize, tid, token, ("player",))
        except ApiError as exc:
            if exc.status == 404:
                return error_page(exc)
            return sign_in_page(tid, exc.status, _plain(exc))
        response = RedirectResponse(f"/t/{tid}/me", status_code=303)
        _set_cookies(
            response,
            request,
            tid,
            **{PLAYER_COOKIE: token, PLAYER_SESSION: secrets.token_urlsafe(24)},
        )
        return response

    @router.post("/t/{tid}/me/{action}", response_class=HTMLResponse)
    async def act(tid: str, action: str, request: Request) -> Response:
        """The player's forms: ``report`` (a result) and ``logout``."""
        if not _same_origin(request):
            return error_page(foreign_post("form", "a form of this server's player page"))
        form = _form(await request.body())
        try:
            grant = await run_in_threadpool(_grant, service, tid, request)
        except ApiError as exc:
            if exc.status == 404:
                return error_page(exc)
            return sign_in_page(tid, exc.status, _plain(exc))
        expected = await run_in_threadpool(_player_form_token, service, tid, request)
        if not request.cookies.get(PLAYER_SESSION) or not hmac.compare_digest(
            form.get(FORM_FIELD, ""), expected
        ):
            return error_page(
                ApiError(
                    403,
                    "a form without this session's form token",
                    field=FORM_FIELD,
                    expected="a form of your player page (reload it and try again)",
                )
            )
        if action == "logout":
            response = RedirectResponse(f"/t/{tid}", status_code=303)
            response.delete_cookie(PLAYER_COOKIE, path=f"/t/{tid}")
            response.delete_cookie(PLAYER_SESSION, path=f"/t/{tid}")
            return response
        if action != "report":
            return error_page(
                ApiError(
                    404,
                    f"no action {action!r}",
                    field="action",
                    expected="a form of your player page",
                )
            )
        try:
            rnd, board = _int(form, "round"), _int(form, "board")
            assert rnd is not None and board is not None
            result = form.get("result", "")
            if result not in REPORTS:
                raise ApiError(
                    400, f"result {result!r}", field="result", expected="a win, a draw or a loss"
                )
            await run_in_threadpool(service.report_result, tid, grant, rnd, board, result)
            confirmed = await run_in_threadpool(service.confirm_if_agreed, tid, rnd, board)
        except ApiError as exc:
            text = exc.error + ("; " + exc.expected if exc.expected else "")
            return RedirectResponse(f"/t/{tid}/me?error={quote(text)}", status_code=303)
        shown = "½-½" if result == "1/2" else result
        if confirmed:
            message = f"Result {shown} entered: both players reported it."
        else:
            message = f"Result {shown} reported; the director confirms it."
        return RedirectResponse(f"/t/{tid}/me?msg={quote(message)}", status_code=303)

    # ------------------------------------------------------------------ the director's sheet

    def director_grant(tid: str, request: Request) -> tuple[str, str]:
        """The director's token and this session's form token (ApiError if not signed
        in as the director)."""
        token = request.cookies.get(COOKIE)
        service.authorize(tid, token, ("director",))
        assert token is not None
        session = request.cookies.get(SESSION_COOKIE, "")
        return token, form_token(service.store.secret(_FORM_SECRET), tid, session, token)

    def links_page(tid: str, request: Request, status: int = 200, **extra: Any) -> Response:
        try:
            stored = service.load(tid)
            _, form = director_grant(tid, request)
        except ApiError as exc:
            if exc.status == 404:
                return error_page(exc)
            return RedirectResponse(f"/t/{tid}/director", status_code=303)
        t = stored.tournament
        page = html(
            "player_links.html",
            status,
            tid=tid,
            name=tournament_name(t),
            system=t.system,
            players=len(t.players),
            first=1,
            last_number=min(len(t.players), SHEET_MAX),
            sheet_max=SHEET_MAX,
            agreed=service.settings(tid)[AGREED_REPORTS],
            form_token=form,
            **{"issued": None, **extra},
        )
        page.headers["Cache-Control"] = "no-store"
        return page

    @router.get("/t/{tid}/player-links", response_class=HTMLResponse)
    def links(tid: str, request: Request, msg: str = "") -> Response:
        return links_page(tid, request, message=msg[:300])

    @router.post("/t/{tid}/player-links/{action}", response_class=HTMLResponse)
    async def links_act(tid: str, action: str, request: Request) -> Response:
        """``issue``: new links for players ``first``..``last`` (a sheet to print);
        ``settings``: whether agreed reports count at once."""
        if not _same_origin(request):
            return error_page(foreign_post("form", "a form of this server's director page"))
        form = _form(await request.body())
        try:
            _, expected = await run_in_threadpool(director_grant, tid, request)
        except ApiError as exc:
            if exc.status == 404:
                return error_page(exc)
            return RedirectResponse(f"/t/{tid}/director", status_code=303)
        if not request.cookies.get(SESSION_COOKIE) or not hmac.compare_digest(
            form.get(FORM_FIELD, ""), expected
        ):
            return error_page(
                ApiError(
                    403,
                    "a form without this session's form token",
                    field=FORM_FIELD,
                    expected="a form of the director's page (reload it and try again)",
                )
            )
        if action == "settings":
            on = form.get(AGREED_REPORTS) == "on"
            await run_in_threadpool(service.set_settings, tid, {AGREED_REPORTS: on})
            text = (
                "A result both players report the same now counts at once."
                if on
                else "Every reported result now waits for your confirmation."
            )
            return RedirectResponse(f"/t/{tid}/player-links?msg={quote(text)}", status_code=303)
        if action != "issue":
            return error_page(
                ApiError(
                    404, f"no action {action!r}", field="action", expected="a form of this page"
                )
            )
        try:
            first = _int(form, "first", required=False) or 1
            t = (await run_in_threadpool(service.load, tid)).tournament
            last = _int(form, "last", required=False) or len(t.players)
            hours = _int(form, "hours", required=False)
            if not 1 <= first <= last or last - first + 1 > SHEET_MAX:
                raise ApiError(
                    400,
                    f"players {first} to {last}",
                    field="last",
                    expected=f"a range of at most {SHEET_MAX} players, first to last",
                )
            if hours is not None and not 1 <= hours <= 87600:
                raise ApiError(
                    400,
                    f"{hours} hours",
                    field="hours",
                    expected="1 to 87600 hours, or empty (never)",
                )
            numbers = [
                p.number
                for p in t.players
                if first <= p.number <= last and p.withdrawn_from is None
            ]
            issued = await run_in_threadpool(
                service.issue_player_tokens, tid, numbers, None if hours is None else hours * 3600
            )
        except ApiError as exc:
            text = exc.error + (", expected " + exc.expected if exc.expected else "")
            return links_page(tid, request, 400, error=text)
        base = f"{request.url.scheme}://{request.headers.get('host', request.url.netloc)}"

        def cards() -> list[dict[str, Any]]:
            out = []
            for player, token in issued:
                link = f"{base}/t/{tid}/me#{token}"
                out.append({"player": player, "link": link, "qr": qr_svg(link)})
            return out

        made = await run_in_threadpool(cards)
        return links_page(tid, request, issued=made, message=f"{len(made)} player links issued")

    return router
