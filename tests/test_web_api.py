"""The web app and REST API, driven through the real server.

Each server here is ``fairpair serve`` in a subprocess, on a free loopback port; the
tests talk to it with httpx only. Every test runs twice, on the two databases the app
supports: a temporary SQLite file, and a real PostgreSQL server that the session starts
for itself (``initdb`` into a temporary folder, ``pg_ctl start`` on a free port, as the
``postgres`` user when run as root) when Debian's ``postgresql`` package and psycopg
are installed; otherwise the PostgreSQL runs are skipped, saying why. Covered: every endpoint,
every error class (400, 401, 403, 404, 409, 413, 422) and that a refused write changes
nothing, the roles of the tokens, a whole small event (pairings identical to
:func:`fairpair.workflow.pair_next` on the same document, the TRF export read back),
the pages (names shown, the director's forms), 200 concurrent result submissions over
20 tournaments, and a ``kill -9`` during result entry followed by a restart.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx", reason="the web extra is not installed")
pytest.importorskip("fastapi", reason="the web extra is not installed")

from fairpair import workflow as wf  # noqa: E402
from fairpair.formats import jsondoc, trf  # noqa: E402
from fairpair.model import Player, Tournament  # noqa: E402
from helpers import (  # noqa: E402
    API,
    Server,
    board_numbers,
    create_tournament,
    player_rows,
    sign_in,
)

# --------------------------------------------------------------------------- fixtures


def _version(client: httpx.Client, tid: str) -> int:
    response = client.get(f"{API}/tournaments/{tid}")
    assert response.status_code == 200
    version: int = response.json()["version"]
    return version


def _document(client: httpx.Client, tid: str) -> str:
    response = client.get(f"{API}/tournaments/{tid}/document")
    assert response.status_code == 200
    return response.text


def _refused(
    response: httpx.Response, status: int, field: str | None = "", contains: str = ""
) -> dict[str, Any]:
    """The response is a refusal of ``status`` in the API's error shape."""
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert {"error", "field", "expected"} <= set(body), body
    assert isinstance(body["error"], str) and body["error"]
    if field != "":
        assert body["field"] == field, body
    if contains:
        assert contains in body["error"] + " " + str(body["expected"]), body
    return body


RESULTS = ("1-0", "0-1", "1/2", "+-", "-+", "1-0", "1/2", "0-1")


# --------------------------------------------------------------------------- the API


def test_openapi_document_lists_every_endpoint(client: httpx.Client) -> None:
    response = client.get(f"{API}/openapi.json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    expected = {
        "/api/v1/tournaments": {"get", "post"},
        "/api/v1/tournaments/import": {"post"},
        "/api/v1/tournaments/{tid}": {"get", "delete"},
        "/api/v1/tournaments/{tid}/players": {"post"},
        "/api/v1/tournaments/{tid}/players/{number}": {"get", "patch"},
        "/api/v1/tournaments/{tid}/rounds": {"post"},
        "/api/v1/tournaments/{tid}/rounds/{round_number}": {"get", "delete"},
        "/api/v1/tournaments/{tid}/rounds/{round_number}/boards/{board}": {"put"},
        "/api/v1/tournaments/{tid}/standings": {"get"},
        "/api/v1/tournaments/{tid}/export.trf": {"get"},
        "/api/v1/tournaments/{tid}/tokens": {"post"},
    }
    for path, methods in expected.items():
        assert path in paths, path
        assert methods <= set(paths[path]), (path, paths[path].keys())
    assert "bearer" in json.dumps(response.json()["components"]["securitySchemes"]).lower()
    assert client.get(f"{API}/docs").status_code == 200


