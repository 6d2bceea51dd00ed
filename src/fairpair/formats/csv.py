"""CSV player lists: a header row, then one player a line.

Columns are found by name (case-insensitive, surrounding spaces ignored); their order
does not matter. The chess columns (FIDE Dutch, TCEC, Netrunner) are:

========== ====================================================== =================
column     meaning                                                also accepted as
========== ====================================================== =================
name       the player's name (required)
rating     rating, an integer 0-9999 (blank = unrated)            elo
title      GM, IM, WGM, FM, WIM, CM, WFM, WCM (blank = none)
federation three-letter federation code                           fed, country
fide_id    FIDE identifier, digits                                fideid, id
birth      birth date or year (YYYY/MM/DD, YYYY-MM-DD, YYYY)      birth_date, born
sex        m or w (f is read as w)                                gender
club       club or team
========== ====================================================== =================

Every other column is kept as a player attribute (text). Separators ``,``, ``;`` and tab
are recognised from the header line; a UTF-8 byte-order mark is skipped. Every refusal
names the file, line and column.

>>> table = read_table("name,rating,title\\nCarlsen,2830,GM\\nAnand,2750,gm\\n", "p.csv")
>>> [(p.name, p.rating, p.title) for p in chess_players(table)]
[('Carlsen', 2830, 'GM'), ('Anand', 2750, 'GM')]
"""

from __future__ import annotations

import csv
import datetime
import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from fairpair import limits
from fairpair.errors import InputError
from fairpair.formats.text import clean_text, skeleton
from fairpair.model import Player

__all__ = [
    "MAX_PLAYERS",
    "TITLES",
    "CsvRow",
    "CsvTable",
    "SeedEntry",
    "chess_player",
    "chess_players",
    "read_file",
    "read_player_list",
    "read_table",
]

#: Titles in the order of FIDE C.04.2 B (initial order after rating).
TITLES: tuple[str, ...] = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")

#: Largest player list accepted by default: the default of the ``players`` limit of
#: :mod:`fairpair.limits` (``FAIRPAIR_MAX_PLAYERS``), which decides; counted while the
#: list is read.
MAX_PLAYERS = limits.LIMITS["players"].default

#: Longest text accepted in one cell (or the ``text`` limit, if that is lower).
MAX_CELL = 200

_ALIASES: Mapping[str, str] = {
    "elo": "rating",
    "fed": "federation",
    "country": "federation",
    "fideid": "fide_id",
    "fide id": "fide_id",
    "id": "fide_id",
    "birth_date": "birth",
    "born": "birth",
    "gender": "sex",
}

_BIRTH = re.compile(r"[0-9]{4}(?:[/.-][0-9]{2}[/.-][0-9]{2})?\Z")
_INTEGER = re.compile(r"[-+]?[0-9]{1,9}\Z")


@dataclass(frozen=True)
class CsvRow:
    """One data line: its line number and its cells by (lower-case) column name."""

    line: int
    cells: Mapping[str, str]


@dataclass(frozen=True)
class CsvTable:
    """A parsed CSV list: the file name, the column names and the data rows."""

    file: str
    columns: tuple[str, ...]
    rows: tuple[CsvRow, ...]
    header_line: int = 1

    def column(self, name: str) -> int | None:
        """1-based column of ``name`` (None if the table has no such column)."""
        return self.columns.index(name) + 1 if name in self.columns else None

    def error(self, row: CsvRow, name: str, found: str, expected: str) -> InputError:
        """An InputError at ``row``, column ``name``."""
        return InputError(
            found, expected=expected, file=self.file, line=row.line, column=self.column(name)
        )


def read_file(path: str) -> str:
    """The text of the CSV file ``path``: refused before it is read if it is larger than
    the ``file_bytes`` limit; a byte that is not UTF-8 is refused with its line and
    column; a UTF-8 byte-order mark is dropped. Every refusal is an InputError naming
    ``path``."""
    data = limits.read_file(path)
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(
            f"byte 0x{data[exc.start]:02X} is not valid UTF-8",
            expected="a UTF-8 encoded CSV file",
            file=path,
            line=line,
            column=column,
        ) from None


def _check_size(text: str, file: str) -> None:
    """Refuse a list longer than the ``file_bytes`` limit (in characters)."""
    if len(text) > limits.limit("file_bytes"):
        raise limits.exceeded("file_bytes", f"found a list of {len(text)} characters", file=file)


def _blank(row: list[str]) -> bool:
    """A line with nothing but separators and spaces (``,,,``) counts as blank."""
    return not any(cell.strip(" ,;\t") for cell in row)


def _header_cells(text: str, delimiter: str) -> list[str]:
    """The first row with a non-empty cell, read with ``delimiter`` (quotes honoured)."""
    try:
        for row in csv.reader(io.StringIO(text), delimiter=delimiter):
            if not _blank(row):
                return row
    except csv.Error:
        return []
    return []


def _dialect(text: str) -> str:
    """The separator (``,``, ``;`` or tab) that reads the header best: the one that finds
    a ``name`` column, else the one that splits it into the most cells."""

    def score(delimiter: str) -> tuple[bool, int]:
        cells = [c.strip().lower() for c in _header_cells(text, delimiter)]
        return ("name" in cells, len(cells))

    return max((",", ";", "\t"), key=score)


