"""Issue 28, hardening of the web app, through the real server (SQLite and PostgreSQL).

Each test is a regression test of one finding of issue 28: it failed on the code before
the fix. Finding 1: numbers of an imported document and of a request go through the one
bounded parser (``fairpair.limits.parse_number``), so ``"1e3000000"`` is refused naming
its field instead of being stored and then computed with on every read.
"""

from __future__ import annotations

import copy
import json
import os
import re
import select
import socket
from collections.abc import Callable, Iterator
from contextlib import closing, suppress
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx", reason="the web extra is not installed")
pytest.importorskip("fastapi", reason="the web extra is not installed")

from helpers import API, Postgres, Server, create_tournament, player_rows, sign_in  # noqa: E402

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "mcmahon.json"
HUGE = "1e3000000"


def _refused(response: httpx.Response, status: int, field: str, contains: str = "") -> None:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert {"error", "field", "expected"} <= set(body), body
    assert body["field"] == field, body
    assert contains in body["error"] + " " + str(body["expected"]), body


def _mcmahon_document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return document


# ------------------------------------------------------------ finding 1: bounded numbers


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("d", HUGE),
        ("komi_even", HUGE),
        ("komi_handicap", "-" + HUGE),
        ("bottom_offset", HUGE),
        ("initial_scores", {"1": HUGE}),
        ("komi_even", "1e-3000000"),
        ("d", "\u0663"),
    ],
)
def test_import_refuses_unbounded_mcmahon_settings(
    client: httpx.Client, key: str, value: Any
) -> None:
    document = copy.deepcopy(_mcmahon_document())
    document["settings"]["mcmahon"][key] = value
    before = client.get(f"{API}/tournaments", params={"limit": 1000}).json()["tournaments"]
    response = client.post(f"{API}/tournaments/import", json=document)
    _refused(response, 400, f"settings.mcmahon.{key}")
    after = client.get(f"{API}/tournaments", params={"limit": 1000}).json()["tournaments"]
    assert len(after) == len(before)


def test_import_keeps_ordinary_mcmahon_settings(client: httpx.Client) -> None:
    document = _mcmahon_document()
    document["settings"]["mcmahon"]["komi_even"] = 6.5
    response = client.post(f"{API}/tournaments/import", json=document)
    assert response.status_code == 201, response.text
    tid = response.json()["id"]
    stored = json.loads(client.get(f"{API}/tournaments/{tid}/document").text)
    assert stored["settings"]["mcmahon"]["komi_even"] == 6.5
    assert client.get(f"{API}/tournaments/{tid}/standings").status_code == 200


def test_import_refuses_points_with_a_huge_exponent(client: httpx.Client) -> None:
    """A guard (the document's schema refused this before too): points as text."""
    document = _mcmahon_document()
    document["points"]["white_win"] = HUGE
    response = client.post(f"{API}/tournaments/import", json=document)
    _refused(response, 400, "body", "1/3")


@pytest.mark.parametrize("points", [HUGE, "1e1000000", "-1e400", "1/0", "1_0", "nan"])
def test_bye_points_are_bounded(client: httpx.Client, points: str) -> None:
    tid, director = create_tournament(client, 6)
    version = client.get(f"{API}/tournaments/{tid}").json()["version"]
    response = client.put(
        f"{API}/tournaments/{tid}/players/2/byes/1", json={"points": points}, headers=director
    )
    _refused(response, 400, "points")
    assert client.get(f"{API}/tournaments/{tid}").json()["version"] == version
    ok = client.put(
        f"{API}/tournaments/{tid}/players/2/byes/1", json={"points": "1/2"}, headers=director
    )
    assert ok.status_code == 200, ok.text
    assert ok.json()["kind"] == "half_point"


# ------------------------------------------------- finding 2: chunked bodies are bounded

LIMIT = 16 * 1024 * 1024
PIECE = 64 * 1024


