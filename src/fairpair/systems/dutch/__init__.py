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
from fairpair.explain import Explainer
from fairpair.model import Board, Colour, Float, Pairing, Tournament, format_points
from fairpair.systems.base import check_by_repairing
from fairpair.systems.dutch.colours import ColourDecision, decide_colours
from fairpair.systems.dutch.criteria import Compatibility
from fairpair.systems.dutch.edition import NamedRules, baku_acceleration, rules_named_by
from fairpair.systems.dutch.engine import BracketRecord, RoundResult, pair_players
from fairpair.systems.dutch.graph import Solver
from fairpair.systems.dutch.players import PlayerFacts, player_facts, score_units
from fairpair.systems.dutch.rules import RULES, RULES_2017, DutchRules, rules_by_name
from fairpair.systems.dutch.whyme import LIMIT, Comparison, Solved
from fairpair.systems.dutch.whyme import alternative as _alternative
from fairpair.systems.dutch.whyme import chosen as _chosen
from fairpair.systems.dutch.whyme import compare as _compare
from fairpair.systems.dutch.whyme import weights_of as _weights_of

__all__ = ["Dutch2017System", "Dutch2026System", "DutchSystem", "board_order"]


def board_order(
    pairs: list[tuple[int, int]], facts: dict[int, PlayerFacts]
) -> list[tuple[int, int]]:
    """Boards as published: by the score of the higher player of the pair, then the
    score of the lower one, then the rank of the higher one (scores without
    acceleration)."""

    def key(pair: tuple[int, int]) -> tuple[Any, ...]:
        a, b = facts[pair[0]], facts[pair[1]]
        # scores as exact integers (score_units): the same order, cheaper than Fractions
        sa, sb = score_units(a.raw_score), score_units(b.raw_score)
        if (sa, -a.rank) > (sb, -b.rank):
            return (-sa, -sb, a.rank)
        return (-sb, -sa, b.rank)

    return sorted(pairs, key=key)


class DutchSystem:
    """FIDE Dutch system, the rules the tournament asks for: the system option
    ``rules`` ("2017" or "2026"), else record 192 of the file (:mod:`.edition`; ``fairpair
    new`` writes it), else the system the file names (``dutch-2017`` / ``dutch-2026``),
    else the 2017 rules. ``explain=True`` adds the explanation
    (``Pairing.info["explanation"]``, :mod:`fairpair.explain`): per bracket its players,
    pairs, who moved down and why, and the criteria it could not meet."""

    name = "dutch"
    #: The edition a subclass always pairs by (None: follow the tournament).
    edition: str | None = None

    def __init__(
        self,
        *,
        explain: bool = False,
        solver: Solver | None = None,
        rules: str | None = None,
    ):
        self.explain = explain
        self.solver = solver
        self.rules_option = None if rules is None else rules_by_name(rules)

    def rules_for(self, tournament: Tournament) -> DutchRules:
        """The rule set used for ``tournament``."""
        follows_file = self.edition is None and self.rules_option is None
        return self._rules_named(tournament, rules_named_by(tournament) if follows_file else None)

    def _rules_named(self, tournament: Tournament, named: NamedRules | None) -> DutchRules:
        """:meth:`rules_for`, record 192 already read (``named``)."""
        if self.edition is not None:
            return RULES[self.edition]
        if self.rules_option is not None:
            return self.rules_option
        if named is not None:
            return named.rules
        if tournament.system in ("dutch-2017", "dutch-2026"):
            return rules_by_name(tournament.system)
        return RULES_2017

    def pair(self, tournament: Tournament, round_number: int | None = None) -> Pairing:
        rnd = tournament.next_round() if round_number is None else round_number
        if rnd < 1:
            raise InputError(
                f"round {rnd} cannot be paired", expected="a round number >= 1", field="round"
            )
        named = rules_named_by(tournament)  # read once: the rules and Baku acceleration
        rules = self._rules_named(tournament, named)
        if named is not None and named.baku and not tournament.acceleration:
            # record 192 asks for Baku acceleration and no XXA / 250 record overrides it
            tournament = tournament.replace(acceleration=baku_acceleration(tournament))
        present = tournament.present_players(rnd)
        facts = dict(player_facts(tournament, rnd, present, rules=rules))
        # In the engine's order already (A.2), by integer keys: its sort is then cheap.
        ordered = sorted(facts.values(), key=lambda p: (-p.units, p.rank))
        result = pair_players(ordered, tournament.forbidden_pairs, self.solver, rules=rules)
        initial = tournament.initial_colour or Colour.WHITE
        decided = [
            decide_colours(facts[a], facts[b], initial) for a, b in board_order(result.pairs, facts)
        ]
        info: dict[str, Any] = {}
        pairing = Pairing(
            round=rnd,
            boards=tuple(Board(w, b) for w, b, _ in decided),
            bye=result.bye,
            info=info,
        )
        if self.explain:
            compatibility = Compatibility(facts.values(), tournament.forbidden_pairs)
            info["explanation"] = explanation_of(
                tournament,
                pairing,
                self.name,
                result,
                facts,
                compatibility,
                rules,
                {frozenset((w, b)): decision for w, b, decision in decided},
            )
        return pairing

    def check(self, tournament: Tournament, round_number: int) -> list[str]:
        """Re-pair ``round_number`` and compare with the stored pairing."""
        return check_by_repairing(self, tournament, round_number)


