"""Unit tests of the Dutch system (C.04.3, 2017): rules checked on hand-worked cases."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from fairpair.errors import NoPairingError
from fairpair.formats import trf
from fairpair.matching import max_weight_matching
from fairpair.model import (
    ByeKind,
    Colour,
    Float,
    Game,
    Player,
    ResultCode,
    Round,
    Tournament,
)
from fairpair.systems import get_system
from fairpair.systems.dutch import DutchSystem
from fairpair.systems.dutch.colours import allocate_colours
from fairpair.systems.dutch.criteria import compatible
from fairpair.systems.dutch.players import (
    ColourPreference,
    PlayerFacts,
    colour_preference,
    eligible_for_pab,
    float_in_round,
    player_facts,
)

W, B = Colour.WHITE, Colour.BLACK
WIN, LOSS, DRAW = ResultCode.WIN, ResultCode.LOSS, ResultCode.DRAW
VECTORS = Path(__file__).parent / "data" / "vectors" / "dutch-2017" / "public"


def make(n: int, total: int | None = 5, initial: Colour = W) -> Tournament:
    players = tuple(Player(k, f"P{k}", rating=2500 - 10 * k) for k in range(1, n + 1))
    return Tournament(players=players, total_rounds=total, initial_colour=initial)


def game(white: int, black: int, result: str) -> Game:
    codes = {"1-0": (WIN, LOSS), "0-1": (LOSS, WIN), "=": (DRAW, DRAW)}
    codes["+-"] = (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
    w, b = codes[result]
    return Game(white=white, black=black, white_result=w, black_result=b)


def facts(
    number: int,
    history: list[Colour],
    *,
    score: Fraction = Fraction(0),
    rank: int | None = None,
    topscorer: bool = False,
) -> PlayerFacts:
    return PlayerFacts(
        number=number,
        rank=number - 1 if rank is None else rank,
        score=score,
        raw_score=score,
        preference=colour_preference(history),
        history=tuple(history),
        floats=(Float.NONE, Float.NONE),
        pab_eligible=True,
        topscorer=topscorer,
        played_opponents=frozenset(),
    )


# -- A.6 colour preferences ---------------------------------------------------------


@pytest.mark.parametrize(
    ("history", "colour", "strength"),
    [
        ([], None, "none"),  # A.6.d
        ([W], B, "strong"),  # A.6.b: one game with white is a difference of +1
        ([W, B], W, "mild"),  # A.6.c: difference 0, alternate
        ([W, B, W], B, "strong"),  # A.6.b: difference +1
        ([B, W, B], W, "strong"),
        ([W, W], B, "absolute"),  # A.6.a: same colour twice
        ([B, W, W, B, B], W, "absolute"),  # last two black
        ([W, B, W, W, B, W], B, "absolute"),  # difference +2
    ],
)
def test_colour_preference(history: list[Colour], colour: Colour | None, strength: str) -> None:
    pref = colour_preference(history)
    assert (pref.colour, pref.strength) == (colour, strength)


# -- E colour allocation --------------------------------------------------------------


def test_e1_both_preferences_granted() -> None:
    a, b = facts(1, [W]), facts(2, [B])
    assert allocate_colours(a, b, W) == (2, 1)


def test_e2_stronger_preference_wins() -> None:
    mild = facts(1, [B, W])  # wants black (alternate), mild
    strong = facts(2, [B, W, B, B, W, B])  # difference -2: absolute white
    assert allocate_colours(mild, strong, W) == (2, 1)
    absolute_w = facts(3, [B, B])
    strong_w = facts(4, [W, B, B])  # difference -1: strong white
    assert allocate_colours(absolute_w, strong_w, W) == (3, 4)


def test_e2_wider_difference_among_absolute_preferences() -> None:
    # Topscorers in the last round may meet with the same absolute preference.
    a = facts(1, [B, W, B, B], topscorer=True)  # difference -2 and BB: wants white
    c = facts(3, [B, B, W, B, B], topscorer=True)  # difference -3
    assert allocate_colours(a, c, W) == (3, 1)  # the wider difference gets white


def test_e3_alternate_from_last_different_round() -> None:
    # Both have a mild white preference (difference 0, last game black).
    e = facts(5, [W, B, W, B])
    f = facts(6, [B, W, W, B])
    assert e.preference.colour is f.preference.colour is W
    # Walking back: round 4 both black, round 3 both white, round 2 e black and
    # f white. Alternating with respect to that round: e white, f black.
    assert allocate_colours(e, f, W) == (5, 6)
    # Unplayed rounds are skipped (C.04.2 D.5): the history holds played games only.
    g = facts(7, [B, W, B])  # e.g. B, (bye), W, B
    h = facts(8, [W, W, B])
    # both strong white? g: difference -1 strong white; h: +1 strong black -> E.1
    assert allocate_colours(g, h, W) == (7, 8)


def test_e4_higher_ranked_preference() -> None:
    a = facts(1, [W, B], score=Fraction(1), rank=0)  # wants white
    b = facts(2, [W, B], score=Fraction(2), rank=1)  # wants white, higher score
    assert allocate_colours(a, b, W) == (2, 1)


def test_e5_initial_colour_by_pairing_number_parity() -> None:
    one, two = facts(1, []), facts(2, [])
    three = facts(3, [])
    assert allocate_colours(one, three, W) == (1, 3)  # 1 is odd: initial colour
    assert allocate_colours(two, three, W) == (3, 2)  # 2 is even: opposite
    assert allocate_colours(one, three, B) == (3, 1)  # initial colour black


# -- C.1-C.3 absolute criteria ------------------------------------------------------------


def test_c3_same_absolute_preference_only_for_topscorers() -> None:
    a, b = facts(1, [W, W]), facts(2, [B, W, W])
    assert a.preference.absolute and b.preference.absolute
    assert not compatible(a, b, frozenset())
    top = facts(2, [B, W, W], topscorer=True)
    assert compatible(a, top, frozenset())
    c = facts(3, [B, B])
    assert compatible(a, c, frozenset())


def test_forbidden_pairs_are_incompatible() -> None:
    a, b = facts(1, []), facts(2, [])
    assert not compatible(a, b, frozenset({frozenset({1, 2})}))


# -- pairing whole rounds ---------------------------------------------------------------


def pair(t: Tournament, rnd: int | None = None) -> tuple[set[tuple[int, int]], int | None]:
    p = DutchSystem().pair(t, rnd)
    return {(b.white, b.black) for b in p.boards}, p.bye


def test_round_one_top_half_against_bottom_half() -> None:
    # B.3: S1 = {1,2,3}, S2 = {4,5,6}; E.5 with white1: 1 white, 2 black, 3 white.
    assert pair(make(6)) == ({(1, 4), (5, 2), (3, 6)}, None)
    assert pair(make(6, initial=B)) == ({(4, 1), (2, 5), (6, 3)}, None)


def test_round_one_bye_goes_to_the_last_player() -> None:
    # Five players: S1 = {1,2}, S2 = {3,4}; the lowest player is left over (C.5/C.6)
    # and gets the pairing-allocated bye.
    assert pair(make(5)) == ({(1, 3), (4, 2)}, 5)


def test_round_two_winners_and_losers() -> None:
    t = make(4).with_round(Round(1, games=(game(1, 3, "1-0"), game(4, 2, "0-1"))))
    # Scoregroup 1: {1, 2} (1 had white, 2 black): 2 gets white (E.1).
    # Scoregroup 0: {3, 4} (3 had black, 4 white): 3 gets white.
    assert pair(t) == ({(2, 1), (3, 4)}, None)


def test_no_second_pairing_allocated_bye() -> None:
    t = make(3).with_round(
        Round(1, games=(game(1, 2, "1-0"),), byes={3: ByeKind.PAIRING_ALLOCATED})
    )
    # Round 2: 3 (1 point, bye) and 1 (1 point) are the top; 3 cannot get the bye
    # again (C.2), and 1-2 is a rematch (C.1): 1 plays 3, 2 gets the bye.
    pairs, bye = pair(t)
    assert bye == 2
    assert {frozenset(p) for p in pairs} == {frozenset({1, 3})}


def test_forfeit_win_blocks_the_bye_but_not_a_rematch() -> None:
    t = make(3).with_round(Round(1, games=(game(1, 2, "+-"),), byes={3: ByeKind.PAIRING_ALLOCATED}))
    st = t.state(after_round=1)
    assert not eligible_for_pab(st[1]) and not eligible_for_pab(st[3])
    assert eligible_for_pab(st[2])
    # 1 (forfeit win) and 3 (PAB) cannot get the bye: 2 gets it, 1 plays 3.
    pairs, bye = pair(t)
    assert bye == 2 and {frozenset(p) for p in pairs} == {frozenset({1, 3})}
    # With only players 1 and 2 the forfeited game does not prevent the pairing.
    two = Tournament(players=t.players[:2], total_rounds=5, initial_colour=W)
    two = two.with_round(Round(1, games=(game(1, 2, "+-"),)))
    assert {frozenset(p) for p in pair(two)[0]} == {frozenset({1, 2})}


def test_no_legal_pairing_raises() -> None:
    t = make(2).with_round(Round(1, games=(game(1, 2, "1-0"),)))
    with pytest.raises(NoPairingError):
        DutchSystem().pair(t)


def test_forbidden_pair_is_avoided() -> None:
    t = make(4).replace(forbidden_pairs=frozenset({frozenset({1, 3})}))
    pairs, _ = pair(t)
    assert {frozenset(p) for p in pairs} == {frozenset({1, 4}), frozenset({2, 3})}


def test_absent_players_are_not_paired() -> None:
    t = make(5).with_round(Round(1, byes={5: ByeKind.ZERO_POINT}))
    pairs, bye = pair(t, 1)
    assert bye is None and {p for pair_ in pairs for p in pair_} == {1, 2, 3, 4}


def test_acceleration_moves_players_between_brackets() -> None:
    # Virtual point for 1-2: brackets {1,2} and {3,4} instead of S1/S2 halves.
    t = make(4).replace(
        acceleration={1: (Fraction(1),), 2: (Fraction(1),)},
    )
    pairs, _ = pair(t)
    assert {frozenset(p) for p in pairs} == {frozenset({1, 2}), frozenset({3, 4})}


def test_unplayed_round_counts_as_downfloat() -> None:
    t = make(3).with_round(Round(1, games=(game(1, 2, "1-0"),), byes={3: ByeKind.HALF_POINT}))
    st = t.state(after_round=1)
    assert float_in_round(t, st[3], 1) is Float.DOWN
    assert float_in_round(t, st[1], 1) is Float.NONE
    t2 = t.with_round(Round(2, games=(game(3, 1, "0-1"),), byes={2: ByeKind.PAIRING_ALLOCATED}))
    st2 = t2.state(after_round=2)
    # Before round 2: 1 had 1 point, 3 had 0.5: 1 floated down, 3 up.
    assert float_in_round(t2, st2[1], 2) is Float.DOWN
    assert float_in_round(t2, st2[3], 2) is Float.UP


def test_player_facts_effective_rank_skips_players_never_paired() -> None:
    # Player 2 is absent from round 1 and never took part: players 3.. move up one
    # place in the effective order (E.5 parity follows it).
    t = make(5).with_round(Round(1, byes={2: ByeKind.ZERO_POINT}))
    present = t.present_players(1)
    f = player_facts(t, 1, present)
    assert [f[n].rank for n in present] == [0, 1, 2, 3]


# -- system contract -----------------------------------------------------------------


def test_registry_and_explain() -> None:
    system = get_system("dutch", explain=True)
    t, _ = trf.load(VECTORS / "t101000_n34_r3of6.trf")
    pairing = system.pair(t)
    doc = pairing.info["explanation"]
    records = [group["details"] for group in doc["groups"]]
    assert records and all("pairs" in r and "downfloaters" in r for r in records)
    paired = sum(len(r["pairs"]) for r in records)
    assert paired == len(pairing.boards)
    # every pair of a bracket's record is a board of that group
    for index, record in enumerate(records):
        for a, b in record["pairs"]:
            board = next(x for x in doc["boards"] if {x["white"], x["black"]} == {a, b})
            assert board["group"] == index
    assert doc["bye"] == pairing.bye
    assert doc["details"]["rules"] == "2017" and "2017" in doc["details"]["rules_text"]


def test_board_order_by_scores() -> None:
    t, _ = trf.load(VECTORS / "t101000_n34_r5of6.trf")
    pairing = DutchSystem().pair(t)
    st = t.state(after_round=4)
    tops = [max(st[b.white].score, st[b.black].score) for b in pairing.boards]
    assert tops == sorted(tops, reverse=True)


def test_check_accepts_the_reference_and_rejects_a_swap() -> None:
    t, _ = trf.load(VECTORS / "t101000_n34_r5of6.trf")
    system = DutchSystem()
    pairing = system.pair(t)
    paired = t.with_pairing(pairing)
    assert system.check(paired, 5) == []
    boards = list(pairing.boards)
    boards[0] = type(boards[0])(boards[0].black, boards[0].white)
    wrong = t.with_pairing(type(pairing)(round=5, boards=tuple(boards), bye=pairing.bye))
    assert system.check(wrong, 5)


@pytest.mark.parametrize("case", ["t101003_n56_r7of9", "t101005_n33_r4of5", "t101001_n11_r7of10"])
def test_incremental_matcher_agrees_with_one_shot_solver(case: str) -> None:
    t, _ = trf.load(VECTORS / f"{case}.trf")
    fast = DutchSystem().pair(t)
    slow = DutchSystem(solver=max_weight_matching).pair(t)
    assert fast.pairs() == slow.pairs() and fast.bye == slow.bye


def test_colour_preference_dataclass_strengths() -> None:
    assert ColourPreference(W, 2, None).absolute
    assert ColourPreference(W, 0, B).absolute
    assert ColourPreference(B, 1, None).strong
    assert ColourPreference(B, 0, None).mild


# -- generated tournaments: absolute criteria hold, backends agree ------------------


@pytest.mark.parametrize("seed", [11, 23, 37])
def test_generated_rounds_respect_absolute_criteria(seed: int) -> None:
    from fairpair.matching import _pure
    from fairpair.workflow.generator import GeneratorConfig, generate

    config = GeneratorConfig(
        players=17 + seed % 7, rounds=7, seed=seed, forfeit_rate=0.05, bye_rate=0.05
    )
    t = generate("dutch", config)
    for rnd in range(1, 8):
        before = t.replace(rounds=t.rounds[: rnd - 1])
        known = {n: k for n, k in t.round(rnd).byes.items() if k is not ByeKind.PAIRING_ALLOCATED}
        if known:
            before = before.with_round(Round(rnd, byes=known))
        pairing = DutchSystem().pair(before, rnd)
        state = before.state(after_round=rnd - 1)
        present = set(before.present_players(rnd))
        seen = [p for b in pairing.boards for p in (b.white, b.black)]
        seen += [pairing.bye] if pairing.bye is not None else []
        assert sorted(seen) == sorted(present)  # everybody once (A.9)
        for b in pairing.boards:
            assert b.black not in state[b.white].played_opponents  # C.1
        if pairing.bye is not None:
            assert eligible_for_pab(state[pairing.bye])  # C.2
        facts_ = player_facts(before, rnd, sorted(present))
        for b in pairing.boards:
            assert compatible(facts_[b.white], facts_[b.black], frozenset())  # C.3
        # A different matching backend (other tie-breaking) gives the same pairing:
        # the criteria and the D order decide everything.
        other = DutchSystem(solver=_pure.max_weight_matching).pair(before, rnd)
        assert other.pairs() == pairing.pairs() and other.bye == pairing.bye


def test_trf_records_reach_the_engine(tmp_path: Path) -> None:
    """XXP (forbidden pair), XXA (acceleration) and a pre-set absence written to a TRF
    and paired through the command line."""
    from fairpair.cli import run

    t = make(7).replace(
        forbidden_pairs=frozenset({frozenset({1, 3})}),
        acceleration={5: (Fraction(1),), 6: (Fraction(1),)},
    )
    t = t.with_round(Round(1, byes={7: ByeKind.ZERO_POINT}))
    path = tmp_path / "t.trf"
    text = trf.dumps(t)
    assert "XXP" in text or "260" in text
    path.write_text(text)
    out = tmp_path / "out.txt"
    assert run(["--dutch", str(path), "-p", str(out)]) == 0
    lines = out.read_text().split("\n")
    pairs = {frozenset(map(int, line.split())) for line in lines[1:] if line.strip()}
    # Pairing scores: 5 and 6 have a virtual point and form the top bracket; then
    # {1,2,3,4}: S1 {1,2} vs S2 {3,4} would give 1-3, 2-4, but 1-3 is forbidden:
    # the next transposition (D.1) gives 1-4, 2-3. Player 7 is absent.
    assert pairs == {frozenset({5, 6}), frozenset({1, 4}), frozenset({2, 3})}


@pytest.mark.parametrize("case", ["t101000_n34_r3of6", "t101003_n56_r1of9", "t101005_n33_r4of5"])
def test_first_candidate_shortcut_changes_nothing(
    case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """B.4: accepting a perfect first candidate at once gives what the full search of
    section D gives."""
    from fairpair.systems.dutch import engine

    t, _ = trf.load(VECTORS / f"{case}.trf")
    quick = DutchSystem().pair(t)
    monkeypatch.setattr(engine._Bracket, "_canonical_candidate", lambda self: [])
    full = DutchSystem().pair(t)
    assert quick.pairs() == full.pairs() and quick.bye == full.bye
