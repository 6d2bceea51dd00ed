"""Conformance of the FIDE Burstein system (C.04.4.2, text until 30 June 2025) with
reference rounds paired by bbpPairings v5.0.1 in its Burstein mode
(``tests/data/burstein/README.md``).

Every stored round must get the reference's pairs, colours and pairing-allocated bye
(board order is not compared); the ``public_novalid`` rounds have no legal pairing.
Agreement so far: every stored round (see ``XFAIL``, empty when all agree).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.errors import NoPairingError
from fairpair.formats.trf import load
from fairpair.systems import get_system
from helpers import read_engine_output

DATA = Path(__file__).parent / "data" / "burstein"
PUBLIC = sorted((DATA / "public").glob("*.trf"))
NOVALID = sorted((DATA / "public_novalid").glob("*.trf"))

#: Rounds where fairpair differs from the reference, with the reason when known.
XFAIL: dict[str, str] = {}


def _pairing_set(case: Path) -> set[tuple[int, int]]:
    tournament, _ = load(case)
    pairing = get_system("burstein").pair(tournament)
    got = {(board.white, board.black) for board in pairing.boards}
    if pairing.bye is not None:
        got.add((pairing.bye, 0))
    return got


def test_vector_counts() -> None:
    assert len(PUBLIC) == 451
    assert len(NOVALID) == 4


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(p, marks=pytest.mark.xfail(reason=XFAIL[p.stem], strict=True))
        if p.stem in XFAIL
        else p
        for p in PUBLIC
    ],
    ids=[p.stem for p in PUBLIC],
)
def test_public_case(case: Path) -> None:
    count, expected = read_engine_output(case.with_suffix(".expected"))
    got = _pairing_set(case)
    assert count == len(expected)
    missing, extra = sorted(expected - got), sorted(got - expected)
    assert (missing, extra) == ([], []), f"missing {missing}, unexpected {extra}"


def test_agreement_figure() -> None:
    """The honest figure: rounds identical to the reference out of all stored."""
    agree = sum(
        _pairing_set(case) == read_engine_output(case.with_suffix(".expected"))[1]
        for case in PUBLIC
    )
    assert agree == len(PUBLIC) - len(XFAIL)


@pytest.mark.parametrize("case", NOVALID, ids=[p.stem for p in NOVALID])
def test_no_valid_pairing(case: Path) -> None:
    tournament, _ = load(case)
    with pytest.raises(NoPairingError):
        get_system("burstein").pair(tournament)
