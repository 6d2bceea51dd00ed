"""Layout hints: how a file that fairpair did not write spelled its records.

The reader stores the order of the records (``layout``: record lines verbatim, players
by pairing number) and the 001 lines that differ from the canonical ones (``lines``) in
:attr:`Tournament.format_hints`; the writer renders that layout again as long as every
spelled-out 001 line still says what the tournament says.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from fairpair.errors import InputError
from fairpair.formats.trf.canonical import _canonical_lines
from fairpair.formats.trf.extensions import _fairpair_line
from fairpair.formats.trf.players import _Entry, _parse_player_line, _player_line, _round_blocks
from fairpair.formats.trf.records import _LINE_BREAK, FAIRPAIR_RECORD, _ascii_int, _tokens
from fairpair.formats.trf.scores import _allowances, computed_scores
from fairpair.model import Tournament

# -- reading: the hints ---------------------------------------------------------------


def _layout_hints(t: Tournament, lines: Sequence[str]) -> dict[str, Any]:
    """Hints that let the writer reproduce ``lines`` for ``t``."""
    scores = computed_scores(t)
    players = t.player_map
    blocks = _round_blocks(t)
    layout: list[str | int] = []
    raw_lines: dict[str, str] = {}
    for line in lines:
        number = _ascii_int(line[4:8].strip()) if line.startswith("001 ") else None
        if number is not None:  # as _build reads it
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


# -- writing: the layout --------------------------------------------------------------


def _layout_items(t: Tournament) -> list[str | int]:
    """The items (records, pairing numbers) of the recorded layout, with the current
    FPJ record and the players the layout does not know after the last player."""
    layout = t.format_hints.get("layout")
    if not isinstance(layout, list):
        return _canonical_lines(t)
    items = _with_current_fairpair_record(list(layout), _fairpair_line(t))
    placed = {item for item in items if isinstance(item, int)}
    missing = [p.number for p in t.players if p.number not in placed]
    if missing:
        last = max((i for i, item in enumerate(items) if isinstance(item, int)), default=-1)
        items[last + 1 : last + 1] = missing
    return items


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


def _without_record_byes(items: Sequence[str | int]) -> list[str | int]:
    """``items`` without their XXZ and 240 records."""
    return [i for i in items if not (isinstance(i, str) and i[:4] in ("XXZ ", "240 "))]


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
    return _same_entries(a.entries, b.entries, record_byes)


def _same_entries(
    mine: Sequence[_Entry | None], canonical: Sequence[_Entry | None], record_byes: frozenset[int]
) -> bool:
    """Do two lists of round blocks say the same (columns aside)? A canonical bye in
    one of the ``record_byes`` rounds may be blank in ``mine``."""
    written = list(mine)
    other = list(canonical)
    for index, entry in enumerate(other):
        if (
            entry is not None
            and entry.opponent is None
            and index + 1 in record_byes
            and (index >= len(written) or written[index] is None)
        ):
            other[index] = None
    while other and other[-1] is None:
        other.pop()
    return written == other


def _record_byes(lines: Iterable[str], next_round: int) -> dict[int, frozenset[int]]:
    """player -> rounds of the byes that XXZ and 240 records in ``lines`` give."""
    found: dict[int, set[int]] = {}
    for line in lines:
        code = line[:3]
        if code == "XXZ":
            for token, _col in _tokens(line, 3):
                number = _ascii_int(token)
                if number is not None:
                    found.setdefault(number, set()).add(next_round)
        elif code == "240" and (rnd := _ascii_int(line[6:9].strip())) is not None:
            text = line.rstrip()
            for start in range(10, len(text), 5):
                number = _ascii_int(text[start : start + 5].strip())
                if number is not None:
                    found.setdefault(number, set()).add(rnd)
    return {number: frozenset(rounds) for number, rounds in found.items()}
