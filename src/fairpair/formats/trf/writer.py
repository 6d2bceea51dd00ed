"""Writing TRF: :func:`dumps` and :func:`dump`.

Three writers: the layout recorded in the format hints (a file fairpair did not write,
as long as that layout still says exactly what the tournament says), the canonical
fairpair layout, and plain TRF-2026.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from fractions import Fraction

from fairpair.errors import InputError
from fairpair.formats.atomic import atomic_write_bytes
from fairpair.formats.trf.canonical import _canonical_text, _render_lines, _with_hints
from fairpair.formats.trf.layout import (
    _cannot_read_back,
    _is_source,
    _layout_items,
    _render_layout,
    _without_record_byes,
)
from fairpair.formats.trf.lines import _join
from fairpair.formats.trf.players import _parse_player_fields
from fairpair.formats.trf.points import _record_162
from fairpair.formats.trf.reader import _RECORD_READERS, _build
from fairpair.formats.trf.records import (
    _LINE_BREAK,
    _PLAYER_RECORDS,
    _RECORD_CODE,
    FAIRPAIR_RECORD,
    _fit_points,
)
from fairpair.model import Colour, Tournament, paused_gc


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
    if not t.players:
        raise InputError(
            "a tournament without players",
            expected="at least one player (a TRF without 001 records says nothing)",
        )
    if flavour not in ("fairpair", "trf2026"):
        raise InputError(f"unknown TRF flavour {flavour!r}", expected="'fairpair' or 'trf2026'")
    with paused_gc():  # see fairpair.model.paused_gc
        return _trf2026_text(_semantic(t)) if flavour == "trf2026" else _fairpair_text(t)


def _fairpair_text(t: Tournament) -> str:
    hinted = _hinted_text(t)
    if hinted is not None:
        return hinted
    text = _canonical_text(_semantic(t), t.format_hints)
    if t.extra_records:
        _check_extra_records(t, text)
    return text


def dump(t: Tournament, path: str | os.PathLike[str], *, flavour: str = "fairpair") -> None:
    """Write ``t`` to ``path`` as TRF (UTF-8); see :func:`dumps` for ``flavour``.

    The text is rendered first and then written atomically: if anything fails, an
    existing file at ``path`` is left as it was.
    """
    data = dumps(t, flavour=flavour).encode("utf-8")
    atomic_write_bytes(path, data)


def _semantic(t: Tournament) -> Tournament:
    return _with_hints(t, {}) if t.format_hints else t


# -- the layout of the source file ----------------------------------------------------


def _hinted_text(t: Tournament) -> str | None:
    """``t`` written in the layout recorded in its hints, if that still means ``t``.

    The FPJ record is always the current one. If the layout does not fit any more, it is
    tried once more without its XXZ and 240 records (which may refer to a round that has
    been paired since); then the caller falls back to the canonical layout.
    """
    hints = t.format_hints
    if "layout" not in hints and "lines" not in hints:
        return None
    items = _layout_items(t)
    if _cannot_read_back(t):
        return None
    target = _semantic(t)
    without_byes = _without_record_byes(items)
    for candidate in (items, without_byes):
        out = _render_layout(t, candidate)
        if out is None:
            return None  # hints that cannot come from a TRF: ignore them
        # the lines the tournament was read from read back as it, without a check
        if _is_source(t, out) or _reads_as(out, target):
            return _join(out, hints)
        if len(without_byes) == len(items):
            break
    return None


def _reads_as(lines: Sequence[str], target: Tournament) -> bool:
    """Do ``lines`` read back as ``target``?"""
    if _points_differ(lines, target):
        return False
    try:
        again, _ = _build(lines, "<hints>")
    except InputError:
        return False
    return again == target


def _points_differ(lines: Sequence[str], target: Tournament) -> bool:
    """Does a 001 line among ``lines`` read back with other reported points than its
    player's in ``target`` (or not at all)? Then ``lines`` do not read back as
    ``target`` (the points column is the only source of ``reported_points``), which
    is found here from the fixed columns alone, without reading the whole file (a
    command that changes a player's score keeps the points he was read with)."""
    players = target.player_map
    for line in lines:
        if not line.startswith("001 "):
            continue
        try:
            read = _parse_player_fields(line.rstrip(), 0, "<hints>")
        except InputError:
            return True  # the reader refuses the line: not the target either
        player = players.get(read.number)
        if player is not None and player.reported_points != read.reported_points:
            return True
    return False


# -- extra records ------------------------------------------------------------------


def _interpreted(line: str) -> bool:
    """Would the reader interpret ``line`` (or skip it) instead of keeping it as it is?"""
    if not line.strip():
        return True  # blank lines are skipped
    if line.startswith("###") or not _RECORD_CODE.match(line):
        return False
    code = line[:3]
    return (
        code in ("001", "XXW")
        or code in _RECORD_READERS
        or (code in _PLAYER_RECORDS and code != "260")
        or (code.isascii() and code.isdigit() and code.endswith("2"))
    )


def _check_extra_records(t: Tournament, text: str) -> None:
    """Refuse extra records (from a JSON document: they can be anything) that would not
    come back as extra records: a TRF reader would read them as records, and the file
    would say something else than the tournament."""
    for line in t.extra_records:
        if _interpreted(line) or _LINE_BREAK.search(line):
            shown = line if len(line) <= 40 else line[:37] + "..."
            raise InputError(
                f"cannot write the extra record {shown!r} to TRF: it would be read as a "
                "record, not kept as it is",
                expected="extra records that TRF keeps verbatim (not 001, XX*, BB*, ??2, "
                "FPJ, 162, 240, 250 ..., not blank)",
            )
    try:
        again, _ = _build(text.splitlines(), "<check>")
    except InputError:
        again = None
    if again is None or not _same_but_reported(again, _semantic(t)):
        raise InputError(
            "cannot write this tournament to TRF: its extra records (260 ...) would not "
            "read back as they are",
            expected="extra records that TRF keeps verbatim",
        )


def _same_but_reported(again: Tournament, target: Tournament) -> bool:
    """``again`` is ``target``, except for the points and rank columns TRF always fills
    in (``reported_points``, ``reported_rank``: informative, see docs/trf.md)."""
    if len(again.players) != len(target.players):
        return False
    players = tuple(
        dataclasses.replace(a, reported_points=b.reported_points, reported_rank=b.reported_rank)
        for a, b in zip(again.players, target.players, strict=True)
    )
    return again.replace(players=players) == target


# -- TRF-2026 -------------------------------------------------------------------------


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
        lines.extend(_250_lines(number, t.acceleration[number]))
    last = t.total_rounds if t.total_rounds is not None else 999
    for a, b in sorted(tuple(sorted(pair)) for pair in t.forbidden_pairs):
        lines.append(f"260 001 {last:03d} {a:>4} {b:>4}")
    lines.extend(line for line in t.extra_records if not is_extension_line(line))
    return _join(_render_lines(t, lines), {"newline": "\r\n"})


def is_extension_line(line: str) -> bool:
    """Is ``line`` a pairing-program extension (JaVaFo's ``XX?``, bbpPairings' ``BB?``)
    or fairpair's own record (``FPJ``)? Such lines are never written to plain TRF-2026:
    a rating report holds FIDE's records only."""
    code = line[:3].upper()
    return code.startswith(("XX", "BB")) or code == FAIRPAIR_RECORD


def _250_lines(number: int, values: Sequence[Fraction]) -> list[str]:
    """250 records for player ``number``'s acceleration: one per run of equal values
    (runs of 0 need none)."""
    lines = []
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
    return lines
