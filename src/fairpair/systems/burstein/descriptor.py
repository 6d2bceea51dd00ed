"""The descriptor of the FIDE Burstein system (C.04.4.2).

>>> BURSTEIN.editions
('2024',)
"""

from __future__ import annotations

from fairpair.model import Colour
from fairpair.systems.descriptor import Option, SystemDescriptor

__all__ = ["BURSTEIN"]

BURSTEIN = SystemDescriptor(
    name="burstein",
    summary="FIDE Burstein system (C.04.4.2, text in force until 30 June 2025)",
    engine="fairpair.systems.burstein:BursteinSystem",
    options=(
        Option(
            "rules",
            "choice",
            "the edition of the Burstein text (2024: in force until 30 June 2025)",
            choices=("2024",),
        ),
    ),
    editions=("2024",),
    initial_colour=Colour.WHITE,
)
