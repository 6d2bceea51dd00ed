"""Tournament file formats; load and save in either format, chosen by the file extension.

``.json`` files are fairpair JSON tournament documents (:mod:`fairpair.formats.jsondoc`);
anything else is read and written as TRF (:mod:`fairpair.formats.trf`: ``.trf``,
``.trfx``, ``.txt``, ...). Files are written atomically (:mod:`fairpair.formats.atomic`).

Both directions respect the limits of :mod:`fairpair.limits`: a file over a limit is
refused when read, and a tournament over a limit is refused before it is saved (so
that fairpair never writes a file it would refuse to read back).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from fairpair import limits
from fairpair.errors import InputError
from fairpair.model import Tournament

__all__ = [
    "check_limits",
    "convert",
    "is_json",
    "kind_of",
    "load_tournament",
    "save_tournament",
]


def is_json(path: str | os.PathLike[str]) -> bool:
    """True if ``path`` names a JSON document (by its extension, case-insensitive)."""
    return os.fspath(path).lower().endswith(".json")


def kind_of(data: bytes) -> str:
    r"""What an uploaded file is, by its content: ``"json"`` (a JSON document, fairpair's
    or an NRTM export: it opens with ``{``), ``"opengotha"`` (XML: it opens with ``<``),
    ``"trf"`` (a line opens with a three-digit record code and a space, as TRF records
    do) or ``"csv"`` (a player list).

    >>> kind_of(b'  {"format": "fairpair"}'), kind_of(b"012 Club Open\n001    1")
    ('json', 'trf')
    >>> kind_of(b'<?xml version="1.0"?><Tournament>')
    'opengotha'
    >>> kind_of(b"name,rating\nRossi, 2100")
    'csv'
    """
    text = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text[:1] == b"{":
        return "json"
    if text[:1] == b"<":
        return "opengotha"
    for line in text.splitlines()[:50]:
        head = line[:4]
        if len(head) == 4 and head[:3].isdigit() and head[3:] == b" ":
            return "trf"
    return "csv"


def load_tournament(
    path: str | os.PathLike[str], *, layout: bool = True
) -> tuple[Tournament, list[str]]:
    """Read a tournament (JSON or TRF, by extension); return it and the warnings.

    ``layout=False``: a TRF is read without working out its layout (the format hints
    that write the same file back, see :func:`fairpair.formats.trf.loads`), for a
    tournament that is not saved again. A JSON document keeps the hints it carries.
    """
    # Each format is imported when a file of it is met: the JSON document's reader (its
    # schema, resources) is not on the path of a TRF (the drop-in pairing command).
    if is_json(path):
        from fairpair.formats import jsondoc

        return jsondoc.load(path)
    from fairpair.formats import trf

    return trf.load(path, layout=layout)


def save_tournament(
    t: Tournament, path: str | os.PathLike[str], *, sides: tuple[str, str] = ("white", "black")
) -> None:
    """Write a tournament (JSON or TRF, by extension). ``sides``: the keys of a game's
    two players in a JSON document (the pairing system's side names,
    :func:`fairpair.systems.sides_of`; see :func:`fairpair.formats.jsondoc.dumps`).

    The text is rendered completely before the file is touched, then written atomically:
    if anything fails, an existing file at ``path`` keeps its old content. A tournament
    over a limit of :mod:`fairpair.limits`, one the format cannot hold, or one whose
    text would be larger than the readers accept (``file_bytes``) is refused (an
    :class:`InputError` naming ``path``) and nothing is written.
    """
    from fairpair.formats import jsondoc, trf
    from fairpair.formats.atomic import atomic_write_bytes

    name = os.fspath(path)
    try:
        check_limits(t)
        text = jsondoc.dumps(t, sides=sides) if is_json(name) else trf.dumps(t)
        data = text.encode("utf-8")
        # What fairpair writes it must be able to read back (the readers refuse files
        # over the file_bytes limit).
        limits.check("file_bytes", len(data), "bytes of the written file")
        atomic_write_bytes(name, data)
    except limits.LimitExceeded as exc:
        if exc.file is None:
            raise limits.LimitExceeded(
                exc.limit,
                f"cannot save: {exc.message}",
                expected=exc.expected or "",
                file=name,
                line=exc.line,
                column=exc.column,
            ) from None
        raise
    except InputError as exc:
        if exc.file is None:
            raise InputError(
                f"cannot save: {exc.message}",
                expected=exc.expected,
                file=name,
                line=exc.line,
                column=exc.column,
            ) from None
        raise


def check_limits(t: Tournament) -> None:
    """Refuse a tournament that the readers would refuse for its size (players,
    rounds, forbidden pairs, pairing numbers, text fields)."""
    limits.check("players", len(t.players), "players")
    limits.check("rounds", max(len(t.rounds), t.total_rounds or 0), "rounds")
    limits.check("forbidden_pairs", len(t.forbidden_pairs), "forbidden pairs")
    biggest = max((p.number for p in t.players), default=0)
    if biggest > limits.max_pairing_number():
        raise limits.exceeded("players", f"found pairing number {biggest}")
    longest = limits.limit("text")
    for where, text in _texts(t):
        if len(text) > longest:
            raise limits.exceeded("text", f"{where}: found a text of {len(text)} characters")


def _texts(t: Tournament) -> Iterator[tuple[str, str]]:
    """The text fields of ``t`` (what the ``text`` limit applies to), with their names."""
    for p in t.players:
        for key in ("name", "title", "sex", "federation", "fide_id", "birth_date", "club"):
            yield f"player {p.number} {key}", getattr(p, key)
        for key, value in p.attributes.items():
            yield f"player {p.number} attribute", key
            yield f"player {p.number} attribute {key[:20]}", value
    for code, text in t.headers:
        yield f"header {code}", text
    if t.system is not None:
        yield "system", t.system
    yield from _free_texts("settings", t.settings)


def _free_texts(where: str, value: Any) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str):
                yield where, key
            yield from _free_texts(where, item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _free_texts(where, item)


def convert(
    src: str | os.PathLike[str],
    dst: str | os.PathLike[str],
    *,
    sides: tuple[str, str] = ("white", "black"),
) -> list[str]:
    """Convert ``src`` to ``dst`` (formats by extension); return the reader's warnings.
    ``sides`` as for :func:`save_tournament`."""
    tournament, warnings = load_tournament(src)
    save_tournament(tournament, dst, sides=sides)
    return warnings
