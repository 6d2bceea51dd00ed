"""TRF reading and writing: records, extensions, round-tripping and warnings."""

from __future__ import annotations

from fractions import Fraction
from fractions import Fraction as F
from pathlib import Path

import pytest

from fairpair.errors import InputError
from fairpair.formats import trf
from fairpair.model import (
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
from helpers import line, text

DATA = Path(__file__).parent / "data" / "trf"


def four_players(*extra: str, points: tuple[str, ...] = ("1.0", "0.0", "0.5", "0.5")) -> str:
    """Round 1: 1-2 1-0, 3-4 draw."""
    return text(
        "012 Four",
        "XXR 3",
        *extra,
        line(1, points[0], ("   2 w 1",)),
        line(2, points[1], ("   1 b 0",)),
        line(3, points[2], ("   4 w =",)),
        line(4, points[3], ("   3 b =",)),
    )


def round_trip(source: str) -> Tournament:
    t, _ = trf.loads(source)
    assert trf.dumps(t) == source
    again, _ = trf.loads(trf.dumps(t))
    assert again == t
    return t


# -- the player record -------------------------------------------------------------


def test_player_fields_and_columns() -> None:
    raw = (
        "001    7 m  g Mirzoev,Azer                      2527 AZE    13400304 1978/02/01  4.0    1"
    )
    t, warnings = trf.loads(text(raw))
    p = t.player(7)
    assert (p.sex, p.title, p.name, p.rating) == ("m", "g", "Mirzoev,Azer", 2527)
    assert (p.federation, p.fide_id, p.birth_date) == ("AZE", "13400304", "1978/02/01")
    assert (p.reported_points, p.reported_rank) == (Fraction(4), 1)
    # no rounds played: computed score 0, the column says 4 -> a warning, not an error
    assert warnings == [
        "<input>:1:81: player 7: points column says 4.0, but the results of rounds 1-0 "
        "give 0.0 (the results are used)"
    ]
    assert trf.dumps(t) == text(raw)


def test_games_byes_and_scores() -> None:
    source = text(
        "XXR 3",
        line(1, "1.5", ("   2 w 1", "   3 b =")),
        line(2, "1.0", ("   1 b 0", "0000 - U")),
        line(3, "1.0", ("0000 - H", "   1 w =")),
    )
    t = round_trip(source)
    assert t.rounds[0].games == (Game(1, 2, ResultCode.WIN, ResultCode.LOSS),)
    assert t.rounds[0].byes == {3: ByeKind.HALF_POINT}
    assert t.rounds[1].games == (Game(3, 1, ResultCode.DRAW, ResultCode.DRAW),)
    assert t.rounds[1].byes == {2: ByeKind.PAIRING_ALLOCATED}
    # 1: win + draw; 2: loss + PAB; 3: half-point bye + draw
    assert {n: s.score for n, s in t.state().items()} == {
        1: Fraction(3, 2),
        2: Fraction(1),
        3: Fraction(1),
    }


def test_forfeits_and_uncoloured_games() -> None:
    source = text(
        line(1, "1.0", ("   2 w +", "   3 - +")),
        line(2, "0.0", ("   1 b -", "0000 -  ")),
        line(3, "0.0", ("0000 - Z", "   1 - -")),
    )
    t = round_trip(source)
    assert t.rounds[0].games == (Game(1, 2, ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),)
    game = t.rounds[1].games[0]
    assert (game.white, game.black, game.coloured) == (1, 3, False)
    assert t.rounds[1].byes == {2: ByeKind.ABSENT}
    assert t.state()[1].colour_history == ()  # forfeits do not count for colours


def test_pending_games_count_as_paired() -> None:
    source = text(
        "XXR 2",
        line(1, "1.0", ("   2 w 1", "   3 b")),
        line(2, "0.0", ("   1 b 0", "0000 - U")),
        line(3, "0.0", ("0000 - Z", "   1 w")),
    )
    t = round_trip(source)
    assert t.rounds[1].games == (Game(3, 1),)
    assert not t.rounds[1].games[0].has_result
    assert t.rounds_played == 2 and t.next_round() == 3


def test_preset_absences_are_byes_of_the_next_round() -> None:
    source = four_players(points=("1.0", "0.0", "0.5", "0.5")).replace(
        line(4, "0.5", ("   3 b =",)), line(4, "0.5", ("   3 b =", "0000 - H"))
    )
    t = round_trip(source)
    assert t.rounds_played == 1 and t.next_round() == 2
    assert t.round(2).byes == {4: ByeKind.HALF_POINT}
    assert t.present_players(2) == (1, 2, 3)


def test_lowercase_codes_and_blank_opponents_round_trip() -> None:
    # TRF-2026: letter codes are case-insensitive; four blanks mean 0000
    source = text(
        line(1, "1.5", ("   2 w d", "   3 b w")),
        line(2, "1.0", ("   1 b d", "     - h")),
        line(3, "0.0", ("     - z", "   1 w l")),
    )
    t, warnings = trf.loads(source)
    assert warnings == []
    assert t.rounds[0].games[0].white_result is ResultCode.UNRATED_DRAW
    assert t.rounds[1].byes == {2: ByeKind.HALF_POINT}
    assert t.rounds[0].byes == {3: ByeKind.ZERO_POINT}
    assert "lines" in t.format_hints
    assert trf.dumps(t) == source
    # canonical spelling, same meaning
    canonical = trf.dumps(t.replace(format_hints={}))
    assert "0000 - H" in canonical and "   2 w D" in canonical
    assert trf.loads(canonical)[0].replace(format_hints={}) == t.replace(format_hints={})


# -- header and extension records ---------------------------------------------------


def test_headers_rounds_and_initial_colour() -> None:
    t = round_trip(four_players("XXC white1"))
    assert t.headers == (("012", "Four"),)
    assert t.total_rounds == 3
    assert t.initial_colour is Colour.WHITE


def test_xxc_keeps_other_options_in_settings() -> None:
    t = round_trip(four_players("XXC rank black1"))
    assert t.initial_colour is Colour.BLACK
    assert t.settings == {"xxc": ["rank"]}


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        (
            "XXS WW=1.5 BW=1.0 WD=0.5 BD=0.75 WL=0.0 BL=0.25",
            {"white_win": "3/2", "black_draw": "3/4", "black_loss": "1/4"},
        ),
        # shortcuts: W = WW BW FW FPB, D = WD BD HPB; the PAB follows the win (C.04.1)
        (
            "XXS W=3 D=1",
            {
                "pairing_allocated_bye": "3",
                "white_win": "3",
                "black_win": "3",
                "forfeit_win": "3",
                "full_point_bye": "3",
                "white_draw": "1",
                "black_draw": "1",
                "half_point_bye": "1",
            },
        ),
        ("XXS PAB=.5 ZPB=0 FL=0 FW=1", {"pairing_allocated_bye": "1/2"}),
    ],
)
def test_xxs_point_system(record: str, expected: dict[str, str]) -> None:
    t, _ = trf.loads(text(record, line(1)))
    default = PointSystem()
    for name in vars(default):
        want = Fraction(expected[name]) if name in expected else getattr(default, name)
        assert getattr(t.points, name) == want, name


