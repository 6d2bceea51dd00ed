"""Conformance of the pre-2013 Dutch system (``dutch-legacy``) with the public vectors.

The cases (tests/data/vectors/dutch-legacy, with their README)
were made by JaVaFo 1.4, the FIDE-endorsed engine of the C.1-C.14 era. Every case goes
through the command line (``fairpair pair --system dutch-legacy CASE.trf -o OUT``);
the output must contain the same pairs with the same colours and the same bye as the
reference (board order is not compared). The ``novalid`` cases have no legal pairing:
exit code 1 and a message saying so.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fairpair.cli import run
from helpers import assert_same_pairing, read_engine_output

DATA = Path(__file__).parent / "data" / "vectors" / "dutch-legacy" / "public"
PUBLIC = sorted(DATA.glob("*.trf"))
NOVALID = sorted((DATA / "novalid").glob("*.trf"))
#: The second public set (issue 31): 40 cases where an earlier engine differed from the
#: reference (with a class) and 40 where it agreed.
DATA2 = DATA.parent / "public2"
PUBLIC2 = sorted(DATA2.glob("*.trf"))
#: Cases of public2 the engine still pairs differently from the reference, with the
#: class of the README (docs/dutch-legacy.md, "What remains"). Each is an expected
#: failure that must fail: a fix shows up as an unexpected pass.
STILL_DIFFERENT: dict[str, str] = {}


def test_vector_counts() -> None:
    assert len(PUBLIC) == 35
    assert len(NOVALID) == 2
    manifest = (DATA / "public.manifest.jsonl").read_text().splitlines()
    cases = {json.loads(line)["case"] for line in manifest}
    assert {p.stem for p in PUBLIC} <= cases


@pytest.mark.parametrize("case", PUBLIC, ids=[p.stem for p in PUBLIC])
def test_public_case(case: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    assert run(["pair", "--system", "dutch-legacy", str(case), "-o", str(out)]) == 0
    assert_same_pairing(out, case.with_suffix(".expected"))


def _public2_param(case: Path) -> object:
    cls = STILL_DIFFERENT.get(case.stem)
    if cls is None:
        return case
    reason = f"class {cls}: the engine still differs from the reference"
    return pytest.param(case, marks=pytest.mark.xfail(reason=reason, strict=True))


def test_public2_counts() -> None:
    assert len(PUBLIC2) == 80
    manifest = [json.loads(line) for line in (DATA2 / "manifest.jsonl").read_text().splitlines()]
    assert {m["case"] for m in manifest} == {p.stem for p in PUBLIC2}
    assert set(STILL_DIFFERENT) <= {p.stem for p in PUBLIC2}


@pytest.mark.parametrize(
    "case", [_public2_param(p) for p in PUBLIC2], ids=[p.stem for p in PUBLIC2]
)
def test_public2_case(case: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    assert run(["pair", "--system", "dutch-legacy", str(case), "-o", str(out)]) == 0
    assert_same_pairing(out, case.with_suffix(".expected"))


@pytest.mark.parametrize("case", NOVALID, ids=[p.stem for p in NOVALID])
def test_no_valid_pairing(case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.txt"
    assert run(["pair", "--system", "dutch-legacy", str(case), "-o", str(out)]) == 1
    assert "no pairing" in capsys.readouterr().err.lower()


@pytest.mark.parametrize("case", PUBLIC[:5], ids=[p.stem for p in PUBLIC[:5]])
def test_check_accepts_the_reference(case: Path, tmp_path: Path) -> None:
    """``check`` re-pairs the round and compares: the reference pairing, written into
    the tournament, is accepted."""
    from fairpair.formats import load_tournament
    from fairpair.model import Board, Pairing
    from fairpair.systems import get_system

    tournament, _ = load_tournament(case)
    rnd = tournament.next_round()
    _, expected = read_engine_output(case.with_suffix(".expected"))
    boards = tuple(Board(w, b) for w, b in sorted(expected) if b)
    bye = next((w for w, b in expected if not b), None)
    paired = tournament.with_pairing(Pairing(round=rnd, boards=boards, bye=bye))
    system = get_system("dutch-legacy")
    assert system.check(paired, rnd) == []
    # A different colour on one board is reported.
    swapped = (Board(boards[0].black, boards[0].white), *boards[1:])
    wrong = tournament.with_pairing(Pairing(round=rnd, boards=swapped, bye=bye))
    assert system.check(wrong, rnd)
