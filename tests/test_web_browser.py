"""The pages in a real headless Chromium (Debian's ``chromium``, driven by Playwright).

A director opens his page with the token, pairs round 1 and enters every result with
the page's forms; the public page then shows the pairing by name with the results and
the standings, also at a phone's width. The director's other forms are driven the same
way: a requested bye and an absence (and removing one), forbidding a pairing, a
withdrawal and taking it back, unpairing, forcing a McMahon pairing; and the printable
standings and pairing list are checked in print media and printed to PDF. Skipped,
saying why, when Playwright or Chromium is not installed (``.ci/run`` installs
Chromium; ``apt-get install chromium``).

``FAIRPAIR_SCREENSHOTS=DIR`` saves the screenshots of the pages there, for a look at
what the test saw (the documentation's screenshots are made by ``docs/screenshots.py``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from helpers import (
    API,
    NEEDS_CHROMIUM,
    PHONE,
    Server,
    board_numbers,
    browser_imports,
    create_tournament,
    director_page,
    module_server,
    player_rows,
)

httpx = browser_imports()

pytestmark = NEEDS_CHROMIUM


server = module_server("browser")


#: The director's window in these tests.
WIDE = {"width": 1100, "height": 900}


def _shot(page: Any, name: str) -> None:
    folder = os.environ.get("FAIRPAIR_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / name), full_page=True)


NAMES = [
    ("Adler, Miriam", 2528),
    ("Brandt, Oskar", 2475),
    ("Castillo, Lucia", 2425),
    ("Dvorak, Pavel", 2324),
    ("Eriksen, Ingrid", 2309),
    ("Fontaine, Luc", 2302),
    ("Gallo, Marco", 2273),
    ("Hale, Jonathan", 2245),
]


def test_director_runs_a_round_in_chromium(server: Server, browser: Any) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as http:
        players = [{"name": name, "rating": rating} for name, rating in NAMES]
        tid, director = create_tournament(http, rounds=5, players=players, name="Riverside Rapid")
    page = _director(server, browser, tid, director)  # the token is in no address
    assert "Riverside Rapid" in page.title()
    page.click("#pair")
    assert "round 1 paired: 4 boards" in page.inner_text("#message")
    for board, result in enumerate(("1-0", "1/2", "0-1", "1-0"), 1):
        row = page.locator(f"#board-{board}")
        row.locator("select").select_option(result)
        row.locator("button").click()
        assert f"board {board}: {result}" in page.inner_text("#message")
    page.fill("#add-player input[name=name]", "Walk-in, Wanda")
    page.fill("#add-player input[name=rating]", "1999")
    page.click("#add-player button")
    assert "Walk-in, Wanda registered" in page.inner_text("#message")
    assert "Walk-in, Wanda" in page.inner_text("#players")
    _shot(page, "web-director.png")

    with httpx.Client(base_url=server.url, timeout=60) as http:
        shown = http.get(f"{API}/tournaments/{tid}/rounds/1").json()
    assert [b["result"] for b in shown["boards"]] == ["1-0", "½-½", "0-1", "1-0"]
    names = {n: p["name"] for b in shown["boards"] for n, p in _named(b)}

    phone = browser.new_context(viewport=PHONE["viewport"], is_mobile=True)
    public = phone.new_page()
    public.goto(f"{server.url}/t/{tid}")
    pairings = public.inner_text("table.pairings")
    for white, black in board_numbers(shown):
        assert names[white] in pairings and names[black] in pairings
    assert "½-½" in pairings
    standings = public.inner_text("table.standings")
    assert all(name in standings for name, _ in NAMES)
    # the page fits a phone: no horizontal scrolling of the page itself
    width = public.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, width
    _shot(public, "web-public.png")
    public.click("text=Crosstable")
    assert "crosstable" in public.inner_text("h1")
    assert "Adler, Miriam" in public.inner_text("table")
    page.context.close()
    phone.close()


def _named(board: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    return [(board[side]["number"], board[side]) for side in ("white", "black")]


def test_public_page_without_rounds(server: Server, browser: Any) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as http:
        tid, _ = create_tournament(http, rounds=3, players=player_rows(4, "Early"))
    page = browser.new_page()
    page.goto(f"{server.url}/t/{tid}")
    assert "No round is paired yet" in page.inner_text("main")
    assert "Early 04" in page.inner_text("main")
    page.close()


def _director(server: Server, browser: Any, tid: str, director: dict[str, str]) -> Any:
    """A page signed in as the director (the token moved into the cookie, in no
    address)."""
    page = director_page(browser, server.url, tid, director, viewport=WIDE)
    assert page.url.endswith(f"/t/{tid}/director")
    return page


def _select(form: Any, label: str, number: int) -> None:
    form.locator(f"select[aria-label='{label}']").select_option(str(number))


def test_director_byes_forbid_withdraw_unpair_in_chromium(server: Server, browser: Any) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as http:
        players = [{"name": name, "rating": rating} for name, rating in NAMES]
        tid, director = create_tournament(http, rounds=5, players=players, name="Forms Open")
    page = _director(server, browser, tid, director)
    # a half-point bye for Castillo (3) in round 1, an absence for Hale (8)
    bye = page.locator("#bye")
    _select(bye, "player", 3)
    bye.locator("input[name=round]").fill("1")
    bye.locator("select[name=points]").select_option("0.5")
    bye.locator("button").click()
    assert "Castillo, Lucia: half-point in round 1" in page.inner_text("#message")
    bye = page.locator("#bye")
    _select(bye, "player", 8)
    bye.locator("select[name=points]").select_option("0")  # round: the next, prefilled
    bye.locator("button").click()
    assert "Hale, Jonathan: zero-point in round 1" in page.inner_text("#message")
    listed = page.inner_text("#requested-byes")
    assert "Castillo, Lucia" in listed and "Hale, Jonathan" in listed
    # forbid Adler (1) - Eriksen (5); withdraw Gallo (7) from round 1
    forbid = page.locator("#forbid")
    _select(forbid, "first player", 1)
    _select(forbid, "second player", 5)
    forbid.locator("button").click()
    assert "Adler, Miriam – Eriksen, Ingrid forbidden" in page.inner_text("#message")
    assert "Adler, Miriam – Eriksen, Ingrid" in page.inner_text("#forbidden-pairs")
    withdraw = page.locator("#withdraw")
    _select(withdraw, "player", 7)
    withdraw.locator("button").click()
    assert "Gallo, Marco withdrawn from round 1 on" in page.inner_text("#message")
    assert "withdrawn from round 1" in page.inner_text("#players")
    # a refused form shows the reason and changes nothing
    forbid = page.locator("#forbid")
    _select(forbid, "first player", 2)
    _select(forbid, "second player", 2)
    forbid.locator("button").click()
    assert page.locator("#error").is_visible()

    page.click("#pair")
    assert "round 1 paired" in page.inner_text("#message")
    with httpx.Client(base_url=server.url, timeout=60) as http:
        shown = http.get(f"{API}/tournaments/{tid}/rounds/1").json()
    pairs = {frozenset(p) for p in board_numbers(shown)}
    assert frozenset((1, 5)) not in pairs
    playing = set().union(*pairs)
    assert playing < {1, 2, 4, 5, 6} and len(playing) == 4  # 3, 7, 8 do not play
    byes = {b["player"]["number"]: b["kind"] for b in shown["byes"]}
    assert byes[3] == "half_point" and byes[8] == "zero_point", byes
    assert "pairing_allocated" in byes.values()  # five players: one gets the bye
    # the page names the players of every board and who is not playing
    results = page.inner_text("#results")
    for white, black in board_numbers(shown):
        assert NAMES[white - 1][0] in results and NAMES[black - 1][0] in results
    assert "Castillo, Lucia" in page.inner_text("main")
    _shot(page, "web-director-forms.png")

    # unpair the round (no results yet), then the byes are still recorded
    page.click("#unpair")  # a confirmation page first
    page.check("#confirm")
    page.click("#unpair-confirm")
    assert "pairing of round 1 deleted" in page.inner_text("#message")
    with httpx.Client(base_url=server.url, timeout=60) as http:
        info = http.get(f"{API}/tournaments/{tid}").json()
    assert info["rounds_paired"] == 0
    # take Gallo back and remove Hale's absence
    withdraw = page.locator("#withdraw")
    _select(withdraw, "player", 7)
    withdraw.locator("input[name=cancel]").check()
    withdraw.locator("button").click()
    assert "Gallo, Marco is back in the tournament" in page.inner_text("#message")
    bye = page.locator("#bye")
    _select(bye, "player", 8)
    bye.locator("input[name=remove]").check()
    bye.locator("button").click()
    assert "Hale, Jonathan: no bye in round 1" in page.inner_text("#message")
    assert "Hale" not in page.inner_text("#requested-byes")
    page.context.close()


def test_director_forces_a_mcmahon_pairing_in_chromium(server: Server, browser: Any) -> None:
    players = [
        {"name": "Kim Sora", "rank": "3d"},
        {"name": "Lee Min", "rank": "1d"},
        {"name": "Sato Yuki", "rank": "1k"},
        {"name": "Chen Wei", "rank": "5k"},
    ]
    with httpx.Client(base_url=server.url, timeout=60) as http:
        tid, director = create_tournament(http, players, rounds=3, name="Go Club", system="mcmahon")
        numbers = {
            p["name"]: p["number"] for p in http.get(f"{API}/tournaments/{tid}").json()["players"]
        }
    page = _director(server, browser, tid, director)
    force = page.locator("#force")
    _select(force, "first player", numbers["Kim Sora"])
    _select(force, "second player", numbers["Chen Wei"])
    force.locator("button").click()
    assert "Kim Sora – Chen Wei forced in round 1" in page.inner_text("#message")
    page.click("#pair")
    assert "round 1 paired: 2 boards" in page.inner_text("#message")
    with httpx.Client(base_url=server.url, timeout=60) as http:
        shown = http.get(f"{API}/tournaments/{tid}/rounds/1").json()
    pairs = {frozenset(p) for p in board_numbers(shown)}
    assert frozenset((numbers["Kim Sora"], numbers["Chen Wei"])) in pairs
    assert "Kim Sora" in page.inner_text("#results")
    page.context.close()


def test_printable_pairings_and_standings(server: Server, browser: Any) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as http:
        players = [{"name": name, "rating": rating} for name, rating in NAMES]
        tid, director = create_tournament(http, rounds=5, players=players, name="Print Open")
        http.post(f"{API}/tournaments/{tid}/rounds", headers=director)
        for board in range(1, 5):
            http.put(
                f"{API}/tournaments/{tid}/rounds/1/boards/{board}",
                headers=director,
                json={"result": "1-0"},
            )
    page = browser.new_page()
    page.goto(f"{server.url}/t/{tid}")
    page.click("text=Printable standings")
    assert page.url.endswith(f"/t/{tid}/standings/print")
    page.emulate_media(media="print")
    table = page.inner_text("table.standings")
    assert all(name in table for name, _ in NAMES)
    assert not page.locator("p.noprint").is_visible()  # the print button is not printed
    pdf = page.pdf(format="A4")  # Chromium's print path renders it
    assert pdf.startswith(b"%PDF")
    page.emulate_media(media="screen")
    page.goto(f"{server.url}/t/{tid}")
    page.emulate_media(media="print")
    # the public page prints without its navigation and links
    assert not page.locator("header").is_visible()
    assert not page.locator("p.noprint").is_visible()
    assert page.locator("table.standings").is_visible()
    page.emulate_media(media="screen")
    page.click("text=Printable pairings")
    assert "round 1" in page.inner_text("h1") and "Adler, Miriam" in page.inner_text("table")
    assert page.pdf(format="A4").startswith(b"%PDF")
    page.close()
