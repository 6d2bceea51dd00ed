"""C. Pairing procedures for a whole round: the score brackets top-down.

"Starting with the highest score bracket apply the following procedures to all
score brackets until an acceptable pairing is obtained." Each bracket is paired by
bracket.ScoreBracket; this module moves players between brackets:

* C.1 players without a possible opponent in their bracket are moved down (a player
  who was moved down himself first triggers C.12);
* C.12 backtrack to the previous bracket for another set of moved-down players;
* C.13 the lowest bracket: backtrack to the penultimate bracket for another pairing,
  and join the two lowest brackets when there is none;
* the player left over in the lowest bracket receives the bye (A.5, B.1.b).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from itertools import islice

from fairpair.errors import NoPairingError
from fairpair.matching import max_weight_matching
from fairpair.model import format_points
from fairpair.systems.dutch_legacy.bracket import (
    Accept,
    Candidate,
    ScoreBracket,
    b3_squares,
    both_accept,
    c1_incompatible,
)
from fairpair.systems.dutch_legacy.criteria import (
    B2,
    B5_UP,
    B6_UP,
    Costs,
    Level,
    RoundContext,
    X,
    Z,
    a8_x1_z1,
    add,
    b1_b2_compatible,
    fits,
    higher_level,
    pair_costs,
    round_totals,
    unpaired_costs,
)
from fairpair.systems.dutch_legacy.oracle import Best, lexmin
from fairpair.systems.dutch_legacy.players import LegacyPlayer, a2_key

__all__ = ["BracketPairing", "RoundResult", "pair_round"]

#: C.13 in a part of a split join (reading 13): how many of the part's other pairings
#: are judged together with the lowest bracket before the first one is taken.
JOINT_LIMIT = 2000
#: The step note of a pairing decided together with the lowest bracket (reading 13);
#: the explanation's replay looks for it.
JOINT_NOTE = "judged together with the lowest bracket"
#: The step note of a joined bracket paired as one because the split's pairing was not
#: the closest in scores (reading 23); the explanation's replay looks for it.
SPLIT_B3_NOTE = "the split join's pairing is not the closest in scores (B.3)"
#: The step note of a re-pairing that kept M1 and lowered P1 for a pairing with no
#: colour concession (reading 79).
KEPT_M1_NOTE = (
    "C.13: lowering M1 would send a moved-down player to the bye with a colour concession; "
    "M1 kept, P1 lowered, no colour concession (C.14.b1, reading 79)"
)
#: Reading 91: reading 25's colour test not made when the moved-down player who floats
#: at the own P1 has the score of one it pairs (no bye for him).
EQUAL_MDP_FLOATS_NOTE = (
    "C.13: the moved-down player floating at the own P1 has the score of one it pairs "
    "(D.3's other set, the same floaters' scores); the own P1 stands (reading 91)"
)
#: Reading 84: reading 25's colour test does not lower P1 to a pairing with a pair of
#: two residents (C.8.b's other D.3 sets at the own P1 first).
OWN_P1_D3_NOTE = (
    "C.13: P1 lowered would pair two residents too; C.8.b's other D.3 set at the own P1 "
    "stands (reading 84)"
)
#: Reading 86: reading 25's colour test not made when the bye can go only to a player
#: moved down into the bracket.
BYE_ONLY_TO_MDPS_NOTE = (
    "C.13: only players moved down into this bracket may have the bye; the own P1's "
    "pairing (more pairs) stands without the colour test (reading 86)"
)
#: Reading 88: at a lowered P1 the highest moved-down player kept from the bye.
HIGHEST_MDP_PAIRED_NOTE = (
    "C.13: at a lowered P1 the highest player moved down into this bracket would get the "
    "bye; P1 lowered once more with M1 kept pairs him and a resident gets it (reading 88)"
)
#: Reading 89: reading 25's "not to the bye" when the bye goes to him either way.
SAME_BYE_NOTE = (
    "C.13: the higher moved-down player floating here gets the bye also when the lower "
    "ones float instead; the pairing found stands (reading 89)"
)
#: Reading 90: the bye of a split join lower at the level of the part's first pairing.
LOWER_BYE_FIRST_LEVEL_NOTE = (
    "C.13: a later pairing of the part found at a lower level than its first one, judged "
    "at the first one's level: the bye to a player with a lower score (reading 90)"
)
#: Reading 87: the join at once after a P = 0 re-pairing paired by B.3 first.
CLOSEST_JOIN_NOTE = (
    "the join at once paired closest by B.3 with the bye's pair, D.3's sets at each level"
)
#: Reading 92: a join treated as homogeneous gives the bye by B.3 with the bye's pair.
HOMOGENEOUS_JOIN_BYE_NOTE = (
    "the joined bracket, treated as homogeneous, gives the bye to the player for whom the "
    "pairing of the others plus the bye's pair is the closest by B.3"
)
#: Reading 93: reading 25's "not to the bye" only once the lower ones need a colour
#: concession that the pairing found does not.
D3_BEFORE_COLOURS_NOTE = (
    "C.13: the higher moved-down player floats to the bye in a pairing found with no "
    "colour concession, the lower ones only with one; C.8.b's other D.3 set comes "
    "before C.10 and the pairing found stands (reading 93)"
)
#: Reading 94: after C.12, C.13's another pairing at the own P1 with M1 lowered stands.
AFTER_C12_NOTE = (
    "C.13: the bracket was paired again by C.12 before; the pairing found at its own P1 "
    "with M1 lowered (C.14.b2) stands (reading 94)"
)
#: Reading 95: reading 25's colour test yields to B.3 over both brackets.
FARTHER_OWN_P1_NOTE = (
    "C.13: the pairing at the own P1 needs fewer colour concessions but is farther apart "
    "by B.3 over both brackets; P1 lowered (reading 95)"
)
#: Reading 96: reading 25's colour test does not lower P1 for Z alone.
Z_ALONE_NOTE = (
    "C.13: P1 lowered needs fewer colour concessions only in Z (both players of a pair "
    "wanting one colour strongly), no part of a pairing's quality; the own P1 is the "
    "closer by B.3 over both brackets and stands (reading 96)"
)
#: Reading 97: reading 21's bye test at the own P1 above brackets C.1 emptied.
EMPTIED_JOIN_NOTE = (
    "C.13: the brackets joined below were emptied by C.1 (one score bracket in substance); "
    "a moved-down player floats at the own P1 (P1 = M1) only when the bye then has the "
    "lowest score the two brackets allow, reading 21's bye test (reading 97)"
)
#: Reading 99: reading 21's bye test at P1 = M1 = 1, M1 = 0 for it.
M1_ZERO_BYE_NOTE = (
    "C.13: with P1 lowered to 1 and M1 = 1 the bye would go to a player moved down into "
    "this bracket with a higher score than the two brackets allow (reading 21's bye test); "
    "M1 = 0 and the bracket managed as homogeneous give it the lowest (reading 99)"
)
#: Reading 85: reading 25's colour test over both brackets when B.3 does not decide.
BOTH_BRACKETS_NOTE = (
    "C.13: P1 lowered and the own P1 alike by B.3 over both brackets; B.4's colour "
    "concessions counted over both brackets (reading 85)"
)
#: Reading 82: the join at once of reading 41 farther apart than the split by reading
#: 78's measure.
JOIN_FARTHER_NOTE = (
    "joining at once after the re-pairing is farther apart by B.3 with the bye's pair "
    "(the squares of the differences plus the bye's pair)"
)
#: Readings 43, 60: no pairing of the joined bracket is closer than the split's by the
#: sum of the squared score differences.
SQUARES_NOTE = (
    "the joined bracket's closest pairing is not closer by the squares of the differences (B.3)"
)
#: ... and how many when the part's first pairing already needs a colour conflict (X or
#: Z): a speed bound (50, 200 and 2,000 pair every reference round alike).
CONFLICT_JOINT_LIMIT = 50

#: C.13 in a part of a split join with a bye (reading 13, "bye of a split join"):
#: how many of the part's pairings, in the procedure's order (a pairing comes again at
#: each later level), are looked at for a lower bye.
BYE_LIMIT = 300

#: C.13, a split join judged by B.3 (reading 23): how many pairings of the joined
#: bracket, in the procedure's order, are looked at for the closest one.
B3_LIMIT = 1000


@dataclass
class _Frame:
    """A bracket already paired: its players, who C.1 moved down, its pairing."""

    residents: list[LegacyPlayer]
    incoming: list[LegacyPlayer]
    moved: list[LegacyPlayer]
    players: list[LegacyPlayer]
    current: Candidate
    notes: list[str] = field(default_factory=list)
    #: The articles (C.12, C.13) by which the bracket was paired again.
    repaired: list[str] = field(default_factory=list)
    #: C.12: the sets of players this bracket has moved down so far (never again).
    sent: list[frozenset[int]] = field(default_factory=list)
    #: C.13, C-split: the bracket is a part of a joined lowest bracket paired again
    #: on its own; its players moving on to the next part are no downfloaters (B.5,
    #: B.6) (reading 13).
    split_part: bool = False

    def down(self, by_number: Mapping[int, LegacyPlayer]) -> list[LegacyPlayer]:
        return self.moved + [by_number[n] for n in self.current.unpaired]


@dataclass
class BracketPairing:
    """How one bracket was paired (for ``--explain``): its residents and the players
    moved down into it (A.2 order), the notes of the procedure on it (C.1, C.12,
    C.13) and of the bracket on how its pairing was found (C.2 values, C.6-C.9 steps,
    C.10 lowered requirements, C.14), its pairs (S1 player first) and the players it
    moved down (in the lowest bracket: the bye)."""

    score: Fraction | None
    residents: list[int]
    incoming: list[int]
    steps: list[str]
    pairs: list[tuple[int, int]]
    unpaired: list[int]
    lowest: bool = False
    #: C.1: players moved down without an opponent in the bracket.
    moved: list[int] = field(default_factory=list)
    #: C.12, C.13: the bracket was paired again so that a lower one can be paired.
    repaired: list[str] = field(default_factory=list)
    #: C.10: the requirements lowered for its pairing (article and requirement index
    #: of ``criteria``, e.g. ("C.10.d", B5_DOWN)).
    relaxed: list[tuple[str, int]] = field(default_factory=list)
    #: C.14: the reductions of P1 and M1 made before (articles, e.g. "C.14.a").
    reductions: list[str] = field(default_factory=list)
    #: C.13: the lowest bracket is two or more score brackets joined.
    joined: bool = False
    #: C.13, C-split: a part of a joined lowest bracket paired again on its own (its
    #: players moving on are no downfloaters for B.5/B.6, reading 13).
    split_part: bool = False
    #: A joined lowest bracket's S1 when it is not its players moved down (reading 23:
    #: the players the re-paired bracket moved down); empty otherwise.
    s1_movers: list[int] = field(default_factory=list)


@dataclass
class RoundResult:
    """The pairs (S1 player first), the bye, S1 positions (E.5), how each bracket was
    paired, top-down, and the procedure's notes on the round (C.13 backtracks and
    joined brackets)."""

    pairs: list[tuple[int, int]]
    bye: int | None
    s1_position: dict[int, int]
    brackets: list[BracketPairing] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    #: The pairs made in the remainder of a heterogeneous bracket, which B5/B6 for
    #: upfloaters do not bound (reading 33).
    remainder: set[frozenset[int]] = field(default_factory=set)


def score_differences(
    pairs: Sequence[tuple[int, int]], by_number: Mapping[int, LegacyPlayer]
) -> tuple[Fraction, ...]:
    """B.3 of ``pairs``: "the difference of the scores of two players paired against
    each other", largest first (compared as tuples: smaller is closer)."""
    return tuple(
        sorted((abs(by_number[a].score - by_number[b].score) for a, b in pairs), reverse=True)
    )


def _score_groups(players: Sequence[LegacyPlayer]) -> list[list[LegacyPlayer]]:
    """A.3: players with equal scores, highest score first, each in A.2 order."""
    by_score: dict[Fraction, list[LegacyPlayer]] = {}
    for p in sorted(players, key=a2_key):
        by_score.setdefault(p.score, []).append(p)
    return [by_score[s] for s in sorted(by_score, reverse=True)]


def _first(candidates: Iterator[Candidate]) -> Candidate | None:
    return next(candidates, None)


def _paired(cand: Candidate, players: Sequence[LegacyPlayer]) -> bool:
    """Does the pairing ``cand`` give every one of ``players`` an opponent?"""
    paired = {n for pair in cand.pairs for n in pair}
    return all(p.number in paired for p in players)


def _floater_scores(cand: Candidate, by_number: Mapping[int, LegacyPlayer]) -> list[Fraction]:
    """The scores of the players ``cand`` moves down (B.3), highest first."""
    return sorted((by_number[n].score for n in cand.unpaired), reverse=True)


def _concessions(costs: Sequence[int]) -> tuple[int, ...]:
    """The colour requirements of a level or of costs - B.2 for top scorers, A.7.d, X,
    Z - most important first."""
    return tuple(costs[B2 : Z + 1])


def _z_alone(more: tuple[int, ...], fewer: tuple[int, ...]) -> bool:
    """Reading 96: do the colour concessions ``more`` exceed ``fewer`` (both
    `_concessions`) in Z only, B.2, A.7.d and X being equal? Z counts the pairs whose
    players both want one colour strongly or absolutely; A.8's preamble ranks a pairing
    by the pairs fulfilling both players' colour preferences (X), not by Z.

    >>> _z_alone((0, 0, 1, 1), (0, 0, 1, 0))
    True
    >>> _z_alone((0, 0, 2, 1), (0, 0, 1, 0))
    False
    """
    return more[:-1] == fewer[:-1] and more[-1] > fewer[-1]


def _colour_concessions(cand: Candidate) -> tuple[int, ...]:
    """The colour requirements of the level at which the procedure found ``cand``
    (`_concessions`; reading 13, "the lowest moved-down players float first")."""
    return _concessions(cand.level)


def _mdps(frame: _Frame) -> list[LegacyPlayer]:
    """The players moved down into ``frame``'s bracket (a higher score than its
    residents')."""
    score = frame.residents[0].score
    return [p for p in frame.players if p.score > score]


def _floats_mdp_over_lower(frame: _Frame, cand: Candidate) -> bool:
    """Reading 47: does ``cand`` move down a player moved down into ``frame``'s bracket
    whose score is higher than that of a moved-down player it pairs (B.3, "the score
    of a floater")?"""
    mdps = _mdps(frame)
    floating = [p.score for p in mdps if p.number in cand.unpaired]
    paired = [p.score for p in mdps if p.number not in cand.unpaired]
    return bool(floating and paired) and max(floating) > min(paired)


def _other(cand: Candidate, first: Candidate | None) -> bool:
    """Is ``cand`` another pairing than ``first``?"""
    return first is None or (cand.pairs, cand.unpaired) != (first.pairs, first.unpaired)


def _names(players: Sequence[LegacyPlayer]) -> str:
    return ", ".join(str(p.number) for p in sorted(players, key=a2_key)) or "none"


@dataclass
class _SplitJoin:
    """C.13, a split join (reading 13) as reading 23 judges it: the brackets above it
    with the pairings they had when it was split, the players the re-paired bracket
    moved down (S1 of the joined bracket) and the joined brackets' residents."""

    above: list[tuple[_Frame, Candidate]]
    moved: list[LegacyPlayer]
    residents: list[LegacyPlayer]


