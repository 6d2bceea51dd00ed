"""Helpers shared by the test modules (plain functions; the fixtures are in conftest.py).

No test module imports another: what two of them use lives here, by subject:

* the engine output of the conformance vectors;
* random Dutch rounds cut before pairing (pair the same round two ways and compare);
* large valid TRF files (the performance tests and ``benchmarks/large_input.py``);
* maximum-weight matching by brute force;
* TRF lines by hand, random tournaments (Hypothesis strategies) and reference writers;
* hand-worked tie-break events and a big random field (also ``benchmarks/standings.py``);
* random McMahon fields and Netrunner histories;
* the web app in a subprocess (and a throw-away PostgreSQL server) for the web tests.
"""

from __future__ import annotations

import glob
import itertools
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import strategies as st

from fairpair.errors import NoPairingError
from fairpair.formats.trf.records import _fit_points
from fairpair.model import (
    CONSISTENT_RESULTS,
    Board,
    ByeKind,
    Colour,
    Game,
    Pairing,
    Player,
    PointSystem,
    ResultCode,
    Round,
    Tournament,
)
from fairpair.systems.mcmahon import McMahonSystem, prepare_tournament
from fairpair.systems.netrunner import NETRUNNER_POINTS, NetrunnerSystem
from fairpair.workflow.generator import GeneratorConfig, generate

if TYPE_CHECKING:
    import httpx


# ------------------------------------------------------------------- conformance vectors
# The engine output format of the conformance vectors (tests/data/vectors).


def read_engine_output(path: Path) -> tuple[int, set[tuple[int, int]]]:
    """(declared pair count, set of (white, black) with the bye as (N, 0))."""
    lines = [line.split() for line in path.read_text().splitlines() if line.strip()]
    count = int(lines[0][0])
    return count, {(int(a), int(b)) for a, b in lines[1:]}


def assert_same_pairing(out: Path, expected_path: Path) -> None:
    """``out`` has the reference's pairs, colours and bye (board order not compared)."""
    count, got = read_engine_output(out)
    expected_count, expected = read_engine_output(expected_path)
    assert count == len(got)
    missing = sorted(expected - got)
    extra = sorted(got - expected)
    assert (missing, extra) == ([], []), f"missing {missing}, unexpected {extra}"
    assert count == expected_count


# ------------------------------------------------------------------- random Dutch rounds
# For tests that pair the same round two ways and compare: :func:`random_rounds`
# generates tournaments with the engine and cuts each before some of its rounds, keeping
# the absences already known for that round (the byes other than the pairing-allocated
# one), as a TD would have it before pairing.


def cut_before(full: Tournament, rnd: int) -> Tournament:
    """``full`` before round ``rnd`` is paired, with that round's known absences."""
    known = {n: k for n, k in full.round(rnd).byes.items() if k.value != "U"}
    cut = full.replace(rounds=full.rounds[: rnd - 1])
    return cut.with_round(Round(number=rnd, byes=known)) if known else cut


def random_rounds(
    count: int,
    seed: int,
    config: Callable[[random.Random], GeneratorConfig],
    rounds: Callable[[random.Random, int], Iterable[int]],
    *,
    systems: Sequence[str] = ("dutch",),
    keep: Callable[[Tournament, int], bool] | None = None,
) -> Iterator[tuple[Tournament, int]]:
    """``count`` rounds in all: tournaments made from ``config(rng)`` by one of
    ``systems`` (drawn after the config when there are several; skipped when the
    generator finds no legal pairing for a late round of a small field), each cut before
    the rounds ``rounds(rng, played)`` picks, those ``keep`` refuses left out.

    The draws are part of every caller's recorded seeds: a change here must leave the
    rounds each existing ``(seed, config)`` produces the same.
    """
    rng = random.Random(seed)
    produced = 0
    while produced < count:
        settings = config(rng)
        system = systems[0] if len(systems) == 1 else rng.choice(list(systems))
        try:
            full = generate(system, settings)
        except NoPairingError:
            continue
        for rnd in rounds(rng, len(full.rounds)):
            cut = cut_before(full, rnd)
            if keep is not None and not keep(cut, rnd):
                continue
            yield cut, rnd
            produced += 1
            if produced >= count:
                return


def every_round(rng: random.Random, played: int) -> range:
    """All rounds of a generated tournament, round 1 included (a ``rounds`` chooser)."""
    return range(1, played + 1)


def odd_field(tournament: Tournament, rnd: int) -> bool:
    """An odd number of players present in round ``rnd`` (a ``keep`` filter)."""
    return len(tournament.present_players(rnd)) % 2 == 1


BOTH_DUTCH = ("dutch-2017", "dutch-2026")


