"""The FIDE Dutch system before 2013: the C.1-C.14 procedure (``dutch-legacy``).

>>> from fairpair.systems.dutch_legacy import DutchLegacySystem
>>> DutchLegacySystem().name
'dutch-legacy'

Modules, in the order of the rule text (FIDE Handbook C.04.3 before 2013, Istanbul
2012):

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

from collections.abc import Mapping, Sequence
from typing import Any

from fairpair.errors import InputError, NoPairingError
from fairpair.explain import Explainer
from fairpair.model import Board, Colour, Pairing, Tournament, format_points
from fairpair.systems.base import check_by_repairing
from fairpair.systems.dutch_legacy.colours import e_colours, f1_board_order
from fairpair.systems.dutch_legacy.criteria import RoundContext, Z
from fairpair.systems.dutch_legacy.players import LegacyPlayer, b1b_relaxed, legacy_players
from fairpair.systems.dutch_legacy.procedure import (
    SPLIT_B3_NOTE,
    BracketPairing,
    RoundResult,
    pair_round,
)
from fairpair.systems.dutch_legacy.why import add_why

__all__ = ["DutchLegacySystem"]


class DutchLegacySystem:
    """FIDE Dutch system, pre-2013 rules. ``explain=True`` adds the explanation
    (``Pairing.info["explanation"]``, :mod:`fairpair.explain`): per bracket which step
    found the pairing and which requirements were lowered."""

    name = "dutch-legacy"

    def __init__(self, *, explain: bool = False) -> None:
        self.explain = explain

    def pair(self, tournament: Tournament, round_number: int | None = None) -> Pairing:
        rnd = tournament.next_round() if round_number is None else round_number
        if rnd < 1:
            raise InputError(
                f"round {rnd} cannot be paired", expected="a round number >= 1", field="round"
            )
        present = tournament.present_players(rnd)
        players = legacy_players(tournament, rnd, present)
        if (
            len(present) % 2
            and not b1b_relaxed(tournament)
            and not any(p.bye_eligible for p in players.values())
        ):
            # B.1.b absolute: nobody may receive the bye (reading 98).
            raise NoPairingError(
                f"round {rnd}: every player present has received a point or half point "
                "without playing, so nobody may receive the bye (B.1.b); the tournament "
                f"has an even number of players ({len(tournament.players)}), where the "
                "rule stays absolute"
            )
        initial = tournament.initial_colour or Colour.WHITE
        ctx = RoundContext(
            round_number=rnd,
            forbidden=tournament.forbidden_pairs,
            initial_white=initial is Colour.WHITE,
        )
        result = pair_round(players, ctx)
        boards: list[Board] = []
        colour_rules: dict[tuple[int, int], str] = {}
        for a, b in f1_board_order(result.pairs, players):
            white, black, rule = e_colours(
                players[a],
                players[b],
                initial=initial,
                s1_position=result.s1_position,
                first_round=rnd == 1,
            )
            boards.append(Board(white, black))
            colour_rules[white, black] = rule
        info: dict[str, Any] = {}
        pairing = Pairing(round=rnd, boards=tuple(boards), bye=result.bye, info=info)
        if self.explain:
            info["explanation"] = explanation_of(
                tournament, pairing, players, result, colour_rules, ctx
            )
        return pairing

    def check(self, tournament: Tournament, round_number: int) -> list[str]:
        """Re-pair ``round_number`` and compare with the stored pairing."""
        return check_by_repairing(self, tournament, round_number)


# -- the structured explanation (fairpair.explain renders it in words) ------------------

#: C.10: the requirements the procedure may relax, in plain words.
_LOWERED: dict[str, tuple[str, str]] = {
    "C.10.a": ("a player may play up again, two rounds after playing up", "B.6"),
    "C.10.b": ("a player may play up two rounds in a row", "B.5"),
    "C.10.c": ("a player may move down again, two rounds after moving down", "B.6"),
    "C.10.d": ("a player may move down two rounds in a row", "B.5"),
    "C.10.e": ("more players than the minimum do not get their colour preference", "A.8"),
    "C.10.f": ("a colour preference may be overridden", "A.7.d"),
    "C.10.g": ("top scorers may get a colour they must not have", "B.2"),
}
#: C.10.e when it raises Z (A.8) rather than X.
_Z_RAISED = "more players than the minimum do not get a strong colour preference"
_COLOUR_CODES = {
    "E.1": "colour_legacy_both",
    "E.2": "colour_legacy_stronger",
    "E.3": "colour_legacy_alternate",
    "E.4": "colour_legacy_higher",
    "E.5": "colour_legacy_number",
}


def _colour_word(colour: Colour | None) -> str | None:
    if colour is None:
        return None
    return "white" if colour is Colour.WHITE else "black"


#: The C steps that find a bracket's pairing, in plain words.
_STEP_WORDS = {
    "C.1": "nobody was left to pair here",
    "C.6": "the top half against the bottom half in order",
    "C.7": "a transposition of the bottom half (D.1)",
    "C.8.a": "an exchange between the halves (D.2)",
    "C.8.b": "another set of moved-down players in the top half (D.3)",
    "C.9": "the next transposition of the moved-down players' part",
}
_STEP_PREFIXES = ("C.6", "C.7", "C.8.a", "C.8.b", "C.9")


def deciding_step(steps: Sequence[str]) -> str:
    """The C step that found a bracket's pairing, from the procedure's notes: the
    last of C.6 (the first try), C.7 (a transposition), C.8 (an exchange or another
    set of moved-down players) and C.9 (back to the heterogeneous part).

    >>> deciding_step(["C.2: P0=2", "C.7 transposition: S1 [1 2], S2 [3 4] -> pairs 1-4 2-3"])
    'C.7'
    >>> deciding_step(["C.8.a exchange 1 + C.7: S1 [2], S2 [1 3] -> pairs 2-3"])
    'C.8.a'
    >>> deciding_step(["nobody left to pair here"])
    'C.1'
    """
    found = "C.1"
    for note in steps:
        if "after C.9" in note:
            found = "C.9"
            continue
        for prefix in _STEP_PREFIXES:
            if note.startswith(prefix) or ("D.3 set" in note and prefix == "C.8.b"):
                found = "C.8.b" if "D.3 set" in note else prefix
                break
    return found


def _group(ex: Explainer, bracket: BracketPairing) -> int:
    """The bracket as a group of the explanation: its notes in words, its record and
    the procedure's steps as details (with the C step that found its pairing)."""
    group = ex.group(
        bracket.score,
        [*bracket.residents, *bracket.incoming],
        moved_in=bracket.incoming,
        kind="last score group" if bracket.lowest else "score group",
    )
    ex.group_detail(
        group,
        lowest=bracket.lowest,
        decided_by=deciding_step(bracket.steps),
        steps=list(bracket.steps),
        pairs=[list(pair) for pair in bracket.pairs],
        moved_down=[] if bracket.lowest else list(bracket.unpaired),
    )
    step = deciding_step(bracket.steps)
    ex.group_note(group, "group_step_legacy", f"rule {step}", step=step, what=_STEP_WORDS[step])
    for number in bracket.moved:
        ex.group_note(group, "float_legacy_none", "rules B.1, B.2, C.1", player=number)
    for article in bracket.repaired:
        ex.group_note(group, "group_backtrack_legacy", f"rule {article}")
    if bracket.joined:
        ex.group_note(group, "group_joined_legacy", "rule C.13")
    if any(SPLIT_B3_NOTE in step for step in bracket.steps):
        ex.group_note(group, "group_closest_legacy", "rules C.13, B.3")
    for _ in bracket.reductions:
        ex.group_note(group, "legacy_fewer_pairs", "rule C.14")
    for article, requirement in bracket.relaxed:
        words, rule = _LOWERED[article]
        if requirement == Z:
            words = _Z_RAISED  # C.10.e raising Z rather than X (A.8)
        ex.group_note(group, "legacy_lowered", f"rules {article}, {rule}", text=words)
    return group


