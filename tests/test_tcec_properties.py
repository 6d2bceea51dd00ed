"""TCEC Swiss: generated tournaments (4-64 players, up to n-1 rounds) pair every round,
and every round obeys the rule text's invariants, re-derived here independently."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair.model import ByeKind, Pairing, Player, ResultCode, Tournament
from fairpair.systems.tcec import TcecSystem, group_seeding, group_sizes

SYSTEM = TcecSystem()
OUTCOMES = {
    "=": (ResultCode.DRAW, ResultCode.DRAW),
    "1-0": (ResultCode.WIN, ResultCode.LOSS),
    "0-1": (ResultCode.LOSS, ResultCode.WIN),
}


def wgd_of(t: Tournament) -> Counter[int]:
    wgd: Counter[int] = Counter()
    for _, game in t.iter_games():
        wgd[game.white] += 1
        wgd[game.black] -= 1
    return wgd


def check_round(t: Tournament, pairing: Pairing, state: dict[str, object]) -> None:
    """The invariants of one TCEC round, from the rule text."""
    tcec_round = pairing.info["tcec_round"]
    players = [p.number for p in t.players]
    scores = {n: s.score for n, s in t.state().items()}
    wgd = wgd_of(t)
    byes: Counter[int] = state["byes"]  # type: ignore[assignment]
    met_in: dict[frozenset[int], list[int]] = state["met"]  # type: ignore[assignment]

    # Everyone is paired once; a bye exactly when the field is odd.
    seated = [n for b in pairing.boards for n in (b.white, b.black)]
    if pairing.bye is not None:
        seated.append(pairing.bye)
    assert sorted(seated) == players
    assert (pairing.bye is not None) == (len(players) % 2 == 1)

    # STEP 1-2: the bye goes to the lowest player (score desc, seed asc) among those
    # with the fewest byes.
    order = sorted(players, key=lambda n: (-scores[n], n))
    if pairing.bye is not None:
        fewest = min(byes[n] for n in players)
        assert pairing.bye == [n for n in order if byes[n] == fewest][-1]
        byes[pairing.bye] += 1

    # STEP 3: the history is a run of the latest rounds, its start never moves back
    # (removals are permanent), and no pair met in it; colour balance.
    kept = pairing.info["history_rounds"]
    assert kept == list(range(tcec_round - len(kept), tcec_round))
    start = kept[0] if kept else tcec_round
    assert start >= state["start"]  # type: ignore[operator]
    state["start"] = start
    for board in pairing.boards:
        pair = frozenset((board.white, board.black))
        assert not set(met_in.get(pair, [])) & set(kept)
        assert abs(wgd[board.white] + wgd[board.black]) <= 2

    # STEP 5: colours. Single: after the round |WGD| + |WGD| <= 2 (= 2 from 0/0).
    # Double: the first-of-pair (higher in the order) has black in game 1.
    position = {n: i for i, n in enumerate(order)}
    for board in pairing.boards:
        w, b = board.white, board.black
        if t.double_rounds:
            assert position[b] < position[w]
        else:
            after = abs(wgd[w] + 1) + abs(wgd[b] - 1)
            assert after == 2 if wgd[w] == wgd[b] == 0 else after <= 2
            assert wgd[w] <= wgd[b]  # the greater WGD never gets white

    # Playing order: worst pair (by first-of-pair) first.
    firsts = [min(position[b.white], position[b.black]) for b in pairing.boards]
    assert firsts == sorted(firsts, reverse=True)

    for board in pairing.boards:
        met_in.setdefault(frozenset((board.white, board.black)), []).append(tcec_round)


def run_event(players: int, rounds: int, seed: int, double: bool, draw_rate: float) -> Tournament:
    rng = random.Random(seed)
    t = Tournament(players=tuple(Player(i) for i in range(1, players + 1)), double_rounds=double)
    state: dict[str, object] = {"byes": Counter(), "met": {}, "start": 1}
    for _ in range(rounds):
        pairing = SYSTEM.pair(t)
        check_round(t, pairing, state)
        t = t.with_pairing(pairing)
        for column in [pairing.round, pairing.round + 1] if double else [pairing.round]:
            results = {}
            for game in t.round(column).games:
                x = rng.random()
                key = "=" if x < draw_rate else "1-0" if x < (1 + draw_rate) / 2 else "0-1"
                results[(game.white, game.black)] = OUTCOMES[key]
            t = t.with_results(column, results)
        wgd = wgd_of(t)
        assert all(abs(v) <= 2 for v in wgd.values())
        if double:
            assert not any(wgd.values())
        else:  # WGD has the parity of the number of games played
            state_now = t.state()
            assert all((wgd[n] - s.games_played) % 2 == 0 for n, s in state_now.items())
    return t


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=4, max_value=64),
    data=st.data(),
    seed=st.integers(min_value=0, max_value=2**32),
    double=st.booleans(),
    draw_rate=st.sampled_from([0.0, 0.3, 0.7, 1.0]),
)
def test_generated_tournaments_pair_every_round(
    players: int, data: st.DataObject, seed: int, double: bool, draw_rate: float
) -> None:
    rounds = data.draw(st.integers(min_value=1, max_value=players - 1), label="rounds")
    t = run_event(players, rounds, seed, double, draw_rate)
    step = 2 if double else 1
    assert len(t.rounds) == rounds * step
    last = len(t.rounds) - step + 1
    assert SYSTEM.check(t, last) == []


@pytest.mark.slow
@pytest.mark.parametrize("players", [*range(4, 14), 20, 21, 33, 64])
def test_field_sizes_for_n_minus_1_rounds(players: int) -> None:
    # Every small size (odd and even), and a few large ones; the property test above
    # samples the whole 4-64 range.
    run_event(players, players - 1, seed=players, double=False, draw_rate=0.4)


def test_byes_rotate_through_the_whole_field() -> None:
    # 7 players, 14 rounds: everyone gets a first bye before anyone gets a second.
    t = run_event(7, 14, seed=1, double=False, draw_rate=0.3)
    got = Counter(
        n for rnd in t.rounds for n, k in rnd.byes.items() if k is ByeKind.PAIRING_ALLOCATED
    )
    assert sorted(got.values()) == [2] * 7


@given(players=st.integers(min_value=2, max_value=120), data=st.data())
def test_group_seeding_properties(players: int, data: st.DataObject) -> None:
    groups = data.draw(st.sampled_from(range(2, players + 1, 2)), label="groups")
    sizes = group_sizes(players, groups)
    # Sizes add up, differ by at most one, and the stronger groups are the larger.
    assert sum(sizes) == players
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[0] - sizes[-1] <= 1
    order = group_seeding(list(range(players)), groups)
    assert sorted(order) == list(range(players))
    # The first seeds are the group leaders A1, B1, ..., the next ones A2, B2, ...
    starts = [sum(sizes[:g]) for g in range(groups)]
    assert order[:groups] == starts
    second_rank = [s + 1 for s, n in zip(starts, sizes, strict=True) if n > 1]
    assert order[groups : 2 * groups] == second_rank
