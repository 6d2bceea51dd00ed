"""Players' links, live pages and phones in a real headless Chromium (Debian's
``chromium`` driven by Playwright; skipped, saying why, without them).

Two players open their personal links (``/t/ID/me#TOKEN``) on phones, see their board
and report their result; the director confirms one on his page, and with the event
setting on, agreeing reports count at once. A public page, the standings and a player's
page update by themselves within 5 s of a result entered through the API or a round
paired. Every public page, the player's page and the API help page fit a 390x844 phone
and a 1366x768 screen without scrolling the page sideways (wide tables scroll in their
own box), names stay on one line, the crosstable has a way back, and no page asks
another host for anything.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from helpers import (
    API,
    DESK,
    NEEDS_CHROMIUM,
    PHONE,
    Server,
    board_numbers,
    browser_imports,
    create_tournament,
    director_page,
    fits,
    module_server,
)

httpx = browser_imports()

pytestmark = NEEDS_CHROMIUM

#: Long names, as real events have them (they must not wrap to three lines on a phone).
NAMES = [
    "Castellanos-Villavicencio, María Fernanda",
    "Oyelaran-Abiodun, Oluwaseun Babatunde",
    "Van der Westhuizen-Pretorius, Johannes",
    "Nakamura-Fitzgerald, Hiroshi Alexander",
    "Rzeczkowska-Wiśniewska, Aleksandra",
    "Papadopoulou-Konstantinidou, Eleni",
    "Gunnarsdóttir-Sigurðardóttir, Ragnheiður",
    "Bhattacharya-Chattopadhyay, Anirban",
    "Lindqvist, Erik",
    "Moreau, Claire",
]


server = module_server("players")


def _event(server: Server, rounds_played: int = 0) -> tuple[str, dict[str, str]]:
    """A 10-player event with long names, ``rounds_played`` rounds played, the next
    paired."""
    players = [{"name": name, "rating": 2500 - 37 * i} for i, name in enumerate(NAMES)]
    with httpx.Client(base_url=server.url, timeout=60) as http:
        tid, director = create_tournament(http, players, rounds=7, name="Riverside Open")
        for rnd in range(1, rounds_played + 2):
            shown = http.post(f"{API}/tournaments/{tid}/rounds", headers=director).json()
            if rnd > rounds_played:
                break
            for board in range(1, len(shown["boards"]) + 1):
                result = ("1-0", "1/2", "0-1")[(board + rnd) % 3]
                http.put(
                    f"{API}/tournaments/{tid}/rounds/{rnd}/boards/{board}",
                    headers=director,
                    json={"result": result},
                )
    return tid, director


def _links(server: Server, tid: str, director: dict[str, str]) -> dict[int, str]:
    with httpx.Client(base_url=server.url, timeout=60) as http:
        issued = http.post(f"{API}/tournaments/{tid}/tokens/players", headers=director, json={})
    assert issued.status_code == 201, issued.text
    return {row["player"]: row["link"] for row in issued.json()["tokens"]}


def _names_on_few_lines(page: Any) -> None:
    """Every name cell is at most two lines high (they are kept on one)."""
    worst = page.evaluate(
        """() => Array.from(document.querySelectorAll('td.name')).map(td => {
            const style = getComputedStyle(td);
            const line = parseFloat(style.lineHeight) || 18;
            const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
            return [(td.getBoundingClientRect().height - padding) / line, td.innerText];
            }).reduce((a, b) => (b[0] > a[0] ? b : a), [0, ""])"""
    )
    assert worst[0] < 2.5, (page.url, worst)


def test_player_link_smoke(server: Server, browser: Any) -> None:
    """Fast: a player opens his link on a phone, sees his board, the token leaves the
    address, and the page fits."""
    tid, director = _event(server)
    links = _links(server, tid, director)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(server.url + links[1])
    page.wait_for_url(f"{server.url}/t/{tid}/me")
    assert "#" not in page.url  # the token is in no address, no history entry
    board = page.inner_text("#my-board")
    assert "Board" in board and "against" in board
    fits(page)
    _names_on_few_lines(page)
    context.close()


@pytest.mark.slow
def test_two_players_report_from_their_links(server: Server, browser: Any) -> None:
    tid, director = _event(server)
    links = _links(server, tid, director)
    with httpx.Client(base_url=server.url, timeout=60) as http:
        shown = http.get(f"{API}/tournaments/{tid}/rounds/1").json()
    pairs = board_numbers(shown)
    phones = []
    for number in pairs[0] + pairs[1]:
        context = browser.new_context(**PHONE)
        page = context.new_page()
        page.goto(server.url + links[number])
        page.wait_for_url(f"{server.url}/t/{tid}/me")
        phones.append((context, page))
    (_, white1), (_, black1), (_, white2), (_, black2) = phones
    first, second = shown["sides"]
    assert f"Board 1 · {first}" in white1.inner_text("#my-board")
    assert shown["boards"][0][second]["name"] in white1.inner_text("#my-board")
    assert f"Board 1 · {second}" in black1.inner_text("#my-board")
    # the director's page is open: the reports appear on it by themselves (live)
    desk = director_page(browser, server.url, tid, director, **DESK)
    assert "Results reported by players" not in desk.inner_text("main")
    # board 1: both report that white won; the director confirms on his page
    white_name = shown["boards"][0][first]["name"]
    white1.click(f"#report-1 button:has-text('{white_name} won')")
    assert "the director confirms it" in white1.inner_text("#message")
    black1.click(f"#report-1 button:has-text('{white_name} won')")
    desk.locator("#live-reports").wait_for(timeout=5000)
    assert "Results reported by players" in desk.inner_text("main")
    desk.locator("#live-reports form:has(input[name=board][value='1']) button").first.click()
    with httpx.Client(base_url=server.url, timeout=60) as http:
        assert http.get(f"{API}/tournaments/{tid}/rounds/1").json()["boards"][0]["result"] == "1-0"
    # the player's page shows it by itself (live)
    white1.locator("#my-result", has_text="1-0").wait_for(timeout=5000)
    # board 2 with the setting on: a draw both report counts at once
    with httpx.Client(base_url=server.url, timeout=60) as http:
        http.patch(
            f"{API}/tournaments/{tid}/settings",
            headers=director,
            json={"confirm_agreed_reports": True},
        )
    white2.reload()
    white2.click("#report-1 button:has-text('Draw')")
    assert "the director confirms it" in white2.inner_text("#message")
    black2.reload()
    black2.click("#report-1 button:has-text('Draw')")
    assert "both players reported it" in black2.inner_text("#message")
    with httpx.Client(base_url=server.url, timeout=60) as http:
        assert http.get(f"{API}/tournaments/{tid}/rounds/1").json()["boards"][1]["result"] == "½-½"
    white2.locator("#my-result", has_text="½-½").wait_for(timeout=5000)
    for context, _ in phones:
        context.close()
    desk.context.close()


def test_live_update(server: Server, browser: Any) -> None:
    """A result entered through the API and a new round show on open pages within 5 s."""
    tid, director = _event(server)
    context = browser.new_context(**DESK)
    public = context.new_page()
    public.goto(f"{server.url}/t/{tid}")
    standings = context.new_page()
    standings.goto(f"{server.url}/t/{tid}/standings")
    assert public.inner_text("#bd-1 td.res") == "–"
    assert "after round 1" not in standings.inner_text("#live")
    with httpx.Client(base_url=server.url, timeout=60) as http:
        for board in range(1, 6):
            answer = http.put(
                f"{API}/tournaments/{tid}/rounds/1/boards/{board}",
                headers=director,
                json={"result": "1-0"},
            )
            assert answer.status_code == 200
    public.locator("#bd-1 td.res", has_text="1-0").wait_for(timeout=5000)
    standings.locator("#live h2", has_text="after round 1").wait_for(timeout=5000)
    with httpx.Client(base_url=server.url, timeout=60) as http:
        assert http.post(f"{API}/tournaments/{tid}/rounds", headers=director).status_code == 201
    public.locator("h2", has_text="Round 2").wait_for(timeout=5000)
    assert public.url == f"{server.url}/t/{tid}"  # no reload: the same page, updated
    context.close()


@pytest.mark.parametrize("size", [PHONE, DESK], ids=["390x844", "1366x768"])
def test_pages_fit_the_screen(server: Server, browser: Any, size: dict[str, Any]) -> None:
    tid, director = _event(server, rounds_played=3)
    links = _links(server, tid, director)
    context = browser.new_context(**size)
    page = context.new_page()
    elsewhere: list[str] = []
    here = urlsplit(server.url).netloc
    page.on(
        "request",
        lambda r: elsewhere.append(r.url) if urlsplit(r.url).netloc not in (here, "") else None,
    )
    paths = [
        f"/t/{tid}",
        f"/t/{tid}/standings",
        f"/t/{tid}/crosstable",
        f"/t/{tid}/rounds/4/print",
        f"/t/{tid}/standings/print",
        f"{API}/docs",
        "/",
    ]
    for path in paths:
        page.goto(server.url + path)
        fits(page)
        _names_on_few_lines(page)
    # the player's page
    page.goto(server.url + links[2])
    page.wait_for_url(f"{server.url}/t/{tid}/me")
    fits(page)
    _names_on_few_lines(page)
    # the crosstable has a way back
    page.goto(f"{server.url}/t/{tid}/crosstable")
    page.click("nav.back a")
    page.wait_for_url(f"{server.url}/t/{tid}")
    # the find box works without scripts too (a GET form)
    page.fill("#find", NAMES[0].split(",")[0])
    page.click("form.find button")
    page.wait_for_url("**find=**")
    assert NAMES[0] in page.inner_text("#found")
    fits(page)
    assert elsewhere == []
    context.close()