def test_a_small_event_through_the_api(client: httpx.Client) -> None:
    tid, director = create_tournament(client, players=9, rounds=4)
    # one more player (a single object), then two more (a list)
    one = client.post(
        f"{API}/tournaments/{tid}/players",
        headers=director,
        json={"name": "Late, Lena", "rating": 2150, "title": "WFM", "federation": "GER"},
    )
    assert one.status_code == 201, one.text
    assert [p["name"] for p in one.json()["added"]] == ["Late, Lena"]
    more = client.post(
        f"{API}/tournaments/{tid}/players",
        headers=director,
        json=[{"name": "Zed, Zoe", "rating": 1500}, {"name": "Abel, Al"}],
    )
    assert more.status_code == 201, more.text
    info = client.get(f"{API}/tournaments/{tid}").json()
    assert info["player_count"] == 12 and info["system"] == "dutch"
    assert info["players"][0]["name"] == "Player 01"  # FIDE initial order: rating first
    assert client.get(f"{API}/tournaments/{tid}/players/1").json()["name"] == "Player 01"
    listed = client.get(f"{API}/tournaments").json()["tournaments"]
    assert tid in [row["id"] for row in listed]

    for rnd in (1, 2, 3):
        before, _ = jsondoc.loads(_document(client, tid))
        expected_t, expected = wf.pair_next(before)
        paired = client.post(f"{API}/tournaments/{tid}/rounds", headers=director)
        assert paired.status_code == 201, paired.text
        data = paired.json()
        assert data["round"] == rnd
        assert paired.headers["location"].endswith(f"/rounds/{rnd}")
        assert board_numbers(data) == [(b.white, b.black) for b in expected.boards]
        names = {p.number: p.name for p in expected_t.players}
        for board in data["boards"]:
            assert board["white"]["name"] == names[board["white"]["number"]]
        # pairing again is refused while results are pending, listing the boards
        version = _version(client, tid)
        refused = _refused(client.post(f"{API}/tournaments/{tid}/rounds", headers=director), 409)
        assert len(refused["pending"]) == len(data["boards"])
        assert refused["pending"][0]["white"]["name"]
        # what is wrong in "error", what to do in "expected": said once
        assert refused["error"].endswith("have no result")
        assert refused["expected"].startswith("enter the results of the pending games first")
        assert _version(client, tid) == version
        for index, _board in enumerate(data["boards"], 1):
            result = RESULTS[(index + rnd) % len(RESULTS)]
            put = client.put(
                f"{API}/tournaments/{tid}/rounds/{rnd}/boards/{index}",
                headers=director,
                json={"result": result},
            )
            assert put.status_code == 200, put.text
            assert put.json()["board"] == index
        shown = client.get(f"{API}/tournaments/{tid}/rounds/{rnd}").json()
        assert shown["pending"] == 0 and all(b["result"] for b in shown["boards"])

    # a correction names its round; "clear" makes it pending again
    fixed = client.put(
        f"{API}/tournaments/{tid}/rounds/1/boards/1", headers=director, json={"result": "0-1"}
    )
    assert fixed.json()["result"] == "0-1"
    standings = client.get(f"{API}/tournaments/{tid}/standings").json()
    assert standings["after_round"] == 3
    assert len(standings["rows"]) == 12 and standings["rows"][0]["name"]
    total = sum(float(row["points"]) for row in standings["rows"])
    assert total == pytest.approx(3 * 6)  # 6 games a round, one point each (no bye: 12)
    early = client.get(f"{API}/tournaments/{tid}/standings", params={"after_round": 1}).json()
    assert early["after_round"] == 1

    # TRF export: read back by the TRF reader, same players and results
    exported = client.get(f"{API}/tournaments/{tid}/export.trf")
    assert exported.status_code == 200
    assert exported.headers["content-type"].startswith("text/plain")
    back, _ = trf.loads(exported.text)
    stored, _ = jsondoc.loads(_document(client, tid))
    assert [p.name for p in back.players] == [p.name for p in stored.players]
    assert [r.games for r in back.rounds] == [r.games for r in stored.rounds]
    assert [p.reported_rank for p in back.players] == [
        next(r.rank for r in wf.standings_of(stored).rows if r.player.number == p.number)
        for p in back.players
    ]

    # unpair: only the last round; a round with results only with force
    _refused(client.delete(f"{API}/tournaments/{tid}/rounds/2", headers=director), 409, "round")
    version = _version(client, tid)
    _refused(client.delete(f"{API}/tournaments/{tid}/rounds/3", headers=director), 409, "force")
    assert _version(client, tid) == version
    gone = client.delete(
        f"{API}/tournaments/{tid}/rounds/3", headers=director, params={"force": "true"}
    )
    assert gone.status_code == 200 and gone.json() == {"unpaired": [3]}
    assert client.get(f"{API}/tournaments/{tid}").json()["rounds_paired"] == 2
    again = client.post(f"{API}/tournaments/{tid}/rounds", headers=director)
    assert again.status_code == 201 and again.json()["round"] == 3


