"""The pairing criteria of C.04.3 section C as edge weights of a matching.

A bracket is paired by a maximum-weight matching over the bracket and the players
below it. Every criterion becomes one or more *fields* of the edge weight, the most
important field in the most significant position, so that maximising the total
weight optimises the criteria lexicographically in their priority order (B.8).
A field is a number per edge; the matching maximises the sum of each field over its
edges, field after field. Criteria expressed on lists of score differences (the PSD
of A.8 and C.16-C.19) get one field per score-difference value, larger differences
in more significant fields, which compares the sorted lists exactly as A.8 says.

The absolute criteria C.1 and C.3 remove edges (:func:`compatible`); C.2 and the
completion criterion C.4 enter as the top field of the PPB and the last bracket.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from fairpair.model import Colour, Float
from fairpair.systems.dutch.players import PlayerFacts

__all__ = [
    "BracketContext",
    "Compatibility",
    "Fields",
    "c3_tag",
    "compatible",
    "edge_fields",
    "pack_weights",
]

#: One field of an edge weight: (priority group, -score difference or 0).
FieldKey = tuple[int, Fraction]
Fields = dict[FieldKey, int]

# Priority groups, most significant first (the numbers only order them).
COMPLETION = 0  # C.4 / A.9 (PPB and last bracket): complete the round, bye eligibility
PAIRS = 1  # C.5: pairs in the bracket
PSD = 2  # C.6: pairing score difference
NEXT_PAIRS = 3  # C.7: pairs in the following bracket
NEXT_PSD = 4  # C.7: scores of the players moved into the following bracket
C8, C9, C10, C11 = 5, 6, 7, 8  # colour criteria
C12, C13, C14, C15 = 9, 10, 11, 12  # repeated floats (counts)
C16, C17, C18, C19 = 13, 14, 15, 16  # repeated floats (score differences)


def compatible(a: PlayerFacts, b: PlayerFacts, forbidden: frozenset[frozenset[int]]) -> bool:
    """C.1 (no rematch of a played game; forbidden pairs too) and C.3 (non-topscorers
    with the same absolute colour preference do not meet)."""
    if b.number in a.played_opponents or frozenset((a.number, b.number)) in forbidden:
        return False
    return c3_tag(a) is None or c3_tag(a) is not c3_tag(b)


def c3_tag(player: PlayerFacts) -> Colour | None:
    """C.3: the absolute colour preference of a non-topscorer (None otherwise)."""
    pref = player.preference
    return pref.colour if pref.absolute and not player.topscorer else None


class Compatibility:
    """:func:`compatible` for all players of a round, precomputed for speed."""

    def __init__(
        self, players: Iterable[PlayerFacts], forbidden: frozenset[frozenset[int]]
    ) -> None:
        self.blocked: dict[int, set[int]] = {}
        self.tag: dict[int, Colour | None] = {}
        for p in players:
            self.blocked[p.number] = set(p.played_opponents)
            self.tag[p.number] = c3_tag(p)
        for pair in forbidden:
            members = sorted(pair)
            for x in members:
                for y in members:
                    if x != y and x in self.blocked:
                        self.blocked[x].add(y)

    def partners(self, player: int, others: Iterable[int]) -> list[int]:
        """The players among ``others`` who may meet ``player``, in the given order."""
        blocked, tags = self.blocked[player], self.tag
        tag = tags[player]
        if tag is None:
            return [o for o in others if o not in blocked]
        return [o for o in others if o not in blocked and tags[o] is not tag]


@dataclass(frozen=True)
class BracketContext:
    """What the edge fields of one bracket depend on.

    ``special``: the bracket is the PPB or the last (collapsed) bracket, so the
    completion criterion applies and C.7 does not. ``final``: the following bracket is
    the last one (C.7 then also looks at the bye). ``min_score``: the lowest score in
    the matching graph; a downfloater's SD is its score minus (``min_score`` - 1).
    """

    special: bool
    final: bool
    min_score: Fraction


def _sd(ctx: BracketContext, player: PlayerFacts) -> Fraction:
    """A.8: the SD of ``player`` as a downfloater (against an artificial score one
    point below the lowest score)."""
    return player.score - ctx.min_score + 1


def _add(fields: Fields, key: FieldKey, value: int) -> None:
    if value:
        fields[key] = fields.get(key, 0) + value


def colour_fields(fields: Fields, a: PlayerFacts, b: PlayerFacts) -> None:
    """C.8-C.11 for a pair inside the bracket: 1 when the criterion is met."""
    pa, pb = a.preference, b.preference
    same = pa.colour is not None and pa.colour is pb.colour
    # C.8: topscorers (or their opponents) getting a colour difference beyond +-2.
    _add(fields, (C8, Fraction(0)), int(not (same and pa.imbalance > 1 and pb.imbalance > 1)))
    # C.9: topscorers (or their opponents) getting the same colour three times in a row.
    if same and pa.absolute and pb.absolute:
        if pa.imbalance == pb.imbalance:
            ok = pa.repeated is None or pa.repeated is not pb.repeated
        else:
            # E.2 grants the wider difference: the other one gets the wrong colour.
            loser = pb if pa.imbalance > pb.imbalance else pa
            ok = pa.colour is None or loser.repeated is not pa.colour.opposite
    else:
        ok = True
    _add(fields, (C9, Fraction(0)), int(ok))
    # C.10: both colour preferences granted.
    _add(fields, (C10, Fraction(0)), int(not same))
    # C.11: strong preferences granted (a strong one losing against an absolute one).
    strong_a = pa.strong or pa.absolute
    strong_b = pb.strong or pb.absolute
    _add(
        fields,
        (C11, Fraction(0)),
        int(not strong_a or not strong_b or (pa.absolute and pb.absolute) or not same),
    )


def float_fields(fields: Fields, ctx: BracketContext, h: PlayerFacts, lo: PlayerFacts) -> None:
    """C.12-C.19 for a pair inside the bracket (``h`` ranked above ``lo``).

    Counts are maximised as "players with such a float last time who do not get it
    again"; score differences as in the PSD (a repeated downfloater who is paired
    earns its downfloater SD, and pays the pair's SD if he is an MDP).
    """
    for back, count_down, count_up, sd_down, sd_up in (
        (0, C12, C13, C16, C17),
        (1, C14, C15, C18, C19),
    ):
        h_float, lo_float = h.floats[back], lo.floats[back]
        moved_down = h.score > lo.score  # h is an MDP: downfloat for h, upfloat for lo
        diff = h.score - lo.score
        down = int(lo_float is Float.DOWN) + int(not moved_down and h_float is Float.DOWN)
        _add(fields, (count_down, Fraction(0)), down)
        _add(fields, (count_up, Fraction(0)), -int(moved_down and lo_float is Float.UP))
        if lo_float is Float.DOWN:
            _add(fields, (sd_down, -_sd(ctx, lo)), 1)
        if h_float is Float.DOWN:
            _add(fields, (sd_down, -_sd(ctx, h)), 1)
            if moved_down:
                _add(fields, (sd_down, -diff), -1)
        if moved_down and lo_float is Float.UP:
            _add(fields, (sd_up, -diff), -1)


def edge_fields(
    ctx: BracketContext,
    h: PlayerFacts,
    lo: PlayerFacts,
    h_in_bracket: bool,
    lo_in_bracket: bool,
) -> Fields:
    """All criteria fields of the edge ``h``-``lo`` (``h`` ranked above ``lo``)."""
    fields: Fields = {}
    zero = Fraction(0)
    if ctx.special:
        # C.4: the round must be completed, by a bye-eligible player if any (C.2).
        _add(fields, (COMPLETION, zero), 1 + (not h.pab_eligible) + (not lo.pab_eligible))
    # C.5: pairs in the bracket.
    _add(fields, (PAIRS, zero), int(lo_in_bracket))
    if lo_in_bracket:
        # C.6: PSD. Pairing two players removes their downfloater SDs and adds the
        # pair's SD.
        _add(fields, (PSD, -_sd(ctx, h)), 1)
        _add(fields, (PSD, -_sd(ctx, lo)), 1)
        _add(fields, (PSD, -(h.score - lo.score)), -1)
    if not ctx.special:
        # C.7: pairs (and, in the last bracket, an eligible bye) in the next bracket,
        # then the scores of the players moved into it.
        if ctx.final:
            _add(fields, (NEXT_PAIRS, zero), 1 + (not h.pab_eligible) + (not lo.pab_eligible))
        else:
            _add(fields, (NEXT_PAIRS, zero), int(not lo_in_bracket))
        if h_in_bracket:
            _add(fields, (NEXT_PSD, -_sd(ctx, h)), 1)
        if lo_in_bracket:
            _add(fields, (NEXT_PSD, -_sd(ctx, lo)), 1)
    if lo_in_bracket:
        colour_fields(fields, lo, h)
        float_fields(fields, ctx, h, lo)
    return fields


def pack_weights(
    fields: Mapping[tuple[Hashable, Hashable], Fields], class_sizes: Mapping[Hashable, int]
) -> dict[tuple[Hashable, Hashable], int]:
    """Turn fields into integer weights that order matchings lexicographically.

    Players with the same attributes give the same fields, so the fields are given
    per pair of player *classes* (``class_sizes`` counts the players of each class).
    Each field gets a radix larger than the spread of its total over any matching, so
    no field can overflow into a more significant one. The spread is bounded per
    player: in a matching every player lies on at most one edge, so the positive
    (negative) part of a field's total is at most half the sum, over the players, of
    the largest positive (negative) value on their edges - and at most the number of
    pairs times the largest value.
    """
    pos: dict[FieldKey, dict[Hashable, int]] = {}
    neg: dict[FieldKey, dict[Hashable, int]] = {}
    for (a, b), values in fields.items():
        for key, value in values.items():
            table = pos if value > 0 else neg
            per_class = table.get(key)
            if per_class is None:
                per_class = table[key] = {}
            size = abs(value)
            if per_class.get(a, 0) < size:
                per_class[a] = size
            if per_class.get(b, 0) < size:
                per_class[b] = size
    max_pairs = max(1, sum(class_sizes.values()) // 2)

    def bound(per_class: dict[Hashable, int] | None) -> int:
        if not per_class:
            return 0
        total = sum(class_sizes[c] * value for c, value in per_class.items())
        return min(total // 2, max_pairs * max(per_class.values()))

    multiplier: dict[FieldKey, int] = {}
    scale = 1
    for key in sorted(set(pos) | set(neg), reverse=True):
        multiplier[key] = scale
        scale *= bound(pos.get(key)) + bound(neg.get(key)) + 1
    return {
        pair: sum(value * multiplier[key] for key, value in values.items() if value)
        for pair, values in fields.items()
    }


def describe_keys(keys: Iterable[FieldKey]) -> list[str]:  # pragma: no cover - debugging aid
    return [f"{group}:{sd}" for group, sd in keys]
