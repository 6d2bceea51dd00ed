""" "Why me?" for the Dutch explanation: for a player who moves down (or is left over
for the pairing-allocated bye, or does not get his colour preference), the best
pairing of his bracket in which that does not happen, and the first criterion on
which it is worse.

The engine pairs each bracket by a maximum-weight matching whose weight packs the
quality criteria in their order (:mod:`.criteria`). To answer "why me", the bracket's
graph (:class:`.engine.BracketSpec`, kept by the engine) is solved again twice:

* the **chosen** pairing: the bracket's pairs as the engine made them, the players
  who moved down paired below the bracket as well as possible;
* the **alternative**: the best pairing in which the player does *not* move down (is
  paired inside the bracket; for a colour: with an opponent who lets him have his
  colour).

Both are judged by the criteria fields (:func:`.criteria.edge_fields`), compared in
the order of the rules; the deciding criterion is the first field where they differ
(the alternative is never better: the chosen pairing is optimal). Equal on every
field: the generation order of the candidates (2017 section D, 2026 Art. 4) decided.

This runs only for ``--explain``, only for the players concerned, and only for
brackets whose graph has at most :data:`LIMIT` players (a matching per player); beyond
it the explanation says it was not computed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from fairpair.matching import max_weight_matching
from fairpair.model import format_points
from fairpair.systems.dutch.criteria import Compatibility, Fields, edge_fields, field_keys
from fairpair.systems.dutch.engine import BracketSpec
from fairpair.systems.dutch.graph import ClassWeights
from fairpair.systems.dutch.rules import DutchRules

__all__ = [
    "LIMIT",
    "Comparison",
    "Solved",
    "alternative",
    "chosen",
    "compare",
    "evaluate",
    "weights_of",
]

#: The largest bracket graph (players of the bracket and below it) for which the
#: alternatives are computed.
LIMIT = 400

#: What a criterion without a plain count looks at, in words ("worse on ...").
_WORDS = {
    "completion": (
        "completing the round (everybody else paired, the bye to a player who may have it)"
    ),
    "pab_eligible": "the score of the player who gets the bye (as low as possible)",
    "next_pairs": "the games and the scores moving down in the next group",
    "pab_unplayed": "the rounds without a game of the player who gets the bye",
    "down_1": "players moving down again after moving down in the previous round",
    "up_1": "players moving up again after moving up in the previous round",
    "down_2": "players moving down again after moving down two rounds before",
    "up_2": "players moving up again after moving up two rounds before",
    "down_sd_1": "the score differences of players moving down again (previous round)",
    "up_sd_1": "the score differences of players moving up again (previous round)",
    "down_sd_2": "the score differences of players moving down again (two rounds before)",
    "up_sd_2": "the score differences of players moving up again (two rounds before)",
    "down_score_1": "the scores of players moving down again (previous round)",
    "down_score_2": "the scores of players moving down again (two rounds before)",
}
_WORDS["next_psd"] = _WORDS["next_scores"] = _WORDS["next_pairs"]

_COLOUR_FIELDS = ("colour_imbalance", "colour_repeat", "colour_preference", "colour_strong")


@dataclass(frozen=True)
class Solved:
    """A pairing of a bracket graph: ``mate`` (vertex -> vertex, -1 unpaired), its
    criteria fields summed over its pairs (``fields``) and its packed weight."""

    mate: list[int]
    fields: Fields
    weight: int

    def inside(self, nb: int) -> list[tuple[int, int]]:
        """The pairs inside the bracket (vertices below ``nb``)."""
        return [(v, w) for v, w in enumerate(self.mate[:nb]) if v < w < nb]

    def floaters(self, nb: int) -> list[int]:
        """The bracket's players not paired inside it (vertices)."""
        return [v for v in range(nb) if not 0 <= self.mate[v] < nb]


def weights_of(spec: BracketSpec, compatibility: Compatibility) -> ClassWeights:
    """The criteria weights of ``spec``'s graph, as the engine builds them."""
    from fairpair.systems.dutch.engine import _Bracket  # the engine's own construction

    players = list(spec.players)
    bracket = _Bracket(
        players,
        spec.m,
        spec.nb - spec.m,
        spec.ctx,
        compatibility,
        None,
        spec.next_end - spec.nb if spec.next_end < len(players) else None,
    )
    return bracket.all_weights


def _fields(spec: BracketSpec, mate: Sequence[int]) -> Fields:
    keys = field_keys(spec.ctx.rules)
    total: Fields = {}
    for v, w in enumerate(mate):
        if w > v:
            fields = edge_fields(
                spec.ctx,
                spec.players[v],
                spec.players[w],
                v < spec.nb,
                w < spec.nb,
                spec.nb <= w < spec.next_end,
                keys,
            )
            for key, value in fields.items():
                total[key] = total.get(key, 0) + value
    return total


def evaluate(spec: BracketSpec, weights: ClassWeights, pairs: Iterable[tuple[int, int]]) -> Solved:
    """The pairing ``pairs`` (pairing numbers) of ``spec``'s graph, judged: its fields
    and its packed weight (what the engine maximises)."""
    vertex = {p.number: v for v, p in enumerate(spec.players)}
    mate = [-1] * len(spec.players)
    for a, b in pairs:
        mate[vertex[a]], mate[vertex[b]] = vertex[b], vertex[a]
    weight = sum(weights.main(v, w) for v, w in enumerate(mate) if w > v)
    return Solved(mate, _fields(spec, mate), weight)


