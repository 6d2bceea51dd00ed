"""Engine events through PGN: ``result --pgn`` reads what cutechess-cli or fastchess
wrote, ``boards --cutechess`` prints the command lines that play the pending round.

The PGN texts are written here in cutechess-cli's layout (its tag order, its move
comments ``{+0.30/20 1.2s}`` wrapped over lines, a termination comment before the
result); ``data/pgn/`` holds a file written by fastchess itself (see its README).
"""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path
from typing import Any

import pytest

from fairpair.errors import InputError
from fairpair.formats import load_tournament
from fairpair.formats.pgn import loads
from fairpair.model import ResultCode, Tournament
from helpers import Runner

DATA = Path(__file__).parent / "data" / "pgn"
ENGINES = ["Stockfish 17", "Leela", "Komodo Dragon", "Berserk", "O'Brien $(rm -rf x)"]


def _load(path: Path) -> Tournament:
    return load_tournament(path)[0]


def cutechess_game(white: str, black: str, result: str, number: int = 1) -> str:
    """A game as cutechess-cli writes it (tags in its order, comments on the moves)."""
    escaped = [name.replace("\\", "\\\\").replace('"', '\\"') for name in (white, black)]
    ending = {"1-0": "{Black resigns}", "0-1": "{White resigns}", "1/2-1/2": "{Draw}"}
    return (
        f'[Event "engines"]\n[Site "?"]\n[Date "2026.11.28"]\n[Round "{number}"]\n'
        f'[White "{escaped[0]}"]\n[Black "{escaped[1]}"]\n[Result "{result}"]\n'
        '[ECO "C20"]\n[GameDuration "00:00:03"]\n[GameEndTime "2026-11-28T04:00:03 UTC"]\n'
        '[GameStartTime "2026-11-28T04:00:00 UTC"]\n[Opening "King\'s pawn game"]\n'
        '[PlyCount "4"]\n[TimeControl "10+0.1"]\n\n'
        "1. e4 {+0.30/20 0.52s} e5 {-0.25/19 0.48s} 2. Nf3 {+0.31/18 0.50s}\n"
        f"Nc6 {{-0.20/18 0.49s, a [comment]\nover two lines}} {ending.get(result, '')} {result}\n\n"
    )


def _tcec(fp: Runner, tmp_path: Path, *, double: bool = True) -> Path:
    players = tmp_path / "engines.csv"
    players.write_text(
        "name,rating\n" + "\n".join(f'"{n}",{3650 - 20 * i}' for i, n in enumerate(ENGINES)),
        encoding="utf-8",
    )
    store = tmp_path / "tcec.json"
    args = ["new", players, "-o", store, "-s", "tcec", "-R", "3"]
    assert fp(*args, *(["--double"] if double else []))[0] == 0
    assert fp("next", store)[0] == 0
    return store


def _pgn(tmp_path: Path, games: list[tuple[str, str, str]], name: str = "games.pgn") -> Path:
    path = tmp_path / name
    text = "".join(cutechess_game(w, b, r, i) for i, (w, b, r) in enumerate(games, 1))
    path.write_text(text, encoding="utf-8")
    return path


def _round_games(t: Tournament, column: int) -> list[tuple[str, str]]:
    return [(t.player(g.white).name, t.player(g.black).name) for g in t.round(column).games]


# -- the reader ---------------------------------------------------------------------------


def test_reader_tags_and_movetext() -> None:
    text = (
        "\ufeff% an escape line\n"
        '[White "A \\"the\\" B"]\n[Black "C\\\\D"]\n[Result "0-1"]\n\n'
        '1. e4 {a comment\n[White "not a tag"]\nstill the comment} e5 ; to the end { of line\n'
        "0-1\n\n"
        '[White "E"] \n[Black "F"]\n[Result "*"]\n\n*\n'
    )
    games = loads(text)
    assert [(g.number, g.line, g.white, g.black, g.result) for g in games] == [
        (1, 2, 'A "the" B', "C\\D", "0-1"),
        (2, 11, "E", "F", "*"),
    ]
    latin = '[White "Müller"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n'.encode("latin-1")
    assert loads(latin)[0].white == "Müller"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('[White "A"\n[Black "B"]\n[Result "1-0"]\n\n1-0\n', 1, "expected a tag pair"),
        ('[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 {open\n', 5, "} before the end"),
        ('[White "A"]\n[Result "1-0"]\n\n1-0\n', 1, "has no Black tag"),
        ('[White "A"]\n[Black "B"]\n[White "C"]\n[Result "1-0"]\n\n1-0\n', 3, "given twice"),
        ("1. e4 e5 1-0\n", 1, "before any tag pair"),
        ("\n\n", None, "no games"),
    ],
)
def test_reader_refuses(text: str, line: int | None, message: str) -> None:
    with pytest.raises(InputError) as caught:
        loads(text, file="x.pgn")
    assert caught.value.file == "x.pgn" and caught.value.line == line
    assert message in str(caught.value)


