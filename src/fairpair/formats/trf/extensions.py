"""fairpair's own ``FPJ`` record: one line of JSON for what TRF cannot express (the
system, settings, exact points such as 1/3, player fields that do not fit their
columns, board order, trailing empty rounds, the flags of games such as a Netrunner
intentional draw). See docs/trf.md.

The record is validated as strictly as the rest of the file: an unknown key, a value of
the wrong type or out of range, a player or a game that does not exist is refused
with its line and column (a newer fairpair's record is refused rather than partly
dropped: nothing is lost without a word).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from fairpair import limits
from fairpair.errors import InputError
from fairpair.formats.jsontext import JsonPath, Locator, parse
from fairpair.formats.trf.points import _POINT_NAMES
from fairpair.formats.trf.records import (
    _FIXED_WIDTHS,
    FAIRPAIR_RECORD,
    _fail,
    _rank_fits,
    _State,
    format_trf_points,
)
from fairpair.model import GAME_FLAGS, Game, Player, Round, Tournament

#: The keys of the FPJ record.
_FPJ_KEYS = ("boards", "flags", "players", "points", "rounds", "settings", "system")
#: The keys of one player in ``players``.
_PLAYER_TEXT_KEYS = ("club", *_FIXED_WIDTHS)
_PLAYER_KEYS = (*_PLAYER_TEXT_KEYS, "attributes", "rating", "reported_rank")
_PLAYER_ROUND_KEYS = ("withdrawn_from", "entered_at")
_FRACTION = re.compile(r"-?[0-9]+/[1-9][0-9]*\Z")
_NUMBER_KEY = re.compile(r"[1-9][0-9]{0,8}\Z")

# -- reading --------------------------------------------------------------------------


class _FpjLocator(Locator):
    """Errors in the FPJ record: ``FPJ $.players["3"].rating: ...``."""

    def error(self, path: JsonPath, message: str, expected: str | None = None) -> InputError:
        error = super().error(path, message, expected)
        return InputError(
            f"FPJ {error.message}",
            expected=error.expected,
            file=error.file,
            line=error.line,
            column=error.column,
        )


@dataclasses.dataclass
class _Fpj:
    """The FPJ record read: its payload and where it is (for later errors)."""

    payload: dict[str, Any]
    where: Locator
    line: int


def _read_fairpair(line: str, lineno: int, st: _State) -> None:
    """FPJ {json} (fairpair extension): what TRF cannot carry; checked key by key."""
    if st.fpj is not None:
        raise _fail(
            f"a second FPJ record (the first is on line {st.fpj.line})",
            "at most one FPJ record",
            st.file,
            lineno,
            1,
        )
    text = line[4:]
    try:
        payload = parse(text, st.file, exact=False, line=lineno, column=5)
    except InputError as exc:
        message = exc.message
        if message.startswith("invalid JSON: "):
            message = f"FPJ record is not valid JSON ({message.removeprefix('invalid JSON: ')})"
            exc.expected = "a JSON object after 'FPJ '"
        else:
            message = f"FPJ record: {message}"
        raise InputError(
            message, expected=exc.expected, file=exc.file, line=exc.line, column=exc.column
        ) from None
    where = _FpjLocator(text, st.file, line=lineno, column=5)
    if not isinstance(payload, dict):
        raise _fail(
            f"FPJ record is not a JSON object (found {_kind(payload)})",
            "{...} after 'FPJ '",
            st.file,
            lineno,
            5,
        )
    for key, value in payload.items():
        if key not in _FPJ_KEYS:
            raise where.error(
                (key,),
                f"unknown FPJ key {json.dumps(key, ensure_ascii=False)[:40]}",
                "one of " + ", ".join(_FPJ_KEYS) + " (written by a newer fairpair?)",
            )
        _FPJ_CHECKS[key](value, (key,), where)
    st.fpj = _Fpj(payload, where, lineno)
    st.fairpair = payload


def _kind(value: Any) -> str:
    """What a JSON value is, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return f"the integer {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {json.dumps(value, ensure_ascii=False)[:30]}"
    return "an array" if isinstance(value, list) else "an object"


def _expect(ok: bool, value: Any, path: JsonPath, where: Locator, expected: str) -> None:
    if not ok:
        raise where.error(path, f"found {_kind(value)}", expected)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_text(value: Any, path: JsonPath, where: Locator) -> None:
    _expect(isinstance(value, str), value, path, where, "a string")
    if len(value) > limits.limit("text"):
        line, column = where.locate(path)
        raise limits.exceeded(
            "text",
            f"FPJ {_path_text(path)}: found a text of {len(value)} characters",
            file=where.file,
            line=line,
            column=column,
        )


def _path_text(path: JsonPath) -> str:
    return ".".join(str(part) for part in path)


