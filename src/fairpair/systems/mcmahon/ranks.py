"""Go ranks and ratings: the mapping used to order the field (AGA "Ordering the players").

A player's strength is read from, in this order:

1. ``attributes["rating"]``: an AGA rating, a decimal with ``|r| >= 1``; dan ratings
   are positive (``1.0 <= r < 2.0`` is 1 dan), kyu ratings negative
   (``-2.0 < r <= -1.0`` is 1 kyu, ``-5.5`` is 5 kyu);
2. ``attributes["rank"]``: a rank such as ``5k``, ``5 kyu``, ``1d``, ``3 dan``, ``2p``
   (professional ranks count as ``1p = 7d``, ``2p = 8d``, ...), taken as the middle of
   its rating interval (``5k`` = -5.5, ``1d`` = 1.5);
3. :attr:`Player.rating` when positive, read as an EGF GoR (``2100`` = 1 dan,
   ``2000`` = 1 kyu, 100 points a rank);
4. otherwise 30 kyu.

Everything is converted to one integer *rank index* (``1d`` = 0, ``2d`` = 1, ``1k`` = -1,
``30k`` = -30) used for bands and handicaps, and to a float *sort value* (higher is
stronger) used for ordering inside a rank.

>>> parse_rank("5k"), parse_rank("1d"), parse_rank("3 Dan"), parse_rank("1p")
(-5, 0, 2, 6)
>>> format_rank(-5), format_rank(0), format_rank(8)
('5k', '1d', '9d')
>>> rank_index_of_aga_rating(-1.0), rank_index_of_aga_rating(-5.5), rank_index_of_aga_rating(1.99)
(-1, -5, 0)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from fairpair import limits
from fairpair.errors import InputError
from fairpair.model import Player

__all__ = [
    "Strength",
    "aga_rating_of_rank",
    "format_rank",
    "parse_rank",
    "rank_index_of_aga_rating",
    "strength_of",
]

_RANK_RE = re.compile(r"^\s*(\d{1,2})\s*(k|kyu|d|dan|p|pro)\s*$", re.IGNORECASE)


def parse_rank(text: str) -> int:
    """The rank index of ``text`` (``"5k"`` -> -5, ``"1d"`` -> 0, ``"1p"`` -> 6).

    Raises ValueError for anything else (30k is the weakest rank, 9p the strongest).
    """
    match = _RANK_RE.match(text)
    if match is None:
        raise ValueError(f"not a Go rank: {text!r}")
    number = int(match.group(1))
    kind = match.group(2)[0].lower()
    if kind == "k":
        if not 1 <= number <= 30:
            raise ValueError(f"kyu rank out of range 1-30: {text!r}")
        return -number
    if kind == "d":
        if not 1 <= number <= 9:
            raise ValueError(f"dan rank out of range 1-9: {text!r}")
        return number - 1
    if not 1 <= number <= 9:
        raise ValueError(f"professional rank out of range 1-9: {text!r}")
    return number + 5


def format_rank(index: int) -> str:
    """The rank of a rank index: ``-5`` -> ``5k``, ``0`` -> ``1d`` (indexes above 8 are pros)."""
    if index < 0:
        return f"{-index}k"
    if index <= 8:
        return f"{index + 1}d"
    return f"{index - 5}p"


def rank_index_of_aga_rating(rating: float) -> int:
    """The rank of an AGA rating: ``floor(r)`` dan for ``r >= 1``, ``floor(-r)`` kyu for
    ``r <= -1``."""
    if rating >= 1:
        return math.floor(rating) - 1
    if rating <= -1:
        return -math.floor(-rating)
    raise ValueError(f"AGA ratings lie outside (-1, 1): {rating}")


def aga_rating_of_rank(index: int) -> float:
    """The middle of a rank's AGA rating interval: ``5k`` -> -5.5, ``1d`` -> 1.5."""
    return index + 1.5 if index >= 0 else index - 0.5


def _sort_value(rating: float) -> float:
    """A continuous scale without the AGA gap between -1 and 1 (higher is stronger)."""
    return rating - 1 if rating >= 1 else rating + 1


@dataclass(frozen=True)
class Strength:
    """A player's strength: the rank index and a finer sort value (higher is stronger)."""

    rank: int
    value: float


def strength_of(player: Player) -> Strength:
    """The strength of ``player`` (see the module docstring for the sources and order).

    Raises ValueError on an unreadable ``rating`` or ``rank`` attribute.
    """
    text = player.attributes.get("rating", "").strip()
    if text:
        try:  # the one bounded parser: no "1e400" (inf), "nan" or "١"
            rating = float(limits.parse_number(text, "rating"))
        except InputError:
            raise ValueError(f"not an AGA rating: {text!r}") from None
        if not -100 < rating < 100:
            raise ValueError(f"not an AGA rating: {text!r} (expected between -100 and 100)")
        return Strength(rank_index_of_aga_rating(rating), _sort_value(rating))
    text = player.attributes.get("rank", "").strip()
    if text:
        index = parse_rank(text)
        return Strength(index, _sort_value(aga_rating_of_rank(index)))
    if player.rating > 0:
        value = (player.rating - 2100) / 100
        return Strength(max(-30, math.floor(value)), value)
    return Strength(-30, -29.5)
