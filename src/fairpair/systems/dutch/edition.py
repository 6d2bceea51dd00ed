"""Which Dutch rules a tournament asks for, and Baku acceleration.

A TRF-2026 file names its system in record 192 (ETT26, "encoded type of tournament"):

==========================================  ===========================================
``FIDE_DUTCH_2017``                          the 2017 rules
``FIDE_DUTCH_2026``, ``FIDE_DUTCH_2025``     the 2026 rules (``2025`` is the name an
                                             earlier draft used, and the one bbpPairings
                                             v6 writes)
``FIDE_DUTCH``                               the edition in force on the start date
                                             (record 042): 2026 rules from 1 February
                                             2026, 2017 rules before; without a
                                             readable start date the rules in force now
                                             (2026), as the reference engine reads it
``..._BAKU`` (any of the above)              the same rules with Baku acceleration
                                             (C.04.7), unless acceleration records
                                             (XXA / 250) are present: they win
==========================================  ===========================================

Other ``FIDE_DUTCH_*`` codes are refused (:class:`SystemNotAvailable`). A file without
record 192 names no rules: ``dutch`` then uses the rules stored by ``fairpair new``
(system option ``rules``), else the 2017 rules (the contract of ``--dutch`` scripts).

>>> from fairpair.model import Tournament
>>> t = Tournament(headers=(("192", "FIDE_DUTCH_BAKU"), ("042", "2025/09/14")))
>>> named = rules_named_by(t)
>>> (named.rules.edition, named.baku)
('2017', True)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from fairpair.errors import SystemNotAvailable
from fairpair.model import Tournament
from fairpair.systems.dutch.rules import RULES_2017, RULES_2026, DutchRules

__all__ = [
    "RULES_2026_START",
    "NamedRules",
    "baku_acceleration",
    "rules_in_force",
    "rules_named_by",
    "start_date",
    "type_record",
    "type_record_for",
    "type_record_for_system",
]

#: The day the 2026 rules took effect (C.04.3, approved 28/10/2025).
RULES_2026_START = date(2026, 2, 1)


@dataclass(frozen=True)
class NamedRules:
    """What a file's record 192 asks for."""

    code: str
    rules: DutchRules
    baku: bool


def _header(t: Tournament, code: str) -> str | None:
    found = None
    for record, text in t.headers:
        if record == code and text.strip():
            found = text.strip()
    return found


def type_record(t: Tournament) -> str | None:
    """Record 192 (the last one if repeated), or None."""
    return _header(t, "192")


_DATE_PATTERNS = (
    (re.compile(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})"), ("y", "m", "d")),
    (re.compile(r"^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})"), ("d", "m", "y")),
    (re.compile(r"^(\d{2})[-/.](\d{1,2})[-/.](\d{1,2})$"), ("y", "m", "d")),
)


def start_date(t: Tournament) -> date | None:
    """The start date of record 042 (``2026/02/14``, ``2026-02-14``, ``14.02.2026``,
    ``26/02/14``), or None if absent or unreadable."""
    text = _header(t, "042")
    if text is None:
        return None
    for pattern, order in _DATE_PATTERNS:
        match = pattern.match(text)
        if match is None:
            continue
        parts = dict(zip(order, (int(g) for g in match.groups()), strict=True))
        year = parts["y"] + (2000 if parts["y"] < 100 else 0)
        try:
            return date(year, parts["m"], parts["d"])
        except ValueError:
            return None
    return None


def rules_named_by(t: Tournament) -> NamedRules | None:
    """The Dutch rules record 192 asks for (None: no record 192, or another system)."""
    code = type_record(t)
    if code is None:
        return None
    upper = code.upper()
    baku = upper.endswith("_BAKU")
    base = upper.removesuffix("_BAKU")
    if base == "FIDE_DUTCH_2017":
        return NamedRules(code, RULES_2017, baku)
    if base in ("FIDE_DUTCH_2026", "FIDE_DUTCH_2025"):
        return NamedRules(code, RULES_2026, baku)
    if base == "FIDE_DUTCH":
        start = start_date(t)
        rules = RULES_2017 if start is not None and start < RULES_2026_START else RULES_2026
        return NamedRules(code, rules, baku)
    if base.startswith("FIDE_DUTCH"):
        raise SystemNotAvailable(
            f"the file asks for {code} (record 192), a Dutch edition fairpair does not know",
            expected="FIDE_DUTCH, FIDE_DUTCH_2017, FIDE_DUTCH_2025 or FIDE_DUTCH_2026 "
            "(optionally with _BAKU)",
        )
    return None


def type_record_for(rules: DutchRules, baku: bool = False) -> str:
    """The record 192 code that names ``rules`` exactly."""
    return f"FIDE_DUTCH_{rules.edition}" + ("_BAKU" if baku else "")


def rules_in_force(on: date | None = None) -> DutchRules:
    """The edition in force on ``on`` (default: today)."""
    day = date.today() if on is None else on
    return RULES_2026 if day >= RULES_2026_START else RULES_2017


def type_record_for_system(
    system: str, rules: str | None = None, on: date | None = None
) -> str | None:
    """Record 192 for a new tournament of ``system``: ``dutch-2017`` and ``dutch-2026``
    name their rules; ``dutch`` the rules of the ``rules`` option if given, else those
    in force on ``on`` (default: today); None for other systems.

    >>> type_record_for_system("dutch", on=date(2026, 3, 1))
    'FIDE_DUTCH_2026'
    >>> type_record_for_system("dutch-2017"), type_record_for_system("tcec")
    ('FIDE_DUTCH_2017', None)
    """
    from fairpair.systems.dutch.rules import rules_by_name

    if system in ("dutch-2017", "dutch-2026"):
        return type_record_for(rules_by_name(system))
    if system == "dutch":
        return type_record_for(rules_in_force(on) if rules is None else rules_by_name(rules))
    return None


def baku_acceleration(t: Tournament) -> dict[int, tuple[Fraction, ...]]:
    """C.04.7 Baku acceleration as virtual points per player and round.

    Group A is the first half of the players (rounded up to an even number: 2 * Q with
    Q = players / 4 rounded up), by pairing number. The accelerated rounds are the
    first half of the rounds (rounded up); in the first half of those (rounded up)
    group A players get the points of a win as virtual points, in the others half of
    that; group B and later rounds get none. Needs the number of rounds.
    """
    total = t.total_rounds
    if total is None or not t.players:
        return {}
    accelerated = math.ceil(total / 2)
    full = math.ceil(accelerated / 2)
    win = t.points.win
    values = tuple(
        win if r <= full else (win / 2 if r <= accelerated else Fraction(0))
        for r in range(1, total + 1)
    )
    group_a = 2 * math.ceil(len(t.players) / 4)
    ordered = sorted(t.players, key=lambda p: p.number)
    return {p.number: values for p in ordered[:group_a]}
