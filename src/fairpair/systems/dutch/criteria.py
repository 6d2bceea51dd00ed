"""The pairing criteria (2017: C.04.3 section C; 2026: Art. 2) as edge weights of a
matching.

A bracket is paired by a maximum-weight matching over the bracket and the players
below it. Every criterion becomes one or more *fields* of the edge weight, the most
important field in the most significant position, so that maximising the total
weight optimises the criteria lexicographically in their priority order (2017 B.8,
2026 3.8). A field is a number per edge; the matching maximises the sum of each field
over its edges, field after field. Criteria expressed on lists of scores or score
differences (the PSD of A.8, C.16-C.19; 2026 C7, C8, C18-C21) get one field per value,
larger values in more significant fields, which compares the sorted lists exactly.

Which fields exist and in which order is data: the rule set's ordered criteria list
(:mod:`.rules`). This module computes the contribution of an edge to every field the
rule set uses; the field's position comes from the rule set.

The absolute criteria C.1/C1 and C.3/C3 remove edges (:func:`compatible`); the bye
eligibility (C.2/C2) and the completion criterion (C.4/C4, with 2026's C5) enter as
the top fields of the brackets where completion is enforced.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from operator import mul

from fairpair.model import Colour, Float
from fairpair.systems.dutch.players import SCORE_SCALE, PlayerFacts, Units, score_units
from fairpair.systems.dutch.rules import RULES_2017, DutchRules

__all__ = [
    "BracketContext",
    "Compatibility",
    "FieldKeys",
    "Fields",
    "c3_tag",
    "compatible",
    "edge_fields",
    "field_keys",
    "pack_weights",
]

#: One field of an edge weight: (priority of its criterion, sub-key: -score, -score
#: difference or 0). Scores in sub-keys are in :data:`~.players.SCORE_SCALE` units
#: (exact integers for the usual points; the order and equality of the sub-keys, all
#: that :func:`pack_weights` uses, are those of the scores themselves).
FieldKey = tuple[int, Units]
Fields = dict[FieldKey, int]


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

    ``special``: the completion criterion applies (2017: the PPB or the last, collapsed
    bracket, where C.7 does not; 2026: a bracket paired over all players below it).
    ``final``: 2017, the following bracket is the last one (C.7 then also looks at the
    bye). ``min_score``: the lowest score in the matching graph; a downfloater's SD is
    its score minus (``min_score`` - 1). ``rules``: the rule set, whose criteria list
    decides which fields exist and their order. ``bye_score``: 2026 C5, the lowest
    score the PAB can go to (None: any bye-eligible player). ``pab_unplayed``: 2026
    C9 applies in this bracket.
    """

    special: bool
    final: bool
    min_score: Fraction
    rules: DutchRules = RULES_2017
    bye_score: Fraction | None = None
    pab_unplayed: bool = False
    #: ``min_score`` - 1 in score units: a downfloater's SD is his score minus it.
    sd_base: Units = field(init=False, repr=False, compare=False)
    #: ``bye_score`` in score units.
    bye_units: Units | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        fields = self.__dict__  # (frozen) derived values, set once
        fields["sd_base"] = score_units(self.min_score) - SCORE_SCALE
        fields["bye_units"] = None if self.bye_score is None else score_units(self.bye_score)

    def bye_candidate(self, player: PlayerFacts) -> bool:
        """May ``player`` be the one left over for the PAB (C.2/C2, and 2026 C5)?"""
        if not player.pab_eligible:
            return False
        bye_units = self.bye_units
        return bye_units is None or player.units <= bye_units


