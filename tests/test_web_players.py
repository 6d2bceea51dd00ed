"""Players' links and pages, the public pages' find box, paging and live fragments,
the API's own help page: driven through the real server (SQLite and PostgreSQL, the
``server`` fixture) with httpx.

Covered: issuing every player's link at once (API and the director's sheet with QR
codes), the event setting that lets agreed reports count, a player signing in from his
link and reporting from his page (the director confirms; or both players agree), every
refusal in plain words and changing nothing (a bad, revoked, expired or foreign link, a
form without its form token), the "find my pairing" box, pages of a large field, the
live fragment (204 while nothing changed) and the help page that loads nothing from
another host.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

httpx = pytest.importorskip("httpx", reason="the web extra is not installed")
pytest.importorskip("fastapi", reason="the web extra is not installed")
pytest.importorskip("segno", reason="the web extra is not installed")

from helpers import API, Server, board_numbers, create_tournament, sign_in  # noqa: E402

FORM = re.compile(r'name="form_token" value="([^"]+)"')


def _paired(client: httpx.Client, players: int = 8) -> tuple[str, dict[str, str], dict[str, Any]]:
    rows = [{"name": f"Player {i:03d}", "rating": 2600 - i} for i in range(1, players + 1)]
    tid, director = create_tournament(client, players=rows, rounds=5)
    paired = client.post(f"{API}/tournaments/{tid}/rounds", headers=director)
    assert paired.status_code == 201, paired.text
    return tid, director, paired.json()


def _links(client: httpx.Client, tid: str, director: dict[str, str], **body: Any) -> dict[int, str]:
    issued = client.post(f"{API}/tournaments/{tid}/tokens/players", headers=director, json=body)
    assert issued.status_code == 201, issued.text
    return {row["player"]: row["token"] for row in issued.json()["tokens"]}


def _player(server: Server, tid: str, token: str) -> httpx.Client:
    """A browser-like client signed in from a player's link (the sign-in form posts the
    code from after '#')."""
    http = httpx.Client(base_url=server.url, timeout=60)
    signed = http.post(f"/t/{tid}/me", data={"token": token})
    assert signed.status_code == 303, signed.text
    assert signed.headers["location"] == f"/t/{tid}/me"
    return http


def _report(http: httpx.Client, tid: str, rnd: int, board: int, result: str) -> httpx.Response:
    page = http.get(f"/t/{tid}/me")
    assert page.status_code == 200
    token = FORM.search(page.text)
    assert token is not None
    return http.post(
        f"/t/{tid}/me/report",
        data={"form_token": token.group(1), "round": rnd, "board": board, "result": result},
    )


def _result(client: httpx.Client, tid: str, rnd: int, board: int) -> str | None:
    shown = client.get(f"{API}/tournaments/{tid}/rounds/{rnd}").json()
    value: str | None = shown["boards"][board - 1]["result"]
    return value


def _reports(client: httpx.Client, tid: str, director: dict[str, str]) -> list[dict[str, Any]]:
    listed = client.get(f"{API}/tournaments/{tid}/reports", headers=director)
    assert listed.status_code == 200
    reports: list[dict[str, Any]] = listed.json()["reports"]
    return reports


def _token_count(client: httpx.Client, tid: str, director: dict[str, str]) -> int:
    return len(client.get(f"{API}/tournaments/{tid}/tokens", headers=director).json()["tokens"])


# --------------------------------------------------------------------------- the API


def test_every_player_link_at_once(client: httpx.Client) -> None:
    tid, director = create_tournament(client, players=6)
    withdrawn = client.patch(
        f"{API}/tournaments/{tid}/players/6", headers=director, json={"withdrawn_from": 1}
    )
    assert withdrawn.status_code == 200
    issued = client.post(f"{API}/tournaments/{tid}/tokens/players", headers=director, json={})
    assert issued.status_code == 201, issued.text
    rows = issued.json()["tokens"]
    assert [r["player"] for r in rows] == [1, 2, 3, 4, 5]  # not the withdrawn player
    for row in rows:
        assert row["link"] == f"/t/{tid}/me#{row['token']}"
        assert row["name"].startswith("Player ")
    listed = client.get(f"{API}/tournaments/{tid}/tokens", headers=director).json()["tokens"]
    assert sorted(t["player"] for t in listed if t["role"] == "player") == [1, 2, 3, 4, 5]
    assert {r["id"] for r in rows} <= {t["id"] for t in listed}
    # some players only, with an expiry
    some = _links(client, tid, director, players=[2, 4], expires_in=3600)
    assert sorted(some) == [2, 4]


def test_player_links_refused_change_nothing(client: httpx.Client) -> None:
    tid, director = create_tournament(client, players=4)
    before = _token_count(client, tid, director)
    player = next(iter(_links(client, tid, director, players=[1]).values()))
    before += 1
    url = f"{API}/tournaments/{tid}/tokens/players"
    assert client.post(url, json={}).status_code == 401
    refused = client.post(url, json={}, headers={"Authorization": f"Bearer {player}"})
    assert refused.status_code == 403
    unknown = client.post(url, json={"players": [1, 99]}, headers=director)
    assert unknown.status_code == 404 and unknown.json()["field"] == "players[1]"
    assert client.post(url, json={"expires_in": 0}, headers=director).status_code == 422
    assert _token_count(client, tid, director) == before


def test_event_settings(client: httpx.Client) -> None:
    tid, director = create_tournament(client, players=4)
    url = f"{API}/tournaments/{tid}/settings"
    assert client.get(url).json() == {"confirm_agreed_reports": False}
    player = next(iter(_links(client, tid, director, players=[1]).values()))
    body = {"confirm_agreed_reports": True}
    assert client.patch(url, json=body).status_code == 401
    assert (
        client.patch(url, json=body, headers={"Authorization": f"Bearer {player}"}).status_code
        == 403
    )
    assert client.patch(url, json={"other": True}, headers=director).status_code == 422
    assert client.get(url).json() == {"confirm_agreed_reports": False}
    changed = client.patch(url, json=body, headers=director)
    assert changed.status_code == 200 and changed.json() == body
    assert client.get(url).json() == body
    version = client.get(f"{API}/tournaments/{tid}").json()["version"]
    assert version == 1  # a setting is not a change of the tournament


# --------------------------------------------------------------------------- players' pages


def test_two_players_report_and_the_director_confirms(server: Server, client: httpx.Client) -> None:
    tid, director, shown = _paired(client)
    white, black = board_numbers(shown)[0]
    links = _links(client, tid, director)
    first, second = _player(server, tid, links[white]), _player(server, tid, links[black])
    page = first.get(f"/t/{tid}/me")
    assert page.headers["Cache-Control"] == "no-store"
    text = page.text
    assert "Board 1 · white" in text
    assert shown["boards"][0]["black"]["name"] in text  # the opponent
    assert "Board 1 · black" in second.get(f"/t/{tid}/me").text
    reported = _report(first, tid, 1, 1, "1-0")
    assert reported.status_code == 303
    assert "director%20confirms" in reported.headers["location"]
    assert _report(second, tid, 1, 1, "1-0").status_code == 303
    # the setting is off: both wait for the director
    assert _result(client, tid, 1, 1) is None
    waiting = _reports(client, tid, director)
    assert {(r["player"], r["result"]) for r in waiting} == {(white, "1-0"), (black, "1-0")}
    assert "you reported 1-0" in first.get(f"/t/{tid}/me").text
    confirmed = client.put(
        f"{API}/tournaments/{tid}/rounds/1/boards/1", headers=director, json={"result": "1-0"}
    )
    assert confirmed.status_code == 200
    assert _result(client, tid, 1, 1) == "1-0"
    assert _reports(client, tid, director) == []
    assert 'id="my-result">1-0<' in first.get(f"/t/{tid}/me").text
    # a player cannot report another board's game
    other = _report(first, tid, 1, 2, "1-0")
    assert other.status_code == 303 and "error=" in other.headers["location"]
    assert all(r["board"] != 2 for r in _reports(client, tid, director))
    first.close()
    second.close()


def test_agreed_reports_count_at_once(server: Server, client: httpx.Client) -> None:
    tid, director, shown = _paired(client)
    client.patch(
        f"{API}/tournaments/{tid}/settings", headers=director, json={"confirm_agreed_reports": True}
    )
    (w1, b1), (w2, b2) = board_numbers(shown)[:2]
    links = _links(client, tid, director)
    white, black = _player(server, tid, links[w1]), _player(server, tid, links[b1])
    _report(white, tid, 1, 1, "1-0")
    assert _result(client, tid, 1, 1) is None  # one report: it waits
    _report(black, tid, 1, 1, "0-1")
    assert _result(client, tid, 1, 1) is None  # they disagree: it waits for the director
    done = _report(black, tid, 1, 1, "1-0")  # the latest report counts
    assert "both%20players%20reported" in done.headers["location"]
    assert _result(client, tid, 1, 1) == "1-0"
    assert [r for r in _reports(client, tid, director) if r["board"] == 1] == []
    # the API's player token agrees the same way ("=" and "1/2" are one result)
    put = f"{API}/tournaments/{tid}/rounds/1/boards/2"
    one = client.put(put, json={"result": "="}, headers={"Authorization": f"Bearer {links[w2]}"})
    assert one.status_code == 202 and one.json()["confirmed"] is None
    two = client.put(put, json={"result": "1/2"}, headers={"Authorization": f"Bearer {links[b2]}"})
    assert two.status_code == 202 and two.json()["confirmed"] == "½-½"
    assert _result(client, tid, 1, 2) == "½-½"
    # a result already entered is not changed by later agreeing reports
    again = client.put(
        put, json={"result": "1-0"}, headers={"Authorization": f"Bearer {links[w2]}"}
    )
    client.put(put, json={"result": "1-0"}, headers={"Authorization": f"Bearer {links[b2]}"})
    assert again.json()["confirmed"] is None and _result(client, tid, 1, 2) == "½-½"
    white.close()
    black.close()


def test_bad_player_links_are_refused_in_plain_words(server: Server, client: httpx.Client) -> None:
    tid, director, _ = _paired(client)
    links = _links(client, tid, director)
    version = client.get(f"{API}/tournaments/{tid}").json()["version"]
    http = httpx.Client(base_url=server.url, timeout=60)
    unknown = http.post(f"/t/{tid}/me", data={"token": "not-a-token"})
    assert unknown.status_code == 401
    assert "not valid" in unknown.text and "Bearer" not in unknown.text
    assert "set-cookie" not in unknown.headers
    staff = client.post(
        f"{API}/tournaments/{tid}/tokens", headers=director, json={"role": "arbiter"}
    )
    arbiter = http.post(f"/t/{tid}/me", data={"token": staff.json()["token"]})
    assert arbiter.status_code == 403 and "not a player link" in arbiter.text
    other_tid, other_director = create_tournament(client, players=4)
    foreign = next(iter(_links(client, other_tid, other_director, players=[1]).values()))
    assert http.post(f"/t/{tid}/me", data={"token": foreign}).status_code == 403
    expiring = next(iter(_links(client, tid, director, players=[3], expires_in=1).values()))
    time.sleep(1.2)
    expired = http.post(f"/t/{tid}/me", data={"token": expiring})
    assert expired.status_code == 401 and "expired" in expired.text
    # the whole link pasted works (its code is after '#')
    pasted = http.post(f"/t/{tid}/me", data={"token": f"{server.url}/t/{tid}/me#{links[1]}"})
    assert pasted.status_code == 303
    # a form without the session's form token: refused, nothing reported
    forged = http.post(f"/t/{tid}/me/report", data={"round": 1, "board": 1, "result": "1-0"})
    assert forged.status_code == 403
    cross = http.post(
        f"/t/{tid}/me/report",
        data={"round": 1, "board": 1, "result": "1-0"},
        headers={"Origin": "http://evil.example"},
    )
    assert cross.status_code == 403
    # a revoked link signs the player out
    listed = client.get(f"{API}/tournaments/{tid}/tokens", headers=director).json()["tokens"]
    mine = [t["id"] for t in listed if t["role"] == "player" and t["player"] == 1]
    for ident in mine:
        client.delete(f"{API}/tournaments/{tid}/tokens/{ident}", headers=director)
    revoked = http.get(f"/t/{tid}/me")
    assert revoked.status_code == 401 and "not valid" in revoked.text
    assert _reports(client, tid, director) == []
    assert client.get(f"{API}/tournaments/{tid}").json()["version"] == version
    # no cookie: the sign-in form, asking for the link
    fresh = httpx.get(f"{server.url}/t/{tid}/me")
    assert fresh.status_code == 200 and 'id="player-sign-in"' in fresh.text
    assert httpx.get(f"{server.url}/t/nosuch/me").status_code == 404
    http.close()


def test_the_directors_sheet_of_player_links(server: Server, client: httpx.Client) -> None:
    tid, director, _ = _paired(client, players=6)
    token = director["Authorization"].removeprefix("Bearer ")
    http = httpx.Client(base_url=server.url, timeout=60)
    # not signed in as the director: back to the sign-in
    assert http.get(f"/t/{tid}/player-links").status_code == 303
    assert sign_in(http, tid, token).status_code == 303
    page = http.get(f"/t/{tid}/player-links")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    form = FORM.search(page.text)
    assert form is not None
    before = _token_count(client, tid, director)
    refused = http.post(f"/t/{tid}/player-links/issue", data={"first": "1", "last": "6"})
    assert refused.status_code == 403 and _token_count(client, tid, director) == before
    bad = http.post(
        f"/t/{tid}/player-links/issue",
        data={"form_token": form.group(1), "first": "5", "last": "2"},
    )
    assert bad.status_code == 400 and _token_count(client, tid, director) == before
    sheet = http.post(
        f"/t/{tid}/player-links/issue",
        data={"form_token": form.group(1), "first": "1", "last": "6", "hours": ""},
    )
    assert sheet.status_code == 200 and sheet.headers["Cache-Control"] == "no-store"
    assert sheet.text.count("<svg") == 6
    links = re.findall(r'class="link">([^<]+)<', sheet.text)
    assert len(links) == 6 and _token_count(client, tid, director) == before + 6
    assert all(link.startswith(f"{server.url}/t/{tid}/me#") for link in links)
    # each QR code holds its link: the same symbol made again from the link is on the sheet
    from fairpair.web.player_pages import qr_svg

    assert all(qr_svg(link) in sheet.text for link in links)
    player = _player(server, tid, links[0].rsplit("#", 1)[1])
    assert "Board" in player.get(f"/t/{tid}/me").text
    # the setting's form
    settings = http.post(
        f"/t/{tid}/player-links/settings",
        data={"form_token": form.group(1), "confirm_agreed_reports": "on"},
    )
    assert settings.status_code == 303
    assert client.get(f"{API}/tournaments/{tid}/settings").json()["confirm_agreed_reports"]
    player.close()
    http.close()


# --------------------------------------------------------------------------- public pages


def test_find_my_pairing(client: httpx.Client) -> None:
    tid, _, shown = _paired(client)
    white = shown["boards"][2]["white"]
    black = shown["boards"][2]["black"]
    by_name = client.get(f"/t/{tid}", params={"find": white["name"].upper()})
    assert by_name.status_code == 200
    found = by_name.text.split('id="found"', 1)[1].split("</section>", 1)[0]
    assert "board <strong>3</strong>, white" in found and black["name"] in found
    by_number = client.get(f"/t/{tid}", params={"find": str(black["number"])}).text
    assert "board <strong>3</strong>, black" in by_number
    nobody = client.get(f"/t/{tid}", params={"find": "Nobody Here"}).text
    assert "No player matches" in nobody
    standings = client.get(f"/t/{tid}/standings", params={"find": white["name"]}).text
    assert white["name"] in standings and black["name"] not in standings


def test_large_field_pages(client: httpx.Client) -> None:
    tid, _, shown = _paired(client, players=450)
    assert len(shown["boards"]) == 225
    first = client.get(f"/t/{tid}")
    assert first.text.count('<tr id="bd-') == 200 and "page 1 of 2" in first.text
    second = client.get(f"/t/{tid}", params={"page": 2})
    assert second.text.count('<tr id="bd-') == 25 and 'id="bd-225"' in second.text
    assert client.get(f"/t/{tid}", params={"page": 99}).text.count('<tr id="bd-') == 25
    standings = client.get(f"/t/{tid}/standings", params={"page": 3})
    assert standings.text.count('<tr><td class="num">') == 50
    cross = client.get(f"/t/{tid}/crosstable", params={"page": 2})
    assert cross.status_code == 200 and "page 2 of 3" in cross.text
    printed = client.get(f"/t/{tid}/rounds/1/print")
    assert printed.text.count('<tr><td class="num">') == 225  # 500 boards a printed page
    assert client.get(f"/t/{tid}/standings/print").status_code == 200
    assert client.get(f"/t/{tid}/standings/print", params={"after_round": 9}).status_code == 400


def test_live_fragment(client: httpx.Client) -> None:
    tid, director, _ = _paired(client)
    version = client.get(f"{API}/tournaments/{tid}").json()["version"]
    same = client.get(f"/t/{tid}/live", params={"view": "public", "v": version})
    assert same.status_code == 204 and same.content == b""
    page = client.get(f"/t/{tid}").text
    assert f"v={version}" in page and 'hx-trigger="every 3s"' in page
    assert 'http-equiv="refresh"' not in page  # no more full reloads
    client.put(
        f"{API}/tournaments/{tid}/rounds/1/boards/1", headers=director, json={"result": "0-1"}
    )
    changed = client.get(f"/t/{tid}/live", params={"view": "public", "v": version})
    assert changed.status_code == 200
    assert f"v={version + 1}" in changed.text and 'id="live"' in changed.text
    assert ">0-1<" in changed.text
    standings = client.get(f"/t/{tid}/live", params={"view": "standings", "v": version})
    assert standings.status_code == 200 and "standings" in standings.text
    assert client.get("/t/nosuch/live", params={"v": 1}).status_code == 204


# --------------------------------------------------------------------------- offline


HOSTS = re.compile(r"""(?:src|href|action)\s*=\s*["']?\s*(?:https?:)?//""", re.IGNORECASE)


