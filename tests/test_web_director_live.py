"""The director's page kept live, the main page's prepared round table, and Netrunner's
flagged results entered on the web, in a real headless Chromium (Debian's ``chromium``
driven by Playwright, skipped, saying why, without it) against the real server, at
390x844 and 1366x768.

* The director's board table updates by itself within 5 s when a player reports from
  his link or another director's tab enters a result (htmx polls a small fragment that
  answers 204 while nothing changed), and never while a result list of it is being
  chosen;
* the main page of a 450-player event, page 2 of its boards, shows a result within
  5 s and fits the screen;
* intentional draws and 2-for-1s are offered where the system's descriptor allows them
  (a Netrunner event; not a Dutch one), entered from the results-on-one-screen form by
  keyboard through the workflow's own result entry, and shown as the printouts show
  them (``½-½ (ID)``, ``1-0 (2-for-1)``) on the public pages.
"""

from __future__ import annotations

import re
from typing import Any

from helpers import (
    API,
    DESK,
    NEEDS_CHROMIUM,
    PHONE,
    SIZES,
    Server,
    board_numbers,
    browser_imports,
    create_tournament,
    director_page,
    fits,
    module_server,
    sign_in,
    sign_in_page,
)

httpx = browser_imports()

pytestmark = NEEDS_CHROMIUM


server = module_server("director-live")


def _event(
    server: Server, players: int = 10, system: str = "dutch", **more: Any
) -> tuple[str, dict[str, str], dict[str, Any]]:
    """An event of ``players`` with round 1 paired; its id, the director's header and
    round 1 as the API shows it."""
    rows = [{"name": f"Player {i:03d}", "rating": 2400 - i} for i in range(1, players + 1)]
    with httpx.Client(base_url=server.url, timeout=120) as http:
        tid, director = create_tournament(
            http, rows, rounds=5, name="Live Open", system=system, **more
        )
        paired = http.post(f"{API}/tournaments/{tid}/rounds", headers=director)
        assert paired.status_code == 201, paired.text
        shown = http.get(f"{API}/tournaments/{tid}/rounds/1").json()
    return tid, director, shown


def _director(browser: Any, server: Server, tid: str, director: dict[str, str], size: Any) -> Any:
    page = director_page(browser, server.url, tid, director, **size)
    page.evaluate("window.notReloaded = true")  # gone if the page is loaded again
    return page


def _entered(page: Any, board: int) -> str:
    """The result the director's table shows as entered on ``board``."""
    text: str = page.locator(f"#board-{board} select").get_attribute("data-entered") or ""
    return text


@SIZES
def test_director_table_is_live(server: Server, browser: Any, size: dict[str, Any]) -> None:
    """Two contexts: a player reports from his link and another director's tab enters a
    result; the first director's board table shows both within 5 s, without a reload."""
    tid, director, shown = _event(server)
    pairs = board_numbers(shown)
    with httpx.Client(base_url=server.url, timeout=60) as http:
        issued = http.post(
            f"{API}/tournaments/{tid}/tokens/players",
            headers=director,
            json={"players": [pairs[0][0]]},
        )
    link = issued.json()["tokens"][0]["link"]
    watcher = _director(browser, server, tid, director, size)
    assert "reports" not in watcher.inner_text("#board-1")
    fits(watcher)
    # a player reports from his link (another context: his phone)
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(server.url + link)
    phone.wait_for_url(f"{server.url}/t/{tid}/me")
    first = shown["sides"][0]
    winner = shown["boards"][0][first]["name"]
    phone.click(f"#report-1 button:has-text('{winner} won')")
    watcher.locator("#board-1 .reported", has_text=f"{winner} reports 1-0").wait_for(timeout=5000)
    # another director's tab enters board 2's result from its own table
    other = _director(browser, server, tid, director, DESK)
    other.select_option("#board-2 select", "0-1")
    other.click("#board-2 button[type=submit]")
    other.wait_for_url("**/director?msg=**")
    watcher.locator("#board-2 select[data-entered='0-1']").wait_for(timeout=5000)
    assert watcher.evaluate("window.notReloaded === true")  # updated in place
    assert watcher.locator("#board-2 select").input_value() == "0-1"
    fits(watcher)
    # confirming the report from the table's page: the report line goes, the result shows
    watcher.locator("#live-reports form:has(input[name=board][value='1']) button").click()
    watcher.wait_for_url("**/director?msg=**")
    assert _entered(watcher, 1) == "1-0" and "reports" not in watcher.inner_text("#board-1")
    for page in (watcher, other, phone):
        page.context.close()