def _check_object(value: Any, path: JsonPath, where: Locator, expected: str) -> dict[str, Any]:
    _expect(isinstance(value, dict), value, path, where, expected)
    result: dict[str, Any] = value
    return result


def _check_system(value: Any, path: JsonPath, where: Locator) -> None:
    _check_text(value, path, where)


def _check_free(value: Any, path: JsonPath, where: Locator) -> None:
    """Free JSON (settings, attributes): every string within the text limit."""
    if isinstance(value, str):
        _check_text(value, path, where)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key, (*path, key), where)
            _check_free(item, (*path, key), where)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_free(item, (*path, index), where)


def _check_settings(value: Any, path: JsonPath, where: Locator) -> None:
    _check_free(_check_object(value, path, where, "an object of settings"), path, where)


def _check_points(value: Any, path: JsonPath, where: Locator) -> None:
    points = _check_object(value, path, where, 'an object such as {"white_win": "1/3"}')
    for name, text in points.items():
        if name not in _POINT_NAMES:
            raise where.error(
                (*path, name),
                f"unknown point name {name[:40]!r}",
                "one of " + ", ".join(_POINT_NAMES),
            )
        _expect(
            isinstance(text, str)
            and len(text) <= limits.MAX_NUMBER_CHARS
            and _FRACTION.match(text) is not None,
            text,
            (*path, name),
            where,
            f'a fraction such as "1/3" (at most {limits.MAX_NUMBER_CHARS} characters)',
        )


def _check_rounds(value: Any, path: JsonPath, where: Locator) -> None:
    _expect(_is_int(value) and value >= 1, value, path, where, "a number of rounds >= 1")
    if value > limits.limit("rounds"):
        line, column = where.locate(path)
        raise limits.exceeded(
            "rounds", f"FPJ rounds: found {value} rounds", file=where.file, line=line, column=column
        )


def _check_number_key(key: str, path: JsonPath, where: Locator, what: str) -> None:
    if _NUMBER_KEY.match(key) is None:
        raise where.error(path, f"found key {key[:20]!r}", f"{what} (digits, from 1)")


def _check_players(value: Any, path: JsonPath, where: Locator) -> None:
    players = _check_object(value, path, where, "an object: pairing number -> player fields")
    for key, data in players.items():
        here = (*path, key)
        _check_number_key(key, here, where, "a pairing number")
        fields = _check_object(data, here, where, "an object of player fields")
        for name, item in fields.items():
            _check_player_field(name, item, (*here, name), where)


def _check_player_field(name: str, value: Any, path: JsonPath, where: Locator) -> None:
    if name in _PLAYER_TEXT_KEYS:
        _check_text(value, path, where)
    elif name == "attributes":
        attributes = _check_object(value, path, where, "an object of texts")
        for key, text in attributes.items():
            _check_text(key, (*path, key), where)
            _check_text(text, (*path, key), where)
    elif name == "rating":
        _expect(_is_int(value), value, path, where, "an integer rating")
    elif name == "reported_rank":
        _expect(_is_int(value) and value >= 0, value, path, where, "a rank >= 0")
    elif name in _PLAYER_ROUND_KEYS:
        top = limits.limit("rounds") + 1
        _expect(
            _is_int(value) and 1 <= value <= top, value, path, where, f"a round from 1 to {top}"
        )
    else:
        raise where.error(
            path,
            f"unknown player field {name[:40]!r}",
            "one of " + ", ".join((*_PLAYER_KEYS, *_PLAYER_ROUND_KEYS)),
        )


def _check_boards(value: Any, path: JsonPath, where: Locator) -> None:
    boards = _check_object(value, path, where, "an object: round -> [[white, black], ...]")
    for key, pairs in boards.items():
        here = (*path, key)
        _check_number_key(key, here, where, "a round number")
        _expect(isinstance(pairs, list), pairs, here, where, "a list of [white, black] pairs")
        for index, pair in enumerate(pairs):
            _expect(
                isinstance(pair, list)
                and len(pair) == 2
                and all(_is_int(n) and 1 <= n <= limits.max_pairing_number() for n in pair),
                pair,
                (*here, index),
                where,
                "[white, black]: two pairing numbers",
            )


def _check_flags(value: Any, path: JsonPath, where: Locator) -> None:
    rounds = _check_object(value, path, where, "an object: round -> [[white, black, [flag]]]")
    for key, games in rounds.items():
        here = (*path, key)
        _check_number_key(key, here, where, "a round number")
        _expect(isinstance(games, list), games, here, where, "a list of [white, black, [flag]]")
        for index, item in enumerate(games):
            _expect(
                isinstance(item, list)
                and len(item) == 3
                and all(_is_int(n) and 1 <= n <= limits.max_pairing_number() for n in item[:2])
                and isinstance(item[2], list)
                and len(set(map(str, item[2]))) == len(item[2]) > 0
                and all(isinstance(f, str) and f in GAME_FLAGS for f in item[2]),
                item,
                (*here, index),
                where,
                "[white, black, [flags]]: two pairing numbers and flags among "
                + ", ".join(GAME_FLAGS),
            )