def test_no_page_loads_anything_from_another_host(server: Server, client: httpx.Client) -> None:
    tid, director, _ = _paired(client)
    docs = client.get(f"{API}/docs")
    assert docs.status_code == 200 and "text/html" in docs.headers["content-type"]
    policy = docs.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert f"{API}/tournaments/{{tid}}/rounds" in docs.text and "PlayerIn" in docs.text
    token = director["Authorization"].removeprefix("Bearer ")
    http = httpx.Client(base_url=server.url, timeout=60)
    sign_in(http, tid, token)
    pages = [
        "/",
        f"{API}/docs",
        f"/t/{tid}",
        f"/t/{tid}/standings",
        f"/t/{tid}/crosstable",
        f"/t/{tid}/rounds/1/print",
        f"/t/{tid}/standings/print",
        f"/t/{tid}/me",
        f"/t/{tid}/director",
        f"/t/{tid}/player-links",
    ]
    for path in pages:
        answer = http.get(path)
        assert answer.status_code == 200, path
        assert not HOSTS.search(answer.text), (path, HOSTS.search(answer.text))
        assert "default-src 'none'" in answer.headers["Content-Security-Policy"], path
    http.close()


def test_the_directors_live_part(server: Server, client: httpx.Client) -> None:
    """The director's page's live part: 204 unless signed in; the players' reports
    appear (a report does not change the tournament's version, the key has it too)."""
    tid, director, shown = _paired(client)
    white, _ = board_numbers(shown)[0]
    assert client.get(f"/t/{tid}/live", params={"view": "director", "v": "0"}).status_code == 204
    http = httpx.Client(base_url=server.url, timeout=60)
    sign_in(http, tid, director["Authorization"].removeprefix("Bearer "))
    first = http.get(f"/t/{tid}/live", params={"view": "director", "v": "0"})
    assert first.status_code == 200 and "0 of 4 results in" in first.text
    key = re.search(r"v=([0-9-]+)", first.text)
    assert key is not None
    same = http.get(f"/t/{tid}/live", params={"view": "director", "v": key.group(1)})
    assert same.status_code == 204
    links = _links(client, tid, director, players=[white])
    client.put(
        f"{API}/tournaments/{tid}/rounds/1/boards/1",
        json={"result": "0-1"},
        headers={"Authorization": f"Bearer {links[white]}"},
    )
    changed = http.get(f"/t/{tid}/live", params={"view": "director", "v": key.group(1)})
    assert changed.status_code == 200 and 'id="live-reports"' in changed.text
    assert FORM.search(changed.text) is not None  # its Confirm button works as on the page
    http.close()


