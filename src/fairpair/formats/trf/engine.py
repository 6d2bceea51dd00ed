"""Pairing files written by JaVaFo and bbpPairings (``-p`` output)."""

from __future__ import annotations

import re

from fairpair import limits
from fairpair.formats.trf.lines import _decode
from fairpair.formats.trf.records import _ascii_int, _fail


def parse_engine_output(text: str | bytes, *, file: str = "<input>") -> list[tuple[int, int]]:
    """Parse a JaVaFo / bbpPairings pairing file: first line the number of pairs, then
    one ``white black`` line per pair (pairing numbers), the bye as ``N 0``."""
    if len(text) > limits.limit("file_bytes"):
        raise limits.exceeded("file_bytes", f"found a text of {len(text)} characters", file=file)
    decoded = _decode(text, file)
    lines = re.split(r"\r\n|\r|\n", decoded)
    while lines and not lines[-1].strip():
        lines.pop()
    count = _pair_count(lines, file)
    pairs: list[tuple[int, int]] = []
    seen: dict[int, int] = {}
    for lineno, line in enumerate(lines[1:], start=2):
        pairs.append(_pair(line, lineno, seen, file))
    if len(pairs) != count:
        raise _fail(
            f"line 1 announces {count} pairs but {len(pairs)} follow",
            f"{count} pair lines",
            file,
            1,
            1,
        )
    return pairs


def _pair_count(lines: list[str], file: str) -> int:
    """The number of pairs announced on line 1."""
    if not lines or not lines[0].strip():
        raise _fail("empty pairing file", "the number of pairs on line 1", file, 1, 1)
    head = lines[0].strip()
    count = _ascii_int(head)
    if count is None:
        shown = head if len(head) <= 20 else head[:17] + "..."
        raise _fail(f"found {shown!r}", "the number of pairs on line 1", file, 1, 1)
    if count > limits.max_pairing_number():
        raise limits.exceeded("players", f"found {count} pairs", file=file, line=1, column=1)
    return count


def _pair(line: str, lineno: int, seen: dict[int, int], file: str) -> tuple[int, int]:
    """One ``white black`` line; ``seen`` (player -> line) catches players paired twice."""
    parts = line.split()
    numbers = [_ascii_int(p) for p in parts] if len(parts) == 2 else []
    if len(numbers) != 2 or numbers[0] is None or numbers[1] is None:
        col = len(line) - len(line.lstrip()) + 1
        shown = line.strip() if len(line.strip()) <= 30 else line.strip()[:27] + "..."
        raise _fail(f"found {shown!r}", "'white black' pairing numbers", file, lineno, col)
    white, black = numbers[0], numbers[1]
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
    return white, black