def test_players_withdrawals_byes_and_forbidden_pairs(client: httpx.Client) -> None:
    tid, director = create_tournament(client, players=7, rounds=5)
    base = f"{API}/tournaments/{tid}/players"
    edited = client.patch(f"{base}/2", headers=director, json={"rating": 2385, "club": "Rooks"})
    assert edited.status_code == 200, edited.text
    assert edited.json()["player"]["rating"] == 2385
    assert edited.json()["player"]["club"] == "Rooks"
    # before round 1 a correction that changes the initial order renumbers (C.04.2 B)
    moved = client.patch(f"{base}/1", headers=director, json={"rating": 1000})
    assert moved.json()["player"] == {**moved.json()["player"], "number": 7, "name": "Player 01"}
    assert client.get(f"{base}/1").json()["name"] == "Player 02"
    client.patch(f"{base}/7", headers=director, json={"rating": 2390})
    out = client.patch(f"{base}/6", headers=director, json={"withdrawn_from": 1})
    assert out.json()["player"]["withdrawn_from"] == 1
    back = client.patch(f"{base}/6", headers=director, json={"withdrawn_from": None})
    assert back.json()["player"]["withdrawn_from"] is None
    out = client.patch(f"{base}/6", headers=director, json={"withdrawn_from": 2})
    assert out.status_code == 200
    bye = client.put(f"{base}/3/byes/1", headers=director, json={"points": 0.5})
    assert bye.status_code == 200 and bye.json()["kind"] == "half_point", bye.text
    _refused(client.put(f"{base}/3/byes/1", headers=director, json={"points": 0.7}), 400)
    removed = client.delete(f"{base}/3/byes/1", headers=director)
    assert removed.status_code == 200 and removed.json()["kind"] is None
    client.put(f"{base}/3/byes/1", headers=director, json={})
    forbidden = client.post(
        f"{API}/tournaments/{tid}/forbidden-pairs", headers=director, json={"players": [1, 2]}
    )
    assert forbidden.status_code == 200 and forbidden.json()["forbidden_pairs"] == [[1, 2]]
    paired = client.post(f"{API}/tournaments/{tid}/rounds", headers=director).json()
    pairs = {frozenset(p) for p in board_numbers(paired)}
    assert frozenset((1, 2)) not in pairs
    assert [b["player"]["number"] for b in paired["byes"]] == [3]
    assert all(3 not in p for p in pairs)
    # player 6 still plays round 1 (withdrawn from round 2 on)
    assert any(6 in p for p in pairs)
    # McMahon-only: forced pairs in a Dutch event are refused with a reason (by the state
    # of this tournament, its system: a conflict)
    _refused(
        client.post(
            f"{API}/tournaments/{tid}/forced-pairs", headers=director, json={"players": [1, 4]}
        ),
        409,
        "players",
        "McMahon",
    )


def test_mcmahon_tournament(client: httpx.Client) -> None:
    players = [
        {"name": "Kim Sora", "rank": "3d"},
        {"name": "Lee Min", "rank": "1k", "club": "Seoul"},
        {"name": "Sato Yuki", "rank": "5k", "rating": -5.5},
        {"name": "Chen Wei", "rank": "2d"},
    ]
    tid, director = create_tournament(client, players, rounds=3, name="Go Club", system="mcmahon")
    late = client.post(
        f"{API}/tournaments/{tid}/players", headers=director, json={"name": "Ito Ken", "rank": "8k"}
    )
    assert late.status_code == 201, late.text
    bad_rank = client.post(
        f"{API}/tournaments/{tid}/players", headers=director, json={"name": "No Rank"}
    )
    _refused(bad_rank, 400, "players[0].rank")
    paired = client.post(f"{API}/tournaments/{tid}/rounds", headers=director)
    assert paired.status_code == 201, paired.text
    assert len(paired.json()["boards"]) == 2
    bad = client.post(
        f"{API}/tournaments",
        json={"system": "mcmahon", "rounds": 3, "players": [{"name": "A", "rank": "99x"}]},
    )
    _refused(bad, 400, "players[0].rank")


def test_import_trf_and_json(client: httpx.Client) -> None:
    tid, director = create_tournament(client, players=6, rounds=3)
    client.post(f"{API}/tournaments/{tid}/rounds", headers=director)
    text = client.get(f"{API}/tournaments/{tid}/export.trf").text
    imported = client.post(
        f"{API}/tournaments/import",
        content=text.encode(),
        headers={"Content-Type": "text/plain"},
        params={"name": "Copy of the open"},
    )
    assert imported.status_code == 201, imported.text
    copy = imported.json()
    assert copy["tournament"]["name"] == "Copy of the open"
    assert copy["tournament"]["rounds_paired"] == 1
    assert copy["id"] != tid and copy["director_token"]
    document = _document(client, tid)
    from_json = client.post(
        f"{API}/tournaments/import",
        content=document.encode(),
        headers={"Content-Type": "application/json"},
    )
    assert from_json.status_code == 201, from_json.text
    assert from_json.json()["tournament"]["player_count"] == 6
    # a TRF without a system needs ?system=
    players = tuple(Player(n, f"Player {n}", rating=2000 + n) for n in range(1, 5))
    plain = trf.dumps(Tournament(players=players, total_rounds=3))
    assert "192" not in plain
    _refused(client.post(f"{API}/tournaments/import", content=plain.encode()), 400, "system")
    ok = client.post(
        f"{API}/tournaments/import", content=plain.encode(), params={"system": "dutch"}
    )
    assert ok.status_code == 201, ok.text
    bad = _refused(
        client.post(f"{API}/tournaments/import", content=b"001 garbage\nxx"), 400, "body"
    )
    assert "line" in bad["error"]
    _refused(
        client.post(
            f"{API}/tournaments/import",
            content=b'{"format": "fairpair-tournament"',
            headers={"Content-Type": "application/json"},
        ),
        400,
        "body",
    )
    _refused(client.post(f"{API}/tournaments/import", content=b""), 400, "body")
    _refused(
        client.post(f"{API}/tournaments/import", content=plain.encode(), params={"system": "x"}),
        400,
        "system",
    )


