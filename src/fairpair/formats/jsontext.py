"""JSON text read with bounded time and memory, and JSON paths located in it.

:func:`parse` is how every fairpair reader of JSON (the tournament document, the FPJ
record of a TRF) turns text into values:

* arrays and objects nested deeper than the ``depth`` limit (:mod:`fairpair.limits`)
  are refused before parsing (no RecursionError);
* a number has at most :data:`~fairpair.limits.MAX_NUMBER_CHARS` characters and a
  decimal exponent between -:data:`~fairpair.limits.MAX_EXPONENT` and
  +:data:`~fairpair.limits.MAX_EXPONENT` (``1e999999999`` would take hours to turn into
  an exact fraction, a 5000-digit integer exceeds Python's conversion limit);
* ``NaN``, ``Infinity`` and ``-Infinity`` (which JSON does not have) are refused;
* an object with the same key twice is refused (one of its values would be lost).

Every refusal is an :class:`~fairpair.errors.InputError` naming the file, line and
column. :class:`Locator` gives the line and column of a value by its JSON path
(``("rounds", 0, "games", 2, "white")``), for the errors of later checks.

>>> parse('{"a": [1, 2.5]}', "x.json")
{'a': [1, Decimal('2.5')]}
>>> parse('{"a": 1e999999999}', "x.json")
Traceback (most recent call last):
...
fairpair.errors.InputError: x.json:1:7: number 1e999999999, expected a decimal exponent ...
"""

from __future__ import annotations

import contextlib
import json
import operator
import re
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation
from itertools import accumulate, repeat
from typing import Any

from fairpair import limits
from fairpair.errors import InputError

__all__ = ["JsonPath", "Locator", "json_path", "parse"]

#: A path into the document: object keys and array indexes.
JsonPath = tuple[str | int, ...]

#: A string (the closing quote optional, so that an unterminated string costs one pass).
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.S)
_STRING_OR_NUMBER = re.compile(
    r'"(?:[^"\\]|\\.)*+"?|-?(?:NaN|Infinity)|-?(?:0|[1-9][0-9]*+)(?:\.[0-9]++)?(?:[eE][-+]?[0-9]++)?',
    re.S,
)
_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*+"?|[\[\]{}]', re.S)
#: An integer :func:`_parse_int` refuses (more than MAX_NUMBER_CHARS characters, of
#: digits and at most a sign) has this run of digits; :func:`_short_integers` looks
#: for it in the text's bytes with every digit as ``0``.
_DIGITS_AS_ZERO = bytes.maketrans(b"0123456789", b"0000000000")
_LONG_RUN = b"0" * limits.MAX_NUMBER_CHARS
#: How many tokens an error's position is looked for in (bounds the time of a refusal).
_LOCATE_TOKENS = 1_000_000
#: Opening brackets as 2, closing ones as 0 (a step of +1 / -1 after subtracting 1).
_DEPTH_DELTA = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
_CHUNK = 1 << 16


class _Refused(Exception):
    """Raised by the parsing hooks: ``token`` is the literal, ``kind`` what is wrong."""

    def __init__(self, token: str, message: str, expected: str) -> None:
        super().__init__(token)
        self.token = token
        self.message = message
        self.expected = expected


_SURROGATE_ESCAPE = re.compile(r"\\u[dD]([89a-fA-F])[0-9a-fA-F]{2}")


def _lone_surrogate(text: str) -> int | None:
    """The offset of the first ``\\uD800`` - ``\\uDFFF`` escape of ``text`` that is not
    half of a surrogate pair (json reads it into a string no encoder can write), or
    None."""
    pending: int | None = None
    for found in _SURROGATE_ESCAPE.finditer(text):
        start = found.start()
        before = start
        while before > 0 and text[before - 1] == "\\":
            before -= 1
        if (start - before) % 2:  # "\\\\ud800": an escaped backslash, then text
            continue
        if found.group(1).lower() in "89ab":  # a high surrogate: a low one must follow
            if pending is not None:
                return pending
            pending = start
        elif pending is not None and start == pending + 6:
            pending = None
        else:
            return start
    return pending


