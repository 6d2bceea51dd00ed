"""The FIDE Burstein system (``burstein``): registry and options, the index order,
the default acceleration, the bye, ``check``, the explanation (golden text, like
``tests/test_explain.py``) and the TD workflow (``new --system burstein``).

The conformance with bbpPairings is in ``tests/test_burstein_vectors.py``.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path

import pytest

from fairpair.cli import run
from fairpair.errors import InputError, NoPairingError, SystemNotAvailable
from fairpair.explain import validate
from fairpair.formats import load_tournament
from fairpair.formats.trf import load
from fairpair.model import Board, Pairing, Tournament
from fairpair.rendering.explanations import render
from fairpair.systems import descriptor_of, get_system
from fairpair.systems.burstein import BursteinSystem
from fairpair.systems.burstein.index import IndexScores, default_acceleration, ranks_below
from fairpair.systems.dutch.edition import baku_acceleration
from fairpair.workflow.rounds import system_name_for

DATA = Path(__file__).parent / "data"
EXPLAIN = DATA / "explain"
VECTORS = DATA / "burstein" / "public"
REGEN = os.environ.get("FAIRPAIR_REGEN_GOLDEN") == "1"
JARGON = ("MDP", "PAB", "BSN", "PPB", "WGD", "downfloater", "S1", "S2", "Limbo")
CSV = "name,rating\nAnn,2300\nBob,2200\nCyd,2100\nDan,2000\nEve,1900\nFay,1800\nGus,1700\n"


def _explained() -> tuple[Tournament, Pairing]:
    t, warnings = load_tournament(EXPLAIN / "burstein.trf")
    assert warnings == []
    return t, get_system("burstein", explain=True, seed=1).pair(t)


# ------------------------------------------------------------------ registry and options


def test_registered_with_its_edition() -> None:
    descriptor = descriptor_of("burstein")
    assert descriptor.editions == ("2024", "2025")
    assert [o.name for o in descriptor.options][:1] == ["rules"]
    assert isinstance(get_system("burstein", rules="2024"), BursteinSystem)
    with pytest.raises(InputError):
        get_system("burstein", rules="2017")


# ----------------------------------------------------------------------- the index order


def _scores(score: str, sb: str, bh: str, median: str, rank: int) -> IndexScores:
    values = (Fraction(score), Fraction(sb), Fraction(bh), Fraction(median))
    return IndexScores(rank + 1, *values, rank)


def test_index_order_same_score() -> None:
    """Same score: Sonneborn-Berger, then Buchholz, then median, then pairing number."""
    high_sb = _scores("2", "3", "4", "2", 5)
    low_sb = _scores("2", "2", "9", "9", 0)
    assert ranks_below(low_sb, high_sb) and not ranks_below(high_sb, low_sb)
    first, second = _scores("2", "3", "4", "2", 1), _scores("2", "3", "4", "2", 2)
    assert ranks_below(second, first)
    more_buchholz = _scores("2", "3", "5", "0", 7)
    assert ranks_below(first, more_buchholz)


def test_index_order_of_a_floater() -> None:
    """Different scores (a player floated into a bracket): Buchholz and median count
    multiplied by the player's own score."""
    floater = _scores("3", "2", "2", "0", 0)
    resident = _scores("2", "2", "2.5", "0", 1)
    assert ranks_below(resident, floater)  # 2 * 2.5 = 5 < 3 * 2 = 6


def test_default_acceleration_upper_half() -> None:
    t, _ = load(VECTORS / "b1002_n31_r1of4.trf")
    ranked = [p.number for p in t.players]
    accel = default_acceleration(t, ranked)
    present = set(t.present_players(1))
    counted = [n for n in sorted(accel) if n in present]
    assert len(counted) == len(present) // 2
    win = t.points.win
    assert all(values == (win, win) for values in accel.values())
    assert max(accel) < min(n for n in present if n not in accel)


def test_explicit_acceleration_switches_the_default_off() -> None:
    t, _ = load(VECTORS / "b1003_n28_r1of4.trf")
    assert t.acceleration  # the file's XXA lines
    pairing = get_system("burstein").pair(t)
    assert pairing.info == {}


# ------------------------------------------------------------------------- bye, no pairing


def test_no_legal_pairing_is_an_error() -> None:
    t, _ = load(DATA / "burstein" / "public_novalid" / "b1001_n8_r7of9.trf")
    with pytest.raises(NoPairingError):
        get_system("burstein").pair(t)


def test_nobody_may_get_the_bye() -> None:
    """C.04.1 d: all three had a pairing-allocated bye or a forfeit win (bbpPairings
    v5.0.1: "No player is eligible for the pairing-allocated bye", exit 1)."""
    t, _ = load(DATA / "burstein" / "hand" / "no-bye.trf")
    with pytest.raises(NoPairingError, match="no pairing: no player may receive"):
        get_system("burstein").pair(t)


