"""Helpers for the Netrunner tests: compact hand-built tournaments and random fields."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence

from fairpair.model import (
    Board,
    ByeKind,
    Game,
    Pairing,
    Player,
    ResultCode,
    Round,
    Tournament,
)
from fairpair.systems.netrunner import NETRUNNER_POINTS

#: Result letters from the Corp player's point of view.
RESULTS: Mapping[str, tuple[ResultCode, ResultCode]] = {
    "1": (ResultCode.WIN, ResultCode.LOSS),
    "0": (ResultCode.LOSS, ResultCode.WIN),
    "=": (ResultCode.DRAW, ResultCode.DRAW),
    "+": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    "-": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
}

Entry = tuple[int, int, str]


def build(
    players: int,
    rounds: Sequence[Sequence[Entry]],
    *,
    byes: Mapping[int, int] | None = None,
    absent: Mapping[int, Sequence[int]] | None = None,
    total_rounds: int | None = None,
) -> Tournament:
    """A tournament of ``players`` players (numbers 1..players).

    ``rounds[i]`` lists the games of round ``i + 1`` as ``(corp, runner, result)``;
    ``byes`` maps a round to its pairing-allocated bye; ``absent`` maps a round (also
    the round about to be paired) to players marked absent (zero-point bye).
    """
    byes = byes or {}
    absent = absent or {}
    t = Tournament(
        players=tuple(Player(i, f"P{i}") for i in range(1, players + 1)),
        points=NETRUNNER_POINTS,
        total_rounds=total_rounds,
    )
    last = max([len(rounds), *absent.keys(), *byes.keys()], default=0)
    for number in range(1, last + 1):
        games: tuple[Game, ...] = ()
        if number <= len(rounds):
            games = tuple(
                Game(corp, runner, *RESULTS[result]) for corp, runner, result in rounds[number - 1]
            )
        round_byes = {p: ByeKind.ZERO_POINT for p in absent.get(number, ())}
        if number in byes:
            round_byes[byes[number]] = ByeKind.PAIRING_ALLOCATED
        t = t.with_round(Round(number=number, games=games, byes=round_byes))
    return t


def pairing(
    round_number: int, boards: Sequence[tuple[int, int]], bye: int | None = None
) -> Pairing:
    return Pairing(round=round_number, boards=tuple(Board(c, r) for c, r in boards), bye=bye)


def all_pairings(round_number: int, players: Sequence[int]) -> Iterator[Pairing]:
    """Every pairing of ``players``: all byes (odd field), matchings and side choices."""

    def matchings(rest: list[int]) -> Iterator[list[tuple[int, int]]]:
        if not rest:
            yield []
            return
        first, others = rest[0], rest[1:]
        for k, partner in enumerate(others):
            remaining = others[:k] + others[k + 1 :]
            for tail in matchings(remaining):
                yield [(first, partner), *tail]
                yield [(partner, first), *tail]

    people = list(players)
    bye_choices: list[int | None] = list(people) if len(people) % 2 else [None]
    for bye in bye_choices:
        rest = [p for p in people if p != bye]
        for boards in matchings(rest):
            yield pairing(round_number, boards, bye)


def play(t: Tournament, p: Pairing, rng: random.Random, forfeits: float = 0.0) -> Tournament:
    """Record ``p`` with random results (Corp wins 45 %, Runner 45 %, ties 10 %)."""
    t = t.with_pairing(p)
    results: dict[tuple[int, int], tuple[ResultCode, ResultCode]] = {}
    for board in p.boards:
        x = rng.random()
        if x < forfeits:
            letter = "+" if rng.random() < 0.5 else "-"
        elif x < 0.45:
            letter = "1"
        elif x < 0.9:
            letter = "0"
        else:
            letter = "="
        results[board.white, board.black] = RESULTS[letter]
    columns = [p.round, p.round + 1] if p.double else [p.round]
    for column in columns:
        reverse = column != p.round
        column_results = {
            ((b, a) if reverse else (a, b)): codes for (a, b), codes in results.items()
        }
        t = t.with_results(column, column_results)
    return t


def random_pairing(round_number: int, players: Sequence[int], rng: random.Random) -> Pairing:
    """A uniformly shuffled pairing (to build messy histories: rematches, side runs)."""
    people = list(players)
    rng.shuffle(people)
    bye = people.pop() if len(people) % 2 else None
    boards = [(people[i], people[i + 1]) for i in range(0, len(people), 2)]
    return pairing(round_number, boards, bye)


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
