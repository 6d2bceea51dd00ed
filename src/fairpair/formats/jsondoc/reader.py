"""Reading the JSON document: :func:`loads` and :func:`load`.

The text is decoded and parsed (numbers as exact decimals), validated against the
schema, then converted and checked for consistency: unique pairing numbers, games
between existing players, each player at most once per round, matching results.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from fairpair.errors import InputError
from fairpair.formats.jsondoc.locate import JsonPath, Locator, _json_path
from fairpair.formats.jsondoc.schema import validate
from fairpair.formats.jsondoc.values import (
    _BYE_KINDS,
    _as_white_black,
    _plain,
    _points_from_json,
    _points_to_json,
)
from fairpair.formats.trf import computed_scores, points_column_agrees
from fairpair.model import (
    CONSISTENT_RESULTS,
    ByeKind,
    Colour,
    Game,
    Player,
    PointSystem,
    ResultCode,
    Round,
    Tournament,
)

_NO_PLAYER = "the number of a player in $.players"


def loads(text: str | bytes, *, file: str = "<input>") -> tuple[Tournament, list[str]]:
    """Read a JSON tournament document; return the tournament and warnings."""
    decoded = _decode(text, file)
    if not decoded.strip():
        raise InputError(
            "empty file", expected="a JSON tournament document", file=file, line=1, column=1
        )
    try:
        data = json.loads(decoded, parse_float=Decimal)
    except json.JSONDecodeError as exc:
        raise InputError(
            f"invalid JSON: {exc.msg}",
            expected="a JSON document",
            file=file,
            line=exc.lineno,
            column=exc.colno,
        ) from None
    where = Locator(decoded, file)
    validate(data, where)
    t = _tournament(data, where)
    return t, _warnings(t, where)


def load(path: str | os.PathLike[str]) -> tuple[Tournament, list[str]]:
    """Read a JSON document file (see :func:`loads`)."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", file=name) from None
    return loads(data, file=name)