def test_xxs_later_codes_override_earlier_ones() -> None:
    # JaVaFo AUM example: byes worth nothing needs the shortcuts first
    first, _ = trf.loads(text("XXS W=3 D=2 WL=1 BL=1", "XXS PAB=3", "XXS FPB=0 HPB=0", line(1)))
    assert (first.points.full_point_bye, first.points.half_point_bye) == (F(0), F(0))
    later, _ = trf.loads(text("XXS PAB=3", "XXS FPB=0 HPB=0", "XXS W=3 D=2", line(1)))
    assert (later.points.full_point_bye, later.points.half_point_bye) == (F(3), F(2))


def test_bbx_point_values() -> None:
    t, _ = trf.loads(text("BBW  3.0", "BBD  1.0", "BBZ  0.0", line(1)))
    assert t.points == PointSystem.uniform(3, 1)  # PAB follows BBW without BBU
    u, _ = trf.loads(text("BBU  1.0", "BBW  3.0", "BBL  0.5", "BBF  0.0", line(1)))
    assert u.points.pairing_allocated_bye == 1  # BBU wins whatever the order
    assert (u.points.white_loss, u.points.black_loss, u.points.forfeit_loss) == (
        F(1, 2),
        F(1, 2),
        F(0),
    )


def test_scores_follow_the_point_system() -> None:
    source = four_players("XXS W=3 D=1 PAB=3", points=("3.0", "0.0", "1.0", "1.0"))
    t, warnings = trf.loads(source)
    assert warnings == []
    assert {n: s.score for n, s in t.state().items()} == {1: 3, 2: 0, 3: 1, 4: 1}


