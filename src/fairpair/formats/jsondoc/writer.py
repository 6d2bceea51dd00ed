"""Writing the JSON document: :func:`to_document`, :func:`dumps` and :func:`dump`."""

from __future__ import annotations

import json
import os
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
from fairpair.model import Colour, Game, Player, Round, Tournament


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
    return game


def dumps(t: Tournament) -> str:
    """``t`` as a JSON document (UTF-8 text, 2-space indented, short objects inline)."""
    return _pretty(to_document(t), 0) + "\n"


def dump(t: Tournament, path: str | os.PathLike[str]) -> None:
    """Write ``t`` to ``path`` as a JSON document.

    The text is rendered first and then written atomically: if anything fails, an
    existing file at ``path`` is left as it was.
    """
    atomic_write_text(path, dumps(t), newline="\n")


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
