"""C. Pairing procedure of one score bracket: C.1-C.11 and C.14.

:class:`ScoreBracket` pairs one bracket (its residents plus the players moved down
to it) and yields the pairings the procedure accepts, in the order it finds them:

* C.2 P0, M0, X1, Z1; C.3 the requirements at their start;
* C.4/C.5 S1 and S2 in A.2 order; C.6 pair S1[i] with S2[i] and check;
* C.7 the next transposition of S2 (D.1); C.8.a the next exchange (D.2) in a
  homogeneous bracket or remainder; C.8.b the next set of moved-down players (D.3)
  in a heterogeneous one; C.9 back from the remainder to the next transposition of
  the moved-down part;
* C.10 lower the requirements (criteria.c10_lower) and start again;
* C.14 decrease P1 (X1, Z1) or M1.

The first pairing yielded is the pairing of the bracket. The later ones are what the
procedure would find if asked for "another pairing" (C.12, C.13): the rest of the
current attempt, then the attempts after it.

Attempts that cannot succeed are skipped (oracle.py): that changes the time, never
the pairing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from math import comb

from fairpair.model import Float, format_points
from fairpair.systems.dutch_legacy.criteria import (
    A7D,
    B2,
    B5_DOWN,
    B5_UP,
    B6_DOWN,
    B6_UP,
    COMPONENTS,
    NAMES,
    ZERO,
    Box,
    Costs,
    Level,
    RoundContext,
    X,
    Z,
    a8_x1_z1,
    add,
    b1_b2_compatible,
    c10_lower,
    first_level_at_least,
    fits,
    pack,
    pair_costs,
    unpack,
    unpaired_costs,
)
from fairpair.systems.dutch_legacy.oracle import Best, lexmin
from fairpair.systems.dutch_legacy.orders import d2_exchanges, d3_mdp_sets
from fairpair.systems.dutch_legacy.players import LegacyPlayer, a2_key

__all__ = [
    "BYE_NOTE",
    "CLOSEST_NOTE",
    "FLOATING_NOTE",
    "Candidate",
    "ScoreBracket",
    "c1_incompatible",
]

#: Above this many possible sets of unpaired players, C.12/C.13 check them one by one
#: during the search instead of listing them first.
_LIST_LIMIT = 2000

#: The step note of a pairing found with M1 lowered for moved-down floaters (reading
#: 13, "a moved-down floater to the bye"); the explanation's replay looks for it.
FLOATING_NOTE = "for moved-down floaters"

#: The step note of a pairing chosen for B.3's score differences of the pairs before the
#: requirements (reading 24).
CLOSEST_NOTE = "B.3: the scores of the players paired as close as possible"
#: ... and of a part of a split join re-paired by C.13 whose floaters were chosen for
#: the bye of the lowest bracket first (B.3's floater of the joined bracket).
BYE_NOTE = "B.3: the bye of the split join to the lowest score possible"
#: The step note of a joined lowest bracket whose other D.3 sets are tried at each
#: requirement level before C.10 lowers it, the bye's score not fixed first (reading
#: 80); the explanation's replay looks for it.
D3_FIRST_NOTE = "C.8.b: D.3's other sets before C.10, the bye's score not fixed first"

#: The guard bits of the packed requirement fields (criteria.pack).
_WIDTH = 12
_GUARD = sum(1 << (_WIDTH * k + _WIDTH - 1) for k in range(COMPONENTS))

#: Predicate on the players a pairing leaves unpaired (C.12 / C.13 ask for pairings
#: that move down particular players).
Accept = Callable[[tuple[int, ...]], bool]

#: The floaters' scores a state requires: one set of scores (each highest first), any
#: of several (reading 38: the sets with the same sum), or None (any).
Floaters = tuple[Fraction, ...] | frozenset[tuple[Fraction, ...]] | None


@dataclass(frozen=True)
class Candidate:
    """A pairing of one bracket as the procedure accepted it.

    ``pairs`` are (S1 player, S2 player) numbers; ``unpaired`` the players moved
    down (in the lowest bracket: the bye); ``s1`` gives each S1 player's position in
    his S1 (E.5); ``notes`` say how it was found; ``relaxed`` the requirements C.10
    lowered for it (article and requirement index of ``criteria``, one per
    requirement, e.g. ("C.10.e", Z)) and ``reductions`` the articles of the C.14
    reductions made before (P1, M1).
    """

    pairs: tuple[tuple[int, int], ...]
    unpaired: tuple[int, ...]
    vector: Costs
    level: Level
    s1: tuple[tuple[int, int], ...]
    notes: tuple[str, ...] = field(default=())
    relaxed: tuple[tuple[str, int], ...] = field(default=())
    reductions: tuple[str, ...] = field(default=())
    #: A heterogeneous bracket: the number of leading ``pairs`` that pair its
    #: moved-down players (the heterogeneous part); the others are its remainder's,
    #: which B5/B6 for upfloaters do not bound (reading 33). None: no remainder.
    head: int | None = None


@dataclass(frozen=True)
class _State:
    """One pass of C.3-C.10: P1, M1, X1, Z1 (C.2, C.14), the best requirement vector
    any pairing can reach (oracle.py), the floaters' scores required (None: any)."""

    hetero: bool
    p1: int
    m1: int
    x1: int
    z1: int
    bound: Costs
    floaters: Floaters
    notes: tuple[str, ...]
    #: The articles of the C.14 reductions made to reach this state.
    reductions: tuple[str, ...] = ()
    #: C.13 (reading 21): M1 reduced after no pairing with M1 = M0 was accepted.
    m1_reduced: bool = False
    #: Another pairing with moved-down players among the floaters and M1 lowered for
    #: them: its pairings must pass ``ScoreBracket.mdp_floats`` (reading 13).
    mdp_floating: bool = False
    #: ... at the bracket's own P1 (the first C.14 state): ``ScoreBracket.own_p1_floats``
    #: instead (reading 13, "the lowest moved-down players float first").
    own_p1: bool = False


def c1_incompatible(players: Sequence[LegacyPlayer], ctx: RoundContext) -> list[LegacyPlayer]:
    """C.1: the players for whom no opponent can be found within the bracket without
    violating B1 (or B2, except when pairing top scorers). Repeated until none is left
    (moving a player down can leave another one without opponent)."""
    left = list(players)
    out: list[LegacyPlayer] = []
    changed = True
    while changed:
        changed = False
        for p in list(left):
            if not any(q is not p and b1_b2_compatible(p, q, ctx) for q in left):
                left.remove(p)
                out.append(p)
                changed = True
    return out


