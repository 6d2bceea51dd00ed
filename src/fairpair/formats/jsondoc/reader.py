"""Reading the JSON document: :func:`loads` and :func:`load`.

The text is decoded and parsed (numbers as exact decimals, see
:func:`fairpair.formats.jsontext.parse` for nesting, number and duplicate-key checks),
checked against the limits of :mod:`fairpair.limits` (players, rounds, text fields),
validated against the schema, then converted and checked for consistency: unique
pairing numbers, games between existing players, each player at most once per round,
matching results. (The games, most of a large document, are checked against the schema
where they are converted; whatever is wrong, the whole document is validated first,
so a document that does not fit the schema is refused for that.)
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any

from fairpair import limits
from fairpair.errors import InputError
from fairpair.formats.jsondoc.locate import JsonPath, Locator, _json_path
from fairpair.formats.jsondoc.schema import game_check, valid_but_games, validate
from fairpair.formats.jsondoc.values import (
    _BYE_KINDS,
    _SAME_KEYS,
    SIDE_PAIRS,
    _as_white_black,
    _plain,
    _points_from_json,
    _points_to_json,
)
from fairpair.formats.jsontext import parse
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
    paused_gc,
)
from fairpair.model import _game as _new_game
from fairpair.model import _player as _new_player

_NO_PLAYER = "the number of a player in $.players"
#: Result letters (the schema allows no others) -> result codes.
_RESULT_CODES: Mapping[str, ResultCode] = {code.value: code for code in ResultCode}


class _Source(Locator):
    """The document's text (to locate errors) and the limits it is read with, each
    read from the environment once per document; its values, and whether they have
    been validated against the whole schema."""

    data: Any = None
    validated: bool = False

    def validate(self) -> None:
        """Validate the whole document (once): raise its schema error, if it has one."""
        if not self.validated:
            validate(self.data, self)
            self.validated = True

    @cached_property
    def text_limit(self) -> int:
        return limits.limit("text")

    @cached_property
    def rounds_limit(self) -> int:
        return limits.limit("rounds")

    @cached_property
    def max_pairing_number(self) -> int:
        return limits.max_pairing_number()

    @cached_property
    def points_read(self) -> dict[tuple[type, Any], Fraction]:
        """Points read so far, by type (int or str) and value: a few distinct values
        repeat over thousands of players' ``reported_points``."""
        return {}


def loads(
    text: str | bytes,
    *,
    file: str = "<input>",
    unique_keys: bool = False,
    warnings: bool = True,
) -> tuple[Tournament, list[str]]:
    """Read a JSON tournament document; return the tournament and warnings.

    ``unique_keys``: no object of the text has a key twice (a text made by
    :func:`json.dumps`), which is then not checked. ``warnings=False``: the caller has
    no use for the warnings (a document it wrote itself), which are then not made and
    ``[]`` is returned: locating each one scans the whole text (0.2 s at 10,000
    players, and the ``reported_points`` of an imported TRF disagree with the results
    as soon as one is entered)."""
    if len(text) > limits.limit("file_bytes"):
        raise limits.exceeded(
            "file_bytes", f"found a document of {len(text)} characters", file=file
        )
    decoded = _decode(text, file)
    if not decoded.strip():
        raise InputError(
            "empty file", expected="a JSON tournament document", file=file, line=1, column=1
        )
    with paused_gc():  # see fairpair.model.paused_gc: a large document has a million values
        data = parse(decoded, file, unique_keys=unique_keys)
        where = _Source(decoded, file)
        where.data = data
        _check_sizes(data, where)
        if not valid_but_games(data):
            where.validate()
        # else each game is checked where it is read (schema.game_check)
        try:
            t = _tournament(data, where)
        except InputError:
            where.validate()  # a document that does not fit the schema is refused for that
            raise
        return t, (_warnings(t, where) if warnings else [])


def load(path: str | os.PathLike[str]) -> tuple[Tournament, list[str]]:
    """Read a JSON document file (see :func:`loads`); a file larger than the
    ``file_bytes`` limit is refused before it is read."""
    name = os.fspath(path)
    return loads(limits.read_file(name), file=name)


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


# -- limits ---------------------------------------------------------------------------


def _check_sizes(data: Any, where: _Source) -> None:
    """The counts that decide how much work the rest is: players, rounds, forbidden
    pairs, checked before anything is built."""
    if not isinstance(data, dict):
        return
    sizes = (
        ("players", "players", "players"),
        ("rounds", "rounds", "rounds"),
        ("forbidden_pairs", "forbidden_pairs", "forbidden pairs"),
    )
    for key, name, what in sizes:
        items = data.get(key)
        if isinstance(items, list) and len(items) > limits.limit(name):
            raise _over(where, (key,), name, f"found {len(items)} {what}")
    total = data.get("total_rounds")
    if isinstance(total, int) and not isinstance(total, bool) and total > limits.limit("rounds"):
        raise _over(where, ("total_rounds",), "rounds", f"found {total} rounds")


