"""Issue 32: what a new director tripped over on the command line, one test per
finding (each failed before its fix).

The events are run through the real command line in-process (``fairpair.cli.run``),
as a director types them; a refused command must leave the file byte-identical.
"""

from __future__ import annotations

from pathlib import Path

from helpers import Runner

NAMES = ["Costa", "Lambert", "OBrien", "Tanaka", "Rossi", "Novak", "Andersen", "Silva"]


def _event(tmp_path: Path, fp: Runner, rounds: int = 2, system: str = "dutch") -> Path:
    csv = tmp_path / "players.csv"
    rows = [f"{name},{2400 - 50 * i}" for i, name in enumerate(NAMES)]
    csv.write_text("name,rating\n" + "\n".join(rows) + "\n", encoding="utf-8")
    path = tmp_path / "event.json"
    code, _, err = fp("new", csv, "-o", path, "-s", system, "-R", rounds)
    assert code == 0, err
    return path


# -- finding 1: `2=win` meant board 2 to the director, player 2 to fairpair ------------


def _games(path: Path) -> list[tuple[int, int, str]]:
    from fairpair.formats import load_tournament
    from fairpair.workflow import result_text

    t, _ = load_tournament(path)
    return [(g.white, g.black, result_text(g)) for g in t.round(t.rounds_played).games]


def test_a_bare_number_is_a_board_and_a_board_win_is_refused(tmp_path: Path, fp: Runner) -> None:
    path = _event(tmp_path, fp)
    assert fp("next", path)[0] == 0
    before = path.read_bytes()
    # before the fix: a win for player no. 2, whatever board 2 was
    code, out, err = fp("result", path, "2=win")
    assert code == 2 and out == "" and path.read_bytes() == before
    assert "'2=win': a bare number is a board, and 'win' does not say whose" in err
    assert "2=1-0 or 2=0-1" in err and "player:2=win" in err
    assert err.count("\n") == 1
    # the board's result, echoed with board, names and result
    white, black, _ = _games(path)[1]
    code, out, err = fp("result", path, "2=1-0")
    assert code == 0, err
    names = {n: name for n, name in enumerate(NAMES, 1)}
    assert f"round 1, board 2: {names[white]} ({white}) - {names[black]} ({black}) 1-0" in out
    assert _games(path)[1] == (white, black, "1-0")
    # a player only in a form that cannot be read as a board
    board, (w5, _, _) = next((i, g) for i, g in enumerate(_games(path), 1) if 5 in g[:2])
    assert board != 5
    code, out, err = fp("result", path, "player:5=win")
    assert code == 0, err
    assert _games(path)[board - 1][2] == ("1-0" if w5 == 5 else "0-1")
    assert f"board {board}: " in out
    code, out, err = fp("result", path, "-r", "1", "novak=loss", "--json")
    assert code == 0, err
    import json

    entered = json.loads(out)["entered"][0]
    assert [p["name"] for p in entered["players"]] == [
        names[n] for n in _games(path)[entered["board"] - 1][:2]
    ]
    assert {"board", "result", "before"} <= set(entered)


def test_netrunner_tie_on_a_bare_number_is_the_board(tmp_path: Path, fp: Runner) -> None:
    """``3=tie`` in Netrunner was read as player 3 ("board 1 ... two different
    results" when player 3's board was also given); now it is board 3, as ``3=id``
    always was."""
    path = _event(tmp_path, fp, system="netrunner")
    assert fp("next", path)[0] == 0
    games = _games(path)
    # k: a number whose player sits on another board (the two readings differ)
    k, board = next(
        (k, b)
        for k in range(1, len(games) + 1)
        for b, g in enumerate(games, 1)
        if k in g[:2] and b != k
    )
    code, out, err = fp("result", path, f"{k}=tie", f"{board}=1-0")
    assert code == 0, err
    after = _games(path)
    assert after[k - 1][2] == "½-½" and after[board - 1][2] == "1-0"
    assert f"board {k}: " in out and out.count(" - ") == 2
    # the new player form keeps the Netrunner kinds
    code, out, err = fp("result", path, "-r", "1", f"player:{k}=id")
    assert code == 0, err
    assert _games(path)[board - 1][2] == "½-½ (ID)"


