"""Pairing one round of the AGA Swiss McMahon system as a maximum-weight matching.

AGA "Pairing" and "Program Implementation Notes": every possible game gets a penalty,
and the round is the perfect matching of least total penalty. The penalty is a vector
of *tiers* compared lexicographically, most important first:

====  ===========  =====================================================================
tier  name         value of one game (pair ``i``-``j``, ``i`` the higher McMahon score)
====  ===========  =====================================================================
1     bye          forced bye only: how many players are sorted below the bye recipient
                   (the bye goes to the lowest score group, lowest rated, "Odd-Numbered
                   Groups")
2     score        (McMahon score difference)^2, scores in their smallest common unit
3     float        criterion 3: 1 for ``i`` if he floated down last round, 1 for ``j``
                   if he floated up (off in the last round of events under six rounds
                   and in the last two rounds of longer ones)
4     colour       criterion 4: colour violations (a fourth same colour in a row; one
                   colour in more than half the rounds) under the best colours the game
                   allows (handicap games: weaker player black)
5     floater      the up-floater's place in his score group (0 = strongest, the one
                   the rules float first)
6     avoid        first half of the event only: same family/club/city/state/country
                   (the TD's list, each attribute outweighing the ones after it), then
                   handicap stones if ``avoid_handicap``
7     switch       1 if both players are in the same half of their score group: a
                   switch, worse than any transposition
8     split        distance from the split-and-shift opponent: same group:
                   ``(|pos_i - pos_j| - h)^2``; across groups, the down-floater's
                   distance from the expected down-floater's place, squared
9     low          same-group games off the ideal (tiers 7-8 not 0): the places of both
                   players counted from the bottom of the group (``n - 1 - pos``, at
                   least 0), so equal alternatives disturb the lowest-ranked players
====  ===========  =====================================================================

Below the nine tiers, the *order tie-break* (:func:`order_digits`) decides between
pairings equal in all of them: each player in the pool's order, strongest first, meets
the first opponent that still allows an optimal pairing. It makes the optimum unique, so
the pairing does not depend on which optimum a matcher happens to return: the compiled
and the pure-Python matcher pair alike by construction.

Places (``pos``, 0 = strongest) and sizes (``n``) of the score groups leave out the best
candidate for the forced bye (the lowest placed eligible player), who is counted last in
his group. The expected floats follow from parity, as in the top-down procedure: a
group with an odd number of players above it sends its strongest player up (``u`` = 1,
else 0); the other ``r = n - u`` players are split into a top half of ``h = ceil(r/2)``
(places ``u .. u+h-1``) and a bottom half; if ``r`` is odd, the middle player
``u + (r-1)/2`` faces the floater from below (the expected down-floater; the last player
when ``r`` is even).

Mandatory criteria are not penalties but missing edges: no rematch (any earlier game,
forfeits included), no forbidden pair, no second forced bye (except for the bye
volunteer). Forced pairs are paired first and take no part in the matching.

The tiers are folded into one integer weight with bases ``B_9 = 1`` and
``B_k = m * sum_{l>k} U_l * B_l + 1`` (``m`` = games in the matching, ``U_l`` a bound on
one game's tier-``l`` value), so one unit of a tier outweighs the largest possible sum
of all lower tiers (:func:`tier_bases`); the order tie-break is a tenth tier below them
(``B_10 = 1``, ``U_10 = k^(k-1)`` for a component of ``k`` vertices), folded in when the
weights then fit :data:`ORDER_MAX_BITS` (components of up to about 110 players); a
larger component is solved on the nine tiers and then re-solved to free the players
with several optimal opponents, among whom the same rule decides by solves with digits
for them only (:func:`_canonical`, :func:`_first_in_order`). The matching maximises
``W - penalty`` among maximum-cardinality matchings, which is the lexicographic
minimum.

Speed: the graph is pruned to pairs of score groups whose *parity lower bound* fits
the best solution. Every cut between consecutive score groups with an odd number of
players above it is crossed by some game, so any pairing containing a game that spans
score difference ``D`` costs at least ``D^2`` plus ``g^2`` for every odd cut (gap ``g``)
outside that span. If the pruned optimum (bye at the best conceivable player) costs
less than the bound of every pruned pair, it is optimal for the full graph; otherwise
the bound is raised to its cost, and as a last resort the full graph is solved. The
pruned graph falls apart into independent components, solved separately.

The graph of a stage is built in the compiled extension when it is available
(``McMahonGraph``, :func:`_round_graph`): Python hands it each player's score, place,
group size, split, shift, last float, colour costs, strength place, handicap class and
avoided attributes, plus the rematches and forbidden pairs, and it computes every
game's tiers as :func:`edge_tiers` does, folds them with the bases of the component
(computed here) into the same integer weight, finds the same components and runs the
same matcher (``Blossom``) with the same offset for maximum cardinality: no Python
object per edge, and a pairing identical to the one of the Python edge tuples
(``GRAPH = "python"``, the reference, tested against it in
``tests/test_mcmahon_graph.py``). The nine tiers alone do not make the optimum unique
(two games between the same two score groups can swap their players at equal floater
and split totals; 24 of the 80 random fields of 6 to 12 players of
``tests/test_mcmahon_optimality.py`` have several optimal pairings); the order
tie-break does, in every component it is folded into, and the re-solves in a larger
one (weights over :data:`ORDER_MAX_BITS` with it): the compiled graph does them over the
sparse graph of the games its first solve's duals leave tight (``solve_freed``), the
Python edges over the whole component; both reach the pairing the order rule defines,
so the compiled and the pure-Python matcher pair alike in components of any size. A
component whose n x n weight matrix would exceed :data:`DENSE_BYTES` is solved over the
*implicit* graph (each weight computed when the algorithm reads it: the same steps
in O(n) memory); a component met again in a later stage (same players, same admitted
group pairs and bye candidates) reuses its matching. Weights too wide for the
extension go back to the Python edges of that component.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import cast

from fairpair.errors import InputError, NoPairingError
from fairpair.matching import backend, max_weight_matching
from fairpair.model import ByeKind, Colour, Float, Tournament
from fairpair.systems.mcmahon.bands import McMahonSettings
from fairpair.systems.mcmahon.handicap import handicap_stones, komi_for
from fairpair.systems.mcmahon.ranks import Strength, strength_of

try:  # the compiled extension is optional (pure-Python fallback)
    from fairpair.matching._blossom import McMahonGraph as _McMahonGraph
except ImportError:  # pragma: no cover - depends on the build
    _McMahonGraph = None  # type: ignore[assignment,misc]

__all__ = [
    "TIERS",
    "Field",
    "Game",
    "Handicaps",
    "Solution",
    "build_field",
    "colour_violations",
    "edge_tiers",
    "round_handicaps",
    "solve",
    "solve_constrained",
    "tier_bases",
    "tier_total",
]

TIERS = ("bye", "score", "float", "colour", "floater", "avoid", "switch", "split", "low")

Tiers = tuple[int, int, int, int, int, int, int, int, int]


def colour_violations(history: Sequence[Colour], colour: Colour, total_rounds: int) -> int:
    """Criterion 4 for giving ``colour`` to a player with ``history`` (played games):
    one for a fourth same colour in a row, one for that colour in more than half the
    rounds of the tournament.

    >>> B, W = Colour.BLACK, Colour.WHITE
    >>> colour_violations([B, B, B], B, 8), colour_violations([B, B, B], W, 8)
    (1, 0)
    >>> colour_violations([B, W, B], B, 4), colour_violations([B, W, B], B, 6)
    (1, 0)
    """
    count = 0
    if len(history) >= 3 and history[-1] is history[-2] is history[-3] is colour:
        count += 1
    if 2 * (sum(1 for c in history if c is colour) + 1) > total_rounds:
        count += 1
    return count


@dataclass
class Field:
    """Everything the penalty needs about one round (see :func:`build_field`)."""

    round: int
    total_rounds: int
    settings: McMahonSettings
    #: Players to match, sorted: McMahon score, strength, pairing number.
    pool: list[int]
    mms: dict[int, Fraction]
    initial: dict[int, Fraction]
    strength: dict[int, Strength]
    band: dict[int, int | None]
    history: dict[int, tuple[Colour, ...]]
    last_float: dict[int, Float]
    met: dict[int, frozenset[int]]
    forbidden: set[frozenset[int]]
    forced: list[tuple[int, int]]
    voluntary: list[int]
    #: Player receiving the forced bye before the matching (the bye volunteer).
    volunteer_bye: int | None
    bye_eligible: set[int]
    avoid_values: dict[int, tuple[str, ...]] = field(default_factory=dict)
    # derived by _index()
    unit: int = 1
    units: dict[int, int] = field(default_factory=dict)
    group: dict[int, int] = field(default_factory=dict)
    pos: dict[int, int] = field(default_factory=dict)
    size: dict[int, int] = field(default_factory=dict)
    #: Expected up-floaters at the top of the group (0 or 1), half of the rest (rounded
    #: up), and the place of the expected down-floater.
    shift: dict[int, int] = field(default_factory=dict)
    half: dict[int, int] = field(default_factory=dict)
    middle: dict[int, int] = field(default_factory=dict)
    index: dict[int, int] = field(default_factory=dict)
    #: Weight of a clash on each avoided attribute, then of one handicap stone.
    avoid_weights: tuple[int, ...] = ()
    #: Criterion-4 violations of taking white / black, per player.
    colour_cost: tuple[dict[int, int], dict[int, int]] = ({}, {})
    #: Place in the field by strength (0 = strongest), for "the weaker player".
    strength_place: dict[int, int] = field(default_factory=dict)
    tier_cache: dict[tuple[int, int], Tiers] = field(default_factory=dict)

    @property
    def float_rule_active(self) -> bool:
        """Criterion 3 is off in the last round (< 6 rounds) or last two rounds."""
        last_free = 1 if self.total_rounds < 6 else 2
        return self.round <= self.total_rounds - last_free

    @property
    def avoidance_active(self) -> bool:
        """Avoidance is dropped in the last half of the tournament (rounds > R/2)."""
        s = self.settings
        return bool(s.avoid or s.avoid_handicap) and self.round <= self.total_rounds // 2

    @property
    def needs_bye(self) -> bool:
        return len(self.pool) % 2 == 1

    def order_key(self, n: int) -> tuple[Fraction, float, int]:
        return (-self.mms[n], -self.strength[n].value, n)

    def stones(self, a: int, b: int) -> int:
        """Handicap stones of a game (before any TD override), see :func:`_stones`."""
        return _stones(self.settings, self.band, self.initial, self.strength, a, b)

    def weaker(self, a: int, b: int) -> int:
        """The weaker of two players (takes black in a handicap game): lower rank, then
        lower rating, then higher pairing number."""
        return a if self.strength_place[a] > self.strength_place[b] else b

    def allowed(self, a: int, b: int) -> bool:
        """Mandatory criteria: no rematch, not forbidden."""
        return b not in self.met[a] and frozenset((a, b)) not in self.forbidden

    def _index(self) -> None:
        self.pool.sort(key=self.order_key)
        self.index = {n: i for i, n in enumerate(self.pool)}
        by_strength = sorted(
            self.strength, key=lambda n: (-self.strength[n].rank, -self.strength[n].value, n)
        )
        self.strength_place = {n: i for i, n in enumerate(by_strength)}
        total = self.total_rounds
        self.colour_cost = (
            {n: colour_violations(self.history[n], Colour.WHITE, total) for n in self.pool},
            {n: colour_violations(self.history[n], Colour.BLACK, total) for n in self.pool},
        )
        # Avoidance: each attribute outweighs everything after it over a whole round.
        s = self.settings
        games = len(self.pool) // 2 + 1
        lower = s.max_handicap if s.avoid_handicap else 0
        weights = [1]
        for _ in s.avoid:
            weights.append(games * lower + 1)
            lower += weights[-1]
        self.avoid_weights = tuple(reversed(weights))
        denominators = [self.mms[n].denominator for n in self.pool] or [1]
        self.unit = math.lcm(*denominators)
        self.units = {n: int(self.mms[n] * self.unit) for n in self.pool}
        gid = -1
        prev: Fraction | None = None
        members: list[list[int]] = []
        for n in self.pool:
            if prev is None or self.mms[n] != prev:
                gid += 1
                members.append([])
                prev = self.mms[n]
            members[gid].append(n)
            self.group[n] = gid
        # Places in the groups as the pairing sees them: without the player who gets the
        # forced bye if it goes where it should (the best candidate), who is placed last.
        # The expected floats follow from parity, as in the top-down procedure: a group
        # with an odd number of players above it gives its strongest player to the group
        # above ("up"), and a group that is then odd takes the strongest of the group
        # below, its middle player facing him.
        best = self.best_bye
        above = 0
        for group in members:
            residents = [n for n in group if n != best]
            up = above % 2
            size = len(residents)
            left = size - up if size >= up else 0
            middle = up + ((left - 1) // 2 if left % 2 else left - 1)
            half = (left + 1) // 2
            for place, n in enumerate(residents):
                self.pos[n] = place
                self.size[n] = size
                self.shift[n] = up
                self.half[n] = half
                self.middle[n] = max(0, middle)
            if best in group:
                self.pos[best] = size
                self.size[best] = size + 1
                self.shift[best] = up
                self.half[best] = half
                self.middle[best] = max(0, middle)
            above += size

    @property
    def best_bye(self) -> int | None:
        """The best conceivable forced-bye recipient: the lowest placed eligible player
        (None when no forced bye is decided by the matching)."""
        if len(self.pool) % 2 == 0:
            return None
        eligible = [n for n in self.pool if n in self.bye_eligible]
        return eligible[-1] if eligible else None


def _stones(
    settings: McMahonSettings,
    band: Mapping[int, int | None],
    initial: Mapping[int, Fraction],
    strength: Mapping[int, Strength],
    a: int,
    b: int,
) -> int:
    """Handicap stones of a game (before any TD override): the rank difference, or
    with ``handicap_basis = "band"`` the difference of the initial McMahon scores
    (whole points), reduced by the mode and capped."""
    s = settings
    if s.top_band_even and (band.get(a) == 0 or band.get(b) == 0):
        return 0
    if s.handicap_basis == "band":
        gap = math.floor(abs(initial[a] - initial[b]))
        return handicap_stones(gap, 0, s.handicap, s.max_handicap)
    return handicap_stones(strength[a].rank, strength[b].rank, s.handicap, s.max_handicap)


@dataclass(frozen=True)
class Handicaps:
    """What decides the handicap of a game and who takes black in it: the settings,
    the players' initial scores, strengths and bands (the same in every round; see
    :func:`round_handicaps`)."""

    settings: McMahonSettings
    initial: dict[int, Fraction]
    strength: dict[int, Strength]
    band: dict[int, int | None]

    def stones(self, a: int, b: int) -> int:
        """Handicap stones of a game (before any TD override), as :meth:`Field.stones`."""
        return _stones(self.settings, self.band, self.initial, self.strength, a, b)

    def weaker(self, a: int, b: int) -> int:
        """The weaker of two players, as :meth:`Field.weaker` (lower rank, then lower
        rating, then higher pairing number)."""
        return a if _strength_key(self.strength, a) > _strength_key(self.strength, b) else b

    def mcmahon_scores(self, scores: Mapping[int, Fraction]) -> dict[int, Fraction]:
        """Every player's McMahon score: his initial score plus ``scores[n]``."""
        return {n: self.initial.get(n, Fraction(0)) + scores[n] for n in self.strength}


