"""The fast paths of the tie-breaks (issue 15: standings of 10,000 players and 90 rounds
in seconds) compute what the definitions say.

The slots are compared with the records of :meth:`Tournament.state` (the definition of
what a player's round was), the other shortcuts with the plain code they replaced.
"""

from __future__ import annotations

import gc
import random
import weakref
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair import tiebreaks
from fairpair.model import ByeKind, Colour, Game, Player, ResultCode, Round, Tournament
from fairpair.standings import compute_standings
from fairpair.systems import netrunner
from fairpair.tiebreaks import FIDE_TIEBREAKS, Slot, completed_rounds, tiebreak_context
from helpers import any_tournaments


def reference_slots(t: Tournament, after_round: int, unit: int, win: int) -> dict[int, tuple]:
    """A slot per record of ``t.state(after_round)``, by the definitions of the module
    documentation."""
    points = t.points

    def units(value: Fraction) -> int:
        return int(value * unit)

    voluntary = {"H", "Z", " "}
    rows = {}
    for number, state in t.state(after_round).items():
        row = []
        for record in state.records:
            if record.opponent is not None:
                code, colour = record.result, record.colour
                if code is None:
                    slot = Slot(record.opponent, 0, False, False, colour, -1)
                elif code.played:
                    value = units(points.game_points(code, colour))
                    slot = Slot(record.opponent, value, True, False, colour, code.outcome)
                else:
                    value = units(points.game_points(code, colour))
                    loss = code is ResultCode.FORFEIT_LOSS
                    slot = Slot(record.opponent, value, False, loss, None, code.outcome, True)
            elif record.bye is not None:
                value = units(points.bye_points(record.bye))
                outcome = 1 if value >= win and value > 0 else (0 if value > 0 else -1)
                slot = Slot(None, value, False, record.bye.value in voluntary, None, outcome)
            else:
                slot = Slot(None, 0, False, True, None, -1)
            row.append(slot)
        rows[number] = tuple(row)
    return rows


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_tournaments)
def test_slots_are_the_records_of_the_state(t: Tournament) -> None:
    for after in range(len(t.rounds) + 1):
        context = tiebreak_context(t, after)
        expected = reference_slots(t, after, context.unit, context.win)
        assert context.slots == expected
        assert context.score == {n: sum(s.points for s in row) for n, row in expected.items()}
        assert context.adjusted == {
            n: reference_score_as_opponent(row, context.draw) for n, row in expected.items()
        }


def reference_score_as_opponent(row: Sequence[Slot], draw: int) -> int:
    last_not_vur = max((i for i, s in enumerate(row) if not s.vur), default=-1)
    return sum(
        draw if i > last_not_vur and s.opponent is None else s.points for i, s in enumerate(row)
    )


slots = st.builds(
    Slot,
    st.sampled_from([None, 1, 2]),
    st.integers(min_value=0, max_value=2),
    st.booleans(),
    st.booleans(),
    st.sampled_from([None, Colour.WHITE]),
    st.sampled_from([-1, 0, 1]),
)


@settings(max_examples=500, deadline=None)
@given(st.lists(slots, max_size=8), st.integers(min_value=0, max_value=3))
def test_score_as_opponent(row: list[Slot], draw: int) -> None:
    expected = reference_score_as_opponent(row, draw)
    assert tiebreaks._score_as_opponent(row, draw) == expected
    assert tiebreaks._score_as_opponent(row, draw, sum(s.points for s in row)) == expected


contributions = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=4),
        st.integers(min_value=0, max_value=8),
        st.booleans(),
    ),
    max_size=7,
)


@settings(max_examples=500, deadline=None)
@given(contributions, st.integers(min_value=0, max_value=3), st.integers(min_value=0, max_value=3))
def test_cut_total_is_the_sum_of_what_the_cut_keeps(
    found: list[tuple[int, int, bool]], low: int, high: int
) -> None:
    total = sum(c[1] for c in found)
    kept = tiebreaks._cut(list(found), low, high)
    assert tiebreaks._cut_total(found, total, low, high) == sum(c[1] for c in kept)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_tournaments)
def test_completed_rounds(t: Tournament) -> None:
    expected = 0
    for rnd in t.rounds:
        if not rnd.paired or not all(g.has_result for g in rnd.games):
            break
        expected += 1
    assert completed_rounds(t) == expected


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_tournaments)
def test_every_tiebreak_of_an_odd_tournament(t: Tournament) -> None:
    """Every built-in tie-break runs on any tournament (the fast paths fall back where
    a player has two games in a round) and BH-C1 is BH minus the cut."""
    for after in range(len(t.rounds) + 1):
        values = {code: tb.values(t, after) for code, tb in FIDE_TIEBREAKS.items()}
        for number in values["BH"]:
            assert values["BH-C1"][number] <= values["BH"][number] or values["BH"][number] < 0