class Dutch2017System(DutchSystem):
    """FIDE Dutch system, 2017 rules, whatever the file says."""

    name = "dutch-2017"
    edition = "2017"


class Dutch2026System(DutchSystem):
    """FIDE Dutch system, the rules in force from 1 February 2026, whatever the file
    says."""

    name = "dutch-2026"
    edition = "2026"


# -- the structured explanation (fairpair.explain renders it in words) ------------------

_STRENGTH = {"absolute": "an absolute claim", "strong": "a strong claim", "mild": "a mild claim"}


def _strength(pref: Any) -> str | None:
    if pref.colour is None:
        return None
    if pref.absolute:
        return "absolute"
    return "strong" if pref.strong else "mild"


def _colour_word(colour: Colour | None) -> str | None:
    if colour is None:
        return None
    return "white" if colour is Colour.WHITE else "black"


def _colour_rule(rules: DutchRules, step: int) -> str:
    """The colour rule ``step`` (1-5) as cited: 2017 E.1-E.5, 2026 Art. 5."""
    if rules.edition == "2017":
        return f"rule E.{step}"
    return f"Art. 5, colour rule {step}"


def _colour_reason(
    ex: Explainer,
    decision: ColourDecision,
    facts: dict[int, PlayerFacts],
    white: int,
    black: int,
    rules: DutchRules,
) -> None:
    """Why ``white``-``black`` got their colours: the step of E.1-E.5 (Art. 5) that
    :func:`.colours.decide_colours` took, in words."""
    player, other = facts[decision.player], facts[decision.other]
    rule = _colour_rule(rules, decision.step)
    if decision.reason in ("both", "one"):
        code = "colour_both" if decision.reason == "both" else "colour_one"
        ex.board_note(white, black, code, rule, player=player.number, other=other.number)
        return
    # E.2-E.4 decide between two players who want the same colour.
    wanted = _colour_word(player.preference.colour or other.preference.colour)
    if decision.reason == "stronger":
        ex.board_note(
            white,
            black,
            "colour_stronger",
            rule,
            player=player.number,
            colour=wanted,
            strength=_STRENGTH[_strength(player.preference) or "mild"],
            other_strength=_STRENGTH[_strength(other.preference) or "mild"],
        )
    elif decision.reason in ("wider", "alternate", "higher"):
        codes = {"wider": "colour_wider", "alternate": "colour_alternate"}
        ex.board_note(
            white,
            black,
            codes.get(decision.reason, "colour_higher"),
            rule,
            player=player.number,
            colour=wanted,
        )
    else:
        got = Colour.WHITE if player.number == white else Colour.BLACK
        ex.board_note(
            white,
            black,
            "colour_number",
            rule,
            player=player.number,
            parity="odd" if player.rank % 2 == 0 else "even",
            colour=_colour_word(got),
        )


def _float_cause(
    record: BracketRecord, number: int, compatibility: Compatibility, rules: DutchRules
) -> tuple[str, str]:
    """Why ``number`` was left over in ``record``'s bracket: (reason code, rule)."""
    c1, _, c3 = rules.absolute
    pairs = rules.number("pairs")
    members = record.mdps + record.residents
    others = [m for m in members if m != number and m not in record.downfloaters]
    if number in record.mdps:
        return "float_again", f"rule {pairs}"
    if not compatibility.partners(number, [m for m in members if m != number]):
        return "float_no_opponent", f"rules {c1}, {c3}"
    if len(members) % 2 and len(record.downfloaters) == 1:
        return "float_odd", f"rule {pairs}"
    if not compatibility.partners(number, others):
        return "float_needed", f"rule {pairs}"
    order = "section D" if rules.edition == "2017" else "Art. 4"
    return "float_chosen", f"rules {pairs}-{rules.criteria[-1].number} and {order}"


