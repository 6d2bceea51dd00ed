"""AGA Swiss McMahon: bands, byes, pairing criteria, manual control, handicaps,
scores and tiebreaks (AGA Swiss McMahon Pairing Protocol Standards, 2009; expected
values worked by hand)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from fairpair.errors import InputError, NoPairingError
from fairpair.model import (
    ByeKind,
    Colour,
    Game,
    Pairing,
    Player,
    ResultCode,
    Round,
    Tournament,
)
from fairpair.systems import get_system
from fairpair.systems.mcmahon import McMahonSystem
from fairpair.systems.mcmahon.bands import (
    McMahonSettings,
    assign_scores,
    band_separation,
    build_bands,
    merge_bands,
    move_player,
    set_separation,
)
from fairpair.systems.mcmahon.pairing import build_field, colour_violations, make_game
from fairpair.systems.mcmahon.ranks import parse_rank, strength_of
from fairpair.systems.mcmahon.tiebreaks import FaceToFace, Sodoms, Soms, mcmahon_scores, standings

W, L, D = ResultCode.WIN, ResultCode.LOSS, ResultCode.DRAW
FW, FL = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS


def make(
    ranks: list[str],
    rounds: int = 6,
    mcmahon: dict[str, Any] | None = None,
    attributes: dict[int, dict[str, str]] | None = None,
) -> Tournament:
    """Players 1..n with the given ranks (strongest first by number when ranks tie)."""
    attributes = attributes or {}
    players = tuple(
        Player(i + 1, f"P{i + 1}", attributes={"rank": r, **attributes.get(i + 1, {})})
        for i, r in enumerate(ranks)
    )
    t = Tournament(players=players, total_rounds=rounds)
    if mcmahon is not None:
        t = t.replace(settings={"mcmahon": mcmahon})
    return t


def one_band(n: int, score: int = 0) -> dict[str, Any]:
    return {"bands": [{"name": "all", "players": list(range(1, n + 1)), "score": score}]}


def pairs(p: Pairing) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in p.boards}


def fs(*items: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(x) for x in items}


# -- ranks ----------------------------------------------------------------------------


def test_rank_mapping() -> None:
    assert [parse_rank(r) for r in ("30k", "1k", "1d", "9d", "1p")] == [-30, -1, 0, 8, 6]
    with pytest.raises(ValueError):
        parse_rank("0k")
    # The AGA rating outranks the rank; an AGA rating of -1.2 is 1 kyu, 4.7 is 4 dan.
    p = Player(1, attributes={"rank": "5k", "rating": "-1.2"})
    assert strength_of(p).rank == -1
    assert strength_of(Player(2, attributes={"rating": "4.7"})).rank == 3
    # GoR fallback: 2150 is 1 dan, 1950 is 2 kyu.
    assert strength_of(Player(3, rating=2150)).rank == 0
    assert strength_of(Player(4, rating=1950)).rank == -2
    # A higher rating within a rank sorts first.
    assert (
        strength_of(Player(5, attributes={"rating": "-3.1"})).value
        > strength_of(Player(6, attributes={"rating": "-3.9"})).value
    )


# -- bands (spec sample) ----------------------------------------------------------------


def sample_field() -> list[Player]:
    """The spec's sample: bands of 19 (5d and up), 17, 10, 11 and 24 players."""
    sizes = [("5d", 19), ("4d", 17), ("3d", 10), ("2d", 11), ("1d", 24)]
    players: list[Player] = []
    for rank, size in sizes:
        for _ in range(size):
            players.append(Player(len(players) + 1, attributes={"rank": rank}))
    return players


def test_band_separation_formula() -> None:
    # 0.75 * 17/6 = 2.125 -> 2; 0.75 * 10/6 = 1.25 -> 1; 0.75 * 11/6 = 1.375 -> 1;
    # 0.75 * 24/6 = 3 capped at ceil(6/3) = 2.
    assert [band_separation(p, 6) for p in (17, 10, 11, 24)] == [2, 1, 1, 2]
    assert band_separation(2, 6) == 1  # 0.25 -> raised to the minimum 1
    assert band_separation(100, 5) == 2  # capped at ceil(5/3) = 2
    assert band_separation(8, 4, Fraction(1)) == 2  # D = 1: 8/4 = 2 = ceil(4/3)


def test_spec_sample_bands_top_and_bottom_zero() -> None:
    bands = build_bands(sample_field(), 6, bar="5d")
    assert [len(b.players) for b in bands] == [19, 17, 10, 11, 24]
    assert [b.separation for b in bands] == [None, 2, 1, 1, 2]
    assert [b.score for b in bands] == [0, -2, -3, -4, -6]
    bottom = build_bands(sample_field(), 6, bar="5d", zero="bottom")
    assert [b.score for b in bottom] == [6, 4, 3, 2, 0]
    # "0 or slightly higher" at the bottom for late arrivals.
    offset = build_bands(sample_field(), 6, bar="5d", zero="bottom", bottom_offset=Fraction(1))
    assert [b.score for b in offset] == [7, 5, 4, 3, 1]
    # A TD enforcing a single point between the top two groups.
    single = build_bands(sample_field(), 6, bar="5d", top_separation_one=True)
    assert [b.score for b in single] == [0, -1, -2, -3, -5]


