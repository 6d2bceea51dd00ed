"""E. Colour allocation rules and F.1 board order.

For each pair, with descending priority:

* E.1 grant both colour preferences;
* E.2 grant the stronger colour preference (absolute > strong > mild; two absolute
  preferences, which only meet when B.2 was dropped for top scorers, are equally
  strong: E.3 decides);
* E.3 alternate the colours to the most recent round in which they played with
  different colours (played games only, unplayed rounds skipped: F.3);
* E.4 grant the colour preference of the higher ranked player (A.2);
* E.5 in the first round the players of S1 alternate: the first gets the initial
  colour (XXC), the second the other one, and so on; each S2 player the opposite.

E.1-E.4 cannot decide a pair of two players without colour preference after the
first round either (two players who have not played a game yet), and E.5 speaks of
the first round only: the reference (JaVaFo) gives the initial colour (White for
``XXC white1``) to the even pairing number, and when both numbers have the same parity
the higher ranked player gets the colour of his parity (class F of the public vectors;
see docs/dutch-legacy.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from fairpair.model import Colour
from fairpair.systems.dutch_legacy.players import LegacyPlayer, a2_key

__all__ = ["e3_last_difference", "e_colours", "f1_board_order", "higher_ranked"]

_STRENGTH = {"absolute": 3, "strong": 2, "mild": 1, "none": 0}


def higher_ranked(a: LegacyPlayer, b: LegacyPlayer) -> LegacyPlayer:
    """A.2: the higher score, then the smaller pairing number."""
    return a if a2_key(a) < a2_key(b) else b


def e_colours(
    a: LegacyPlayer,
    b: LegacyPlayer,
    *,
    initial: Colour,
    s1_position: Mapping[int, int],
    first_round: bool = True,
) -> tuple[int, int, str]:
    """E.1-E.5 for the pair ``a``-``b``: ``(white, black, rule)``.

    ``s1_position`` gives the 0-based position in S1 of the S1 player of the pair,
    in the step of the procedure that paired them (E.5).
    """
    colour, rule = _colour_of_a(a, b, initial, s1_position, first_round)
    if colour is Colour.WHITE:
        return a.number, b.number, rule
    return b.number, a.number, rule


def _colour_of_a(
    a: LegacyPlayer,
    b: LegacyPlayer,
    initial: Colour,
    s1_position: Mapping[int, int],
    first_round: bool,
) -> tuple[Colour, str]:
    ca, cb = a.colour, b.colour
    if ca is not None or cb is not None:
        if cb is None or (ca is not None and ca is not cb):
            assert ca is not None
            return ca, "E.1"
        if ca is None:
            return cb.opposite, "E.1"
        # Both want the same colour.
        # A.7 knows three strengths only: two absolute preferences (top scorers, B.2
        # dropped) are equally strong, E.2 decides nothing and E.3 follows.
        sa, sb = _STRENGTH[a.strength], _STRENGTH[b.strength]
        if sa != sb:
            return (ca, "E.2") if sa > sb else (cb.opposite, "E.2")
        differ = e3_last_difference(a.history, b.history)
        if differ is not None:
            return differ[1], "E.3"
        higher = higher_ranked(a, b)
        wanted = higher.colour
        assert wanted is not None
        return (wanted if higher is a else wanted.opposite), "E.4"
    if not first_round:
        return _unplayed_pair(a, b, initial), "E.5"
    # E.5: S1 players alternate (the first gets the initial colour), each S2 player
    # gets the other colour of his S1 opponent.
    for player in (a, b):
        position = s1_position.get(player.number)
        if position is not None:
            own = initial if position % 2 == 0 else initial.opposite
            return (own if player is a else own.opposite), "E.5"
    raise ValueError(f"E.5: neither {a.number} nor {b.number} was in S1")


def _unplayed_pair(a: LegacyPlayer, b: LegacyPlayer, initial: Colour) -> Colour:
    """The colour of ``a`` when neither player has played a game yet after the first
    round (the text is silent: E.5 speaks of the first round only). The reference's
    practice (class F, docs/dutch-legacy.md): an even pairing number gets the initial
    colour (``XXC``: White for ``white1``), an odd one the other; when both numbers have
    the same parity the higher ranked player (A.2) gets the colour of his parity."""
    if a.number % 2 != b.number % 2:
        return initial if a.number % 2 == 0 else initial.opposite
    higher = higher_ranked(a, b)
    own = initial if higher.number % 2 == 0 else initial.opposite
    return own if higher is a else own.opposite


def e3_last_difference(
    history_a: Sequence[Colour], history_b: Sequence[Colour]
) -> tuple[Colour, Colour] | None:
    """E.3 with F.3: walk back both colour histories of played games (the latest
    first, unplayed rounds skipped) to the most recent game in which the two
    players had different colours; their colours then, or None.

    >>> W, B = Colour.WHITE, Colour.BLACK
    >>> e3_last_difference([W, B, W], [B, W, W])
    (<Colour.BLACK: 'b'>, <Colour.WHITE: 'w'>)
    """
    for colour_a, colour_b in zip(reversed(history_a), reversed(history_b), strict=False):
        if colour_a is not colour_b:
            return colour_a, colour_b
    return None


def f1_board_order(
    pairs: Sequence[tuple[int, int]], players: Mapping[int, LegacyPlayer]
) -> list[tuple[int, int]]:
    """F.1: the score of the higher player of the pair, then the sum of both scores,
    then the A.2 rank of the higher player."""

    def key(pair: tuple[int, int]) -> tuple[Fraction, Fraction, int]:
        a, b = players[pair[0]], players[pair[1]]
        high = higher_ranked(a, b)
        return (-high.score, -(a.score + b.score), high.rank)

    return sorted(pairs, key=key)
