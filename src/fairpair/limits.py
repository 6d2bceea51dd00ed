"""Limits on what fairpair reads: sizes that keep time and memory bounded.

Every input (TRF, JSON, the FPJ record, CSV, pairing files) is checked against these
limits *before* the work that depends on the size is done, and a file over a limit is
refused like any other bad input (:class:`~fairpair.errors.InputError`, exit code 2),
naming the limit and the environment variable that raises it. ``docs/limits.md``
explains each limit: its default, why it exists, and how to raise it.

=================== ============================= ============ =========================
limit               environment variable          default      what it counts
=================== ============================= ============ =========================
``file_bytes``      ``FAIRPAIR_MAX_FILE_BYTES``   16 MiB       bytes of one input file
``players``         ``FAIRPAIR_MAX_PLAYERS``      200000       players of a tournament
``rounds``          ``FAIRPAIR_MAX_ROUNDS``       999          rounds (TRF round columns)
``text``            ``FAIRPAIR_MAX_TEXT``         1000         characters of a text field
``depth``           ``FAIRPAIR_MAX_DEPTH``        64           nesting of JSON arrays/objects
``forbidden_pairs`` ``FAIRPAIR_MAX_FORBIDDEN_PAIRS`` 100000    forbidden pairs (XXP, 260)
``acceleration``    ``FAIRPAIR_MAX_ACCELERATION`` 1000000      values set by XXA / 250 records
``writes``          ``FAIRPAIR_MAX_WRITES``       300          writes a minute per client (web)
``creations``       ``FAIRPAIR_MAX_CREATIONS``    60           new tournaments an hour per client
``header_timeout``  ``FAIRPAIR_HEADER_TIMEOUT``   10           seconds to send a request's head
=================== ============================= ============ =========================

Numbers are checked too, but with fixed bounds (no tournament needs more): a number is
written with at most :data:`MAX_NUMBER_CHARS` characters, and its decimal exponent (as
written and in value) is between ``-MAX_EXPONENT`` and ``MAX_EXPONENT``. Every number
that is not a JSON literal (points and scores written as text, McMahon settings, bye
points of a web request, numeric options) is read by :func:`parse_number`, the one
bounded parser: ``"1e3000000"`` is refused naming its field instead of becoming an
integer of three million digits that every later read computes with.

The environment is read on every check, so a test or an embedding program can change a
limit at any time:

>>> import os
>>> os.environ["FAIRPAIR_MAX_PLAYERS"] = "20000"
>>> limit("players")
20000
>>> del os.environ["FAIRPAIR_MAX_PLAYERS"]
>>> limit("players")
200000

A TRF file holds at most :data:`TRF_MAX_PLAYERS` players whatever the limit: its
pairing numbers have four columns. A larger tournament is kept as a JSON document.

What fairpair writes (a file, a tournament stored by the web app) is checked against the
same limits before it is written, so it can always be read back: a write over a limit
is refused with :class:`LimitExceeded` (an :class:`~fairpair.errors.InputError` that
names the limit), never stored to fail on the next read.
"""

from __future__ import annotations

import math
import os
import re
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from fairpair.errors import FileAccessError, InputError, LimitExceededError

__all__ = [
    "LIMITS",
    "MAX_EXPONENT",
    "MAX_NUMBER_CHARS",
    "TRF_MAX_PLAYERS",
    "Limit",
    "LimitExceeded",
    "check",
    "exceeded",
    "limit",
    "max_pairing_number",
    "parse_number",
    "read_file",
]

#: The longest number fairpair reads (characters, sign and decimals included): enough
#: for any rating, pairing number or score, far below Python's 4300-digit limit.
MAX_NUMBER_CHARS = 40
#: Most players of a TRF file: its pairing numbers have four columns (the format's own
#: bound, not a limit that a variable raises).
TRF_MAX_PLAYERS = 9999
#: Largest decimal exponent of a JSON number (``1e300``); beyond, floats overflow and
#: exact arithmetic on points would need numbers of unbounded size.
MAX_EXPONENT = 300


#: The largest magnitude a number may have (``10**MAX_EXPONENT``, exclusive of one more
#: decimal digit): the bound of :func:`parse_number` on values that are not text.
_LARGEST = 10 ** (MAX_EXPONENT + 1)