def test_bar_and_players_above_it() -> None:
    players = [
        Player(1, attributes={"rank": "6d"}),
        Player(2, attributes={"rank": "3d"}),
        Player(3, attributes={"rank": "2d"}),
        Player(4, attributes={"rank": "2d"}),
    ]
    bands = build_bands(players, 4, bar="5d", above_bar=[2])
    assert [b.players for b in bands] == [(1, 2), (3, 4)]
    assert bands[0].name == "3d+"


def test_td_edits_merge_separation_move() -> None:
    bands = list(build_bands(sample_field(), 6, bar="5d"))
    merged = assign_scores(merge_bands(bands, 2, 6, Fraction(3, 4)))
    # 3d and 2d merged: 21 players, 0.75 * 21 / 6 = 2.625 -> 2.
    assert [len(b.players) for b in merged] == [19, 17, 21, 24]
    assert [b.score for b in merged] == [0, -2, -4, -6]
    edited = assign_scores(set_separation(bands, 1, 1))
    assert [b.score for b in edited] == [0, -1, -2, -3, -5]
    moved = move_player(bands, 20, 0)  # first 4d player joins the top band
    assert 20 in moved[0].players and 20 not in moved[1].players
    with pytest.raises(ValueError):
        merge_bands(bands, 4, 6, Fraction(3, 4))


def test_settings_round_trip_and_errors() -> None:
    raw = {
        "bar": "3d",
        "d": 0.5,
        "zero": "bottom",
        "bands": [{"name": "a", "players": [1, 2], "separation": None, "score": 2.5}],
        "initial_scores": {"7": -1.5},
        "handicap": "minus1",
        "forced_pairs": [{"round": 2, "players": [1, 2]}],
        "forbidden_pairs": [[3, 4]],
        "handicap_overrides": [{"round": 1, "players": [1, 2], "handicap": 2, "komi": 0.5}],
        "voluntary_byes": {"3": [5]},
        "avoid": ["club"],
        "bye_volunteer": 9,
        "seed": 4,
    }
    s = McMahonSettings.from_dict(raw)
    assert s.bands[0].score == Fraction(5, 2)
    assert McMahonSettings.from_dict(s.to_dict()) == s
    bads: list[dict[str, Any]] = [
        {"zero": "middle"},
        {"handicap": "half"},
        {"bar": "11d"},
        {"bands": [{}]},
        {"handicp": "full"},
    ]
    for bad in bads:
        with pytest.raises(InputError):
            McMahonSettings.from_dict(bad)


def test_initial_scores_from_bands_overrides_and_late_arrivals() -> None:
    t = make(
        ["3d", "3d", "1k", "1k", "5k", "2k"],
        mcmahon={
            "bands": [
                {"players": [1, 2], "score": 0},
                {"players": [3, 4], "separation": 1, "score": -1},
                {"players": [5], "separation": 1, "score": -2},
            ],
            "initial_scores": {"2": -0.5},
        },
    )
    scores = McMahonSettings.from_tournament(t).initial_scores_for(t)
    # Player 6 (2k) is in no band: the highest band whose weakest member (5k) is not
    # stronger than him is the 5k band.
    assert scores == {1: 0, 2: Fraction(-1, 2), 3: -1, 4: -1, 5: -2, 6: -2}


# -- pairing basics -----------------------------------------------------------------------


def test_split_and_shift_in_one_score_group() -> None:
    t = make(["5d", "4d", "3d", "2d", "1d", "1k", "2k", "3k"], mcmahon=one_band(8))
    p = McMahonSystem().pair(t, 1)
    assert pairs(p) == fs((1, 5), (2, 6), (3, 7), (4, 8))
    assert p.bye is None


def test_transposition_preferred_to_switch() -> None:
    # 1-5 forbidden: exchanging 5 and 6 (a transposition: 1-6, 2-5) costs split 1 + 1;
    # pairing 1-4 and 5-8 has the same distance but pairs players of the same half (a
    # switch), so the transposition wins.
    t = make(
        ["5d", "4d", "3d", "2d", "1d", "1k", "2k", "3k"],
        mcmahon={**one_band(8), "forbidden_pairs": [[1, 5]]},
    )
    assert pairs(McMahonSystem().pair(t, 1)) == fs((1, 6), (2, 5), (3, 7), (4, 8))


