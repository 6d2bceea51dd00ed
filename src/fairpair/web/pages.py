"""Server-rendered pages: the public pages of a tournament (pairings, results,
standings, crosstable, printable lists) and the director's page.

The director signs in once on ``/t/{id}/director``: its form posts the token in the
body (``POST /t/{id}/director``, never in a URL, so neither the access log nor the
browser's history keeps it), which stores the token in a cookie for that tournament's
pages (HttpOnly, SameSite=Strict, so another site cannot post forms with it) and
redirects to the page. The old link ``/t/{id}/director?token=...`` no longer signs in:
it redirects to the sign-in form (the token dropped from the address), and the access
log writes such a query's token as ``[redacted]`` (:mod:`fairpair.web.security`).
Its forms post to ``/t/{id}/director/{action}`` and call the same operations as the
API (:class:`fairpair.web.service.Service`).
The director's other pages (the "New tournament" form, a round's results on one
screen, a player's details, the unpair confirmation, the exports) are in
:mod:`fairpair.web.director_pages`; refusals are shown in plain words
(:mod:`fairpair.web.messages`).

A SameSite cookie does not stop a page of the same site (another port or subdomain of
the host): every form therefore carries a form token (hidden field ``form_token``), an
HMAC of the tournament, a random session id (cookie ``fairpair_session``, set at
sign-in) and the signed-in token, under a secret of the database; a POST without the
right one is refused (403), as is a POST whose ``Origin`` (or, without one, ``Referer``)
is not this server's. The pages cannot be framed (``X-Frame-Options: DENY``, CSP
``frame-ancestors 'none'``: :mod:`fairpair.web.security`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from fairpair import workflow as wf
from fairpair.errors import FairpairError
from fairpair.model import Tournament
from fairpair.web.errors import ApiError
from fairpair.web.exports import exports_for
from fairpair.web.messages import plain, plain_invalid, sign_in_error
from fairpair.web.models import ByeIn, PairIn, PlayerIn, PlayerPatch, TokenIn
from fairpair.web.public_pages import POLL_SECONDS, PublicPages, live_url, pager
from fairpair.web.service import Service, pending_json
from fairpair.web.store import Stored, hash_token
from fairpair.workflow.rounds import tournament_name

__all__ = [
    "COOKIE",
    "CREATED_COOKIE",
    "FORM_FIELD",
    "SESSION_COOKIE",
    "director_boards",
    "foreign_post",
    "new_tournament_context",
    "pages_router",
    "render_director",
    "results_for",
]

#: The cookie holding a director's (or arbiter's) token, one per tournament path.
COOKIE = "fairpair_token"
#: The cookie holding the random id of a signed-in session (the form tokens' key).
SESSION_COOKIE = "fairpair_session"
#: A one-shot cookie set when a tournament is created on the "New tournament" form: the
#: director's page then shows the director token once (and deletes the cookie).
CREATED_COOKIE = "fairpair_created"
#: The hidden field of every director's form: the session's form token.
FORM_FIELD = "form_token"
#: The ``meta`` key of the database's secret for form tokens.
_FORM_SECRET = "form_secret"
_MONTH = 60 * 60 * 24 * 30

_env = Environment(
    loader=FileSystemLoader(Path(__file__).parent / "templates"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)
#: ``{{ error | sign_in }}``: why a token did not open the page, in words.
_env.filters["sign_in"] = sign_in_error

#: Results offered on the director's page, from the first-listed player's side, and
#: how the workflow writes them (:func:`fairpair.workflow.result_text`).
RESULTS = {
    "1-0": "1-0",
    "1/2": "½-½",
    "0-1": "0-1",
    "+-": "+-",
    "-+": "-+",
    "--": "--",
    "clear": "clear",
}


#: The flagged results (:func:`fairpair.workflow.flagged_scores_of`) as the director's
#: table shows them once entered (:func:`fairpair.workflow.result_text`).
FLAGGED_RESULTS = {"id": "½-½ (ID)", "2-0": "1-0 (2-for-1)", "0-2": "0-1 (2-for-1)"}


def results_for(t: Tournament, plain: dict[str, str], flagged: dict[str, str]) -> dict[str, str]:
    """The results a form offers for ``t``: ``plain`` (form value -> label), with the
    labels of ``flagged`` for the flagged results the event's system records, before
    "clear"."""
    offered = wf.flagged_scores_of(t)
    extra = {key: label for key, label in flagged.items() if key in offered}
    kept = {key: label for key, label in plain.items() if key != "clear"}
    return {**kept, **extra, **({"clear": plain["clear"]} if "clear" in plain else {})}


def _html(template: str, status: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(_env.get_template(template).render(**context), status_code=status)


def _error_page(error: ApiError) -> HTMLResponse:
    return _html("error.html", error.status, error=error)


def _current_round(t: Tournament, asked: int | None) -> int:
    if asked is not None and 1 <= asked <= len(t.rounds):
        return asked
    return t.rounds_played or len(t.rounds)


def _public_context(service: Service, stored: Stored, asked: int | None) -> dict[str, Any]:
    t = stored.tournament
    current = _current_round(t, asked)
    pages = PublicPages.of(service)
    return {
        "tid": stored.id,
        "name": tournament_name(t),
        "t": t,
        "system": t.system,
        "total": wf.total_label(t),
        "rounds": list(range(1, len(t.rounds) + 1)),
        "current": current,
        "round": pages.round_data(stored, current),
        # the standings prepared after each change (waited for if being made)
        "standings": pages.standings_data(stored),
        "version": stored.version,
    }


def _reported(result: str) -> str:
    """A player's reported result as the pages show it."""
    return "½-½" if result in ("1/2", "=", "½", "½-½") else result