class ScoreBracket:
    """One score bracket: residents and moved-down players (A.3), ready to be paired.

    The bracket's score is the lowest score in it (its residents); players with a
    higher score were moved down (M0 of them, A.6.c). A heterogeneous bracket of which
    at least half of the players came from above is treated as homogeneous (A.3).
    """

    def __init__(
        self,
        players: Sequence[LegacyPlayer],
        ctx: RoundContext,
        *,
        lowest: bool,
        accept: Accept | None = None,
        movers: frozenset[int] | None = None,
        accept_reduced: Accept | None = None,
        mdp_floats: Accept | None = None,
        own_p1_floats: Accept | None = None,
        split_part: bool = False,
        closeness: bool = True,
        bye_of: Callable[[tuple[int, ...]], Fraction | None] | None = None,
        c13: bool = False,
        d3_sets_first: bool = False,
        homogeneous_at: int | None = None,
    ) -> None:
        self.players = sorted(players, key=a2_key)
        #: Reading 99: only the pairings of the bracket managed as homogeneous (M1 = 0,
        #: C.14.b2) with this many pairs.
        self._homogeneous_at = homogeneous_at
        self.ctx = ctx
        self.lowest = lowest
        self.accept = accept
        #: C.13 (reading 21): with it, "another pairing" of a heterogeneous bracket
        #: reduces M1 (C.14.b2) before P1, and a pairing with M1 reduced must meet it.
        self._accept_base = accept
        self._accept_reduced = accept_reduced
        #: C.13 (reading 13, "moved-down floaters"): when given, "another pairing" may
        #: also float moved-down players, M1 lowered for them (never to 0), if this
        #: accepts the players the pairing leaves unpaired.
        self.mdp_floats = mdp_floats
        #: ... the same at the bracket's own P1, when given (reading 13, "the lowest
        #: moved-down players float first"); default ``mdp_floats``.
        self.own_p1_floats = mdp_floats if own_p1_floats is None else own_p1_floats
        #: C.13's another pairing, not a part of a split join (readings 38 and 58: in a
        #: bracket managed as homogeneous the other floaters' scores go by their sum).
        self.c13 = c13
        #: Reading 80: a lowest bracket joined at once with S1 a re-pairing's floaters
        #: (reading 41) whose M1 is lowered tries D.3's other sets at each level (C.8.b
        #: before C.10) instead of fixing the bye's score first.
        self.d3_sets_first = d3_sets_first
        n = self.n = len(self.players)
        self.score = min((p.score for p in self.players), default=Fraction(0))
        #: Players moved down into the bracket (their float is this round's downfloat).
        moved_down = [p.score > self.score for p in self.players]
        if movers is None:
            self.mdp = moved_down
            self.m0 = sum(self.mdp)
            self.treated_homogeneous = self.m0 == 0 or 2 * self.m0 >= n
        else:
            # C.13: a joined lowest bracket "shall be treated as a heterogeneous score
            # bracket with the latest added score bracket as S1"; reading 48: as any
            # heterogeneous bracket, A.3's second paragraph treats it as homogeneous
            # when at least half of its players are those moved down (the latest
            # added score bracket).
            self.mdp = [p.number in movers for p in self.players]
            self.m0 = sum(self.mdp)
            self.treated_homogeneous = self.m0 == 0 or 2 * self.m0 >= n
        self.joined = movers is not None
        self._split_part = split_part
        self.topscorers = any(p.topscorer for p in self.players)
        self.eligible = [p.bye_eligible for p in self.players]
        self.scores = [p.score for p in self.players]
        # B.5/B.6 for downfloaters: a player moved down into this bracket already has
        # his downfloat of this round; floating on (or the bye) adds none (class B).
        # ``split_part``: a part of a joined lowest bracket paired again on its own
        # (C.13, reading 13 "C-split"): its players stay in the joined bracket, moving
        # on to the next part is no downfloat for B.5/B.6.
        self.vcost = [
            ZERO if moved or split_part else unpaired_costs(p)
            for p, moved in zip(self.players, moved_down, strict=True)
        ]
        self.compat = [0] * n
        self.cost: list[list[Costs]] = [[ZERO] * n for _ in range(n)]
        self.packed_cost: list[list[int]] = [[0] * n for _ in range(n)]
        self.packed_vcost = [pack(c) for c in self.vcost]
        self.edges: list[tuple[int, int, Costs]] = []
        for i in range(n):
            for j in range(i + 1, n):
                a, b = self.players[i], self.players[j]
                if b1_b2_compatible(a, b, ctx):
                    self.compat[i] |= 1 << j
                    self.compat[j] |= 1 << i
                    c = pair_costs(a, b, ctx)
                    if self.treated_homogeneous and not split_part:
                        # C.3.g/h, C.10.a/b: B5/B6 for upfloaters are requirements of
                        # heterogeneous score brackets only. A part of a split join
                        # keeps them: C.13 treats the joined bracket as heterogeneous
                        # (reading 13, "upfloaters in a split join").
                        c = _without_upfloats(c)
                    self.cost[i][j] = self.cost[j][i] = c
                    self.packed_cost[i][j] = self.packed_cost[j][i] = pack(c)
                    self.edges.append((i, j, c))
        #: Sets of floaters passed over for a higher bye in the lowest bracket.
        self._bye_cut = False
        #: ``_can_meet``'s oracle answers, by group, pairs, final and floaters.
        self._bounds: dict[
            tuple[tuple[int, ...], tuple[int, ...] | None, int, bool, Floaters],
            Best | None,
        ] = {}
        # Reading 53: B.3's closeness is a sum over the pairs (`b3_squares`), not a
        # count per difference, so no packed field budgets it: the oracle's least sum
        # bounds the levels and `_levels` passes over the pairings above it.
        self._no_cost = [ZERO] * n
        self._no_mdp = [False] * n
        self._flat = [Fraction(0)] * n
        self.notes: list[str] = []
        self.floaters: Floaters = None
        self.good: list[int] | None = None  # accepted unpaired sets (bit masks)
        #: B.3's score differences of the pairs judged right after the floaters'
        #: scores, before every requirement (reading 24, ``closest``); only where the
        #: bracket mixes scores.
        self.closeness = closeness and len(set(self.scores)) > 1
        #: The least score differences of the current state (None: not judged).
        self.profile: tuple[Fraction, ...] | None = None
        #: ... and its sum of squares (reading 53), the bound of `_levels`.
        self._least_squares = Fraction(0)
        self._score_of = {p.number: p.score for p in self.players}
        #: A part of a split join: the score of the player who gets the bye in the
        #: lowest bracket when the part moves these players down (None: no bye). B.3's
        #: floater of the joined bracket, judged before the closeness (reading 24).
        self.bye_of = bye_of

    # -- helpers -------------------------------------------------------------------

    def number(self, i: int) -> int:
        return self.players[i].number

    def best(
        self,
        vertices: Sequence[int],
        *,
        mdp_first: bool,
        exact_pairs: int | None = None,
        closeness: bool = False,
    ) -> Best | None:
        """The oracle's best pairing of ``vertices`` of this bracket (None: none), the
        players moved down into it paired first when ``mdp_first``; exactly
        ``exact_pairs`` pairs when given; with ``closeness`` the least sum of the
        squared score differences of the pairs after the floaters' scores (B.3,
        reading 53)."""
        inside = set(vertices)
        edges = [e for e in self.edges if e[0] in inside and e[1] in inside]
        return lexmin(
            vertices,
            edges,
            unpaired_cost=self.vcost,
            score=self.scores,
            mdp=self.mdp if mdp_first else [False] * self.n,
            eligible=self.eligible,
            mdp_first=mdp_first,
            lowest=self.lowest,
            exact_pairs=exact_pairs,
            closeness=closeness,
        )

    def _box(self, p1: int, x1: int, z1: int) -> Box:
        """C.3: the start of every requirement, and how far C.10 can lower it (a
        float requirement no further than the players who could miss it)."""
        odd = self.ctx.odd
        unpaired = self.n - 2 * p1
        top_score = max(self.scores, default=Fraction(0))

        def count(flag: Callable[[LegacyPlayer], bool], cap: int) -> int:
            return min(cap, sum(1 for p in self.players if flag(p)))

        def upfloater(back: int) -> Callable[[LegacyPlayer], bool]:
            return lambda p: p.score < top_score and p.floats[back] is Float.UP

        start: Level = (0, 0, x1, 0 if odd else z1, 0, 0, 0, 0)
        top: Level = (
            p1 if self.topscorers else 0,
            p1 if odd else 0,
            max(p1, x1),
            0 if odd else max(p1, x1),
            count(lambda p: p.floats[0] is Float.DOWN, unpaired),
            count(lambda p: p.floats[1] is Float.DOWN, unpaired),
            count(upfloater(0), p1),
            count(upfloater(1), p1),
        )
        return Box(start, top)

    # -- the procedure -------------------------------------------------------------

    def candidates(self) -> Iterator[Candidate]:
        """The pairings of this bracket in the order the procedure finds them (with
        ``accept``: only those whose unpaired players it accepts)."""
        if self.n == 0:
            if self.accept is None or self.accept(()):
                yield Candidate((), (), ZERO, ZERO, (), ("nobody left to pair here",))
            return
        for state in self._states():
            accept = self._accept_reduced if state.m1_reduced else self._accept_base
            if state.mdp_floating:
                # Its pairings must also pass the condition for moved-down floaters.
                floats = self.own_p1_floats if state.own_p1 else self.mdp_floats
                accept = both_accept(accept, floats)
            self.accept = accept
            try:
                start = self._start_level(state)
                if start is not None:
                    yield from self._levels(state, start)
            finally:
                self.accept = self._accept_base

    def _states(self) -> Iterator[_State]:
        """C.2 and C.14: the values of P1, M1, X1, Z1 the procedure goes through,
        from the first one at which a pairing exists. The first state is where the
        pairing of the bracket is found; the later ones are only reached when
        another pairing is asked for (C.12, C.13)."""
        n = self.n
        p0 = n // 2  # C.2.a (A.6.b)
        x1, z1 = a8_x1_z1(self.players, p0, self.ctx)  # C.2.b (A.8)
        head = f"C.2: P0={p0}, M0={self.m0}, X1={x1}" + ("" if self.ctx.odd else f", Z1={z1}")
        if self.m0 and self.treated_homogeneous:
            head += " (A.3: at least half moved down, treated as homogeneous)"
        if self.joined:
            head += (
                " (C.13: joined bracket)"
                if self.treated_homogeneous
                else " (C.13: joined bracket, the latest added score bracket as S1)"
            )
        notes = [head]
        reductions: list[str] = []
        if self._homogeneous_at is not None:
            yield from self._managed_homogeneous_at(self._homogeneous_at, p0, x1, z1, notes)
            return
        hetero = not self.treated_homogeneous
        best = self.best(range(n), mdp_first=hetero)
        assert best is not None
        m1 = 0
        if hetero:
            m1 = best.mdp_pairs
            if m1 < self.m0:
                article = "C.13/C.14.b2" if self.lowest else "C.14.b2"
                notes.append(f"{article}: M1 lowered from {self.m0} to {m1}")
                if not self.lowest:
                    reductions.append(article)
            if m1 == 0:
                notes.append("C.14.b2: M1=0, the bracket is managed as homogeneous")
                reductions.append("C.14.b2")
                hetero = False
                if self.lowest:
                    # Reading 67: managed as homogeneous, the pairs carry no
                    # upfloats (C.3.g/h, C.10.a/b: heterogeneous brackets only).
                    self._managed_homogeneous()
                best = self.best(range(n), mdp_first=False)
                assert best is not None
        if self.lowest and (best.pairs < p0 or not best.bye_ok):
            self.notes = [*notes, "C.13: no acceptable pairing of the lowest bracket"]
            return
        p1 = best.pairs
        if p1 < p0:
            article = "C.14.b1" if hetero else "C.14.a"
            x1, z1 = max(0, x1 - (p0 - p1)), max(0, z1 - (p0 - p1))
            notes.append(f"{article}: P1 lowered from {p0} to {p1} (X1={x1}, Z1={z1})")
            reductions.append(article)
        if self.lowest and self.d3_sets_first and hetero and m1 < self.m0:
            # Reading 80: C.8.b before C.10 - every D.3 set at each level, the bye
            # to any score (B.3's closeness of the pairs still first, reading 24).
            notes.append(f"{D3_FIRST_NOTE} (reading 80)")
            yield _State(hetero, p1, m1, x1, z1, ZERO, None, tuple(notes), tuple(reductions))
            return
        # The oracle charges every pair with its upfloats; a remainder does not, so
        # only the components before them bound the search (module oracle).
        bound = _without_upfloats(best.vector) if hetero else best.vector
        yield _State(hetero, p1, m1, x1, z1, bound, best.floaters, tuple(notes), tuple(reductions))
        if self.lowest:
            return
        # Another pairing asked for (C.12/C.13): other floaters, in B.3's order (the
        # lowest scores first), then fewer pairs.
        notes.append("another pairing asked for: floaters with other scores")
        if self._floaters_by_their_sum(hetero):
            yield from self._floater_sums(p1, x1, z1, notes, reductions)
        else:
            if hetero and p1 < p0:
                # Reading 83: the own P1 is one C.14.b1 lowered already.
                yield from self._m1_kept_at_a_lowered_p1(
                    p1, m1, x1, z1, best.vector, notes, reductions, skip=best.floaters
                )
            yield from self._floater_states(
                hetero, p1, m1, x1, z1, best.vector, notes, reductions, skip=best.floaters, own=True
            )
        if hetero and self._accept_reduced is not None:
            yield from self._m1_reduced(p0, p1, m1, x1, z1, notes, reductions)
        for p in range(p1 - 1, -1, -1):
            x1, z1 = max(0, x1 - 1), max(0, z1 - 1)
            hetero_p = hetero and p > 0
            best_p = self.best(range(n), mdp_first=hetero_p, exact_pairs=p)
            if best_p is None:
                continue
            m = best_p.mdp_pairs if hetero_p else 0
            if hetero_p and m == 0:
                hetero_p = False
            notes.append(f"C.14: P1 lowered to {p} (X1={x1}, Z1={z1})")
            reductions.append("C.14")
            if self._floaters_by_their_sum(hetero_p):
                yield from self._floater_sums(p, x1, z1, notes, reductions)
                continue
            if hetero_p:
                yield from self._m1_kept_at_a_lowered_p1(
                    p, m, x1, z1, best_p.vector, notes, reductions
                )
            yield from self._floater_states(
                hetero_p, p, m, x1, z1, best_p.vector, notes, reductions
            )

    def _floater_states(
        self,
        hetero: bool,
        p1: int,
        m1: int,
        x1: int,
        z1: int,
        bound: Costs,
        notes: list[str],
        reductions: list[str],
        *,
        skip: tuple[Fraction, ...] | None = None,
        own: bool = False,
        keep_m1: bool = False,
    ) -> Iterator[_State]:
        """The states of one P1 when another pairing is asked for: one for each set of
        floaters' scores in B.3's order (but ``skip``, already tried), M1 lowered for
        moved-down floaters where reading 13 allows it (``_m1_for``); ``own``: the
        bracket's own P1 (its first C.14 state); ``keep_m1``: M1 is not lowered for
        moved-down floaters (reading 70)."""
        for floaters in self._floater_scores(self.n - 2 * p1):
            if floaters == skip:
                continue
            m, floating = (m1, False) if keep_m1 else self._m1_for(hetero, m1, floaters)
            yield _State(
                hetero,
                p1,
                m,
                x1,
                z1,
                bound,
                floaters,
                (*notes, *_floating_note(floating, m)),
                tuple(reductions),
                mdp_floating=floating,
                own_p1=own,
            )

    def _managed_homogeneous_at(
        self, p1: int, p0: int, x1: int, z1: int, notes: list[str]
    ) -> Iterator[_State]:
        """Reading 99: the states of the bracket managed as homogeneous with ``p1``
        pairs (C.14.b2, "If M1 is one, set M1=0, manage the bracket as homogeneous";
        C.14.a lowers P1 from P0), each set of floaters' scores in B.3's order."""
        best = self.best(range(self.n), mdp_first=False, exact_pairs=p1)
        if best is None:
            return
        x1, z1 = max(0, x1 - (p0 - p1)), max(0, z1 - (p0 - p1))
        note = f"C.14.b2: M1=0, the bracket is managed as homogeneous with P1 = {p1} (reading 99)"
        yield from self._floater_states(False, p1, 0, x1, z1, best.vector, [*notes, note], ["C.14"])

    def _m1_kept_at_a_lowered_p1(
        self,
        p1: int,
        m1: int,
        x1: int,
        z1: int,
        bound: Costs,
        notes: list[str],
        reductions: list[str],
        *,
        skip: tuple[Fraction, ...] | None = None,
    ) -> Iterator[_State]:
        """Reading 70, "M1 kept at a lowered P1" (C.14.b1 with A.3): C.13's another
        pairing of a heterogeneous bracket at a P1 that C.14 lowered below the bracket's
        own P1 - or, reading 83, at the bracket's own P1 when C.14.b1 lowered it from
        P0 already before its first pairing (``skip``: that pairing's floaters'
        scores, tried already). "If the pairing procedure has got to the remainder at
        least once, reduce P1 ... and restart from C.3.a": C.14.b1 lowers P1, not M1,
        and A.3 pairs the moved-down players "first whenever possible". So with ``m1``
        (as many moved-down players as a pairing with ``p1`` pairs can pair) every set
        of floaters' scores is tried in B.3's order - every D.3 set of ``m1`` moved-down
        players in S1 - before reading 13's moved-down floaters lower M1 for a
        floater's lower score (`_floater_states`, which follows). Only where those
        would lower M1 (``mdp_floats``): elsewhere the states are the same."""
        if self.mdp_floats is None:
            return
        if skip is None:
            note = f"C.14.b1: P1 lowered to {p1}, M1 = {m1} kept (A.3; reading 70)"
        else:
            note = f"C.14.b1: P1 = {p1} lowered from P0 already, M1 = {m1} kept (A.3; reading 83)"
        yield from self._floater_states(
            True, p1, m1, x1, z1, bound, [*notes, note], reductions, keep_m1=True, skip=skip
        )

    def _managed_homogeneous(self) -> None:
        """Reading 67 (C.14.b2, "set M1 = 0, manage the bracket as homogeneous";
        C.3.g/h, C.10.a/b: B.5/B.6 for upfloaters are requirements of heterogeneous
        brackets): the pairs no longer carry their upfloats."""
        if self._split_part:
            return
        for i in range(self.n):
            for j in range(self.n):
                c = _without_upfloats(self.cost[i][j])
                self.cost[i][j] = c
                self.packed_cost[i][j] = pack(c)
        self.edges = [(i, j, _without_upfloats(c)) for i, j, c in self.edges]

    def _floaters_by_their_sum(self, hetero: bool) -> bool:
        """Reading 58, "floaters by their sum in every C.13 re-pairing" (B.3, "the score
        of a floater", with A.3 and C.14.a): when C.13 asks a bracket managed as
        homogeneous for another pairing - not a part of a split join -, its other
        floaters' scores go by their sum (`_floater_sums`) at its own P1 (after the
        first state) as at every P1 that C.14 lowers, whatever is joined below;
        reading 38 had it only at a lowered P1 with nothing joined below. A
        heterogeneous bracket keeps reading 9's order (from the highest floater)."""
        return self.c13 and not hetero

    def _floater_sums(
        self, p1: int, x1: int, z1: int, notes: list[str], reductions: list[str]
    ) -> Iterator[_State]:
        """Reading 38: C.13's another pairing of a homogeneous bracket at a lowered P1
        (reading 58: at its own P1 too, whatever is joined below): one state for each
        sum of the floaters' scores, the lowest first; the sets of scores with the same
        sum in one state, where the levels and the order of section D choose among them
        (the score differences of the pairs are not judged there, reading 24). No bound
        (every level searched)."""
        groups: dict[Fraction, list[tuple[Fraction, ...]]] = {}
        for floaters in self._floater_scores(self.n - 2 * p1):
            groups.setdefault(sum(floaters, Fraction(0)), []).append(floaters)
        for total in sorted(groups):
            sets = groups[total]
            if len(sets) == 1:
                yield _State(False, p1, 0, x1, z1, ZERO, sets[0], tuple(notes), tuple(reductions))
                continue
            note = f"C.13: floaters' scores with the sum {format_points(total)} (reading 38)"
            yield _State(
                False, p1, 0, x1, z1, ZERO, frozenset(sets), (*notes, note), tuple(reductions)
            )

    def _m1_reduced(
        self,
        p0: int,
        p1: int,
        m1: int,
        x1: int,
        z1: int,
        notes: list[str],
        reductions: list[str],
    ) -> Iterator[_State]:
        """C.13's "another pairing" of a heterogeneous bracket (reading 21): when no
        pairing with M1 moved-down players paired was accepted and P1 = M1 (C.6: the
        remainder has P1 - M1 = 0 pairs to make, so the procedure never got to a
        remainder that pairs anybody), C.14.b2 reduces M1 before C.14.b1 lowers P1:
        M1 - 1, ..., 1 (other D.3 sets of moved-down players in S1), never to 0
        (`c13_m1_reductions`, reading 65). With P1 > M1 the procedure got to a
        remainder with pairs to make, and C.14.b1 lowers P1 first (nothing here) -
        also when P1 is M1 only because C.14.b1 lowered it from P0 > M1
        (`_remainder_reached`). No bound from the oracle here (ZERO: every level
        searched)."""
        if _remainder_reached(p0, p1, m1):
            return
        for m in c13_m1_reductions(m1):
            head = (*notes, f"C.13/C.14.b2: M1 lowered to {m}")
            for floaters in self._floater_scores(self.n - 2 * p1):
                yield _State(
                    True, p1, m, x1, z1, ZERO, floaters, head, (*reductions, "C.13/C.14.b2"), True
                )

    def _m1_for(self, hetero: bool, m1: int, floaters: tuple[Fraction, ...]) -> tuple[int, bool]:
        """M1 for another pairing whose floaters have the scores ``floaters``: with
        ``mdp_floats`` (reading 13, "moved-down floaters"), lowered so
        that the moved-down players among them can float, but not to 0 (C.14.b2
        lowers M1 while it is greater than 1). Returns (M1, lowered)."""
        if not hetero or self.mdp_floats is None:
            return m1, False
        m = self.m0 - sum(1 for f in floaters if f > self.score)
        if 1 <= m < m1:
            return m, True
        return m1, False

    def _floater_scores(self, k: int) -> list[tuple[Fraction, ...]]:
        """The possible scores of ``k`` floaters (each highest first), in B.3's order:
        the lowest scores first (compared from the highest floater down)."""
        counts: dict[Fraction, int] = {}
        for score in self.scores:
            counts[score] = counts.get(score, 0) + 1
        levels = sorted(counts)
        out: list[tuple[Fraction, ...]] = []

        def build(i: int, left: int, chosen: list[Fraction]) -> None:
            if left == 0:
                out.append(tuple(sorted(chosen, reverse=True)))
                return
            if i == len(levels):
                return
            for take in range(min(left, counts[levels[i]]), -1, -1):
                build(i + 1, left - take, chosen + [levels[i]] * take)

        build(0, k, [])
        return sorted(set(out))

    def _start_level(self, state: _State) -> Level | None:
        """The first level of C.10 at which this state can give a pairing (with
        ``accept``: one whose unpaired players are accepted). Sets ``self.good``,
        the accepted sets of unpaired players, when they are few enough to list."""
        box = self._box(state.p1, state.x1, state.z1)
        self.good = None
        self.profile = None
        self._bye_cut = False
        judged = (
            self.closeness
            and not state.m1_reduced
            and not self._fixed_gaps(state)
            and not isinstance(state.floaters, frozenset)  # reading 38
        )
        if self.accept is None:
            bound = state.bound
            if judged:
                closest = self._closest(state)
                if closest is not None:
                    # The least vector among the pairings with the least differences:
                    # the levels below it have no pairing the search may take.
                    self.profile = closest.profile
                    self._least_squares = b3_squares(closest.profile)
                    vector = closest.vector
                    bound = _without_upfloats(vector) if state.hetero else vector
            return first_level_at_least(bound, box)
        k = self.n - 2 * state.p1
        if comb(self.n, k) > _LIST_LIMIT:
            return box.start  # search everything, the accepted sets checked one by one
        closeness = judged
        good: list[int] = []
        # (bye's score, sum of squares, differences, unpaired mask, level) per set.
        found: list[tuple[Fraction, Fraction, tuple[Fraction, ...], int, Level]] = []
        start: Level | None = None
        for unpaired in combinations(range(self.n), k):
            if not self._floaters_of(state.floaters, unpaired):
                continue
            if self.lowest and not all(self.eligible[u] for u in unpaired):
                continue
            if not self.accept(tuple(self.number(u) for u in unpaired)):
                continue
            out = set(unpaired)
            rest = [i for i in range(self.n) if i not in out]
            best = self.best(
                rest, mdp_first=state.hetero, exact_pairs=state.p1, closeness=closeness
            )
            if best is None or (state.hetero and best.mdp_pairs < state.m1):
                continue
            vector = _without_upfloats(best.vector) if state.hetero else best.vector
            for u in unpaired:
                vector = add(vector, self.vcost[u])
            level = first_level_at_least(vector, box)
            if level is None:
                continue
            mask = 0
            for u in unpaired:
                mask |= 1 << u
            if closeness:
                bye = (
                    None
                    if self.bye_of is None
                    else self.bye_of(tuple(self.number(u) for u in unpaired))
                )
                bye_score = Fraction(-1) if bye is None else bye
                found.append((bye_score, b3_squares(best.profile), best.profile, mask, level))
                continue
            good.append(mask)
            if start is None or level < start:
                start = level
        if closeness and found:
            # B.3 (reading 24): only the sets whose pairs can be the closest in score.
            least = min((bye, squares) for bye, squares, _, _, _ in found)
            self.profile = min(p for b, sq, p, _, _ in found if (b, sq) == least)
            self._least_squares = least[1]
            self._bye_cut = any(bye > least[0] for bye, _, _, _, _ in found)
            for bye, squares, _, mask, level in found:
                if (bye, squares) == least:
                    good.append(mask)
                    if start is None or level < start:
                        start = level
        self.good = good
        return start

    def _fixed_gaps(self, state: _State) -> bool:
        """Do all pairings of ``state`` have the same score differences? So in a
        heterogeneous bracket of two scores whose moved-down players are all paired
        (M1 = M0): each of them meets a resident, every other pair is of residents."""
        return state.hetero and state.m1 == self.m0 and len(set(self.scores)) == 2

    def _closest(self, state: _State) -> Best | None:
        """B.3 (reading 24): the oracle's best pairing of ``state`` - its pairs,
        moved-down players paired and floaters' scores - with the least sum of the
        squared score differences of its pairs (reading 53; the differences, largest
        first, in ``profile``); None when it has other floaters (then the differences
        are not judged)."""
        best = self.best(
            range(self.n), mdp_first=state.hetero, exact_pairs=state.p1, closeness=True
        )
        if best is None or not _floaters_fit(state.floaters, best.floaters):
            return None
        if state.hetero and best.mdp_pairs != state.m1:
            return None
        return best

    def _levels(self, state: _State, level: Level | None) -> Iterator[Candidate]:
        """C.3-C.10 for one state: every level from ``level`` on, each searched in the
        order of section D. The floaters must have the scores of ``state.floaters``
        (B.3: as low as possible; None: any)."""
        self.floaters = state.floaters
        box = self._box(state.p1, state.x1, state.z1)
        farther = 0  # pairings passed over for B.3's score differences (reading 24)
        while level is not None:
            lowered = (*state.notes, *_describe_lowering(box.start, level))
            relaxed = tuple(_lowered(box.start, level))
            for cand in self._search(state.hetero, state.p1, state.m1, level):
                if self.profile is not None and self._squares(cand) > self._least_squares:
                    farther += 1  # B.3: pairs farther apart in score (reading 24)
                    continue
                closest: tuple[str, ...] = ()
                if self._bye_cut:
                    closest = (f"{BYE_NOTE} (reading 24)",)
                if farther and self.profile is not None:
                    gaps = ", ".join(format_points(g) for g in self.profile) or "none"
                    closest += (
                        f"{CLOSEST_NOTE} (score differences: {gaps}): pairings with "
                        "pairs farther apart in score passed over",
                    )
                yield Candidate(
                    pairs=cand.pairs,
                    unpaired=cand.unpaired,
                    vector=cand.vector,
                    level=level,
                    s1=cand.s1,
                    notes=(*lowered, *closest, *cand.notes),
                    relaxed=relaxed,
                    reductions=state.reductions,
                    head=cand.head,
                )
            step = c10_lower(level, box, self.ctx.odd)
            level = None if step is None else step[0]

    def _squares(self, cand: Candidate) -> Fraction:
        """B.3 by the squares (reading 53): the sum of the squared score differences
        of ``cand``'s pairs."""
        score = self._score_of
        return b3_squares([score[a] - score[b] for a, b in cand.pairs])

    def _search(self, hetero: bool, p1: int, m1: int, level: Level) -> Iterator[Candidate]:
        """C.4-C.9 at one requirement level."""
        if not hetero:
            yield from self._homogeneous(list(range(self.n)), p1, level, ZERO, "")
            return
        mdps = [i for i in range(self.n) if self.mdp[i]]
        for set_number, chosen in enumerate(d3_mdp_sets(len(mdps), m1)):  # C.8.b
            s1 = [mdps[k] for k in chosen]
            taken = set(s1)
            s2 = [i for i in range(self.n) if i not in taken]
            how = f"D.3 set {set_number + 1}: " if set_number else ""
            back = 0  # C.9: pairings of the moved-down players whose remainder failed
            for pairs, used, _, first in self._transpositions(s1, s2, level, ZERO, final=False):
                paired = {j for _, j in pairs}
                rest = [i for i in range(self.n) if i not in taken and i not in paired]
                mdp_note = (
                    f"{'C.6' if first else 'C.7 transposition'} heterogeneous part: {how}"
                    f"S1 {self._names(s1)}, S2 {self._names(s2)} -> pairs "
                    f"{self._pair_names(pairs)}"
                )
                if back:
                    mdp_note += f" (after C.9 from {back} earlier one(s))"
                found = False
                # C.6: the remainder continues at C.4 with the current requirements,
                # a homogeneous group: B5/B6 for upfloaters, requirements of
                # heterogeneous brackets, do not bound its pairs (reading 33); the
                # others count over the whole bracket.
                part = _without_upfloats(used)
                rest_level = _remainder_level(level, p1 - m1)
                for cand in self._homogeneous(rest, p1 - m1, rest_level, part, "remainder "):
                    yield Candidate(
                        pairs=tuple((self.number(a), self.number(b)) for a, b in pairs)
                        + cand.pairs,
                        unpaired=cand.unpaired,
                        vector=cand.vector,
                        level=level,
                        s1=tuple((self.number(a), k) for k, a in enumerate(s1)) + cand.s1,
                        notes=(mdp_note, *cand.notes),
                        head=len(pairs),
                    )
                    found = True
                if not found:
                    back += 1  # C.9: back to the heterogeneous part, next transposition

    def _homogeneous(
        self, group: list[int], p: int, level: Level, used: Costs, what: str
    ) -> Iterator[Candidate]:
        """C.4-C.8.a for a homogeneous bracket or a remainder of ``group`` (A.2 order)
        with ``p`` pairs; the players left unpaired are moved down."""
        if p < 0 or 2 * p > len(group):
            return
        room = _room(level, used)
        if room is None:
            return
        if self.good is not None:
            inside = 0
            for i in group:
                inside |= 1 << i
            if not any(g & ~inside == 0 for g in self.good):
                return
        if not self._can_meet(group, None, p, room, final=True):
            return  # no pairing of the group meets the level: C.9 at once
        for exchange, (s1_pos, s2_pos) in enumerate(d2_exchanges(len(group), p)):  # C.8.a
            s1 = [group[k] for k in s1_pos]
            s2 = [group[k] for k in s2_pos]
            for pairs, total, unpaired, first in self._transpositions(
                s1, s2, level, used, final=True
            ):
                if exchange:
                    step = f"C.8.a exchange {exchange}" + ("" if first else " + C.7")
                else:
                    step = "C.6" if first else "C.7 transposition"
                note = (
                    f"{step}: {what}S1 {self._names(s1)}, S2 {self._names(s2)}"
                    f" -> pairs {self._pair_names(pairs)}"
                )
                if unpaired:
                    note += f", unpaired {self._names(unpaired)}"
                yield Candidate(
                    pairs=tuple((self.number(a), self.number(b)) for a, b in pairs),
                    unpaired=tuple(self.number(u) for u in unpaired),
                    vector=total,
                    level=level,
                    s1=tuple((self.number(a), k) for k, a in enumerate(s1)),
                    notes=(note,),
                )

    def _transpositions(
        self,
        s1: list[int],
        s2: list[int],
        level: Level,
        used: Costs,
        *,
        final: bool,
    ) -> Iterator[tuple[list[tuple[int, int]], Costs, list[int], bool]]:
        """C.6/C.7 with D.1: pair S1[k] with T[k] for the transpositions T of S2 in
        order, yielding those that meet ``level``: (pairs, requirements used,
        unpaired S2 players, whether T is S2 itself, i.e. found by C.6 at once).

        With ``final`` the unpaired players are moved down (homogeneous bracket or
        remainder): their B5/B6, their scores (B.3), in the lowest bracket the bye,
        and any ``accept`` condition must hold too.

        Pruning: a transposition whose first pairs already break an absolute
        criterion or a budget is never acceptable, and neither is one whose first
        pairs leave the other S1 players without a perfect pairing into S2.
        """
        n1, n2 = len(s1), len(s2)
        if n1 > n2:
            return
        room = _room(level, used)
        if room is None:
            return
        good = self.good
        s2_bits = 0
        for b in s2:
            s2_bits |= 1 << b
        s1_bits = 0
        for a in s1:
            s1_bits |= 1 << a
        # Bracket players that cannot be among the unpaired players of this step.
        outside = ((1 << self.n) - 1) & ~s2_bits if final else s1_bits
        if good is not None and not any(g & outside == 0 for g in good):
            return
        good_set = None if good is None else set(good)
        cost = self.packed_cost
        pair_cost = self.cost
        guard = _GUARD
        top = pack(level) | guard
        rows: list[list[int]] = []
        masks: list[int] = []
        for a in s1:
            cols = [
                j
                for j, b in enumerate(s2)
                if (self.compat[a] >> b) & 1 and fits(pair_cost[a][b], room)
            ]
            if not cols:
                return
            rows.append(cols)
            m = 0
            for j in cols:
                m |= 1 << j
            masks.append(m)
        col_owner = [-1] * n2
        row_col = [-1] * n1
        for r in range(n1):
            if not _augment(r, masks, row_col, col_owner, 0, 0):
                return
        if final:
            spare = n2 - n1
            if spare and not self._unpaired_can_fit(s2, spare, room):
                return
        chosen: list[int] = []
        vcost = self.packed_vcost

        def witness(i: int, rc: list[int], fixed: int, acc: int) -> bool:
            """Does the current perfect pairing of S1[i:] (kept up to date by the
            augmenting paths) complete this beginning within every budget?"""
            total = acc
            matched = fixed
            for r in range(i, n1):
                total += cost[s1[r]][s2[rc[r]]]
                matched |= 1 << rc[r]
            left = [s2[k] for k in range(n2) if not (matched >> k) & 1]
            if final:
                for u in left:
                    total += vcost[u]
                if self.lowest and not all(self.eligible[u] for u in left):
                    return False
                if not self._floaters_of(self.floaters, left):
                    return False
            return (top - total) & guard == guard

        def walk(
            i: int, fixed: int, taken: int, acc: int, row_col: list[int], col_owner: list[int]
        ) -> Iterator[tuple[list[tuple[int, int]], Costs, list[int], bool]]:
            if i == n1:
                left = [s2[j] for j in range(n2) if not (fixed >> j) & 1]
                total = acc
                if final:
                    for u in left:
                        total += vcost[u]
                    if (top - total) & guard != guard:
                        return
                    if self.lowest and not all(self.eligible[u] for u in left):
                        return
                    if not self._floaters_of(self.floaters, left):
                        return
                    if good_set is not None:
                        mask = 0
                        for u in left:
                            mask |= 1 << u
                        if mask not in good_set:
                            return
                    elif self.accept is not None and not self.accept(
                        tuple(self.number(u) for u in left)
                    ):
                        return
                pairs = [(s1[k], s2[chosen[k]]) for k in range(n1)]
                first = all(chosen[k] == k for k in range(n1))
                yield pairs, unpack(total), left, first
                return
            a = s1[i]
            row_cost = cost[a]
            for j in rows[i]:
                if (fixed >> j) & 1:
                    continue
                b = s2[j]
                nxt = acc + row_cost[b]
                if (top - nxt) & guard != guard:
                    continue
                now_taken = taken | (1 << b)
                if good is not None and not any(g & (outside | now_taken) == 0 for g in good):
                    continue
                # Repair the perfect pairing of the remaining S1 players.
                rc = row_col[:]
                co = col_owner[:]
                co[rc[i]] = -1
                displaced = co[j]
                co[j] = i
                rc[i] = j
                if displaced not in (-1, i):
                    rc[displaced] = -1
                    if not _augment(displaced, masks, rc, co, fixed | (1 << j), i + 1):
                        continue
                now_fixed = fixed | (1 << j)
                if n1 - i > 2 and not witness(i + 1, rc, now_fixed, nxt):
                    # Can the other S1 players still be paired within the budgets?
                    left_room = _room(level, unpack(nxt))
                    free = [s2[k] for k in range(n2) if not (now_fixed >> k) & 1]
                    if left_room is None or not self._can_meet(
                        s1[i + 1 :], free, n1 - i - 1, left_room, final=final
                    ):
                        continue
                chosen.append(j)
                yield from walk(i + 1, now_fixed, now_taken, nxt, rc, co)
                chosen.pop()

        start = pack(used)
        if (
            n1 > 1
            and not witness(0, row_col, 0, start)
            and not self._can_meet(s1, s2, n1, room, final=final)
        ):
            return
        yield from walk(0, 0, 0, start, row_col, col_owner)

    def _can_meet(
        self,
        s1: Sequence[int],
        s2: Sequence[int] | None,
        pairs: int,
        room: Sequence[int],
        *,
        final: bool,
    ) -> bool:
        """Pruning (oracle.py): can ``pairs`` pairs of ``s1`` (with ``s2``: between S1
        and S2) meet the remaining budgets ``room``, the floaters' scores and, in the
        lowest bracket, the bye? False only if certainly not."""
        key = (tuple(s1), None if s2 is None else tuple(s2), pairs, final, self.floaters)
        if key not in self._bounds:
            self._bounds[key] = self._lexmin(s1, s2, pairs, final=final)
        best = self._bounds[key]
        if best is None or (self.lowest and final and not best.bye_ok):
            return False
        required = self.floaters
        if final and required is not None:
            if isinstance(required, frozenset):
                if best.floaters not in required:
                    # Above every set required: none fits; below one: cannot tell.
                    return best.floaters < max(required)
            else:
                if best.floaters > required:
                    return False
                if best.floaters < required:
                    return True  # cannot tell
        return tuple(best.vector) <= tuple(room)

    def _lexmin(
        self, s1: Sequence[int], s2: Sequence[int] | None, pairs: int, *, final: bool
    ) -> Best | None:
        """The oracle's answer for ``_can_meet`` (memoised there: the same groups come
        again at every level)."""
        all_edges = self.edges
        pair_cost = self.cost
        if s2 is None:
            vertices = list(s1)
            inside = set(vertices)
            edges = [e for e in all_edges if e[0] in inside and e[1] in inside]
        else:
            vertices = [*s1, *s2]
            edges = [(a, b, pair_cost[a][b]) for a in s1 for b in s2 if (self.compat[a] >> b) & 1]
        lowest = self.lowest and final
        # The oracle ranks the floaters' scores before the requirements: its vector is
        # the least one only among pairings with its floaters. Without a required set
        # of floaters' scores every score counts alike, so the vector is the least of
        # all pairings (a sound bound for brackets that mix scores).
        scored = final and self.floaters is not None
        return lexmin(
            vertices,
            edges,
            unpaired_cost=self.vcost if final else self._no_cost,
            score=self.scores if scored else self._flat,
            mdp=self._no_mdp,
            eligible=self.eligible,
            mdp_first=False,
            lowest=lowest,
            exact_pairs=pairs,
        )

    def _unpaired_can_fit(self, s2: list[int], spare: int, room: Sequence[int]) -> bool:
        """Cheap bound: ``spare`` S2 players stay unpaired; the cheapest choice for
        each downfloater requirement separately must fit its budget."""
        for c in (B5_DOWN, B6_DOWN):
            costs = sorted(self.vcost[u][c] for u in s2)
            if sum(costs[:spare]) > room[c]:
                return False
        return True

    def _names(self, indices: Sequence[int]) -> str:
        return "[" + " ".join(str(self.number(i)) for i in indices) + "]"

    def _pair_names(self, pairs: Sequence[tuple[int, int]]) -> str:
        return " ".join(f"{self.number(a)}-{self.number(b)}" for a, b in pairs) or "none"

    def _floaters_of(self, required: Floaters, unpaired: Iterable[int]) -> bool:
        """Do the players ``unpaired`` (indices) meet the floaters' scores ``required``?
        Their scores are sorted only when something is required (a hot path)."""
        if required is None:
            return True
        return _floaters_fit(
            required, tuple(sorted((self.scores[u] for u in unpaired), reverse=True))
        )


