"""Issue 28, finding 3: one limit policy for players. At least 100,000 players in a
JSON document (200,000 by default, ``FAIRPAIR_MAX_PLAYERS``), a TRF file at most 9,999
by its format, and what can be written can be read back (a write over a limit is
refused with :class:`~fairpair.limits.LimitExceeded`, nothing written). The web app's
side is in ``test_web_hardening.py``."""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from fairpair import limits
from fairpair.cli import run
from fairpair.formats import load_tournament, save_tournament
from fairpair.model import Player, Tournament

HEAD = '{"format": "fairpair-tournament", "version": 1, "system": "dutch", "total_rounds": 9, '


def _players_json(path: Path, count: int) -> Path:
    players = ",\n".join(
        f'{{"number": {n}, "name": "P{n}", "rating": {2800 - n % 2000}}}'
        for n in range(1, count + 1)
    )
    path.write_text(HEAD + '"players": [\n' + players + "]}\n", encoding="utf-8")
    return path


def _cli(args: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = run(args)
    return code, err.getvalue()


@contextlib.contextmanager
def _players_limit(value: str) -> Iterator[None]:
    saved = os.environ.get("FAIRPAIR_MAX_PLAYERS")
    os.environ["FAIRPAIR_MAX_PLAYERS"] = value
    try:
        yield
    finally:
        if saved is None:
            del os.environ["FAIRPAIR_MAX_PLAYERS"]
        else:
            os.environ["FAIRPAIR_MAX_PLAYERS"] = saved


def test_the_default_allows_a_large_field() -> None:
    assert os.environ.get("FAIRPAIR_MAX_PLAYERS") is None
    assert limits.limit("players") >= 100_001
    assert limits.TRF_MAX_PLAYERS == 9999


def test_a_10001_player_document_is_read_and_written_by_default(tmp_path: Path) -> None:
    source = _players_json(tmp_path / "p.json", 10_001)
    out = tmp_path / "out.json"
    code, err = _cli(["convert", str(source), "-o", str(out)])
    assert code == 0, err
    assert len(load_tournament(out)[0].players) == 10_001
    code, err = _cli(["standings", str(out)])
    assert code == 0, err


def test_a_10001_player_tournament_is_not_written_as_trf(tmp_path: Path) -> None:
    source = _players_json(tmp_path / "p.json", 10_001)
    code, err = _cli(["convert", str(source), "-o", str(tmp_path / "out.trf")])
    assert code == 2 and "cannot save" in err and "9999" in err, err
    assert not (tmp_path / "out.trf").exists()


def test_a_write_over_the_limit_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    t = Tournament(players=tuple(Player(n, f"P{n}") for n in range(1, 22)), total_rounds=3)
    path = tmp_path / "t.json"
    with _players_limit("20"), pytest.raises(limits.LimitExceeded) as caught:
        limits.check("players", len(t.players), "players")
    assert caught.value.limit == "players"
    with _players_limit("20"):
        code, err = _cli(["convert", str(_players_json(tmp_path / "in.json", 21)), "-o", str(path)])
    assert code == 2 and "FAIRPAIR_MAX_PLAYERS" in err, err
    assert not path.exists()
    save_tournament(t, path)
    with _players_limit("20"), pytest.raises(limits.LimitExceeded):
        save_tournament(t.replace(total_rounds=4), tmp_path / "again.json")
    assert not (tmp_path / "again.json").exists()


@pytest.mark.slow
def test_100001_players_are_read_200001_refused_by_default(tmp_path: Path) -> None:
    """Issue 34's largest field, 100,001 players in JSON, reads with the default limit;
    one more than the default is refused naming the variable."""
    t, _ = load_tournament(_players_json(tmp_path / "big.json", 100_001))
    assert len(t.players) == 100_001
    over = _players_json(tmp_path / "over.json", limits.limit("players") + 1)
    code, err = _cli(["standings", str(over)])
    assert code == 2 and "FAIRPAIR_MAX_PLAYERS" in err, err
    assert json.loads(over.read_text())["players"][-1]["number"] == 200_001
