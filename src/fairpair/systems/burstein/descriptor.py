"""The descriptor of the FIDE Burstein system (C.04.4.2).

>>> BURSTEIN.editions
('2024', '2025')
"""

from __future__ import annotations

from fairpair.model import Colour
from fairpair.systems.burstein.edition import EDITIONS, type_record_of
from fairpair.systems.descriptor import Option, SystemDescriptor

__all__ = ["BURSTEIN"]

BURSTEIN = SystemDescriptor(
    name="burstein",
    summary="FIDE Burstein system (C.04.4.2): the text in force until 30 June 2025, or "
    "rules=2025 for the one effective from 1 July 2025",
    engine="fairpair.systems.burstein:BursteinSystem",
    options=(
        Option(
            "rules",
            "choice",
            "the edition of the Burstein text, whatever the file's record 192 says (2024: in force "
            "until 30 June 2025, the default; 2025: effective from 1 July 2025)",
            choices=EDITIONS,
        ),
    ),
    editions=EDITIONS,
    initial_colour=Colour.WHITE,
    type_record=type_record_of,
)