def c13_m1_reductions(m1: int) -> range:
    """Reading 65 (C.13 with C.3.a): the values to which C.14.b2 lowers M1 when C.13
    asks a heterogeneous penultimate bracket for another pairing: M1 - 1 down to 1,
    never 0. "In a heterogeneous score bracket set P = M1" (C.3.a): M1 = 0 makes P
    zero, and "if in the penultimate score bracket P becomes zero ... the two lowest
    score brackets are joined" (C.13) - the join, not the bracket managed as
    homogeneous with its moved-down players floating on."""
    return range(m1 - 1, 0, -1)


def _floaters_fit(required: Floaters, scores: tuple[Fraction, ...]) -> bool:
    """Do floaters with ``scores`` (highest first) meet the state's requirement?"""
    if required is None:
        return True
    if isinstance(required, frozenset):
        return scores in required
    return required == scores


def _floating_note(floating: bool, m1: int) -> tuple[str, ...]:
    if not floating:
        return ()
    return (f"C.13: M1 lowered to {m1} {FLOATING_NOTE}",)


def _remainder_reached(p0: int, p1: int, m1: int) -> bool:
    """C.14.b1, "if the pairing procedure has got to the remainder at least once":
    with M1 moved-down players paired (C.6) the remainder has P1 - M1 pairs to make.
    It did when P1 > M1, and also when P1 = M1 now but the bracket's first C.14
    state had P1 = P0 > M1 (the oracle found no pairing with more pairs, so C.14.b1
    lowered P1 to M1: "at least once" counts that state too; reading 28, tiny
    corpus seed 24410 round 8). Then C.14.b1 lowers P1 again, M1 is kept."""
    return p1 > m1 or p0 > m1


