"""A director runs a whole event in the browser (issue 29): the "New tournament" form
on the home page (a CSV, TRF or JSON upload, each system's options), the results of a
round on one screen (saved per board without a reload; the plain form as fallback),
corrections showing the old value, a player's details, unpairing after a confirmation,
printouts and exports; every refusal in plain words, changing nothing.

The server is the real ``fairpair serve`` on a SQLite file; the browser is Debian's
Chromium driven by Playwright, at a phone's 390x844 and a desktop's 1366x768. The
form routes are also driven with httpx, posting what a browser posts.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
httpx = pytest.importorskip("httpx", reason="the web extra is not installed")

from helpers import (  # noqa: E402
    API,
    CHROMIUM,
    Server,
    create_tournament,
    fits,
    module_server,
    sign_in,
)

CSV = (
    "name,rating,title,federation\n"
    '"Adler, Miriam",2528,GM,GER\n'
    '"Brandt, Oskar",2475,IM,GER\n'
    '"Castillo, Lucia",2425,,ESP\n'
    '"Dvorak, Pavel",2324,,CZE\n'
    '"Eriksen, Ingrid",2309,,NOR\n'
    '"Fontaine, Luc",2302,,FRA\n'
    '"Gallo, Marco",2273,,ITA\n'
    '"Hale, Jonathan",2245,,ENG\n'
)
GO_CSV = "name,rank\nKim Sora,3d\nLee Min,1d\nSato Yuki,1k\nChen Wei,5k\n"


server = module_server("director")


@pytest.fixture()
def http(server: Server) -> Iterator[Any]:
    with httpx.Client(base_url=server.url, timeout=60) as client:
        yield client


def _token(page: str) -> str:
    found = re.search(r'name="form_token" value="([^"]+)"', page)
    assert found is not None, page[:500]
    return found.group(1)


def _count(http: Any) -> int:
    return len(http.get(f"{API}/tournaments", params={"limit": 1000}).json()["tournaments"])


def _error(page: str) -> str:
    found = re.search(r'id="error">([^<]*)<', page)
    assert found is not None, page[:2000]
    return html.unescape(found.group(1))


def _create(http: Any, fields: dict[str, str], file: tuple[str, bytes] | None = None) -> Any:
    """Post the home page's form as a browser does (multipart, its form token)."""
    data = {"form_token": _token(http.get("/").text), **fields}
    files = {"players": (file[0], file[1], "application/octet-stream")} if file else None
    return http.post("/new", data=data, files=files)


def _created(response: Any) -> str:
    assert response.status_code == 303, response.text[:2000]
    location = response.headers["location"]
    assert re.fullmatch(r"/t/[0-9a-f]+/director", location), location
    return location.split("/")[2]


# --------------------------------------------------------------------------- creating


def test_new_tournament_from_a_csv_signs_in_and_shows_the_token_once(http: Any) -> None:
    home = http.get("/")
    assert home.status_code == 200 and 'id="new-tournament"' in home.text
    # every registered system is offered, with its own options
    from fairpair.systems import descriptors

    for d in descriptors():
        assert f'<option value="{d.name}"' in home.text
    assert 'name="opt.netrunner.last_round_relaxation"' in home.text
    assert 'name="new.mcmahon.bar"' in home.text and 'name="opt.tcec.tiebreaks"' in home.text
    tid = _created(
        _create(
            http, {"name": "Upload Open", "system": "dutch", "rounds": "5"}, ("p.csv", CSV.encode())
        )
    )
    page = http.get(f"/t/{tid}/director")  # the cookies of the answer: signed in
    assert page.status_code == 200, page.text
    assert "Keep this link" in page.text
    shown = re.search(r'id="created-token">([^<]+)<', page.text)
    assert shown is not None
    director = {"Authorization": f"Bearer {shown.group(1)}"}
    info = http.get(f"{API}/tournaments/{tid}").json()
    assert info["name"] == "Upload Open" and info["player_count"] == 8
    assert info["players"][0]["name"] == "Adler, Miriam"
    # the token is a real director token, and it is shown only once
    assert http.post(f"{API}/tournaments/{tid}/rounds", headers=director).status_code == 201
    again = http.get(f"/t/{tid}/director")
    assert again.status_code == 200 and "created-token" not in again.text