def test_equal_alternatives_disturb_the_lowest_ranked_players() -> None:
    # 3-7 forbidden: exchanging 7 and 8 (3-8, 4-7) and exchanging 6 and 7 (2-7, 3-6) both
    # cost split 1 + 1; the spec picks the option affecting the lowest-ranked players.
    t = make(
        ["5d", "4d", "3d", "2d", "1d", "1k", "2k", "3k"],
        mcmahon={**one_band(8), "forbidden_pairs": [[3, 7]]},
    )
    assert pairs(McMahonSystem().pair(t, 1)) == fs((1, 5), (2, 6), (3, 8), (4, 7))


def test_odd_group_floats_strongest_of_next_group() -> None:
    # Score 1: players 1-3; score 0: players 4-6. Group 1 + floater 4 is split 1,2 | 3,4:
    # 1-3, 2-4; the rest 5-6.
    t = make(
        ["5d", "4d", "3d", "2d", "1d", "1k"],
        mcmahon={"bands": [{"players": [1, 2, 3], "score": 1}, {"players": [4, 5, 6], "score": 0}]},
    )
    p = McMahonSystem().pair(t, 1)
    assert pairs(p) == fs((1, 3), (2, 4), (5, 6))
    assert p.info["penalty"]["score"] == 1 and p.info["penalty"]["floater"] == 0


def test_floats_cascade_as_in_the_top_down_procedure() -> None:
    # Score 1: 1-3; score 0: 4-9; score -1: 10. Top-down: group 1 is odd and takes 4
    # (1-3, 2-4); the rest of group 0 (5-9) is odd and takes 10: 5, 6, 7 | 8, 9, 10 gives
    # 5-8, 6-9, 7-10. Every split-and-shift tier is then 0.
    ranks = ["6d", "5d", "4d", "3d", "2d", "1d", "1k", "2k", "3k", "4k"]
    t = make(
        ranks,
        rounds=5,
        mcmahon={
            "bands": [
                {"players": [1, 2, 3], "score": 1},
                {"players": [4, 5, 6, 7, 8, 9], "score": 0},
                {"players": [10], "score": -1},
            ],
        },
    )
    p = McMahonSystem().pair(t, 1)
    assert pairs(p) == fs((1, 3), (2, 4), (5, 8), (6, 9), (7, 10))
    penalty = p.info["penalty"]
    assert penalty["score"] == 2 and penalty["split"] == 0 and penalty["switch"] == 0


def merging_example() -> Tournament:
    """The spec's merging example: A-F at score 1 where A-D have all played each other
    (three rounds of jigo, initial score -1/2), E and F at 1 and G-J at 0 with three
    voluntary byes each."""
    ranks = ["6d", "5d", "4d", "3d", "2d", "1d", "1k", "2k", "3k", "4k"]
    t = make(
        ranks,
        rounds=6,
        mcmahon={
            "bands": [
                {"players": list(range(1, 7)), "score": 1},
                {"players": list(range(7, 11)), "score": 0},
            ],
            "initial_scores": {"1": -0.5, "2": -0.5, "3": -0.5, "4": -0.5},
        },
    )
    others = {n: ByeKind.ZERO_POINT for n in range(5, 11)}
    for r, games in enumerate([((1, 2), (3, 4)), ((1, 3), (2, 4)), ((1, 4), (2, 3))], 1):
        t = t.with_round(Round(r, tuple(Game(a, b, D, D) for a, b in games), others))
    return t


def test_merging_example_of_the_spec() -> None:
    t = merging_example()
    scores = mcmahon_scores(t, 3)
    assert [scores[n] for n in range(1, 11)] == [1] * 6 + [0] * 4
    p = McMahonSystem().pair(t, 4)
    # "A-E, B-F, C-G, D-H, I-J": as many same-score games as possible.
    assert pairs(p) == fs((1, 5), (2, 6), (3, 7), (4, 8), (9, 10))
    assert McMahonSystem().check(t.with_pairing(p), 4) == []


def test_no_rematch_and_no_pairing_error() -> None:
    t = make(["1d", "1k"], mcmahon=one_band(2))
    t = t.with_round(Round(1, (Game(1, 2, W, L),)))
    with pytest.raises(NoPairingError):
        McMahonSystem().pair(t, 2)