def dutch_rounds(
    count: int, seed: int, smallest: int, largest: int, *, odd: bool = False
) -> Iterator[tuple[Tournament, int]]:
    """``count`` rounds (round 1 and later; with ``odd``, only those with an odd number
    of players present) cut from random tournaments of ``smallest``-``largest`` players
    with draws, forfeits, byes and absences, generated by either Dutch edition."""

    def config(rng: random.Random) -> GeneratorConfig:
        players = rng.randint(smallest, largest)
        return GeneratorConfig(
            players=players,
            rounds=rng.randint(2, min(7, players - 2)),
            seed=rng.randrange(1 << 30),
            draw_rate=rng.choice([0.1, 0.3, 0.6]),
            forfeit_rate=rng.choice([0.0, 0.02]),
            bye_rate=rng.choice([0.0, 0.03]),
            absence_rate=rng.choice([0.0, 0.03, 0.1]),
        )

    return random_rounds(
        count, seed, config, every_round, systems=BOTH_DUTCH, keep=odd_field if odd else None
    )


# ----------------------------------------------------------------------- large TRF files
# Large valid TRF files for the performance tests of issue 15 (and
# benchmarks/large_input.py). The files are written line by line (``fairpair generate``
# pairs every round with the engine, far too slow for half a million games): a round
# robin by the circle method, so no two players meet twice while there are rounds left,
# results drawn from a seeded random generator, the points column the sum of the
# results. Each file is what fairpair itself writes for the tournament (its canonical
# TRF).

#: Width of the fixed columns of a 001 line (up to the rank, then two blanks).
FIXED = 91
#: Width of one round block.
BLOCK = 10

#: (white's letter, black's letter, white's half points, black's half points)
_RESULTS = (("1", "0", 2, 0), ("0", "1", 0, 2))
_DRAW = ("=", "=", 1, 1)


