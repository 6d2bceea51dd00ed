"""Hand-worked tests of the Netrunner (Excalibur) system: one priority level against
the level below it, the options, the weight layout and the standings criteria.

Notation in comments: C = played Corp, R = played Runner; "diff" = Corp games minus
Runner games; fillers are players absent in the round under test, used only to give
the players under test a history.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from fairpair.errors import InputError, NoPairingError
from fairpair.model import ByeKind, Game, Pairing, PointSystem, ResultCode, Round, Tournament
from fairpair.systems import get_system
from fairpair.systems.netrunner import (
    NETRUNNER_POINTS,
    NOISE_BITS,
    ExtendedStrengthOfSchedule,
    NetrunnerSystem,
    RoundProblem,
    StrengthOfSchedule,
    cost_vector,
    netrunner_tournament,
)
from helpers import all_pairings, build, pairing


def vec(t: Tournament, rnd: int, p: Pairing, **options: object) -> dict[str, int]:
    problem = RoundProblem(t, rnd, **options)  # type: ignore[arg-type]
    return problem.describe(problem.vector(p))


def pairs_of(p: Pairing) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in p.boards}


def corp_of(p: Pairing, player: int) -> bool:
    return any(b.white == player for b in p.boards)


SEEDS = range(6)


# -- criterion 1 ---------------------------------------------------------------------------


def test_rematch_beats_bye_to_lower_score() -> None:
    # Round 1: 1 (C) ties 2; 3 absent. Scores 1:1, 2:1, 3:0.
    # Round 2: a bye to 3 (lowest, criterion 2) would make 1-2 meet again (criterion 1);
    # so the bye goes to 1 or 2 and 3 plays the other one.
    t = build(3, [[(1, 2, "=")]], absent={1: [3]})
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 2)
        assert p.bye in (1, 2)
        assert pairs_of(p) == {frozenset((3, 3 - p.bye))}
    worse = vec(t, 2, pairing(2, [(2, 1)], bye=3))
    assert worse["meeting-2"] == 1 and worse["bye-score"] == 0


def test_third_meeting_is_worse_than_two_second_meetings() -> None:
    # Meetings so far: 1-2 twice, 1-4 twice, 1-3 once, 2-4 once (others absent).
    # {1-2, 3-4}: a third meeting; {1-4, 2-3}: a third meeting;
    # {1-3, 2-4}: two second meetings and no third one -> best.
    rounds = [[(1, 2, "1")], [(2, 1, "1")], [(1, 4, "1")], [(4, 1, "1")], [(1, 3, "1")]]
    rounds += [[(2, 4, "1")]]
    absent = {1: [3, 4], 2: [3, 4], 3: [2, 3], 4: [2, 3], 5: [2, 4], 6: [1, 3]}
    t = build(4, rounds, absent=absent)
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 7)
        assert pairs_of(p) == {frozenset((1, 3)), frozenset((2, 4))}
        v = p.info["criteria"]
        assert (v["meeting-3"], v["meeting-2"]) == (0, 2)
    alternative = vec(t, 7, pairing(7, [(1, 2), (3, 4)]))
    assert (alternative["meeting-3"], alternative["meeting-2"]) == (1, 0)


def test_repeat_bye_counts_as_a_rematch() -> None:
    # 3 got the bye in round 1; players 1, 2 tied. Round 2: giving 3 (score 3, the
    # highest group) the bye again is a "second bye"; the bye goes to 1 or 2 instead,
    # although their score is lower... and 3 plays the other one: no second meeting.
    t = build(3, [[(1, 2, "=")]], byes={1: 3})
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 2)
        assert p.bye in (1, 2)
    assert vec(t, 2, pairing(2, [(1, 2)], bye=3))["meeting-2"] == 2  # rematch + 2nd bye


def test_side_penalties_never_outweigh_a_rematch() -> None:
    # The known failure of other tools. Rounds 1-2: 1 and 2 played Corp twice against 3
    # and 4 (diff +2, streak 2); 3 and 4 played Runner twice (diff -2).
    # {1-2, 3-4} is the only pairing without rematch; it costs two players at diff 3
    # and two streaks of 3 - still better than any rematch.
    t = build(4, [[(1, 3, "1"), (2, 4, "1")], [(1, 4, "1"), (2, 3, "1")]])
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 3)
        assert pairs_of(p) == {frozenset((1, 2)), frozenset((3, 4))}
        v = p.info["criteria"]
        assert v["meeting-2"] == 0 and v["side-difference-3"] == 2 and v["streak-3"] == 2
    rematch = vec(t, 3, pairing(3, [(3, 1), (4, 2)]))
    assert rematch["meeting-2"] == 2 and rematch["side-difference-3"] == 0


# -- criterion 2 ---------------------------------------------------------------------------


def test_bye_to_lower_score_beats_side_difference() -> None:
    # Fillers 4 and 5. Round 1: 1 (C) beats 4, 2 (C) loses to 5; round 2: 1 (C) loses
    # to 5, 2 (C) beats 4; 3 absent both times. Scores 1:3, 2:3, 3:0; 1 and 2 have
    # diff +2. Round 3 (4, 5 absent): the bye to 3 (lowest) forces 1-2, where one of
    # them reaches diff +3; a bye to 1 or 2 would avoid that, but criterion 2 comes first.
    rounds = [[(1, 4, "1"), (2, 5, "0")], [(1, 5, "0"), (2, 4, "1")]]
    t = build(5, rounds, absent={1: [3], 2: [3], 3: [4, 5]})
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 3)
        assert p.bye == 3
        assert p.info["criteria"]["side-difference-3"] == 1
    other = vec(t, 3, pairing(3, [(3, 2)], bye=1))
    assert other["bye-score"] == 1 and other["side-difference-3"] == 0


def test_bye_goes_to_the_lowest_score() -> None:
    # Round 1: 1 beats 2, 3 beats 4, 5 absent -> 5 and the losers have 0, 1 and 3 have 3.
    t = build(5, [[(1, 2, "1"), (3, 4, "1")]], absent={1: [5]})
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 2)
        assert p.bye in (2, 4, 5)


# -- criterion 3 ---------------------------------------------------------------------------


def history(sides: str, player: int, first_filler: int) -> list[tuple[int, int, str]]:
    """Games of ``player`` against fillers ``first_filler, first_filler + 1, ...``."""
    games = []
    for k, side in enumerate(sides):
        filler = first_filler + k
        games.append((player, filler, "=") if side == "C" else (filler, player, "="))
    return games


def by_round(*histories: list[tuple[int, int, str]]) -> list[list[tuple[int, int, str]]]:
    """Merge per-player histories into rounds (the k-th game of each in round k)."""
    length = max(len(h) for h in histories)
    return [[h[k] for h in histories if k < len(h)] for k in range(length)]


def test_side_difference_beats_streak() -> None:
    # Player 1: C C C C R R (diff +2, Runner streak 2); player 2 has not played.
    # 1 Corp -> diff +3 (criterion 3); 1 Runner -> streak of 3 Runner games (criterion 4).
    rounds = by_round(history("CCCCRR", 1, 3))
    t = build(8, rounds, absent={k: [2] for k in range(1, 7)} | {7: [3, 4, 5, 6, 7, 8]})
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 7)
        assert p.boards[0].black == 1
        assert p.info["criteria"]["streak-3"] == 1
    assert vec(t, 7, pairing(7, [(1, 2)]))["side-difference-3"] == 1


def test_higher_side_difference_first() -> None:
    # Player 1: diff +3 (C C C R C R C... ) - one player at diff 4 is worse than two at 3.
    # 1: C C C R C (diff +3, last C); 2: C C R C (diff +2, last C).
    # 1 Corp / 2 Runner: 1 at +4. 2 Corp / 1 Runner: 2 at +3, 1 at +2 -> better.
    rounds = by_round(history("CCCRC", 1, 3), history("CCRC", 2, 8))
    t = build(11, rounds, absent={7: list(range(3, 12))})
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 7)
        assert p.boards[0].white == 2
    v = vec(t, 7, pairing(7, [(1, 2)]))
    assert v["side-difference-4"] == 1


# -- criterion 4 ---------------------------------------------------------------------------


def test_streak_beats_score_groups() -> None:
    # 1, 2: R C C, wins (9 points); 3, 4: C R R, losses (0 points) - all vs fillers.
    # 1-2 and 3-4 each force a streak of 3; 1-3/2-4 (or 1-4/2-3) cross a score group
    # twice but give every player his wanted side.
    rounds = by_round(
        [(9, 1, "0"), (1, 10, "1"), (1, 11, "1")],
        [(12, 2, "0"), (2, 13, "1"), (2, 14, "1")],
        [(3, 15, "0"), (16, 3, "1"), (17, 3, "1")],
        [(4, 18, "0"), (19, 4, "1"), (20, 4, "1")],
    )
    t = build(20, rounds, absent={4: list(range(5, 21))})
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 4)
        assert all(frozenset(pair) & {1, 2} and frozenset(pair) & {3, 4} for pair in pairs_of(p))
        assert not corp_of(p, 1) and not corp_of(p, 2)
        assert p.info["criteria"]["crossing-1"] == 2
    assert vec(t, 4, pairing(4, [(1, 2), (3, 4)]))["streak-3"] == 2


# -- criterion 5 ---------------------------------------------------------------------------


def test_score_groups_beat_side_difference_two() -> None:
    # 1, 2: C R C with wins (9); 3, 4: R C R with losses (0). 1, 2 want Runner, 3, 4
    # want Corp. Same-group pairs 1-2, 3-4 give two players diff 2; crossing pairs
    # would give none, but crossing score groups is criterion 5, above criterion 6.
    rounds = by_round(
        [(1, 9, "1"), (10, 1, "0"), (1, 11, "1")],
        [(2, 12, "1"), (13, 2, "0"), (2, 14, "1")],
        [(15, 3, "1"), (3, 16, "0"), (17, 3, "1")],
        [(18, 4, "1"), (4, 19, "0"), (20, 4, "1")],
    )
    t = build(20, rounds, absent={4: list(range(5, 21))})
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 4)
        assert pairs_of(p) == {frozenset((1, 2)), frozenset((3, 4))}
        assert p.info["criteria"]["side-difference-2"] == 2
    assert vec(t, 4, pairing(4, [(3, 1), (4, 2)]))["side-difference-2"] == 0


def test_wider_crossing_is_worse_than_two_narrow_ones() -> None:
    # Scores 9 (1), 6 (2), 3 (3), 0 (4): groups 3, 2, 1, 0; 1-2 and 3-4 each cross one
    # group; 1-4 crosses three. 1-3 / 2-4 cross two twice. Best: 1-2, 3-4.
    rounds = by_round(
        [(1, 5, "1"), (1, 6, "1"), (1, 7, "1")],
        [(2, 8, "1"), (2, 9, "1"), (2, 10, "0")],
        [(3, 11, "1"), (3, 12, "0"), (3, 13, "0")],
        [(4, 14, "0"), (4, 15, "0"), (4, 16, "0")],
    )
    t = build(16, rounds, absent={4: list(range(5, 17))})
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 4)
        assert pairs_of(p) == {frozenset((1, 2)), frozenset((3, 4))}
        assert p.info["criteria"]["crossing-1"] == 2


# -- criteria 6 and 7 ----------------------------------------------------------------------


def test_side_difference_two_beats_alternation() -> None:
    # 1: C C R (diff +1, last R); 2 has not played. Alternating gives 1 Corp and
    # diff +2 (criterion 6); repeating Runner gives diff 0 (one more non-alternator).
    t = build(
        5, by_round(history("CCR", 1, 3)), absent={k: [2] for k in (1, 2, 3)} | {4: [3, 4, 5]}
    )
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 4)
        assert p.boards[0].black == 1
    assert vec(t, 4, pairing(4, [(1, 2)]))["side-difference-2"] == 1


def test_alternation() -> None:
    # 1 played Corp, 2 played Runner against each other... use fillers instead to avoid
    # a rematch: 1 (C) vs 3, 4 (C) vs 2. Round 2: 1-2 with 1 Runner, 2 Corp.
    t = build(4, [[(1, 3, "1"), (4, 2, "1")]], absent={2: [3, 4]})
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 2)
        assert (p.boards[0].white, p.boards[0].black) == (2, 1)
        assert p.info["criteria"]["not-alternating"] == 0


# -- options -------------------------------------------------------------------------------


def last_round_case() -> Tournament:
    # 1, 2: C C with wins (6, diff +2); 3, 4: R R with losses (0, diff -2).
    rounds = by_round(
        [(1, 5, "1"), (1, 6, "1")],
        [(2, 7, "1"), (2, 8, "1")],
        [(9, 3, "1"), (10, 3, "1")],
        [(11, 4, "1"), (12, 4, "1")],
    )
    return build(12, rounds, absent={3: list(range(5, 13))}, total_rounds=3)


def test_last_round_prefers_score_groups_over_side_difference_three() -> None:
    # Same-group pairs 1-2, 3-4 make two players reach |diff| 3 (and streak 3);
    # crossing pairs 1-3, 2-4 need no side compromise. Normally criterion 3 wins
    # (cross); with the FIDE-style last-round relaxation (an option: the spec says
    # Excalibur has no special last-round handling) differences and streaks of 3 come
    # after score groups in the last round.
    t = last_round_case()
    same = {frozenset((1, 2)), frozenset((3, 4))}
    for seed in SEEDS:
        spec = NetrunnerSystem(seed=seed).pair(t, 3)  # total_rounds = 3: the last round
        assert pairs_of(spec) != same
        assert spec.info["criteria"]["side-difference-3"] == 0
        relaxed = NetrunnerSystem(seed=seed, last_round_relaxation=True).pair(t, 3)
        assert pairs_of(relaxed) == same
        forced_off = NetrunnerSystem(seed=seed, last_round_relaxation=True, last_round=False)
        assert pairs_of(forced_off.pair(t, 3)) != same
    t4 = t.replace(total_rounds=4)
    assert pairs_of(NetrunnerSystem(last_round_relaxation=True).pair(t4, 3)) != same
    assert pairs_of(NetrunnerSystem(last_round=True).pair(t4, 3)) == same


def test_last_round_keeps_side_difference_four_above_score_groups() -> None:
    # 1, 2: C C C (+3) with wins; 3, 4: R R R (-3) with losses. Same-group pairs would
    # give |diff| 4: still avoided in the last round.
    rounds = by_round(
        [(1, 5, "1"), (1, 6, "1"), (1, 7, "1")],
        [(2, 8, "1"), (2, 9, "1"), (2, 10, "1")],
        [(11, 3, "1"), (12, 3, "1"), (13, 3, "1")],
        [(14, 4, "1"), (15, 4, "1"), (16, 4, "1")],
    )
    t = build(16, rounds, absent={4: list(range(5, 17))}, total_rounds=4)
    p = NetrunnerSystem(last_round_relaxation=True).pair(t, 4)
    assert pairs_of(p) != {frozenset((1, 2)), frozenset((3, 4))}


def test_no_bye_after_forfeit_win() -> None:
    # Fillers 4-6. Round 1: 2 wins by forfeit against 4, 1 beats 5, 3 beats 6.
    # Round 2: 1 beats 4, 3 beats 5, 2 loses to 6. Scores 1:6, 2:3, 3:6.
    # Round 3 (fillers absent): criterion 2 gives 2 the bye; with the FIDE rule the
    # forfeit winner gets no bye, so it goes to 1 or 3.
    rounds = [
        [(2, 4, "+"), (1, 5, "1"), (3, 6, "1")],
        [(1, 4, "1"), (3, 5, "1"), (2, 6, "0")],
    ]
    t = build(6, rounds, absent={3: [4, 5, 6]})
    for s in SEEDS:
        assert NetrunnerSystem(seed=s).pair(t, 3).bye == 2
        p = NetrunnerSystem(seed=s, no_bye_after_forfeit_win=True).pair(t, 3)
        assert p.bye in (1, 3)
    v = vec(t, 3, pairing(3, [(1, 3)], bye=2), no_bye_after_forfeit_win=True)
    assert v["bye-after"] == 1 and v["bye-score"] == 0


def test_fide_bye_rule_beats_rematches() -> None:
    # Round 1: 3 (C) wins by forfeit against 1, 2 absent; round 2: 2 (C) beats 3,
    # 1 absent. Round 3: a bye to 1 or 2 makes 3 meet the other one again; a bye to 3
    # avoids every rematch. With the FIDE rule (criterion 0) 3 may not have the bye.
    t = build(3, [[(3, 1, "+")], [(2, 3, "1")]], absent={1: [2], 2: [1]})
    for seed in SEEDS:
        assert NetrunnerSystem(seed=seed).pair(t, 3).bye == 3
        p = NetrunnerSystem(seed=seed, no_bye_after_forfeit_win=True).pair(t, 3)
        assert p.bye in (1, 2)
        assert p.info["criteria"]["meeting-2"] == 1


def test_forbidden_pair_beats_rematches() -> None:
    # 1 met 3 and 4; 1-2 is forbidden: every pairing of 1 is a rematch or forbidden.
    t = build(4, [[(1, 3, "1")], [(4, 1, "1")]], absent={1: [2, 4], 2: [2, 3]})
    t = t.replace(forbidden_pairs=frozenset({frozenset((1, 2))}))
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 3)
        assert frozenset((1, 2)) not in pairs_of(p)
        assert p.info["criteria"]["meeting-2"] == 1


def test_forbidden_pairs_are_avoided() -> None:
    t = build(4, []).replace(forbidden_pairs=frozenset({frozenset((1, 2)), frozenset((1, 3))}))
    for seed in SEEDS:
        p = NetrunnerSystem(seed=seed).pair(t, 1)
        assert frozenset((1, 4)) in pairs_of(p)


def test_double_sided_rounds() -> None:
    t = build(4, []).replace(double_rounds=True, total_rounds=6)
    system = get_system("netrunner", seed=1)
    p = system.pair(t, 1)
    assert p.double and len(p.boards) == 2
    t = t.with_pairing(p)
    assert len(t.rounds) == 2
    assert {(g.white, g.black) for g in t.round(2).games} == {(b.black, b.white) for b in p.boards}
    assert system.check(t, 1) == []
    # The two columns of round 1 are one meeting: round 3 avoids all of them.
    q = system.pair(t, 3)
    assert not pairs_of(q) & pairs_of(p)
    problem = RoundProblem(t, 3)
    assert not any(c.rule in (3, 4, 6, 7) for c in problem.criteria)
    with pytest.raises(InputError):
        system.pair(t, 2)


def test_seed_reproducible_and_varied() -> None:
    t = build(8, [])
    results = {NetrunnerSystem(seed=s).pair(t, 1).pairs() for s in range(8)}
    assert len(results) > 1
    assert NetrunnerSystem(seed=5).pair(t, 1) == NetrunnerSystem(seed=5).pair(t, 1)


def test_netrunner_points_are_the_default() -> None:
    t = Tournament(players=build(2, []).players)
    assert netrunner_tournament(t).points == NETRUNNER_POINTS
    chess = t.replace(points=PointSystem.uniform(2, 1))
    assert netrunner_tournament(chess) is chess
    assert NETRUNNER_POINTS.pairing_allocated_bye == 3 and NETRUNNER_POINTS.white_draw == 1


# -- check ---------------------------------------------------------------------------------


def test_check_accepts_the_engine_and_names_a_worse_criterion() -> None:
    t = build(4, [[(1, 2, "1"), (3, 4, "1")]])
    system = NetrunnerSystem(seed=2)
    good = t.with_pairing(system.pair(t, 2))
    assert system.check(good, 2) == []
    bad = t.with_pairing(pairing(2, [(2, 1), (4, 3)]))
    problems = system.check(bad, 2)
    assert len(problems) == 1
    assert "criterion 1" in problems[0] and "2 in the file, 0 possible" in problems[0]
    crossing = t.with_pairing(pairing(2, [(3, 2), (4, 1)]))  # winners meet losers
    assert "criterion 5" in system.check(crossing, 2)[0]
    # 1 played Corp, 2 Runner (against fillers); 1 Corp / 2 Runner repeats both sides,
    # so both reach |diff| 2 - criterion 6 is the first one that is worse.
    u = build(4, [[(1, 3, "1"), (4, 2, "1")]], absent={2: [3, 4]})
    repeat = u.with_pairing(pairing(2, [(1, 2)]))
    assert system.check(repeat, 2) == [
        "round 2: not optimal at criterion 6 (players with side difference 2): "
        "2 in the file, 0 possible (2 too many)"
    ]
    missing = t.with_pairing(pairing(2, [(1, 3)]))
    assert system.check(missing, 2) == [
        "round 2: player 2 is present but not paired",
        "round 2: player 4 is present but not paired",
    ]


def test_cost_vector_function() -> None:
    t = build(4, [[(1, 2, "1"), (3, 4, "1")]])
    v = cost_vector(t, 2, pairing(2, [(2, 1), (4, 3)]))
    labels = [c.key for c in RoundProblem(t, 2).criteria]
    assert dict(zip(labels, v, strict=True))["meeting-2"] == 2
    with pytest.raises(InputError):
        cost_vector(t, 2, pairing(2, [(2, 1)]))


def test_forfeits_count_as_meetings_not_sides() -> None:
    # Round 1: 1 "Corp" wins by forfeit against 2. 1 and 2 meeting again is a rematch,
    # but the forfeit gives no side: 1 is not "repeating Corp" when playing Corp.
    t = build(2, [[(1, 2, "+")]])
    problem = RoundProblem(t, 2)
    assert problem.records[1].meetings[2] == 1
    assert problem.records[1].last_side is None and problem.records[1].side_difference == 0


# -- the weight layout ---------------------------------------------------------------------


@pytest.mark.parametrize("size", [3, 8, 41, 500])
def test_each_tier_outweighs_all_lower_tiers(size: int) -> None:
    # A history with rematches, side runs and many score groups, to get many tiers.
    rounds = [[(k, k % size + 1, "1" if k % 3 else "=") for k in range(1, size, 2)]] * 3
    t = build(size, rounds)
    for last in (False, True):
        problem = RoundProblem(t, 4, last_round=last)
        slots = (len(problem.players) + 1) // 2
        max_noise = slots * ((1 << NOISE_BITS) - 1)
        assert max_noise < 1 << problem.noise_bits
        crit, offs = problem.criteria, problem.offsets
        for i in range(len(crit)):
            lower = sum(c.bound << o for c, o in zip(crit[i + 1 :], offs[i + 1 :], strict=True))
            assert lower + max_noise < 1 << offs[i], crit[i].key
        everything = sum(c.bound << o for c, o in zip(crit, offs, strict=True)) + max_noise
        assert everything < 1 << problem.total_bits


def test_bounds_hold_for_every_pairing() -> None:
    t = build(5, [[(1, 2, "1"), (3, 4, "=")], [(2, 1, "0"), (4, 3, "1")]], byes={1: 5, 2: 5})
    problem = RoundProblem(t, 3)
    for p in all_pairings(3, problem.players):
        for c, value in zip(problem.criteria, problem.vector(p), strict=True):
            assert 0 <= value <= c.bound


# -- standings -----------------------------------------------------------------------------


def test_strength_of_schedule() -> None:
    # 3 players, 2 rounds. R1: 1 beats 2, 3 bye. R2: 3 beats 1, 2 bye.
    # Points: 1: 3, 2: 3 (bye), 3: 6 (bye + win); each took part in 2 rounds, so points
    # per round are 3/2, 3/2, 3. Opponents (byes excluded): 1: 2, 3; 2: 1; 3: 1.
    # SoS: 1: (3/2 + 3)/2 = 9/4; 2: 3/2; 3: 3/2.
    # ESoS: 1: (SoS 2 + SoS 3)/2 = 3/2; 2: SoS 1 = 9/4; 3: 9/4.
    t = build(3, [[(1, 2, "1")], [(3, 1, "1")]], byes={1: 3, 2: 2})
    assert StrengthOfSchedule().values(t, 2) == {
        1: Fraction(9, 4),
        2: Fraction(3, 2),
        3: Fraction(3, 2),
    }
    assert ExtendedStrengthOfSchedule().values(t, 2) == {
        1: Fraction(3, 2),
        2: Fraction(9, 4),
        3: Fraction(9, 4),
    }
    codes = [c.code for c in NetrunnerSystem().ranking_criteria(t)]
    assert codes == ["PTS", "SOS", "ESOS"]
    assert NetrunnerSystem().ranking_criteria(t)[0].values(t, 2)[3] == 6


def test_registry_and_options() -> None:
    system = get_system("netrunner", seed="3", last_round="yes")
    assert isinstance(system, NetrunnerSystem)
    assert system.name == "netrunner" and system.seed == 3 and system.last_round is True
    # an unknown option is refused, naming the allowed ones (it used to be swallowed)
    with pytest.raises(InputError, match="unknown_option") as refused:
        get_system("netrunner", seed=3, unknown_option=1)
    assert refused.value.field == "options.unknown_option"
    assert "last_round_relaxation" in (refused.value.expected or "")


def test_single_player_gets_the_bye_and_empty_field_fails() -> None:
    t = build(1, [])
    assert NetrunnerSystem().pair(t, 1).bye == 1
    empty = build(2, [], absent={1: [1, 2]})
    with pytest.raises(NoPairingError):
        NetrunnerSystem().pair(empty, 1)
    assert ByeKind.ZERO_POINT in empty.round(1).byes.values()


def test_explain_lists_criteria_and_boards() -> None:
    # Round 1: 1 (C) beats 2, 3 absent. Round 2: 2 and 3 have the lowest score; a bye to
    # 3 would make 1-2 meet again, so 2 gets it and 1 plays 3 as Runner (alternating).
    t = build(3, [[(1, 2, "1")]], absent={1: [3]})
    p = NetrunnerSystem(seed=1, explain=True).pair(t, 2)
    doc = p.info["explanation"]
    details = doc["details"]
    assert (details["double"], details["last_round"], details["present"]) == (False, False, 3)
    first = details["criteria"][0]
    assert (first["rule"], first["label"], first["count"]) == (
        1,
        "second meetings (or second byes)",
        0,
    )
    assert {c["key"]: c["count"] for c in details["criteria"]} == p.info["criteria"]
    assert (p.boards[0].white, p.boards[0].black, p.bye) == (3, 1, 2)
    board = doc["boards"][0]
    assert (board["white"], board["black"], board["details"]["meeting"]) == (3, 1, 1)
    players = {e["number"]: e for e in doc["players"]}
    assert players[3]["score"] == "0" and players[1]["score"] == "3"
    why = players[1]["details"].pop("why")  # "why me" (issue 32): he plays across groups
    assert why["decision"] == "cross"
    assert players[1]["details"] == {"side_difference": 0, "streak": 1}
    assert "explanation" not in NetrunnerSystem(seed=1).pair(t, 2).info


def test_check_double_sided_columns() -> None:
    win, loss = ResultCode.WIN, ResultCode.LOSS
    t = build(4, []).replace(double_rounds=True)
    ok = t.with_round(Round(1, (Game(1, 2, win, loss), Game(3, 4, win, loss))))
    ok = ok.with_round(Round(2, (Game(2, 1, win, loss), Game(4, 3, win, loss))))
    system = NetrunnerSystem()
    assert system.check(ok, 1) == []
    same_sides = ok.with_round(Round(2, (Game(1, 2, win, loss), Game(4, 3, win, loss))))
    assert system.check(same_sides, 1) == [
        "round 2: 1 plays Corp in both games against 2; sides must be reversed"
    ]
    forfeit = Game(1, 2, ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS, coloured=False)
    unsided = ok.with_round(Round(2, (forfeit, Game(4, 3, win, loss))))
    assert system.check(unsided, 1) == []
    other = ok.with_round(Round(2, (Game(3, 1, win, loss), Game(4, 2, win, loss))))
    assert "must repeat the pairs of round 1" in system.check(other, 1)[0]


def test_configurable_tiebreaks() -> None:
    t = build(3, [[(1, 2, "1")], [(3, 1, "1")]], byes={1: 3, 2: 2})
    codes = [c.code for c in NetrunnerSystem(tiebreaks="esos, WIN").ranking_criteria(t)]
    assert codes == ["PTS", "ESOS", "WIN"]
    with pytest.raises(InputError):
        NetrunnerSystem(tiebreaks="SOS,NOPE")