def test_live_pages_never_wait_for_a_slow_computation() -> None:
    """A live page shows the previous version's standings while the new ones are made
    (its next poll gets them); the same thing asked at once is made once."""
    import threading

    from fairpair.model import Tournament
    from fairpair.web.public_pages import Views
    from fairpair.web.store import Stored

    views = Views()
    t = Tournament()
    made: list[int] = []
    gate = threading.Event()

    def make(version: int, slow: bool) -> Any:
        def run() -> str:
            made.append(version)
            if slow:
                gate.wait(10)
            return f"standings of version {version}"

        return run

    one, two = Stored("x", t, 1, "", ""), Stored("x", t, 2, "", "")
    assert views.recent(one, "standings", None, make(1, False), 0.1) == (
        "standings of version 1",
        1,
    )
    start = time.monotonic()
    shown = views.recent(two, "standings", None, make(2, True), 0.1)
    assert shown == ("standings of version 1", 1) and time.monotonic() - start < 2
    again = views.recent(two, "standings", None, make(2, True), 0.1)  # still being made
    assert again == ("standings of version 1", 1)
    gate.set()
    deadline = time.monotonic() + 10
    while views.recent(two, "standings", None, make(2, True), 0.1)[1] != 2:
        assert time.monotonic() < deadline
    assert made == [1, 2]  # version 2 made once, for every reader


