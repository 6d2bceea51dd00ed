"""The JSON tournament document: contents, numbers, schema validation, errors."""

from __future__ import annotations

import importlib
import json
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from fairpair.errors import InputError
from fairpair.formats import jsondoc, trf
from fairpair.model import (
    Board,
    ByeKind,
    Colour,
    Game,
    Pairing,
    Player,
    PointSystem,
    ResultCode,
    Round,
    Tournament,
)

ROOT = Path(__file__).parent.parent
VECTORS = Path(__file__).parent / "data" / "vectors"


def everything() -> Tournament:
    """A tournament using every field of the model, including what TRF cannot hold."""
    players = (
        Player(
            1,
            "Ann",
            rating=2100,
            title="FM",
            sex="w",
            federation="NOR",
            fide_id="1503014",
            birth_date="1990/01/02",
            club="Pawns",
            attributes={"rank": "3d", "city": "Oslo", "family": "A"},
            reported_points=Fraction(3, 2),  # a win with black is worth 1.5 here
            reported_rank=1,
        ),
        Player(2, "Bob", rating=2000, withdrawn_from=3),
        Player(3, "Cy", entered_at=2),
        Player(4, "Di"),
    )
    points = PointSystem(black_win=Fraction(3, 2), half_point_bye=Fraction(1, 3))
    rounds = (
        Round(
            1, games=(Game(4, 1, ResultCode.LOSS, ResultCode.WIN),), byes={2: ByeKind.HALF_POINT}
        ),
        Round(
            2,
            games=(
                Game(1, 2, ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS, coloured=False),
                Game(3, 4),
            ),
        ),
        Round(3, byes={4: ByeKind.ABSENT, 2: ByeKind.ZERO_POINT}),
    )
    return Tournament(
        players=players,
        rounds=rounds,
        total_rounds=5,
        points=points,
        initial_colour=Colour.BLACK,
        headers=(("012", "Everything Open"), ("022", "Oslo")),
        system="mcmahon",
        settings={"bar": 3, "bands": [[1, 2]], "handicap": {"max": 9, "komi": 6.5}},
        acceleration={1: (Fraction(1), Fraction(1, 2))},
        forbidden_pairs=frozenset({frozenset({1, 3})}),
        double_rounds=True,
        extra_records=("### comment",),
        format_hints={"layout": ["012 Everything Open", 1, 2], "lines": {"1": "001 ..."}},
    )


def test_everything_round_trips() -> None:
    t = everything()
    text = jsondoc.dumps(t)
    again, warnings = jsondoc.loads(text)
    assert again == t
    assert warnings == []
    assert jsondoc.dumps(again) == text


def test_document_shape() -> None:
    doc = json.loads(jsondoc.dumps(everything()))
    assert doc["format"] == "fairpair-tournament" and doc["version"] == 1
    assert doc["initial_colour"] == "black"
    assert doc["players"][0]["attributes"] == {"rank": "3d", "city": "Oslo", "family": "A"}
    assert doc["players"][1]["withdrawn_from"] == 3
    assert doc["rounds"][0]["byes"] == {"2": "half_point"}
    assert doc["rounds"][1]["games"][0] == {
        "white": 1,
        "black": 2,
        "white_result": "-",
        "black_result": "-",
        "coloured": False,
    }
    assert doc["rounds"][1]["games"][1] == {"white": 3, "black": 4}  # pending
    assert doc["acceleration"] == {"1": [1, 0.5]}
    assert doc["forbidden_pairs"] == [[1, 3]]


def test_points_are_numbers_when_exact_else_fractions() -> None:
    doc = json.loads(jsondoc.dumps(everything()))
    assert doc["points"]["white_win"] == 1
    assert doc["points"]["black_win"] == 1.5
    assert doc["points"]["white_draw"] == 0.5
    assert doc["points"]["half_point_bye"] == "1/3"


def test_decimals_are_read_exactly() -> None:
    # 0.1 is not a binary float; it must become exactly 1/10
    doc = minimal()
    doc["points"] = {"white_draw": 0.1, "black_draw": "0.3", "white_win": "2/3"}
    t, _ = jsondoc.loads(json.dumps(doc))
    assert t.points.white_draw == Fraction(1, 10)
    assert t.points.black_draw == Fraction(3, 10)
    assert t.points.white_win == Fraction(2, 3)


