"""The descriptor of the FIDE Dutch system before 2013 (C.1-C.14), ``dutch-legacy``.

>>> DUTCH_LEGACY.initial_colour, DUTCH_LEGACY.check_last_round
(<Colour.WHITE: 'w'>, True)
"""

from __future__ import annotations

from fairpair.model import Colour
from fairpair.systems.descriptor import SystemDescriptor

__all__ = ["DUTCH_LEGACY"]

DUTCH_LEGACY = SystemDescriptor(
    name="dutch-legacy",
    summary="FIDE Dutch system, pre-2013 rules (C.1-C.14)",
    engine="fairpair.systems.dutch_legacy:DutchLegacySystem",
    editions=("pre-2013",),
    initial_colour=Colour.WHITE,
    check_last_round=True,
)
