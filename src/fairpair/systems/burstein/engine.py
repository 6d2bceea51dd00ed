"""Score brackets and pairing by the index order (FIDE Handbook C.04.4.2, text until
30 June 2025: A.2 scoregroups and brackets, A.3 byes, the pairing procedure).

The round is paired as one maximum-weight matching re-solved step by step, the way
bbpPairings v4.1-v5.0.1 read the text:

1. The pairing-allocated bye goes to the lowest player of the index order who may
   receive it (C.04.1 c-d: no earlier PAB, no forfeit win).
2. Brackets are formed top-down (A.2): a bracket that cannot be
   paired with at most one player floating down is merged with the next one; if the
   last bracket cannot be paired, it is merged with the one above it, and so on.
3. Inside each bracket (with the player floated into it) the highest player of the
   index order meets the lowest one that still lets the rest be paired, the matching
   first maximising the pairs of the bracket and the granted colour preferences
   (C.04.4.2: players with a high index meet players with a low index).

Absolute criteria: no rematch over the board, no forbidden pair, no two players with
the same absolute colour preference (C.04.3 A.6.a, C.1-C.3 as shared with Dutch).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cmp_to_key
from typing import TypeVar

from fairpair.errors import NoPairingError
from fairpair.matching import Matcher, max_weight_matching
from fairpair.systems.burstein.index import IndexScores, ranks_below
from fairpair.systems.dutch.players import PlayerFacts

__all__ = ["WHY_LIMIT", "BracketRecord", "FloatWhy", "RoundResult", "list_sort", "pair_players"]

#: The largest round (players in the matching) for which "why me" re-solves a bracket
#: for a player who moves down (a matching from scratch per such player).
WHY_LIMIT = 400

T = TypeVar("T")


@dataclass
class BracketRecord:
    """One bracket as paired: its players in index order (``moved_in``: the player
    floated into it), the top score of its residents and whether several scores were
    joined, its pairs (higher in the index first) and the player it floated down."""

    members: list[int]
    moved_in: list[int]
    score: Fraction
    joined: bool
    pairs: list[tuple[int, int]] = field(default_factory=list)
    downfloater: int | None = None


@dataclass(frozen=True)
class FloatWhy:
    """Why a player moves down ("why me"): ``instead`` are the bracket's players
    who would move down in the best pairing keeping him in the bracket (None: there is
    no such pairing), ``criterion`` ("C4"-"C8", None: equal on every criterion, the
    order of Article 4 decided) and ``words`` the first criterion on which that pairing
    is worse; ``chosen`` and ``alternative`` its values when it is a count."""

    instead: tuple[int, ...] | None
    pairs: tuple[tuple[int, int], ...]
    criterion: str | None
    words: str | None
    chosen: int | None = None
    alternative: int | None = None
    #: False: the round is larger than :data:`WHY_LIMIT`, nothing was solved.
    computed: bool = True


@dataclass
class RoundResult:
    """The pairs (higher in the index order first), the bye and the brackets."""

    pairs: list[tuple[int, int]]
    bye: int | None
    brackets: list[BracketRecord]


def _index_cmp(index: Mapping[int, IndexScores]) -> Callable[[int, int], int]:
    def compare(a: int, b: int) -> int:
        if ranks_below(index[b], index[a]):
            return -1
        if ranks_below(index[a], index[b]):
            return 1
        return 0

    return compare


def pair_players(
    facts: Mapping[int, PlayerFacts],
    index: Mapping[int, IndexScores],
    forbidden: frozenset[frozenset[int]],
    why: dict[int, FloatWhy] | None = None,
) -> RoundResult:
    """Pair the players of ``facts`` (all present): the bye, the brackets, the pairs.
    ``why`` (only for ``--explain``): filled for the player each bracket floats down
    with the best pairing keeping him in it (:func:`_float_why`).

    Raises :class:`NoPairingError` when no player may get the bye or the players
    cannot all be paired without breaking an absolute criterion.
    """

    def by_score_then_index(a: int, b: int) -> int:
        return _by_score_then_index(index, a, b)

    order = sorted(facts, key=cmp_to_key(by_score_then_index))
    bye: int | None = None
    if len(order) % 2:
        for number in reversed(order):
            if facts[number].pab_eligible:
                bye = number
                break
        if bye is None:
            raise NoPairingError(
                "no pairing: no player may receive the pairing-allocated bye (all had one "
                "or a forfeit win, C.04.1 d)"
            )
        order.remove(bye)
    vertices = order
    n = len(vertices)
    bits = n.bit_length() + 1
    colour_unit = 1 << (2 * bits + 1)
    same_unit = colour_unit << bits
    compatible_unit = same_unit << bits

    def weight(x: int, y: int, same: bool, colours: bool) -> int:
        a, b = facts[vertices[x]], facts[vertices[y]]
        if b.number in a.played_opponents or frozenset((a.number, b.number)) in forbidden:
            return 0
        pa, pb = a.preference, b.preference
        if pa.absolute and pb.absolute and pa.colour is pb.colour:
            return 0
        w = compatible_unit
        if same:
            w += same_unit
            if colours and (pa.colour is None or pb.colour is None or pa.colour is not pb.colour):
                w += colour_unit
        return w

    matcher = Matcher(n)
    score = [index[v].score for v in vertices]

    def solve() -> list[int]:
        return list(matcher.solve())

    # C.04.4.2 A.2: form and merge brackets top-down.
    groups = [0, 0]
    valid = True
    mate: list[int] = []
    while groups[-1] < n:
        groups.append(groups[-1])
        while True:
            begin = groups[-1]
            while True:
                new = groups[-1]
                for v in range(groups[-3], new):
                    matcher.set_weight(new, v, weight(v, new, v >= groups[-2], False))
                groups[-1] += 1
                if not (groups[-1] < n and score[begin] == score[groups[-1]]):
                    break
            if groups[-1] & 1:
                # a stand-in for the next bracket, so that no higher player stays unpaired
                for v in range(groups[-2], groups[-1]):
                    matcher.set_weight(groups[-1], v, compatible_unit)
            mate = solve()
            valid = _valid(mate, groups)
            if not (groups[-1] < n and not valid):
                break
        if groups[-1] < n and not groups[-1] & 1:
            groups.append(groups[-1])
    # The last bracket cannot be paired: merge it with the one above it, repeatedly.
    while len(groups) > 3 and not valid:
        groups.pop()
        boundary = groups.pop()
        begin = groups.pop()
        for outer in range(groups[-1], boundary):
            for inner in range(boundary, n):
                matcher.set_weight(outer, inner, weight(outer, inner, outer >= begin, False))
        mate = solve()
        groups += [begin, n]
        valid = _valid(mate, groups)
    if not valid:
        raise NoPairingError(
            "no pairing satisfies the absolute criteria (no rematch, no forbidden pair, no "
            "two players with the same absolute colour preference)"
        )

    # C.04.4.2: in each bracket, the top of the index order meets the bottom.
    compare = _index_cmp({i: index[vertices[i]] for i in range(n)})
    matched: dict[int, int] = {}
    pairs: list[tuple[int, int]] = []
    brackets: list[BracketRecord] = []
    floater: int | None = None
    begin = groups[0]
    for end in groups[1:]:
        if begin == end:
            continue
        group = list(range(begin, end))
        moved_in = [] if floater is None else [vertices[floater]]
        if floater is not None:
            group.append(floater)
            floater = None
        group = list_sort(group, lambda a, b: compare(a, b) < 0)
        record = BracketRecord(
            [vertices[v] for v in group], moved_in, score[begin], score[begin] != score[end - 1]
        )
        for i, v in enumerate(group):
            for u in group[i + 1 :]:
                matcher.set_weight(v, u, weight(v, u, True, True))
        for i, v in enumerate(group):
            if v in matched:
                continue
            priority = 1
            for u in group[i + 1 :]:
                if u not in matched:
                    w = weight(v, u, True, True)
                    if w:
                        matcher.set_weight(v, u, w + priority)
                        priority += 1
            mate = solve()
            u = mate[v]
            if u < 0:  # pragma: no cover - the brackets above guarantee a partner
                raise NoPairingError(f"player {vertices[v]} cannot be paired")
            if u >= end:
                floater = v
                record.downfloater = vertices[v]
                if why is not None:
                    units = [colour_unit, same_unit, compatible_unit]
                    why[vertices[v]] = _float_why(matcher, vertices, group, matched, v, units)
                continue
            matched[v] = u
            matched[u] = v
            pairs.append((vertices[v], vertices[u]))
            record.pairs.append((vertices[v], vertices[u]))
            for x in range(n):
                if x != v:
                    matcher.set_weight(v, x, 1 if x == u else None)
                if x != u:
                    matcher.set_weight(u, x, 1 if x == v else None)
        brackets.append(record)
        begin = end
    return RoundResult(pairs, bye, brackets)


#: The criteria of the engine's weights, lowest unit first: (rule, words).
_FLOAT_CRITERIA = (
    ("C.04.4.2, pairing", "the games in which both players can get the colour they are due"),
    ("C.04.4.2, pairing", "the games paired inside the group"),
    ("C.04.4.2, score brackets", "games of the round"),
)


def _float_why(
    matcher: Matcher,
    vertices: Sequence[int],
    group: Sequence[int],
    matched: Mapping[int, int],
    v: int,
    units: Sequence[int],
) -> FloatWhy:
    """Solve again with ``v`` kept in his bracket ``group`` (his edges to the others
    removed), compare the matcher's total weight with the chosen solution unit by unit
    (the first unit that differs is the deciding criterion; below the lowest, the
    top-meets-bottom order) and restore the matcher."""
    if matcher.n > WHY_LIMIT:
        return FloatWhy(None, (), None, None, computed=False)
    chosen = list(matcher.solve())
    members = set(group)
    alt = _solve_without(matcher, v, [x for x in range(len(vertices)) if x not in members])
    mine, theirs = matcher.total_weight(chosen), matcher.total_weight(alt)
    if alt[v] not in members:
        return FloatWhy(None, (), None, None)
    instead = tuple(
        vertices[x] for x in group if x != v and x not in matched and alt[x] not in members
    )
    pairs = tuple(
        (vertices[a], vertices[b])
        for a, b in enumerate(alt)
        if b > a and a in members and b in members
    )
    for k in reversed(range(len(units))):
        upper = mine if k + 1 == len(units) else mine % units[k + 1]
        other = theirs if k + 1 == len(units) else theirs % units[k + 1]
        if upper // units[k] != other // units[k]:
            rule, words = _FLOAT_CRITERIA[k]
            if k + 1 == len(units):  # completion: the games of the round, counted
                games = sum(1 for a, b in enumerate(chosen) if b > a)
                fewer = sum(1 for a, b in enumerate(alt) if b > a)
                return FloatWhy(instead, pairs, rule, words, games, fewer)
            return FloatWhy(instead, pairs, rule, words)
    return FloatWhy(instead, pairs, None, None)


def _solve_without(matcher: Matcher, v: int, outside: Sequence[int]) -> list[int]:
    """The best matching under ``matcher``'s weights without the edges of ``v`` to
    ``outside``, solved from scratch (the engine's matcher is left untouched, so that
    explaining cannot change the pairing)."""
    n = matcher.n
    banned = set(outside)
    edges = [
        (a, b, w)
        for a in range(n)
        for b in range(a + 1, n)
        if (w := matcher.weight(a, b)) > 0
        and not ((a == v and b in banned) or (b == v and a in banned))
    ]
    return max_weight_matching(n, edges)


def list_sort(items: Sequence[T], before: Callable[[T, T], bool]) -> list[T]:
    """``items`` sorted by the bottom-up merge sort of a linked list (the one of
    bbpPairings' C++ library), with ``before(a, b)``: a goes before b.

    The index order of a bracket with a floater is not transitive (the floater is
    compared on Buchholz times score, the residents on Buchholz), so the result
    depends on the sorting algorithm; this one gives the reference's order.

    >>> list_sort([3, 1, 2], lambda a, b: a < b)
    [1, 2, 3]
    """
    buckets: list[list[T]] = []
    fill = 0
    for item in items:
        carry = [item]
        counter = 0
        while counter != fill and buckets[counter]:
            carry = _merge(buckets[counter], carry, before)
            buckets[counter] = []
            counter += 1
        if counter == len(buckets):
            buckets.append(carry)
        else:
            buckets[counter] = carry
        if counter == fill:
            fill += 1
    if not fill:
        return []
    for counter in range(1, fill):
        buckets[counter] = _merge(buckets[counter], buckets[counter - 1], before)
    return buckets[fill - 1]


def _merge(first: list[T], second: list[T], before: Callable[[T, T], bool]) -> list[T]:
    """Merge ``second`` into ``first``, an element of ``first`` first on ties."""
    out: list[T] = []
    i = j = 0
    while i < len(first) and j < len(second):
        if before(second[j], first[i]):
            out.append(second[j])
            j += 1
        else:
            out.append(first[i])
            i += 1
    out += first[i:]
    out += second[j:]
    return out


def _by_score_then_index(index: Mapping[int, IndexScores], a: int, b: int) -> int:
    """Descending pairing score, then the index order."""
    ia, ib = index[a], index[b]
    if ia.score != ib.score:
        return -1 if ia.score > ib.score else 1
    if ranks_below(ib, ia):
        return -1
    if ranks_below(ia, ib):
        return 1
    return 0


def _valid(mate: Sequence[int], groups: Sequence[int]) -> bool:
    """Every player of the brackets formed so far is paired (only the last bracket
    may leave players over) and at most one player floats out of or into each
    bracket (two for a bracket that ends at an odd position: one in, one out)."""
    it = 0
    left_over = 0
    begin = 0
    last, second_last = groups[-1], groups[-2]
    for v, m in enumerate(mate):
        if v >= last:
            return True
        if v >= groups[it]:
            left_over = 0
            begin = v
            while v >= groups[it]:
                it += 1
        end = groups[it]
        if m < 0 and v < second_last:
            return False
        if m < 0 or m < begin or m >= end:
            left_over += 1
            if left_over > (2 if end & 1 else 1):
                return False
    return True
