"""Which Burstein text a tournament asks for, and its acceleration.

TRF-2026 record 192 (ETT26, "encoded type of tournament"):

=========================  ==============================================================
``FIDE_BURSTEIN``          the text in force until 30 June 2025 (bbpPairings v6 pairs this
                           code with the same code as v4.1-v5.0.1)
``FIDE_BURSTEIN_2025``     the text effective from 1 July 2025 (fairpair's own code: the
                           TRF-2026 code table has no year for Burstein; named like the
                           ``FIDE_DUTCH_2025`` of the same TEC draft)
``..._BAKU``               the same with Baku acceleration (C.04.7) (instead of the
                           default acceleration of the earlier text), unless the file has
                           XXA / 250 records
other ``FIDE_BURSTEIN_*``  refused (:class:`SystemNotAvailable`)
=========================  ==============================================================

A file without record 192 gets the text in force until 30 June 2025 (what platforms
run) and, without acceleration records, the default acceleration of that text.

>>> from fairpair.model import Tournament
>>> burstein_record(Tournament(headers=(("192", "FIDE_BURSTEIN_BAKU"),)))
('2024', True)
>>> burstein_record(Tournament(headers=(("192", "FIDE_BURSTEIN_2025"),)))
('2025', False)
>>> burstein_record(Tournament(headers=(("192", "FIDE_DUTCH_2017"),))) is None
True
"""

from __future__ import annotations

from fairpair.errors import SystemNotAvailable
from fairpair.model import Tournament
from fairpair.systems.dutch.edition import type_record

__all__ = ["EDITIONS", "TYPE_RECORD", "TYPE_RECORDS", "burstein_record", "type_record_of"]

#: The editions fairpair implements (2024: the text in force until 30 June 2025; 2025:
#: the text effective from 1 July 2025).
EDITIONS = ("2024", "2025")
#: Record 192 of a Burstein tournament (the earlier text).
TYPE_RECORD = "FIDE_BURSTEIN"
#: Record 192 of each edition.
TYPE_RECORDS = {"2024": TYPE_RECORD, "2025": "FIDE_BURSTEIN_2025"}


def type_record_of(rules: str | None) -> str:
    """Record 192 that ``fairpair new`` writes for the edition ``rules``.

    >>> type_record_of(None), type_record_of("2025")
    ('FIDE_BURSTEIN', 'FIDE_BURSTEIN_2025')
    """
    return TYPE_RECORDS.get(rules or EDITIONS[0], TYPE_RECORD)


def burstein_record(t: Tournament) -> tuple[str, bool] | None:
    """``(edition, baku)`` that record 192 asks for, or None (no record 192, or one
    naming another system)."""
    code = type_record(t)
    if code is None:
        return None
    upper = code.strip().upper()
    baku = upper.endswith("_BAKU")
    base = upper.removesuffix("_BAKU")
    for edition, record in TYPE_RECORDS.items():
        if base == record:
            return edition, baku
    if base.startswith(TYPE_RECORD):
        raise SystemNotAvailable(
            f"the file asks for {code} (record 192), a Burstein edition fairpair does not know",
            expected="FIDE_BURSTEIN (the text in force until 30 June 2025) or "
            "FIDE_BURSTEIN_2025 (effective from 1 July 2025), optionally with _BAKU",
        )
    return None