def _chunked_upload(server: Server, path: str, total: int, *, finish: bool) -> bytes:
    """Send ``total`` bytes as a chunked body (no Content-Length), 64 KiB per chunk,
    stopping as soon as the server answers; ``finish``: send the last chunk too. The
    response's bytes (b"" if the server answered nothing before closing)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=60) as sock:
        head = (
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        sock.sendall(head.encode("ascii"))
        piece = b"%x\r\n" % PIECE + b" " * PIECE + b"\r\n"
        sent = 0
        try:
            while sent < total:
                if select.select([sock], [], [], 0)[0]:
                    break  # the server has answered: stop sending
                sock.sendall(piece)
                sent += PIECE
            else:
                if finish:
                    sock.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        data = b""
        try:
            while True:  # the server closes the connection after its answer
                more = sock.recv(65536)
                if not more:
                    break
                data += more
        except (ConnectionResetError, TimeoutError):
            pass
        return data


def test_a_chunked_body_over_the_limit_is_refused(server: Server) -> None:
    answer = _chunked_upload(server, f"{API}/tournaments/import", LIMIT + 4 * PIECE, finish=True)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:300]
    body = json.loads(answer.partition(b"\r\n\r\n")[2].split(b"\r\n0\r\n")[0] or b"{}")
    assert body["field"] == "body"
    assert str(LIMIT) in body["expected"]


def test_a_chunked_body_is_refused_without_waiting_for_its_end(server: Server) -> None:
    """The server answers at the limit, while the client would send 256 MiB more."""
    answer = _chunked_upload(server, f"{API}/tournaments/import", 256 * 1024 * 1024, finish=False)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:300]


def test_a_chunked_body_within_the_limit_is_read(server: Server, client: httpx.Client) -> None:
    document = json.dumps(_mcmahon_document()).encode("utf-8")

    def pieces() -> Iterator[bytes]:
        for start in range(0, len(document), 1000):
            yield document[start : start + 1000]

    response = client.post(
        f"{API}/tournaments/import",
        content=pieces(),
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 201, response.text


# ----------------------------------------- finding 3: what can be written can be read back

SMALL = 20


@pytest.fixture(scope="module")
def small_server(
    new_database: Callable[[], str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server with small limits, to reach them quickly: 20 players, 5 writes a minute
    and 3 new tournaments an hour per (non-loopback) client, 1 s to send a request's
    head."""
    folder = tmp_path_factory.mktemp("small")
    running = Server(new_database(), folder / "server.log")
    small = {
        "FAIRPAIR_MAX_PLAYERS": str(SMALL),
        "FAIRPAIR_MAX_WRITES": "5",
        "FAIRPAIR_MAX_CREATIONS": "3",
        "FAIRPAIR_HEADER_TIMEOUT": "1",
    }
    saved = {key: os.environ.get(key) for key in small}
    os.environ.update(small)
    try:
        running.start()
    finally:
        for key, value in saved.items():
            if value is None:
                del os.environ[key]
            else:
                os.environ[key] = value
    yield running
    running.stop()


@pytest.fixture(scope="module")
def small(small_server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=small_server.url, timeout=60) as http:
        yield http


def _over_the_limit(response: httpx.Response, status: int) -> None:
    _refused(response, status, "players", "FAIRPAIR_MAX_PLAYERS")
    assert response.json()["limit"] == "players"


def _still_whole(client: httpx.Client, tid: str, headers: dict[str, str], count: int) -> None:
    """Every read and write of the tournament works: nothing broken was stored."""
    data = client.get(f"{API}/tournaments/{tid}")
    assert data.status_code == 200, data.text
    assert len(data.json()["players"]) == count
    assert client.get(f"{API}/tournaments/{tid}/document").status_code == 200
    assert client.get(f"/t/{tid}").status_code == 200
    patch = client.patch(
        f"{API}/tournaments/{tid}/players/1", json={"club": "Rooks"}, headers=headers
    )
    assert patch.status_code == 200, patch.text
    assert client.delete(f"{API}/tournaments/{tid}", headers=headers).status_code == 204


def test_adding_the_player_past_the_limit_is_refused(small: httpx.Client) -> None:
    tid, director = create_tournament(small, SMALL - 1)
    one = small.post(f"{API}/tournaments/{tid}/players", json={"name": "Last In"}, headers=director)
    assert one.status_code == 201, one.text
    version = small.get(f"{API}/tournaments/{tid}").json()["version"]
    past = small.post(
        f"{API}/tournaments/{tid}/players", json={"name": "One Too Many"}, headers=director
    )
    _over_the_limit(past, 409)
    assert small.get(f"{API}/tournaments/{tid}").json()["version"] == version
    _still_whole(small, tid, director, SMALL)


def test_creating_over_the_limit_is_refused(small: httpx.Client) -> None:
    before = small.get(f"{API}/tournaments", params={"limit": 1000}).json()["tournaments"]
    body = {"name": "Big", "system": "dutch", "rounds": 5, "players": player_rows(SMALL + 1)}
    _over_the_limit(small.post(f"{API}/tournaments", json=body), 422)
    after = small.get(f"{API}/tournaments", params={"limit": 1000}).json()["tournaments"]
    assert len(after) == len(before)


def test_importing_over_the_limit_is_refused(small: httpx.Client) -> None:
    players = ",".join(f'{{"number": {n}, "name": "P{n}"}}' for n in range(1, SMALL + 2))
    document = (
        '{"format": "fairpair-tournament", "version": 1, "system": "dutch", '
        f'"total_rounds": 5, "players": [{players}]}}'
    )
    response = small.post(
        f"{API}/tournaments/import",
        content=document,
        headers={"Content-Type": "application/json"},
    )
    _over_the_limit(response, 422)


def test_ten_thousand_players_and_more_by_default(client: httpx.Client) -> None:
    """10,000 players at creation (a 500 before), then the 10,001st (every read of the
    tournament was a 500 after it)."""
    rows = [{"name": f"Player {i:05d}", "rating": 2800 - i % 2000} for i in range(1, 10_001)]
    tid, director = create_tournament(client, rows)
    more = client.post(
        f"{API}/tournaments/{tid}/players", json={"name": "Late Entry"}, headers=director
    )
    assert more.status_code == 201, more.text
    _still_whole(client, tid, director, 10_001)


# ------------------------------------------------- finding 4: forged forms, framing


def _form_token(page: str) -> str:
    found = re.search(r'name="form_token" value="([0-9a-f]+)"', page)
    assert found is not None, page[:500]
    return found.group(1)