#: A file of each kind the registry reads (the JSON document is made from the TRF), with
#: the content type a client would send.
_KIND_SAMPLES = {
    "trf": ("explain/dutch-2026.trf", "text/plain"),
    "json": ("", "application/json"),
    "opengotha": ("opengotha/veterans-2021.xml", "application/xml"),
    "nrtm": ("nrtm/cobra_single_sided.json", "application/json"),
}


def test_every_readable_kind_imports_as_the_command_line_reads_it(
    client: httpx.Client, tmp_path: Path
) -> None:
    """Each kind of the registry (``fairpair.formats.kinds``) imports through the web
    service, recognised by content whatever the content type (or with the one a client
    would send), into the tournament ``fairpair convert`` reads from the same file."""
    from fairpair.formats import kinds

    assert set(kinds.names(readable=True)) == set(_KIND_SAMPLES)
    data = Path(__file__).parent / "data"
    for name, (sample, content_type) in _KIND_SAMPLES.items():
        if sample:
            path = data / sample
        else:
            t, _ = trf.load(data / _KIND_SAMPLES["trf"][0])
            path = tmp_path / "document.json"
            path.write_bytes(kinds.dumps(t, kinds.kind_named("json")))
        read, _, kind = kinds.load(path)  # as the command line reads it
        assert kind.name == name
        for sent in (content_type, "application/octet-stream"):
            response = client.post(
                f"{API}/tournaments/import",
                content=path.read_bytes(),
                headers={"Content-Type": sent},
                params={"system": wf.system_name_for(read)},
            )
            assert response.status_code == 201, (name, sent, response.text)
            tid = response.json()["id"]
            stored, _ = jsondoc.loads(_document(client, tid))
            assert stored.players == read.players, (name, sent)
            assert stored.rounds == read.rounds, (name, sent)


def test_tokens_and_roles(client: httpx.Client) -> None:
    tid, director = create_tournament(client, players=6, rounds=3)
    other_tid, other = create_tournament(client, players=4, rounds=3)
    paired = client.post(f"{API}/tournaments/{tid}/rounds", headers=director).json()
    white, black = board_numbers(paired)[0]
    url = f"{API}/tournaments/{tid}/tokens"
    arbiter = client.post(url, headers=director, json={"role": "arbiter"})
    assert arbiter.status_code == 201, arbiter.text
    as_arbiter = {"Authorization": f"Bearer {arbiter.json()['token']}"}
    player = client.post(url, headers=director, json={"role": "player", "player": white})
    assert player.json()["player"] == white
    as_player = {"Authorization": f"Bearer {player.json()['token']}"}
    _refused(client.post(url, headers=director, json={"role": "player"}), 400, "player")
    _refused(client.post(url, headers=director, json={"role": "king"}), 422, "role")
    _refused(client.post(url, headers=as_arbiter, json={"role": "arbiter"}), 403)

    board = f"{API}/tournaments/{tid}/rounds/1/boards"
    # the arbiter enters results but may not pair, unpair, register or delete
    assert client.put(f"{board}/2", headers=as_arbiter, json={"result": "1/2"}).status_code == 200
    version = _version(client, tid)
    _refused(client.post(f"{API}/tournaments/{tid}/rounds", headers=as_arbiter), 403)
    _refused(client.delete(f"{API}/tournaments/{tid}/rounds/1", headers=as_arbiter), 403)
    _refused(
        client.post(f"{API}/tournaments/{tid}/players", headers=as_arbiter, json={"name": "X"}),
        403,
    )
    _refused(client.delete(f"{API}/tournaments/{tid}", headers=as_arbiter), 403)
    # the player reports his own game only; the report waits for the director
    reported = client.put(f"{board}/1", headers=as_player, json={"result": "1-0"})
    assert reported.status_code == 202 and reported.json()["status"] == "reported"
    _refused(client.put(f"{board}/2", headers=as_player, json={"result": "1-0"}), 403, "board")
    _refused(client.put(f"{board}/1", headers=as_player, json={"result": "bad"}), 400, "result")
    _refused(client.post(f"{API}/tournaments/{tid}/rounds", headers=as_player), 403)
    assert _version(client, tid) == version
    reports = client.get(f"{API}/tournaments/{tid}/reports", headers=director).json()["reports"]
    assert [(r["round"], r["board"], r["player"], r["result"]) for r in reports] == [
        (1, 1, white, "1-0")
    ]
    _refused(client.get(f"{API}/tournaments/{tid}/reports", headers=as_player), 403)
    assert client.get(f"{API}/tournaments/{tid}/reports", headers=as_arbiter).status_code == 200
    confirmed = client.put(f"{board}/1", headers=director, json={"result": "1-0"})
    assert confirmed.status_code == 200
    assert client.get(f"{API}/tournaments/{tid}/reports", headers=director).json() == {
        "reports": []
    }
    assert black in board_numbers(client.get(f"{API}/tournaments/{tid}/rounds/1").json())[0]
    # tokens of one tournament do nothing to another
    _refused(client.post(f"{API}/tournaments/{other_tid}/rounds", headers=director), 403)
    _refused(client.post(f"{API}/tournaments/{tid}/rounds", headers=other), 403)
    # deleting: director only, then 404
    assert client.delete(f"{API}/tournaments/{other_tid}", headers=other).status_code == 204
    _refused(client.get(f"{API}/tournaments/{other_tid}"), 404, "id")


