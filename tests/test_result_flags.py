"""Flagged results (an intentional draw ``id``, a 2-for-1 ``2-0`` / ``0-2``) are taken
only where the event's system records them (its descriptor's ``result_flags``: Netrunner;
a 2-for-1 in double-sided rounds only). The rule is the workflow's
(``workflow.enter_results``), so the command line, the director's forms and the API
refuse alike: one plain sentence naming the board (or player) and what the system takes,
the field ``result`` (the forms: the board's result), nothing written. A file that
already carries such a flag is read as it is (the check is for entry, not for reading a
record of what was played).

Before this rule the command line stored ``3=id`` on a Dutch event as a flagged draw,
which the web refused: the two ways of entering results disagreed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fairpair import workflow as wf
from fairpair.errors import InputError
from fairpair.formats import jsondoc, load_tournament
from fairpair.model import Game, Player, ResultCode, Round, Tournament
from helpers import API, Runner, Server, create_tournament, player_rows, sign_in


def _paired(system: str, *, double: bool = False) -> Tournament:
    """Six players, round 1 paired as 1-4, 5-2, 3-6 (and its second game in a double
    round)."""
    players = tuple(Player(n, f"P{n}", rating=2100 - 100 * n) for n in range(1, 7))
    t = Tournament(system=system, players=players, total_rounds=4, double_rounds=double)
    games = (Game(1, 4), Game(5, 2), Game(3, 6))
    t = t.with_round(Round(1, games))
    if double:
        t = t.with_round(Round(2, tuple(Game(g.black, g.white) for g in games)))
    return t


def _refusal(call: Callable[[], object]) -> InputError:
    with pytest.raises(InputError) as caught:
        call()
    return caught.value


# --------------------------------------------------------------------------- the workflow


@pytest.mark.parametrize("system", ["dutch", "tcec", "mcmahon"])
def test_a_system_without_flags_refuses_them(system: str) -> None:
    t = _paired(system, double=system == "tcec")
    for text, what in (("3=id", "an intentional draw"), ("2=2-0", "a 2-for-1")):
        entry = wf.parse_entry(text)
        err = _refusal(lambda entry=entry: wf.enter_results(t, 1, [entry]))
        board = text.split("=")[0]
        assert err.field == "result"
        assert err.message == f"{what} on board {board} is not a result of the {system} system"
        assert err.expected is not None and err.expected.startswith(
            "one of 1-0, 0-1, 1/2, +-, -+, --, clear ("
        )
        assert "id" not in err.expected.split("(")[0]
    # by player: the player named as the file knows him
    err = _refusal(lambda: wf.enter_results(t, 1, [wf.parse_entry("player:6=id")]))
    assert err.message.startswith("an intentional draw for P6 (6) is not a result")
    assert err.expected is not None and err.expected.startswith("one of win, loss, draw")
    # the ordinary draw is what the system takes
    _, done = wf.enter_results(t, 1, [wf.parse_entry("3=1/2")])
    assert wf.result_text(done[0].game) == "½-½" and not done[0].game.flags


def test_netrunner_takes_an_intentional_draw_and_a_2_for_1_only_in_double_rounds() -> None:
    single = _paired("netrunner")
    _, done = wf.enter_results(single, 1, [wf.parse_entry("3=id")])
    assert wf.result_text(done[0].game) == "½-½ (ID)"
    err = _refusal(lambda: wf.enter_results(single, 1, [wf.parse_entry("2=2-0")]))
    assert err.message == "a 2-for-1 on board 2 is not a result of a tournament of single rounds"
    assert err.expected is not None and ", clear, id (" in err.expected
    assert "needs a double round" in err.expected
    err = _refusal(lambda: wf.enter_results(single, 1, [wf.parse_entry("player:5=2-for-1")]))
    assert err.message.startswith("a 2-for-1 for P5 (5) is not a result")
    assert err.expected is not None and "intentional-draw" in err.expected
    double = _paired("netrunner", double=True)
    _, done = wf.enter_results(double, 1, [wf.parse_entry("2=2-0")])
    assert [wf.result_text(d.game) for d in done] == ["1-0 (2-for-1)", "0-1 (2-for-1)"]


def test_all_or_nothing_with_a_refused_flag() -> None:
    """A refused flag among good entries enters none of them (the caller keeps ``t``)."""
    t = _paired("dutch")
    entries = [wf.parse_entry("1=1-0"), wf.parse_entry("3=id")]
    _refusal(lambda: wf.enter_results(t, 1, entries))
    assert not any(g.has_result for g in t.round(1).games)


def test_a_file_with_a_flag_the_system_does_not_record_is_read_as_it_is(
    tmp_path: Path, fp: Runner
) -> None:
    """A Dutch document with a flagged draw (as older versions wrote from ``3=id``)
    loads, keeps its flag through TRF and back, takes other results, and a correction
    names the flagged result it replaces."""
    t = _paired("dutch")
    flagged = Game(3, 6, ResultCode.DRAW, ResultCode.DRAW, flags=frozenset({"intentional_draw"}))
    t = t.with_round(Round(1, (*t.round(1).games[:2], flagged)))
    path = tmp_path / "old.json"
    path.write_text(jsondoc.dumps(t), encoding="utf-8")
    loaded = load_tournament(path)[0]
    assert loaded.round(1).games[2].flags == {"intentional_draw"}
    trf_path, back = tmp_path / "old.trf", tmp_path / "back.json"
    assert fp("convert", path, "-o", trf_path)[0] == 0
    assert fp("convert", trf_path, "-o", back)[0] == 0
    assert load_tournament(back)[0].round(1).games[2].flags == {"intentional_draw"}
    code, out, err = fp("result", path, "1=1-0")
    assert code == 0, err
    assert load_tournament(path)[0].round(1).games[2].flags == {"intentional_draw"}
    code, out, err = fp("result", path, "-r", "1", "3=1/2")
    assert code == 0, err
    assert "board 3: P3 (3) - P6 (6) ½-½ (was ½-½ (ID))" in out
    assert not load_tournament(path)[0].round(1).games[2].flags


# --------------------------------------------------------------------------- the command line


def _event(tmp_path: Path, fp: Runner, system: str, *more: str) -> Path:
    csv = tmp_path / f"{system}.csv"
    rows = [f"Player {i},{2400 - 50 * i}" for i in range(1, 7)]
    csv.write_text("name,rating\n" + "\n".join(rows) + "\n", encoding="utf-8")
    path = tmp_path / f"{system}.json"
    code, _, err = fp("new", csv, "-o", path, "-s", system, "-R", 3, *more)
    assert code == 0, err
    code, _, err = fp("next", path)
    assert code == 0, err
    return path


def test_cli_refuses_a_flag_on_dutch_and_takes_it_on_netrunner(tmp_path: Path, fp: Runner) -> None:
    dutch = _event(tmp_path, fp, "dutch")
    before = dutch.read_bytes()
    for entries, what in (
        (["1=1-0", "3=id"], "an intentional draw on board 3"),
        (["player:2=intentional-draw"], "an intentional draw for Player 2 (2)"),
        (["2=0-2"], "a 2-for-1 on board 2"),
    ):
        code, out, err = fp("result", dutch, *entries)
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and "Traceback" not in err
        assert err.startswith(f"fairpair: error: {dutch}: {what} is not a result of the dutch")
        assert "expected one of " in err
        assert dutch.read_bytes() == before  # nothing written, not even board 1
    netrunner = _event(tmp_path, fp, "netrunner")
    code, out, err = fp("result", netrunner, "3=id")
    assert code == 0, err
    assert "board 3: " in out and "(ID)" in out
    assert load_tournament(netrunner)[0].round(1).games[2].flags == {"intentional_draw"}
    before = netrunner.read_bytes()
    code, out, err = fp("result", netrunner, "1=2-0")
    assert code == 2 and err.count("\n") == 1
    assert "a 2-for-1 on board 1 is not a result of a tournament of single rounds" in err
    assert netrunner.read_bytes() == before


# --------------------------------------------------------------------------- the web


def _state(http: Any, tid: str) -> tuple[int, list[str]]:
    version = http.get(f"{API}/tournaments/{tid}").json()["version"]
    boards = http.get(f"{API}/tournaments/{tid}/rounds/1").json()["boards"]
    return version, [b["result"] for b in boards]


def _signed_in(http: Any, tid: str, director: dict[str, str]) -> str:
    """Sign in on the director's page; the form token of its forms."""
    token = director["Authorization"].removeprefix("Bearer ")
    assert sign_in(http, tid, token).status_code == 303
    found = re.search(r'name="form_token" value="([^"]+)"', http.get(f"/t/{tid}/director").text)
    assert found is not None
    return found.group(1)


