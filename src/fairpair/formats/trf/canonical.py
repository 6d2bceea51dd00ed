"""The canonical TRF: the records fairpair writes for a tournament, in its own order.

Lines are planned as a list of items (a record as text, or a player's pairing number for
that player's 001 line) and rendered by :func:`_render_lines`; the TRF-2026 writer and
the layout hints use the same two steps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from fairpair import limits
from fairpair.errors import InputError
from fairpair.formats.trf.extensions import _fairpair_line
from fairpair.formats.trf.lines import _join
from fairpair.formats.trf.players import _player_blocks, _player_line
from fairpair.formats.trf.points import _points_lines
from fairpair.formats.trf.records import _ascii_int, _fit_points
from fairpair.formats.trf.scores import _allowances, computed_scores
from fairpair.model import Colour, Tournament


def _canonical_text(t: Tournament, hints: Mapping[str, Any]) -> str:
    return _join(_canonical_rendered(t), hints)


#: Where a tournament keeps its canonical lines once rendered (the reader renders them
#: to compare with the file, the writer to write them: a large file is rendered once).
_CACHE_KEY = "_trf_canonical_lines"


def _canonical(t: Tournament) -> tuple[tuple[str | int, ...], tuple[str, ...]]:
    """The canonical items of ``t`` (:func:`_canonical_lines`) and their lines as text
    (cached: ``t`` is immutable, and the canonical lines do not depend on its format
    hints)."""
    cached: tuple[tuple[str | int, ...], tuple[str, ...]] | None = t.__dict__.get(_CACHE_KEY)
    if cached is None:
        items = tuple(_canonical_lines(t))
        cached = (items, tuple(_render_lines(t, items)))
        t.__dict__[_CACHE_KEY] = cached
    return cached


def _canonical_rendered(t: Tournament) -> tuple[str, ...]:
    """The canonical lines of ``t`` as text (see :func:`_canonical`)."""
    return _canonical(t)[1]


def _canonical_player_lines(t: Tournament) -> dict[int, str]:
    """Pairing number -> the canonical 001 line of that player (see :func:`_canonical`)."""
    items, lines = _canonical(t)
    return {item: line for item, line in zip(items, lines, strict=True) if isinstance(item, int)}


def _with_hints(t: Tournament, hints: Mapping[str, Any]) -> Tournament:
    """``t`` with other format hints, keeping its rendered canonical lines."""
    result = t.replace(format_hints=hints)
    cached = t.__dict__.get(_CACHE_KEY)
    if cached is not None:
        result.__dict__[_CACHE_KEY] = cached
    return result


def _canonical_lines(t: Tournament) -> list[str | int]:
    """The records fairpair writes for ``t``; player lines as their pairing numbers."""
    out: list[str | int] = _header_lines(t)
    out.extend(_points_lines(t.points))
    out.extend(p.number for p in t.players)
    out.extend(_after_player_lines(t))
    return out


def _header_lines(t: Tournament) -> list[str | int]:
    """Tournament headers, then XXR, XXC and XXT."""
    out: list[str | int] = [f"{code} {text}" if text else code for code, text in t.headers]
    if t.total_rounds is not None:
        out.append(f"XXR {t.total_rounds}")
    xxc: Any = t.settings.get("xxc")
    options: list[str] = list(xxc) if _xxc_writable(xxc) else []
    if t.initial_colour is not None:
        options.append("white1" if t.initial_colour is Colour.WHITE else "black1")
    if options:
        out.append("XXC " + " ".join(options))
    if t.double_rounds:
        out.append("XXT double")
    return out


def _xxc_writable(xxc: Any) -> bool:
    """Can ``settings["xxc"]`` go to the XXC record and read back the same? (Only the
    options the reader keeps: ``rank``; anything else travels in the FPJ record.)"""
    return isinstance(xxc, list) and all(x == "rank" for x in xxc)


def _after_player_lines(t: Tournament) -> list[str]:
    """XXA, XXP, the extra records as read, and the FPJ record."""
    out: list[str] = []
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


def _pairs_of_260_records(lines: Iterable[str], rnd: int) -> frozenset[frozenset[int]]:
    """The pairs that well-formed 260 records among ``lines`` forbid in round ``rnd``."""
    found: set[frozenset[int]] = set()
    for line in lines:
        text = line.rstrip()
        first = _ascii_int(line[4:7]) if line.startswith("260 ") else None
        last = _ascii_int(line[8:11])
        if first is None or last is None or not first <= rnd <= last:
            continue
        fields = [_ascii_int(text[i : i + 5].strip()) for i in range(12, len(text), 5)]
        numbers = sorted({n for n in fields if n is not None})
        pairs = len(numbers) * (len(numbers) - 1) // 2
        if len(numbers) != len(fields) or pairs > limits.limit("forbidden_pairs"):
            continue  # not a record the reader accepts: its pairs go to XXP
        found.update(frozenset((a, b)) for i, a in enumerate(numbers) for b in numbers[i + 1 :])
    return frozenset(found)


def _render_lines(t: Tournament, items: Iterable[str | int]) -> list[str]:
    """Record lines as text: a pairing number becomes that player's 001 line, a string
    is a record as it stands. A line break inside any of them is refused."""
    scores = computed_scores(t)
    players = t.player_map
    blocks = _player_blocks(t)
    lines = [
        _player_line(players[item], scores.get(item), blocks[item], _allowances(t, item))
        if isinstance(item, int)
        else item
        for item in items
    ]
    for text in lines:
        if "\n" in text or "\r" in text:  # _LINE_BREAK, at the speed of a byte search
            raise InputError(
                f"cannot write a TRF line containing a line break: {text[:40]!r}",
                expected="names, headers and extra records without line breaks",
            )
    return lines
