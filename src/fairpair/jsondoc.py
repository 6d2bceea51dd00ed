"""The fairpair JSON tournament document: everything the model holds.

The format is described, with an example, in ``docs/json-format.md`` and formally in
``fairpair/schema/tournament.schema.json`` (JSON Schema draft 2020-12). Input is
validated against the schema, then checked for consistency (unique pairing numbers,
games between existing players, each player at most once per round, matching
results); every failure is an :class:`~fairpair.errors.InputError` naming the JSON path
and its line and column.

Points are JSON numbers when they are exact decimals (``2.5``) and strings otherwise
(``"1/3"``); numbers are read exactly (as decimals, never through binary floats).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

import jsonschema

from fairpair.errors import InputError
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
from fairpair.trf import computed_scores, points_column_agrees

__all__ = ["FORMAT", "VERSION", "dump", "dumps", "load", "loads", "schema", "to_document"]

FORMAT = "fairpair-tournament"
VERSION = 1

_BYE_NAMES: Mapping[ByeKind, str] = {
    ByeKind.PAIRING_ALLOCATED: "pairing_allocated",
    ByeKind.HALF_POINT: "half_point",
    ByeKind.FULL_POINT: "full_point",
    ByeKind.ZERO_POINT: "zero_point",
    ByeKind.ABSENT: "absent",
}
_BYE_KINDS = {name: kind for kind, name in _BYE_NAMES.items()}
_POINT_FIELDS = (
    "white_win",
    "black_win",
    "white_draw",
    "black_draw",
    "white_loss",
    "black_loss",
    "forfeit_win",
    "forfeit_loss",
    "pairing_allocated_bye",
    "half_point_bye",
    "full_point_bye",
    "zero_point_bye",
)

Path = tuple[str | int, ...]


@cache
def schema() -> Mapping[str, Any]:
    """The JSON Schema of the document (draft 2020-12)."""
    text = resources.files("fairpair").joinpath("schema/tournament.schema.json").read_text("utf-8")
    loaded: Mapping[str, Any] = json.loads(text)
    return loaded


@cache
def _validator() -> jsonschema.protocols.Validator:
    """A validator for the schema (with the local ``$ref``s inlined: faster)."""
    full = schema()
    cls = jsonschema.validators.validator_for(full)
    cls.check_schema(dict(full))
    validator: jsonschema.protocols.Validator = cls(_inlined_schema())
    return validator


@cache
def _inlined_schema() -> Mapping[str, Any]:
    """The schema with its (acyclic) local ``$ref``s replaced by their targets."""
    full = schema()
    defs = full.get("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/") and len(node) == 1:
                return inline(defs[ref.removeprefix("#/$defs/")])
            return {k: inline(v) for k, v in node.items() if k != "$defs"}
        if isinstance(node, list):
            return [inline(v) for v in node]
        return node

    result: Mapping[str, Any] = inline(full)
    return result


_TYPES: Mapping[str, Any] = {
    "object": dict,
    "array": list,
    "string": str,
    "integer": int,
    "number": (int, float, Decimal),
    "boolean": bool,
    "null": type(None),
}
#: The keywords _quick_valid understands; annotations it may ignore.
_QUICK_KEYWORDS = frozenset(
    {
        "type",
        "enum",
        "const",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "prefixItems",
        "minItems",
        "maxItems",
        "minimum",
        "maxLength",
        "pattern",
        "propertyNames",
        "anyOf",
        "not",
    }
)
_ANNOTATIONS = frozenset({"$schema", "$id", "title", "description"})


def _is_type(value: Any, name: str) -> bool:
    if isinstance(value, bool) and name not in ("boolean",):
        return False
    return isinstance(value, _TYPES[name])


def _quick_valid(node: Mapping[str, Any], value: Any) -> bool:
    """A fast yes/no check of ``value`` against the (inlined) schema ``node``.

    It interprets exactly the keywords the schema file uses; whenever it says no (or
    meets a keyword it does not know), jsonschema decides and explains. Tests check
    that it agrees with jsonschema.
    """
    for key, rule in node.items():
        if key in _ANNOTATIONS:
            continue
        if key not in _QUICK_KEYWORDS:
            return False
        if key == "type":
            names = [rule] if isinstance(rule, str) else rule
            if not any(_is_type(value, n) for n in names):
                return False
        elif key == "enum":
            if not any(value == option and type(value) is type(option) for option in rule):
                return False
        elif key == "const":
            if not (value == rule and type(value) is type(rule)):
                return False
        elif key == "not":
            if _quick_valid(rule, value):
                return False
        elif key == "anyOf":
            if not any(_quick_valid(option, value) for option in rule):
                return False
        elif isinstance(value, dict):
            if key == "properties":
                for name, sub in rule.items():
                    if name in value and not _quick_valid(sub, value[name]):
                        return False
            elif key == "required":
                if any(name not in value for name in rule):
                    return False
            elif key == "additionalProperties":
                known = node.get("properties", {})
                for name, item in value.items():
                    if name in known:
                        continue
                    if rule is False or (rule is not True and not _quick_valid(rule, item)):
                        return False
            elif key == "propertyNames" and not all(_quick_valid(rule, n) for n in value):
                return False
        elif isinstance(value, list):
            if key == "items":
                start = len(node.get("prefixItems", ()))
                if not all(_quick_valid(rule, item) for item in value[start:]):
                    return False
            elif key == "prefixItems":
                if not all(_quick_valid(sub, item) for sub, item in zip(rule, value, strict=False)):
                    return False
            elif (key == "minItems" and len(value) < rule) or (
                key == "maxItems" and len(value) > rule
            ):
                return False
        elif isinstance(value, str):
            if (key == "maxLength" and len(value) > rule) or (
                key == "pattern" and not re.search(rule, value)
            ):
                return False
        elif key == "minimum" and _is_type(value, "number") and value < rule:
            return False
    return True


# -- numbers --------------------------------------------------------------------------


def _points_to_json(value: Fraction) -> int | float | str:
    """A JSON number if ``value`` is exactly a short decimal, else ``"n/d"``."""
    value = Fraction(value)
    if value.denominator == 1:
        return value.numerator
    as_float = float(value)
    if Fraction(Decimal(repr(as_float))) == value:
        return as_float
    return f"{value.numerator}/{value.denominator}"


def _points_from_json(value: Any) -> Fraction:
    if isinstance(value, str):
        return Fraction(value)
    if isinstance(value, Decimal):
        return Fraction(value)
    if isinstance(value, int):
        return Fraction(value)
    return Fraction(Decimal(repr(value)))


def _plain(value: Any) -> Any:
    """Free JSON (settings, hints) with exact decimals turned into ordinary numbers."""
    if isinstance(value, Decimal):  # json parses only non-integers as Decimal here
        return float(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


# -- writing --------------------------------------------------------------------------


def to_document(t: Tournament) -> dict[str, Any]:
    """The JSON document (a dict of plain JSON values) for ``t``."""
    doc: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    doc["system"] = t.system
    doc["total_rounds"] = t.total_rounds
    doc["initial_colour"] = (
        None
        if t.initial_colour is None
        else ("white" if t.initial_colour is Colour.WHITE else "black")
    )
    doc["double_rounds"] = t.double_rounds
    doc["points"] = {name: _points_to_json(getattr(t.points, name)) for name in _POINT_FIELDS}
    if t.headers:
        doc["headers"] = [[code, text] for code, text in t.headers]
    doc["settings"] = dict(t.settings)
    if t.acceleration:
        doc["acceleration"] = {
            str(n): [_points_to_json(v) for v in values]
            for n, values in sorted(t.acceleration.items())
        }
    if t.forbidden_pairs:
        doc["forbidden_pairs"] = sorted(sorted(pair) for pair in t.forbidden_pairs)
    doc["players"] = [_player_doc(p) for p in t.players]
    sides = side_names(t.system)
    doc["rounds"] = [_round_doc(r, sides) for r in t.rounds]
    if t.extra_records:
        doc["extra_records"] = list(t.extra_records)
    if t.format_hints:
        doc["format_hints"] = dict(t.format_hints)
    return doc


def _player_doc(p: Player) -> dict[str, Any]:
    doc: dict[str, Any] = {"number": p.number, "name": p.name}
    for key in ("rating", "title", "sex", "federation", "fide_id", "birth_date", "club"):
        value = getattr(p, key)
        if value:
            doc[key] = value
    if p.attributes:
        doc["attributes"] = dict(p.attributes)
    if p.withdrawn_from is not None:
        doc["withdrawn_from"] = p.withdrawn_from
    if p.entered_at is not None:
        doc["entered_at"] = p.entered_at
    if p.reported_points is not None:
        doc["reported_points"] = _points_to_json(p.reported_points)
    if p.reported_rank is not None:
        doc["reported_rank"] = p.reported_rank
    return doc


#: Systems whose games name their sides instead of colours: (white side, black side).
SIDE_NAMES: Mapping[str, tuple[str, str]] = {"netrunner": ("corp", "runner")}


def side_names(system: str | None) -> tuple[str, str]:
    """Keys of the two players of a game: ``("white", "black")``, or the system's side
    names (Netrunner: ``("corp", "runner")``, Corp being the model's white)."""
    return SIDE_NAMES.get(system or "", ("white", "black"))


def _round_doc(r: Round, sides: tuple[str, str] = ("white", "black")) -> dict[str, Any]:
    doc: dict[str, Any] = {"number": r.number}
    first, second = sides
    games = []
    for g in r.games:
        game: dict[str, Any] = {first: g.white, second: g.black}
        if g.white_result is not None or g.black_result is not None:
            game[f"{first}_result"] = None if g.white_result is None else g.white_result.value
            game[f"{second}_result"] = None if g.black_result is None else g.black_result.value
        if not g.coloured:
            game["coloured"] = False
        games.append(game)
    doc["games"] = games
    if r.byes:
        doc["byes"] = {str(n): _BYE_NAMES[kind] for n, kind in r.byes.items()}
    return doc


def _as_white_black(game: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """A game object with side names (``corp``/``runner``) read as white/black keys;
    also returns model key -> document key, for error paths."""
    for first, second in SIDE_NAMES.values():
        if first in game or second in game:
            rename = {
                "white": first,
                "black": second,
                "white_result": f"{first}_result",
                "black_result": f"{second}_result",
            }
            inverse = {v: k for k, v in rename.items()}
            return {inverse.get(k, k): v for k, v in game.items()}, rename
    return dict(game), {k: k for k in ("white", "black", "white_result", "black_result")}


def dumps(t: Tournament) -> str:
    """``t`` as a JSON document (UTF-8 text, 2-space indented, short objects inline)."""
    return _pretty(to_document(t), 0) + "\n"


def dump(t: Tournament, path: str | os.PathLike[str]) -> None:
    """Write ``t`` to ``path`` as a JSON document."""
    with open(os.fspath(path), "w", encoding="utf-8", newline="\n") as handle:
        handle.write(dumps(t))


def _pretty(value: Any, indent: int) -> str:
    """Indented JSON that keeps containers of scalars on one line when they fit."""
    if not isinstance(value, dict | list) or not value:
        return json.dumps(value, ensure_ascii=False)
    if not any(isinstance(v, dict | list) and v for v in _children(value)):
        flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        if indent + len(flat) <= 96:
            return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {_pretty(v, indent + 2)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _pretty(v, indent + 2) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def _children(value: dict[str, Any] | list[Any]) -> list[Any]:
    return list(value.values()) if isinstance(value, dict) else list(value)


# -- reading --------------------------------------------------------------------------


def loads(text: str | bytes, *, file: str = "<input>") -> tuple[Tournament, list[str]]:
    """Read a JSON tournament document; return the tournament and warnings."""
    if isinstance(text, bytes):
        if b"\0" in text:
            offset = text.index(b"\0")
            line = text.count(b"\n", 0, offset) + 1
            col = offset - (text.rfind(b"\n", 0, offset) + 1) + 1
            raise InputError(
                "binary data (a NUL byte)",
                expected="a JSON text file",
                file=file,
                line=line,
                column=col,
            )
        try:
            decoded = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = text.count(b"\n", 0, exc.start) + 1
            col = exc.start - (text.rfind(b"\n", 0, exc.start) + 1) + 1
            raise InputError(
                f"byte 0x{text[exc.start]:02X} is not valid UTF-8",
                expected="a UTF-8 encoded JSON file",
                file=file,
                line=line,
                column=col,
            ) from None
    else:
        decoded = text.removeprefix("\ufeff")
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
    reader = _Reader(decoded, file)
    reader.validate(data)
    return reader.build(data)


def load(path: str | os.PathLike[str]) -> tuple[Tournament, list[str]]:
    name = os.fspath(path)
    try:
        with open(name, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", file=name) from None
    return loads(data, file=name)


def _json_path(path: Sequence[str | int]) -> str:
    """``$.rounds[0].byes["3"]`` style."""
    out = "$"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.isidentifier():
            out += f".{part}"
        else:
            out += f"[{json.dumps(part)}]"
    return out


class _Reader:
    """Validation and conversion, with errors located in the source text."""

    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file
        self._positions: dict[Path, int] | None = None

    def error(self, path: Path, message: str, expected: str | None = None) -> InputError:
        line, column = self.locate(path)
        return InputError(
            f"{_json_path(path)}: {message}",
            expected=expected,
            file=self.file,
            line=line,
            column=column,
        )

    def locate(self, path: Path) -> tuple[int | None, int | None]:
        if self._positions is None:
            self._positions = {}
            with contextlib.suppress(ValueError, IndexError):
                _scan(self.text, 0, (), self._positions)
        probe = tuple(path)
        while probe not in self._positions and probe:
            probe = probe[:-1]
        offset = self._positions.get(probe)
        if offset is None:
            return None, None
        line = self.text.count("\n", 0, offset) + 1
        column = offset - (self.text.rfind("\n", 0, offset) + 1) + 1
        return line, column

    def validate(self, data: Any) -> None:
        if _quick_valid(_inlined_schema(), data):
            return
        errors = sorted(
            _validator().iter_errors(data),
            key=lambda e: (list(map(str, e.absolute_path)), e.message),
        )
        if not errors:
            return
        best = jsonschema.exceptions.best_match(errors)
        assert best is not None
        while best.parent is not None and best.parent.validator == "anyOf":
            best = best.parent
        path = tuple(best.absolute_path)
        raise self.error(path, _schema_message(best), _schema_expected(best))

    # -- conversion ---------------------------------------------------------------

    def build(self, data: Mapping[str, Any]) -> tuple[Tournament, list[str]]:
        players = self.players(data["players"])
        numbers = {p.number for p in players}
        total_rounds = data.get("total_rounds")
        rounds = self.rounds(data.get("rounds", []), numbers, total_rounds)
        points = PointSystem(
            **{name: _points_from_json(value) for name, value in data.get("points", {}).items()}
        )
        acceleration: dict[int, tuple[Fraction, ...]] = {}
        for key, values in data.get("acceleration", {}).items():
            if int(key) not in numbers:
                raise self.error(
                    ("acceleration", key),
                    f"player {key} does not exist",
                    "the number of a player in $.players",
                )
            acceleration[int(key)] = tuple(_points_from_json(v) for v in values)
        forbidden: set[frozenset[int]] = set()
        for index, pair in enumerate(data.get("forbidden_pairs", [])):
            for side, number in enumerate(pair):
                if number not in numbers:
                    raise self.error(
                        ("forbidden_pairs", index, side),
                        f"player {number} does not exist",
                        "the number of a player in $.players",
                    )
            if pair[0] == pair[1]:
                raise self.error(
                    ("forbidden_pairs", index),
                    "a player paired with himself",
                    "two different players",
                )
            forbidden.add(frozenset(pair))
        colour = data.get("initial_colour")
        t = Tournament(
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
            forbidden_pairs=frozenset(forbidden),
            double_rounds=bool(data.get("double_rounds", False)),
            extra_records=tuple(data.get("extra_records", [])),
            format_hints=_plain(data.get("format_hints", {})),
        )
        return t, self.warnings(t)

    def players(self, items: Sequence[Mapping[str, Any]]) -> list[Player]:
        players = []
        seen: dict[int, int] = {}
        for index, item in enumerate(items):
            number = item["number"]
            if number in seen:
                raise self.error(
                    ("players", index, "number"),
                    f"pairing number {number} is used twice (also $.players[{seen[number]}])",
                    "unique pairing numbers",
                )
            seen[number] = index
            reported = item.get("reported_points")
            players.append(
                Player(
                    number=number,
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
            )
        return players

    def rounds(
        self, items: Sequence[Mapping[str, Any]], numbers: set[int], total: int | None
    ) -> list[Round]:
        rounds = []
        for index, item in enumerate(items):
            where: Path = ("rounds", index)
            if item["number"] != index + 1:
                raise self.error(
                    (*where, "number"),
                    f"round number {item['number']}",
                    f"{index + 1} (rounds are listed in order, from 1)",
                )
            if (
                total is not None
                and item["number"] > total
                and (item.get("games") or item.get("byes"))
            ):
                raise self.error(
                    where,
                    f"round {item['number']} has entries, but total_rounds is {total}",
                    f"at most {total} round" + ("" if total == 1 else "s"),
                )
            busy: dict[int, Path] = {}
            games = []
            for g_index, named in enumerate(item.get("games", [])):
                gpath: Path = (*where, "games", g_index)
                g, keys = _as_white_black(named)
                for side in ("white", "black"):
                    number = g[side]
                    if number not in numbers:
                        raise self.error(
                            (*gpath, keys[side]),
                            f"player {number} does not exist",
                            "the number of a player in $.players",
                        )
                    if number in busy:
                        raise self.error(
                            (*gpath, keys[side]),
                            f"player {number} is already in {_json_path(busy[number])}",
                            "each player at most once per round",
                        )
                    busy[number] = gpath
                games.append(self.game(named, gpath))
            byes = {}
            for key, name in item.get("byes", {}).items():
                number = int(key)
                if number not in numbers:
                    raise self.error(
                        (*where, "byes", key),
                        f"player {number} does not exist",
                        "the number of a player in $.players",
                    )
                if number in busy:
                    raise self.error(
                        (*where, "byes", key),
                        f"player {number} has a bye and is in {_json_path(busy[number])}",
                        "each player at most once per round",
                    )
                byes[number] = _BYE_KINDS[name]
            rounds.append(Round(number=index + 1, games=tuple(games), byes=byes))
        return rounds

    def game(self, named: Mapping[str, Any], path: Path) -> Game:
        g, keys = _as_white_black(named)
        if g["white"] == g["black"]:
            raise self.error(
                path, f"player {g['white']} paired with himself", "two different players"
            )
        w, b = g.get("white_result"), g.get("black_result")
        if (w is None) != (b is None):
            raise self.error(
                path,
                "only one result is given",
                f"both {keys['white_result']} and {keys['black_result']}, or neither "
                "(pending game)",
            )
        white_result = None if w is None else ResultCode(w)
        black_result = None if b is None else ResultCode(b)
        if (
            white_result is not None
            and black_result is not None
            and ((white_result, black_result) not in CONSISTENT_RESULTS)
        ):
            raise self.error(
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

    def warnings(self, t: Tournament) -> list[str]:
        scores = computed_scores(t)  # the same score computation as the TRF reader
        played = t.rounds_played
        out = []
        for index, p in enumerate(t.players):
            if p.reported_points is None:
                continue
            score = scores[p.number]
            if not points_column_agrees(t, p.number, p.reported_points, score):
                line, col = self.locate(("players", index, "reported_points"))
                out.append(
                    f"{self.file}:{line}:{col}: $.players[{index}].reported_points: "
                    f"{_points_to_json(p.reported_points)}, but the results of rounds 1-{played} "
                    f"give {_points_to_json(score)} (the results are used)"
                )
        return out


def _schema_message(error: jsonschema.exceptions.ValidationError) -> str:
    instance = error.instance
    shown = json.dumps(_plain(instance), ensure_ascii=False)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    if error.validator == "required":
        return error.message.replace("'", '"').replace(" is a required property", " is missing")
    if error.validator == "additionalProperties" and isinstance(instance, dict):
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        unknown = [json.dumps(k) for k in instance if k not in known]
        return "unknown propert" + ("y " if len(unknown) == 1 else "ies ") + ", ".join(unknown)
    return f"found {shown}"


def _schema_expected(error: jsonschema.exceptions.ValidationError) -> str:
    v = error.validator
    value: Any = error.validator_value
    if v == "type":
        return f"a value of type {value if isinstance(value, str) else ' or '.join(value)}"
    if v == "enum":
        return "one of " + ", ".join(json.dumps(x) for x in value)
    if v == "const":
        return json.dumps(value)
    if v == "minimum":
        return f"a number >= {value}"
    if v == "pattern":
        return f"a string matching {value}"
    if v in ("minItems", "maxItems"):
        return f"{v} {value}"
    if v == "anyOf":
        return (
            'a number, a fraction string like "1/3", or null'
            if "null" in json.dumps(value)
            else 'a number or a fraction string like "1/3"'
        )
    if v == "required":
        return "the property (see docs/json-format.md)"
    if v == "additionalProperties":
        return "only the properties listed in docs/json-format.md"
    return f"{v} {json.dumps(value)[:60]}"


# -- locating JSON paths in the text ----------------------------------------------------

_decoder = json.JSONDecoder()
_scanstring: Any = getattr(json.decoder, "scanstring")  # noqa: B009 (not in the stubs)
_WS = " \t\n\r"


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WS:
        pos += 1
    return pos


def _scan(text: str, pos: int, path: Path, out: dict[Path, int]) -> int:
    """Record the offset of every value under ``path``; return the end offset."""
    pos = _skip(text, pos)
    out[path] = pos
    char = text[pos]
    if char == "{":
        pos = _skip(text, pos + 1)
        if text[pos] == "}":
            return pos + 1
        while True:
            key, pos = _scanstring(text, pos + 1)
            pos = _skip(text, pos)
            pos = _scan(text, pos + 1, (*path, key), out)  # after ':'
            pos = _skip(text, pos)
            if text[pos] == "}":
                return pos + 1
            pos = _skip(text, pos + 1)  # after ','
    if char == "[":
        pos = _skip(text, pos + 1)
        if text[pos] == "]":
            return pos + 1
        index = 0
        while True:
            pos = _scan(text, pos, (*path, index), out)
            pos = _skip(text, pos)
            if text[pos] == "]":
                return pos + 1
            pos += 1
            index += 1
    _value, end = _decoder.raw_decode(text, pos)
    return end