def test_bye_goes_to_the_last_eligible_player() -> None:
    _, pairing = _explained()
    assert pairing.bye == 8
    doc = pairing.info["explanation"]
    codes = [r["code"] for p in doc["players"] if p["number"] == 8 for r in p["reasons"]]
    assert codes == ["bye_burstein", "why_burstein_bye_score"]


# -------------------------------------------------------------------------------- check


def test_check_accepts_the_reference_and_names_a_change() -> None:
    case = VECTORS / "b1002_n31_r4of4.trf"
    t, _ = load(case)
    system = get_system("burstein")
    pairing = system.pair(t)
    paired = t.with_pairing(pairing)
    assert system.check(paired, pairing.round) == []
    first = pairing.boards[0]
    swapped = Pairing(
        round=pairing.round,
        boards=(Board(first.black, first.white), *pairing.boards[1:]),
        bye=pairing.bye,
    )
    problems = system.check(t.with_pairing(swapped), pairing.round)
    assert problems and all(p.startswith(f"round {pairing.round}") for p in problems)


# -------------------------------------------------------------------------- explanation


def test_golden_explanation() -> None:
    _, pairing = _explained()
    text = "\n".join(render(pairing.info["explanation"])) + "\n"
    golden = EXPLAIN / "burstein.txt"
    if REGEN:
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_explanation_is_valid_and_plain() -> None:
    t, pairing = _explained()
    doc = pairing.info["explanation"]
    json.dumps(doc)
    assert validate(doc, [p.number for p in t.players]) == []
    text = "\n".join(render(doc))
    for word in JARGON:
        assert word not in text, word
    for board in pairing.boards:
        for number in (board.white, board.black):
            assert f"{t.player(number).name} (no. {number}" in text
    assert "explanation" not in get_system("burstein").pair(t).info


def test_explanation_names_the_default_acceleration() -> None:
    t, _ = load(VECTORS / "b1002_n31_r1of4.trf")
    doc = get_system("burstein", explain=True).pair(t).info["explanation"]
    assert [n["code"] for n in doc["notes"]] == ["burstein_method", "burstein_acceleration"]


# ------------------------------------------------------------------------- TD workflow


def test_td_workflow(tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text(CSV, encoding="utf-8")
    path = tmp_path / "event.json"
    assert run(["new", str(players), "-o", str(path), "-s", "burstein", "-R", "3"]) == 0
    for rnd in (1, 2, 3):
        assert run(["next", str(path)]) == 0
        t, _ = load_tournament(path)
        games = t.round(rnd).games
        assert len(games) == 3
        entries = [f"{board}=1-0" for board in range(1, len(games) + 1)]
        assert run(["result", str(path), *entries]) == 0
    t, _ = load_tournament(path)
    assert t.system == "burstein"
    met = [frozenset(g.players) for _, g in t.iter_games()]
    assert len(met) == len(set(met)) == 9
    assert run(["check", str(path)]) == 0


# -------------------------------------------------------------------------- record 192


def _with_192(t: Tournament, code: str) -> Tournament:
    return t.replace(headers=(*t.headers, ("192", code)))


@pytest.mark.parametrize("case", sorted(VECTORS.glob("b100[1-9]_*r[12]of*.trf")), ids=str)
def test_record_192(case: Path) -> None:
    """``FIDE_BURSTEIN`` pairs as a file without record 192; ``FIDE_BURSTEIN_BAKU`` as
    the same file with Baku acceleration (C.04.7) written as XXA records, the form the
    reference rounds test, unless the file has its own XXA records."""
    t, _ = load(case)
    system = get_system("burstein")
    plain = system.pair(t)
    assert system.pair(_with_192(t, "FIDE_BURSTEIN")).boards == plain.boards
    baku = system.pair(_with_192(t, "FIDE_BURSTEIN_BAKU"))
    explicit = t.acceleration or baku_acceleration(t)
    assert baku.boards == system.pair(t.replace(acceleration=explicit)).boards
    assert baku.bye == system.pair(t.replace(acceleration=explicit)).bye


def test_record_192_unknown_edition_and_system_detection() -> None:
    t, _ = load(VECTORS / "b1002_n31_r2of4.trf")
    with pytest.raises(SystemNotAvailable):
        get_system("burstein").pair(_with_192(t, "FIDE_BURSTEIN_2026"))
    assert system_name_for(_with_192(t, "FIDE_BURSTEIN_BAKU")) == "burstein"
    assert system_name_for(_with_192(t, "FIDE_DUTCH_2017")) == "dutch"
    assert descriptor_of("burstein").type_record is not None
    assert descriptor_of("burstein").type_record(None) == "FIDE_BURSTEIN"
