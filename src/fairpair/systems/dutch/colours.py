"""Colour allocation, C.04.3 E.1-E.5."""

from __future__ import annotations

from fairpair.model import Colour
from fairpair.systems.dutch.players import PlayerFacts

__all__ = ["allocate_colours", "last_colour_difference", "ranks_higher"]


def ranks_higher(a: PlayerFacts, b: PlayerFacts) -> bool:
    """A.2: higher pairing score, then the smaller (effective) pairing number."""
    return (a.score, -a.rank) > (b.score, -b.rank)


def last_colour_difference(a: PlayerFacts, b: PlayerFacts) -> tuple[Colour, Colour] | None:
    """E.3 with C.04.2 D.5: walk back both colour histories (played games only, the
    latest first, unplayed rounds skipped) to the most recent game where the two
    players had different colours; return those colours, or None."""
    for colour_a, colour_b in zip(reversed(a.history), reversed(b.history), strict=False):
        if colour_a is not colour_b:
            return colour_a, colour_b
    return None


def _colour_for(a: PlayerFacts, b: PlayerFacts, initial: Colour) -> Colour:
    """The colour ``a`` gets against ``b``."""
    pa, pb = a.preference, b.preference
    # E.1: both preferences can be granted.
    if pa.colour is None or pb.colour is None or pa.colour is not pb.colour:
        if pa.colour is not None:
            return pa.colour
        if pb.colour is not None:
            return pb.colour.opposite
    else:
        # E.2: the stronger preference; two absolute ones: the wider colour difference.
        if pa.absolute and (not pb.absolute or pa.imbalance > pb.imbalance):
            return pa.colour
        if pb.absolute and (not pa.absolute or pb.imbalance > pa.imbalance):
            return pb.colour.opposite
        if pa.strong and not pb.strong:
            return pa.colour
        if pb.strong and not pa.strong:
            return pb.colour.opposite
        # E.3: alternate to the most recent round in which the colours differed.
        differ = last_colour_difference(a, b)
        if differ is not None:
            return differ[1]
    higher_is_a = ranks_higher(a, b)
    higher = a if higher_is_a else b
    wanted = higher.preference.colour
    if pa.colour is not None and wanted is not None:
        # E.4: the preference of the higher ranked player.
        return wanted if higher_is_a else wanted.opposite
    # E.5: odd pairing number of the higher ranked player -> initial colour.
    higher_colour = initial if higher.rank % 2 == 0 else initial.opposite
    return higher_colour if higher_is_a else higher_colour.opposite


def allocate_colours(a: PlayerFacts, b: PlayerFacts, initial: Colour) -> tuple[int, int]:
    """E.1-E.5: return ``(white, black)`` pairing numbers for the pair ``a``-``b``.

    ``initial`` is the initial colour (XXC white1/black1): the colour of the player
    with pairing number 1 in round 1, and of odd-numbered higher-ranked players in E.5.
    The decision is made from the point of view of the player with the smaller
    pairing number, which makes it independent of the argument order.
    """
    first, second = (a, b) if a.number < b.number else (b, a)
    colour = _colour_for(first, second, initial)
    if colour is Colour.WHITE:
        return first.number, second.number
    return second.number, first.number
