"""The fast paths of the pairing-request path against their plain formulations.

``fairpair batch`` answers many small requests, so the per-request work was made
cheaper without changing a result; each shortcut is pinned here on random inputs:

* the criteria fields of an edge and their packing into weights (:mod:`fairpair.
  systems.dutch.criteria`) against the plain formulation they replaced (below, as
  the reference: one ``_add`` per field, per-class maxima in dicts);
* the player classes of a bracket by :attr:`PlayerFacts.class_key` against the
  attributes they stand for;
* :class:`PlayerFacts`, :class:`Player` and :class:`PlayerState` made without their
  dataclass ``__init__`` against the ones it makes;
* JSON numbers read without the integer hook, and objects without the duplicate-key
  check, against the checked reading.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import defaultdict
from collections.abc import Hashable, Mapping
from fractions import Fraction
from operator import mul
from typing import Any

import pytest

from fairpair.errors import InputError
from fairpair.formats import jsondoc, jsontext
from fairpair.model import Colour, Float, Player, PlayerState, Tournament
from fairpair.systems.dutch import criteria
from fairpair.systems.dutch.criteria import BracketContext, FieldKey, Fields, edge_fields
from fairpair.systems.dutch.players import (
    SCORE_SCALE,
    ColourPreference,
    PlayerFacts,
    Units,
    player_facts,
)
from fairpair.systems.dutch.rules import RULES_2017, RULES_2026, DutchRules
from fairpair.workflow import batch
from fairpair.workflow.generator import GeneratorConfig, generate

_COLOUR_FIELDS = criteria._COLOUR_FIELDS
_FLOAT_FIELDS = criteria._FLOAT_FIELDS

# -- the reference: the fields and the packing as first written ------------------------


def _ref_sd(ctx: BracketContext, player: PlayerFacts) -> Units:
    """A.8: the SD of ``player`` as a downfloater (against an artificial score one
    point below the lowest score), in score units."""
    return player.units - ctx.sd_base


def _add(fields: Fields, key: FieldKey, value: int) -> None:
    if value:
        fields[key] = fields.get(key, 0) + value


def _ref_colour_fields(
    fields: Fields, a: PlayerFacts, b: PlayerFacts, rules: DutchRules = RULES_2017
) -> None:
    """The colour criteria (2017 C.8-C.11, 2026 C10-C13) for a pair inside the
    bracket: 1 when the criterion is met."""
    priority = rules.priority
    pa, pb = a.preference, b.preference
    same = pa.colour is not None and pa.colour is pb.colour
    if not same:
        # Both preferences can be granted: every colour criterion is met.
        for name in _COLOUR_FIELDS:
            _add(fields, (priority[name], 0), 1)
        return
    absolute_a, absolute_b = pa.absolute, pb.absolute
    # C.8 / C10: topscorers (or their opponents) getting a colour difference beyond +-2.
    _add(fields, (priority["colour_imbalance"], 0), int(not (pa.imbalance > 1 < pb.imbalance)))
    # C.9 / C11: topscorers (or their opponents) getting the same colour three times.
    if absolute_a and absolute_b:
        if pa.imbalance == pb.imbalance:
            ok = pa.repeated is None or pa.repeated is not pb.repeated
        else:
            # E.2 grants the wider difference: the other one gets the wrong colour.
            loser = pb if pa.imbalance > pb.imbalance else pa
            ok = pa.colour is None or loser.repeated is not pa.colour.opposite
    else:
        ok = True
    _add(fields, (priority["colour_repeat"], 0), int(ok))
    # C.10 / C12: both colour preferences granted (not met: same colour wanted).
    # C.11 / C13: strong preferences granted (a strong one losing against an absolute).
    strong_a = absolute_a or pa.strong
    strong_b = absolute_b or pb.strong
    _add(
        fields,
        (priority["colour_strong"], 0),
        int(not strong_a or not strong_b or (absolute_a and absolute_b)),
    )


def _ref_float_fields(fields: Fields, ctx: BracketContext, h: PlayerFacts, lo: PlayerFacts) -> None:
    """The repeated-float criteria (2017 C.12-C.19, 2026 C14-C21) for a pair inside
    the bracket (``h`` ranked above ``lo``).

    Counts are maximised as "players with such a float last time who do not get it
    again". 2017 score differences as in the PSD (a repeated downfloater who is paired
    earns its downfloater SD, and pays the pair's SD if he is an MDP). 2026: a player
    with a downfloat last time who is paired in the bracket earns his score (so the
    scores of those who float again are minimised); an MDP opponent who upfloated last
    time pays the MDP's score (the score difference, residents having one score).
    """
    priority = ctx.rules.priority
    by_sd = "down_sd_1" in priority
    diff = h.units - lo.units
    moved_down = diff > 0  # h is an MDP: downfloat for h, upfloat for lo
    down_float = Float.DOWN
    for back, count_down, count_up, sd_down, sd_up, score_down in _FLOAT_FIELDS:
        h_float, lo_float = h.floats[back], lo.floats[back]
        lo_down = lo_float is down_float
        h_down = h_float is down_float
        up_again = moved_down and lo_float is Float.UP
        _add(fields, (priority[count_down], 0), lo_down + (not moved_down and h_down))
        if up_again:
            _add(fields, (priority[count_up], 0), -1)
        if not (lo_down or h_down or up_again):
            continue
        if by_sd:
            group = priority[sd_down]
            if lo_down:
                _add(fields, (group, -_ref_sd(ctx, lo)), 1)
            if h_down:
                _add(fields, (group, -_ref_sd(ctx, h)), 1)
                if moved_down:
                    _add(fields, (group, -diff), -1)
        else:
            group = priority[score_down]
            if lo_down:
                _add(fields, (group, -lo.units), 1)
            if h_down:
                _add(fields, (group, -h.units), 1)
        if up_again:
            _add(fields, (priority[sd_up], -diff), -1)


def _ref_edge_fields(
    ctx: BracketContext,
    h: PlayerFacts,
    lo: PlayerFacts,
    h_in_bracket: bool,
    lo_in_bracket: bool,
    lo_in_next: bool | None = None,
) -> Fields:
    """All criteria fields of the edge ``h``-``lo`` (``h`` ranked above ``lo``).

    ``lo_in_next``: ``lo`` belongs to the scoregroup following the bracket (default:
    whenever he is not in the bracket); players further below count only for
    completion.
    """
    fields: Fields = {}
    rules = ctx.rules
    priority = rules.priority
    if lo_in_next is None:
        lo_in_next = not lo_in_bracket
    if ctx.special:
        # C.4 / C4: the round must be completed; the one left over must be a bye
        # candidate (C.2 / C2 eligibility, 2026 C5: of the lowest possible score).
        _add(fields, (priority["completion"], 0), 1)
        missing = (not ctx.bye_candidate(h)) + (not ctx.bye_candidate(lo))
        _add(fields, (priority["pab_eligible"], 0), missing)
    # C.5 / C6: pairs in the bracket.
    _add(fields, (priority["pairs"], 0), int(lo_in_bracket))
    if lo_in_bracket and "psd" in priority:
        # C.6: PSD. Pairing two players removes their downfloater SDs and adds the
        # pair's SD.
        group = priority["psd"]
        base = ctx.sd_base
        _add(fields, (group, base - h.units), 1)
        _add(fields, (group, base - lo.units), 1)
        _add(fields, (group, lo.units - h.units), -1)
    if lo_in_bracket and "downfloater_scores" in priority:
        # 2026 C7: the downfloaters' scores, highest first: pair the highest scores.
        _add(fields, (priority["downfloater_scores"], -h.units), 1)
    if "next_psd" in priority and not ctx.special:
        # 2017 C.7: pairs (and, in the last bracket, an eligible bye) in the next
        # bracket, then the scores of the players moved into it.
        group = priority["next_pairs"]
        if ctx.final:
            _add(fields, (group, 0), 1 + (not h.pab_eligible) + (not lo.pab_eligible))
        else:
            _add(fields, (group, 0), int(not lo_in_bracket))
        group = priority["next_psd"]
        if h_in_bracket:
            _add(fields, (group, -_ref_sd(ctx, h)), 1)
        if lo_in_bracket:
            _add(fields, (group, -_ref_sd(ctx, lo)), 1)
    if "next_scores" in priority and lo_in_next:
        # 2026 C8: pairs in the next bracket, then its downfloaters' scores.
        _add(fields, (priority["next_pairs"], 0), 1)
        _add(fields, (priority["next_scores"], -h.units), 1)
    if ctx.pab_unplayed and "pab_unplayed" in priority:
        # 2026 C9: leave for the PAB the player of the PAB score with the fewest
        # unplayed games: pairing a player of that score earns his unplayed games.
        bye_units = ctx.bye_units
        value = sum(p.unplayed for p in (h, lo) if p.units == bye_units)
        _add(fields, (priority["pab_unplayed"], 0), value)
    if lo_in_bracket:
        _ref_colour_fields(fields, lo, h, rules)
        _ref_float_fields(fields, ctx, h, lo)
    return fields


def _ref_pack_weights(
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
    # Field -> class -> the largest positive (negative) value on the class's edges.
    pos: dict[FieldKey, dict[Hashable, int]] = {}
    neg: dict[FieldKey, dict[Hashable, int]] = {}
    for (a, b), values in fields.items():
        for key, value in values.items():
            if value > 0:
                table, size = pos, value
            elif value:
                table, size = neg, -value
            else:
                continue  # a zero weighs nothing (and leaves every bound as it is)
            per_class = table.get(key)
            if per_class is None:
                table[key] = {a: size, b: size}
                continue
            if per_class.get(a, 0) < size:
                per_class[a] = size
            if per_class.get(b, 0) < size:
                per_class[b] = size
    max_pairs = max(1, sum(class_sizes.values()) // 2)

    def bound(per_class: dict[Hashable, int] | None) -> int:
        if not per_class:
            return 0
        total = 0
        for c, value in per_class.items():
            total += class_sizes[c] * value
        return min(total // 2, max_pairs * max(per_class.values()))

    multiplier: dict[FieldKey, int] = {}
    scale = 1
    for key in sorted(pos.keys() | neg.keys(), reverse=True):
        multiplier[key] = scale
        scale *= bound(pos.get(key)) + bound(neg.get(key)) + 1
    # (a field whose values all cancelled out to 0 has no multiplier: 0 will do)
    of = defaultdict(int, multiplier).__getitem__
    return {
        pair: sum(map(mul, values.values(), map(of, values))) for pair, values in fields.items()
    }


# -- random inputs ------------------------------------------------------------------------

#: Scores with the usual halves and an unusual denominator (score units then Fractions).
_SCORES = [Fraction(n, 2) for n in range(9)] + [Fraction(1, 17), Fraction(20, 17)]


def _random_facts(rng: random.Random, number: int) -> PlayerFacts:
    colour = rng.choice([None, Colour.WHITE, Colour.BLACK])
    preference = ColourPreference(
        colour,
        rng.choice([0, 0, 1, 2, 3]) if colour is not None else 0,
        rng.choice([None, None, Colour.WHITE, Colour.BLACK]),
    )
    score = rng.choice(_SCORES)
    return PlayerFacts(
        number=number,
        rank=number - 1,
        score=score,
        raw_score=score,
        preference=preference,
        history=(),
        floats=(rng.choice(list(Float)), rng.choice(list(Float))),
        pab_eligible=rng.random() < 0.8,
        topscorer=rng.random() < 0.2,
        played_opponents=frozenset(),
        unplayed=rng.randint(0, 2),
    )


def _random_context(rng: random.Random, players: list[PlayerFacts]) -> BracketContext:
    rules: DutchRules = rng.choice([RULES_2017, RULES_2026])
    return BracketContext(
        special=rng.random() < 0.3,
        final=rng.random() < 0.3,
        min_score=min(p.score for p in players),
        rules=rules,
        bye_score=rng.choice([None, *(p.score for p in players)]),
        pab_unplayed=rng.random() < 0.3,
    )


@pytest.mark.parametrize("seed", range(40))
def test_edge_fields_and_weights_agree_with_the_reference(seed: int) -> None:
    """Every class pair's fields, and the packed weights of a bracket's classes."""
    rng = random.Random(seed)
    players = [_random_facts(rng, number) for number in range(1, rng.randint(3, 14))]
    ctx = _random_context(rng, players)
    fields: dict[tuple[int, int], Fields] = {}
    reference: dict[tuple[Hashable, Hashable], Fields] = {}
    for a, h in enumerate(players):
        for b, lo in enumerate(players):
            flags = (rng.random() < 0.7, rng.random() < 0.6, rng.choice([None, True, False]))
            fields[(a, b)] = edge_fields(ctx, h, lo, *flags)
            reference[(a, b)] = _ref_edge_fields(ctx, h, lo, *flags)
            assert fields[(a, b)] == reference[(a, b)], (ctx, h, lo, flags)
    sizes = [rng.randint(1, 5) for _ in players]
    packed = criteria.pack_weights(fields, sizes)
    assert packed == _ref_pack_weights(reference, dict(enumerate(sizes)))


def _attributes(p: PlayerFacts) -> tuple[Any, ...]:
    return (p.score, p.pab_eligible, p.preference, p.floats)


@pytest.mark.parametrize("seed", range(10))
def test_class_keys_stand_for_the_attributes(seed: int) -> None:
    """Two players have equal class keys exactly when their score, bye eligibility,
    colour preference and floats are equal."""
    rng = random.Random(seed)
    players = [_random_facts(rng, number) for number in range(1, 60)]
    for p in players:
        for q in players:
            assert (p.class_key == q.class_key) == (_attributes(p) == _attributes(q))


def _tournaments() -> list[tuple[Tournament, DutchRules]]:
    result = []
    for seed, (system, rules) in enumerate(
        [("dutch-2017", RULES_2017), ("dutch-2026", RULES_2026)] * 3
    ):
        config = GeneratorConfig(
            players=11 + 7 * seed,
            rounds=5,
            seed=seed,
            forfeit_rate=0.05,
            bye_rate=0.05,
            absence_rate=0.05,
        )
        result.append((generate(system, config), rules))
    return result


def test_objects_made_without_init_equal_those_it_makes() -> None:
    """PlayerFacts (with the cached properties made in advance), Player and
    PlayerState: equal to the dataclass's own, with the fields in the same order."""
    for t, rules in _tournaments():
        t = jsondoc.loads(json.dumps(jsondoc.to_document(t)))[0]
        for player in t.players:
            names = [f.name for f in dataclasses.fields(Player)]
            assert player == Player(**{name: getattr(player, name) for name in names})
            assert list(vars(player)) == names
        for rnd in range(1, len(t.rounds) + 1):
            for number, state in t.state(after_round=rnd).items():
                assert state == PlayerState(number, state.score, state.records)
                assert list(vars(state)) == ["number", "score", "records"]
            facts = player_facts(t, rnd, t.present_players(rnd), rules=rules)
            for fact in facts.values():
                names = [f.name for f in dataclasses.fields(PlayerFacts)]
                made = PlayerFacts(**{name: getattr(fact, name) for name in names})
                assert fact == made
                assert fact.units == made.units == fact.score * SCORE_SCALE
                assert fact.class_key == made.class_key
                assert list(vars(fact))[: len(names)] == names


