"""Make the web app's screenshots in ``docs/`` again (``make screenshots``).

Starts ``fairpair serve`` on a new SQLite file, builds a small event through the API
(10 players with real-length names, two rounds played, round 3 paired, a player link
issued and that player's report of his round-3 result), and photographs with Playwright
and Debian's Chromium (``/usr/bin/chromium``, or ``$FAIRPAIR_CHROMIUM``) at a phone's
390x844 and a desk's 1366x768: the public page
(pairings), the standings, a player's page (from his personal link), the director's
page, the home page's "New tournament" form and the director's results of round 3 on one
screen. Writes ``docs/web-<page>-<width>.png``.

Usage: ``python docs/screenshots.py [--out docs] [--pages public standings player
director new results]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))  # the server is started as the benchmarks do

from serving import serving  # noqa: E402

API = "/api/v1"
NAMES = [
    ("Castellanos-Villavicencio, María Fernanda", 2468),
    ("Oyelaran-Abiodun, Oluwaseun", 2431),
    ("Van der Westhuizen, Johannes", 2397),
    ("Nakamura-Fitzgerald, Hiroshi", 2352),
    ("Rzeczkowska, Aleksandra", 2318),
    ("Papadopoulou, Eleni", 2290),
    ("Gunnarsdóttir, Ragnheiður", 2254),
    ("Bhattacharya, Anirban", 2211),
    ("Lindqvist, Erik", 2180),
    ("Moreau, Claire", 2132),
]
SIZES = {"390": {"width": 390, "height": 844}, "1366": {"width": 1366, "height": 768}}
PAGES = ("public", "standings", "player", "director", "new", "results")


def _event(url: str) -> tuple[str, str, str]:
    """The event: its id, the director's token and player 1's personal link."""
    with httpx.Client(base_url=url, timeout=60) as http:
        players = [{"name": n, "rating": r} for n, r in NAMES]
        created = http.post(
            f"{API}/tournaments",
            json={"name": "Riverside Open", "system": "dutch", "rounds": 7, "players": players},
        ).json()
        tid, token = created["id"], created["director_token"]
        auth = {"Authorization": f"Bearer {token}"}
        for rnd in (1, 2, 3):
            shown = http.post(f"{API}/tournaments/{tid}/rounds", headers=auth).json()
            if rnd == 3:
                http.put(
                    f"{API}/tournaments/{tid}/rounds/3/boards/2",
                    headers=auth,
                    json={"result": "1/2"},
                )
                break
            for board in range(1, len(shown["boards"]) + 1):
                http.put(
                    f"{API}/tournaments/{tid}/rounds/{rnd}/boards/{board}",
                    headers=auth,
                    json={"result": ("1-0", "1/2", "0-1")[(board + rnd) % 3]},
                )
        links = http.post(
            f"{API}/tournaments/{tid}/tokens/players", headers=auth, json={"players": [1]}
        ).json()["tokens"]
        # player 1 reports his round-3 result (the director's table shows it by his board)
        third = http.get(f"{API}/tournaments/{tid}/rounds/3").json()
        first, second = third["sides"]
        for index, board in enumerate(third["boards"], 1):
            if 1 in (board[first]["number"], board[second]["number"]) and not board["result"]:
                http.put(
                    f"{API}/tournaments/{tid}/rounds/3/boards/{index}",
                    headers={"Authorization": f"Bearer {links[0]['token']}"},
                    json={"result": "1-0"},
                )
    return tid, token, links[0]["link"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--pages", nargs="+", choices=PAGES, default=list(PAGES))
    args = parser.parse_args()
    chromium = os.environ.get("FAIRPAIR_CHROMIUM", "/usr/bin/chromium")
    with tempfile.TemporaryDirectory() as folder, serving(f"{folder}/shots.sqlite") as url:
        tid, token, link = _event(url)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium, args=["--no-sandbox", "--disable-dev-shm-usage"]
            )
            for width, viewport in SIZES.items():
                context = browser.new_context(
                    viewport=viewport, is_mobile=width == "390", device_scale_factor=1
                )
                page = context.new_page()
                for name in args.pages:
                    if name == "public":
                        page.goto(f"{url}/t/{tid}")
                    elif name == "standings":
                        page.goto(f"{url}/t/{tid}/standings")
                    elif name == "player":
                        page.goto(url + link)
                        page.wait_for_url(f"{url}/t/{tid}/me")
                    elif name == "new":
                        page.goto(f"{url}/")
                    else:
                        page.goto(f"{url}/t/{tid}/director")
                        if page.locator("#sign-in").count():
                            page.fill("#sign-in input[name=token]", token)
                            page.click("#sign-in button[type=submit]")
                            page.wait_for_url(f"{url}/t/{tid}/director")
                        if name == "results":
                            page.goto(f"{url}/t/{tid}/director/rounds/3/results")
                    path = args.out / f"web-{name}-{width}.png"
                    page.screenshot(path=str(path), full_page=True)
                    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
                context.close()
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