def test_canonical_point_records_read_back() -> None:
    points = PointSystem.uniform(3, 1)
    t = Tournament(players=(Player(1, "A"),), points=points)
    written = trf.dumps(t)
    assert "XXS WW=3.0 BW=3.0 WD=1.0 BD=1.0 HPB=1.0 FPB=3.0 PAB=3.0 FW=3.0" in written
    assert "BBW  3.0\nBBD  1.0\n" in written  # bbpPairings reads these
    assert trf.loads(written)[0].points == points
    odd = PointSystem(black_win=Fraction(3, 2))  # not expressible as BBx
    written = trf.dumps(Tournament(players=(Player(1, "A"),), points=odd))
    assert "BBW" not in written
    assert trf.loads(written)[0].points == odd


def test_xxa_acceleration() -> None:
    t = round_trip(
        four_players(points=("2.0", "1.0", "1.5", "1.5")) + "XXA    1  1.0  1.0\n"
        "XXA    2  1.0  0.5\n"
    )
    assert t.acceleration == {1: (F(1), F(1)), 2: (F(1), F(1, 2))}
    assert t.acceleration_for(2, 2) == Fraction(1, 2)


def test_xxp_forbidden_pairs() -> None:
    t, _ = trf.loads(four_players() + "XXP 1 3 4\n")
    assert t.forbidden_pairs == {frozenset({1, 3}), frozenset({1, 4}), frozenset({3, 4})}
    assert trf.dumps(t) == four_players() + "XXP 1 3 4\n"
    # canonical: one XXP per pair, same meaning
    canonical = trf.dumps(t.replace(format_hints={}))
    assert "XXP 1 3\nXXP 1 4\nXXP 3 4\n" in canonical
    assert trf.loads(canonical)[0].forbidden_pairs == t.forbidden_pairs


def test_xxz_absentees_of_the_round_to_pair() -> None:
    source = four_players() + "XXZ 2 4\n"
    t = round_trip(source)
    assert t.next_round() == 2
    assert t.round(2).byes == {2: ByeKind.ZERO_POINT, 4: ByeKind.ZERO_POINT}
    assert t.present_players(2) == (1, 3)
    # the XXZ line is written back as such, not as 0000 - Z entries
    assert "0000 - Z" not in trf.dumps(t)


def test_xxt_double_rounds() -> None:
    t = round_trip(four_players("XXT double"))
    assert t.double_rounds
    single = round_trip(four_players("XXT single"))
    assert not single.double_rounds
    assert "XXT" not in trf.dumps(single.replace(format_hints={}))


def test_trf2026_records() -> None:
    data = (DATA / "trf2026.trf").read_bytes()
    assert b"\r" in data and b"\n" not in data  # CR line ends, as the TRF text says
    t, warnings = trf.loads(data, file="trf2026.trf")
    assert warnings == []
    assert t.total_rounds == 4  # 142
    assert t.initial_colour is Colour.BLACK  # 152
    assert t.points.white_win == 3 and t.points.white_draw == 1  # 162 W, D
    assert t.points.pairing_allocated_bye == 1  # 162 P
    assert t.round(2).byes == {4: ByeKind.HALF_POINT}  # 240
    assert t.acceleration == {1: (F(1), F(1)), 2: (F(1), F(1))}  # 250 rounds 1-2, players 1-2
    # 260: 1-3 prohibited in rounds 2-3 (round 2 is to be paired); 2-4 only in round 1
    assert t.forbidden_pairs == {frozenset({1, 3})}
    assert ("192", "FIDE_DUTCH_2026") in t.headers
    assert trf.dumps(t).encode() == data


