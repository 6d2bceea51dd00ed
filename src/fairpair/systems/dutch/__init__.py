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
from fairpair.model import Board, ByeKind, Colour, Pairing, Round, Tournament
from fairpair.systems.base import compare_pairings
from fairpair.systems.dutch.colours import allocate_colours
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
            info["explain"] = explain_round(result, facts, coloured)
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
    result: RoundResult, facts: dict[int, PlayerFacts], coloured: list[tuple[int, int]]
) -> list[dict[str, Any]]:
    """Per bracket: who floated and why, whose colour preference was not granted."""
    colour_of: dict[int, Colour] = {}
    for white, black in coloured:
        colour_of[white] = Colour.WHITE
        colour_of[black] = Colour.BLACK
    notes: list[dict[str, Any]] = []
    for record in result.brackets:
        entry = record.as_json()
        floats = []
        for number in record.downfloaters:
            reason = (
                "odd number of players"
                if len(record.pairs) * 2 + 1 == len(record.mdps) + len(record.residents)
                else "no compatible opponent in an optimal pairing"
            )
            floats.append({"player": number, "score": str(facts[number].score), "why": reason})
        entry["floats"] = floats
        denied = []
        for a, b in record.pairs:
            for number in (a, b):
                pref = facts[number].preference
                if pref.colour is not None and colour_of.get(number) is not pref.colour:
                    denied.append(
                        {"player": number, "wanted": pref.colour.value, "strength": pref.strength}
                    )
        entry["colour_not_granted"] = denied
        notes.append(entry)
    if result.bye is not None:
        notes.append({"bye": result.bye, "score": str(facts[result.bye].score)})
    return notes
