"""Issue 28, hardening of the web app, through the real server (SQLite and PostgreSQL).

Each test is a regression test of one finding of issue 28: it failed on the code before
the fix. Finding 1: numbers of an imported document and of a request go through the one
bounded parser (``fairpair.limits.parse_number``), so ``"1e3000000"`` is refused naming
its field instead of being stored and then computed with on every read.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx", reason="the web extra is not installed")
pytest.importorskip("fastapi", reason="the web extra is not installed")

from helpers import API, Server, create_tournament  # noqa: E402

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "mcmahon.json"
HUGE = "1e3000000"


@pytest.fixture(scope="module")
def server(
    new_database: Callable[[], str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web")
    running = Server(new_database(), folder / "server.log")
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def client(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=60) as http:
        yield http


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
