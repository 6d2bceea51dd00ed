"""Conformance of the Dutch system (2017 rules) with the public reference vectors.

Every case goes through the command line entry point exactly as a platform calls a
pairing engine (``fairpair --dutch CASE.trf -p OUT``). The output must contain the
same pairs with the same colours and the same pairing-allocated bye as the reference
(bbpPairings v5.0.1); board order is not compared. The ``public_novalid`` cases have
no legal pairing: the engine must exit with code 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.cli import run
from helpers import assert_same_pairing, read_engine_output

DATA = Path(__file__).parent / "data" / "vectors" / "dutch-2017"
PUBLIC = sorted((DATA / "public").glob("*.trf"))
NOVALID = sorted((DATA / "public_novalid").glob("*.trf"))


def test_vector_counts() -> None:
    assert len(PUBLIC) == 299
    assert len(NOVALID) == 5


@pytest.mark.parametrize("case", PUBLIC, ids=[p.stem for p in PUBLIC])
def test_public_case(case: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    assert run(["--dutch", str(case), "-p", str(out)]) == 0
    assert_same_pairing(out, case.with_suffix(".expected"))


@pytest.mark.parametrize("case", NOVALID, ids=[p.stem for p in NOVALID])
def test_no_valid_pairing(case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.txt"
    assert run(["--dutch", str(case), "-p", str(out)]) == 1
    assert "no pairing" in capsys.readouterr().err.lower()


LARGE = sorted((DATA.parent / "dutch-2017-large").glob("*.trf"))


@pytest.mark.slow
@pytest.mark.parametrize("case", LARGE, ids=[p.stem for p in LARGE])
def test_large_case(case: Path, tmp_path: Path) -> None:
    """The 1000-5000-player reference rounds (0.5-2 s each up to 2000 players, about
    20 s for the 4902-player one; also timed in benchmarks/dutch.py)."""
    out = tmp_path / "out.txt"
    assert run(["--dutch", str(case), "-p", str(out)]) == 0
    _, got = read_engine_output(out)
    _, expected = read_engine_output(case.with_suffix(".expected"))
    assert got == expected
