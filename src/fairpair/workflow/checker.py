"""Checking the pairings stored in a tournament.

Each checked round is re-paired by its system from the rounds before it and compared
(:meth:`fairpair.systems.PairingSystem.check`). Before that, one rule holds for every
system: a round may only have been paired once every game of the earlier rounds had a
result. A pending game counts as "not played" for the pairing systems, so a round
paired past it can repeat its pairings; such rounds are reported even when the
system's own check, which sees the same pending games, would accept them.
"""

from __future__ import annotations

from collections.abc import Sequence

from fairpair.model import Tournament
from fairpair.systems import PairingSystem
from fairpair.workflow.rounds import describe_game, pending_games

__all__ = ["check_rounds", "pending_problems", "rounds_up_to"]


def rounds_up_to(t: Tournament, round_number: int) -> Tournament:
    """``t`` without the rounds after the pairing that starts at ``round_number``."""
    step = 2 if t.double_rounds else 1
    return t.replace(rounds=t.rounds[: round_number - 1 + step])


def pending_problems(t: Tournament, round_number: int) -> list[str]:
    """Problems of round ``round_number`` with games left pending before it: one line per
    pending game, and one per pairing of the round that repeats a pending game."""
    pending = pending_games(t, round_number)
    problems = [
        f"round {round_number}: paired while round {r} board {b} "
        f"({describe_game(t, g)}) was still without a result"
        for r, b, g in pending
    ]
    earlier = {frozenset(g.players): r for r, _, g in pending}
    for game in t.round(round_number).games:
        r = earlier.get(frozenset(game.players))
        if r is not None:
            problems.append(
                f"round {round_number}: {describe_game(t, game)} repeats the pending game "
                f"of round {r}"
            )
    return problems


def check_rounds(system: PairingSystem, t: Tournament, rounds: Sequence[int]) -> list[str]:
    """Every problem found in ``rounds`` (empty: all correct)."""
    problems: list[str] = []
    for rnd in rounds:
        problems += pending_problems(t, rnd)
        problems += system.check(rounds_up_to(t, rnd), rnd)
    return problems
