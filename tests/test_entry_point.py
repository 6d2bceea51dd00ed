"""One pairing entry point and one set of structured workflow operations (issue 26).

* ``fairpair mcmahon result`` (and the other general verbs the group repeated) no
  longer change a file: they exit 2 naming the top-level command, which keeps its
  checks (a 1-0 is not overwritten without naming the round);
* the web app enters a board's result as codes (:func:`fairpair.workflow.set_result`),
  never as ``"3=1-0"`` text parsed back;
* every command that pairs goes through :func:`fairpair.workflow.pair_round`, which
  makes the pairing system once (``next`` used to make it twice and read the Dutch
  rules edition twice).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fairpair import workflow as wf
from fairpair.cli import run
from fairpair.errors import InputError, PendingResultsError, ResultEnteredError
from fairpair.formats import load_tournament
from fairpair.model import Tournament
from fairpair.systems import dutch
from fairpair.systems.dutch import DutchSystem
from fairpair.systems.dutch import edition as dutch_edition
from fairpair.workflow.results import SCORES

CHESS_CSV = "name,rating\nAnn,2300\nBob,2200\nCyd,2100\nDan,2000\nEve,1900\nFay,1800\n"
GO_CSV = "name,rank\nAnn,3d\nBob,2d\nCyd,1d\nDan,1k\nEve,2k\nFay,3k\n"


def _paired_with_a_win(tmp_path: Path, system: str) -> tuple[Path, int]:
    """A tournament of ``system`` with round 1 paired and board 1 won by white (1-0);
    the file and board 1's white player."""
    players = tmp_path / "players.csv"
    players.write_text(GO_CSV if system == "mcmahon" else CHESS_CSV, encoding="utf-8")
    path = tmp_path / f"{system}.json"
    assert run(["new", str(players), "-o", str(path), "-s", system, "-R", "3"]) == 0
    assert run(["next", str(path)]) == 0
    assert run(["result", str(path), "1=1-0"]) == 0
    t, _ = load_tournament(path)
    return path, t.round(1).games[0].white


# --------------------------------------------------------------------------- mcmahon verbs


@pytest.mark.parametrize("system", ["dutch", "mcmahon"])
def test_mcmahon_result_no_longer_overwrites_a_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str
) -> None:
    path, white = _paired_with_a_win(tmp_path, system)
    before = path.read_bytes()
    capsys.readouterr()
    # the old spellings: from the winner's side (this one overwrote the 1-0), by board
    for entry in (f"{white}=loss", "1=0-1"):
        code = run(["mcmahon", "result", str(path), entry])
        assert path.read_bytes() == before, f"mcmahon result {entry} changed the file"
        err = capsys.readouterr().err
        assert code == 2 and "`fairpair result`" in err and "no longer a command" in err
    # the top-level command still refuses to change a result without its round
    assert run(["result", str(path), "1=0-1"]) != 0
    assert "already has the result 1-0" in capsys.readouterr().err
    assert run(["result", str(path), f"{white}=loss"]) != 0
    assert path.read_bytes() == before
    # naming the round corrects it, as documented
    assert run(["result", str(path), "-r", "1", "1=0-1"]) == 0
    t, _ = load_tournament(path)
    assert wf.result_text(t.round(1).games[0]) == "0-1"


@pytest.mark.parametrize(
    ("verb", "args", "top"),
    [
        ("force", ["1", "2", "-r", "2"], "fairpair force"),
        ("forbid", ["1", "2"], "fairpair forbid"),
        ("bye", ["3", "-r", "2"], "fairpair bye"),
        ("withdraw", ["4", "-r", "2"], "fairpair withdraw"),
        ("add-player", ["Late Comer", "4k", "--band", "1"], "fairpair add-player"),
        ("boards", ["-r", "1"], "fairpair boards"),
        ("result", ["--help"], "fairpair result"),
    ],
)
def test_every_removed_mcmahon_verb_names_its_top_level_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], verb: str, args: list[str], top: str
) -> None:
    path, _ = _paired_with_a_win(tmp_path, "mcmahon")
    before = path.read_bytes()
    capsys.readouterr()
    assert run(["mcmahon", verb, str(path), *args]) == 2
    captured = capsys.readouterr()
    assert f"`{top}`" in captured.err and captured.out == ""
    assert "No such command" not in captured.err
    assert path.read_bytes() == before