def _fresh(client: httpx.Client, path: str) -> str:
    """``path``'s text once it shows the tournament's newest version; every read before
    that must say it is updating (and reload itself)."""
    deadline = time.monotonic() + 30
    while True:
        text = client.get(path).text
        if "Updating:" not in text:
            return text
        assert 'http-equiv="refresh"' in text  # the page brings the new one itself
        assert time.monotonic() < deadline, f"{path} still updating"
        time.sleep(0.2)


def test_crosstable_and_printed_standings_show_a_new_result(client: httpx.Client) -> None:
    """Prepared in the background after each change, the crosstable and the printable
    standings show the result that completes a round as soon as it is entered (never
    the old table without saying so), though both were read before it."""
    tid, director, shown = _paired(client)
    results = ["1-0", "0-1", "1/2-1/2", "1-0"]
    for number, result in enumerate(results[:-1], 1):
        entered = client.put(
            f"{API}/tournaments/{tid}/rounds/1/boards/{number}",
            headers=director,
            json={"result": result},
        )
        assert entered.status_code == 200, entered.text
    assert "crosstable after round 0" in _fresh(client, f"/t/{tid}/crosstable")
    assert "after round 0" in _fresh(client, f"/t/{tid}/standings/print")
    entered = client.put(
        f"{API}/tournaments/{tid}/rounds/1/boards/4", headers=director, json={"result": "1-0"}
    )
    assert entered.status_code == 200, entered.text
    expected: dict[int, str] = {}
    for board, result in zip(shown["boards"], results, strict=True):
        first, second = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("0.5", "0.5")}[result]
        expected[board["white"]["number"]] = first
        expected[board["black"]["number"]] = second
    for _ in range(2):  # what a reader sees right after the result, then again
        cross = _fresh(client, f"/t/{tid}/crosstable")
        assert "crosstable after round 1" in cross
        body = cross.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
        cells = [re.findall(r"<td[^>]*>([^<]*)</td>", row) for row in body.split("</tr>")[:-1]]
        # number, the round-1 cell (the opponent's place and colour, the result), points
        assert {int(row[1]): row[5] for row in cells} == expected
        cell = {"1": "1", "0": "0", "0.5": "½"}
        assert all(row[4][-1] == cell[row[5]] for row in cells), cells  # e.g. "8b1"
        printed = _fresh(client, f"/t/{tid}/standings/print")
        assert "after round 1" in printed
        rows = re.findall(
            r'<tr><td class="num">[^<]*</td><td class="name">[^<]+</td><td class="num">(\d+)</td>'
            r'<td class="num wide">[^<]*</td><td class="num">([^<]+)</td>',
            printed,
        )
        assert {int(number): points for number, points in rows} == expected


