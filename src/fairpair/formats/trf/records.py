"""TRF building blocks: column layout, record and result codes, small field parsers.

Everything here is shared by the reader and the writer; nothing here knows about a
whole file.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from fairpair import limits
from fairpair.errors import InputError
from fairpair.model import ByeKind, Colour, ResultCode, Tournament

# -- column layout of the 001 record (0-based slices of 1-based columns) -----------

#: Minimum length of a 001 line: everything up to the points (columns 81-84).
MIN_PLAYER_LINE = 84
#: 0-based index of column 92, where the first round block starts.
ROUND_START = 91
#: Width of one round block (opponent, colour, result and the separating blanks).
BLOCK = 10

#: Columns (1-based) that separate the fixed fields of a 001 line and must be blank.
_SEPARATORS: tuple[tuple[int, str], ...] = (
    (4, "the record code (1-3) and the pairing number (5-8)"),
    (9, "the pairing number (5-8) and the sex (10)"),
    (14, "the title (11-13) and the name (15-47)"),
    (48, "the name (15-47) and the rating (49-52)"),
    (53, "the rating (49-52) and the federation (54-56)"),
    (57, "the federation (54-56) and the FIDE id (58-68)"),
    (69, "the FIDE id (58-68) and the birth date (70-79)"),
    (80, "the birth date (70-79) and the points (81-84)"),
    (85, "the points (81-84) and the rank (86-89)"),
    (90, "the rank (86-89) and the first round (92-99)"),
    (91, "the rank (86-89) and the first round (92-99)"),
)

#: String fields of the 001 record and their widths.
_FIXED_WIDTHS: Mapping[str, int] = {
    "sex": 1,
    "title": 3,
    "name": 33,
    "federation": 3,
    "fide_id": 11,
    "birth_date": 10,
}

_LINE_BREAK = re.compile(r"[\r\n]")
_DECIMAL = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\Z")
_DIGITS = re.compile(r"[0-9]+\Z")
_RECORD_CODE = re.compile(r"[^ ]{3}(?: |\Z)")

_GAME_RESULTS = {code.value: code for code in ResultCode}
_BYE_RESULTS = {
    "U": ByeKind.PAIRING_ALLOCATED,
    "H": ByeKind.HALF_POINT,
    "F": ByeKind.FULL_POINT,
    "Z": ByeKind.ZERO_POINT,
    " ": ByeKind.ABSENT,
}
_RESULT_CODES = "1 0 = + - W D L H F U Z or blank"
#: A forfeit without an opponent (Swiss-Manager writes them, e.g. for team events):
#: ``0000 - +`` takes part in the pairing and wins without playing, exactly what a
#: pairing-allocated bye is for the pairing rules (bbpPairings reads it the same way);
#: ``0000 - -`` is a round not played, worth nothing: a zero-point bye.
_FORFEIT_WITHOUT_OPPONENT = {"+": "U", "-": "Z"}

#: fairpair's own extension record: one line of JSON (see docs/trf.md).
FAIRPAIR_RECORD = "FPJ"
#: Record codes fairpair interprets (besides 001 and the ??2 tournament records).
_KNOWN_CODES = frozenset(
    {"XXR", "XXC", "XXS", "XXA", "XXP", "XXZ", "XXT", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"}
    | {"240", "250", "260", "013", "310", FAIRPAIR_RECORD}
)
#: Records that refer to players: read once all 001 lines are known.
_PLAYER_RECORDS = ("XXA", "250", "XXP", "XXZ", "240", "260")


# -- small helpers --------------------------------------------------------------------


def _fail(
    message: str, expected: str | None, file: str, line: int | None, column: int | None
) -> InputError:
    return InputError(message, expected=expected, file=file, line=line, column=column)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


@functools.lru_cache(maxsize=1024)
def _parse_decimal(text: str) -> Fraction | None:
    """``"1.5"`` -> 3/2; None if ``text`` is not a plain decimal number (ASCII digits,
    at most :data:`~fairpair.limits.MAX_NUMBER_CHARS` characters)."""
    text = text.strip()
    if len(text) > limits.MAX_NUMBER_CHARS or not _DECIMAL.match(text):
        return None
    return Fraction(text)


def _ascii_int(text: str, max_digits: int = 9) -> int | None:
    """The whole number ``text`` spells in ASCII digits (at most ``max_digits``); None
    for anything else (``str.isdigit`` would accept Arabic-Indic or superscript digits).

    >>> _ascii_int("0042"), _ascii_int("\u0663"), _ascii_int("12345678901")
    (42, None, None)
    """
    if len(text) > max_digits or _DIGITS.match(text) is None:
        return None
    return int(text)


def format_trf_points(value: Fraction) -> str:
    """Points the way TRF writes them: at least one decimal (``1.0``, ``2.5``, ``1.25``).

    Values that are not exact decimals (1/3) are written with 4 decimals (rounded):
    TRF cannot carry them exactly (the JSON document can).

    >>> format_trf_points(Fraction(3)), format_trf_points(Fraction(5, 4))
    ('3.0', '1.25')
    """
    if value.denominator in (1, 2, 5, 10):
        return f"{float(value):.1f}" if abs(value) < 10**15 else f"{value.numerator}.0"
    text = f"{float(value):.4f}".rstrip("0")
    return text


def _fit_points(value: Fraction, width: int) -> str:
    """Points for a fixed-width column: exact if it fits, else rounded to the decimals
    that fit (1/3 -> ``0.33``); big integers lose their ``.0``."""
    text = format_trf_points(value)
    if len(text) > width and value.denominator == 1:
        text = str(value.numerator)
    decimals = 3
    while len(text) > width and decimals >= 0:
        text = f"{float(value):.{decimals}f}"
        decimals -= 1
    if len(text) > width:
        raise InputError(
            f"cannot write points {format_trf_points(value)} into a {width}-column TRF field",
            expected=f"at most {width} characters",
        )
    return text


def _rank_fits(rank: int | None) -> bool:
    return rank is not None and 0 <= rank <= 9999


def tournament_type(t: Tournament) -> str | None:
    """The TRF-2026 encoded type of tournament (record 192), e.g. ``FIDE_DUTCH_2026``
    or ``FIDE_DUTCH_BAKU`` (a ``_BAKU`` suffix: Baku acceleration); None if absent."""
    found = None
    for code, text in t.headers:
        if code == "192" and text.strip():
            found = text.strip()
    return found


# -- fields of fixed-column records ---------------------------------------------------


def _check_blank(line: str, index: int, what: str, file: str, lineno: int) -> None:
    if index < len(line) and line[index] != " ":
        raise _fail(
            f"found {line[index]!r} in column {index + 1}",
            f"a blank between {what} (misaligned columns?)",
            file,
            lineno,
            index + 1,
        )


def _parse_int_field(
    line: str, start: int, end: int, what: str, file: str, lineno: int, *, allow_blank: bool
) -> int | None:
    """Integer in 1-based columns ``start``..``end``; None if blank and allowed."""
    text = line[start - 1 : end]
    stripped = text.strip()
    if not stripped and allow_blank:
        return None
    value = _ascii_int(stripped)
    if value is None:
        offset = len(text) - len(text.lstrip())
        raise _fail(
            f"found {text!r} in columns {start}-{end}",
            what,
            file,
            lineno,
            start + (offset if stripped else 0),
        )
    return value


def _tokens(line: str, start: int) -> list[tuple[str, int]]:
    """Blank-separated tokens of ``line[start:]`` with their 1-based columns."""
    return [(m.group(), m.start() + 1) for m in re.finditer(r"[^ \t]+", line) if m.start() >= start]


def _record_int(
    line: str, start: int, end: int, what: str, file: str, lineno: int, minimum: int = 1
) -> int:
    text = line[start - 1 : end]
    value = _ascii_int(text.strip())
    if value is None or value < minimum:
        raise _fail(
            f"found {text!r} in columns {start}-{end}",
            what,
            file,
            lineno,
            min(start, len(line) + 1),
        )
    return value


def _record_points(line: str, start: int, end: int, what: str, file: str, lineno: int) -> Fraction:
    text = line[start - 1 : end]
    value = _parse_decimal(text)
    if value is None:
        raise _fail(
            f"found {text!r} in columns {start}-{end}",
            what,
            file,
            lineno,
            min(start, len(line) + 1),
        )
    return value


def _player_ref(
    text: str, col: int, players: Mapping[int, Any], what: str, file: str, lineno: int
) -> int:
    stripped = text.strip()
    number = _ascii_int(stripped)
    if number is None or number == 0:
        shown = text if len(text) <= 20 else text[:17] + "..."
        raise _fail(f"{what}: found {shown!r}", "a pairing number", file, lineno, col)
    if number not in players:
        raise _fail(
            f"{what}: player {number} does not exist",
            "the pairing number of a 001 record",
            file,
            lineno,
            col,
        )
    return number


# -- what the record readers accumulate -----------------------------------------------


@dataclass
class _State:
    """What the record readers accumulate."""

    file: str
    total_rounds: int | None = None
    total_rounds_line: int | None = None
    initial_colour: Colour | None = None
    xxc_options: list[str] = dataclasses.field(default_factory=list)
    double_rounds: bool = False
    points: dict[str, Fraction] = dataclasses.field(default_factory=dict)
    pab_explicit: bool = False
    #: PointSystem fields set explicitly by some XXS record so far.
    xxs_explicit: set[str] = dataclasses.field(default_factory=set)
    acceleration: dict[int, list[Fraction]] = dataclasses.field(default_factory=dict)
    forbidden: set[frozenset[int]] = dataclasses.field(default_factory=set)
    fairpair: dict[str, Any] = dataclasses.field(default_factory=dict)
    #: The FPJ record read (``extensions._Fpj``), for the errors found later.
    fpj: Any = None
    #: Acceleration values set so far by XXA and 250 records (the ``acceleration`` limit).
    acceleration_values: int = 0
    warnings: list[str] = dataclasses.field(default_factory=list)

    def set_points(self, fields: Iterable[str], value: Fraction) -> None:
        for name in fields:
            self.points[name] = value
