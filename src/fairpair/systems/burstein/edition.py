"""Which Burstein text a tournament asks for, and its acceleration.

TRF-2026 record 192 (ETT26, "encoded type of tournament"):

=========================  ==============================================================
``FIDE_BURSTEIN``          the text in force until 30 June 2025 (the only one fairpair
                           implements; bbpPairings v6 pairs this code with the same code
                           as v4.1-v5.0.1)
``FIDE_BURSTEIN_BAKU``     the same with Baku acceleration (C.04.7) instead of the
                           default acceleration, unless the file has XXA / 250 records
other ``FIDE_BURSTEIN_*``  refused (:class:`SystemNotAvailable`)
=========================  ==============================================================

A file without record 192 gets the text in force until 30 June 2025 (what platforms
run) and, without acceleration records, the default acceleration of that text.

>>> from fairpair.model import Tournament
>>> burstein_record(Tournament(headers=(("192", "FIDE_BURSTEIN_BAKU"),)))
('2024', True)
>>> burstein_record(Tournament(headers=(("192", "FIDE_DUTCH_2017"),))) is None
True
"""

from __future__ import annotations

from fairpair.errors import SystemNotAvailable
from fairpair.model import Tournament
from fairpair.systems.dutch.edition import type_record

__all__ = ["EDITIONS", "TYPE_RECORD", "burstein_record"]

#: The editions fairpair implements (2024: the text in force until 30 June 2025).
EDITIONS = ("2024",)
#: Record 192 of a Burstein tournament.
TYPE_RECORD = "FIDE_BURSTEIN"


def burstein_record(t: Tournament) -> tuple[str, bool] | None:
    """``(edition, baku)`` that record 192 asks for, or None (no record 192, or one
    naming another system)."""
    code = type_record(t)
    if code is None:
        return None
    upper = code.strip().upper()
    baku = upper.endswith("_BAKU")
    base = upper.removesuffix("_BAKU")
    if base == TYPE_RECORD:
        return EDITIONS[0], baku
    if base.startswith(TYPE_RECORD):
        raise SystemNotAvailable(
            f"the file asks for {code} (record 192), a Burstein edition fairpair does not know",
            expected="FIDE_BURSTEIN (optionally with _BAKU): the text in force until 30 June 2025",
        )
    return None