def _not_possible(
    ex: Explainer,
    group: int,
    facts: dict[int, PlayerFacts],
    record: Any,
    number: int,
    compatibility: Compatibility,
) -> None:
    """Why nobody of the bracket may meet ``number``: met, forbidden, colours (C1-C3)."""
    met: list[int] = []
    forbidden: list[int] = []
    colour: list[int] = []
    for other in record.mdps + record.residents:
        if other == number:
            continue
        if other in facts[number].played_opponents:
            met.append(other)
        elif other in compatibility.blocked[number]:
            forbidden.append(other)
        else:
            colour.append(other)
    for code, players in (
        ("not_possible_met", met),
        ("not_possible_forbidden", forbidden),
        ("not_possible_colour", colour),
    ):
        if players:
            ex.group_note(group, code, player=number, players=players)


def _bracket_details(
    record: BracketRecord,
    facts: dict[int, PlayerFacts],
    white_of: dict[frozenset[int], tuple[int, int]],
    rules: DutchRules,
) -> dict[str, Any]:
    """A bracket as data (a group's ``details``): its record (residents, players moved
    down into it, pairs, who moved down from it, how it was paired) and the quality
    criteria its pairing could not meet: colour preferences not granted
    (``colour_preference``) and repeated floats (``down_1``... criteria), numbered as
    in ``rules``."""
    num = rules.number
    details = record.as_json()
    details["score"] = format_points(record.score)  # as everywhere in the explanation
    denied: list[dict[str, Any]] = []
    repeated: list[dict[str, Any]] = []
    for a, b in record.pairs:
        white, _ = white_of[frozenset((a, b))]
        for number in (a, b):
            pref = facts[number].preference
            got = Colour.WHITE if number == white else Colour.BLACK
            if pref.colour is not None and got is not pref.colour:
                denied.append(
                    {
                        "player": number,
                        "wanted": _colour_word(pref.colour),
                        "strength": pref.strength,
                        "criterion": num("colour_preference"),
                    }
                )
        high, low = (
            (facts[a], facts[b]) if facts[a].score >= facts[b].score else (facts[b], facts[a])
        )
        if high.score > low.score:
            for back in (0, 1):
                down = num("down_1" if back == 0 else "down_2")
                up = num("up_1" if back == 0 else "up_2")
                if high.floats[back] is Float.DOWN:
                    repeated.append({"player": high.number, "criterion": down})
                if low.floats[back] is Float.UP:
                    repeated.append({"player": low.number, "criterion": up})
    for number in record.downfloaters:
        for back in (0, 1):
            down = num("down_1" if back == 0 else "down_2")
            if facts[number].floats[back] is Float.DOWN:
                repeated.append({"player": number, "criterion": down})
    details["colour_not_granted"] = denied
    details["repeated_floats"] = repeated
    if record.pab_unplayed:
        details["pab_unplayed_rule"] = num("pab_unplayed")
    return details