def test_float_criterion_and_its_exemption() -> None:
    """Criterion 3: 2 floated up in round 1 (lost to 5, who had one point more); in
    round 2 player 1 (alone at score 1) needs a floater from {2, 3, 4} at score 0."""

    def build(total: int) -> Tournament:
        t = make(
            ["5d", "4d", "3d", "2d", "6d"],
            rounds=total,
            mcmahon={
                "bands": [
                    {"players": [5, 1], "score": 1},
                    {"players": [2, 3, 4], "separation": 1, "score": 0},
                ],
            },
        )
        zero = ByeKind.ZERO_POINT
        t = t.with_round(Round(1, (Game(5, 2, W, L),), {1: zero, 3: zero, 4: zero}))
        return t.with_round(Round(2, (), {5: zero}))

    # Criterion 3 active: 2 must not float up twice in a row, so 3 floats: 1-3, 2-4.
    early = McMahonSystem().pair(build(8), 2)
    assert pairs(early) == fs((1, 3), (2, 4))
    assert early.info["penalty"]["float"] == 0 and early.info["penalty"]["floater"] == 1
    # Round 2 of 2 is the final round of an event under six rounds: exempt, so the
    # strongest player of the lower group (2) floats again: 1-2, 3-4.
    late = McMahonSystem().pair(build(2), 2)
    assert pairs(late) == fs((1, 2), (3, 4))
    assert not build_field(build(2), 2).float_rule_active
    # Six rounds or more: the last two rounds are exempt.
    assert build_field(build(6), 2).float_rule_active
    last_two = build(3).replace(total_rounds=6)
    assert build_field(last_two.with_round(Round(5, ())), 5).float_rule_active is False


def test_colour_criterion() -> None:
    B, Wh = Colour.BLACK, Colour.WHITE
    assert colour_violations([B, B, B], B, 10) == 1
    assert colour_violations([B, B, Wh], B, 10) == 0
    assert colour_violations([B, B, Wh], B, 5) == 1  # 3 blacks of 5 rounds > 50%
    # Two players with three blacks in a row: 1 takes white (he had more blacks).
    t = make(["1d", "1d", "1k", "1k"], rounds=8, mcmahon=one_band(4))
    games = [(Game(3, 1, W, L), Game(4, 2, W, L)), (Game(4, 1, W, L), Game(3, 2, W, L))]
    for r, g in enumerate(games, 1):
        t = t.with_round(Round(r, g))
    p = McMahonSystem().pair(t, 3)
    assert pairs(p) == fs((1, 2), (3, 4))
    board = next(b for b in p.boards if 1 in (b.white, b.black))
    # Both 1 and 2 had black twice: criterion 4 allows either; alternation decides by the
    # colour difference tie, then the stronger player (1, by number) takes white.
    assert board.white == 1


# -- byes -------------------------------------------------------------------------------


def test_voluntary_bye_in_round_and_in_settings() -> None:
    t = make(["3d", "2d", "1d", "1k", "2k"], mcmahon=one_band(5))
    t = t.with_round(Round(1, (), {5: ByeKind.ZERO_POINT}))
    p = McMahonSystem().pair(t, 1)
    assert p.bye is None and 5 not in {n for b in p.boards for n in (b.white, b.black)}
    assert p.info["voluntary_byes"] == [5]
    t2 = make(["3d", "2d", "1d", "1k", "2k"], mcmahon={**one_band(5), "voluntary_byes": {"1": [1]}})
    p2 = McMahonSystem().pair(t2, 1)
    assert p2.bye is None and pairs(p2) == fs((2, 4), (3, 5))
    # Score unchanged by a voluntary bye, +1 for the forced bye.
    done = t.with_pairing(p)
    done = done.with_results(1, {(b.white, b.black): (W, L) for b in p.boards})
    assert mcmahon_scores(done, 1)[5] == 0


def test_forced_bye_lowest_rated_of_lowest_group_without_earlier_bye() -> None:
    t = make(["3d", "2d", "1d", "1k", "2k"], mcmahon=one_band(5))
    p = McMahonSystem().pair(t, 1)
    assert p.bye == 5  # lowest rated
    t = t.with_pairing(p).with_results(1, {(b.white, b.black): (W, L) for b in p.boards})
    assert mcmahon_scores(t, 1)[5] == 1  # forced bye: +1
    p2 = McMahonSystem().pair(t, 2)
    # 5 had a forced bye; the lowest score group now holds the three losers; the lowest
    # rated of them gets it.
    losers = sorted((n for n, s in mcmahon_scores(t, 1).items() if s == 0), key=lambda n: -n)
    assert p2.bye == losers[0] and p2.bye != 5


def test_group_with_the_bye_is_split_without_the_bye_player() -> None:
    # Seven players: 7 gets the forced bye and the other six are split and shifted as
    # a group of six: 1-4, 2-5, 3-6.
    t = make(["5d", "4d", "3d", "2d", "1d", "1k", "2k"], mcmahon=one_band(7))
    p = McMahonSystem().pair(t, 1)
    assert p.bye == 7 and pairs(p) == fs((1, 4), (2, 5), (3, 6))
    assert p.info["penalty"]["split"] == 0 and p.info["penalty"]["switch"] == 0


def test_forced_bye_must_allow_a_valid_pairing() -> None:
    # 1 and 2 have played; a bye for 3 (the lowest) would force the rematch 1-2, so the
    # next lowest who allows a pairing (2) gets it.
    t = make(["3d", "2d", "1d"], mcmahon=one_band(3))
    t = t.with_round(Round(1, (Game(1, 2, D, D),), {3: ByeKind.ZERO_POINT}))
    t = t.replace(settings={"mcmahon": {**one_band(3), "initial_scores": {"3": 0.5}}})
    p = McMahonSystem().pair(t, 2)
    assert p.bye == 2 and pairs(p) == fs((1, 3))