def test_every_error_class_changes_nothing(client: httpx.Client) -> None:
    tid, director = create_tournament(client, players=8, rounds=3)
    base = f"{API}/tournaments/{tid}"
    version = _version(client, tid)
    document = _document(client, tid)
    # 401: no token, a malformed header, an unknown token
    _refused(client.post(f"{base}/rounds"), 401, "Authorization")
    _refused(client.post(f"{base}/rounds", headers={"Authorization": "Basic eDp5"}), 401)
    wrong = {"Authorization": "Bearer not-a-token"}
    refused = client.post(f"{base}/rounds", headers=wrong)
    _refused(refused, 401, "Authorization", "unknown token")
    assert refused.headers["www-authenticate"] == "Bearer"
    _refused(client.patch(f"{base}/players/1", headers=wrong, json={"rating": 1}), 401)
    # 404: tournament, player, round, board, path
    _refused(client.get(f"{API}/tournaments/nope"), 404, "id")
    _refused(client.post(f"{API}/tournaments/nope/rounds", headers=director), 404, "id")
    _refused(client.get(f"{base}/players/99"), 404, "number")
    _refused(client.patch(f"{base}/players/99", headers=director, json={"rating": 1}), 404)
    _refused(client.get(f"{base}/rounds/1"), 404, "round")
    _refused(client.put(f"{base}/rounds/1/boards/1", headers=director, json={"result": "1-0"}), 404)
    _refused(client.get(f"{API}/no/such/path"), 404)
    # 400: values the workflow refuses, naming the field
    _refused(
        client.post(f"{base}/players", headers=director, json={"name": "X", "rating": "abc"}),
        400,
        "players[0].rating",
    )
    _refused(
        client.post(f"{base}/players", headers=director, json={"name": "Player 01"}),
        400,
        "players[0].name",
        "already",
    )
    _refused(
        client.patch(f"{base}/players/1", headers=director, json={"withdrawn_from": 0}),
        400,
        "withdrawn_from",
    )
    _refused(client.patch(f"{base}/players/1", headers=director, json={}), 400, "body")
    _refused(client.patch(f"{base}/players/1", headers=director, json={"sex": "x"}), 400)
    _refused(client.get(f"{base}/standings", params={"after_round": 5}), 400, "after_round")
    _refused(client.delete(f"{base}/rounds/1", headers=director), 404, "round")
    for body, field in (
        ({"system": "chess960", "rounds": 5}, "system"),
        ({"system": "dutch", "rounds": 0}, "rounds"),
        ({"system": "tcec", "rounds": 5, "seeding": "best"}, "seeding"),
        ({"system": "dutch", "rounds": 10**30}, "rounds"),
        ({"system": "dutch", "rounds": 5, "bar": "3d"}, "bar"),
        (
            {"system": "dutch", "rounds": 5, "players": [{"name": "A"}, {"name": "a"}]},
            "players[1].name",
        ),
    ):
        _refused(client.post(f"{API}/tournaments", json=body), 400, field)
    # 422: shapes and types, mapped to the same body
    _refused(client.post(f"{API}/tournaments", json={"system": "dutch"}), 422, "rounds")
    _refused(
        client.post(f"{API}/tournaments", json={"system": "dutch", "rounds": "many"}), 422, "rounds"
    )
    _refused(
        client.post(f"{API}/tournaments", json={"system": "dutch", "rounds": 3, "colour": "w"}),
        422,
        "colour",
    )
    _refused(
        client.post(
            f"{API}/tournaments", content=b"{not json", headers={"Content-Type": "application/json"}
        ),
        422,
        "body",
    )
    _refused(
        client.post(f"{base}/players", headers=director, json=[{"name": "A"}, {"nam": "B"}]),
        422,
        "body[1].name",
    )
    _refused(client.get(f"{base}/rounds/one"), 422, "round_number")
    _refused(client.get(f"{base}/standings", params={"after_round": -1}), 422, "after_round")
    # 405 and 413 in the same shape
    _refused(client.put(f"{API}/tournaments"), 405)
    huge = b"x" * (17 * 1024 * 1024)
    _refused(client.post(f"{API}/tournaments/import", content=huge), 413, "body")
    assert _version(client, tid) == version
    assert _document(client, tid) == document
    # 409: results pending; only the last round can be unpaired
    client.post(f"{base}/rounds", headers=director)
    version = _version(client, tid)
    _refused(client.post(f"{base}/rounds", headers=director), 409, None, "pending")
    for board in range(1, 5):
        client.put(f"{base}/rounds/1/boards/{board}", headers=director, json={"result": "1-0"})
    client.post(f"{base}/rounds", headers=director)
    _refused(client.delete(f"{base}/rounds/1", headers=director), 409, "round")
    _refused(client.put(f"{base}/rounds/2/boards/9", headers=director, json={"result": "1-0"}), 404)
    _refused(client.put(f"{base}/rounds/2/boards/1", headers=director, json={"result": "win"}), 400)
    _refused(client.put(f"{base}/rounds/2/boards/1", headers=director, json={"result": 1}), 422)
    assert _version(client, tid) == version + 5


