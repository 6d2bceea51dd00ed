"""The descriptors of the FIDE Dutch system (C.04.3): ``dutch`` follows the file
(record 192; else the 2017 rules), ``dutch-2017`` and ``dutch-2026`` name their rules.

>>> DUTCH.editions, DUTCH_2026.editions
(('2017', '2026'), ('2026',))
>>> DUTCH_2017.type_record(None)
'FIDE_DUTCH_2017'
"""

from __future__ import annotations

from fairpair.model import Colour
from fairpair.systems.descriptor import Option, SystemDescriptor
from fairpair.systems.dutch.edition import type_record_for_system

__all__ = ["DUTCH", "DUTCH_2017", "DUTCH_2026"]


def _rules(*editions: str) -> Option:
    return Option(
        "rules",
        "choice",
        "pair by these rules whatever the file's record 192 says",
        choices=editions,
        aliases={"2025": "2026", "dutch-2017": "2017", "dutch-2026": "2026"},
    )


def _dutch(name: str, summary: str, editions: tuple[str, ...]) -> SystemDescriptor:
    return SystemDescriptor(
        name=name,
        summary=summary,
        engine="fairpair.systems.dutch:"
        + {"dutch": "DutchSystem", "dutch-2017": "Dutch2017System"}.get(name, "Dutch2026System"),
        options=(_rules(*editions),),
        editions=editions,
        initial_colour=Colour.WHITE,
        check_last_round=True,
        type_record=lambda rules: type_record_for_system(name, rules),
    )


DUTCH = _dutch(
    "dutch",
    "FIDE Dutch system: the rules the tournament names (TRF record 192; new: 2026), else 2017",
    ("2017", "2026"),
)
DUTCH_2017 = _dutch(
    "dutch-2017", "FIDE Dutch system, 2017 rules (in force until 31 January 2026)", ("2017",)
)
DUTCH_2026 = _dutch(
    "dutch-2026", "FIDE Dutch system, 2026 rules (in force from 1 February 2026)", ("2026",)
)