def test_settings_stay_plain_json() -> None:
    t, _ = jsondoc.loads(jsondoc.dumps(everything()))
    assert t.settings["handicap"] == {"max": 9, "komi": 6.5}
    assert isinstance(t.settings["handicap"]["komi"], float)


def test_docs_example_is_valid_and_complete() -> None:
    """The example in docs/json-format.md loads, and shows every top-level field."""
    doc_text = (ROOT / "docs" / "json-format.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", doc_text, flags=re.S)
    assert blocks
    t, warnings = jsondoc.loads(blocks[0], file="json-format.md")
    assert warnings == []
    example = json.loads(blocks[0])
    top_level = set(jsondoc.schema()["properties"]) - {"format_hints"}
    assert top_level <= set(example)
    # TRF -> JSON -> TRF of the example's TRF form is stable
    assert trf.loads(trf.dumps(t))[0].replace(players=t.players) == t


def minimal() -> dict[str, Any]:
    return {
        "format": "fairpair-tournament",
        "version": 1,
        "players": [{"number": 1, "name": "A"}, {"number": 2, "name": "B"}],
        "rounds": [
            {
                "number": 1,
                "games": [{"white": 1, "black": 2, "white_result": "1", "black_result": "0"}],
            }
        ],
    }


def mutated(change: Any) -> str:
    doc = minimal()
    change(doc)
    return json.dumps(doc, indent=2)


ERRORS: list[tuple[str, Any, str, str]] = [
    (
        "rating is a string",
        lambda d: d["players"][1].__setitem__("rating", "abc"),
        "12:17",
        '$.players[1].rating: found "abc", expected a value of type integer',
    ),
    (
        "missing pairing number",
        lambda d: d["players"][1].pop("number"),
        "9:5",
        '$.players[1]: "number" is missing',
    ),
    (
        "not a fairpair document",
        lambda d: d.pop("format"),
        "1:1",
        '$: not a fairpair JSON document ("format" is missing), expected a fairpair JSON '
        'document, beginning "format": "fairpair-tournament"',
    ),
    (
        "unknown property",
        lambda d: d["players"][0].__setitem__("colour", "x"),
        "5:5",
        '$.players[0]: unknown property "colour"',
    ),
    (
        "unknown result code",
        lambda d: d["rounds"][0]["games"][0].__setitem__("white_result", "2"),
        "21:27",
        '$.rounds[0].games[0].white_result: found "2", expected one of "1", "0", "="',
    ),
    ("wrong version", lambda d: d.__setitem__("version", 2), "3:14", "$.version: found 2"),
    (
        "not points",
        lambda d: d.__setitem__("points", {"white_win": "x"}),
        "28:18",
        '$.points.white_win: found "x", expected a number or a fraction string like "1/3"',
    ),
    (
        "unknown bye kind",
        lambda d: d["rounds"][0].__setitem__("byes", {"3": "half"}),
        "26:14",
        '$.rounds[0].byes["3"]: found "half", expected one of "pairing_allocated"',
    ),
    (
        "duplicate pairing number",
        lambda d: d["players"][1].__setitem__("number", 1),
        "10:17",
        "$.players[1].number: pairing number 1 is used twice (also $.players[0])",
    ),
    (
        "game with a player who does not exist",
        lambda d: d["rounds"][0]["games"][0].__setitem__("black", 7),
        "20:20",
        "$.rounds[0].games[0].black: player 7 does not exist",
    ),
    (
        "game against himself",
        lambda d: d["rounds"][0]["games"][0].__setitem__("black", 1),
        "20:20",
        "$.rounds[0].games[0].black: player 1 is already in $.rounds[0].games[0]",
    ),
    (
        "second game in a round",
        lambda d: d["rounds"][0]["games"].append({"white": 2, "black": 1}),
        "25:20",
        "$.rounds[0].games[1].white: player 2 is already in $.rounds[0].games[0]",
    ),
    (
        "game of two players who do not exist",
        lambda d: d["rounds"][0]["games"][0].update(white=7, black=7),
        "19:20",
        "$.rounds[0].games[0].white: player 7 does not exist",
    ),
    (
        "player twice in a round",
        lambda d: d["rounds"][0].__setitem__("byes", {"1": "half_point"}),
        "26:14",
        '$.rounds[0].byes["1"]: player 1 has a bye and is in $.rounds[0].games[0]',
    ),
    (
        "both won",
        lambda d: d["rounds"][0]["games"][0].__setitem__("black_result", "1"),
        "22:27",
        "$.rounds[0].games[0].black_result: inconsistent results '1' and '1'",
    ),
    (
        "one result only",
        lambda d: d["rounds"][0]["games"][0].pop("black_result"),
        "18:9",
        "$.rounds[0].games[0]: only one result is given",
    ),
    (
        "rounds out of order",
        lambda d: d["rounds"][0].__setitem__("number", 2),
        "16:17",
        "$.rounds[0].number: round number 2, expected 1",
    ),
    (
        "more rounds than total_rounds",
        lambda d: d.__setitem__("total_rounds", 1)
        or d["rounds"].append(d["rounds"][0] | {"number": 2}),
        "26:5",
        "$.rounds[1]: round 2 has entries, but total_rounds is 1, expected at most 1 round",
    ),
    (
        "acceleration of a player who does not exist",
        lambda d: d.__setitem__("acceleration", {"9": [1]}),
        "28:10",
        '$.acceleration["9"]: player 9 does not exist',
    ),
]


