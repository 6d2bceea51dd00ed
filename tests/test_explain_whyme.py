"""``--explain`` answers "why me" (issue 32, finding 8): the alternative it names is
real.

For every player the Dutch explanation says moved down, got the bye or lost his
colour preference, ``details.why`` names the alternative pairing (who would have
taken his place, the bracket's pairs) and the deciding criterion. These tests pair
that alternative again in the engine's own bracket graph and check: it satisfies the
constraint (the player is paired inside the bracket / has a game / gets an opponent
who lets him have his colour), its criteria vector equals the chosen one on every
criterion before the named one and is worse at the named one, and the engine's packed
matching weight (what the engine maximises) agrees. The counts in the words are
recounted from the players' colour preferences.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fairpair.errors import NoPairingError
from fairpair.matching import max_weight_matching
from fairpair.model import Tournament
from fairpair.rendering.explanations import render
from fairpair.systems import get_system
from fairpair.systems.dutch.criteria import Compatibility
from fairpair.systems.dutch.engine import BracketRecord, pair_players
from fairpair.systems.dutch.players import player_facts
from fairpair.systems.dutch.rules import RULES, DutchRules
from fairpair.systems.dutch.whyme import Solved, chosen, evaluate, weights_of
from fairpair.workflow.generator import GeneratorConfig
from helpers import random_rounds
from test_explain import explanation


def _config(rng: random.Random) -> GeneratorConfig:
    return GeneratorConfig(
        players=rng.randint(7, 22),
        rounds=rng.randint(3, 7),
        seed=rng.randrange(1 << 30),
        draw_rate=rng.choice([0.0, 0.3]),
        bye_rate=rng.choice([0.0, 0.05]),
        absence_rate=rng.choice([0.0, 0.05]),
    )


def _rounds(count: int, seed: int) -> Iterator[tuple[Tournament, int]]:
    return random_rounds(count, seed, _config, lambda rng, played: range(2, played + 1))


def _records(t: Tournament, rnd: int, rules: DutchRules) -> tuple[list[BracketRecord], Any]:
    """The engine's brackets for round ``rnd`` (as :class:`DutchSystem` pairs it)."""
    facts = dict(player_facts(t, rnd, t.present_players(rnd), rules=rules))
    ordered = sorted(facts.values(), key=lambda p: (-p.units, p.rank))
    result = pair_players(ordered, t.forbidden_pairs, rules=rules)
    return result.brackets, facts


def _first_difference(rules: DutchRules, a: Solved, b: Solved) -> str | None:
    keys = sorted(set(a.fields) | set(b.fields))
    for key in keys:
        if a.fields.get(key, 0) != b.fields.get(key, 0):
            name = next(n for n, p in rules.priority.items() if p == key[0])
            return rules.number(name)
    return None