# -- result --pgn ---------------------------------------------------------------------------


def test_double_round_both_games(fp: Runner, tmp_path: Path) -> None:
    store = _tcec(fp, tmp_path)
    t = _load(store)
    first, second = _round_games(t, 1), _round_games(t, 2)
    assert second == [(b, w) for w, b in first]  # reversed colours in game 2
    results = ["1-0", "0-1", "1/2-1/2", "1-0"]
    games = [(w, b, results[i]) for i, (w, b) in enumerate(first)]
    games += [(w.upper().replace(" ", ""), b, "1/2-1/2") for w, b in second]  # loose names
    pgn = _pgn(tmp_path, games)
    code, out, err = fp("result", store, "--pgn", pgn)
    assert code == 0, err
    assert f"{len(games)} result(s) entered" in out
    t = _load(store)
    codes = {"1-0": ResultCode.WIN, "0-1": ResultCode.LOSS, "1/2-1/2": ResultCode.DRAW}
    assert [g.white_result for g in t.round(1).games] == [codes[r] for r in results[: len(first)]]
    assert all(g.white_result is ResultCode.DRAW for g in t.round(2).games)
    # the same file again: the same results, nothing new, the pending round is the next
    assert fp("next", store)[0] == 0


def test_partial_file_and_single_rounds(fp: Runner, tmp_path: Path) -> None:
    store = _tcec(fp, tmp_path, double=False)
    t = _load(store)
    white, black = _round_games(t, 1)[0]
    code, out, err = fp("result", store, "--pgn", _pgn(tmp_path, [(white, black, "0-1")]))
    assert code == 0, err
    assert f"board 1: {white} (" in out and " 0-1\n" in out and "1 game(s) without a result" in out
    # the same game again in a later file: the same result is fine
    again = [(white, black, "0-1"), (*_round_games(t, 1)[1], "1-0")]
    assert fp("result", store, "--pgn", _pgn(tmp_path, again, "b.pgn"))[0] == 0
    assert all(g.has_result for g in _load(store).round(1).games)
    # single rounds: the colours the other way round are no game of the round
    assert fp("next", store)[0] == 0
    white, black = _round_games(_load(store), 2)[0]
    err = _refused(fp, store, _pgn(tmp_path, [(black, white, "1-0")], "c.pgn"))
    assert "(the colours are the other way round)" in err and "expected a game of round 2" in err


def _refused(fp: Runner, store: Path, pgn: Path, code: int = 2) -> str:
    before = store.read_bytes()
    got, _, err = fp("result", store, "--pgn", pgn)
    assert got == code, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert str(pgn) in err
    assert store.read_bytes() == before  # nothing written
    return err


def test_refusals_name_the_file_and_game(fp: Runner, tmp_path: Path) -> None:
    store = _tcec(fp, tmp_path)
    t = _load(store)
    (w1, b1), (w2, b2) = _round_games(t, 1)
    ok = (w1, b1, "1-0")
    cases = [
        ([ok, (w1, w2, "1-0")], "game 2: ", "not a game of the pending round", "as paired"),
        ([ok, ("Rybka", b2, "1-0")], "game 2: ", "'Rybka' is no player", "the name of a player"),
        ([ok, (w2, b2, "*")], "game 2: ", "unfinished (Result *)", "a finished game"),
        ([ok, (w1, b1, "0-1")], "game 2: ", "but game 1 (line 1) gave it 1-0", "one result"),
        ([ok, (w2, b2, "2-0")], "game 2: ", "Result '2-0'", "a finished game"),
    ]
    for games, game, message, expected in cases:
        err = _refused(fp, store, _pgn(tmp_path, games))
        assert game in err and message in err and expected in err, err
        assert ":20: game 2" in err  # the line of game 2's first tag
    # a game of another round
    assert fp("result", store, "--pgn", _pgn(tmp_path, [(w1, b1, "1-0"), (w2, b2, "0-1")]))[0] == 0
    assert fp("result", store, "--pgn", _pgn(tmp_path, [(b1, w1, "1-0"), (b2, w2, "0-1")]))[0] == 0
    assert fp("next", store)[0] == 0
    err = _refused(fp, store, _pgn(tmp_path, [(w1, b1, "1-0")]))
    assert (
        "not a game of the pending round" in err
        and "expected a game of round 2, game 1 (TRF round 3) or round 2, game 2" in err
    )


