"""The Netrunner helpers of helpers.py (hand-built tournaments, every pairing) checked."""

from __future__ import annotations

from helpers import all_pairings, build


def test_all_pairings_counts() -> None:
    # 4 players: 3 matchings x 2^2 side choices; 5 players: 5 byes x 3 x 4.
    assert sum(1 for _ in all_pairings(1, [1, 2, 3, 4])) == 12
    assert sum(1 for _ in all_pairings(1, [1, 2, 3, 4, 5])) == 60
    distinct = {(p.pairs(), p.bye) for p in all_pairings(1, [1, 2, 3, 4, 5, 6])}
    assert len(distinct) == 15 * 8


def test_build_scores_with_netrunner_points() -> None:
    t = build(3, [[(1, 2, "1")]], byes={1: 3})
    state = t.state(after_round=1)
    assert [state[n].score for n in (1, 2, 3)] == [3, 0, 3]