JUNK: tuple[bytes, ...] = (
    b"",
    b"null",
    b"[]",
    b"{}",
    b'"text"',
    b"123",
    b"\xff\xfe\x00",
    b'{"result": null}',
    b'{"name": ""}',
    b'{"rounds": 1e309}',
    b'{"players": [null]}',
    b'{"withdrawn_from": 99999999999999999999999}',
    b'{"points": "1/0"}',
    b'{"role": "player", "player": "nobody"}',
    b'{"name": "' + b"n" * 5000 + b'"}',
    b"[" * 5000,
)


def test_no_500_for_bad_input(client: httpx.Client) -> None:
    tid, director = create_tournament(client, players=4, rounds=3)
    client.post(f"{API}/tournaments/{tid}/rounds", headers=director)
    base = f"{API}/tournaments/{tid}"
    targets = [
        ("POST", f"{API}/tournaments"),
        ("POST", f"{API}/tournaments/import"),
        ("POST", f"{base}/players"),
        ("PATCH", f"{base}/players/1"),
        ("PUT", f"{base}/players/1/byes/3"),
        ("PUT", f"{base}/rounds/1/boards/1"),
        ("PUT", f"{base}/rounds/99999999999999999999/boards/-1"),
        ("POST", f"{base}/forbidden-pairs"),
        ("POST", f"{base}/tokens"),
    ]
    statuses = set()
    for method, url in targets:
        for body in JUNK:
            for kind in ("application/json", "text/plain"):
                response = client.request(
                    method, url, content=body, headers={**director, "Content-Type": kind}
                )
                assert response.status_code < 500, (method, url, body[:40], response.text)
                statuses.add(response.status_code)
                if response.status_code >= 400:
                    assert "error" in response.json()
    assert {400, 422} <= statuses


# --------------------------------------------------------------------------- pages


def test_public_pages_show_names(client: httpx.Client) -> None:
    tid, director = create_tournament(
        client, rounds=3, name="Riverside Rapid", players=player_rows(6, "Rapid")
    )
    client.post(f"{API}/tournaments/{tid}/rounds", headers=director)
    client.put(
        f"{API}/tournaments/{tid}/rounds/1/boards/1", headers=director, json={"result": "1-0"}
    )
    index = client.get("/")
    assert index.status_code == 200 and "Riverside Rapid" in index.text
    page = client.get(f"/t/{tid}")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    for n in range(1, 7):
        assert f"Rapid {n:02d}" in page.text
    assert "1-0" in page.text and "Standings" in page.text
    assert client.get(f"/t/{tid}", params={"round": 1}).status_code == 200
    table = client.get(f"/t/{tid}/crosstable")
    assert table.status_code == 200 and "Rapid 01" in table.text and "crosstable" in table.text
    printed = client.get(f"/t/{tid}/rounds/1/print")
    assert printed.status_code == 200 and "Rapid 06" in printed.text
    assert client.get(f"/t/{tid}/rounds/7/print").status_code == 404
    missing = client.get("/t/nope")
    assert missing.status_code == 404 and "no tournament" in missing.text


def _form_token(page: str) -> str:
    """The hidden ``form_token`` of a director's page."""
    found = re.search(r'name="form_token" value="([0-9a-f]+)"', page)
    assert found is not None, page[:500]
    return found.group(1)


