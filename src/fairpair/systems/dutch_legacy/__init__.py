"""The FIDE Dutch system before 2013: the C.1-C.14 procedure (``dutch-legacy``).

>>> from fairpair.systems.dutch_legacy import DutchLegacySystem
>>> DutchLegacySystem().name
'dutch-legacy'

Modules, in the order of the rule text (spec/fide-dutch-pre2013.txt):

* :mod:`.players` - A.1-A.9: order, floats, byes, colour preferences, top scorers;
* :mod:`.criteria` - B.1-B.6, A.7.d/e, A.8 (X1, Z1), the requirement levels of
  C.3 and their lowering (C.10);
* :mod:`.orders` - D.1-D.3: transpositions, exchanges, moved-down player sets;
* :mod:`.bracket` - C.1-C.11 and C.14 for one score bracket;
* :mod:`.procedure` - the brackets top-down, C.12 and C.13, the bye;
* :mod:`.colours` - E.1-E.5 and the board order of F.1;
* :mod:`.oracle` - pruning: attempts of the procedure that cannot succeed.

See docs/dutch-legacy.md for how the engine maps to the text and every reading of
an ambiguous passage.
"""

from __future__ import annotations

from typing import Any

from fairpair.errors import InputError
from fairpair.model import Board, ByeKind, Colour, Pairing, Round, Tournament
from fairpair.systems.base import compare_pairings
from fairpair.systems.dutch_legacy.colours import e_colours, f1_board_order
from fairpair.systems.dutch_legacy.criteria import RoundContext
from fairpair.systems.dutch_legacy.players import legacy_players
from fairpair.systems.dutch_legacy.procedure import pair_round

__all__ = ["DutchLegacySystem"]


class DutchLegacySystem:
    """FIDE Dutch system, pre-2013 rules. ``explain=True`` adds, per bracket, which
    step found the pairing and which requirements were lowered, as lines in
    ``Pairing.info["explain"]``."""

    name = "dutch-legacy"

    def __init__(self, *, explain: bool = False, **ignored: Any) -> None:
        self.explain = explain

    def pair(self, tournament: Tournament, round_number: int | None = None) -> Pairing:
        rnd = tournament.next_round() if round_number is None else round_number
        if rnd < 1:
            raise InputError(f"round {rnd} cannot be paired", expected="a round number >= 1")
        present = tournament.present_players(rnd)
        players = legacy_players(tournament, rnd, present)
        initial = tournament.initial_colour or Colour.WHITE
        ctx = RoundContext(
            round_number=rnd,
            forbidden=tournament.forbidden_pairs,
            initial_white=initial is Colour.WHITE,
        )
        result = pair_round(players, ctx)
        boards: list[Board] = []
        colour_lines: list[str] = []
        for a, b in f1_board_order(result.pairs, players):
            white, black, rule = e_colours(
                players[a],
                players[b],
                initial=initial,
                s1_position=result.s1_position,
            )
            boards.append(Board(white, black))
            colour_lines.append(f"  {white}-{black}: {rule}")
        info: dict[str, Any] = {}
        if self.explain:
            info["explain"] = [*result.lines, "colours (E):", *colour_lines]
        return Pairing(round=rnd, boards=tuple(boards), bye=result.bye, info=info)

    def check(self, tournament: Tournament, round_number: int) -> list[str]:
        """Re-pair ``round_number`` from the rounds before it (and the byes and
        absences entered for it) and compare with the stored pairing."""
        earlier = tournament.replace(rounds=tournament.rounds[: round_number - 1])
        stored = tournament.pairing_of(round_number)
        pre_set = tournament.round(round_number)
        absences = {n: k for n, k in pre_set.byes.items() if k is not ByeKind.PAIRING_ALLOCATED}
        if absences:
            earlier = earlier.with_round(Round(number=round_number, byes=absences))
        return compare_pairings(self.pair(earlier, round_number), stored)
