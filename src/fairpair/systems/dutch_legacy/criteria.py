"""B. Pairing criteria, A.7.d/e, A.8 (X1, Z1), and the requirement levels of C.3/C.10.

The absolute criteria (B.1, B.2) decide whether two players may meet at all
(:func:`b1_b2_compatible`). Everything the procedure may lower is a *requirement*
with a budget: the number of pairs (or players) allowed to miss it. The budgets of
one attempt form a :data:`Level`, in the priority order of the text (the reverse of
the order in which C.10 lowers them)::

    B2 (top scorers) > A7.d > X > Z > B5 down > B6 down > B5 up > B6 up

C.3 sets every budget to its start (0, X1, Z1); C.10 lowers one requirement at a time,
the least important first, and restarts the less important ones from their start:
the levels are visited in lexicographic order (:func:`c10_lower`). "Any criterion may
be dropped only for the minimum number of pairs in the score bracket" (C.10): a
dropped criterion gets a budget of one more pair each time, never "unlimited".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fairpair.model import Float
from fairpair.systems.dutch_legacy.players import LegacyPlayer

__all__ = [
    "A7D",
    "B2",
    "B5_DOWN",
    "B5_UP",
    "B6_DOWN",
    "B6_UP",
    "NAMES",
    "Box",
    "Costs",
    "Level",
    "RoundContext",
    "X",
    "Z",
    "a8_x1_z1",
    "add",
    "b1_b2_compatible",
    "c10_lower",
    "first_level_at_least",
    "fits",
    "pack",
    "packed_fits",
    "pair_costs",
    "round_totals",
    "unpack",
    "unpaired_costs",
]

#: Requirement components, most important first.
B2, A7D, X, Z, B5_DOWN, B6_DOWN, B5_UP, B6_UP = range(8)
COMPONENTS = 8
NAMES = (
    "B2 (top scorers)",
    "A7.d",
    "X",
    "Z",
    "B5 for downfloaters",
    "B6 for downfloaters",
    "B5 for upfloaters",
    "B6 for upfloaters",
)

Costs = tuple[int, int, int, int, int, int, int, int]
Level = tuple[int, int, int, int, int, int, int, int]
ZERO: Costs = (0, 0, 0, 0, 0, 0, 0, 0)


@dataclass(frozen=True)
class RoundContext:
    """The round being paired: its number (odd/even rounds differ in A.7.d/e, A.8,
    C.10.e/f) and the pairs the organiser forbade (treated like B.1)."""

    round_number: int
    forbidden: frozenset[frozenset[int]] = frozenset()
    initial_white: bool = True

    @property
    def odd(self) -> bool:
        return self.round_number % 2 == 1


def add(a: Sequence[int], b: Sequence[int]) -> Costs:
    return (
        a[0] + b[0],
        a[1] + b[1],
        a[2] + b[2],
        a[3] + b[3],
        a[4] + b[4],
        a[5] + b[5],
        a[6] + b[6],
        a[7] + b[7],
    )


def fits(used: Sequence[int], level: Sequence[int]) -> bool:
    """Every requirement within its budget."""
    return all(u <= limit for u, limit in zip(used, level, strict=True))


# Packed vectors for the inner search loop: one 12-bit field per requirement, the
# most important in the high bits. Sums stay exact while every component is below
# 2048 (more than the pairs of any bracket a TRF can hold); ``packed_fits`` compares
# all components at once (the guard bit of a field survives the subtraction exactly
# when that component is within its budget).
_WIDTH = 12
_GUARD = sum(1 << (_WIDTH * k + _WIDTH - 1) for k in range(COMPONENTS))


def pack(values: Sequence[int]) -> int:
    """One int for a requirement vector.

    >>> unpack(pack((1, 0, 2, 0, 0, 3, 0, 1)))
    (1, 0, 2, 0, 0, 3, 0, 1)
    """
    out = 0
    for v in values:
        if not 0 <= v < 1 << (_WIDTH - 1):
            raise ValueError(f"requirement count {v} out of range")
        out = (out << _WIDTH) | v
    return out


def unpack(value: int) -> Costs:
    mask = (1 << _WIDTH) - 1
    parts = [(value >> (_WIDTH * (COMPONENTS - 1 - k))) & mask for k in range(COMPONENTS)]
    return (parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6], parts[7])


def packed_fits(used: int, level: int) -> bool:
    """``fits`` on packed vectors.

    >>> packed_fits(pack((0, 0, 1, 0, 0, 0, 0, 0)), pack((0, 0, 1, 0, 0, 0, 0, 0)))
    True
    >>> packed_fits(pack((0, 0, 0, 0, 0, 0, 0, 1)), pack((0, 0, 5, 0, 0, 0, 0, 0)))
    False
    """
    return ((level | _GUARD) - used) & _GUARD == _GUARD


def b1_b2_compatible(a: LegacyPlayer, b: LegacyPlayer, ctx: RoundContext) -> bool:
    """B.1.a: no second meeting (played games only, F.2; forbidden pairs too).
    B.2: two players with the same absolute colour preference do not meet, unless
    one of them is a top scorer (Note to B.2: then B.2 is a requirement that C.10.g
    may drop)."""
    if b.number in a.opponents or frozenset((a.number, b.number)) in ctx.forbidden:
        return False
    if a.topscorer or b.topscorer:
        return True
    pa, pb = a.preference, b.preference
    return not (pa.absolute and pb.absolute and pa.colour is pb.colour)


def pair_costs(a: LegacyPlayer, b: LegacyPlayer, ctx: RoundContext) -> Costs:
    """The requirements the pair ``a``-``b`` misses (0 or 1 each).

    * B2: same absolute preference (possible only for top scorers);
    * A7.d (odd rounds): same preference, both strong or absolute, one of them
      strong: "strong preferences are treated as absolute";
    * X: the pair cannot fulfil both colour preferences (A.7, any strength);
    * Z (even rounds, A.7.e): both preferences strong or absolute and the same;
    * B5/B6 for upfloaters: the lower player of a pair with unequal scores receives
      an upfloat; he had one in the previous round (B5) or two rounds before (B6).
    """
    pa, pb = a.preference, b.preference
    same = pa.colour is not None and pa.colour is pb.colour
    b2 = int(same and pa.absolute and pb.absolute)
    a7d = 0
    z = 0
    if same:
        firm_a = pa.absolute or pa.strong
        firm_b = pb.absolute or pb.strong
        if ctx.odd:
            a7d = int(firm_a and firm_b and not (pa.absolute and pb.absolute))
        else:
            z = int(firm_a and firm_b)
    u5 = u6 = 0
    if a.score != b.score:
        lower = b if a.score > b.score else a
        u5 = int(lower.floats[0] is Float.UP)
        u6 = int(lower.floats[1] is Float.UP)
    return (b2, a7d, int(same), z, 0, 0, u5, u6)


def unpaired_costs(p: LegacyPlayer) -> Costs:
    """B5/B6 for downfloaters: a player moved down (or given the bye, which counts as
    a downfloat, B.1.b) who had a downfloat in the previous round (B5) or two rounds
    before (B6)."""
    return (0, 0, 0, 0, int(p.floats[0] is Float.DOWN), int(p.floats[1] is Float.DOWN), 0, 0)


def round_totals(
    pairs: Sequence[tuple[int, int]],
    bye: int | None,
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
) -> Costs:
    """The requirements a whole pairing misses, summed over its pairs (``pair_costs``),
    its downfloaters - the higher player of each pair with unequal scores - and the
    bye, a downfloat too (``unpaired_costs``)."""
    total = ZERO
    for a, b in pairs:
        pa, pb = players[a], players[b]
        total = add(total, pair_costs(pa, pb, ctx))
        if pa.score != pb.score:
            total = add(total, unpaired_costs(pa if pa.score > pb.score else pb))
    if bye is not None:
        total = add(total, unpaired_costs(players[bye]))
    return total


def a8_x1_z1(players: Sequence[LegacyPlayer], p0: int, ctx: RoundContext) -> tuple[int, int]:
    """FIDE Handbook C.04.3 before 2013, A.8: X1, the minimum number of pairs that
    cannot fulfil all colour preferences, and (even rounds) Z1, the minimum number that
    cannot fulfil all strong ones.

    W/B prefer white/black; w/b (even rounds only) have an odd number of unplayed
    games and a mild preference; a have not played yet. If B+b > W+w then
    X1 = P0-W-w-a else X1 = P0-B-b-a; if B > W then Z1 = P0-W-b-w-a else
    Z1 = P0-B-b-w-a; negative values become 0.
    """
    big_w = big_b = small_w = small_b = a = 0
    for p in players:
        colour = p.colour
        if colour is None:
            a += 1
            continue
        white = colour.value == "w"
        if not ctx.odd and p.preference.mild and p.unplayed % 2 == 1:
            if white:
                small_w += 1
            else:
                small_b += 1
        elif white:
            big_w += 1
        else:
            big_b += 1
    # If B+b > W+w then X1 = P0-W-w-a else X1 = P0-B-b-a.
    more_black = big_b + small_b > big_w + small_w
    x1 = p0 - big_w - small_w - a if more_black else p0 - big_b - small_b - a
    if ctx.odd:
        return max(0, x1), 0
    # If B > W then Z1 = P0-W-b-w-a else Z1 = P0-B-b-w-a.
    z1 = p0 - small_b - small_w - a - (big_w if big_b > big_w else big_b)
    return max(0, x1), max(0, z1)


@dataclass(frozen=True)
class Box:
    """The levels one state of a bracket (P1, M1, X1, Z1) can visit: each
    requirement from its start (C.3) to its top (fully dropped). ``Z`` never exceeds
    ``X`` (C.10.e)."""

    start: Level
    top: Level

    def contains(self, level: Sequence[int]) -> bool:
        return all(s <= v <= t for s, v, t in zip(self.start, level, self.top, strict=True)) and (
            level[Z] <= max(level[X], self.start[Z])
        )


def c10_lower(level: Level, box: Box, odd: bool) -> tuple[Level, str] | None:
    """C.10: the next requirement level, and the article that lowered it (None when
    nothing is left to lower: C.14 follows).

    a. drop B6 for upfloaters (restart from C.4); b. drop B5 for upfloaters (C.3.h);
    c. drop B6 for downfloaters (C.3.g); d. drop B5 for downfloaters (C.3.f);
    e. odd rounds: X+1; even rounds: Z+1 while Z < X, else X+1 and Z=Z1 (C.3.e);
    f. (odd rounds) drop A7.d (C.3.d); g. (top scorers) drop B2 (C.3.c).
    """
    lv = list(level)
    start, top = box.start, box.top

    def reset(from_component: int) -> None:
        for c in range(from_component, COMPONENTS):
            lv[c] = start[c]

    for component, article in (
        (B6_UP, "C.10.a"),
        (B5_UP, "C.10.b"),
        (B6_DOWN, "C.10.c"),
        (B5_DOWN, "C.10.d"),
    ):
        if lv[component] < top[component]:
            lv[component] += 1
            reset(component + 1)
            return _level(lv), article
    if not odd and lv[Z] < lv[X] and lv[Z] < top[X]:
        lv[Z] += 1
        reset(B5_DOWN)
        return _level(lv), "C.10.e"
    if lv[X] < top[X]:
        lv[X] += 1
        reset(Z)
        return _level(lv), "C.10.e"
    if lv[A7D] < top[A7D]:
        lv[A7D] += 1
        reset(X)
        return _level(lv), "C.10.f"
    if lv[B2] < top[B2]:
        lv[B2] += 1
        reset(A7D)
        return _level(lv), "C.10.g"
    return None


def higher_level(a: Sequence[int], b: Sequence[int]) -> Level:
    """The level whose every budget is the larger of ``a``'s and ``b``'s.

    >>> higher_level((0, 1, 0, 0, 0, 0, 0, 0), (0, 0, 2, 0, 0, 0, 0, 0))
    (0, 1, 2, 0, 0, 0, 0, 0)
    """
    return _level([max(x, y) for x, y in zip(a, b, strict=True)])


def _level(values: Sequence[int]) -> Level:
    return (
        values[0],
        values[1],
        values[2],
        values[3],
        values[4],
        values[5],
        values[6],
        values[7],
    )


def first_level_at_least(bound: Sequence[int], box: Box) -> Level | None:
    """The first level C.10 visits that is not lexicographically below ``bound``.

    Used to skip levels at which no pairing can exist (every pairing misses the
    requirements at least as much as ``bound``, lexicographically): the procedure
    would try them in vain, so the result is the same.
    """
    lv = list(box.start)
    for c in range(COMPONENTS):
        top_c = box.top[c] if c != Z else max(box.start[Z], lv[X])
        if bound[c] < lv[c]:
            return _level(lv)  # already above the bound: the rest stays at start
        if bound[c] > top_c:
            # Cannot match the bound at this component: go to the next value of an
            # earlier component (lexicographically the next level above the bound).
            return _next_above(lv, c, box)
        lv[c] = bound[c]
    return _level(lv)


def _next_above(lv: list[int], c: int, box: Box) -> Level | None:
    """The smallest level whose first ``c`` components exceed ``lv[:c]``."""
    for k in range(c - 1, -1, -1):
        top_k = box.top[k] if k != Z else lv[X]
        if lv[k] < top_k:
            lv[k] += 1
            for j in range(k + 1, COMPONENTS):
                lv[j] = box.start[j]
            return _level(lv)
    return None
