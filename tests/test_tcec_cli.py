"""TCEC Swiss on files and on the command line: ``fairpair seed`` (src/fairpair/cli/tcec.py),
the TRF representation of double rounds, and generate / pair / check / standings."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fairpair.cli import run
from fairpair.errors import InputError
from fairpair.formats.csv import read_player_list
from fairpair.model import ByeKind, Game, Player, ResultCode, Round, Tournament
from fairpair.systems.tcec import TcecSystem
from fairpair.workflow.create import seeding_table

ENGINES = [
    ("Stockfish", 3650),
    ("LCZero", 3640),
    ("KomodoDragon", 3600),
    ("Berserk", 3550),
    ("Obsidian", 3540),
    ("Ethereal", 3500),
    ("Caissa", 3480),
    ("Koivisto", 3450),
    ("Igel", 3420),
    ("RofChade", 3400),
    ("Stoofvlees", 3380),
]


def write_players(path: Path, rows: list[tuple[str, int]], header: bool = True) -> Path:
    text = "name,rating\n" if header else ""
    # Shuffle the file order: the seeding must sort by rating.
    shuffled = list(rows)
    random.Random(1).shuffle(shuffled)
    text += "".join(f"{name},{rating}\n" for name, rating in shuffled)
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------------ fairpair seed


def test_seed_command_groups(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players = write_players(tmp_path / "players.csv", ENGINES)
    assert run(["seed", "--system", "tcec", "--groups", "4", str(players)]) == 0
    out = capsys.readouterr().out.splitlines()
    # By rating: A = Stockfish LCZero KomodoDragon, B = Berserk Obsidian Ethereal,
    # C = Caissa Koivisto Igel, D = RofChade Stoofvlees (sizes 3 3 3 2).
    assert [line.split()[:3] for line in out] == [
        ["1", "A1", "Stockfish"],
        ["2", "B1", "Berserk"],
        ["3", "C1", "Caissa"],
        ["4", "D1", "RofChade"],
        ["5", "A2", "LCZero"],
        ["6", "B2", "Obsidian"],
        ["7", "C2", "Koivisto"],
        ["8", "D2", "Stoofvlees"],
        ["9", "A3", "KomodoDragon"],
        ["10", "B3", "Ethereal"],
        ["11", "C3", "Igel"],
    ]


def test_seed_command_csv_output_and_default_groups(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = write_players(tmp_path / "players.csv", ENGINES[:8], header=False)
    assert run(["seed", str(players), "--format", "csv"]) == 0
    out = capsys.readouterr().out.splitlines()
    # 8 players: round_to_even(8 / 7) = 2 groups: A = top 4, B = next 4.
    assert out[0] == "seed,group,name,rating"
    assert out[1:4] == ["1,A1,Stockfish,3650", "2,B1,Obsidian,3540", "3,A2,LCZero,3640"]


def test_seed_command_random(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players = write_players(tmp_path / "players.csv", ENGINES)
    assert run(["seed", "--random-seed", "5", str(players)]) == 0
    first = capsys.readouterr().out
    assert run(["seed", "--random-seed", "5", str(players)]) == 0
    assert capsys.readouterr().out == first
    assert sorted(line.split()[1] for line in first.splitlines()) == sorted(n for n, _ in ENGINES)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--groups", "3"], "3 groups"),
        (["--groups", "12"], "12 groups"),
        (["--groups", "2", "--random-seed", "1"], "one seeding procedure"),
    ],
)
def test_seed_command_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    players = write_players(tmp_path / "players.csv", ENGINES)
    assert run(["seed", *args, str(players)]) == 2
    assert message in capsys.readouterr().err


def test_player_list_errors_name_the_line() -> None:
    with pytest.raises(InputError) as info:
        read_player_list("name,rating\nA,3500\nB,strong\n", "p.csv")
    assert str(info.value).startswith("p.csv:3:")
    with pytest.raises(InputError, match="no players"):
        read_player_list("name,rating\n\n", "p.csv")


def test_file_order_option_keeps_the_list_order() -> None:
    entries = read_player_list("A,1\nB,3\nC,2\nD,4\n")
    by_file = [e.name for _, _, e in seeding_table(entries, groups=2, keep_file_order=True)]
    by_rating = [e.name for _, _, e in seeding_table(entries, groups=2)]
    assert by_file == ["A", "C", "B", "D"]
    assert by_rating == ["D", "C", "B", "A"]


# ------------------------------------------------------------------------- TRF files


def _double_event(players: int, rounds: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    t = Tournament(
        players=tuple(Player(i, f"Engine {i}", rating=3000 + i) for i in range(1, players + 1)),
        double_rounds=True,
    )
    system = TcecSystem()
    outcomes = [
        (ResultCode.WIN, ResultCode.LOSS),
        (ResultCode.DRAW, ResultCode.DRAW),
        (ResultCode.LOSS, ResultCode.WIN),
    ]
    for _ in range(rounds):
        pairing = system.pair(t)
        t = t.with_pairing(pairing)
        for column in (pairing.round, pairing.round + 1):
            results = {(g.white, g.black): rng.choice(outcomes) for g in t.round(column).games}
            t = t.with_results(column, results)
    return t


def test_double_round_trf_round_trip() -> None:
    trf = pytest.importorskip("fairpair.formats.trf")
    t = _double_event(5, 3, seed=4)
    text = trf.dumps(t)
    assert "XXT double" in text
    back, _ = trf.loads(text)
    assert back.double_rounds
    assert len(back.rounds) == 6
    for first in (1, 3, 5):
        bye = t.pairing_of(first).bye
        assert bye is not None
        assert back.round(first).byes[bye] is ByeKind.PAIRING_ALLOCATED
        assert back.round(first + 1).byes[bye] is ByeKind.PAIRING_ALLOCATED
        assert TcecSystem().check(back.replace(rounds=back.rounds[: first + 1]), first) == []


def test_single_round_trf_has_no_double_marker() -> None:
    trf = pytest.importorskip("fairpair.formats.trf")
    t = Tournament(players=(Player(1), Player(2)))
    t = t.with_round(Round(1, (Game(2, 1, ResultCode.DRAW, ResultCode.DRAW),)))
    text = trf.dumps(t)
    assert "XXT double" not in text
    assert not trf.loads(text)[0].double_rounds


# ------------------------------------------------------------------ the whole pipeline


@pytest.fixture
def cli_files() -> None:
    pytest.importorskip("fairpair.formats")


def test_generate_and_check_single(
    cli_files: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.trf"
    args = ["generate", "--system", "tcec", "--players", "40", "--rounds", "25"]
    assert run([*args, "--seed", "1", "--seeding", "group:6", "-o", str(out)]) == 0
    assert run(["check", "--system", "tcec", str(out)]) == 0
    capsys.readouterr()
    # The next round in engine format: 20 pairs, worst pair first.
    assert run(["pair", "--system", "tcec", str(out), "--round", "25"]) == 0
    lines = capsys.readouterr().out.split()
    assert lines[0] == "20"


def test_generate_and_check_double(cli_files: None, tmp_path: Path) -> None:
    out = tmp_path / "d.trf"
    args = ["generate", "--system", "tcec", "--players", "20", "--rounds", "15", "--double"]
    assert run([*args, "--seed", "2", "-o", str(out)]) == 0
    assert "XXT double" in out.read_text()
    assert run(["check", "--system", "tcec", str(out)]) == 0


def test_check_fails_on_a_swapped_pairing(
    cli_files: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from fairpair.formats import trf

    out = tmp_path / "s.trf"
    args = ["generate", "--system", "tcec", "--players", "12", "--rounds", "6"]
    assert run([*args, "--seed", "3", "-o", str(out)]) == 0
    t, _ = trf.loads(out.read_text())
    rnd = t.round(4)
    g1, g2 = rnd.games[0], rnd.games[1]
    swapped = (
        Game(g1.white, g2.black, g1.white_result, g2.black_result),
        Game(g2.white, g1.black, g2.white_result, g1.black_result),
        *rnd.games[2:],
    )
    bad = tmp_path / "bad.trf"
    bad.write_text(trf.dumps(t.with_round(Round(4, swapped, rnd.byes))))
    capsys.readouterr()
    assert run(["check", "--system", "tcec", str(bad)]) == 1
    assert "round 4:" in capsys.readouterr().out


def test_standings_use_the_tcec_ranking(
    cli_files: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.trf"
    args = ["generate", "--system", "tcec", "--players", "9", "--rounds", "5"]
    assert run([*args, "--seed", "4", "-o", str(out)]) == 0
    capsys.readouterr()
    assert run(["standings", str(out), "--system", "tcec"]) == 0
    table = capsys.readouterr().out
    assert "BYE" in table or "Byes" in table


def test_seed_command_writes_a_tournament_ready_to_pair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = write_players(tmp_path / "players.csv", ENGINES)
    event = tmp_path / "event.trf"
    args = ["seed", "--groups", "4", str(players), "-o", str(event), "--double", "-R", "9"]
    assert run(args) == 0
    text = event.read_text()
    assert "XXT double" in text
    assert "XXR 9" in text
    capsys.readouterr()
    # The system is stored in the file; seed 1 = Stockfish, seed 2 = Berserk (B1).
    assert run(["pair", str(event)]) == 0
    assert capsys.readouterr().out.split("\n")[:2] == ["6", "10 9"]
    from fairpair.formats import load_tournament

    t, _ = load_tournament(event)
    assert [p.name for p in t.players[:2]] == ["Stockfish", "Berserk"]
