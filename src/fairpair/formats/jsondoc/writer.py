"""Writing the JSON document: :func:`to_document`, :func:`dumps` and :func:`dump`."""

from __future__ import annotations

import functools
import json
import json.encoder
import math
import os
from collections.abc import Callable
from typing import Any

from fairpair.formats.atomic import atomic_write_text
from fairpair.formats.jsondoc.values import (
    _BYE_NAMES,
    _POINT_FIELDS,
    FORMAT,
    VERSION,
    _points_to_json,
    side_names,
)
from fairpair.model import (
    GAME_FLAGS,
    Colour,
    Game,
    Player,
    ResultCode,
    Round,
    Tournament,
    paused_gc,
)


def to_document(t: Tournament) -> dict[str, Any]:
    """The JSON document (a dict of plain JSON values) for ``t``."""
    sides = side_names(t.system)
    return _document(t, [_round_doc(r, sides) for r in t.rounds])


def _document(t: Tournament, rounds: Any) -> dict[str, Any]:
    """The document of ``t`` with ``rounds`` as its rounds (see :func:`dumps`)."""
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
    doc["rounds"] = rounds
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


def _round_doc(r: Round, sides: tuple[str, str] = ("white", "black")) -> dict[str, Any]:
    doc: dict[str, Any] = {"number": r.number}
    doc["games"] = [_game_doc(g, sides) for g in r.games]
    if r.byes:
        doc["byes"] = {str(n): _BYE_NAMES[kind] for n, kind in r.byes.items()}
    return doc


def _game_doc(g: Game, sides: tuple[str, str]) -> dict[str, Any]:
    first, second = sides
    game: dict[str, Any] = {first: g.white, second: g.black}
    if g.white_result is not None or g.black_result is not None:
        game[f"{first}_result"] = None if g.white_result is None else g.white_result.value
        game[f"{second}_result"] = None if g.black_result is None else g.black_result.value
    if not g.coloured:
        game["coloured"] = False
    if g.flags:
        game["flags"] = [flag for flag in GAME_FLAGS if flag in g.flags]
    return game


def dumps(t: Tournament) -> str:
    """``t`` as a JSON document (UTF-8 text, 2-space indented, short objects inline)."""
    with paused_gc():  # see fairpair.model.paused_gc: a large document has a million values
        return _render(_document(t, _Rounds(t)), 0) + "\n"


def dump(t: Tournament, path: str | os.PathLike[str]) -> None:
    """Write ``t`` to ``path`` as a JSON document.

    The text is rendered first and then written atomically: if anything fails, an
    existing file at ``path`` is left as it was.
    """
    atomic_write_text(path, dumps(t), newline="\n")


# -- the text -------------------------------------------------------------------------
#
# The layout: 2-space indentation, and a container whose items are all scalars (or
# empty containers) on one line when that line fits in 96 columns. :func:`_pretty`
# says it in a few lines; :func:`_render` writes the same text faster (a document of
# 500,000 games), and the rounds are written straight from the tournament
# (:class:`_Rounds`) without making a dict per game first.

#: The widest line a container is kept on (indentation included).
_WIDTH = 96


def _pretty(value: Any, indent: int) -> str:
    """Indented JSON that keeps containers of scalars on one line when they fit (the
    definition of the layout; :func:`_render` writes the same text)."""
    if not isinstance(value, dict | list) or not value:
        return json.dumps(value, ensure_ascii=False)
    if not any(isinstance(v, dict | list) and v for v in _children(value)):
        flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        if indent + len(flat) <= _WIDTH:
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


def _float_text(value: float) -> str:
    """``json.dumps`` of a float."""
    if value != value:
        return "NaN"
    if value in (math.inf, -math.inf):
        return "Infinity" if value > 0 else "-Infinity"
    return float.__repr__(value)


#: ``json.dumps(value, ensure_ascii=False)`` by the exact type of a scalar ``value``.
_SCALARS: dict[type, Callable[[Any], str]] = {
    str: json.encoder.encode_basestring,
    int: int.__repr__,
    bool: lambda value: "true" if value else "false",
    type(None): lambda value: "null",
    float: _float_text,
}


