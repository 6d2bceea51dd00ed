"""AGA Swiss McMahon (Go): pairing, checking and ranking (AGA Swiss McMahon
Pairing Protocol Standards, 2009).

The round is paired as a maximum-weight matching over a tiered penalty (see
:mod:`fairpair.systems.mcmahon.pairing` for the tiers and the proof of their separation);
settings live in ``tournament.settings["mcmahon"]`` (:mod:`fairpair.systems.mcmahon.bands`).

Byes: a voluntary bye is a ``ByeKind.ZERO_POINT`` entry of the round (or an entry of
``voluntary_byes`` in the settings); the forced bye is the pairing-allocated bye
(``Pairing.bye``, +1). Colours: ``Colour.BLACK`` is the player taking black; in a
handicap game it is the weaker player.

``Pairing.info`` carries ``games`` (white, black, handicap, komi per board),
``voluntary_byes``, ``mcmahon_scores`` before the round, and the ``penalty`` tiers of
the matching.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

from fairpair.errors import InputError
from fairpair.model import (
    Board,
    Colour,
    Float,
    Pairing,
    Player,
    ResultCode,
    Tournament,
    format_points,
)
from fairpair.systems.mcmahon.bands import McMahonSettings, build_bands
from fairpair.systems.mcmahon.handicap import komi_for
from fairpair.systems.mcmahon.pairing import (
    TIERS,
    Field,
    Game,
    board_order,
    build_field,
    bye_tiers,
    colour_violations,
    edge_tiers,
    make_game,
    round_handicaps,
    solve,
    solve_constrained,
    tier_total,
)
from fairpair.systems.mcmahon.ranks import format_rank, strength_of
from fairpair.systems.mcmahon.tiebreaks import criteria

__all__ = [
    "McMahonSystem",
    "check_round",
    "prepare_tournament",
    "round_games",
]


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


class McMahonSystem:
    """AGA Swiss McMahon. Options: ``seed`` (random draw, overrides the settings)."""

    name = "mcmahon"

    def __init__(self, seed: int | None = None, explain: bool = False) -> None:
        self.seed = seed
        self.explain = explain

    def pair(self, tournament: Tournament, round_number: int | None = None) -> Pairing:
        rnd = tournament.next_round() if round_number is None else round_number
        if rnd < 1:
            raise InputError(f"round {rnd} cannot be paired", expected="a round number >= 1")
        fld = build_field(tournament, rnd)
        solution = solve(fld)
        games = [make_game(fld, a, b) for a, b in [*fld.forced, *solution.pairs]]
        games = board_order(fld, games)
        bye = fld.volunteer_bye if fld.volunteer_bye is not None else solution.bye
        info: dict[str, Any] = {
            "games": [
                {
                    "white": g.white,
                    "black": g.black,
                    "handicap": g.handicap,
                    "komi": _number(g.komi),
                }
                for g in games
            ],
            "voluntary_byes": list(fld.voluntary),
            "mcmahon_scores": {str(n): _number(fld.mms[n]) for n in sorted(fld.mms)},
            "penalty": dict(zip(TIERS, solution.tiers, strict=True)),
        }
        pairing = Pairing(
            round=rnd,
            boards=tuple(Board(g.white, g.black) for g in games),
            bye=bye,
            info=info,
        )
        if self.explain:
            info["explanation"] = explanation_of(tournament, pairing, fld, games, solution.stage)
        return pairing

    def check(self, tournament: Tournament, round_number: int) -> list[str]:
        """Validity (everyone once, no rematch, manual pairs, bye rules, handicap colours)
        and optimality: the stored pairing's penalty tiers must equal the optimum's."""
        return check_round(tournament, round_number)

    def ranking_criteria(self, tournament: Tournament) -> list[Any]:
        return list(criteria(tournament, self.seed))

    def prepare_tournament(self, t: Tournament, rng: random.Random, rounds: int) -> Tournament:
        """The random generator's hook (see :func:`prepare_tournament`)."""
        return prepare_tournament(t, rng, rounds)


#: Why a player takes white in an even game, by :attr:`.pairing.Game.colour_rule`.
_EVEN_COLOUR_WHY = {
    "guideline": "because the other way round would break a colour guideline",
    "balance": "having had white less often than the opponent",
    "last_black": "having had black in the last game",
    "stronger": "being the stronger player",
}