_DECIMAL_TEXT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE]([+-]?[0-9]+))?\Z")
_RATIO_TEXT = re.compile(r"[+-]?[0-9]+/[0-9]+\Z")


@dataclass(frozen=True)
class Limit:
    """One limit: its name, environment variable, default and unit."""

    name: str
    env: str
    default: int
    unit: str


LIMITS: Mapping[str, Limit] = {
    item.name: item
    for item in (
        Limit("file_bytes", "FAIRPAIR_MAX_FILE_BYTES", 16 * 1024 * 1024, "bytes"),
        Limit("players", "FAIRPAIR_MAX_PLAYERS", 200_000, "players"),
        Limit("rounds", "FAIRPAIR_MAX_ROUNDS", 999, "rounds"),
        Limit("text", "FAIRPAIR_MAX_TEXT", 1000, "characters"),
        Limit("depth", "FAIRPAIR_MAX_DEPTH", 64, "levels of nesting"),
        Limit("forbidden_pairs", "FAIRPAIR_MAX_FORBIDDEN_PAIRS", 100_000, "forbidden pairs"),
        Limit("acceleration", "FAIRPAIR_MAX_ACCELERATION", 1_000_000, "acceleration values"),
        Limit("writes", "FAIRPAIR_MAX_WRITES", 300, "writes a minute from one client"),
        Limit("creations", "FAIRPAIR_MAX_CREATIONS", 60, "new tournaments an hour from one client"),
        Limit("header_timeout", "FAIRPAIR_HEADER_TIMEOUT", 10, "seconds for a request's head"),
    )
}


class LimitExceeded(LimitExceededError):
    """An input, or something to be written, over limit ``limit`` (its name in
    :data:`LIMITS`). The command line treats it as any bad input (exit code 2); the web
    app answers 422 for a request over a limit and 409 for a change that would take a
    stored tournament over one."""

    def __init__(
        self,
        name: str,
        message: str,
        *,
        expected: str,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message, expected=expected, file=file, line=line, column=column)
        self.limit = name

    def with_file(self, file: str) -> InputError:
        moved = super().with_file(file)
        return LimitExceeded(
            self.limit,
            moved.message,
            expected=moved.expected or "",
            file=moved.file,
            line=moved.line,
            column=moved.column,
        )


def limit(name: str) -> int:
    """The current value of limit ``name``: its environment variable, or the default.

    A variable that is set but not a positive whole number (ASCII digits) is refused.
    """
    item = LIMITS[name]
    raw = os.environ.get(item.env)
    if raw is None or raw.strip() == "":
        return item.default
    text = raw.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 18 or int(text) < 1:
        raise InputError(
            f"environment variable {item.env}={raw!r}",
            expected=f"a positive whole number of {item.unit} (see docs/limits.md)",
        )
    return int(text)


def max_pairing_number() -> int:
    """Largest pairing number accepted: 9999 (four TRF columns), or the player limit if
    that is higher."""
    return max(TRF_MAX_PLAYERS, limit("players"))


def exceeded(
    name: str,
    found: str,
    *,
    file: str | None = None,
    line: int | None = None,
    column: int | None = None,
) -> LimitExceeded:
    """The error for a value over limit ``name``; ``found`` says what was found."""
    item = LIMITS[name]
    return LimitExceeded(
        name,
        found,
        expected=(
            f"at most {limit(name)} {item.unit} (a limit: set {item.env} to raise it, "
            "see docs/limits.md)"
        ),
        file=file,
        line=line,
        column=column,
    )


def check(
    name: str,
    count: int,
    what: str,
    *,
    file: str | None = None,
    line: int | None = None,
    column: int | None = None,
) -> None:
    """Refuse ``count`` if it is over limit ``name``; ``what`` names the counted thing
    (``"players"``) for the message ``found 12000 players``."""
    if count > limit(name):
        raise exceeded(name, f"found {count} {what}", file=file, line=line, column=column)