def test_a_tournament_and_its_context_are_freed_without_the_garbage_collector() -> None:
    """The cached context refers to its tournament weakly: no reference cycle, so a
    large tournament is freed as soon as it is no longer used (the collector would
    have to walk all its objects to find the cycle)."""
    rng = random.Random(5)
    players = tuple(Player(n, f"P{n}", rating=1000 + n) for n in range(1, 9))
    rounds = []
    for number in range(1, 4):
        order = rng.sample(range(1, 9), 8)
        pairs = zip(order[::2], order[1::2], strict=True)
        rounds.append(
            Round(number, tuple(Game(a, b, ResultCode.WIN, ResultCode.LOSS) for a, b in pairs))
        )
    t = Tournament(players=players, rounds=tuple(rounds))
    context = tiebreak_context(t, 3)
    assert context.tournament.player_map == t.player_map
    assert context.tournament == t
    assert isinstance(context.tournament, Tournament)
    compute_standings(t, list(FIDE_TIEBREAKS.values()))
    gone = weakref.ref(t)
    enabled = gc.isenabled()
    gc.disable()
    try:
        del t, context
        assert gone() is None
    finally:
        if enabled:
            gc.enable()


# -- performance ratings, AOB and the Netrunner ranking: the plain code they replaced -----


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.integers(min_value=-50, max_value=12000), min_size=1, max_size=12),
    st.data(),
)
def test_perfect_performance_with_a_table(ratings: list[int], data: st.DataObject) -> None:
    """The table of probabilities (and the sums past its ends) changes nothing."""
    halves = data.draw(st.integers(min_value=0, max_value=2 * len(ratings)))
    score = Fraction(halves, 2)
    plain = tiebreaks.perfect_tournament_performance(ratings, score)
    small = tiebreaks._Probabilities(-40, 40)  # most sums past its ends
    for table in (tiebreaks._Probabilities.covering(ratings), small):
        assert tiebreaks.perfect_tournament_performance(ratings, score, table) == plain


def reference_rated_games(
    t: Tournament, row: Sequence[Slot], unrated: int | None
) -> tuple[list[int], Fraction]:
    players = t.player_map
    ratings: list[int] = []
    score = Fraction(0)
    for slot in row:
        if not slot.played or slot.opponent is None:
            continue
        rating = players[slot.opponent].rating if slot.opponent in players else 0
        if rating <= 0:
            if unrated is None:
                continue
            rating = unrated
        ratings.append(rating)
        score += {1: Fraction(1), 0: Fraction(1, 2), -1: Fraction(0)}[slot.outcome]
    return ratings, score


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_tournaments, st.sampled_from([None, 1400]))
def test_performance_and_aob_as_before(t: Tournament, unrated: int | None) -> None:
    for after in range(len(t.rounds) + 1):
        context = tiebreak_context(t, after)
        games = {n: reference_rated_games(t, row, unrated) for n, row in context.slots.items()}
        tpr = tiebreaks.TournamentPerformanceRating(unrated).from_context(context)
        ptp = tiebreaks.PerfectTournamentPerformance(unrated).from_context(context)
        for n, (ratings, score) in games.items():
            assert tpr[n] == tiebreaks.tournament_performance_rating(ratings, score)
            assert ptp[n] == tiebreaks.perfect_tournament_performance(ratings, score)
        buchholz = tiebreaks._opponent_sums(context, False, 0, 0)
        aob = tiebreaks.AverageOpponentsBuchholz().from_context(context)
        for n, row in context.slots.items():
            opponents = [s.opponent for s in row if s.played and s.opponent in buchholz]
            total = sum((buchholz[o] for o in opponents if o is not None), Fraction(0))
            assert aob[n] == (total / len(opponents) if opponents else Fraction(0))


def reference_schedule(
    t: Tournament, after_round: int
) -> tuple[dict[int, Fraction], dict[int, list[int]]]:
    state = netrunner.netrunner_tournament(t).replace().state(after_round=after_round)
    per_round: dict[int, Fraction] = {}
    opponents: dict[int, list[int]] = {}
    for number, player in state.items():
        points = Fraction(0)
        rounds = 0
        opponents[number] = []
        for r in player.records:
            if r.opponent is not None and r.result is not None:
                opponents[number].append(r.opponent)
            elif r.bye is not ByeKind.PAIRING_ALLOCATED:
                continue
            points += r.points
            rounds += 1
        per_round[number] = points / rounds if rounds else Fraction(0)
    return per_round, opponents


def _mean(values: Sequence[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def _means(values: dict[int, Fraction], opponents: dict[int, list[int]]) -> dict[int, Fraction]:
    return {n: _mean([values[o] for o in opps]) for n, opps in opponents.items()}


def _outcome(function: Any, *args: Any) -> tuple[str, Any]:
    try:
        return ("value", function(*args))
    except KeyError as exc:
        return ("error", str(exc))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_tournaments)
def test_netrunner_ranking_as_before(t: Tournament) -> None:
    for after in range(len(t.rounds) + 2):
        fresh = t.replace()
        per_round, opponents = reference_schedule(t, after)
        assert netrunner._schedule(fresh, after) == (per_round, opponents)
        state = netrunner.netrunner_tournament(t).replace().state(after)
        assert netrunner.NetrunnerPoints().values(fresh, after) == {
            n: p.score for n, p in state.items()
        }
        sos = _outcome(_means, per_round, opponents)
        assert _outcome(netrunner.StrengthOfSchedule().values, fresh, after) == sos
        if sos[0] == "value":
            esos = _outcome(_means, sos[1], opponents)
            found = _outcome(netrunner.ExtendedStrengthOfSchedule().values, fresh, after)
            assert found == esos