class FieldKeys:
    """The fields of one rule set as :func:`edge_fields` uses them, looked up once:
    the keys of the fields without a score sub-key (``(priority, 0)``) and the
    priorities of those with one; None where the rule set lacks the field."""

    def __init__(self, rules: DutchRules) -> None:
        priority = rules.priority

        def key(name: str) -> FieldKey | None:
            return (priority[name], 0) if name in priority else None

        self.completion = key("completion")
        self.pab_eligible = key("pab_eligible")
        self.pairs = key("pairs")
        self.psd = priority.get("psd")
        self.downfloater_scores = priority.get("downfloater_scores")
        self.next_pairs = key("next_pairs")
        self.next_psd = priority.get("next_psd")
        self.next_scores = priority.get("next_scores")
        self.pab_unplayed = key("pab_unplayed")
        self.colours = tuple((priority[name], 0) for name in _COLOUR_FIELDS)
        self.by_sd = "down_sd_1" in priority
        #: Per float field row of _FLOAT_FIELDS: (back, count_down key, count_up key,
        #: the priority of the score field of downfloats, that of upfloats).
        self.floats = tuple(
            (
                back,
                (priority[count_down], 0),
                (priority[count_up], 0),
                priority[sd_down] if self.by_sd else priority[score_down],
                priority[sd_up],
            )
            for back, count_down, count_up, sd_down, sd_up, score_down in _FLOAT_FIELDS
        )


#: id(rules) -> (rules, its keys): :func:`_field_keys`.
_KEYS: dict[int, tuple[DutchRules, FieldKeys]] = {}


def field_keys(rules: DutchRules) -> FieldKeys:
    """The :class:`FieldKeys` of ``rules`` (made once per rule set)."""
    entry = _KEYS.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = _KEYS[id(rules)] = (rules, FieldKeys(rules))
    return entry[1]


def colour_fields(
    fields: Fields, a: PlayerFacts, b: PlayerFacts, rules: DutchRules = RULES_2017
) -> None:
    """The colour criteria (2017 C.8-C.11, 2026 C10-C13) for a pair inside the
    bracket: 1 when the criterion is met."""
    _colour_fields(fields, a, b, field_keys(rules))


def _colour_fields(fields: Fields, a: PlayerFacts, b: PlayerFacts, keys: FieldKeys) -> None:
    """:func:`colour_fields` with the keys of the rule set."""
    get = fields.get
    pa, pb = a.preference, b.preference
    imbalance, repeat, strong = keys.colours[0], keys.colours[1], keys.colours[3]
    if pa.colour is None or pa.colour is not pb.colour:
        # Both preferences can be granted: every colour criterion is met.
        for key in keys.colours:
            fields[key] = get(key, 0) + 1
        return
    absolute_a, absolute_b = pa.absolute, pb.absolute
    # C.8 / C10: topscorers (or their opponents) getting a colour difference beyond +-2.
    if not (pa.imbalance > 1 < pb.imbalance):
        fields[imbalance] = get(imbalance, 0) + 1
    # C.9 / C11: topscorers (or their opponents) getting the same colour three times.
    if absolute_a and absolute_b:
        if pa.imbalance == pb.imbalance:
            ok = pa.repeated is None or pa.repeated is not pb.repeated
        else:
            # E.2 grants the wider difference: the other one gets the wrong colour.
            loser = pb if pa.imbalance > pb.imbalance else pa
            ok = loser.repeated is not pa.colour.opposite
    else:
        ok = True
    if ok:
        fields[repeat] = get(repeat, 0) + 1
    # C.10 / C12: both colour preferences granted (not met: same colour wanted).
    # C.11 / C13: strong preferences granted (a strong one losing against an absolute).
    if (
        (absolute_a and absolute_b)
        or not (absolute_a or pa.strong)
        or not (absolute_b or pb.strong)
    ):
        fields[strong] = get(strong, 0) + 1


_COLOUR_FIELDS = ("colour_imbalance", "colour_repeat", "colour_preference", "colour_strong")
_FLOAT_FIELDS = (
    (0, "down_1", "up_1", "down_sd_1", "up_sd_1", "down_score_1"),
    (1, "down_2", "up_2", "down_sd_2", "up_sd_2", "down_score_2"),
)


def float_fields(fields: Fields, ctx: BracketContext, h: PlayerFacts, lo: PlayerFacts) -> None:
    """The repeated-float criteria (2017 C.12-C.19, 2026 C14-C21) for a pair inside
    the bracket (``h`` ranked above ``lo``).

    Counts are maximised as "players with such a float last time who do not get it
    again". 2017 score differences as in the PSD (a repeated downfloater who is paired
    earns its downfloater SD, and pays the pair's SD if he is an MDP). 2026: a player
    with a downfloat last time who is paired in the bracket earns his score (so the
    scores of those who float again are minimised); an MDP opponent who upfloated last
    time pays the MDP's score (the score difference, residents having one score).
    """
    _float_fields(fields, ctx, h, lo, field_keys(ctx.rules))


