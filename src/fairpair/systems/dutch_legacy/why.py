""" "Why me?" for the pre-2013 Dutch rules (``dutch-legacy``, ``--explain``).

For each player who moves down from a score bracket, gets the pairing-allocated bye
or does not get the colour he prefers, the explanation names the alternative and the
article that decided against it. The alternative is found from outside the search:
the bracket's own procedure (:class:`.bracket.ScoreBracket`, C.2-C.11 and C.14) is
run again on the bracket's players with the decision forbidden, and the first
pairing it accepts is compared with the one the round used:

* moving down: the procedure with ``accept`` refusing every pairing that leaves the
  player unpaired (so he is paired inside the bracket);
* the bye: the lowest bracket's procedure with the player treated as unable to
  receive the bye (B.1.b), so the bye goes to somebody else;
* a colour: the same board with the colours swapped; the colour rule (E.2-E.4) that
  gave the colour to the opponent decides.

Two pairings of a bracket are compared in the order in which the procedure finds
them, which is the order of the text's quality criteria: in a heterogeneous bracket
the games of the players moved down into it (A.3, C.14.b2), the number of games
(C.14), the scores of the players moving down (B.3), then the requirement level C.10
had to reach (the first requirement on which the two differ, in the order B.2, A.7.d,
X, Z, B.5/B.6 for downfloaters, B.5/B.6 for upfloaters), and finally the order of
section D (transpositions and exchanges). When the round used a pairing of the
bracket that C.12 or C.13 asked for, an alternative the procedure comes to first was
refused by that article: it did not let the next bracket (or the players below) be
paired. When the procedure offers no pairing that keeps the player in the bracket at
all, it is because the players moved down into it are paired first whenever
possible (A.3): the answer names the pairing that keeps him with the most of them.

The search itself is not touched: explaining cannot change the pairing. Brackets of
more than :data:`LIMIT` players are not compared (the explanation says so).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import islice
from typing import Any

from fairpair.explain import Explainer
from fairpair.matching import max_weight_matching
from fairpair.model import format_points
from fairpair.systems.dutch_legacy.bracket import (
    D3_FIRST_NOTE,
    FLOATING_NOTE,
    Candidate,
    ScoreBracket,
)
from fairpair.systems.dutch_legacy.criteria import (
    A7D,
    B2,
    B5_DOWN,
    B5_UP,
    B6_DOWN,
    B6_UP,
    COMPONENTS,
    ZERO,
    RoundContext,
    X,
    Z,
)
from fairpair.systems.dutch_legacy.players import LegacyPlayer
from fairpair.systems.dutch_legacy.procedure import (
    EMPTIED_JOIN_NOTE,
    JOINT_NOTE,
    M1_ZERO_BYE_NOTE,
    SPLIT_B3_NOTE,
    BracketPairing,
    score_differences,
)

__all__ = [
    "CANDIDATE_LIMIT",
    "LIMIT",
    "WhyAnswer",
    "add_why",
    "bracket_players",
    "compare",
    "why_bye",
    "why_down",
]

#: Brackets with more players than this are not compared.
LIMIT = 150

#: At most this many pairings of a bracket are walked to find where the procedure
#: comes to a pairing (C.12/C.13 re-pairings; beyond it the answer is "not computed").
CANDIDATE_LIMIT = 3000

#: The requirements of C.3/C.10 (criteria.NAMES order): the key, the words of the
#: explanation (what the rules would have had to accept) and the articles.
REQUIREMENTS: dict[int, tuple[str, str, str]] = {
    B2: (
        "B2",
        "pairs of top scorers who both must have the same colour",
        "rules C.10.g, B.2",
    ),
    A7D: (
        "A7.d",
        "pairs in which a strong colour preference is not granted",
        "rules C.10.f, A.7.d",
    ),
    X: ("X", "pairs in which a colour preference is not granted", "rules C.10.e, B.4"),
    Z: (
        "Z",
        "pairs in which a strong colour preference is not granted",
        "rules C.10.e, B.4",
    ),
    B5_DOWN: (
        "B5 down",
        "players moving down in two rounds in a row",
        "rules C.10.d, B.5",
    ),
    B6_DOWN: (
        "B6 down",
        "players moving down as two rounds before",
        "rules C.10.c, B.6",
    ),
    B5_UP: ("B5 up", "players playing up in two rounds in a row", "rules C.10.b, B.5"),
    B6_UP: ("B6 up", "players playing up as two rounds before", "rules C.10.a, B.6"),
}

#: E.2-E.4: the colour rule that decided for the opponent, in words.
COLOUR_WORDS = {
    "E.2": "the stronger colour preference",
    "E.3": "the colours alternate from the most recent round in which they differed",
    "E.4": "the preference of the higher ranked player",
}

_ORDER_RULE = "rules C.6-C.9, D.1-D.3"


@dataclass(frozen=True)
class WhyAnswer:
    """The answer for one player: the decision (``down``, ``bye``), whether it was
    computed, the alternative pairing of the bracket (None: no pairing without the
    decision exists), who would move down or get the bye in his place
    (``instead``), the deciding criterion (a key: ``mdp_pairs``, ``pairs``,
    ``scores``, a requirement key of :data:`REQUIREMENTS`, ``order``, ``C.12``,
    ``C.13``, ``mdp_first``; None without alternative), its words, the rule printed,
    and the criterion's value for the chosen pairing and for the alternative."""

    decision: str
    player: int
    computed: bool
    alternative: Candidate | None = None
    instead: tuple[int, ...] = ()
    criterion: str | None = None
    words: str = ""
    rule: str = ""
    chosen: Any = None
    other: Any = None
    #: The C.10 level at which the procedure found the pairing used.
    chosen_level: tuple[int, ...] = ()
    #: The alternative was found by the bracket's procedure (its C.10 level is
    #: meaningful); False: by the A.3 fallback (:func:`_mdp_first`).
    by_procedure: bool = True
    #: A.3 (``mdp_first``): the moved-down players the alternative leaves unpaired.
    left: tuple[int, ...] = ()
    #: The bye: he is the only player of the lowest bracket.
    alone: bool = False
    #: Why not computed: ``too_big`` (the bracket has more than :data:`LIMIT`
    #: players), ``cut_off`` (the replay walked :data:`CANDIDATE_LIMIT` pairings
    #: without coming to the pairing used), ``replay`` (the replay did not come to it).
    reason: str = ""

    def as_json(self, group: int) -> dict[str, Any]:
        """``details.why`` (docs/explain.md)."""
        if not self.computed:
            return {"decision": self.decision, "computed": False, "group": group}
        alt = self.alternative
        return {
            "decision": self.decision,
            "computed": True,
            "group": group,
            "alternative": None
            if alt is None
            else {
                "instead": list(self.instead),
                "pairs": [list(p) for p in alt.pairs],
                "unpaired": list(alt.unpaired),
                "level": list(alt.level) if self.by_procedure else None,
            },
            "chosen_level": list(self.chosen_level),
            "criterion": self.criterion,
            "criterion_text": self.words,
            "rule": self.rule,
            "chosen": self.chosen,
            "alternative_value": self.other,
        }