def test_unknown_lines_are_kept_in_place() -> None:
    data = (DATA / "extensions.trf").read_text()
    t = round_trip(data)
    assert t.extra_records == ("DAT 0001 EMAIL ann@example.org", "### a comment")
    assert t.points.white_win == 3 and t.points.pairing_allocated_bye == 3
    assert t.settings == {"xxc": ["rank"]}
    assert t.forbidden_pairs == {frozenset({1, 4})}
    assert t.round(3).byes == {
        2: ByeKind.HALF_POINT,
        3: ByeKind.ZERO_POINT,
        1: ByeKind.ZERO_POINT,  # XXZ
        4: ByeKind.ZERO_POINT,  # XXZ
    }


def test_changed_tournament_keeps_layout_where_possible() -> None:
    data = (DATA / "extensions.trf").read_text()
    t, _ = trf.loads(data)
    renamed = t.replace(
        players=tuple(
            p if p.number != 2 else Player(**{**vars(p), "name": "Beta, Bea"}) for p in t.players
        )
    )
    written = trf.dumps(renamed)
    assert "Beta, Bea" in written
    assert written.index("DAT 0001") < written.index("Beta, Bea")  # still in place
    assert trf.loads(written)[0].replace(format_hints={}) == renamed.replace(format_hints={})


def test_after_pairing_stale_xxz_records_are_dropped() -> None:
    t, _ = trf.loads("### top\n" + four_players() + "XXZ 2 4\n")
    paired = t.with_pairing(Pairing(round=2, boards=(Board(3, 1),)))
    written = trf.dumps(paired)
    again, _ = trf.loads(written)
    assert again.replace(format_hints={}) == paired.replace(format_hints={})
    assert "XXZ" not in written  # it would now mean round 3
    assert written.startswith("### top\n")  # the rest of the layout is kept
    assert line(2, "0.0", ("   1 b 0", "0000 - Z")) in written.splitlines()


def test_layout_files_get_a_current_fpj_record() -> None:
    t, _ = trf.loads("### top\n" + four_players())
    paired = t.with_pairing(Pairing(round=2, boards=(Board(2, 4), Board(3, 1))))
    written = trf.dumps(paired)
    assert written.startswith("### top\n")
    assert written.splitlines()[-1] == 'FPJ {"boards":{"2":[[2,4],[3,1]]}}'
    again, _ = trf.loads(written)
    assert again.replace(format_hints={}) == paired.replace(format_hints={})
    # and once the board order is natural again, the record goes away
    natural = again.with_pairing(Pairing(round=2, boards=(Board(3, 1), Board(2, 4))))
    assert "FPJ" not in trf.dumps(natural)


def test_bom_and_crlf_are_preserved() -> None:
    source = "\ufeff" + four_players().replace("\n", "\r\n")
    t, _ = trf.loads(source.encode("utf-8"))
    assert trf.dumps(t) == source


def test_missing_final_newline_is_preserved() -> None:
    source = four_players().rstrip("\n")
    assert trf.dumps(trf.loads(source)[0]) == source


def test_score_column_mismatch_is_a_warning() -> None:
    source = four_players(points=("1.0", "0.0", "1.0", "0.5"))
    t, warnings = trf.loads(source, file="w.trf")
    assert warnings == [
        "w.trf:5:81: player 3: points column says 1.0, but the results of rounds 1-1 "
        "give 0.5 (the results are used)"
    ]
    assert t.player(3).reported_points == 1
    assert trf.dumps(t) == source  # written back as read while unchanged
    # once the player's results change, the column is recomputed
    rescored = t.with_results(1, {(3, 4): (ResultCode.LOSS, ResultCode.WIN)})
    written = trf.dumps(rescored)
    assert line(3, "0.0", ("   4 w 0",)) in written.splitlines()


# -- writing tournaments that did not come from a TRF ----------------------------------