_FPJ_CHECKS: Mapping[str, Any] = {
    "boards": _check_boards,
    "flags": _check_flags,
    "players": _check_players,
    "points": _check_points,
    "rounds": _check_rounds,
    "settings": _check_settings,
    "system": _check_system,
}


def _apply_exact_points(st: _State) -> None:
    """FPJ "points": exact values (``"1/3"``) TRF could only round."""
    fp_points = st.fairpair.get("points")
    if isinstance(fp_points, dict):
        for name, value in fp_points.items():
            st.points[name] = limits.parse_number(value, f"points.{name}")


def _settings(st: _State) -> dict[str, Any]:
    """The tournament settings: XXC options plus FPJ "settings"."""
    settings: dict[str, Any] = {}
    if st.xxc_options:
        settings["xxc"] = list(st.xxc_options)
    fp = st.fairpair
    if "settings" in fp and isinstance(fp["settings"], dict):
        settings.update(fp["settings"])
    return settings


def _system(fp: Mapping[str, Any]) -> str | None:
    """FPJ "system": the pairing system's name."""
    return fp["system"] if isinstance(fp.get("system"), str) else None


def _fpj_error(st: _State, path: JsonPath, message: str, expected: str) -> InputError:
    fpj: _Fpj = st.fpj
    return fpj.where.error(path, message, expected)


def _apply_round_count(rounds: list[Round], st: _State) -> list[Round]:
    """FPJ "rounds": ``rounds`` with the empty rounds at the end appended (they leave no
    trace in the 001 lines)."""
    count = st.fairpair.get("rounds")
    if count is None:
        return rounds
    if count < len(rounds):
        raise _fpj_error(
            st,
            ("rounds",),
            f"FPJ says {count} rounds, but the file has {len(rounds)}",
            f"at least {len(rounds)}",
        )
    result = list(rounds)
    while len(result) < count:
        result.append(Round(number=len(result) + 1))
    return result


def _check_fpj_players(numbers: set[int], st: _State) -> None:
    """Every player of FPJ "players" has a 001 line."""
    for key in st.fairpair.get("players", {}):
        if int(key) not in numbers:
            raise _fpj_error(
                st,
                ("players", key),
                f"player {key} does not exist",
                "a pairing number of a 001 record",
            )


def _apply_player_extras(player: Player, fp: Mapping[str, Any]) -> Player:
    data = fp.get("players", {}).get(str(player.number))
    if not data:
        return player
    changes: dict[str, Any] = {}
    for key in (*_PLAYER_TEXT_KEYS, "rating", "reported_rank", *_PLAYER_ROUND_KEYS):
        if key in data:
            changes[key] = data[key]
    if "attributes" in data:
        changes["attributes"] = dict(data["attributes"])
    return dataclasses.replace(player, **changes) if changes else player


def _apply_board_order(rounds: list[Round], st: _State) -> list[Round]:
    """FPJ "boards": {"3": [[w, b], ...]} restores board order and uncoloured listing."""
    order = st.fairpair.get("boards", {})
    result = list(rounds)
    for key, boards in order.items():
        index = int(key) - 1
        if index >= len(result):
            raise _fpj_error(
                st,
                ("boards", key),
                f"board order for round {key}, but the file has {len(result)} rounds",
                "a round of the file",
            )
        result[index] = _ordered_round(result[index], boards, st, ("boards", key))
    return result


def _apply_flags(rounds: list[Round], st: _State) -> list[Round]:
    """FPJ "flags": {"3": [[w, b, ["intentional_draw"]], ...]}: the flags of games."""
    result = list(rounds)
    for key, items in st.fairpair.get("flags", {}).items():
        index = int(key) - 1
        games = list(result[index].games) if index < len(result) else []
        for position, (white, black, flags) in enumerate(items):
            at = next(
                (i for i, g in enumerate(games) if (g.white, g.black) == (white, black)), None
            )
            if at is None:
                raise _fpj_error(
                    st,
                    ("flags", key, position),
                    f"[{white}, {black}] is not a game of round {key}",
                    "[white, black] of a game of that round in its 001 lines",
                )
            games[at] = dataclasses.replace(games[at], flags=frozenset(flags))
        result[index] = dataclasses.replace(result[index], games=tuple(games))
    return result