def _over(where: _Source, path: JsonPath, name: str, found: str) -> InputError:
    """A located error for a value over limit ``name``."""
    line, column = where.locate(path)
    return limits.exceeded(
        name, f"{_json_path(path)}: {found}", file=where.file, line=line, column=column
    )


def _check_text(value: str, path: JsonPath, where: _Source) -> str:
    """``value`` if it is not longer than the ``text`` limit."""
    if len(value) > where.text_limit:
        raise _over(where, path, "text", f"found a text of {len(value)} characters")
    return value


def _check_free_json(value: Any, path: JsonPath, where: _Source) -> None:
    """Every string (keys included) of free JSON (settings, attributes) within the
    ``text`` limit. The nesting is bounded already (the ``depth`` limit)."""
    if isinstance(value, str):
        _check_text(value, path, where)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key, (*path, key), where)
            _check_free_json(item, (*path, key), where)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_free_json(item, (*path, index), where)


def _pairing_number(number: int, path: JsonPath, where: _Source) -> int:
    if number > where.max_pairing_number:
        raise _over(where, path, "players", f"found pairing number {number}")
    return number


def _number_key(key: str, path: JsonPath, numbers: set[int], where: _Source) -> int:
    """A pairing number used as an object key (``"12"``), of an existing player."""
    number = int(key) if len(key) <= 9 else 0
    if number not in numbers:
        shown = key if len(key) <= 12 else key[:9] + "..."
        raise where.error(path, f"player {shown} does not exist", _NO_PLAYER)
    return number


def _points(value: Any, path: JsonPath, where: _Source) -> Fraction:
    """Points (a number or a fraction string), of a bounded size (the one bounded
    parser, :func:`fairpair.limits.parse_number`); each distinct value read once."""
    key = (type(value), value) if type(value) in (int, str) else None
    known = where.points_read.get(key) if key is not None else None
    if known is not None:
        return known
    if isinstance(value, str) and len(value) > limits.MAX_NUMBER_CHARS:
        raise where.error(
            path,
            f"points of {len(value)} characters",
            f"at most {limits.MAX_NUMBER_CHARS} characters",
        )
    try:
        points = _points_from_json(value)
    except InputError as exc:
        raise where.error(path, exc.message.partition(": ")[2], exc.expected) from None
    if key is not None:
        where.points_read[key] = points
    return points


# -- conversion -----------------------------------------------------------------------


def _tournament(data: Mapping[str, Any], where: _Source) -> Tournament:
    """The tournament of a valid document, checked for consistency."""
    players = _players(data["players"], where)
    numbers = {p.number for p in players}
    total_rounds = data.get("total_rounds")
    rounds = _rounds(data.get("rounds", []), numbers, total_rounds, where)
    points = PointSystem(
        **{
            name: _points(value, ("points", name), where)
            for name, value in data.get("points", {}).items()
        }
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
        headers=_headers(data.get("headers", []), where),
        system=_system(data.get("system"), where),
        settings=_settings(data.get("settings", {}), where),
        acceleration=acceleration,
        forbidden_pairs=forbidden,
        double_rounds=bool(data.get("double_rounds", False)),
        extra_records=tuple(data.get("extra_records", [])),
        format_hints=_plain(data.get("format_hints", {})),
    )


def _headers(items: Sequence[Sequence[str]], where: _Source) -> tuple[tuple[str, str], ...]:
    return tuple(
        (code, _check_text(text, ("headers", index, 1), where))
        for index, (code, text) in enumerate(items)
    )


def _system(value: str | None, where: _Source) -> str | None:
    return None if value is None else _check_text(value, ("system",), where)


def _settings(value: Mapping[str, Any], where: _Source) -> Any:
    _check_free_json(value, ("settings",), where)
    return _plain(value)


def _acceleration(
    items: Mapping[str, Any], numbers: set[int], where: _Source
) -> dict[int, tuple[Fraction, ...]]:
    acceleration: dict[int, tuple[Fraction, ...]] = {}
    for key, values in items.items():
        path: JsonPath = ("acceleration", key)
        number = _number_key(key, path, numbers, where)
        if len(values) > where.rounds_limit:
            raise _over(where, path, "rounds", f"found acceleration for {len(values)} rounds")
        acceleration[number] = tuple(
            _points(v, (*path, index), where) for index, v in enumerate(values)
        )
    return acceleration


