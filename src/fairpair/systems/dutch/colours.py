"""Colour allocation, C.04.3 E.1-E.5."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.model import Colour
from fairpair.systems.dutch.players import PlayerFacts

__all__ = [
    "ColourDecision",
    "allocate_colours",
    "decide_colours",
    "last_colour_difference",
    "ranks_higher",
]


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


@dataclass(frozen=True)
class ColourDecision:
    """The step of E.1-E.5 that decided a pair's colours, and for whom: the pairing
    engine returns it so that explanations read the decision instead of re-deriving it.

    ``reason``: ``both`` (E.1, both preferences granted; ``player`` is due white),
    ``one`` (E.1, the only preference; ``player`` has it), ``wider`` / ``stronger``
    (E.2: two absolute preferences and the wider colour difference / the stronger
    preference; ``player`` has it), ``alternate`` (E.3; ``player`` gets his
    preference), ``higher`` (E.4, the higher ranked player's preference) and
    ``number`` (E.5, by the higher ranked player's pairing number).
    """

    step: int
    reason: str
    player: int
    other: int


def _colour_for(a: PlayerFacts, b: PlayerFacts, initial: Colour) -> tuple[Colour, ColourDecision]:
    """The colour ``a`` gets against ``b``, and the step that decided it."""

    def decided(step: int, reason: str, player: PlayerFacts) -> ColourDecision:
        other = b if player is a else a
        return ColourDecision(step, reason, player.number, other.number)

    pa, pb = a.preference, b.preference
    # E.1: both preferences can be granted.
    if pa.colour is None or pb.colour is None or pa.colour is not pb.colour:
        if pa.colour is not None and pb.colour is not None:
            due_white = a if pa.colour is Colour.WHITE else b
            return pa.colour, decided(1, "both", due_white)
        if pa.colour is not None:
            return pa.colour, decided(1, "one", a)
        if pb.colour is not None:
            return pb.colour.opposite, decided(1, "one", b)
    else:
        # E.2: the stronger preference; two absolute ones: the wider colour difference.
        wider = pa.absolute and pb.absolute
        if pa.absolute and (not pb.absolute or pa.imbalance > pb.imbalance):
            return pa.colour, decided(2, "wider" if wider else "stronger", a)
        if pb.absolute and (not pa.absolute or pb.imbalance > pa.imbalance):
            return pb.colour.opposite, decided(2, "wider" if wider else "stronger", b)
        if pa.strong and not pb.strong:
            return pa.colour, decided(2, "stronger", a)
        if pb.strong and not pa.strong:
            return pb.colour.opposite, decided(2, "stronger", b)
        # E.3: alternate to the most recent round in which the colours differed.
        differ = last_colour_difference(a, b)
        if differ is not None:
            return differ[1], decided(3, "alternate", a if differ[1] is pa.colour else b)
    higher_is_a = ranks_higher(a, b)
    higher = a if higher_is_a else b
    wanted = higher.preference.colour
    if pa.colour is not None and wanted is not None:
        # E.4: the preference of the higher ranked player.
        return (wanted if higher_is_a else wanted.opposite), decided(4, "higher", higher)
    # E.5: odd pairing number of the higher ranked player -> initial colour.
    higher_colour = initial if higher.rank % 2 == 0 else initial.opposite
    colour = higher_colour if higher_is_a else higher_colour.opposite
    return colour, decided(5, "number", higher)


def decide_colours(
    a: PlayerFacts, b: PlayerFacts, initial: Colour
) -> tuple[int, int, ColourDecision]:
    """E.1-E.5: ``(white, black, decision)`` for the pair ``a``-``b``.

    ``initial`` is the initial colour (XXC white1/black1): the colour of the player
    with pairing number 1 in round 1, and of odd-numbered higher-ranked players in E.5.
    The decision is made from the point of view of the player with the smaller
    pairing number, which makes it independent of the argument order.
    """
    first, second = (a, b) if a.number < b.number else (b, a)
    colour, decision = _colour_for(first, second, initial)
    if colour is Colour.WHITE:
        return first.number, second.number, decision
    return second.number, first.number, decision


def allocate_colours(a: PlayerFacts, b: PlayerFacts, initial: Colour) -> tuple[int, int]:
    """E.1-E.5: ``(white, black)`` pairing numbers for the pair ``a``-``b`` (see
    :func:`decide_colours`)."""
    white, black, _ = decide_colours(a, b, initial)
    return white, black
