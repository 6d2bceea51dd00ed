"""Standings: ranking by points and tie-breaks, shared places, custom criteria, output.

Uses the hand-worked tournament of ``helpers.event()`` (see its docstring):

    points  1: 3.5   2: 3   5: 2   3, 4, 6: 1.5   7: 1
    BH-C1   3: 8.5   4: 8.5   6: 6
    BH      3: 10    4: 10    6: 7.5
    SB      3: 3.5   4: 2.5   6: 3
"""

from __future__ import annotations

import csv
import io
import json
import random
from collections.abc import Mapping
from fractions import Fraction

import pytest

from fairpair.model import ByeKind, Round, Tournament
from fairpair.standings import compute_standings, render_rich, render_table, to_csv, to_json
from fairpair.tiebreaks import POINTS, parse_tiebreaks
from helpers import big_tournament, event, g, round_robin_four

F = Fraction


def order(tournament: Tournament, spec: str) -> list[int]:
    standings = compute_standings(tournament, parse_tiebreaks(spec))
    return [row.player.number for row in standings.rows]


def test_default_criteria_rank_the_event() -> None:
    # Points: 1 (3.5), 2 (3), 5 (2), {3, 4, 6} (1.5), 7 (1).
    # In {3, 4, 6}: BH-C1 8.5, 8.5, 6 puts 6 last; BH 10 = 10; SB 3.5 > 2.5: 3 before 4.
    standings = compute_standings(event())
    assert standings.after_round == 4
    assert standings.codes == ("BH-C1", "BH", "SB", "DE", "WIN", "BPG")
    assert [row.player.number for row in standings.rows] == [1, 2, 5, 3, 4, 6, 7]
    assert [row.rank for row in standings.rows] == [1, 2, 3, 4, 5, 6, 7]
    row3 = standings.row_of(3)
    assert row3.points == F(3, 2)
    # BH-C1, BH, SB, DE, WIN, BPG of player 3 (see test_tiebreaks for the arithmetic)
    assert row3.values == (F(17, 2), F(10), F(7, 2), F(1), F(1), F(2))
    assert row3.primary_values == (F(3, 2),)
    assert row3.place == "4"


def test_players_still_tied_share_a_place() -> None:
    # Only BH: 3 and 4 both have 10 -> both rank 4 (place "4-5"), listed by number;
    # 6 (7.5) is 6th.
    standings = compute_standings(event(), parse_tiebreaks("BH"))
    ranks = {row.player.number: (row.rank, row.place) for row in standings.rows}
    assert ranks[3] == (4, "4-5")
    assert ranks[4] == (4, "4-5")
    assert ranks[6] == (6, "6")
    assert [row.player.number for row in standings.rows][3:6] == [3, 4, 6]
    # DE alone cannot separate {3, 4, 6} (see test_tiebreaks): places 4-6 shared.
    standings = compute_standings(event(), parse_tiebreaks("DE"))
    assert {row.player.number: row.place for row in standings.rows if row.rank == 4} == {
        3: "4-6",
        4: "4-6",
        6: "4-6",
    }


def test_direct_encounter_sees_the_tied_groups() -> None:
    # round_robin_four: points 1: 2, 2: 2, 3: 1.5, 4: 0.5. 1 beat 2.
    assert order(round_robin_four(), "DE") == [1, 2, 3, 4]
    # Tied on BH too? 1: opponents 2 (2) + 3 (1.5) + 4 (0.5) = 4 = 2's BH, so DE decides.
    standings = compute_standings(round_robin_four(), parse_tiebreaks("BH,DE"))
    assert [(r.player.number, r.values) for r in standings.rows][:2] == [
        (1, (F(4), F(1))),
        (2, (F(4), F(2))),
    ]


class ByesTaken:
    """A system-specific criterion: fewer byes rank higher (ascending)."""

    code = "BYES"
    name = "Byes received"
    descending = False

    def values(self, tournament: Tournament, after_round: int) -> Mapping[int, Fraction]:
        state = tournament.state(after_round)
        return {n: Fraction(len(s.byes)) for n, s in state.items()}