def _signed_in(server: Server, players: int = 6) -> tuple[httpx.Client, str, str]:
    """A browser-like client signed in on a new tournament's director page: the
    client, the tournament id and the page's form token."""
    browser = httpx.Client(base_url=server.url, timeout=60, follow_redirects=True)
    tid, director = create_tournament(browser, players)
    token = director["Authorization"].removeprefix("Bearer ")
    page = sign_in(browser, tid, token)
    assert page.status_code == 200, page.text
    return browser, tid, _form_token(page.text)


def _players(client: httpx.Client, tid: str) -> int:
    return len(client.get(f"{API}/tournaments/{tid}").json()["players"])


def test_every_form_carries_the_form_token(server: Server) -> None:
    browser, tid, token = _signed_in(server)
    with closing(browser):
        page = browser.get(f"/t/{tid}/director").text
        forms = page.count('<form method="post"')
        assert forms >= 7
        assert page.count(f'name="form_token" value="{token}"') == forms


def test_a_form_without_the_form_token_is_refused(server: Server) -> None:
    browser, tid, token = _signed_in(server)
    with closing(browser):
        url = f"/t/{tid}/director/players"
        for data in ({}, {"form_token": ""}, {"form_token": "0" * 64}):
            refused = browser.post(url, data={**data, "name": "Forged, Fred"})
            assert refused.status_code == 403, refused.text
            assert "form token" in refused.text
        assert browser.post(f"/t/{tid}/director/pair", data={}).status_code == 403
        assert _players(browser, tid) == 6
        assert browser.get(f"{API}/tournaments/{tid}").json()["rounds_paired"] == 0
        done = browser.post(url, data={"form_token": token, "name": "Real, Rita"})
        assert done.status_code == 200 and "Real, Rita registered" in done.text
        assert _players(browser, tid) == 7


def test_the_form_token_is_bound_to_the_session(server: Server) -> None:
    first, tid, token = _signed_in(server)
    other, _, other_token = _signed_in(server)
    with closing(first), closing(other):
        assert token != other_token
        # another tournament's session token, sent with this tournament's cookie
        refused = first.post(
            f"/t/{tid}/director/players", data={"form_token": other_token, "name": "X"}
        )
        assert refused.status_code == 403
        # a new sign-in starts a new session: the old page's token no longer works
        director = first.cookies.get("fairpair_token", path=f"/t/{tid}")
        assert director
        again = sign_in(first, tid, director)
        assert _form_token(again.text) != token
        stale = first.post(f"/t/{tid}/director/players", data={"form_token": token, "name": "Y"})
        assert stale.status_code == 403
        assert _players(first, tid) == 6


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://127.0.0.1:1"},
        {"Origin": "null"},
        {"Origin": "https://evil.example"},
        {"Referer": "http://127.0.0.1:1/attack.html"},
    ],
)
def test_a_form_from_another_origin_is_refused(server: Server, headers: dict[str, str]) -> None:
    browser, tid, token = _signed_in(server)
    with closing(browser):
        refused = browser.post(
            f"/t/{tid}/director/players",
            data={"form_token": token, "name": "Cross, Site"},
            headers=headers,
        )
        assert refused.status_code == 403, refused.text
        assert _players(browser, tid) == 6
        own = browser.post(
            f"/t/{tid}/director/players",
            data={"form_token": token, "name": "Same, Site"},
            headers={"Origin": server.url, "Referer": f"{server.url}/t/{tid}/director"},
        )
        assert own.status_code == 200, own.text
        assert _players(browser, tid) == 7


def test_pages_cannot_be_framed(server: Server, client: httpx.Client) -> None:
    tid, _ = create_tournament(client, 4)
    for path in ("/", f"/t/{tid}", f"/t/{tid}/director", f"{API}/tournaments/{tid}"):
        response = client.get(path)
        assert response.headers.get("X-Frame-Options") == "DENY", path
        policy = response.headers.get("Content-Security-Policy", "")
        assert "frame-ancestors 'none'" in policy, path
        assert response.headers.get("X-Content-Type-Options") == "nosniff", path
        assert response.headers.get("Referrer-Policy") == "same-origin", path
    page = client.get(f"/t/{tid}").headers["Content-Security-Policy"]
    # scripts only from this server (the bundled htmx), never inline or from elsewhere
    assert "default-src 'none'" in page and "script-src 'self';" in page
    assert "unsafe-inline" not in page.split("script-src", 1)[1].split(";", 1)[0]
    htmx = client.get("/static/htmx-2.0.11.min.js")
    assert htmx.status_code == 200 and b"htmx" in htmx.content
    docs = client.get(f"{API}/docs")  # served here, nothing from a CDN: the pages' policy
    assert docs.status_code == 200
    assert docs.headers["Content-Security-Policy"] == page


def test_the_director_page_and_writes_are_not_cached(server: Server) -> None:
    browser, tid, _ = _signed_in(server)
    with closing(browser):
        assert browser.get(f"/t/{tid}/director").headers.get("Cache-Control") == "no-store"
        created = browser.post(
            f"{API}/tournaments", json={"name": "N", "system": "dutch", "rounds": 3}
        )
        assert created.status_code == 201
        assert created.headers.get("Cache-Control") == "no-store"  # it shows a token