def _float_fields(
    fields: Fields, ctx: BracketContext, h: PlayerFacts, lo: PlayerFacts, keys: FieldKeys
) -> None:
    """:func:`float_fields` with the keys of the rule set."""
    h_floats, lo_floats = h.floats, lo.floats
    down_float = Float.DOWN
    if (
        h_floats[0] is not down_float
        and h_floats[1] is not down_float
        and lo_floats[0] is not down_float
        and lo_floats[1] is not down_float
        and lo_floats[0] is not Float.UP
        and lo_floats[1] is not Float.UP
    ):
        return  # no float to repeat: every field is 0
    get = fields.get
    by_sd = keys.by_sd
    h_units, lo_units = h.units, lo.units
    diff = h_units - lo_units
    moved_down = diff > 0  # h is an MDP: downfloat for h, upfloat for lo
    for back, count_down, count_up, group, up_group in keys.floats:
        lo_down = lo_floats[back] is down_float
        h_down = h_floats[back] is down_float
        up_again = moved_down and lo_floats[back] is Float.UP
        value = lo_down + (not moved_down and h_down)
        if value:
            fields[count_down] = get(count_down, 0) + value
        if up_again:
            fields[count_up] = get(count_up, 0) - 1
        if not (lo_down or h_down or up_again):
            continue
        if by_sd:
            if lo_down:
                key = (group, ctx.sd_base - lo_units)
                fields[key] = get(key, 0) + 1
            if h_down:
                key = (group, ctx.sd_base - h_units)
                fields[key] = get(key, 0) + 1
                if moved_down:
                    key = (group, -diff)
                    fields[key] = get(key, 0) - 1
        else:
            if lo_down:
                key = (group, -lo_units)
                fields[key] = get(key, 0) + 1
            if h_down:
                key = (group, -h_units)
                fields[key] = get(key, 0) + 1
        if up_again:
            key = (up_group, -diff)
            fields[key] = get(key, 0) - 1


def edge_fields(
    ctx: BracketContext,
    h: PlayerFacts,
    lo: PlayerFacts,
    h_in_bracket: bool,
    lo_in_bracket: bool,
    lo_in_next: bool | None = None,
    keys: FieldKeys | None = None,
) -> Fields:
    """All criteria fields of the edge ``h``-``lo`` (``h`` ranked above ``lo``).

    ``lo_in_next``: ``lo`` belongs to the scoregroup following the bracket (default:
    whenever he is not in the bracket); players further below count only for
    completion. ``keys``: :func:`field_keys` of the rules (looked up if not given).
    """
    if keys is None:
        keys = field_keys(ctx.rules)
    fields: Fields = {}
    get = fields.get
    if lo_in_next is None:
        lo_in_next = not lo_in_bracket
    h_units, lo_units = h.units, lo.units
    special = ctx.special
    if special:
        # C.4 / C4: the round must be completed; the one left over must be a bye
        # candidate (C.2 / C2 eligibility, 2026 C5: of the lowest possible score).
        completion = keys.completion
        assert completion is not None and keys.pab_eligible is not None
        fields[completion] = 1
        missing = (not ctx.bye_candidate(h)) + (not ctx.bye_candidate(lo))
        if missing:
            fields[keys.pab_eligible] = get(keys.pab_eligible, 0) + missing
    if lo_in_bracket:
        # C.5 / C6: pairs in the bracket.
        pairs = keys.pairs
        assert pairs is not None
        fields[pairs] = get(pairs, 0) + 1
        group = keys.psd
        if group is not None:
            # C.6: PSD. Pairing two players removes their downfloater SDs and adds
            # the pair's SD.
            base = ctx.sd_base
            key = (group, base - h_units)
            fields[key] = get(key, 0) + 1
            key = (group, base - lo_units)
            fields[key] = get(key, 0) + 1
            key = (group, lo_units - h_units)
            fields[key] = get(key, 0) - 1
        group = keys.downfloater_scores
        if group is not None:
            # 2026 C7: the downfloaters' scores, highest first: pair the highest scores.
            key = (group, -h_units)
            fields[key] = get(key, 0) + 1
    next_pairs = keys.next_pairs
    group = keys.next_psd
    if group is not None and not special:
        # 2017 C.7: pairs (and, in the last bracket, an eligible bye) in the next
        # bracket, then the scores of the players moved into it.
        assert next_pairs is not None
        if ctx.final:
            value = 1 + (not h.pab_eligible) + (not lo.pab_eligible)
        else:
            value = int(not lo_in_bracket)
        if value:
            fields[next_pairs] = get(next_pairs, 0) + value
        if h_in_bracket:
            key = (group, ctx.sd_base - h_units)
            fields[key] = get(key, 0) + 1
        if lo_in_bracket:
            key = (group, ctx.sd_base - lo_units)
            fields[key] = get(key, 0) + 1
    group = keys.next_scores
    if group is not None and lo_in_next:
        # 2026 C8: pairs in the next bracket, then its downfloaters' scores.
        assert next_pairs is not None
        fields[next_pairs] = get(next_pairs, 0) + 1
        key = (group, -h_units)
        fields[key] = get(key, 0) + 1
    pab_unplayed = keys.pab_unplayed
    if ctx.pab_unplayed and pab_unplayed is not None:
        # 2026 C9: leave for the PAB the player of the PAB score with the fewest
        # unplayed games: pairing a player of that score earns his unplayed games.
        bye_units = ctx.bye_units
        value = sum(p.unplayed for p in (h, lo) if p.units == bye_units)
        if value:
            fields[pab_unplayed] = get(pab_unplayed, 0) + value
    if lo_in_bracket:
        _colour_fields(fields, lo, h, keys)
        _float_fields(fields, ctx, h, lo, keys)
    return fields