def _strength_key(strength: Mapping[int, Strength], n: int) -> tuple[int, float, int]:
    """Players by strength (strongest first): what :meth:`Field._index` sorts them by."""
    return (-strength[n].rank, -strength[n].value, n)


def _handicaps(tournament: Tournament) -> Handicaps:
    """The :class:`Handicaps` of ``tournament`` (cached: the same in every round)."""
    cached: Handicaps | None = tournament.__dict__.get("_mcmahon_handicaps")
    if cached is not None:
        return cached
    settings = McMahonSettings.from_tournament(tournament)
    initial = settings.initial_scores_for(tournament)
    try:
        strength = {p.number: strength_of(p) for p in tournament.players}
    except ValueError as exc:
        raise InputError(str(exc), expected="a Go rank like 5k or 1d, or an AGA rating") from None
    bands: dict[int, int | None] = dict.fromkeys(strength)
    for index, band in enumerate(settings.effective_bands(tournament)):
        for n in band.players:
            bands.setdefault(n, index)
            if bands[n] is None:
                bands[n] = index
    cached = Handicaps(settings, initial, strength, bands)
    tournament.__dict__["_mcmahon_handicaps"] = cached
    return cached


def _round_players(
    tournament: Tournament,
    settings: McMahonSettings,
    strength: Mapping[int, Strength],
    round_number: int,
) -> tuple[list[int], list[int], list[tuple[int, int]], set[int]]:
    """The voluntary byes, the players present, the forced pairs and the players in
    them of ``round_number``. Raises InputError on inconsistent forced pairs."""
    voluntary = sorted(
        n
        for n in strength
        if tournament.round(round_number).byes.get(n) in (ByeKind.ZERO_POINT, ByeKind.ABSENT)
        or n in settings.voluntary_byes_in(round_number)
    )
    present = [n for n in tournament.present_players(round_number) if n not in voluntary]
    present_set = set(present)
    forced: list[tuple[int, int]] = []
    seen: set[int] = set()
    for a, b in settings.forced_pairs_in(round_number):
        for n in (a, b):
            if n not in present_set:
                raise InputError(
                    f"forced pair {a}-{b} in round {round_number}: player {n} is not playing",
                    expected="two players present in the round",
                )
            if n in seen:
                raise InputError(
                    f"player {n} is in two forced pairs in round {round_number}",
                    expected="at most one forced pair per player",
                )
            seen.add(n)
        forced.append((a, b))
    return voluntary, present, forced, seen