def test_a_first_read_after_a_start_does_not_wait_either() -> None:
    """With nothing computed yet (the first read after the server started), a slow
    value is made in the background: the page says it is not ready (and shows it at
    its next poll or reload) instead of waiting for it."""
    import threading

    from fairpair.model import Tournament
    from fairpair.web.public_pages import NOT_READY, Views
    from fairpair.web.store import Stored

    views = Views()
    gate = threading.Event()

    def slow() -> str:
        gate.wait(10)
        return "the crosstable of version 5"

    five = Stored("y", Tournament(), 5, "", "")
    start = time.monotonic()
    assert views.recent(five, "crosstable", None, slow, 0.1) == (None, NOT_READY)
    assert time.monotonic() - start < 2
    gate.set()
    deadline = time.monotonic() + 10
    while (shown := views.recent(five, "crosstable", None, slow, 0.1))[1] != 5:
        assert shown == (None, NOT_READY) and time.monotonic() < deadline
    assert shown == ("the crosstable of version 5", 5)


def test_a_reader_does_not_wait_for_what_will_not_be_ready() -> None:
    """When the newest older value took longer to make than a reader may wait, the
    reader gets it at once instead of waiting in vain (the new one is made meanwhile
    and shows at the next poll); an older value ``usable`` refuses is never shown."""
    import threading

    from fairpair.model import Tournament
    from fairpair.web.public_pages import NOT_READY, Views
    from fairpair.web.store import Stored

    views = Views()
    t = Tournament()
    one, two = Stored("z", t, 1, "", ""), Stored("z", t, 2, "", "")

    def slow_first() -> str:
        time.sleep(1.0)
        return "version 1"

    assert views.recent(one, "round", 1, slow_first, 5) == ("version 1", 1)
    gate = threading.Event()

    def blocked() -> str:
        gate.wait(30)
        return "version 2"

    start = time.monotonic()
    # it would wait up to 0.9 s; the last one took 1 s: it does not wait at all
    assert views.recent(two, "round", 1, blocked, 0.9) == ("version 1", 1)
    assert time.monotonic() - start < 0.9
    # an older value of another pairing may not stand in: not ready, said so
    refused = views.recent(two, "round", 1, blocked, 0.1, usable=lambda old: False)
    assert refused == (None, NOT_READY)
    gate.set()
    deadline = time.monotonic() + 10
    while views.recent(two, "round", 1, blocked, 0.1)[1] != 2:
        assert time.monotonic() < deadline