def explanation_of(
    tournament: Tournament,
    pairing: Pairing,
    fld: Field,
    games: list[Game],
    stage: str = "full",
) -> dict[str, Any]:
    """The round as structured data for :mod:`fairpair.explain`: the McMahon score
    groups, per game who plays across groups and which penalty the game carries, the
    colours (handicap) and the bye; as details the players in the matching, each
    player's rank, each game's non-zero penalty tiers and the matching ``stage`` that
    found the pairing."""
    from fairpair.explain import Explainer

    ex = Explainer(
        tournament,
        pairing.round,
        "mcmahon",
        f"AGA Swiss McMahon, round {fld.round} of {fld.total_rounds}",
        scores=fld.mms,
        unit="McMahon points",
    )
    ex.note("mcmahon_method", "AGA pairing rules")
    ex.detail(
        round_of=fld.total_rounds,
        pool=list(fld.pool),
        matching_stage=stage,
        float_rule=fld.float_rule_active,
        avoiding=[*fld.settings.avoid] + (["handicap games"] if fld.settings.avoid_handicap else [])
        if fld.avoidance_active
        else [],
    )
    volunteer = [] if fld.volunteer_bye is None else [fld.volunteer_bye]
    for number in [*fld.pool, *volunteer]:
        ex.player_detail(number, rank=format_rank(fld.strength[number].rank))
    if fld.voluntary:
        ex.note("mcmahon_voluntary", players=list(fld.voluntary))
    if not fld.float_rule_active:
        ex.note("mcmahon_floats_off", "AGA criterion 3")
    if fld.avoidance_active:
        what = [*fld.settings.avoid] + (["handicap games"] if fld.settings.avoid_handicap else [])
        ex.note("mcmahon_avoid", what=", ".join(what))
    lower: dict[int, int] = {}
    for g in games:
        high, low = sorted((g.white, g.black), key=lambda n: -fld.mms[n])
        if fld.mms[high] > fld.mms[low]:
            lower[high] = low
    scores = sorted({fld.mms[n] for n in fld.pool}, reverse=True)
    group_of: dict[Fraction, int] = {}
    for score in scores:
        own = [n for n in fld.pool if fld.mms[n] == score]
        moved = [h for h, lo in lower.items() if fld.mms[lo] == score]
        group_of[score] = ex.group(score, [*own, *moved], moved_in=moved)
    forced = {frozenset(p) for p in fld.forced}
    for g in games:
        high, low = sorted((g.white, g.black), key=lambda n: -fld.mms[n])
        ex.board(g.white, g.black, group_of.get(fld.mms[low]))
        ex.board_detail(g.white, g.black, handicap=g.handicap, komi=format_points(g.komi))
        if frozenset((g.white, g.black)) in forced:
            ex.board_detail(g.white, g.black, forced=True, penalty={})
            ex.board_note(g.white, g.black, "mcmahon_forced", player=g.white, opponent=g.black)
        else:
            tiers = dict(zip(TIERS, edge_tiers(fld, g.white, g.black), strict=True))
            penalty = {name: value for name, value in tiers.items() if value}
            ex.board_detail(g.white, g.black, forced=False, penalty=penalty)
            if tiers["score"]:
                ex.set(high, float="down")
                ex.set(low, float="up")
                ex.because(
                    high,
                    "mcmahon_cross",
                    "AGA criterion 2",
                    opponent=low,
                    score=format_points(fld.mms[high]),
                    other_score=format_points(fld.mms[low]),
                )
            if tiers["float"]:
                if fld.last_float[high] is Float.DOWN:
                    ex.because(high, "mcmahon_float_repeat", "AGA criterion 3", direction="down")
                if fld.last_float[low] is Float.UP:
                    ex.because(low, "mcmahon_float_repeat", "AGA criterion 3", direction="up")
            if tiers["colour"]:
                ex.board_note(g.white, g.black, "mcmahon_colour_penalty", "AGA criterion 4")
            if tiers["avoid"]:
                ex.board_note(
                    g.white, g.black, "mcmahon_avoided", what=" or ".join(fld.settings.avoid)
                )
            if not tiers["score"] and (tiers["switch"] or tiers["split"]):
                ex.board_note(g.white, g.black, "mcmahon_not_ideal", "AGA pairing rules")
        komi = format_points(g.komi)
        if g.handicap:
            ex.board_note(
                g.white,
                g.black,
                "colour_mcmahon_handicap",
                stones=g.handicap,
                plural="s" if g.handicap > 1 else "",
                player=g.black,
                komi=komi,
            )
        else:
            why = _EVEN_COLOUR_WHY[g.colour_rule]
            ex.board_note(
                g.white, g.black, "colour_mcmahon_even", player=g.white, komi=komi, why=why
            )
    bye = pairing.bye
    if bye is not None:
        if fld.volunteer_bye is not None:
            ex.because(bye, "bye_volunteer", player=bye)
        elif fld.best_bye is not None and bye != fld.best_bye:
            ex.because(bye, "bye_forced_other", "AGA byes", player=bye, other=fld.best_bye)
        else:
            ex.because(bye, "bye_lowest_placed", "AGA byes", player=bye)
    _why_me(ex, fld, games, bye)
    return ex.finish(pairing)


