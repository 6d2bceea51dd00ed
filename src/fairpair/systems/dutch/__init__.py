"""The FIDE Dutch system, C.04.3: the 2017 rules (Baku 2016 / Goynuk 2017) and the
2026 rules (in force from 1 February 2026), one engine with two rule sets.

>>> from fairpair.systems.dutch import DutchSystem, Dutch2026System
>>> DutchSystem().name, Dutch2026System().name
('dutch', 'dutch-2026')

``dutch`` follows the file (record 192, see :mod:`.edition`; the rules stored by
``fairpair new``; else 2017), ``dutch-2017`` and ``dutch-2026`` name the rules.

Modules, in the order of the rule text:

* :mod:`.rules` - the two rule sets as data: the ordered criteria and the definitions
  that changed;
* :mod:`.edition` - which rules a file asks for (record 192, 042), Baku acceleration;
* :mod:`.players` - A / Art. 1: scores, colour preferences, floats, bye eligibility,
  topscorers, unplayed rounds;
* :mod:`.criteria` - C / Art. 2: absolute criteria and the quality criteria as
  matching weights;
* :mod:`.engine` - B and D / Art. 3-4: brackets top-down, completion (2017: PPB and
  collapsed last bracket, A.9; 2026: every bracket), the candidate generation order;
* :mod:`.colours` - E / Art. 5: colour allocation.
"""

from __future__ import annotations

from typing import Any

from fairpair.errors import InputError
from fairpair.model import Board, ByeKind, Colour, Float, Pairing, Round, Tournament, format_points
from fairpair.systems.base import compare_pairings
from fairpair.systems.dutch.colours import allocate_colours
from fairpair.systems.dutch.criteria import Compatibility
from fairpair.systems.dutch.edition import baku_acceleration, rules_named_by
from fairpair.systems.dutch.engine import RoundResult, Solver, pair_players
from fairpair.systems.dutch.players import PlayerFacts, player_facts
from fairpair.systems.dutch.rules import RULES, RULES_2017, DutchRules, rules_by_name

__all__ = ["Dutch2017System", "Dutch2026System", "DutchSystem", "board_order"]


def board_order(
    pairs: list[tuple[int, int]], facts: dict[int, PlayerFacts]
) -> list[tuple[int, int]]:
    """Boards as published: by the score of the higher player of the pair, then the
    score of the lower one, then the rank of the higher one (scores without
    acceleration)."""

    def key(pair: tuple[int, int]) -> tuple[Any, ...]:
        a, b = facts[pair[0]], facts[pair[1]]
        high, low = (a, b) if (a.raw_score, -a.rank) > (b.raw_score, -b.rank) else (b, a)
        return (-high.raw_score, -low.raw_score, high.rank)

    return sorted(pairs, key=key)


class DutchSystem:
    """FIDE Dutch system, the rules the tournament asks for: the system option
    ``rules`` ("2017" or "2026"), else record 192 of the file (:mod:`.edition`; ``fairpair
    new`` writes it), else the system the file names (``dutch-2017`` / ``dutch-2026``),
    else the 2017 rules. ``explain=True`` adds per-bracket notes in
    ``Pairing.info["explain"]``."""

    name = "dutch"
    #: The edition a subclass always pairs by (None: follow the tournament).
    edition: str | None = None

    def __init__(
        self,
        *,
        explain: bool = False,
        solver: Solver | None = None,
        rules: str | None = None,
        **ignored: Any,
    ):
        self.explain = explain
        self.solver = solver
        self.rules_option = None if rules is None else rules_by_name(rules)

    def rules_for(self, tournament: Tournament) -> DutchRules:
        """The rule set used for ``tournament``."""
        if self.edition is not None:
            return RULES[self.edition]
        if self.rules_option is not None:
            return self.rules_option
        named = rules_named_by(tournament)
        if named is not None:
            return named.rules
        if tournament.system in ("dutch-2017", "dutch-2026"):
            return rules_by_name(tournament.system)
        return RULES_2017

    def pair(self, tournament: Tournament, round_number: int | None = None) -> Pairing:
        rnd = tournament.next_round() if round_number is None else round_number
        if rnd < 1:
            raise InputError(f"round {rnd} cannot be paired", expected="a round number >= 1")
        rules = self.rules_for(tournament)
        named = rules_named_by(tournament)
        if named is not None and named.baku and not tournament.acceleration:
            # record 192 asks for Baku acceleration and no XXA / 250 record overrides it
            tournament = tournament.replace(acceleration=baku_acceleration(tournament))
        present = tournament.present_players(rnd)
        facts = dict(player_facts(tournament, rnd, present, rules=rules))
        result = pair_players(
            list(facts.values()), tournament.forbidden_pairs, self.solver, rules=rules
        )
        initial = tournament.initial_colour or Colour.WHITE
        coloured = [
            allocate_colours(facts[a], facts[b], initial)
            for a, b in board_order(result.pairs, facts)
        ]
        info: dict[str, Any] = {}
        if self.explain:
            compatibility = Compatibility(facts.values(), tournament.forbidden_pairs)
            lines, records = explain_round(result, facts, coloured, compatibility, rules)
            info["rules"] = rules.edition
            info["explain"] = [f"rules: {rules.description}", *lines]
            info["brackets"] = records
        return Pairing(
            round=rnd,
            boards=tuple(Board(w, b) for w, b in coloured),
            bye=result.bye,
            info=info,
        )

    def check(self, tournament: Tournament, round_number: int) -> list[str]:
        earlier = tournament.replace(rounds=tournament.rounds[: round_number - 1])
        stored = tournament.pairing_of(round_number)
        # Keep the pre-set absences of the round being checked.
        pre_set = tournament.round(round_number)
        absences = {n: k for n, k in pre_set.byes.items() if k is not ByeKind.PAIRING_ALLOCATED}
        if absences:
            earlier = earlier.with_round(Round(number=round_number, byes=absences))
        return compare_pairings(self.pair(earlier, round_number), stored)