def test_cookies_are_secure_behind_an_https_proxy(server: Server) -> None:
    """A request forwarded by a trusted proxy (uvicorn trusts 127.0.0.1 by default) as
    HTTPS gets Secure cookies; a plain HTTP one does not (the browser would drop them)."""
    with httpx.Client(base_url=server.url, timeout=60) as raw:
        tid, director = create_tournament(raw, 4)
        token = director["Authorization"].removeprefix("Bearer ")
        proxied = sign_in(raw, tid, token, headers={"X-Forwarded-Proto": "https"})
        assert proxied.status_code == 303
        cookies = proxied.headers.get_list("set-cookie")
        assert len(cookies) == 2 and all("secure" in c.lower() for c in cookies), cookies
        plain = sign_in(raw, tid, token)
        assert not any("secure" in c.lower() for c in plain.headers.get_list("set-cookie"))


# ------------------------------------ findings 7, 8, 9: names under one text policy

CONTROL = ["A\nB", "A\r\nB", "A\x00B", "A\x7fB", "A\tB", "A\x85B", "A\u2028B"]
FORMAT = ["A\u200bB", "Eve\u202e", "\ufeffAnn", "A\u2066B\u2069"]


@pytest.mark.parametrize("name", CONTROL)
def test_a_control_character_in_a_tournament_name_is_400(client: httpx.Client, name: str) -> None:
    body = {"name": name, "system": "dutch", "rounds": 3, "players": player_rows(4)}
    _refused(client.post(f"{API}/tournaments", json=body), 400, "name", "control")


@pytest.mark.parametrize("name", CONTROL + FORMAT)
def test_control_and_format_characters_in_names_are_refused_everywhere(
    client: httpx.Client, name: str
) -> None:
    """Creating, adding and editing refuse the same characters (adding and editing
    accepted NUL and DEL, and the TRF export then held them)."""
    players = [*player_rows(3), {"name": name}]
    body = {"name": "Names", "system": "dutch", "rounds": 3, "players": players}
    _refused(client.post(f"{API}/tournaments", json=body), 400, "players[3].name")
    tid, director = create_tournament(client, 4)
    version = client.get(f"{API}/tournaments/{tid}").json()["version"]
    added = client.post(f"{API}/tournaments/{tid}/players", json={"name": name}, headers=director)
    assert added.status_code == 400, added.text
    assert added.json()["field"].endswith("name")
    for field in ("name", "club"):
        patched = client.patch(
            f"{API}/tournaments/{tid}/players/1", json={field: name}, headers=director
        )
        _refused(patched, 400, field)
    assert client.get(f"{API}/tournaments/{tid}").json()["version"] == version
    exported = client.get(f"{API}/tournaments/{tid}/export.trf")
    assert exported.status_code == 200
    again = client.post(
        f"{API}/tournaments/import",
        content=exported.text,
        headers={"Content-Type": "text/plain"},
        params={"system": "dutch"},
    )
    assert again.status_code == 201, again.text


def test_names_are_stored_in_nfc(client: httpx.Client) -> None:
    tid, director = create_tournament(client, 2)
    added = client.post(
        f"{API}/tournaments/{tid}/players",
        json={"name": "Mu\u0308ller, Jo\u0308rg"},
        headers=director,
    )
    assert added.status_code == 201, added.text
    assert added.json()["added"][0]["name"] == "M\u00fcller, J\u00f6rg"


@pytest.mark.parametrize(
    "alike",
    [
        "Ivan Petrov",  # the same name (a case of the existing check)
        "IVAN PETROV",
        "Iv\u0430n Petrov",  # Cyrillic a
        "\u0406van Petr\u043ev",  # Cyrillic I and o
        "Ivan\u00a0Petrov",  # a no-break space
        "\uff29van Petrov",  # a full-width I
    ],
)
def test_look_alike_names_are_probable_duplicates(client: httpx.Client, alike: str) -> None:
    tid, director = create_tournament(client, [{"name": "Ivan Petrov"}, {"name": "Anna Berg"}])
    url = f"{API}/tournaments/{tid}/players"
    _refused(
        client.post(url, json={"name": alike}, headers=director), 400, "players[0].name", "already"
    )
    allowed = client.post(url, json={"name": alike, "allow_duplicate": True}, headers=director)
    assert allowed.status_code == 201, allowed.text
    # renaming another player to the look-alike is refused too
    tid, director = create_tournament(client, [{"name": "Ivan Petrov"}, {"name": "Anna Berg"}])
    players = client.get(f"{API}/tournaments/{tid}").json()["players"]
    anna = next(p["number"] for p in players if p["name"] == "Anna Berg")
    url = f"{API}/tournaments/{tid}/players"
    renamed = client.patch(f"{url}/{anna}", json={"name": alike}, headers=director)
    _refused(renamed, 400, "name", "already")
    body = {"name": "T", "system": "dutch", "rounds": 3}
    body["players"] = [{"name": "Ivan Petrov"}, {"name": alike}]
    _refused(client.post(f"{API}/tournaments", json=body), 400, "players[1].name", "twice")


# ------------------------------------------- finding 7: the database away is a 503


