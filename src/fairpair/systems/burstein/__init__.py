"""The FIDE Burstein system, C.04.4.2 (the text in force until 30 June 2025, as
bbpPairings v4.1-v5.0.1 implement it).

>>> BursteinSystem().name
'burstein'

Modules, in the order of the rule text:

* :mod:`.index` - A.6-A.7, the index: Sonneborn-Berger, Buchholz and median on
  opponents' scores with unplayed games as draws; the default acceleration;
* :mod:`.engine` - A.2-A.3 and the pairing procedure: the bye, brackets merged
  top-down, the top of the index order against the bottom;
* :mod:`.explain` - the explanation (``--explain``).

Player facts (scores, colour preferences, bye eligibility) and the colour rules
C.04.3 E.1-E.3 are the Dutch engine's (:mod:`fairpair.systems.dutch`), as the Burstein
text refers to them; E.4 reads the index order instead of the rank.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from fairpair.errors import InputError
from fairpair.explain import reason
from fairpair.model import Board, ByeKind, Colour, Pairing, Tournament
from fairpair.systems.base import check_by_repairing
from fairpair.systems.burstein.edition import burstein_record
from fairpair.systems.burstein.engine import FloatWhy, pair_players
from fairpair.systems.burstein.explain import explanation_of
from fairpair.systems.burstein.index import (
    IndexScores,
    default_acceleration,
    index_scores,
    ranks_below,
)
from fairpair.systems.burstein.rules2025 import (
    Ranking,
    colours_2025,
    opposition_index,
    pab_assignee,
    pair_brackets,
    seeding_rounds,
)
from fairpair.systems.burstein.whyme import bye_why_2024, bye_why_2025
from fairpair.systems.dutch import Dutch2026System, board_order
from fairpair.systems.dutch.colours import ColourDecision, decide_colours
from fairpair.systems.dutch.edition import baku_acceleration
from fairpair.systems.dutch.players import PlayerFacts, player_facts
from fairpair.systems.dutch.rules import RULES_2026

__all__ = ["BursteinSystem", "colours_of"]


def colours_of(
    a: PlayerFacts, b: PlayerFacts, index: dict[int, IndexScores], initial: Colour
) -> tuple[int, int, ColourDecision]:
    """``(white, black, decision)`` for the pair ``a``-``b``.

    C.04.3 E.1-E.3 as in the Dutch system (the Burstein text refers to them); when
    both players want the same colour and their histories never differed, the one
    higher in the index order gets his preference (E.4 with the index for the rank,
    ``reason`` "index"); without any preference, the player with the smaller pairing
    number gets the initial colour if his effective pairing number is odd (E.5).
    """
    white, black, decision = decide_colours(a, b, initial)
    if decision.step <= 3:
        return white, black, decision
    if a.preference.colour is None:
        higher, lower = (a, b) if a.rank < b.rank else (b, a)
        colour = initial if higher.rank % 2 == 0 else initial.opposite
        decision = ColourDecision(5, "number", higher.number, lower.number)
        if colour is Colour.WHITE:
            return higher.number, lower.number, decision
        return lower.number, higher.number, decision
    first, second = (b, a) if ranks_below(index[a.number], index[b.number]) else (a, b)
    decision = ColourDecision(4, "index", first.number, second.number)
    if first.preference.colour is Colour.WHITE:
        return first.number, second.number, decision
    return second.number, first.number, decision


class BursteinSystem:
    """FIDE Burstein system (C.04.4.2): the edition of the option ``rules``, else the
    one record 192 names, else the text in force until 30 June 2025 ("2024").
    ``explain=True`` adds the structured explanation in
    ``Pairing.info["explanation"]``."""

    name = "burstein"

    def __init__(self, *, explain: bool = False, rules: str | None = None):
        self.explain = explain
        self.rules = rules

    def edition_for(self, tournament: Tournament) -> str:
        """The edition used for ``tournament``: the option, else record 192, else 2024.

        >>> BursteinSystem().edition_for(Tournament())
        '2024'
        """
        if self.rules is not None:
            return self.rules
        named = burstein_record(tournament)
        return named[0] if named is not None else "2024"

    def pair(self, tournament: Tournament, round_number: int | None = None) -> Pairing:
        rnd = tournament.next_round() if round_number is None else round_number
        if rnd < 1:
            raise InputError(
                f"round {rnd} cannot be paired", expected="a round number >= 1", field="round"
            )
        named = burstein_record(tournament)
        if self.edition_for(tournament) == "2025":
            return self._pair_2025(tournament, rnd, named is not None and named[1])
        accelerated: list[int] = []
        if named is not None and named[1]:
            if not tournament.acceleration:
                tournament = tournament.replace(acceleration=baku_acceleration(tournament))
        elif not tournament.acceleration and rnd <= 2:
            ranked = [p.number for p in sorted(tournament.players, key=lambda p: p.number)]
            accel = default_acceleration(tournament, ranked)
            if accel:
                tournament = tournament.replace(acceleration=accel)
                accelerated = sorted(accel)
        present = tournament.present_players(rnd)
        facts = dict(player_facts(tournament, rnd, present))
        ranks = _effective_ranks(tournament, rnd, present)
        scores = {n: f.score for n, f in facts.items()}
        for number in ranks:
            if number not in scores:
                state = tournament.state(after_round=rnd - 1)[number]
                scores[number] = state.score + tournament.acceleration_for(number, rnd)
        index = index_scores(tournament, rnd, ranks, scores)
        floats: dict[int, FloatWhy] | None = {} if self.explain else None
        result = pair_players(facts, index, tournament.forbidden_pairs, floats)
        initial = tournament.initial_colour or Colour.WHITE
        decided = [colours_of(facts[a], facts[b], index, initial) for a, b in result.pairs]
        boards = board_order([(w, b) for w, b, _ in decided], facts)
        info: dict[str, Any] = {}
        pairing = Pairing(
            round=rnd,
            boards=tuple(Board(w, b) for w, b in boards),
            bye=result.bye,
            info=info,
        )
        if self.explain:
            present_accelerated = [n for n in accelerated if n in facts]
            bye_why = None if result.bye is None else bye_why_2024(facts, index, result.bye)
            info["explanation"] = explanation_of(
                tournament,
                pairing,
                result,
                facts,
                index,
                decided,
                present_accelerated,
                bye_why=bye_why,
                float_why=floats,
            )
        return pairing

    def _pair_2025(self, tournament: Tournament, rnd: int, baku: bool) -> Pairing:
        """The edition effective from 1 July 2025 (:mod:`.rules2025`)."""
        if baku and not tournament.acceleration:
            tournament = tournament.replace(acceleration=baku_acceleration(tournament))
        if rnd <= seeding_rounds(tournament):
            # 1.6: the seeding rounds are paired by the Dutch system (the rules of the
            # same date, fairpair's "2026" edition)
            pairing = Dutch2026System(explain=self.explain).pair(tournament, rnd)
            explanation = pairing.info.get("explanation")
            if isinstance(explanation, dict):
                explanation["system"] = self.name
                explanation["notes"].insert(
                    0,
                    reason(
                        "burstein2025_seeding",
                        "C.04.4.2 (2025) 1.6",
                        count=seeding_rounds(tournament),
                    ),
                )
            return pairing
        present = tournament.present_players(rnd)
        facts = dict(player_facts(tournament, rnd, present, rules=RULES_2026))
        ranking = opposition_index(tournament, rnd, {n: f.rank for n, f in facts.items()})
        forbidden = tournament.forbidden_pairs
        bye = pab_assignee(facts, ranking, forbidden) if len(facts) % 2 else None
        float_why: dict[int, FloatWhy] | None = {} if self.explain else None
        result = pair_brackets(facts, ranking, forbidden, bye, float_why)
        initial = tournament.initial_colour or Colour.WHITE
        decided = [colours_2025(facts[a], facts[b], ranking, initial) for a, b in result.pairs]
        boards = board_order([(w, b) for w, b, _ in decided], facts)
        info: dict[str, Any] = {}
        pairing = Pairing(
            round=rnd, boards=tuple(Board(w, b) for w, b in boards), bye=result.bye, info=info
        )
        if self.explain:
            index = ranking_as_index(ranking, facts)
            why = None
            if result.bye is not None:
                why = bye_why_2025(facts, ranking, forbidden, result.bye)
            info["explanation"] = explanation_of(
                tournament,
                pairing,
                result,
                facts,
                index,
                decided,
                [],
                edition="2025",
                bye_why=why,
                float_why=float_why,
            )
        return pairing

    def check(self, tournament: Tournament, round_number: int) -> list[str]:
        """Re-pair ``round_number`` and compare with the stored pairing."""
        return check_by_repairing(self, tournament, round_number)


def ranking_as_index(
    ranking: Mapping[int, Ranking], facts: Mapping[int, PlayerFacts]
) -> dict[int, IndexScores]:
    """The 2025 ranking (1.8) in the form the explanation reads (no median)."""
    return {
        n: IndexScores(n, facts[n].score, r.sonneborn_berger, r.buchholz, Fraction(0), r.rank)
        for n, r in ranking.items()
    }


def _effective_ranks(tournament: Tournament, rnd: int, present: tuple[int, ...]) -> dict[int, int]:
    """Effective pairing numbers (0-based): players present now or paired before."""
    state = tournament.state(after_round=rnd - 1)
    present_set = set(present)
    ranks: dict[int, int] = {}
    for player in sorted(tournament.players, key=lambda p: p.number):
        if player.number in present_set or any(
            r.opponent is not None or r.bye is ByeKind.PAIRING_ALLOCATED
            for r in state[player.number].records
        ):
            ranks[player.number] = len(ranks)
    return ranks