def test_new_tournament_with_options_trf_json_and_go_lists(http: Any) -> None:
    tid = _created(
        _create(
            http,
            {
                "name": "Deck Night",
                "system": "netrunner",
                "rounds": "4",
                "opt.netrunner.last_round_relaxation": "on",
                "opt.netrunner.seed": "7",
                "opt.dutch.rules": "2017",  # another system's field: not read
            },
        )
    )
    document = json.loads(http.get(f"{API}/tournaments/{tid}/document").text)
    options = document["settings"]["options"]
    assert options == {"last_round_relaxation": True, "seed": 7}, options
    assert http.get(f"{API}/tournaments/{tid}").json()["player_count"] == 0  # empty start
    go = _created(
        _create(
            http,
            {"name": "Go Night", "system": "mcmahon", "rounds": "3", "new.mcmahon.bar": "1d"},
            ("go.csv", GO_CSV.encode()),
        )
    )
    go_doc = json.loads(http.get(f"{API}/tournaments/{go}/document").text)
    assert go_doc["settings"]["mcmahon"]["bar"] == "1d"
    assert len(go_doc["players"]) == 4
    # a TRF and a JSON document are recognised by their content
    source, _ = create_tournament(http, rounds=3, players=6)
    trf = http.get(f"{API}/tournaments/{source}/export.trf").text
    from_trf = _created(
        _create(
            http, {"name": "From TRF", "system": "dutch", "rounds": "3"}, ("x.txt", trf.encode())
        )
    )
    assert http.get(f"{API}/tournaments/{from_trf}").json()["player_count"] == 6
    doc = http.get(f"{API}/tournaments/{source}/document").content
    from_json = _created(_create(http, {"system": "dutch", "rounds": "3"}, ("export", doc)))
    assert http.get(f"{API}/tournaments/{from_json}").json()["player_count"] == 6


@pytest.mark.parametrize(
    ("fields", "file", "words"),
    [
        ({"system": "dutch", "rounds": "many"}, None, "Rounds 'many' (expected a whole number"),
        ({"system": "chess960", "rounds": "5"}, None, "System: no system 'chess960'"),
        ({"system": "dutch", "rounds": "0"}, None, "ounds"),
        ({"system": "tcec", "rounds": "5", "opt.tcec.tiebreaks": "XYZ"}, None, "tiebreaks"),
        (
            {"system": "dutch", "rounds": "5"},
            ("p.csv", b'name,rating\n"Ok, Anna",2000\n"Bad, Bob",abc\n'),
            "line 3",
        ),
        ({"system": "dutch", "rounds": "5"}, ("p.csv", b"\xff\xfe\x00bad"), "not UTF-8"),
        ({"system": "mcmahon", "rounds": "5"}, ("p.csv", CSV.encode()), "line 2, column 2"),
        # a TRF or JSON file is the form's player list too, whatever reads it
        ({"system": "dutch", "rounds": "5"}, ("p.json", b'{"players": [}'), "Player list: line 1"),
    ],
)
def test_new_tournament_refusals_are_plain_and_create_nothing(
    http: Any, fields: dict[str, str], file: tuple[str, bytes] | None, words: str
) -> None:
    before = _count(http)
    refused = _create(http, {"name": "Refused", **fields}, file)
    assert refused.status_code == 400, refused.text[:1000]
    message = _error(refused.text)
    assert words.lower() in message.lower(), message
    for jargon in ("--", "Bearer", "HTTP", "422", "Input should be"):
        assert jargon not in message, message
    assert 'value="Refused"' in refused.text  # the form keeps what was typed
    assert _count(http) == before