def test_the_go_capabilities_of_the_removed_verbs_are_top_level(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = _paired_with_a_win(tmp_path, "mcmahon")
    args = ["add-player", str(path), "Late Comer", "--rank", "4k", "--family", "Comer"]
    assert run([*args, "--country", "NO", "--band", "2"]) == 0
    assert run(["bye", str(path), "Late", "-r", "2"]) == 0  # McMahon: a voluntary bye
    assert run(["force", str(path), "Ann", "Bob", "-r", "2"]) == 0
    assert run(["withdraw", str(path), "Fay", "-r", "3"]) == 0
    capsys.readouterr()
    assert run(["boards", str(path), "--go"]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert listing[0] == "Round 1" and listing[1].split()[-3:] == ["H", "Komi", "Result"]
    assert listing[2].split()[-1] == "1-0"
    assert run(["boards", str(path), "--go", "--json"]) == 2  # a text list only
    capsys.readouterr()
    t, _ = load_tournament(path)
    late = wf.find_player(t, "Late Comer")
    assert late.attributes["family"] == "Comer" and late.attributes["country"] == "NO"
    assert t.round(2).byes[late.number].name == "ZERO_POINT"
    assert t.player(6).withdrawn_from == 3
    assert {1, 2} in [set(p["players"]) for p in t.settings["mcmahon"]["forced_pairs"]]


def test_go_attributes_are_refused_for_chess(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "c").mkdir()
    path, _ = _paired_with_a_win(tmp_path / "c", "dutch")
    before = path.read_bytes()
    assert run(["add-player", str(path), "Late Comer", "--city", "Oslo"]) == 2
    assert "a McMahon tournament" in capsys.readouterr().err
    assert path.read_bytes() == before


# --------------------------------------------------------------------------- results


def test_set_result_takes_codes_and_keeps_the_checks() -> None:
    t = wf.new_tournament(_chess_players(), system="dutch", rounds=2)
    t, _ = wf.pair_next(t)
    t, done = wf.set_result(t, 1, 2, SCORES["1/2"])
    assert done.board == 2 and wf.result_text(done.game) == "½-½" and done.before == ""
    with pytest.raises(ResultEnteredError, match="already has the result"):
        wf.set_result(t, 1, 2, SCORES["1-0"], allow_changes=False)
    t, done = wf.set_result(t, 1, 2, None)  # cleared
    assert wf.result_text(done.game) == "" and done.before == "½-½"
    with pytest.raises(InputError, match="board 9 in round 1"):
        wf.set_result(t, 1, 9, SCORES["1-0"])


def _chess_players() -> list[Any]:
    from fairpair.formats.csv import chess_players, read_table

    return list(chess_players(read_table(CHESS_CSV, "players.csv")))


@pytest.fixture
def service(tmp_path: Path) -> Iterator[Any]:
    pytest.importorskip("sqlalchemy", reason="the web extra is not installed")
    pytest.importorskip("fastapi", reason="the web extra is not installed")
    from fairpair.web.service import Service
    from fairpair.web.store import Store

    store = Store(str(tmp_path / "web.sqlite"))
    yield Service(store)
    store.engine.dispose()


def test_the_web_app_enters_results_without_parsing_text(
    service: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fairpair.web.models import PlayerIn, TournamentIn

    players = [PlayerIn(name=p.name, rating=p.rating) for p in _chess_players()]
    tid, _ = service.create(TournamentIn(system="dutch", rounds=3, players=players))
    service.pair(tid)

    def no_text(*args: object, **kwargs: object) -> Any:
        raise AssertionError("a structured result went through the text syntax")

    monkeypatch.setattr(wf, "parse_entry", no_text)
    monkeypatch.setattr(wf.results, "parse_entry", no_text)
    # "=" is a draw: as text the entry "2==" would have to be split on its first "="
    for board, key in ((1, "1-0"), (2, "="), (3, "--")):
        stored = service.set_result(tid, 1, board, key)
        game = stored.tournament.round(1).games[board - 1]
        assert (game.white_result, game.black_result) == SCORES[key]
    # a correction (the director's web form names the round and board) and a clearing
    stored = service.set_result(tid, 1, 1, "0-1")
    assert wf.result_text(stored.tournament.round(1).games[0]) == "0-1"
    stored = service.set_result(tid, 1, 3, "clear")
    assert not stored.tournament.round(1).games[2].has_result


# --------------------------------------------------------------------------- pairing


class _Counter:
    def __init__(self) -> None:
        self.systems = 0
        self.editions = 0


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> _Counter:
    """Counts the Dutch systems made and the reads of the rules edition (record 192)."""
    counter = _Counter()
    make = DutchSystem.__init__
    read = dutch_edition.rules_named_by

    def counting_init(self: DutchSystem, **options: Any) -> None:
        counter.systems += 1
        make(self, **options)

    def counting_read(t: Tournament) -> Any:
        counter.editions += 1
        return read(t)

    monkeypatch.setattr(DutchSystem, "__init__", counting_init)
    monkeypatch.setattr(dutch_edition, "rules_named_by", counting_read)
    monkeypatch.setattr(dutch, "rules_named_by", counting_read)
    return counter


def _dutch_file(tmp_path: Path) -> Path:
    players = tmp_path / "players.csv"
    players.write_text(CHESS_CSV, encoding="utf-8")
    path = tmp_path / "open.json"
    assert run(["new", str(players), "-o", str(path), "-s", "dutch", "-R", "3"]) == 0
    return path


@pytest.mark.parametrize("as_json", [False, True])
def test_next_makes_the_pairing_system_once(
    tmp_path: Path, counted: _Counter, capsys: pytest.CaptureFixture[str], as_json: bool
) -> None:
    path = _dutch_file(tmp_path)
    capsys.readouterr()
    counted.systems = counted.editions = 0
    assert run(["next", str(path), *(["--json"] if as_json else [])]) == 0
    assert (counted.systems, counted.editions) == (1, 1)
    if as_json:
        assert json.loads(capsys.readouterr().out)["system"] == "dutch"


def test_the_web_app_makes_the_pairing_system_once(service: Any, counted: _Counter) -> None:
    from fairpair.web.models import PlayerIn, TournamentIn

    players = [PlayerIn(name=p.name, rating=p.rating) for p in _chess_players()]
    tid, _ = service.create(TournamentIn(system="dutch", rounds=3, players=players))
    counted.systems = 0
    _, pairing = service.pair(tid)
    assert counted.systems == 1 and len(pairing.boards) == 3


def test_every_pairing_command_goes_through_the_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from fairpair.workflow import batch

    path = _dutch_file(tmp_path)
    calls: list[int | None] = []
    real = wf.pair_round

    def spy(t: Tournament, round_number: int | None = None, **kwargs: Any) -> wf.PairedRound:
        calls.append(round_number)
        return real(t, round_number, **kwargs)

    monkeypatch.setattr(wf, "pair_round", spy)
    monkeypatch.setattr(batch, "pair_round", spy)
    copy = tmp_path / "copy.trf"
    assert run(["convert", str(path), "-o", str(copy)]) == 0
    assert run(["pair", str(path)]) == 0
    assert run(["--dutch", str(copy), "-p"]) == 0
    request = json.dumps({"id": 1, "trf": copy.read_text(encoding="utf-8")})
    assert json.loads(batch.answer_line(request))["ok"]
    assert run(["next", str(path)]) == 0
    assert calls == [1, 1, None, None]
    capsys.readouterr()


def test_pair_round_re_pairs_an_earlier_round_and_refuses_a_later_one(tmp_path: Path) -> None:
    t = wf.new_tournament(_chess_players(), system="dutch", rounds=3)
    t, first = wf.pair_next(t)
    for board in range(1, len(first.boards) + 1):
        t, _ = wf.set_result(t, 1, board, SCORES["1-0"])
    t, _ = wf.pair_next(t)
    again = wf.pair_round(t, 1)
    assert again.pairing == first and again.system == "dutch"
    assert again.source.rounds_played == 0 and again.tournament.rounds_played == 1
    with pytest.raises(InputError) as info:
        wf.pair_round(t, 4)
    assert info.value.field == "round" and "round 3 is not paired yet" in str(info.value)
    with pytest.raises(InputError, match="a round number >= 1"):
        wf.pair_round(t, 0)
    # a system already made is used as it is; options then belong to it
    choice = wf.choose_system(t, options={"rules": "2026"})
    assert choice.name == "dutch" and dict(choice.options) == {"rules": "2026"}
    with pytest.raises(PendingResultsError):
        wf.pair_round(t, system=choice)
    assert wf.pair_round(t, system=choice, require_results=False).pairing.round == 3
    with pytest.raises(ValueError):
        wf.pair_round(t, system=choice, options={"explain": True})