class _DuplicateKey(Exception):
    """Raised by the object hook: an object has ``key`` twice."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def parse(
    text: str,
    file: str,
    *,
    exact: bool = True,
    line: int = 1,
    column: int = 1,
    unique_keys: bool = False,
) -> Any:
    """The JSON value of ``text`` (see the module documentation).

    Numbers with a fraction or an exponent are read as :class:`~decimal.Decimal` when
    ``exact`` (else as float). ``line`` and ``column`` are where ``text`` starts in
    ``file`` (the FPJ record: after ``FPJ``), for the positions of errors.
    ``unique_keys``: the caller knows that no object has a key twice (a text made by
    :func:`json.dumps` of a dict), which is then not checked.
    """
    where = _Where(text, file, line, column)
    maximum = limits.limit("depth")
    deep = _too_deep(text, maximum)
    if deep is not None:
        raise where.error(
            deep, limits.exceeded("depth", "found arrays and objects nested too deeply")
        )
    lone = _lone_surrogate(text) if "\\u" in text else None
    if lone is not None:  # valid JSON, but no valid Unicode: it could never be written
        raise where.error(
            lone,
            InputError(
                f"a lone surrogate {text[lone : lone + 6]} in a string",
                expected="valid Unicode text (surrogate escapes only in pairs)",
            ),
        )
    # No integer the hook could refuse: int (in C) gives the same, without a call per
    # integer. (Numbers with a fraction or an exponent, rare, keep their hook.)
    parse_int: Callable[[str], int] = int if _short_integers(text) else _parse_int
    try:
        return json.loads(
            text,
            parse_int=parse_int,
            parse_float=_parse_decimal if exact else _parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=None if unique_keys else _object,
        )
    except json.JSONDecodeError as exc:
        raise where.error(
            exc.pos, InputError(f"invalid JSON: {exc.msg}", expected="a JSON document")
        ) from None
    except _Refused as exc:
        offset = _find_token(text, exc.token)
        raise where.error(offset, InputError(exc.message, expected=exc.expected)) from None
    except _DuplicateKey as exc:
        offset = _find_duplicate(text)
        raise where.error(
            offset,
            InputError(
                f"key {json.dumps(exc.key, ensure_ascii=False)[:60]} appears twice in one object",
                expected="each key once (the second value would be lost)",
            ),
        ) from None
    except RecursionError:  # only with a depth limit raised beyond what Python can do
        raise where.error(
            None,
            InputError(
                "arrays and objects nested too deeply for this Python interpreter",
                expected="less nesting",
            ),
        ) from None


def _short_integers(text: str) -> bool:
    """Has no integer of ``text`` more than MAX_NUMBER_CHARS characters? (Digits in
    strings count too: a false "no" only costs the hook.) At C speed."""
    return _LONG_RUN not in text.encode("utf-8", "surrogatepass").translate(_DIGITS_AS_ZERO)


# -- the hooks ------------------------------------------------------------------------


def _check_length(token: str) -> None:
    if len(token) > limits.MAX_NUMBER_CHARS:
        raise _Refused(
            token,
            f"a number of {len(token)} characters",
            f"at most {limits.MAX_NUMBER_CHARS} characters",
        )


def _parse_int(token: str) -> int:
    if len(token) > limits.MAX_NUMBER_CHARS:  # _check_length, inline (a call per integer)
        _check_length(token)
    return int(token)


def _checked_decimal(token: str) -> Decimal:
    _check_length(token)
    try:
        value = Decimal(token)
    except InvalidOperation:  # pragma: no cover - json hands over valid literals only
        raise _Refused(token, f"number {token}", "a number") from None
    written = token.lower().partition("e")[2]
    if (written and abs(int(written)) > limits.MAX_EXPONENT) or (
        value and not -limits.MAX_EXPONENT <= value.adjusted() <= limits.MAX_EXPONENT
    ):
        raise _Refused(
            token,
            f"number {token}",
            f"a decimal exponent between -{limits.MAX_EXPONENT} and {limits.MAX_EXPONENT}",
        )
    return value


def _parse_decimal(token: str) -> Decimal:
    return _checked_decimal(token)


def _parse_float(token: str) -> float:
    return float(_checked_decimal(token))


def _parse_constant(token: str) -> Any:
    raise _Refused(token, f"found {token}", "a finite number (JSON has no NaN or Infinity)")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return result


# -- positions of what the hooks refused ------------------------------------------------


def _too_deep(text: str, maximum: int) -> int | None:
    """Offset of the first ``[`` or ``{`` nested deeper than ``maximum``; -1 if there is
    one but finding it would take too long; None if there is none.

    Brackets inside strings do not count. The check runs at C speed; only a document
    that is too deep is walked token by token (at most :data:`_LOCATE_TOKENS` of them)
    to find the position.
    """
    if text.count("[") + text.count("{") <= maximum:
        return None
    data = _brackets_outside_strings(text).translate(_DEPTH_DELTA)
    # Each pass removes the innermost pairs: a well-formed document nested at most
    # ``maximum`` deep is gone after that many passes (each one fast).
    rest = data
    for _ in range(maximum):
        shorter = rest.replace(b"\x02\x00", b"")
        if not shorter:
            return None
        if len(shorter) == len(rest):
            break
        rest = shorter
    depth = 0
    for start in range(0, len(data), _CHUNK):
        chunk = data[start : start + _CHUNK]
        if max(accumulate(map(operator.sub, chunk, repeat(1)), initial=depth)) > maximum:
            return _locate_depth(text, maximum)
        depth += sum(chunk) - len(chunk)
    return None


def _brackets_outside_strings(text: str) -> bytes:
    """The brackets of ``text`` that are not inside strings, in order (as bytes).

    Usually found at C speed. Escaped backslashes (``\\\\``) are dropped first (from
    the left, as JSON reads them); then, if no quote is escaped, every quote starts or
    ends a string, and of the quotes and brackets the strings leave ``""`` alone when
    none has a bracket in it (a document's strings are names, codes and dates). Else
    every string is removed with a regular expression, one match per string.
    """
    data = text.encode("utf-8", "surrogatepass")  # ASCII bytes only stand for ASCII
    backslash = b"\\" in data
    if backslash:
        data = data.replace(b"\\\\", b"")
    # no escaped quote: the other escapes do not matter here
    if not backslash or b'\\"' not in data:
        brackets = data.translate(None, _NOT_QUOTE_OR_BRACKET).replace(b'""', b"")
        if b'"' not in brackets:
            return brackets
    outside_strings = _STRING.sub("", text).encode("utf-8", "surrogatepass")
    return outside_strings.translate(None, _NOT_BRACKET)


_NOT_QUOTE_OR_BRACKET = bytes(b for b in range(256) if b not in b'"[]{}')


def _locate_depth(text: str, maximum: int) -> int:
    """The offset :func:`_too_deep` found too deep, or -1 after too many tokens."""
    depth = 0
    for count, match in enumerate(_STRING_OR_BRACKET.finditer(text)):
        if count > _LOCATE_TOKENS:
            break
        char = text[match.start()]
        if char in "[{":
            depth += 1
            if depth > maximum:
                return match.start()
        elif char in "]}":
            depth -= 1
    return -1


def _find_token(text: str, token: str) -> int | None:
    """Offset of the first number literal (outside strings) equal to ``token``."""
    for match in _STRING_OR_NUMBER.finditer(text):
        if text[match.start()] != '"' and match.group() == token:
            return match.start()
    return None


def _find_duplicate(text: str) -> int | None:
    """Offset of the first key that repeats a key of its object."""
    found: list[int] = []
    with contextlib.suppress(ValueError, IndexError, RecursionError, _Found):
        _scan(text, 0, (), {}, found)
    return found[0] if found else None


class _Where:
    """Offsets in ``text`` as file positions (``text`` starts at ``line``, ``column``)."""

    def __init__(self, text: str, file: str, line: int, column: int) -> None:
        self.text = text
        self.file = file
        self.line = line
        self.column = column

    def position(self, offset: int | None) -> tuple[int | None, int | None]:
        if offset is None or offset < 0:
            return None, None
        offset = min(max(offset, 0), len(self.text))
        lines = self.text.count("\n", 0, offset)
        start = self.text.rfind("\n", 0, offset) + 1
        column = offset - start + 1
        if lines == 0:
            column += self.column - 1
        return self.line + lines, column

    def error(self, offset: int | None, error: InputError) -> InputError:
        line, column = self.position(offset)
        return InputError(
            error.message, expected=error.expected, file=self.file, line=line, column=column
        )


# -- locating JSON paths ----------------------------------------------------------------

_decoder = json.JSONDecoder()
_scanstring: Callable[[str, int], tuple[str, int]] = getattr(  # noqa: B009 (not in the stubs)
    json.decoder, "scanstring"
)
_WS = " \t\n\r"


class _Found(Exception):
    """Stops a scan for a duplicate key."""


class Locator:
    """Errors located in the source text of one document.

    ``line`` and ``column`` say where the text starts in ``file`` (1, 1 for a whole
    file; the FPJ record of a TRF starts after ``FPJ`` on its line).
    """

    def __init__(self, text: str, file: str, *, line: int = 1, column: int = 1) -> None:
        self.text = text
        self.file = file
        self._where = _Where(text, file, line, column)
        self._positions: dict[JsonPath, int] | None = None

    def error(self, path: JsonPath, message: str, expected: str | None = None) -> InputError:
        """An error about the value at ``path``, with its line and column."""
        line, column = self.locate(path)
        return InputError(
            f"{json_path(path)}: {message}",
            expected=expected,
            file=self.file,
            line=line,
            column=column,
        )

    def locate(self, path: JsonPath) -> tuple[int | None, int | None]:
        """1-based (line, column) of the value at ``path``, or of its nearest ancestor."""
        if self._positions is None:
            self._positions = {}
            with contextlib.suppress(ValueError, IndexError, RecursionError, _Found):
                _scan(self.text, 0, (), self._positions, None)
        probe = tuple(path)
        while probe not in self._positions and probe:
            probe = probe[:-1]
        return self._where.position(self._positions.get(probe))


def json_path(path: Sequence[str | int]) -> str:
    """``$.rounds[0].byes["3"]`` style."""
    out = "$"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.isidentifier() and len(part) <= 40:
            out += f".{part}"
        else:
            shown = part if len(part) <= 40 else f"{part[:20]}...({len(part)} characters)"
            out += f"[{json.dumps(shown)}]"
    return out


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WS:
        pos += 1
    return pos


def _scan(
    text: str, pos: int, path: JsonPath, out: dict[JsonPath, int], dup: list[int] | None
) -> int:
    """Record the offset of every value under ``path``; return the end offset. With
    ``dup``, stop at the first repeated key of an object and record its offset there."""
    pos = _skip(text, pos)
    out[path] = pos
    char = text[pos]
    if char == "{":
        return _scan_object(text, pos, path, out, dup)
    if char == "[":
        return _scan_array(text, pos, path, out, dup)
    match = _STRING_OR_NUMBER.match(text, pos)
    if match is not None and char != '"':  # a number: no need to convert it
        return match.end()
    _value, end = _decoder.raw_decode(text, pos)
    return end


def _scan_object(
    text: str, pos: int, path: JsonPath, out: dict[JsonPath, int], dup: list[int] | None
) -> int:
    """:func:`_scan` for the object starting at ``pos``."""
    pos = _skip(text, pos + 1)
    if text[pos] == "}":
        return pos + 1
    keys: set[str] = set()
    while True:
        key_start = pos
        key, pos = _scanstring(text, pos + 1)
        if dup is not None:
            if key in keys:
                dup.append(key_start)
                raise _Found
            keys.add(key)
        pos = _skip(text, pos)
        pos = _scan(text, pos + 1, (*path, key), out, dup)  # after ':'
        pos = _skip(text, pos)
        if text[pos] == "}":
            return pos + 1
        pos = _skip(text, pos + 1)  # after ','


def _scan_array(
    text: str, pos: int, path: JsonPath, out: dict[JsonPath, int], dup: list[int] | None
) -> int:
    """:func:`_scan` for the array starting at ``pos``."""
    pos = _skip(text, pos + 1)
    if text[pos] == "]":
        return pos + 1
    index = 0
    while True:
        pos = _scan(text, pos, (*path, index), out, dup)
        pos = _skip(text, pos)
        if text[pos] == "]":
            return pos + 1
        pos += 1
        index += 1