def _pg_ctl(pg: Postgres, action: str) -> None:
    options = f"-p {pg.port} -k {pg.folder} -c listen_addresses=127.0.0.1 -c max_connections=300"
    pg._run(
        str(pg.bindir / "pg_ctl"),
        "-D",
        str(pg.data),
        "-l",
        str(pg.log),
        "-o",
        options,
        "-w",
        "-t",
        "60",
        "-m",
        "fast",
        action,
    )


def test_a_database_outage_is_503_with_retry_after(
    postgres: Postgres, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A PostgreSQL server of its own, stopped under a running fairpair server: every
    request answers 503 with Retry-After (a 500 "OperationalError (a bug in fairpair)"
    before), and the server recovers when the database is back."""
    own = Postgres(postgres.bindir)
    own.start()
    folder = tmp_path_factory.mktemp("outage")
    running = Server(own.new_database(), folder / "server.log")
    try:
        running.start()
        with httpx.Client(base_url=running.url, timeout=60) as http:
            tid, director = create_tournament(http, 4)
            _pg_ctl(own, "stop")
            for response in (
                http.get(f"{API}/tournaments/{tid}"),
                http.get(f"/t/{tid}"),
                http.post(f"{API}/tournaments/{tid}/rounds", headers=director),
                http.post(f"{API}/tournaments", json={"name": "N", "system": "dutch", "rounds": 3}),
            ):
                assert response.status_code == 503, response.text
                assert response.headers.get("Retry-After") == "5"
                body = response.json()
                assert body["error"] == "the database is not available"
                assert set(body) == {"error", "field", "expected"}
            _pg_ctl(own, "start")
            back = http.get(f"{API}/tournaments/{tid}")
            if back.status_code == 503:  # a pooled connection found dead: the next is new
                back = http.get(f"{API}/tournaments/{tid}")
            assert back.status_code == 200, back.text
    finally:
        running.stop()
        with suppress(RuntimeError):  # its folder is removed even when left stopped
            own.stop()


def test_an_internal_error_says_connection_close(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from fairpair.web.app import create_app

    app = create_app(str(tmp_path / "t.sqlite"))

    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("a bug")

    with TestClient(app, raise_server_exceptions=False) as test:
        response = test.get("/boom")
    assert response.status_code == 500
    assert response.headers.get("Connection") == "close"
    assert response.json()["error"] == "internal error: RuntimeError (a bug in fairpair)"


# ------------------------------------------------------ finding 10: per-client rate limit


def _from(address: str) -> dict[str, str]:
    """Headers of a request forwarded by a proxy on the loopback (trusted by default)
    for the client ``address``."""
    return {"X-Forwarded-For": address}


def test_creating_tournaments_is_rate_limited_per_client(small: httpx.Client) -> None:
    body = {"name": "Spam", "system": "dutch", "rounds": 3}
    url = f"{API}/tournaments"
    for _ in range(3):
        assert small.post(url, json=body, headers=_from("203.0.113.7")).status_code == 201
    refused = small.post(url, json=body, headers=_from("203.0.113.7"))
    assert refused.status_code == 429, refused.text
    assert int(refused.headers["Retry-After"]) >= 1
    assert refused.json()["limit"] == "creations"
    assert "FAIRPAIR_MAX_CREATIONS" in refused.json()["expected"]
    imported = small.post(
        f"{url}/import",
        content=EXAMPLE.read_bytes(),
        headers={**_from("203.0.113.7"), "Content-Type": "application/json"},
    )
    assert imported.status_code == 429
    # another client, and the machine's own (loopback) clients, are not held back
    assert small.post(url, json=body, headers=_from("203.0.113.8")).status_code == 201
    assert small.post(url, json=body).status_code == 201
    assert small.get(url, headers=_from("203.0.113.7")).status_code == 200  # reads are free


def test_writes_are_rate_limited_per_client(small: httpx.Client) -> None:
    tid, director = create_tournament(small, 4)
    url = f"{API}/tournaments/{tid}/players/1"
    client = {**director, **_from("198.51.100.9")}
    codes = [
        small.patch(url, json={"club": f"Club {i}"}, headers=client).status_code for i in range(7)
    ]
    assert codes[:5] == [200] * 5 and codes[5:] == [429, 429], codes
    assert small.get(f"{API}/tournaments/{tid}/players/1").json()["club"] == "Club 4"
    assert small.patch(url, json={"club": "Local"}, headers=director).status_code == 200


def test_a_5000_digit_player_number_is_400(client: httpx.Client) -> None:
    """Found by the hostile-number fuzz: a 5000-digit "number" naming a player was a
    500 (Python's integer conversion limit)."""
    tid, director = create_tournament(client, 4)
    response = client.post(
        f"{API}/tournaments/{tid}/forbidden-pairs",
        json={"players": ["9" * 5000, 1]},
        headers=director,
    )
    _refused(response, 400, "players", "no player number 99999999999999999...")


@pytest.mark.parametrize("name", ["A\x00B", "A\x7fB", "Eve\u202e"])
def test_an_imported_document_is_under_the_text_policy(client: httpx.Client, name: str) -> None:
    document = _mcmahon_document()
    document["players"][2]["name"] = name
    response = client.post(f"{API}/tournaments/import", json=document)
    _refused(response, 400, "players[2].name", "U+")


def test_a_connection_sending_its_head_slowly_is_closed(small_server: Server) -> None:
    """A client that sends part of a request's head and then waits is disconnected
    after FAIRPAIR_HEADER_TIMEOUT (1 s here); uvicorn alone held it for ever. (The 30 s
    socket timeout only keeps the test from hanging.)"""
    with socket.create_connection(("127.0.0.1", small_server.port), timeout=30) as sock:
        sock.sendall(b"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        try:
            closed = sock.recv(1024) == b""
        except (ConnectionResetError, TimeoutError) as exc:
            closed = isinstance(exc, ConnectionResetError)
        assert closed
    # a whole request, and one after an idle keep-alive pause, are served as before
    with httpx.Client(base_url=small_server.url, timeout=30) as http:
        assert http.get(f"{API}/health").status_code == 200
        assert http.get(f"{API}/health").status_code == 200


# ------------------------------------------------------------ finding 6: reports in the transaction


def _at_once(server: Server, *requests: tuple[str, str, dict[str, Any]]) -> list[httpx.Response]:
    """Send ``requests`` (method, path, keyword arguments) at the same moment, one
    client and thread each; their answers in order."""
    import threading

    start = threading.Barrier(len(requests))
    answers: list[httpx.Response | None] = [None] * len(requests)

    def send(index: int) -> None:
        method, path, more = requests[index]
        with httpx.Client(base_url=server.url, timeout=60) as http:
            start.wait()
            answers[index] = http.request(method, path, **more)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(answer is not None for answer in answers)
    return [answer for answer in answers if answer is not None]


def test_a_report_does_not_survive_an_unpair(server: Server, client: httpx.Client) -> None:
    """A player's report racing an unpair: either it was written before the unpair
    (which then deletes it) or it is refused (409 naming the board, or 404 once the
    round is gone); never a report left waiting on a board the reporter no longer
    plays. Before the fix the pairing was checked outside the write's transaction and
    the report survived most tries."""
    tid, director = create_tournament(client, players=4, rounds=3)
    paired = client.post(f"{API}/tournaments/{tid}/rounds", headers=director)
    assert paired.status_code == 201, paired.text
    first, _ = paired.json()["sides"]
    white = paired.json()["boards"][0][first]["number"]
    body = {"role": "player", "player": white}
    issued = client.post(f"{API}/tournaments/{tid}/tokens", headers=director, json=body)
    as_player = {"Authorization": f"Bearer {issued.json()['token']}"}
    for _ in range(20):
        rounds = client.get(f"{API}/tournaments/{tid}/rounds/1").json()
        board = next(
            i
            for i, b in enumerate(rounds["boards"], 1)
            if white in (b[s]["number"] for s in rounds["sides"] if b.get(s))
        )
        unpaired, answer = _at_once(
            server,
            ("DELETE", f"{API}/tournaments/{tid}/rounds/1", {"headers": director}),
            (
                "PUT",
                f"{API}/tournaments/{tid}/rounds/1/boards/{board}",
                {"headers": as_player, "json": {"result": "1-0"}},
            ),
        )
        assert unpaired.status_code == 200, unpaired.text
        assert answer.status_code in (202, 404, 409), answer.text
        if answer.status_code == 409:
            _refused(answer, 409, "board")
        left = client.get(f"{API}/tournaments/{tid}/reports", headers=director).json()
        assert left == {"reports": []}, (answer.status_code, left)
        again = client.post(f"{API}/tournaments/{tid}/rounds", headers=director)
        assert again.status_code == 201, again.text


# ------------------------------------------------------------ finding 5: tokens out of URLs


def test_sign_in_is_a_post_and_no_token_reaches_the_log(
    new_database: Callable[[], str], tmp_path: Path
) -> None:
    """The sign-in form posts the token in the body; the old link with ``?token=``
    signs nobody in (it redirects to the form, the token dropped), and the access log
    (at ``info``, where uvicorn writes it) holds the token nowhere. Before the fix the
    form used GET, the link signed in and the log had ``GET /t/ID/director?token=...``."""
    running = Server(new_database(), tmp_path / "access.log", "--log-level", "info")
    running.start()
    try:
        with httpx.Client(base_url=running.url, timeout=60) as raw:
            tid, director = create_tournament(raw, 4)
            token = director["Authorization"].removeprefix("Bearer ")
            form = raw.get(f"/t/{tid}/director")
            assert form.status_code == 401
            assert re.search(r'<form method="post" action="/t/[0-9a-f]+/director"', form.text)
            old_link = raw.get(f"/t/{tid}/director", params={"token": token})
            assert old_link.status_code == 303, old_link.text
            assert old_link.headers["location"] == f"/t/{tid}/director"
            assert not old_link.headers.get_list("set-cookie")  # not signed in by a URL
            signed = sign_in(raw, tid, token)
            assert signed.status_code == 303, signed.text
            assert signed.headers["location"] == f"/t/{tid}/director"
            assert len(signed.headers.get_list("set-cookie")) == 2
            assert raw.get(f"/t/{tid}/director").status_code == 200  # the cookie works
            wrong = sign_in(raw, tid, "wrong")
            assert wrong.status_code == 401 and "token is not known" in wrong.text
            assert "bearer" not in wrong.text.lower()  # plain words, no header names
            forged = sign_in(raw, tid, token, headers={"Origin": "https://evil.example"})
            assert forged.status_code == 403
    finally:
        running.stop()
    log = running.log.read_text(errors="replace")
    assert f"/t/{tid}/director" in log, log  # the access log is on
    assert "token=[redacted]" in log, log
    assert token not in log, log


def test_demo_keeps_its_token_across_restarts(
    new_database: Callable[[], str], tmp_path: Path
) -> None:
    """``--demo`` on the same database shows the same director token at every start
    (before the fix each start issued and printed a new one)."""
    demo = Server(new_database(), tmp_path / "demo.log", "--demo")
    tokens = []
    for _ in range(2):
        before = demo.log.read_text() if demo.log.exists() else ""
        demo.start()
        try:
            printed = demo.log.read_text()[len(before) :]
            assert "director token:" in printed, printed
            assert "?token=" not in printed  # no token in a link
            token = printed.split("director token:")[1].split()[0]
            with httpx.Client(base_url=demo.url, timeout=60) as http:
                tid = http.get(f"{API}/tournaments").json()["tournaments"][0]["id"]
                assert sign_in(http, tid, token).status_code == 303
            tokens.append(token)
        finally:
            demo.stop()
    assert tokens[0] == tokens[1]


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_tokens_can_be_listed_and_revoked(server: Server, client: httpx.Client) -> None:
    """The director lists the tournament's tokens (ids, never their text) and revokes
    one with ``DELETE .../tokens/{id}``: it stops working at once, on the API and on a
    signed-in director's page. The last director token cannot be revoked; a new one is
    issued first. Before the fix tokens could not be listed nor revoked (405)."""
    tid, director = create_tournament(client, 4)
    url = f"{API}/tournaments/{tid}/tokens"
    arbiter = client.post(url, headers=director, json={"role": "arbiter"})
    assert arbiter.status_code == 201, arbiter.text
    issued = arbiter.json()
    assert set(issued) >= {"token", "role", "player", "id", "expires_at"}
    assert issued["expires_at"] is None and re.fullmatch(r"[0-9a-f]{16}", issued["id"])
    as_arbiter = _bearer(issued["token"])
    listed = client.get(url, headers=director)
    assert listed.status_code == 200, listed.text
    rows = listed.json()["tokens"]
    assert [r["role"] for r in rows] == ["director", "arbiter"]
    assert issued["token"] not in listed.text and rows[1]["id"] == issued["id"]
    assert not any(r["expired"] for r in rows)
    _refused(client.get(url, headers=as_arbiter), 403, "Authorization")
    _refused(client.delete(f"{url}/{rows[0]['id']}", headers=as_arbiter), 403, "Authorization")
    board = f"{API}/tournaments/{tid}/rounds/1/boards/1"
    assert client.post(f"{API}/tournaments/{tid}/rounds", headers=director).status_code == 201
    assert client.put(board, headers=as_arbiter, json={"result": "1-0"}).status_code == 200
    # the arbiter signed in on the director's page, then revoked
    with httpx.Client(base_url=server.url, timeout=60) as desk:
        assert sign_in(desk, tid, issued["token"]).status_code == 303
        assert desk.get(f"/t/{tid}/director").status_code == 200
        revoked = client.delete(f"{url}/{issued['id']}", headers=director)
        assert revoked.status_code == 200, revoked.text
        assert revoked.json()["revoked"] == issued["id"]
        _refused(
            client.put(board, headers=as_arbiter, json={"result": "0-1"}), 401, "Authorization"
        )
        assert desk.get(f"/t/{tid}/director").status_code == 401  # the sign-in form again
    _refused(client.delete(f"{url}/{issued['id']}", headers=director), 404, "token_id")
    _refused(client.delete(f"{url}/nonsense", headers=director), 404, "token_id")
    # the only director token stays; a second one lets the first go
    first_id = rows[0]["id"]
    _refused(client.delete(f"{url}/{first_id}", headers=director), 409, "token_id")
    second = client.post(url, headers=director, json={"role": "director"})
    assert second.status_code == 201, second.text
    as_second = _bearer(second.json()["token"])
    assert client.delete(f"{url}/{first_id}", headers=as_second).status_code == 200
    _refused(client.get(url, headers=director), 401, "Authorization")
    assert [r["role"] for r in client.get(url, headers=as_second).json()["tokens"]] == ["director"]
    # a token of another tournament cannot be revoked from this one
    other_tid, other = create_tournament(client, 4)
    other_id = client.get(f"{API}/tournaments/{other_tid}/tokens", headers=other).json()["tokens"][
        0
    ]["id"]
    _refused(client.delete(f"{url}/{other_id}", headers=as_second), 404, "token_id")


def test_tokens_can_expire(server: Server, client: httpx.Client) -> None:
    """``expires_in`` (seconds) makes a token expire: refused then (401 naming the
    expiry), and listed as expired. Before the fix no token could expire."""
    import time

    tid, director = create_tournament(client, 4)
    url = f"{API}/tournaments/{tid}/tokens"
    _refused(
        client.post(url, headers=director, json={"role": "arbiter", "expires_in": 0}),
        422,
        "expires_in",
    )
    short = client.post(url, headers=director, json={"role": "arbiter", "expires_in": 2})
    assert short.status_code == 201, short.text
    assert short.json()["expires_at"]
    long = client.post(url, headers=director, json={"role": "arbiter", "expires_in": 86400})
    pair = f"{API}/tournaments/{tid}/rounds"
    assert client.post(pair, headers=director).status_code == 201
    board = f"{pair}/1/boards/1"
    as_short = _bearer(short.json()["token"])
    assert client.put(board, headers=as_short, json={"result": "1-0"}).status_code == 200
    with httpx.Client(base_url=server.url, timeout=60) as desk:
        assert sign_in(desk, tid, short.json()["token"]).status_code == 303
        time.sleep(2.5)
        assert desk.get(f"/t/{tid}/director").status_code == 401
        assert sign_in(desk, tid, short.json()["token"]).status_code == 401
    _refused(client.put(board, headers=as_short, json={"result": "0-1"}), 401, "Authorization")
    as_long = _bearer(long.json()["token"])
    assert client.put(board, headers=as_long, json={"result": "0-1"}).status_code == 200
    expired = {r["id"]: r["expired"] for r in client.get(url, headers=director).json()["tokens"]}
    assert expired[short.json()["id"]] is True and expired[long.json()["id"]] is False


def test_upgrade_from_the_first_schema_keeps_the_tokens(
    new_database: Callable[[], str], tmp_path: Path
) -> None:
    """A database at revision 0001 (tokens without expiry) is upgraded when a server
    starts on it: its tournaments and tokens still work, and never expire."""
    from alembic import command
    from alembic.config import Config

    from fairpair.web import store as store_module

    db = new_database()
    old = store_module.Store(db, migrate=False)
    try:
        config = Config()
        migrations = Path(store_module.__file__).parent / "migrations"
        config.set_main_option("script_location", str(migrations))
        with old.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0001")
        assert old.schema_revision() == "0001"
        from sqlalchemy import text

        from fairpair.model import Player, Tournament

        document = store_module.storable_document(
            Tournament(players=(Player(1, "Ann"),), system="dutch")
        )
        with old.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO tournaments (id, name, system, document, version, "
                    "created_at, updated_at) VALUES ('0123456789ab', 'Old', 'dutch', :d, 1, "
                    "'2026-01-01', '2026-01-01')"
                ),
                {"d": document},
            )
            connection.execute(
                text(
                    "INSERT INTO tokens (token_hash, tournament_id, role, player, created_at) "
                    "VALUES (:h, '0123456789ab', 'director', NULL, '2026-01-01')"
                ),
                {"h": store_module.hash_token("old-director")},
            )
    finally:
        old.close()
    running = Server(db, tmp_path / "upgrade.log")
    running.start()
    try:
        with httpx.Client(base_url=running.url, timeout=60) as http:
            assert http.get(f"{API}/health").json()["schema"] == "0004"
            # revision 0003: an older tournament has the default event settings
            settings = http.get(f"{API}/tournaments/0123456789ab/settings")
            assert settings.json() == {"confirm_agreed_reports": False}
            listed = http.get(
                f"{API}/tournaments/0123456789ab/tokens", headers=_bearer("old-director")
            )
            assert listed.status_code == 200, listed.text
            assert [(r["role"], r["expires_at"]) for r in listed.json()["tokens"]] == [
                ("director", None)
            ]
            added = http.post(
                f"{API}/tournaments/0123456789ab/players",
                headers=_bearer("old-director"),
                json={"name": "Bob"},
            )
            assert added.status_code == 201, added.text
    finally:
        running.stop()


def test_the_director_page_issues_an_expiring_token(server: Server) -> None:
    browser, tid, form = _signed_in(server)
    with closing(browser):
        page = browser.post(
            f"/t/{tid}/director/token", data={"form_token": form, "role": "arbiter", "hours": "2"}
        )
        assert page.status_code == 200 and "new arbiter token" in page.text, page.text
        director = browser.cookies.get("fairpair_token", path=f"/t/{tid}")
        rows = browser.get(f"{API}/tournaments/{tid}/tokens", headers=_bearer(director)).json()
        arbiter = [r for r in rows["tokens"] if r["role"] == "arbiter"]
        assert len(arbiter) == 1 and arbiter[0]["expires_at"], rows


def test_a_stale_report_is_not_offered(server: Server, client: httpx.Client) -> None:
    """A report already stored for a board its reporter no longer plays (left by the
    old race, in a database made before the fix) is not listed for confirmation."""
    from fairpair.web.store import Store

    tid, director = create_tournament(client, players=4, rounds=3)
    paired = client.post(f"{API}/tournaments/{tid}/rounds", headers=director).json()
    first, second = paired["sides"]
    white = paired["boards"][0][first]["number"]
    other = paired["boards"][1][second]["number"]
    store = Store(str(server.db))
    try:
        store.add_report(tid, 1, 1, white, "1-0")  # his board: offered
        store.add_report(tid, 1, 1, other, "0-1")  # not his board
        store.add_report(tid, 2, 1, white, "1-0")  # a round not paired
    finally:
        store.close()
    listed = client.get(f"{API}/tournaments/{tid}/reports", headers=director).json()
    assert [(r["round"], r["board"], r["player"]) for r in listed["reports"]] == [(1, 1, white)]