def _solve(
    spec: BracketSpec, weights: ClassWeights, allowed: Any, forced: set[int]
) -> Solved | None:
    """The best pairing using only the edges ``allowed(v, w)`` accepts, in which every
    vertex of ``forced`` is paired (None: there is none)."""
    n = len(spec.players)
    edges: list[tuple[int, int, int]] = []
    for v in range(n):
        for w in range(v + 1, n):
            main = weights.main(v, w)
            if main > 0 and allowed(v, w):
                edges.append((v, w, main))
    big = sum(e[2] for e in edges) + 1
    edges = [(v, w, m + big * ((v in forced) + (w in forced))) for v, w, m in edges]
    mate = max_weight_matching(n, edges)
    if any(mate[v] < 0 for v in forced):
        return None
    weight = sum(weights.main(v, w) for v, w in enumerate(mate) if w > v)
    return Solved(mate, _fields(spec, mate), weight)


def chosen(
    spec: BracketSpec, weights: ClassWeights, pairs: Iterable[tuple[int, int]]
) -> Solved | None:
    """The engine's pairing of the bracket (``pairs`` as pairing numbers), the rest of
    the graph paired as well as possible."""
    vertex = {p.number: v for v, p in enumerate(spec.players)}
    fixed = {frozenset((vertex[a], vertex[b])) for a, b in pairs}
    members = {v for pair in fixed for v in pair}
    nb = spec.nb

    def allowed(v: int, w: int) -> bool:
        if w < nb:  # both in the bracket: only the engine's pairs
            return frozenset((v, w)) in fixed
        return v not in members  # (v < w) a bracket pair member pairs nobody below

    return _solve(spec, weights, allowed, members)


def alternative(
    spec: BracketSpec,
    weights: ClassWeights,
    number: int,
    partners: Iterable[int] | None = None,
    *,
    inside: bool = True,
    forced: bool = True,
) -> Solved | None:
    """The best pairing in which ``number`` is paired: inside the bracket if
    ``inside`` (does not move down), with one of ``partners`` if given (anywhere in
    the graph if not ``inside``: does not get the bye); None if there is none. Not
    ``forced``: he may also stay unpaired in the graph (moves down), only his games
    are restricted (does not play up: ``partners`` excludes the players moved down)."""
    vertex = {p.number: v for v, p in enumerate(spec.players)}
    x = vertex[number]
    nb = spec.nb
    ok = None if partners is None else {vertex[p] for p in partners if p in vertex}

    def allowed(v: int, w: int) -> bool:
        if x not in (v, w):
            return True
        other = w if v == x else v
        return (other < nb or not inside) and (ok is None or other in ok)

    return _solve(spec, weights, allowed, {x} if forced else set())


@dataclass(frozen=True)
class Comparison:
    """How the alternative compares with the chosen pairing: ``field`` is the first
    field (criterion) where they differ (None: equal on every criterion)."""

    field: str | None
    criterion: str | None
    criterion_text: str | None
    chosen: int | str | None
    alternative: int | str | None
    what: str | None
    #: The criterion in words, for a criterion without a plain count.
    words: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {
            "criterion": self.criterion,
            "criterion_text": self.criterion_text,
            "chosen": self.chosen,
            "alternative_value": self.alternative,
        }


def _field_name(rules: DutchRules, priority: int) -> str:
    for name, value in rules.priority.items():
        if value == priority:
            return name
    raise KeyError(priority)  # pragma: no cover - every key comes from the rules


def compare(spec: BracketSpec, best: Solved, alt: Solved) -> Comparison | None:
    """The deciding criterion between ``best`` (the chosen pairing) and ``alt``; None
    when the alternative is not worse by the packed weight but differs (the engine
    decided by something outside this graph: nothing honest to say)."""
    rules = spec.ctx.rules
    keys = sorted(set(best.fields) | set(alt.fields))
    first = next((k for k in keys if best.fields.get(k, 0) != alt.fields.get(k, 0)), None)
    if first is None:
        if best.weight != alt.weight:  # pragma: no cover - the packing is exact
            return None
        return Comparison(None, None, None, None, None, None)
    if best.fields.get(first, 0) < alt.fields.get(first, 0) or best.weight < alt.weight:
        return None
    name = _field_name(rules, first[0])
    criterion = rules.criterion(name)
    nb = spec.nb
    what: str | None = None
    chosen_value: int | str | None = None
    alt_value: int | str | None = None
    if name == "pairs":
        score = format_points(spec.players[nb - 1].score)
        what = f"games paired inside the group of {score} point{'' if score == '1' else 's'}"
        chosen_value, alt_value = len(best.inside(nb)), len(alt.inside(nb))
    elif name in _COLOUR_FIELDS:
        what = {
            "colour_imbalance": "players getting a colour difference beyond 2",
            "colour_repeat": "players getting the same colour three times in a row",
            "colour_preference": "players who do not get the colour they are due",
            "colour_strong": "players who do not get the colour they are strongly due",
        }[name]
        chosen_value = len(best.inside(nb)) - best.fields.get(first, 0)
        alt_value = len(alt.inside(nb)) - alt.fields.get(first, 0)
    elif name in ("psd", "downfloater_scores"):
        what = "scores of the players moving down"

        def scores(solved: Solved) -> str:
            values = sorted((spec.players[v].score for v in solved.floaters(nb)), reverse=True)
            return ", ".join(format_points(s) for s in values) or "nobody"

        chosen_value, alt_value = scores(best), scores(alt)
    if what is None:
        words = _WORDS.get(name, criterion.name)
        return Comparison(name, criterion.number, criterion.name, None, None, None, words)
    return Comparison(name, criterion.number, criterion.name, chosen_value, alt_value, what)