class _WhyMe:
    """The "why me" part of one bracket's explanation (:mod:`.whyme`): per player who
    moves down, gets the bye or loses his colour preference, the best pairing without
    that, and the criterion that decided against it. Built lazily, once per bracket."""

    def __init__(
        self, record: BracketRecord, compatibility: Compatibility, rules: DutchRules, group: int
    ) -> None:
        self.group = group
        self.record = record
        self.spec = record.graph
        self.rules = rules
        self.compatibility = compatibility
        self._best: Solved | None = None
        self._weights: Any = None

    @property
    def computable(self) -> bool:
        return self.spec is not None and len(self.spec.players) <= LIMIT

    def _prepare(self) -> Solved | None:
        if self._best is None and self.spec is not None:
            self._weights = _weights_of(self.spec, self.compatibility)
            self._best = _chosen(self.spec, self._weights, self.record.pairs)
        return self._best

    def explain(
        self,
        ex: Explainer,
        number: int,
        doing: str,
        partners: list[int] | None = None,
        colour: str | None = None,
        group: int | None = None,
        bye: bool = False,
        up: bool = False,
    ) -> None:
        """Add the reason (a group note if ``group`` is given, else the player's) and
        the player's ``details.why``."""
        decision = "colour" if colour else ("bye" if bye else ("up" if up else "down"))
        if not self.computable:
            if self.spec is not None:
                ex.player_detail(number, why={"decision": decision, "computed": False})
                self._say(ex, group, number, "why_not_computed", None, limit=LIMIT)
            return
        best = self._prepare()
        spec = self.spec
        assert spec is not None
        if best is None:
            return
        if up:  # he plays nobody who moved down (a resident, or he moves down himself)
            mdps = set(self.record.mdps)
            partners = [p.number for p in spec.players if p.number not in mdps]
        alt = _alternative(
            spec, self._weights, number, partners, inside=not (bye or up), forced=not up
        )
        if alt is None:
            ex.player_detail(number, why={"decision": decision, "alternative": None})
            return
        cmp = _compare(spec, best, alt)
        if cmp is None:
            return
        numbers = [p.number for p in spec.players]
        nb = spec.nb
        moved = set(self.record.downfloaters)
        group_index = self.group
        if up:  # who would play up instead: residents paired with a player moved down
            m = spec.m
            instead = [
                numbers[v]
                for v in range(m, nb)
                if 0 <= alt.mate[v] < m and not 0 <= best.mate[v] < m
            ]
        elif bye:  # who would be left without a game instead
            instead = [numbers[v] for v, w in enumerate(alt.mate) if w < 0 and best.mate[v] >= 0]
        else:
            instead = [numbers[v] for v in alt.floaters(nb) if numbers[v] not in moved]
        rule = self._rule(cmp)
        ex.player_detail(
            number,
            why={
                "decision": decision,
                "computed": True,
                "group": group_index,
                "alternative": {
                    "instead": instead,
                    "pairs": [[numbers[v], numbers[w]] for v, w in alt.inside(nb)],
                    "graph_pairs": [
                        [numbers[v], numbers[w]] for v, w in enumerate(alt.mate) if w > v
                    ],
                },
                **cmp.as_json(),
                "rule": rule,
            },
        )
        if colour is not None:
            code = {
                "count": "why_colour_count",
                "scores": "why_colour_scores",
                "other": "why_colour_other",
            }
            kind = self._kind(cmp)
            self._say(
                ex,
                group,
                number,
                code.get(kind, "why_colour_order"),
                rule,
                colour=colour,
                what=cmp.what or cmp.words or cmp.criterion_text,
                chosen=cmp.chosen,
                alternative=cmp.alternative,
            )
            return
        kind = self._kind(cmp)
        prefix = "why_" if instead else "why_none_"  # (nobody would take his place)
        self._say(
            ex,
            group,
            number,
            prefix + kind,
            rule,
            players=instead,
            doing=doing,
            what=cmp.what or cmp.words or cmp.criterion_text,
            chosen=cmp.chosen,
            alternative=cmp.alternative,
        )

    @staticmethod
    def _kind(cmp: Comparison) -> str:
        if cmp.field is None:
            return "order"
        if cmp.field in ("psd", "downfloater_scores"):
            return "scores"
        return "count" if cmp.what is not None else "other"

    def _rule(self, cmp: Comparison) -> str:
        if cmp.criterion is None:
            return "section D" if self.rules.edition == "2017" else "Art. 4"
        return f"rule {cmp.criterion}"

    @staticmethod
    def _say(
        ex: Explainer,
        group: int | None,
        number: int,
        code: str,
        rule: str | None,
        **params: Any,
    ) -> None:
        if group is not None:
            ex.group_note(group, code, rule, player=number, **params)
        else:
            ex.because(number, code, rule, **params)


