"""Player import from CSV.

CSV: a header row, then one player a line. Columns (case-insensitive): ``name``
(required), ``rank`` (``5k``, ``1d``) and/or ``rating`` (AGA rating, e.g. ``-4.3``): at
least one of the two; optional ``number`` (pairing number; default: line order),
``club``, ``city``, ``state``, ``country``, ``family``; any other column is kept as an
attribute.
"""

from __future__ import annotations

import csv
import io

from fairpair.errors import InputError
from fairpair.model import Player
from fairpair.systems.mcmahon.ranks import parse_rank, rank_index_of_aga_rating

__all__ = ["players_from_csv"]


_KNOWN = ("number", "name", "rank", "rating", "club", "city", "state", "country", "family")


def players_from_csv(text: str, file: str = "<csv>") -> list[Player]:
    """Players from CSV text (see the module docstring); InputError names the bad line."""
    reader = csv.reader(io.StringIO(text))
    rows = [(i + 1, row) for i, row in enumerate(reader) if any(cell.strip() for cell in row)]
    if not rows:
        raise InputError("empty player list", expected="a header row and players", file=file)
    header_line, header = rows[0]
    columns = [h.strip().lower() for h in header]
    if "name" not in columns:
        raise InputError(
            f"header has no name column: {','.join(header)}",
            expected="a header row with name and rank or rating",
            file=file,
            line=header_line,
        )
    if "rank" not in columns and "rating" not in columns:
        raise InputError(
            "header has neither rank nor rating",
            expected="a rank or rating column",
            file=file,
            line=header_line,
        )
    players: list[Player] = []
    numbers: set[int] = set()
    for line, row in rows[1:]:
        if len(row) != len(columns):
            raise InputError(
                f"found {len(row)} fields", expected=f"{len(columns)} fields", file=file, line=line
            )
        cells = {c: v.strip() for c, v in zip(columns, row, strict=True)}

        def column_of(name: str, line: int = line) -> int:
            return columns.index(name) + 1

        name = cells["name"]
        if not name:
            raise InputError(
                "empty name",
                expected="a player name",
                file=file,
                line=line,
                column=column_of("name"),
            )
        rank = cells.get("rank", "")
        rating = cells.get("rating", "")
        if not rank and not rating:
            raise InputError(
                f"{name}: no rank and no rating",
                expected="a rank or an AGA rating",
                file=file,
                line=line,
            )
        if rank:
            try:
                parse_rank(rank)
            except ValueError:
                raise InputError(
                    f"found rank {rank!r}",
                    expected="a rank like 5k, 1d or 2p",
                    file=file,
                    line=line,
                    column=column_of("rank"),
                ) from None
        if rating:
            try:
                rank_index_of_aga_rating(float(rating))
            except ValueError:
                raise InputError(
                    f"found rating {rating!r}",
                    expected="an AGA rating such as -4.3 or 2.1 (|r| >= 1)",
                    file=file,
                    line=line,
                    column=column_of("rating"),
                ) from None
        number = len(players) + 1
        if cells.get("number"):
            try:
                number = int(cells["number"])
            except ValueError:
                raise InputError(
                    f"found number {cells['number']!r}",
                    expected="an integer",
                    file=file,
                    line=line,
                    column=column_of("number"),
                ) from None
        if number in numbers or number < 1:
            raise InputError(
                f"pairing number {number} repeated or not positive",
                expected="unique positive numbers",
                file=file,
                line=line,
            )
        numbers.add(number)
        attributes = {k: v for k, v in cells.items() if k not in ("number", "name") and v}
        players.append(
            Player(
                number=number,
                name=name,
                club=cells.get("club", ""),
                federation=cells.get("country", ""),
                attributes=attributes,
            )
        )
    return players