def test_main_page_round_table_is_prepared_not_waited_for(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The main page's round table, like its standings, is of the newest version when
    it is ready within the page's wait, else the older table of the same pairing with a
    note (the results behind), never a table of another pairing (after the round was
    paired again: the page says the pairings are being prepared); the live part polls
    with the older version until the new table shows. On the real store and service;
    only the table's computation is held back (as a large field's is, under load)."""
    import threading

    from fairpair import workflow as wf
    from fairpair.model import Game, Player, Round, Tournament
    from fairpair.web import public_pages
    from fairpair.web.public_pages import PublicPages, env
    from fairpair.web.service import Service
    from fairpair.web.store import Store
    from fairpair.workflow.results import SCORES

    store = Store(str(tmp_path / "main.sqlite"))
    service = Service(store)
    pages = PublicPages(service)
    players = tuple(Player(n, f"Player {n:02d}", 2100 - n) for n in range(1, 9))
    tid, _ = store.create(Tournament(players=players, total_rounds=3, system="dutch"))
    first_pairing = Round(1, (Game(1, 5), Game(6, 2), Game(3, 7), Game(8, 4)))
    store.change(tid, lambda t: (t.with_round(first_pairing), None))

    def boards(shown: dict[str, Any]) -> list[tuple[int, int, str | None]]:
        return [(b["white"]["number"], b["black"]["number"], b["result"]) for b in shown["boards"]]

    def page(stored: Any) -> tuple[dict[str, Any], str]:
        context = pages.public(stored, None, None, "")
        return context, env.get_template("public.html").render(**context)

    ready, _ = page(store.get(tid))
    assert boards(ready["round"]) == [(1, 5, None), (6, 2, None), (3, 7, None), (8, 4, None)]
    assert not ready["round_updating"] and not ready["round_pending"]
    gate = threading.Event()
    real = public_pages.round_json

    def held(t: Tournament, number: int) -> dict[str, Any]:
        gate.wait(30)
        return real(t, number)

    monkeypatch.setattr(public_pages, "round_json", held)
    store.change(tid, lambda t: (wf.set_result(t, 1, 1, SCORES["1-0"])[0], None))
    stored = store.get(tid)
    start = time.monotonic()
    behind, text = page(stored)
    assert time.monotonic() - start < 5  # it did not wait for the held table (30 s)
    assert behind["round_updating"] and not behind["round_pending"]
    assert boards(behind["round"])[0] == (1, 5, None)  # the result not in it yet ...
    assert "Updating: the results and scores below are from before" in text  # ... said
    assert f"v={stored.version - 1}" in behind["live_url"]  # the next poll brings it
    # the round paired again, differently: the old table is not shown as this one
    second_pairing = Round(1, (Game(1, 2), Game(3, 4), Game(5, 6), Game(7, 8)))
    store.change(tid, lambda t: (t.with_round(second_pairing), None))
    stored = store.get(tid)
    pending, text = page(stored)
    assert pending["round"] is None and pending["round_pending"]
    assert "Updating: the pairings are being prepared" in text
    assert 'id="bd-1"' not in text and "v=-1" in pending["live_url"]
    gate.set()
    deadline = time.monotonic() + 20
    while True:
        fresh, text = page(stored)
        if not (fresh["round_updating"] or fresh["round_pending"]):
            break
        assert time.monotonic() < deadline, "the new table never showed"
        time.sleep(0.05)
    assert boards(fresh["round"]) == [(1, 2, None), (3, 4, None), (5, 6, None), (7, 8, None)]
    assert "the pairings are being prepared" not in text and "from before" not in text
    store.close()


def test_one_parse_of_a_version_for_the_readers_asking_at_once(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Readers asking at once for a version not parsed yet (after a server start, every
    open page) wait for one parse of it instead of each making its own; a new
    tournament is kept as read back when it was stored (no parse for its first read)."""
    import threading

    from fairpair.model import Player, Tournament
    from fairpair.web import store as store_module
    from fairpair.web.store import Store

    path = str(tmp_path / "parse.sqlite")
    writer = Store(path)
    players = tuple(Player(n, f"Player {n:02d}") for n in range(1, 7))
    tid, _ = writer.create(Tournament(players=players, system="dutch"))
    real = store_module.jsondoc.loads
    parsed: list[str] = []
    gate = threading.Event()

    def counted(*args: Any, **kwargs: Any) -> Any:
        parsed.append(kwargs.get("file", ""))
        gate.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(store_module.jsondoc, "loads", counted)
    assert writer.get(tid).version == 1 and parsed == []  # kept when it was stored
    started = Store(path, migrate=False)  # a server started on the file: nothing parsed
    seen: list[int] = []
    readers = [
        threading.Thread(target=lambda: seen.append(started.get(tid).version)) for _ in range(6)
    ]
    for reader in readers:
        reader.start()
    time.sleep(0.3)  # all of them asking while the first one parses
    gate.set()
    for reader in readers:
        reader.join(10)
    assert seen == [1] * 6
    assert parsed == [f"tournament {tid}"]
    writer.close()
    started.close()