def bracket_players(
    record: BracketPairing, players: Mapping[int, LegacyPlayer]
) -> list[LegacyPlayer]:
    """The players the procedure paired in ``record``'s bracket: its residents and
    the players moved down into it, without those C.1 moved on at once."""
    moved = set(record.moved)
    return [players[n] for n in (*record.incoming, *record.residents) if n not in moved]


def _bracket(
    record: BracketPairing,
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
    *,
    searched: bool = False,
    **options: Any,
) -> ScoreBracket:
    """The bracket of ``record`` as the procedure paired it (``searched``: for a
    joined bracket paired as one for B.3, reading 23, only the pairs the procedure's
    search allowed - to find the pairing used; the alternatives are looked for among
    all pairs)."""
    movers = frozenset(record.incoming) if record.lowest and record.joined else None
    if _closest_join(record):
        # Reading 23: S1 the re-paired bracket's floaters.
        movers = frozenset(record.s1_movers)
    if _closest_join(record) and searched:
        # ... and no pair farther apart in score than the closest pairing's largest
        # difference (as the procedure searched it).
        top = max(score_differences(record.pairs, players), default=Fraction(0))
        inside = bracket_players(record, players)
        apart = frozenset(
            frozenset((a.number, b.number))
            for a in inside
            for b in inside
            if abs(a.score - b.score) > top
        )
        ctx = replace(ctx, forbidden=ctx.forbidden | apart)
    if "C.13/C.14.b2" in record.reductions and "accept" in options:
        # Re-paired by C.13 with M1 reduced before P1 (reading 21): the same states.
        options.setdefault("accept_reduced", options["accept"])
    if "accept" in options and any(FLOATING_NOTE in step for step in record.steps):
        # Re-paired by C.13 with M1 lowered for moved-down floaters (reading 13).
        options.setdefault("mdp_floats", options["accept"])
    if _m1_zero_for_the_bye(record):
        # Managed as homogeneous with one pair for reading 21's bye test (reading 99).
        options.setdefault("homogeneous_at", len(record.pairs))
    if record.lowest and any(D3_FIRST_NOTE in step for step in record.steps):
        # A join at once of a re-pairing's floaters with M1 lowered (reading 80).
        options.setdefault("d3_sets_first", True)
    return ScoreBracket(
        bracket_players(record, players),
        ctx,
        lowest=record.lowest,
        movers=movers,
        split_part=record.split_part,
        **options,
    )


