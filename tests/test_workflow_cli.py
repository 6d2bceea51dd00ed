"""Whole events run the way a tournament director runs them: only through the commands
new, add-player, next, result, withdraw, bye, unpair, boards, standings, crosstable.

For every round we also run ``fairpair pair --system S`` on the file as it was just
before ``next`` and require the same pairing; standings must agree with the results we
entered; refused commands must exit with the documented code and leave the file
byte-identical.
"""

from __future__ import annotations

import json
import random
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from fairpair.formats import load_tournament
from fairpair.model import Tournament
from helpers import Runner, line, text

CHESS_RESULTS = ["1-0", "0-1", "1/2", "1-0", "0-1", "1-0"]


def _csv(path: Path, rows: list[str], header: str = "name,rating,title,federation") -> Path:
    path.write_text(header + "\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return path


def _chess_players(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    titles = ["GM", "IM", "FM", "", "", ""]
    feds = ["ITA", "NOR", "IND"]
    return [
        f"Player {i:02d},{rng.randint(1400, 2700)},{rng.choice(titles)},{rng.choice(feds)}"
        for i in range(1, n + 1)
    ]


def _load(path: Path) -> Tournament:
    return load_tournament(path)[0]


def _engine_lines(fp: Runner, path: Path, system: str, tmp: Path) -> list[str]:
    """What `fairpair pair --system S` gives on a copy of the file."""
    copy = tmp / ("copy" + path.suffix)
    shutil.copyfile(path, copy)
    code, out, err = fp("pair", "--system", system, copy)
    assert code == 0, err
    return out.split()


def _stored_lines(t: Tournament, column: int) -> list[str]:
    return " ".join(t.pairing_of(column).engine_lines()).split()


def _next_checked(fp: Runner, path: Path, system: str, tmp: Path) -> Tournament:
    """`next`, after checking that `pair` on the same file gives the same pairing."""
    expected = _engine_lines(fp, path, system, tmp)
    before = _load(path)
    code, out, err = fp("next", path)
    assert code == 0, err
    t = _load(path)
    column = before.next_round()
    assert sorted(_pairs(expected)) == sorted(_pairs(_stored_lines(t, column)))
    label = f"TRF rounds {column}-{column + 1})" if t.double_rounds else f"round {column}"
    assert f"{label} paired" in out
    return t


def _pairs(tokens: list[str]) -> list[tuple[str, str]]:
    body = tokens[1:]
    return [(body[i], body[i + 1]) for i in range(0, len(body), 2)]


def _enter_all(fp: Runner, path: Path, rng: random.Random, choices: list[str]) -> None:
    t = _load(path)
    column = next(r.number for r in t.rounds if any(not g.has_result for g in r.games))
    boards = len(t.round(column).games)
    entries = [f"{b}={rng.choice(choices)}" for b in range(1, boards + 1)]
    code, out, err = fp("result", path, "-r", column, *entries)
    assert code == 0, err
    assert "0 game(s) without a result" in out


def _expected_points(t: Tournament) -> dict[int, Fraction]:
    """Points from the stored results, computed here independently of the model."""
    pts = t.points
    table = {
        ("1", "w"): pts.white_win,
        ("1", "b"): pts.black_win,
        ("=", "w"): pts.white_draw,
        ("=", "b"): pts.black_draw,
        ("0", "w"): pts.white_loss,
        ("0", "b"): pts.black_loss,
        ("+", "w"): pts.forfeit_win,
        ("+", "b"): pts.forfeit_win,
        ("-", "w"): pts.forfeit_loss,
        ("-", "b"): pts.forfeit_loss,
    }
    total = {p.number: Fraction(0) for p in t.players}
    for rnd in t.rounds:
        for g in rnd.games:
            assert g.white_result is not None and g.black_result is not None
            total[g.white] += table[(g.white_result.value, "w")]
            total[g.black] += table[(g.black_result.value, "b")]
        for number, kind in rnd.byes.items():
            total[number] += pts.bye_points(kind)
    return total


def _standings_points(fp: Runner, path: Path) -> dict[int, Fraction]:
    code, out, err = fp("standings", path, "--json", "-")
    assert code == 0, err
    rows = json.loads(out)["rows"]
    return {row["number"]: Fraction(str(row["points"])) for row in rows}


def _byte_identical_refusal(fp: Runner, path: Path, code: int, *args: str) -> str:
    before = path.read_bytes()
    got, out, err = fp(*args)
    assert got == code, (got, out, err)
    assert path.read_bytes() == before
    assert "Traceback" not in err
    return err


# --------------------------------------------------------------------------- Dutch


def test_dutch_event_seven_rounds(fp: Runner, tmp_path: Path) -> None:
    rng = random.Random(7)
    players = _csv(tmp_path / "players.csv", _chess_players(40, 1))
    path = tmp_path / "open.json"
    code, out, err = fp(
        "new", players, "-o", path, "--system", "dutch", "--rounds", 7, "--name", "Club Open"
    )
    assert code == 0, err
    assert "40 players" in out
    t = _load(path)
    ratings = [p.rating for p in t.players]
    assert ratings == sorted(ratings, reverse=True)  # FIDE initial order
    assert t.system == "dutch" and t.total_rounds == 7

    # `new` twice onto the same file is refused, the file unchanged.
    _byte_identical_refusal(
        fp, path, 2, "new", players, "-o", path, "--system", "dutch", "--rounds", 7
    )

    # round 1
    _next_checked(fp, path, "dutch", tmp_path)
    # next again with pending results: exit 1, nothing changed, boards listed
    err = _byte_identical_refusal(fp, path, 1, "next", path)
    assert "no result" in err and "board 1" in err
    _enter_all(fp, path, rng, CHESS_RESULTS)

    # late entry in round 2
    code, out, err = fp("add-player", path, "Late Comer", "--rating", "2222", "--title", "FM")
    assert code == 0, err
    assert "player 41" in out and "round 2" in out
    _byte_identical_refusal(fp, path, 2, "add-player", path, "late comer", "--rating", "2000")
    _next_checked(fp, path, "dutch", tmp_path)
    t = _load(path)
    assert any(41 in g.players for g in t.round(2).games) or t.pairing_of(2).bye == 41
    # a forfeit and a double forfeit in round 2
    code, out, err = fp("result", path, "1=+-", "2=--")
    assert code == 0, err
    _enter_all(fp, path, rng, CHESS_RESULTS)

    # round 3, then the withdrawal of player 5 after round 3
    _next_checked(fp, path, "dutch", tmp_path)
    _enter_all(fp, path, rng, CHESS_RESULTS)
    code, out, err = fp("withdraw", path, "Player", "--from-round", "4")
    assert code == 2 and "matches" in err  # ambiguous name lists candidates
    who = _load(path).player(5).name
    code, out, err = fp("withdraw", path, who, "--from-round", "4")
    assert code == 0, err
    assert "withdrawn from round 4" in out

    # requested half-point bye in round 4 (by name)
    half = _load(path).player(9).name
    code, out, err = fp("bye", path, half.lower(), "--round", "4", "--points", "0.5")
    assert code == 0, err
    assert "half-point" in out

    # round 4: pair, unpair, re-pair (the same pairing again)
    t = _next_checked(fp, path, "dutch", tmp_path)
    first = _stored_lines(t, 4)
    assert all(5 not in g.players for g in t.round(4).games)
    assert t.round(4).byes.get(9) is not None
    code, out, err = fp("unpair", path)
    assert code == 0, err
    assert _load(path).round(4).games == ()
    assert 9 in _load(path).round(4).byes  # the requested bye is kept
    t = _next_checked(fp, path, "dutch", tmp_path)
    assert _stored_lines(t, 4) == first
    # unpair refused once a result exists, allowed with --force
    code, out, err = fp("result", path, "1=1-0")
    assert code == 0, err
    err = _byte_identical_refusal(fp, path, 1, "unpair", path)  # a conflict
    assert "--force" in err
    _enter_all(fp, path, rng, CHESS_RESULTS)

    for _ in range(5, 8):
        _next_checked(fp, path, "dutch", tmp_path)
        _enter_all(fp, path, rng, CHESS_RESULTS)
    # all rounds paired: next is refused (a conflict, exit 1), nothing changed
    _byte_identical_refusal(fp, path, 1, "next", path)

    t = _load(path)
    assert t.rounds_played == 7
    assert _standings_points(fp, path) == _expected_points(t)
    code, out, err = fp("check", path, "--all")
    assert code == 0, out + err

    # printouts
    code, out, err = fp("boards", path, "-r", "4")
    assert code == 0 and who not in out.split("Not playing:")[0]
    assert half in out and "half-point bye" in out
    code, out, err = fp("crosstable", path)
    assert code == 0 and "R7" in out
    html = tmp_path / "ct.html"
    assert fp("crosstable", path, "--html", html)[0] == 0
    assert html.read_text().startswith("<!DOCTYPE html>")
    assert fp("boards", path, "--html", tmp_path / "b.html")[0] == 0


def test_refusals_leave_the_file_identical(fp: Runner, tmp_path: Path) -> None:
    players = _csv(tmp_path / "p.csv", _chess_players(8, 3))
    path = tmp_path / "t.json"
    assert fp("new", players, "-o", path, "--system", "dutch", "--rounds", 3)[0] == 0
    # result before any round is paired (a conflict with the state, exit 1)
    err = _byte_identical_refusal(fp, path, 1, "result", path, "1=1-0")
    assert "no round is paired" in err
    assert fp("next", path)[0] == 0
    _byte_identical_refusal(fp, path, 2, "result", path, "-r", "2", "1=1-0")
    # a board that does not exist
    err = _byte_identical_refusal(fp, path, 2, "result", path, "9=1-0")
    assert "board 9" in err and "1 to 4" in err
    # an unknown player, a typo in the result, a player with a word result
    _byte_identical_refusal(fp, path, 2, "result", path, "nobody=win")
    _byte_identical_refusal(fp, path, 2, "result", path, "1=1:0")
    _byte_identical_refusal(fp, path, 2, "result", path, "1=1-0", "1=0-1")
    _byte_identical_refusal(fp, path, 2, "withdraw", path, "99")
    _byte_identical_refusal(fp, path, 1, "bye", path, "1", "--round", "1")  # he is paired
    _byte_identical_refusal(fp, path, 2, "bye", path, "1", "--round", "2", "--points", "2")
    _byte_identical_refusal(fp, path, 2, "pair", path, "-r", "0")
    # pair and next refuse while round 1 is pending
    _byte_identical_refusal(fp, path, 1, "next", path)
    err = _byte_identical_refusal(fp, path, 1, "pair", path, "--save", path)
    assert "no result" in err


def test_pending_results_are_flagged_by_check(fp: Runner, tmp_path: Path) -> None:
    """A file paired twice past pending results (by an old fairpair or by hand)."""
    players = _csv(tmp_path / "p.csv", _chess_players(10, 4))
    path = tmp_path / "t.json"
    assert fp("new", players, "-o", path, "--system", "dutch", "--rounds", 5)[0] == 0
    assert fp("next", path)[0] == 0
    t = _load(path)
    from fairpair.formats import save_tournament

    save_tournament(t.with_pairing(t.pairing_of(1).__class__(2, t.pairing_of(1).boards)), path)
    code, out, _err = fp("check", path, "--all")
    assert code == 1
    assert "without a result" in out


def test_csv_errors_name_line_and_column(fp: Runner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("name,rating\nAnn,2100\nBob,21x0\n", encoding="utf-8")
    code, _, err = fp("new", bad, "-o", tmp_path / "t.json", "--system", "dutch", "-R", 5)
    assert code == 2
    assert f"{bad}:3:2:" in err and "rating" in err
    assert not (tmp_path / "t.json").exists()
    dup = _csv(tmp_path / "dup.csv", ["Ann,2100,,", "ann,2000,,"])
    code, _out, err = fp("new", dup, "-o", tmp_path / "t.json", "--system", "dutch", "-R", 5)
    assert code == 2 and "twice" in err and ":3:1:" in err


# --------------------------------------------------------------------------- Netrunner


def test_netrunner_event_six_rounds(fp: Runner, tmp_path: Path) -> None:
    rng = random.Random(11)
    players = _csv(tmp_path / "p.csv", [f"Runner {i}" for i in range(1, 12)], header="name")
    path = tmp_path / "nr.json"
    assert fp("new", players, "-o", path, "-s", "netrunner", "-R", 6, "--seed", 5)[0] == 0
    t = _load(path)
    assert t.points.white_win == 3 and t.points.white_draw == 1
    assert t.points.pairing_allocated_bye == 3
    for rnd in range(1, 7):
        _next_checked(fp, path, "netrunner", tmp_path)
        _enter_all(fp, path, rng, ["1-0", "0-1", "1-0", "1/2"])
        if rnd == 2:
            code, out, err = fp("withdraw", path, "Runner 3")
            assert code == 0, err
    doc = json.loads(path.read_text())
    game = doc["rounds"][0]["games"][0]
    assert "corp" in game and "runner" in game and "white" not in game
    t = _load(path)
    assert _standings_points(fp, path) == _expected_points(t)
    code, out, err = fp("boards", path, "-r", 1)
    assert "Corp" in out and "Runner" in out


# --------------------------------------------------------------------------- TCEC


def test_tcec_event_nine_rounds(fp: Runner, tmp_path: Path) -> None:
    rng = random.Random(13)
    rows = [f"Engine {i},{3000 + 7 * i}" for i in range(1, 17)]
    players = _csv(tmp_path / "e.csv", rows, header="name,rating")
    path = tmp_path / "tcec.json"
    code, _out, err = fp("new", players, "-o", path, "-s", "tcec", "-R", 9, "--seeding", "group:2")
    assert code == 0, err
    for _ in range(9):
        _next_checked(fp, path, "tcec", tmp_path)
        _enter_all(fp, path, rng, ["1-0", "0-1", "1/2", "1/2"])
    t = _load(path)
    assert t.rounds_played == 9
    assert _standings_points(fp, path) == _expected_points(t)
    assert fp("check", path)[0] == 0


# --------------------------------------------------------------------------- McMahon


def test_mcmahon_event_five_rounds(fp: Runner, tmp_path: Path) -> None:
    rng = random.Random(17)
    ranks = ["5d", "3d", "2d", "1d", "1k", "2k", "3k", "5k", "7k", "9k", "10k", "12k", "15k"]
    rows = [f"Go {i},{rank},Club {i % 3}" for i, rank in enumerate(ranks, 1)]
    players = _csv(tmp_path / "go.csv", rows, header="name,rank,club")
    path = tmp_path / "go.json"
    assert fp("new", players, "-o", path, "-s", "mcmahon", "-R", 5, "--bar", "3d")[0] == 0
    for rnd in range(1, 6):
        if rnd == 2:
            code, out, err = fp("add-player", path, "Late Go", "--rank", "4k")
            assert code == 0, err
            code, out, err = fp("bye", path, "Go 2", "--round", 2)
            assert code == 0 and "zero-point" in out, err
        _next_checked(fp, path, "mcmahon", tmp_path)
        t = _load(path)
        boards = len(t.round(rnd).games)
        # results by player name, the McMahon way (Go: win / loss)
        entries = []
        for g in t.round(rnd).games:
            entries.append(f"player:{g.white}={rng.choice(['win', 'loss'])}")
        code, out, err = fp("result", path, *entries)
        assert code == 0, err
        assert boards >= 6
    t = _load(path)
    assert t.rounds_played == 5
    code, out, err = fp("standings", path)
    assert code == 0 and "Go 1" in out


def test_tcec_double_rounds(fp: Runner, tmp_path: Path) -> None:
    """Double rounds: one `next` fills two TRF rounds, colours reversed in the second;
    results go to each game; unpair clears both; labels say round and game."""
    rng = random.Random(19)
    rows = [f"Engine {i},{3500 - 10 * i}" for i in range(1, 8)]
    players = _csv(tmp_path / "e.csv", rows, header="name,rating")
    path = tmp_path / "d.json"
    assert fp("new", players, "-o", path, "-s", "tcec", "-R", 3, "--double")[0] == 0
    assert _load(path).total_rounds == 6
    code, out, err = fp("next", path)
    assert code == 0, err
    assert "round 1 (TRF rounds 1-2) paired" in out
    t = _load(path)
    first = {(g.white, g.black) for g in t.round(1).games}
    assert {(g.black, g.white) for g in t.round(2).games} == first
    _byte_identical_refusal(fp, path, 1, "next", path)
    _enter_all(fp, path, rng, ["1-0", "0-1", "1/2"])
    _byte_identical_refusal(fp, path, 1, "next", path)  # game 2 still pending
    _enter_all(fp, path, rng, ["1-0", "0-1", "1/2"])
    _next_checked(fp, path, "tcec", tmp_path)
    assert fp("unpair", path)[0] == 0
    assert _load(path).rounds_played == 2
    for _ in range(2):
        _next_checked(fp, path, "tcec", tmp_path)
        _enter_all(fp, path, rng, ["1-0", "0-1", "1/2"])
        _enter_all(fp, path, rng, ["1-0", "0-1", "1/2"])
    t = _load(path)
    assert t.rounds_played == 6
    assert _standings_points(fp, path) == _expected_points(t)
    code, out, err = fp("boards", path, "-r", 6)
    assert "3 rounds (6 games)" in out and "round 3, game 2" in out
    # one way of counting in every command (issue 14)
    code, out, err = fp("standings", path)
    assert "Standings after round 3 of 3 (6 games)" in out
    code, out, err = fp("check", path, "--all")
    assert code == 0 and "3 rounds (6 games, TRF rounds 1, 3, 5)" in err, err


def test_mistakes_a_director_makes(fp: Runner, tmp_path: Path) -> None:
    """Findings of walking the director's path: each mistake is caught or handled."""
    players = tmp_path / "p.csv"
    players.write_text(
        'name,rating,title\n"Rossi, Marco",2100,\n"Müller, Jörg",2000,\nAnn Lee,1900,\n'
        "Bo Li,1800,\n",
        encoding="utf-8",
    )
    path = tmp_path / "t.json"
    # -o must be a tournament file, never the player list
    _byte_identical_refusal(fp, players, 2, "new", players, "-o", players, "-s", "dutch", "-R", 3)
    assert fp("new", players, "-o", tmp_path / "t.csv", "-s", "dutch", "-R", 3)[0] == 2
    assert fp("new", players, "-o", path, "-s", "dutch", "-R", 3)[0] == 0
    # a strong player added before round 1 takes his place in the initial order
    code, out, err = fp("add-player", path, "Strong, Gregor", "--rating", "2600", "--title", "GM")
    assert code == 0 and "player 1:" in out, out + err
    assert [p.name for p in _load(path).players][:2] == ["Strong, Gregor", "Rossi, Marco"]
    # names without accents, in either order
    code, out, err = fp("bye", path, "muller", "--round", 2, "--points", "0")
    assert code == 0 and "Müller" in out, err
    assert fp("bye", path, "marco rossi", "--round", 3)[0] == 0
    assert fp("withdraw", path, "lee", "--from-round", 9)[0] == 2
    assert fp("next", path)[0] == 0
    assert fp("result", path, "1=1-0", "2=0-1")[0] == 0
    # a correction must name its round; with -r it is accepted
    err = _byte_identical_refusal(fp, path, 1, "result", path, "1=0-1")
    assert "-r 1" in err
    code, out, err = fp("result", path, "-r", 1, "1=0-1")
    assert code == 0 and "(was 1-0)" in out, err
    # a printout never overwrites the tournament
    _byte_identical_refusal(fp, path, 2, "crosstable", path, "--html", path)
    _byte_identical_refusal(fp, path, 2, "boards", path, "--html", path)
    _byte_identical_refusal(fp, path, 2, "standings", path, "--csv", path)
    # the requested bye of a withdrawn player is reported as deleted
    code, out, err = fp("withdraw", path, "rossi", "--from-round", 2)
    assert code == 0 and "round(s) 3 deleted" in out, err
    assert fp("next", path)[0] == 0
    _byte_identical_refusal(fp, path, 1, "withdraw", path, "rossi", "--cancel")
    # the last round pending: next says so (exit 1), not "all rounds paired"
    for _ in range(2):
        t = _load(path)
        rnd = t.rounds_played
        entries = [f"{b}=1/2" for b in range(1, len(t.round(rnd).games) + 1)]
        assert fp("result", path, "-r", rnd, *entries)[0] == 0
        if rnd < 3:
            assert fp("next", path)[0] == 0
    assert fp("unpair", path, "--force")[0] == 0
    assert fp("next", path)[0] == 0
    err = _byte_identical_refusal(fp, path, 1, "next", path)
    assert "no result" in err and "\n  round 3 board 1:" in err


def test_mcmahon_forced_pair_holds_for_one_round(fp: Runner, tmp_path: Path) -> None:
    rows = [f"Go {i},{rank}" for i, rank in enumerate(["3d", "2d", "1d", "1k", "2k", "3k"], 1)]
    players = _csv(tmp_path / "go.csv", rows, header="name,rank")
    path = tmp_path / "go.json"
    assert fp("new", players, "-o", path, "-s", "mcmahon", "-R", 3)[0] == 0
    code, out, err = fp("force", path, "go 1", "go 6")
    assert code == 0 and "round 1" in out, err
    assert fp("next", path)[0] == 0
    t = _load(path)
    assert any(set(g.players) == {1, 6} for g in t.round(1).games)
    assert fp("result", path, *[f"{b}=1-0" for b in range(1, 4)])[0] == 0
    _byte_identical_refusal(fp, path, 1, "force", path, "go 2", "go 3", "-r", 1)
    assert fp("next", path)[0] == 0
    assert not any(set(g.players) == {1, 6} for g in _load(path).round(2).games)


def test_json_mode_answers_in_json_also_when_refusing(fp: Runner, tmp_path: Path) -> None:
    players = _csv(tmp_path / "p.csv", _chess_players(6, 5))
    path = tmp_path / "t.json"
    code, out, _ = fp("new", players, "-o", path, "-s", "dutch", "-R", 3, "--json")
    assert code == 0 and json.loads(out)["ok"] is True
    code, out, _ = fp("next", path, "--json")
    document = json.loads(out)
    assert code == 0 and document["round"] == 1 and len(document["boards"]) == 3
    code, out, err = fp("result", path, "7=1-0", "--json")
    refusal = json.loads(out)
    assert code == 2 and refusal == {"ok": False, "error": refusal["error"], "exit_code": 2}
    assert "board 7" in refusal["error"] and "board 7" in err
    code, out, _ = fp("next", path, "--json")
    assert code == 1 and json.loads(out)["exit_code"] == 1


def test_edit_player_and_event(fp: Runner, tmp_path: Path) -> None:
    players = _csv(tmp_path / "p.csv", _chess_players(6, 8))
    path = tmp_path / "t.json"
    assert fp("new", players, "-o", path, "-s", "dutch", "-R", 1)[0] == 0
    code, out, err = fp("edit-player", path, "3", "--title", "im", "--federation", "ger")
    assert code == 0, err
    p3 = _load(path).player(3)
    assert (p3.title, p3.federation) == ("IM", "GER")
    _byte_identical_refusal(fp, path, 2, "edit-player", path, "3", "--rating", "high")
    other = _load(path).player(4).name
    _byte_identical_refusal(fp, path, 2, "edit-player", path, "3", "--name", other)
    _byte_identical_refusal(fp, path, 2, "edit-player", path, "3")
    assert fp("next", path)[0] == 0
    assert fp("result", path, "1=1-0", "2=0-1", "3=1/2")[0] == 0
    err = _byte_identical_refusal(fp, path, 1, "next", path)
    assert f"fairpair edit-event {path} --rounds N" in err
    _byte_identical_refusal(fp, path, 2, "edit-event", path, "--rounds", "0")
    code, out, err = fp("edit-event", path, "--rounds", "2", "--name", "Spring Open")
    assert code == 0 and "Spring Open: 2 rounds" in out, err
    assert fp("next", path)[0] == 0


def test_dutch_legacy_event(fp: Runner, tmp_path: Path) -> None:
    rng = random.Random(23)
    players = _csv(tmp_path / "p.csv", _chess_players(14, 9))
    path = tmp_path / "legacy.json"
    assert fp("new", players, "-o", path, "-s", "dutch-legacy", "-R", 4)[0] == 0
    for _ in range(4):
        _next_checked(fp, path, "dutch-legacy", tmp_path)
        _enter_all(fp, path, rng, CHESS_RESULTS)
    assert _standings_points(fp, path) == _expected_points(_load(path))
    assert fp("check", path, "--all")[0] == 0


# --------------------------------------------------------------------------- the rank column


@pytest.mark.parametrize("system", ["dutch", "netrunner"])
def test_the_rank_column_is_computed_for_trf_files_only(
    fp: Runner, tmp_path: Path, system: str
) -> None:
    """A director's command saves a TRF with its rank column set from the standings and
    a JSON document without it (derived data: no standings computed on a JSON save);
    a TRF written from that JSON (``convert``, ``--format trf``) is byte for byte the
    TRF the same commands saved."""
    players = _csv(tmp_path / "p.csv", [f"Player {i}" for i in range(1, 10)], header="name")
    trf, doc = tmp_path / "t.trf", tmp_path / "t.json"
    for path in (trf, doc):
        assert fp("new", players, "-o", path, "-s", system, "-R", 3, "--seed", 2)[0] == 0
    for _ in range(2):
        for path in (trf, doc):
            assert fp("next", path)[0] == 0
            _enter_all(fp, path, random.Random(7), ["1-0", "0-1", "1/2"])
    assert fp("result", doc, "-r", 1, "1=clear")[0] == 0  # a correction, then again
    assert fp("result", doc, "-r", 1, "1=1-0")[0] == 0
    assert fp("result", trf, "-r", 1, "1=clear")[0] == 0
    assert fp("result", trf, "-r", 1, "1=1-0")[0] == 0
    assert "reported_rank" not in doc.read_text()
    ranks = [p.reported_rank for p in _load(trf).players]
    assert None not in ranks and 1 in ranks
    for extra in ((), ("--format", "trf")):
        out = tmp_path / "out.trf"
        assert fp("convert", doc, "-o", out, *extra)[0] == 0
        assert out.read_bytes() == trf.read_bytes()


def test_a_json_save_drops_a_stale_rank_column(fp: Runner, tmp_path: Path) -> None:
    """A JSON document of an older fairpair carries the rank column of its last save:
    the next save drops it instead of keeping ranks the new result made wrong."""
    players = _csv(tmp_path / "p.csv", _chess_players(6, 1))
    doc = tmp_path / "t.json"
    assert fp("new", players, "-o", doc, "-s", "dutch", "-R", 2)[0] == 0
    assert fp("next", doc)[0] == 0
    data = json.loads(doc.read_text())
    for index, player in enumerate(data["players"]):
        player["reported_rank"] = index + 1
    doc.write_text(json.dumps(data), encoding="utf-8")
    assert fp("result", doc, "1=0-1", "2=0-1", "3=0-1")[0] == 0
    assert "reported_rank" not in doc.read_text()


def test_a_trf_without_ranks_converts_back_unchanged(fp: Runner, tmp_path: Path) -> None:
    """A TRF of another program (no pairing system) without a rank column goes to JSON
    and back as the same file: ranks are added only to tournaments fairpair manages."""
    source = tmp_path / "t.trf"
    source.write_text(
        text(
            "012 Other program",
            line(1, "1.0", ("   2 w 1",), name="Alpha", rating=2000),
            line(2, "0.0", ("   1 b 0",), name="Beta", rating=1900),
        ),
        encoding="utf-8",
    )
    t = _load(source)
    assert t.system is None and [p.reported_rank for p in t.players] == [None, None]
    doc, back = tmp_path / "t.json", tmp_path / "back.trf"
    assert fp("convert", source, "-o", doc)[0] == 0
    assert fp("convert", doc, "-o", back)[0] == 0
    assert back.read_bytes() == source.read_bytes()


def test_result_echoes_pinned(fp: Runner, tmp_path: Path) -> None:
    """What ``result`` prints for entries, as text and as JSON (every key, in order):
    each board with its players, the result and the one before it, the other game of a
    double round (its ``round``), what is left to enter, a later round already paired."""
    from fairpair import workflow as wf

    players = _csv(tmp_path / "p.csv", _chess_players(6, 5))
    path = tmp_path / "t.json"
    assert fp("new", players, "-o", path, "-s", "netrunner", "-R", 3, "--double")[0] == 0
    assert fp("next", path)[0] == 0
    as_text = tmp_path / "copy.json"
    shutil.copy(path, as_text)
    code, out, err = fp("result", path, "1=id", "2=1-0", "--json")
    assert code == 0, err
    t = _load(path)

    def entered(column: int, board: int, result: str, *, other: bool) -> dict[str, object]:
        g = t.round(column).games[board - 1]
        return {
            "board": board,
            "players": [
                {"number": n, "name": t.player(n).name, "rating": t.player(n).rating}
                for n in (g.white, g.black)
            ],
            "result": result,
            "before": "",
            **({"round": column} if other else {}),
        }

    draw = wf.result_text(t.round(1).games[0])
    expected = {
        "ok": True,
        "command": "result",
        "round": 1,
        "entered": [
            entered(1, 1, draw, other=False),
            entered(1, 2, "1-0", other=False),
            entered(2, 1, draw, other=True),  # the other game of the double round
        ],
        "pending": len(t.round(1).games) - 2,
    }
    assert json.dumps(json.loads(out)) == json.dumps(expected)  # the keys' order too
    code, out, err = fp("result", as_text, "1=id", "2=1-0")
    assert code == 0, err
    games = [t.round(1).games[0], t.round(1).games[1], t.round(2).games[0]]
    labels = [wf.round_label(t, c) for c in (1, 1, 2)]
    lines = [
        f"{label}, board {b}: {wf.describe_game(t, g)} {wf.result_text(g)}"
        for label, b, g in zip(labels, (1, 2, 1), games, strict=True)
    ]
    pending = f"{wf.round_label(t, 1)}: {expected['pending']} game(s) without a result"
    assert out == "\n".join([*lines, pending]) + "\n"
    # a correction names what it replaces; a later round already paired is noted
    single = tmp_path / "single.json"
    assert fp("new", players, "-o", single, "-s", "dutch", "-R", 3)[0] == 0
    assert fp("next", single)[0] == 0
    assert fp("result", single, "1=1-0", "2=1/2", "3=0-1")[0] == 0
    assert fp("next", single)[0] == 0
    code, out, err = fp("result", single, "-r", "1", "1=0-1")
    assert code == 0, err
    t = _load(single)
    g = t.round(1).games[0]
    assert out == (
        f"{wf.round_label(t, 1)}, board 1: {wf.describe_game(t, g)} 0-1 (was 1-0)\n"
        f"{wf.round_label(t, 1)}: 0 game(s) without a result\n"
        "note: round 2 is already paired; its pairing stays as it is\n"
    )
