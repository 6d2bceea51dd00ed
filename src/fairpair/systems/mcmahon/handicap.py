"""Handicaps and komi (AGA "Handicaps").

The handicap of a game is the rank difference of its players (rank indexes, see
:mod:`fairpair.systems.mcmahon.ranks`) or, with ``handicap_basis = "band"``, the difference of
their initial McMahon scores in whole points, reduced by the mode: ``full`` (the difference),
``minus1`` / ``minus2`` (one or two stones less, never below 0) or ``none`` (every game
even); it is capped at ``max_handicap`` (9). With ``top_band_even`` every game involving
a top-band player is even. The TD may override any game after pairing
(``handicap_overrides``).

A handicap of ``h >= 1`` means the weaker player takes black (model ``Colour.BLACK``):
``h = 1`` is "black moves first without komi", ``h >= 2`` places ``h`` stones. Komi is
``komi_handicap`` (0.5 by default, so there is no jigo) in handicap games and
``komi_even`` (7.5: the AGA's 7 points with white winning ties) in even games.

>>> handicap_stones(2, -3, "full"), handicap_stones(2, -3, "minus2")
(5, 3)
>>> handicap_stones(0, -1, "minus1")
0
>>> handicap_stones(8, -20, "full"), handicap_stones(8, -20, "none")
(9, 0)
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["REDUCTION", "handicap_stones", "komi_for"]

#: Stones taken off the rank difference for each handicap mode (None = no handicap).
REDUCTION: dict[str, int | None] = {"full": 0, "minus1": 1, "minus2": 2, "none": None}


def handicap_stones(rank_a: int, rank_b: int, mode: str, max_handicap: int = 9) -> int:
    """The number of handicap stones between players of rank indexes ``rank_a``/``rank_b``."""
    reduction = REDUCTION[mode]
    if reduction is None:
        return 0
    return max(0, min(abs(rank_a - rank_b) - reduction, max_handicap))


def komi_for(stones: int, komi_even: Fraction, komi_handicap: Fraction) -> Fraction:
    """Komi of a game with ``stones`` handicap (0 = even game)."""
    return komi_even if stones == 0 else komi_handicap