@pytest.mark.parametrize(
    ("change", "where", "message"), [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS]
)
def test_bad_documents(change: Any, where: str, message: str) -> None:
    source = mutated(change)
    with pytest.raises(InputError) as info:
        jsondoc.loads(source, file="t.json")
    rendered = str(info.value)
    assert rendered.startswith(f"t.json:{where}: "), rendered
    assert message in rendered
    assert "\n" not in rendered


@pytest.mark.parametrize(
    ("source", "where", "message"),
    [
        ('{"format": "fairpair-tournament",\n "players": [}\n', "2:14", "invalid JSON"),
        ("", "1:1", "empty file"),
        ("[1, 2]", "1:1", "$: found [1, 2], expected a value of type object"),
        (b'{"a": "\x00"}', "1:8", "binary data"),
        (b'{"a": "\xe9"}', "1:8", "byte 0xE9 is not valid UTF-8"),
    ],
)
def test_unreadable_documents(source: str | bytes, where: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        jsondoc.loads(source, file="t.json")
    assert str(info.value).startswith(f"t.json:{where}: ")
    assert message in str(info.value)


def test_quick_validator_agrees_with_jsonschema() -> None:
    """The fast pre-check never accepts what jsonschema rejects (and vice versa)."""
    validator = jsonschema.Draft202012Validator(jsondoc.schema())
    documents = [json.loads(jsondoc.dumps(everything())), minimal()]
    for path in sorted(VECTORS.rglob("*.trf"))[:40]:
        documents.append(json.loads(jsondoc.dumps(trf.load(path)[0])))
    for _name, change, *_ in ERRORS:
        doc = minimal()
        change(doc)
        documents.append(doc)
    documents += [
        {**minimal(), "extra": 1},
        {**minimal(), "points": {"white_win": True}},
        {**minimal(), "total_rounds": 0},
        {**minimal(), "headers": [["12", "x"]]},
        {**minimal(), "headers": [["012"]]},
        {**minimal(), "players": [{"number": 1, "sex": "mm"}]},
        {**minimal(), "players": [{"number": True}]},
        {**minimal(), "forbidden_pairs": [[1, 2, 3]]},
        {**minimal(), "initial_colour": "red"},
        {**minimal(), "acceleration": {"x": [1]}},
    ]
    for doc in documents:
        assert jsondoc._quick_valid(jsondoc._inlined_schema(), doc) == validator.is_valid(doc)


@pytest.mark.parametrize(
    "change",
    [
        {"rounds": [{"number": 1, "games": [{"corp": 1, "runner": 2}]}]},
        {"rounds": [{"number": 1, "games": [{"white": 1, "runner": 2}]}]},
        {"rounds": [{"number": 1, "games": [{"white": 1}]}]},
        {"rounds": [{"number": 1, "games": [{"white": 1, "black": 2, "white_result": None}]}]},
        {"rounds": [{"number": 1, "games": [{"white": 1, "black": 2, "white_result": 1}]}]},
        {"rounds": [{"number": 1, "games": [{"white": 1, "black": 2, "coloured": 0}]}]},
        {"rounds": [{"number": 1, "games": [], "byes": {"1": None}}]},
        {"rounds": [{"number": 1, "byes": {"01": "absent"}}]},
        {"players": [{"number": 1, "withdrawn_from": None, "entered_at": 2}]},
        {"players": [{"number": 1, "withdrawn_from": "2"}]},
        {"players": [{"number": 1, "reported_rank": -1}]},
        {"players": [{"number": 1, "reported_points": None}]},
        {"players": [{"number": 1, "reported_points": "1/0"}]},
        {"players": [{"number": 1, "attributes": {"a": "x", "b": 2}}]},
        {"players": {"number": 1}},
        {"system": None, "total_rounds": None, "initial_colour": None},
        {"system": 5},
        {"initial_colour": False},
        {"version": True},
        {"format_hints": {"layout": ["012", 1, 2.5]}},
        {"format_hints": {"line_ends": "nx"}},
        {"format_hints": {"lines": {"1": "x"}, "bom": True, "newline": "\r\n"}},
        {"headers": [["152", "x"]]},
        {"headers": [["012", 5]]},
        {"forbidden_pairs": [[1, 0]]},
        {"forbidden_pairs": [[1]]},
        {"acceleration": {"1": [1, "1/2", None]}},
        {"points": {"white_win": "2.5", "black_win": -1, "white_draw": "x"}},
        {"double_rounds": 1},
        {"extra_records": ["a", "b\n"]},
    ],
)
def test_quick_validator_agrees_on_each_keyword(change: dict[str, Any]) -> None:
    """Every kind of schema node the fast check compiles, valid and not."""
    validator = jsonschema.Draft202012Validator(jsondoc.schema())
    doc = {**minimal(), **change}
    assert jsondoc._quick_valid(jsondoc._inlined_schema(), doc) == validator.is_valid(doc)


@pytest.mark.parametrize("change", [{"version": Decimal("1.0")}, {"version": 1.0}])
def test_quick_validator_may_only_be_stricter(change: dict[str, Any]) -> None:
    """Numbers written with a fraction part (read as Decimal) are never integers for the
    fast check, nor equal to an integer constant; jsonschema then decides."""
    validator = jsonschema.Draft202012Validator(jsondoc.schema())
    doc = {**minimal(), **change}
    assert validator.is_valid(doc)
    assert not jsondoc._quick_valid(jsondoc._inlined_schema(), doc)


def test_json_trf_json_is_lossless() -> None:
    """Everything survives a trip through TRF (what TRF cannot say goes in FPJ)."""
    t = everything().replace(format_hints={}, extra_records=())
    again, warnings = trf.loads(trf.dumps(t))
    assert warnings == []
    # TRF always has a points column: reading it fills reported_points
    filled = [p.reported_points for p in again.players]
    # (player 2's half-point bye is worth 1/3, which the 4-column field rounds)
    assert filled == [Fraction(3, 2), Fraction(33, 100), Fraction(0), Fraction(0)]
    assert again.replace(players=t.players) == t
    for mine, theirs in zip(again.players, t.players, strict=True):
        assert mine == Player(**{**vars(theirs), "reported_points": mine.reported_points})
    assert again.points.half_point_bye == Fraction(1, 3)  # exact, via FPJ


def test_json_trf_json_fills_reported_points() -> None:
    t = Tournament(players=(Player(1, "A"), Player(2, "B")), total_rounds=2)
    t = t.with_pairing(Pairing(round=1, boards=(Board(1, 2),)))
    t = t.with_results(1, {(1, 2): (ResultCode.DRAW, ResultCode.DRAW)})
    again, _ = trf.loads(trf.dumps(t))
    assert [p.reported_points for p in again.players] == [Fraction(1, 2), Fraction(1, 2)]
    assert again.replace(players=t.players) == t


def test_warnings_can_be_left_out() -> None:
    """A reader with no use for the warnings (the web app's store, reading back what it
    wrote) gets the same tournament and no warnings, which are then not made."""
    t = Tournament(
        players=(Player(1, "A", reported_points=Fraction(0)), Player(2, "B")), total_rounds=2
    )
    t = t.with_pairing(Pairing(round=1, boards=(Board(1, 2),)))
    t = t.with_results(1, {(1, 2): (ResultCode.WIN, ResultCode.LOSS)})
    text = jsondoc.dumps(t)
    read, warnings = jsondoc.loads(text, file="t.json")
    assert len(warnings) == 1 and "$.players[0].reported_points: 0, but" in warnings[0]
    quiet, none = jsondoc.loads(text, file="t.json", unique_keys=True, warnings=False)
    assert none == [] and quiet == read == t


def test_file_functions(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    jsondoc.dump(everything(), path)
    assert jsondoc.load(path)[0] == everything()
    with pytest.raises(InputError, match="cannot read file"):
        jsondoc.load(tmp_path / "missing.json")


@pytest.mark.parametrize(
    ("headers", "extra"),
    [([["001", "x"]], []), ([["142", "9"]], []), ([["012", "a\nb"]], []), ([], ["a\r\nb"])],
)
def test_headers_and_records_that_would_break_a_trf(headers: Any, extra: Any) -> None:
    doc = {**minimal(), "headers": headers, "extra_records": extra}
    with pytest.raises(InputError, match=r"expected a string matching|found"):
        jsondoc.loads(json.dumps(doc))
    validator = jsonschema.Draft202012Validator(jsondoc.schema())
    assert not validator.is_valid(doc)
    assert not jsondoc._quick_valid(jsondoc._inlined_schema(), doc)


def test_format_hints_are_checked() -> None:
    doc = {**minimal(), "format_hints": {"lines": None}}
    with pytest.raises(InputError, match=r"\$\.format_hints\.lines: found null"):
        jsondoc.loads(json.dumps(doc))
    doc = {**minimal(), "format_hints": {"newline": "\t"}}
    with pytest.raises(InputError, match=r"\$\.format_hints\.newline"):
        jsondoc.loads(json.dumps(doc))


def test_netrunner_games_use_side_names() -> None:
    """Netrunner documents name the sides: corp (the model's white) and runner. The
    writer uses the side names its caller gives (the system's descriptor's), the reader
    accepts every pair the format knows."""
    from fairpair.model import Game, Player, ResultCode, Round, Tournament

    t = Tournament(
        players=(Player(1, "Ann"), Player(2, "Bob")),
        rounds=(Round(1, (Game(2, 1, ResultCode.WIN, ResultCode.LOSS),)),),
        system="netrunner",
    )
    assert jsondoc.SIDE_PAIRS == (("white", "black"), ("corp", "runner"))
    text = jsondoc.dumps(t, sides=("corp", "runner"))
    assert '"corp": 2, "runner": 1, "corp_result": "1", "runner_result": "0"' in text
    assert '"white"' not in text
    assert jsondoc.to_document(t, sides=("corp", "runner"))["rounds"][0]["games"][0] == {
        "corp": 2,
        "runner": 1,
        "corp_result": "1",
        "runner_result": "0",
    }
    again, _ = jsondoc.loads(text)
    assert again == t
    by_colour = jsondoc.dumps(t)  # no side names given: the colours
    assert '"white": 2, "black": 1' in by_colour
    assert jsondoc.loads(by_colour)[0] == t
    with pytest.raises(ValueError, match="side names"):
        jsondoc.dumps(t, sides=("left", "right"))
    # Errors name the document's own keys.
    bad = text.replace('"runner": 1', '"runner": 7')
    with pytest.raises(InputError, match=r"games\[0\]\.runner: player 7 does not exist"):
        jsondoc.loads(bad, file="nr.json")
    pending = text.replace(', "runner_result": "0"', "")
    with pytest.raises(InputError, match="both corp_result and runner_result"):
        jsondoc.loads(pending, file="nr.json")


# -- the fast writer and reader (issue 15: documents of 500,000 games) -----------------


def test_written_text_is_the_pretty_layout() -> None:
    """dumps writes exactly what the definition of the layout (_pretty) writes, for
    random tournaments, Netrunner side names, long pairing numbers (game lines over the
    width) and games a reader would refuse (one result only)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from fairpair.formats.jsondoc import writer
    from helpers import any_tournaments

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(any_tournaments, st.sampled_from(jsondoc.SIDE_PAIRS), st.booleans())
    def check(t: Tournament, sides: tuple[str, str], long_numbers: bool) -> None:
        if long_numbers:
            renumber = {p.number: p.number * 1_000_003 for p in t.players}
            t = t.replace(
                players=tuple(Player(renumber[p.number], p.name) for p in t.players),
                rounds=tuple(
                    Round(
                        r.number,
                        tuple(
                            Game(
                                renumber.get(g.white, g.white),
                                renumber.get(g.black, g.black),
                                g.white_result,
                                g.black_result,
                                g.coloured,
                            )
                            for g in r.games
                        ),
                        {renumber.get(n, n): k for n, k in r.byes.items()},
                    )
                    for r in t.rounds
                ),
            )
        document = jsondoc.to_document(t, sides=sides)
        assert jsondoc.dumps(t, sides=sides) == writer._pretty(document, 0) + "\n"

    check()


@pytest.mark.slow
def test_render_is_pretty() -> None:
    """_render (the fast writer of any JSON value) is _pretty, also for the values only
    _pretty itself writes (tuples, floats that are not finite, keys that are not
    strings, subclasses)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from fairpair.formats.jsondoc import writer

    class Text(str):
        pass

    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**20), max_value=10**20),
        st.floats(),
        st.text(max_size=12),
        st.text("ab", max_size=3).map(Text),
    )
    keys = st.one_of(st.text(max_size=8), st.integers(min_value=0, max_value=99))
    values = st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=6),
            st.lists(inner, max_size=3).map(tuple),
            st.dictionaries(keys, inner, max_size=6),
        ),
        max_leaves=40,
    )

    @settings(max_examples=1500, deadline=None)
    @given(values, st.integers(min_value=0, max_value=90))
    def check(value: Any, indent: int) -> None:
        assert writer._render(value, indent) == writer._pretty(value, indent)

    check()


