"""The explanation of a Burstein round (``pair --explain``), built with
:class:`fairpair.explain.Explainer` from what the engine decided: the brackets in
index order (C.04.4.2), who moved down, the bye and the colour rule of each board
(C.04.3 E.1-E.5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from fairpair.explain import Explainer
from fairpair.model import Colour, Pairing, Tournament, format_points
from fairpair.systems.burstein.engine import WHY_LIMIT, FloatWhy, RoundResult
from fairpair.systems.burstein.index import IndexScores
from fairpair.systems.burstein.whyme import ByeWhy
from fairpair.systems.dutch.colours import ColourDecision
from fairpair.systems.dutch.players import PlayerFacts

__all__ = ["explanation_of"]

TEXT = "C.04.4.2"
_COLOUR_CODES = {
    "both": "colour_both",
    "one": "colour_one",
    "stronger": "colour_stronger",
    "wider": "colour_wider",
    "alternate": "colour_alternate",
    "index": "colour_burstein_index",
    "number": "colour_number",
}
_STRENGTH = {"absolute": "an absolute claim", "strong": "a strong claim", "mild": "a mild claim"}


def _word(colour: Colour | None) -> str | None:
    if colour is None:
        return None
    return "white" if colour is Colour.WHITE else "black"


def explanation_of(
    tournament: Tournament,
    pairing: Pairing,
    result: RoundResult,
    facts: Mapping[int, PlayerFacts],
    index: Mapping[int, IndexScores],
    decisions: Sequence[tuple[int, int, ColourDecision]],
    accelerated: Sequence[int],
    *,
    edition: str = "2024",
    bye_why: ByeWhy | None = None,
    float_why: Mapping[int, FloatWhy] | None = None,
) -> dict[str, Any]:
    """The structured explanation of ``pairing`` (see :mod:`fairpair.explain`);
    ``edition`` "2025" for the text effective from 1 July 2025; ``bye_why``: the
    alternative to the bye (:mod:`.whyme`), explained as "why me"; ``float_why``
    (2025): per player who moves down, the best pairing keeping him in his group."""
    scores: dict[int, Fraction] = {n: i.score for n, i in index.items()}
    later = edition == "2025"
    words = "effective from 1 July 2025" if later else "in force until 30 June 2025"
    ex = Explainer(
        tournament, pairing.round, "burstein", f"FIDE Burstein system (text {words})", scores=scores
    )
    if later:
        ex.note("burstein2025_method", f"{TEXT} (2025) 3.2, 4")
    else:
        ex.note("burstein_method", TEXT)
    ex.detail(rules=f"FIDE Burstein system, C.04.4.2 (text {words})")
    for number, scores_of in index.items():
        # the index order's values: score, Sonneborn-Berger, Buchholz, median Buchholz
        # (2025: Buchholz and Sonneborn-Berger only, 1.7.1)
        values = {
            "sonneborn_berger": format_points(scores_of.sonneborn_berger),
            "buchholz": format_points(scores_of.buchholz),
        }
        if not later:
            values["median_buchholz"] = format_points(scores_of.median)
        ex.player_detail(number, **values)
    if accelerated:
        ex.note("burstein_acceleration", f"{TEXT}, acceleration", players=list(accelerated))
    group_of: dict[int, int] = {}
    for record in result.brackets:
        group = ex.group(
            record.score,
            record.members,
            moved_in=record.moved_in,
            kind="joined score groups" if record.joined else "score group",
        )
        if record.joined:
            ex.group_note(group, "burstein_joined", f"{TEXT}, score brackets")
        if len(record.members) > 2:
            rule = f"{TEXT} (2025) 1.8" if later else f"{TEXT}, index"
            ex.group_note(group, "burstein_index", rule, players=record.members)
        for number in record.members:
            ex.set(number, group=group)
            group_of[number] = group
        for number in record.moved_in:
            ex.set(number, float="down")
        ex.group_detail(group, index_order=list(record.members))
        if later:
            # 2025: any number of players may move down (the most pairs, [C5])
            paired = {x for pair in record.pairs for x in pair}
            for number in record.members:
                if number not in paired:
                    ex.group_note(group, "float_burstein", f"{TEXT} (2025) 2.3", player=number)
                    if float_why is not None and number in float_why:
                        _float_why(ex, group, number, float_why[number], True)
        elif record.downfloater is not None:
            rule = f"{TEXT}, score brackets"
            ex.group_note(group, "float_burstein", rule, player=record.downfloater)
            if float_why is not None and record.downfloater in float_why:
                _float_why(ex, group, record.downfloater, float_why[record.downfloater], False)
    for white, black, decision in decisions:
        higher, lower = _pair_of(result, white, black)
        ex.board(white, black, group_of.get(higher))
        for number in (white, black):
            pref = facts[number].preference
            ex.set(number, colour_due=_word(pref.colour), colour_strength=pref.strength)
        rule = f"{TEXT} (2025) 4" if later else f"{TEXT}, pairing"
        ex.board_note(white, black, "burstein_top_bottom", rule, player=higher, opponent=lower)
        colour_rule = f"{TEXT} (2025) 5.2.{decision.step}" if later else f"C.04.3 E.{decision.step}"
        _colour_note(ex, decision, facts, white, black, colour_rule)
        ex.board_detail(white, black, colour_rule=colour_rule)
        _colour_why(ex, decision, facts, white, black, colour_rule)
    if pairing.bye is not None:
        if later:
            ex.because(pairing.bye, "bye_burstein2025", f"{TEXT} (2025) 3.1", player=pairing.bye)
        else:
            ex.because(pairing.bye, "bye_burstein", "C.04.1 c-d", player=pairing.bye)
    if pairing.bye is not None and bye_why is not None:
        _bye_why(ex, bye_why, later)
    return ex.finish(pairing)


def _pair_of(result: RoundResult, white: int, black: int) -> tuple[int, int]:
    """The pair as the engine made it: (higher in the index order, opponent)."""
    for a, b in result.pairs:
        if {a, b} == {white, black}:
            return a, b
    return white, black  # pragma: no cover - every board is one of the engine's pairs


def _colour_note(
    ex: Explainer,
    decision: ColourDecision,
    facts: Mapping[int, PlayerFacts],
    white: int,
    black: int,
    rule: str,
) -> None:
    player, other = facts[decision.player], facts[decision.other]
    code = _COLOUR_CODES[decision.reason]
    if decision.reason in ("both", "one"):
        ex.board_note(white, black, code, rule, player=player.number, other=other.number)
        return
    wanted = _word(player.preference.colour or other.preference.colour)
    if decision.reason == "stronger":
        ex.board_note(
            white,
            black,
            code,
            rule,
            player=player.number,
            colour=wanted,
            strength=_STRENGTH.get(player.preference.strength, "a mild claim"),
            other_strength=_STRENGTH.get(other.preference.strength, "a mild claim"),
        )
    elif decision.reason == "number":
        got = "white" if player.number == white else "black"
        parity = "odd" if player.rank % 2 == 0 else "even"
        ex.board_note(white, black, code, rule, player=player.number, parity=parity, colour=got)
    else:
        ex.board_note(white, black, code, rule, player=player.number, colour=wanted)


#: The colour rules that give one of two players wanting the same colour his wish.
_COLOUR_WORDS = {
    "stronger": "the stronger claim",
    "wider": "the larger colour imbalance",
    "alternate": "the colours reversed from the last round in which they differed",
    "index": "higher in the index order",
}


def _colour_why(
    ex: Explainer,
    decision: ColourDecision,
    facts: Mapping[int, PlayerFacts],
    white: int,
    black: int,
    rule: str,
) -> None:
    """ "Why me" for a player on this board who does not get the colour he is due: the
    alternative is the same board with the colours swapped, and the colour rule that
    decided for his opponent."""
    for number, got in ((white, Colour.WHITE), (black, Colour.BLACK)):
        due = facts[number].preference.colour
        if due is None or due is got:
            continue
        other = black if number == white else white
        ex.player_detail(
            number,
            why={
                "decision": "colour",
                "computed": True,
                "alternative": {"white": black, "black": white},
                "criterion": decision.reason,
                "rule": rule,
                "chosen": _word(got),
                "alternative_value": _word(due),
            },
        )
        ex.board_note(
            white,
            black,
            "why_burstein_colour",
            rule,
            player=number,
            colour=_word(due),
            other=other,
            rule_words=_COLOUR_WORDS.get(decision.reason, decision.reason),
        )


def _bye_why(ex: Explainer, why: ByeWhy, later: bool) -> None:
    """ "Why me" for the bye: who would get it in his place and the rule that decided."""
    ex.player_detail(why.bye, why=why.as_json())

    def shown(value: object) -> object:
        return format_points(value) if isinstance(value, Fraction) else value

    params: dict[str, Any] = {"players": [why.other]}
    if why.criterion in ("score", "games", "order"):
        params.update(chosen=shown(why.chosen), alternative=shown(why.alternative))
    if why.criterion == "order":
        params["games"] = " and games played" if later else ""
    ex.because(why.bye, f"why_burstein_bye_{why.criterion}", why.rule, **params)


def _float_why(ex: Explainer, group: int, number: int, why: FloatWhy, later: bool) -> None:
    """ "Why me" for a player who moves down: the best pairing keeping him in the
    group, who would move down instead and the first criterion on which it is worse
    (``later``: the 2025 text, criteria [C4]-[C8]; else the rule itself)."""
    rule = f"{TEXT} (2025) {why.criterion or 4}" if later else why.criterion or f"{TEXT}, pairing"
    if not why.computed:
        ex.player_detail(number, why={"decision": "down", "computed": False})
        ex.group_note(group, "why_not_computed", None, player=number, limit=WHY_LIMIT)
        return
    ex.player_detail(
        number,
        why={
            "decision": "down",
            "computed": True,
            "alternative": None
            if why.instead is None
            else {"instead": list(why.instead), "pairs": [list(p) for p in why.pairs]},
            "criterion": why.criterion,
            "criterion_text": why.words,
            "rule": rule,
            "chosen": why.chosen,
            "alternative_value": why.alternative,
        },
    )
    if why.instead is None:
        return  # nobody in the group can be his opponent: the float note says it
    doing = "moving down"
    if why.criterion is None:
        code = "why_order" if why.instead else "why_none_order"
        ex.group_note(group, code, rule, player=number, players=list(why.instead), doing=doing)
        return
    counted = why.chosen is not None
    if why.instead:
        code = "why_count" if counted else "why_other"
    else:
        code = "why_none_count" if counted else "why_none_other"
    params: dict[str, Any] = {"player": number, "players": list(why.instead), "doing": doing}
    if counted:
        params.update(what=why.words, chosen=why.chosen, alternative=why.alternative)
    else:
        params["what"] = why.words
    ex.group_note(group, code, rule, **params)