class _Round:
    def __init__(self, players: Mapping[int, LegacyPlayer], ctx: RoundContext) -> None:
        self.by_number = dict(players)
        self.ctx = ctx
        self.events: list[str] = []
        #: The last C.13 re-pairing of a split part was decided with the lowest bracket.
        self.joint_chose = False
        #: ... by the score of the player who gets the bye (reading 13, "bye of a split join").
        self.bye_chose = False
        #: The lowest bracket's pairing of a set of players (C.13 asks for the same
        #: sets again and again: each reading's test, each level of the bracket above).
        self._lowest: dict[
            tuple[frozenset[int], frozenset[int] | None, bool], Candidate | None
        ] = {}
        #: C.13: the P = 0 re-pairings above joined brackets that were followed by the
        #: split in this pass.
        self.p0_splits: list[tuple[int, tuple[tuple[int, int], ...]]] = []
        #: The same for re-pairings with P > 0 (reading 32).
        self.p_splits: list[tuple[int, tuple[tuple[int, int], ...]]] = []
        #: Reading 32: every re-pairing with P > 0 above joined brackets joined at once.
        self.join_every_p = False
        #: ... with S1 the re-pairing's floaters only (reading 41) ...
        self.join_floaters_s1 = False
        #: ... and the players C.1 moved down from each bracket re-paired with P > 0
        #: above joined brackets (parallel to ``p_splits``).
        self.p_c1_moved: list[frozenset[int]] = []
        #: Every player each re-pairing with P > 0 (``p_splits``) moved down.
        self.p_moved: list[frozenset[int]] = []
        #: The kind of the round's first split: True after a P = 0 re-pairing, False
        #: after one with P > 0 (None: no split).
        self.first_split_p0: bool | None = None
        #: ... and whether each of those re-paired brackets was itself a part of an
        #: earlier split (reading 34).
        self.p0_in_part: list[bool] = []
        #: ... and the players each of those re-pairings moved down (S1 of the join,
        #: reading 51).
        self.p0_moved: list[frozenset[int]] = []
        #: C.13 (reading 30, "as close, joined"): every P = 0 re-pairing above joined
        #: brackets is joined at once (the pass `pair_round` compares with the split).
        self.join_every_p0 = False
        #: C.13 (reading 37): the last re-pairing was of a bracket from which C.1 moved
        #: on a player moved down into it; with P = 0 it moves the entire bracket down.
        self.c1_mover_repaired = False
        #: C.13 (reading 66): the last re-pairing kept M1 past a player moved on.
        self.moved_on_kept_m1 = False
        #: C.13 (reading 79): the last re-pairing kept M1 for a pairing with no colour
        #: concession.
        self.kept_m1_for_the_colours = False
        #: The step note of the reading among 84-95 that decided the last C.13 re-pairing.
        self.c13_note: str | None = None

    # -- the lowest bracket -------------------------------------------------------

    def lowest_pairing(
        self,
        players: Sequence[LegacyPlayer],
        movers: frozenset[int] | None = None,
        *,
        floaters_joined: bool = False,
    ) -> Candidate | None:
        """The lowest bracket: P0 pairs, the player left over (if any) gets the bye.
        ``movers``: the bracket was joined (C.13), these players (the latest added
        score bracket) form S1; ``floaters_joined``: they are the floaters of a
        re-pairing joined at once (reading 41), and a lowered M1 tries D.3's sets at
        each level before the bye's score (reading 80)."""
        key = (frozenset(p.number for p in players), movers, floaters_joined)
        if key not in self._lowest:
            bracket = ScoreBracket(
                players, self.ctx, lowest=True, movers=movers, d3_sets_first=floaters_joined
            )
            first = _first(bracket.candidates())
            if movers is not None and not floaters_joined:
                if self.join_every_p0:
                    first = self._closest_join_at_once(players, movers, first)
                elif bracket.treated_homogeneous:
                    first = self._homogeneous_join_bye(bracket, movers, first)
            self._lowest[key] = first
        return self._lowest[key]

    def _closest_join_at_once(
        self,
        players: Sequence[LegacyPlayer],
        movers: frozenset[int],
        first: Candidate | None,
    ) -> Candidate | None:
        """Reading 87, "B.3 over the join at once" (C.13's join after a re-pairing
        with P = 0, S1 the re-paired bracket's players; B.3 before the colours and the
        floats in C's order of quality): among the joined bracket's pairings in the
        procedure's order with D.3's other sets tried at each level (reading 80) - as
        many moved-down players paired, the bye's score not fixed first - the first
        one closest by reading 78's measure (the squared score differences plus the
        bye's pair) is taken when it is closer than ``first``, the procedure's
        pairing; a tie keeps ``first``."""
        if first is None:
            return None

        def measure(cand: Candidate) -> Fraction:
            bye = cand.unpaired[0] if cand.unpaired else None
            return _squares_with_the_bye(cand.pairs, bye, self.by_number)

        bracket = ScoreBracket(players, self.ctx, lowest=True, movers=movers, d3_sets_first=True)
        best, least = first, measure(first)
        for cand in islice(bracket.candidates(), B3_LIMIT):
            closeness = measure(cand)
            if closeness < least:
                best, least = cand, closeness
        if best is first:
            return first
        return replace(best, notes=(*best.notes, f"C.13: {CLOSEST_JOIN_NOTE} (reading 87)"))

    def _homogeneous_join_bye(
        self,
        joined: ScoreBracket,
        movers: frozenset[int],
        first: Candidate | None,
    ) -> Candidate | None:
        """Reading 92, "a homogeneous join's bye by B.3 with the bye's pair" (C.13's
        join of the two lowest brackets; A.3: at least half of its players come from the
        latest added bracket, so it is treated as homogeneous and has no moved-down
        players to pair first; B.3 read with reading 77's bye's pair). The procedure
        fixes the bye's score first, as low as possible (reading 9). Here every player
        of the joined bracket who may have the bye (B.1.b) is tried: the procedure's
        first pairing of the others (the same join without him), plus his bye's pair,
        by reading 78's measure (`_squares_with_the_bye`); the closest is taken when it
        is strictly closer than ``first``, the procedure's pairing (a tie keeps
        ``first``). Only for a join made by C.13 itself, not for reading 87's join at
        once after a P = 0 re-pairing above joined brackets (which has its own
        search)."""
        if first is None or not first.unpaired:
            return first
        players = joined.players
        best, least = first, _squares_with_the_bye(first.pairs, first.unpaired[0], self.by_number)
        for index, bye in enumerate(players):
            if not bye.bye_eligible or bye.number == first.unpaired[0]:
                continue
            others = [p for p in players if p is not bye]
            rest = ScoreBracket(others, self.ctx, lowest=True, movers=movers - {bye.number})
            found = _first(rest.candidates())
            if found is None:
                continue
            closeness = _squares_with_the_bye(found.pairs, bye.number, self.by_number)
            if closeness < least:
                best = replace(
                    found,
                    unpaired=(bye.number,),
                    vector=add(found.vector, joined.vcost[index]),
                )
                least = closeness
        if best is first:
            return first
        return replace(best, notes=(*best.notes, f"C.13: {HOMOGENEOUS_JOIN_BYE_NOTE} (reading 92)"))

    def lowest_with(
        self,
        moved: Sequence[LegacyPlayer],
        unpaired: Sequence[int],
        residents: Sequence[LegacyPlayer],
    ) -> Candidate | None:
        """The lowest bracket's pairing when the bracket above moves down ``moved``
        (by C.1) and the players ``unpaired`` by its pairing onto ``residents``."""
        down = [*moved, *(self.by_number[n] for n in unpaired)]
        return self.lowest_pairing(down + list(residents))

    def lowest_bye_with(
        self, frame: _Frame, unpaired: Sequence[int], residents: Sequence[LegacyPlayer]
    ) -> int | None:
        """The player the lowest bracket's pairing (`lowest_with`, below ``frame``'s
        bracket moving down ``unpaired``) gives the bye to; None when it has no
        pairing or no bye."""
        low = self.lowest_with(frame.moved, unpaired, residents)
        return low.unpaired[0] if low is not None and low.unpaired else None

    def lowest_possible(self, players: Sequence[LegacyPlayer]) -> bool:
        """Can the lowest bracket with these players be paired at all (P0 pairs and a
        bye for a player who may receive it)?"""
        best = self._most_pairs(players, lowest=True)
        return best is not None and best.pairs == len(players) // 2 and best.bye_ok

    # -- C.12 ----------------------------------------------------------------------

    def c12_backtrack(
        self,
        frame: _Frame,
        residents: list[LegacyPlayer],
        *,
        p1: int | None = None,
        lowest: bool = False,
        whole: bool = False,
    ) -> Candidate | None:
        """C.12: another pairing of the previous bracket that moves down another set
        of players of the same size and with the same scores, and "this now allows P1
        pairings to be made" in the current bracket.

        ``p1`` None (C.1 found a moved-down player without opponent): with the new
        set the current bracket can be paired better than with the old one (reading
        14, `_c12_better`): more pairs, or as many with floaters of lower scores.
        ``p1`` given (the bracket cannot make P1 = P0 pairs with its moved-down
        players): the bracket can make ``p1`` pairs.
        ``lowest`` (the current bracket is the lowest): its first pairing is complete
        (P0 pairs, the bye to a player who may receive it) and pairs every moved-down
        player."""
        old_down = frame.down(self.by_number)
        want = Counter(p.score for p in old_down)
        before = self._most_pairs(old_down + residents, lowest=False) if p1 is None else None
        memo: dict[tuple[int, ...], bool] = {}

        def accept(unpaired: tuple[int, ...]) -> bool:
            key = tuple(sorted(unpaired))
            if key not in memo:
                down = frame.moved + [self.by_number[n] for n in unpaired]
                numbers = frozenset(p.number for p in down)
                ok = (
                    Counter(p.score for p in down) == want
                    and numbers != frozenset(p.number for p in old_down)
                    and numbers not in frame.sent
                )
                if ok:
                    bracket = down + residents
                    mdps = [p for p in bracket if p.score > residents[0].score]
                    if lowest:
                        first = self.lowest_pairing(bracket)
                        ok = first is not None and _paired(first, mdps)
                    elif p1 is None:
                        ok = self._c12_better(bracket, before, frame, unpaired)
                    elif whole:
                        ok = self._max_pairs(bracket) >= p1 and not self._mdp_short(bracket)
                    else:
                        ok = self._max_pairs(bracket) >= p1
                memo[key] = ok
            return memo[key]

        frame.sent.append(frozenset(p.number for p in old_down))
        bracket = self._repairing(frame, accept)
        return _first(bracket.candidates())

    def _take_c12(self, frame: _Frame, alt: Candidate, what: str) -> list[LegacyPlayer]:
        """C.12's "this pairing in the previous score bracket will be accepted": ``frame``
        takes ``alt`` (noted as re-paired for ``what``); returns the players it now moves
        down."""
        frame.current = alt
        frame.notes.append(f"C.12: re-paired for {what}")
        frame.repaired.append("C.12")
        return frame.down(self.by_number)

    def _repairing(
        self,
        frame: _Frame,
        accept: Callable[[tuple[int, ...]], bool],
        accept_reduced: Callable[[tuple[int, ...]], bool] | None = None,
        mdp_floats: Callable[[tuple[int, ...]], bool] | None = None,
        bye_of: Callable[[tuple[int, ...]], Fraction | None] | None = None,
        own_p1_floats: Callable[[tuple[int, ...]], bool] | None = None,
        c13: bool = False,
        homogeneous_at: int | None = None,
    ) -> ScoreBracket:
        """``frame``'s bracket again, for another of its pairings (C.12, C.13) that
        ``accept`` allows; a part of a split join has no downfloaters (reading 13);
        ``accept_reduced``: C.13 reduces M1 before P1 (reading 21); ``c13``:
        C.13's another pairing outside a split part (readings 38 and 58);
        ``homogeneous_at``: only its pairings managed as homogeneous with that many
        pairs (reading 99)."""
        return ScoreBracket(
            frame.players,
            self.ctx,
            lowest=False,
            accept=accept,
            accept_reduced=accept_reduced,
            mdp_floats=mdp_floats,
            own_p1_floats=own_p1_floats,
            split_part=frame.split_part,
            bye_of=bye_of,
            c13=c13,
            homogeneous_at=homogeneous_at,
        )

    def _c12_better(
        self,
        players: Sequence[LegacyPlayer],
        before: Best | None,
        frame: _Frame,
        unpaired: tuple[int, ...],
    ) -> bool:
        """C.12's "this now allows P1 pairings to be made" for a moved-down player
        without opponent (reading 14): can ``players`` (the current bracket with the
        new set of moved-down players) be paired better than ``before`` (its best
        pairing with the old set, the player without opponent left over)? Better: more
        pairs, or as many pairs and floaters of lower scores (B.3, compared from the
        highest) when the new set leaves no moved-down player without an opponent
        (`_c12_resolved`: with as many pairs, the backtrack must at least remove what
        sent the bracket to C.12), and only when the new set lets the bracket make P1 =
        P0 pairs, P0 of its players who have an opponent there (reading 40). As good is
        not enough: the old set stays and the player moves on."""
        best = self._most_pairs(players, lowest=False)
        if best is None:
            return False
        if before is None:
            return True
        if best.pairs != before.pairs:
            return best.pairs > before.pairs
        if self._transposed_in_mdp_part(
            frame, unpaired
        ) and self._c12_as_good_with_a_resident_moved_on(players, best, before):
            return True
        # Reading 40: floaters of lower scores count only when the new set lets the
        # bracket make P1 = P0 pairs (of its players who have an opponent there).
        if best.pairs < (len(players) - len(c1_incompatible(players, self.ctx))) // 2:
            return False
        return best.floaters < before.floaters and self._c12_resolved(players)

    def _transposed_in_mdp_part(self, frame: _Frame, unpaired: tuple[int, ...]) -> bool:
        """Reading 61: does the other pairing of ``frame``'s bracket, moving ``unpaired``
        down, differ from its current one by another transposition of its moved-down
        players (C.7 in the heterogeneous part): was every player it moves down instead
        paired, in the current pairing, with a player moved down into that bracket?"""
        score = frame.residents[0].score
        partner: dict[int, int] = {}
        for a, b in frame.current.pairs:
            partner[a] = b
            partner[b] = a
        extra = set(unpaired) - set(frame.current.unpaired)
        return bool(extra) and all(
            x in partner and self.by_number[partner[x]].score > score for x in extra
        )

    def _c12_as_good_with_a_resident_moved_on(
        self, players: Sequence[LegacyPlayer], best: Best, before: Best
    ) -> bool:
        """Reading 61, C.12 "this now allows P1 pairings to be made" for a bracket with
        a resident without opponent: the new set of moved-down players, another
        transposition of the previous bracket's moved-down players (C.7: the players
        it moves down instead were paired with them), is taken with as many pairs
        (not more) when no moved-down player is left without an opponent
        (`_c12_resolved`), the floaters' scores are not higher (B.3) and the bracket
        still holds a resident without opponent (C.1 moves him down with either set):
        the bracket cannot make P0 pairs with either set, and the new one at least
        gives every player moved down into it an opponent."""
        if best.floaters > before.floaters or not self._c12_resolved(players):
            return False
        return bool(c1_incompatible(players, self.ctx))

    def _c12_resolved(self, players: Sequence[LegacyPlayer]) -> bool:
        """Does every player moved down into the bracket ``players`` have a possible
        opponent there (C.1 moves none of them, so C.1 would not send the bracket to
        C.12 again)? Reading 14, "better" by floaters only."""
        score = min(p.score for p in players)
        return not any(p.score > score for p in c1_incompatible(players, self.ctx))

    def _mdp_short(self, players: Sequence[LegacyPlayer]) -> bool:
        """Can the bracket ``players`` not pair every player moved down into it
        (M1 = M0 impossible, C.14.b2 would lower M1)?"""
        bracket = ScoreBracket(players, self.ctx, lowest=False)
        m0 = sum(1 for flag in bracket.mdp if flag)
        if m0 == 0:
            return False
        best = bracket.best(range(bracket.n), mdp_first=True)
        return best is None or best.mdp_pairs < m0

    def _max_pairs(self, players: Sequence[LegacyPlayer]) -> int:
        best = self._most_pairs(players, lowest=False)
        return 0 if best is None else best.pairs

    def _most_pairs(self, players: Sequence[LegacyPlayer], *, lowest: bool) -> Best | None:
        """The oracle's best way to pair ``players`` as one bracket (None: none)."""
        bracket = ScoreBracket(players, self.ctx, lowest=lowest)
        return lexmin(
            range(bracket.n),
            bracket.edges,
            unpaired_cost=bracket.vcost,
            score=bracket.scores,
            mdp=bracket.mdp,
            eligible=bracket.eligible,
            mdp_first=False,
            lowest=lowest,
        )

    # -- C.13 ----------------------------------------------------------------------

    def c13_backtrack(
        self,
        frame: _Frame,
        lowest_residents: list[LegacyPlayer],
        *,
        joint: bool = False,
        single: bool = False,
        emptied_only: bool = False,
    ) -> Candidate | None:
        """C.13: another pairing of the penultimate bracket which allows a pairing of
        the lowest bracket (the procedure continued: later transpositions,
        exchanges, lowered requirements, fewer pairs).

        ``joint`` (reading 13, a part of a split join; reading 26: after a re-pairing
        with P = 0 as after one with P > 0): the part and the lowest bracket are judged
        together, as the joined bracket they were (``joint_choice``).

        ``single`` (reading 21: the lowest bracket is one score bracket, nothing joined
        below; or the penultimate bracket is a part of a split join, whatever is joined
        below it, "M1 before P1 in a split part"): a heterogeneous penultimate bracket with
        P1 = M1 reduces M1 (C.14.b2) before P1, and a pairing with M1 reduced is taken only
        when the lowest bracket's pairing then pairs every player moved down into it, or
        gives the bye to one of them whose score is the lowest that any complete pairing of
        the two brackets together can give the bye
        (B.3, `_lowest_bye`).

        Reading 37, "a moved-down player moved on": when nothing is joined below and
        C.1 moved on from the bracket a player who had been moved down into it, M1 is
        not reduced at all (neither reading 21 nor reading 25's moved-down floaters):
        P1 is lowered (C.14.b1), and a re-pairing with P = 0 moves the entire bracket
        down to the lowest one (``c1_mover_repaired``: no join, `pair`).

        Reading 47: reading 25's colour test does not decide when the pairing found
        without the higher moved-down player floats one with a higher score than one it
        pairs: the pairing at the own P1 stands.

        Reading 66: above joined brackets, when C.1 moved on from the bracket a player
        moved down into it, a pairing that floats a moved-down player (M1 lowered) is
        taken only when it needs fewer colour concessions than the first pairing with
        M1 kept and P1 lowered (C.14.b1; `_moved_on_keeps_m1`).

        Readings 84 and 85, reading 25's colour test against a pairing with P1 lowered:
        the own P1 stands when that pairing would also pair two residents (C.8.b's
        other D.3 sets come before C.14 lowers P1; `_every_pair_with_an_mdp`); when
        both give the bye the same score and the same squared differences over the two
        brackets (B.3), their colour concessions are counted over both brackets (B.4;
        `_two_brackets_b3_b4`).

        Reading 91: nor is the colour test made when the moved-down players the own P1
        floats have no higher score than one it pairs and none of them gets the bye
        (not `_floats_mdp_over_lower`): the own P1 stands.

        Reading 93: reading 25's "not to the bye" is not made when the pairing found
        needs no colour concession and the one floating the lower moved-down players
        does (C.8.b's other D.3 sets before C.10). Reading 94: when C.12 paired the
        bracket again before, the colour test is not made and the own P1 with M1
        lowered stands (C.14.b2 before b1). Reading 95: the colour test's fewer
        concessions do not keep an own P1 that is farther apart by B.3 over both
        brackets. Reading 96: nor do fewer concessions in Z alone lower P1 when the own
        P1 is the closer by B.3 over both brackets (`_z_alone`).

        Reading 97: when every bracket joined below so far was one that C.1 had
        emptied (``emptied_only``: all its players moved down before any pairing was
        tried), the lowest bracket is one score bracket in substance, and a pairing
        with P1 = M1 that floats a moved-down player at the own P1 passes reading 21's
        bye test as well (``bye_at_the_floor``)."""
        accept = self.lowest_accepts(frame.moved, lowest_residents)
        self.moved_on_kept_m1 = self.kept_m1_for_the_colours = False
        self.c13_note = None
        single_c13 = single and not frame.split_part
        self.c1_mover_repaired = single_c13 and _moved_on_mdp(frame)
        if self.c1_mover_repaired:
            single = False  # no M1 before P1 (reading 21)
        #: The two brackets together (reading 21): the lowest score their bye can have.
        together = frame.players + frame.moved + lowest_residents
        lowest_bye: list[Fraction | None] = []

        def bye_at_the_floor(unpaired: tuple[int, ...]) -> bool:
            # Reading 21's bye test (reading 97 too): the lowest bracket's pairing
            # with ``unpaired`` moved down pairs every moved-down player, or gives the
            # bye to one with the lowest score the two brackets together allow.
            first = self.lowest_with(frame.moved, unpaired, lowest_residents)
            if first is None:
                return False
            if not set(first.unpaired) & ({p.number for p in frame.moved} | set(unpaired)):
                return True  # every player moved down is paired there
            # The bye goes to a moved-down player: only when no complete pairing of
            # the two brackets together gives it a lower score.
            if not lowest_bye:
                lowest_bye.append(self._lowest_bye(together))
            floor = lowest_bye[0]
            return floor is None or self.by_number[first.unpaired[0]].score <= floor

        def accept_reduced(unpaired: tuple[int, ...]) -> bool:
            return accept(unpaired) and bye_at_the_floor(unpaired)

        # Reading 13/25, "moved-down floaters": outside a split part another pairing
        # may float players moved down into the bracket (M1 lowered for them, never to
        # 0) whenever the lowest bracket then has its pairing - the test of `accept`; at
        # the bracket's own P1 see `_lowest_mdps_float`.
        mdp_floats = None if frame.split_part or self.c1_mover_repaired else accept
        #: Reading 97: the own P1's moved-down floaters pass reading 21's bye test too
        #: (``refused``: the test turned a pairing down).
        floor_at_own_p1 = (
            emptied_only
            and mdp_floats is not None
            and _every_pair_with_an_mdp(frame, frame.current)
        )
        refused = False

        def own_p1_at_the_floor(unpaired: tuple[int, ...]) -> bool:
            nonlocal refused
            if not accept(unpaired):
                return False
            if bye_at_the_floor(unpaired):
                return True
            refused = True
            return False

        def bye_of(unpaired: tuple[int, ...]) -> Fraction | None:
            bye = self.lowest_bye_with(frame, unpaired, lowest_residents)
            return None if bye is None else self.by_number[bye].score

        def repairing(
            keep: Accept | None = None,
            floats: Accept | None = mdp_floats,
            own_p1_floats: Accept | None = None,
        ) -> ScoreBracket:
            # The bracket again for C.13's another pairing; ``keep``: only pairings
            # whose players moved down it accepts too.
            if floor_at_own_p1 and floats is not None and own_p1_floats is None:
                own_p1_floats = own_p1_at_the_floor
            return self._repairing(
                frame,
                both_accept(accept, keep) or accept,
                both_accept(accept_reduced, keep) if single else None,
                floats,
                bye_of if frame.split_part else None,
                own_p1_floats,
                c13=not frame.split_part,
            )

        def further(below: Fraction) -> ScoreBracket:
            # Reading 64: only the pairings after which the lowest bracket's bye has
            # a score below ``below``.
            def lower(unpaired: tuple[int, ...]) -> bool:
                score = bye_of(unpaired)
                return score is not None and score < below

            return repairing(lower)

        bracket = repairing()
        if frame.split_part:
            lower_bye = self._lower_bye(frame, lowest_residents, bracket, further)
            if lower_bye is not None:
                self.bye_chose = True
                return lower_bye

        def first_of(candidates: Iterator[Candidate]) -> Candidate | None:
            if not joint and single_c13:
                return self._bye_not_to_a_floater(candidates, frame, lowest_residents)
            if not joint:
                return _first(candidates)
            return self.joint_choice(candidates, frame.players, frame.moved, lowest_residents)

        chosen = first_of(bracket.candidates())
        if refused and chosen is not None:
            self.c13_note = EMPTIED_JOIN_NOTE
        if mdp_floats is None or chosen is None:
            return chosen

        @cache
        def first_with_m1_kept() -> Candidate | None:
            # The first pairing with M1 kept (no moved-down player floats for a
            # lowered M1; P1 lowered, C.14.b1).
            return first_of(repairing(floats=None).candidates())

        if chosen.reductions and not _moved_on_mdp(frame):
            kept = self._highest_mdp_kept_from_the_bye(
                frame, chosen, lowest_residents, first_with_m1_kept
            )
            if kept is not None:
                # Reading 88: P1 lowered once more pairs him; a resident gets the bye.
                self.c13_note = HIGHEST_MDP_PAIRED_NOTE
                return kept
            if single:
                managed = self._m1_zero_for_the_bye(
                    frame, chosen, lowest_residents, accept_reduced, bye_at_the_floor
                )
                if managed is not None:
                    # Reading 99: reading 21's bye test at P1 = M1 = 1.
                    self.c13_note = M1_ZERO_BYE_NOTE
                    return managed
        if _moved_on_mdp(frame):
            # Reading 66: past a player moved on, a moved-down player floats only
            # for fewer colour concessions than the pairing with M1 kept.
            if _floats_an_mdp(frame, chosen) and _moved_on_keeps_m1(chosen, first_with_m1_kept()):
                self.moved_on_kept_m1 = True
                return first_with_m1_kept()
        else:
            kept = self._kept_m1_for_the_colours(
                frame, chosen, lowest_residents, first_with_m1_kept
            )
            if kept is not None:
                self.kept_m1_for_the_colours = True
                return kept

        def first_floating_only(floats: Accept) -> Candidate | None:
            # The first pairing whose moved-down floaters at the bracket's own P1 pass
            # ``floats`` too (P1 lowered when none does).
            return first_of(repairing(own_p1_floats=both_accept(mdp_floats, floats)).candidates())

        lowest_float = self._lowest_mdps_float(frame)

        @cache
        def first_with_the_lowest_floating() -> Candidate | None:
            # The first pairing that floats only the lowest moved-down players at the
            # bracket's own P1 (D.3's first set; P1 lowered when there is none).
            return first_floating_only(lowest_float)

        lower_by_score = self._lowest_mdps_float(frame, by_score=True)
        if not lower_by_score(chosen.unpaired):
            without = first_floating_only(lower_by_score)
            if self._lower_mdp_to_the_bye_for_a_higher(frame, chosen, without, lowest_residents):
                return chosen
            equal = self._equal_mdp_to_the_bye(
                frame, chosen, without, lowest_residents, first_with_the_lowest_floating
            )
            if equal is not None:
                return equal
        if lowest_float(chosen.unpaired):
            return chosen
        # A higher moved-down player floats at the bracket's own P1: only when it
        # needs fewer colour concessions than the pairing found without it.
        other = first_with_the_lowest_floating()
        if other is None or not _other(other, chosen):
            return chosen
        if len(other.pairs) == len(chosen.pairs) and self._mdp_to_bye(
            frame, chosen, lowest_residents
        ):
            if self._same_bye(frame, chosen, other, lowest_residents):
                # Reading 89: he gets the bye with the lower ones floating too.
                self.c13_note = SAME_BYE_NOTE
                return chosen
            if not any(_colour_concessions(chosen)) and any(_colour_concessions(other)):
                # Reading 93: found before C.10 lowers a colour requirement (C.8.b's
                # other D.3 sets before C.10), the pairing found stands.
                self.c13_note = D3_BEFORE_COLOURS_NOTE
                return chosen
            # Reading 25, "not to the bye": the higher moved-down player would float to
            # the bye while the lower ones can float at the same P1 (D.3's first set).
            return other
        if _floats_mdp_over_lower(frame, other):
            # Reading 47: the pairing found without the higher moved-down player
            # floats a moved-down player with a higher score than one it pairs itself:
            # it does not let the lowest moved-down players float first, and the
            # pairing at the bracket's own P1 stands (C.14 lowers P1 only when needed).
            return chosen

        @cache
        def both_brackets(cand: Candidate) -> tuple[Fraction, Fraction, tuple[int, ...]]:
            # B.3 then B.4 over the bracket and the lowest one (readings 85 and 95).
            return self._two_brackets_b3_b4(frame, cand, lowest_residents)

        if len(other.pairs) < len(chosen.pairs):
            if self._bye_only_to_mdps(frame):
                # Reading 86: one of them gets the bye whichever pairing is taken.
                self.c13_note = BYE_ONLY_TO_MDPS_NOTE
                return chosen
            if not _every_pair_with_an_mdp(frame, other):
                # Reading 84: P1 lowered would pair two residents as well.
                self.c13_note = OWN_P1_D3_NOTE
                return chosen
            own, lowered = both_brackets(chosen), both_brackets(other)
            if own[:2] == lowered[:2]:
                # Reading 85: alike by B.3, B.4 counted over both brackets.
                self.c13_note = BOTH_BRACKETS_NOTE
                return chosen if own[2] < lowered[2] else other
        if not _floats_mdp_over_lower(frame, chosen) and not self._mdp_to_bye(
            frame, chosen, lowest_residents
        ):
            # Reading 91: a moved-down player ranked above one it pairs floats (not
            # `lowest_float`, above), none with a higher score: the floaters' scores
            # are D.3's first set's, and the number of pairs decides.
            self.c13_note = EQUAL_MDP_FLOATS_NOTE
            return chosen
        if "C.12" in frame.repaired and not chosen.reductions:
            # Reading 94: C.12 re-paired the bracket before; M1 lowered at the own P1
            # (C.14.b2) stands, P1 is not lowered for the colours.
            self.c13_note = AFTER_C12_NOTE
            return chosen
        own_colours, lowered_colours = _colour_concessions(chosen), _colour_concessions(other)
        if _z_alone(own_colours, lowered_colours) and (
            both_brackets(chosen)[:2] < both_brackets(other)[:2]
        ):
            # Reading 96: fewer concessions only in Z, which is no part of a pairing's
            # quality (A.8's preamble): the own P1, closer by B.3 over both brackets,
            # stands.
            self.c13_note = Z_ALONE_NOTE
            return chosen
        if not own_colours < lowered_colours:
            return other
        if both_brackets(chosen)[1] > both_brackets(other)[1]:
            # Reading 95: fewer colour concessions, but farther apart by B.3 over both
            # brackets: P1 is lowered.
            self.c13_note = FARTHER_OWN_P1_NOTE
            return other
        return chosen

    def _same_bye(
        self,
        frame: _Frame,
        chosen: Candidate,
        other: Candidate,
        lowest_residents: list[LegacyPlayer],
    ) -> bool:
        """Reading 89, "reading 25 only when it changes the bye": does the lowest
        bracket's pairing give the bye to the same player of those ``chosen`` moves
        down whether ``chosen`` or ``other`` (the first pairing floating only the
        lowest moved-down players) is taken?"""
        bye = self._bye_to_a_floater_of_the_bracket(frame, chosen, lowest_residents)
        return (
            bye is not None and self.lowest_bye_with(frame, other.unpaired, lowest_residents) == bye
        )

    def _bye_only_to_mdps(self, frame: _Frame) -> bool:
        """Reading 86: the round has a bye (A.5) and every player who may still receive
        it (B.1.b) was moved down into ``frame``'s bracket."""
        if len(self.by_number) % 2 == 0:
            return False
        eligible = {n for n, p in self.by_number.items() if p.bye_eligible}
        return bool(eligible) and eligible <= {p.number for p in _mdps(frame)}

    def _highest_mdp_kept_from_the_bye(
        self,
        frame: _Frame,
        chosen: Candidate,
        lowest_residents: list[LegacyPlayer],
        first_with_m1_kept: Callable[[], Candidate | None],
    ) -> Candidate | None:
        """Reading 88, "the highest moved-down player not to the bye at a lowered P1"
        (C.14.b1 lowers P1 with M1 kept; B.1.b, A.5: the bye is the last floater).
        C.13's another pairing ``chosen`` was found at a lowered P1 (nothing moved on
        from the bracket: reading 66 decides there) and the lowest bracket's pairing
        then gives the bye to the highest player moved down into ``frame``'s bracket.
        When the first pairing with M1 kept (P1 lowered further) pairs him and the
        lowest bracket then gives the bye to one of the bracket's own residents, that
        pairing is taken: JaVaFo's practice (dense 90138 r9). None: ``chosen`` stands.
        """
        mdps = _mdps(frame)
        if not mdps:
            return None
        highest = max(mdps, key=lambda p: p.score)
        bye = self._bye_to_a_floater_of_the_bracket(frame, chosen, lowest_residents)
        if bye != highest.number:
            return None
        kept = first_with_m1_kept()
        if kept is None or highest.number in kept.unpaired:
            return None
        kept_bye = self.lowest_bye_with(frame, kept.unpaired, lowest_residents)
        return kept if kept_bye in {p.number for p in frame.residents} else None

    def _m1_zero_for_the_bye(
        self,
        frame: _Frame,
        chosen: Candidate,
        lowest_residents: list[LegacyPlayer],
        at_the_floor: Accept,
        bye_at_the_floor: Accept,
    ) -> Candidate | None:
        """Reading 99, "reading 21's bye test at P1 = M1 = 1" (C.14.b1 then C.14.b2's
        "If M1 is one, set M1=0, manage the bracket as homogeneous"). Above a lowest
        bracket that is one score bracket (reading 21's ``single``), C.13's another
        pairing ``chosen`` was found after C.14.b1 lowered P1 once, to 1, with M1 = 1
        kept (reading 70): its one pair pairs a moved-down player, and the lowest
        bracket's pairing then gives the bye to another player moved down into the
        bracket, with a higher score than any complete pairing of the two brackets
        together allows it (reading 21's bye test). Then the bracket is managed as
        homogeneous with one pair (M1 = 0), and its first pairing that passes the test
        is taken when it pairs two of the bracket's own players: JaVaFo's practice
        (eleventh-dense 107072 r6). None: ``chosen`` stands - when that first pairing
        pairs a moved-down player after all (D.3's other set in substance: JaVaFo keeps
        ``chosen``, in eighth-set 15074 r6, thirteenth-set 29051 r6, dense 90042 r6 and
        seven more rounds), when no pairing passes the test, when P1 was lowered more
        than once (eleventh-dense 107277 r8) or when the bye would go to a resident of
        the bracket (107107 r7, 107383 r7). ``at_the_floor``: ``accept`` and the bye
        test together (reading 21's ``accept_reduced``)."""
        if chosen.reductions != ("C.14",) or not len(chosen.pairs) == chosen.head == 1:
            return None
        moved = {p.number for p in _mdps(frame)}
        bye = self.lowest_bye_with(frame, chosen.unpaired, lowest_residents)
        if bye not in moved or bye_at_the_floor(chosen.unpaired):
            return None
        managed = _first(
            self._repairing(frame, at_the_floor, c13=True, homogeneous_at=1).candidates()
        )
        if managed is None or any(a in moved or b in moved for a, b in managed.pairs):
            return None
        return managed

    def _kept_m1_for_the_colours(
        self,
        frame: _Frame,
        chosen: Candidate,
        lowest_residents: list[LegacyPlayer],
        first_with_m1_kept: Callable[[], Candidate | None],
    ) -> Candidate | None:
        """Reading 79, "M1 kept for a pairing with no colour concession" (C.14.b: b1
        lowers P1 once the remainder was reached, b2 lowers M1 only "otherwise"; reading
        21 reads a bracket with P1 = M1 as never having reached it). C.13's another
        pairing at the bracket's own P1 (``chosen``: no C.14 reduction made), nothing
        moved on from it (reading 66 decides there), lowers M1 so that the lowest
        players moved down into the bracket float (reading 13; D.3's first set), and
        the lowest bracket's pairing then gives the bye to one of them. When that
        pairing needs a colour concession (B.2 for top scorers, A.7.d, X, Z of its
        level) and the first pairing with M1 kept and one pair fewer (C.14.b1) needs
        none, the latter is taken - when it too floats only the lowest moved-down
        players and the lowest bracket does not pair two of its floaters with each
        other (a pair the bracket could make itself, so no pair fewer in fact):
        JaVaFo's practice (dense4 96028 r5, 96146 r6, 96173 r7; eleventh-set 25102 r8,
        dense2 92096 r8). Otherwise (also when both need a concession, as in third-set
        5113 r7; without a bye, as in dense5 98241 r7; tiny 22236 r8 and dense2 92062
        r6 for the last two conditions) the lowered M1 stands. None: ``chosen``
        stands."""
        lowest_float = self._lowest_mdps_float(frame)
        if (
            chosen.reductions
            or not any(_colour_concessions(chosen))
            or not lowest_float(chosen.unpaired)
            # A moved-down player to the bye (so one floats: M1 lowered).
            or not self._mdp_to_bye(frame, chosen, lowest_residents)
        ):
            return None
        kept = first_with_m1_kept()
        if (
            kept is None
            or not _other(kept, chosen)
            or len(kept.pairs) != len(chosen.pairs) - 1
            or any(_colour_concessions(kept))
            or not lowest_float(kept.unpaired)
            or self._floaters_meet_below(frame, kept, lowest_residents)
        ):
            return None
        return kept

    def _floaters_meet_below(
        self, frame: _Frame, cand: Candidate, lowest_residents: list[LegacyPlayer]
    ) -> bool:
        """Does the lowest bracket's pairing, with the players ``cand`` moves down, pair
        two of them with each other (a pair the bracket could have made itself)?"""
        low = self.lowest_with(frame.moved, cand.unpaired, lowest_residents)
        down = set(cand.unpaired)
        return low is not None and any(a in down and b in down for a, b in low.pairs)

    def _bye_not_to_a_floater(
        self,
        candidates: Iterator[Candidate],
        frame: _Frame,
        lowest_residents: list[LegacyPlayer],
    ) -> Candidate | None:
        """Reading 39, "the bye not to a floater": C.13's another pairing of the
        penultimate bracket at its own P1 (no C.14 reduction made), nothing joined
        below: among the pairings of the first state found (as many pairs, floaters
        with the same scores, B.3), the first whose lowest bracket's pairing gives the
        bye to a player who was not moved down by it (or has no bye) is taken, at
        whatever level; none: the first one. Reading 81: the players C.1 moved on from
        the bracket (``frame.moved``) are moved down by it too, as its floaters are."""
        moved_on = {p.number for p in frame.moved}
        first: Candidate | None = None
        for tried, cand in enumerate(candidates):
            if first is None:
                first = cand
                if cand.reductions:
                    return cand  # P1 (or M1) lowered already: the first one
            elif (
                tried >= BYE_LIMIT
                or len(cand.pairs) != len(first.pairs)
                or _floater_scores(cand, self.by_number) != _floater_scores(first, self.by_number)
                or cand.reductions != first.reductions
            ):
                break  # the state is over
            low = self.lowest_with(frame.moved, cand.unpaired, lowest_residents)
            if low is not None and (
                not low.unpaired or low.unpaired[0] not in moved_on.union(cand.unpaired)
            ):
                return cand
        return first

    def _bye_to_a_floater_of_the_bracket(
        self, frame: _Frame, cand: Candidate, lowest_residents: list[LegacyPlayer]
    ) -> int | None:
        """Reading 63, "the bye to a floater of the bracket" (C.14.b1: once the
        remainder was reached P1 is lowered; B.1.b, A.5: the bye is the last floater):
        the player the lowest bracket's pairing, with the players ``cand`` moves down,
        gives the bye to when he is one of them - a player moved down into ``frame``'s
        bracket (reading 59) or one of its own residents; None otherwise."""
        bye = self.lowest_bye_with(frame, cand.unpaired, lowest_residents)
        return bye if bye in cand.unpaired else None

    def _mdp_to_bye(
        self, frame: _Frame, cand: Candidate, lowest_residents: list[LegacyPlayer]
    ) -> bool:
        """Does the lowest bracket's pairing, with the players ``cand`` moves down,
        give the bye to one of them who was moved down into ``frame``'s bracket?"""
        bye = self._bye_to_a_floater_of_the_bracket(frame, cand, lowest_residents)
        return bye is not None and self.by_number[bye].score > frame.residents[0].score

    def joint_choice(
        self,
        candidates: Iterator[Candidate],
        players: list[LegacyPlayer],
        moved: list[LegacyPlayer],
        lowest_residents: list[LegacyPlayer],
        first: Candidate | None = None,
    ) -> Candidate | None:
        """C.13, C-split (reading 13, "joint"): a pairing of the last part of a split
        join (the part right above the lowest bracket: ``players``, ``moved`` by C.1)
        judged together with the lowest bracket, as the joined bracket they were.

        ``first``: the part's first pairing (default: the first of ``candidates``);
        ``candidates``: its pairings in the procedure's order, those that leave the
        lowest bracket no complete pairing may be left out. The pairings of the first
        one's C.14 state - as many pairs, floaters with the same scores (B.3) - are
        taken level by level, and with each the lowest bracket's pairing (with the
        players the part moves down). The first whose requirements added to the
        lowest bracket's meet the level it was found at is the pairing; none: the
        first whose sum meets that level with X and Z raised to the joined bracket's
        own X1 and Z1 (A.8 over the part and the lowest bracket together); none
        either: the one whose requirements together with the lowest bracket's are
        least (reading 27, `_least_together`); no pairing of the state with a
        complete pairing of the lowest bracket among the first ``JOINT_LIMIT``
        (``CONFLICT_JOINT_LIMIT`` when ``first`` needs a colour conflict of its own):
        ``first``, as on its own. Sets ``joint_chose`` when that is not ``first``."""
        self.joint_chose = False
        joined = players + moved + lowest_residents
        x1, z1 = a8_x1_z1(joined, len(joined) // 2, self.ctx)
        fallback: Candidate | None = None  # the first meeting the raised level
        #: Each pairing of the state tried, with its requirements and the lowest
        #: bracket's together, and the level where the procedure first found it.
        together: list[tuple[Candidate, Costs, Level]] = []
        found_at: dict[tuple[tuple[int, int], ...], Level] = {}

        def limit() -> int:
            conflict = first is not None and (first.level[X] or first.level[Z])
            return CONFLICT_JOINT_LIMIT if conflict else JOINT_LIMIT

        for tried, cand in enumerate(candidates):
            if tried >= limit():
                break
            if first is None:
                first = cand
            elif len(cand.pairs) != len(first.pairs) or _floater_scores(
                cand, self.by_number
            ) != _floater_scores(first, self.by_number):
                break  # the state is over: other floaters or fewer pairs (B.3, C.14)
            low = self.lowest_with(moved, cand.unpaired, lowest_residents)
            if low is None:
                continue
            used = add(cand.vector, low.vector)
            if fits(used, cand.level):
                self.joint_chose = _other(cand, first)
                return cand
            together.append((cand, used, found_at.setdefault(cand.pairs, cand.level)))
            if fallback is None:
                level = list(cand.level)
                level[X], level[Z] = max(level[X], x1), max(level[Z], z1)
                if fits(used, level):
                    fallback = cand
        if fallback is not None:
            self.joint_chose = _other(fallback, first)
            return fallback
        if together:
            least = _least_together(together)
            self.joint_chose = _other(least, first)
            return least
        return first

    def joint_fits(
        self, cand: Candidate, moved: list[LegacyPlayer], lowest_residents: list[LegacyPlayer]
    ) -> bool:
        """Does ``cand`` with the lowest bracket's pairing (the players it moves down,
        ``moved`` by C.1 included) meet the level ``cand`` was found at? (The first
        test of ``joint_choice``, for its first pairing.)"""
        low = self.lowest_with(moved, cand.unpaired, lowest_residents)
        return low is not None and fits(add(cand.vector, low.vector), cand.level)

    def _lowest_bye(self, players: Sequence[LegacyPlayer]) -> Fraction | None:
        """The lowest score the bye can have in a complete pairing of ``players`` as
        one lowest bracket (P0 pairs, the bye to a player who may receive it); None
        when there is no bye or no complete pairing (reading 21)."""
        if len(players) % 2 == 0:
            return None
        bracket = ScoreBracket(players, self.ctx, lowest=True)
        best = bracket.best(range(bracket.n), mdp_first=False)
        if best is None or best.pairs < bracket.n // 2 or not best.bye_ok:
            return None
        return best.floaters[0]

    def lowest_accepts(
        self, moved: list[LegacyPlayer], lowest_residents: list[LegacyPlayer]
    ) -> Callable[[tuple[int, ...]], bool]:
        """C.13: does the lowest bracket have a complete pairing with the players a
        bracket moves down (``moved`` by C.1 and these)?"""
        memo: dict[tuple[int, ...], bool] = {}

        def accept(unpaired: tuple[int, ...]) -> bool:
            key = tuple(sorted(unpaired))
            if key not in memo:
                down = moved + [self.by_number[n] for n in unpaired]
                memo[key] = self.lowest_possible(down + lowest_residents)
            return memo[key]

        return accept

    def _lowest_mdps_float(
        self, frame: _Frame, *, by_score: bool = False
    ) -> Callable[[tuple[int, ...]], bool]:
        """Reading 13, "the lowest moved-down players float first": are the players
        moved down into ``frame``'s bracket that a pairing leaves unpaired all ranked
        (A.2) below those it pairs? That is M1 lowered with the first D.3 set in S1
        ("the elements in S1 start with the M1 highest players"). ``by_score``
        (reading 59): all with a lower score than those it pairs."""
        mdps = _mdps(frame)

        def lowest(unpaired: tuple[int, ...]) -> bool:
            floating = [p for p in mdps if p.number in unpaired]
            paired = [p for p in mdps if p.number not in unpaired]
            if not floating or not paired:
                return True
            if by_score:
                return min(p.score for p in paired) > max(p.score for p in floating)
            return max(a2_key(p) for p in paired) < min(a2_key(p) for p in floating)

        return lowest

    def _lower_mdp_to_the_bye_for_a_higher(
        self,
        frame: _Frame,
        chosen: Candidate,
        other: Candidate | None,
        lowest_residents: list[LegacyPlayer],
    ) -> bool:
        """Reading 75, "no lower moved-down player to the bye for a higher one" (C.14.b1
        and B.3 "the score of a floater", the bye the last floater, A.5): C.13's another
        pairing at the bracket's own P1, ``chosen``, floats a moved-down player with a
        higher score than one it pairs; the pairing found with P1 lowered, ``other``,
        floats that lower moved-down player to the bye of the lowest bracket, while
        ``chosen`` leaves the bye to a player the bracket does not move down (reading
        39's "the bye not to a floater"). The own P1 stands (no colour test of readings
        25 and 59)."""
        if other is None or not _other(other, chosen) or len(other.pairs) >= len(chosen.pairs):
            return False
        if self._bye_to_a_floater_of_the_bracket(frame, chosen, lowest_residents) is not None:
            return False  # the own P1 sends its floater to the bye itself
        bye = self._bye_to_a_floater_of_the_bracket(frame, other, lowest_residents)
        score = frame.residents[0].score
        if bye is None or self.by_number[bye].score <= score:
            return False
        floating = [p.score for p in _mdps(frame) if p.number in chosen.unpaired]
        return bool(floating) and self.by_number[bye].score < max(floating)

    def _equal_mdp_to_the_bye(
        self,
        frame: _Frame,
        chosen: Candidate,
        other: Candidate | None,
        lowest_residents: list[LegacyPlayer],
        own_first: Callable[[], Candidate | None],
    ) -> Candidate | None:
        """Reading 59, "an equal moved-down player to the bye at a lowered P1" (C.14.b1
        and B.3, "the score of a floater"): C.13's another pairing at the bracket's own
        P1, ``chosen``, floats a moved-down player whose score is no lower than that of
        a moved-down player it pairs (ranked below him, or equal: reading 25 reads "the
        lowest" by rank). The pairing found with no such player floating at the own P1
        (``other``: P1 lowered, as C.14.b1 writes once the remainder was reached) is
        taken when the lowest bracket's pairing then gives the bye to one of the
        players it moves down - moved down into the bracket or (reading 63, "the bye to
        a floater of the bracket") one of its residents - and it needs no more colour
        concessions (B.2 for top scorers, A.7.d, X, Z) than ``chosen``. None: the
        procedure goes on.

        Reading 76, "P1 lowered only for B.3 or B.4": only an EQUAL moved-down player
        (none floating with a higher score than one paired: that is reading 47's own
        P1, which stands), and ``other`` is taken only when the two brackets' pairing
        with it is better by the relative criteria in their order than with the own
        P1 (``own_first``: its first pairing floating only the lowest moved-down
        players, D.3's first set, when it has as many pairs as ``chosen``; else
        ``chosen``): B.3 - the bye's score (the last floater), then the squared score
        differences (reading 53) - then B.4, the colour concessions of both brackets'
        pairs (`_two_brackets_b3_b4`). Equal: the own P1 stands (C.14.b1 lowers P1
        only when needed)."""
        if (
            other is None
            or not _other(other, chosen)
            or len(other.pairs) >= len(chosen.pairs)
            or _floats_mdp_over_lower(frame, chosen)
            or self._bye_to_a_floater_of_the_bracket(frame, other, lowest_residents) is None
            or _colour_concessions(chosen) < _colour_concessions(other)
        ):
            return None
        own = own_first()
        if own is None or len(own.pairs) != len(chosen.pairs):
            own = chosen
        lowered = self._two_brackets_b3_b4(frame, other, lowest_residents)
        if lowered >= self._two_brackets_b3_b4(frame, own, lowest_residents):
            return None
        return other

    def _two_brackets_b3_b4(
        self, frame: _Frame, cand: Candidate, lowest_residents: list[LegacyPlayer]
    ) -> tuple[Fraction, Fraction, tuple[int, ...]]:
        """Reading 76: ``cand`` with the lowest bracket's pairing after it, by the
        relative criteria in their order - B.3, the score of the player who gets the
        bye (the last floater; 0 without a bye) and the sum of the squared score
        differences of both brackets' pairs (reading 53), then B.4, their colour
        concessions (`_concessions`). Smaller is better."""
        low = self.lowest_with(frame.moved, cand.unpaired, lowest_residents)
        assert low is not None  # C.13 took only pairings the lowest bracket completes
        bye = self.by_number[low.unpaired[0]].score if low.unpaired else Fraction(0)
        squares = b3_squares(self._differences(cand.pairs + low.pairs))
        return bye, squares, _concessions(add(cand.vector, low.vector))

    def _lower_bye(
        self,
        frame: _Frame,
        lowest_residents: list[LegacyPlayer],
        bracket: ScoreBracket,
        further: Callable[[Fraction], ScoreBracket] | None = None,
    ) -> Candidate | None:
        """C.13 in a part of a split join whose lowest bracket has a bye (reading 13,
        "bye of a split join"): the part and the lowest bracket were one joined
        bracket, whose floater is the player who gets the bye, and B.3 wants "the
        score of a floater" as low as possible. Of the part's pairings with as many
        pairs as its first one (each judged at the level where the procedure first
        finds it, or at the first one's when that is higher: reading 90) and then -
        only when the first one does not allow the lowest bracket a correct pairing
        (reading 56, `_first_allows_the_lowest`) - those with fewer pairs, down to
        P = 0 (C.14; each judged at the first one's level), the one that leaves the
        bye to the player with the lowest score is taken, if that score is lower than
        with the first pairing and its requirements together with those of the
        lowest bracket's pairing meet that level (as in "joint") - or (reading 49) it
        differs from the first only in which players moved down into the part float,
        with as many pairs, and its requirements together with the lowest bracket's
        are those of the first one together with its own; ties go to the earlier
        pairing. None: the first pairing stands (or "joint" decides). At most
        ``BYE_LIMIT`` pairings are looked at.

        Reading 64, "every pairing for the bye of a split join" (B.3: the bye is the
        joined bracket's floater, its score as low as possible): the procedure finds
        a pairing again at every later level of C.10 (and with either player of a
        pair first), so those pairings can all be the first one's repeats before
        another with as many pairs comes. When the walk is cut among the pairings
        with as many pairs as the first, it goes on through those pairings, kept only
        where the lowest bracket's bye has a lower score than the best so far
        (``further``: the bracket with its pairings so filtered; the others cannot be
        taken), each judged as before, up to ``BYE_LIMIT`` more (a speed bound: 5,000
        gave the same pairing in every reference round, at up to 1.2 s a round). The
        pairings with fewer pairs are looked at only among the first ``BYE_LIMIT``
        (reading 56)."""
        pool = frame.players + frame.moved + lowest_residents
        if len(pool) % 2 == 0:
            return None  # no bye
        floor = min((p.score for p in pool if p.bye_eligible), default=None)
        first: Candidate | None = None
        best: Fraction | None = None
        pick: Candidate | None = None
        judged: set[tuple[tuple[int, int], ...]] = set()
        first_used: Costs | None = None  # the first's requirements with the lowest's
        fewer_too = False  # reading 56: fewer pairs looked at too
        resident = frame.residents[0].score if frame.residents else Fraction(0)
        mdps = {p.number for p in frame.players if p.score > resident}

        def judge(cand: Candidate, fewer: bool) -> bool:
            """Take ``cand`` if it leaves the bye to a lower score within its level;
            True when no lower score is left to look for."""
            nonlocal best, pick
            if cand.pairs in judged:
                return False  # judged at the level where it was first found
            judged.add(cand.pairs)
            down = frame.moved + [self.by_number[n] for n in cand.unpaired]
            assert best is not None and first is not None and first_used is not None
            if not any(p.bye_eligible and p.score < best for p in down + lowest_residents):
                return False
            low = self.lowest_with(frame.moved, cand.unpaired, lowest_residents)
            if low is None or not low.unpaired:
                return False
            score = self.by_number[low.unpaired[0]].score
            # Reading 90: as many pairs, judged at the level it was found at or the
            # first pairing's, whichever is higher (the part was re-paired there).
            level = first.level if fewer else higher_level(cand.level, first.level)
            used = add(cand.vector, low.vector)
            # Reading 49: another set of the players moved down into the part (D.3),
            # the same residents floating, as many pairs as the first pairing and the
            # same requirements, with the lowest bracket's, as the first one.
            other_mdps = (
                not fewer
                and set(cand.unpaired) - mdps == set(first.unpaired) - mdps
                and used == first_used
            )
            if (
                score < best
                and (fits(used, level) or other_mdps)
                and _no_more_colour_concessions(used, first_used)
            ):
                best, pick = score, cand
                # Reading 90's step note when only the first pairing's level lets it.
                raised = not fewer and not other_mdps and not fits(used, cand.level)
                self.c13_note = LOWER_BYE_FIRST_LEVEL_NOTE if raised else None
                return best == floor
            return False

        walked = 0
        as_many = False  # the last pairing walked had as many pairs as the first
        for cand in islice(bracket.candidates(), BYE_LIMIT):
            walked += 1
            if first is None:
                first = cand
                low = self.lowest_with(frame.moved, cand.unpaired, lowest_residents)
                if low is None or not low.unpaired:
                    return None
                best = self.by_number[low.unpaired[0]].score
                first_used = add(cand.vector, low.vector)
                if best == floor:
                    return None  # no bye can have a lower score
                judged.add(cand.pairs)
                fewer_too = not _first_allows_the_lowest(cand, first_used)
                continue
            # Fewer pairs (C.14, down to P = 0) too: judged at the first pairing's
            # level, the level the part was re-paired at (reading 13, "bye of a
            # split join", fewer pairs) - only when the first pairing does not allow
            # the lowest bracket a correct pairing (reading 56).
            fewer = len(cand.pairs) != len(first.pairs)
            as_many = not fewer
            if fewer and not fewer_too:
                break  # the states with fewer pairs come last (C.14)
            if judge(cand, fewer):
                return pick
        if walked < BYE_LIMIT or not as_many or further is None or first is None:
            return pick
        assert best is not None
        # Reading 64: the walk was cut among the pairings with as many pairs as the
        # first one; the others of them that leave the bye to a lower score follow.
        for cand in islice(further(best).candidates(), BYE_LIMIT):
            if len(cand.pairs) != len(first.pairs) or judge(cand, False):
                break
        return pick

    # -- B.3 over a split join (reading 23) -------------------------------------------

    def _differences(self, pairs: Sequence[tuple[int, int]]) -> tuple[Fraction, ...]:
        return score_differences(pairs, self.by_number)

    def closest_squares(self, players: Sequence[LegacyPlayer]) -> Fraction | None:
        """B.3 by the squares over ``players`` (an even number) paired among themselves
        (reading 60): the least sum of the squared score differences (`b3_squares`) of a
        pairing of them all (B.1, B.2 respected); None when they cannot all be paired.
        A maximum-weight matching of the greatest cardinality, each pair's weight the
        more below a constant the farther apart its scores."""
        n = len(players)
        if n % 2:
            return None
        # Scores are whole or half points: four times a squared difference is whole.
        weight = {
            (i, j): int(4 * (players[i].score - players[j].score) ** 2)
            for i in range(n)
            for j in range(i + 1, n)
            if b1_b2_compatible(players[i], players[j], self.ctx)
        }
        top = 4 * n * max(weight.values(), default=0) + 1
        edges = [(i, j, top - w) for (i, j), w in weight.items()]
        mate = max_weight_matching(n, edges, max_cardinality=True)
        if any(m < 0 for m in mate):
            return None
        return b3_squares(
            self._differences(
                [(players[i].number, players[m].number) for i, m in enumerate(mate) if i < m]
            )
        )

    def _closest_pairs(
        self,
        joined: Sequence[LegacyPlayer],
        byes: Sequence[LegacyPlayer],
        best: Fraction,
    ) -> frozenset[frozenset[int]]:
        """The pairs (by number) of ``joined`` that belong to at least one of its
        pairings with the least sum of squared score differences ``best`` (with one of
        ``byes`` unpaired when there are any): a pair belongs to one exactly when its own
        square plus the least sum of the others paired among themselves is ``best``.
        One matching per pair and bye, so the search for the closest pairing walks
        only such pairs (reading 60)."""
        close: set[frozenset[int]] = set()
        unpaired: Sequence[LegacyPlayer | None] = byes or [None]
        for bye in unpaired:
            rest = [q for q in joined if q is not bye]
            if self.closest_squares(rest) != best:
                continue
            for i, a in enumerate(rest):
                for b in rest[i + 1 :]:
                    square = (a.score - b.score) ** 2
                    if square > best or not b1_b2_compatible(a, b, self.ctx):
                        continue
                    others = self.closest_squares([q for q in rest if q is not a and q is not b])
                    if others is not None and square + others == best:
                        close.add(frozenset((a.number, b.number)))
        return frozenset(close)

    def b3_split_join(
        self,
        split: _SplitJoin,
        frames: list[_Frame],
        lowest: Candidate,
    ) -> RoundResult | None:
        """C.13 after a backtrack above joined brackets (reading 23, "B.3 over a split
        join"): the brackets below were split and paired one by one (reading 13); they
        are still one joined score bracket for B.3, and "the closeness of the scores of
        the players playing each other" comes before the colours (C, the order of
        quality). When the split's pairing of the joined players (``frames`` below
        ``split.above`` and the lowest bracket's ``lowest``) is farther apart than the
        closest pairing of them with a bye of the same score (B.3 fixes the floater's
        score, not the player), the joined bracket is paired as one instead (S1: the
        players the re-paired bracket moved down; its first pairing in the procedure's
        order, among the first ``B3_LIMIT``, with such a bye and the closest pairs).
        None: the split's pairing stands (also when a later backtrack changed a bracket
        above).

        Reading 60, "a split join by the squares" (B.3 "as small as possible" read over
        all the pairs, as reading 53 reads it everywhere else): how close a pairing is
        is the sum of the squared score differences (`bracket.b3_squares`), not its
        differences compared from the largest down; the join is taken only when it is
        closer by that sum, a tie keeps the split (this also covers reading 43).

        Reading 78, "a split join by B.3 with the bye's pair": the bye's score is not
        fixed to the split's. Each score that a player of the joined bracket who may
        have the bye has is measured by the closest pairing of the others plus the bye's
        pair (reading 77, `_below_the_lowest`); the join is taken when the least measure
        is below the split's (its squares plus its bye's pair), with the bye at that
        score (a tie keeps the split's bye score, else the lowest)."""
        depth = len(split.above)
        if len(frames) < depth or any(
            frames[i] is not f or f.current is not c for i, (f, c) in enumerate(split.above)
        ):
            return None
        joined = split.moved + split.residents
        numbers = {p.number for p in joined}
        pairs = [pr for f in frames[depth:] for pr in f.current.pairs] + list(lowest.pairs)
        inside = [pr for pr in pairs if pr[0] in numbers and pr[1] in numbers]
        bye = tuple(n for n in lowest.unpaired if n in numbers)
        if 2 * len(inside) + len(bye) != len(joined):
            return None
        scores = [self.by_number[n].score for n in bye]
        squares = b3_squares(self._differences(inside))
        if bye:
            # Reading 78: the bye's score is not fixed; each score a player who may have
            # the bye has, with the closest pairing of the others, is measured with the
            # bye's pair (reading 77).
            below = _below_the_lowest(self.by_number)
            closest: dict[Fraction, Fraction] = {}
            for p in joined:
                if p.bye_eligible:
                    d = self.closest_squares([q for q in joined if q is not p])
                    if d is not None and (p.score not in closest or d < closest[p.score]):
                        closest[p.score] = d
            measure = {score: d + _bye_pair(score, below) for score, d in closest.items()}
            least = min(measure.values(), default=None)
            if least is None:
                return None
            if least >= squares + _bye_pair(scores[0], below):
                self.events.append(f"C.13: {SQUARES_NOTE}: the split stands")
                return None
            # A tie keeps the split's bye score, else the lowest.
            tied = sorted(score for score, m in measure.items() if m == least)
            scores = [scores[0] if scores[0] in tied else tied[0]]
            best = closest[scores[0]]
            byes = [p for p in joined if p.bye_eligible and p.score == scores[0]]
        else:
            whole = self.closest_squares(joined)
            if whole is None:
                return None
            if squares <= whole:
                self.events.append(f"C.13: {SQUARES_NOTE}: the split stands")
                return None
            best, byes = whole, []
        # A pair that is in no closest pairing is left out of the search (as B.1 would),
        # which keeps the order of the rest.
        close = self._closest_pairs(joined, byes, best)
        apart = frozenset(
            pr
            for i, a in enumerate(joined)
            for b in joined[i + 1 :]
            if (pr := frozenset((a.number, b.number))) not in close
        )
        ctx = replace(self.ctx, forbidden=self.ctx.forbidden | apart)
        bracket = ScoreBracket(
            joined, ctx, lowest=True, movers=frozenset(p.number for p in split.moved)
        )
        for cand in islice(bracket.candidates(), B3_LIMIT):
            bye_scores = [self.by_number[n].score for n in cand.unpaired]
            if bye_scores == scores and b3_squares(self._differences(cand.pairs)) == best:
                note = f"C.13: {SPLIT_B3_NOTE}: the joined bracket paired as one"
                self.events.append(note)
                result = self._finish(frames[:depth], joined, cand, joined=True)
                result.brackets[-1].steps.insert(0, note)
                result.brackets[-1].s1_movers = [p.number for p in split.moved]
                return result
        return None

    # -- the round -----------------------------------------------------------------

    def pair(self) -> RoundResult:
        groups = _score_groups(list(self.by_number.values()))
        original = [list(g) for g in groups]
        frames: list[_Frame] = []
        incoming: list[LegacyPlayer] = []
        #: C.13: the lowest bracket is a joined one, with these players as S1.
        movers: frozenset[int] | None = None
        #: ... they are a re-pairing's floaters joined at once (reading 41; reading 80);
        #: set with every ``movers``.
        floaters_joined = False
        #: C.13 backtracks after which the joined brackets were split again.
        split_done: set[tuple[int, tuple[tuple[int, int], ...]]] = set()
        #: C-split: the brackets from this one down are parts of a joined lowest
        #: bracket paired again one by one (None: no split so far).
        split_from: int | None = None
        #: Reading 23: the first split join, judged by B.3 when the round is paired.
        split_b3: _SplitJoin | None = None
        #: Reading 97: how many of the joins so far were of brackets C.1 had emptied.
        emptied = 0
        k = 0
        if not groups:
            return RoundResult([], None, {})
        while True:
            residents = groups[k]
            label = f"bracket {format_points(residents[0].score)}"
            if k == len(groups) - 1:
                players = incoming + residents
                cand = self.lowest_pairing(players, movers, floaters_joined=floaters_joined)
                # No C.12 into a bracket already re-paired by C.12 or C.13 (reading 14).
                blocked = _c12_disallowed(frames)
                if cand is not None and frames and not blocked and not _paired(cand, incoming):
                    # C.1 in the lowest bracket: a moved-down player who cannot be paired
                    # there without a bye against B.1.b (the pairing must be complete)
                    # has no opponent "without violating B1": C.12 first (reading 14).
                    alt = self.c12_backtrack(frames[-1], residents, lowest=True)
                    if alt is not None:
                        incoming = self._take_c12(
                            frames[-1],
                            alt,
                            "the lowest bracket (moved-down "
                            f"{_names([p for p in incoming if not _paired(cand, [p])])} "
                            "could not be paired there)",
                        )
                        continue
                if cand is not None:
                    if split_b3 is not None:
                        closer = self.b3_split_join(split_b3, frames, cand)
                        if closer is not None:
                            return closer
                    return self._finish(frames, players, cand, joined=movers is not None)
                # C.13: backtrack to the penultimate bracket.
                self.events.append(
                    f"{label} (lowest): no acceptable pairing with moved-down "
                    f"{_names(incoming)}; C.13 backtracks"
                )
                if not frames:
                    raise NoPairingError(
                        f"round {self.ctx.round_number}: no pairing satisfies the absolute "
                        "criteria (B.1, B.2) and gives the bye to a player who may receive it"
                    )
                frame = frames[-1]
                self.joint_chose = self.bye_chose = False
                alt = self.c13_backtrack(
                    frame,
                    residents,
                    # Reading 13's "joint" after every split, P = 0 re-pairings
                    # included (reading 26, `_joint_in_split_part`).
                    joint=_joint_in_split_part(frame),
                    # Reading 21 also in a part of a split join (second wave: "M1
                    # before P1 in a split part", fourth-set seed 7007 r10).
                    single=len(groups) == len(original) or frame.split_part,
                    # Reading 97: only brackets C.1 had emptied joined below.
                    emptied_only=emptied > 0 and len(groups) + emptied == len(original),
                )
                if alt is not None:
                    frame.current = alt
                    frame.notes.append("C.13: re-paired so that the lowest bracket can be paired")
                    if self.c1_mover_repaired:
                        frame.notes.append(
                            "C.13: a player moved down into this bracket was moved on by C.1: "
                            "M1 is not reduced, P1 is lowered (reading 37)"
                        )
                    if self.moved_on_kept_m1:
                        frame.notes.append(
                            "C.13: a player moved down into this bracket was moved on by C.1; "
                            "a moved-down player floats only for fewer colour concessions: "
                            "M1 kept, P1 lowered (C.14.b1, reading 66)"
                        )
                    if self.kept_m1_for_the_colours:
                        frame.notes.append(KEPT_M1_NOTE)
                    if self.c13_note is not None:
                        frame.notes.append(self.c13_note)
                    if self.bye_chose:
                        frame.notes.append(
                            f"C.13: {JOINT_NOTE} (a part of the "
                            "split join): B.3, the bye to a player with a lower score"
                        )
                    if self.joint_chose:
                        frame.notes.append(
                            f"C.13: {JOINT_NOTE} (a part of the "
                            "split join): not its first pairing on its own"
                        )
                    frame.repaired.append("C.13")
                    incoming = frame.down(self.by_number)
                    key = (len(frames), alt.pairs)
                    resplit = len(groups) < len(original) and key not in split_done
                    if not alt.pairs and resplit:
                        if self.join_every_p0:
                            # Joined at once: the pass that joins every P = 0
                            # re-pairing (reading 30).
                            split_done.add(key)
                            resplit = False
                        else:
                            self.p0_splits.append(key)
                            self.p0_in_part.append(frame.split_part)
                            self.p0_moved.append(frozenset(p.number for p in incoming))
                            if self.first_split_p0 is None:
                                self.first_split_p0 = True
                    if not alt.pairs and self.c1_mover_repaired and not resplit:
                        # Reading 37: P1 = 0 moves the entire score bracket down to the
                        # next one (C.14.a), its players moved down as any others.
                        movers = None
                        floaters_joined = False
                        self.events.append(
                            f"C.13: bracket {format_points(frame.residents[0].score)} "
                            "re-paired with P = 0, moved down entirely (C.14.a)"
                        )
                        continue
                    if not alt.pairs and not resplit:
                        # A re-pairing with P = 0 moves the whole bracket down: that is
                        # the join of C.13 (the reference's practice, class C), unless
                        # brackets below were joined already: then they are split and
                        # paired again one by one first, as after any other backtrack
                        # (class C-split, docs/dutch-legacy.md reading 13).
                        movers = frozenset(p.number for p in incoming)
                        floaters_joined = False
                        self.events.append(
                            f"C.13: bracket {format_points(frame.residents[0].score)} "
                            "re-paired with P = 0, joined with the lowest bracket"
                        )
                        continue
                    if alt.pairs and resplit:
                        if self.join_every_p:
                            # Joined at once (reading 32, `_join_no_worse`): the
                            # re-paired bracket's floaters are S1 of the joined bracket.
                            split_done.add(key)
                            movers = frozenset(p.number for p in incoming)
                            floaters_joined = False
                            if self.join_floaters_s1 and alt.unpaired:
                                # Reading 41: S1 is the re-pairing's floaters; the
                                # players C.1 moved down from the bracket join S2.
                                movers = frozenset(alt.unpaired)
                                floaters_joined = True
                            self.events.append(
                                f"C.13: bracket {format_points(frame.residents[0].score)} "
                                "re-paired, its floaters joined with the lowest bracket"
                            )
                            continue
                        self.p_splits.append(key)
                        self.p_c1_moved.append(frozenset(p.number for p in frame.moved))
                        self.p_moved.append(frozenset(p.number for p in incoming))
                        if self.first_split_p0 is None:
                            self.first_split_p0 = False
                    movers = None
                    floaters_joined = False
                    if resplit and split_b3 is None:
                        # Reading 23: the split's pairing is judged by B.3 over the
                        # joined players at the end (`b3_split_join`).
                        split_b3 = _SplitJoin(
                            [(f, f.current) for f in frames], list(incoming), list(groups[k])
                        )
                    if resplit:
                        # The lower score brackets are paired again one by one (the
                        # reference's practice, class C-split; docs/dutch-legacy.md).
                        split_done.add(key)
                        groups = [list(g) for g in original]
                        emptied = 0
                        k = split_from = len(frames)
                        if not alt.pairs:
                            self.events.append(
                                f"C.13: bracket {format_points(frame.residents[0].score)} "
                                "re-paired with P = 0 above joined brackets"
                            )
                        self.events.append(
                            "C.13: after the backtrack the joined score brackets are "
                            "paired again one by one"
                        )
                    continue
                # P became zero: join the two lowest brackets (C.13).
                if not frames.pop().players:
                    emptied += 1  # C.1 had moved every player of it down (reading 97)
                self.events.append(
                    f"C.13: joined bracket {format_points(groups[k - 1][0].score)} with "
                    f"the lowest bracket"
                )
                incoming = frames[-1].down(self.by_number) if frames else []
                movers = frozenset(p.number for p in incoming + groups[k - 1])
                floaters_joined = False
                groups[k - 1] = groups[k - 1] + residents
                del groups[k]
                k -= 1
                continue
            players = incoming + residents
            notes: list[str] = []
            moved = c1_incompatible(players, self.ctx)
            stuck = [p for p in moved if p.score > residents[0].score]
            # "Backtracking is disallowed when already backtracking from a lower score
            # bracket": no C.12 into a bracket that C.12 or C.13 has re-paired already
            # (reading 14: the bracket below a C.12 re-pairing is paired as part of
            # that backtrack).
            blocked = _c12_disallowed(frames)
            rest = [p for p in players if p not in moved]
            # C.12 also when the moved-down players are not the reason of a C.1 move but
            # the bracket cannot make P1 = P0 pairs with them (reading 14, "this now
            # allows P1 pairings to be made"), or cannot pair every one of them: C.12
            # comes before C.14.b2 lowers M1 (reading 22, the order C.10, C.12, C.14);
            # a player the previous bracket moved down by C.1, moved on here, does not
            # stop it (reading 52), and with him P1 counts the residents C.1 moves
            # down (reading 54).
            if incoming and _c12_past_moved_on(stuck, frames) and not blocked:
                counted = _c12_counts_residents_moved_by_c1(stuck, moved, residents)
                p1 = (len(rest) + len(counted)) // 2
                if self._max_pairs(rest) < p1:
                    whole, why = False, f"it could not make P1={p1} pairs with moved-down"
                elif self._mdp_short(rest):
                    whole, why = True, "it could not pair every moved-down player of"
                else:
                    why = ""
                kept = [p for p in residents if p not in moved or p in counted]
                if why and kept:
                    alt = self.c12_backtrack(frames[-1], kept, p1=p1, whole=whole)
                    if alt is not None:
                        incoming = self._take_c12(
                            frames[-1],
                            alt,
                            f"bracket {format_points(residents[0].score)} "
                            f"({why} {_names(incoming)})",
                        )
                        continue
            # C.12 for a moved-down player without opponent whom the previous
            # bracket moved down by its pairing; one it moved down by C.1 (no opponent
            # there either) is moved on, as C.1 does (reading 14).
            stuck_c12 = [p for p in stuck if frames and p not in frames[-1].moved]
            if stuck_c12 and frames and not blocked:
                alt = self.c12_backtrack(frames[-1], residents)
                if alt is not None:
                    incoming = self._take_c12(
                        frames[-1],
                        alt,
                        f"bracket {format_points(residents[0].score)} "
                        f"(moved-down {_names(stuck)} had no opponent there)",
                    )
                    continue
                notes.append(
                    f"C.12: no other pairing of the previous bracket helps {_names(stuck)}"
                )
            elif stuck_c12:
                notes.append(
                    f"C.12 not applied: the previous bracket was paired again already "
                    f"(no backtracking while backtracking), {_names(stuck)} moved on"
                )
            elif stuck and not stuck_c12:
                notes.append(
                    f"C.12 not applied: {_names(stuck)} moved down by C.1 in the previous "
                    "bracket, moved on"
                )
            if moved:
                notes.append(f"C.1: moved down {_names(moved)} (no possible opponent)")
            split_part = split_from is not None and k >= split_from
            if split_part:
                notes.append(
                    "C.13: a part of the joined lowest bracket paired again on its own: "
                    "its players moving on are no downfloaters (B.5, B.6); B.5/B.6 for "
                    "upfloaters apply (the joined bracket is heterogeneous)"
                )
            cand = _first(
                ScoreBracket(
                    rest,
                    self.ctx,
                    lowest=False,
                    split_part=split_part,
                ).candidates()
            )
            if (
                cand is not None
                and split_part
                and k == len(groups) - 2
                and not self.joint_fits(cand, moved, groups[k + 1])
            ):
                # The last part of a split join above the lowest bracket: judged with
                # the lowest bracket, as the joined bracket they were (reading 13).
                fitting = ScoreBracket(
                    rest,
                    self.ctx,
                    lowest=False,
                    accept=self.lowest_accepts(moved, groups[k + 1]),
                    split_part=split_part,
                ).candidates()
                cand = self.joint_choice(fitting, rest, moved, groups[k + 1], first=cand)
                if cand is not None and self.joint_chose:
                    notes.append(
                        f"C.13: {JOINT_NOTE} (the last part of "
                        "the split join): not its first pairing on its own"
                    )
            assert cand is not None  # P1 can always go down to 0
            frames.append(
                _Frame(
                    residents=residents,
                    incoming=incoming,
                    moved=moved,
                    players=rest,
                    current=cand,
                    notes=notes,
                    split_part=split_part,
                )
            )
            incoming = frames[-1].down(self.by_number)
            k += 1

    def _finish(
        self, frames: list[_Frame], lowest: list[LegacyPlayer], cand: Candidate, *, joined: bool
    ) -> RoundResult:
        pairs: list[tuple[int, int]] = []
        s1_position: dict[int, int] = {}
        brackets: list[BracketPairing] = []
        for frame in frames:
            pairs += frame.current.pairs
            s1_position.update(frame.current.s1)
            brackets.append(_bracket(frame, frame.residents, frame.incoming, frame.current))
        pairs += cand.pairs
        s1_position.update(cand.s1)
        residents = [p for p in lowest if p.score == min(q.score for q in lowest)]
        incoming = [p for p in lowest if p not in residents]
        brackets.append(_bracket(None, residents, incoming, cand))
        brackets[-1].joined = joined
        bye = cand.unpaired[0] if cand.unpaired else None
        remainder = {
            frozenset(pair)
            for c in [*(frame.current for frame in frames), cand]
            if c.head is not None
            for pair in c.pairs[c.head :]
        }
        if joined and _managed_homogeneous(cand):
            # Reading 67: a joined lowest bracket managed as homogeneous (M1 = 0,
            # C.14.b2) charges no B.5/B.6 for upfloaters (C.3.g/h, C.10.a/b).
            remainder |= {frozenset(pair) for pair in cand.pairs}
        return RoundResult(pairs, bye, s1_position, brackets, list(self.events), remainder)


def _bracket(
    frame: _Frame | None,
    residents: list[LegacyPlayer],
    incoming: list[LegacyPlayer],
    cand: Candidate,
) -> BracketPairing:
    """The record of a bracket paired by the procedure (``frame``; None: the lowest
    bracket)."""
    return BracketPairing(
        score=residents[0].score if residents else None,
        residents=[p.number for p in sorted(residents, key=a2_key)],
        incoming=[p.number for p in sorted(incoming, key=a2_key)],
        steps=[*(frame.notes if frame else []), *cand.notes],
        pairs=list(cand.pairs),
        unpaired=list(cand.unpaired),
        lowest=frame is None,
        moved=[p.number for p in sorted(frame.moved, key=a2_key)] if frame else [],
        repaired=list(frame.repaired) if frame else [],
        relaxed=list(cand.relaxed),
        reductions=list(cand.reductions),
        split_part=frame.split_part if frame else False,
    )


def pair_round(players: Mapping[int, LegacyPlayer], ctx: RoundContext) -> RoundResult:
    """Pair one round: the brackets top-down (C.1-C.14).

    C.13 after a P = 0 re-pairing above joined brackets: the joined brackets are split
    and paired one by one again (the reference's practice, reading 13); joining at once
    - C.13's words: "the two lowest score brackets are joined", the re-paired bracket
    as S1 - is taken when the join, heterogeneous, pairs more of the re-paired
    bracket's players with lower ones (reading 51, `_join_pairs_more_mdps`; it includes
    reading 42's case, the split's bye to one of them and the join's to a player
    below). (Reading 13's "the bye's float after a P = 0 split", a join for a split's
    bye to a player who floated down in the previous round, was taken out in the
    seventeenth pass: reading 78 decides its rounds first.) Otherwise the
    split stands unless joining at once pairs as close (reading 30, `_join_as_close`).
    When the round's first split followed a re-pairing with P > 0, the join at once is
    taken first when it pairs more of that re-pairing's players with lower ones
    (reading 57: `_join_pairs_more_mdps`, reading 51's count), and then, when the
    split came to a P = 0 re-pairing in its parts, the join at once when it is no worse
    (reading 62: the first split judges the round, `_join_no_worse_by_the_first_split`).
    After re-pairings with P > 0 only, the split stands unless joining at once pairs as
    close and is no worse by any requirement (reading 32, `_join_no_worse`), or, with S1
    the re-pairing's floaters, gives the bye to a lower score by B.3 (reading 41,
    `_join_lower_bye`)."""
    split = _Round(players, ctx)
    result = split.pair()
    #: The join at once after re-pairings with P > 0 (S1 every player the re-pairing
    #: moved down), paired once for readings 57, 32 and 55.
    at_once_p: RoundResult | None = None
    if split.first_split_p0 is False:
        # Reading 57: the first split followed a re-pairing with P > 0; reading 51's
        # count of the re-pairing's players paired with lower ones decides first.
        at_once_p = _paired_joined(players, ctx, p=True)
        more_paired = _join_pairs_more_mdps(
            result, at_once_p, split.p_moved[0], players, after="P > 0"
        )
        if more_paired is not None:
            return more_paired
        if split.p0_splits:
            # Reading 62: the first split judges the round (reading 32).
            no_worse = _join_no_worse_by_the_first_split(result, at_once_p, players, ctx)
            if no_worse is not result:
                return no_worse
    if not split.p0_splits:
        if not split.p_splits:
            return result
        if at_once_p is None:
            at_once_p = _paired_joined(players, ctx, p=True)
        no_worse = _join_no_worse(result, at_once_p, players, ctx)
        if no_worse is not result:
            return no_worse
        return _join_lower_bye(result, at_once_p, split.p_c1_moved[0], players, ctx)
    # The join at once, paired once for readings 50 and 30.
    at_once = _paired_joined(players, ctx, p0=True)
    more_paired = _join_pairs_more_mdps(result, at_once, split.p0_moved[0], players)
    if more_paired is not None:
        return more_paired
    return _join_as_close(result, at_once, players, in_part=split.p0_in_part[0])


def _no_more_colour_concessions(used: Costs, first_used: Costs) -> bool:
    """Reading 72, "the bye of a split join at no more colour concessions" (C.10, C.13;
    reading 13's "bye of a split join": the part of a split join and the lowest bracket
    judged as the one joined bracket they were): another pairing of the part is taken
    for a lower bye only when, together with the lowest bracket's pairing, it needs no
    more colour concessions - B.2 for top scorers, A.7.d, X, Z, compared in that order -
    than the part's first pairing together with its lowest bracket's (``first_used``).
    In the joined bracket C.10 drops A.7.d and raises X only when no pairing is found
    at the lower level; the one with fewer concessions is found first, and the bye's
    score (B.3, "the score of a floater") chooses only among pairings the procedure
    reaches no later."""
    return _concessions(used) <= _concessions(first_used)


def _first_allows_the_lowest(first: Candidate, used: Costs) -> bool:
    """Reading 56, "fewer pairs only when the first pairing fails" (C.13: "try to find
    another pairing in the penultimate score bracket which will allow a pairing in the
    lowest score bracket. If ... P becomes zero (i.e. no pairing can be found which
    will allow a correct pairing for the lowest score bracket) ..."; C.14 lowers P only
    when no pairing is found): in a part of a split join, does the part's first
    another pairing allow the lowest bracket a correct pairing - its requirements
    together with those of the lowest bracket's pairing (``used``, the part and the
    lowest bracket judged as the joined bracket they were, as in "joint") meeting the
    level the part was re-paired at? Then P is not lowered for a lower bye (reading
    13's "bye of a split join" looks only at pairings with as many pairs)."""
    return fits(used, first.level)


def _mdps_paired_down(result: RoundResult, moved: frozenset[int]) -> int:
    """The pairs of ``result`` with exactly one player of ``moved``: the moved-down
    players (S1 of the joined bracket) paired with players of the brackets below."""
    return sum(1 for a, b in result.pairs if (a in moved) != (b in moved))


def _join_pairs_more_mdps(
    split: RoundResult,
    other: RoundResult | None,
    moved: frozenset[int],
    players: Mapping[int, LegacyPlayer],
    *,
    after: str = "P = 0",
) -> RoundResult | None:
    """Reading 51, "the join pairs more of its S1": C.13 after a P = 0 re-pairing
    above joined brackets. C.13: "the two lowest score brackets are joined ... treated
    as a heterogeneous score bracket with the latest added score bracket as S1"; in a
    heterogeneous bracket M1, the moved-down players paired with the others, is
    lowered only when no pairing with M1 exists (C.14.b2, D.3). The split pairs the
    re-paired bracket's players (``moved``, S1) one by one in the brackets below, where
    some of them meet each other; when joining at once (``other``) pairs more of them
    with players of the joined brackets below than the split does, the join is taken.
    Not when the joined bracket is homogeneous by A.3 (reading 48: its S1 at least
    half of it), where M1 does not apply. A bye to one of S1 leaves him unpaired: the
    split giving it to one of them and the join to a player below (reading 42, "the
    join's bye not to a floater", which this reading replaces) is one such case. None:
    the split stands here.

    Reading 57, "the join pairs more of its S1 after P > 0": the same count when the
    round's first split followed a C.13 re-pairing with P > 0 above joined brackets,
    S1 every player that re-pairing moved down (as in reading 32); it comes before
    readings 32, 41 and 55 there (``after``: the kind of re-pairing, for the
    explanation)."""
    if other is None or not moved:
        return None
    floor = min(players[n].score for n in moved)
    joined = len(moved) + sum(1 for p in players.values() if p.score < floor)
    if 2 * len(moved) >= joined:
        return None
    in_split, in_join = _mdps_paired_down(split, moved), _mdps_paired_down(other, moved)
    if in_join <= in_split:
        return None
    other.events.append(
        f"C.13: the split after the {after} re-pairing paired {in_split} of the re-paired "
        "bracket's players with lower ones; joined at once (S1 the re-paired bracket, "
        f"C.14.b2: M1 as high as possible), {in_join}: joined"
    )
    return other


def _join_as_close(
    split: RoundResult,
    other: RoundResult | None,
    players: Mapping[int, LegacyPlayer],
    *,
    in_part: bool = False,
) -> RoundResult:
    """Reading 30, "as close, joined": C.13 after a P = 0 re-pairing above joined
    brackets. C.13's words join the re-paired bracket with the joined lowest one ("the
    two lowest score brackets are joined into a new lowest score bracket"; a P = 0
    re-pairing moves the whole bracket down, reading 13); the split into score
    brackets paired one by one (the reference's practice, reading 13) is taken only
    when B.3 prefers it: when its pairs are closer. When joining at once - every P = 0
    re-pairing above joined brackets joined, the re-paired bracket's players as S1 -
    gives pairs with the same score differences (B.3, compared from the largest) and a
    bye of the same score, and its joined bracket lowers no requirement (C.10) that no
    bracket of the split lowered, the join stands: the split is no better by either.

    Reading 34, "the bye for the closeness" (``in_part`` False: the bracket re-paired
    with P = 0 was not itself a part of an earlier split): B.3 asks for both the score
    of a floater - the bye is one - and the differences of the pairs as low as
    possible. When joining at once gives the same total - the score differences of
    its pairs plus the bye's score (`_b3_total`) - the join stands if its pairs are
    as close (reading 30 without the C.10 condition). ``other``: the round joined at
    once (`_paired_joined`).

    Taken out in the seventeenth pass (issue 31), because reading 78 - B.3 over the
    split join with the bye's pair, which comes before this step - decides every round
    they decided, with the same pairing: readings 53 and 69 (the join closer by the
    squares with a bye of the same or a lower score), reading 34's "larger difference"
    and reading 71's "bye's square" (the join with a lower bye and the same total)."""
    if other is None or _same_pairing(other, split):
        return split
    close = _as_close(split, other, players)
    if close and _lowers_no_more(other, split):
        other.events.append(
            "C.13: joining at once after the P = 0 re-pairing pairs as close as the split "
            "(B.3) and lowers no requirement the split did not lower (C.10): joined"
        )
        return other
    if in_part or _b3_total(other, players) != _b3_total(split, players):
        return split
    if close:
        other.events.append(
            "C.13: joining at once after the P = 0 re-pairing pairs as close as the split "
            "(B.3): joined"
        )
        return other
    return split


def _b3_closeness(
    result: RoundResult, players: Mapping[int, LegacyPlayer]
) -> tuple[Fraction | None, Fraction]:
    """B.3 over a whole round's pairing: the bye's score (None: no bye) and the sum of
    the squared score differences of the pairs (reading 53, `bracket.b3_squares`)."""
    bye = players[result.bye].score if result.bye is not None else None
    return bye, b3_squares(score_differences(result.pairs, players))


def _b3_total(result: RoundResult, players: Mapping[int, LegacyPlayer]) -> Fraction:
    """Reading 34: the score differences of the pairs plus the score of the player
    who gets the bye (B.3: the floater's score and the differences, as one sum)."""
    bye = players[result.bye].score if result.bye is not None else Fraction(0)
    return sum(score_differences(result.pairs, players), Fraction(0)) + bye


def _with_the_bye_pair(result: RoundResult, players: Mapping[int, LegacyPlayer]) -> Fraction:
    """Reading 78's measure of a whole round (reading 82)."""
    return _squares_with_the_bye(result.pairs, result.bye, players)


def _squares_with_the_bye(
    pairs: Sequence[tuple[int, int]], bye: int | None, players: Mapping[int, LegacyPlayer]
) -> Fraction:
    """Reading 78's measure of a pairing (of a round or of one bracket, reading 87): the
    sum of the squared score differences of its pairs (reading 53) plus its bye's pair
    (reading 77: the bye against a player one point below the round's lowest score)."""
    squares = b3_squares(score_differences(pairs, players))
    if bye is None:
        return squares
    return squares + _bye_pair(players[bye].score, _below_the_lowest(players))


def _bye_lower(a: RoundResult, b: RoundResult, players: Mapping[int, LegacyPlayer]) -> bool:
    """``a`` gives the bye to a player with a lower score than ``b`` does."""
    return a.bye is not None and b.bye is not None and players[a.bye].score < players[b.bye].score


def _below_the_lowest(players: Mapping[int, LegacyPlayer]) -> Fraction:
    """Reading 77, "the bye's pair" (B.3 over a round with a bye; B.1.b: the bye is a
    downfloat), the measure of reading 78: the score of the bye's opponent, one point
    below the lowest score of the round's players - the player who gets the bye floats
    below the lowest bracket, one game's worth."""
    return min(p.score for p in players.values()) - 1


def _bye_pair(bye: Fraction, opponent: Fraction) -> Fraction:
    """The bye counted as a pair against a player of score ``opponent``: its square."""
    return (bye - opponent) ** 2


def _largest(result: RoundResult, players: Mapping[int, LegacyPlayer]) -> Fraction:
    """The largest score difference of the pairs (0 without pairs)."""
    return max(score_differences(result.pairs, players), default=Fraction(0))


def _join_no_worse(
    split: RoundResult,
    other: RoundResult | None,
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
) -> RoundResult:
    """Reading 32, "no worse, joined": C.13 after a re-pairing with P > 0 above joined
    brackets. C.13's words keep the joined lowest bracket (the re-paired bracket's
    floaters as S1, "the latest added score bracket"); the split into score brackets
    paired one by one (the reference's practice, reading 13) is taken only when it is
    better. When joining at once gives pairs with the same score differences (B.3) and a
    bye of the same score, and the round's pairing is no worse by any requirement of the
    order of quality (introduction to section C: colours - B.2, A.7.d, X, Z - then
    B.5/B.6 for downfloaters, then for upfloaters, each counted over the whole round
    as the brackets charged them, `_charged`: reading 46), the join stands: the split
    is better by nothing. ``other``: the round joined at once (`_paired_joined`)."""
    if (
        other is None
        or _same_pairing(other, split)
        or not _as_close(split, other, players)
        or not fits(_charged(other, players, ctx), _charged(split, players, ctx))
    ):
        return split
    other.events.append(
        "C.13: joining at once after the re-pairing pairs as close as the split (B.3) and "
        "is no worse by any requirement (colours, floats): joined"
    )
    return other


def _join_no_worse_by_the_first_split(
    split: RoundResult,
    other: RoundResult | None,
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
) -> RoundResult:
    """Reading 62, "the first split judges the round": C.13 after a re-pairing with
    P > 0 above joined brackets whose split (reading 13) comes, in its parts, to a
    further C.13 re-pairing with P = 0. C.13: "Try to find another pairing in the
    penultimate score bracket which will allow a pairing in the lowest score bracket";
    the first re-pairing found one, so the joined lowest bracket stands by the text
    ("such a merged score bracket shall be treated as a heterogeneous score bracket",
    the re-paired bracket's floaters as S1), and the re-pairings the split then needs
    inside its own parts are the split's, not another join of the round. So the round
    is judged as after re-pairings with P > 0 only: when joining at once (``other``,
    every P > 0 re-pairing joined, the join of reading 32) pairs as close (B.3) and is
    no worse by any requirement of the order of quality than the split's pairing, the
    join stands (`_join_no_worse`). Otherwise the P = 0 readings (13, 51, 30, 34) go on
    as before."""
    joined = _join_no_worse(split, other, players, ctx)
    if joined is not split:
        joined.events.append(
            "C.13: the round's first split followed a re-pairing with P > 0; the split came "
            "to a P = 0 re-pairing in its parts, judged as after P > 0 (the first split "
            "judges the round)"
        )
    return joined


def _charged(result: RoundResult, players: Mapping[int, LegacyPlayer], ctx: RoundContext) -> Costs:
    """Reading 46: the requirements a round's pairing misses (`round_totals`) as its
    brackets charged them: a pair of the remainder of a heterogeneous bracket carries
    no B5/B6 for upfloaters (C.3.g/h, C.10.a/b: requirements of heterogeneous score
    brackets; the remainder "is always treated as a homogeneous one", A.3; reading 33).
    Reading 50: a pair of a joined lowest bracket whose higher player belongs to one of
    the joined score brackets carries no B5/B6 for downfloaters (C.3.e/f: only a
    bracket that produces downfloaters has them; `_no_downfloat_inside_the_join`)."""
    total = round_totals(result.pairs, result.bye, players, ctx)
    exempt = _no_downfloat_inside_the_join(result)
    for a, b in result.pairs:
        pa, pb = players[a], players[b]
        if pa.score != pb.score:
            higher = pa if pa.score > pb.score else pb
            if higher.number in exempt:
                total = add(total, tuple(-c for c in unpaired_costs(higher)))
        if frozenset((a, b)) in result.remainder:
            cost = pair_costs(players[a], players[b], ctx)
            total = add(
                total, tuple(-cost[i] if i in (B5_UP, B6_UP) else 0 for i in range(len(cost)))
            )
    return total


def _no_downfloat_inside_the_join(result: RoundResult) -> set[int]:
    """Reading 50, "no downfloat inside a joined bracket" (C.3.e/f: "(bracket produces
    downfloaters) reset B5/B6 for downfloaters"): the players of the score brackets
    C.13 joined into the lowest bracket, not the floaters of the bracket above it. The
    joined lowest bracket moves nobody down, so no bracket charges B5/B6 for
    downfloaters when one of them is paired there against a lower score."""
    out: set[int] = set()
    for i, b in enumerate(result.brackets):
        if b.lowest and b.joined and i > 0:
            above = result.brackets[i - 1]
            out |= set(b.incoming) - set(above.unpaired) - set(above.moved)
    return out


def _join_lower_bye(
    split: RoundResult,
    at_once: RoundResult | None,
    c1_moved: frozenset[int],
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
) -> RoundResult:
    """Reading 41, "the floaters' join, the bye lower": C.13 after a re-pairing with
    P > 0 above joined brackets, the join at once with S1 the players the re-pairing
    itself leaves unpaired ("the latest added score bracket"; the players C.1 moved
    down from the re-paired bracket join the residents). B.3 over the two pairings
    (reading 34's total: the score differences of the pairs plus the bye's score):
    when the join gives the bye to a lower score for a total no larger than the split's,
    or for a largest difference no larger than the split's, the join stands - unless the
    split's bye goes to a player C.1 moved down from the re-paired bracket (he had no
    opponent there): then reading 55 decides (`_join_for_a_c1_movers_bye`, on
    ``at_once``, the join with S1 every player the re-pairing moved down).

    Reading 82: the join stands only when it is no farther apart than the split by
    reading 78's measure - the sum of the squared score differences of the pairs plus
    the bye's pair (reading 77, `_with_the_bye_pair`); a tie joins."""
    if split.bye is None:
        return split
    if split.bye in c1_moved:
        return _join_for_a_c1_movers_bye(split, at_once, c1_moved, players)
    other = _paired_joined(players, ctx, p=True, floaters_s1=True)
    if (
        other is None
        or _same_pairing(other, split)
        or not _bye_lower(other, split, players)
        or (
            _b3_total(other, players) > _b3_total(split, players)
            and _largest(other, players) > _largest(split, players)
        )
    ):
        return split
    if _with_the_bye_pair(other, players) > _with_the_bye_pair(split, players):
        split.events.append(f"C.13: {JOIN_FARTHER_NOTE}: the split stands (reading 82)")
        return split
    other.events.append(
        "C.13: joining at once after the re-pairing (S1 its floaters) gives the bye to a "
        "lower score for no larger total of differences and bye, or no larger largest "
        "difference (B.3): joined"
    )
    return other


def _join_for_a_c1_movers_bye(
    split: RoundResult,
    other: RoundResult | None,
    c1_moved: frozenset[int],
    players: Mapping[int, LegacyPlayer],
) -> RoundResult:
    """Reading 55, "the join for a C.1 mover's bye" (C.13's "the two lowest score
    brackets are joined ... with the latest added score bracket as S1" and B.3 over the
    split and the join, as in reading 41): after a re-pairing with P > 0 above joined
    brackets, the split gives the bye to a player C.1 moved down from the re-paired
    bracket (``c1_moved``: no opponent there). The join at once with S1 every player
    the re-pairing moved down, the C.1 movers included (as in reading 32), stands when
    it gives the bye to a score lower by a point at least, to a player who is not one
    of them (one the re-pairing itself left unpaired, or a resident below), for a
    total of score differences and bye (`_b3_total`) no larger than the split's, or
    for a largest difference no larger than the split's. Otherwise the split stands.
    The point is the reference's practice, not the text's: with half a point lower
    (tiny 22104 r9, 24092 r7, 24608 r10, the same totals) JaVaFo splits. ``other``:
    the round joined at once (`_paired_joined`)."""
    if (
        other is None
        or split.bye is None
        or _same_pairing(other, split)
        or other.bye is None
        or other.bye in c1_moved
        or players[split.bye].score - players[other.bye].score < 1
        or (
            _b3_total(other, players) > _b3_total(split, players)
            and _largest(other, players) > _largest(split, players)
        )
    ):
        return split
    other.events.append(
        f"C.13: the split after the re-pairing gave the bye to {split.bye}, moved down by "
        "C.1 from the re-paired bracket; joining at once (S1 every player it moved down) "
        "gives it to a score a point lower or more for no larger total of differences and "
        "bye, or no larger largest difference (B.3): joined"
    )
    return other


def _paired_joined(
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
    *,
    p0: bool = False,
    p: bool = False,
    floaters_s1: bool = False,
) -> RoundResult | None:
    """The round paired again with every re-pairing above joined brackets joined at
    once instead of split: those with P = 0 (``p0``, reading 30), those with P > 0
    (``p``, readings 32 and 41), with S1 the re-pairing's floaters only
    (``floaters_s1``, reading 41). None when that pass finds no pairing."""
    joined = _Round(players, ctx)
    joined.join_every_p0 = p0
    joined.join_every_p = p
    joined.join_floaters_s1 = floaters_s1
    try:
        return joined.pair()
    except NoPairingError:
        return None


def _same_pairing(a: RoundResult, b: RoundResult) -> bool:
    """The same pairs (whichever player is first) and the same bye."""
    pairs_a = {frozenset(p) for p in a.pairs}
    return a.bye == b.bye and pairs_a == {frozenset(p) for p in b.pairs}


def _as_close(a: RoundResult, b: RoundResult, players: Mapping[int, LegacyPlayer]) -> bool:
    """B.3: the two pairings pair as close in score - the same sum of the squared
    score differences (reading 53) - with byes of one score (`_b3_closeness`)."""
    return _b3_closeness(a, players) == _b3_closeness(b, players)


def _lowers_no_more(joined: RoundResult, split: RoundResult) -> bool:
    """C.10 (reading 30): every requirement the joined lowest bracket's pairing lowered
    was lowered by a bracket of the split too (one of its parts or its lowest bracket)."""
    lowered = {r for b in split.brackets if b.split_part or b.lowest for r in b.relaxed}
    return set(joined.brackets[-1].relaxed) <= lowered


def _least_together(together: Sequence[tuple[Candidate, Costs, Level]]) -> Candidate:
    """Reading 27, "the least together": no pairing of a split part meets the part's
    level together with the lowest bracket's pairing (nor the joined bracket's A.8
    level), so C.10 goes on lowering the requirements of the two together, and the
    first level it comes to that one of them meets is the least of their summed
    requirement vectors in the order of the levels (C.10 drops the least important
    first; a level is met by a vector componentwise below it). Of the pairings whose
    sum is least, the earliest in the procedure's order (`min` keeps the first). The
    part's B.5/B.6 for upfloaters are counted as its procedure charged them - the
    level where it first found the pairing (reading 11: they are budgeted apart from
    the other requirements, not in the pairing's vector)."""
    return min(together, key=_together_cost)[0]


def _together_cost(entry: tuple[Candidate, Costs, Level]) -> tuple[int, ...]:
    """Reading 27: a pairing's requirements together with the lowest bracket's, the
    part's B.5/B.6 for upfloaters as its procedure charged them."""
    _, used, found = entry
    full = list(used)
    for i in (B5_UP, B6_UP):
        full[i] = max(full[i], found[i])
    return tuple(full)


def _c12_past_moved_on(stuck: Sequence[LegacyPlayer], frames: Sequence[_Frame]) -> bool:
    """Reading 52, C.12 past a player moved on: may the bracket ask the previous one
    for another set of moved-down players because it cannot make P1 pairs with them,
    or cannot pair them all (readings 14 and 22)? Not when a moved-down player has no
    opponent in it whom C.12 itself serves (``stuck``: C.1 found them; C.12's "if
    there are moved down players: backtrack"), but yes when every such player was
    moved down by C.1 already in the previous bracket: C.12 is not for him (he is
    moved on, reading 14), and he takes no part in the pairing of the bracket, whose
    other players are paired "P1 pairings" by C.12 as if he were not there."""
    return bool(frames) and all(p in frames[-1].moved for p in stuck)


def _c12_counts_residents_moved_by_c1(
    stuck: Sequence[LegacyPlayer],
    moved: Sequence[LegacyPlayer],
    residents: Sequence[LegacyPlayer],
) -> list[LegacyPlayer]:
    """Reading 54, "C.12 counts the residents C.1 moves" (C.12: "if there are moved
    down players: backtrack to the previous score bracket ... another set of players
    of the same size and with the same scores ... and this now allows P1 pairings to
    be made"; A.6.b: P0 over the players of the bracket). When C.12 is asked for the
    bracket's P1 = P0 pairs past moved-down players moved on by C.1 (``stuck``, all
    moved down by C.1 in the previous bracket already: reading 52), the residents C.1
    moves down (``moved``: no opponent among the bracket's players now) count in P0,
    so that another set of moved-down players that gives them an opponent lets the
    bracket make more pairs. Without such a moved-down player (nobody moved on) a
    resident without opponent is moved down by C.1 alone, as before. Returns the
    residents counted (none: ``[]``)."""
    if not stuck:
        return []
    score = residents[0].score
    return [p for p in moved if p.score == score]


def _c12_disallowed(frames: Sequence[_Frame]) -> bool:
    """C.12, "backtracking is disallowed when already backtracking from a lower score
    bracket": no C.12 into the previous bracket when C.12 or C.13 has re-paired it
    (reading 14). (Reading 31 also kept C.12 out of a part of a split join; the later
    readings never reach that case, and it was taken out in the fourteenth pass.)"""
    return bool(frames) and bool(frames[-1].repaired)


def _moved_on_mdp(frame: _Frame) -> bool:
    """Did C.1 move on from ``frame``'s bracket a player who had been moved down into
    it (reading 37)?"""
    score = frame.residents[0].score
    return any(p.score > score for p in frame.moved)


def _every_pair_with_an_mdp(frame: _Frame, cand: Candidate) -> bool:
    """Reading 84: does every pair of ``cand`` have a player moved down into
    ``frame``'s bracket (M1 = P1, no pair of two residents)?"""
    mdps = {p.number for p in _mdps(frame)}
    return all(a in mdps or b in mdps for a, b in cand.pairs)


def _floats_an_mdp(frame: _Frame, cand: Candidate) -> bool:
    """Does ``cand`` move down a player who was moved down into ``frame``'s bracket
    (M1 lowered for him, reading 25)?"""
    return any(p.number in cand.unpaired for p in _mdps(frame))


def _moved_on_keeps_m1(chosen: Candidate, kept: Candidate | None) -> bool:
    """Reading 66, "a moved-down floater past a player moved on" (C.14.b1 with reading
    25's colour test; reading 37 above joined brackets): C.13 asks a heterogeneous
    bracket above joined brackets for another pairing, C.1 moved on from it a player
    who had been moved down into it, and the pairing found (``chosen``) floats one
    of the moved-down players it could pair (M1 lowered, reading 25). The reference
    takes it only when it needs fewer colour concessions (B.2 for top scorers,
    A.7.d, X, Z of the level it is found at) than ``kept``, the first pairing with
    M1 kept (P1 lowered, C.14.b1) - the colour test reading 25 makes at the
    bracket's own P1 for a higher moved-down player, here for any moved-down
    floater at any P1. True: ``kept`` is taken."""
    return (
        kept is not None
        and _other(kept, chosen)
        and not _colour_concessions(chosen) < _colour_concessions(kept)
    )


def _managed_homogeneous(cand: Candidate) -> bool:
    """Reading 67: was ``cand`` (a lowest bracket's pairing) found with M1 = 0, the
    bracket "managed as homogeneous" (C.14.b2)? A lowest bracket records "C.14.b2"
    among its reductions only then (a lowered M1 above 0 is noted, not recorded)."""
    return "C.14.b2" in cand.reductions


def _joint_in_split_part(frame: _Frame) -> bool:
    """C.13 asks a part of a split join for another pairing: is it judged together
    with the lowest bracket (reading 13, "joint")? Reading 26: for every part of a
    split join, whether the split followed a re-pairing with P > 0 or with P = 0 - in
    both cases the part and the lowest bracket are what remains of the one merged
    score bracket of C.13 ("such a merged score bracket shall be treated as a
    heterogeneous score bracket"), so "another pairing ... which will allow a pairing
    in the lowest score bracket" is chosen by what the two need together."""
    return frame.split_part
