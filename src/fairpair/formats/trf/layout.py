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

from fairpair import limits
from fairpair.errors import InputError
from fairpair.formats.trf.canonical import _canonical, _canonical_player_lines
from fairpair.formats.trf.extensions import _fairpair_line
from fairpair.formats.trf.players import (
    _Entry,
    _parse_blocks,
    _parse_player_line,
    _player_blocks,
    _player_line,
)
from fairpair.formats.trf.records import (
    _LINE_BREAK,
    FAIRPAIR_RECORD,
    ROUND_START,
    _ascii_int,
    _tokens,
)
from fairpair.formats.trf.scores import _allowances, computed_scores
from fairpair.model import Tournament

# -- reading: the hints ---------------------------------------------------------------


def _layout_hints(t: Tournament, lines: Sequence[str]) -> dict[str, Any]:
    """Hints that let the writer reproduce ``lines`` for ``t``."""
    canonical_lines = _canonical_player_lines(t)
    layout: list[str | int] = []
    raw_lines: dict[str, str] = {}
    for line in lines:
        number = _ascii_int(line[4:8].strip()) if line.startswith("001 ") else None
        if number is not None:  # as _build reads it
            layout.append(number)
            if canonical_lines.get(number, line) != line:
                raw_lines[str(number)] = line
        else:
            layout.append(line)
    hints: dict[str, Any] = {}
    if tuple(layout) != _canonical(t)[0]:
        hints["layout"] = layout
    if raw_lines:
        hints["lines"] = raw_lines
    return hints


#: Where the reader keeps the lines a tournament with layout hints was read from (with
#: the limits it was read with), so that the writer knows when it writes exactly those
#: lines (they read back as the same tournament without being read again).
_SOURCE_KEY = "_trf_source_lines"


def _remember_source(t: Tournament, lines: Sequence[str]) -> None:
    """Note that ``t`` (with its format hints) was read from ``lines``."""
    try:
        read_with = tuple(limits.limit(name) for name in limits.LIMITS)
    except InputError:  # pragma: no cover - the reader has read these already
        return
    t.__dict__[_SOURCE_KEY] = (read_with, tuple(lines))


def _is_source(t: Tournament, lines: Sequence[str]) -> bool:
    """Are ``lines`` the lines ``t`` was read from (with the same limits)? Then they
    read back as ``t``: reading is deterministic."""
    source: tuple[tuple[int, ...], tuple[str, ...]] | None = t.__dict__.get(_SOURCE_KEY)
    if source is None or tuple(lines) != source[1]:
        return False
    try:
        return source[0] == tuple(limits.limit(name) for name in limits.LIMITS)
    except InputError:
        return False


# -- writing: the layout --------------------------------------------------------------


def _cannot_read_back(t: Tournament) -> bool:
    """True if the recorded layout cannot read back as ``t`` however it is rendered, so
    that the writer need neither render it nor read it again: ``t`` leaves a player's
    points column to be computed (``reported_points`` None, as the workflow saves a
    tournament), and his line in the layout has points, whichever it is (his
    canonical line always writes them; his recorded line, used instead if the two
    say the same, has them in columns 81-84), so it reads back with points.

    Only decided for a tournament that was not read from its layout's lines (those
    read back as it) and whose canonical lines can be rendered (otherwise the
    renderer has something to report)."""
    if _SOURCE_KEY in t.__dict__:
        return False
    try:
        _canonical_player_lines(t)
    except InputError:
        return False
    raw_lines = t.format_hints.get("lines")
    if not isinstance(raw_lines, dict):
        raw_lines = {}
    for player in t.players:
        if player.reported_points is None:
            raw = raw_lines.get(str(player.number))
            if not isinstance(raw, str) or raw[80:84].strip():  # columns 81-84: points
                return True
    return False


def _layout_items(t: Tournament) -> list[str | int]:
    """The items (records, pairing numbers) of the recorded layout, with the current
    FPJ record and the players the layout does not know after the last player."""
    layout = t.format_hints.get("layout")
    if not isinstance(layout, list):
        return list(_canonical(t)[0])
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
    players = t.player_map
    try:
        canonical_lines: dict[int, str] | None = _canonical_player_lines(t)
    except InputError:  # a record cannot be written; maybe the layout has its own
        canonical_lines = None
    raw_lines = t.format_hints.get("lines")
    if not isinstance(raw_lines, dict):
        raw_lines = {}
    record_byes = _record_byes((i for i in items if isinstance(i, str)), t.rounds_played + 1)
    out: list[str] = []
    for item in items:
        if isinstance(item, int) and not isinstance(item, bool):
            if item not in players:
                continue
            canonical = (
                canonical_lines[item]
                if canonical_lines is not None
                else _player_line(
                    players[item],
                    computed_scores(t).get(item),
                    _player_blocks(t)[item],
                    _allowances(t, item),
                )
            )
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
    if raw[:ROUND_START] == canonical[:ROUND_START] and min(len(raw), len(canonical)) > ROUND_START:
        # the same fixed columns (the same player, the same points): the round blocks
        # decide (what parsing both lines would compare, for half the work)
        try:
            mine = _parse_blocks(raw.rstrip(), 0, "")
            theirs = _parse_blocks(canonical.rstrip(), 0, "")
        except InputError:
            return False
        return _same_entries(mine, theirs, record_byes)
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