# -- JSON numbers and keys ------------------------------------------------------------


def _random_number(rng: random.Random) -> str:
    digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 45)))
    digits = digits.lstrip("0") or "0"
    text = rng.choice(["", "-"]) + digits
    if rng.random() < 0.3:
        text += "." + "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 25)))
    if rng.random() < 0.2:
        text += rng.choice("eE") + rng.choice(["", "+", "-"]) + str(rng.randint(0, 400))
    return text


def _parsed(text: str, **options: Any) -> Any:
    try:
        value = jsontext.parse(text, "x.json", **options)
    except InputError as exc:
        return ("error", str(exc))
    return json.dumps(value, default=repr), repr(value)


@pytest.mark.parametrize("seed", range(30))
def test_numbers_without_the_integer_hook(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same values (and types), or the same error, as with the hook on every
    integer, digits in strings included."""
    rng = random.Random(seed)
    items = [
        _random_number(rng) if rng.random() < 0.8 else json.dumps("x" + _random_number(rng))
        for _ in range(rng.randint(1, 12))
    ]
    text = "[" + ", ".join(items) + "]"
    fast = _parsed(text), _parsed(text, exact=False)
    monkeypatch.setattr(jsontext, "_short_integers", lambda text: False)
    assert (_parsed(text), _parsed(text, exact=False)) == fast


def _random_value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(6 if depth < 4 else 4)
    if kind == 0:
        return rng.randint(-(10**30), 10**30)
    if kind == 1:
        return rng.choice([0.5, 1.25, -3.0, 1e300, None, True, False])
    if kind == 2:
        return "".join(rng.choice('ab"{[1\\') for _ in range(rng.randint(0, 5)))
    if kind == 3:
        return rng.randint(0, 99)
    if kind == 4:
        return [_random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {f"k{rng.randint(0, 9)}": _random_value(rng, depth + 1) for _ in range(4)}


@pytest.mark.parametrize("seed", range(30))
def test_unique_keys_reads_the_same(seed: int) -> None:
    """A text of json.dumps (no key twice) reads the same without the key check."""
    text = json.dumps(_random_value(random.Random(seed)))
    assert _parsed(text, unique_keys=True) == _parsed(text)
    with pytest.raises(InputError, match="appears twice"):
        jsontext.parse('{"a": 1, "a": 2}', "x.json")


def test_batch_skips_the_key_check_only_for_its_own_text() -> None:
    """A request read from a line has string keys (json.dumps writes none twice); a
    dict given to :func:`answer` may have 1 and "1", which json.dumps writes twice."""
    document = {
        "format": "fairpair-tournament",
        "version": 1,
        "system": "dutch",
        "players": [{"number": 1, "name": "A"}, {"number": 2, "name": "B"}],
        "rounds": [],
    }
    line = json.dumps({"tournament": document})
    assert json.loads(batch.answer_line(line))["pairs"] == [[1, 2]]
    twice = {**document, "settings": {1: "x", "1": "y"}}
    result = batch.answer({"tournament": twice})
    assert result["exit_code"] == 2 and "appears twice" in result["error"]