def hand_built() -> Tournament:
    players = (
        Player(1, "Ann", rating=2100, club="Pawns", attributes={"rank": "3d", "city": "Oslo"}),
        Player(2, "Bob", rating=2000, withdrawn_from=3),
        Player(3, "Cy", rating=1900, entered_at=2),
        Player(4, "Di"),
    )
    t = Tournament(
        players=players,
        total_rounds=4,
        system="mcmahon",
        settings={"bar": 2, "bands": [[1, 2], [3, 4]]},
        initial_colour=Colour.BLACK,
    )
    t = t.with_pairing(Pairing(round=1, boards=(Board(4, 1),), bye=2))
    t = t.with_results(1, {(4, 1): (ResultCode.LOSS, ResultCode.WIN)})
    return t.with_pairing(Pairing(round=2, boards=(Board(3, 4), Board(1, 2))))


def test_hand_built_tournament_round_trips() -> None:
    t = hand_built()
    written = trf.dumps(t)
    again, warnings = trf.loads(written)
    assert warnings == []
    # TRF always carries the points column: reading fills reported_points
    assert again.player(1).reported_points == 1
    assert again.replace(players=t.players) == t
    assert trf.dumps(again) == written


def test_board_order_survives_trf() -> None:
    t = hand_built()
    assert [g.players for g in t.rounds[1].games] == [(3, 4), (1, 2)]
    again, _ = trf.loads(trf.dumps(t))
    assert [g.players for g in again.rounds[1].games] == [(3, 4), (1, 2)]


def test_fairpair_record_carries_what_trf_cannot() -> None:
    written = trf.dumps(hand_built())
    (record,) = [x for x in written.splitlines() if x.startswith("FPJ ")]
    assert '"system":"mcmahon"' in record
    again, _ = trf.loads(written)
    assert again.system == "mcmahon"
    assert again.settings == {"bar": 2, "bands": [[1, 2], [3, 4]]}
    assert again.player(1).attributes == {"rank": "3d", "city": "Oslo"}
    assert again.player(1).club == "Pawns"
    assert again.player(2).withdrawn_from == 3
    assert again.player(3).entered_at == 2


def test_plain_tournament_has_no_fairpair_record() -> None:
    t = Tournament(players=(Player(1, "A"), Player(2, "B")))
    t = t.with_pairing(Pairing(round=1, boards=(Board(1, 2),)))
    assert "FPJ" not in trf.dumps(t)


def test_dump_and_load_files(tmp_path: Path) -> None:
    t = hand_built()
    path = tmp_path / "t.trf"
    trf.dump(t, path)
    again, _ = trf.load(path)
    assert trf.dumps(again) == path.read_text()


def test_load_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read file"):
        trf.load(tmp_path / "nope.trf")


def test_points_that_do_not_fit() -> None:
    bye = Round(1, byes={1: ByeKind.PAIRING_ALLOCATED})
    t = Tournament(players=(Player(1, "A"),), rounds=(bye,))
    # a score the 4-column field cannot hold exactly is rounded (informative column)
    third = trf.dumps(t.replace(points=PointSystem(pairing_allocated_bye=Fraction(1, 3))))
    assert line(1, "0.33", ("0000 - U",), name="A") in third.splitlines()
    again, warnings = trf.loads(third)
    assert warnings == []
    assert again.points.pairing_allocated_bye == Fraction(1, 3)  # exact via FPJ
    big = trf.dumps(t.replace(points=PointSystem(pairing_allocated_bye=Fraction(1000))))
    assert line(1, "1000", ("0000 - U",), name="A") in big.splitlines()
    with pytest.raises(InputError, match=r"cannot write points 10000\.0 into a 4-column"):
        trf.dumps(t.replace(points=PointSystem(pairing_allocated_bye=Fraction(10000))))


# -- pairing-engine output ----------------------------------------------------------


def test_parse_engine_output() -> None:
    assert trf.parse_engine_output("3\n1 4\n3 2\n5 0\n") == [(1, 4), (3, 2), (5, 0)]
    pairing = Pairing(round=1, boards=(Board(1, 2), Board(4, 3)), bye=5)
    text = "\n".join(pairing.engine_lines()) + "\n"
    assert trf.parse_engine_output(text) == [(1, 2), (4, 3), (5, 0)]