def test_new_tournament_without_a_name(http: Any) -> None:
    """Only a tournament file carries a name: an empty start or a player list without a
    name is refused (nothing created, the form kept); a TRF left unnamed keeps its own."""
    before = _count(http)
    for file in (None, ("p.csv", b'name,rating\n"Ok, Anna",2000\n"Ok, Bea",1900\n')):
        refused = _create(http, {"name": "  ", "system": "dutch", "rounds": "4"}, file)
        assert refused.status_code == 400, refused.text[:1000]
        assert "the tournament has no name" in _error(refused.text)
        assert 'value="4"' in refused.text
    assert _count(http) == before
    source, _ = create_tournament(http, rounds=3, players=4)
    trf = http.get(f"{API}/tournaments/{source}/export.trf").text
    trf = re.sub(r"(?m)^012 .*$", "012 Spring Cup", trf)
    tid = _created(
        _create(http, {"name": "", "system": "dutch", "rounds": "4"}, ("e.trf", trf.encode()))
    )
    assert http.get(f"{API}/tournaments/{tid}").json()["name"] == "Spring Cup"


def test_new_tournament_form_token_and_origin(http: Any) -> None:
    before = _count(http)
    forged = http.post("/new", data={"form_token": "1.abc", "system": "dutch", "rounds": "5"})
    assert forged.status_code == 403 and "out of date" in forged.text
    other = http.post(
        "/new",
        data={"form_token": _token(http.get("/").text), "system": "dutch", "rounds": "5"},
        headers={"Origin": "https://evil.example"},
    )
    assert other.status_code == 403
    assert _count(http) == before
    assert http.get("/new").status_code == 200