def _decode(text: str | bytes, file: str) -> str:
    """The document as text, without a byte-order mark."""
    if not isinstance(text, bytes):
        return text.removeprefix("\ufeff")
    if b"\0" in text:
        offset = text.index(b"\0")
        line, col = _position(text, offset)
        raise InputError(
            "binary data (a NUL byte)",
            expected="a JSON text file",
            file=file,
            line=line,
            column=col,
        )
    try:
        return text.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line, col = _position(text, exc.start)
        raise InputError(
            f"byte 0x{text[exc.start]:02X} is not valid UTF-8",
            expected="a UTF-8 encoded JSON file",
            file=file,
            line=line,
            column=col,
        ) from None


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based (line, column) of ``offset``."""
    line = data.count(b"\n", 0, offset) + 1
    col = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, col


# -- conversion -----------------------------------------------------------------------


def _tournament(data: Mapping[str, Any], where: Locator) -> Tournament:
    """The tournament of a valid document, checked for consistency."""
    players = _players(data["players"], where)
    numbers = {p.number for p in players}
    total_rounds = data.get("total_rounds")
    rounds = _rounds(data.get("rounds", []), numbers, total_rounds, where)
    points = PointSystem(
        **{name: _points_from_json(value) for name, value in data.get("points", {}).items()}
    )
    acceleration = _acceleration(data.get("acceleration", {}), numbers, where)
    forbidden = _forbidden_pairs(data.get("forbidden_pairs", []), numbers, where)
    colour = data.get("initial_colour")
    return Tournament(
        players=tuple(players),
        rounds=tuple(rounds),
        total_rounds=total_rounds,
        points=points,
        initial_colour=None
        if colour is None
        else Colour.WHITE
        if colour == "white"
        else Colour.BLACK,
        headers=tuple((code, text) for code, text in data.get("headers", [])),
        system=data.get("system"),
        settings=_plain(data.get("settings", {})),
        acceleration=acceleration,
        forbidden_pairs=forbidden,
        double_rounds=bool(data.get("double_rounds", False)),
        extra_records=tuple(data.get("extra_records", [])),
        format_hints=_plain(data.get("format_hints", {})),
    )


def _acceleration(
    items: Mapping[str, Any], numbers: set[int], where: Locator
) -> dict[int, tuple[Fraction, ...]]:
    acceleration: dict[int, tuple[Fraction, ...]] = {}
    for key, values in items.items():
        if int(key) not in numbers:
            raise where.error(("acceleration", key), f"player {key} does not exist", _NO_PLAYER)
        acceleration[int(key)] = tuple(_points_from_json(v) for v in values)
    return acceleration


def _forbidden_pairs(
    items: Sequence[Sequence[int]], numbers: set[int], where: Locator
) -> frozenset[frozenset[int]]:
    forbidden: set[frozenset[int]] = set()
    for index, pair in enumerate(items):
        for side, number in enumerate(pair):
            if number not in numbers:
                raise where.error(
                    ("forbidden_pairs", index, side), f"player {number} does not exist", _NO_PLAYER
                )
        if pair[0] == pair[1]:
            raise where.error(
                ("forbidden_pairs", index),
                "a player paired with himself",
                "two different players",
            )
        forbidden.add(frozenset(pair))
    return frozenset(forbidden)


def _players(items: Sequence[Mapping[str, Any]], where: Locator) -> list[Player]:
    players = []
    seen: dict[int, int] = {}
    for index, item in enumerate(items):
        number = item["number"]
        if number in seen:
            raise where.error(
                ("players", index, "number"),
                f"pairing number {number} is used twice (also $.players[{seen[number]}])",
                "unique pairing numbers",
            )
        seen[number] = index
        players.append(_player(item))
    return players


def _player(item: Mapping[str, Any]) -> Player:
    reported = item.get("reported_points")
    return Player(
        number=item["number"],
        name=item.get("name", ""),
        rating=item.get("rating", 0),
        title=item.get("title", ""),
        sex=item.get("sex", ""),
        federation=item.get("federation", ""),
        fide_id=item.get("fide_id", ""),
        birth_date=item.get("birth_date", ""),
        club=item.get("club", ""),
        attributes=dict(item.get("attributes", {})),
        withdrawn_from=item.get("withdrawn_from"),
        entered_at=item.get("entered_at"),
        reported_points=None if reported is None else _points_from_json(reported),
        reported_rank=item.get("reported_rank"),
    )


def _rounds(
    items: Sequence[Mapping[str, Any]], numbers: set[int], total: int | None, where: Locator
) -> list[Round]:
    return [_round(item, index, numbers, total, where) for index, item in enumerate(items)]


def _round(
    item: Mapping[str, Any], index: int, numbers: set[int], total: int | None, where: Locator
) -> Round:
    """``$.rounds[index]``: listed in order, within total_rounds, each player once."""
    path: JsonPath = ("rounds", index)
    if item["number"] != index + 1:
        raise where.error(
            (*path, "number"),
            f"round number {item['number']}",
            f"{index + 1} (rounds are listed in order, from 1)",
        )
    if total is not None and item["number"] > total and (item.get("games") or item.get("byes")):
        raise where.error(
            path,
            f"round {item['number']} has entries, but total_rounds is {total}",
            f"at most {total} round" + ("" if total == 1 else "s"),
        )
    busy: dict[int, JsonPath] = {}
    games = []
    for g_index, named in enumerate(item.get("games", [])):
        gpath: JsonPath = (*path, "games", g_index)
        _check_game_players(named, gpath, numbers, busy, where)
        games.append(_game(named, gpath, where))
    byes = _byes(item.get("byes", {}), path, numbers, busy, where)
    return Round(number=index + 1, games=tuple(games), byes=byes)


def _check_game_players(
    named: Mapping[str, Any],
    path: JsonPath,
    numbers: set[int],
    busy: dict[int, JsonPath],
    where: Locator,
) -> None:
    """Both players of the game at ``path`` exist and have no other game or bye yet;
    records them in ``busy``."""
    g, keys = _as_white_black(named)
    for side in ("white", "black"):
        number = g[side]
        if number not in numbers:
            raise where.error((*path, keys[side]), f"player {number} does not exist", _NO_PLAYER)
        if number in busy:
            raise where.error(
                (*path, keys[side]),
                f"player {number} is already in {_json_path(busy[number])}",
                "each player at most once per round",
            )
        busy[number] = path


def _byes(
    items: Mapping[str, str],
    path: JsonPath,
    numbers: set[int],
    busy: Mapping[int, JsonPath],
    where: Locator,
) -> dict[int, ByeKind]:
    """The byes of the round at ``path``: of existing players without a game."""
    byes = {}
    for key, name in items.items():
        number = int(key)
        if number not in numbers:
            raise where.error((*path, "byes", key), f"player {number} does not exist", _NO_PLAYER)
        if number in busy:
            raise where.error(
                (*path, "byes", key),
                f"player {number} has a bye and is in {_json_path(busy[number])}",
                "each player at most once per round",
            )
        byes[number] = _BYE_KINDS[name]
    return byes


def _game(named: Mapping[str, Any], path: JsonPath, where: Locator) -> Game:
    g, keys = _as_white_black(named)
    if g["white"] == g["black"]:
        raise where.error(path, f"player {g['white']} paired with himself", "two different players")
    w, b = g.get("white_result"), g.get("black_result")
    if (w is None) != (b is None):
        raise where.error(
            path,
            "only one result is given",
            f"both {keys['white_result']} and {keys['black_result']}, or neither (pending game)",
        )
    white_result = None if w is None else ResultCode(w)
    black_result = None if b is None else ResultCode(b)
    if (
        white_result is not None
        and black_result is not None
        and ((white_result, black_result) not in CONSISTENT_RESULTS)
    ):
        raise where.error(
            (*path, keys["black_result"]),
            f"inconsistent results {w!r} and {b!r}",
            "matching results such as 1/0, =/=, +/-, -/-, W/L, D/D",
        )
    return Game(
        white=g["white"],
        black=g["black"],
        white_result=white_result,
        black_result=black_result,
        coloured=g.get("coloured", True),
    )


def _warnings(t: Tournament, where: Locator) -> list[str]:
    """Where ``reported_points`` disagree with the results."""
    scores = computed_scores(t)  # the same score computation as the TRF reader
    played = t.rounds_played
    out = []
    for index, p in enumerate(t.players):
        if p.reported_points is None:
            continue
        score = scores[p.number]
        if not points_column_agrees(t, p.number, p.reported_points, score):
            line, col = where.locate(("players", index, "reported_points"))
            out.append(
                f"{where.file}:{line}:{col}: $.players[{index}].reported_points: "
                f"{_points_to_json(p.reported_points)}, but the results of rounds 1-{played} "
                f"give {_points_to_json(score)} (the results are used)"
            )
    return out