def director_boards(
    service: Service, stored: Stored, form: str, page: int | None = None
) -> dict[str, Any]:
    """The director's table of the current round's boards (a page of
    :data:`~fairpair.web.public_pages.PAGE_SIZE`), each with its result form and the
    players' reports waiting for it; live: the part polls
    ``/t/{id}/live?view=boards&v=VERSION-REPORT``, which answers 204 while neither the
    tournament nor the reports changed (:func:`~fairpair.web.public_pages.live_key`)."""
    t = stored.tournament
    tid = stored.id
    current = _current_round(t, None)
    shown = PublicPages.of(service).round_data(stored, current)
    newest = service.store.last_report(tid)  # read before the reports: never newer
    reported: dict[int, list[str]] = {}
    if shown is not None:
        for report in service.reports(tid):
            if report.round == shown["round"]:
                player = t.player_map.get(report.player)
                who = player.name if player is not None else str(report.player)
                reported.setdefault(report.board, []).append(
                    f"{who} reports {_reported(report.result)}"
                )
    boards = shown["boards"] if shown else []
    paging = pager(len(boards), page, lambda p: f"/t/{tid}/director?page={p}")
    return {
        "round": shown,
        "board_rows": boards[paging["start"] : paging["stop"]],
        "pager": paging,
        "reported": reported,
        "results": results_for(t, RESULTS, FLAGGED_RESULTS),
        "boards_url": live_url(tid, "boards", f"{stored.version}-{newest}", page=page),
        "poll": POLL_SECONDS,
        "form_token": form,
        "tid": tid,
    }


def _form(body: bytes) -> dict[str, str]:
    parsed = parse_qs(body.decode("utf-8", errors="replace"), keep_blank_values=True)
    return {key: values[0] for key, values in parsed.items()}


#: The byes a director can record for a round not yet paired: form value -> points
#: (in units of a win; "" = the system's default for a requested bye) and label.
BYE_CHOICES = {
    "": "requested bye (the system's points)",
    "1": "full-point bye",
    "0.5": "half-point bye",
    "0": "absence (zero points)",
}


def _requested_byes(t: Tournament) -> list[dict[str, Any]]:
    """The byes and absences recorded for rounds not yet paired, with names."""
    rows = []
    for rnd in t.rounds:
        if rnd.paired:
            continue
        for number, kind in sorted(rnd.byes.items()):
            name = t.player(number).name if number in t.player_map else str(number)
            rows.append(
                {
                    "round": rnd.number,
                    "number": number,
                    "name": name,
                    "kind": kind.name.lower().replace("_", "-"),
                }
            )
    return rows


def _pair_names(t: Tournament, pairs: Any) -> list[str]:
    """Pairs of pairing numbers as "name – name" lines."""

    def name(number: int) -> str:
        return t.player(number).name if number in t.player_map else str(number)

    return [" – ".join(name(n) for n in sorted(pair)) for pair in sorted(map(sorted, pairs))]


