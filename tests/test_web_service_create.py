"""Creating a tournament in the web service: from the JSON players of a request
(``Service.create``) and from an uploaded CSV player list (``Service.create_from_list``).

The two share their Go/chess branching; these tests pin what each returns (the stored
tournament is the one the workflow makes from the same players) and every refusal
(status, field, message, expected), so that folding the branching into one function
changes no output. A real SQLite store, no server.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sqlalchemy", reason="the web extra is not installed")
pytest.importorskip("fastapi", reason="the web extra is not installed")

from fairpair import workflow as wf
from fairpair.formats import jsondoc
from fairpair.formats.csv import chess_players, read_table
from fairpair.model import Player, Tournament
from fairpair.web.errors import ApiError
from fairpair.web.models import PlayerIn, TournamentIn
from fairpair.web.service import Service
from fairpair.web.store import Store


@pytest.fixture
def service(tmp_path: Path) -> Iterator[Service]:
    store = Store(str(tmp_path / "web.sqlite"))
    yield Service(store)
    store.engine.dispose()


def _stored(service: Service, tid: str) -> str:
    return jsondoc.dumps(service.load(tid).tournament)


def _refusal(call: Any, *args: Any) -> tuple[int, dict[str, Any]]:
    with pytest.raises(ApiError) as caught:
        call(*args)
    return caught.value.status, caught.value.body()


CHESS_CSV = "name,rating\nAnn,2000\nBob,1900\nCy,\n"
GO_CSV = "name,rank,rating\nKim,3k,\nLee,1d,-4.3\n"


def _chess_spec(**fields: Any) -> TournamentIn:
    return TournamentIn(system="dutch", rounds=5, name="Open", **fields)


def _chess_players() -> list[PlayerIn]:
    return [
        PlayerIn(name="Ann", rating=2000),
        PlayerIn(name="Bob", rating=1900),
        PlayerIn(name="Cy"),
    ]


def test_chess_players_from_the_request_and_from_a_list_make_the_workflows_tournament(
    service: Service,
) -> None:
    direct = wf.new_tournament(
        chess_players(read_table(CHESS_CSV, "players.csv")),
        system="dutch",
        rounds=5,
        name="Open",
        options={"rules": "2026"},
    )
    from_request, _ = service.create(
        _chess_spec(players=_chess_players(), options={"rules": "2026"})
    )
    from_list, _ = service.create_from_list(
        _chess_spec(options={"rules": "2026"}), CHESS_CSV, "players.csv"
    )
    assert _stored(service, from_request) == jsondoc.dumps(direct)
    assert _stored(service, from_list) == jsondoc.dumps(direct)


def test_double_rounds_and_seeding_reach_the_workflow(service: Service) -> None:
    players = [*_chess_players(), PlayerIn(name="Dee")]
    spec = TournamentIn(system="tcec", rounds=4, players=players, double=True)
    tid, _ = service.create(spec)
    csv = CHESS_CSV + "Dee,\n"
    listed, _ = service.create_from_list(spec.model_copy(update={"players": []}), csv, "x.csv")
    direct = wf.new_tournament(
        chess_players(read_table(csv, "x.csv")), system="tcec", rounds=4, double=True
    )
    assert _stored(service, tid) == _stored(service, listed) == jsondoc.dumps(direct)


def test_a_chess_event_without_players_yet(service: Service) -> None:
    tid, _ = service.create(_chess_spec())
    t = service.load(tid).tournament
    assert t.players == () and t.system == "dutch" and t.total_rounds == 5
    # the workflow's event of one player, without him
    one = wf.new_tournament([Player(1, "Ann")], system="dutch", rounds=5, name="Open")
    assert jsondoc.dumps(t) == jsondoc.dumps(one.replace(players=()))


def test_go_players_from_the_request_and_from_a_list_make_the_workflows_tournament(
    service: Service,
) -> None:
    players = [PlayerIn(name="Kim", rank="3k"), PlayerIn(name="Lee", rank="1d", rating="-4.3")]
    spec = TournamentIn(system="mcmahon", rounds=5, name="Go", players=players, bar="1d")
    direct: Tournament = wf.new_mcmahon_tournament(
        GO_CSV, "players.csv", rounds=5, name="Go", bar="1d", zero="top", options={}
    )
    from_request, _ = service.create(spec)
    from_list, _ = service.create_from_list(
        spec.model_copy(update={"players": []}), GO_CSV, "players.csv"
    )
    assert _stored(service, from_request) == jsondoc.dumps(direct)
    assert _stored(service, from_list) == jsondoc.dumps(direct)


#: (what, spec, the status and body of the refusal of ``create``)
_CREATE_REFUSALS: list[tuple[str, TournamentIn, tuple[int, dict[str, Any]]]] = [
    (
        "a bar for chess",
        _chess_spec(players=_chess_players(), bar="5d"),
        (400, {"error": "bar", "field": "bar", "expected": "no bar (McMahon only)"}),
    ),
    (
        "a band in a new event",
        _chess_spec(players=[PlayerIn(name="A", band=1)]),
        (
            400,
            {
                "error": "from_round/band in a new tournament",
                "field": "players[0]",
                "expected": "no from_round or band (they are for late entries)",
            },
        ),
    ),
    (
        "a rating that is no number",
        _chess_spec(players=[PlayerIn(name="A", rating="abc")]),
        (
            400,
            {
                "error": "rating 'abc'",
                "field": "players[0].rating",
                "expected": "an integer from 0 to 9999",
            },
        ),
    ),
    (
        "no rounds",
        TournamentIn(system="dutch", rounds=0, players=_chess_players()),
        (
            400,
            {"error": "0 rounds", "field": "rounds", "expected": "a number of rounds from 1 to 99"},
        ),
    ),
    (
        "no rounds, no players",
        TournamentIn(system="dutch", rounds=0),
        (
            400,
            {"error": "0 rounds", "field": "rounds", "expected": "a number of rounds from 1 to 99"},
        ),
    ),
    (
        "an unknown option",
        TournamentIn(system="dutch", rounds=5, options={"zzz": 1}),
        (
            400,
            {
                "error": "option 'zzz' is not an option of dutch",
                "field": "options.zzz",
                "expected": "one of: explain, rules, seed",
            },
        ),
    ),
    (
        "a Go rank that is none",
        TournamentIn(system="mcmahon", rounds=5, players=[PlayerIn(name="Kim", rank="99x")]),
        (
            400,
            {
                "error": "found rank '99x'",
                "field": "players[0].rank",
                "expected": "a rank like 5k, 1d or 2p",
            },
        ),
    ),
    (
        "a Go event without players",
        TournamentIn(system="mcmahon", rounds=5),
        (
            400,
            {
                "error": "line 1: the list has a header but no players",
                "field": "players",
                "expected": "one player per line after the header",
            },
        ),
    ),
]


@pytest.mark.parametrize(
    ("spec", "refusal"), [c[1:] for c in _CREATE_REFUSALS], ids=[c[0] for c in _CREATE_REFUSALS]
)
def test_refusals_of_a_new_event_from_the_request(
    service: Service, spec: TournamentIn, refusal: tuple[int, dict[str, Any]]
) -> None:
    assert _refusal(service.create, spec) == refusal


#: (what, spec, the CSV list, the status and body of the refusal of ``create_from_list``)
_LIST_REFUSALS: list[tuple[str, TournamentIn, str, tuple[int, dict[str, Any]]]] = [
    (
        "a header only",
        _chess_spec(),
        "name,rating\n",
        (
            400,
            {
                "error": "line 1: the list has a header but no players",
                "field": "file",
                "expected": "one player per line after the header",
            },
        ),
    ),
    (
        "a rating that is no number",
        _chess_spec(),
        "name,rating\nAnn,abc\n",
        (
            400,
            {
                "error": "line 2, column 2: rating 'abc'",
                "field": "file",
                "expected": "an integer from 0 to 9999",
            },
        ),
    ),
    (
        "a bar for chess",
        _chess_spec(bar="3d"),
        CHESS_CSV,
        (400, {"error": "bar", "field": "bar", "expected": "no bar (McMahon only)"}),
    ),
    (
        "no rounds",
        TournamentIn(system="dutch", rounds=0),
        CHESS_CSV,
        (
            400,
            {"error": "0 rounds", "field": "rounds", "expected": "a number of rounds from 1 to 99"},
        ),
    ),
    (
        "a Go rank that is none",
        TournamentIn(system="mcmahon", rounds=5),
        "name,rank\nKim,99x\n",
        (
            400,
            {
                "error": "line 2, column 2: found rank '99x'",
                "field": "file",
                "expected": "a rank like 5k, 1d or 2p",
            },
        ),
    ),
    (
        "an unknown option",
        TournamentIn(system="dutch", rounds=5, options={"zzz": 1}),
        CHESS_CSV,
        (
            400,
            {
                "error": "option 'zzz' is not an option of dutch",
                "field": "options.zzz",
                "expected": "one of: explain, rules, seed",
            },
        ),
    ),
]


@pytest.mark.parametrize(
    ("spec", "text", "refusal"), [c[1:] for c in _LIST_REFUSALS], ids=[c[0] for c in _LIST_REFUSALS]
)
def test_refusals_of_a_new_event_from_a_player_list(
    service: Service, spec: TournamentIn, text: str, refusal: tuple[int, dict[str, Any]]
) -> None:
    assert _refusal(service.create_from_list, spec, text, "players.csv") == refusal