def test_director_table_waits_while_a_result_is_chosen(server: Server, browser: Any) -> None:
    """A result chosen in the table and not saved yet is never swapped away by the
    live update; once it is saved the table is live again."""
    tid, director, _ = _event(server)
    watcher = _director(browser, server, tid, director, PHONE)
    watcher.select_option("#board-3 select", "1/2")  # chosen, not saved
    with httpx.Client(base_url=server.url, timeout=60) as http:
        put = http.put(
            f"{API}/tournaments/{tid}/rounds/1/boards/4", headers=director, json={"result": "1-0"}
        )
        assert put.status_code == 200
    watcher.wait_for_timeout(4500)  # more than a poll: the table was not replaced
    assert watcher.locator("#board-3 select").input_value() == "1/2"
    assert _entered(watcher, 4) == ""
    watcher.click("#board-3 button[type=submit]")  # saved: the page is loaded again
    watcher.wait_for_url("**/director?msg=**")
    assert _entered(watcher, 3) == "½-½" and _entered(watcher, 4) == "1-0"
    with httpx.Client(base_url=server.url, timeout=60) as http:
        http.put(
            f"{API}/tournaments/{tid}/rounds/1/boards/5", headers=director, json={"result": "0-1"}
        )
    watcher.locator("#board-5 select[data-entered='0-1']").wait_for(timeout=5000)
    watcher.context.close()


def test_director_boards_fragment_answers_204_when_unchanged(server: Server) -> None:
    """The fragment the table polls: 204 while neither the tournament nor the reports
    changed, the new table after a result; nothing for a reader not signed in."""
    tid, director, _ = _event(server)
    with httpx.Client(base_url=server.url, timeout=60) as http:
        token = director["Authorization"].removeprefix("Bearer ")
        assert sign_in(http, tid, token).status_code == 303
        page = http.get(f"/t/{tid}/director")
        polled = re.search(r'hx-get="(/t/[^"]+view=boards[^"]*)"', page.text)
        assert polled is not None
        url = polled.group(1).replace("&amp;", "&")
        assert http.get(url).status_code == 204
        with httpx.Client(base_url=server.url, timeout=60) as stranger:
            assert stranger.get(url.replace("v=", "v=x")).status_code == 204  # not signed in
        put = http.put(
            f"{API}/tournaments/{tid}/rounds/1/boards/1", headers=director, json={"result": "1-0"}
        )
        assert put.status_code == 200
        fresh = http.get(url)
        assert fresh.status_code == 200 and 'id="live-boards"' in fresh.text
        assert 'data-entered="1-0"' in fresh.text
        again = re.search(r'hx-get="(/t/[^"]+view=boards[^"]*)"', fresh.text)
        assert again is not None
        assert http.get(again.group(1).replace("&amp;", "&")).status_code == 204


@SIZES
def test_large_main_page_is_live(server: Server, browser: Any, size: dict[str, Any]) -> None:
    """A 450-player event: page 2 of the main page's boards (its round table prepared
    in the background after each change) shows a result entered on it within 5 s."""
    tid, director, _ = _event(server, players=450)
    page = browser.new_context(**size).new_page()
    page.goto(f"{server.url}/t/{tid}?page=2")
    assert page.inner_text("#bd-201 td.res") == "–"
    fits(page)
    with httpx.Client(base_url=server.url, timeout=60) as http:
        put = http.put(
            f"{API}/tournaments/{tid}/rounds/1/boards/201", headers=director, json={"result": "0-1"}
        )
        assert put.status_code == 200
    page.locator("#bd-201 td.res", has_text="0-1").wait_for(timeout=5000)
    page.locator(".updating").wait_for(state="detached", timeout=10000)
    assert page.url == f"{server.url}/t/{tid}?page=2"
    fits(page)
    page.context.close()


def _results_page(
    browser: Any, server: Server, tid: str, director: dict[str, str], size: Any
) -> Any:
    page = _director(browser, server, tid, director, size)
    page.goto(f"{server.url}/t/{tid}/director/rounds/1/results")
    page.evaluate("window.notReloaded = true")
    return page


def _key(page: Any, board: int, keys: str, narrow: bool) -> None:
    """Pick board ``board``'s result by typing ``keys`` in its list (saved at once)."""
    select = page.locator(f"#result-{board}")
    select.focus()
    for key in keys:
        page.keyboard.press(key)
    if narrow:
        select.dispatch_event("change")  # phones open a picker; a key does not
    page.wait_for_selector(f"#status-{board}.ok")