def _forbidden_pairs(
    items: Sequence[Sequence[int]], numbers: set[int], where: _Source
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


def _players(items: Sequence[Mapping[str, Any]], where: _Source) -> list[Player]:
    players = []
    seen: dict[int, int] = {}
    for index, item in enumerate(items):
        number = _pairing_number(item["number"], ("players", index, "number"), where)
        if number in seen:
            raise where.error(
                ("players", index, "number"),
                f"pairing number {number} is used twice (also $.players[{seen[number]}])",
                "unique pairing numbers",
            )
        seen[number] = index
        players.append(_player(item, ("players", index), where))
    return players


_PLAYER_TEXTS = ("name", "title", "sex", "federation", "fide_id", "birth_date", "club")


def _player(item: Mapping[str, Any], path: JsonPath, where: _Source) -> Player:
    texts = {key: item.get(key, "") for key in _PLAYER_TEXTS}
    if max(map(len, texts.values())) > where.text_limit:
        for key, value in texts.items():
            _check_text(value, (*path, key), where)
    if "attributes" in item:
        _check_free_json(item["attributes"], (*path, "attributes"), where)
    for key in ("withdrawn_from", "entered_at"):
        value = item.get(key)
        if value is not None and value > where.rounds_limit + 1:
            raise _over(where, (*path, key), "rounds", f"found round {value}")
    reported = item.get("reported_points")
    return _new_player(
        item["number"],
        texts,
        item.get("rating", 0),
        dict(item.get("attributes", {})),
        item.get("withdrawn_from"),
        item.get("entered_at"),
        None if reported is None else _points(reported, (*path, "reported_points"), where),
        item.get("reported_rank"),
    )


def _rounds(
    items: Sequence[Mapping[str, Any]], numbers: set[int], total: int | None, where: _Source
) -> list[Round]:
    return [_round(item, index, numbers, total, where) for index, item in enumerate(items)]


def _round(
    item: Mapping[str, Any], index: int, numbers: set[int], total: int | None, where: _Source
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
    busy: dict[int, int] = {}  # player -> the index of his game in this round
    games = []
    codes = _RESULT_CODES
    consistent = CONSISTENT_RESULTS
    side_keys = _SIDE_KEYS
    # the games as _check_game_players and _game check and make them, the short way (a
    # document can have 500,000 games); anything wrong is left to them to report
    for g_index, named in enumerate(item.get("games", [])):
        if not where.validated and not game_check(named):
            where.validate()  # the game may not fit the schema
        if side_keys.isdisjoint(named):
            g, keys = named, _SAME_KEYS  # what _as_white_black returns for such a game
        else:
            g, keys = _as_white_black(named)
        white, black = g["white"], g["black"]
        if (
            white == black
            or white in busy
            or black in busy
            or white not in numbers
            or black not in numbers
        ):
            paths = {number: (*path, "games", i) for number, i in busy.items()}
            _check_game_players(g, keys, (*path, "games", g_index), numbers, paths, where)
        busy[white] = busy[black] = g_index
        w, b = g.get("white_result"), g.get("black_result")
        if (w is None) != (b is None):
            games.append(_game(g, keys, (*path, "games", g_index), where))  # says what is wrong
            continue
        white_result = None if w is None else codes[w]
        black_result = None if b is None else codes[b]
        if white_result is not None and (white_result, black_result) not in consistent:
            games.append(_game(g, keys, (*path, "games", g_index), where))
            continue
        game = _new_game(white, black, white_result, black_result, g.get("coloured", True))
        flags = g.get("flags")
        if flags:
            game.__dict__["flags"] = frozenset(flags)
        games.append(game)
    byes = _byes(item.get("byes", {}), path, numbers, busy, where)
    return Round(number=index + 1, games=tuple(games), byes=byes)


#: The keys of the sides a game may name instead of colours (see
#: fairpair.formats.jsondoc.values).
_SIDE_KEYS = frozenset(key for sides in SIDE_PAIRS[1:] for key in sides)


def _check_game_players(
    g: Mapping[str, Any],
    keys: Mapping[str, str],
    path: JsonPath,
    numbers: set[int],
    busy: dict[int, JsonPath],
    where: _Source,
) -> None:
    """Both players of the game ``g`` at ``path`` exist and have no other game or bye
    yet; records them in ``busy``. ``g`` has white/black keys, ``keys`` gives the
    document's key of each (see :func:`_as_white_black`)."""
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
    busy: Mapping[int, int],
    where: _Source,
) -> dict[int, ByeKind]:
    """The byes of the round at ``path``: of existing players without a game (``busy``:
    player -> the index of his game)."""
    byes = {}
    for key, name in items.items():
        number = _number_key(key, (*path, "byes", key), numbers, where)
        if number in busy:
            game = _json_path((*path, "games", busy[number]))
            raise where.error(
                (*path, "byes", key),
                f"player {number} has a bye and is in {game}",
                "each player at most once per round",
            )
        byes[number] = _BYE_KINDS[name]
    return byes


def _game(g: Mapping[str, Any], keys: Mapping[str, str], path: JsonPath, where: _Source) -> Game:
    """The game ``g`` at ``path`` (white/black keys, see :func:`_check_game_players`)."""
    if g["white"] == g["black"]:
        raise where.error(path, f"player {g['white']} paired with himself", "two different players")
    w, b = g.get("white_result"), g.get("black_result")
    if (w is None) != (b is None):
        raise where.error(
            path,
            "only one result is given",
            f"both {keys['white_result']} and {keys['black_result']}, or neither (pending game)",
        )
    white_result = None if w is None else _RESULT_CODES[w]
    black_result = None if b is None else _RESULT_CODES[b]
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
        flags=frozenset(g.get("flags", ())),
    )


def _warnings(t: Tournament, where: _Source) -> list[str]:
    """Where ``reported_points`` disagree with the results."""
    if all(p.reported_points is None for p in t.players):
        return []
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
