"""TPR and PTP (FIDE C.07 2023, Art. 10.2 and 10.3) against hand-computed values.

The tournament (``event()``): 8 players, 4 rounds, with an unrated player, forfeits,
half-point byes, a pairing-allocated bye and a player who never plays a game.

    Ratings: 1:2200  2:2050  3:1900  4:1800  5:unrated (0)  6:1650  7:1500  8:1400

    R1: 1-8 1-0    2-7 +- (forfeit)    5-4 1-0    3-6 =
    R2: 5-1 0-1    4-2 0-1             6-8 1-0    3 half-point bye   7 PAB
    R3: 1-3 1-0    7-4 -+ (forfeit)    2-6 =      8-5 0-1
    R4: 6-4 1-0    3-5 1-0             2-8 1-0    1 half-point bye   7 absent

Games that count (played over the board; byes and forfeits never count; games against
the unrated player 5 only with a rating for unrated players):

    1: 8 (1400) W, [5 W], 3 (1900) W          2: 4 (1800) W, 6 (1650) D, 8 (1400) W
    3: 6 (1650) D, 1 (2200) L, [5 W]          4: [5 L], 2 (2050) L, 6 (1650) L
    5: 4 (1800) W, 1 (2200) L, 8 (1400) W, 3 (1900) L
    6: 3 (1900) D, 8 (1400) W, 2 (2050) D, 4 (1800) W
    7: none (two forfeit losses, a PAB, an absence)
    8: 1 (2200) L, 6 (1650) L, [5 L], 2 (2050) L

dp (B.02 8.1 a) used below: 0.25 -> -193, 0.50 -> 0, 0.75 -> 193, 0.83 -> 273,
0 -> -800, 1 -> +800.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.cli import run
from fairpair.errors import InputError
from fairpair.formats import save_tournament
from fairpair.model import ByeKind, Game, Player, PointSystem, ResultCode, Round, Tournament
from fairpair.standings import compute_standings
from fairpair.tiebreaks import (
    DP_TABLE,
    FIDE_TIEBREAKS,
    PD_LIMITS,
    AverageRatingOfOpponents,
    PerfectTournamentPerformance,
    TournamentPerformanceRating,
    expected_score,
    parse_tiebreaks,
    perfect_tournament_performance,
    rating_difference,
    scoring_probability,
    tournament_performance_rating,
)

F = Fraction

_RESULTS = {
    "1-0": (ResultCode.WIN, ResultCode.LOSS),
    "0-1": (ResultCode.LOSS, ResultCode.WIN),
    "=": (ResultCode.DRAW, ResultCode.DRAW),
    "+-": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    "-+": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
}

RATINGS = {1: 2200, 2: 2050, 3: 1900, 4: 1800, 5: 0, 6: 1650, 7: 1500, 8: 1400}


def g(white: int, black: int, result: str) -> Game:
    w, b = _RESULTS[result]
    return Game(white, black, w, b)


def event(points: PointSystem | None = None) -> Tournament:
    players = tuple(Player(n, f"Player {n}", rating=r) for n, r in RATINGS.items())
    half, pab, zero = ByeKind.HALF_POINT, ByeKind.PAIRING_ALLOCATED, ByeKind.ZERO_POINT
    rounds = (
        Round(1, (g(1, 8, "1-0"), g(2, 7, "+-"), g(5, 4, "1-0"), g(3, 6, "="))),
        Round(2, (g(5, 1, "0-1"), g(4, 2, "0-1"), g(6, 8, "1-0")), {3: half, 7: pab}),
        Round(3, (g(1, 3, "1-0"), g(7, 4, "-+"), g(2, 6, "="), g(8, 5, "0-1"))),
        Round(4, (g(6, 4, "1-0"), g(3, 5, "1-0"), g(2, 8, "1-0")), {1: half, 7: zero}),
    )
    if points is None:
        return Tournament(players=players, rounds=rounds, total_rounds=4)
    return Tournament(players=players, rounds=rounds, total_rounds=4, points=points)


def values(code: str, tournament: Tournament | None = None, after: int = 4) -> dict[int, F]:
    t = event() if tournament is None else tournament
    return dict(parse_tiebreaks(code)[0].values(t, after))


# -- the tables of the FIDE Rating Regulations (B.02 8.1) ------------------------------


def test_dp_table_values_and_symmetry() -> None:
    assert len(DP_TABLE) == 51 and DP_TABLE[0] == 0 and DP_TABLE[-1] == 800
    assert list(DP_TABLE) == sorted(DP_TABLE)
    samples = {
        F(1, 2): 0, F(51, 100): 7, F(3, 4): 193, F(9, 10): 366, F(99, 100): 677,
        F(1): 800, F(0): -800, F(1, 100): -677, F(1, 4): -193, F(2, 5): -72,
    }  # fmt: skip
    assert {p: rating_difference(p) for p in samples} == samples
    # p rounded to the hundredth: 5/6 = 0.833 -> 0.83; 2/3 -> 0.67; 1/3 -> 0.33
    assert rating_difference(F(5, 6)) == 273
    assert (rating_difference(F(2, 3)), rating_difference(F(1, 3))) == (125, -125)
    # halves upwards: 5/8 = 0.625 -> 0.63 (95); 3/8 = 0.375 -> 0.38 (-87)
    assert (rating_difference(F(5, 8)), rating_difference(F(3, 8))) == (95, -87)
    with pytest.raises(ValueError):
        rating_difference(F(3, 2))


@pytest.mark.parametrize(
    ("difference", "hundredths"),
    [
        (0, 50), (3, 50), (4, 51), (-4, 49), (10, 51), (11, 52), (137, 68), (138, 69),
        (-288, 16), (411, 92), (412, 93), (559, 97), (560, 98), (610, 98), (619, 98),
        (620, 99), (735, 99), (736, 100), (-736, 0), (2000, 100), (-2000, 0),
    ],
)  # fmt: skip
def test_scoring_probability_table(difference: int, hundredths: int) -> None:
    # B.02 8.1 (b): D 0-3 -> .50, 4-10 -> .51, ..., 392-411 -> .92, 560-619 -> .98,
    # 620-735 -> .99, over 735 -> 1.00; the full scale (no 400-point cut).
    assert scoring_probability(difference) == F(hundredths, 100)
    assert scoring_probability(-difference) == 1 - F(hundredths, 100)


def test_pd_limits_are_increasing() -> None:
    assert len(PD_LIMITS) == 50 and PD_LIMITS[-1] == 735
    assert all(a < b for a, b in pairwise(PD_LIMITS))


# -- TPR (Art. 10.2) -------------------------------------------------------------------


def test_tpr() -> None:
    # 1: 2/2 against 1400, 1900: ARO 1650, 100 % -> +800           = 2450
    # 2: 2.5/3 against 1800, 1650, 1400 (forfeit win over 7 left out):
    #    ARO 4850/3 = 1616.67 -> 1617; p = 0.833 -> 0.83 -> +273    = 1890
    # 3: 0.5/2 against 1650, 2200 (the win over unrated 5 and the half-point bye left
    #    out): ARO 1925; p = 0.25 -> -193                          = 1732
    # 4: 0/2 against 2050, 1650 (the forfeit win over 7 left out, so 0 % although his
    #    score is 1): ARO 1850, 0 % -> -800                         = 1050
    # 5 (unrated himself): 2/4 against 1800, 2200, 1400, 1900: ARO 1825, +0 = 1825
    # 6: 3/4 against 1900, 1400, 2050, 1800: ARO 7150/4 = 1787.5 -> 1788 (half up),
    #    p = 0.75 -> +193                                          = 1981
    # 7: no game played                                             = 0
    # 8: 0/3 against 2200, 1650, 2050: ARO 5900/3 = 1966.67 -> 1967, -800 = 1167
    assert values("TPR") == {1: 2450, 2: 1890, 3: 1732, 4: 1050, 5: 1825, 6: 1981, 7: 0, 8: 1167}


def test_tpr_with_a_rating_for_unrated_opponents() -> None:
    # 5 counts as 1600:
    # 1: 3/3 against 1400, 1600, 1900: ARO 4900/3 = 1633.33 -> 1633, +800 = 2433
    # 3: 1.5/3 against 1650, 2200, 1600: ARO 5450/3 = 1816.67 -> 1817, +0 = 1817
    # 4: 0/3 against 1600, 2050, 1650: ARO 5300/3 = 1766.67 -> 1767, -800 = 967
    # 8: 0/4 against 2200, 1650, 1600, 2050: ARO 1875, -800 = 1075
    # 2, 5, 6 never met 5 (5 does not meet himself): unchanged; 7 still 0.
    tpr = TournamentPerformanceRating(unrated_rating=1600).values(event(), 4)
    assert tpr == {1: 2433, 2: 1890, 3: 1817, 4: 967, 5: 1825, 6: 1981, 7: 0, 8: 1075}
    assert values("TPR-U1600") == tpr
    assert values("tpr/u1600") == tpr


def test_tpr_is_aro_plus_dp() -> None:
    # The ARO part is the ARO tie-break (same games, same rounding).
    aro = values("ARO")
    assert aro == {1: 1650, 2: 1617, 3: 1925, 4: 1850, 5: 1825, 6: 1788, 7: 0, 8: 1967}
    dp = {1: 800, 2: 273, 3: -193, 4: -800, 5: 0, 6: 193, 8: -800}
    tpr = values("TPR")
    assert all(tpr[n] == aro[n] + dp[n] for n in dp)
    unrated = AverageRatingOfOpponents(unrated_rating=1600).values(event(), 4)
    assert (unrated[1], unrated[8]) == (1633, 1875)
    assert AverageRatingOfOpponents(unrated_rating=1600).code == "ARO-U1600"
    assert values("ARO-U1600") == unrated


# -- PTP (Art. 10.3) -------------------------------------------------------------------


def test_ptp_worked_example() -> None:
    # Player 2: 2.5 points against 1800, 1650, 1400 (the example in docs/tiebreaks.md).
    # R = 1938: D = 138, 288, 538 -> 0.69 + 0.84 + 0.97 = 2.50 >= 2.5
    # R = 1937: D = 137, 287, 537 -> 0.68 + 0.84 + 0.97 = 2.49 <  2.5
    opponents = [1800, 1650, 1400]
    assert expected_score(1938, opponents) == F(5, 2)
    assert expected_score(1937, opponents) == F(249, 100)
    assert perfect_tournament_performance(opponents, F(5, 2)) == 1938


def test_ptp() -> None:
    # 1: 100 % against 1400, 1900: every probability must be 1.00, i.e. D > 735 for
    #    the highest-rated opponent: 1900 + 736                      = 2636
    # 2: the worked example                                          = 1938
    # 3: 0.5 against 1650, 2200. R = 1700: D = 50 (.57), -500 (.04) = 0.61;
    #    R = 1650: D = 0 (.50), -550 (.03) = 0.53; R = 1630: D = -20 (.47), -570 (.02)
    #    = 0.49 < 0.5; R = 1633: D = -17 (.48), -567 (.02) = 0.50; R = 1632: D = -18
    #    (.47), -568 (.02) = 0.49 -> the lowest is                  = 1633
    # 4: zero score: the lowest opponent (1650) - 800                = 850
    # 5: 2 against 1800, 2200, 1400, 1900. R = 1812: D = 12 (.52), -388 (.09),
    #    412 (.93), -88 (.38) = 1.92; R = 1830: D = 30 (.54), -370 (.10), 430 (.93),
    #    -70 (.40) = 1.97; R = 1840: D = 40 (.56), -360 (.10), 440 (.94), -60 (.42)
    #    = 2.02; R = 1833: D = 33 (.55), -367 (.10), 433 (.94), -67 (.41) = 2.00;
    #    R = 1832: D = 32 (.54), -368 (.10), 432 (.93), -68 (.41) = 1.98 -> = 1833
    # 6: 3 against 1900, 1400, 2050, 1800. R = 1950: D = 50 (.57), 550 (.97),
    #    -100 (.36), 150 (.70) = 2.60; R = 2000: D = 100 (.64), 600 (.98), -50 (.43),
    #    200 (.76) = 2.81; R = 2050: D = 150 (.70), 650 (.99), 0 (.50), 250 (.81)
    #    = 3.00; R = 2049: D = 149 (.70), 649 (.99), -1 (.50), 249 (.81) = 3.00;
    #    R = 2047: D = 147 (.70), 647 (.99), -3 (.50), 247 (.81) = 3.00;
    #    R = 2046: D = 146 (.70), 646 (.99), -4 (.49), 246 (.81) = 2.99 -> = 2047
    # 7: no game                                                     = 0
    # 8: zero score: 1650 - 800                                      = 850
    assert values("PTP") == {1: 2636, 2: 1938, 3: 1633, 4: 850, 5: 1833, 6: 2047, 7: 0, 8: 850}


def test_ptp_with_a_rating_for_unrated_opponents() -> None:
    # 5 counts as 1600. 1: 100 % against 1400, 1600, 1900: still 1900 + 736 = 2636.
    # 4 and 8: zero scores, the lowest opponent is now 5 (1600): 1600 - 800 = 800.
    # 3: 1.5 against 1650, 2200, 1600. R = 1800: D = 150 (.70), -400 (.08),
    #    200 (.76) = 1.54; R = 1790: D = 140 (.69), -410 (.08), 190 (.75) = 1.52;
    #    R = 1780: D = 130 (.68), -420 (.07), 180 (.74) = 1.49; R = 1783: D = 133
    #    (.68), -417 (.07), 183 (.74) = 1.49; R = 1785: D = 135 (.68), -415 (.07),
    #    185 (.74) = 1.49; R = 1788: D = 138 (.69), -412 (.07), 188 (.74) = 1.50;
    #    R = 1787: D = 137 (.68), -413 (.07), 187 (.74) = 1.49 -> = 1788
    ptp = PerfectTournamentPerformance(unrated_rating=1600).values(event(), 4)
    assert (ptp[1], ptp[3], ptp[4], ptp[8]) == (2636, 1788, 800, 800)
    assert (ptp[2], ptp[5], ptp[6], ptp[7]) == (1938, 1833, 2047, 0)
    assert values("PTP-U1600") == ptp


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1000, 2800), min_size=1, max_size=11),
    st.data(),
)
def test_ptp_is_the_lowest_rating_that_reaches_the_score(
    opponents: list[int], data: st.DataObject
) -> None:
    halves = data.draw(st.integers(1, 2 * len(opponents)))
    score = F(halves, 2)
    ptp = perfect_tournament_performance(opponents, score)
    assert expected_score(ptp, opponents) >= score
    assert expected_score(ptp - 1, opponents) < score
    # and TPR is ARO + dp, bounded by the table's ends
    tpr = tournament_performance_rating(opponents, score)
    assert min(opponents) - 800 <= tpr <= max(opponents) + 800


def test_special_scores_and_no_games() -> None:
    assert perfect_tournament_performance([1500, 2000], F(0)) == 700
    assert perfect_tournament_performance([1500, 2000], F(2)) == 2736
    assert tournament_performance_rating([1500, 2000], F(0)) == 950
    assert tournament_performance_rating([1500, 2000], F(2)) == 2550
    assert perfect_tournament_performance([], F(0)) == 0
    assert tournament_performance_rating([], F(0)) == 0
    with pytest.raises(ValueError):
        perfect_tournament_performance([1500], F(2))


# -- which games count -----------------------------------------------------------------


def test_byes_forfeits_and_pending_games_do_not_count() -> None:
    # After round 2 with round 3 paired but without results: 2 has the forfeit win
    # (left out) and the win over 4 (1800): 1/1 -> 1800 + 800 = 2600, PTP 1800 + 736.
    # 3 has a draw with 6 and a half-point bye: 0.5/1 -> 1650; PTP: lowest R with
    # PD(R - 1650) >= 0.50 is 1650 - 3 = 1647 (D -3 .. 3 -> 0.50).
    t = event()
    pending = Round(3, tuple(Game(x.white, x.black) for x in t.rounds[2].games))
    t = Tournament(players=t.players, rounds=(*t.rounds[:2], pending), total_rounds=4)
    tpr, ptp = values("TPR", t, 3), values("PTP", t, 3)
    assert (tpr[2], ptp[2]) == (2600, 2536)
    assert (tpr[3], ptp[3]) == (1650, 1647)
    # 7: a forfeit loss and a PAB, no game: 0
    assert (tpr[7], ptp[7]) == (0, 0)


def test_fractional_score_uses_game_results_not_the_point_system() -> None:
    # 3/1/0 scoring (a bye worth 3): TPR and PTP are the same as with 1/0.5/0.
    football = PointSystem(
        white_win=F(3), black_win=F(3), white_draw=F(1), black_draw=F(1),
        forfeit_win=F(3), pairing_allocated_bye=F(3), half_point_bye=F(1),
        full_point_bye=F(3),
    )  # fmt: skip
    t = event(football)
    assert values("TPR", t) == values("TPR")
    assert values("PTP", t) == values("PTP")


# -- codes, parser, standings, command line --------------------------------------------


def test_codes_and_parser() -> None:
    assert FIDE_TIEBREAKS["TPR"] == TournamentPerformanceRating()
    assert FIDE_TIEBREAKS["PTP"] == PerfectTournamentPerformance()
    parsed = parse_tiebreaks("tpr, PTP, TPR-U1400, ptp/u1000, ARO-C1-U1400")
    assert [tb.code for tb in parsed] == ["TPR", "PTP", "TPR-U1400", "PTP-U1000", "ARO-C1-U1400"]
    assert parsed[2] == TournamentPerformanceRating(unrated_rating=1400)
    assert [tb.name for tb in parsed[:2]] == [
        "Tournament performance rating",
        "Perfect tournament performance",
    ]


@pytest.mark.parametrize("spec", ["TPR-C1", "PTP-M1", "TPR-U0", "BH-U1400", "PTP-U"])
def test_parser_rejects_modifiers_c07_does_not_define(spec: str) -> None:
    with pytest.raises(InputError) as err:
        parse_tiebreaks(spec)
    assert "TPR" in str(err.value) and "PTP" in str(err.value)


def test_standings_with_tpr_and_ptp() -> None:
    # Points: 1 and 2 have 3.5, 6 has 3, 3 and 5 have 2, 4 and 7 have 1, 8 has 0.
    # 1 (TPR 2450) ranks above 2 (1890); 3 (1732) below 5 (1825); 4 (1050) above 7 (0).
    table = compute_standings(event(), parse_tiebreaks("TPR,PTP"))
    assert [row.player.number for row in table.rows] == [1, 2, 6, 5, 3, 4, 7, 8]
    assert table.row_of(6).values == (F(1981), F(2047))


def test_command_line_standings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "event.trf"
    save_tournament(event(), path)
    assert run(["standings", str(path), "--tiebreaks", "TPR,PTP", "--json", "-"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    got = {row["number"]: (row["tiebreaks"]["TPR"], row["tiebreaks"]["PTP"]) for row in rows}
    assert got == {
        1: (2450, 2636), 2: (1890, 1938), 3: (1732, 1633), 4: (1050, 850),
        5: (1825, 1833), 6: (1981, 2047), 7: (0, 0), 8: (1167, 850),
    }  # fmt: skip


def test_standings_help_lists_tpr_and_ptp(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["standings", "--help"]) == 0
    out = capsys.readouterr().out
    assert "TPR (tournament performance rating)" in out
    assert "PTP (perfect tournament performance)" in out