@pytest.mark.parametrize(
    ("source", "where", "expected"),
    [
        ("", "p:1:1", "the number of pairs on line 1"),
        ("2\n1 2\n", "p:1:1", "2 pair lines"),
        ("1\n1 x\n", "p:2:1", "'white black' pairing numbers"),
        ("2\n1 2\n2 3\n", "p:3:1", "each player at most once"),
        ("1\n0 3\n", "p:2:1", "a player's pairing number"),
    ],
)
def test_parse_engine_output_errors(source: str, where: str, expected: str) -> None:
    with pytest.raises(InputError) as info:
        trf.parse_engine_output(source, file="p")
    assert str(info.value).startswith(where + ": ")
    assert expected in str(info.value)


def test_line_breaks_cannot_be_written() -> None:
    t = Tournament(players=(Player(1, "Ann\n001    2"),))
    with pytest.raises(InputError, match="line break"):
        trf.dumps(t)


def test_hints_that_cannot_come_from_a_trf_are_ignored() -> None:
    t, _ = trf.loads("### note\n" + four_players())
    layout = [x if x != "### note" else "### note\n001    9" for x in t.format_hints["layout"]]
    forged = t.replace(format_hints={**t.format_hints, "layout": layout})
    written = trf.dumps(forged)
    assert "001    9" not in written
    assert trf.loads(written)[0].replace(format_hints={}) == t.replace(format_hints={})


def test_empty_rounds_survive_trf() -> None:
    t = Tournament(players=(Player(1, "A"), Player(2, "B")), total_rounds=3)
    t = t.with_pairing(Pairing(round=1, boards=(Board(1, 2),))).with_round(Round(2))
    assert len(t.rounds) == 2
    again, _ = trf.loads(trf.dumps(t))
    assert again.replace(players=t.players) == t


def test_tournament_type() -> None:
    t, _ = trf.loads((DATA / "trf2026.trf").read_bytes())
    assert trf.tournament_type(t) == "FIDE_DUTCH_2026"
    assert trf.tournament_type(Tournament()) is None


def test_computed_scores_agree_with_the_model() -> None:
    vectors = sorted((Path(__file__).parent / "data" / "vectors").rglob("*.trf"))[::25]
    for path in vectors:
        t, _ = trf.load(path)
        for after in (t.rounds_played, len(t.rounds)):
            state = t.state(after_round=after)
            assert trf.computed_scores(t, after) == {n: s.score for n, s in state.items()}


def test_mixed_line_ends_are_preserved() -> None:
    source = four_players().replace("\n", "\r\n", 2).replace("\n", "\r", 5)
    t, _ = trf.loads(source)
    assert trf.dumps(t) == source


def test_values_that_do_not_fit_their_columns_survive() -> None:
    long_name = "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine"
    t = Tournament(
        players=(
            Player(1, long_name, title="GM ", federation=" NED"),
            Player(2, "  padded  ", rating=-12),  # e.g. an AGA rating of a kyu player
            Player(3, "Big", rating=12000),
        )
    )
    written = trf.dumps(t)
    assert long_name[:33] in written and "FPJ" in written
    again, warnings = trf.loads(written)
    assert warnings == []
    assert again.replace(players=t.players) == t
    assert [p.name for p in again.players] == [long_name, "  padded  ", "Big"]
    assert [p.rating for p in again.players] == [0, -12, 12000]
    assert again.player(1).federation == " NED"


def test_pairing_numbers_beyond_9999_cannot_be_written() -> None:
    with pytest.raises(InputError, match="cannot write pairing number 10000"):
        trf.dumps(Tournament(players=(Player(10000, "A"),)))


def test_points_column_may_include_a_preset_bye_or_acceleration() -> None:
    # JaVaFo's manual: with "0000 - H" for the round to be paired, the points column
    # includes the half point; the conformance vectors leave it out. Both are fine.
    javafo = four_players(points=("1.0", "0.0", "0.5", "1.0")).replace(
        line(4, "1.0", ("   3 b =",)), line(4, "1.0", ("   3 b =", "0000 - H"))
    )
    t, warnings = trf.loads(javafo)
    assert warnings == []
    assert trf.dumps(t) == javafo
    accelerated = four_players(points=("2.0", "0.0", "0.5", "0.5")) + "XXA    1  1.0  1.0\n"
    assert trf.loads(accelerated)[1] == []
    assert trf.points_column_agrees(t, 4, Fraction(1)) and trf.points_column_agrees(t, 4, F(1, 2))
    assert not trf.points_column_agrees(t, 4, Fraction(3, 2))