def both_accept(first: Accept | None, second: Accept | None) -> Accept | None:
    """The sets of unpaired players both predicates accept (None: no condition)."""
    if first is None or second is None:
        return second if first is None else first
    return lambda unpaired: first(unpaired) and second(unpaired)


def b3_squares(differences: Sequence[Fraction]) -> Fraction:
    """Reading 53, B.3 by the squares: how far apart in score a pairing's pairs are,
    the sum of the squares of their score differences ("the difference of the scores
    of two players paired against each other should be as small as possible", B.3,
    over every pair of the pairing: a larger difference weighs more than smaller
    ones with the same sum). Reading 24 compares pairings by it."""
    return sum((d * d for d in differences), Fraction(0))


def _without_upfloats(c: Costs) -> Costs:
    """``c`` without B5/B6 for upfloaters."""
    return (c[0], c[1], c[2], c[3], c[4], c[5], 0, 0)


def _remainder_level(level: Level, pairs: int) -> Level:
    """The level a remainder of ``pairs`` pairs is paired at (C.6: "continue at C.4
    with the remainder group", a homogeneous group): ``level`` without a bound on B5/B6
    for upfloaters - C.3.g/h and C.10.a/b are requirements of heterogeneous score
    brackets (reading 33) - that is, as many as its pairs.

    >>> _remainder_level((0, 0, 1, 0, 0, 1, 0, 0), 2)
    (0, 0, 1, 0, 0, 1, 2, 2)
    """
    return (level[0], level[1], level[2], level[3], level[4], level[5], pairs, pairs)


