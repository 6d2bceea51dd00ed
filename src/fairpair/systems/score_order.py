"""Plain score-ordered pairing: a pipeline exerciser, NOT a FIDE system.

Players are sorted by score (then pairing number); each unpaired player takes the
highest-placed player below it whom it has not met, if any (else the next one). The
lowest-placed player without an earlier pairing-allocated bye gets the bye. Colours:
the player with fewer whites gets white. Use it to try the tool chain, never to run an
event.
"""

from __future__ import annotations

from typing import Any

from fairpair.errors import InputError
from fairpair.model import Board, Colour, Pairing, Tournament
from fairpair.systems.base import compare_pairings
from fairpair.systems.descriptor import SystemDescriptor

__all__ = ["DESCRIPTOR", "ScoreOrderSystem"]


class ScoreOrderSystem:
    """Score-ordered pairing (see module docstring)."""

    name = "score-order"

    def __init__(self, *, explain: bool = False) -> None:
        """The system has no options of its own (``explain`` adds nothing)."""
        self.explain = explain

    def pair(self, tournament: Tournament, round_number: int | None = None) -> Pairing:
        rnd = tournament.next_round() if round_number is None else round_number
        if rnd < 1:
            raise InputError(
                f"round {rnd} cannot be paired", expected="a round number >= 1", field="round"
            )
        state = tournament.state(after_round=rnd - 1)
        present = sorted(tournament.present_players(rnd), key=lambda n: (-state[n].score, n))
        bye = None
        if len(present) % 2:
            candidates = [n for n in present if state[n].pairing_allocated_byes == 0] or present
            bye = candidates[-1]
            present.remove(bye)
        boards: list[Board] = []
        met: dict[int, bool] = {}
        unpaired = list(present)
        while unpaired:
            top = unpaired.pop(0)
            partner = next((n for n in unpaired if n not in state[top].opponents), unpaired[0])
            unpaired.remove(partner)
            hist_top = state[top].colour_history.count(Colour.WHITE)
            hist_partner = state[partner].colour_history.count(Colour.WHITE)
            if hist_top <= hist_partner:
                boards.append(Board(top, partner))
            else:
                boards.append(Board(partner, top))
            met[top] = partner in state[top].opponents
        pairing = Pairing(round=rnd, boards=tuple(boards), bye=bye)
        if self.explain:
            info = {"explanation": self._explanation(tournament, pairing, met)}
            pairing = Pairing(round=rnd, boards=pairing.boards, bye=bye, info=info)
        return pairing

    def _explanation(
        self, tournament: Tournament, pairing: Pairing, rematch: dict[int, bool]
    ) -> dict[str, Any]:
        """The round as structured data for :mod:`fairpair.explain`."""
        from fairpair.explain import Explainer

        ex = Explainer(tournament, pairing.round, self.name, "score-ordered pairing (test system)")
        ex.note("score_order_method")
        for board in pairing.boards:
            top = board.white if board.white in rematch else board.black
            other = board.black if top == board.white else board.white
            code = "score_order_rematch" if rematch[top] else "score_order_next"
            ex.because(top, code, player=top, opponent=other)
            ex.board_note(board.white, board.black, "colour_fewer_whites", player=board.white)
        if pairing.bye is not None:
            ex.because(pairing.bye, "bye_lowest_placed", player=pairing.bye)
        return ex.finish(pairing)

    def check(self, tournament: Tournament, round_number: int) -> list[str]:
        stored = tournament.pairing_of(round_number)
        return compare_pairings(self.pair(tournament, round_number), stored)


#: The exerciser's descriptor: chess points, no options of its own.
DESCRIPTOR = SystemDescriptor(
    name="score-order",
    summary="plain score-ordered pairing, a pipeline exerciser (NOT a FIDE system)",
    engine="fairpair.systems.score_order:ScoreOrderSystem",
    exerciser=True,
)