class Rating:
    """A criterion without a ``descending`` attribute (defaults to descending)."""

    code = "RTG"
    name = "Rating"

    def values(self, tournament: Tournament, after_round: int) -> Mapping[int, Fraction]:
        return {p.number: Fraction(p.rating) for p in tournament.players}


def test_ascending_criterion() -> None:
    # {3, 4, 6}: byes 3: 0, 4: 1 (PAB), 6: 1 (zero-point bye) -> 3 first, 4 and 6 share 5-6.
    standings = compute_standings(event(), [ByesTaken()])
    places = {row.player.number: row.place for row in standings.rows}
    assert (places[3], places[4], places[6]) == ("4", "5-6", "5-6")


def test_primary_replaces_points() -> None:
    # Ranked by rating alone: 1 2200, 2 2100, 3 2000, 4 1901, 5 1800, 6 1701, 7 0.
    standings = compute_standings(event(), [], primary=[Rating()])
    assert [row.player.number for row in standings.rows] == [1, 2, 3, 4, 5, 6, 7]
    assert standings.row_of(5).points == 2  # the points are still reported
    assert standings.row_of(5).primary_values == (F(1800),)
    assert "RTG" in render_table(standings).splitlines()[1]
    # Points first, then a system criterion, as TCEC does.
    standings = compute_standings(event(), [ByesTaken()], primary=[POINTS])
    assert standings.extra_primary == ()


def test_after_round() -> None:
    t = event()
    # After round 2: 1: 2; 3: 1.5; 2, 4, 7: 1; 5, 6: 0.5.
    standings = compute_standings(t, parse_tiebreaks("WIN"), after_round=2)
    assert standings.after_round == 2
    assert [(r.player.number, r.points) for r in standings.rows][:2] == [(1, 2), (3, F(3, 2))]
    # 2, 4, 7 on 1 point: WIN 2: 0, 4: 1 (PAB), 7: 1 (forfeit win) -> 4, 7 share 3-4.
    places = {r.player.number: r.place for r in standings.rows}
    assert (places[4], places[7], places[2]) == ("3-4", "3-4", "5")
    # A fifth round paired without results: the default stays after round 4.
    t5 = t.with_round(Round(5, (g(1, 2, None), g(3, 4, None)), {5: ByeKind.PAIRING_ALLOCATED}))
    assert compute_standings(t5).after_round == 4
    assert compute_standings(t5, after_round=99).after_round == 5


def test_render_table() -> None:
    text = render_table(compute_standings(event(), parse_tiebreaks("BH,BPG,SB-C1")))
    lines = text.splitlines()
    assert lines[0] == "Standings after round 4"
    assert lines[1].split() == ["Rank", "No", "Name", "Rating", "Pts", "BH", "BPG", "SB-C1"]
    # 1: BH 8.5, BPG 1, SB-C1 5 (test_tiebreaks).
    assert lines[3].split() == ["1", "1", "Player", "1", "2200", "3.5", "8.5", "1", "5"]
    # 3 and 4: BH 10 and BPG 2 both; SB-C1 3.5 and 1 separates them.
    assert lines[6].split() == ["4", "3", "Player", "3", "2000", "1.5", "10", "2", "3.5"]
    assert lines[7].split() == ["5", "4", "Player", "4", "1901", "1.5", "10", "2", "1"]
    # Shared places are written once, on the first tied line; unrated shows blank.
    lines = render_table(compute_standings(event(), parse_tiebreaks("BH,BPG"))).splitlines()
    assert lines[6].split() == ["4-5", "3", "Player", "3", "2000", "1.5", "10", "2"]
    assert lines[7].split() == ["4", "Player", "4", "1901", "1.5", "10", "2"]
    assert lines[9].split() == ["7", "7", "Player", "7", "1", "4.5", "1"]
    assert render_rich(compute_standings(event())).row_count == 7


