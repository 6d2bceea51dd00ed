"""TRF text to lines and back: decoding, line ends, byte-order mark, final newline.

:func:`_split_lines` records how the text spelled its line ends (the hints); :func:`_join`
spells them the same way again.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from fairpair.formats.trf.records import _fail

_LINE_END_CODES = {"\n": "n", "\r\n": "c", "\r": "r"}
_LINE_ENDS = {code: end for end, code in _LINE_END_CODES.items()}


def _position(data: bytes | str, offset: int) -> tuple[int, int]:
    """1-based (line, column) of ``offset``."""
    newline: Any = b"\n" if isinstance(data, bytes) else "\n"
    line = data.count(newline, 0, offset) + 1
    start = data.rfind(newline, 0, offset) + 1
    return line, offset - start + 1


def _decode(data: str | bytes, file: str) -> str:
    if isinstance(data, bytes):
        return _decode_bytes(data, file)
    nul = data.find("\0")
    if nul >= 0:
        line, col = _position(data, nul)
        raise _fail("binary data (a NUL character)", "a TRF text file", file, line, col)
    return data


def _decode_bytes(data: bytes, file: str) -> str:
    nul = data.find(b"\0")
    if nul >= 0:
        line, col = _position(data, nul)
        raise _fail("binary data (a NUL byte)", "a TRF text file", file, line, col)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _position(data, exc.start)
        raise _fail(
            f"byte 0x{data[exc.start]:02X} is not valid UTF-8",
            "a UTF-8 encoded TRF text file (convert Latin-1/Windows-1252 files to UTF-8)",
            file,
            line,
            col,
        ) from None


def _split_lines(text: str) -> tuple[list[str], dict[str, Any]]:
    """Split into lines; return the lines and the hints needed to join them back."""
    hints: dict[str, Any] = {}
    if text.startswith("\ufeff"):
        hints["bom"] = True
        text = text[1:]
    if "\r" in text:
        ends = re.findall(r"\r\n|\r|\n", text)
        newline = max(_LINE_END_CODES, key=ends.count) if ends else "\n"
        if newline != "\n":
            hints["newline"] = newline
        if len(set(ends)) > 1:  # mixed line ends: remember each one
            hints["line_ends"] = "".join(_LINE_END_CODES[end] for end in ends)
        lines = re.split(r"\r\n|\r|\n", text)
    else:  # every line ends in LF (the same as above, faster)
        lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    elif text:
        hints["final_newline"] = False
    return lines, hints


def _join(lines: Sequence[str], hints: Mapping[str, Any]) -> str:
    """``lines`` as text, with the line ends, final newline and BOM ``hints`` ask for."""
    final = bool(lines) and bool(hints.get("final_newline", True))
    ends = _recorded_ends(len(lines) - (0 if final else 1), hints)
    if ends is not None:
        ends += [] if final else [""]
        return ("\ufeff" if hints.get("bom") else "") + "".join(
            line + end for line, end in zip(lines, ends, strict=True)
        )
    given = hints.get("newline")
    newline = given if isinstance(given, str) and given in _LINE_END_CODES else "\n"
    text = newline.join(lines)
    if final:
        text += newline
    if hints.get("bom"):
        text = "\ufeff" + text
    return text


def _recorded_ends(count: int, hints: Mapping[str, Any]) -> list[str] | None:
    """The ``count`` line ends recorded for a file with mixed line ends, if they fit."""
    codes = hints.get("line_ends")
    if isinstance(codes, str) and len(codes) == count and set(codes) <= set(_LINE_ENDS):
        return [_LINE_ENDS[c] for c in codes]
    return None