def form_token(secret: bytes, tid: str, session: str, token: str) -> str:
    """The form token of a signed-in session: it changes with the tournament, the
    session and the token, and cannot be made without the database's secret."""
    message = f"{tid}\n{session}\n{hash_token(token)}".encode()
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def _set_cookies(response: Response, request: Request, tid: str, **values: str) -> None:
    """Cookies of the tournament's pages: HttpOnly, SameSite=Strict, Secure when the
    request came over HTTPS (the scheme a trusted proxy forwarded counts)."""
    for name, value in values.items():
        response.set_cookie(
            name,
            value,
            max_age=_MONTH,
            path=f"/t/{tid}",
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
        )


def _same_origin(request: Request) -> bool:
    """Did the POST come from a page of this server? The ``Origin`` header (browsers
    send it with every POST), else the ``Referer``; a request with neither (not a
    browser) passes here and still needs its form token. ``Origin: null`` (a sandboxed
    frame, a ``data:`` page) fails."""
    here = f"{request.url.scheme}://{request.headers.get('host', '')}".lower()
    origin = request.headers.get("origin")
    if origin is not None:
        return origin.strip().lower() == here
    referer = request.headers.get("referer")
    if referer is not None:
        parts = urlsplit(referer.strip())
        return f"{parts.scheme}://{parts.netloc}".lower() == here
    return True


def foreign_post(what: str, expected: str) -> ApiError:
    """The refusal of a POST that :func:`_same_origin` turns away: ``a WHAT posted from
    another site`` (403, field ``Origin``)."""
    return ApiError(403, f"a {what} posted from another site", field="Origin", expected=expected)


def _int(form: dict[str, str], key: str, *, required: bool = True) -> int | None:
    text = form.get(key, "").strip()
    if not text:
        if required:
            raise ApiError(400, f"no {key}", field=key, expected=f"a {key}")
        return None
    if not (text.isascii() and text.lstrip("-").isdigit()) or len(text) > 9:
        raise ApiError(400, f"{key} {text!r}", field=key, expected="a whole number")
    return int(text)


#: The director's forms (their actions) shown again with what they held when their
#: action is refused (the others, a button or a result, have nothing typed to keep).
_KEPT_FORMS = frozenset({"players", "withdraw", "bye", "forbid", "force", "token"})


def render_director(
    service: Service,
    tid: str,
    role: str,
    *,
    message: str = "",
    error: str = "",
    token: str = "",
    form: str = "",
    created: str = "",
    created_url: str = "",
    page: int | None = None,
    values: tuple[str, Mapping[str, str]] | None = None,
) -> HTMLResponse:
    """The director's (or arbiter's) page of ``tid``; ``created``: the director token
    of a tournament just created, shown once with the advice to keep it; ``page``: the
    page of the round's boards shown; ``values``: a form of :data:`_KEPT_FORMS` whose
    action was refused and what it held (shown again, to be corrected)."""
    stored = service.load(tid)
    t = stored.tournament
    context = {
        **_public_context(service, stored, None),
        **director_boards(service, stored, form, page),
    }
    last = t.rounds_played
    reports = service.reports(tid)
    return _html(
        "director.html",
        400 if error else 200,
        role=role,
        message=message,
        error=error,
        new_token=token,
        created_token=created,
        created_url=created_url,
        last=last,
        pending=pending_json(t),
        players=t.players,
        reports=reports,
        descriptor=wf.descriptor_of(t.system),
        next_round=t.next_round(),
        bye_choices=BYE_CHOICES,
        requested_byes=_requested_byes(t),
        forbidden=_pair_names(t, t.forbidden_pairs),
        exports=exports_for(t),
        kept_form=values[0] if values else "",
        kept=dict(values[1]) if values else {},
        **context,
    )


def new_tournament_context(service: Service) -> dict[str, Any]:
    """What the "New tournament" form needs: the systems and a fresh form token."""
    from fairpair.web import creation

    secret = service.store.secret(_FORM_SECRET)
    return {"systems": creation.system_forms(), "form_token": creation.new_form_token(secret)}