def _same(a: Candidate, pairs: Sequence[tuple[int, int]], unpaired: Sequence[int]) -> bool:
    return {frozenset(p) for p in a.pairs} == {frozenset(p) for p in pairs} and set(
        a.unpaired
    ) == set(unpaired)


def _first_of(
    record: BracketPairing,
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
    wanted: Sequence[Candidate | BracketPairing],
) -> Candidate | str:
    """The first of the ``wanted`` pairings the bracket's procedure comes to, as it
    finds it (with the C.10 level); only pairings leaving the same players unpaired
    are walked (the procedure finds the same pairing again and again, at each level
    and after each exchange). Not found: ``"cut_off"`` when :data:`CANDIDATE_LIMIT`
    pairings were walked, ``"replay"`` when the walk ended before."""
    sets = {frozenset(w.unpaired) for w in wanted}

    def accept(unpaired: tuple[int, ...]) -> bool:
        return frozenset(unpaired) in sets

    bracket = _bracket(record, players, ctx, searched=True, accept=accept)
    walked = 0
    for cand in islice(bracket.candidates(), CANDIDATE_LIMIT):
        walked += 1
        if any(_same(cand, w.pairs, w.unpaired) for w in wanted):
            return cand
    return "cut_off" if walked == CANDIDATE_LIMIT else "replay"


def _closest_join(record: BracketPairing) -> bool:
    """The lowest bracket is a split join paired as one for B.3 (reading 23): its
    pairing is the first of the procedure among those whose pairs are no farther
    apart in score than the closest pairing's largest difference."""
    return any(SPLIT_B3_NOTE in step for step in record.steps)


def _emptied_join(record: BracketPairing) -> bool:
    """C.13 re-paired the bracket above brackets C.1 had emptied, with reading 21's bye
    test at its own P1 (reading 97): a pairing found before may have been refused for
    the bye's score, not only for the lowest bracket."""
    return any(EMPTIED_JOIN_NOTE in step for step in record.steps)


def _m1_zero_for_the_bye(record: BracketPairing) -> bool:
    """C.13 re-paired the bracket managed as homogeneous with one pair (M1 = 0) because
    with M1 = 1 the bye would have gone to a moved-down player above the two brackets'
    lowest bye (reading 99): pairings found before were refused for the bye's score."""
    return any(M1_ZERO_BYE_NOTE in step for step in record.steps)


def _judged_jointly(record: BracketPairing) -> bool:
    """The bracket's pairing was judged together with the lowest bracket (reading 13,
    "joint"): a pairing found before it was refused for what the lowest then needs."""
    return any(JOINT_NOTE in step for step in record.steps)


def _not_computed(decision: str, number: int, why: str | None) -> WhyAnswer:
    """No comparison: the replay walked :data:`CANDIDATE_LIMIT` pairings without
    coming to the pairing used (``cut_off``), or it did not come to it at all."""
    return WhyAnswer(decision, number, False, reason=why or "replay")


def _chosen(
    record: BracketPairing, players: Mapping[int, LegacyPlayer], ctx: RoundContext
) -> Candidate | str:
    """The bracket's pairing as its procedure finds it (with its C.10 level): the
    first pairing, or for a bracket C.12/C.13 paired again, the pairing used where
    the procedure comes to it. Not found: why (:func:`_first_of`)."""
    if record.repaired or _judged_jointly(record) or _closest_join(record):
        # Paired again (C.12, C.13), judged with the lowest bracket (reading 13,
        # "joint") or the closest in scores (reading 23): not necessarily the
        # procedure's first pairing.
        return _first_of(record, players, ctx, [record])
    first = next(_bracket(record, players, ctx).candidates(), None)
    if first is None or not _same(first, record.pairs, record.unpaired):
        return "replay"
    return first


def _mdp_pairs(cand: Candidate, record: BracketPairing, players: Mapping[int, LegacyPlayer]) -> int:
    floor = min((players[n].score for n in record.residents), default=Fraction(0))
    return sum(1 for a, b in cand.pairs if max(players[a].score, players[b].score) > floor)


def _floaters(cand: Candidate, players: Mapping[int, LegacyPlayer]) -> tuple[Fraction, ...]:
    return tuple(sorted((players[n].score for n in cand.unpaired), reverse=True))


