"""Player import from CSV.

CSV: a header row, then one player a line. Columns (case-insensitive): ``name``
(required), ``rank`` (``5k``, ``1d``) and/or ``rating`` (AGA rating, e.g. ``-4.3``): at
least one of the two; optional ``number`` (pairing number; default: line order),
``club``, ``city``, ``state``, ``country``, ``family``; any other column is kept as an
attribute.
"""

from __future__ import annotations

from fairpair import limits
from fairpair.errors import InputError
from fairpair.formats.csv import CsvRow, CsvTable, read_table
from fairpair.model import Player
from fairpair.systems.mcmahon.ranks import parse_rank, rank_index_of_aga_rating

__all__ = ["go_players", "players_from_csv"]


def players_from_csv(text: str, file: str = "<csv>") -> list[Player]:
    """Players from CSV text (see the module docstring); InputError names the bad line."""
    return go_players(read_table(text, file, canonical=False))


def _check_strength(table: CsvTable, row: CsvRow, name: str) -> None:
    rank = row.cells.get("rank", "")
    rating = row.cells.get("rating", "")
    if not rank and not rating:
        raise InputError(
            f"{name}: no rank and no rating",
            expected="a rank or an AGA rating",
            file=table.file,
            line=row.line,
        )
    if rank:
        try:
            parse_rank(rank)
        except ValueError:
            raise table.error(
                row, "rank", f"found rank {rank!r}", "a rank like 5k, 1d or 2p"
            ) from None
    if rating:
        try:  # the one bounded parser: no "1e400" (inf), "nan" or other scripts' digits
            value = float(limits.parse_number(rating, "rating"))
            if not -100 < value < 100:
                raise ValueError(rating)
            rank_index_of_aga_rating(value)
        except (InputError, ValueError):
            raise table.error(
                row,
                "rating",
                f"found rating {rating!r}",
                "an AGA rating such as -4.3 or 2.1 (|r| >= 1)",
            ) from None


def _number(table: CsvTable, row: CsvRow, default: int, taken: set[int]) -> int:
    text = row.cells.get("number", "")
    number = default
    if text:
        try:
            number = int(text)
        except ValueError:
            raise table.error(row, "number", f"found number {text!r}", "an integer") from None
    if number in taken or number < 1:
        raise InputError(
            f"pairing number {number} repeated or not positive",
            expected="unique positive numbers",
            file=table.file,
            line=row.line,
        )
    return number


def go_players(table: CsvTable) -> list[Player]:
    """The players of a Go list read by :func:`fairpair.formats.csv.read_table` (with
    ``canonical=False``: ``rating`` is an AGA rating, ``country`` stays a column)."""
    if "rank" not in table.columns and "rating" not in table.columns:
        raise InputError(
            "header has neither rank nor rating",
            expected="a rank or rating column",
            file=table.file,
            line=table.header_line,
        )
    players: list[Player] = []
    numbers: set[int] = set()
    for row in table.rows:
        name = row.cells.get("name", "")
        if not name:
            raise table.error(row, "name", "empty name", "a player name")
        _check_strength(table, row, name)
        number = _number(table, row, len(players) + 1, numbers)
        numbers.add(number)
        attributes = {k: v for k, v in row.cells.items() if k not in ("number", "name") and v}
        players.append(
            Player(
                number=number,
                name=name,
                club=row.cells.get("club", ""),
                federation=row.cells.get("country", ""),
                attributes=attributes,
            )
        )
    return players