def round_handicaps(tournament: Tournament, round_number: int) -> Handicaps:
    """The players of ``round_number`` as :func:`build_field` reads them, with its
    checks of the manual settings, as far as the handicaps of the round's games need
    them: without the histories of every player and round that pairing needs."""
    handicaps = _handicaps(tournament)
    if handicaps.settings.forced_pairs_in(round_number):  # nothing to check without
        _round_players(tournament, handicaps.settings, handicaps.strength, round_number)
    return handicaps


def _attribute(tournament: Tournament, number: int, name: str) -> str:
    player = tournament.player(number)
    value = player.attributes.get(name, "")
    if not value and name == "club":
        value = player.club
    if not value and name == "country":
        value = player.federation
    return value.strip().casefold()


def build_field(tournament: Tournament, round_number: int) -> Field:
    """Read the tournament before ``round_number``: scores, histories, byes, manual
    pairings. Raises InputError on inconsistent manual settings."""
    handicaps = _handicaps(tournament)
    settings, initial, strength = handicaps.settings, handicaps.initial, handicaps.strength
    total = tournament.total_rounds or max(round_number, len(tournament.rounds))
    state = tournament.state(after_round=round_number - 1)
    mms = {n: initial.get(n, Fraction(0)) + state[n].score for n in strength}
    voluntary, present, forced, seen = _round_players(tournament, settings, strength, round_number)
    pool = [n for n in present if n not in seen]
    volunteer = settings.bye_volunteer
    volunteer_bye = volunteer if len(pool) % 2 == 1 and volunteer in pool else None
    if volunteer_bye is not None:
        pool.remove(volunteer_bye)
    last_float: dict[int, Float] = {}
    for n in strength:
        records = state[n].records
        rec = records[-1] if records and records[-1].round == round_number - 1 else None
        flt = Float.NONE
        if rec is not None and rec.opponent is not None and rec.opponent in initial:
            mine = initial.get(n, Fraction(0)) + rec.score_before
            theirs = initial[rec.opponent] + (rec.opponent_score_before or Fraction(0))
            flt = Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE
        last_float[n] = flt
    forbidden = set(tournament.forbidden_pairs) | settings.forbidden_pairs_in(round_number)
    fld = Field(
        round=round_number,
        total_rounds=total,
        settings=settings,
        pool=pool,
        mms=mms,
        initial={n: initial.get(n, Fraction(0)) for n in strength},
        strength=dict(strength),
        band=dict(handicaps.band),
        history={n: state[n].colour_history for n in strength},
        last_float=last_float,
        met={n: state[n].opponents for n in strength},
        forbidden={frozenset(p) for p in forbidden},
        forced=forced,
        voluntary=voluntary,
        volunteer_bye=volunteer_bye,
        bye_eligible={n for n in pool if state[n].pairing_allocated_byes == 0},
        avoid_values={
            n: tuple(_attribute(tournament, n, a) for a in settings.avoid) for n in strength
        },
    )
    fld._index()
    return fld


