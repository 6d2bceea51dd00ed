"""Tests of the core model: derived state, pairing application, point systems."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fairpair.model import (
    Board,
    ByeKind,
    Colour,
    Float,
    Game,
    Pairing,
    Player,
    PointSystem,
    ResultCode,
    Round,
    Tournament,
    format_points,
)

W, L, D, FW, FL = (
    ResultCode.WIN,
    ResultCode.LOSS,
    ResultCode.DRAW,
    ResultCode.FORFEIT_WIN,
    ResultCode.FORFEIT_LOSS,
)


def four_players() -> Tournament:
    """Round 1: 1-3 (1-0), 2-4 forfeit won by 4. Round 2: 4-1 draw, 3 PAB? no: 3-2 (0-1).
    Round 3: 1 half-point bye, 2-4 not repeated... 4 plays 3 (1-0), 2 absent."""
    players = tuple(Player(n, f"P{n}", rating=2000 - 10 * n) for n in range(1, 5))
    r1 = Round(1, (Game(1, 3, W, L), Game(2, 4, FL, FW)))
    r2 = Round(2, (Game(4, 1, D, D), Game(3, 2, L, W)))
    r3 = Round(3, (Game(4, 3, W, L),), {1: ByeKind.HALF_POINT, 2: ByeKind.ZERO_POINT})
    return Tournament(players=players, rounds=(r1, r2, r3), total_rounds=4)


def test_scores_are_computed_from_results() -> None:
    state = four_players().state()
    # 1: win + draw + half-point bye = 2; 2: forfeit loss + win + absence = 1
    # 3: loss + loss + loss = 0; 4: forfeit win + draw + win = 2.5
    assert [state[n].score for n in (1, 2, 3, 4)] == [2, 1, 0, Fraction(5, 2)]


def test_colour_history_counts_played_games_only() -> None:
    state = four_players().state()
    # Player 4: round 1 forfeit (black, not counted), round 2 white, round 3 white.
    assert state[4].colour_history == (Colour.WHITE, Colour.WHITE)
    assert state[4].colour_difference == 2
    # Player 2: forfeit (white, not counted), then black in round 2, absent in 3.
    assert state[2].colour_history == (Colour.BLACK,)
    assert state[2].colour_difference == -1


def test_opponents_with_and_without_forfeits() -> None:
    state = four_players().state()
    assert state[2].opponents == {4, 3}
    assert state[2].played_opponents == {3}
    assert state[4].forfeit_wins == 1


def test_floats_and_byes() -> None:
    state = four_players().state()
    # Player 1: round 1 vs 3 (0 vs 0) no float; round 2 vs 4: 1 has 1 point, 4 has 1 (forfeit
    # win) -> none; round 3 half-point bye -> unplayed counts as a downfloat.
    assert state[1].floats == (Float.NONE, Float.NONE, Float.DOWN)
    # Player 3 in round 3 (0 points) meets 4 (1.5 points): upfloat.
    assert state[3].floats[2] is Float.UP
    # Player 2's forfeit loss in round 1 counts as a downfloat (not played).
    assert state[2].floats[0] is Float.DOWN
    assert state[1].byes == (ByeKind.HALF_POINT,)
    assert state[2].byes == (ByeKind.ZERO_POINT,)


def test_state_is_cached_per_round() -> None:
    t = four_players()
    assert t.state(after_round=2) is t.state(after_round=2)
    assert t.state(after_round=1)[1].score == 1


def test_next_round_and_present_players_with_preset_absence() -> None:
    t = four_players().with_round(Round(4, (), {3: ByeKind.ZERO_POINT}))
    assert t.rounds_played == 3
    assert t.next_round() == 4
    assert t.present_players(4) == (1, 2, 4)


def test_with_pairing_keeps_preset_byes_and_adds_pab() -> None:
    t = four_players().with_round(Round(4, (), {3: ByeKind.HALF_POINT}))
    pairing = Pairing(round=4, boards=(Board(4, 1),), bye=2)
    t2 = t.with_pairing(pairing)
    rnd = t2.round(4)
    assert rnd.byes == {3: ByeKind.HALF_POINT, 2: ByeKind.PAIRING_ALLOCATED}
    assert rnd.games == (Game(4, 1),)
    assert t2.next_round() == 5
    assert t2.pairing_of(4).bye == 2
    t3 = t2.with_results(4, {(4, 1): (L, W)})
    assert t3.state()[1].score == 3  # 2 + win
    assert t3.state()[2].score == 2  # 1 + PAB (1 point)
    assert t3.state()[3].score == Fraction(1, 2)


def test_double_pairing_fills_two_columns_with_colours_reversed() -> None:
    t = Tournament(players=tuple(Player(n) for n in range(1, 4)), double_rounds=True)
    t = t.with_pairing(Pairing(round=1, boards=(Board(2, 1),), bye=3, double=True))
    assert t.round(1).games == (Game(2, 1),)
    assert t.round(2).games == (Game(1, 2),)
    assert t.round(1).byes == t.round(2).byes == {3: ByeKind.PAIRING_ALLOCATED}
    assert t.next_round() == 3


def test_point_system_per_colour_and_byes() -> None:
    ps = PointSystem(black_win=Fraction(3, 2), pairing_allocated_bye=Fraction(1, 2))
    assert ps.game_points(W, Colour.BLACK) == Fraction(3, 2)
    assert ps.game_points(W, Colour.WHITE) == 1
    assert ps.game_points(FW, Colour.BLACK) == 1
    assert ps.bye_points(ByeKind.PAIRING_ALLOCATED) == Fraction(1, 2)
    netrunner = PointSystem.uniform(3, 1)
    assert netrunner.game_points(D, Colour.WHITE) == 1
    assert netrunner.bye_points(ByeKind.PAIRING_ALLOCATED) == 3


def test_withdrawal_and_late_entry() -> None:
    players = (Player(1), Player(2, withdrawn_from=3), Player(3, entered_at=2))
    t = Tournament(players=players)
    assert t.present_players(1) == (1, 2)
    assert t.present_players(2) == (1, 2, 3)
    assert t.present_players(3) == (1, 3)


@pytest.mark.parametrize(
    ("value", "text"),
    [(Fraction(5, 2), "2.5"), (Fraction(3), "3"), (Fraction(1, 4), "0.25"), (0, "0")],
)
def test_format_points(value: Fraction, text: str) -> None:
    assert format_points(value) == text


def test_incremental_state_equals_fresh_computation() -> None:
    """States carried over by with_round / built from cached rounds match a fresh build."""
    from fairpair.workflow.generator import GeneratorConfig, generate

    config = GeneratorConfig(players=11, rounds=6, seed=4, forfeit_rate=0.1, bye_rate=0.1)
    built = generate("score-order", config)  # built round by round, caches carried over
    fresh = built.replace()  # same fields, empty caches
    for k in (6, 2, 4, 0, 9):
        assert built.state(after_round=k) == fresh.replace().state(after_round=k)