def test_pairing_a_round_keeps_the_layout() -> None:
    source = "### exported by X\n" + four_players("DAT 0001 EMAIL a@b.c")
    t, _ = trf.loads(source)
    paired = t.with_pairing(Pairing(round=2, boards=(Board(3, 1), Board(2, 4))))
    written = trf.dumps(paired)
    lines = written.splitlines()
    assert lines[0] == "### exported by X" and lines[3] == "DAT 0001 EMAIL a@b.c"
    # a pending game keeps its full 8-column block (bbpPairings needs it)
    assert line(1, "1.0", ("   2 w 1", "   3 b")) + "  " in lines
    again, warnings = trf.loads(written)
    assert warnings == []
    assert again.replace(format_hints={}) == paired.replace(format_hints={})


def test_last_block_is_complete_even_when_its_result_is_blank() -> None:
    t = Tournament(players=(Player(1, "A"), Player(2, "B"), Player(3, "C")))
    t = t.with_pairing(Pairing(round=1, boards=(Board(1, 2),)))
    t = t.with_round(Round(1, games=t.rounds[0].games, byes={3: ByeKind.ABSENT}))
    lines = trf.dumps(t).splitlines()
    assert [x[91:] for x in lines] == ["   2 w  ", "   1 b  ", "0000 -  "]
    assert trf.loads(trf.dumps(t))[0].replace(players=t.players) == t


def test_exported_file_with_ruler_and_forfeits_without_opponent() -> None:
    """A file in the style some tournament programs export (synthetic): column rulers,
    rating 0000, '0000 - +' / '0000 - -' entries, trailing blanks, CR LF."""
    data = (DATA / "exported.trf").read_bytes()
    t, warnings = trf.loads(data, file="exported.trf")
    assert warnings == [
        "exported.trf:5:1: not a TRF record (no 3-character code and blank), kept as it is",
        "exported.trf:6:1: not a TRF record (no 3-character code and blank), kept as it is",
    ]
    assert len(t.extra_records) == 3  # two rulers and the DDD legend line
    assert t.player(2).rating == 0 and t.player(2).fide_id == "0"
    # 0000 - + takes part in the pairing and wins: a pairing-allocated bye for the rules
    assert t.round(1).byes == {
        1: ByeKind.PAIRING_ALLOCATED,
        2: ByeKind.ZERO_POINT,
        3: ByeKind.ZERO_POINT,
    }
    assert t.round(2).byes == {3: ByeKind.PAIRING_ALLOCATED}
    assert {n: s.score for n, s in t.state().items()} == {1: 2, 2: 0, 3: 1}
    assert trf.dumps(t).encode() == data


def test_a_line_that_only_looks_like_a_player_is_kept_verbatim() -> None:
    source = four_players().replace("001    4", "001=   4")
    t, warnings = trf.loads(source.replace(line(3, "0.5", ("   4 w =",)), line(3, "0.0")))
    assert [p.number for p in t.players] == [1, 2, 3]
    assert len(warnings) == 1 and "not a TRF record" in warnings[0]
    assert trf.dumps(t) == source.replace(line(3, "0.5", ("   4 w =",)), line(3, "0.0"))


def test_line_breaks_cannot_be_written_in_layout_files_either() -> None:
    t, _ = trf.loads("### top\n" + four_players())
    broken = t.replace(players=(Player(1, "Ann\nBob"), *t.players[1:]))
    with pytest.raises(InputError, match="player 1: a line break in the name"):
        trf.dumps(broken)