def test_bye_volunteer_even_for_a_second_forced_bye() -> None:
    t = make(["3d", "2d", "1d", "1k", "2k"], mcmahon={**one_band(5), "bye_volunteer": 1})
    p = McMahonSystem().pair(t, 1)
    assert p.bye == 1
    t = t.with_pairing(p).with_results(1, {(b.white, b.black): (W, L) for b in p.boards})
    assert McMahonSystem().pair(t, 2).bye == 1  # criterion 2 does not bind volunteers
    # Without a volunteer, nobody gets a second forced bye: all alone, no pairing.
    solo = make(["1d"], mcmahon=one_band(1))
    solo = solo.with_round(Round(1, (), {1: ByeKind.PAIRING_ALLOCATED}))
    with pytest.raises(NoPairingError):
        McMahonSystem().pair(solo, 2)


# -- manual control -----------------------------------------------------------------------


def test_forced_and_forbidden_pairs() -> None:
    base = one_band(8)
    ranks = ["5d", "4d", "3d", "2d", "1d", "1k", "2k", "3k"]
    forced = make(ranks, mcmahon={**base, "forced_pairs": [{"round": 1, "players": [1, 2]}]})
    p = McMahonSystem().pair(forced, 1)
    assert frozenset((1, 2)) in pairs(p)
    # The rest: 3..8 split and shifted: 3-6, 4-7, 5-8.
    assert pairs(p) == fs((1, 2), (3, 6), (4, 7), (5, 8))
    assert McMahonSystem().check(forced.with_pairing(p), 1) == []
    # A forced pair for another round does not apply.
    other = make(ranks, mcmahon={**base, "forced_pairs": [{"round": 2, "players": [1, 2]}]})
    assert frozenset((1, 2)) not in pairs(McMahonSystem().pair(other, 1))
    forbidden = make(ranks, mcmahon={**base, "forbidden_pairs": [[2, 6]]})
    assert frozenset((2, 6)) not in pairs(McMahonSystem().pair(forbidden, 1))
    # The core model's forbidden pairs count too.
    core = make(ranks, mcmahon=base).replace(forbidden_pairs=frozenset({frozenset((3, 7))}))
    assert frozenset((3, 7)) not in pairs(McMahonSystem().pair(core, 1))
    bad = make(ranks, mcmahon={**base, "forced_pairs": [[1, 2], [2, 3]]})
    with pytest.raises(InputError):
        McMahonSystem().pair(bad, 1)


def test_avoidance_first_half_only() -> None:
    # 1 and 3 are from the same club: split and shift (1-3, 2-4) is avoided in the first
    # half by exchanging 3 and 4 (1-4, 2-3); in the second half it is not.
    ranks = ["2d", "1d", "1k", "2k"]
    attrs = {1: {"club": "Seattle"}, 3: {"club": "seattle "}, 2: {"club": "Denver"}}
    settings = {**one_band(4), "avoid": ["club"]}
    first = make(ranks, rounds=4, mcmahon=settings, attributes=attrs)
    assert pairs(McMahonSystem().pair(first, 1)) == fs((1, 4), (2, 3))
    # Rounds 1 and 2 taken as voluntary byes by everyone: round 3 of 4 is in the second
    # half, where the avoidance is dropped.
    late = first
    for r in (1, 2):
        late = late.with_round(Round(r, (), dict.fromkeys(range(1, 5), ByeKind.ZERO_POINT)))
    assert not build_field(late, 3).avoidance_active
    assert pairs(McMahonSystem().pair(late, 3)) == fs((1, 3), (2, 4))
    # Without the setting, no avoidance at all.
    plain = make(ranks, rounds=4, mcmahon=one_band(4), attributes=attrs)
    assert pairs(McMahonSystem().pair(plain, 1)) == fs((1, 3), (2, 4))


def test_avoidance_order_family_before_club() -> None:
    # 1-3 share a family, 2-4 share a club (two games of split and shift, each avoided);
    # with avoid = [family, club], the family clash is removed first.
    ranks = ["2d", "1d", "1k", "2k"]
    attrs = {
        1: {"family": "Lee"},
        3: {"family": "Lee"},
        2: {"club": "X"},
        4: {"club": "X"},
    }
    t = make(
        ranks, rounds=4, mcmahon={**one_band(4), "avoid": ["family", "club"]}, attributes=attrs
    )
    assert pairs(McMahonSystem().pair(t, 1)) == fs((1, 4), (2, 3))


# -- handicaps ------------------------------------------------------------------------------