def pack_weights(
    fields: Mapping[tuple[int, int], Fields], class_sizes: Sequence[int]
) -> dict[tuple[int, int], int]:
    """Turn fields into integer weights that order matchings lexicographically.

    Players with the same attributes give the same fields, so the fields are given
    per pair of player *classes* ``0..k-1`` (``class_sizes[c]`` counts the players of
    class ``c``). Each field gets a radix larger than the spread of its total over any
    matching, so no field can overflow into a more significant one. The spread is
    bounded per player: in a matching every player lies on at most one edge, so the
    positive (negative) part of a field's total is at most half the sum, over the
    players, of the largest positive (negative) value on their edges - and at most the
    number of pairs times the largest value.
    """
    # Field -> per class the largest positive (negative) value on the class's edges.
    k = len(class_sizes)
    pos: dict[FieldKey, list[int]] = {}
    neg: dict[FieldKey, list[int]] = {}
    for (a, b), values in fields.items():
        for key, value in values.items():
            if value > 0:
                per_class = pos.get(key)
                if per_class is None:
                    per_class = pos[key] = [0] * k
            elif value:
                value = -value
                per_class = neg.get(key)
                if per_class is None:
                    per_class = neg[key] = [0] * k
            else:
                continue  # a zero weighs nothing (and leaves every bound as it is)
            if per_class[a] < value:
                per_class[a] = value
            if per_class[b] < value:
                per_class[b] = value
    max_pairs = max(1, sum(class_sizes) // 2)
    multiplier: dict[FieldKey, int] = {}
    scale = 1
    for key in sorted(pos.keys() | neg.keys(), reverse=True):
        multiplier[key] = scale
        radix = 1
        for table in (pos, neg):
            per_class = table.get(key)
            if per_class is not None:
                # the bound of the field's positive (negative) part over a matching
                total = sum(map(mul, class_sizes, per_class))
                radix += min(total // 2, max_pairs * max(per_class))
        scale *= radix
    # (a field whose values all cancelled out to 0 has no multiplier: 0 will do)
    of = defaultdict(int, multiplier).__getitem__
    return {
        pair: sum(map(mul, values.values(), map(of, values))) for pair, values in fields.items()
    }


def describe_keys(keys: Iterable[FieldKey]) -> list[str]:  # pragma: no cover - debugging aid
    return [f"{group}:{sd}" for group, sd in keys]