def explanation_of(
    tournament: Tournament,
    pairing: Pairing,
    players: Mapping[int, LegacyPlayer],
    result: RoundResult,
    colour_rules: Mapping[tuple[int, int], str],
    ctx: RoundContext,
) -> dict[str, Any]:
    """The round as structured data for :mod:`fairpair.explain`, from the procedure's
    record of each bracket (:class:`.procedure.BracketPairing`) and the colour rule
    that :func:`.colours.e_colours` applied to each board; "why me" by :mod:`.why`."""
    ex = Explainer(tournament, pairing.round, "dutch-legacy", "FIDE Dutch system (pre-2013 rules)")
    ex.note("legacy_method", "rules C.1-C.14")
    ex.detail(procedure=list(result.events))
    for number, p in players.items():
        strength = p.strength if p.colour is not None else None
        ex.set(number, colour_due=_colour_word(p.colour), colour_strength=strength)
    board_of = {frozenset((b.white, b.black)): (b.white, b.black) for b in pairing.boards}
    groups: list[tuple[int, BracketPairing]] = []
    for bracket in result.brackets:
        group = _group(ex, bracket)
        groups.append((group, bracket))
        step = deciding_step(bracket.steps)
        for a, b in bracket.pairs:
            white, black = board_of[frozenset((a, b))]
            ex.board(white, black, group)
            ex.set(a, group=group)
            ex.set(b, group=group)
            high, low = (a, b) if players[a].score >= players[b].score else (b, a)
            if players[high].score > players[low].score:
                ex.set(high, float="down")
                ex.set(low, float="up")
                rule = f"rules {step}, B.3"
                ex.because(high, "plays_down", rule, score=format_points(players[high].score))
                ex.because(low, "plays_up", rule, opponent=high)
        if not bracket.lowest:
            criterion = (
                "fewer pairs than the group's size allows, C.14"
                if bracket.reductions
                else "floaters' scores as low as possible, B.3"
            )
            # The group he left: its score (None: a group of moved-down players only).
            where = {} if bracket.score is None else {"score": format_points(bracket.score)}
            for number in bracket.unpaired:
                ex.group_note(group, "float_legacy", "rule C.14", player=number)
                ex.because(
                    number,
                    "float_legacy_step" if where else "float_legacy_step_on",
                    f"rules {step}, {'C.14' if bracket.reductions else 'B.3'}",
                    player=number,
                    step=step,
                    criterion=criterion,
                    **where,
                )
    for (white, black), rule in colour_rules.items():
        ex.board_detail(white, black, colour_rule=rule)
        pw, pb = players[white], players[black]
        if rule == "E.1" and (pw.colour is None or pb.colour is None):
            due, other = (white, black) if pw.colour is not None else (black, white)
            ex.board_note(white, black, "colour_legacy_one", "rule E.1", player=due, other=other)
            continue
        if rule == "E.1":
            ex.board_note(white, black, _COLOUR_CODES[rule], "rule E.1", player=white, other=black)
            continue
        if rule == "E.5" and pairing.round > 1:
            # Reading F (docs/dutch-legacy.md): neither has played a game yet.
            ex.board_note(
                white, black, "colour_legacy_parity", "rule E.5", player=white, colour="white"
            )
            continue
        if rule == "E.5":
            ex.board_note(
                white, black, _COLOUR_CODES[rule], "rule E.5", player=white, colour="white"
            )
            continue
        colour = _colour_word(pw.colour or pb.colour)
        winner = white if colour == "white" else black
        ex.board_note(
            white, black, _COLOUR_CODES[rule], f"rule {rule}", player=winner, colour=colour
        )
    if pairing.bye is not None:
        ex.because(pairing.bye, "bye_lowest", "rules A.5, B.1.b", player=pairing.bye)
    add_why(ex, groups, players, ctx, colour_rules, pairing.bye)
    return ex.finish(pairing)