def rounds_for_size(players: int, size: int) -> int:
    """How many rounds make a file of about ``size`` bytes with ``players`` players."""
    return max(1, (size // players - FIXED - 1) // BLOCK)


def players_for_size(rounds: int, size: int) -> int:
    """How many players make a file of about ``size`` bytes with ``rounds`` rounds."""
    return max(2, size // (FIXED + 1 + BLOCK * rounds))


def large_trf(players: int, rounds: int, *, seed: int = 1) -> str:
    """A valid TRF of ``players`` players and ``rounds`` complete rounds (one
    pairing-allocated bye per round if ``players`` is odd)."""
    rng = random.Random(seed)
    slots = players + players % 2  # slot ``players + 1`` (odd fields) is the bye
    blocks: list[list[str]] = [[] for _ in range(players + 1)]
    halves = [0] * (players + 1)
    ring = list(range(2, slots + 1))
    for rnd in range(rounds):
        order = [1, *ring]
        for board in range(slots // 2):
            a, b = order[board], order[slots - 1 - board]
            if (rnd + board) % 2:
                a, b = b, a
            if b > players or a > players:
                bye = a if b > players else b
                blocks[bye].append("0000 - U")
                halves[bye] += 2
                continue
            res_w, res_b, pw, pb = _DRAW if rng.random() < 0.3 else rng.choice(_RESULTS)
            blocks[a].append(f"{b:>4} w {res_w}")
            blocks[b].append(f"{a:>4} b {res_b}")
            halves[a] += pw
            halves[b] += pb
        ring.insert(0, ring.pop())  # the circle method: every slot but the first turns
    lines = [
        "012 Large generated tournament",
        "022 Testville",
        f"XXR {rounds}",
        "XXC white1",
    ]
    fixed_points: dict[int, str] = {}
    for number in range(1, players + 1):
        rating = 2800 - (number * 1800) // players
        points = fixed_points.get(halves[number])
        if points is None:
            points = fixed_points[halves[number]] = _fit_points(Fraction(halves[number], 2), 4)
        fixed = (
            f"001 {number:>4} {'':1}{'':>3} {f'Player {number:04d}':<33} {rating:>4} FRA "
            f"{number + 1000000:>11} {'1990/01/01':<10} {points:>4} {'':>4}"
        )
        lines.append(fixed + "".join("  " + b for b in blocks[number]))
    return "\n".join(lines) + "\n"


def write_large_trf(
    path: Path, players: int, rounds: int, *, seed: int = 1, foreign: bool = False
) -> Path:
    """:func:`large_trf` written to ``path`` (with ``foreign``: in another program's
    layout, :func:`foreign_layout`); returns ``path``."""
    text = large_trf(players, rounds, seed=seed)
    if foreign:
        text = foreign_layout(text)
    path.write_bytes(text.encode("utf-8"))
    return path


def foreign_layout(text: str) -> str:
    """The same tournament as another program might write it: CR LF line ends, colours
    in upper case (``W``/``B``) and the XXR record after the players. fairpair reads
    it as the same tournament and writes it back in this layout, line by line."""
    rows = text.splitlines()
    moved = [row for row in rows if row.startswith("XXR ")]
    kept = [
        row[:FIXED] + row[FIXED:].replace(" w ", " W ").replace(" b ", " B ")
        if row.startswith("001 ")
        else row
        for row in rows
        if not row.startswith("XXR ")
    ]
    return "\r\n".join([*kept, *moved]) + "\r\n"


#: The shapes of the benchmark and the slow test: (name, players, rounds), each about
#: 10 MB. The most players the default limits allow with the rounds that fill 10 MB,
#: and the most rounds with the players that fill 10 MB (a complete round robin).
SHAPES: tuple[tuple[str, int, int], ...] = (
    ("max-players", 9999, rounds_for_size(9999, 10_000_000)),
    ("max-rounds", 1000, 999),
)


# --------------------------------------------------------------- matching by brute force

Edges = list[tuple[int, int, int]]


def weights_of(edges: Edges) -> dict[tuple[int, int], int]:
    """Pair -> weight, the last weight of a repeated pair counting."""
    out: dict[tuple[int, int], int] = {}
    for u, v, w in edges:
        out[min(u, v), max(u, v)] = w
    return out


def score(n: int, edges: Edges, mate: list[int]) -> tuple[int, int]:
    """(cardinality, total weight) of ``mate`` after checking it is a matching of the graph."""
    assert len(mate) == n
    w = weights_of(edges)
    card = total = 0
    for v, m in enumerate(mate):
        if m == -1:
            continue
        assert 0 <= m < n and m != v and mate[m] == v, mate
        assert (min(v, m), max(v, m)) in w, f"{v}-{m} is not an edge"
        if v < m:
            card += 1
            total += w[v, m]
    return card, total


def brute_force(n: int, edges: Edges, max_cardinality: bool) -> tuple[int, int]:
    """Best (cardinality, weight) over all matchings, by dynamic programming on vertex sets.

    Without max_cardinality the objective is the weight alone (cardinality reported 0);
    edges of weight <= 0 are then never useful, so they are skipped.
    """
    w = weights_of(edges)
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for (u, v), x in w.items():
        if max_cardinality or x > 0:
            adj[u].append((v, x))

    @cache
    def best(mask: int) -> tuple[int, int]:
        if mask == 0:
            return (0, 0)
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        result = best(rest)  # i stays unmatched
        for j, x in adj[i]:
            if rest >> j & 1:
                c, t = best(rest & ~(1 << j))
                cand = (c + 1, t + x) if max_cardinality else (0, t + x)
                result = max(result, cand)
        return result

    return best((1 << n) - 1)


def objective(n: int, edges: Edges, mate: list[int], max_cardinality: bool) -> tuple[int, int]:
    card, total = score(n, edges, mate)
    return (card, total) if max_cardinality else (0, total)


# ------------------------------------------------------ TRF lines and random tournaments


def line(
    number: int,
    points: str = "0.0",
    blocks: tuple[str, ...] = (),
    *,
    name: str = "",
    rating: int = 0,
    rank: str = "",
) -> str:
    """A correctly aligned 001 line (columns as in docs/trf.md)."""
    name = name or f"Player {number}"
    rating_text = str(rating) if rating else ""
    fixed = (
        f"001 {number:>4}      {name:<33} {rating_text:>4} {'':3} {'':>11} {'':10} "
        f"{points:>4} {rank:>4}"
    )
    return (fixed + "".join("  " + b for b in blocks)).rstrip()


def text(*lines: str) -> str:
    return "\n".join(lines) + "\n"


RESULT_PAIRS = sorted(CONSISTENT_RESULTS, key=lambda p: (p[0].value, p[1].value))


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    n = draw(st.integers(min_value=1, max_value=12))
    numbers = draw(st.permutations(range(1, n + 1)))
    players = tuple(
        Player(
            number,
            draw(st.text("abcdefgh ,é", max_size=40)),  # may not fit 33 columns
            rating=draw(st.integers(min_value=-30, max_value=12000)),
            title=draw(st.sampled_from(["", "g", "GM", "WFM", "WGM "])),
            club=draw(st.sampled_from(["", "Pawns"])),
            attributes=draw(st.sampled_from([{}, {"rank": "3k", "city": "Oslo"}])),
            withdrawn_from=draw(st.sampled_from([None, 2])),
            entered_at=draw(st.sampled_from([None, 3])),
        )
        for number in numbers
    )
    rounds = []
    for r in range(1, draw(st.integers(min_value=0, max_value=5)) + 1):
        order = draw(st.permutations(sorted(numbers)))
        n_games = draw(st.integers(min_value=0, max_value=len(order) // 2))
        games = []
        for i in range(n_games):
            a, b = order[2 * i], order[2 * i + 1]
            kind = draw(st.sampled_from(["pending", "result", "uncoloured"]))
            if kind == "pending":
                games.append(Game(a, b))
            else:
                w, bl = draw(st.sampled_from(RESULT_PAIRS))
                games.append(Game(a, b, w, bl, coloured=kind == "result"))
        byes = {}
        for number in order[2 * n_games :]:
            choice = draw(st.sampled_from([None, *ByeKind]))  # None: no entry
            if choice is not None:
                byes[number] = choice
        rounds.append(Round(r, tuple(games), byes))
    points = draw(
        st.sampled_from(
            [
                PointSystem(),
                PointSystem.uniform(3, 1),
                PointSystem(black_win=Fraction(3, 2)),
                PointSystem(half_point_bye=Fraction(1, 3)),
            ]
        )
    )
    return Tournament(
        players=players,
        rounds=tuple(rounds),
        total_rounds=draw(st.sampled_from([None, len(rounds) + 2])),
        points=points,
        system=draw(st.sampled_from([None, "dutch", "mcmahon"])),
        settings=draw(st.sampled_from([{}, {"xxc": ["rank"]}, {"mcmahon": {"bar": "3d"}}])),
        double_rounds=draw(st.booleans()),
        initial_colour=draw(st.sampled_from([None, *Colour])),
        acceleration={
            number: tuple(
                draw(
                    st.lists(
                        st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)]),
                        min_size=1,
                        max_size=3,
                    )
                )
            )
            for number in draw(st.lists(st.sampled_from(numbers), max_size=3, unique=True))
        },
        forbidden_pairs=frozenset(
            frozenset(pair)
            for pair in (
                draw(
                    st.lists(
                        st.lists(st.sampled_from(numbers), min_size=2, max_size=2, unique=True),
                        max_size=3,
                    )
                )
                if n > 1
                else []
            )
        ),
        headers=draw(st.sampled_from([(), (("012", "Open"), ("022", " Oslo "))])),
        extra_records=draw(st.sampled_from([(), ("### note", "DAT 0001 EMAIL a@b.c")])),
    )


@st.composite
def odd_tournaments(draw: st.DrawFn) -> Tournament:
    """Tournaments that no reader makes but the model allows: a player in two games of
    a round (or against himself), a game and a bye, games of unknown players."""
    n = draw(st.integers(min_value=1, max_value=6))
    numbers = list(range(1, n + 1))
    known_and_unknown = st.integers(min_value=1, max_value=n + 2)
    rounds = []
    for number in range(1, draw(st.integers(min_value=0, max_value=4)) + 1):
        round_games = []
        for _ in range(draw(st.integers(min_value=0, max_value=n))):
            a, b = draw(known_and_unknown), draw(known_and_unknown)
            kind = draw(st.sampled_from(["pending", "result", "uncoloured", "one result"]))
            if kind == "pending":
                round_games.append(Game(a, b))
            elif kind == "one result":
                round_games.append(Game(a, b, ResultCode.WIN, None))
            else:
                w, bl = draw(st.sampled_from(RESULT_PAIRS))
                round_games.append(Game(a, b, w, bl, coloured=kind == "result"))
        byes = draw(st.dictionaries(known_and_unknown, st.sampled_from(list(ByeKind)), max_size=n))
        rounds.append(Round(number, tuple(round_games), byes))
    points = draw(st.sampled_from([PointSystem(), PointSystem.uniform(3, 1)]))
    return Tournament(
        players=tuple(Player(number, f"P{number}") for number in numbers),
        rounds=tuple(rounds),
        points=points,
    )


any_tournaments = st.one_of(tournaments(), odd_tournaments())


_LETTER = {code: code.value for code in ResultCode} | {None: " "}


def reference_blocks(t: Tournament) -> dict[int, list[str]]:
    """The round blocks as the writer made them before (a dict per round)."""
    per_round = []
    for rnd in t.rounds:
        blocks = {number: f"0000 - {kind.value}" for number, kind in rnd.byes.items()}
        for g in rnd.games:
            white, black = ("w", "b") if g.coloured else ("-", "-")
            blocks[g.white] = f"{g.black:>4} {white} {_LETTER[g.white_result]}"
            blocks[g.black] = f"{g.white:>4} {black} {_LETTER[g.black_result]}"
        per_round.append(blocks)
    return {p.number: [blocks.get(p.number, " " * 8) for blocks in per_round] for p in t.players}


# -------------------------------------------------------------- tie-breaks and standings

_TIEBREAK_RESULTS = {
    "1-0": (ResultCode.WIN, ResultCode.LOSS),
    "0-1": (ResultCode.LOSS, ResultCode.WIN),
    "=": (ResultCode.DRAW, ResultCode.DRAW),
    "+-": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    "-+": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
}


def g(white: int, black: int, result: str | None) -> Game:
    if result is None:
        return Game(white, black)
    w, b = _TIEBREAK_RESULTS[result]
    return Game(white, black, w, b)


def event() -> Tournament:
    ratings = {1: 2200, 2: 2100, 3: 2000, 4: 1901, 5: 1800, 6: 1701, 7: 0}
    players = tuple(
        Player(n, f"Player {n}", rating=r, withdrawn_from=3 if n == 7 else None)
        for n, r in ratings.items()
    )
    pab, half, zero = ByeKind.PAIRING_ALLOCATED, ByeKind.HALF_POINT, ByeKind.ZERO_POINT
    rounds = (
        Round(1, (g(1, 5, "1-0"), g(6, 2, "="), g(3, 7, "1-0")), {4: pab}),
        Round(2, (g(4, 1, "0-1"), g(2, 3, "="), g(7, 6, "+-")), {5: half}),
        Round(3, (g(1, 3, "1-0"), g(5, 4, "=")), {2: pab, 6: zero}),
        Round(4, (g(3, 6, "0-1"), g(2, 4, "1-0")), {5: pab, 1: half}),
    )
    return Tournament(players=players, rounds=rounds, total_rounds=5)


def round_robin_four() -> Tournament:
    # 1 beats 2, 3 beats 1, 1 beats 4, 2 beats 3, 2 beats 4, 3-4 drawn.
    rounds = (
        Round(1, (g(1, 2, "1-0"), g(3, 4, "="))),
        Round(2, (g(3, 1, "1-0"), g(2, 4, "1-0"))),
        Round(3, (g(1, 4, "1-0"), g(2, 3, "1-0"))),
    )
    return Tournament(players=tuple(Player(n, str(n)) for n in range(1, 5)), rounds=rounds)


def big_tournament(players: int, rounds: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    people = tuple(
        Player(n, f"P{n}", rating=rng.randint(1000, 2800)) for n in range(1, players + 1)
    )
    outcomes = [
        (ResultCode.WIN, ResultCode.LOSS),
        (ResultCode.DRAW, ResultCode.DRAW),
        (ResultCode.LOSS, ResultCode.WIN),
        (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    ]
    built = []
    for number in range(1, rounds + 1):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        byes = {order.pop(): ByeKind.PAIRING_ALLOCATED} if len(order) % 2 else {}
        games = tuple(
            Game(w, b, *rng.choices(outcomes, weights=[40, 30, 28, 2])[0])
            for w, b in zip(order[::2], order[1::2], strict=True)
        )
        built.append(Round(number, games, byes))
    return Tournament(players=people, rounds=tuple(built))


# ------------------------------------------------------------------------------- McMahon

W, L, D = ResultCode.WIN, ResultCode.LOSS, ResultCode.DRAW


def random_tournament(rng: random.Random, n: int, played: int) -> Tournament:
    """A random field after ``played`` rounds, with random manual settings."""
    rounds = played + 1 + rng.randrange(0, 4)
    t = Tournament(players=tuple(Player(i + 1, f"P{i + 1}") for i in range(n)))
    t = prepare_tournament(t, rng, rounds)
    settings: dict[str, Any] = dict(t.settings["mcmahon"])
    settings["handicap"] = rng.choice(["full", "minus1", "minus2", "none"])
    settings["top_band_even"] = rng.random() < 0.5
    settings["colour_balance"] = rng.random() < 0.8
    if rng.random() < 0.5:
        settings["avoid"] = rng.sample(["club", "state", "country", "city"], rng.randrange(1, 3))
        settings["avoid_handicap"] = rng.random() < 0.5
    if rng.random() < 0.5 and n > 3:
        settings["forbidden_pairs"] = [rng.sample(range(1, n + 1), 2)]
    if rng.random() < 0.3:
        settings["zero"] = "bottom"
    t = t.replace(settings={"mcmahon": settings})
    system = McMahonSystem()
    for r in range(1, played + 1):
        byes = {}
        for p in t.players:
            if rng.random() < 0.1:
                byes[p.number] = ByeKind.ZERO_POINT
        t = t.with_round(Round(r, (), byes))
        try:
            pairing = system.pair(t, r)
        except NoPairingError:
            return t.with_round(Round(r, (), dict.fromkeys(byes, ByeKind.ZERO_POINT)))
        t = t.with_pairing(pairing)
        results = {}
        for b in pairing.boards:
            x = rng.random()
            codes = (W, L) if x < 0.45 else (L, W) if x < 0.9 else (D, D)
            if x > 0.97:
                codes = (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS)
            results[(b.white, b.black)] = codes
        t = t.with_results(r, results)
    return t


# ----------------------------------------------------------------------------- Netrunner

#: Result letters from the Corp player's point of view.
CORP_RESULTS: Mapping[str, tuple[ResultCode, ResultCode]] = {
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
                Game(corp, runner, *CORP_RESULTS[result])
                for corp, runner, result in rounds[number - 1]
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
        results[board.white, board.black] = CORP_RESULTS[letter]
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


def history(
    seed: int, players: int, rounds: int, *, engine_share: float
) -> tuple[Tournament, random.Random]:
    """``rounds`` random or engine-paired rounds, with forfeits and absences."""
    rng = random.Random(seed)
    t = build(players, [])
    system = NetrunnerSystem(seed=seed)
    for rnd in range(1, rounds + 1):
        if rng.random() < 0.3:
            absent = rng.sample(range(1, players + 1), rng.randint(1, 2))
            t = t.with_round(Round(rnd, byes={a: ByeKind.ZERO_POINT for a in absent}))
        present = t.present_players(rnd)
        if rng.random() < engine_share:
            p = system.pair(t, rnd)
        else:
            p = random_pairing(rnd, present, rng)
        t = play(t, p, rng, forfeits=0.1)
    if rng.random() < 0.3:
        absent = rng.sample(range(1, players + 1), 1)
        t = t.with_round(Round(rounds + 1, byes={a: ByeKind.ZERO_POINT for a in absent}))
    return t, rng


# --------------------------------------------------------------------------- the web app

API = "/api/v1"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``fairpair serve`` in a subprocess on a free loopback port."""

    def __init__(self, db: Path | str, log: Path, *extra: str) -> None:
        self.db = db
        self.log = log
        self.extra = extra
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> None:
        import httpx  # the web extra: only the web tests start a server

        self.port = _free_port()
        command = [sys.executable, "-m", "fairpair", "serve", "--db", str(self.db)]
        command += ["--port", str(self.port), "--log-level", "warning", *self.extra]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"the server exited:\n{self.log.read_text(errors='replace')}")
            try:
                if httpx.get(f"{self.url}{API}/health", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        self.stop()
        pytest.fail(f"the server did not start:\n{self.log.read_text(errors='replace')}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None

    def kill9(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)
        self.proc = None


def pg_bindir() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: ``$FAIRPAIR_PG_BIN``, Debian's
    ``/usr/lib/postgresql/<newest>/bin``, or the PATH."""
    candidates = [os.environ.get("FAIRPAIR_PG_BIN") or ""]
    candidates += sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda path: [int(x) if x.isdigit() else 0 for x in Path(path).parent.name.split(".")],
        reverse=True,
    )
    found = shutil.which("pg_ctl")
    if found:
        candidates.append(str(Path(found).resolve().parent))
    for folder in candidates:
        if folder and all((Path(folder) / tool).exists() for tool in ("initdb", "pg_ctl")):
            return Path(folder)
    return None


class Postgres:
    """A throw-away PostgreSQL server: a cluster made by ``initdb`` in a temporary
    folder, listening on a free loopback port (and a Unix socket in that folder), trust
    authentication for its superuser ``fairpair``. As root it runs as ``postgres``
    (PostgreSQL refuses to run as root)."""

    USER = "fairpair"

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.folder = Path(tempfile.mkdtemp(prefix="fairpair-pg-"))
        self.data = self.folder / "data"
        self.log = self.folder / "server.log"
        self.port = _free_port()
        self.prefix: list[str] = []
        self.names = itertools.count(1)
        if os.geteuid() == 0:
            import pwd

            runuser = shutil.which("runuser")
            try:
                account = pwd.getpwnam("postgres")
            except KeyError:
                account = None
            if runuser is None or account is None:
                shutil.rmtree(self.folder, ignore_errors=True)
                pytest.skip("running as root without a 'postgres' user and runuser")
            os.chown(self.folder, account.pw_uid, account.pw_gid)
            self.prefix = [runuser, "-u", "postgres", "--"]

    def _run(self, *command: str, timeout: float = 120) -> None:
        done = subprocess.run(
            [*self.prefix, *command],
            cwd=self.folder,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if done.returncode != 0:
            log = self.log.read_text(errors="replace") if self.log.exists() else ""
            raise RuntimeError(f"{command[0]} failed:\n{done.stdout}{done.stderr}{log}")

    def start(self) -> None:
        self._run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            self.USER,
            "--auth=trust",
            "--no-sync",
            "-E",
            "UTF8",
            "--locale=C",
        )
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=300"
        )
        self._run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-o",
            options,
            "-w",
            "-t",
            "60",
            "start",
        )

    def stop(self) -> None:
        try:
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{self.USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new empty database; its SQLAlchemy URL."""
        import psycopg

        name = f"events_{next(self.names)}"
        dsn = f"host=127.0.0.1 port={self.port} user={self.USER} dbname=postgres"
        with psycopg.connect(dsn, autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)


def player_rows(count: int, prefix: str = "Player") -> list[dict[str, Any]]:
    return [{"name": f"{prefix} {i:02d}", "rating": 2400 - 10 * i} for i in range(1, count + 1)]


def create_tournament(
    client: httpx.Client, players: int | list[dict[str, Any]] = 8, rounds: int = 5, **more: Any
) -> tuple[str, dict[str, str]]:
    body = {"name": "Club Open", "system": "dutch", "rounds": rounds, **more}
    body["players"] = player_rows(players) if isinstance(players, int) else players
    response = client.post(f"{API}/tournaments", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    return data["id"], {"Authorization": f"Bearer {data['director_token']}"}


def board_numbers(data: dict[str, Any]) -> list[tuple[int, int]]:
    first, second = data["sides"]
    return [(b[first]["number"], b[second]["number"]) for b in data["boards"]]


# ----------------------------------------------------------------- lichess-style TRF files
# A TRF written the way lichess writes one for its Swiss events (the writer of
# ``modules/swiss/src/main/SwissTrf.scala``), for the platform tests of the drop-in
# ``fairpair --dutch FILE -p``: the tournament records, ``XXR`` and ``XXC``, one ``XXP``
# line per forbidden pair, then the 001 lines in database order (the order the players
# joined, not their pairing numbers). Pairing numbers are the ranks by rating, worked
# out again for every file (a late joiner renumbers everyone below them). Each field
# ends at a fixed column: the number at 8, the user name starts at 16, the rating ends
# at 52, the points (``%1.1f``) at 84, and round ``r``'s opponent, colour and result at
# 95, 97 and 99 plus ``10 * (r - 1)``. The lines are joined by ``\n`` with no final
# newline. Outcomes: ``1`` ``0`` ``=`` for a game, ``+`` ``-`` for a forfeit (with the
# opponent), ``U`` the pairing-allocated bye, ``H`` a late join (no opponent), ``-``
# absent (no opponent), ``Z`` a game in progress (with the opponent); a player absent
# from the round to pair gets ``0000 -`` in that round's columns.

#: Points of an outcome, in half points (lichess: win and bye 2, draw and late join 1).
LICHESS_HALF_POINTS = {"1": 2, "+": 2, "U": 2, "=": 1, "H": 1}


class LichessPlayer:
    """A player of a lichess Swiss event: user id, rating, and per round either
    ``(opponent user id, "w"|"b", outcome)`` for a pairing or ``(None, "", outcome)``."""

    def __init__(self, user: str, rating: int) -> None:
        self.user = user
        self.rating = rating
        self.rounds: list[tuple[str | None, str, str]] = []
        self.absent = False  # absent from the round to pair (lichess: paused / left)

    @property
    def half_points(self) -> int:
        return sum(LICHESS_HALF_POINTS.get(outcome, 0) for _, _, outcome in self.rounds)


def lichess_numbers(players: Sequence[LichessPlayer]) -> dict[str, int]:
    """User id -> pairing number: by rating, highest first (lichess sorts the players
    by rating; equal ratings by user id here)."""
    ordered = sorted(players, key=lambda p: (-p.rating, p.user))
    return {p.user: number for number, p in enumerate(ordered, start=1)}


def _lichess_line(bits: Sequence[tuple[int, str]]) -> str:
    """Each text right-aligned to end at its column (lichess's ``formatLine``)."""
    out = ""
    for column, txt in bits:
        out += " " * (column - len(txt) - len(out)) + txt
    return out


def lichess_trf(
    players: Sequence[LichessPlayer],
    *,
    rounds: int,
    played: int,
    forbidden: Sequence[tuple[str, str]] = (),
    swiss_id: str = "fpTest01",
    name: str = "fairpair platform test",
) -> str:
    """The TRF lichess writes for an event of ``rounds`` rounds after ``played`` rounds
    (every player's ``rounds`` list has ``played`` entries)."""
    numbers = lichess_numbers(players)
    base = "https://lichess.org"
    colour = "white" if ord(swiss_id[0]) % 2 == 0 else "black"
    lines = [
        f"012 {name}",
        f"022 {base}/swiss/{swiss_id}",
        "032 Lichess",
        "042 Nov 28, 2026",
        "052 ",
        f"062 {len(players)}",
        "092 Individual: Swiss-System",
        f"102 {base}/swiss",
        f"XXR {rounds}",
        f"XXC {colour}1",
    ]
    lines += [f"XXP {numbers[a]} {numbers[b]}" for a, b in forbidden]
    for p in players:
        bits = [
            (3, "001"),
            (8, str(numbers[p.user])),
            (15 + len(p.user), p.user),
            (52, str(p.rating)),
            (84, f"{p.half_points / 2:1.1f}"),
        ]
        assert len(p.rounds) == played, (p.user, p.rounds)
        for rnd, (opponent, side, outcome) in enumerate(p.rounds, start=1):
            shift = 10 * (rnd - 1)
            number = "" if opponent is None else str(numbers[opponent])
            bits += [(95 + shift, number), (97 + shift, side), (99 + shift, outcome)]
        if p.absent and played < rounds:
            shift = 10 * played
            bits += [(95 + shift, "0000"), (97 + shift, ""), (99 + shift, "-")]
        lines.append(_lichess_line(bits))
    return "\n".join(lines)


def read_pairs(stdout: str) -> tuple[int, list[tuple[int, int]]]:
    """The engine output as lichess reads it: the count line, then ``white black``
    (the bye as ``N 0``)."""
    lines = stdout.split("\n")
    count = int(lines[0])
    pairs = [(int(a), int(b)) for a, b in (line.split(" ") for line in lines[1:] if line)]
    return count, pairs


def illegal_in(
    players: Sequence[LichessPlayer],
    pairs: Sequence[tuple[int, int]],
    forbidden: Sequence[tuple[str, str]] = (),
) -> list[str]:
    """What makes ``pairs`` (pairing numbers, as written for ``players``) an illegal
    pairing of the next round: a present player unpaired or paired twice, an absent
    one paired, more than one bye, a bye with an even count, a rematch of a played
    game, a forbidden pair, a second bye (after a bye or a forfeit win). Empty: legal."""
    numbers = lichess_numbers(players)
    user = {n: u for u, n in numbers.items()}
    by_user = {p.user: p for p in players}
    present = {p.user for p in players if not p.absent}
    problems: list[str] = []
    seen: list[str] = []
    byes = [user.get(a, str(a)) for a, b in pairs if b == 0]
    for a, b in pairs:
        seen += [user.get(a, f"#{a}")] + ([user.get(b, f"#{b}")] if b else [])
    for u in sorted(set(seen)):
        if seen.count(u) > 1:
            problems.append(f"{u} paired {seen.count(u)} times")
        if u not in present:
            problems.append(f"{u} paired but absent or unknown")
    problems += [f"{u} not paired" for u in sorted(present - set(seen))]
    if len(byes) > 1 or (byes and len(present) % 2 == 0):
        problems.append(f"byes {byes} for {len(present)} present players")
    banned = {frozenset(pair) for pair in forbidden}
    for a, b in pairs:
        if not b:
            earlier = [o for _, _, o in by_user[user[a]].rounds if o in ("U", "+")]
            if earlier:
                problems.append(f"bye to {user[a]}, who already has {earlier}")
            continue
        ua, ub = user[a], user[b]
        met = [r for r, (o, _, res) in enumerate(by_user[ua].rounds, 1) if o == ub and res in "10="]
        if met:
            problems.append(f"{ua} - {ub}: they played each other in round(s) {met}")
        if frozenset((ua, ub)) in banned:
            problems.append(f"{ua} - {ub}: a forbidden pair")
    return problems


def play_lichess_round(
    players: Sequence[LichessPlayer], pairs: Sequence[tuple[int, int]], rng: random.Random
) -> None:
    """Enter the round ``pairs`` paired (numbers as in the file just written) with
    random results (a forfeit now and then); absent players get ``-``."""
    numbers = lichess_numbers(players)
    by_number = {numbers[p.user]: p for p in players}
    done: set[str] = set()
    for a, b in pairs:
        white = by_number[a]
        if not b:
            white.rounds.append((None, "", "U"))
            done.add(white.user)
            continue
        black = by_number[b]
        roll = rng.random()
        if roll < 0.03:
            results = ("+", "-")
        elif roll < 0.06:
            results = ("-", "+")
        else:
            results = rng.choice((("1", "0"), ("0", "1"), ("=", "=")))
        white.rounds.append((black.user, "w", results[0]))
        black.rounds.append((white.user, "b", results[1]))
        done |= {white.user, black.user}
    for p in players:
        if p.user not in done:
            p.rounds.append((None, "", "-"))


#: Debian's Chromium for the browser tests ($FAIRPAIR_CHROMIUM first), or None.
CHROMIUM = next(
    (
        path
        for path in (
            os.environ.get("FAIRPAIR_CHROMIUM"),
            shutil.which("chromium"),
            shutil.which("chromium-browser"),
            "/usr/bin/chromium",
        )
        if path and os.path.exists(path)
    ),
    None,
)


def sign_in(client: httpx.Client, tid: str, token: str, **more: Any) -> httpx.Response:
    """Sign in on the director's page: the sign-in form posts the token in the body."""
    return client.post(f"/t/{tid}/director", data={"token": token}, **more)


def sign_in_page(page: Any, url: str, tid: str, token: str) -> None:
    """Sign in in Chromium: open the director's page, type the token, submit."""
    page.goto(f"{url}/t/{tid}/director")
    page.fill("#sign-in input[name=token]", token)
    page.click("#sign-in button[type=submit]")
    page.wait_for_url(f"{url}/t/{tid}/director")


# ------------------------------------------------------------------- the browser tests
# Chromium at the two sizes every page is tested at, driven by Playwright (the
# ``browser`` fixture of conftest.py); each browser module runs its own server.


def browser_imports() -> Any:
    """Skip a browser module, saying why, without the web extra or Playwright
    (``httpx = browser_imports()`` at its top); httpx, its HTTP client."""
    pytest.importorskip("fastapi", reason="the web extra is not installed")
    httpx = pytest.importorskip("httpx", reason="the web extra is not installed")
    pytest.importorskip(
        "playwright.sync_api", reason="Playwright is not installed (pip install playwright)"
    )
    return httpx


#: Needs Chromium: a browser module's ``pytestmark`` (skipped, saying why, without it).
NEEDS_CHROMIUM = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium installed (apt-get install chromium)"
)

#: A phone (390x844, touch) and a desk (1366x768): keyword arguments of a browser
#: context (``browser.new_context(**PHONE)``).
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}
DESK: dict[str, Any] = {"viewport": {"width": 1366, "height": 768}}

#: Run a test at both sizes, its ``size`` argument one of :data:`PHONE`, :data:`DESK`.
SIZES = pytest.mark.parametrize("size", [PHONE, DESK], ids=["390x844", "1366x768"])


def module_server(name: str) -> Any:
    """A module's ``server`` fixture: one real ``fairpair serve`` on one SQLite file for
    the whole module (``server = module_server("players")``), in place of conftest's
    server on each database backend (the browser tests test pages, not backends)."""

    @pytest.fixture(scope="module", name="server")
    def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
        folder = tmp_path_factory.mktemp(name)
        running = Server(folder / f"{name}.sqlite", folder / "server.log")
        running.start()
        yield running
        running.stop()

    return server


def fits(page: Any) -> None:
    """No sideways scrolling of the page itself (wide tables scroll in their own box)."""
    width, inner = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert width <= inner, (page.url, width, inner)


def director_page(
    browser: Any, url: str, tid: str, director: Mapping[str, str], **context: Any
) -> Any:
    """A page of a new browser context (``context``: its viewport, ...) signed in on the
    director's page with the ``Authorization`` header ``director`` of the API."""
    page = browser.new_context(**context).new_page()
    sign_in_page(page, url, tid, director["Authorization"].removeprefix("Bearer "))
    return page


# ------------------------------------------------------------------- the command line

#: ``fp(*args)``: the command line run in-process (conftest's ``fp`` fixture): its exit
#: code, stdout and stderr.
Runner = Callable[..., tuple[int, str, str]]
