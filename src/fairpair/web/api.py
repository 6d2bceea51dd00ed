"""The REST API under ``/api/v1`` (FastAPI; OpenAPI at ``/api/v1/openapi.json``).

Reads are public. Writes need ``Authorization: Bearer TOKEN``: the director token
returned when the tournament is created does everything; tokens issued by the director
let an arbiter enter results and a player report the result of his own game (kept for
the director to confirm). A refused request changes nothing and answers
``{"error": ..., "field": ..., "expected": ...}`` with 400 (a value the workflow
refuses), 401 (no or unknown token), 403 (a token of another tournament or role), 404
(no such tournament, player, round or board), 409 (results pending, not the last
round) or 422 (a body or parameter of the wrong shape or type). ``docs/web.md`` has
examples.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import JSONResponse, PlainTextResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from fairpair.web.errors import ApiError
from fairpair.web.models import (
    ByeIn,
    CreatedOut,
    ErrorOut,
    PairIn,
    PlayerIn,
    PlayerPatch,
    PlayerTokensIn,
    ResultIn,
    SettingsIn,
    TokenIn,
    TokenInfoOut,
    TokenOut,
    TournamentIn,
)
from fairpair.web.service import Service
from fairpair.web.store import hash_token, token_id
from fairpair.web.views import player_json, round_json, standings_json, tournament_json

__all__ = ["PREFIX", "api_router"]

PREFIX = "/api/v1"

_bearer = HTTPBearer(auto_error=False, description="A token of the tournament.")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]

_ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut, "description": text}
    for status, text in (
        (400, "A value the workflow refuses"),
        (404, "No such tournament, player, round or board"),
        (422, "A body or parameter of the wrong shape or type"),
    )
}
_AUTH: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorOut, "description": "No token, or an unknown one"},
    403: {"model": ErrorOut, "description": "A token of another tournament or role"},
}
_CONFLICT: dict[int | str, dict[str, Any]] = {
    409: {"model": ErrorOut, "description": "Refused in the tournament's present state"},
}

DIRECTOR = ("director",)
STAFF = ("director", "arbiter")


def _token(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return credentials.credentials if credentials is not None else None


def api_router(service: Service) -> APIRouter:
    """The API's routes, working on ``service``."""
    router = APIRouter(prefix=PREFIX, responses=_ERRORS)

    @router.get("/tournaments", tags=["tournaments"])
    def list_tournaments(
        limit: Annotated[int, Query(ge=1, le=1000)] = 100,
        offset: Annotated[int, Query(ge=0, le=10**9)] = 0,
    ) -> dict[str, Any]:
        """The tournaments, the most recently changed first."""
        rows = service.store.summaries(limit=limit, offset=offset)
        return {
            "tournaments": [
                {
                    "id": row.id,
                    "name": row.name,
                    "system": row.system,
                    "version": row.version,
                    "created_at": row.created_at,
                    "updated_at": row.updated_at,
                    "links": {"self": f"{PREFIX}/tournaments/{row.id}", "page": f"/t/{row.id}"},
                }
                for row in rows
            ]
        }

    @router.post("/tournaments", status_code=201, tags=["tournaments"])
    def create_tournament(spec: TournamentIn, response: Response) -> CreatedOut:
        """Create a tournament (players optional: register them later). Returns its id
        and the director token: keep it, it is shown only once."""
        tid, token = service.create(spec)
        response.headers["Location"] = f"{PREFIX}/tournaments/{tid}"
        return CreatedOut(
            id=tid, director_token=token, tournament=tournament_json(service.load(tid))
        )

    @router.post(
        "/tournaments/import",
        status_code=201,
        tags=["tournaments"],
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {
                    "text/plain": {"schema": {"type": "string"}},
                    "application/json": {"schema": {"type": "object"}},
                },
            }
        },
    )
    async def import_tournament(
        request: Request,
        response: Response,
        system: Annotated[str | None, Query(max_length=32)] = None,
        name: Annotated[str | None, Query(max_length=200)] = None,
    ) -> CreatedOut:
        """Create a tournament from a TRF (text) or a JSON tournament document. The
        system comes from ``?system=`` or the document."""
        from starlette.concurrency import run_in_threadpool

        body = await request.body()
        content_type = request.headers.get("content-type", "")
        tid, token = await run_in_threadpool(
            service.import_document, body, content_type, system, name
        )
        response.headers["Location"] = f"{PREFIX}/tournaments/{tid}"
        stored = await run_in_threadpool(service.load, tid)
        return CreatedOut(id=tid, director_token=token, tournament=tournament_json(stored))

    @router.get("/tournaments/{tid}", tags=["tournaments"])
    def get_tournament(tid: str, response: Response) -> dict[str, Any]:
        """A tournament: system, rounds, players."""
        stored = service.load(tid)
        response.headers["ETag"] = f'"{stored.version}"'
        return tournament_json(stored)

    @router.get("/tournaments/{tid}/document", tags=["tournaments"])
    def get_document(tid: str) -> Response:
        """The whole tournament as its JSON document (``docs/json-format.md``)."""
        service.load(tid)
        return Response(service.store.document(tid), media_type="application/json")

    @router.delete("/tournaments/{tid}", status_code=204, tags=["tournaments"], responses=_AUTH)
    def delete_tournament(tid: str, credentials: Credentials) -> Response:
        """Delete a tournament (director)."""
        service.authorize(tid, _token(credentials), DIRECTOR)
        service.store.delete(tid)
        return Response(status_code=204)

    @router.post(
        "/tournaments/{tid}/players",
        status_code=201,
        tags=["players"],
        responses={**_AUTH, **_CONFLICT},
    )
    def add_players(
        tid: str, body: PlayerIn | list[PlayerIn], credentials: Credentials
    ) -> dict[str, Any]:
        """Register one player or a list (director). Before round 1 a FIDE-ordered
        tournament renumbers the players; later entries play from the next round."""
        service.authorize(tid, _token(credentials), DIRECTOR)
        specs = body if isinstance(body, list) else [body]
        stored, added = service.add_players(tid, specs)
        return {
            "added": [player_json(p) for p in added],
            "players": [player_json(p) for p in stored.tournament.players],
            "version": stored.version,
        }

    @router.get("/tournaments/{tid}/players/{number}", tags=["players"])
    def get_player(tid: str, number: int) -> dict[str, Any]:
        t = service.load(tid).tournament
        return player_json(service.player(t, number))

    @router.patch(
        "/tournaments/{tid}/players/{number}", tags=["players"], responses={**_AUTH, **_CONFLICT}
    )
    def patch_player(
        tid: str, number: int, patch: PlayerPatch, credentials: Credentials
    ) -> dict[str, Any]:
        """Correct a player's details or withdraw him: ``{"withdrawn_from": 4}`` (the
        first round he misses), ``{"withdrawn_from": null}`` takes him back."""
        service.authorize(tid, _token(credentials), DIRECTOR)
        stored, player = service.patch_player(tid, number, patch)
        return {"player": player_json(player), "version": stored.version}

    @router.put(
        "/tournaments/{tid}/players/{number}/byes/{round_number}",
        tags=["players"],
        responses={**_AUTH, **_CONFLICT},
    )
    def put_bye(
        tid: str, number: int, round_number: int, body: ByeIn, credentials: Credentials
    ) -> dict[str, Any]:
        """A requested bye (or known absence: points 0) in a round not yet paired."""
        service.authorize(tid, _token(credentials), DIRECTOR)
        stored, kind = service.bye(tid, number, round_number, body.points)
        return {"player": number, "round": round_number, "kind": kind, "version": stored.version}

    @router.delete(
        "/tournaments/{tid}/players/{number}/byes/{round_number}",
        tags=["players"],
        responses={**_AUTH, **_CONFLICT},
    )
    def delete_bye(
        tid: str, number: int, round_number: int, credentials: Credentials
    ) -> dict[str, Any]:
        service.authorize(tid, _token(credentials), DIRECTOR)
        stored, _ = service.bye(tid, number, round_number, None, remove=True)
        return {"player": number, "round": round_number, "kind": None, "version": stored.version}

    @router.post(
        "/tournaments/{tid}/forbidden-pairs", tags=["players"], responses={**_AUTH, **_CONFLICT}
    )
    def forbid(tid: str, body: PairIn, credentials: Credentials) -> dict[str, Any]:
        """Forbid (``remove``: allow again) a pairing of two players."""
        service.authorize(tid, _token(credentials), DIRECTOR)
        stored = service.pair_constraint(tid, "forbidden", body)
        pairs = sorted(sorted(pair) for pair in stored.tournament.forbidden_pairs)
        return {"forbidden_pairs": pairs, "version": stored.version}

    @router.post(
        "/tournaments/{tid}/forced-pairs", tags=["players"], responses={**_AUTH, **_CONFLICT}
    )
    def force(tid: str, body: PairIn, credentials: Credentials) -> dict[str, Any]:
        """Force a pairing (McMahon)."""
        service.authorize(tid, _token(credentials), DIRECTOR)
        stored = service.pair_constraint(tid, "forced", body)
        return {"version": stored.version}

    @router.post(
        "/tournaments/{tid}/rounds",
        status_code=201,
        tags=["rounds"],
        responses={**_AUTH, **_CONFLICT},
    )
    def pair_next(tid: str, credentials: Credentials, response: Response) -> dict[str, Any]:
        """Pair the next round (director). 409, listing the pending boards, while a
        game of an earlier round has no result."""
        service.authorize(tid, _token(credentials), DIRECTOR)
        stored, pairing = service.pair(tid)
        response.headers["Location"] = f"{PREFIX}/tournaments/{tid}/rounds/{pairing.round}"
        return {**round_json(stored.tournament, pairing.round), "version": stored.version}

    @router.get("/tournaments/{tid}/rounds/{round_number}", tags=["rounds"])
    def get_round(tid: str, round_number: int) -> dict[str, Any]:
        """A round's boards with names and results, and its byes."""
        return service.round_of(tid, round_number)

    @router.delete(
        "/tournaments/{tid}/rounds/{round_number}",
        tags=["rounds"],
        responses={**_AUTH, **_CONFLICT},
    )
    def unpair(
        tid: str,
        round_number: int,
        credentials: Credentials,
        force: Annotated[bool, Query(description="Also delete its results.")] = False,
    ) -> dict[str, Any]:
        """Delete the pairing of the last paired round (director). Refused (409) if it
        has results, unless ``?force=true``."""
        service.authorize(tid, _token(credentials), DIRECTOR)
        columns = service.unpair(tid, round_number, force=force)
        return {"unpaired": columns}

    @router.put(
        "/tournaments/{tid}/rounds/{round_number}/boards/{board}",
        tags=["rounds"],
        responses={**_AUTH, 202: {"description": "A player's report, kept for the director"}},
    )
    def put_result(
        tid: str, round_number: int, board: int, body: ResultIn, credentials: Credentials
    ) -> Any:
        """Enter, correct or clear a board's result (director, arbiter). A player token
        reports the result of his own game: 202, kept until the director enters it."""
        grant = service.authorize(tid, _token(credentials), ("director", "arbiter", "player"))
        if grant.role == "player":
            report = service.report_result(tid, grant, round_number, board, body.result)
            confirmed = service.confirm_if_agreed(tid, round_number, board)
            return JSONResponse(
                {
                    "status": "reported",
                    "report": report,
                    "round": round_number,
                    "board": board,
                    "confirmed": confirmed,
                },
                status_code=202,
            )
        stored = service.set_result(tid, round_number, board, body.result)
        data = round_json(stored.tournament, round_number)
        return {**data["boards"][board - 1], "round": round_number, "version": stored.version}

    @router.get("/tournaments/{tid}/reports", tags=["rounds"], responses=_AUTH)
    def get_reports(tid: str, credentials: Credentials) -> dict[str, Any]:
        """Results reported by players, waiting for confirmation (director, arbiter)."""
        service.authorize(tid, _token(credentials), STAFF)
        return {
            "reports": [
                {
                    "id": r.id,
                    "round": r.round,
                    "board": r.board,
                    "player": r.player,
                    "result": r.result,
                    "created_at": r.created_at,
                }
                for r in service.reports(tid)
            ]
        }

    @router.get("/tournaments/{tid}/standings", tags=["rounds"])
    def get_standings(
        tid: str,
        after_round: Annotated[int | None, Query(ge=0, le=10**6)] = None,
    ) -> dict[str, Any]:
        """Standings with the system's tiebreaks (default: after the last complete
        round)."""
        _, table = service.standings(tid, after_round)
        return standings_json(table)

    @router.get(
        "/tournaments/{tid}/export.trf",
        tags=["tournaments"],
        response_class=PlainTextResponse,
    )
    def export_trf(tid: str) -> PlainTextResponse:
        """The tournament as a FIDE TRF file (rank column filled)."""
        return PlainTextResponse(
            service.export_trf(tid),
            headers={"Content-Disposition": f'attachment; filename="{tid}.trf"'},
        )

    @router.post("/tournaments/{tid}/tokens", status_code=201, tags=["tokens"], responses=_AUTH)
    def issue_token(tid: str, body: TokenIn, credentials: Credentials) -> TokenOut:
        """Issue an arbiter token (enters results), a player token (reports the result
        of his own games) or another director token, director only; ``expires_in``
        (seconds) makes it expire. The answer is the only time the token is shown."""
        service.authorize(tid, _token(credentials), DIRECTOR)
        token, number = service.issue_token(tid, body)
        info = service.token_info(token)
        return TokenOut(
            token=token, role=body.role, player=number, id=info.id, expires_at=info.expires_at
        )

    @router.post(
        "/tournaments/{tid}/tokens/players", status_code=201, tags=["tokens"], responses=_AUTH
    )
    def issue_player_tokens(
        tid: str, body: PlayerTokensIn, credentials: Credentials
    ) -> dict[str, Any]:
        """Issue a player token for every player not withdrawn, or for ``players``
        (director only; one transaction). Each comes with the player's personal link
        (``/t/ID/me#TOKEN``: the token after ``#`` never reaches a server's log). The
        answer is the only time the tokens are shown."""
        service.authorize(tid, _token(credentials), DIRECTOR)
        issued = service.issue_player_tokens(tid, body.players, body.expires_in)
        return {
            "tokens": [
                {
                    "player": player.number,
                    "name": player.name,
                    "token": token,
                    "id": token_id(hash_token(token)),
                    "link": f"/t/{tid}/me#{token}",
                }
                for player, token in issued
            ]
        }

    @router.get("/tournaments/{tid}/settings", tags=["tournaments"])
    def get_settings(tid: str) -> dict[str, bool]:
        """The event settings: ``confirm_agreed_reports`` (a result both players report
        the same counts at once; default false, the director confirms)."""
        return service.settings(tid)

    @router.patch("/tournaments/{tid}/settings", tags=["tournaments"], responses=_AUTH)
    def patch_settings(tid: str, body: SettingsIn, credentials: Credentials) -> dict[str, bool]:
        """Change event settings (director)."""
        service.authorize(tid, _token(credentials), DIRECTOR)
        changes = {k: v for k, v in body.model_dump(exclude_none=True).items()}
        return service.set_settings(tid, changes)

    @router.get("/tournaments/{tid}/tokens", tags=["tokens"], responses=_AUTH)
    def list_tokens(tid: str, credentials: Credentials) -> dict[str, list[TokenInfoOut]]:
        """The tournament's tokens (director only): ids, roles, expiry; never their
        text."""
        service.authorize(tid, _token(credentials), DIRECTOR)
        return {
            "tokens": [
                TokenInfoOut(
                    id=i.id,
                    role=i.role,
                    player=i.player,
                    created_at=i.created_at,
                    expires_at=i.expires_at,
                    expired=i.expired,
                )
                for i in service.tokens(tid)
            ]
        }

    @router.delete(
        "/tournaments/{tid}/tokens/{token_id}",
        tags=["tokens"],
        responses={**_AUTH, **_CONFLICT},
    )
    def revoke_token(tid: str, token_id: str, credentials: Credentials) -> dict[str, Any]:
        """Revoke a token (director only): it stops working at once, on the API and on
        the director's page. The last director token that has not expired cannot be
        revoked (409): issue another one first."""
        service.authorize(tid, _token(credentials), DIRECTOR)
        revoked = service.revoke_token(tid, token_id)
        return {"revoked": revoked.id, "role": revoked.role, "player": revoked.player}

    @router.get("/health", tags=["server"])
    def health() -> dict[str, Any]:
        """The server is up; the schema revision of its database."""
        return {"ok": True, "schema": service.store.schema_revision()}

    return router


def error_response(error: ApiError) -> JSONResponse:
    headers = {"WWW-Authenticate": "Bearer"} if error.status == 401 else None
    return JSONResponse(error.body(), status_code=error.status, headers=headers)