def handicap_game(mode: str, **extra: Any) -> dict[str, Any]:
    # 3d (index 2) against 2k (index -2): four ranks apart. Two bands so that the top-band
    # rule can be switched on and off.
    t = make(
        ["3d", "2k"],
        mcmahon={
            "bands": [{"players": [1], "score": 0}, {"players": [2], "score": 0}],
            "handicap": mode,
            **extra,
        },
    )
    p = McMahonSystem().pair(t, 1)
    game: dict[str, Any] = p.info["games"][0]
    assert (p.boards[0].white, p.boards[0].black) == (game["white"], game["black"])
    return game


def test_handicap_modes() -> None:
    for mode, stones in (("full", 4), ("minus1", 3), ("minus2", 2), ("none", 0)):
        game = handicap_game(mode, top_band_even=False)
        assert game["handicap"] == stones, mode
        if stones:
            assert (game["white"], game["black"]) == (1, 2)  # the weaker takes black
            assert game["komi"] == 0.5
        else:
            assert game["komi"] == 7.5


def test_top_band_even_override_and_komi_settings() -> None:
    assert handicap_game("full")["handicap"] == 0  # player 1 is in the top band
    game = handicap_game("full", top_band_even=False, komi_handicap=0, komi_even=6.5)
    assert game["handicap"] == 4 and game["komi"] == 0
    over = handicap_game(
        "full",
        top_band_even=False,
        handicap_overrides=[{"round": 1, "players": [2, 1], "handicap": 2}],
    )
    assert over["handicap"] == 2 and over["komi"] == 0.5 and over["black"] == 2
    even = handicap_game("none", komi_even=6.5)
    assert even["handicap"] == 0 and even["komi"] == 6.5


def test_check_reports_handicap_colours() -> None:
    t = make(
        ["3d", "2k"],
        mcmahon={
            "bands": [{"players": [1], "score": 0}, {"players": [2], "score": 0}],
            "handicap": "full",
            "top_band_even": False,
        },
    )
    wrong = t.with_round(Round(1, (Game(2, 1),)))
    assert any("weaker player takes black" in m for m in McMahonSystem().check(wrong, 1))


# -- results, scores, tiebreaks -----------------------------------------------------------


def bob_tournament(forced: bool) -> Tournament:
    """The spec's example: Bob (1) in a 5-round event, initial score -8, beats Barry (2),
    a bye in round 2, beats Carmilla (3), loses to Sally (4), beats Marvin (5). Player 6
    fills the other games. Everyone starts at -8."""
    t = make(["5k", "6k", "7k", "8k", "9k", "10k"], rounds=5, mcmahon=one_band(6, -8))
    bye = ByeKind.PAIRING_ALLOCATED if forced else ByeKind.ZERO_POINT
    rounds = [
        ((Game(1, 2, W, L), Game(3, 4, W, L), Game(5, 6, W, L)), {}),
        ((Game(2, 3, W, L), Game(4, 5, W, L)), {1: bye, 6: ByeKind.ZERO_POINT}),
        ((Game(1, 3, W, L), Game(2, 4, L, W), Game(5, 6, L, W)), {}),
        ((Game(4, 1, W, L), Game(2, 5, L, W), Game(3, 6, W, L)), {}),
        ((Game(1, 5, W, L), Game(2, 6, W, L), Game(3, 4, D, D)), {}),
    ]
    for r, (games, byes) in enumerate(rounds, 1):
        t = t.with_round(Round(r, games, byes))
    return t


def test_bob_the_beginner_forced_bye() -> None:
    t = bob_tournament(forced=True)
    scores = mcmahon_scores(t, 5)
    # Bob: -8 + 3 wins + forced bye = -4.
    assert scores[1] == -4
    # Barry L W L L W = -6; Carmilla W L L W jigo = -5.5; Sally L W W W jigo = -4.5;
    # Marvin W L L W L = -6; filler 6: L, voluntary bye, W, L, L = -7.
    assert [scores[n] for n in (2, 3, 4, 5, 6)] == [-6, Fraction(-11, 2), Fraction(-9, 2), -6, -7]
    # The phantom: -8 + 5/2 = -5.5, in SOMS and (a win) SODOMS.
    soms = Soms().values(t, 5)
    sodoms = Sodoms().values(t, 5)
    assert soms[1] == -6 + Fraction(-11, 2) + Fraction(-11, 2) + Fraction(-9, 2) - 6  # -27.5
    assert sodoms[1] == -6 + Fraction(-11, 2) + Fraction(-11, 2) - 6  # -23
    # Sally meets Bob at his real final score -4.
    assert soms[4] == Fraction(-11, 2) - 6 - 6 - 4 + Fraction(-11, 2)
    # Sally's SODOMS: Marvin -6, Barry -6, Bob -4 and half of Carmilla (jigo).
    assert sodoms[4] == -6 - 6 - 4 + Fraction(-11, 4)
    # Player 6 took a voluntary bye: his opponents count him at -7 + 0.5 = -6.5. Marvin
    # met 6 (rounds 1 and 3), Sally, Barry and Bob.
    assert soms[5] == Fraction(-13, 2) + Fraction(-9, 2) + Fraction(-13, 2) - 6 - 4