# -- the penalty ---------------------------------------------------------------------


def edge_tiers(fld: Field, a: int, b: int) -> Tiers:
    """The tier values of the game ``a``-``b`` (both in the pool; see module docstring)."""
    key = (a, b) if a < b else (b, a)
    cached = fld.tier_cache.get(key)
    if cached is not None:
        return cached
    units, pos = fld.units, fld.pos
    if units[a] < units[b] or (units[a] == units[b] and pos[a] > pos[b]):
        a, b = b, a  # ``a`` is the higher player: score, then place in the group
    s = fld.settings
    diff = fld.units[a] - fld.units[b]
    cross = diff != 0
    flt = 0
    if cross and fld.float_rule_active:
        flt = (fld.last_float[a] is Float.DOWN) + (fld.last_float[b] is Float.UP)
    col = 0
    stones = 0
    if s.colour_balance or fld.avoidance_active:
        stones = fld.stones(a, b)
    if s.colour_balance:
        col = _colour_cost(fld, a, b, stones)
    avoid = 0
    if fld.avoidance_active:
        weights = fld.avoid_weights
        for k, (x, y) in enumerate(zip(fld.avoid_values[a], fld.avoid_values[b], strict=True)):
            if x and x == y:
                avoid += weights[k]
        if s.avoid_handicap:
            avoid += stones
    pa, pb = fld.pos[a], fld.pos[b]
    if cross:
        floater = pb
        switch = 0
        split = (pa - fld.middle[a]) ** 2
        low = 0
    else:
        floater = 0
        n = fld.size[a]
        half, shift = fld.half[a], fld.shift[a]
        switch = int((pa - shift < half) == (pb - shift < half))
        split = (pb - pa - half) ** 2
        # Among equal alternatives, disturb the lowest-ranked players (0 = the last).
        low = max(0, n - 1 - pa) + max(0, n - 1 - pb) if split or switch else 0
    tiers = (0, diff * diff, flt, col, floater, avoid, switch, split, low)
    fld.tier_cache[key] = tiers
    return tiers


def _colour_cost(fld: Field, a: int, b: int, stones: int) -> int:
    """Criterion-4 violations of the best colours the game allows."""
    white_cost, black_cost = fld.colour_cost
    if stones > 0:
        black = fld.weaker(a, b)
        white = b if black == a else a
        return black_cost[black] + white_cost[white]
    return min(white_cost[a] + black_cost[b], black_cost[a] + white_cost[b])


def bye_tiers(fld: Field, player: int) -> Tiers:
    """Tier values of giving the forced bye to ``player``."""
    return (len(fld.pool) - 1 - fld.index[player], 0, 0, 0, 0, 0, 0, 0, 0)


def tier_bounds(fld: Field, players: Sequence[int], bye: bool) -> Tiers:
    """``U_k``: an upper bound of one game's tier-k value among ``players``."""
    s = fld.settings
    units = [fld.units[n] for n in players] or [0]
    gmax = max((fld.size[n] for n in players), default=1)
    avoid = 0
    if fld.avoidance_active:
        avoid = sum(fld.avoid_weights[:-1]) + (s.max_handicap if s.avoid_handicap else 0)
    return (
        len(fld.pool) if bye else 0,
        (max(units) - min(units)) ** 2,
        2 if fld.float_rule_active else 0,
        4 if s.colour_balance else 0,
        gmax,
        avoid,
        1,
        gmax * gmax,
        2 * gmax,
    )


def tier_bases(bounds: Sequence[int], games: int) -> list[int]:
    """Bases making each tier outweigh everything below it: ``B_last = 1`` and
    ``B_k = games * sum_{l>k} U_l B_l + 1``.

    >>> tier_bases([5, 2, 3], 2)  # B_1 = 2 * 3 + 1; B_0 = 2 * (2 * 7 + 3) + 1
    [35, 7, 1]
    """
    bases = [1] * len(bounds)
    lower = 0
    for k in range(len(bounds) - 1, -1, -1):
        bases[k] = games * lower + 1
        lower += bounds[k] * bases[k]
    return bases


def tier_total(parts: Iterable[Sequence[int]]) -> Tiers:
    """Sum of tier vectors (compare totals with ``<``: lexicographic)."""
    total = [0] * len(TIERS)
    for part in parts:
        for k, v in enumerate(part):
            total[k] += v
    return cast(Tiers, tuple(total))