def test_ambiguous_name_and_entered_result(fp: Runner, tmp_path: Path) -> None:
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nDeep Blue,3000\nDeepBlue,2990\nA,2900\nB,2800\n")
    store = tmp_path / "t.json"
    assert fp("new", players, "-o", store, "-s", "tcec", "-R", "3")[0] == 0
    assert fp("next", store)[0] == 0
    t = _load(store)
    games = _round_games(t, 1)
    # an exact name is taken even when another name differs only in spaces
    exact = [(w, b, "1-0") for w, b in games]
    assert fp("result", _copy(store, tmp_path), "--pgn", _pgn(tmp_path, exact))[0] == 0

    def lower(name: str) -> str:
        return "deep blue" if name == "Deep Blue" else name

    loose = [(lower(w), lower(b), "1-0") for w, b in games]
    err = _refused(fp, store, _pgn(tmp_path, loose))
    assert "'deep blue' matches 2 players" in err
    assert "expected a name that only one player has" in err
    # a result entered by hand that the PGN contradicts: a state conflict, exit 1
    assert fp("result", store, "1=0-1")[0] == 0
    err = _refused(fp, store, _pgn(tmp_path, exact), code=1)
    assert "already has another result" in err


def _copy(path: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "copy.json"
    copy.write_bytes(path.read_bytes())
    return copy


def test_pgn_option_alone(fp: Runner, tmp_path: Path) -> None:
    store = _tcec(fp, tmp_path)
    pgn = tmp_path / "empty.pgn"
    pgn.write_text("", encoding="utf-8")
    for args in (["1=1-0", "--pgn", pgn], ["-r", "1", "--pgn", pgn]):
        code, _, err = fp("result", store, *args)
        assert code == 2 and "--pgn alone" in err
    err = _refused(fp, store, pgn)
    assert "no games" in err
    code, _, err = fp("result", store, "--pgn", tmp_path / "missing.pgn")
    assert code == 2 and "missing.pgn" in err and err.count("\n") == 1
    code, _, err = fp("result", store)
    assert code == 2 and "Missing argument" in err


# -- boards --cutechess ---------------------------------------------------------------------


def test_cutechess_lines_double_round(fp: Runner, tmp_path: Path) -> None:
    store = _tcec(fp, tmp_path)
    t = _load(store)
    code, out, err = fp("boards", store, "--cutechess", "--cutechess-args", "-each tc=10+0.1")
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == len(t.round(1).games)
    for line, game in zip(lines, t.round(1).games, strict=True):
        words = shlex.split(line)  # what a POSIX shell gives cutechess-cli
        white, black = t.player(game.white).name, t.player(game.black).name
        assert words[:5] == [
            "cutechess-cli",
            "-engine",
            f"conf={white}",
            "-engine",
            f"conf={black}",
        ]
        # both games: the engines swap sides after the first, as in round 2
        assert words[5:8] == ["-games", "2", "-repeat"]
        assert words[-4:] == ["-pgnout", "round-1.pgn", "-each", "tc=10+0.1"]
    # a real POSIX shell gives the engines' names as they are (quotes, $(...) and all)
    for line, game in zip(lines, t.round(1).games, strict=True):
        shown = subprocess.run(
            ["sh", "-c", "printf '%s\\n' " + line.removeprefix("cutechess-cli ")],
            capture_output=True,
            text=True,
            check=True,
            cwd=tmp_path,
        ).stdout.splitlines()
        assert shown[1] == f"conf={t.player(game.white).name}"
        assert shown[3] == f"conf={t.player(game.black).name}"
    assert any("conf=O'Brien $(rm -rf x)" in shlex.split(line) for line in lines)
    # game 1 of board 1 played: only game 2 is left, its White first
    (w1, b1) = _round_games(t, 1)[0]
    assert fp("result", store, "--pgn", _pgn(tmp_path, [(w1, b1, "1-0")]))[0] == 0
    code, out, _ = fp("boards", store, "--cutechess", "--pgnout", "r1.pgn")
    words = shlex.split(out.splitlines()[0])
    assert words[2:7] == [f"conf={b1}", "-engine", f"conf={w1}", "-games", "1"]
    assert words[7:9] == ["-event", "tcec tournament"]
    assert words[-2:] == ["-pgnout", "r1.pgn"]


def test_cutechess_single_rounds_and_refusals(fp: Runner, tmp_path: Path) -> None:
    store = _tcec(fp, tmp_path, double=False)
    t = _load(store)
    code, out, _ = fp("boards", store, "--cutechess")
    assert code == 0
    assert all(shlex.split(line)[5:7] == ["-games", "1"] for line in out.splitlines())
    for args in (["--cutechess", "--json"], ["--pgnout", "x.pgn"]):
        code, _, err = fp("boards", store, *args)
        assert code == 2 and err.count("\n") == 1
    code, _, err = fp("boards", store, "--cutechess", "--cutechess-args", "-each 'tc=1")
    assert code == 2 and "shell words" in err
    games = [(w, b, "1-0") for w, b in _round_games(t, 1)]
    assert fp("result", store, "--pgn", _pgn(tmp_path, games))[0] == 0
    code, _, err = fp("boards", store, "--cutechess", "-r", "1")
    assert code == 2 and "has a result" in err
    code, _, err = fp("boards", store, "--cutechess")
    assert code == 1 and "every paired game has a result" in err


def test_fastchess_file(fp: Runner, tmp_path: Path) -> None:
    """A round played by fastchess itself (``data/pgn/README.md``): the lines of
    ``boards --cutechess`` run with fastchess, whose PGN then goes back in."""
    players = tmp_path / "engines.csv"
    players.write_bytes((DATA / "fastchess-engines.csv").read_bytes())
    store = tmp_path / "tcec.json"
    assert fp("new", players, "-o", store, "-s", "tcec", "-R", "3", "--double")[0] == 0
    assert fp("next", store)[0] == 0
    code, out, _ = fp("boards", store, "--cutechess")
    pgn = DATA / "fastchess-round1.pgn"
    games = loads(pgn.read_bytes(), file=str(pgn))
    # each line's first engine is White in the first of its two games, as paired
    firsts = [(shlex.split(line)[2], shlex.split(line)[4]) for line in out.splitlines()]
    assert firsts == [(f"conf={g.white}", f"conf={g.black}") for g in games[::2]]
    assert [(g.white, g.black) for g in games[1::2]] == [(g.black, g.white) for g in games[::2]]
    code, out, err = fp("result", store, "--pgn", pgn)
    assert code == 0, err
    assert "4 game(s), 4 result(s) entered" in out and "0 game(s) without a result" in out
    t = _load(store)
    codes = {"1-0": ResultCode.WIN, "0-1": ResultCode.LOSS, "1/2-1/2": ResultCode.DRAW}
    entered = {
        (t.player(g.white).name, t.player(g.black).name): g.white_result
        for g in [*t.round(1).games, *t.round(2).games]
    }
    assert entered == {(g.white, g.black): codes[g.result] for g in games}


def test_result_pgn_echoes_pinned(fp: Runner, tmp_path: Path) -> None:
    """What ``result --pgn`` prints, as text and as JSON (every key, in order): the
    games of the file, whether each result is new, what is left to enter."""
    import json

    from fairpair import workflow as wf

    store = _tcec(fp, tmp_path, double=False)
    (w1, b1), (w2, b2) = _round_games(_load(store), 1)
    assert fp("result", store, "--pgn", _pgn(tmp_path, [(w1, b1, "0-1")], "a.pgn"))[0] == 0
    pgn = _pgn(tmp_path, [(w1, b1, "0-1"), (w2, b2, "1/2-1/2")], "b.pgn")
    as_text = _copy(store, tmp_path)
    code, out, err = fp("result", store, "--pgn", pgn, "--json")
    assert code == 0, err
    t = _load(store)
    games = t.round(1).games

    def players(g: Any) -> list[dict[str, Any]]:
        return [
            {"number": n, "name": t.player(n).name, "rating": t.player(n).rating}
            for n in (g.white, g.black)
        ]

    expected = {
        "ok": True,
        "command": "result",
        "pgn": str(pgn),
        "entered": [
            {"round": 1, "board": 1, "players": players(games[0]), "result": "0-1", "new": False},
            {"round": 1, "board": 2, "players": players(games[1]), "result": "½-½", "new": True},
        ],
        "pending": 0,
    }
    assert json.dumps(json.loads(out)) == json.dumps(expected)  # the keys' order too
    code, out, err = fp("result", as_text, "--pgn", pgn)
    assert code == 0, err
    label = wf.round_label(t, 1)
    assert out == (
        f"{pgn}: 2 game(s), 1 result(s) entered\n"
        f"{label}, board 1: {wf.describe_game(t, games[0])} 0-1\n"
        f"{label}, board 2: {wf.describe_game(t, games[1])} ½-½\n"
        "0 game(s) without a result\n"
    )
