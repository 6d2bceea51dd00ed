"""What the Dutch rules need to know about each player before a round (C.04.3 A;
2026: Art. 1).

Everything here is derived from the rounds before the one being paired:

* the pairing score (A.2, with acceleration as virtual points),
* the colour difference and colour preference (A.6; played games only, C.04.2 D.5),
* the float history of the last two rounds (A.4; 2017: an unplayed round counts as a
  downfloat, FIDE Handbook C.04.3 (2017), A.4.b; 2026 1.4.3-1.4.4: only the
  pairing-allocated bye and rounds scored above a loss without playing),
* whether the player may still receive the pairing-allocated bye (2017 C.2; 2026 C2),
* the number of rounds without a played game (2026 C9),
* whether the player is a topscorer (A.7, final round only).

The functions take the rule set (:mod:`.rules`) as an optional ``rules`` argument; the
default is the 2017 edition.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

from fairpair.model import (
    ByeKind,
    Colour,
    Float,
    PlayerState,
    PointSystem,
    ResultCode,
    Tournament,
)
from fairpair.systems.dutch.rules import RULES_2017, DutchRules

__all__ = [
    "SCORE_SCALE",
    "ColourPreference",
    "PlayerFacts",
    "Units",
    "colour_preference",
    "eligible_for_pab",
    "float_in_round",
    "is_last_round",
    "player_facts",
    "score_units",
    "topscorer_threshold",
    "unplayed_rounds",
]

_ZERO = Fraction(0)

#: Scores counted in 1/SCORE_SCALE points (lcm(1..16)), so that the criteria compute
#: with integers for the usual points (halves, thirds, quarters, tenths...).
SCORE_SCALE = 720720
#: A score times SCORE_SCALE: an int, or an exact Fraction for unusual denominators.
Units = int | Fraction


def score_units(score: Fraction) -> Units:
    """``score`` * :data:`SCORE_SCALE`, exactly (an int whenever it is one).

    >>> score_units(Fraction(3, 2)), score_units(Fraction(1, 17)) == Fraction(720720, 17)
    (1081080, True)
    """
    denominator = score.denominator
    if SCORE_SCALE % denominator:
        return score * SCORE_SCALE
    return score.numerator * (SCORE_SCALE // denominator)


@dataclass(frozen=True)
class ColourPreference:
    """A.6: the colour a player should get next and how strongly.

    ``imbalance`` is the absolute colour difference; ``repeated`` is the colour of the
    last two played games when they were the same (else None).
    """

    colour: Colour | None
    imbalance: int
    repeated: Colour | None

    @property
    def absolute(self) -> bool:
        """A.6.a: colour difference beyond +-1 or the same colour twice in a row."""
        return self.imbalance > 1 or self.repeated is not None

    @property
    def strong(self) -> bool:
        """A.6.b: colour difference of exactly +-1 (and not absolute)."""
        return not self.absolute and self.imbalance == 1

    @property
    def mild(self) -> bool:
        """A.6.c: colour difference zero, alternate with respect to the last game."""
        return self.colour is not None and self.imbalance == 0 and self.repeated is None

    @property
    def strength(self) -> str:
        if self.colour is None:
            return "none"
        return "absolute" if self.absolute else "strong" if self.strong else "mild"


def colour_preference(history: Sequence[Colour]) -> ColourPreference:
    """A.6 applied to the colours of the played games (oldest first).

    >>> colour_preference([Colour.WHITE, Colour.WHITE]).colour
    <Colour.BLACK: 'b'>
    >>> p = colour_preference([Colour.WHITE, Colour.BLACK, Colour.WHITE])
    >>> (p.colour, p.strength)
    (<Colour.BLACK: 'b'>, 'strong')
    >>> colour_preference([]).strength
    'none'
    """
    return _colour_preference(tuple(history))


@lru_cache(maxsize=4096)
def _colour_preference(history: tuple[Colour, ...]) -> ColourPreference:
    """:func:`colour_preference`, made once per history (a preference is immutable, and
    the players of a round, of every round, share a few dozen histories)."""
    whites = history.count(Colour.WHITE)
    blacks = len(history) - whites
    imbalance = abs(whites - blacks)
    fewer = Colour.BLACK if whites > blacks else Colour.WHITE
    run = 0
    for played in reversed(history):
        if played is not history[-1]:
            break
        run += 1
    repeated = history[-1] if run >= 2 else None
    colour: Colour | None
    if imbalance > 1:
        colour = fewer
    elif repeated is not None:
        colour = repeated.opposite
    elif imbalance == 1:
        colour = fewer
    elif history:
        colour = history[-1].opposite
    else:
        colour = None  # A.6.d: no game played, no preference
    return ColourPreference(colour, imbalance, repeated)


def eligible_for_pab(
    state: PlayerState, *, rules: DutchRules = RULES_2017, points: PointSystem | None = None
) -> bool:
    """May the player still receive the pairing-allocated bye?

    2017 C.2 (C.04.1.d): no earlier pairing-allocated bye and no forfeit win; other
    unplayed rounds (requested byes, full-point byes, absences) do not count.

    2026 C2: no earlier pairing-allocated bye (of any value), and no round in which the
    player scored, without playing, at least the points of a win (a forfeit win, a
    full-point bye). ``points`` is the event's point system (default: 1/0.5/0).
    """
    if rules.pab_barred == "pab-or-win-points":
        win: Fraction | None = None  # (looked up at the first unplayed round only)
        for record in state.records:
            if record.bye is ByeKind.PAIRING_ALLOCATED:
                return False
            if not record.played:
                if win is None:
                    win = (points or PointSystem.standard()).win
                if record.points >= win:
                    return False
        return True
    for record in state.records:
        if record.bye is ByeKind.PAIRING_ALLOCATED:
            return False
        if record.result is ResultCode.FORFEIT_WIN:
            return False
    return True


def unplayed_rounds(state: PlayerState) -> int:
    """2026 C9: the rounds so far without a game played over the board (byes of any
    kind, forfeits, absences, rounds before a late entry)."""
    return sum(1 for record in state.records if not record.played)


def is_last_round(tournament: Tournament, round_number: int) -> bool:
    """A.7 topscorers exist only when the final round is being paired."""
    total = tournament.total_rounds
    return total is not None and round_number >= total


def topscorer_threshold(tournament: Tournament, round_number: int) -> Fraction:
    """A.7: half of the maximum score possible after the rounds already played."""
    points = tournament.points
    per_round = max(points.win, points.white_draw, points.black_draw)
    return Fraction(round_number - 1) * per_round / 2


def float_in_round(
    tournament: Tournament,
    state: PlayerState,
    round_number: int,
    *,
    rules: DutchRules = RULES_2017,
) -> Float:
    """A.4 for one earlier round, on pairing scores (acceleration included).

    2017: a round without a played game (bye, forfeit, absence) counts as a downfloat
    (FIDE Handbook C.04.3 (2017), A.4.b).

    2026 (1.4.3-1.4.4): a round without a played game is a downfloat only for the
    player who got the pairing-allocated bye (whatever its value: the rule text, where
    the reference engine gives none for a PAB worth no more than a loss) or who scored
    more than a loss without playing (forfeit win, full-point or half-point bye); a
    zero-point bye, an absence or a forfeit loss is no float.
    """
    record = state.records[round_number - 1]
    if rules.unplayed_float in ("pab-or-points", "points"):
        if not record.played or record.opponent is None:
            points = tournament.points
            loss = max(points.white_loss, points.black_loss)
            pab = record.bye is ByeKind.PAIRING_ALLOCATED and rules.unplayed_float != "points"
            return Float.DOWN if pab or record.points > loss else Float.NONE
    elif not record.played or record.opponent is None:
        return Float.DOWN
    own = record.score_before
    other = record.opponent_score_before
    if other is None:
        other = _ZERO
    if tournament.acceleration:
        own = own + tournament.acceleration_for(state.number, round_number)
        other = other + tournament.acceleration_for(record.opponent, round_number)
    # own vs other, as exact integers (cheaper than comparing Fractions twice)
    mine = own.numerator * other.denominator
    theirs = other.numerator * own.denominator
    if mine > theirs:
        return Float.DOWN
    if mine < theirs:
        return Float.UP
    return Float.NONE


@dataclass(frozen=True)
class PlayerFacts:
    """One player as the Dutch rules see him when pairing ``round``.

    ``rank`` is the effective pairing number (0-based position in the initial order
    among the players still taking part), used for A.2 and E.5.
    """

    number: int
    rank: int
    score: Fraction  # pairing score: points plus acceleration (A.2)
    raw_score: Fraction  # points without acceleration (board order)
    preference: ColourPreference
    history: tuple[Colour, ...]
    floats: tuple[Float, Float]  # (previous round, two rounds before)
    pab_eligible: bool
    topscorer: bool
    played_opponents: frozenset[int]
    #: Rounds so far without a game played over the board (2026 C9).
    unplayed: int = 0

    @cached_property
    def units(self) -> Units:
        """The pairing score in :data:`SCORE_SCALE` units (for the criteria)."""
        return score_units(self.score)

    @cached_property
    def class_key(self) -> tuple[Units, bool, int, int, int, int, int]:
        """The score, bye eligibility, colour preference and floats, what the criteria
        of a pair inside a bracket read of the player, as plain values: two players
        have equal keys exactly when these attributes are equal (the engine groups
        them into classes). Ints hash and compare much faster than the Fraction, the
        dataclass and the enums."""
        return self._class_key()

    def _class_key(self) -> tuple[Units, bool, int, int, int, int, int]:
        pref = self.preference
        first, second = self.floats
        return (
            self.units,
            self.pab_eligible,
            _COLOUR_CODE[pref.colour],
            pref.imbalance,
            _COLOUR_CODE[pref.repeated],
            _FLOAT_CODE[first],
            _FLOAT_CODE[second],
        )


#: Plain codes of colours and floats for :attr:`PlayerFacts.class_key`.
_COLOUR_CODE: Mapping[Colour | None, int] = {None: 0, Colour.WHITE: 1, Colour.BLACK: 2}
_FLOAT_CODE: Mapping[Float, int] = {Float.NONE: 0, Float.UP: 1, Float.DOWN: 2}


def player_facts(
    tournament: Tournament,
    round_number: int,
    present: Sequence[int],
    *,
    rules: DutchRules = RULES_2017,
) -> Mapping[int, PlayerFacts]:
    """Facts for the players in ``present`` when pairing ``round_number`` by ``rules``."""
    state = tournament.state(after_round=round_number - 1)
    present_set = set(present)
    # Effective pairing numbers: the players still in the event, in initial order
    # (those absent now who never took part in a pairing are skipped).
    ranked: list[int] = []
    for player in sorted(tournament.players, key=lambda p: p.number):
        if player.number in present_set or any(
            r.opponent is not None or r.bye is ByeKind.PAIRING_ALLOCATED
            for r in state[player.number].records
        ):
            ranked.append(player.number)
    rank = {number: index for index, number in enumerate(ranked)}
    last = is_last_round(tournament, round_number)
    threshold = topscorer_threshold(tournament, round_number)
    accelerated = bool(tournament.acceleration)
    facts: dict[int, PlayerFacts] = {}
    points = tournament.points
    top_numerator, top_denominator = threshold.numerator, threshold.denominator
    for number in present:
        st = state[number]
        score = st.score
        if accelerated:
            score = score + tournament.acceleration_for(number, round_number)
        floats = (
            float_in_round(tournament, st, round_number - 1, rules=rules)
            if round_number >= 2
            else Float.NONE,
            float_in_round(tournament, st, round_number - 2, rules=rules)
            if round_number >= 3
            else Float.NONE,
        )
        # One pass over the records: Tournament.state's colour_history and
        # played_opponents, and unplayed_rounds.
        colours: list[Colour] = []
        opponents: list[int] = []
        unplayed = 0
        for record in st.records:
            if record.played:
                if record.colour is not None:
                    colours.append(record.colour)
                if record.opponent is not None:
                    opponents.append(record.opponent)
            else:
                unplayed += 1
        history = tuple(colours)
        facts[number] = _player_facts(
            number,
            rank[number],
            score,
            st.score,
            colour_preference(history),
            history,
            floats,
            eligible_for_pab(st, rules=rules, points=points),
            # score > threshold, as exact integers (cheaper than comparing Fractions)
            last and score.numerator * top_denominator > top_numerator * score.denominator,
            frozenset(opponents),
            unplayed,
        )
    return facts


_new = object.__new__


def _player_facts(
    number: int,
    rank: int,
    score: Fraction,
    raw_score: Fraction,
    preference: ColourPreference,
    history: tuple[Colour, ...],
    floats: tuple[Float, Float],
    pab_eligible: bool,
    topscorer: bool,
    played_opponents: frozenset[int],
    unplayed: int,
) -> PlayerFacts:
    """``PlayerFacts(...)`` without the frozen dataclass's ``__init__`` (a player of
    every round paired)."""
    facts: PlayerFacts = _new(PlayerFacts)
    fields = facts.__dict__  # in the order of the class's fields
    fields["number"] = number
    fields["rank"] = rank
    fields["score"] = score
    fields["raw_score"] = raw_score
    fields["preference"] = preference
    fields["history"] = history
    fields["floats"] = floats
    fields["pab_eligible"] = pab_eligible
    fields["topscorer"] = topscorer
    fields["played_opponents"] = played_opponents
    fields["unplayed"] = unplayed
    # the cached properties, made now (cheaper than their first look-up)
    fields["units"] = score_units(score)
    fields["class_key"] = facts._class_key()
    return facts