def test_new_tournament_form_counts_against_the_creation_limit(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The form is rate limited as the API's creation is (2 an hour here, for a client a
    proxy on the loopback forwards); a browser gets a page in words."""
    import os

    folder = tmp_path_factory.mktemp("limited")
    saved = os.environ.get("FAIRPAIR_MAX_CREATIONS")
    os.environ["FAIRPAIR_MAX_CREATIONS"] = "2"
    try:
        running = Server(folder / "limited.sqlite", folder / "server.log")
        running.start()
    finally:
        if saved is None:
            os.environ.pop("FAIRPAIR_MAX_CREATIONS", None)
        else:
            os.environ["FAIRPAIR_MAX_CREATIONS"] = saved
    try:
        with httpx.Client(base_url=running.url, timeout=60) as client:
            away = {"X-Forwarded-For": "203.0.113.9", "Accept": "text/html"}
            fields = {"name": "Limited", "system": "dutch", "rounds": "3"}
            for _ in range(2):
                data = {"form_token": _token(client.get("/").text), **fields}
                assert client.post("/new", data=data, headers=away).status_code == 303
            data = {"form_token": _token(client.get("/").text), **fields}
            refused = client.post("/new", data=data, headers=away)
            assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
            assert "Too many changes" in refused.text and "FAIRPAIR" not in refused.text
            assert _count(client) == 2
    finally:
        running.stop()


# --------------------------------------------------------------------------- the forms


def _signed_in(http: Any, players: int = 6) -> tuple[str, dict[str, str], str]:
    tid, director = create_tournament(http, rounds=4, players=players)
    token = director["Authorization"].removeprefix("Bearer ")
    assert sign_in(http, tid, token).status_code == 303
    page = http.get(f"/t/{tid}/director")
    return tid, director, _token(page.text)


def _version(http: Any, tid: str) -> int:
    version: int = http.get(f"{API}/tournaments/{tid}").json()["version"]
    return version


def test_results_forms_refuse_plainly_and_change_nothing(http: Any) -> None:
    tid, director, form = _signed_in(http)
    http.post(f"{API}/tournaments/{tid}/rounds", headers=director)
    version = _version(http, tid)
    # one bad board among good ones: nothing is saved (one change, all or nothing)
    bad = http.post(
        f"/t/{tid}/director/rounds/1/results",
        data={"form_token": form, "result-1": "1-0", "result-2": "9-9"},
        follow_redirects=True,
    )
    assert bad.status_code == 400 and "Result of board 2: result '9-9'" in _error(bad.text)
    assert _version(http, tid) == version
    missing = http.post(
        f"/t/{tid}/director/rounds/1/boards/9",
        data={"form_token": form, "result-9": "1-0"},
        headers={"HX-Request": "true"},
    )
    assert missing.status_code == 200 and "status bad" in missing.text
    assert "board 9" in missing.text.lower() and _version(http, tid) == version
    forged = http.post(
        f"/t/{tid}/director/rounds/1/boards/1",
        data={"form_token": "0" * 64, "result-1": "1-0"},
        headers={"HX-Request": "true"},
    )
    assert forged.status_code == 403 and _version(http, tid) == version
    no_round = http.get(f"/t/{tid}/director/rounds/5/results")
    assert no_round.status_code == 404
    # per board (htmx): saved, the old value shown on a correction
    first = http.post(
        f"/t/{tid}/director/rounds/1/boards/1",
        data={"form_token": form, "result-1": "1-0"},
        headers={"HX-Request": "true"},
    )
    assert "saved: 1-0" in first.text and 'id="entered-1" hx-swap-oob="true">1-0' in first.text
    corrected = http.post(
        f"/t/{tid}/director/rounds/1/boards/1",
        data={"form_token": form, "result-1": "0-1"},
        headers={"HX-Request": "true"},
    )
    assert "saved: 0-1 (was 1-0)" in corrected.text
    shown = http.get(f"{API}/tournaments/{tid}/rounds/1").json()
    assert shown["boards"][0]["result"] == "0-1"


def test_results_are_by_board_and_echo_the_names(http: Any) -> None:
    """Issue 32, finding 1 on the web: a result is always a board's (no path reads a
    number as a player); a player's word such as 'win' is not a board result; the
    saved message names the board's players."""
    tid, director, form = _signed_in(http)
    http.post(f"{API}/tournaments/{tid}/rounds", headers=director)
    version = _version(http, tid)
    for word in ("win", "loss", "player:2=win"):
        put = http.put(
            f"{API}/tournaments/{tid}/rounds/1/boards/2", headers=director, json={"result": word}
        )
        assert put.status_code == 400 and put.json()["field"] == "result"
        posted = http.post(
            f"/t/{tid}/director/rounds/1/results",
            data={"form_token": form, "result-2": word},
            follow_redirects=True,
        )
        assert posted.status_code == 400 and _version(http, tid) == version
    board = http.get(f"{API}/tournaments/{tid}/rounds/1").json()["boards"][1]
    white, black = (board[side] for side in ("white", "black"))
    saved = http.post(
        f"/t/{tid}/director/rounds/1/results",
        data={"form_token": form, "result-2": "1-0"},
        follow_redirects=True,
    )
    names = f"{white['name']} ({white['number']}) - {black['name']} ({black['number']})"
    assert f"Saved: board 2: {html.escape(names)} 1-0" in saved.text
    shown = http.get(f"{API}/tournaments/{tid}/rounds/1").json()["boards"]
    assert [b["result"] for b in shown] == [None, "1-0", None]


