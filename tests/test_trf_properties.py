"""Property tests: random tournaments round-trip; damaged input fails cleanly."""

from __future__ import annotations

import json
from fractions import Fraction
from fractions import Fraction as F
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair.errors import InputError
from fairpair.formats import jsondoc, trf
from fairpair.model import (
    CONSISTENT_RESULTS,
    ByeKind,
    Colour,
    Game,
    Player,
    PointSystem,
    Round,
    Tournament,
)

VECTOR = (
    Path(__file__).parent / "data" / "vectors" / "dutch-2017" / "public" / "t101004_n9_r2of3.trf"
)
RESULT_PAIRS = sorted(CONSISTENT_RESULTS, key=lambda p: (p[0].value, p[1].value))


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    n = draw(st.integers(min_value=1, max_value=12))
    numbers = draw(st.permutations(range(1, n + 1)))
    players = tuple(
        Player(
            number,
            draw(st.text("abcdefgh ,é", max_size=40)),  # may not fit 33 columns
            rating=draw(st.integers(min_value=-30, max_value=12000)),
            title=draw(st.sampled_from(["", "g", "GM", "WFM", "WGM "])),
            club=draw(st.sampled_from(["", "Pawns"])),
            attributes=draw(st.sampled_from([{}, {"rank": "3k", "city": "Oslo"}])),
            withdrawn_from=draw(st.sampled_from([None, 2])),
            entered_at=draw(st.sampled_from([None, 3])),
        )
        for number in numbers
    )
    rounds = []
    for r in range(1, draw(st.integers(min_value=0, max_value=5)) + 1):
        order = draw(st.permutations(sorted(numbers)))
        n_games = draw(st.integers(min_value=0, max_value=len(order) // 2))
        games = []
        for i in range(n_games):
            a, b = order[2 * i], order[2 * i + 1]
            kind = draw(st.sampled_from(["pending", "result", "uncoloured"]))
            if kind == "pending":
                games.append(Game(a, b))
            else:
                w, bl = draw(st.sampled_from(RESULT_PAIRS))
                games.append(Game(a, b, w, bl, coloured=kind == "result"))
        byes = {}
        for number in order[2 * n_games :]:
            choice = draw(st.sampled_from([None, *ByeKind]))  # None: no entry
            if choice is not None:
                byes[number] = choice
        rounds.append(Round(r, tuple(games), byes))
    points = draw(
        st.sampled_from(
            [
                PointSystem(),
                PointSystem.uniform(3, 1),
                PointSystem(black_win=Fraction(3, 2)),
                PointSystem(half_point_bye=Fraction(1, 3)),
            ]
        )
    )
    return Tournament(
        players=players,
        rounds=tuple(rounds),
        total_rounds=draw(st.sampled_from([None, len(rounds) + 2])),
        points=points,
        system=draw(st.sampled_from([None, "dutch", "mcmahon"])),
        settings=draw(st.sampled_from([{}, {"xxc": ["rank"]}, {"mcmahon": {"bar": "3d"}}])),
        double_rounds=draw(st.booleans()),
        initial_colour=draw(st.sampled_from([None, *Colour])),
        acceleration={
            number: tuple(
                draw(st.lists(st.sampled_from([F(0), F(1, 2), F(1)]), min_size=1, max_size=3))
            )
            for number in draw(st.lists(st.sampled_from(numbers), max_size=3, unique=True))
        },
        forbidden_pairs=frozenset(
            frozenset(pair)
            for pair in (
                draw(
                    st.lists(
                        st.lists(st.sampled_from(numbers), min_size=2, max_size=2, unique=True),
                        max_size=3,
                    )
                )
                if n > 1
                else []
            )
        ),
        headers=draw(st.sampled_from([(), (("012", "Open"), ("022", " Oslo "))])),
        extra_records=draw(st.sampled_from([(), ("### note", "DAT 0001 EMAIL a@b.c")])),
    )


def without_reported(t: Tournament) -> Tournament:
    return t.replace(
        players=tuple(
            Player(**{**vars(p), "reported_points": None, "reported_rank": None}) for p in t.players
        ),
        format_hints={},
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_random_tournaments_round_trip(t: Tournament) -> None:
    text = trf.dumps(t)
    again, warnings = trf.loads(text)
    assert warnings == []
    assert without_reported(again) == t
    assert trf.dumps(again) == text
    doc, _ = jsondoc.loads(jsondoc.dumps(t))
    assert doc == t


SAMPLES = [VECTOR, *sorted((Path(__file__).parent / "data" / "trf").glob("*.trf"))]


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(SAMPLES),
    st.floats(min_value=0, max_value=1, exclude_max=True),
    st.sampled_from(list(b" 0159xwb-=+UHZFwW#\x00\xff\n\r\t")),
)
def test_damaged_trf_fails_cleanly_or_round_trips(path: Path, where: float, byte: int) -> None:
    """Any change to a file: either a one-line InputError, or it is read and written
    back byte-for-byte."""
    data = bytearray(path.read_bytes())
    data[int(where * len(data))] = byte
    try:
        t, _ = trf.loads(bytes(data), file="v.trf")
    except InputError as exc:
        rendered = str(exc)
        assert rendered.startswith("v.trf:") and "\n" not in rendered
    else:
        assert trf.dumps(t).encode("utf-8") == bytes(data)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_damaged_json_fails_cleanly(data: st.DataObject) -> None:
    t, _ = trf.load(VECTOR)
    doc = json.loads(jsondoc.dumps(t))
    # replace one value somewhere in the document by something else
    path: list[str | int] = []
    node = doc
    while isinstance(node, dict | list) and node:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = data.draw(st.sampled_from(keys))
        path.append(key)
        if data.draw(st.booleans()):
            break
        node = node[key]  # type: ignore[index]
    replacement = data.draw(
        st.one_of(st.none(), st.integers(-3, 20), st.text(max_size=3), st.just([]), st.just({}))
    )
    target = doc
    for key in path[:-1]:
        target = target[key]  # type: ignore[index]
    if path:
        target[path[-1]] = replacement  # type: ignore[index]
    try:
        jsondoc.loads(json.dumps(doc, indent=1), file="v.json")
    except InputError as exc:
        assert str(exc).startswith("v.json:") and "\n" not in str(exc)