def trf2026_example() -> Tournament:
    points = PointSystem(
        white_win=F(3),
        black_win=F(3),
        forfeit_win=F(3),
        full_point_bye=F(3),
        white_draw=F(1),
        black_draw=F(1),
        half_point_bye=F(1),
        pairing_allocated_bye=F(1),
    )
    t = Tournament(
        players=(Player(1, "A", rating=2000), Player(2, "B"), Player(3, "C"), Player(4, "D")),
        total_rounds=5,
        initial_colour=Colour.BLACK,
        points=points,
        acceleration={1: (F(1), F(1), F(1, 2)), 2: (F(1),)},
        forbidden_pairs=frozenset({frozenset({1, 3})}),
        headers=(("012", "Open"),),
    )
    t = t.with_pairing(Pairing(round=1, boards=(Board(1, 2), Board(3, 4))))
    return t.with_results(
        1, {(1, 2): (ResultCode.WIN, ResultCode.LOSS), (3, 4): (ResultCode.DRAW, ResultCode.DRAW)}
    )


def test_trf2026_flavour() -> None:
    t = trf2026_example()
    text = trf.dumps(t, flavour="trf2026")
    assert text.split("\r\n")[:4] == ["012 Open", "142 5", "152 B", "162  W 3.0    D 1.0    P 1.0"]
    assert text.split("\r\n")[-5:] == [
        "250       1.0 001 002 0001 0001",  # points 10-13, rounds 15-17/19-21, ids 23-26/28-31
        "250       0.5 003 003 0001 0001",
        "250       1.0 001 001 0002 0002",
        "260 001 005    1    3",  # rounds 5-7/9-11, ids 13-16, 18-21
        "",
    ]
    assert "XX" not in text and "BB" not in text and "FPJ" not in text
    again, warnings = trf.loads(text)
    assert warnings == []
    assert again.replace(players=t.players, format_hints={}) == t


def test_trf2026_flavour_refuses_what_162_cannot_say() -> None:
    t = Tournament(players=(Player(1, "A"),), points=PointSystem(black_win=F(3, 2)))
    with pytest.raises(InputError, match="cannot be written as a TRF-2026 162 record"):
        trf.dumps(t, flavour="trf2026")
    with pytest.raises(InputError, match="unknown TRF flavour 'x'"):
        trf.dumps(t, flavour="x")


def test_partial_260_ranges_stay_partial_in_the_fairpair_flavour() -> None:
    t, _ = trf.loads((DATA / "trf2026.trf").read_bytes())
    assert t.forbidden_pairs == {frozenset({1, 3})}  # 260 for rounds 2-3; round 2 is next
    canonical = trf.dumps(t.replace(format_hints={}))
    assert "XXP" not in canonical  # the 260 record says it, with its rounds
    again, _ = trf.loads(canonical)
    assert again.forbidden_pairs == t.forbidden_pairs
    # read again after rounds 2 and 3, the pair may meet (forbidden_pairs is about the
    # round to be paired)
    later = again.with_pairing(Pairing(round=2, boards=(Board(1, 2),)))
    later = later.with_pairing(Pairing(round=3, boards=(Board(2, 1),)))
    later = later.replace(forbidden_pairs=frozenset())
    assert trf.loads(trf.dumps(later))[0].forbidden_pairs == set()


def test_xxs_without_bye_codes_gives_byes_the_win_value() -> None:
    """Netrunner-style XXS: win 3, tie 1, loss 0 and no PAB code -> a 3-point bye
    (C.04.1: the PAB scores as a win), forfeit win 3, half-point bye 1."""
    record = "XXS WW=3 BW=3 WD=1 BD=1 WL=0 BL=0"
    t, _ = trf.loads(text(record, line(1)))
    assert t.points.pairing_allocated_bye == 3
    assert t.points.forfeit_win == 3
    assert t.points.full_point_bye == 3
    assert t.points.half_point_bye == 1
    assert t.points.zero_point_bye == 0
    explicit, _ = trf.loads(text(record + " PAB=1.5", line(1)))
    assert explicit.points.pairing_allocated_bye == Fraction(3, 2)
    # An explicit PAB in an earlier record is not overridden by a later win value.
    earlier, _ = trf.loads(text("XXS PAB=1", "XXS W=3", line(1)))
    assert earlier.points.pairing_allocated_bye == 1
    assert trf.loads(trf.dumps(t))[0] == t