class Dutch2017System(DutchSystem):
    """FIDE Dutch system, 2017 rules, whatever the file says."""

    name = "dutch-2017"
    edition = "2017"


class Dutch2026System(DutchSystem):
    """FIDE Dutch system, the rules in force from 1 February 2026, whatever the file
    says."""

    name = "dutch-2026"
    edition = "2026"


def explain_round(
    result: RoundResult,
    facts: dict[int, PlayerFacts],
    coloured: list[tuple[int, int]],
    compatibility: Compatibility,
    rules: DutchRules = RULES_2017,
) -> tuple[list[str], list[dict[str, Any]]]:
    """Per bracket, as lines for arbiters and as JSON records: the bracket, its pairs,
    who floated and why, which colour preferences were not granted and which floats
    repeat (the criteria that could not be met, numbered as in ``rules``: 2017
    C.10-C.15, 2026 C12-C17)."""
    c1, _, c3 = rules.absolute
    num = rules.number
    colour_of: dict[int, Colour] = {}
    for white, black in coloured:
        colour_of[white] = Colour.WHITE
        colour_of[black] = Colour.BLACK
    lines: list[str] = []
    records: list[dict[str, Any]] = []
    for record in result.brackets:
        entry = record.as_json()
        members = record.mdps + record.residents
        if record.ppb:
            kind = f"PPB (re-paired by {num('completion')} so that the round can be completed)"
        elif record.collapsed:
            kind = "collapsed last bracket"
        elif record.completion:
            kind = f"bracket (paired over all players below it: {num('completion')} completion)"
        else:
            kind = "bracket"
        mdp_text = ", ".join(map(str, record.mdps)) or "none"
        lines.append(
            f"{kind} {format_points(record.score)}: residents "
            f"{', '.join(map(str, record.residents))}; MDPs {mdp_text}"
        )
        lines.append("  pairs: " + (", ".join(f"{a}-{b}" for a, b in record.pairs) or "none"))
        floats = []
        for number in record.downfloaters:
            others = [m for m in members if m != number and m not in record.downfloaters]
            if number in record.mdps:
                why = "MDP not paired in this bracket (Limbo), floats again"
            elif not compatibility.partners(number, members):
                why = f"no compatible opponent in the bracket ({c1} rematch / {c3} colours)"
            elif len(members) % 2 and len(record.downfloaters) == 1:
                why = "odd number of players in the bracket"
            elif not compatibility.partners(number, others):
                why = f"its possible opponents are needed for other pairs ({num('pairs')})"
            else:
                last = rules.criteria[-1].number
                order = "section D" if rules.edition == "2017" else "Art. 4"
                why = f"chosen by the criteria {num('pairs')}-{last} and the order of {order}"
            floats.append({"player": number, "score": str(facts[number].score), "why": why})
            lines.append(f"  downfloater {number} ({format_points(facts[number].score)}): {why}")
        entry["floats"] = floats
        denied = []
        for a, b in record.pairs:
            for number in (a, b):
                pref = facts[number].preference
                got = colour_of.get(number)
                if pref.colour is not None and got is not pref.colour:
                    denied.append(
                        {"player": number, "wanted": pref.colour.value, "strength": pref.strength}
                    )
                    wanted = "white" if pref.colour is Colour.WHITE else "black"
                    lines.append(
                        f"  colour preference not granted ({num('colour_preference')}): "
                        f"{number} ({pref.strength} {wanted})"
                    )
        entry["colour_not_granted"] = denied
        repeated = []
        for a, b in record.pairs:
            high, low = (
                (facts[a], facts[b])
                if facts[a].score >= facts[b].score
                else (
                    facts[b],
                    facts[a],
                )
            )
            if high.score > low.score:
                for back, down, up in (
                    (0, num("down_1"), num("up_1")),
                    (1, num("down_2"), num("up_2")),
                ):
                    if high.floats[back] is Float.DOWN:
                        repeated.append({"player": high.number, "criterion": down})
                    if low.floats[back] is Float.UP:
                        repeated.append({"player": low.number, "criterion": up})
        for number in record.downfloaters:
            for back, down in ((0, num("down_1")), (1, num("down_2"))):
                if facts[number].floats[back] is Float.DOWN:
                    repeated.append({"player": number, "criterion": down})
        for item in repeated:
            lines.append(f"  repeated float ({item['criterion']}): {item['player']}")
        entry["repeated_floats"] = repeated
        records.append(entry)
        if record.pab_unplayed:
            lines.append(
                f"  {num('pab_unplayed')}: the PAB goes to the player of this score with the "
                "fewest unplayed games"
            )
    if result.bye is not None:
        note = ""
        if result.bye_score is not None:
            note = f"; {num('pab_eligible')}: the lowest score that completes the round"
        lines.append(
            f"pairing-allocated bye: {result.bye} ({format_points(facts[result.bye].score)})" + note
        )
        records.append({"bye": result.bye, "score": str(facts[result.bye].score)})
    return lines, records
