"""Large valid TRF files for the performance tests of issue 15 (and
``benchmarks/large_input.py``).

The files are written line by line (``fairpair generate`` pairs every round with the
engine, far too slow for half a million games): a round robin by the circle method,
so no two players meet twice while there are rounds left, results drawn from a seeded
random generator, the points column the sum of the results. Each file is what
fairpair itself writes for the tournament (its canonical TRF).
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

from fairpair.formats.trf.records import _fit_points

#: Width of the fixed columns of a 001 line (up to the rank, then two blanks).
FIXED = 91
#: Width of one round block.
BLOCK = 10

#: (white's letter, black's letter, white's half points, black's half points)
_RESULTS = (("1", "0", 2, 0), ("0", "1", 0, 2))
_DRAW = ("=", "=", 1, 1)


def rounds_for_size(players: int, size: int) -> int:
    """How many rounds make a file of about ``size`` bytes with ``players`` players."""
    return max(1, (size // players - FIXED - 1) // BLOCK)


def players_for_size(rounds: int, size: int) -> int:
    """How many players make a file of about ``size`` bytes with ``rounds`` rounds."""
    return max(2, size // (FIXED + 1 + BLOCK * rounds))


def large_trf(players: int, rounds: int, *, seed: int = 1) -> str:
    """A valid TRF of ``players`` players and ``rounds`` complete rounds (one
    pairing-allocated bye per round if ``players`` is odd)."""
    rng = random.Random(seed)
    slots = players + players % 2  # slot ``players + 1`` (odd fields) is the bye
    blocks: list[list[str]] = [[] for _ in range(players + 1)]
    halves = [0] * (players + 1)
    ring = list(range(2, slots + 1))
    for rnd in range(rounds):
        order = [1, *ring]
        for board in range(slots // 2):
            a, b = order[board], order[slots - 1 - board]
            if (rnd + board) % 2:
                a, b = b, a
            if b > players or a > players:
                bye = a if b > players else b
                blocks[bye].append("0000 - U")
                halves[bye] += 2
                continue
            res_w, res_b, pw, pb = _DRAW if rng.random() < 0.3 else rng.choice(_RESULTS)
            blocks[a].append(f"{b:>4} w {res_w}")
            blocks[b].append(f"{a:>4} b {res_b}")
            halves[a] += pw
            halves[b] += pb
        ring.insert(0, ring.pop())  # the circle method: every slot but the first turns
    lines = [
        "012 Large generated tournament",
        "022 Testville",
        f"XXR {rounds}",
        "XXC white1",
    ]
    fixed_points: dict[int, str] = {}
    for number in range(1, players + 1):
        rating = 2800 - (number * 1800) // players
        points = fixed_points.get(halves[number])
        if points is None:
            points = fixed_points[halves[number]] = _fit_points(Fraction(halves[number], 2), 4)
        fixed = (
            f"001 {number:>4} {'':1}{'':>3} {f'Player {number:04d}':<33} {rating:>4} FRA "
            f"{number + 1000000:>11} {'1990/01/01':<10} {points:>4} {'':>4}"
        )
        lines.append(fixed + "".join("  " + b for b in blocks[number]))
    return "\n".join(lines) + "\n"


def write_large_trf(
    path: Path, players: int, rounds: int, *, seed: int = 1, foreign: bool = False
) -> Path:
    """:func:`large_trf` written to ``path`` (with ``foreign``: in another program's
    layout, :func:`foreign_layout`); returns ``path``."""
    text = large_trf(players, rounds, seed=seed)
    if foreign:
        text = foreign_layout(text)
    path.write_bytes(text.encode("utf-8"))
    return path


def foreign_layout(text: str) -> str:
    """The same tournament as another program might write it: CR LF line ends, colours
    in upper case (``W``/``B``) and the XXR record after the players. fairpair reads
    it as the same tournament and writes it back in this layout, line by line."""
    rows = text.splitlines()
    moved = [row for row in rows if row.startswith("XXR ")]
    kept = [
        row[:FIXED] + row[FIXED:].replace(" w ", " W ").replace(" b ", " B ")
        if row.startswith("001 ")
        else row
        for row in rows
        if not row.startswith("XXR ")
    ]
    return "\r\n".join([*kept, *moved]) + "\r\n"


#: The shapes of the benchmark and the slow test: (name, players, rounds), each about
#: 10 MB. The most players the default limits allow with the rounds that fill 10 MB,
#: and the most rounds with the players that fill 10 MB (a complete round robin).
SHAPES: tuple[tuple[str, int, int], ...] = (
    ("max-players", 9999, rounds_for_size(9999, 10_000_000)),
    ("max-rounds", 1000, 999),
)