def _numbered_rows(reader: Any, file: str) -> Iterator[tuple[int, list[str]]]:
    """The rows of ``reader`` that are not blank, with their line numbers."""
    try:
        for row in reader:
            if not _blank(row):
                yield reader.line_num, row
    except csv.Error as exc:
        raise InputError(f"unreadable CSV: {exc}", file=file, line=reader.line_num) from None


def read_table(text: str, file: str = "<input>", *, canonical: bool = True) -> CsvTable:
    """Parse CSV ``text`` with a header row into a :class:`CsvTable`.

    With ``canonical`` (the default) column names are mapped through the aliases of the
    module docstring (``elo`` -> ``rating``...). Blank lines are skipped. Raises
    :class:`InputError` for an empty file, a header without ``name``, a repeated column
    or a line with more fields than the header.
    """
    _check_size(text, file)
    text = text.removeprefix("\ufeff")
    delimiter = _dialect(text)
    if not _header_cells(text, delimiter):
        raise InputError(
            "empty player list", expected="a header row (name, rating, ...) and players", file=file
        )
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    # read lazily: the players are counted as they are read, and a list over the limit
    # is refused at its first player too many, not after all of it is parsed
    numbered = _numbered_rows(reader, file)
    header_line, header = next(numbered)
    columns: list[str] = []
    for index, raw in enumerate(header, 1):
        name = " ".join(raw.strip().lower().split())
        if canonical:
            name = _ALIASES.get(name, name).replace(" ", "_")
        if name and name in columns:
            raise InputError(
                f"column {raw.strip()!r} appears twice",
                expected="each column once",
                file=file,
                line=header_line,
                column=index,
            )
        columns.append(name)
    if "name" not in columns:
        raise InputError(
            f"header {','.join(h.strip() for h in header)!r} has no name column",
            expected="a header row with a 'name' column",
            file=file,
            line=header_line,
        )
    rows: list[CsvRow] = []
    for line, row in numbered:
        if len(row) > len(columns) and any(cell.strip() for cell in row[len(columns) :]):
            raise InputError(
                f"found {len(row)} fields",
                expected=f"at most {len(columns)} (the header's columns)",
                file=file,
                line=line,
                column=len(columns) + 1,
            )
        cells = {col: cell.strip() for col, cell in zip(columns, row, strict=False) if col}
        longest = min(MAX_CELL, limits.limit("text"))
        for col, value in cells.items():
            if len(value) > longest:
                raise InputError(
                    f"{len(value)} characters in column {col}",
                    expected=f"at most {longest}",
                    file=file,
                    line=line,
                    column=columns.index(col) + 1,
                )
            if not value.isascii() or not value.isprintable():
                try:  # the text policy of fairpair.formats.text: NFC, no control characters
                    cells[col] = clean_text(value, col)
                except InputError as exc:
                    raise InputError(
                        exc.message,
                        expected=exc.expected,
                        file=file,
                        line=line,
                        column=columns.index(col) + 1,
                    ) from None
        rows.append(CsvRow(line, cells))
        if len(rows) > limits.limit("players"):
            raise limits.exceeded(
                "players",
                f"found more than {limits.limit('players')} players",
                file=file,
                line=line,
            )
    if not rows:
        raise InputError(
            "the list has a header but no players",
            expected="one player per line after the header",
            file=file,
            line=header_line,
        )
    return CsvTable(file, tuple(columns), tuple(rows), header_line)


_KNOWN = ("name", "rating", "title", "federation", "fide_id", "birth", "sex", "club")


def _rating(table: CsvTable, row: CsvRow) -> int:
    text = row.cells.get("rating", "")
    if not text:
        return 0
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise table.error(row, "rating", f"rating {text!r}", "an integer from 0 to 9999")
    return int(text)


def _title(table: CsvTable, row: CsvRow) -> str:
    text = row.cells.get("title", "").upper()
    if text and text not in TITLES:
        raise table.error(row, "title", f"title {text!r}", "one of " + ", ".join(TITLES))
    return text


def _federation(table: CsvTable, row: CsvRow) -> str:
    text = row.cells.get("federation", "").upper()
    if text and not (len(text) <= 3 and text.isascii() and text.isalpha()):
        raise table.error(row, "federation", f"federation {text!r}", "a code like NOR or IND")
    return text


def _fide_id(table: CsvTable, row: CsvRow) -> str:
    text = row.cells.get("fide_id", "")
    if text and not (text.isascii() and text.isdigit() and len(text) <= 11):
        raise table.error(row, "fide_id", f"FIDE id {text!r}", "up to 11 digits")
    return text


def _birth(table: CsvTable, row: CsvRow) -> str:
    text = row.cells.get("birth", "")
    if text and not (_BIRTH.match(text) and _real_date(text)):
        raise table.error(row, "birth", f"birth date {text!r}", "YYYY/MM/DD, YYYY-MM-DD or YYYY")
    return text.replace("-", "/").replace(".", "/")


