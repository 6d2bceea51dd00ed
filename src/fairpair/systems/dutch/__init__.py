"""The FIDE Dutch system, C.04.3 (Baku 2016 / Goynuk 2017 rules).

>>> from fairpair.systems.dutch import DutchSystem
>>> DutchSystem().name
'dutch'

Modules, in the order of the rule text:

* :mod:`.players` - A: scores, colour preferences, floats, bye eligibility, topscorers;
* :mod:`.criteria` - C: absolute criteria and the quality criteria as matching weights;
* :mod:`.engine` - B and D: brackets top-down, PPB and collapsed last bracket (A.9),
  the candidate generation order;
* :mod:`.completion` - A.9 round-pairing outlook (can the round still be completed?);
* :mod:`.colours` - E: colour allocation.
"""

from __future__ import annotations

from typing import Any

from fairpair.errors import InputError
from fairpair.model import Board, ByeKind, Colour, Float, Pairing, Round, Tournament, format_points
from fairpair.systems.base import compare_pairings
from fairpair.systems.dutch.colours import allocate_colours
from fairpair.systems.dutch.criteria import Compatibility
from fairpair.systems.dutch.engine import RoundResult, Solver, pair_players
from fairpair.systems.dutch.players import PlayerFacts, player_facts

__all__ = ["DutchSystem", "board_order"]


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
    """FIDE Dutch system (2017 rules). ``explain=True`` adds per-bracket notes in
    ``Pairing.info["explain"]``."""

    name = "dutch"

    def __init__(self, *, explain: bool = False, solver: Solver | None = None, **ignored: Any):
        self.explain = explain
        self.solver = solver

    def pair(self, tournament: Tournament, round_number: int | None = None) -> Pairing:
        rnd = tournament.next_round() if round_number is None else round_number
        if rnd < 1:
            raise InputError(f"round {rnd} cannot be paired", expected="a round number >= 1")
        present = tournament.present_players(rnd)
        facts = dict(player_facts(tournament, rnd, present))
        result = pair_players(list(facts.values()), tournament.forbidden_pairs, self.solver)
        initial = tournament.initial_colour or Colour.WHITE
        coloured = [
            allocate_colours(facts[a], facts[b], initial)
            for a, b in board_order(result.pairs, facts)
        ]
        info: dict[str, Any] = {}
        if self.explain:
            compatibility = Compatibility(facts.values(), tournament.forbidden_pairs)
            lines, records = explain_round(result, facts, coloured, compatibility)
            info["explain"] = lines
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


def explain_round(
    result: RoundResult,
    facts: dict[int, PlayerFacts],
    coloured: list[tuple[int, int]],
    compatibility: Compatibility,
) -> tuple[list[str], list[dict[str, Any]]]:
    """Per bracket, as lines for arbiters and as JSON records: the bracket, its pairs,
    who floated and why, which colour preferences were not granted and which floats
    repeat (the criteria C.10-C.15 that could not be met)."""
    colour_of: dict[int, Colour] = {}
    for white, black in coloured:
        colour_of[white] = Colour.WHITE
        colour_of[black] = Colour.BLACK
    lines: list[str] = []
    records: list[dict[str, Any]] = []
    for record in result.brackets:
        entry = record.as_json()
        members = record.mdps + record.residents
        kind = (
            "PPB (re-paired by C.4 so that the round can be completed)"
            if record.ppb
            else ("collapsed last bracket" if record.collapsed else "bracket")
        )
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
                why = "no compatible opponent in the bracket (C.1 rematch / C.3 colours)"
            elif len(members) % 2 and len(record.downfloaters) == 1:
                why = "odd number of players in the bracket"
            elif not compatibility.partners(number, others):
                why = "its possible opponents are needed for other pairs (C.5)"
            else:
                why = "chosen by the criteria C.5-C.19 and the order of section D"
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
                        f"  colour preference not granted (C.10): {number} "
                        f"({pref.strength} {wanted})"
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
                for back, down, up in ((0, "C.12", "C.13"), (1, "C.14", "C.15")):
                    if high.floats[back] is Float.DOWN:
                        repeated.append({"player": high.number, "criterion": down})
                    if low.floats[back] is Float.UP:
                        repeated.append({"player": low.number, "criterion": up})
        for number in record.downfloaters:
            for back, down in ((0, "C.12"), (1, "C.14")):
                if facts[number].floats[back] is Float.DOWN:
                    repeated.append({"player": number, "criterion": down})
        for item in repeated:
            lines.append(f"  repeated float ({item['criterion']}): {item['player']}")
        entry["repeated_floats"] = repeated
        records.append(entry)
    if result.bye is not None:
        lines.append(
            f"pairing-allocated bye: {result.bye} ({format_points(facts[result.bye].score)})"
        )
        records.append({"bye": result.bye, "score": str(facts[result.bye].score)})
    return lines, records