def explanation_of(
    tournament: Tournament,
    pairing: Pairing,
    system: str,
    result: RoundResult,
    facts: dict[int, PlayerFacts],
    compatibility: Compatibility,
    rules: DutchRules,
    decisions: dict[frozenset[int], ColourDecision],
) -> dict[str, Any]:
    """The round as structured data for :mod:`fairpair.explain`: per bracket its
    players and who moved down and why; per player his group, floats and colour due;
    per board the colour rule that decided."""
    edition = "2017 rules" if rules.edition == "2017" else "2026 rules"
    ex = Explainer(tournament, pairing.round, system, f"FIDE Dutch system ({edition})")
    num = rules.number
    ex.note("dutch_method", "section B" if rules.edition == "2017" else "Art. 3")
    ex.detail(
        rules=rules.edition,
        rules_text=rules.description,
        bye_score=None if result.bye_score is None else format_points(result.bye_score),
    )
    if rules.every_bracket_completion:
        ex.note("dutch_completion", f"rules {num('completion')}, {num('pab_eligible')}")
    for number, fact in facts.items():
        ex.set(
            number,
            colour_due=_colour_word(fact.preference.colour),
            colour_strength=_strength(fact.preference),
        )
    white_of = {frozenset((b.white, b.black)): (b.white, b.black) for b in pairing.boards}
    bye_why: _WhyMe | None = None  # the last bracket whose graph holds the bye
    noted: set[tuple[int, str]] = set()
    when = ("in the previous round", "two rounds ago")
    for record in result.brackets:
        if record.ppb:
            kind = "pairing for completion"
        elif record.collapsed:
            kind = "last groups joined"
        elif record.completion:
            kind = "paired with the groups below"
        else:
            kind = "score group"
        group = ex.group(
            record.score, [*record.residents, *record.mdps], moved_in=record.mdps, kind=kind
        )
        if record.ppb:
            ex.group_note(group, "group_ppb", f"rule {num('completion')}")
        elif record.collapsed:
            ex.group_note(group, "group_collapsed", "rule A.9")
        elif record.completion:
            ex.group_note(group, "group_completion", f"rule {num('completion')}")
        last = record is result.brackets[-1]
        why = _WhyMe(record, compatibility, rules, group)
        if (
            result.bye is not None
            and record.graph is not None
            and any(p.number == result.bye for p in record.graph.players)
        ):
            bye_why = why
        floats: list[dict[str, Any]] = []
        for number in record.downfloaters:
            code, rule = _float_cause(record, number, compatibility, rules)
            floats.append(
                {"player": number, "score": format_points(facts[number].score), "why": code}
            )
            if last and number == result.bye and code == "float_odd":
                # Nobody is below the last group: the one left over gets the bye.
                code = "left_over_bye"
            ex.group_note(group, code, rule, player=number)
            if code == "float_no_opponent":
                _not_possible(ex, group, facts, record, number, compatibility)
            elif code != "left_over_bye":
                why.explain(ex, number, "moving down", group=group)
        ex.group_detail(group, **_bracket_details(record, facts, white_of, rules), floats=floats)
        if not record.pairs and not record.downfloaters:
            ex.group_note(group, "group_no_pairs")
        for a, b in record.pairs:
            white, black = white_of[frozenset((a, b))]
            ex.board(white, black, group)
            ex.set(a, group=group)
            ex.set(b, group=group)
            high, low = (
                (facts[a], facts[b]) if facts[a].score >= facts[b].score else (facts[b], facts[a])
            )
            if high.score > low.score:
                ex.set(high.number, float="down")
                ex.set(low.number, float="up")
                ex.because(high.number, "plays_down", score=format_points(high.score))
                ex.because(low.number, "plays_up", opponent=high.number)
                if low.number in record.residents:
                    why.explain(ex, low.number, "playing up", up=True)
                for back in (0, 1):
                    down = num("down_1" if back == 0 else "down_2")
                    up = num("up_1" if back == 0 else "up_2")
                    if high.floats[back] is Float.DOWN and (high.number, down) not in noted:
                        noted.add((high.number, down))
                        ex.because(high.number, "repeat_down", f"rule {down}", when=when[back])
                    if low.floats[back] is Float.UP and (low.number, up) not in noted:
                        noted.add((low.number, up))
                        ex.because(low.number, "repeat_up", f"rule {up}", when=when[back])
            _colour_reason(ex, decisions[frozenset((a, b))], facts, white, black, rules)
            for number in (a, b):
                pref = facts[number].preference
                got = Colour.WHITE if number == white else Colour.BLACK
                if pref.colour is not None and pref.colour is not got:
                    ex.because(
                        number,
                        "colour_not_granted",
                        f"rule {num('colour_preference')}",
                        colour=_colour_word(pref.colour),
                        strength=_STRENGTH[_strength(pref) or "mild"],
                    )
                    partners = [
                        m
                        for m in record.mdps + record.residents
                        if m != number and facts[m].preference.colour is not pref.colour
                    ]
                    why.explain(ex, number, "", partners, colour=_colour_word(pref.colour))
    if result.bye is not None:
        if rules.every_bracket_completion:
            rule = f"rules {num('pab_eligible')}, {rules.absolute[1]}"
        else:
            rule = f"rules {rules.absolute[1]}, {num('completion')}"
        ex.because(result.bye, "bye_lowest", rule, player=result.bye)
        if bye_why is not None:
            bye_why.explain(ex, result.bye, "getting the bye", bye=True)
        for back in (0, 1):
            down = num("down_1" if back == 0 else "down_2")
            if facts[result.bye].floats[back] is Float.DOWN and (result.bye, down) not in noted:
                noted.add((result.bye, down))
                ex.because(result.bye, "repeat_down", f"rule {down}", when=when[back])
        if any(r.pab_unplayed for r in result.brackets):
            ex.because(result.bye, "bye_fewest_unplayed", f"rule {num('pab_unplayed')}")
    return ex.finish(pairing)