# -- "why me" (``--explain`` only) --------------------------------------------------------

#: The largest pool for which ``--explain`` compares each decision with the best
#: pairing without it (one matching per player concerned).
WHY_LIMIT = 200

#: Per penalty tier: the rule cited and what it counts, in words.
_TIER_WORDS = {
    "bye": ("AGA byes", "how high the player with the bye is placed"),
    "score": ("AGA criterion 2", "the sum of the squared score differences of the games"),
    "float": ("AGA criterion 3", "floats repeated from the previous round"),
    "colour": ("AGA criterion 4", "colour guidelines broken"),
    "floater": ("AGA pairing rules", "the places of the players who float"),
    "avoid": ("AGA pairing rules", "meetings of players to keep apart"),
    "switch": ("AGA pairing rules", "games that are not top half against bottom half"),
    "split": ("AGA pairing rules", "departures from top half against bottom half"),
    "low": ("AGA pairing rules", "departures among the higher-placed players of a group"),
}


def _why_me(ex: Any, fld: Field, games: list[Game], bye: int | None) -> None:
    """ "Why me" for the players who play down and for the forced bye: the best pairing
    without it (a nearer opponent in McMahon score; the bye elsewhere), and the first
    penalty tier on which it is worse (:func:`.pairing.solve_constrained`)."""
    forced = {frozenset(p) for p in fld.forced}
    pool = set(fld.pool)
    played = [g for g in games if g.white in pool and frozenset((g.white, g.black)) not in forced]
    parts = [edge_tiers(fld, g.white, g.black) for g in played]
    forced_bye = bye if bye is not None and bye in pool else None
    if forced_bye is not None:
        parts.append(bye_tiers(fld, forced_bye))
    chosen = tier_total(parts)
    concerned: list[tuple[int, int | None]] = []
    for g in played:
        high, low = sorted((g.white, g.black), key=lambda n: -fld.mms[n])
        if fld.mms[high] > fld.mms[low]:
            concerned.append((high, low))
    if forced_bye is not None:
        concerned.append((forced_bye, None))
    if len(fld.pool) > WHY_LIMIT:
        for number, _ in concerned:
            ex.player_detail(number, why={"computed": False})
            ex.because(number, "why_not_computed", None, player=number, limit=WHY_LIMIT)
        return
    for number, opponent in concerned:
        decision = "bye" if opponent is None else "mcmahon_down"
        gap = 0 if opponent is None else abs(fld.units[number] - fld.units[opponent])

        def ok(a: int, b: int | None, x: int = number, gap: int = gap) -> bool:
            if x not in (a, b):
                return True
            if b is None:  # the bye: the bye decision forbids it, a float does too
                return False
            if not gap:  # the bye decision: any game for him
                return True
            other = b if a == x else a
            return abs(fld.units[x] - fld.units[other]) < gap

        found = solve_constrained(fld, ok)
        if found is None:
            ex.player_detail(number, why={"decision": decision, "alternative": None})
            continue
        pairs, alt_bye, tiers = found
        index = next((k for k in range(len(TIERS)) if tiers[k] != chosen[k]), None)
        if index is not None and tiers[index] < chosen[index]:  # pragma: no cover
            continue  # (the chosen pairing is optimal: cannot happen)
        tier = None if index is None else TIERS[index]
        rule, words = _TIER_WORDS[tier] if tier else ("AGA pairing rules", None)
        ex.player_detail(
            number,
            why={
                "decision": decision,
                "computed": True,
                "alternative": {"pairs": [list(p) for p in pairs], "bye": alt_bye},
                "criterion": tier,
                "criterion_text": words,
                "rule": rule,
                "chosen": None if index is None else chosen[index],
                "alternative_value": None if index is None else tiers[index],
            },
        )
        params: dict[str, Any] = {}
        if decision == "bye":
            params["players"] = [] if alt_bye is None else [alt_bye]
        if index is None:
            ex.because(number, f"why_{decision}_tie", rule, player=number, **params)
        else:
            ex.because(
                number,
                f"why_{decision}_cost",
                rule,
                label=words,
                chosen=chosen[index],
                alternative=tiers[index],
                **params,
            )


