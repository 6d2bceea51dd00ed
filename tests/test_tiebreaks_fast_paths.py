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

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair import tiebreaks
from fairpair.model import Colour, Game, Player, ResultCode, Round, Tournament
from fairpair.standings import compute_standings
from fairpair.tiebreaks import FIDE_TIEBREAKS, Slot, completed_rounds, tiebreak_context
from test_trf_fast_paths import any_tournaments


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