# -- finding 4: no "did you mean" for names ------------------------------------------


def test_a_misspelt_name_suggests_the_closest(tmp_path: Path, fp: Runner) -> None:
    path = _event(tmp_path, fp)
    before = path.read_bytes()
    code, _, err = fp("withdraw", path, "andresen")
    assert code == 2
    assert "no player matches 'andresen' (did you mean 7 Andersen?)" in err
    assert path.read_bytes() == before
    # a word of a name is compared too; nothing close: no suggestion
    code, _, err = fp("withdraw", path, "tanka")
    assert code == 2 and "did you mean 4 Tanaka?" in err
    code, _, err = fp("withdraw", path, "zzyzx")
    assert code == 2 and "did you mean" not in err


# -- finding 6: withdraw during the last round named an option never typed --------------


def test_withdraw_in_the_last_round_says_what_to_do(tmp_path: Path, fp: Runner) -> None:
    path = _event(tmp_path, fp, rounds=1)
    assert fp("next", path)[0] == 0
    before = path.read_bytes()
    code, _, err = fp("withdraw", path, "tanaka")
    assert code == 1  # a state conflict, not bad input
    assert "--from-round" not in err
    assert "Tanaka cannot be withdrawn: every round is paired" in err
    assert "enter a forfeit loss as his result in round 1" in err
    assert path.read_bytes() == before


def test_withdraw_after_the_last_round_is_over(tmp_path: Path, fp: Runner) -> None:
    path = _event(tmp_path, fp, rounds=1)
    assert fp("next", path)[0] == 0
    assert fp("result", path, *(f"{b}=1-0" for b in range(1, 5)))[0] == 0
    code, _, err = fp("withdraw", path, "tanaka")
    assert code == 1
    assert "--from-round" not in err and "no round left" in err


# -- finding 5: TCEC double rounds counted games, not rounds --------------------------


def test_double_rounds_are_counted_as_rounds_everywhere(tmp_path: Path, fp: Runner) -> None:
    """Every message and printout of a 3-round double-round event (6 games) names
    rounds 1-3 (a game only as "game 1/2" of a round, or as a TRF round column), and
    the standings and the crosstable say "after" the same thing."""
    import re

    csv = tmp_path / "engines.csv"
    csv.write_text(
        "name,rating\n" + "\n".join(f"Engine{i},{3500 - 10 * i}" for i in range(6)) + "\n",
        encoding="utf-8",
    )
    path = tmp_path / "tcec.json"
    assert fp("new", csv, "-o", path, "-s", "tcec", "-R", 3, "--double")[0] == 0
    said: list[str] = []

    def say(*args: object, code: int = 0) -> str:
        got, out, err = fp(*args)
        assert got == code, (args, out, err)
        said.append(out + err)
        return out + err

    for rnd in range(1, 4):
        say("next", path)
        say("boards", path)
        column = 2 * rnd - 1
        say("result", path, "-r", column, "1=1-0", "2=1/2", "3=0-1")
        if rnd < 3:
            pending = say("next", path, code=1)  # game 2 of this round has no result
            assert f"round {rnd + 1} cannot be paired" in pending
            assert f"of round {rnd} (game 2) have no result" in pending
            halfway = say("standings", path)
            assert f"after round {rnd}, game 1 of 3 rounds ({column} game" in halfway
        say("result", path, "-r", column + 1, "1=0-1", "2=1-0", "3=1/2")
        standings = say("standings", path)
        crosstable = say("crosstable", path)
        after = f"after round {rnd} of 3 ({2 * rnd} games)"
        assert after in standings and after in crosstable, (standings, crosstable)
    say("unpair", path, "--force")
    text = "\n".join(said)
    for match in re.finditer(r"(?<!TRF )(?<!TRF rounds )\bround (\d+)", text):
        assert int(match.group(1)) <= 3, text[max(0, match.start() - 80) : match.end() + 40]
    assert "R3.2" in text and "R4" not in text  # crosstable columns: round.game