def _result_text(white: ResultCode | None, black: ResultCode | None) -> str | None:
    """``1-0``, ``0-1``, ``jigo``, ``1-0 forfeit``, ``0-1 forfeit``, ``double forfeit``."""
    if white is None or black is None:
        return None
    if white is ResultCode.FORFEIT_LOSS and black is ResultCode.FORFEIT_LOSS:
        return "double forfeit"
    suffix = "" if white.played and black.played else " forfeit"
    if white.outcome == 0:
        return "jigo" + suffix
    return ("1-0" if white.outcome > 0 else "0-1") + suffix


def round_games(tournament: Tournament, round_number: int) -> list[dict[str, Any]]:
    """The stored games of a round with McMahon scores before it, handicap and komi
    (TD overrides applied), in stored board order."""
    fld = round_handicaps(tournament, round_number)
    mms = fld.mcmahon_scores(tournament.scores(round_number - 1))  # as build_field's
    s = fld.settings
    out = []
    for game in tournament.round(round_number).games:
        a, b = game.white, game.black
        override = s.handicap_override(round_number, a, b)
        stones = fld.stones(a, b) if override is None else override[0]
        komi = komi_for(stones, s.komi_even, s.komi_handicap)
        if override is not None and override[1] is not None:
            komi = override[1]
        out.append(
            {
                "white": a,
                "black": b,
                "handicap": stones,
                "komi": _number(komi),
                "white_score": _number(mms[a]),
                "black_score": _number(mms[b]),
                "result": _result_text(game.white_result, game.black_result),
            }
        )
    return out


def check_round(tournament: Tournament, round_number: int) -> list[str]:
    """See :meth:`McMahonSystem.check`."""
    r = round_number
    fld = build_field(tournament, r)
    stored = tournament.pairing_of(r)
    problems: list[str] = []
    count: dict[int, int] = {}
    for board in stored.boards:
        for n in (board.white, board.black):
            count[n] = count.get(n, 0) + 1
    if stored.bye is not None:
        count[stored.bye] = count.get(stored.bye, 0) + 1
    expected = set(fld.pool) | {n for pair in fld.forced for n in pair}
    if fld.volunteer_bye is not None:
        expected.add(fld.volunteer_bye)
    for n in sorted(expected):
        if count.get(n, 0) == 0:
            problems.append(f"round {r}: player {n} is neither paired nor given the bye")
    for n, c in sorted(count.items()):
        if c > 1:
            problems.append(f"round {r}: player {n} appears {c} times")
        if n not in expected:
            problems.append(f"round {r}: player {n} is paired but should not play this round")
    if problems:
        return problems
    forced = {frozenset(p) for p in fld.forced}
    stored_pairs = {frozenset((b.white, b.black)) for b in stored.boards}
    for pair in sorted(forced - stored_pairs, key=sorted):
        problems.append(f"round {r}: forced pair {'-'.join(map(str, sorted(pair)))} is missing")
    free_pairs: list[tuple[int, int]] = []
    for board in stored.boards:
        a, b = board.white, board.black
        key = frozenset((a, b))
        if key in forced:
            continue
        if b in fld.met[a]:
            problems.append(f"round {r}: {a}-{b} is a rematch")
        if key in fld.forbidden:
            problems.append(f"round {r}: {a}-{b} is a forbidden pair")
        free_pairs.append((a, b))
        stones = fld.stones(a, b)
        override = fld.settings.handicap_override(r, a, b)
        if override is not None:
            stones = override[0]
        if stones > 0 and board.black != fld.weaker(a, b):
            problems.append(f"round {r}: {a}-{b} is a handicap game; the weaker player takes black")
    bye = stored.bye
    if fld.volunteer_bye is not None:
        if bye != fld.volunteer_bye:
            problems.append(f"round {r}: the bye volunteer {fld.volunteer_bye} should get the bye")
    elif fld.needs_bye:
        if bye is None:
            problems.append(f"round {r}: an odd number of players and no forced bye")
        elif bye not in fld.bye_eligible:
            problems.append(f"round {r}: player {bye} already had a forced bye")
    elif bye is not None:
        problems.append(f"round {r}: forced bye {bye} given to an even field")
    if problems:
        return problems
    parts = [edge_tiers(fld, a, b) for a, b in free_pairs]
    if fld.needs_bye and bye is not None and fld.volunteer_bye is None:
        parts.append(bye_tiers(fld, bye))
    actual = tier_total(parts)
    best = solve(fld).tiers
    if actual > best:
        diff = ", ".join(f"{t} {a} vs {b}" for t, a, b in zip(TIERS, actual, best, strict=True))
        problems.append(f"round {r}: pairing not optimal under the McMahon penalty ({diff})")
    for board in stored.boards:
        problems += _colour_problems(fld, board)
    return problems