def test_player_unpair_and_register_refusals(http: Any) -> None:
    tid, director, form = _signed_in(http)
    version = _version(http, tid)
    bad = http.post(
        f"/t/{tid}/director/players/2",
        data={"form_token": form, "name": "Player 02", "rating": "strong"},
    )
    assert bad.status_code == 400 and "Rating" in _error(bad.text)
    assert 'value="strong"' in bad.text and _version(http, tid) == version
    clash = http.post(
        f"/t/{tid}/director/players/2", data={"form_token": form, "name": "Player 03"}
    )
    assert clash.status_code == 400 and "already player" in _error(clash.text)
    assert http.get(f"/t/{tid}/director/players/99").status_code == 404
    good = http.post(
        f"/t/{tid}/director/players/2",
        data={"form_token": form, "name": "Player 02", "club": "Riverside CC"},
        follow_redirects=True,
    )
    assert "club changed" in good.text
    assert http.get(f"{API}/tournaments/{tid}/players/2").json()["club"] == "Riverside CC"
    # a namesake: refused in plain words (no command-line flag), allowed when ticked
    twin = http.post(
        f"/t/{tid}/director/players",
        data={"form_token": form, "name": "Player 04"},
        follow_redirects=True,
    )
    message = _error(twin.text)
    assert "already player" in message and "--" not in message
    assert 'value="Player 04"' in twin.text  # typed again only to tick the box
    # a refused registration shows what was typed, to correct it, and registers nobody
    version = _version(http, tid)
    typo = http.post(
        f"/t/{tid}/director/players",
        data={"form_token": form, "name": "Late, Larry", "rating": "12x", "title": "FM"},
    )
    assert typo.status_code == 400 and "Rating" in _error(typo.text)
    assert all(f'value="{v}"' in typo.text for v in ("Late, Larry", "12x", "FM"))
    assert _version(http, tid) == version
    # so do the other forms: a refused bye keeps its player, round and kind
    bye = http.post(
        f"/t/{tid}/director/bye",
        data={"form_token": form, "player": "3", "round": "0", "points": "0.5"},
    )
    assert bye.status_code == 400 and "Round 0" in _error(bye.text)
    shown = re.search(r'<form[^>]*id="bye">.*?</form>', bye.text, re.S)
    assert shown is not None
    assert re.search(r'<option value="3" selected>', shown.group(0))
    assert 'value="0"' in shown.group(0) and '<option value="0.5" selected>' in shown.group(0)
    assert _version(http, tid) == version
    allowed = http.post(
        f"/t/{tid}/director/players",
        data={"form_token": form, "name": "Player 04", "allow_duplicate": "on"},
        follow_redirects=True,
    )
    assert "Player 04 registered" in allowed.text
    # unpairing needs the confirmation
    http.post(f"{API}/tournaments/{tid}/rounds", headers=director)
    version = _version(http, tid)
    unconfirmed = http.post(
        f"/t/{tid}/director/unpair", data={"form_token": form, "round": "1"}, follow_redirects=True
    )
    assert "not unpaired" in _error(unconfirmed.text) and _version(http, tid) == version
    confirm = http.get(f"/t/{tid}/director/unpair")
    assert confirm.status_code == 200 and 'name="confirm"' in confirm.text
    # exports: every format of the list, and a plain refusal for another
    from fairpair.web.exports import EXPORTS

    offered = re.findall(rf"/t/{tid}/export/(\w+)", http.get(f"/t/{tid}/director").text)
    assert set(offered) == {"trf", "json", "trf2026"}  # a chess event: no Go or NRTM
    for key, export in EXPORTS.items():
        got = http.get(f"/t/{tid}/export/{key}")
        if key not in offered:  # a format that does not apply to this event
            assert got.status_code == 404
            continue
        assert got.status_code == 200 and got.headers["content-type"].startswith(
            export.media_type.split(";")[0]
        )
        assert f'filename="{tid}.{export.suffix}"' in got.headers["content-disposition"]
    assert http.get(f"/t/{tid}/export/pgn").status_code == 404


def test_sign_in_speaks_plainly(http: Any) -> None:
    tid, _ = create_tournament(http, rounds=3, players=4)
    with httpx.Client(base_url=http.base_url, timeout=60) as fresh:
        empty = sign_in(fresh, tid, "")
        assert empty.status_code == 401
        text = _error(empty.text)
        assert "director token" in text
        for jargon in ("Bearer", "Authorization", "bearer"):
            assert jargon not in empty.text


# --------------------------------------------------------------------------- Chromium

SIZES = [pytest.param((390, 844), id="phone"), pytest.param((1366, 768), id="desktop")]


