"""The pages in a real headless Chromium (Debian's ``chromium``, driven by Playwright).

A director opens his page with the token, pairs round 1 and enters every result with
the page's forms; the public page then shows the pairing by name with the results and
the standings, also at a phone's width. Skipped, saying why, when Playwright or
Chromium is not installed (``.ci/run`` installs Chromium; ``apt-get install chromium``).

``FAIRPAIR_SCREENSHOTS=DIR`` saves the screenshots of the pages there (``docs/`` has
the ones made this way).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
httpx = pytest.importorskip("httpx", reason="the web extra is not installed")
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright is not installed (pip install playwright)"
)

from test_web_api import API, Server, _boards, _create, _players  # noqa: E402

CHROMIUM = next(
    (
        path
        for path in (
            os.environ.get("FAIRPAIR_CHROMIUM"),
            shutil.which("chromium"),
            shutil.which("chromium-browser"),
            "/usr/bin/chromium",
        )
        if path and os.path.exists(path)
    ),
    None,
)

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium installed (apt-get install chromium)"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("browser")
    running = Server(folder / "pages.sqlite", folder / "server.log")
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        yield chromium
        chromium.close()


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
        tid, director = _create(http, rounds=5, players=players, name="Riverside Rapid")
    token = director["Authorization"].removeprefix("Bearer ")
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(f"{server.url}/t/{tid}/director?token={token}")
    assert page.url.endswith(f"/t/{tid}/director")  # the token left the address bar
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

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    public = phone.new_page()
    public.goto(f"{server.url}/t/{tid}")
    pairings = public.inner_text("table.pairings")
    for white, black in _boards(shown):
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
    context.close()
    phone.close()


def _named(board: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    return [(board[side]["number"], board[side]) for side in ("white", "black")]


def test_public_page_without_rounds(server: Server, browser: Any) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as http:
        tid, _ = _create(http, rounds=3, players=_players(4, "Early"))
    page = browser.new_page()
    page.goto(f"{server.url}/t/{tid}")
    assert "No round is paired yet" in page.inner_text("main")
    assert "Early 04" in page.inner_text("main")
    page.close()
