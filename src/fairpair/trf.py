"""Reading and writing FIDE Tournament Report Files (TRF-2016, TRF-2026, TRF(x)/(bx)).

The reader turns a TRF into a :class:`~fairpair.model.Tournament`; the writer turns a
tournament back into TRF text. What is implemented, column by column, and the sources
used are described in ``docs/trf.md``. In short:

* ``001`` player lines in their fixed columns (5-8 pairing number, 10 sex, 11-13
  title, 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE id, 70-79 birth date,
  81-84 points, 86-89 rank, then one 10-column block per round from column 92);
* tournament header records (``012`` ... ``132``, ``172`` ... ``222``, ``352`` ...),
  kept in :attr:`Tournament.headers`;
* TRF-2026 ``142`` (rounds), ``152`` (initial colour), ``162`` (point system),
  ``240`` (byes), ``250`` (acceleration), ``260`` (prohibited pairings);
* JaVaFo / bbpPairings extensions ``XXR``, ``XXC``, ``XXS``, ``XXA``, ``XXP``, ``XXZ``,
  ``BBW`` ``BBD`` ``BBL`` ``BBZ`` ``BBF`` ``BBU``, and fairpair's ``XXT double|single``
  and ``FPJ`` (a JSON payload for what TRF cannot express: see docs/trf.md);
* every other line is kept verbatim in :attr:`Tournament.extra_records`.

Round-tripping: ``dumps(loads(text)) == text`` byte for byte. Files written the way
fairpair writes them ("canonical" files) need nothing extra; for any other file the
reader records the original spelling and order in :attr:`Tournament.format_hints`,
and the writer uses it as long as it still says exactly what the tournament says.

Bad input raises :class:`~fairpair.errors.InputError` naming file, line and column
(1-based), what was found and what was expected.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import math
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

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

__all__ = [
    "computed_scores",
    "dump",
    "dumps",
    "format_trf_points",
    "load",
    "loads",
    "parse_engine_output",
    "points_column_agrees",
    "tournament_type",
]

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

_LINE_BREAK = re.compile(r"[\r\n]")
_DECIMAL = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)\Z")
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

#: XXS codes (JaVaFo AUM, "Scoring point system") -> PointSystem fields they set.
XXS_CODES: Mapping[str, tuple[str, ...]] = {
    "WW": ("white_win",),
    "BW": ("black_win",),
    "WD": ("white_draw",),
    "BD": ("black_draw",),
    "WL": ("white_loss",),
    "BL": ("black_loss",),
    "ZPB": ("zero_point_bye",),
    "HPB": ("half_point_bye",),
    "FPB": ("full_point_bye",),
    "PAB": ("pairing_allocated_bye",),
    "FW": ("forfeit_win",),
    "FL": ("forfeit_loss",),
    # shortcuts
    "W": ("white_win", "black_win", "forfeit_win", "full_point_bye"),
    "D": ("white_draw", "black_draw", "half_point_bye"),
}
#: The PointSystem fields.
_POINT_NAMES = tuple(f.name for f in dataclasses.fields(PointSystem))
#: The order in which the writer spells out XXS codes.
_XXS_WRITE_ORDER = ("WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL")


# -- small helpers --------------------------------------------------------------------


def _fail(
    message: str, expected: str | None, file: str, line: int | None, column: int | None
) -> InputError:
    return InputError(message, expected=expected, file=file, line=line, column=column)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


@functools.lru_cache(maxsize=1024)
def _parse_decimal(text: str) -> Fraction | None:
    """``"1.5"`` -> 3/2; None if ``text`` is not a plain decimal number."""
    text = text.strip()
    if not _DECIMAL.match(text):
        return None
    return Fraction(text)


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


def _agrees(reported: Fraction, score: Fraction, allowances: Sequence[Fraction] = ()) -> bool:
    """Is a points column value acceptable for ``score``? Exact, or ``score`` plus one
    of the ``allowances`` (see :func:`_allowances`), or the rounding of a score the
    column cannot hold exactly."""
    return (
        reported == score
        or any(reported == score + extra for extra in allowances)
        or (
            score.denominator not in (1, 2, 4, 5, 10, 20, 25, 50)
            and reported == _column_value(score)
        )
    )


def _allowances(t: Tournament, number: int) -> tuple[Fraction, ...]:
    """What programs add to the points column on top of the score after the paired
    rounds: the acceleration of the round to be paired (bbpPairings accepts it), and
    the points of a pre-set bye of that round (JaVaFo's manual asks for them)."""
    nxt = t.rounds_played + 1
    acceleration = t.acceleration_for(number, nxt) if t.acceleration else Fraction(0)
    kind = t.round(nxt).byes.get(number) if nxt <= len(t.rounds) else None
    bye = t.points.bye_points(kind) if kind is not None else Fraction(0)
    return tuple(x for x in {acceleration, bye, acceleration + bye} if x != 0)


def points_column_agrees(
    t: Tournament, number: int, reported: Fraction, score: Fraction | None = None
) -> bool:
    """Does a points column value (TRF 81-84, JSON ``reported_points``) agree with the
    results? ``score`` defaults to the computed score after the paired rounds."""
    if score is None:
        score = computed_scores(t)[number]
    return _agrees(reported, score, _allowances(t, number))


def _column_value(value: Fraction) -> Fraction:
    """What a 4-column points field says for ``value`` (rounded if not exact)."""
    return Fraction(_fit_points(value, 4))


# -- decoding -------------------------------------------------------------------------


def _position(data: bytes | str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of ``offset``."""
    newline: Any = b"\n" if isinstance(data, bytes) else "\n"
    line = data.count(newline, 0, offset) + 1
    start = data.rfind(newline, 0, offset) + 1
    return line, offset - start + 1


def _decode(data: str | bytes, file: str) -> str:
    if isinstance(data, bytes):
        nul = data.find(b"\0")
        if nul >= 0:
            line, col = _position(data, nul)
            raise _fail("binary data (a NUL byte)", "a TRF text file", file, line, col)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line, col = _position(data, exc.start)
            raise _fail(
                f"byte 0x{data[exc.start]:02X} is not valid UTF-8",
                "a UTF-8 encoded TRF text file (convert Latin-1/Windows-1252 files to UTF-8)",
                file,
                line,
                col,
            ) from None
    nul = data.find("\0")
    if nul >= 0:
        line, col = _position(data, nul)
        raise _fail("binary data (a NUL character)", "a TRF text file", file, line, col)
    return data


_LINE_END_CODES = {"\n": "n", "\r\n": "c", "\r": "r"}
_LINE_ENDS = {code: end for end, code in _LINE_END_CODES.items()}


def _split_lines(text: str) -> tuple[list[str], dict[str, Any]]:
    """Split into lines; return the lines and the hints needed to join them back."""
    hints: dict[str, Any] = {}
    if text.startswith("\ufeff"):
        hints["bom"] = True
        text = text[1:]
    ends = re.findall(r"\r\n|\r|\n", text)
    newline = max(_LINE_END_CODES, key=ends.count) if ends else "\n"
    if newline != "\n":
        hints["newline"] = newline
    if len(set(ends)) > 1:  # mixed line ends: remember each one
        hints["line_ends"] = "".join(_LINE_END_CODES[end] for end in ends)
    lines = re.split(r"\r\n|\r|\n", text)
    if lines and lines[-1] == "":
        lines.pop()
    elif text:
        hints["final_newline"] = False
    return lines, hints


# -- the 001 record ------------------------------------------------------------------


@dataclass(frozen=True)
class _Entry:
    """One round block of a 001 line, as written."""

    opponent: int | None
    colour: str  # "w", "b" or "-"
    result: str  # upper-cased result letter, or " "
    column: int  # 1-based column of the block start (the opponent field)


@dataclass
class _PlayerLine:
    player: Player
    entries: list[_Entry | None]
    line: int
    raw: str


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
    if not stripped.isdigit() or not stripped.isascii():
        offset = len(text) - len(text.lstrip())
        raise _fail(
            f"found {text!r} in columns {start}-{end}",
            what,
            file,
            lineno,
            start + (offset if stripped else 0),
        )
    return int(stripped)


def _parse_player_line(raw: str, lineno: int, file: str) -> _PlayerLine:
    """Parse one 001 line (fixed columns and round blocks), without cross-checks."""
    line = raw.rstrip()
    if len(line) < MIN_PLAYER_LINE:
        raise _fail(
            f"001 record is only {len(line)} characters long",
            f"at least {MIN_PLAYER_LINE} (fixed columns up to the points in 81-84)",
            file,
            lineno,
            len(line) + 1,
        )
    for column, what in _SEPARATORS:
        _check_blank(line, column - 1, what, file, lineno)
    number = _parse_int_field(
        line, 5, 8, "a pairing number (1-9999) in columns 5-8", file, lineno, allow_blank=False
    )
    assert number is not None
    if number == 0:
        raise _fail("pairing number 0 in columns 5-8", "1-9999", file, lineno, 8)
    rating = _parse_int_field(
        line, 49, 52, "a rating (digits) or blanks in columns 49-52", file, lineno, allow_blank=True
    )
    points_text = line[80:84]
    points: Fraction | None = None
    if points_text.strip():
        points = _parse_decimal(points_text)
        if points is None:
            raise _fail(
                f"found {points_text!r} in columns 81-84",
                "points such as '2.5' or blanks",
                file,
                lineno,
                81,
            )
    rank = _parse_int_field(
        line, 86, 89, "a rank (digits) or blanks in columns 86-89", file, lineno, allow_blank=True
    )
    player = Player(
        number=number,
        name=line[14:47].strip(),
        rating=rating or 0,
        title=line[10:13].strip(),
        sex=line[9:10].strip(),
        federation=line[53:56].strip(),
        fide_id=line[57:68].strip(),
        birth_date=line[69:79].strip(),
        reported_points=points,
        reported_rank=rank,
    )
    entries: list[_Entry | None] = []
    start = ROUND_START
    while start < len(line):
        entries.append(_parse_block(line, start, len(entries) + 1, file, lineno))
        start += BLOCK
    while entries and entries[-1] is None:
        entries.pop()
    return _PlayerLine(player, entries, lineno, raw)


def _parse_block(line: str, start: int, rnd: int, file: str, lineno: int) -> _Entry | None:
    """Parse the round block starting at 0-based ``start`` (round ``rnd``)."""
    block = line[start : start + BLOCK].ljust(BLOCK)
    col = start + 1  # 1-based column of the opponent field
    for offset, what in (
        (4, "the opponent and the colour"),
        (6, "the colour and the result"),
        (8, "two round blocks"),
        (9, "two round blocks"),
    ):
        if block[offset] != " ":
            raise _fail(
                f"round {rnd}: found {block[offset]!r} in column {col + offset}",
                f"a blank between {what} (round blocks are 10 columns wide, "
                f"round {rnd} in columns {col}-{col + 7})",
                file,
                lineno,
                col + offset,
            )
    if not block[:8].strip():
        return None
    opp_text = block[0:4]
    opponent: int | None = None
    if opp_text.strip():
        stripped = opp_text.strip()
        if not stripped.isdigit() or not stripped.isascii():
            raise _fail(
                f"round {rnd}: found {opp_text!r} in columns {col}-{col + 3}",
                "an opponent's pairing number or 0000",
                file,
                lineno,
                col,
            )
        opponent = int(stripped) or None
    colour = block[5]
    if colour in "WB":
        colour = colour.lower()
    if colour == " ":
        colour = "-"
    if colour not in "wb-":
        raise _fail(
            f"round {rnd}: unknown colour code {colour!r} in column {col + 5}",
            "w, b or -",
            file,
            lineno,
            col + 5,
        )
    result = block[7].upper()
    if result not in "10=+-WDLHFUZ ":
        raise _fail(
            f"round {rnd}: unknown result code {block[7]!r} in column {col + 7}",
            _RESULT_CODES,
            file,
            lineno,
            col + 7,
        )
    if opponent is None:
        if colour != "-":
            raise _fail(
                f"round {rnd}: colour {colour!r} without an opponent (0000)",
                "- for a bye or absence",
                file,
                lineno,
                col + 5,
            )
        result = _FORFEIT_WITHOUT_OPPONENT.get(result, result)
        if result not in _BYE_RESULTS:
            raise _fail(
                f"round {rnd}: result {result!r} without an opponent (0000)",
                "U (pairing-allocated bye), H, F, Z or blank",
                file,
                lineno,
                col + 7,
            )
    elif result in "HFUZ":
        raise _fail(
            f"round {rnd}: bye code {result!r} against opponent {opponent}",
            "a game result 1 0 = + - W D L, or blank for a pending game",
            file,
            lineno,
            col + 7,
        )
    return _Entry(opponent, colour, result, col)


# -- other records --------------------------------------------------------------------


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
    warnings: list[str] = dataclasses.field(default_factory=list)

    def set_points(self, fields: Iterable[str], value: Fraction) -> None:
        for name in fields:
            self.points[name] = value


def _tokens(line: str, start: int) -> list[tuple[str, int]]:
    """Blank-separated tokens of ``line[start:]`` with their 1-based columns."""
    return [(m.group(), m.start() + 1) for m in re.finditer(r"[^ \t]+", line) if m.start() >= start]


def _record_int(
    line: str, start: int, end: int, what: str, file: str, lineno: int, minimum: int = 1
) -> int:
    text = line[start - 1 : end]
    stripped = text.strip()
    if not stripped.isdigit() or not stripped.isascii() or int(stripped) < minimum:
        raise _fail(
            f"found {text!r} in columns {start}-{end}",
            what,
            file,
            lineno,
            min(start, len(line) + 1),
        )
    return int(stripped)


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


def _read_rounds(line: str, lineno: int, st: _State) -> None:
    """XXR n (JaVaFo) / 142 n (TRF-2026): total number of rounds."""
    tokens = _tokens(line, 3)
    if len(tokens) != 1 or not tokens[0][0].isdigit() or int(tokens[0][0]) < 1:
        col = tokens[0][1] if tokens else len(line) + 1
        raise _fail(
            f"{line[:3]} record {line[3:].strip()!r}",
            "the total number of rounds (a positive integer)",
            st.file,
            lineno,
            col,
        )
    value = int(tokens[0][0])
    if st.total_rounds is not None and st.total_rounds != value:
        raise _fail(
            f"{line[:3]} says {value} rounds, but line {st.total_rounds_line} "
            f"said {st.total_rounds}",
            "one number of rounds",
            st.file,
            lineno,
            tokens[0][1],
        )
    st.total_rounds = value
    st.total_rounds_line = lineno


def _read_xxc(line: str, lineno: int, st: _State) -> None:
    """XXC options: white1 / black1 (initial colour); others (rank, ...) kept."""
    for token, _col in _tokens(line, 3):
        if token == "white1":
            st.initial_colour = Colour.WHITE
        elif token == "black1":
            st.initial_colour = Colour.BLACK
        else:
            st.xxc_options.append(token)


def _read_152(line: str, lineno: int, st: _State) -> None:
    """152 W|B (TRF-2026): initial colour."""
    text = line[4:].strip().upper()
    if text not in ("W", "B"):
        raise _fail(f"152 record {line[4:]!r}", "W or B in column 5", st.file, lineno, 5)
    st.initial_colour = Colour.WHITE if text == "W" else Colour.BLACK


def _read_xxt(line: str, lineno: int, st: _State) -> None:
    """XXT double|single (fairpair extension): double rounds."""
    tokens = _tokens(line, 3)
    if len(tokens) != 1 or tokens[0][0] not in ("double", "single"):
        col = tokens[0][1] if tokens else len(line) + 1
        raise _fail(
            f"XXT record {line[3:].strip()!r}", "'double' or 'single'", st.file, lineno, col
        )
    st.double_rounds = tokens[0][0] == "double"


def _read_xxs(line: str, lineno: int, st: _State) -> None:
    """XXS CODE=VALUE ... (JaVaFo): point system; later codes override earlier ones."""
    tokens = _tokens(line, 3)
    if not tokens:
        raise _fail("empty XXS record", "CODE=VALUE pairs such as WW=1.0", st.file, lineno, 4)
    explicit = st.xxs_explicit
    for token, col in tokens:
        code, sep, value_text = token.partition("=")
        if code not in XXS_CODES:
            raise _fail(
                f"unknown XXS code {code!r}",
                "one of " + " ".join(XXS_CODES),
                st.file,
                lineno,
                col,
            )
        value = _parse_decimal(value_text) if sep else None
        if value is None:
            raise _fail(
                f"XXS {token!r}",
                f"{code}=<points>, e.g. {code}=1.0",
                st.file,
                lineno,
                col + len(code) + (1 if sep else 0),
            )
        st.set_points(XXS_CODES[code], value)
        explicit.update(XXS_CODES[code])
    # C.04.1: the pairing-allocated bye scores as a win. Results no XXS record gives
    # follow the win / draw values when both colours agree on them: byes and forfeit
    # wins the win, the half-point bye the draw (the same as JaVaFo's defaults for
    # 1/0.5/0; a 3/1/0 record gives a 3-point bye, as Netrunner events expect).
    derived = {
        "pairing_allocated_bye": ("white_win", "black_win"),
        "forfeit_win": ("white_win", "black_win"),
        "full_point_bye": ("white_win", "black_win"),
        "half_point_bye": ("white_draw", "black_draw"),
    }
    for target, (white, black) in derived.items():
        if target in explicit or not ({white, black} & explicit):
            continue
        default = PointSystem()
        white_value = st.points.get(white, getattr(default, white))
        if white_value == st.points.get(black, getattr(default, black)):
            st.points[target] = white_value


_BB_FIELDS: Mapping[str, tuple[str, ...]] = {
    "BBW": ("white_win", "black_win", "forfeit_win", "full_point_bye"),
    "BBD": ("white_draw", "black_draw", "half_point_bye"),
    "BBL": ("white_loss", "black_loss"),
    "BBZ": ("zero_point_bye",),
    "BBF": ("forfeit_loss",),
    "BBU": ("pairing_allocated_bye",),
}


def _read_bb(line: str, lineno: int, st: _State) -> None:
    """BBW/BBD/BBL/BBZ/BBF/BBU pp.p (bbpPairings): points for one kind of result."""
    code = line[:3]
    value = _parse_decimal(line[4:])
    if value is None:
        raise _fail(f"{code} record {line[4:]!r}", "points such as ' 3.0'", st.file, lineno, 5)
    st.set_points(_BB_FIELDS[code], value)
    if code == "BBW" and not st.pab_explicit:
        st.points["pairing_allocated_bye"] = value
    if code == "BBU":
        st.pab_explicit = True


_162_FIELDS: Mapping[str, tuple[str, ...]] = {
    "W": ("white_win", "black_win", "forfeit_win", "full_point_bye"),
    "D": ("white_draw", "black_draw", "half_point_bye"),
    "L": ("white_loss", "black_loss"),
    "A": ("zero_point_bye", "forfeit_loss"),
    "P": ("pairing_allocated_bye",),
}


def _read_162(line: str, lineno: int, st: _State) -> None:
    """162 (TRF-2026): result code at column 6, points at 7-10, repeated every 9."""
    start = 5
    if len(line.rstrip()) < 10:
        raise _fail(
            "162 record too short",
            "a result code in column 6 and points in columns 7-10",
            st.file,
            lineno,
            len(line) + 1,
        )
    while start < len(line.rstrip()):
        code = line[start]
        if code not in "WDLAPX":
            raise _fail(
                f"162: found {code!r} in column {start + 1}",
                "a result code W, D, L, A, P or X",
                st.file,
                lineno,
                start + 1,
            )
        value = _record_points(line, start + 2, start + 5, "points such as ' 1.0'", st.file, lineno)
        if code == "X":
            st.warnings.append(
                f"{st.file}:{lineno}:{start + 1}: 162 points for unknown results (X) are ignored"
            )
        else:
            st.set_points(_162_FIELDS[code], value)
            if code == "W" and not st.pab_explicit:
                st.points["pairing_allocated_bye"] = value
            if code == "P":
                st.pab_explicit = True
        gap = line[start + 5 : start + 9]
        if gap.strip():
            col = start + 6 + (len(gap) - len(gap.lstrip()))
            raise _fail(
                f"162: found {gap.strip()!r} in column {col}",
                "blanks between entries (entries every 9 columns: code at 6, 15, 24, ...)",
                st.file,
                lineno,
                col,
            )
        start += 9


def _player_ref(
    text: str, col: int, players: Mapping[int, Any], what: str, file: str, lineno: int
) -> int:
    stripped = text.strip()
    if not stripped.isdigit() or not stripped.isascii() or int(stripped) == 0:
        raise _fail(f"{what}: found {text!r}", "a pairing number", file, lineno, col)
    number = int(stripped)
    if number not in players:
        raise _fail(
            f"{what}: player {number} does not exist",
            "the pairing number of a 001 record",
            file,
            lineno,
            col,
        )
    return number


def _read_xxa(line: str, lineno: int, st: _State, players: Mapping[int, Any]) -> None:
    """XXA NNNN pp.p pp.p ... (JaVaFo): virtual points per round from column 10."""
    number = _player_ref(line[4:8], 5, players, "XXA", st.file, lineno)
    values: list[Fraction] = []
    start = 9
    text = line.rstrip()
    while start < len(text):
        _check_blank(text, start - 1, "two XXA values (every 5 columns)", st.file, lineno)
        field = text[start : start + 4]
        if field.strip():
            value = _parse_decimal(field)
            if value is None:
                raise _fail(
                    f"XXA round {len(values) + 1}: found {field!r}",
                    "points such as ' 1.0' (round r in columns 10+5(r-1) to 13+5(r-1))",
                    st.file,
                    lineno,
                    start + 1,
                )
        else:
            value = Fraction(0)
        values.append(value)
        start += 5
    st.acceleration[number] = values


def _read_250(line: str, lineno: int, st: _State, players: Mapping[int, Any]) -> None:
    """250 (TRF-2026): fictitious points for a range of rounds and players."""
    text = line.rstrip()
    if len(text) < 31:
        raise _fail(
            f"250 record is only {len(text)} characters long",
            "at least 31 (points 10-13, rounds 15-17 and 19-21, players 23-26 and 28-31)",
            st.file,
            lineno,
            len(text) + 1,
        )
    if line[4:8].strip():
        match = _record_points(line, 5, 8, "match points or blanks", st.file, lineno)
        if match:
            raise _fail(
                "250: match points in an individual tournament",
                "blank or 0.0 in columns 5-8",
                st.file,
                lineno,
                5,
            )
    value = _record_points(line, 10, 13, "fictitious points such as ' 1.0'", st.file, lineno)
    first = _record_int(line, 15, 17, "a first round number", st.file, lineno)
    last = _record_int(line, 19, 21, f"a last round number >= {first}", st.file, lineno, first)
    lo = _record_int(line, 23, 26, "a first pairing number", st.file, lineno)
    hi = _record_int(line, 28, 31, f"a last pairing number >= {lo}", st.file, lineno, lo)
    for number in players:
        if lo <= number <= hi:
            values = st.acceleration.setdefault(number, [])
            while len(values) < last:
                values.append(Fraction(0))
            for r in range(first, last + 1):
                values[r - 1] = value


def _read_xxp(line: str, lineno: int, st: _State, players: Mapping[int, Any]) -> None:
    """XXP id id ... (JaVaFo): none of the listed players may meet each other."""
    numbers = [
        _player_ref(tok, col, players, "XXP", st.file, lineno) for tok, col in _tokens(line, 3)
    ]
    if len(numbers) < 2:
        raise _fail(
            "XXP lists fewer than two players",
            "two or more pairing numbers",
            st.file,
            lineno,
            len(line) + 1,
        )
    _add_forbidden(numbers, st)


def _add_forbidden(numbers: Sequence[int], st: _State) -> None:
    for i, a in enumerate(numbers):
        for b in numbers[i + 1 :]:
            if a != b:
                st.forbidden.add(frozenset((a, b)))


def _read_260(
    line: str, lineno: int, st: _State, players: Mapping[int, Any], next_round: int
) -> bool:
    """260 (TRF-2026): prohibited pairings for rounds first..last.

    Its pairs become forbidden pairs when its round range contains the round to be
    paired. Returns True if the range covers every round (then forbidden_pairs says it
    all); otherwise the record is also kept verbatim in extra_records.
    """
    first = _record_int(line, 5, 7, "a first round number", st.file, lineno)
    last = _record_int(line, 9, 11, f"a last round number >= {first}", st.file, lineno, first)
    numbers = []
    start = 12
    text = line.rstrip()
    while start < len(text):
        numbers.append(
            _player_ref(text[start : start + 5], start + 1, players, "260", st.file, lineno)
        )
        start += 5
    if len(numbers) < 2:
        raise _fail(
            "260 lists fewer than two players",
            "two or more pairing numbers (columns 13-16, 18-21, ...)",
            st.file,
            lineno,
            len(text) + 1,
        )
    if first <= next_round <= last:
        _add_forbidden(numbers, st)
    # A record for every round says no more than forbidden_pairs: not kept verbatim.
    covers_all = first == 1 and (
        last == 999 or (st.total_rounds is not None and last >= st.total_rounds)
    )
    return covers_all


def _read_fairpair(line: str, lineno: int, st: _State) -> None:
    """FPJ {json} (fairpair extension): what TRF cannot carry."""
    try:
        payload = json.loads(line[4:])
    except json.JSONDecodeError as exc:
        raise _fail(
            f"FPJ record is not valid JSON ({exc.msg})",
            "a JSON object after 'FPJ '",
            st.file,
            lineno,
            5 + exc.pos,
        ) from None
    if not isinstance(payload, dict):
        raise _fail("FPJ record is not a JSON object", "{...}", st.file, lineno, 5)
    for key, value in payload.items():
        st.fairpair[key] = value


# -- loading --------------------------------------------------------------------------


def loads(text: str | bytes, *, file: str = "<input>") -> tuple[Tournament, list[str]]:
    """Read TRF text; return the tournament and a list of warnings.

    Raises :class:`InputError` (one line: file, line, column, found, expected) for
    anything that is not a well-formed, consistent TRF.
    """
    decoded = _decode(text, file)
    lines, hints = _split_lines(decoded)
    tournament, warnings = _build(lines, file)
    if _canonical_text(tournament, hints) != decoded:
        hints.update(_layout_hints(tournament, lines))
    if hints:
        tournament = tournament.replace(format_hints=hints)
    return tournament, warnings


def load(path: str | os.PathLike[str]) -> tuple[Tournament, list[str]]:
    """Read a TRF file (see :func:`loads`)."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror}", file=name) from None
    return loads(data, file=name)


def _build(lines: Sequence[str], file: str) -> tuple[Tournament, list[str]]:
    """Parse all lines into a tournament (no format hints)."""
    if not any(line.strip() for line in lines):
        raise _fail(
            "empty file",
            "TRF records such as '012 <tournament name>' and '001 <player>'",
            file,
            1,
            1,
        )
    st = _State(file=file)
    player_lines: list[_PlayerLine] = []
    by_number: dict[int, _PlayerLine] = {}
    headers: list[tuple[str, str]] = []
    extra: list[str] = []
    deferred: list[tuple[str, int]] = []  # records that need the players
    known = 0  # records that make this a TRF
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if line.startswith("###"):  # TRF-2026 comment line
            extra.append(line)
            continue
        if not _RECORD_CODE.match(line):  # e.g. a column ruler some programs write
            st.warnings.append(
                f"{file}:{lineno}:1: not a TRF record (no 3-character code and blank), "
                "kept as it is"
            )
            extra.append(line)
            continue
        code = line[:3]
        known += code == "001" or code in _KNOWN_CODES or (code.isdigit() and code[2] == "2")
        if code == "001":
            parsed = _parse_player_line(line, lineno, file)
            number = parsed.player.number
            if number in by_number:
                raise _fail(
                    f"pairing number {number} is used twice (also on line "
                    f"{by_number[number].line})",
                    "a unique pairing number in columns 5-8",
                    file,
                    lineno,
                    5,
                )
            by_number[number] = parsed
            player_lines.append(parsed)
        elif code in ("XXR", "142"):
            _read_rounds(line, lineno, st)
        elif code == "XXC":
            _read_xxc(line, lineno, st)
        elif code == "152":
            _read_152(line, lineno, st)
        elif code == "XXT":
            _read_xxt(line, lineno, st)
        elif code == "XXS":
            _read_xxs(line, lineno, st)
        elif code in _BB_FIELDS:
            _read_bb(line, lineno, st)
        elif code == "162":
            _read_162(line, lineno, st)
        elif code in ("XXA", "250", "XXP", "XXZ", "240", "260"):
            deferred.append((line, lineno))
            if code == "260":
                extra.append(line)  # dropped below if it covers every round
        elif code == FAIRPAIR_RECORD:
            _read_fairpair(line, lineno, st)
        elif code == "XXW":
            raise _fail(
                "XXW (wide pairing numbers) is not supported",
                "4-digit pairing numbers",
                file,
                lineno,
                1,
            )
        elif code.isdigit() and code.endswith("2"):
            headers.append((code, line[4:]))
        else:
            extra.append(line)

    if not known:
        first = next(i for i, line in enumerate(lines, start=1) if line.strip())
        raise _fail(
            f"no TRF record found (line {first} starts {lines[first - 1][:10]!r})",
            "a TRF file: records such as '012 <tournament name>', 'XXR 9', '001 <player>'",
            file,
            first,
            1,
        )
    players = {pl.player.number: pl.player for pl in player_lines}
    rounds = _build_rounds(player_lines, by_number, file)
    n_rounds = len(rounds)
    if st.total_rounds is not None and n_rounds > st.total_rounds:
        pl, entry = _first_entry_in_round(player_lines, st.total_rounds + 1)
        raise _fail(
            f"player {pl.player.number} has an entry for round {st.total_rounds + 1}, but the "
            f"tournament has {_count(st.total_rounds, 'round')} (line {st.total_rounds_line})",
            f"at most {_count(st.total_rounds, 'round block')}",
            file,
            pl.line,
            entry.column,
        )
    rounds_played = _count_paired(rounds)
    next_round = rounds_played + 1
    byes: dict[int, dict[int, ByeKind]] = {}
    for line, lineno in deferred:
        code = line[:3]
        if code == "XXA":
            _read_xxa(line, lineno, st, players)
        elif code == "250":
            _read_250(line, lineno, st, players)
        elif code == "XXP":
            _read_xxp(line, lineno, st, players)
        elif code == "260":
            if _read_260(line, lineno, st, players, next_round):
                extra.remove(line)
        elif code == "XXZ":
            for tok, col in _tokens(line, 3):
                number = _player_ref(tok, col, players, "XXZ", file, lineno)
                _add_record_bye(
                    rounds, byes, next_round, number, ByeKind.ZERO_POINT, file, lineno, col, st
                )
        elif code == "240":
            _read_240(line, lineno, st, players, rounds, byes)
    if byes:
        rounds = _merge_byes(rounds, byes)

    fp_points = st.fairpair.get("points")
    if isinstance(fp_points, dict):  # exact values TRF could only round (1/3)
        for name, value in fp_points.items():
            if name in _POINT_NAMES and isinstance(value, str):
                with contextlib.suppress(ValueError, ZeroDivisionError):
                    st.points[name] = Fraction(value)
    points = dataclasses.replace(PointSystem(), **st.points) if st.points else PointSystem()
    settings: dict[str, Any] = {}
    if st.xxc_options:
        settings["xxc"] = list(st.xxc_options)
    system: str | None = None
    fp = st.fairpair
    if "settings" in fp and isinstance(fp["settings"], dict):
        settings.update(fp["settings"])
    if isinstance(fp.get("system"), str):
        system = fp["system"]
    player_tuple = tuple(_apply_player_extras(pl.player, fp) for pl in player_lines)
    rounds = _apply_board_order(rounds, fp)
    count = fp.get("rounds")
    if isinstance(count, int) and not isinstance(count, bool):
        while len(rounds) < count:  # empty rounds leave no trace in the 001 lines
            rounds.append(Round(number=len(rounds) + 1))
    tournament = Tournament(
        players=player_tuple,
        rounds=tuple(rounds),
        total_rounds=st.total_rounds,
        points=points,
        initial_colour=st.initial_colour,
        headers=tuple(headers),
        system=system,
        settings=settings,
        acceleration={n: tuple(v) for n, v in st.acceleration.items()},
        forbidden_pairs=frozenset(st.forbidden),
        double_rounds=st.double_rounds,
        extra_records=tuple(extra),
    )
    return tournament, st.warnings + _score_warnings(tournament, player_lines, file)


def _first_entry_in_round(
    player_lines: Sequence[_PlayerLine], rnd: int
) -> tuple[_PlayerLine, _Entry]:
    for pl in player_lines:
        for index in range(rnd - 1, len(pl.entries)):
            entry = pl.entries[index]
            if entry is not None:
                return pl, entry
    raise AssertionError("no entry found")  # pragma: no cover


def _build_rounds(
    player_lines: Sequence[_PlayerLine], by_number: Mapping[int, _PlayerLine], file: str
) -> list[Round]:
    """Turn the round blocks into Rounds, checking that both sides of a game agree."""
    n_rounds = max((len(pl.entries) for pl in player_lines), default=0)
    games: list[list[Game]] = [[] for _ in range(n_rounds)]
    byes: list[dict[int, ByeKind]] = [{} for _ in range(n_rounds)]
    done: list[set[int]] = [set() for _ in range(n_rounds)]
    for pl in player_lines:
        me = pl.player.number
        for index, entry in enumerate(pl.entries):
            if entry is None:
                continue
            rnd = index + 1
            if entry.opponent is None:
                byes[index][me] = _BYE_RESULTS[entry.result]
                continue
            if me in done[index]:
                continue
            games[index].append(_game(pl, entry, rnd, by_number, file))
            done[index].update((me, entry.opponent))
    return [Round(number=i + 1, games=tuple(games[i]), byes=byes[i]) for i in range(n_rounds)]


def _describe(entry: _Entry | None) -> str:
    if entry is None:
        return "no entry"
    opp = f"{entry.opponent:4d}" if entry.opponent is not None else "0000"
    return repr(f"{opp} {entry.colour} {entry.result}".rstrip())


def _game(
    pl: _PlayerLine, entry: _Entry, rnd: int, by_number: Mapping[int, _PlayerLine], file: str
) -> Game:
    me = pl.player.number
    opp = entry.opponent
    assert opp is not None
    if opp == me:
        raise _fail(
            f"round {rnd}: player {me} is paired against himself",
            "another player's pairing number",
            file,
            pl.line,
            entry.column,
        )
    other = by_number.get(opp)
    if other is None:
        raise _fail(
            f"round {rnd}: opponent {opp} does not exist",
            "the pairing number of a 001 record",
            file,
            pl.line,
            entry.column,
        )
    theirs = other.entries[rnd - 1] if rnd <= len(other.entries) else None
    if theirs is None or theirs.opponent != me:
        raise _fail(
            f"round {rnd}: player {me} is paired with {opp}, but player {opp}'s round {rnd} "
            f"entry (line {other.line}) is {_describe(theirs)}",
            f"player {opp}'s entry to name opponent {me}",
            file,
            pl.line,
            entry.column,
        )
    if (entry.colour, theirs.colour) not in (("w", "b"), ("b", "w"), ("-", "-")):
        raise _fail(
            f"round {rnd}: colour {entry.colour!r} for player {me} and {theirs.colour!r} for "
            f"opponent {opp} (line {other.line})",
            "opposite colours (w/b), or - for both",
            file,
            pl.line,
            entry.column + 5,
        )
    if (entry.result == " ") != (theirs.result == " "):
        raise _fail(
            f"round {rnd}: result {entry.result!r} for player {me} but {theirs.result!r} for "
            f"opponent {opp} (line {other.line})",
            "results for both players, or for neither (pending game)",
            file,
            pl.line,
            entry.column + 7,
        )
    mine_code = _GAME_RESULTS.get(entry.result)
    their_code = _GAME_RESULTS.get(theirs.result)
    if (
        mine_code is not None
        and their_code is not None
        and (mine_code, their_code) not in CONSISTENT_RESULTS
    ):
        raise _fail(
            f"round {rnd}: inconsistent results {entry.result!r} for player {me} and "
            f"{theirs.result!r} for opponent {opp} (line {other.line})",
            "matching results such as 1/0, =/=, +/-, -/-, W/L, D/D",
            file,
            pl.line,
            entry.column + 7,
        )
    if entry.colour == "b":
        return Game(white=opp, black=me, white_result=their_code, black_result=mine_code)
    return Game(
        white=me,
        black=opp,
        white_result=mine_code,
        black_result=their_code,
        coloured=entry.colour == "w",
    )


def _count_paired(rounds: Sequence[Round]) -> int:
    count = 0
    for rnd in rounds:
        if not rnd.paired:
            break
        count += 1
    return count


def _add_record_bye(
    rounds: Sequence[Round],
    byes: dict[int, dict[int, ByeKind]],
    rnd: int,
    number: int,
    kind: ByeKind,
    file: str,
    lineno: int,
    col: int,
    st: _State,
) -> None:
    """A bye from an XXZ or 240 record, checked against the 001 entries."""
    if st.total_rounds is not None and rnd > st.total_rounds:
        raise _fail(
            f"bye for player {number} in round {rnd}, but the tournament has "
            f"{_count(st.total_rounds, 'round')}",
            f"a round between 1 and {st.total_rounds}",
            file,
            lineno,
            col,
        )
    existing = rounds[rnd - 1] if rnd <= len(rounds) else Round(number=rnd)
    if existing.game_of(number) is not None:
        raise _fail(
            f"player {number} is listed as not playing round {rnd}, but has a game in that round",
            "only players without a game in that round",
            file,
            lineno,
            col,
        )
    already = existing.byes.get(number) or byes.get(rnd, {}).get(number)
    if (
        already is not None
        and already is not kind
        and not (kind is ByeKind.ZERO_POINT and already is not ByeKind.PAIRING_ALLOCATED)
    ):
        raise _fail(
            f"player {number} has bye {kind.value!r} here but {already.value!r} elsewhere "
            f"for round {rnd}",
            "one kind of bye per player and round",
            file,
            lineno,
            col,
        )
    if already is None:
        byes.setdefault(rnd, {})[number] = kind


def _read_240(
    line: str,
    lineno: int,
    st: _State,
    players: Mapping[int, Any],
    rounds: Sequence[Round],
    byes: dict[int, dict[int, ByeKind]],
) -> None:
    """240 T RRR PPPP PPPP ... (TRF-2026): F/H/Z byes of one round."""
    kind_char = line[4:5].upper()
    kinds = {"F": ByeKind.FULL_POINT, "H": ByeKind.HALF_POINT, "Z": ByeKind.ZERO_POINT}
    if kind_char not in kinds:
        raise _fail(f"240: found {line[4:5]!r} in column 5", "F, H or Z", st.file, lineno, 5)
    rnd = _record_int(line, 7, 9, "a round number in columns 7-9", st.file, lineno)
    start = 10
    text = line.rstrip()
    count = 0
    while start < len(text):
        number = _player_ref(text[start : start + 5], start + 1, players, "240", st.file, lineno)
        _add_record_bye(rounds, byes, rnd, number, kinds[kind_char], st.file, lineno, start + 1, st)
        start += 5
        count += 1
    if not count:
        raise _fail(
            "240 lists no player",
            "pairing numbers in columns 11-14, 16-19, ...",
            st.file,
            lineno,
            len(text) + 1,
        )


def _merge_byes(rounds: Sequence[Round], byes: Mapping[int, Mapping[int, ByeKind]]) -> list[Round]:
    result = list(rounds)
    for rnd in sorted(byes):
        while len(result) < rnd:
            result.append(Round(number=len(result) + 1))
        current = result[rnd - 1]
        merged = dict(current.byes)
        merged.update(byes[rnd])
        result[rnd - 1] = dataclasses.replace(current, byes=merged)
    return result


def _score_warnings(t: Tournament, player_lines: Sequence[_PlayerLine], file: str) -> list[str]:
    """Warn where the points column disagrees with the results (rounds paired so far)."""
    played = t.rounds_played
    scores = computed_scores(t, played)
    warnings = []
    for pl in player_lines:
        reported = pl.player.reported_points
        if reported is None:
            continue
        score = scores[pl.player.number]
        if not _agrees(reported, score, _allowances(t, pl.player.number)):
            warnings.append(
                f"{file}:{pl.line}:81: player {pl.player.number}: points column says "
                f"{format_trf_points(reported)}, but the results of rounds 1-{played} give "
                f"{format_trf_points(score)} (the results are used)"
            )
    return warnings


# -- fairpair extension (FPJ) ---------------------------------------------------------


#: String fields of the 001 record and their widths.
_FIXED_WIDTHS: Mapping[str, int] = {
    "sex": 1,
    "title": 3,
    "name": 33,
    "federation": 3,
    "fide_id": 11,
    "birth_date": 10,
}


def _apply_player_extras(player: Player, fp: Mapping[str, Any]) -> Player:
    extras = fp.get("players", {})
    if not isinstance(extras, dict):
        return player
    data = extras.get(str(player.number))
    if not isinstance(data, dict):
        return player
    changes: dict[str, Any] = {}
    for key in ("club", *_FIXED_WIDTHS):
        if isinstance(data.get(key), str):
            changes[key] = data[key]
    for key in ("rating", "reported_rank"):
        if isinstance(data.get(key), int) and not isinstance(data[key], bool):
            changes[key] = data[key]
    if isinstance(data.get("attributes"), dict):
        changes["attributes"] = {str(k): str(v) for k, v in data["attributes"].items()}
    for key in ("withdrawn_from", "entered_at"):
        if isinstance(data.get(key), int):
            changes[key] = data[key]
    return dataclasses.replace(player, **changes) if changes else player


def _apply_board_order(rounds: list[Round], fp: Mapping[str, Any]) -> list[Round]:
    """FPJ "boards": {"3": [[w, b], ...]} restores board order and uncoloured listing."""
    order = fp.get("boards", {})
    if not isinstance(order, dict) or not order:
        return rounds
    result = list(rounds)
    for key, boards in order.items():
        if not (isinstance(key, str) and key.isdigit() and isinstance(boards, list)):
            continue
        index = int(key) - 1
        if not 0 <= index < len(result):
            continue
        rnd = result[index]
        games = {frozenset(g.players): g for g in rnd.games}
        ordered: list[Game] = []
        for pair in boards:
            if not (isinstance(pair, list) and len(pair) == 2):
                continue
            game = games.pop(frozenset(pair), None)
            if game is None:
                continue
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
        result[index] = dataclasses.replace(rnd, games=tuple(ordered))
    return result


def _fairpair_payload(t: Tournament) -> dict[str, Any]:
    """What the FPJ record must carry for ``t`` (empty if TRF says it all)."""
    payload: dict[str, Any] = {}
    if t.system is not None:
        payload["system"] = t.system
    inexact = {
        name: f"{value.numerator}/{value.denominator}"
        for name in _POINT_NAMES
        if (value := getattr(t.points, name)) != Fraction(format_trf_points(value))
    }
    if inexact:
        payload["points"] = inexact
    settings = {k: v for k, v in t.settings.items() if k != "xxc"}
    xxc = t.settings.get("xxc")
    if xxc is not None and not (
        isinstance(xxc, list) and all(isinstance(x, str) and x and " " not in x for x in xxc)
    ):
        settings["xxc"] = xxc
    if settings:
        payload["settings"] = settings
    players: dict[str, Any] = {}
    for p in t.players:
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
        if data:
            players[str(p.number)] = data
    if players:
        payload["players"] = players
    boards = _non_natural_board_order(t)
    if boards:
        payload["boards"] = boards
    if t.rounds and not (t.rounds[-1].games or t.rounds[-1].byes):
        payload["rounds"] = len(t.rounds)
    return payload


def _non_natural_board_order(t: Tournament) -> dict[str, list[list[int]]]:
    """Rounds whose game order differs from what the reader reconstructs by itself."""
    position = {p.number: i for i, p in enumerate(t.players)}
    result: dict[str, list[list[int]]] = {}
    for rnd in t.rounds:
        natural = sorted(
            rnd.games, key=lambda g: min(position.get(g.white, 0), position.get(g.black, 0))
        )
        listing_ok = all(
            g.coloured or position.get(g.white, 0) <= position.get(g.black, 0) for g in rnd.games
        )
        if list(rnd.games) != natural or not listing_ok:
            result[str(rnd.number)] = [[g.white, g.black] for g in rnd.games]
    return result


# -- writing --------------------------------------------------------------------------


def _round_blocks(t: Tournament) -> list[dict[int, str]]:
    """Per round: pairing number -> its 8-column round block."""
    result = []
    for rnd in t.rounds:
        blocks = {number: f"0000 - {kind.value}" for number, kind in rnd.byes.items()}
        for game in rnd.games:
            mark_w, mark_b = ("w", "b") if game.coloured else ("-", "-")
            res_w = game.white_result.value if game.white_result is not None else " "
            res_b = game.black_result.value if game.black_result is not None else " "
            blocks[game.white] = f"{game.black:>4} {mark_w} {res_w}"
            blocks[game.black] = f"{game.white:>4} {mark_b} {res_b}"
        result.append(blocks)
    return result


def _player_line(
    player: Player,
    score: Fraction | None,
    round_blocks: Sequence[Mapping[int, str]],
    allowances: Sequence[Fraction] = (),
) -> str:
    """The canonical 001 line. The points column is the score after the paired rounds;
    the reported points (as read) are kept if they still agree with it (possibly
    including what some programs add, see :func:`_allowances`)."""
    points = score
    reported = player.reported_points
    if reported is not None and (score is None or _agrees(reported, score, allowances)):
        points = reported
    points_text = _fit_points(points, 4) if points is not None else ""
    rank = str(player.reported_rank) if _rank_fits(player.reported_rank) else ""
    if not 1 <= player.number <= 9999:
        raise InputError(f"cannot write pairing number {player.number} to TRF", expected="1-9999")
    for key in _FIXED_WIDTHS:
        if _LINE_BREAK.search(getattr(player, key)):
            raise InputError(
                f"cannot write player {player.number}: a line break in the {key.replace('_', ' ')}",
                expected="names and other fields without line breaks",
            )
    rating = str(player.rating) if 0 < player.rating <= 9999 else ""
    fixed = (
        f"001 {player.number:>4} {player.sex:1.1}{player.title:>3.3} {player.name:<33.33} "
        f"{rating:>4} {player.federation:<3.3} {player.fide_id:>11.11} "
        f"{player.birth_date:<10.10} {points_text:>4} {rank:>4}"
    )
    blocks = [rb.get(player.number, "        ") for rb in round_blocks]
    while blocks and not blocks[-1].strip():
        blocks.pop()
    if not blocks:
        return fixed.rstrip()
    # The last block keeps all its 8 columns even when its result is blank (a pending
    # game, an absence): bbpPairings reads a block only if it is complete.
    return fixed + "".join("  " + b for b in blocks)


def _rank_fits(rank: int | None) -> bool:
    return rank is not None and 0 <= rank <= 9999


def _points_lines(points: PointSystem) -> list[str]:
    """XXS (JaVaFo) for every non-default value, plus BBx (bbpPairings) if expressible."""
    default = PointSystem()
    if points == default:
        return []
    items = []
    for code in _XXS_WRITE_ORDER:
        (name,) = XXS_CODES[code]
        value = getattr(points, name)
        if value != getattr(default, name):
            items.append(f"{code}={format_trf_points(value)}")
    lines = ["XXS " + " ".join(items)]
    p = points
    if (
        p.white_win == p.black_win == p.forfeit_win == p.full_point_bye
        and p.white_draw == p.black_draw == p.half_point_bye
        and p.white_loss == p.black_loss
    ):
        for code, value, default_value in (
            ("BBW", p.white_win, default.white_win),
            ("BBD", p.white_draw, default.white_draw),
            ("BBL", p.white_loss, default.white_loss),
            ("BBZ", p.zero_point_bye, default.zero_point_bye),
            ("BBF", p.forfeit_loss, default.forfeit_loss),
        ):
            if value != default_value:
                lines.append(f"{code} {_fit_points(value, 4):>4}")
        if p.pairing_allocated_bye != p.white_win:
            lines.append(f"BBU {_fit_points(p.pairing_allocated_bye, 4):>4}")
    return lines


def _canonical_lines(t: Tournament) -> list[str | int]:
    """The records fairpair writes for ``t``; player lines as their pairing numbers."""
    out: list[str | int] = []
    for code, text in t.headers:
        out.append(f"{code} {text}" if text else code)
    if t.total_rounds is not None:
        out.append(f"XXR {t.total_rounds}")
    xxc = t.settings.get("xxc")
    options = [x for x in xxc if isinstance(x, str)] if isinstance(xxc, list) else []
    if t.initial_colour is not None:
        options.append("white1" if t.initial_colour is Colour.WHITE else "black1")
    if options:
        out.append("XXC " + " ".join(options))
    if t.double_rounds:
        out.append("XXT double")
    out.extend(_points_lines(t.points))
    out.extend(p.number for p in t.players)
    for number in sorted(t.acceleration):
        values = t.acceleration[number]
        out.append(
            (f"XXA {number:>4}" + "".join(f" {_fit_points(v, 4):>4}" for v in values)).rstrip()
        )
    # pairs that a kept 260 record gives for the round to be paired need no XXP: the
    # record itself says when they stop applying
    implied = _pairs_of_260_records(t.extra_records, t.next_round())
    pairs = sorted(tuple(sorted(pair)) for pair in t.forbidden_pairs - implied)
    out.extend(f"XXP {a} {b}" for a, b in pairs)
    out.extend(t.extra_records)
    record = _fairpair_line(t)
    if record is not None:
        out.append(record)
    return out


def _trf2026_text(t: Tournament) -> str:
    """``t`` as plain TRF-2026 (see :func:`dumps`)."""
    lines: list[str | int] = [f"{code} {text}" if text else code for code, text in t.headers]
    if t.total_rounds is not None:
        lines.append(f"142 {t.total_rounds}")
    if t.initial_colour is not None:
        lines.append("152 " + ("W" if t.initial_colour is Colour.WHITE else "B"))
    record = _record_162(t.points)
    if record:
        lines.append(record)
    lines.extend(p.number for p in t.players)
    for number in sorted(t.acceleration):
        values = t.acceleration[number]
        start = 0
        while start < len(values):
            end = start
            while end + 1 < len(values) and values[end + 1] == values[start]:
                end += 1
            if values[start] != 0:
                lines.append(
                    f"250      {_fit_points(values[start], 4):>4} {start + 1:03d} {end + 1:03d} "
                    f"{number:04d} {number:04d}"
                )
            start = end + 1
    last = t.total_rounds if t.total_rounds is not None else 999
    for a, b in sorted(tuple(sorted(pair)) for pair in t.forbidden_pairs):
        lines.append(f"260 001 {last:03d} {a:>4} {b:>4}")
    lines.extend(t.extra_records)
    return _join(_render_lines(t, lines), {"newline": "\r\n"})


def _record_162(points: PointSystem) -> str | None:
    """TRF-2026 record 162 for ``points`` (None for the default system)."""
    p = points
    default = PointSystem()
    if p == default:
        return None
    if not (
        p.white_win == p.black_win == p.forfeit_win == p.full_point_bye
        and p.white_draw == p.black_draw == p.half_point_bye
        and p.white_loss == p.black_loss
        and p.zero_point_bye == p.forfeit_loss
    ):
        raise InputError(
            "this point system cannot be written as a TRF-2026 162 record",
            expected="the same points for both colours, a forfeit win and a full-point bye "
            "worth a win, a half-point bye worth a draw, a zero-point bye worth a forfeit "
            "loss (or the fairpair flavour, which has XXS)",
        )
    entries = [
        (code, value)
        for code, value, default_value in (
            ("W", p.white_win, default.white_win),
            ("D", p.white_draw, default.white_draw),
            ("L", p.white_loss, default.white_loss),
            ("A", p.zero_point_bye, default.zero_point_bye),
        )
        if value != default_value
    ]
    if p.pairing_allocated_bye != p.white_win:
        entries.append(("P", p.pairing_allocated_bye))
    # code in column 6, points in 7-10, the next entry 9 columns further
    return "162  " + "    ".join(f"{code}{_fit_points(value, 4):>4}" for code, value in entries)


def _pairs_of_260_records(lines: Iterable[str], rnd: int) -> frozenset[frozenset[int]]:
    """The pairs that well-formed 260 records among ``lines`` forbid in round ``rnd``."""
    found: set[frozenset[int]] = set()
    for line in lines:
        text = line.rstrip()
        if not (line.startswith("260 ") and line[4:7].isdigit() and line[8:11].isdigit()):
            continue
        if not int(line[4:7]) <= rnd <= int(line[8:11]):
            continue
        fields = [text[i : i + 5].strip() for i in range(12, len(text), 5)]
        if all(f.isdigit() for f in fields):
            numbers = [int(f) for f in fields]
            found.update(
                frozenset((a, b)) for i, a in enumerate(numbers) for b in numbers[i + 1 :] if a != b
            )
    return frozenset(found)


def _fairpair_line(t: Tournament) -> str | None:
    """The FPJ record ``t`` needs, if any."""
    payload = _fairpair_payload(t)
    if not payload:
        return None
    return f"{FAIRPAIR_RECORD} " + json.dumps(payload, sort_keys=True, separators=(",", ":"))


def computed_scores(t: Tournament, after_round: int | None = None) -> dict[int, Fraction]:
    """Points of every player after ``after_round`` rounds (default: the paired rounds).

    The same sums as ``Tournament.state`` computes, done in integers (scaled by the
    common denominator of the point system) because it runs on every read and write.
    """
    if after_round is None:
        after_round = t.rounds_played
    ps = t.points
    values = {
        (code, colour): ps.game_points(code, colour)
        for code in ResultCode
        for colour in (Colour.WHITE, Colour.BLACK, None)
    }
    bye_values = {kind: ps.bye_points(kind) for kind in ByeKind}
    scale = 1
    for value in [*values.values(), *bye_values.values()]:
        scale = math.lcm(scale, value.denominator)
    ints = {key: int(v * scale) for key, v in values.items()}
    bye_ints = {key: int(v * scale) for key, v in bye_values.items()}
    totals = dict.fromkeys((p.number for p in t.players), 0)
    for rnd in t.rounds[:after_round]:
        seen = set()
        for game in rnd.games:
            w_colour = Colour.WHITE if game.coloured else None
            b_colour = Colour.BLACK if game.coloured else None
            if game.white_result is not None and game.white in totals:
                totals[game.white] += ints[(game.white_result, w_colour)]
            if game.black_result is not None and game.black in totals:
                totals[game.black] += ints[(game.black_result, b_colour)]
            seen.add(game.white)
            seen.add(game.black)
        for number, kind in rnd.byes.items():
            if number in totals and number not in seen:
                totals[number] += bye_ints[kind]
    return {number: Fraction(total, scale) for number, total in totals.items()}


def _join(lines: Sequence[str], hints: Mapping[str, Any]) -> str:
    given = hints.get("newline")
    newline = given if isinstance(given, str) and given in _LINE_END_CODES else "\n"
    final = bool(lines) and bool(hints.get("final_newline", True))
    codes = hints.get("line_ends")
    count = len(lines) - (0 if final else 1)
    if isinstance(codes, str) and len(codes) == count and set(codes) <= set(_LINE_ENDS):
        ends = [_LINE_ENDS[c] for c in codes] + ([] if final else [""])
        return ("\ufeff" if hints.get("bom") else "") + "".join(
            line + end for line, end in zip(lines, ends, strict=True)
        )
    text = newline.join(lines)
    if final:
        text += newline
    if hints.get("bom"):
        text = "\ufeff" + text
    return text


def _render_lines(t: Tournament, items: Iterable[str | int]) -> list[str]:
    """Record lines as text: a pairing number becomes that player's 001 line, a string
    is a record as it stands. A line break inside any of them is refused."""
    scores = computed_scores(t)
    players = t.player_map
    blocks = _round_blocks(t)
    lines = [
        _player_line(players[item], scores.get(item), blocks, _allowances(t, item))
        if isinstance(item, int)
        else item
        for item in items
    ]
    for text in lines:
        if _LINE_BREAK.search(text):
            raise InputError(
                f"cannot write a TRF line containing a line break: {text[:40]!r}",
                expected="names, headers and extra records without line breaks",
            )
    return lines


def _canonical_text(t: Tournament, hints: Mapping[str, Any]) -> str:
    return _join(_render_lines(t, _canonical_lines(t)), hints)


def _layout_hints(t: Tournament, lines: Sequence[str]) -> dict[str, Any]:
    """Hints that let the writer reproduce ``lines`` for ``t``."""
    scores = computed_scores(t)
    players = t.player_map
    blocks = _round_blocks(t)
    layout: list[str | int] = []
    raw_lines: dict[str, str] = {}
    for line in lines:
        if line.startswith("001 ") and line[4:8].strip().isdigit():  # as _build reads it
            number = int(line[4:8])
            layout.append(number)
            canonical = (
                _player_line(players[number], scores.get(number), blocks, _allowances(t, number))
                if number in players
                else line
            )
            if canonical != line:
                raw_lines[str(number)] = line
        else:
            layout.append(line)
    hints: dict[str, Any] = {}
    if layout != _canonical_lines(t):
        hints["layout"] = layout
    if raw_lines:
        hints["lines"] = raw_lines
    return hints


def _semantic(t: Tournament) -> Tournament:
    return t.replace(format_hints={}) if t.format_hints else t


def _hinted_text(t: Tournament) -> str | None:
    """``t`` written in the layout recorded in its hints, if that still means ``t``.

    The FPJ record is always the current one. If the layout does not fit any more, it is
    tried once more without its XXZ and 240 records (which may refer to a round that has
    been paired since); then the caller falls back to the canonical layout.
    """
    hints = t.format_hints
    if "layout" not in hints and "lines" not in hints:
        return None
    layout = hints.get("layout")
    if not isinstance(layout, list):
        items: list[str | int] = _canonical_lines(t)
    else:
        items = _with_current_fairpair_record(list(layout), _fairpair_line(t))
        placed = {item for item in items if isinstance(item, int)}
        missing = [p.number for p in t.players if p.number not in placed]
        if missing:
            last = max((i for i, item in enumerate(items) if isinstance(item, int)), default=-1)
            items[last + 1 : last + 1] = missing
    target = _semantic(t)
    without_byes = [i for i in items if not (isinstance(i, str) and i[:4] in ("XXZ ", "240 "))]
    for candidate in (items, without_byes):
        out = _render_layout(t, candidate)
        if out is None:
            return None  # hints that cannot come from a TRF: ignore them
        try:
            again, _ = _build(out, "<hints>")
        except InputError:
            again = None
        if again == target:
            return _join(out, hints)
        if len(without_byes) == len(items):
            break
    return None


def _with_current_fairpair_record(items: list[Any], record: str | None) -> list[Any]:
    """``items`` with its FPJ line(s) replaced by ``record`` (appended if there was none)."""
    result: list[Any] = []
    done = record is None
    for item in items:
        if isinstance(item, str) and item.startswith(FAIRPAIR_RECORD + " "):
            if not done:
                result.append(record)
                done = True
            continue
        result.append(item)
    if not done:
        result.append(record)
    return result


def _render_layout(t: Tournament, items: Sequence[Any]) -> list[str] | None:
    """The lines for ``items`` (records verbatim, players by number); None if an item
    is not something a TRF can contain."""
    scores = computed_scores(t)
    players = t.player_map
    blocks = _round_blocks(t)
    raw_lines = t.format_hints.get("lines")
    if not isinstance(raw_lines, dict):
        raw_lines = {}
    record_byes = _record_byes((i for i in items if isinstance(i, str)), t.rounds_played + 1)
    out: list[str] = []
    for item in items:
        if isinstance(item, int) and not isinstance(item, bool):
            if item not in players:
                continue
            canonical = _player_line(players[item], scores.get(item), blocks, _allowances(t, item))
            raw = raw_lines.get(str(item))
            ok = (
                isinstance(raw, str)
                and not _LINE_BREAK.search(raw)
                and _same_line(
                    raw,
                    canonical,
                    record_byes.get(item, frozenset()),
                    players[item].reported_points,
                )
            )
            out.append(raw if ok and isinstance(raw, str) else canonical)
        elif isinstance(item, str) and not _LINE_BREAK.search(item):
            out.append(item)
        else:
            return None
    return out


def _same_line(
    raw: str,
    canonical: str,
    record_byes: frozenset[int] = frozenset(),
    reported: Fraction | None = None,
) -> bool:
    """Do two 001 lines say the same thing (ignoring spelling)?

    ``record_byes`` are rounds whose bye this player has from an XXZ or 240 record: the
    raw line may leave them blank. The raw line's points may be ``reported`` (the value
    as read) even where the canonical line corrects them.
    """
    try:
        a = _parse_player_line(raw, 0, "")
        b = _parse_player_line(canonical, 0, "")
    except InputError:
        return False
    if a.player.reported_points not in (b.player.reported_points, reported):
        return False
    if dataclasses.replace(a.player, reported_points=None) != dataclasses.replace(
        b.player, reported_points=None
    ):
        return False
    mine = [dataclasses.replace(e, column=0) if e else None for e in a.entries]
    other = [dataclasses.replace(e, column=0) if e else None for e in b.entries]
    for index, entry in enumerate(other):
        if (
            entry is not None
            and entry.opponent is None
            and index + 1 in record_byes
            and (index >= len(mine) or mine[index] is None)
        ):
            other[index] = None
    while other and other[-1] is None:
        other.pop()
    return mine == other


def _record_byes(lines: Iterable[str], next_round: int) -> dict[int, frozenset[int]]:
    """player -> rounds of the byes that XXZ and 240 records in ``lines`` give."""
    found: dict[int, set[int]] = {}
    for line in lines:
        code = line[:3]
        if code == "XXZ":
            for token, _col in _tokens(line, 3):
                if token.isdigit():
                    found.setdefault(int(token), set()).add(next_round)
        elif code == "240" and line[6:9].strip().isdigit():
            rnd = int(line[6:9])
            text = line.rstrip()
            for start in range(10, len(text), 5):
                field = text[start : start + 5].strip()
                if field.isdigit():
                    found.setdefault(int(field), set()).add(rnd)
    return {number: frozenset(rounds) for number, rounds in found.items()}


def dumps(t: Tournament, *, flavour: str = "fairpair") -> str:
    """Write ``t`` as TRF text.

    ``flavour="fairpair"`` (default): TRF-2016 player lines plus the JaVaFo /
    bbpPairings extensions and fairpair's own records, everything needed to read the
    same tournament back (and the source file's own layout when it still fits).

    ``flavour="trf2026"``: only TRF-2026 records (142, 152, 162, 250, 260 instead of
    the XX/BB extensions; no FPJ), CR LF line ends, for FIDE and programs that read
    plain TRF-2026. What TRF-2026 cannot say (double rounds, colour-dependent points,
    the fairpair extras) is left out; a point system 162 cannot express is an error.
    """
    if flavour == "trf2026":
        return _trf2026_text(_semantic(t))
    if flavour != "fairpair":
        raise InputError(f"unknown TRF flavour {flavour!r}", expected="'fairpair' or 'trf2026'")
    hinted = _hinted_text(t)
    if hinted is not None:
        return hinted
    return _canonical_text(_semantic(t), t.format_hints)


def dump(t: Tournament, path: str | os.PathLike[str], *, flavour: str = "fairpair") -> None:
    """Write ``t`` to ``path`` as TRF (UTF-8); see :func:`dumps` for ``flavour``."""
    data = dumps(t, flavour=flavour).encode("utf-8")
    with open(os.fspath(path), "wb") as handle:
        handle.write(data)


def tournament_type(t: Tournament) -> str | None:
    """The TRF-2026 encoded type of tournament (record 192), e.g. ``FIDE_DUTCH_2026``
    or ``FIDE_DUTCH_BAKU`` (a ``_BAKU`` suffix: Baku acceleration); None if absent."""
    found = None
    for code, text in t.headers:
        if code == "192" and text.strip():
            found = text.strip()
    return found


# -- pairing-engine output ------------------------------------------------------------


def parse_engine_output(text: str | bytes, *, file: str = "<input>") -> list[tuple[int, int]]:
    """Parse a JaVaFo / bbpPairings pairing file: first line the number of pairs, then
    one ``white black`` line per pair (pairing numbers), the bye as ``N 0``."""
    decoded = _decode(text, file)
    lines = re.split(r"\r\n|\r|\n", decoded)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines or not lines[0].strip():
        raise _fail("empty pairing file", "the number of pairs on line 1", file, 1, 1)
    head = lines[0].strip()
    if not head.isdigit():
        raise _fail(f"found {head!r}", "the number of pairs on line 1", file, 1, 1)
    count = int(head)
    pairs: list[tuple[int, int]] = []
    seen: dict[int, int] = {}
    for lineno, line in enumerate(lines[1:], start=2):
        parts = line.split()
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            col = len(line) - len(line.lstrip()) + 1
            raise _fail(
                f"found {line.strip()!r}", "'white black' pairing numbers", file, lineno, col
            )
        white, black = int(parts[0]), int(parts[1])
        if white == 0:
            raise _fail("pairing number 0 as white", "a player's pairing number", file, lineno, 1)
        for number in (white, black):
            if number and number in seen:
                raise _fail(
                    f"player {number} appears twice (also on line {seen[number]})",
                    "each player at most once",
                    file,
                    lineno,
                    line.find(str(number)) + 1,
                )
            if number:
                seen[number] = lineno
        pairs.append((white, black))
    if len(pairs) != count:
        raise _fail(
            f"line 1 announces {count} pairs but {len(pairs)} follow",
            f"{count} pair lines",
            file,
            1,
            1,
        )
    return pairs
