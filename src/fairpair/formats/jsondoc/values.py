"""Names and values of the JSON document shared by its reader and writer: the format
marker, bye and point names, the side names of a game, and exact points."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from fairpair import limits
from fairpair.model import ByeKind

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

#: The keys of the two players of a game by colour (the model's white and black).
WHITE_BLACK: tuple[str, str] = ("white", "black")

#: Every pair of keys the format knows for the two players of a game (first-listed,
#: second-listed): the colours, or the sides of a game that has sides instead (Corp and
#: Runner, Corp being the model's white). The writer uses the pair its caller names
#: (the pairing system's descriptor says which, ``SystemDescriptor.sides``); the reader
#: accepts any of them.
SIDE_PAIRS: tuple[tuple[str, str], ...] = (WHITE_BLACK, ("corp", "runner"))


def checked_sides(sides: tuple[str, str]) -> tuple[str, str]:
    """``sides`` if the format has that pair of keys (:data:`SIDE_PAIRS`), else a
    ValueError: a document is never written with keys its reader would refuse."""
    if tuple(sides) not in SIDE_PAIRS:
        raise ValueError(f"side names {sides!r}: the JSON document knows {SIDE_PAIRS!r}")
    return sides


_SAME_KEYS: Mapping[str, str] = {k: k for k in ("white", "black", "white_result", "black_result")}


def _as_white_black(game: Mapping[str, Any]) -> tuple[Mapping[str, Any], Mapping[str, str]]:
    """A game object with side names (``corp``/``runner``) read as white/black keys
    (``game`` itself when it has white/black keys); also returns model key ->
    document key, for error paths."""
    for first, second in SIDE_PAIRS[1:]:  # the pairs after the colours themselves
        if first in game or second in game:
            rename = {
                "white": first,
                "black": second,
                "white_result": f"{first}_result",
                "black_result": f"{second}_result",
            }
            inverse = {v: k for k, v in rename.items()}
            return {inverse.get(k, k): v for k, v in game.items()}, rename
    return game, _SAME_KEYS


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
    """Points of a document: a JSON number or a text such as ``"1/3"``, read by the one
    bounded parser (``"1e3000000"`` is refused)."""
    return limits.parse_number(value, "points", expected='a number or a fraction such as "1/3"')


def _plain(value: Any) -> Any:
    """Free JSON (settings, hints) with exact decimals turned into ordinary numbers."""
    if isinstance(value, Decimal):  # json parses only non-integers as Decimal here
        return float(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
