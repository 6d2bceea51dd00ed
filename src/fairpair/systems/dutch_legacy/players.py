"""A. Introductory remarks and definitions: what the rules know about each player.

Everything is derived from the rounds before the one being paired:

* A.2 order: score, then pairing number (``rank``);
* A.4 floats of the last two rounds (B.5/B.6 look at them);
* A.5 / B.1.b: may the player still receive the bye?
* A.7 colour difference and colour preference (played games only, F.2/F.3);
* A.8 the counts behind X1 and Z1 (unplayed games, players who have not played);
* A.9 / Note to B.2: top scorers (last round only).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.model import ByeKind, Colour, Float, PlayerState, RoundRecord, Tournament
from fairpair.systems.dutch.players import (
    ColourPreference,
    colour_preference,
    is_last_round,
    topscorer_threshold,
)

__all__ = [
    "LegacyPlayer",
    "a2_key",
    "a4_float",
    "b1b_bye_eligible",
    "b1b_relaxed",
    "b1b_unearned",
    "legacy_players",
]


@dataclass(frozen=True)
class LegacyPlayer:
    """One player as the pre-2013 Dutch rules see him when pairing a round.

    ``rank`` is the 0-based position in pairing-number order (A.2 b); ``floats`` are
    the floats of the previous round and of the round before it (A.4, B.5, B.6);
    ``unplayed`` counts the earlier rounds without a game played over the board
    (A.8: w/b are players with an odd number of unplayed games).
    """

    number: int
    rank: int
    score: Fraction
    preference: ColourPreference
    history: tuple[Colour, ...]
    unplayed: int
    floats: tuple[Float, Float]
    bye_eligible: bool
    topscorer: bool
    opponents: frozenset[int]

    @property
    def colour(self) -> Colour | None:
        """A.7: the colour the player prefers (None before his first game)."""
        return self.preference.colour

    @property
    def strength(self) -> str:
        """A.7: ``absolute``, ``strong``, ``mild`` or ``none``."""
        return self.preference.strength

    def __repr__(self) -> str:  # compact, for --explain and test failures
        return f"#{self.number}({self.score})"


def a2_key(p: LegacyPlayer) -> tuple[Fraction, int]:
    """A.2: score (descending), then pairing number (ascending)."""
    return (-p.score, p.rank)


def a4_float(record: RoundRecord) -> Float:
    """A.4 for one earlier round of one player.

    A pairing with unequal scores gives the higher player a downfloat and the lower
    one an upfloat (forfeited games included: the pairing was made). B.1.b: a player
    who scored without playing (bye, half-point bye, forfeit win) is a downfloater.
    A round without pairing and without points (absence) is no float.
    """
    if not record.played:
        # B.1.b: scoring without playing is a downfloat. A forfeited game counts as
        # no float for its loser (the reference's reading, class E).
        return Float.DOWN if record.points > 0 else Float.NONE
    if record.opponent is None:
        return Float.NONE
    other = record.opponent_score_before
    if other is None or other == record.score_before:
        return Float.NONE
    return Float.DOWN if record.score_before > other else Float.UP


def b1b_unearned(state: PlayerState) -> int:
    """B.1.b: the rounds in which the player received a point or half point without
    playing (a bye, a half-point bye, a forfeit win)."""
    return sum(
        1
        for record in state.records
        if record.bye is ByeKind.PAIRING_ALLOCATED or (not record.played and record.points > 0)
    )


def b1b_bye_eligible(state: PlayerState) -> bool:
    """B.1.b: a player who received a point or half point without playing (a bye,
    a half-point bye, a forfeit win) shall not receive a bye."""
    return b1b_unearned(state) == 0


def b1b_relaxed(tournament: Tournament) -> bool:
    """Whether reading 20's relaxation of B.1.b can apply: the tournament has an odd
    number of players (present or not; reading 98)."""
    return len(tournament.players) % 2 == 1


def legacy_players(
    tournament: Tournament, round_number: int, present: Sequence[int]
) -> Mapping[int, LegacyPlayer]:
    """The players of ``present`` as seen when pairing ``round_number``."""
    state = tournament.state(after_round=round_number - 1)
    order = sorted(p.number for p in tournament.players)
    rank = {number: index for index, number in enumerate(order)}
    last = is_last_round(tournament, round_number)
    threshold = topscorer_threshold(tournament, round_number)
    # B.1.b, and A.5 when every player present has scored without playing (reading
    # 20): the bye may go only to the players who did so in the fewest rounds - in a
    # tournament of an odd number of players; with an even number B.1.b stays
    # absolute and such a round has no pairing (reading 98).
    unearned = {number: b1b_unearned(state[number]) for number in present}
    fewest = min(unearned.values(), default=0) if b1b_relaxed(tournament) else 0
    players: dict[int, LegacyPlayer] = {}
    for number in present:
        st = state[number]
        floats = tuple(
            a4_float(st.records[round_number - back - 1])
            if round_number - back >= 1
            else Float.NONE
            for back in (1, 2)
        )
        history = st.colour_history
        players[number] = LegacyPlayer(
            number=number,
            rank=rank[number],
            score=st.score,
            preference=colour_preference(history),
            history=history,
            unplayed=(round_number - 1) - st.games_played,
            floats=(floats[0], floats[1]),
            bye_eligible=unearned[number] == fewest,
            topscorer=last and st.score > threshold,
            opponents=st.played_opponents,
        )
    return players