# -- finding 7: DE column, legend, number formatting, parentheses ----------------------


def _generated(tmp_path: Path, fp: Runner, *args: object) -> Path:
    path = tmp_path / "g.trf"
    code, _, err = fp("generate", "-o", path, *args)
    assert code == 0, err
    return path


def test_direct_encounter_is_shown_only_where_it_separates(tmp_path: Path, fp: Runner) -> None:
    from fairpair.formats import load_tournament
    from fairpair.standings import compute_standings, silent_places

    path = _generated(tmp_path, fp, "-s", "dutch", "-n", 9, "-R", 3, "--seed", 2)
    t = load_tournament(path)[0]
    table = compute_standings(t, None)
    de = table.codes.index("DE")
    quiet = silent_places(table)
    for index, row in enumerate(table.rows):
        tied = [
            other
            for other in table.rows
            if (other.points, *other.values[:de]) == (row.points, *row.values[:de])
        ]
        separates = len({other.values[de] for other in tied}) > 1
        assert (de in quiet[index]) == (not separates), row.player.name
    code, out, _ = fp("standings", path)
    assert code == 0
    head = out.splitlines()[1]
    column = head.index("DE")
    cells = {line[column : column + 2].strip() for line in out.splitlines()[3:] if line}
    assert cells != {"1"}  # no column of 1s for players who were never tied
    # CSV keeps the value for programs
    code, out, _ = fp("standings", path, "--csv", tmp_path / "s.csv")
    assert code == 0
    rows = (tmp_path / "s.csv").read_text(encoding="utf-8").splitlines()
    de_csv = rows[0].split(",").index("DE")
    assert all(line.split(",")[de_csv] for line in rows[1:])


def test_a_separating_direct_encounter_is_printed() -> None:
    from fractions import Fraction

    from fairpair.model import Game, Player, ResultCode, Round, Tournament
    from fairpair.standings import compute_standings, render_table
    from fairpair.tiebreaks import parse_tiebreaks

    def game(white: int, black: int, result: str) -> Game:
        code = {"1-0": (ResultCode.WIN, ResultCode.LOSS), "0-1": (ResultCode.LOSS, ResultCode.WIN)}
        w, b = code[result]
        return Game(white=white, black=black, white_result=w, black_result=b)

    players = tuple(Player(n, f"P{n}", rating=2000 - n) for n in range(1, 5))
    # 1 beats 2; both then lose: tied on points, DE puts 1 first
    rounds = (
        Round(1, games=(game(1, 2, "1-0"), game(3, 4, "1-0"))),
        Round(2, games=(game(1, 3, "0-1"), game(4, 2, "0-1"))),
    )
    t = Tournament(players=players, rounds=rounds, total_rounds=2)
    table = compute_standings(t, parse_tiebreaks("DE"))
    text = render_table(table)
    rows = {line.split()[1]: line for line in text.splitlines()[3:]}
    assert table.rows[0].points == Fraction(2)
    assert rows["1"].split()[-1] == "1" and rows["2"].split()[-1] == "2", text


def test_averages_are_printed_with_three_decimals(tmp_path: Path, fp: Runner) -> None:
    path = _generated(tmp_path, fp, "-s", "netrunner", "-n", 12, "-R", 3, "--seed", 4)
    code, out, _ = fp("standings", path)
    assert code == 0
    import re

    decimals = {len(m) for m in re.findall(r"\d\.(\d+)", out)}
    assert decimals and max(decimals) <= 3, out


def test_byes_in_the_crosstable_are_not_forfeit_marks(tmp_path: Path, fp: Runner) -> None:
    path = _generated(
        tmp_path, fp, "-s", "dutch", "-n", 9, "-R", 3, "--seed", 2, "--bye-rate", "0.2"
    )
    code, out, _ = fp("crosstable", path)
    assert code == 0
    assert "bye+" not in out and "bye-" not in out
    assert "bye1" in out and "bye½" in out
    legend = out.strip().splitlines()[-1]
    assert "+ / - a forfeit" in legend and "bye1, bye½, bye0" in legend