def test_director_page_runs_a_round(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=60, follow_redirects=True) as browser:
        tid, director = create_tournament(browser, rounds=3, players=player_rows(5, "Desk"))
        token = director["Authorization"].removeprefix("Bearer ")
        assert browser.get(f"/t/{tid}/director").status_code == 401
        wrong = sign_in(browser, tid, "wrong")
        assert wrong.status_code == 401 and "token" in wrong.text
        opened = sign_in(browser, tid, token)
        assert opened.status_code == 200, opened.text
        assert str(opened.url).endswith(f"/t/{tid}/director")  # the token left the address
        assert "Desk 01" in opened.text

        def form() -> dict[str, str]:
            """The form token of the signed-in session (every director's form has it)."""
            return {"form_token": _form_token(opened.text)}

        added = browser.post(
            f"/t/{tid}/director/players",
            data={**form(), "name": "Walk-in, Wanda", "rating": "1999"},
        )
        assert added.status_code == 200 and "Walk-in, Wanda registered" in added.text
        paired = browser.post(f"/t/{tid}/director/pair", data=form())
        assert "round 1 paired: 3 boards" in paired.text
        refused = browser.post(f"/t/{tid}/director/pair", data=form())
        assert refused.status_code == 400 and "cannot be paired" in refused.text
        assert refused.text.count("enter the results") == 1  # what to do, said once
        for board, result in ((1, "1-0"), (2, "1/2"), (3, "0-1")):
            done = browser.post(
                f"/t/{tid}/director/result",
                data={**form(), "round": "1", "board": str(board), "result": result},
            )
            assert f"board {board}: {result}" in done.text
        rnd = browser.get(f"{API}/tournaments/{tid}/rounds/1").json()
        assert [b["result"] for b in rnd["boards"]] == ["1-0", "½-½", "0-1"]
        withdrawn = browser.post(f"/t/{tid}/director/withdraw", data={**form(), "player": "2"})
        assert "withdrawn from round 2 on" in withdrawn.text
        forbidden = browser.post(f"/t/{tid}/director/forbid", data={**form(), "a": "1", "b": "3"})
        assert "forbidden" in forbidden.text
        bye = browser.post(
            f"/t/{tid}/director/bye", data={**form(), "player": "3", "round": "2", "points": "0"}
        )
        assert "Desk 03: zero-point in round 2" in bye.text
        forced = browser.post(f"/t/{tid}/director/force", data={**form(), "a": "1", "b": "4"})
        assert forced.status_code == 400 and "mcmahon" in forced.text.lower()
        printed = browser.get(f"/t/{tid}/standings/print")
        assert printed.status_code == 200 and "Desk 01" in printed.text
        assert "@media print" in printed.text
        assert browser.get("/t/nope/standings/print").status_code == 404
        issued = browser.post(f"/t/{tid}/director/token", data={**form(), "role": "arbiter"})
        assert "new arbiter token" in issued.text
        unpaired = browser.post(
            f"/t/{tid}/director/unpair",
            data={**form(), "round": "1", "force": "on", "confirm": "on"},
        )
        assert "pairing of round 1 deleted" in unpaired.text
        assert browser.get(f"{API}/tournaments/{tid}").json()["rounds_paired"] == 0
        out = browser.post(f"/t/{tid}/director/logout", data=form())
        assert out.status_code == 200
        assert browser.get(f"/t/{tid}/director").status_code == 401
        # without the cookie a form does nothing
        version = _version(browser, tid)
        assert browser.post(f"/t/{tid}/director/pair", data=form()).status_code == 401
        assert _version(browser, tid) == version


# --------------------------------------------------------------------------- load


def test_200_concurrent_results_across_20_tournaments(server: Server) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as http:
        events = []
        for i in range(20):
            tid, director = create_tournament(http, rounds=3, players=player_rows(20, f"T{i}"))
            paired = http.post(f"{API}/tournaments/{tid}/rounds", headers=director).json()
            assert len(paired["boards"]) == 10
            events.append((tid, director))
    jobs = [
        (tid, director, board, RESULTS[(board + i) % len(RESULTS)])
        for i, (tid, director) in enumerate(events)
        for board in range(1, 11)
    ]
    jobs = jobs[::2] + jobs[1::2]  # interleave tournaments
    local = threading.local()

    def submit(job: tuple[str, dict[str, str], int, str]) -> int:
        tid, director, board, result = job
        if not hasattr(local, "http"):
            local.http = httpx.Client(base_url=server.url, timeout=60)
        response = local.http.put(
            f"{API}/tournaments/{tid}/rounds/1/boards/{board}",
            headers=director,
            json={"result": result},
        )
        status: int = response.status_code
        return status

    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=20) as pool:
        statuses = list(pool.map(submit, jobs))
    elapsed = time.monotonic() - started
    assert statuses == [200] * 200
    expected = {(tid, board): result for tid, _, board, result in jobs}
    lost = 0
    with httpx.Client(base_url=server.url, timeout=60) as http:
        for tid, _ in events:
            rnd = http.get(f"{API}/tournaments/{tid}/rounds/1").json()
            assert rnd["pending"] == 0
            for board in rnd["boards"]:
                want = expected[(tid, board["board"])].replace("1/2", "½-½")
                lost += board["result"] != want
            assert _version(http, tid) == 2 + 10
    print(f"\nconcurrency: 200 results, 20 tournaments, 20 threads, {elapsed:.2f} s, lost {lost}")
    assert lost == 0