def _real_date(text: str) -> bool:
    """A year alone, or a date that exists (no month 13, no 30 February)."""
    if len(text) == 4:
        return True
    try:
        datetime.date(int(text[:4]), int(text[5:7]), int(text[8:10]))
    except ValueError:
        return False
    return True


def _sex(table: CsvTable, row: CsvRow) -> str:
    text = row.cells.get("sex", "").lower()
    if text in ("", "m", "w"):
        return text
    if text == "f":
        return "w"
    raise table.error(row, "sex", f"sex {text!r}", "m or w (or blank)")


def chess_player(fields: Mapping[str, str]) -> Player:
    """One player given field by field (command line, web form), checked exactly like a
    row of a player list; a refusal names the field, not a file position.

    >>> chess_player({"name": "Ann", "rating": "2100", "title": "wim"}).title
    'WIM'
    """
    cells = {name: value for name, value in fields.items() if value is not None}
    table = CsvTable("<fields>", tuple(cells), (CsvRow(1, cells),))
    try:
        (player,) = chess_players(table)
    except InputError as exc:
        raise InputError(exc.message, expected=exc.expected) from None
    return player


def chess_players(table: CsvTable) -> list[Player]:
    """Players of a chess-style list, numbered 1, 2, ... in file order (the workflow
    renumbers them by the system's initial order). Duplicate names are refused."""
    players: list[Player] = []
    seen: dict[str, tuple[int, str]] = {}
    for row in table.rows:
        cells = _clean_cells(table, row)
        name = " ".join(cells.get("name", "").split())
        if not name:
            raise table.error(row, "name", "empty name", "a player name")
        key = skeleton(name)
        if key in seen:
            line, other = seen[key]
            alike = "" if other.casefold() == name.casefold() else f" (looks like {other!r})"
            raise table.error(
                row,
                "name",
                f"{name!r} is listed twice{alike} (also on line {line})",
                "each player once",
            )
        seen[key] = (row.line, name)
        attributes = {k: v for k, v in cells.items() if k not in _KNOWN and v}
        players.append(
            Player(
                number=len(players) + 1,
                name=name,
                rating=_rating(table, row),
                title=_title(table, row),
                sex=_sex(table, row),
                federation=_federation(table, row),
                fide_id=_fide_id(table, row),
                birth_date=_birth(table, row),
                club=cells.get("club", ""),
                attributes=attributes,
            )
        )
    return players


def _clean_cells(table: CsvTable, row: CsvRow) -> dict[str, str]:
    """The row's cells under the text policy (:mod:`fairpair.formats.text`): a table
    built from fields (web, command line) was not read by :func:`read_table`."""
    cells = dict(row.cells)
    for col, value in row.cells.items():
        if value and (not value.isascii() or not value.isprintable()):
            try:
                cells[col] = clean_text(value, col)
            except InputError as exc:
                raise table.error(row, col, exc.message, exc.expected or "") from None
    return cells


# ---------------------------------------------------------------- name,rating lists


@dataclass(frozen=True)
class SeedEntry:
    """One player of the list: name, rating (0 if not given) and its line in the file."""

    name: str
    rating: int
    line: int


def read_player_list(text: str, file: str = "<input>") -> list[SeedEntry]:
    """Parse the CSV player list (see the module docstring)."""
    _check_size(text, file)
    reader = csv.reader(io.StringIO(text))
    try:
        rows = [(number, row) for number, row in enumerate(reader, 1)]
    except csv.Error as exc:
        raise InputError(f"unreadable CSV: {exc}", file=file, line=reader.line_num) from None
    rows = [(n, [cell.strip() for cell in row]) for n, row in rows if any(c.strip() for c in row)]
    if not rows:
        raise InputError("no players in the list", expected="lines 'name,rating'", file=file)
    name_col, rating_col = 0, 1
    first_line, first = rows[0]
    lowered = [cell.lower() for cell in first]
    if "name" in lowered:
        name_col = lowered.index("name")
        rating_col = lowered.index("rating") if "rating" in lowered else -1
        rows = rows[1:]
    elif len(first) > 1 and not _is_int(first[1]):
        raise InputError(
            f"found {first[1]!r} in the rating column",
            expected="a header 'name,rating' or an integer rating",
            file=file,
            line=first_line,
        )
    entries: list[SeedEntry] = []
    for line, row in rows:
        name = row[name_col] if name_col < len(row) else ""
        if not name:
            raise InputError("empty player name", expected="a name", file=file, line=line)
        rating_text = row[rating_col] if 0 <= rating_col < len(row) else ""
        if rating_text and not _is_int(rating_text):
            raise InputError(
                f"found {rating_text!r} as the rating of {name!r}",
                expected="an integer rating",
                file=file,
                line=line,
            )
        entries.append(SeedEntry(name, int(rating_text) if rating_text else 0, line))
    if not entries:
        raise InputError("no players in the list", expected="lines 'name,rating'", file=file)
    return entries


def _is_int(text: str) -> bool:
    """An integer in ASCII digits (at most 9), optionally signed."""
    return _INTEGER.match(text) is not None