def _scores(values: Sequence[Fraction]) -> str:
    return " and ".join(format_points(v) for v in values) or "0"


def compare(
    chosen: Candidate,
    alt: Candidate,
    record: BracketPairing,
    players: Mapping[int, LegacyPlayer],
    *,
    hetero: bool,
) -> tuple[str, str, str, Any, Any] | None:
    """The first criterion, in the procedure's order, on which ``alt`` is worse than
    ``chosen``: (key, words, rule, chosen value, alternative value); ``("order",
    ...)`` when they are equal on all of them (the order of section D decided); None
    when ``alt`` is better on an earlier criterion (the procedure refused it for
    another reason: C.12/C.13). ``hetero``: the bracket is paired as a heterogeneous
    one (A.3), so its moved-down players' games come first."""
    steps: list[tuple[str, str, str, int, int]] = []
    mine_m, theirs_m = _mdp_pairs(chosen, record, players), _mdp_pairs(alt, record, players)
    if hetero and mine_m:
        # A.3: the players moved down are paired first whenever possible (M1, C.14.b2).
        words = "games of players moved down into this group"
        steps.append(("mdp_pairs", words, "rules A.3, C.14.b2", mine_m, theirs_m))
    words = "games paired in this group"
    steps.append(("pairs", words, "rules C.14, A.6.b", len(chosen.pairs), len(alt.pairs)))
    for key, words, rule, mine, theirs in steps:
        if mine != theirs:
            return (key, words, rule, mine, theirs) if theirs < mine else None
    mine_f, theirs_f = _floaters(chosen, players), _floaters(alt, players)
    if mine_f != theirs_f:
        if theirs_f > mine_f:
            words = "the scores of the players moving down"
            return "scores", words, "rule B.3", _scores(mine_f), _scores(theirs_f)
        return None
    for c in range(COMPONENTS):
        if chosen.level[c] != alt.level[c]:
            if alt.level[c] > chosen.level[c]:
                key, words, rule = REQUIREMENTS[c]
                return key, words, rule, chosen.level[c], alt.level[c]
            return None
    return "order", "the order of the candidates (section D)", _ORDER_RULE, None, None


def _answer(
    decision: str,
    number: int,
    record: BracketPairing,
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
    chosen: Candidate,
    alt: Candidate | None,
    *,
    hetero: bool,
) -> WhyAnswer:
    """Compare the alternative with the pairing used. For a bracket C.12/C.13
    paired again, an alternative the procedure comes to first was refused by that
    article (the procedure's order: the criteria of :func:`compare`, then for equal
    ones the order of section D, found by walking both)."""
    if alt is None:
        return WhyAnswer(decision, number, True, chosen_level=chosen.level)
    instead = tuple(n for n in alt.unpaired if n not in chosen.unpaired)
    found = compare(chosen, alt, record, players, hetero=hetero)
    joint = _judged_jointly(record) or _closest_join(record)
    closer = score_differences(chosen.pairs, players)
    if _closest_join(record) and score_differences(alt.pairs, players) > closer:
        found = None  # reading 23: pairs farther apart in score (B.3), not searched
    if found is not None and found[0] == "order" and (record.repaired or joint):
        first = _first_of(record, players, ctx, [chosen, alt])
        if not isinstance(first, Candidate):
            return _not_computed(decision, number, first)
        if _same(first, alt.pairs, alt.unpaired):
            found = None  # the procedure came to the alternative first: refused
    if found is None and hetero:
        offered = _offered(record, players, ctx, alt)
        if offered is not None:
            return replace(
                offered,
                decision=decision,
                player=number,
                instead=instead,
                chosen_level=chosen.level,
            )
    if found is None and not record.repaired and not joint:
        # Better than the pairing used, yet not refused by C.12/C.13: the replay
        # does not match the round (never expected); say nothing rather than guess.
        return WhyAnswer(decision, number, False, reason="replay")
    if found is None:
        # Found before the pairing used: C.12 or C.13 asked for another one, or
        # (reading 13, "joint") judged with the lowest bracket it needed more.
        article = record.repaired[-1] if record.repaired else "C.13"
        if not record.repaired and _closest_join(record):
            words = (
                "its pairs would be farther apart in score than the closest pairing of "
                "the joined groups' players, or its bye of another score (B.3)"
            )
        elif not record.repaired:
            words = (
                "the last group, judged together with this one as the joined group "
                "they were, could only be paired accepting more"
            )
        elif article == "C.12":
            words = (
                "the next group could not be paired with the players it moves down (they "
                "must have the same scores as before and all find an opponent there)"
            )
        else:
            words = (
                "the players below could not all be paired, with the bye to a player "
                "who may receive it"
            )
            if _emptied_join(record) or _m1_zero_for_the_bye(record):
                words += (
                    ", or the bye would have gone to a player moved down with a higher "
                    "score than the two groups together allow it (B.3)"
                )
        return WhyAnswer(
            decision,
            number,
            True,
            alt,
            instead,
            article,
            words,
            f"rule {article}",
            chosen_level=chosen.level,
        )
    key, words, rule, mine, theirs = found
    return WhyAnswer(
        decision, number, True, alt, instead, key, words, rule, mine, theirs, chosen.level
    )