def _results_form(http: Any, url: str, tid: str, form: str, results: dict[str, str]) -> Any:
    """The director's "results of round 1 on one screen" form posted with ``results``
    (``{"result-2": "id"}``), as the page a browser then shows (the refusal's field is
    the board's result: "Result of board 2: ...")."""
    return http.post(
        f"/t/{tid}/director/rounds/1/results",
        data={"form_token": form, **results},
        headers={"Origin": url},
        follow_redirects=True,
    )


def _web_event(http: Any, system: str, **more: object) -> tuple[str, dict[str, str]]:
    tid, director = create_tournament(http, players=player_rows(6), system=system, **more)
    assert http.post(f"{API}/tournaments/{tid}/rounds", headers=director).status_code == 201
    return tid, director


def test_web_refuses_a_flag_the_system_does_not_record(server: Server) -> None:
    """Dutch: the API answers 400 ``field: result`` and the forms (the whole round's,
    one board's by htmx) say it in a sentence naming the board; nothing changes.
    Netrunner: the API and the form take the intentional draw, not a 2-for-1 in single
    rounds (refused for its board, the other boards of the form not entered either)."""
    httpx = pytest.importorskip("httpx", reason="the web extra is not installed")
    with httpx.Client(base_url=server.url, timeout=60) as http:
        tid, director = _web_event(http, "dutch")
        before = _state(http, tid)
        url = f"{API}/tournaments/{tid}/rounds/1/boards/1"
        refused = http.put(url, json={"result": "id"}, headers=director)
        assert refused.status_code == 400
        body = refused.json()
        assert body["field"] == "result"
        assert body["error"] == "an intentional draw on board 1 is not a result of the dutch system"
        assert body["expected"].startswith("one of 1-0, 0-1, 1/2")
        assert json.dumps(body).count("--") == 1  # the double forfeit, no command-line flag
        form = _signed_in(http, tid, director)
        page = _results_form(http, server.url, tid, form, {"result-2": "1-0", "result-1": "id"})
        assert page.status_code == 400  # the results page, showing the refusal
        assert (
            "Result of board 1: an intentional draw on board 1 is not a result of the "
            "dutch system (expected one of 1-0" in page.text
        )
        fragment = http.post(
            f"/t/{tid}/director/rounds/1/boards/3",
            data={"form_token": form, "result-3": "0-2"},
            headers={"Origin": server.url, "HX-Request": "true"},
        )
        assert fragment.status_code == 200
        assert "a 2-for-1 on board 3 is not a result of the dutch system" in fragment.text
        assert _state(http, tid) == before

        tid, director = _web_event(http, "netrunner")
        url = f"{API}/tournaments/{tid}/rounds/1/boards/1"
        taken = http.put(url, json={"result": "id"}, headers=director)
        assert taken.status_code == 200, taken.text
        assert taken.json()["result"] == "½-½ (ID)"
        before = _state(http, tid)
        refused = http.put(
            f"{API}/tournaments/{tid}/rounds/1/boards/2", json={"result": "2-0"}, headers=director
        )
        assert refused.status_code == 400 and refused.json()["field"] == "result"
        assert (
            "a 2-for-1 on board 2 is not a result of a tournament of single rounds"
            in (refused.json()["error"])
        )
        form = _signed_in(http, tid, director)
        page = _results_form(http, server.url, tid, form, {"result-3": "1-0", "result-2": "0-2"})
        assert "Result of board 2: a 2-for-1 on board 2 is not a result of a tournament" in (
            page.text
        )
        assert _state(http, tid) == before
        saved = _results_form(http, server.url, tid, form, {"result-2": "id"})
        assert "Saved: board 2: " in saved.text and "½-½ (ID)" in saved.text
        assert _state(http, tid)[1][:2] == ["½-½ (ID)", "½-½ (ID)"]