def test_brackets_outside_strings() -> None:
    """The brackets the depth check counts: those outside strings, found at C speed
    for the usual documents, by a regular expression for the others."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from fairpair.formats import jsontext

    @settings(max_examples=2000, deadline=None)
    @given(st.text('"\\[]{}a :é', max_size=40))
    def check(text: str) -> None:
        outside = jsontext._STRING.sub("", text).encode("utf-8", "surrogatepass")
        expected = outside.translate(None, jsontext._NOT_BRACKET)
        assert jsontext._brackets_outside_strings(text) == expected

    check()


@pytest.mark.slow
def test_games_are_checked_where_they_are_read() -> None:
    """The reader checks the games of a document where it reads them, and the rest of
    the document first: for the schema fairpair ships, and only where a game surely
    fits the schema of a game (else the whole document is validated as before)."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    schema_module = importlib.import_module("fairpair.formats.jsondoc.schema")

    assert schema_module._games_unchecked() is not None
    game_schema = schema_module._game_node(schema_module._inlined_schema())
    validator = jsonschema.Draft202012Validator(game_schema)
    values = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-1, max_value=3),
        st.sampled_from(["1", "=", "x", "L", ""]),
        st.decimals(min_value=0, max_value=3, places=1),
        st.lists(st.integers(), max_size=1),
    )
    keys = st.sampled_from(
        [
            *("white", "black", "corp", "runner", "white_result", "black_result"),
            *("corp_result", "runner_result", "coloured", "colour"),
        ]
    )

    @settings(max_examples=2000, deadline=None)
    @given(st.one_of(st.dictionaries(keys, values, max_size=6), values))
    def check(game: Any) -> None:
        if schema_module.game_check(game):
            assert validator.is_valid(game)

    check()
    good = {"white": 1, "black": 2, "white_result": "1", "black_result": "0", "coloured": False}
    assert schema_module.game_check(good)
    assert schema_module.game_check({"corp": 3, "runner": 4, "corp_result": None})


@pytest.mark.parametrize(
    ("case", "change", "message"),
    [
        # a schema error in a late game wins over a consistency error in an early one
        (
            "late schema error",
            lambda d: d["rounds"][0]["games"].extend(
                [{"white": 1, "black": 9}, {"white": 3, "black": 4, "white_result": "x"}]
            ),
            '$.rounds[0].games[2].white_result: found "x"',
        ),
        (
            "early consistency error",
            lambda d: d["rounds"][0]["games"].extend([{"white": 1, "black": 9}]),
            "player 1 is already in $.rounds[0].games[0]",
        ),
        (
            "a game the game check leaves to the schema",
            lambda d: d["rounds"][0]["games"][0].__setitem__("coloured", 1),
            "$.rounds[0].games[0].coloured: found 1, expected a value of type boolean",
        ),
    ],
)
def test_schema_errors_come_first(case: str, change: Any, message: str) -> None:
    with pytest.raises(InputError) as info:
        jsondoc.loads(mutated(change))
    assert message in str(info.value), case