def read_file(path: str | os.PathLike[str]) -> bytes:
    """The content of ``path``, refused (before it is read) if it is larger than the
    ``file_bytes`` limit. Pipes and devices are read up to the limit."""
    name = os.fspath(path)
    maximum = limit("file_bytes")
    try:
        with open(name, "rb") as handle:
            info = os.fstat(handle.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise FileAccessError("is a directory", expected="a file", file=name)
            if stat.S_ISREG(info.st_mode) and info.st_size > maximum:
                raise exceeded("file_bytes", f"found a file of {info.st_size} bytes", file=name)
            data = handle.read(maximum + 1)
    except IsADirectoryError:
        raise FileAccessError("is a directory", expected="a file", file=name) from None
    except OSError as exc:
        raise FileAccessError(f"cannot read file: {exc.strerror or exc}", file=name) from None
    if len(data) > maximum:
        raise exceeded("file_bytes", f"found more than {maximum} bytes", file=name)
    return data


def _number_error(field: str, found: str, expected: str) -> InputError:
    shown = found if len(found) <= 50 else found[:47] + "..."
    return InputError(f"{field}: found {shown}", expected=expected, field=field)


def parse_number(
    value: object,
    field: str,
    *,
    expected: str = "a number such as 1, 0.5 or 1/2",
) -> Fraction:
    """``value`` (an int, a float, a Decimal, a Fraction, or a text such as ``"0.75"``,
    ``"-2"``, ``"1e2"`` or ``"1/3"``) as an exact fraction, of bounded size; anything
    else is refused (:class:`~fairpair.errors.InputError` naming ``field``).

    Text has at most :data:`MAX_NUMBER_CHARS` characters, ASCII digits only (no ``_``,
    no other script's digits), a decimal exponent between ``-MAX_EXPONENT`` and
    ``MAX_EXPONENT``; every value's magnitude, and a non-zero value's reciprocal, is
    below ``10**(MAX_EXPONENT + 1)``. So no number that is read can make later arithmetic
    slow (``Fraction("1e3000000")`` is an integer of three million digits).

    >>> parse_number("0.75", "d"), parse_number(" 1/2 ", "points"), parse_number(3, "x")
    (Fraction(3, 4), Fraction(1, 2), Fraction(3, 1))
    >>> parse_number("1e3000000", "d").message
    Traceback (most recent call last):
    ...
    fairpair.errors.InputError: d: found 1e3000000, expected a decimal exponent between -300 and 300
    """
    bounds = f"a decimal exponent between -{MAX_EXPONENT} and {MAX_EXPONENT}"
    if isinstance(value, bool) or value is None:
        raise _number_error(field, repr(value), expected)
    if isinstance(value, Fraction):
        result = value
    elif isinstance(value, int):
        if abs(value) >= _LARGEST:
            raise _number_error(field, f"an integer of {value.bit_length()} bits", bounds)
        return Fraction(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise _number_error(field, repr(value), "a finite number")
        result = Fraction(Decimal(repr(value)))
    elif isinstance(value, Decimal):
        if not value.is_finite():
            raise _number_error(field, str(value), "a finite number")
        if value and not -MAX_EXPONENT <= value.adjusted() <= MAX_EXPONENT:
            raise _number_error(field, str(value), bounds)
        if len(value.as_tuple().digits) > MAX_NUMBER_CHARS:
            raise _number_error(
                field, f"a number of {len(value.as_tuple().digits)} digits", expected
            )
        result = Fraction(value)
    elif isinstance(value, str):
        text = value.strip()
        if len(text) > MAX_NUMBER_CHARS:
            raise _number_error(
                field,
                f"a number of {len(text)} characters",
                f"at most {MAX_NUMBER_CHARS} characters",
            )
        if not text.isascii():
            raise _number_error(field, repr(value), expected + " (ASCII digits 0-9)")
        decimal = _DECIMAL_TEXT.match(text)
        if decimal is not None:
            exponent = decimal.group(1)
            if exponent is not None and abs(int(exponent)) > MAX_EXPONENT:
                raise _number_error(field, text, bounds)
            result = Fraction(Decimal(text))
        elif _RATIO_TEXT.match(text):
            top, _, bottom = text.partition("/")
            if int(bottom) == 0:
                raise _number_error(field, text, expected + " (no division by zero)")
            result = Fraction(int(top), int(bottom))
        else:
            raise _number_error(field, repr(value), expected)
    else:
        raise _number_error(field, f"a {type(value).__name__}", expected)
    if abs(result.numerator) >= _LARGEST * result.denominator or (
        result and abs(result.denominator) >= _LARGEST * abs(result.numerator)
    ):
        raise _number_error(field, str(value)[:50], bounds)
    return result