def _room(level: Level, used: Costs) -> list[int] | None:
    room = [level[c] - used[c] for c in range(COMPONENTS)]
    return None if min(room) < 0 else room


def _augment(
    r: int, masks: list[int], row_col: list[int], col_owner: list[int], fixed: int, first: int
) -> bool:
    """Kuhn's augmenting path from row ``r``: re-pair the S1 players from ``first`` on
    so that ``r`` gets an S2 partner too (columns in ``fixed`` are taken)."""
    seen = [fixed]

    def go(row: int) -> bool:
        options = masks[row] & ~seen[0]
        while options:
            low = options & -options
            options ^= low
            if seen[0] & low:
                continue
            seen[0] |= low
            col = low.bit_length() - 1
            owner = col_owner[col]
            if owner == -1 or (owner >= first and go(owner)):
                row_col[row] = col
                col_owner[col] = row
                return True
        return False

    return go(r)


#: C.10: the article that lowers each requirement.
_C10_ARTICLES = {
    B6_UP: "C.10.a",
    B5_UP: "C.10.b",
    B6_DOWN: "C.10.c",
    B5_DOWN: "C.10.d",
    X: "C.10.e",
    Z: "C.10.e",
    A7D: "C.10.f",
    B2: "C.10.g",
}


def _lowered(start: Level, level: Level) -> list[tuple[str, int]]:
    """The requirements C.10 lowered from ``start`` to ``level``, in the order of the
    text: (article, requirement)."""
    return [
        (_C10_ARTICLES[c], c)
        for c in (B2, A7D, X, Z, B5_DOWN, B6_DOWN, B5_UP, B6_UP)
        if level[c] > start[c]
    ]


def _describe_lowering(start: Level, level: Level) -> list[str]:
    """Which requirements C.10 lowered, in the words of the text."""
    out: list[str] = []
    for article, c in _lowered(start, level):
        if c in (X, Z):
            out.append(f"{article}: {NAMES[c]} raised from {start[c]} to {level[c]}")
        else:
            out.append(f"{article}: {NAMES[c]} dropped for {level[c]} pair(s)")
    return out
