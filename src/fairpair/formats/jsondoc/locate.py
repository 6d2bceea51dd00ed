"""Locating JSON paths in the source text, for errors that name line and column.

The text is scanned only when the first error needs a position: :func:`_scan` records
the offset of every value by its path (``("rounds", 0, "games", 2, "white")``).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from typing import Any

from fairpair.errors import InputError

#: A path into the document: object keys and array indexes.
JsonPath = tuple[str | int, ...]

_decoder = json.JSONDecoder()
_scanstring: Any = getattr(json.decoder, "scanstring")  # noqa: B009 (not in the stubs)
_WS = " \t\n\r"


class Locator:
    """Errors located in the source text of one document."""

    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file
        self._positions: dict[JsonPath, int] | None = None

    def error(self, path: JsonPath, message: str, expected: str | None = None) -> InputError:
        """An error about the value at ``path``, with its line and column."""
        line, column = self.locate(path)
        return InputError(
            f"{_json_path(path)}: {message}",
            expected=expected,
            file=self.file,
            line=line,
            column=column,
        )

    def locate(self, path: JsonPath) -> tuple[int | None, int | None]:
        """1-based (line, column) of the value at ``path``, or of its nearest ancestor."""
        if self._positions is None:
            self._positions = {}
            with contextlib.suppress(ValueError, IndexError):
                _scan(self.text, 0, (), self._positions)
        probe = tuple(path)
        while probe not in self._positions and probe:
            probe = probe[:-1]
        offset = self._positions.get(probe)
        if offset is None:
            return None, None
        line = self.text.count("\n", 0, offset) + 1
        column = offset - (self.text.rfind("\n", 0, offset) + 1) + 1
        return line, column


def _json_path(path: Sequence[str | int]) -> str:
    """``$.rounds[0].byes["3"]`` style."""
    out = "$"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.isidentifier():
            out += f".{part}"
        else:
            out += f"[{json.dumps(part)}]"
    return out


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WS:
        pos += 1
    return pos


def _scan(text: str, pos: int, path: JsonPath, out: dict[JsonPath, int]) -> int:
    """Record the offset of every value under ``path``; return the end offset."""
    pos = _skip(text, pos)
    out[path] = pos
    char = text[pos]
    if char == "{":
        return _scan_object(text, pos, path, out)
    if char == "[":
        return _scan_array(text, pos, path, out)
    _value, end = _decoder.raw_decode(text, pos)
    return end


def _scan_object(text: str, pos: int, path: JsonPath, out: dict[JsonPath, int]) -> int:
    """:func:`_scan` for the object starting at ``pos``."""
    pos = _skip(text, pos + 1)
    if text[pos] == "}":
        return pos + 1
    while True:
        key, pos = _scanstring(text, pos + 1)
        pos = _skip(text, pos)
        pos = _scan(text, pos + 1, (*path, key), out)  # after ':'
        pos = _skip(text, pos)
        if text[pos] == "}":
            return pos + 1
        pos = _skip(text, pos + 1)  # after ','


def _scan_array(text: str, pos: int, path: JsonPath, out: dict[JsonPath, int]) -> int:
    """:func:`_scan` for the array starting at ``pos``."""
    pos = _skip(text, pos + 1)
    if text[pos] == "]":
        return pos + 1
    index = 0
    while True:
        pos = _scan(text, pos, (*path, index), out)
        pos = _skip(text, pos)
        if text[pos] == "]":
            return pos + 1
        pos += 1
        index += 1
