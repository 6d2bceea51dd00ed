"""Pruning: which attempts of the C.1-C.14 procedure cannot succeed.

The procedure tries pairings one by one and accepts the first that meets the current
requirements. Whole stretches of that search can be skipped without changing its
result when no pairing in them can be accepted. This module answers that question
with one maximum-weight matching (:mod:`fairpair.matching`): among all pairings of a
set of players, the one that misses the requirements least, compared
lexicographically in the priority order of the text (:data:`criteria.NAMES`).

If that best vector ``V`` is lexicographically above a level, no pairing meets the
level (a pairing meeting it would have a vector componentwise, hence
lexicographically, at most the level). So:

* C.10 levels lexicographically below ``V`` are skipped (they would all fail);
* C.14 states with more pairs (or moved-down players paired) than any pairing allows
  are skipped (every level would fail);
* an S1/S2 split, or a branch of the transposition search, is cut when even its best
  completion misses the remaining budgets.

The oracle never chooses a pairing: the pairing is always the first one the
procedure finds in the order of section D.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from fairpair.matching import max_weight_matching
from fairpair.systems.dutch_legacy.criteria import COMPONENTS, ZERO, Costs, add

__all__ = ["Best", "lexmin"]


@dataclass(frozen=True)
class Best:
    """The lexicographically best pairing of a set of players.

    ``mdp_pairs``: pairs containing a moved-down player; ``pairs``: number of pairs;
    ``bye_ok``: every unpaired player may receive the bye (lowest bracket);
    ``floaters``: the scores of the unpaired players, highest first (B.3 and the
    Note to B.2: "the number of floaters or the score of a floater");
    ``vector``: the requirements missed (pair costs plus unpaired costs).
    """

    mdp_pairs: int
    pairs: int
    bye_ok: bool
    floaters: tuple[Fraction, ...]
    vector: Costs
    unpaired: tuple[int, ...]
    #: B.3, the score differences of the pairs (nonzero ones, largest first); when
    #: asked for (``closeness``) the pairing's sum of their squares is the least
    #: after the floaters (reading 53).
    profile: tuple[Fraction, ...] = ()


def lexmin(
    vertices: Sequence[int],
    edges: Sequence[tuple[int, int, Costs]],
    *,
    unpaired_cost: Sequence[Costs],
    score: Sequence[Fraction],
    mdp: Sequence[bool],
    eligible: Sequence[bool],
    mdp_first: bool,
    lowest: bool,
    exact_pairs: int | None = None,
    closeness: bool = False,
) -> Best | None:
    """Best pairing of ``vertices`` (bracket indices) using ``edges`` (index pairs with
    their costs), lexicographically:

    * non-lowest brackets: most pairs with a moved-down player (if ``mdp_first``),
      then most pairs, then the lowest scores of the unpaired players (highest
      first), then the smallest requirement vector;
    * lowest bracket: most pairs, then an unpaired player eligible for the bye, then
      most pairs with a moved-down player, then the lowest score of the unpaired
      player, then the smallest vector.

    With ``closeness`` (B.3, "the difference of the scores of two players paired
    against each other should be as small as possible"), after the floaters' scores:
    the sum of the squared score differences of the pairs (reading 53, "B.3 by the
    squares").

    ``exact_pairs`` forces that many pairs (None: as many as possible). Returns None
    if that many pairs cannot be made. ``unpaired_cost``, ``mdp`` and ``eligible`` are
    indexed by bracket index.
    """
    local = {v: k for k, v in enumerate(vertices)}
    n = len(vertices)
    if n == 0:
        return Best(0, 0, True, (), ZERO, ())
    dummies = 0 if exact_pairs is None else n - 2 * exact_pairs
    if dummies < 0:
        return None
    base = 4 * (n + dummies) + 4
    levels = sorted({score[v] for v in vertices}, reverse=True)
    score_digit = [f"score {k}" for k in range(len(levels))]
    level_of = {s: score_digit[k] for k, s in enumerate(levels)}
    # Digits, most significant first.
    if lowest:
        order = ["edge", "pairs", "bye", "mdp", *score_digit]
    elif mdp_first:
        order = ["edge", "mdp", "pairs", *score_digit, "bye"]
    else:
        order = ["edge", "pairs", *score_digit, "mdp", "bye"]
    # Reading 53: one digit, the sum of the squared differences in units of the
    # smallest square's denominator (every square an integer there), its base above
    # the largest sum a pairing of these players can reach.
    square: dict[Fraction, int] = {}
    if closeness:
        gaps = {abs(score[u] - score[v]) for u, v, _ in edges} - {Fraction(0)}
        unit = lcm(1, *((g * g).denominator for g in gaps))
        square = {g: int(g * g * unit) for g in gaps}
        if square:
            order.append("squares")
            base = max(base, (n // 2 + 1) * max(square.values()) + 1)
    digits = len(order) + COMPONENTS
    powers = [1]
    for _ in range(digits):
        powers.append(powers[-1] * base)
    place = {name: powers[digits - 1 - k] for k, name in enumerate(order)}
    crit_place = [powers[COMPONENTS - 1 - c] for c in range(COMPONENTS)]

    def crit(values: Sequence[int]) -> int:
        return sum(v * p for v, p in zip(values, crit_place, strict=True))

    weighted: list[tuple[int, int, int]] = []
    for u, v, costs in edges:
        w = place["pairs"] - crit(costs)
        if mdp[u] or mdp[v]:
            w += place["mdp"]
        # The higher the scores of the players paired, the lower those of the floaters.
        w += place[level_of[score[u]]] + place[level_of[score[v]]]
        gap = abs(score[u] - score[v])
        if closeness and gap:
            w -= place["squares"] * square[gap]
        if exact_pairs is not None:
            w += place["edge"]  # a perfect matching with the dummies: exactly that many pairs
        else:
            # Being paired avoids the unpaired costs and the bye question.
            w += crit(unpaired_cost[u]) + crit(unpaired_cost[v])
            if lowest:
                w += place["bye"] * ((not eligible[u]) + (not eligible[v]))
        weighted.append((local[u], local[v], w))
    if exact_pairs is not None:
        for d in range(n, n + dummies):
            for v in vertices:
                w = place["edge"] - crit(unpaired_cost[v])
                if lowest and not eligible[v]:
                    w -= place["bye"]
                weighted.append((local[v], d, w))
    mate = max_weight_matching(n + dummies, weighted)
    if exact_pairs is not None and any(m < 0 for m in mate):
        return None
    cost_of = {(local[u], local[v]): c for u, v, c in edges}
    vector = ZERO
    pairs = mdp_pairs = 0
    unpaired: list[int] = []
    differences: list[Fraction] = []
    for k, v in enumerate(vertices):
        partner = mate[k]
        if partner < 0 or partner >= n:
            unpaired.append(v)
            vector = add(vector, unpaired_cost[v])
        elif k < partner:
            pairs += 1
            other = vertices[partner]
            mdp_pairs += mdp[v] or mdp[other]
            if score[v] != score[other]:
                differences.append(abs(score[v] - score[other]))
            costs = cost_of.get((k, partner)) or cost_of[(partner, k)]
            vector = add(vector, costs)
    bye_ok = not lowest or (len(unpaired) <= 1 and all(eligible[v] for v in unpaired))
    floaters = tuple(sorted((score[v] for v in unpaired), reverse=True))
    profile = tuple(sorted(differences, reverse=True))
    return Best(mdp_pairs, pairs, bye_ok, floaters, vector, tuple(unpaired), profile)