# -- solving -------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """One game of the round: colours, handicap and komi, and the rule of
    :func:`make_game` that gave the colours (``colour_rule``: "handicap", or for an
    even game "guideline", "balance", "last_black" or "stronger")."""

    white: int
    black: int
    handicap: int
    komi: Fraction
    colour_rule: str = "stronger"


@dataclass(frozen=True)
class Solution:
    """The matched pairs (pool players only), the forced bye and how it was found."""

    pairs: tuple[tuple[int, int], ...]
    bye: int | None
    tiers: Tiers
    stage: str


def _penalty(t: Sequence[int], bases: Sequence[int]) -> int:
    """Tier values ``t`` times the tier bases."""
    return sum(x * b for x, b in zip(t, bases, strict=True))


def _solve_graph(
    fld: Field, vertices: list[int], edges: list[tuple[int, int]], bye_vertex: int | None
) -> dict[int, int] | None:
    """Optimal perfect matching of one component (``bye_vertex`` = -1 is the bye), the
    one the order rule picks (:func:`_canonical` when the whole tie-break does not fit
    the weights)."""
    players = [v for v in vertices if v != -1]
    # Local places in the pool's order (the bye last): the order tie-break's digits.
    ranked = sorted(vertices, key=lambda v: (v == -1, fld.index.get(v, 0)))
    index = {v: i for i, v in enumerate(ranked)}
    tiered: list[tuple[int, int, Sequence[int]]] = []
    for a, b in edges:
        t = bye_tiers(fld, b) if a == -1 else edge_tiers(fld, a, b)
        i, j = index[a], index[b]
        tiered.append((i, j, t) if i < j else (j, i, t))
    w = _weights(fld, players, bye_vertex is not None)
    mate = _match(len(ranked), tiered, w)
    if any(m < 0 for m in mate):
        return None
    if not w.order and len(ranked) > 2:
        mate = _canonical(fld, ranked, tiered, w, mate)
    return {ranked[i]: ranked[m] for i, m in enumerate(mate)}


def _match(
    count: int,
    tiered: Sequence[tuple[int, int, Sequence[int]]],
    w: _Weights,
    marked: set[tuple[int, int]] | None = None,
) -> list[int]:
    """Maximum-weight maximum-cardinality matching of positions ``0..count-1`` over the
    edges ``(i, j, tiers)`` (``i < j``) weighted by ``w``; with ``marked``, every weight
    is scaled by ``count // 2 + 1`` and the marked edges lose one unit (a tier below all
    the others, counting marked games)."""
    digit = order_digits(count, w.order, w.places)
    scale = count // 2 + 1 if marked is not None else 1
    weighted = []
    for i, j, t in tiered:
        weight = w.top - _penalty(t, w.bases)
        if digit:
            weight -= digit[i] * (j - i - 1)
        weight *= scale
        if marked is not None and (i, j) in marked:
            weight -= 1
        weighted.append((i, j, weight))
    return max_weight_matching(count, weighted, max_cardinality=True)


def _canonical(
    fld: Field,
    ranked: list[int],
    tiered: list[tuple[int, int, Sequence[int]]],
    w: _Weights,
    mate: list[int],
) -> list[int]:
    """The optimal matching the order rule picks, from ``mate`` (an optimal matching on
    the nine tiers of the component ``ranked``, by position), by re-solving.

    Games in question (at first those of ``mate``) are marked with one unit below every
    tier and the component is solved again: the optimum keeps as few of them as any
    optimal pairing can, so a game it drops is in some optimal pairing and not in
    another; the games it keeps stay in question, and once a solve keeps all of them
    they are in every optimal pairing (each earlier solve freed at least two more
    players). The freed players' optimal matchings are then exactly the component's
    without those games, and :func:`_first_in_order` decides among them with order
    digits for the freed players only."""
    count = len(ranked)
    kept = {(i, m) for i, m in enumerate(mate) if i < m}
    while True:
        again = _match(count, tiered, w, kept)
        still = {(i, m) for i, m in kept if again[i] == m}
        if still == kept:
            break
        kept = still
    fixed = {i for pair in kept for i in pair}
    freed = [i for i in range(count) if i not in fixed]
    if not freed:
        return mate
    local = {v: q for q, v in enumerate(freed)}
    sub_tiered = [(local[i], local[j], t) for i, j, t in tiered if i in local and j in local]

    def solve_part(rest: list[int]) -> tuple[list[int], int]:
        inside = {v: q for q, v in enumerate(rest)}
        edges = [(inside[i], inside[j], t) for i, j, t in sub_tiered if i in inside and j in inside]
        part_players = [p for p in (ranked[freed[q]] for q in rest) if p != -1]
        wp = _weights(fld, part_players, len(part_players) < len(rest), part=True)
        return _match(len(rest), edges, wp), wp.places

    picked = _first_in_order(len(freed), solve_part)
    out = list(mate)
    for q, m in enumerate(picked):
        out[freed[q]] = freed[m]
    return out


def _components(vertices: Iterable[int], edges: Iterable[tuple[int, int]]) -> list[list[int]]:
    parent: dict[int, int] = {v: v for v in vertices}

    def find(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    comps: dict[int, list[int]] = {}
    for v in parent:
        comps.setdefault(find(v), []).append(v)
    return list(comps.values())


#: Where the matching graph is built: ``"auto"`` in the compiled extension when it is
#: available (:func:`_round_graph`), ``"python"`` always as Python edge tuples (the
#: reference the compiled graph is tested against; both give identical pairings).
GRAPH = "auto"

#: A component whose n x n weight matrix would take more bytes than this is solved over
#: the implicit graph (each weight computed when the matcher reads it): the same
#: algorithm in O(n) memory instead of O(n^2), so the same matching.
DENSE_BYTES = 256 << 20


@dataclass
class _RoundGraph:
    """The compiled graph of a round and the components already solved on it: a later
    stage that meets a component again (same players, same admitted group pairs among
    them, same bye candidates: the same edges and weights) reuses its matching."""

    graph: _McMahonGraph
    solved: dict[tuple[object, ...], dict[int, int] | None] = field(default_factory=dict)


def _round_graph(fld: Field) -> _RoundGraph | None:
    """The compiled graph of the round (``McMahonGraph``), or None when the extension
    is missing, the pure-Python matcher is forced, :data:`GRAPH` says ``"python"`` or
    the scores are too far apart for its 64-bit tier arithmetic.

    Vertices are the pool's places (the bye is vertex ``len(pool)``); the extension
    gets each player's score in units, place, group size, split and shift, last float,
    colour costs, strength place, handicap class and avoided attributes, plus the
    forbidden pairs and rematches, and computes every game's tiers as
    :func:`edge_tiers` does."""
    if _McMahonGraph is None or GRAPH == "python" or backend() != "compiled":
        return None
    pool = fld.pool
    units = [fld.units[n] for n in pool]
    if units and max(abs(u) for u in units) >= 1 << 30:
        return None  # (score difference)^2 must fit in 63 bits
    s = fld.settings
    index = fld.index
    # Handicap stones depend on a player's top-band flag and rank (or initial score):
    # one class per distinct pair, a table of stones between classes.
    keys: dict[tuple[bool, object], int] = {}
    reps: list[int] = []
    stone_key: list[int] = []
    need_stones = s.colour_balance or fld.avoidance_active
    for n in pool:
        if not need_stones:
            stone_key.append(0)
            continue
        value: object = fld.initial[n] if s.handicap_basis == "band" else fld.strength[n].rank
        key = (s.top_band_even and fld.band.get(n) == 0, value)
        if key not in keys:
            keys[key] = len(reps)
            reps.append(n)
        stone_key.append(keys[key])
    stones = [fld.stones(a, b) for a in reps for b in reps] or [0]
    attrs = len(s.avoid) if fld.avoidance_active else 0
    avoid: list[int] = []
    if attrs:
        ids: list[dict[str, int]] = [{} for _ in range(attrs)]
        for n in pool:
            for k, value_k in enumerate(fld.avoid_values[n]):
                avoid.append(ids[k].setdefault(value_k, len(ids[k]) + 1) if value_k else 0)
    blocked: list[tuple[int, int]] = []
    for a in pool:
        ia = index[a]
        for b in fld.met[a]:
            ib = index.get(b)
            if ib is not None and ib > ia:
                blocked.append((ia, ib))
    for pair in fld.forbidden:
        if len(pair) == 2:
            a, b = sorted(pair)
            if a in index and b in index:
                blocked.append((index[a], index[b]))
    white_cost, black_cost = fld.colour_cost
    graph = _McMahonGraph(
        group=[fld.group[n] for n in pool],
        units=units,
        pos=[fld.pos[n] for n in pool],
        size=[fld.size[n] for n in pool],
        half=[fld.half[n] for n in pool],
        shift=[fld.shift[n] for n in pool],
        middle=[fld.middle[n] for n in pool],
        floated=[
            (fld.last_float[n] is Float.DOWN) | (fld.last_float[n] is Float.UP) << 1 for n in pool
        ],
        white_cost=[white_cost[n] for n in pool],
        black_cost=[black_cost[n] for n in pool],
        strength_place=[fld.strength_place[n] for n in pool],
        stone_key=stone_key,
        stones=stones,
        avoid=avoid,
        attrs=attrs,
        blocked=blocked,
        float_rule=fld.float_rule_active,
        colour=s.colour_balance,
        avoidance=fld.avoidance_active,
    )
    graph.dense_limit = DENSE_BYTES
    return _RoundGraph(graph)


#: The order tie-break (below the nine tiers, see :func:`order_digits`) is folded into a
#: component's weights when they then stay within this many bits (the compiled matcher
#: holds 1,020): whole in components of up to about 110 players. A larger component is
#: solved on the nine tiers first and its equal optima are then told apart by
#: :func:`_first_in_order`, whose solves cover as many places as fit in these bits.
ORDER_MAX_BITS = 900


def order_digits(k: int, coefficient: int, places: int | None = None) -> list[int]:
    """The place values of the order tie-break of a component of ``k`` vertices (local
    places ``0..k-1`` in the pool's order, the bye vertex last): the game between places
    ``i < j`` adds ``(j - i - 1) * digit[i]`` to the penalty, ``digit[i] =
    coefficient * k^(p-1-i)`` for the first ``p = places`` places (all ``k - 1`` that can
    be a lower end when None) and 0 for the others; ``[]`` when ``coefficient`` is 0 (no
    tie-break).

    Each place is the lower end of at most one game of a matching and its digit
    ``j - i - 1`` is below ``k``, so a matching's total is the number whose base-``k``
    digits are these offsets: two different matchings never total the same (reading the
    digits from place 0, each lower end gives its partner back), and the smaller total
    is the matching in which the first player who differs meets the opponent placed
    nearer below him. Among pairings equal in all nine tiers the optimum is therefore
    unique: each player in order, strongest first, meets the first opponent that still
    allows an optimal pairing, as a top-down procedure pairs (AGA "Basic Pairing":
    split-and-shift pairs the top half in order with the bottom half in order, and two
    floaters meet in the same order). The rules say nothing more once the last tier is
    equal; this order is the one they pair by. With ``p < k - 1`` places the digits
    decide the opponents of the first ``p`` places alone, in the same way (reading from
    place 0 gives each of them his partner back): :func:`_first_in_order` decides the
    rest by further solves.

    >>> order_digits(4, 1)  # places 0, 1, 2: 4^2, 4^1, 4^0
    [16, 4, 1]
    >>> order_digits(4, 1, 2)  # places 0, 1 only
    [4, 1, 0]
    """
    if coefficient == 0 or k < 2:
        return []
    p = k - 1 if places is None else max(0, min(places, k - 1))
    digits = [0] * (k - 1)
    if p:
        digits[p - 1] = coefficient
    for i in range(p - 2, -1, -1):
        digits[i] = digits[i + 1] * k
    return digits


@dataclass(frozen=True)
class _Weights:
    """The weights of a component: a game's weight is ``top`` minus its tiers times
    ``bases`` and its order digit (:func:`order_digits` with ``order`` and ``places``;
    ``order`` 0: no tie-break, ``places`` 0)."""

    bases: list[int]
    order: int
    top: int
    places: int


def _weights(fld: Field, players: list[int], bye: bool, *, part: bool = False) -> _Weights:
    """Tier bases of a component (``bye``: it holds the bye vertex), the coefficient of
    the order tie-break (0: not used), ``top`` and the places the tie-break covers.

    The tie-break is a tenth tier below the nine whose bound is the largest total a
    matching can have (``k^p`` for ``p`` places, ``k`` vertices), so it decides only
    between pairings equal in every tier. It covers all ``k - 1`` places (``places`` =
    ``k - 1``) when the weights then fit :data:`ORDER_MAX_BITS`; otherwise, with
    ``part``, as many of the first places as fit (at least one), and without ``part``
    none (both backends decide that alike, from the same numbers)."""
    vertices = len(players) + bye
    games = vertices // 2
    bounds = list(tier_bounds(fld, players, bye))

    def with_order(bound: int) -> tuple[list[int], int]:
        ordered = [*bounds, bound]
        bases = tier_bases(ordered, games)
        return bases, sum(u * b for u, b in zip(ordered, bases, strict=True)) + 1

    if vertices >= 3:
        whole = vertices - 1
        if whole * math.log2(vertices) < ORDER_MAX_BITS:
            bases, top = with_order(vertices**whole)
            if top.bit_length() <= ORDER_MAX_BITS:
                return _Weights(bases[:-1], bases[-1], top, whole)
        if part:
            # ``top`` is affine in the tenth tier's bound: the most places that fit.
            low = with_order(0)[1]
            slope = with_order(1)[1] - low
            places = 1
            while (
                places + 1 < whole
                and (low + slope * vertices ** (places + 1)).bit_length() <= ORDER_MAX_BITS
            ):
                places += 1
            bases, top = with_order(vertices**places)
            return _Weights(bases[:-1], bases[-1], top, places)
    bases = tier_bases(bounds, games)
    top = sum(u * b for u, b in zip(bounds, bases, strict=True)) + 1
    return _Weights(bases, 0, top, 0)


def _first_in_order(
    count: int, solve_part: Callable[[list[int]], tuple[list[int], int]]
) -> list[int]:
    """The pairing the order rule picks among the optimal perfect matchings of a vertex
    set (positions ``0..count-1`` in the pool's order, the bye vertex last), whose every
    part keeps a perfect matching: ``mate`` by position.

    ``solve_part(part)`` (``part`` increasing positions) solves the graph on ``part``
    with the tiers and the order tie-break on as many of its first places as fit
    (:func:`_weights` with ``part=True``) and returns the matched place of each (by
    index into ``part``) and the number of places the tie-break covered. Those first
    places meet the opponents the rule gives them (the optima that pair them so are
    exactly the rule's first choices there); they leave and the rest is solved again,
    the same way, until the tie-break covers every place left. One solve when the whole
    tie-break fits; each further solve settles at least as many players as its tie-break covers."""
    mate = [-1] * count
    rest = list(range(count))
    while len(rest) > 2:
        local, places = solve_part(rest)
        if places >= len(rest) - 1:
            for i, m in enumerate(local):
                mate[rest[i]] = rest[m]
            return mate
        done: set[int] = set()
        for i in range(places):
            if i not in done:
                done |= {i, local[i]}
                mate[rest[i]], mate[rest[local[i]]] = rest[local[i]], rest[i]
        rest = [v for i, v in enumerate(rest) if i not in done]
    if len(rest) == 2:
        mate[rest[0]], mate[rest[1]] = rest[1], rest[0]
    return mate


def _attempt_compiled(
    fld: Field,
    rg: _RoundGraph,
    group_pairs: set[tuple[int, int]] | None,
    bye_candidates: list[int],
) -> tuple[dict[int, int] | None, set[int]]:
    """:func:`_attempt` on the compiled graph."""
    pool = fld.pool
    npool = len(pool)
    ng = fld.group[pool[-1]] + 1 if pool else 0
    if group_pairs is None:
        group_pairs = {(a, b) for a in range(ng) for b in range(a, ng)}
    comps = rg.graph.components(sorted(group_pairs), [fld.index[n] for n in bye_candidates])
    mate: dict[int, int] = {}
    failed: set[int] = set()
    for comp in comps:
        players = [pool[v] for v in comp if v != npool]
        bye = len(players) < len(comp)
        groups = {fld.group[v] for v in players}
        key = (
            tuple(comp),
            tuple(sorted(p for p in group_pairs if p[0] in groups and p[1] in groups)),
            tuple(bye_candidates) if bye else (),
        )
        if key in rg.solved:
            result = rg.solved[key]
        else:
            result = _solve_compiled(fld, rg.graph, comp, group_pairs, bye_candidates)
            rg.solved[key] = result
        if result is None:
            failed |= {fld.group[v] for v in players}
        else:
            mate.update(result)
    return (None if failed else mate), failed


def _coefficients(fld: Field, w: _Weights) -> list[int]:
    """The coefficients ``McMahonGraph.solve`` takes for the weights ``w``: the bye,
    score, float, colour and floater bases, one per avoided attribute, one per handicap
    stone, the switch, split and low bases, then the order tie-break."""
    s = fld.settings
    attrs = len(s.avoid) if fld.avoidance_active else 0
    b0, b1, b2, b3, b4, b5, b6, b7, b8 = w.bases
    avoid = [x * b5 for x in fld.avoid_weights[:attrs]]
    return [b0, b1, b2, b3, b4, *avoid, b5 if s.avoid_handicap else 0, b6, b7, b8, w.order]


def _solve_compiled(
    fld: Field,
    graph: _McMahonGraph,
    comp: list[int],
    group_pairs: set[tuple[int, int]],
    bye_candidates: list[int],
) -> dict[int, int] | None:
    """The optimal perfect matching of one component (places in the pool; the bye is
    ``len(pool)``) as :func:`_solve_graph` finds it on the Python edges, or None.

    A component too large for the whole order tie-break is solved on the nine tiers
    first (``solve_freed``), which also finds the players whose game is not in every
    optimal pairing: the same re-solves as the Python edges' :func:`_canonical`, but
    over the sparse graph of the games the solve's duals leave tight (every optimal
    pairing is made of those). :func:`_first_in_order` then decides among the freed
    players' pairings: the same pairing as :func:`_canonical`, with no second solve of
    the whole component."""
    pool = fld.pool
    npool = len(pool)
    players = [pool[v] for v in comp if v != npool]
    bye = len(players) < len(comp)
    if len(comp) % 2:
        return None
    vertices = [pool[v] if v != npool else -1 for v in comp]
    w = _weights(fld, players, bye)
    try:
        if w.order or len(comp) <= 2:
            local = graph.solve(comp, _coefficients(fld, w), w.top)
            freed: list[int] = []
        else:
            local, freed = graph.solve_freed(comp, _coefficients(fld, w), w.top)
        if any(m < 0 for m in local):
            return None
        if freed:
            local = _decide_freed(fld, graph, comp, local, freed)
    except OverflowError:  # too wide for the extension: the Python edges
        edges = _component_edges(fld, vertices, group_pairs, bye_candidates)
        return _solve_graph(fld, vertices, edges, -1 if bye else None)
    return {vertices[i]: vertices[m] for i, m in enumerate(local)}


def _decide_freed(
    fld: Field, graph: _McMahonGraph, comp: list[int], local: list[int], freed: list[int]
) -> list[int]:
    """``local`` (an optimal matching of ``comp`` on the nine tiers, by position) with
    the ``freed`` positions (those whose game is not in every optimal matching; the
    others' games are) paired as the order rule picks among the optimal matchings of
    the freed players (:func:`_first_in_order`): the optimal matchings of the component
    are the fixed games with any of those."""
    npool = len(fld.pool)
    part = [comp[i] for i in freed]

    def solve_part(rest: list[int]) -> tuple[list[int], int]:
        sub = [part[i] for i in rest]
        players = [fld.pool[v] for v in sub if v != npool]
        w = _weights(fld, players, len(players) < len(sub), part=True)
        return graph.solve(sub, _coefficients(fld, w), w.top, w.places), w.places

    mate = list(local)
    for q, m in enumerate(_first_in_order(len(part), solve_part)):
        mate[freed[q]] = freed[m]
    return mate


def _component_edges(
    fld: Field,
    vertices: list[int],
    group_pairs: set[tuple[int, int]],
    bye_candidates: list[int],
) -> list[tuple[int, int]]:
    """The edges :func:`_attempt` gives the component ``vertices`` (-1 = the bye)."""
    inside = set(vertices)
    players = [v for v in vertices if v != -1]
    edges: list[tuple[int, int]] = []
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            ga, gb = fld.group[a], fld.group[b]
            if (min(ga, gb), max(ga, gb)) in group_pairs and fld.allowed(a, b):
                edges.append((a, b))
    if -1 in inside:
        edges.extend((-1, b) for b in bye_candidates if b in inside)
    return edges


def _attempt(
    fld: Field,
    group_pairs: set[tuple[int, int]] | None,
    bye_candidates: list[int],
    graph: _RoundGraph | None = None,
) -> tuple[dict[int, int] | None, set[int]]:
    """Solve with edges only between the given score-group pairs (None: all).

    Returns the matching (None if some component has no perfect matching) and the
    score groups of the components that failed. With ``graph`` (from
    :func:`_round_graph`) the edges are built and solved in the compiled extension,
    otherwise as Python tuples; both give the same components, weights and matchings."""
    if graph is not None:
        return _attempt_compiled(fld, graph, group_pairs, bye_candidates)
    by_group: dict[int, list[int]] = {}
    for n in fld.pool:
        by_group.setdefault(fld.group[n], []).append(n)
    groups = sorted(by_group)
    if group_pairs is None:
        group_pairs = {(a, b) for a in groups for b in groups if a <= b}
    edges: list[tuple[int, int]] = []
    for ga, gb in sorted(group_pairs):
        ma, mb = by_group[ga], by_group[gb]
        if ga == gb:
            for i, a in enumerate(ma):
                edges.extend((a, b) for b in ma[i + 1 :] if fld.allowed(a, b))
        else:
            for a in ma:
                edges.extend((a, b) for b in mb if fld.allowed(a, b))
    vertices = list(fld.pool)
    if bye_candidates:
        vertices.append(-1)
        edges.extend((-1, b) for b in bye_candidates)
    mate: dict[int, int] = {}
    comp_edges: dict[int, list[tuple[int, int]]] = {}
    comps = _components(vertices, edges)
    where = {v: i for i, comp in enumerate(comps) for v in comp}
    for a, b in edges:
        comp_edges.setdefault(where[a], []).append((a, b))
    failed: set[int] = set()
    for i, comp in enumerate(comps):
        result = None
        if len(comp) % 2 == 0:
            result = _solve_graph(fld, comp, comp_edges.get(i, []), -1 if -1 in comp else None)
        if result is None:
            failed |= {fld.group[v] for v in comp if v != -1}
        else:
            mate.update(result)
    return (None if failed else mate), failed


def solve(fld: Field) -> Solution:
    """The optimal matching of the pool (see the module docstring for the stages).

    Raises NoPairingError when no pairing satisfies the mandatory criteria.
    """
    pool = fld.pool
    bye_candidates: list[int] = []
    if fld.needs_bye:
        bye_candidates = [n for n in pool if n in fld.bye_eligible]
        if not bye_candidates:
            raise NoPairingError(
                f"round {fld.round}: a forced bye is needed and every player already had one"
            )
    best_bye = fld.best_bye
    # Parity lower bound per score-group pair, with the bye at the best candidate.
    ng = fld.group[pool[-1]] + 1 if pool else 0
    group_units = [0] * ng
    counts = [0] * ng
    for n in pool:
        group_units[fld.group[n]] = fld.units[n]
        if n != best_bye:
            counts[fld.group[n]] += 1
    odd_prefix = [0] * (ng + 1)  # sum of gap^2 over odd cuts before group k
    above = 0
    for k in range(ng):
        above += counts[k]
        gap = group_units[k] - group_units[k + 1] if k + 1 < ng else 0
        odd_prefix[k + 1] = odd_prefix[k] + (gap * gap if above % 2 else 0)
    lb0 = odd_prefix[ng]

    def bound(ga: int, gb: int) -> int:
        span = group_units[ga] - group_units[gb]
        return lb0 - (odd_prefix[gb] - odd_prefix[ga]) + span * span

    def group_pairs(limit: int) -> tuple[set[tuple[int, int]], int | None]:
        kept: set[tuple[int, int]] = set()
        pruned_min: int | None = None
        for ga in range(ng):
            for gb in range(ga, ng):
                lb = bound(ga, gb)
                if lb <= limit:
                    kept.add((ga, gb))
                elif pruned_min is None or lb < pruned_min:
                    pruned_min = lb
        return kept, pruned_min

    fixed_bye = [best_bye] if best_bye is not None else []
    graph = _round_graph(fld)
    kept, _ = group_pairs(lb0)
    reach = 1
    for step in range(8):
        mate, failed = _attempt(fld, kept, fixed_bye, graph)
        if mate is None:
            # A component has no perfect matching: connect its groups to their
            # neighbours (any superset of edges is safe; optimality is checked below).
            kept |= {
                (min(g, h), max(g, h))
                for g in failed
                for h in range(max(0, g - reach), min(ng, g + reach + 1))
            }
            reach *= 2
            continue
        solution = _solution(fld, mate, f"pruned ({step + 1})")
        cost = solution.tiers[1]
        pruned = [bound(a, b) for a in range(ng) for b in range(a, ng) if (a, b) not in kept]
        if not pruned or min(pruned) > cost:
            return solution
        # The optimum costs at most ``cost``: pairs bounded above it cannot be used.
        kept |= group_pairs(cost)[0]
    mate, _ = _attempt(fld, None, fixed_bye, graph)
    if mate is not None:
        return _solution(fld, mate, "full, best bye")
    if len(bye_candidates) > 1:
        mate, _ = _attempt(fld, None, bye_candidates, graph)
        if mate is not None:
            return _solution(fld, mate, "full")
    raise NoPairingError(
        f"round {fld.round}: no pairing avoids rematches, forbidden pairs and second forced byes"
    )


def solve_constrained(
    fld: Field, ok: Callable[[int, int | None], bool]
) -> tuple[list[tuple[int, int]], int | None, Tiers] | None:
    """The best pairing of the pool (by the penalty tiers) using only the games
    ``ok(a, b)`` and byes ``ok(a, None)`` accept: (pairs, the forced bye, its tiers);
    None if there is none. One matching over the whole pool, no pruning: for
    ``--explain`` ("why me": the best pairing without a decision), not for pairing."""
    pool = fld.pool
    edges = [
        (a, b) for i, a in enumerate(pool) for b in pool[i + 1 :] if fld.allowed(a, b) and ok(a, b)
    ]
    vertices = list(pool)
    bye_vertex: int | None = None
    if fld.needs_bye:
        vertices.append(-1)
        bye_vertex = -1
        edges += [(-1, n) for n in pool if n in fld.bye_eligible and ok(n, None)]
    mate = _solve_graph(fld, vertices, edges, bye_vertex)
    if mate is None:
        return None
    solution = _solution(fld, mate, "constrained")
    return list(solution.pairs), solution.bye, solution.tiers


def _solution(fld: Field, mate: Mapping[int, int], stage: str) -> Solution:
    pairs: list[tuple[int, int]] = []
    bye = None
    parts: list[Tiers] = []
    for a in fld.pool:
        b = mate[a]
        if b == -1:
            bye = a
            parts.append(bye_tiers(fld, a))
        elif fld.index[a] < fld.index[b]:
            pairs.append((a, b))
            parts.append(edge_tiers(fld, a, b))
    return Solution(tuple(pairs), bye, tier_total(parts), stage)


# -- colours and handicaps -------------------------------------------------------------


def make_game(fld: Field, a: int, b: int) -> Game:
    """Colours, handicap and komi of the game ``a``-``b``.

    Handicap games (``h >= 1``): the weaker player takes black. Even games: the colour
    assignment with fewer criterion-4 violations; then the player with more blacks
    (whites minus blacks lower) takes white; then the player who had black last takes
    white; then the stronger player takes white.
    """
    s = fld.settings
    override = s.handicap_override(fld.round, a, b)
    stones = fld.stones(a, b) if override is None else override[0]
    komi = komi_for(stones, s.komi_even, s.komi_handicap)
    if override is not None and override[1] is not None:
        komi = override[1]
    if stones > 0:
        black = fld.weaker(a, b)
        return Game(
            white=b if black == a else a,
            black=black,
            handicap=stones,
            komi=komi,
            colour_rule="handicap",
        )
    total = fld.total_rounds

    def key(white: int, black: int) -> tuple[int, int, int, int]:
        hw, hb = fld.history[white], fld.history[black]
        violations = 0
        if s.colour_balance:
            violations = colour_violations(hw, Colour.WHITE, total) + colour_violations(
                hb, Colour.BLACK, total
            )
        diff_w = sum(1 if c is Colour.WHITE else -1 for c in hw)
        diff_b = sum(1 if c is Colour.WHITE else -1 for c in hb)
        alternate = 0 if hw and hw[-1] is Colour.BLACK else 1
        stronger = 0 if fld.weaker(white, black) == black else 1
        return (violations, diff_w - diff_b, alternate, stronger)

    ab, ba = key(a, b), key(b, a)
    # The first component of the keys that differs decides (equal keys: a has white).
    rules = ("guideline", "balance", "last_black", "stronger")
    rule = next((r for r, x, y in zip(rules, ab, ba, strict=True) if x != y), "stronger")
    if ab <= ba:
        return Game(white=a, black=b, handicap=0, komi=komi, colour_rule=rule)
    return Game(white=b, black=a, handicap=0, komi=komi, colour_rule=rule)


def board_order(fld: Field, games: Iterable[Game]) -> list[Game]:
    """Boards by the higher McMahon score, then the stronger player, of each game."""

    def key(g: Game) -> tuple[Fraction, float, int]:
        top = min((g.white, g.black), key=fld.order_key)
        return fld.order_key(top)

    return sorted(games, key=key)
