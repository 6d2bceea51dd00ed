"""Issue 28, finding 4, in Chromium: a page on another port of the same host (the same
*site*, so the SameSite=Strict cookie goes along) can neither post a director's form
nor show the director's page in a frame."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers import (
    API,
    NEEDS_CHROMIUM,
    Server,
    browser_imports,
    create_tournament,
    director_page,
    module_server,
)

httpx = browser_imports()

pytestmark = NEEDS_CHROMIUM


server = module_server("attacks")


@pytest.fixture(scope="module")
def attacker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A static web server on another loopback port: its URL and its folder."""
    folder = tmp_path_factory.mktemp("attacker")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(folder), **kwargs)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{site.server_address[1]}", folder
    site.shutdown()
    site.server_close()


def _signed_in_page(server: Server, browser: Any) -> tuple[Any, str]:
    with httpx.Client(base_url=server.url, timeout=60) as http:
        tid, director = create_tournament(http, 6)
    page = director_page(browser, server.url, tid, director)
    assert page.locator("#pair").count() == 1  # signed in
    return page, tid


def _players(server: Server, tid: str) -> list[str]:
    data = httpx.get(f"{server.url}{API}/tournaments/{tid}", timeout=60).json()
    return [p["name"] for p in data["players"]]


def test_a_form_posted_from_another_port_does_nothing(
    server: Server, browser: Any, attacker: tuple[str, Path]
) -> None:
    page, tid = _signed_in_page(server, browser)
    site, folder = attacker
    (folder / "post.html").write_text(
        f'<form id="f" method="post" action="{server.url}/t/{tid}/director/players">'
        '<input name="name" value="Forged, Fred"></form>'
        '<script>document.getElementById("f").submit()</script>'
    )
    with page.expect_navigation(url=f"{server.url}/**"):
        page.goto(f"{site}/post.html")
    page.wait_for_load_state()
    assert "Forged, Fred registered" not in page.content()
    assert "another site" in page.content()
    assert "Forged, Fred" not in _players(server, tid)
    page.context.close()


def test_the_director_page_cannot_be_framed_by_another_port(
    server: Server, browser: Any, attacker: tuple[str, Path]
) -> None:
    page, tid = _signed_in_page(server, browser)
    site, folder = attacker
    (folder / "frame.html").write_text(
        f'<iframe id="victim" src="{server.url}/t/{tid}/director" width="800" height="600">'
        "</iframe>"
    )
    page.goto(f"{site}/frame.html")
    page.wait_for_load_state("load")
    framed = [f for f in page.frames if f != page.main_frame]
    assert len(framed) == 1
    assert framed[0].locator("#pair").count() == 0  # blocked: no working Pair button
    page.context.close()