def test_csv_and_json() -> None:
    standings = compute_standings(event(), parse_tiebreaks("BH-C1,BH,ARO"))
    rows = list(csv.DictReader(io.StringIO(to_csv(standings))))
    assert len(rows) == 7
    first = rows[0]
    assert (first["rank"], first["number"], first["points"]) == ("1", "1", "3.5")
    assert (first["BH-C1"], first["BH"], first["ARO"]) == ("5", "8.5", "1900")
    data = json.loads(to_json(standings))
    assert data["after_round"] == 4
    assert [c["code"] for c in data["criteria"]] == ["BH-C1", "BH", "ARO"]
    by_number = {row["number"]: row for row in data["rows"]}
    assert by_number[3]["tiebreaks"] == {"BH-C1": 8.5, "BH": 10, "ARO": 2000}
    # {3, 4}: equal BH-C1 and BH; ARO 2033 puts 4 ahead of 3.
    assert (by_number[4]["place"], by_number[3]["place"]) == ("4", "5")
    assert by_number[7]["withdrawn"] is True
    assert by_number[1]["points"] == 3.5


def test_large_field_2000_players_13_rounds() -> None:
    """A big field ranks everyone in score order (speed: benchmarks/standings.py)."""
    t = big_tournament(2001, 13, seed=7)
    standings = compute_standings(t)  # includes Tournament.state()
    assert len(standings.rows) == 2001
    points = [row.points for row in standings.rows]
    assert points == sorted(points, reverse=True)


# -- the printouts' fast paths (issue 15: a crosstable of 10,000 players x 90 rounds) ----


def _state_cells(t: Tournament, rounds: int, place_of: dict[int, int]) -> dict[int, list[str]]:
    """The crosstable cells as the printout made them before: from Tournament.state."""
    from fairpair.rendering.printouts import _cell

    state = t.state(after_round=rounds)
    return {n: [_cell(t, rec, place_of) for rec in s.records[:rounds]] for n, s in state.items()}


def test_crosstable_cells_are_the_cells_of_the_state() -> None:
    """The cells made from the rounds directly are those made from the records of the
    state, for every system's sides and point systems, forfeits, byes, pending games,
    unknown opponents; where a player has two games in a round the state decides."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from fairpair.rendering.printouts import _crosstable_cells
    from helpers import any_tournaments

    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(any_tournaments, st.sampled_from([None, "dutch", "netrunner", "mcmahon"]), st.data())
    def check(t: Tournament, system: str | None, data: st.DataObject) -> None:
        t = t.replace(system=system)
        numbers = [p.number for p in t.players]
        ranks = data.draw(st.permutations(numbers))
        place_of = {n: i for i, n in enumerate(ranks, 1) if i % 3}  # some without a place
        for rounds in range(len(t.rounds) + 1):
            fast = _crosstable_cells(t, rounds, place_of)
            expected = _state_cells(t, rounds, place_of)
            if fast is None:  # a number in two games of a round: the state decides
                assert any(
                    len({n for g in r.games for n in g.players}) < 2 * len(r.games)
                    for r in t.rounds[:rounds]
                )
            else:
                assert fast == expected

    check()


def test_aligned_rows() -> None:
    from fairpair.rendering.printouts import _aligned

    rng = random.Random(3)
    for _ in range(300):
        width = rng.randint(1, 6)
        rows = [
            ["".join(rng.choices("ab½", k=rng.randint(0, 4))) for _ in range(width)]
            for _ in range(rng.randint(1, 5))
        ]
        if rng.random() < 0.2:
            rows[-1] = rows[-1][:-1]  # rows of different lengths
        left = set(rng.sample(range(width + 1), rng.randint(0, 2)))
        try:
            widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
            expected = [
                "  ".join(
                    c.ljust(widths[i]) if i in left else c.rjust(widths[i]) for i, c in enumerate(r)
                ).rstrip()
                for r in rows
            ]
        except IndexError:
            with pytest.raises(IndexError):
                _aligned(rows, left)
            continue
        assert _aligned(rows, left) == expected
