"""Tournament file formats; load and save in either format, chosen by the file extension.

``.json`` files are fairpair JSON tournament documents (:mod:`fairpair.formats.jsondoc`);
anything else is read and written as TRF (:mod:`fairpair.formats.trf`: ``.trf``,
``.trfx``, ``.txt``, ...). Files are written atomically (:mod:`fairpair.formats.atomic`).
"""

from __future__ import annotations

import os

from fairpair.formats import jsondoc, trf
from fairpair.model import Tournament

__all__ = ["convert", "is_json", "load_tournament", "save_tournament"]


def is_json(path: str | os.PathLike[str]) -> bool:
    """True if ``path`` names a JSON document (by its extension, case-insensitive)."""
    return os.fspath(path).lower().endswith(".json")


def load_tournament(path: str | os.PathLike[str]) -> tuple[Tournament, list[str]]:
    """Read a tournament (JSON or TRF, by extension); return it and the warnings."""
    return jsondoc.load(path) if is_json(path) else trf.load(path)


def save_tournament(t: Tournament, path: str | os.PathLike[str]) -> None:
    """Write a tournament (JSON or TRF, by extension).

    The text is rendered completely before the file is touched, then written atomically:
    if anything fails, an existing file at ``path`` keeps its old content.
    """
    if is_json(path):
        jsondoc.dump(t, path)
    else:
        trf.dump(t, path)


def convert(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> list[str]:
    """Convert ``src`` to ``dst`` (formats by extension); return the reader's warnings."""
    tournament, warnings = load_tournament(src)
    save_tournament(tournament, dst)
    return warnings