@pytest.fixture(scope="module")
def chromium(browser: Any) -> Any:
    if CHROMIUM is None:
        pytest.skip("no Chromium installed (apt-get install chromium)")
    return browser


def test_new_tournament_form_on_a_phone(server: Server, chromium: Any) -> None:
    """The fast smoke test: the form fits a phone and shows the chosen system's
    options only."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.goto(server.url + "/")
    fits(page)
    assert page.locator("#options-dutch").is_visible()
    assert not page.locator("#options-mcmahon").is_visible()
    page.select_option("#system", "mcmahon")
    assert page.locator("#options-mcmahon").is_visible()
    assert not page.locator("#options-dutch").is_visible()
    fits(page)
    context.close()


@pytest.mark.parametrize("size", SIZES)
def test_director_walks_a_whole_event_in_chromium(
    server: Server, chromium: Any, tmp_path: Any, size: tuple[int, int]
) -> None:
    width, height = size
    context = chromium.new_context(
        viewport={"width": width, "height": height}, accept_downloads=True
    )
    page = context.new_page()
    csv = tmp_path / "players.csv"
    csv.write_text(CSV)
    # create from a CSV upload: the director's page opens signed in, the token shown once
    page.goto(server.url + "/")
    page.fill("#new-tournament input[name=name]", f"Walk Open {width}")
    page.select_option("#system", "dutch")
    page.fill("#new-tournament input[name=rounds]", "5")
    page.set_input_files("#new-tournament input[name=players]", str(csv))
    page.click("#create")
    page.wait_for_url(re.compile(r".*/t/[0-9a-f]+/director$"))
    tid = page.url.rsplit("/", 2)[-2]
    assert "Keep this link" in page.inner_text("#created")
    assert page.inner_text("#created-token").strip()
    fits(page)

    # pair round 1; its results on one screen, saved board by board (no reload)
    page.click("#pair")
    assert "round 1 paired: 4 boards" in page.inner_text("#message")
    page.click("#enter-results")
    page.wait_for_url(f"**/t/{tid}/director/rounds/1/results")
    fits(page)
    page.evaluate("window.notReloaded = true")
    for board, key in ((1, "1"), (2, "="), (3, "0"), (4, "1")):
        select = page.locator(f"#result-{board}")
        select.focus()
        page.keyboard.press(key)  # a short code picks the result
        if width < 500:
            select.dispatch_event("change")  # phones open a picker; a key does not
        page.wait_for_selector(f"#status-{board}.ok")
    assert page.evaluate("window.notReloaded") is True  # saved without a reload
    shown = page.inner_text("#entry")
    assert "½-½" in shown and shown.count("1-0") >= 2
    with httpx.Client(base_url=server.url, timeout=60) as http:
        round_1 = http.get(f"{API}/tournaments/{tid}/rounds/1").json()
    assert [b["result"] for b in round_1["boards"]] == ["1-0", "½-½", "0-1", "1-0"]

    # pair round 2; a late entry from round 3; round 2 by the plain form (Save all)
    page.goto(f"{server.url}/t/{tid}/director")
    page.click("#pair")
    assert "round 2 paired" in page.inner_text("#message")
    page.fill("#add-player input[name=name]", "Late, Lena")
    page.fill("#add-player input[name=rating]", "2100")
    page.fill("#add-player input[name=from_round]", "3")
    page.click("#add-player button[type=submit]")
    assert "Late, Lena registered as number 9" in page.inner_text("#message")
    assert "from round 3" in page.inner_text("#players")
    page.goto(f"{server.url}/t/{tid}/director/rounds/2/results")
    for board in range(1, 5):
        page.select_option(f"#result-{board}", "1-0")
    page.click("#save-all")
    saved = page.inner_text("#message")  # board, names and result (issue 32)
    assert re.search(r"Saved: board 1: [^;]+ \(\d+\) - [^;]+ \(\d+\) 1-0", saved), saved

    # correct an earlier result: the old value is shown
    page.goto(f"{server.url}/t/{tid}/director")
    page.click("#correct-rounds >> text=round 1")
    page.wait_for_url(f"**/t/{tid}/director/rounds/1/results")
    assert page.inner_text("#entered-2") == "½-½"
    page.select_option("#result-2", "0-1")
    page.wait_for_selector("#status-2.ok")
    assert "saved: 0-1 (was ½-½)" in page.inner_text("#status-2")
    assert page.inner_text("#entered-2") == "0-1"

    # withdraw a player from round 3 (through his own page)
    page.goto(f"{server.url}/t/{tid}/director")
    page.click("#players >> text=Hale, Jonathan")
    fits(page)
    page.click("#player-withdraw button")
    assert "Hale, Jonathan withdrawn from round 3 on" in page.inner_text("#message")

    # unpair round 2 (it has results: a confirmation, then the results too), re-pair
    page.click("#unpair")
    page.wait_for_url(f"**/t/{tid}/director/unpair")
    fits(page)
    page.click("#unpair-confirm")  # unticked: the browser refuses to send it
    assert page.url.endswith("/director/unpair")
    page.check("#confirm")
    page.check("#force")
    page.click("#unpair-confirm")
    assert "pairing of round 2 deleted" in page.inner_text("#message")
    page.click("#pair")
    assert "round 2 paired" in page.inner_text("#message")
    fits(page)

    # a printout and the exports
    page.click("#printouts >> text=Pairing list of round 2")
    assert "round 2" in page.inner_text("h1").lower()
    page.go_back()
    for key in ("trf", "json"):
        with page.expect_download() as download:
            page.click(f"#exports a[href$='/export/{key}']")
        saved = tmp_path / f"export.{key}"
        download.value.save_as(saved)
        text = saved.read_text()
        assert "Adler, Miriam" in text and "Late, Lena" in text
    context.close()


# ------------------------------------------------------- other programs' files (issue 30)


def test_opengotha_and_nrtm_uploads_and_their_exports(http: Any) -> None:
    """A director starts from another program's file (an OpenGotha file from pairgoth, a
    Cobra NRTM export) and takes the event out in that program's format; the director's
    page offers only the exports that apply to the event."""
    data = Path(__file__).parent / "data"
    xml = (data / "opengotha" / "veterans-2021.xml").read_bytes()
    tid = _created(
        _create(http, {"name": "", "system": "mcmahon", "rounds": "5"}, ("event.xml", xml))
    )
    info = http.get(f"{API}/tournaments/{tid}").json()
    assert info["system"] == "mcmahon" and info["player_count"] > 10
    page = http.get(f"/t/{tid}/director").text
    for key in ("opengotha", "h9", "aga", "json", "trf"):
        assert f"/t/{tid}/export/{key}" in page, key
    assert f"/t/{tid}/export/nrtm" not in page and f"/t/{tid}/export/trf2026" not in page
    out = http.get(f"/t/{tid}/export/opengotha")
    assert out.status_code == 200 and b"<Tournament" in out.content
    from fairpair.formats import opengotha

    back, _ = opengotha.loads(out.content, file="export.xml")
    assert len(back.players) == info["player_count"]
    assert http.get(f"/t/{tid}/export/nrtm").status_code == 404  # not a Netrunner event

    cobra = (data / "nrtm" / "cobra_single_sided.json").read_bytes()
    tid = _created(
        _create(http, {"name": "", "system": "netrunner", "rounds": "4"}, ("cobra.json", cobra))
    )
    info = http.get(f"{API}/tournaments/{tid}").json()
    assert info["system"] == "netrunner"
    page = http.get(f"/t/{tid}/director").text
    assert f"/t/{tid}/export/nrtm" in page and f"/t/{tid}/export/opengotha" not in page
    exported = http.get(f"/t/{tid}/export/nrtm")
    assert exported.status_code == 200, exported.text[:500]
    assert {p["name"] for p in exported.json()["players"]} == {p["name"] for p in info["players"]}