def pages_router(service: Service) -> APIRouter:
    """The pages, working on ``service``."""
    router = APIRouter(include_in_schema=False)

    def load(tid: str) -> Stored:
        return service.load(tid)

    @router.get("/", response_class=HTMLResponse)
    def index() -> HTMLResponse:
        return _html(
            "index.html",
            tournaments=service.store.summaries(limit=200),
            new=new_tournament_context(service),
            values={},
        )

    @router.get("/t/{tid}/director", response_class=HTMLResponse)
    def director(
        tid: str,
        request: Request,
        token: str | None = None,
        msg: str = "",
        error: str = "",
        page: int | None = None,
    ) -> Response:
        if token is not None:
            # The old sign-in link: a token in a URL is never accepted (it would be
            # in logs and history); drop it from the address and ask for it.
            return RedirectResponse(f"/t/{tid}/director", status_code=303)
        try:
            signed_in = request.cookies.get(COOKIE)
            grant = service.authorize(tid, signed_in, ("director", "arbiter"))
        except ApiError as exc:
            if exc.status == 404:
                return _error_page(exc)
            return _html("login.html", exc.status, tid=tid, error=exc)
        assert signed_in is not None
        session = request.cookies.get(SESSION_COOKIE) or ""
        fresh = not session  # signed in before sessions existed: start one now
        if fresh:
            session = secrets.token_urlsafe(24)
        secret = service.store.secret(_FORM_SECRET)
        # just created on the "New tournament" form: show the director token this once
        created = request.cookies.get(CREATED_COOKIE) is not None
        shown = render_director(
            service,
            tid,
            grant.role,
            message=msg[:500],
            error=error[:500],
            form=form_token(secret, tid, session, signed_in),
            created=signed_in if created and grant.role == "director" else "",
            created_url=f"{request.base_url}t/{tid}/director",
            page=page,
        )
        if fresh:
            _set_cookies(shown, request, tid, **{SESSION_COOKIE: session})
        if created:
            shown.delete_cookie(CREATED_COOKIE, path=f"/t/{tid}")
        return shown

    @router.post("/t/{tid}/director", response_class=HTMLResponse)
    async def sign_in(tid: str, request: Request) -> Response:
        """The sign-in form: the token in the body, kept in a cookie."""
        if not _same_origin(request):
            return _error_page(foreign_post("sign-in", "the sign-in form of this server"))
        token = _form(await request.body()).get("token", "").strip()
        try:
            await run_in_threadpool(service.authorize, tid, token, ("director", "arbiter"))
        except ApiError as exc:
            if exc.status == 404:
                return _error_page(exc)
            return _html("login.html", exc.status, tid=tid, error=exc)
        response = RedirectResponse(f"/t/{tid}/director", status_code=303)
        session = secrets.token_urlsafe(24)
        _set_cookies(response, request, tid, **{COOKIE: token, SESSION_COOKIE: session})
        return response

    @router.post("/t/{tid}/director/{action}", response_class=HTMLResponse)
    async def act(tid: str, action: str, request: Request) -> Response:
        if not _same_origin(request):
            return _error_page(foreign_post("form", "a form of this server's director page"))
        form = _form(await request.body())
        token = request.cookies.get(COOKIE)
        try:
            grant = await run_in_threadpool(service.authorize, tid, token, ("director", "arbiter"))
        except ApiError as exc:
            if exc.status == 404:
                return _error_page(exc)
            return _html("login.html", exc.status, tid=tid, error=exc)
        assert token is not None
        session = request.cookies.get(SESSION_COOKIE, "")
        secret = await run_in_threadpool(service.store.secret, _FORM_SECRET)
        expected = form_token(secret, tid, session, token)
        if not session or not hmac.compare_digest(form.get(FORM_FIELD, ""), expected):
            return _error_page(
                ApiError(
                    403,
                    "a form without this session's form token",
                    field=FORM_FIELD,
                    expected="a form of the director's page (reload it and try again)",
                )
            )
        if action == "logout":
            response = RedirectResponse(f"/t/{tid}", status_code=303)
            response.delete_cookie(COOKIE, path=f"/t/{tid}")
            response.delete_cookie(SESSION_COOKIE, path=f"/t/{tid}")
            return response
        if grant.role != "director" and action != "result":
            return await run_in_threadpool(
                lambda: render_director(
                    service,
                    tid,
                    grant.role,
                    error="An arbiter can only enter results.",
                    form=expected,
                )
            )
        try:
            if action == "token":
                hours = _int(form, "hours", required=False)
                spec = TokenIn.model_validate(
                    {
                        "role": form.get("role", ""),
                        "player": form.get("player") or None,
                        "expires_in": None if hours is None else hours * 3600,
                    }
                )
                issued, _ = await run_in_threadpool(service.issue_token, tid, spec)
                return await run_in_threadpool(
                    lambda: render_director(
                        service,
                        tid,
                        grant.role,
                        message=f"new {spec.role} token (shown once)",
                        token=issued,
                        form=expected,
                    )
                )
            message = await run_in_threadpool(_perform, service, tid, action, form)
        except ApiError as exc:
            # in plain words: a refusal by the tournament's state (409) says what to do,
            # a bad value what was expected
            text = plain(exc)
        except ValidationError as exc:
            text = plain_invalid(exc.errors())
        except (ValueError, FairpairError) as exc:
            text = str(exc)
        else:
            return RedirectResponse(f"/t/{tid}/director?msg={quote(message)}", status_code=303)
        if action in _KEPT_FORMS:
            # refused: the page again with what the form held, to correct it
            return await run_in_threadpool(
                lambda: render_director(
                    service, tid, grant.role, error=text, form=expected, values=(action, form)
                )
            )
        return RedirectResponse(f"/t/{tid}/director?error={quote(text)}", status_code=303)

    return router


