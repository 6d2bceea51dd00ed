"""``fairpair mcmahon ...`` and the generic commands with ``--system mcmahon``; CSV import
and result exports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fairpair.cli import run
from fairpair.errors import InputError
from fairpair.model import ResultCode
from fairpair.systems.mcmahon import McMahonSystem, players_from_csv, results_h9, results_table

SAMPLE_SIZES = [("5d", 19), ("4d", 17), ("3d", 10), ("2d", 11), ("1d", 24)]


def write_sample_csv(path: Path) -> None:
    lines = ["name,rank,club"]
    count = 0
    for rank, size in SAMPLE_SIZES:
        for _ in range(size):
            count += 1
            lines.append(f"Player {count},{rank},Club {count % 7}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_import_and_bands_reproduce_the_spec_sample(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    csv_file = tmp_path / "players.csv"
    write_sample_csv(csv_file)
    doc = tmp_path / "go.json"
    assert run(["mcmahon", "import", str(csv_file), "-o", str(doc), "-R", "6", "--bar", "5d"]) == 0
    capsys.readouterr()
    assert run(["mcmahon", "bands", str(doc), "--rounds", "6", "--d", "0.75"]) == 0
    out = capsys.readouterr().out
    settings = json.loads(doc.read_text())["settings"]["mcmahon"]
    assert [len(b["players"]) for b in settings["bands"]] == [19, 17, 10, 11, 24]
    assert [b["separation"] for b in settings["bands"]] == [None, 2, 1, 1, 2]
    assert [b["score"] for b in settings["bands"]] == [0, -2, -3, -4, -6]
    assert "-6" in out.splitlines()[-1]
    assert run(["mcmahon", "bands", str(doc), "--rounds", "6", "--zero", "bottom"]) == 0
    settings = json.loads(doc.read_text())["settings"]["mcmahon"]
    assert [b["score"] for b in settings["bands"]] == [6, 4, 3, 2, 0]
    # TD edits of the stored bands: merge bands 3 and 4, separation of band 2 -> 1.
    assert run(["mcmahon", "bands", str(doc), "--keep", "--merge", "3", "--separation", "2=1"]) == 0
    settings = json.loads(doc.read_text())["settings"]["mcmahon"]
    assert [len(b["players"]) for b in settings["bands"]] == [19, 17, 21, 24]
    # Separations 1 (edited), 2 (merged: int(0.75 * 21 / 6) = 2), 2; bottom at 0.
    assert [b["score"] for b in settings["bands"]] == [5, 4, 2, 0]
    assert run(["mcmahon", "bands", str(doc), "--merge", "9"]) == 2
    capsys.readouterr()
    assert run(["mcmahon", "bands", str(doc), "--keep", "--dry-run", "--players"]) == 0
    listing = capsys.readouterr().out
    assert "Player 1 (5d)" in listing and "Player 81 (1d)" in listing


def test_pair_check_results_on_a_document(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    csv_file = tmp_path / "players.csv"
    csv_file.write_text(
        "name,rank,rating,club\nAnn,3d,,A\nBob,1k,,B\nCy,2k,-2.5,A\nDi,5k,,B\nEd,6k,,C\n",
        encoding="utf-8",
    )
    doc = tmp_path / "go.json"
    assert run(["mcmahon", "import", str(csv_file), "-o", str(doc), "-R", "3"]) == 0
    data = json.loads(doc.read_text())
    data["settings"]["mcmahon"].update({"handicap": "full", "top_band_even": False})
    doc.write_text(json.dumps(data))
    capsys.readouterr()
    paired = tmp_path / "r1.json"
    out_file = tmp_path / "pairing.json"
    code = run(
        [
            "pair",
            "--system",
            "mcmahon",
            str(doc),
            "--json",
            "-o",
            str(out_file),
            "--save",
            str(paired),
        ]
    )
    assert code == 0
    info = json.loads(out_file.read_text())["info"]
    assert all({"white", "black", "handicap", "komi"} <= set(g) for g in info["games"])
    assert any(g["handicap"] > 0 for g in info["games"])
    assert run(["check", "--system", "mcmahon", str(paired)]) == 0
    capsys.readouterr()
    entries = [f"player:{g['white']}=win" for g in info["games"]]
    assert run(["result", str(paired), *entries]) == 0
    capsys.readouterr()
    # no AGA ids: refused, unless they may be temporary (the pairing numbers)
    assert run(["mcmahon", "results", str(paired), "--format", "aga"]) == 2
    assert "5 players without an AGA id: 1 Ann, 2 Bob" in capsys.readouterr().err
    assert run(["mcmahon", "results", str(paired), "--format", "aga", "--allow-temporary-ids"]) == 0
    report = capsys.readouterr().out.splitlines()
    assert report[0] == "TOURNEY McMahon tournament" and "        rules=AGA" in report
    players = report[report.index("PLAYERS") + 1 : report.index("GAMES")]
    assert players[0] == "1 Ann 3d" and len(players) == 5
    games = report[report.index("GAMES") + 1 :]
    # Every white won; komi without the half point (7.5 -> 7, 0.5 -> 0).
    assert len(games) == len(info["games"]) == 2
    for line, game in zip(games, info["games"], strict=True):
        white, black, winner, stones, komi = line.split()
        assert (int(white), int(black), int(stones)) == (
            game["white"],
            game["black"],
            game["handicap"],
        )
        assert winner == "w" and komi == ("7" if stones == "0" else "0")
    assert run(["mcmahon", "results", str(paired), "--format", "h9"]) == 0
    h9 = capsys.readouterr().out
    assert "; HA[h0]" in h9  # EGF: h0 = full handicap, h1/h2 = reduced, h9 = none
    assert any(entry.endswith(("/w4", "/b4", "/w3", "/b3")) for entry in h9.split())


def test_generate_and_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "gen.json"
    args = ["generate", "--system", "mcmahon", "-n", "24", "-R", "5", "--seed", "2"]
    assert run([*args, "--absence-rate", "0.05", "-o", str(out)]) == 0
    assert run(["check", "--system", "mcmahon", str(out)]) == 0
    captured = capsys.readouterr()
    assert "every pairing is correct" in captured.out + captured.err


def test_players_from_csv_and_errors() -> None:
    players = players_from_csv(
        "Name,Rank,Rating,Club,Family,Dan grade\nAnn,3d,,A,Lee,x\nBob,,-4.5,B,,\n", "p.csv"
    )
    assert [p.number for p in players] == [1, 2]
    assert players[0].attributes["family"] == "Lee" and players[0].club == "A"
    assert players[0].attributes["dan grade"] == "x"
    assert players[1].attributes["rating"] == "-4.5"
    bad = [
        ("name,rank\nAnn,42k\n", "p.csv:2:2"),
        ("name,rating\nAnn,0.5\n", "p.csv:2:2"),
        ("name,club\nAnn,A\n", "p.csv:1"),
        ("name,rank\nAnn,3d,extra\n", "p.csv:2"),
        ("name,rank\nAnn,\n", "p.csv:2"),
        ("number,name,rank\n1,Ann,3d\n1,Bob,2d\n", "p.csv:3"),
    ]
    for text, where in bad:
        with pytest.raises(InputError) as err:
            players_from_csv(text, "p.csv")
        assert str(err.value).startswith(where), str(err.value)


def test_result_table_and_h9_contents(tmp_path: Path) -> None:
    csv_file = "name,rank\nAnn Lee,3d\nBob Ray,2d\nCy Poe,1d\n"
    from fairpair.model import Tournament
    from fairpair.systems.mcmahon.bands import McMahonSettings, build_bands

    players = players_from_csv(csv_file)
    t = Tournament(players=tuple(players), total_rounds=2)
    t = McMahonSettings(bands=build_bands(players, 2, bar="1d")).apply(t)
    p = McMahonSystem().pair(t, 1)
    t = t.with_pairing(p)
    t = t.with_results(1, {(b.white, b.black): (ResultCode.WIN, ResultCode.LOSS) for b in p.boards})
    table = results_table(t)
    h9 = results_h9(t)
    # Ann (3d) beat Bob (2d) with white; Cy (1d) had the forced bye. Ann and Cy tie on
    # MMS 1; Cy's phantom (0 + 1/2) beats Ann's SOMS (Bob: 0): Cy 1st, Ann 2nd, Bob 3rd.
    assert p.bye == 3
    assert "0+" in table and "3+/w0" in table
    # names exactly as entered (never turned round)
    ann = next(line for line in h9.splitlines() if "Ann Lee" in line)
    assert ann.split()[0] == "2" and ann.endswith("3+/w0")


def test_manual_control_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv_file = tmp_path / "players.csv"
    csv_file.write_text(
        "name,rank\nAnn,5d\nBob,4d\nCy,3d\nDi,1k\nEd,2k\nFlo,5k\nGus,10k\n", encoding="utf-8"
    )
    doc = tmp_path / "go.json"
    assert run(["mcmahon", "import", str(csv_file), "-o", str(doc), "-R", "4", "--bar", "3d"]) == 0
    assert run(["force", str(doc), "1", "2", "-r", "1"]) == 0
    assert run(["forbid", str(doc), "3", "4"]) == 0
    assert run(["bye", str(doc), "7", "-r", "1"]) == 0  # McMahon: 0 points, voluntary
    assert run(["mcmahon", "volunteer", str(doc), "6"]) == 0
    assert run(["force", str(doc), "1", "99"]) == 2
    settings = json.loads(doc.read_text())["settings"]["mcmahon"]
    assert settings["forced_pairs"] == [{"round": 1, "players": [1, 2]}]
    assert settings["forbidden_pairs"] == [{"players": [3, 4]}]
    assert settings["bye_volunteer"] == 6
    assert run(["pair", "--system", "mcmahon", str(doc), "--save", str(doc)]) == 0
    capsys.readouterr()
    # 7 took a voluntary bye: six players, no forced bye; 1-2 forced; 3-4 forbidden: the
    # top band {1, 2, 3} minus the forced pair leaves 3, who takes the strongest floater
    # he may meet (5, as 4 is forbidden); 4-6 remain.
    assert run(["boards", str(doc), "--go"]) == 0
    out = capsys.readouterr().out
    assert "Gus: voluntary bye" in out
    lines = [line for line in out.splitlines() if line[:3].strip().isdigit()]
    assert [line.split()[1] for line in lines] == ["Ann", "Cy", "Di"]
    assert "Ed" in lines[1] and "Flo" in lines[2]
    assert run(["mcmahon", "handicap", str(doc), "3", "5", "2", "-r", "1"]) == 0
    assert run(["mcmahon", "handicap", str(doc), "3", "4", "2", "-r", "1"]) == 2
    assert run(["check", "--system", "mcmahon", str(doc)]) == 0
    capsys.readouterr()
    assert run(["boards", str(doc), "-r", "1", "--go"]) == 0
    cy = next(line for line in capsys.readouterr().out.splitlines() if "Cy" in line)
    assert cy.split()[-2:] == ["2", "0.5"]  # two stones, komi 0.5


def test_late_player_and_withdrawal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "go.json"
    example = Path(__file__).resolve().parent.parent / "examples" / "mcmahon.json"
    doc.write_text(example.read_text(encoding="utf-8"), encoding="utf-8")
    # A 4k joins in round 3: the highest band whose weakest member (5k) is not stronger
    # than him is the 3k/5k band, initial score -4.
    args = ["add-player", str(doc), "Nora Late", "--rank", "4k", "-r", "3", "--city", "Oslo"]
    assert run(args) == 0
    assert "player 14: Nora Late registered, plays from round 3" in capsys.readouterr().out
    assert run(["add-player", str(doc), "Omar", "--rank", "1d", "--band", "1"]) == 0
    assert run(["add-player", str(doc), "X", "--rank", "1d", "--band", "99"]) == 2
    assert run(["add-player", str(doc), "X", "--rank", "11k", "--rating", "0.2"]) == 2
    from fairpair.formats import load_tournament
    from fairpair.systems.mcmahon.bands import McMahonSettings

    t, _ = load_tournament(doc)
    initial = McMahonSettings.from_tournament(t).initial_scores_for(t)
    assert (initial[14], initial[15]) == (-4, 0)
    assert t.player(14).attributes["city"] == "Oslo"
    assert run(["withdraw", str(doc), "12", "-r", "3"]) == 0
    out = tmp_path / "pairing.txt"
    assert run(["pair", "--system", "mcmahon", str(doc), "-o", str(out)]) == 0
    numbers = {int(x) for line in out.read_text().splitlines()[1:] for x in line.split()}
    assert {14, 15} <= numbers and 12 not in numbers
    assert 9 not in numbers  # the example has a voluntary bye for 9 in round 3


def test_result_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    csv_file = tmp_path / "players.csv"
    csv_file.write_text("name,rank\nA,3d\nB,3d\nC,3d\nD,3d\nE,3d\nF,3d\n", encoding="utf-8")
    doc = tmp_path / "go.json"
    assert run(["mcmahon", "import", str(csv_file), "-o", str(doc), "-R", "3"]) == 0
    assert run(["pair", "--system", "mcmahon", str(doc), "--save", str(doc)]) == 0
    # Split and shift: 1-4, 2-5, 3-6 (one band of six).
    assert (
        run(["result", str(doc), "player:4=win", "player:2=jigo", "player:6=double-forfeit"]) == 0
    )
    assert run(["result", str(doc), "player:9=win"]) == 2
    assert run(["result", str(doc), "4=won"]) == 2
    capsys.readouterr()
    assert run(["boards", str(doc), "--go"]) == 0
    out = capsys.readouterr().out
    assert "0-1" in out and "jigo" in out and "double forfeit" in out
    from fairpair.formats import load_tournament
    from fairpair.systems.mcmahon.tiebreaks import mcmahon_scores

    t, _ = load_tournament(doc)
    assert mcmahon_scores(t, 1) == {1: 0, 2: 0.5, 3: 0, 4: 1, 5: 0.5, 6: 0}
    # N=clear names board N at top level; player 4 (D, board 1) by name:
    assert run(["result", str(doc), "-r", "1", "D=clear"]) == 0
    t, _ = load_tournament(doc)
    assert mcmahon_scores(t, 1)[4] == 0