def test_two_servers_on_one_new_database(new_database: Callable[[], str], tmp_path: Path) -> None:
    """Two servers started together on one empty database: the Alembic migrations run
    once (one at a time), and each server sees what the other writes."""
    db = new_database()
    servers = [Server(db, tmp_path / f"server{i}.log") for i in (1, 2)]
    threads = [threading.Thread(target=one.start) for one in servers]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert all(one.proc is not None for one in servers)
        first, second = (httpx.Client(base_url=one.url, timeout=60) for one in servers)
        with first, second:
            schemas = {one.get(f"{API}/health").json()["schema"] for one in (first, second)}
            assert len(schemas) == 1 and None not in schemas, schemas
            tid, director = create_tournament(first, players=4, rounds=3)
            paired = second.post(f"{API}/tournaments/{tid}/rounds", headers=director)
            assert paired.status_code == 201, paired.text
            put = first.put(
                f"{API}/tournaments/{tid}/rounds/1/boards/1",
                headers=director,
                json={"result": "1-0"},
            )
            assert put.status_code == 200, put.text
            shown = second.get(f"{API}/tournaments/{tid}/rounds/1").json()
            assert shown["boards"][0]["result"] == "1-0"
            assert _version(second, tid) == _version(first, tid) == 3
    finally:
        for one in servers:
            one.stop()


def test_kill_9_during_result_entry_loses_nothing(
    new_database: Callable[[], str], tmp_path: Path
) -> None:
    victim = Server(new_database(), tmp_path / "crash.log", "--demo")
    victim.start()
    try:
        log = victim.log.read_text()
        assert "director token:" in log, log
        demo_token = log.split("director token:")[1].split()[0]
        with httpx.Client(base_url=victim.url, timeout=60) as http:
            demo = http.get(f"{API}/tournaments").json()["tournaments"][0]
            assert "Riverside" in demo["name"]
            paired = http.post(
                f"{API}/tournaments/{demo['id']}/rounds",
                headers={"Authorization": f"Bearer {demo_token}"},
            )
            assert paired.status_code == 201, paired.text
            events = []
            for i in range(4):
                tid, director = create_tournament(http, rounds=3, players=player_rows(24, f"K{i}"))
                assert http.post(f"{API}/tournaments/{tid}/rounds", headers=director)
                events.append((tid, director))
        acknowledged: list[tuple[str, int, str]] = []
        lock = threading.Lock()
        stop = threading.Event()

        def enter(index: int) -> None:
            tid, director = events[index]
            with httpx.Client(base_url=victim.url, timeout=30) as http:
                for board in range(1, 13):
                    if stop.is_set():
                        return
                    result = RESULTS[board % len(RESULTS)]
                    try:
                        response = http.put(
                            f"{API}/tournaments/{tid}/rounds/1/boards/{board}",
                            headers=director,
                            json={"result": result},
                        )
                    except httpx.TransportError:
                        return
                    if response.status_code == 200:
                        with lock:
                            acknowledged.append((tid, board, result))

        threads = [threading.Thread(target=enter, args=(i,)) for i in range(4)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 30
        while len(acknowledged) < 20 and time.monotonic() < deadline:
            time.sleep(0.005)
        victim.kill9()
        stop.set()
        for thread in threads:
            thread.join(30)
        with lock:
            done = list(acknowledged)
        assert len(done) >= 20
        victim.start()
        with httpx.Client(base_url=victim.url, timeout=60) as http:
            for tid, board, result in done:
                rnd = http.get(f"{API}/tournaments/{tid}/rounds/1").json()
                assert rnd["boards"][board - 1]["result"] == result.replace("1/2", "½-½")
            for tid, _ in events:
                info = http.get(f"{API}/tournaments/{tid}").json()
                rnd = http.get(f"{API}/tournaments/{tid}/rounds/1").json()
                entered = sum(1 for b in rnd["boards"] if b["result"])
                assert info["version"] == 2 + entered  # no half-written change
        print(f"\nkill -9: {len(done)} acknowledged results, all there after the restart")
    finally:
        victim.stop()