def why_down(
    record: BracketPairing,
    number: int,
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
) -> WhyAnswer:
    """Why ``number`` moves down from ``record``'s (not the lowest) bracket: the
    first pairing the bracket's procedure accepts with him paired in it."""
    if len(bracket_players(record, players)) > LIMIT:
        return WhyAnswer("down", number, False, reason="too_big")
    chosen = _chosen(record, players, ctx)
    if not isinstance(chosen, Candidate):
        return _not_computed("down", number, chosen)

    def accept(unpaired: tuple[int, ...]) -> bool:
        return number not in unpaired

    bracket = _bracket(record, players, ctx, accept=accept)
    alt = next(bracket.candidates(), None)
    hetero = not bracket.treated_homogeneous
    if alt is None:
        return _mdp_first(bracket, number, chosen)
    return _answer("down", number, record, players, ctx, chosen, alt, hetero=hetero)


def _restricted(
    record: BracketPairing,
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
    number: int,
    banned: Callable[[LegacyPlayer], bool],
) -> ScoreBracket:
    """The bracket with ``number`` paired (``accept``) and unable to meet the players
    ``banned`` selects: the constraint imposed from outside, as if B.1 forbade those
    games; the procedure itself is unchanged."""

    def accept(unpaired: tuple[int, ...]) -> bool:
        return number not in unpaired

    bracket = _bracket(record, players, ctx, accept=accept)
    index = [p.number for p in bracket.players].index(number)
    out = {k for k, p in enumerate(bracket.players) if k != index and banned(p)}
    for k in out:
        bracket.compat[index] &= ~(1 << k)
        bracket.compat[k] &= ~(1 << index)
    bracket.edges = [
        e for e in bracket.edges if not (index in e[:2] and (e[0] in out or e[1] in out))
    ]
    return bracket


def _up_players(cand: Candidate, players: Mapping[int, LegacyPlayer]) -> set[int]:
    """The lower player of each pair with unequal scores (A.4: the upfloaters)."""
    out: set[int] = set()
    for a, b in cand.pairs:
        if players[a].score != players[b].score:
            out.add(a if players[a].score < players[b].score else b)
    return out


def why_up(
    record: BracketPairing,
    number: int,
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
) -> WhyAnswer:
    """Why ``number`` plays up: the first pairing the bracket's procedure accepts
    with him paired to a player of his own score or lower (he may not meet the
    players of a higher score)."""
    if len(bracket_players(record, players)) > LIMIT:
        return WhyAnswer("up", number, False, reason="too_big")
    chosen = _chosen(record, players, ctx)
    if not isinstance(chosen, Candidate):
        return _not_computed("up", number, chosen)
    own = players[number].score
    bracket = _restricted(record, players, ctx, number, lambda p: p.score > own)
    alt = next(bracket.candidates(), None)
    if alt is None:
        full = _bracket(record, players, ctx)
        return replace(_mdp_first(bracket, number, chosen, "up", full), instead=())
    answer = _answer(
        "up", number, record, players, ctx, chosen, alt, hetero=not bracket.treated_homogeneous
    )
    if answer.alternative is None:
        return answer
    instead = tuple(sorted(_up_players(answer.alternative, players) - _up_players(chosen, players)))
    return replace(answer, instead=instead)


def why_colour(
    record: BracketPairing,
    number: int,
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
) -> WhyAnswer:
    """Why ``number`` has an opponent who wants the same colour (and gets it): the
    first pairing the bracket's procedure accepts with him paired to a player who
    does not want his colour (E.1 then grants it)."""
    if len(bracket_players(record, players)) > LIMIT:
        return WhyAnswer("colour_pairing", number, False, reason="too_big")
    chosen = _chosen(record, players, ctx)
    if not isinstance(chosen, Candidate):
        return _not_computed("colour_pairing", number, chosen)
    wanted = players[number].colour
    bracket = _restricted(record, players, ctx, number, lambda p: p.colour is wanted)
    alt = next(bracket.candidates(), None)
    if alt is None:
        full = _bracket(record, players, ctx)
        return replace(_mdp_first(bracket, number, chosen, "colour_pairing", full), instead=())
    answer = _answer(
        "colour_pairing",
        number,
        record,
        players,
        ctx,
        chosen,
        alt,
        hetero=not bracket.treated_homogeneous,
    )
    return replace(answer, instead=())