def _ordered_round(rnd: Round, boards: list[Any], st: _State, path: JsonPath) -> Round:
    """``rnd`` with its games in the order of ``boards`` ([[w, b], ...]); games it does
    not list follow in their order. A pair that is not a game of the round is refused."""
    games = {frozenset(g.players): g for g in rnd.games}
    ordered: list[Game] = []
    for index, pair in enumerate(boards):
        game = games.pop(frozenset(pair), None)
        if game is None or (game.coloured and [game.white, game.black] != pair):
            raise _fpj_error(
                st,
                (*path, index),
                f"[{pair[0]}, {pair[1]}] is not a game of round {rnd.number}"
                + (" (listed once already)" if frozenset(pair) in _listed(ordered) else ""),
                "[white, black] of a game of that round in its 001 lines",
            )
        if not game.coloured and game.white != pair[0]:
            game = Game(
                white=game.black,
                black=game.white,
                white_result=game.black_result,
                black_result=game.white_result,
                coloured=False,
            )
        ordered.append(game)
    ordered.extend(g for g in rnd.games if frozenset(g.players) in games)
    return dataclasses.replace(rnd, games=tuple(ordered))


def _listed(games: list[Game]) -> set[frozenset[int]]:
    return {frozenset(g.players) for g in games}


# -- writing --------------------------------------------------------------------------


def _fairpair_line(t: Tournament) -> str | None:
    """The FPJ record ``t`` needs, if any."""
    payload = _fairpair_payload(t)
    if not payload:
        return None
    return f"{FAIRPAIR_RECORD} " + json.dumps(payload, sort_keys=True, separators=(",", ":"))


def _fairpair_payload(t: Tournament) -> dict[str, Any]:
    """What the FPJ record must carry for ``t`` (empty if TRF says it all)."""
    payload: dict[str, Any] = {}
    if t.system is not None:
        payload["system"] = t.system
    inexact = _inexact_points(t)
    if inexact:
        payload["points"] = inexact
    settings = _payload_settings(t)
    if settings:
        payload["settings"] = settings
    players = {str(p.number): data for p in t.players if (data := _player_extras(p))}
    if players:
        payload["players"] = players
    boards = _non_natural_board_order(t)
    if boards:
        payload["boards"] = boards
    flags = {
        str(rnd.number): [
            [g.white, g.black, [f for f in GAME_FLAGS if f in g.flags]]
            for g in rnd.games
            if g.flags
        ]
        for rnd in t.rounds
        if any(g.flags for g in rnd.games)
    }
    if flags:
        payload["flags"] = flags
    if t.rounds and not (t.rounds[-1].games or t.rounds[-1].byes):
        payload["rounds"] = len(t.rounds)
    return payload


def _inexact_points(t: Tournament) -> dict[str, str]:
    """Point values TRF can only round, as ``"n/d"``."""
    return {
        name: f"{value.numerator}/{value.denominator}"
        for name in _POINT_NAMES
        if (value := getattr(t.points, name)) != Fraction(format_trf_points(value))
    }


def _payload_settings(t: Tournament) -> dict[str, Any]:
    """The settings an XXC record cannot carry."""
    settings = {k: v for k, v in t.settings.items() if k != "xxc"}
    xxc = t.settings.get("xxc")
    if xxc is not None and not (isinstance(xxc, list) and all(x == "rank" for x in xxc)):
        settings["xxc"] = xxc  # not what an XXC record says: see canonical._xxc_writable
    return settings


def _player_extras(p: Player) -> dict[str, Any]:
    """What the 001 line cannot say about ``p``."""
    data: dict[str, Any] = {}
    for key, width in _FIXED_WIDTHS.items():
        value = getattr(p, key)
        if value != value[:width].strip():  # does not fit its column
            data[key] = value
    if not 0 <= p.rating <= 9999:
        data["rating"] = p.rating
    if p.reported_rank is not None and not _rank_fits(p.reported_rank):
        data["reported_rank"] = p.reported_rank
    if p.club:
        data["club"] = p.club
    if p.attributes:
        data["attributes"] = dict(p.attributes)
    if p.withdrawn_from is not None:
        data["withdrawn_from"] = p.withdrawn_from
    if p.entered_at is not None:
        data["entered_at"] = p.entered_at
    return data


def _non_natural_board_order(t: Tournament) -> dict[str, list[list[int]]]:
    """Rounds whose game order differs from what the reader reconstructs by itself."""
    position = {p.number: i for i, p in enumerate(t.players)}.get
    result: dict[str, list[list[int]]] = {}
    for rnd in t.rounds:
        # the reader lists a round's games by the first listed player of each (a stable
        # sort): the order is natural if those positions never go down, and a game
        # without colours lists its first listed player first
        last = -1
        for g in rnd.games:
            white, black = position(g.white, 0), position(g.black, 0)
            if white <= black:
                first = white
            elif g.coloured:
                first = black
            else:
                break
            if first < last:
                break
            last = first
        else:
            continue
        result[str(rnd.number)] = [[g.white, g.black] for g in rnd.games]
    return result
