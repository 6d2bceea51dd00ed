"""Parameter types of the command line.

:class:`AsciiInt` is the type of every integer option and argument: click's ``int``
uses Python's ``int()``, which also accepts Arabic-Indic (``٣``), full-width (``３``)
and other Unicode digits, underscores (``1_000``) and surrounding blanks; no other
program reads those as numbers, so fairpair refuses them like any other bad input
(exit code 2, naming the option).

>>> NUMBER.convert("12", None, None)
12
>>> SEED.convert("-3", None, None)
-3
"""

from __future__ import annotations

import re
from typing import Any

import click

__all__ = ["MAX_DIGITS", "NUMBER", "PORT", "SEED", "AsciiInt"]

#: The most characters of an integer option: far beyond any meaningful value, far below
#: Python's 4300-digit conversion limit.
MAX_DIGITS = 18

_UNSIGNED = re.compile(r"[0-9]+\Z")
_SIGNED = re.compile(r"[+-]?[0-9]+\Z")


class AsciiInt(click.ParamType):
    """A whole number written in ASCII digits ``0-9`` (a sign only if ``signed``),
    within ``min``..``max`` (either may be None: unbounded)."""

    name = "integer"

    def __init__(
        self, min: int | None = None, max: int | None = None, *, signed: bool = False
    ) -> None:
        self.min = min
        self.max = max
        self.signed = signed

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value  # a default
        else:
            text = str(value)
            pattern = _SIGNED if self.signed else _UNSIGNED
            if not pattern.match(text):
                shown = text if len(text) <= 40 else text[:37] + "..."
                self.fail(f"found {shown!r}, expected {self._expected()}", param, ctx)
            if len(text.lstrip("+-")) > MAX_DIGITS:
                self.fail(
                    f"found a number of {len(text.lstrip('+-'))} digits, "
                    f"expected at most {MAX_DIGITS} digits",
                    param,
                    ctx,
                )
            number = int(text)
        if (self.min is not None and number < self.min) or (
            self.max is not None and number > self.max
        ):
            self.fail(f"found {number}, expected {self._expected()}", param, ctx)
        return number

    def _expected(self) -> str:
        what = "a whole number in ASCII digits 0-9" + (
            " (optionally signed)" if self.signed else ""
        )
        if self.min == 0 and self.max is None and not self.signed:
            return what  # the digits say it: no sign
        if self.min is not None and self.max is not None:
            return f"{what} from {self.min} to {self.max}"
        if self.min is not None:
            return f"{what}, at least {self.min}"
        if self.max is not None:
            return f"{what}, at most {self.max}"
        return what

    def __repr__(self) -> str:
        return f"AsciiInt({self.min}, {self.max}, signed={self.signed})"


#: A whole number of 0 or more (rounds, players, pairing numbers, bands, stones): the
#: commands refuse values out of their range with their own messages.
NUMBER = AsciiInt(0)
#: A random seed: any whole number, a sign allowed.
SEED = AsciiInt(signed=True)
#: A TCP port.
PORT = AsciiInt(1, 65535)