def _offered(
    record: BracketPairing,
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
    alt: Candidate,
) -> WhyAnswer | None:
    """A.3 for an alternative of a heterogeneous bracket that seems better than the
    pairing used: the procedure never offers it when a pairing with as many games
    pairs more of the players moved down into the bracket (they are paired first
    whenever possible; C.14.b2 lowers M1 only when needed). None: it is offered."""
    full = _bracket(record, players, ctx)
    best = full.best(range(full.n), mdp_first=True, exact_pairs=len(alt.pairs))
    numbers = [p.number for p in full.players]
    moved = {numbers[k] for k in range(full.n) if full.mdp[k]}
    games = sum(1 for a, b in alt.pairs if a in moved or b in moved)
    if best is None or best.mdp_pairs <= games:
        return None
    return WhyAnswer(
        "",
        0,
        True,
        alt,
        (),
        "mdp_offered",
        "games of players moved down into this group",
        "rule A.3",
        best.mdp_pairs,
        games,
        by_procedure=True,
        left=tuple(n for n in alt.unpaired if n in moved),
    )


def _mdp_first(
    bracket: ScoreBracket,
    number: int,
    chosen: Candidate,
    decision: str = "down",
    full: ScoreBracket | None = None,
) -> WhyAnswer:
    """No pairing the procedure offers keeps ``number`` in the bracket: each one that
    pairs him pairs fewer of the players moved down into it than possible, and those
    are paired first whenever possible (A.3; C.14.b2 lowers M1 only when no pairing
    exists). The alternative named is the pairing with ``number`` paired and the most
    games of moved-down players (then the most games); ``chosen`` is the most such
    games any pairing of the bracket has (``full``: the bracket without the games
    removed for the question, when ``bracket`` has some). None when nobody in the
    bracket may meet him."""
    index = [p.number for p in bracket.players].index(number)
    n = bracket.n
    base = 4 * (n + 1)  # each term outweighs every later one over a whole pairing
    mdp_w, bye_w, games_w, forced_w = base, base**2, base**3, base**4

    def weight(i: int, j: int, forced: int | None) -> int:
        w = 1 + mdp_w * (bracket.mdp[i] or bracket.mdp[j]) + forced_w * (forced in (i, j))
        if bracket.lowest:
            # The lowest bracket: P0 games, the player left over may have the bye.
            w += games_w + bye_w * ((not bracket.eligible[i]) + (not bracket.eligible[j]))
        return w

    def solve(forced: int | None) -> list[int]:
        graph = bracket if forced is not None or full is None else full
        edges = [
            (i, j, weight(i, j, forced))
            for i in range(n)
            for j in range(i + 1, n)
            if (graph.compat[i] >> j) & 1
        ]
        return max_weight_matching(n, edges)

    def mdp_games(mate: list[int]) -> int:
        return sum(1 for i, j in enumerate(mate) if j > i and (bracket.mdp[i] or bracket.mdp[j]))

    mate = solve(index)
    left = [i for i in range(n) if mate[i] < 0]
    if mate[index] < 0 or (
        bracket.lowest and (len(left) > 1 or not all(bracket.eligible[i] for i in left))
    ):
        return WhyAnswer(decision, number, True, chosen_level=chosen.level)
    pairs = tuple((bracket.number(i), bracket.number(j)) for i, j in enumerate(mate) if j > i)
    alt = Candidate(
        pairs=pairs,
        unpaired=tuple(bracket.number(i) for i in left),
        vector=ZERO,
        level=ZERO,
        s1=(),
    )
    instead = tuple(v for v in alt.unpaired if v not in chosen.unpaired)
    left_mdps = tuple(bracket.number(i) for i in left if bracket.mdp[i])
    return WhyAnswer(
        decision,
        number,
        True,
        alt,
        instead,
        "mdp_first",
        "games of players moved down into this group",
        "rule A.3",
        mdp_games(solve(None)),
        mdp_games(mate),
        chosen.level,
        by_procedure=False,
        left=left_mdps,
    )