def test_the_demo_shows_pairing_numbers_in_parentheses_like_boards(fp: Runner) -> None:
    code, out, _ = fp("demo")
    assert code == 0
    import re

    # "(3)" is a pairing number everywhere; a score is never printed as "( 3)"
    assert not re.search(r"\(\s+\d", out), out
    assert re.search(r"[A-Za-z] \(\d+\)", out)


# -- finding 2: McMahon handicaps could not be switched on ------------------------------

GO_PLAYERS = "name,rank\nSato Ken,3d\nKim Min,1d\nLee Su,2k\nPark Jo,5k\n"


def test_mcmahon_handicap_is_set_when_the_event_is_created(tmp_path: Path, fp: Runner) -> None:
    import json

    csv = tmp_path / "go.csv"
    csv.write_text(GO_PLAYERS, encoding="utf-8")
    path = tmp_path / "go.json"
    code, _, err = fp(
        "new", csv, "-o", path, "-s", "mcmahon", "-R", 3, "--handicap", "minus1",
        "-O", "komi_handicap=0.5", "-O", "avoid=club",
    )  # fmt: skip
    assert code == 0, err
    settings = json.loads(path.read_text(encoding="utf-8"))["settings"]["mcmahon"]
    assert settings["handicap"] == "minus1" and settings["avoid"] == ["club"]
    assert settings["komi_handicap"] == 0.5
    # the same through -O, and every value checked against its choices
    other = tmp_path / "other.json"
    code, _, err = fp("new", csv, "-o", other, "-s", "mcmahon", "-R", 3, "-O", "handicap=minus3")
    assert code == 2 and "expected one of none, full, minus1, minus2" in err
    assert not other.exists()
    code, _, err = fp("new", csv, "-o", other, "-s", "mcmahon", "-R", 3, "-O", "handycap=full")
    assert code == 2 and "did you mean handicap?" in err and not other.exists()
    code, _, err = fp("new", csv, "-o", other, "-s", "dutch", "-R", 3, "--handicap", "full")
    assert code == 2 and "a system with handicaps: mcmahon" in err and not other.exists()


def test_edit_event_changes_settings_until_round_1(tmp_path: Path, fp: Runner) -> None:
    import json

    csv = tmp_path / "go.csv"
    csv.write_text(GO_PLAYERS, encoding="utf-8")
    path = tmp_path / "go.json"
    assert fp("new", csv, "-o", path, "-s", "mcmahon", "-R", 3)[0] == 0
    code, out, err = fp("edit-event", path, "--handicap", "full", "-O", "d=0.5")
    assert code == 0 and "handicap=full" in out, err
    settings = json.loads(path.read_text(encoding="utf-8"))["settings"]["mcmahon"]
    assert settings["handicap"] == "full" and settings["d"] == 0.5
    assert fp("next", path)[0] == 0
    before = path.read_bytes()
    code, _, err = fp("edit-event", path, "--handicap", "none")
    assert code == 1 and "cannot change once round 1 is paired" in err
    assert path.read_bytes() == before


def test_api_creates_a_mcmahon_event_with_handicaps(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from fairpair.web.app import create_app

    client = TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite'}"))
    players = [{"name": n, "rank": r} for n, r in (("A", "3d"), ("B", "1d"), ("C", "2k"))]
    made = client.post(
        "/api/v1/tournaments",
        json={"name": "Go", "system": "mcmahon", "rounds": 3, "players": players,
              "options": {"handicap": "minus1"}},
    )  # fmt: skip
    assert made.status_code == 201, made.text
    document = client.get(f"/api/v1/tournaments/{made.json()['id']}/document").json()
    assert document["settings"]["mcmahon"]["handicap"] == "minus1"
    bad = client.post(
        "/api/v1/tournaments",
        json={"name": "Go", "system": "mcmahon", "rounds": 3, "players": players,
              "options": {"handicap": "lots"}},
    )  # fmt: skip
    assert bad.status_code == 400 and bad.json()["field"] == "options.handicap", bad.text