def _flat(value: dict[Any, Any] | list[Any]) -> str | None:
    """``value`` on one line, as :func:`_pretty` writes it, if its items are scalars
    of the usual types (``str`` keys); None if it cannot be on one line (an item is a
    container with items); ``""`` if another type makes :func:`_pretty` decide."""
    scalars = _SCALARS
    parts = []
    if type(value) is dict:
        for key, item in value.items():
            kind = type(item)
            if type(key) is not str:
                return ""
            if kind is dict or kind is list:
                if item:
                    return None
                parts.append(scalars[str](key) + (": {}" if kind is dict else ": []"))
                continue
            encode = scalars.get(kind)
            if encode is None:
                return None if isinstance(item, _Rounds) and item.t.rounds else ""
            parts.append(scalars[str](key) + ": " + encode(item))
        return "{" + ", ".join(parts) + "}"
    for item in value:
        kind = type(item)
        if kind is dict or kind is list:
            if item:
                return None
            parts.append("{}" if kind is dict else "[]")
            continue
        encode = scalars.get(kind)
        if encode is None:
            return None if isinstance(item, _Rounds) and item.t.rounds else ""
        parts.append(encode(item))
    return "[" + ", ".join(parts) + "]"


def _render(value: Any, indent: int) -> str:
    """:func:`_pretty`, faster: the usual types written directly, anything else by
    :func:`_pretty` itself; :class:`_Rounds` written by itself."""
    kind = type(value)
    if kind is not dict and kind is not list:
        encode = _SCALARS.get(kind)
        if encode is not None:
            return encode(value)
        if isinstance(value, _Rounds):
            return value.render(indent)
        return _pretty(value, indent)
    if not value:
        return "{}" if kind is dict else "[]"
    flat = _flat(value)
    if flat == "":
        return _pretty(value, indent)
    if flat is not None and indent + len(flat) <= _WIDTH:
        return flat
    pad = " " * (indent + 2)
    inner = indent + 2
    if kind is dict:
        items = [
            pad
            + (_SCALARS[str](k) if type(k) is str else json.dumps(k, ensure_ascii=False))
            + ": "
            + _render(v, inner)
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _render(v, inner) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


class _Rounds:
    """The rounds of a tournament in the document, written as :func:`_pretty` writes
    ``[_round_doc(r, sides) for r in t.rounds]``: each game's line straight from the
    game (the usual one-line form, made by string formatting), anything unusual (a
    game line over the width, a round without games) by :func:`_render`."""

    def __init__(self, t: Tournament) -> None:
        self.t = t
        self.sides = side_names(t.system)

    def render(self, indent: int) -> str:
        if not self.t.rounds:
            return "[]"
        pad = " " * (indent + 2)
        items = [pad + self._round(r, indent + 2) for r in self.t.rounds]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"

    def _round(self, r: Round, indent: int) -> str:
        if not r.games or type(r.number) is not int:
            return _render(_round_doc(r, self.sides), indent)
        pad = " " * (indent + 2)
        parts = [f'{pad}"number": {r.number}', f'{pad}"games": {self._games(r, indent + 2)}']
        if r.byes:
            byes = {str(n): _BYE_NAMES[kind] for n, kind in r.byes.items()}
            parts.append(f'{pad}"byes": {_render(byes, indent + 2)}')
        return "{\n" + ",\n".join(parts) + "\n" + " " * indent + "}"

    def _games(self, r: Round, indent: int) -> str:
        """The games of ``r`` (at least one) as a list at ``indent``."""
        inner = indent + 2
        head = " " * inner + "{" + _SCALARS[str](self.sides[0]) + ": "
        second = ", " + _SCALARS[str](self.sides[1]) + ": "
        tails = self._tails
        lines = []
        for g in r.games:
            white, black = g.white, g.black
            key = (g.white_result, g.black_result, g.coloured)
            tail = tails.get(key)
            if tail is None:
                tail = tails[key] = self._tail(*key)
            line = f"{head}{white}{second}{black}{tail}"
            if len(line) > _WIDTH or type(white) is not int or type(black) is not int or g.flags:
                line = " " * inner + _render(_game_doc(g, self.sides), inner)
            lines.append(line)
        return "[\n" + ",\n".join(lines) + "\n" + " " * indent + "]"

    @functools.cached_property
    def _tails(self) -> dict[tuple[ResultCode | None, ResultCode | None, bool], str]:
        """(white's result, black's result, coloured) -> the end of a game's line."""
        return {}

    def _tail(
        self, white_result: ResultCode | None, black_result: ResultCode | None, coloured: bool
    ) -> str:
        """The end of a game's line after black's pairing number (results, colours)."""
        tail = ""
        if white_result is not None or black_result is not None:
            first, second = (_SCALARS[str](side + "_result") for side in self.sides)
            tail = (
                f", {first}: {_RESULT_TEXT[white_result]}, {second}: {_RESULT_TEXT[black_result]}"
            )
        return tail + ("}" if coloured else ', "coloured": false}')


#: A result as JSON text (``"1"``; pending: ``null``).
_RESULT_TEXT: dict[ResultCode | None, str] = {code: f'"{code.value}"' for code in ResultCode}
_RESULT_TEXT[None] = "null"