def why_bye(
    record: BracketPairing,
    number: int,
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
) -> WhyAnswer:
    """Why ``number`` gets the bye: the first pairing of the lowest bracket the
    procedure accepts with him unable to receive the bye (B.1.b). None found: the
    others cannot all be paired with a bye for a player who may receive it."""
    if len(bracket_players(record, players)) > LIMIT:
        return WhyAnswer("bye", number, False, reason="too_big")
    chosen = _chosen(record, players, ctx)
    if not isinstance(chosen, Candidate):
        return _not_computed("bye", number, chosen)
    bracket = _bracket(record, players, ctx)
    if bracket.n == 1:
        return WhyAnswer("bye", number, True, chosen_level=chosen.level, alone=True)
    bracket.eligible[[p.number for p in bracket.players].index(number)] = False
    alt = next(bracket.candidates(), None)
    hetero = not bracket.treated_homogeneous
    return _answer("bye", number, record, players, ctx, chosen, alt, hetero=hetero)


#: Adds one sentence (code, rule, parameters) where the answer belongs.
Note = Callable[..., None]


def _said_not_computed(answer: WhyAnswer, note: Note) -> bool:
    """Say why ``answer`` has no comparison (the bracket too big, or the search cut
    off), if it has none; whether it said so."""
    if answer.computed:
        return False
    if answer.reason == "too_big":
        note("why_legacy_not_computed", None, limit=LIMIT)
    elif answer.reason == "cut_off":
        note("why_legacy_cut_off", None, limit=CANDIDATE_LIMIT)
    else:
        note("why_legacy_not_replayed", None)
    return True


def _say(answer: WhyAnswer, doing: str, note: Note) -> None:
    """The sentence of one answer (``note``: where it goes, a group or the player)."""
    if _said_not_computed(answer, note):
        return
    if answer.alternative is None:
        if answer.decision == "bye" and answer.alone:
            note("why_legacy_bye_alone", "rule A.5")
        elif answer.decision == "bye":
            note("why_legacy_bye_none", "rules B.1, C.13")
        return
    params: dict[str, Any] = {"players": list(answer.instead), "doing": doing}
    key = answer.criterion
    if not answer.instead and key not in ("mdp_first", "mdp_offered", "C.12", "C.13"):
        # Nobody would take his place: the alternative just pairs differently.
        _say_none(answer, doing, note)
        return
    if key in ("mdp_first", "mdp_offered"):
        note(
            "why_legacy_mdp_first" if answer.decision == "down" else "why_legacy_none_mdp_first",
            answer.rule,
            players=list(answer.left),
            chosen=answer.chosen,
            alternative=answer.other,
            doing=doing,
        )
    elif key in ("C.12", "C.13"):
        code = "why_legacy_backtrack" if answer.instead else "why_legacy_none_backtrack"
        note(code, answer.rule, what=answer.words, **params)
    elif key == "order":
        note("why_legacy_order", answer.rule, **params)
    elif key == "scores":
        code = "why_legacy_bye_score" if answer.decision == "bye" else "why_scores"
        note(code, answer.rule, chosen=answer.chosen, alternative=answer.other, **params)
    elif key in ("pairs", "mdp_pairs"):
        note(
            "why_count",
            answer.rule,
            what=answer.words,
            chosen=answer.chosen,
            alternative=answer.other,
            **params,
        )
    else:
        note(
            "why_legacy_level",
            answer.rule,
            what=answer.words,
            chosen=answer.chosen,
            alternative=answer.other,
            **params,
        )


def _say_none(answer: WhyAnswer, doing: str, note: Note) -> None:
    """The sentence when nobody would take his place (``doing``: the decision)."""
    key = answer.criterion
    values = {"chosen": answer.chosen, "alternative": answer.other}
    if key == "order":
        note("why_legacy_none_order", answer.rule, doing=doing)
    elif key == "scores":
        note("why_none_scores", answer.rule, doing=doing, **values)
    elif key in ("pairs", "mdp_pairs"):
        note("why_none_count", answer.rule, doing=doing, what=answer.words, **values)
    else:
        note("why_legacy_none_level", answer.rule, doing=doing, what=answer.words, **values)


def _say_colour(answer: WhyAnswer, colour: str, note: Note) -> None:
    """The sentence for a colour not granted, on the pairing: the best pairing giving
    him an opponent who does not want his colour, and what decided against it."""
    if _said_not_computed(answer, note):
        return
    if answer.alternative is None:
        return  # nobody he may meet lets him have it: the swap sentence says the rest
    key = answer.criterion
    values = {"chosen": answer.chosen, "alternative": answer.other}
    if key in ("mdp_first", "mdp_offered"):
        note(
            "why_legacy_colour_mdp_first",
            answer.rule,
            colour=colour,
            players=list(answer.left),
            **values,
        )
    elif key in ("C.12", "C.13"):
        note("why_legacy_colour_backtrack", answer.rule, colour=colour, what=answer.words)
    elif key == "order":
        note("why_legacy_colour_order", answer.rule, colour=colour)
    elif key == "scores":
        note("why_colour_scores", answer.rule, colour=colour, **values)
    elif key in ("pairs", "mdp_pairs"):
        note("why_colour_count", answer.rule, colour=colour, what=answer.words, **values)
    else:
        note("why_legacy_colour_level", answer.rule, colour=colour, what=answer.words, **values)


