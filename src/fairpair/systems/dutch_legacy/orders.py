"""D. Transposition and exchange procedures: the order in which C.6 tries pairings.

* D.1 transpositions of S2: the permutations of S2 in lexicographic order ("start with
  the lowest player, with descending priority"). Only the first |S1| players of a
  transposition are paired (D1.2), so the distinct transpositions are the ordered
  selections of |S1| players of S2, in lexicographic order (:func:`d1_transpositions`).
  The search of bracket.py walks exactly this order depth-first, skipping every
  transposition whose first pairs can no longer be accepted.
* D.2 exchanges between S1 and S2 (homogeneous brackets and remainders).
* D.3 the sets of moved-down players put into S1 (heterogeneous brackets).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, permutations

__all__ = ["d1_transpositions", "d2_exchanges", "d3_mdp_sets"]


def d1_transpositions(s1_size: int, s2_size: int) -> Iterator[tuple[int, ...]]:
    """D.1: the transpositions of S2 (positions 0..s2_size-1), each as the S2 positions
    paired with S1[0], S1[1], ..., in the order they are tried.

    >>> list(d1_transpositions(2, 3))
    [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    >>> len(list(d1_transpositions(5, 6)))  # the text's example: 720 transpositions
    720
    """
    yield from permutations(range(s2_size), s1_size)


def d2_exchanges(n: int, p: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """D.2: the (S1, S2) splits of a bracket of ``n`` players (positions 0..n-1 in A.2
    order, the text's numbers 1..n) with ``p`` players in S1, in the order C.8.a tries
    them: first the original split, then the exchanges of one player, of two, ...

    For an exchange of k players: the difference (sum of the numbers moved from S2 to
    S1) - (sum of the numbers moved from S1 to S2) as small as possible; among equal
    differences the first group of the list of S1 groups (decreasing lexicographic
    order, each group read from its highest number: 5, 4, ... then 5-4, 5-3, ...,
    5-1, 4-3, ...), then the first group of the list of S2 groups (increasing
    lexicographic order: 6, 7, ... then 6-7, 6-8, ...). After each exchange S1 and S2
    are in A.2 order again.

    The example of the text (S1 = 1..5, S2 = 6..11): 5<->6, 5<->7, 4<->6, ...

    >>> [(set(range(5)) - set(s1), set(s1) - set(range(5))) for s1, _ in d2_exchanges(11, 5)][1:4]
    [({4}, {5}), ({4}, {6}), ({3}, {5})]
    """
    s1 = tuple(range(p))
    s2 = tuple(range(p, n))
    yield s1, s2
    for k in range(1, min(p, n - p) + 1):
        s1_groups = sorted(
            (tuple(sorted(g, reverse=True)) for g in combinations(s1, k)), reverse=True
        )
        by_sum: dict[int, list[tuple[int, ...]]] = {}
        for g2 in combinations(s2, k):  # increasing lexicographic order
            by_sum.setdefault(sum(g2), []).append(g2)
        sums1 = [sum(g) for g in s1_groups]
        for delta in range(min(by_sum) - max(sums1), max(by_sum) - min(sums1) + 1):
            for g1, total in zip(s1_groups, sums1, strict=True):
                for g2 in by_sum.get(total + delta, ()):
                    out, into = set(g1), set(g2)
                    new_s1 = tuple(sorted([x for x in s1 if x not in out] + list(g2)))
                    new_s2 = tuple(sorted([x for x in s2 if x not in into] + list(g1)))
                    yield new_s1, new_s2


def d3_mdp_sets(mdps: int, m1: int) -> Iterator[tuple[int, ...]]:
    """D.3: the sets of ``m1`` moved-down players (positions 0..mdps-1 in A.2 order)
    put into S1, in descending priority; the text's example (M0 = 5, M1 = 4):
    1-2-3-4, 1-2-3-5, 1-2-4-5, 1-3-4-5, 2-3-4-5.

    >>> [tuple(x + 1 for x in s) for s in d3_mdp_sets(5, 4)]
    [(1, 2, 3, 4), (1, 2, 3, 5), (1, 2, 4, 5), (1, 3, 4, 5), (2, 3, 4, 5)]
    """
    yield from combinations(range(mdps), m1)
