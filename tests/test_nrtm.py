"""NRTM JSON (Cobra's export, AlwaysBeRunning's import) and the Netrunner result kinds
(intentional draw, 2-for-1), through the command line as a director uses them.

Fixtures: ``data/nrtm/`` (Cobra's spec fixtures, see its README). Round trips:
fairpair -> NRTM -> fairpair gives the same document byte for byte; NRTM -> fairpair ->
NRTM gives the same tables (players, sides, scores, flags), players and kept fields.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from fairpair.formats import load_tournament
from fairpair.formats.jsondoc import loads as json_loads
from fairpair.model import ResultCode, Tournament
from fairpair.standings import compute_standings
from fairpair.systems.netrunner import (
    ExtendedStrengthOfSchedule,
    NetrunnerPoints,
    StrengthOfSchedule,
)
from helpers import Runner

DATA = Path(__file__).parent / "data" / "nrtm"


def _load(path: Path) -> Tournament:
    return load_tournament(path)[0]


def _tables(doc: dict[str, Any]) -> list[list[tuple[Any, ...]]]:
    """The Swiss tables of an NRTM document in a comparable form: per table the set of
    (id, role, corp score, runner score, combined score) and the flags; byes by id."""
    out = []
    for tables in doc["rounds"]:
        if tables and tables[0].get("eliminationGame"):
            continue
        rows = []
        for table in tables:
            sides = []
            for key in ("player1", "player2"):
                side = table[key]
                if side["id"] is None:
                    continue
                sides.append(
                    (
                        side["id"],
                        side.get("role"),
                        side.get("corpScore"),
                        side.get("runnerScore"),
                        side.get("combinedScore"),
                    )
                )
            bye = len(sides) == 1
            if bye:  # fairpair's bye is worth its points, not the file's
                sides = [(sides[0][0], "bye")]  # type: ignore[list-item]
            rows.append(
                (frozenset(sides), bool(table["intentionalDraw"]), bool(table["twoForOne"]))
            )
        out.append(sorted(rows, key=repr))
    return out


# -- reading Cobra's files ---------------------------------------------------------


def test_single_sided_cobra_file(fp: Runner, tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    code, _, err = fp("convert", DATA / "cobra_single_sided.json", "-o", out)
    assert code == 0, err
    # the fixture's matchPoints are not what its results give: said, not used
    assert "matchPoints 6, but the results give 3" in err
    t = _load(out)
    assert t.system == "netrunner" and not t.double_rounds
    # pairing numbers follow the ids; the ids and identities are kept
    assert [(p.number, p.name) for p in t.players][:3] == [(1, "Jack"), (2, "Jill"), (3, "Hansel")]
    assert t.player(1).attributes == {
        "nrtm_id": "1001",
        "corp_identity": "ETF",
        "runner_identity": "Noise",
    }
    assert "runner_identity" not in t.player(5).attributes  # Snap: runnerIdentity null
    games = t.round(1).games
    # table 1: Jack (runner) beat Jill (corp); Corp is the model's white
    assert (games[0].white, games[0].black) == (2, 1)
    assert (games[0].white_result, games[0].black_result) == (ResultCode.LOSS, ResultCode.WIN)
    assert games[2].flags == frozenset({"intentional_draw"})
    assert games[2].white_result is ResultCode.DRAW
    assert t.round(1).byes == {7: t.round(1).byes[7]} and t.scores()[7] == 3
    assert t.headers[0] == ("012", "Some Tournament")
    kept = t.settings["nrtm"]
    assert kept["date"] == "2017-01-01" and kept["uploadedFrom"] == "Cobra"
    assert kept["tournamentOrganiser"] == {"nrdbId": 123, "nrdbUsername": "username"}


def test_nrtm_fairpair_nrtm_equal(fp: Runner, tmp_path: Path) -> None:
    for name in (
        "cobra_single_sided.json",
        "cobra_single_sided_fancy_quotes.json",
        "cobra_cut_consistent.json",
    ):
        source = DATA / name
        store, back = tmp_path / f"{name}.store.json", tmp_path / f"{name}.nrtm"
        assert fp("convert", source, "-o", store)[0] == 0
        code, _, err = fp("convert", store, "-o", back, "--format", "nrtm")
        assert code == 0, err
        original = json.loads(source.read_text(encoding="utf-8"))
        written = json.loads(back.read_text(encoding="utf-8"))
        assert _tables(written) == _tables(original), name
        # everything fairpair does not model is written back as it was
        for key in original:
            if key not in ("players", "rounds", "preliminaryRounds"):
                assert written[key] == original[key], (name, key)
        elimination = [r for r in original["rounds"] if r and r[0].get("eliminationGame")]
        assert written["rounds"][len(written["rounds"]) - len(elimination) :] == elimination
        by_id = {p["id"]: p for p in written["players"]}
        for player in original["players"]:
            mine = by_id[player["id"]]
            for key in ("name", "corpIdentity", "runnerIdentity"):
                assert mine[key] == player[key], (name, key)
        assert sorted(p["rank"] for p in written["players"]) == list(
            range(1, len(original["players"]) + 1)
        )


def test_fancy_quotes_kept(fp: Runner, tmp_path: Path) -> None:
    store = tmp_path / "q.json"
    assert fp("convert", DATA / "cobra_single_sided_fancy_quotes.json", "-o", store)[0] == 0
    t = _load(store)
    assert t.player(2).attributes["runner_identity"] == 'René "Loup" Arcemont: Party Animal'


def test_cut_and_double_sided(fp: Runner, tmp_path: Path) -> None:
    store = tmp_path / "cut.json"
    code, _, err = fp("convert", DATA / "cobra_cut_consistent.json", "-o", store)
    assert code == 0 and err == ""  # its matchPoints are the results'
    t = _load(store)
    assert t.double_rounds and t.total_rounds == 2
    first, second = t.round(1).games, t.round(2).games
    # table 2: a 2-for-1: Hansel (3) wins as Corp and as Runner
    assert (first[1].white, first[1].white_result) == (3, ResultCode.WIN)
    assert (second[1].black, second[1].black_result) == (3, ResultCode.WIN)
    assert first[1].flags == second[1].flags == frozenset({"two_for_one"})
    assert first[0].flags == frozenset({"intentional_draw"})
    assert t.settings["nrtm"]["cutToTop"] == 4
    assert len(t.settings["nrtm"]["eliminationRounds"]) == 2  # the two cut rounds


# -- the Netrunner standings of flagged results -------------------------------------


def test_standings_count_flagged_results(fp: Runner, tmp_path: Path) -> None:
    t = _load_cut(fp, tmp_path)
    pts = NetrunnerPoints().values(t, 2)
    sos = StrengthOfSchedule().values(t, 2)
    esos = ExtendedStrengthOfSchedule().values(t, 2)
    # ID: 1-1 in both games; 2-for-1: 6-0; table 3: a tie and a runner win 4-1; bye 3+3
    assert [pts[n] for n in range(1, 8)] == [2, 2, 6, 0, 4, 1, 6]
    # SoS: the opponents' points per game played (two games each); byes are not opponents
    assert sos[1] == Fraction(2, 2) and sos[3] == 0 and sos[5] == Fraction(1, 2)
    assert sos[7] == 0  # only a bye
    assert esos[3] == sos[4] == Fraction(6, 2)
    standings = compute_standings(t, [], primary=[NetrunnerPoints(), StrengthOfSchedule()])
    assert [row.player.number for row in standings.rows][:3] == [3, 7, 5]


def _load_cut(fp: Runner, tmp_path: Path) -> Tournament:
    store = tmp_path / "c.json"
    assert fp("convert", DATA / "cobra_cut_consistent.json", "-o", store)[0] == 0
    return _load(store)


# -- fairpair -> NRTM -> fairpair -----------------------------------------------------


@pytest.mark.parametrize("double", [False, True])
def test_fairpair_nrtm_fairpair_unchanged(fp: Runner, tmp_path: Path, double: bool) -> None:
    rng = random.Random(7 + double)
    players = tmp_path / "p.csv"
    players.write_text(
        "name,corp_identity\n" + "\n".join(f"P{i},Id {i}" for i in range(1, 10)) + "\n",
        encoding="utf-8",
    )
    store = tmp_path / "s.json"
    args = ["new", players, "-o", store, "-s", "netrunner", "-R", "3", "--seed", "5"]
    assert fp(*args, *(["--double"] if double else []))[0] == 0
    for _ in range(3):
        assert fp("next", store)[0] == 0
        t = _load(store)
        column = t.rounds_played - (1 if double else 0)
        entries = []
        for board in range(1, len(t.round(column).games) + 1):
            kinds = ["1-0", "0-1", "1/2", "id"] + (["2-0", "0-2"] if double else [])
            entries.append(f"{board}={rng.choice(kinds)}")
        code, _, err = fp("result", store, *entries)
        assert code == 0, err
        if double and any(not g.has_result for g in _load(store).round(column + 1).games):
            rest = [
                f"{b}=1-0"
                for b, g in enumerate(_load(store).round(column + 1).games, 1)
                if not g.has_result
            ]
            assert fp("result", store, *rest)[0] == 0
    # a pending round too
    assert fp("edit-event", store, "-R", "4")[0] == 0
    assert fp("next", store)[0] == 0
    exported, back = tmp_path / "s.nrtm.json", tmp_path / "back.json"
    assert fp("convert", store, "-o", exported, "--format", "nrtm")[0] == 0
    doc = json.loads(exported.read_text(encoding="utf-8"))
    assert any(t["intentionalDraw"] for r in doc["rounds"] for t in r)
    assert fp("new", exported, "-o", back)[0] == 0
    assert back.read_text(encoding="utf-8") == store.read_text(encoding="utf-8")


# -- result kinds ------------------------------------------------------------------------


def _netrunner(fp: Runner, tmp_path: Path, *, double: bool) -> Path:
    players = tmp_path / "p.csv"
    players.write_text("name\nAnn\nBob\nCid\nDee\n", encoding="utf-8")
    store = tmp_path / "n.json"
    args = ["new", players, "-o", store, "-s", "netrunner", "-R", "2"]
    assert fp(*args, *(["--double"] if double else []))[0] == 0
    assert fp("next", store)[0] == 0
    return store


def test_intentional_draw_single_sided(fp: Runner, tmp_path: Path) -> None:
    store = _netrunner(fp, tmp_path, double=False)
    t = _load(store)
    corp = t.round(1).games[0].white
    code, out, _ = fp("result", store, "1=id", f"player:{t.round(1).games[1].black}=win")
    assert code == 0 and "board 1: " in out and "½-½ (ID)" in out
    t = _load(store)
    assert t.round(1).games[0].flags == frozenset({"intentional_draw"})
    assert t.scores()[corp] == 1
    assert '"flags": ["intentional_draw"]' in store.read_text(encoding="utf-8")
    # a 2-for-1 needs a double round: refused, nothing written
    before = store.read_bytes()
    code, _, err = fp("result", store, "-r", "1", "1=2-0")
    assert code == 2 and "2-for-1" in err and "double round" in err
    assert err.count("\n") == 1 and store.read_bytes() == before
    # a correction removes the flag
    assert fp("result", store, "-r", "1", "1=1-0")[0] == 0
    assert _load(store).round(1).games[0].flags == frozenset()


def test_two_for_one_double_sided(fp: Runner, tmp_path: Path) -> None:
    store = _netrunner(fp, tmp_path, double=True)
    t = _load(store)
    game = t.round(1).games[0]
    runner = game.black
    code, out, err = fp("result", store, f"player:{runner}=2-for-1", "2=id")
    assert code == 0, err
    assert "game 2" in out
    t = _load(store)
    one, two = t.round(1).games[0], t.round(2).games[0]
    # the runner of game 1 won it, and won game 2 as Corp
    assert one.black_result is ResultCode.WIN and two.white == runner
    assert two.white_result is ResultCode.WIN
    assert one.flags == two.flags == frozenset({"two_for_one"})
    assert t.round(2).games[1].flags == frozenset({"intentional_draw"})
    assert t.scores()[runner] == 6
    # an ordinary correction of one game removes the flag from both
    assert fp("result", store, "-r", "1", "1=1-0")[0] == 0
    t = _load(store)
    assert t.round(1).games[0].flags == t.round(2).games[0].flags == frozenset()
    # the other game is not overwritten without -r
    other = tmp_path / "other"
    other.mkdir()
    store2 = _netrunner(fp, other, double=True)
    assert fp("result", store2, "1=1-0", "2=1-0")[0] == 0
    assert fp("result", store2, "1=0-1")[0] == 0  # game 2, board 1
    before = store2.read_bytes()
    code, _, err = fp("result", store2, "-r", "2", "2=2-0")
    assert code == 0, err  # with -r the correction is allowed
    assert store2.read_bytes() != before


def test_result_help_shows_the_kinds(fp: Runner) -> None:
    code, out, _ = fp("result", "--help")
    assert code == 0
    assert "BOARD=id" in out and "PLAYER=2-for-1" in out and "--pgn" in out


# -- the JSON document --------------------------------------------------------------------


def test_json_flags_checked() -> None:
    doc = {
        "format": "fairpair-tournament",
        "version": 1,
        "system": "netrunner",
        "players": [{"number": 1, "name": "A"}, {"number": 2, "name": "B"}],
        "rounds": [
            {
                "number": 1,
                "games": [
                    {"corp": 1, "runner": 2, "corp_result": "=", "runner_result": "=", "flags": []}
                ],
            }
        ],
    }
    cases = ((["intentional_draw"], True), (["bogus"], False), (["two_for_one"] * 2, False))
    for flags, ok in cases:
        doc["rounds"][0]["games"][0]["flags"] = flags  # type: ignore[index]
        if ok:
            t, _ = json_loads(json.dumps(doc))
            assert t.round(1).games[0].flags == frozenset(flags)
        else:
            with pytest.raises(Exception, match="flags"):
                json_loads(json.dumps(doc))


# -- bad input --------------------------------------------------------------------------


def _bad(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    doc = json.loads((DATA / "cobra_single_sided.json").read_text(encoding="utf-8"))
    change(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return path


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        node: Any = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set(["rounds", 0, 0, "player2", "id"], 4242), "player id 4242 is not in $.players"),
        (_set(["rounds", 0, 1, "player1", "id"], 1001), "a player twice in one round"),
        (_set(["rounds", 0, 1, "player2", "runnerScore"], 2), "found the game score 3-2"),
        (_set(["rounds", 0, 1, "player2", "role"], "corp"), "both players are corp"),
        (_set(["rounds", 0, 1, "player1", "role"], "judge"), "expected corp, runner or null"),
        (_set(["players", 1, "id"], 1001), "player id 1001 appears twice"),
        (_set(["players", 1, "name"], None), "expected the player's name"),
        (_set(["rounds", 0, 1, "intentionalDraw"], "yes"), "expected true or false"),
    ],
)
def test_bad_nrtm_refused(
    fp: Runner, tmp_path: Path, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    source = _bad(tmp_path, change)
    out = tmp_path / "out.json"
    code, _, err = fp("convert", source, "-o", out)
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"fairpair: error: {source}:") and message in err
    assert not out.exists()


def test_cobra_scores_fairpair_cannot_model_refused(fp: Runner, tmp_path: Path) -> None:
    """Cobra's double-sided fixture has game scores of 2 (a runner score of 2 against a
    corp score of 1): not a Netrunner game result, so the whole file is refused."""
    out = tmp_path / "o.json"
    for name in ("cobra_swiss.json", "cobra_cut.json"):
        code, _, err = fp("new", DATA / name, "-o", out)
        assert code == 2 and err.count("\n") == 1
        assert "$.rounds[0][1].player1: found corp 3, runner 2, combined 5" in err
        assert not out.exists()


def test_export_needs_netrunner(fp: Runner, tmp_path: Path) -> None:
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nA,2000\nB,1900\n", encoding="utf-8")
    store, out = tmp_path / "c.json", tmp_path / "o.json"
    assert fp("new", players, "-o", store, "-s", "dutch", "-R", "3")[0] == 0
    code, _, err = fp("convert", store, "-o", out, "--format", "nrtm")
    assert code == 2 and "expected a Netrunner tournament" in err and not out.exists()
    code, _, err = fp("new", DATA / "cobra_single_sided.json", "-o", out, "-s", "dutch")
    assert code == 2 and "expected a Netrunner system" in err and not out.exists()


def test_flags_travel_through_trf(fp: Runner, tmp_path: Path) -> None:
    """JSON -> TRF -> JSON keeps the flags (the FPJ record's ``flags``)."""
    store = tmp_path / "cut.json"
    assert fp("convert", DATA / "cobra_cut_consistent.json", "-o", store)[0] == 0
    trf, back = tmp_path / "cut.trf", tmp_path / "back.json"
    assert fp("convert", store, "-o", trf)[0] == 0
    assert '"flags":{"1":[[1,2,["intentional_draw"]]' in trf.read_text(encoding="utf-8")
    assert fp("convert", trf, "-o", back)[0] == 0
    one, two = _load(store), _load(back)
    assert one.rounds == two.rounds and one.settings == two.settings
    # a flag on a game the round does not have is refused, naming the record
    text = trf.read_text(encoding="utf-8").replace("[[1,2,", "[[2,1,", 1)
    trf.write_text(text, encoding="utf-8")
    code, _, err = fp("convert", trf, "-o", tmp_path / "x.json")
    assert code == 2 and "FPJ $.flags" in err and "[2, 1] is not a game of round 1" in err


def test_new_from_nrtm_takes_options(fp: Runner, tmp_path: Path) -> None:
    source = DATA / "cobra_single_sided.json"
    out = tmp_path / "n.json"
    code, out_text, err = fp("new", source, "-o", out, "--seed", "9", "-R", "4", "--name", "X")
    assert code == 0, err
    t = _load(out)
    assert t.settings["options"] == {"seed": 9} and t.total_rounds == 4
    assert t.headers[0] == ("012", "X") and "from the NRTM file" in out_text
    for args, message in (
        (["--double"], "--double with an NRTM file"),
        (["-O", "bogus=1"], "option 'bogus' is not an option of netrunner"),
        (["-R", "0"], "--rounds"),
    ):
        target = tmp_path / "refused.json"
        code, _, err = fp("new", source, "-o", target, *args)
        assert code == 2 and message in err and not target.exists(), err
        assert err.count("\n") == 1, err


def test_limits_checked_first(fp: Runner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAIRPAIR_MAX_PLAYERS", "3")
    out = tmp_path / "o.json"
    code, _, err = fp("convert", DATA / "cobra_single_sided.json", "-o", out)
    assert code == 2 and "found 7 players" in err and "cobra_single_sided.json" in err
    assert not out.exists()
