"""How a person names rounds: one place for every message, printout and page.

A tournament's rounds are TRF round columns. With double rounds (TCEC double rounds,
double-sided Netrunner) one pairing fills two columns: the *round* is the pairing and
each column is one of its two *games*. Everything a director reads counts rounds that
way, and names a column's game only where it matters:

>>> from fairpair.model import Tournament
>>> single = Tournament(players=(), rounds=(), total_rounds=7)
>>> round_name(single, 3), after_name(single, 3), total_name(single)
('round 3', 'round 3', '7 rounds')
>>> double = Tournament(players=(), rounds=(), total_rounds=10, double_rounds=True)
>>> round_name(double, 3), round_name(double, 4)
('round 2, game 1 (TRF round 3)', 'round 2, game 2 (TRF round 4)')
>>> after_name(double, 4), after_name(double, 5)
('round 2 of 5 (4 games)', 'round 3, game 1 of 5 rounds (5 games)')
>>> total_name(double), pairing_round(double, 4), rounds_named(double, [2, 3, 4])
('5 rounds (10 games)', 2, 'round 1 (game 2) and round 2')
>>> pairing_name(double, 3)
'round 2 (TRF rounds 3-4)'
"""

from __future__ import annotations

from collections.abc import Iterable

from fairpair.model import Tournament

__all__ = [
    "after_name",
    "column_head",
    "game_place",
    "pairing_name",
    "pairing_round",
    "round_name",
    "rounds_named",
    "total_name",
]


def pairing_round(t: Tournament, column: int) -> int:
    """The round (pairing) that round column ``column`` belongs to."""
    return (column + 1) // 2 if t.double_rounds else column


def round_name(t: Tournament, column: int) -> str:
    """``round 3``; with double rounds ``round 2, game 1 (TRF round 3)``."""
    if not t.double_rounds:
        return f"round {column}"
    return f"{game_place(t, column)} (TRF round {column})"


def game_place(t: Tournament, column: int) -> str:
    """Where a game of round column ``column`` is, in a list of boards: ``round 3``;
    with double rounds ``round 2, game 1``."""
    if not t.double_rounds:
        return f"round {column}"
    return f"round {(column + 1) // 2}, game {2 - column % 2}"


def column_head(t: Tournament, column: int) -> str:
    """A crosstable's column head: ``R3``; with double rounds ``R2.1`` (round 2, game 1)."""
    if not t.double_rounds:
        return f"R{column}"
    return f"R{(column + 1) // 2}.{2 - column % 2}"


def pairing_name(t: Tournament, column: int) -> str:
    """The pairing that starts at round column ``column``: ``round 3``; with double
    rounds both its games, ``round 2 (TRF rounds 3-4)``."""
    if not t.double_rounds:
        return f"round {column}"
    first = column if column % 2 == 1 else column - 1
    return f"round {(first + 1) // 2} (TRF rounds {first}-{first + 1})"


def total_name(t: Tournament) -> str:
    """``7 rounds``; with double rounds ``15 rounds (30 games)``."""
    if t.total_rounds is None:
        return "? rounds"
    if not t.double_rounds:
        return f"{t.total_rounds} round{'s' if t.total_rounds != 1 else ''}"
    return f"{t.total_rounds // 2} rounds ({t.total_rounds} games)"


def after_name(t: Tournament, columns: int) -> str:
    """What standings "after" ``columns`` round columns are: ``round 5``; with
    double rounds ``round 5 of 15 (10 games)``, or ``round 6, game 1 of 15 rounds (11
    games)`` halfway through a round."""
    if not t.double_rounds:
        return f"round {columns}"
    rounds = t.total_rounds // 2 if t.total_rounds else None
    games = f"{columns} game{'s' if columns != 1 else ''}"
    if columns % 2 == 0:
        total = f" of {rounds}" if rounds else ""
        return f"round {columns // 2}{total} ({games})"
    total = f" of {rounds} rounds" if rounds else ""
    return f"round {(columns + 1) // 2}, game 1{total} ({games})"


def rounds_named(t: Tournament, columns: Iterable[int]) -> str:
    """Round columns as rounds: ``rounds 2, 3``; with double rounds whole rounds by
    number and a lone game as ``round 1 (game 2)``."""
    wanted = sorted(set(columns))
    if not t.double_rounds:
        return ("round " if len(wanted) == 1 else "rounds ") + ", ".join(map(str, wanted))
    parts = []
    for number in sorted({pairing_round(t, c) for c in wanted}):
        games = [c for c in wanted if pairing_round(t, c) == number]
        parts.append(
            f"round {number}" if len(games) == 2 else f"round {number} (game {2 - games[0] % 2})"
        )
    return " and ".join(parts)