def _colour_why(
    ex: Explainer,
    white: int,
    black: int,
    rule: str,
    players: Mapping[int, LegacyPlayer],
) -> list[tuple[int, dict[str, Any]]]:
    """A player on this board who does not get the colour he prefers: the
    alternative is the board with the colours swapped, which takes the colour from
    his opponent, who prefers the same one; ``rule`` (E.2-E.4) decided for him."""
    out: list[tuple[int, dict[str, Any]]] = []
    if rule not in COLOUR_WORDS:
        return out
    for number, other, got in ((white, black, "white"), (black, white, "black")):
        due = players[number].colour
        if due is None or due.value == got[0]:
            continue
        wanted = "white" if due.value == "w" else "black"
        why = {
            "decision": "colour",
            "computed": True,
            "alternative": {"white": black, "black": white},
            "criterion": rule,
            "criterion_text": COLOUR_WORDS[rule],
            "rule": f"rule {rule}",
            "chosen": got,
            "alternative_value": wanted,
        }
        out.append((number, why))
        ex.board_note(
            white,
            black,
            "why_burstein_colour",
            f"rule {rule}",
            player=number,
            colour=wanted,
            other=other,
            rule_words=COLOUR_WORDS[rule],
        )
    return out


def _to_player(ex: Explainer, number: int) -> Note:
    """Sentences about ``number`` shown with his board or bye."""

    def note(code: str, rule: str | None, **params: Any) -> None:
        ex.because(number, code, rule, player=number, **params)

    return note


def _as_candidate(record: BracketPairing) -> Candidate:
    return Candidate(tuple(record.pairs), tuple(record.unpaired), ZERO, ZERO, ())


def add_why(
    ex: Explainer,
    groups: Sequence[tuple[int, BracketPairing]],
    players: Mapping[int, LegacyPlayer],
    ctx: RoundContext,
    colour_rules: Mapping[tuple[int, int], str],
    bye: int | None,
) -> None:
    """Add the "why me" answers to the explanation: per bracket (``groups``: the
    group index of each bracket record) the players it moves down, the players who
    play up in it, the bye of the lowest bracket, and every colour not granted (the
    board with the colours swapped, and the pairing)."""
    answers: dict[int, list[dict[str, Any]]] = {}
    bracket_of: dict[int, tuple[int, BracketPairing]] = {}
    for group, record in groups:
        for pair in record.pairs:
            for number in pair:
                bracket_of[number] = (group, record)
        if record.lowest and bye is not None and bye in record.unpaired:
            answer = why_bye(record, bye, players, ctx)
            answers.setdefault(bye, []).append(answer.as_json(group))
            _say(answer, "getting the bye", _to_player(ex, bye))
        if not record.lowest:
            for number in record.unpaired:
                answer = why_down(record, number, players, ctx)
                answers.setdefault(number, []).append(answer.as_json(group))

                def to_group(
                    code: str, rule: str | None, _n: int = number, _g: int = group, **params: Any
                ) -> None:
                    ex.group_note(_g, code, rule, player=_n, **params)

                _say(answer, "moving down", to_group)
        for number in sorted(_up_players(_as_candidate(record), players)):
            answer = why_up(record, number, players, ctx)
            answers.setdefault(number, []).append(answer.as_json(group))
            _say(answer, "playing up", _to_player(ex, number))
    for (white, black), rule in colour_rules.items():
        for number, why in _colour_why(ex, white, black, rule, players):
            answers.setdefault(number, []).append(why)
            group, record = bracket_of[number]
            answer = why_colour(record, number, players, ctx)
            answers[number].append(answer.as_json(group))

            def to_board(
                code: str,
                rule: str | None,
                _n: int = number,
                _w: int = white,
                _b: int = black,
                **params: Any,
            ) -> None:
                ex.board_note(_w, _b, code, rule, player=_n, **params)

            _say_colour(answer, why["alternative_value"], to_board)
    for number, found in answers.items():
        # ``why``: the bye if he gets it, else the first decision (the group he left
        # first); ``why_more``: his other answers, in the order of the round.
        main = next((w for w in found if w["decision"] == "bye"), found[0])
        ex.player_detail(number, why=main)
        more = [w for w in found if w is not main]
        if more:
            ex.player_detail(number, why_more=more)
