"""The director's pages beyond the main one (:mod:`fairpair.web.pages`): creating a
tournament from the home page, a round's results on one screen (saved board by board
without a reload, or all at once by the plain form), correcting an earlier round, a
player's details, unpairing after a confirmation, and the exports.

Every form here is protected as the director's page's forms are: the ``Origin`` (or
``Referer``) must be this server, and the form carries the session's form token (the
"New tournament" form, filled before anyone is signed in, a time-stamped one:
:mod:`fairpair.web.creation`). Every change calls the operation the API calls
(:class:`fairpair.web.service.Service`), and a refused one changes nothing and says why
in plain words (:mod:`fairpair.web.messages`).
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from fairpair import workflow as wf
from fairpair.formats import kind_of
from fairpair.web import creation
from fairpair.web.errors import ApiError
from fairpair.web.exports import EXPORTS
from fairpair.web.messages import plain, plain_invalid
from fairpair.web.models import PlayerPatch, TournamentIn
from fairpair.web.pages import (
    _FORM_SECRET,
    COOKIE,
    CREATED_COOKIE,
    SESSION_COOKIE,
    _error_page,
    _form,
    _html,
    _same_origin,
    _set_cookies,
    form_token,
    new_tournament_context,
    results_for,
)
from fairpair.web.service import Service
from fairpair.web.store import Grant
from fairpair.web.views import round_json
from fairpair.workflow.rounds import tournament_name

__all__ = ["director_router"]

#: The player details the edit form offers, with their labels (as ``edit_player`` and
#: the API's ``PATCH`` name them).
PLAYER_FIELDS = {
    "name": "Name",
    "rating": "Rating",
    "title": "Title",
    "federation": "Federation",
    "fide_id": "FIDE id",
    "sex": "Sex (m or w)",
    "birth": "Birth date (YYYY/MM/DD or year)",
    "club": "Club",
}

#: The result choices of the one-screen entry: form value -> label. Each label starts
#: with a key one can type in the list (1, 0, =, +, -, c).
RESULT_CHOICES = {
    "1-0": "1-0",
    "0-1": "0-1",
    "1/2": "= ½-½",
    "+-": "+- forfeit",
    "-+": "-+ forfeit",
    "--": "-- both lose",
    "clear": "clear",
}
#: The flagged results, where the event's system records them (Netrunner): keys ``i``
#: and ``2`` (``0`` twice for ``0-2``).
FLAGGED_CHOICES = {
    "id": "ID: intentional draw (½-½)",
    "2-0": "2-0: 2-for-1, the first player wins both games",
    "0-2": "0-2: 2-for-1, the second player wins both games",
}


def _player_cells(player: Any) -> dict[str, str]:
    return {
        "name": player.name,
        "rating": str(player.rating) if player.rating else "",
        "title": player.title,
        "federation": player.federation,
        "fide_id": player.fide_id,
        "sex": player.sex,
        "birth": player.birth_date,
        "club": player.club,
    }


def _options(fields: dict[str, str], form: creation.SystemForm) -> tuple[dict[str, Any], ...]:
    """The chosen system's options and new-tournament values from the form: only those
    set (a switch that differs from its default, a number or text typed, a choice
    made)."""
    options: dict[str, Any] = {}
    settings: dict[str, Any] = {}
    for field in form.fields:
        target = settings if field.setting else options
        if field.kind == "bool":
            on = fields.get(field.name) == "on"
            if on != bool(field.default):
                target[field.key] = on
            continue
        text = fields.get(field.name, "").strip()
        if not text:
            continue
        if field.default is not None and text.lower() == str(field.default).lower():
            continue  # the default, as the form shows it: left to the system
        target[field.key] = text
    return options, settings


def director_router(service: Service) -> APIRouter:
    """The routes of this module, working on ``service``."""
    router = APIRouter(include_in_schema=False)

    # ------------------------------------------------------------------ sign-in checks

    def _login(tid: str, exc: ApiError) -> HTMLResponse:
        if exc.status == 404:
            return _error_page(exc)
        return _html("login.html", exc.status, tid=tid, error=exc)

    def viewer(request: Request, tid: str, roles: tuple[str, ...]) -> tuple[Grant, str] | Response:
        """The signed-in grant and the session's form token, or the page to show
        instead (the sign-in form; the main page first when no session exists)."""
        token = request.cookies.get(COOKIE)
        try:
            grant = service.authorize(tid, token, ("director", "arbiter"))
        except ApiError as exc:
            return _login(tid, exc)
        assert token is not None
        session = request.cookies.get(SESSION_COOKIE)
        if not session:
            return RedirectResponse(f"/t/{tid}/director", status_code=303)
        if grant.role not in roles:
            return _director_redirect(tid, error="Only the director can do this.")
        secret = service.store.secret(_FORM_SECRET)
        return grant, form_token(secret, tid, session, token)

    async def poster(
        request: Request, tid: str, roles: tuple[str, ...]
    ) -> tuple[Grant, str, dict[str, str]] | Response:
        """A POST of a signed-in page: same origin, signed in with one of ``roles``, the
        session's form token; the grant, the form token and the form's fields."""
        if not _same_origin(request):
            return _error_page(
                ApiError(
                    403,
                    "This form was sent from another site",
                    expected="a form of this server's director page",
                )
            )
        form = _form(await request.body())
        seen = await run_in_threadpool(viewer, request, tid, roles)
        if isinstance(seen, Response):
            return seen
        grant, expected = seen
        if not hmac.compare_digest(form.get("form_token", ""), expected):
            return _error_page(
                ApiError(
                    403,
                    "This form is out of date",
                    expected="a form of the director's page (reload it and try again)",
                )
            )
        return grant, expected, form

    # ------------------------------------------------------------------ new tournament

    def new_page(
        status: int = 200, error: str = "", values: dict[str, str] | None = None
    ) -> HTMLResponse:
        return _html(
            "new_tournament.html",
            status,
            new=new_tournament_context(service),
            error=error,
            values=values or {},
        )

    @router.get("/new", response_class=HTMLResponse)
    def new_form() -> HTMLResponse:
        return new_page()

    @router.post("/new", response_class=HTMLResponse)
    async def create(request: Request) -> Response:
        """Create a tournament from the form (and its player list, if one was chosen),
        sign this browser in as its director and open its director's page, which shows
        the director token once."""
        if not _same_origin(request):
            return _error_page(
                ApiError(
                    403,
                    "This form was sent from another site",
                    expected="the New tournament form of this server",
                )
            )
        body = await request.body()
        fields, upload = creation.read_form(request.headers.get("content-type", ""), body)
        values = {k: v for k, v in fields.items() if k != "form_token"}
        secret = await run_in_threadpool(service.store.secret, _FORM_SECRET)
        if not creation.check_new_form_token(secret, fields.get("form_token", "")):
            return await run_in_threadpool(
                new_page, 403, "This form is out of date: reload the page and try again.", values
            )
        try:
            tid, token = await run_in_threadpool(_create, fields, upload)
        except ApiError as exc:
            return await run_in_threadpool(new_page, 400, plain(exc), values)
        except ValidationError as exc:
            return await run_in_threadpool(new_page, 400, plain_invalid(exc.errors()), values)
        response = RedirectResponse(f"/t/{tid}/director", status_code=303)
        session = secrets.token_urlsafe(24)
        _set_cookies(
            response,
            request,
            tid,
            **{COOKIE: token, SESSION_COOKIE: session, CREATED_COOKIE: "1"},
        )
        return response

    def _create(fields: dict[str, str], upload: creation.Upload | None) -> tuple[str, str]:
        system = fields.get("system", "").strip()
        forms = {f.name: f for f in creation.system_forms()}
        if system not in forms:
            raise ApiError(
                400,
                f"no system {system!r}" if system else "no system chosen",
                field="system",
                expected="one of the systems of the list",
            )
        rounds_text = fields.get("rounds", "").strip()
        if not (rounds_text.isascii() and rounds_text.isdigit() and len(rounds_text) <= 6):
            raise ApiError(
                400, f"rounds {rounds_text!r}", field="rounds", expected="a whole number, e.g. 7"
            )
        options, settings = _options(fields, forms[system])
        name = " ".join(fields.get("name", "").split()) or None
        spec = TournamentIn.model_validate(
            {
                "name": name,
                "system": system,
                "rounds": int(rounds_text),
                "options": options,
                **settings,
            }
        )
        kind = kind_of(upload.data) if upload is not None and upload.data.strip() else None
        if name is None and kind not in ("json", "trf", "opengotha"):
            # only a tournament file carries a name; a player list or an empty start does not
            raise ApiError(
                400,
                "the tournament has no name",
                field="name",
                expected="a name, e.g. Club Open 2026 (left empty, it is taken from an "
                "uploaded TRF, JSON or OpenGotha file)",
            )
        if upload is None or not upload.data.strip():
            if upload is not None and upload.filename:
                raise ApiError(
                    400,
                    f"the file {upload.filename!r} is empty",
                    field="file",
                    expected="a player list (CSV), a TRF, a fairpair JSON, an OpenGotha or "
                    "an NRTM file",
                )
            return service.create(spec)
        if kind in ("json", "trf", "opengotha"):
            content_type = {"json": "application/json", "opengotha": "application/xml"}.get(
                kind, "text/plain"
            )
            try:
                return service.import_document(upload.data, content_type, system, name)
            except ApiError as exc:
                if exc.field == "body":  # the request's body is this form's player list
                    exc.field = "file"
                raise
        try:
            text = upload.data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ApiError(
                400,
                f"the file {upload.filename!r} is not UTF-8 text",
                field="file",
                expected="a player list saved as CSV in UTF-8",
            ) from None
        return service.create_from_list(spec, text, upload.filename or "player list")

    # ------------------------------------------------------------------ results

    def results_page(
        tid: str, rnd: int, grant: Grant, form: str, message: str = "", error: str = ""
    ) -> HTMLResponse:
        stored = service.load(tid)
        t = stored.tournament
        if not 1 <= rnd <= t.rounds_played:
            raise ApiError(
                404,
                f"round {rnd} is not paired",
                field="round",
                expected=f"a paired round (1 to {t.rounds_played})"
                if t.rounds_played
                else "a paired round",
            )
        return _html(
            "director_results.html",
            400 if error else 200,
            tid=tid,
            name=tournament_name(t),
            role=grant.role,
            round=round_json(t, rnd),
            rounds=list(range(1, t.rounds_played + 1)),
            last=t.rounds_played,
            choices=results_for(t, RESULT_CHOICES, FLAGGED_CHOICES),
            form_token=form,
            message=message,
            error=error,
        )

    @router.get("/t/{tid}/director/rounds/{rnd}/results", response_class=HTMLResponse)
    def results(tid: str, rnd: int, request: Request, msg: str = "", error: str = "") -> Response:
        """A round's results on one screen (the last round: entry; an earlier one:
        corrections, each board showing the result entered)."""
        seen = viewer(request, tid, ("director", "arbiter"))
        if isinstance(seen, Response):
            return seen
        grant, form = seen
        try:
            return results_page(tid, rnd, grant, form, msg[:500], error[:500])
        except ApiError as exc:
            return _error_page(exc)

    @router.post("/t/{tid}/director/rounds/{rnd}/results", response_class=HTMLResponse)
    async def save_results(tid: str, rnd: int, request: Request) -> Response:
        """The plain form: every board given a result is saved, all in one change."""
        seen = await poster(request, tid, ("director", "arbiter"))
        if isinstance(seen, Response):
            return seen
        _, _, form = seen
        given = {}
        for key, value in form.items():
            board = key.removeprefix("result-")
            if key.startswith("result-") and board.isascii() and board.isdigit() and value:
                given[int(board)] = value
        back = f"/t/{tid}/director/rounds/{rnd}/results"
        if not given:
            return RedirectResponse(
                f"{back}?msg={quote('Nothing to save: no result was chosen.')}", status_code=303
            )
        try:
            stored, changed = await run_in_threadpool(service.set_results, tid, rnd, given)
        except ApiError as exc:
            if exc.status == 404 and exc.field == "id":
                return _error_page(exc)
            return RedirectResponse(f"{back}?error={quote(plain(exc))}", status_code=303)
        games = stored.tournament.round(rnd).games
        text = "Saved: " + "; ".join(
            f"board {b}: {wf.describe_game(stored.tournament, games[b - 1])} "
            f"{after or 'no result'}" + (f" (was {before})" if before else "")
            for b, (before, after) in sorted(changed.items())
        )
        return RedirectResponse(f"{back}?msg={quote(text)}", status_code=303)

    @router.post("/t/{tid}/director/rounds/{rnd}/boards/{board}", response_class=HTMLResponse)
    async def save_board(tid: str, rnd: int, board: int, request: Request) -> Response:
        """One board's result from the one-screen entry (htmx: a fragment, the board's
        status and its entered result; a plain POST goes back to the page)."""
        seen = await poster(request, tid, ("director", "arbiter"))
        if isinstance(seen, Response):
            return seen
        _, _, form = seen
        value = form.get(f"result-{board}", form.get("result", "")).strip()
        partial = request.headers.get("hx-request") == "true"
        back = f"/t/{tid}/director/rounds/{rnd}/results"
        if not value:
            text, ok, entered = "nothing to save", False, None
        else:
            try:
                _, changed = await run_in_threadpool(service.set_results, tid, rnd, {board: value})
            except ApiError as exc:
                text, ok, entered = plain(exc), False, None
            else:
                before, after = changed[board]
                entered = after
                text = f"saved: {after or 'no result'}" + (f" (was {before})" if before else "")
                ok = True
        if not partial:
            key = "msg" if ok else "error"
            return RedirectResponse(f"{back}?{key}={quote(text)}", status_code=303)
        # a refusal is also answered 200: htmx swaps only successful answers
        return _html("_board_status.html", board=board, ok=ok, text=text, entered=entered)

    # ------------------------------------------------------------------ unpair

    @router.get("/t/{tid}/director/unpair", response_class=HTMLResponse)
    def unpair_confirm(tid: str, request: Request) -> Response:
        """The confirmation before the last round's pairing is deleted."""
        seen = viewer(request, tid, ("director",))
        if isinstance(seen, Response):
            return seen
        _, form = seen
        t = service.load(tid).tournament
        last = t.rounds_played
        if not last:
            return _director_redirect(tid, error="No round is paired: there is nothing to unpair.")
        columns = wf.last_pairing_columns(t)
        games = [g for r in columns for g in t.round(r).games]
        entered = sum(1 for g in games if g.has_result)
        return _html(
            "director_unpair.html",
            tid=tid,
            name=tournament_name(t),
            round=columns[0],
            label=wf.round_label(t, columns[0]),
            boards=len(t.round(columns[0]).games),
            entered=entered,
            form_token=form,
        )

    # ------------------------------------------------------------------ players

    def player_page(
        tid: str, number: int, form: str, error: str = "", values: dict[str, str] | None = None
    ) -> HTMLResponse:
        t = service.load(tid).tournament
        player = service.player(t, number)
        cells = _player_cells(player)
        return _html(
            "director_player.html",
            400 if error else 200,
            tid=tid,
            name=tournament_name(t),
            player=player,
            fields=PLAYER_FIELDS,
            cells={**cells, **(values or {})},
            last=t.rounds_played,
            next_round=t.next_round(),
            form_token=form,
            error=error,
        )

    @router.get("/t/{tid}/director/players/{number}", response_class=HTMLResponse)
    def edit_player(tid: str, number: int, request: Request) -> Response:
        seen = viewer(request, tid, ("director",))
        if isinstance(seen, Response):
            return seen
        try:
            return player_page(tid, number, seen[1])
        except ApiError as exc:
            return _error_page(exc)

    @router.post("/t/{tid}/director/players/{number}", response_class=HTMLResponse)
    async def save_player(tid: str, number: int, request: Request) -> Response:
        """Correct a player's details: only the fields that differ are changed."""
        seen = await poster(request, tid, ("director",))
        if isinstance(seen, Response):
            return seen
        _, form_value, form = seen
        try:
            t = (await run_in_threadpool(service.load, tid)).tournament
            player = service.player(t, number)
        except ApiError as exc:
            return _error_page(exc)
        current = _player_cells(player)
        changes = {
            key: " ".join(form[key].split()) if key == "name" else form[key].strip()
            for key in PLAYER_FIELDS
            if key in form and form[key].strip() != current[key]
        }
        if not changes:
            return _director_redirect(tid, message=f"{player.name}: nothing changed.")
        try:
            patch = PlayerPatch.model_validate(changes)
            _, after = await run_in_threadpool(service.patch_player, tid, number, patch)
        except ApiError as exc:
            values = {k: form.get(k, "") for k in PLAYER_FIELDS}
            return await run_in_threadpool(player_page, tid, number, form_value, plain(exc), values)
        except ValidationError as exc:
            values = {k: form.get(k, "") for k in PLAYER_FIELDS}
            return await run_in_threadpool(
                player_page, tid, number, form_value, plain_invalid(exc.errors()), values
            )
        what = ", ".join(PLAYER_FIELDS[k].split(" (")[0].lower() for k in sorted(changes))
        return _director_redirect(
            tid, message=f"{after.name} (number {after.number}): {what} changed."
        )

    # ------------------------------------------------------------------ exports

    @router.get("/t/{tid}/export/{key}")
    def export(tid: str, key: str) -> Response:
        """The tournament as a file of one of :data:`EXPORTS` (public, as the API's
        exports are)."""
        found = EXPORTS.get(key)
        if found is not None and not found.applies(service.load(tid).tournament):
            found = None  # a Go report of a chess event ...
        if found is None:
            return _error_page(
                ApiError(
                    404,
                    f"no export {key!r}",
                    expected="one of the exports listed on the director's page",
                )
            )
        try:
            text = found.render(service, tid)
        except ApiError as exc:
            return _error_page(exc)
        return Response(
            text,
            media_type=found.media_type,
            headers={"Content-Disposition": f'attachment; filename="{tid}.{found.suffix}"'},
        )

    return router


def _director_redirect(tid: str, *, message: str = "", error: str = "") -> RedirectResponse:
    """Back to the director's page, with a message or an error to show."""
    query = f"?error={quote(error)}" if error else (f"?msg={quote(message)}" if message else "")
    return RedirectResponse(f"/t/{tid}/director{query}", status_code=303)