def test_bob_the_beginner_voluntary_bye() -> None:
    t = bob_tournament(forced=False)
    scores = mcmahon_scores(t, 5)
    assert scores[1] == -5  # -8 + 3 + 0
    soms = Soms().values(t, 5)
    sodoms = Sodoms().values(t, 5)
    # The voluntary bye is a loss against the same phantom (-5.5): SOMS only.
    assert soms[1] == -6 + Fraction(-11, 2) + Fraction(-11, 2) + Fraction(-9, 2) - 6
    assert sodoms[1] == -6 + Fraction(-11, 2) - 6
    # Sally counts Bob at his effective -5 + 1/2 = -4.5; Bob's own score stays -5.
    assert soms[4] == Fraction(-11, 2) - 6 - 6 + Fraction(-9, 2) + Fraction(-11, 2)
    assert sodoms[4] == -6 - 6 + Fraction(-9, 2) + Fraction(-11, 4)


def test_results_scores_forfeits_and_double_forfeit() -> None:
    t = make(["1d", "1k", "2k", "3k"], rounds=2, mcmahon=one_band(4))
    t = t.with_round(Round(1, (Game(1, 2, FW, FL), Game(3, 4, FL, FL))))
    s = mcmahon_scores(t, 1)
    assert [s[n] for n in (1, 2, 3, 4)] == [Fraction(1), Fraction(0), Fraction(0), Fraction(0)]
    # 1's opponent 2 lost by forfeit: counted at 0. 3 and 4 had a double forfeit: each
    # counts a phantom loss (initial 0 + 1/2) and credits 0.5 to opponents.
    soms = Soms().values(t, 1)
    assert soms[1] == 0 and soms[3] == Fraction(1, 2)


def test_face_to_face_and_random_draw_standings() -> None:
    # 1 beat 2 and both lost to nobody else: a tie on score is broken by face-to-face
    # only when SOMS and SODOMS tie too. Build a symmetric case: 1-2 (1 wins), 3-4
    # (3 wins), then 1-4 (4 wins), 2-3 (2 wins): everyone 1 point.
    t = make(["1d", "1d", "1d", "1d"], rounds=2, mcmahon={**one_band(4), "seed": 3})
    t = t.with_round(Round(1, (Game(1, 2, W, L), Game(3, 4, W, L))))
    t = t.with_round(Round(2, (Game(1, 4, L, W), Game(2, 3, W, L))))
    ftf = FaceToFace().values(t, 2)
    # All four are tied on MMS 1, SOMS 2 and SODOMS 1: face-to-face is the points
    # scored against the others of the tie (everyone: 1).
    assert set(ftf.values()) == {1}
    table = standings(t, 2)
    assert sorted(n for _, n, _ in table) == [1, 2, 3, 4]
    assert [p for p, _, _ in table] == [1, 2, 3, 4]  # the draw separates everyone
    assert standings(t, 2) == table  # reproducible
    crit = McMahonSystem().ranking_criteria(t)
    assert [c.code for c in crit] == ["MMS", "SOMS", "SODOMS", "FTF", "RND"]


def test_face_to_face_decides_a_two_player_tie() -> None:
    # 1 beat 2 in round 1; given the tie group {1, 2} (as the standings pass it), 1 has
    # one face-to-face point, 2 none; players outside a tie group get 0.
    t = make(["1d", "1d", "1k", "1k"], rounds=2, mcmahon=one_band(4))
    t = t.with_round(Round(1, (Game(1, 2, W, L), Game(3, 4, W, L))))
    t = t.with_round(Round(2, (Game(1, 3, L, W), Game(2, 4, W, L))))
    values = FaceToFace().group_values(t, 2, [[1, 2], [3], [4]])
    assert values == {1: 1, 2: 0, 3: 0, 4: 0}
    # Both 1 and 2 end on MMS 1, but SOMS already separates them: 1 met 2 (1) and 3 (2)
    # = 3; 2 met 1 (1) and 4 (0) = 1.
    assert Soms().values(t, 2)[1] == 3 and Soms().values(t, 2)[2] == 1


# -- system contract ------------------------------------------------------------------------