def _check_player(
    why: dict[str, Any], number: int, records: list[BracketRecord], facts: Any, rules: DutchRules
) -> str:
    """Check one player's "why": returns the decision checked."""
    alt_pairs = [(a, b) for a, b in why["alternative"]["pairs"]]
    record = records[why["group"]]
    spec = record.graph
    assert spec is not None
    numbers = [p.number for p in spec.players]
    compatibility = Compatibility(facts.values(), frozenset())
    weights = weights_of(spec, compatibility)
    best = chosen(spec, weights, record.pairs)
    assert best is not None
    alt = evaluate(spec, weights, [(a, b) for a, b in why["alternative"]["graph_pairs"]])
    # the chosen pairing is the best of the whole graph (nothing beats it)
    edges = [
        (v, w, weights.main(v, w))
        for v in range(len(numbers))
        for w in range(v + 1, len(numbers))
        if weights.main(v, w) > 0
    ]
    optimum = max_weight_matching(len(numbers), edges)
    assert best.weight == sum(weights.main(v, w) for v, w in enumerate(optimum) if w > v)
    # the constraint holds in the alternative
    vertex = {n: v for v, n in enumerate(numbers)}
    mate = alt.mate[vertex[number]]
    if why["decision"] == "down":
        assert 0 <= mate < spec.nb, "the alternative still moves him down"
        for other in why["alternative"]["instead"]:
            assert not 0 <= alt.mate[vertex[other]] < spec.nb
    elif why["decision"] == "up":
        assert not 0 <= mate < spec.m, "the alternative still has him play up"
        for other in why["alternative"]["instead"]:
            assert 0 <= alt.mate[vertex[other]] < spec.m
    elif why["decision"] == "bye":
        assert mate >= 0, "the alternative still leaves him without a game"
        for other in why["alternative"]["instead"]:
            assert alt.mate[vertex[other]] < 0
    elif why["decision"] == "colour":
        want = facts[number].preference.colour
        assert 0 <= mate < spec.nb
        assert facts[numbers[mate]].preference.colour is not want
    # the deciding criterion is the first difference, and the alternative is worse
    # there, by the fields and by the engine's packed weight
    named = why["criterion"]
    assert _first_difference(rules, best, alt) == named
    if named is None:
        assert best.weight == alt.weight
    else:
        assert best.weight > alt.weight
        key = min(
            k
            for k in set(best.fields) | set(alt.fields)
            if best.fields.get(k, 0) != alt.fields.get(k, 0)
        )
        assert best.fields.get(key, 0) > alt.fields.get(key, 0)
    if why["criterion_text"] == rules.criterion("colour_preference").name:
        # recount: pairs inside the bracket whose players want the same colour
        def denied(pairs: list[tuple[int, int]]) -> int:
            return sum(
                facts[a].preference.colour is not None
                and facts[a].preference.colour is facts[b].preference.colour
                for a, b in pairs
            )

        assert why["alternative_value"] == denied(alt_pairs)
        assert why["chosen"] == denied(record.pairs)
    return str(why["decision"])


@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_named_alternatives_are_real(edition: str) -> None:
    rules = RULES[edition]
    system = get_system(f"dutch-{edition}", explain=True)
    seen: dict[str, int] = {}
    for t, rnd in _rounds(40, seed=int(edition)):
        pairing = system.pair(t, rnd)
        doc = pairing.info["explanation"]
        records, facts = _records(t, rnd, rules)
        engine_pairs = {frozenset(p) for r in records for p in r.pairs}
        assert engine_pairs == {frozenset((b.white, b.black)) for b in pairing.boards}
        for entry in doc["players"]:
            why = entry.get("details", {}).get("why")
            if not why or not why.get("computed") or why.get("alternative") is None:
                continue
            decision = _check_player(why, entry["number"], records, facts, rules)
            seen[decision] = seen.get(decision, 0) + 1
    # the sample exercises every kind of decision
    assert seen.get("down", 0) >= 5, seen
    assert seen.get("colour", 0) >= 5, seen
    assert seen.get("bye", 0) >= 1, seen
    assert seen.get("up", 0) >= 5, seen


@pytest.mark.parametrize("system", ["dutch-2017", "dutch-2026"])
def test_golden_why_me_lines(system: str) -> None:
    """The golden round: each player who moves down for a reason other than having no
    possible opponent, the bye (2017) and a colour not granted (2026) get a "why" line
    naming another player or the pairing he would need."""
    _, _, doc = explanation(system)
    text = "\n".join(render(doc))
    assert "Why " in text and " and not " in text
    whys = [p for p in doc["players"] if p.get("details", {}).get("why")]
    assert whys
    for entry in whys:
        why = entry["details"]["why"]
        assert why["computed"] is True
        assert why["decision"] in ("down", "up", "bye", "colour")
        assert "rule" in why and "criterion" in why