def _perform(service: Service, tid: str, action: str, form: dict[str, str]) -> str:
    """Do one director's form action; the message to show."""
    if action == "players":
        rating = form.get("rating", "").strip() or None
        spec = PlayerIn.model_validate(
            {
                "name": form.get("name", ""),
                "rating": rating,
                "title": form.get("title", "").strip(),
                "federation": form.get("federation", "").strip(),
                "rank": form.get("rank", "").strip() or None,
                "from_round": _int(form, "from_round", required=False),
                "allow_duplicate": form.get("allow_duplicate") == "on",
            }
        )
        _, added = service.add_players(tid, [spec])
        return ", ".join(f"{p.name} registered as number {p.number}" for p in added)
    if action == "pair":
        stored, pairing = service.pair(tid)
        bye = (
            f", bye: {stored.tournament.player(pairing.bye).name}"
            if pairing.bye is not None
            else ""
        )
        return f"round {pairing.round} paired: {len(pairing.boards)} boards{bye}"
    if action == "result":
        rnd, board = _int(form, "round"), _int(form, "board")
        assert rnd is not None and board is not None
        service.set_result(tid, rnd, board, form.get("result", ""))
        return f"round {rnd} board {board}: {form.get('result', '')}"
    if action == "unpair":
        rnd = _int(form, "round")
        assert rnd is not None
        if form.get("confirm") != "on":
            raise ApiError(
                400,
                f"round {rnd} was not unpaired",
                field="confirm",
                expected="the box saying that the pairing of the round is to be deleted, ticked",
            )
        columns = service.unpair(tid, rnd, force=form.get("force") == "on")
        return f"pairing of round {' and '.join(map(str, columns))} deleted"
    if action == "withdraw":
        number = _int(form, "player")
        assert number is not None
        cancel = form.get("cancel") == "on"
        patch = PlayerPatch.model_validate(
            {"withdrawn_from": None if cancel else _int(form, "from_round", required=False)}
        )
        if not cancel and patch.withdrawn_from is None:
            t = service.load(tid).tournament
            patch = PlayerPatch.model_validate({"withdrawn_from": t.next_round()})
        _, player = service.patch_player(tid, number, patch)
        if cancel:
            return f"{player.name} is back in the tournament"
        return f"{player.name} withdrawn from round {player.withdrawn_from} on"
    if action in ("forbid", "force"):
        spec_pair = PairIn.model_validate(
            {
                "players": [form.get("a", ""), form.get("b", "")],
                "round": _int(form, "round", required=False),
                "remove": form.get("remove") == "on",
            }
        )
        kind = "forbidden" if action == "forbid" else "forced"
        stored = service.pair_constraint(tid, kind, spec_pair)
        t = stored.tournament
        a, b = (wf.find_player(t, str(who)).name for who in spec_pair.players)
        if spec_pair.remove:
            done = "allowed again" if kind == "forbidden" else "no longer forced"
        else:
            done = kind
        when = f" in round {spec_pair.round}" if spec_pair.round is not None else ""
        return f"pairing {a} – {b} {done}{when}"
    if action == "bye":
        number, rnd = _int(form, "player"), _int(form, "round")
        assert number is not None and rnd is not None
        remove = form.get("remove") == "on"
        choice = form.get("points", "").strip()
        bye_spec = ByeIn.model_validate({"points": choice or None})
        points = None if remove else bye_spec.points
        stored, bye_kind = service.bye(tid, number, rnd, points, remove=remove)
        name = stored.tournament.player(number).name
        if remove:
            return f"{name}: no bye in round {rnd}"
        return f"{name}: {(bye_kind or 'bye').replace('_', '-')} in round {rnd}"
    raise ApiError(404, f"no action {action!r}", field="action", expected="a form of this page")
