"""The descriptor of AGA Swiss McMahon (Go), ``mcmahon``.

>>> MCMAHON.initial_order, MCMAHON.default_bye_points, MCMAHON.force_pairs
('go', Fraction(0, 1), True)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fairpair.systems.descriptor import Option, SystemDescriptor

__all__ = ["MCMAHON"]


def _check_settings(t: Any) -> None:
    """``settings["mcmahon"]`` (bands, bar, handicap rules ...) must be readable."""
    from fairpair.systems.mcmahon.bands import McMahonSettings

    if "mcmahon" in t.settings:
        McMahonSettings.from_tournament(t)


MCMAHON = SystemDescriptor(
    name="mcmahon",
    summary="AGA Swiss McMahon (Go)",
    engine="fairpair.systems.mcmahon:McMahonSystem",
    options=(Option("seed", "int", "random seed of the final random-draw tiebreak"),),
    initial_order="go",
    default_bye_points=Fraction(0),
    draw_rate=0.01,
    strength="rank",
    force_pairs=True,
    forbid_per_round=True,
    own_ranking=True,
    check_settings=_check_settings,
)