@SIZES
def test_netrunner_flagged_results_on_one_screen(
    server: Server, browser: Any, size: dict[str, Any]
) -> None:
    """A double-sided Netrunner round: a 2-for-1 for each side and an intentional draw
    typed in the one-screen form (i, 2, 0 0), each filling both games of its pairing
    as ``fairpair result`` does; the public page and the printed pairings show them as
    the printouts do; a correction takes the flag off both games."""
    tid, director, _ = _event(server, players=8, system="netrunner", double=True)
    narrow = size is PHONE
    page = _results_page(browser, server, tid, director, size)
    labels = page.locator("#result-1 option").all_inner_texts()
    assert "ID: intentional draw (½-½)" in labels
    assert any(label.startswith("2-0: 2-for-1") for label in labels)
    assert "i (an intentional draw)" in page.inner_text("main")
    _key(page, 1, "2", narrow)
    assert "saved: 1-0 (2-for-1)" in page.inner_text("#status-1")
    _key(page, 2, "i", narrow)
    assert "saved: ½-½ (ID)" in page.inner_text("#status-2")
    if narrow:  # a phone's picker: the choice made directly
        page.select_option("#result-3", "0-2")
        page.wait_for_selector("#status-3.ok")
    else:  # 0 twice: 0-1, then 0-2 (saved once, half a second after the last key)
        _key(page, 3, "00", narrow)
    assert page.inner_text("#status-3").startswith("saved: 0-1 (2-for-1)")
    assert page.evaluate("window.notReloaded") is True
    fits(page)
    with httpx.Client(base_url=server.url, timeout=60) as http:
        game_1 = http.get(f"{API}/tournaments/{tid}/rounds/1").json()
        game_2 = http.get(f"{API}/tournaments/{tid}/rounds/2").json()
        document = http.get(f"{API}/tournaments/{tid}/document").json()
    results_1 = [b["result"] for b in game_1["boards"]]
    results_2 = [b["result"] for b in game_2["boards"]]
    assert results_1[:3] == ["1-0 (2-for-1)", "½-½ (ID)", "0-1 (2-for-1)"]
    # the second game of each pairing, sides swapped: the same player won both
    assert results_2[:3] == ["0-1 (2-for-1)", "½-½ (ID)", "1-0 (2-for-1)"]
    flags = [g.get("flags", []) for r in document["rounds"][:2] for g in r["games"]]
    assert flags.count(["two_for_one"]) == 4 and flags.count(["intentional_draw"]) == 2
    # the public pages show them as the printouts do
    public = page.context.new_page()
    public.goto(f"{server.url}/t/{tid}?round=1")
    assert public.inner_text("#bd-1 td.res") == "1-0 (2-for-1)"
    assert public.inner_text("#bd-2 td.res") == "½-½ (ID)"
    fits(public)
    public.goto(f"{server.url}/t/{tid}/rounds/1/print")
    printed = public.inner_text("main")
    assert "1-0 (2-for-1)" in printed and "½-½ (ID)" in printed
    # a correction with an ordinary result takes the flag off both games
    page.reload()
    assert "½-½ (ID)" in page.inner_text("#entered-2")
    page.select_option("#result-2", "1-0")
    page.wait_for_selector("#status-2.ok")
    assert "saved: 1-0 (was ½-½ (ID))" in page.inner_text("#status-2")
    with httpx.Client(base_url=server.url, timeout=60) as http:
        again = http.get(f"{API}/tournaments/{tid}/rounds/2").json()
    assert again["boards"][1]["result"] == "½-½"  # the other game: a tie, no flag now
    page.context.close()


@SIZES
def test_flagged_results_only_where_the_system_records_them(
    server: Server, browser: Any, size: dict[str, Any]
) -> None:
    """A Dutch event's forms offer no intentional draw (the descriptor records none),
    and a forged one is refused in plain words, changing nothing; a single-sided
    Netrunner event offers the intentional draw but no 2-for-1."""
    tid, director, _ = _event(server, players=6)
    page = _results_page(browser, server, tid, director, size)
    labels = " ".join(page.locator("#result-1 option").all_inner_texts())
    assert "intentional" not in labels and "2-for-1" not in labels
    assert "intentional" not in page.inner_text("main")
    board_labels = " ".join(
        _director(browser, server, tid, director, size)
        .locator("#board-1 select option")
        .all_inner_texts()
    )
    assert "(ID)" not in board_labels
    with httpx.Client(base_url=server.url, timeout=60) as http:
        token = director["Authorization"].removeprefix("Bearer ")
        assert sign_in(http, tid, token).status_code == 303
        form = re.search(r'name="form_token" value="([^"]+)"', http.get(f"/t/{tid}/director").text)
        assert form is not None
        before = http.get(f"{API}/tournaments/{tid}").json()["version"]
        refused = http.post(
            f"/t/{tid}/director/rounds/1/results",
            data={"form_token": form.group(1), "result-1": "id"},
            headers={"Origin": server.url},
            follow_redirects=True,
        )
        assert "an intentional draw on board 1 is not a result of the dutch system" in refused.text
        assert "--" not in refused.text.split("intentional draw", 1)[1][:80]  # no flags
        assert http.get(f"{API}/tournaments/{tid}").json()["version"] == before
    single, director_2, _ = _event(server, players=6, system="netrunner", double=False)
    page.goto(f"{server.url}/t/{single}/director")
    sign_in_page(page, server.url, single, director_2["Authorization"].removeprefix("Bearer "))
    page.goto(f"{server.url}/t/{single}/director/rounds/1/results")
    labels = " ".join(page.locator("#result-1 option").all_inner_texts())
    assert "intentional draw" in labels and "2-for-1" not in labels
    fits(page)
    page.context.close()