def test_registry_and_info_is_json() -> None:
    import json

    system = get_system("mcmahon", seed=5)
    assert system.name == "mcmahon"
    t = make(["3d", "2d", "1d", "1k", "2k"], mcmahon=one_band(5))
    p = system.pair(t)
    json.dumps(p.info)
    assert len(p.info["games"]) == 2 and p.engine_lines()[0] == "3"
    doc = McMahonSystem(explain=True).pair(t).info["explanation"]
    json.dumps(doc)
    players = {e["number"]: e for e in doc["players"]}
    assert doc["bye"] == 5 and players[5]["details"]["rank"] == "2k"
    assert players[5]["score"] == "0"
    # the bye, then "why me": the best pairing with the bye elsewhere (issue 32)
    assert [r["code"] for r in players[5]["reasons"]] == ["bye_lowest_placed", "why_bye_cost"]
    assert players[5]["details"]["why"]["criterion"] == "bye"
    board = doc["boards"][0]
    assert board["board"] == 1 and set(board["details"]) == {
        "handicap",
        "komi",
        "forced",
        "penalty",
    }
    assert doc["details"]["matching_stage"] and len(doc["details"]["pool"]) == 5


def test_check_flags_rematch_and_suboptimal() -> None:
    t = make(["5d", "4d", "3d", "2d"], mcmahon=one_band(4))
    ok = t.with_pairing(McMahonSystem().pair(t, 1))
    assert McMahonSystem().check(ok, 1) == []
    worse = t.with_round(Round(1, (Game(1, 2), Game(3, 4))))
    problems = McMahonSystem().check(worse, 1)
    assert problems and "not optimal" in problems[0]
    missing = t.with_round(Round(1, (Game(1, 3),)))
    assert any("neither paired" in m for m in McMahonSystem().check(missing, 1))


def test_check_flags_bye_problems() -> None:
    t = make(["3d", "2d", "1d", "1k", "2k"], mcmahon=one_band(5))
    # Valid but not optimal: the forced bye belongs to the lowest rated player (5).
    wrong_bye = t.with_round(Round(1, (Game(2, 4), Game(3, 5)), {1: ByeKind.PAIRING_ALLOCATED}))
    problems = McMahonSystem().check(wrong_bye, 1)
    assert problems and "not optimal" in problems[0] and "bye 4 vs 0" in problems[0]
    # A second forced bye is invalid.
    r1 = t.with_round(
        Round(1, (Game(1, 3, W, L), Game(2, 4, W, L)), {5: ByeKind.PAIRING_ALLOCATED})
    )
    again = r1.with_round(Round(2, (Game(1, 2), Game(3, 4)), {5: ByeKind.PAIRING_ALLOCATED}))
    assert any("already had a forced bye" in m for m in McMahonSystem().check(again, 2))
    none = t.with_round(Round(1, (Game(1, 3), Game(2, 4))))
    assert any("neither paired" in m for m in McMahonSystem().check(none, 1))


def test_module_doctests() -> None:
    import doctest

    import fairpair.systems.mcmahon.bands
    import fairpair.systems.mcmahon.handicap
    import fairpair.systems.mcmahon.pairing
    import fairpair.systems.mcmahon.ranks

    for module in (
        fairpair.systems.mcmahon.handicap,
        fairpair.systems.mcmahon.pairing,
        fairpair.systems.mcmahon.ranks,
        fairpair.systems.mcmahon.bands,
    ):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_handicap_from_band_difference() -> None:
    # AGA tournament practice: handicap = band difference. 3d (band score 0) against 2k
    # (band score -3): 3 stones by bands, 4 by ranks; minus1 takes one off.
    def game(basis: str, mode: str = "full") -> dict[str, Any]:
        t = make(
            ["3d", "2k"],
            mcmahon={
                "bands": [{"players": [1], "score": 0}, {"players": [2], "score": -3}],
                "handicap": mode,
                "handicap_basis": basis,
                "top_band_even": False,
            },
        )
        result: dict[str, Any] = McMahonSystem().pair(t, 1).info["games"][0]
        return result

    assert game("band")["handicap"] == 3 and game("rank")["handicap"] == 4
    assert game("band", "minus1")["handicap"] == 2
    with pytest.raises(InputError):
        McMahonSettings.from_dict({"handicap_basis": "rating"})


def test_make_game_names_the_colour_rule_that_decided() -> None:
    t = make(["1d", "1d", "1d", "1d"], mcmahon=one_band(4))
    first = make_game(build_field(t, 1), 1, 2)
    assert (first.white, first.colour_rule) == (1, "stronger")  # nothing else tells
    t = t.with_round(Round(1, (Game(1, 3, D, D), Game(4, 2, D, D))))
    second = make_game(build_field(t, 2), 1, 2)
    # 1 had white, 2 black: 2 takes white, having had white less often
    assert (second.white, second.black, second.colour_rule) == (2, 1, "balance")
    bands = [{"players": [1], "score": 0}, {"players": [2], "score": 0}]
    settings = {"bands": bands, "handicap": "full", "top_band_even": False}
    stones = make(["3d", "2k"], mcmahon=settings)
    handicap = make_game(build_field(stones, 1), 1, 2)
    assert (handicap.black, handicap.colour_rule) == (2, "handicap")