def test_why_for_2026_colour_names_the_criterion() -> None:
    _, _, doc = explanation("dutch-2026")
    dara = next(p for p in doc["players"] if p["number"] == 4)
    why = dara["details"]["why"]
    assert why["decision"] == "colour"
    assert why["criterion"] == "C7"
    assert (why["chosen"], why["alternative_value"]) == ("1.5", "2")
    assert dara["colour_due"] == "black" and dara["colour"] == "white"


# -- Netrunner and McMahon: the alternative is the best pairing without the decision -----


def _netrunner_rounds() -> Iterator[Tournament]:
    from fairpair.workflow.generator import generate
    from helpers import cut_before

    yield explanation("netrunner")[0]
    rng = random.Random(7)
    made = 0
    while made < 4:
        config = GeneratorConfig(
            players=rng.choice([7, 8, 9]), rounds=4, seed=rng.randrange(1 << 30)
        )
        try:
            full = generate("netrunner", config)
        except NoPairingError:  # no legal pairing for a late round
            continue
        made += 1
        yield cut_before(full, 4)


def test_netrunner_alternatives_are_the_best_without_the_decision() -> None:
    """Brute force over every pairing of the round: the alternative named is the best
    pairing (by the cost vector) in which the decision does not happen, and the chosen
    pairing beats it at the named criterion, equal before."""
    from fairpair.systems.netrunner import CORP, NetrunnerSystem
    from helpers import all_pairings

    checked = 0
    for t in _netrunner_rounds():
        rnd = t.next_round()
        system = NetrunnerSystem(explain=True, seed=1)
        pairing = system.pair(t, rnd)
        problem = system.problem(t, rnd)
        chosen_vector = problem.vector(pairing)
        candidates = list(all_pairings(rnd, problem.players))
        records = problem.records
        for entry in pairing.info["explanation"]["players"]:
            why = entry.get("details", {}).get("why")
            if not why or not why.get("computed"):
                continue
            x = entry["number"]
            if why["decision"] == "bye":

                def keeps(p: Any, x: int = x) -> bool:
                    return bool(p.bye != x)

            elif why["decision"] == "cross":

                def keeps(p: Any, x: int = x, records: Any = records) -> bool:
                    for b in p.boards:
                        if x in (b.white, b.black):
                            other = b.black if b.white == x else b.white
                            return bool(records[other].group == records[x].group)
                    return False

            else:
                side = CORP if entry["colour"] == "white" else None

                def keeps(p: Any, x: int = x, corp_now: bool = side is CORP) -> bool:
                    for b in p.boards:
                        if x in (b.white, b.black):
                            return (b.white == x) != corp_now
                    return False

            allowed = [problem.vector(p) for p in candidates if keeps(p)]
            best = min(allowed)
            assert tuple(why["alternative"]["vector"]) == best
            index = next(
                (k for k, (a, b) in enumerate(zip(chosen_vector, best, strict=True)) if a != b),
                None,
            )
            if index is None:
                assert why["criterion"] is None
            else:
                assert chosen_vector[:index] == best[:index]
                assert chosen_vector[index] < best[index]
                assert why["criterion_key"] == problem.criteria[index].key
                assert (why["chosen"], why["alternative_value"]) == (
                    chosen_vector[index],
                    best[index],
                )
            checked += 1
    assert checked >= 10


