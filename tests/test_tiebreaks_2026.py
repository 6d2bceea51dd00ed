"""The 2026 edition of the FIDE tie-break regulations (C.07, in force since 1 March 2026).

What changes from 2023 (see docs/tiebreaks.md):

* the dummy opponent of a player's own unplayed round (Art. 16.4) no longer has the
  player's own score without limit: a forfeit (a scheduled opponent) counts at most that
  opponent's score as an opponent; a round without an opponent (bye, absence) at most a
  draw in every round counted. BH, FB, SB and AOB (and their cuts) change;
* new codes: REP (rounds elected to play, the 2023 GE), STD (standard points),
  RTNG (the player's rating), TPN (the pairing number).

Two kinds of tests: hand-worked examples on the tournament of ``helpers.event()``
(drawn in tests/test_tiebreaks.py), and every value of seven tournaments against the
FIDE Technical Commission's tie-break program (tests/data/tiebreaks-2026/README.md).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.errors import InputError
from fairpair.formats.trf import load
from fairpair.model import PointSystem, Tournament
from fairpair.standings import compute_standings
from fairpair.tiebreaks import (
    EDITION_2023,
    EDITION_2026,
    Buchholz,
    edition_for_start,
    parse_tiebreaks,
)
from helpers import big_tournament, event

F = Fraction
DATA = Path(__file__).parent / "data" / "tiebreaks-2026"


def values(code: str, edition: str, t: Tournament | None = None, after: int = 4) -> dict[int, F]:
    return dict(parse_tiebreaks(code, edition)[0].values(event() if t is None else t, after))


# -- hand-worked: the capped dummy opponent (Art. 16.4, 2026) -------------------------


def test_buchholz_of_a_bye_is_capped_at_half_the_rounds() -> None:
    # Player 1 (3.5 points): opponents 5 (2), 4 (1.5), 3 (1.5) and a half-point bye in
    # round 4. 2023: the bye is a dummy with his own 3.5 -> 2 + 1.5 + 1.5 + 3.5 = 8.5.
    # 2026: at most a draw in each of the 4 rounds, 2 -> 2 + 1.5 + 1.5 + 2 = 7.
    assert values("BH", EDITION_2023)[1] == F(17, 2)
    assert values("BH", EDITION_2026)[1] == 7
    # SB: the bye's half point times the dummy's score: 3.5 / 2 in 2023, 2 / 2 in 2026;
    # his wins over 5, 4, 3 give 2 + 1.5 + 1.5 = 5 -> 6.75 and 6.
    assert values("SB", EDITION_2023)[1] == F(27, 4)
    assert values("SB", EDITION_2026)[1] == 6


def test_pairing_allocated_byes_are_capped_too() -> None:
    # Player 2 (3 points): 6 (1.5), 3 (1.5), PAB in round 3, 4 (1.5). 2023: 1.5 * 3 + 3
    # = 7.5; 2026: the PAB's dummy at most 2 -> 6.5.
    assert values("BH", EDITION_2023)[2] == F(15, 2)
    assert values("BH", EDITION_2026)[2] == F(13, 2)


def test_a_forfeit_counts_at_most_the_scheduled_opponent() -> None:
    # Player 6 (1.5 points) lost by forfeit to 7 (2 as an opponent, Art. 16.3): the
    # dummy keeps his own 1.5 (below 2) in both editions.
    assert values("BH", EDITION_2023)[6] == values("BH", EDITION_2026)[6] == F(15, 2)
    # Player 7 (1 point) won by forfeit against 6 (1.5): his dummy (1) is below 6's
    # score, so nothing changes either.
    assert values("BH", EDITION_2023)[7] == values("BH", EDITION_2026)[7] == F(9, 2)


def test_a_player_below_half_is_not_capped() -> None:
    # Player 5 (2 points = half of 4 rounds): a half-point bye and a PAB, both dummies
    # at 2 in either edition: 9.
    assert values("BH", EDITION_2023)[5] == values("BH", EDITION_2026)[5] == 9


def test_the_opponents_buchholz_follow_the_edition() -> None:
    # AOB of player 4 averages the BH of his opponents 1, 5 and 2: 2023 (8.5 + 9 + 7.5)
    # / 3 = 25/3; 2026 (7 + 9 + 6.5) / 3 = 7.5.
    assert values("AOB", EDITION_2023)[4] == F(25, 3)
    assert values("AOB", EDITION_2026)[4] == F(15, 2)


# -- hand-worked: the new codes ------------------------------------------------------


def test_rep_is_the_2023_ge() -> None:
    # Rounds minus the voluntary unplayed rounds: 1 has a half-point bye (3), 6 a
    # forfeit loss and a zero-point bye (2), 7 withdrew after round 2 (2).
    assert values("REP", EDITION_2026) == {1: 3, 2: 4, 3: 4, 4: 4, 5: 3, 6: 2, 7: 2}
    assert values("REP", EDITION_2026) == values("GE", EDITION_2023)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=2, max_value=14), st.integers(1, 6), st.integers(0, 10**6))
def test_rep_equals_ge_everywhere(players: int, rounds: int, seed: int) -> None:
    t = big_tournament(players, rounds, seed)
    assert values("REP", EDITION_2026, t, rounds) == values("GE", EDITION_2023, t, rounds)


def test_standard_points_recount_a_three_point_event() -> None:
    # The same results with 3-1-0: player 1 has 3 + 3 + 3 + 1 (the half-point bye is
    # worth a draw) = 10 points, and STD 1 + 1 + 1 + 1/2 = 3.5 (the 1-1/2-0 score).
    t = event().replace(points=PointSystem.uniform(3, 1, 0))
    assert values("PTS", EDITION_2026, t)[1] == 10
    assert values("STD", EDITION_2026, t) == {1: F(7, 2), 2: 3, 3: F(3, 2), 4: F(3, 2),
                                              5: 2, 6: F(3, 2), 7: 1}  # fmt: skip
    # with 1-1/2-0 points STD is the score
    assert values("STD", EDITION_2026) == values("PTS", EDITION_2026)


def test_rating_and_pairing_number() -> None:
    assert values("RTNG", EDITION_2026)[1] == 2200
    assert values("RTNG", EDITION_2026)[7] == 0  # unrated
    assert values("RTNG-U1000", EDITION_2026)[7] == 1000
    assert parse_tiebreaks("rtng/u1000")[0].code == "RTNG-U1000"
    assert values("TPN", EDITION_2026) == {n: n for n in range(1, 8)}


def test_tpn_ranks_lower_numbers_first_and_rtng_higher_ratings() -> None:
    # 3, 4 and 6 are tied on 1.5 points.
    by_tpn = compute_standings(event(), parse_tiebreaks("TPN", EDITION_2026))
    assert [r.player.number for r in by_tpn.rows if r.points == F(3, 2)] == [3, 4, 6]
    assert [r.rank for r in by_tpn.rows if r.points == F(3, 2)] == [4, 5, 6]
    by_rating = compute_standings(event(), parse_tiebreaks("RTNG", EDITION_2026))
    assert [r.player.number for r in by_rating.rows if r.points == F(3, 2)] == [3, 4, 6]


def test_edition_of_an_event() -> None:
    assert edition_for_start("2026/02/28") == EDITION_2023
    assert edition_for_start("2026/03/01") == EDITION_2026
    assert edition_for_start(None) == EDITION_2026
    assert parse_tiebreaks("BH-C1", EDITION_2026)[0] == Buchholz(1, edition=EDITION_2026)
    assert parse_tiebreaks("BH-C1")[0] == Buchholz(1)  # the Python API keeps 2023
    with pytest.raises(InputError, match="2023 or 2026"):
        parse_tiebreaks("BH", "2024")


# -- the reference program ------------------------------------------------------------

_CASES = sorted(p.stem for p in DATA.glob("*.oracle"))


def _oracle(name: str) -> tuple[list[str], dict[int, list[str]]]:
    lines = (DATA / f"{name}.oracle").read_text().splitlines()
    header = lines[0].split()[2:]  # StartNo Rank codes...
    rows = {int(line.split()[0]): line.split()[2:] for line in lines[1:] if line.strip()}
    return header, rows


@pytest.mark.parametrize("name", _CASES)
def test_every_value_agrees_with_the_reference_program(name: str) -> None:
    edition = name.rsplit("-", 1)[1]
    t, _ = load(DATA / f"{name}.trf")
    assert t.total_rounds is not None
    header, rows = _oracle(name)
    codes = [code.replace("RTNG", "RTNG-U1000") for code in header]
    tiebreaks = parse_tiebreaks(",".join(codes), edition)
    assert len(rows) == len(t.players) and len(header) == 13
    for code, tiebreak in zip(header, tiebreaks, strict=True):
        got = tiebreak.values(t, t.total_rounds)
        for number, row in rows.items():
            expected = float(row[header.index(code)])
            assert abs(float(got[number]) - expected) < 0.005 + 1e-9, (name, code, number)


def test_the_editions_really_differ_on_these_files() -> None:
    # Otherwise the comparison above could not tell the editions apart.
    for name in ("event", "random11", "random12"):
        _, old = _oracle(f"{name}-2023")
        _, new = _oracle(f"{name}-2026")
        assert old != new