def _colour_problems(fld: Field, board: Board) -> list[str]:
    """Colours of an even game worse than the best assignment under criterion 4."""
    a, b = board.white, board.black
    if not fld.settings.colour_balance or fld.stones(a, b) > 0:
        return []
    total = fld.total_rounds

    def cost(white: int, black: int) -> int:
        return colour_violations(fld.history[white], Colour.WHITE, total) + colour_violations(
            fld.history[black], Colour.BLACK, total
        )

    if cost(a, b) > cost(b, a):
        return [f"round {fld.round}: {a}-{b}: reversing the colours breaks criterion 4 less"]
    return []


# -- the random generator's hook -------------------------------------------------------

_CLUBS = ("Seattle", "Denver", "Boston", "Austin", "Chicago", "Portland", "Atlanta", "Phoenix")
_STATES = ("WA", "CO", "MA", "TX", "IL", "OR", "GA", "AZ")


def prepare_tournament(t: Tournament, rng: random.Random, rounds: int) -> Tournament:
    """Give a random field Go strengths (AGA ratings around 5 kyu, in the order of the
    players' ratings, then pairing numbers), ranks, clubs, cities, states and countries;
    then build bands (bar at 3 dan) and initial McMahon scores."""
    ratings = []
    for _ in t.players:
        rating = max(-30.0, min(9.9, rng.gauss(-5.0, 6.0)))
        if -1 < rating < 1:
            rating = rating - 2 if rating < 0 else rating + 1
        ratings.append(rating)
    ratings.sort(reverse=True)
    order = sorted(t.players, key=lambda p: (-p.rating, p.number))
    assigned = {p.number: r for p, r in zip(order, ratings, strict=True)}
    players: list[Player] = []
    for p in t.players:
        rating = assigned[p.number]
        club = rng.randrange(len(_CLUBS))
        attributes = dict(p.attributes)
        attributes.update(
            {
                "rating": f"{rating:.2f}",
                "rank": format_rank(strength_of(_with_rating(p, rating)).rank),
                "club": _CLUBS[club] + " Go Club",
                "city": _CLUBS[club],
                "state": _STATES[club],
                "country": "USA" if rng.random() < 0.9 else "CAN",
            }
        )
        players.append(replace(p, attributes=attributes))
    bands = build_bands(players, rounds, bar="3d")
    settings = McMahonSettings(bar="3d", bands=bands)
    out = t.replace(players=tuple(players), total_rounds=rounds, system="mcmahon")
    return settings.apply(out)


def _with_rating(p: Player, rating: float) -> Player:
    return replace(p, attributes={"rating": f"{rating:.2f}"})