def test_mcmahon_alternatives_are_the_best_without_the_decision() -> None:
    """Brute force over every matching of the McMahon pool of the golden round: the
    alternative is the best pairing (by the penalty tiers) giving the player a nearer
    opponent, and the chosen pairing beats it at the named tier, equal before."""
    from fairpair.systems.mcmahon.pairing import TIERS, build_field, edge_tiers, tier_total
    from helpers import all_pairings

    t, pairing, doc = explanation("mcmahon")
    fld = build_field(t, pairing.round)
    chosen = tier_total(
        edge_tiers(fld, b.white, b.black) for b in pairing.boards if b.white in fld.pool
    )
    legal = [
        p
        for p in all_pairings(pairing.round, fld.pool)
        if all(b.white < b.black and fld.allowed(b.white, b.black) for b in p.boards)
    ]
    checked = 0
    for entry in doc["players"]:
        why = entry.get("details", {}).get("why")
        if not why or why.get("decision") != "mcmahon_down":
            continue
        x = entry["number"]
        gap = abs(fld.units[x] - fld.units[entry["opponent"]])
        nearer = []
        for p in legal:
            other = next(
                b.black if b.white == x else b.white for b in p.boards if x in (b.white, b.black)
            )
            if abs(fld.units[x] - fld.units[other]) < gap:
                nearer.append(tier_total(edge_tiers(fld, b.white, b.black) for b in p.boards))
        if why["alternative"] is None:
            assert not nearer
            continue
        best = min(nearer)
        index = next(k for k in range(len(TIERS)) if best[k] != chosen[k])
        assert why["criterion"] == TIERS[index]
        assert chosen[:index] == best[:index] and chosen[index] < best[index]
        assert (why["chosen"], why["alternative_value"]) == (chosen[index], best[index])
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(
    ("system", "player", "decision", "criterion"),
    [
        ("dutch-2017", 4, "down", "C.10"),
        ("dutch-2017", 8, "bye", "C.5"),
        ("dutch-2026", 6, "down", "C7"),
        ("mcmahon", 2, "mcmahon_down", "score"),
        ("netrunner", 2, "bye", 2),
        ("tcec", 7, "bye", "pairing order"),
    ],
)
def test_json_carries_the_alternative_and_the_criterion(
    system: str, player: int, decision: str, criterion: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """``pair --json --explain``: the player's ``details.why`` holds the alternative and
    the deciding criterion (as the golden rounds decide them)."""
    import json

    from fairpair.cli import run

    path = str(Path(__file__).parent / "data" / "explain" / f"{system}.trf")
    assert run(["pair", "--system", system, path, "--explain", "--json", "--seed", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)["explanation"]
    entry = next(p for p in doc["players"] if p["number"] == player)
    why = entry["details"]["why"]
    assert why["decision"] == decision
    assert why["criterion"] == criterion
    assert why["alternative"]
    assert "alternative_value" in why and "chosen" in why


@pytest.mark.parametrize("system", ["dutch-2017", "mcmahon", "netrunner"])
def test_beyond_the_size_limit_the_text_says_not_computed(
    system: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The comparison is bounded: above the limit no alternative is solved, and the
    text and ``details.why`` say so."""
    import fairpair.systems.dutch as dutch
    import fairpair.systems.mcmahon.system as mcmahon
    import fairpair.systems.netrunner as netrunner

    monkeypatch.setattr(dutch, "LIMIT", 2)
    monkeypatch.setattr(mcmahon, "WHY_LIMIT", 2)
    monkeypatch.setattr(netrunner, "WHY_LIMIT", 2)
    _, _, doc = explanation(system)
    whys = [p["details"]["why"] for p in doc["players"] if p.get("details", {}).get("why")]
    assert whys and all(w["computed"] is False for w in whys)
    assert "the other possible pairings were not compared" in "\n".join(render(doc))


# -- Burstein: the bye's next candidate and the colour rule ---------------------------


_STRENGTH = {"absolute": 3, "strong": 2, "mild": 1}


def _burstein_rounds() -> Iterator[tuple[Tournament, int]]:
    """Random rounds of odd and even fields (the generator makes Dutch histories; the
    Burstein engine pairs the next round from them)."""
    return random_rounds(40, 32, _config, lambda rng, played: range(2, played + 1))


@pytest.mark.parametrize("edition", ["2024", "2025"])
def test_burstein_named_alternatives_are_real(edition: str) -> None:
    """For the bye: the named player is real and the named rule decides against him
    while every rule before it is equal (he may receive the bye too, and for 2025 the
    others can be paired without him). For a colour not granted: the opponent was due
    the same colour and the named rule is one that decides between such players."""
    from fairpair.systems.burstein.whyme import pairable_without
    from fairpair.systems.dutch.rules import RULES_2026

    seen: dict[str, int] = {}
    for t, rnd in _burstein_rounds():
        system = get_system("burstein", explain=True, rules=edition)
        try:
            pairing = system.pair(t, rnd)
        except NoPairingError:  # no legal Burstein pairing of this generated round
            continue
        doc = pairing.info["explanation"]
        if doc["system"] != "burstein" or doc["title"].startswith("FIDE Dutch"):
            continue
        if any(n["code"] == "burstein2025_seeding" for n in doc["notes"]):
            continue  # 2025 seeding rounds are paired (and explained) by Dutch 2026
        players = {p["number"]: p for p in doc["players"]}
        rules = {"rules": RULES_2026} if edition == "2025" else {}
        facts = dict(player_facts(t, rnd, t.present_players(rnd), **rules))
        for number, entry in players.items():
            why = entry.get("details", {}).get("why")
            if not why or why["decision"] == "down":  # (the next test)
                continue
            seen[why["criterion"]] = seen.get(why["criterion"], 0) + 1
            if why["decision"] == "bye":
                other = why["alternative"]["bye"]
                assert number == pairing.bye and other != number
                me, him = facts[number], facts[other]
                if why["criterion"] == "eligible":
                    assert edition == "2024" and not him.pab_eligible
                    assert him.score <= me.score  # lower in the order (score first)
                    continue
                assert me.pab_eligible and him.pab_eligible  # equal at C.04.1 d / 3.1.1
                if why["criterion"] == "pairable":
                    assert not pairable_without(facts, t.forbidden_pairs, other)
                    assert pairable_without(facts, t.forbidden_pairs, number)
                    continue
                if edition == "2025":  # 3.1.2 equal: the others can be paired without him
                    assert pairable_without(facts, t.forbidden_pairs, other)
                if why["criterion"] == "score":
                    assert him.score > me.score
                    assert (why["chosen"], why["alternative_value"]) == (
                        entry["score"],
                        players[other]["score"],
                    )
                elif why["criterion"] == "games":
                    assert him.score == me.score
                    assert len(me.history) > len(him.history)
                else:
                    assert why["criterion"] == "order"
                    assert him.score == me.score
                    if edition == "2025":
                        assert len(me.history) == len(him.history)
                    assert why["chosen"] > why["alternative_value"]
            else:
                assert why["decision"] == "colour"
                white, black = why["alternative"]["white"], why["alternative"]["black"]
                other = white if white != number else black
                assert entry["opponent"] == other
                assert entry["colour"] != entry["colour_due"]
                opp = players[other]
                # the alternative gives him his colour and takes it from his opponent
                assert opp["colour_due"] == entry["colour_due"]
                assert opp["colour"] == entry["colour_due"]
                if why["criterion"] == "stronger":
                    assert _STRENGTH[opp["colour_strength"]] > _STRENGTH[entry["colour_strength"]]
                else:
                    assert opp["colour_strength"] == entry["colour_strength"] or (
                        why["criterion"] == "wider"
                    )
    assert seen.get("score", 0) + seen.get("order", 0) + seen.get("games", 0) >= 3, seen
    assert seen.get("stronger", 0) + seen.get("index", 0) >= 1, seen


@pytest.mark.parametrize("edition", ["2024", "2025"])
def test_burstein_golden_bye_why(edition: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The golden Burstein round: the bye's ``details.why`` in the JSON and the text."""
    import json

    from fairpair.cli import run

    path = str(Path(__file__).parent / "data" / "explain" / "burstein.trf")
    args = ["pair", "--system", "burstein", path, "--explain", "--json", "-O", f"rules={edition}"]
    assert run(args) == 0
    doc = json.loads(capsys.readouterr().out)["explanation"]
    bye = next(p for p in doc["players"] if p["status"] == "bye")
    why = bye["details"]["why"]
    assert why["decision"] == "bye" and why["computed"] is True
    assert why["alternative"]["bye"] != bye["number"]
    assert why["rule"].startswith("C.04")
    text = "\n".join(render(doc))
    assert f"Why {bye['name']} (no. {bye['number']}) and not " in text


@pytest.mark.parametrize("edition", ["2024", "2025"])
def test_burstein_down_alternatives_are_real(edition: str) -> None:
    """For a player who moves down (both editions), the named alternative keeps him in his group
    (he is in one of its pairs), the explanation does not change the pairing, and the
    counted criteria agree with the pairs: C5 (games inside the group) is worse in the
    alternative, or equal when a later criterion is named."""
    checked: dict[str | None, int] = {}
    for t, rnd in _burstein_rounds():
        try:
            plain = get_system("burstein", rules=edition).pair(t, rnd)
        except NoPairingError:  # no legal pairing of this generated round
            continue
        explained = get_system("burstein", rules=edition, explain=True).pair(t, rnd)
        assert explained.boards == plain.boards and explained.bye == plain.bye
        doc = explained.info["explanation"]
        groups = doc["groups"]
        for entry in doc["players"]:
            why = entry.get("details", {}).get("why")
            if not why or why["decision"] != "down" or why["alternative"] is None:
                continue
            number = entry["number"]
            # the group he moves down from: the first one he is in (top-down)
            group = next(g for g in groups if number in g["players"])
            members = set(group["players"])
            pairs = [tuple(p) for p in why["alternative"]["pairs"]]
            assert any(number in p for p in pairs)
            assert all(a in members and b in members for a, b in pairs)
            inside = sum(1 for b in explained.boards if b.white in members and b.black in members)
            instead = set(why["alternative"]["instead"])
            assert number not in instead and instead <= members
            checked[why["criterion"]] = checked.get(why["criterion"], 0) + 1
            if edition == "2024":
                assert why["criterion"] in (None, "C.04.4.2, pairing", "C.04.4.2, score brackets")
                if why["criterion"] == "C.04.4.2, score brackets":  # completion
                    assert why["chosen"] == len(explained.boards) > why["alternative_value"]
                continue
            if why["criterion"] == "C4":
                assert why["chosen"] == len(explained.boards)
                assert why["alternative_value"] < why["chosen"]
            elif why["criterion"] == "C5":
                assert (why["chosen"], why["alternative_value"]) == (inside, len(pairs))
                assert len(pairs) < inside
            else:
                assert len(pairs) == inside  # equal at C5
    assert sum(checked.values()) >= 3, checked


@pytest.mark.parametrize("edition", ["2024", "2025"])
def test_burstein_down_beyond_the_limit_is_not_computed(
    edition: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Moving down is re-solved only up to ``WHY_LIMIT`` players: above it the text and
    ``details.why`` say it was not computed, and the pairing is the same."""
    import fairpair.systems.burstein.engine as engine
    import fairpair.systems.burstein.rules2025 as rules2025

    for t, rnd in _burstein_rounds():
        try:
            plain = get_system("burstein", rules=edition).pair(t, rnd)
        except NoPairingError:  # no legal pairing of this generated round
            continue
        monkeypatch.setattr(engine, "WHY_LIMIT", 2)
        monkeypatch.setattr(rules2025, "WHY_LIMIT", 2)
        explained = get_system("burstein", rules=edition, explain=True).pair(t, rnd)
        monkeypatch.undo()
        doc = explained.info["explanation"]
        if any(n["code"] == "burstein2025_seeding" for n in doc["notes"]):
            continue  # paired and explained by Dutch 2026
        downs = [
            p
            for p in doc["players"]
            if p.get("details", {}).get("why", {}).get("decision") == "down"
        ]
        if not downs:
            continue
        assert explained.boards == plain.boards
        assert all(p["details"]["why"]["computed"] is False for p in downs)
        assert "were not compared" in "\n".join(render(doc))
        return
    pytest.fail("no generated Burstein round with a player moving down")
