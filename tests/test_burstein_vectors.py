"""Conformance of the FIDE Burstein system with reference rounds paired by
bbpPairings v5.0.1 in its Burstein mode (``tests/data/burstein/README.md``).

Every stored round must get the reference's pairs, colours and pairing-allocated bye
(board order is not compared); the ``public_novalid`` rounds have no legal pairing.
Sets: ``public`` (451 rounds, 5-90 players, 1/0.5/0 and 3/1/0 points, XXP, XXA),
``lichess`` (134 rounds written as a platform writes them, 10-120 players) and
``large`` (12 rounds, 250-700 players) and ``sweep`` (4 rounds kept from a wider
sweep of 4,475 rounds, where the order of a bracket with a floater once differed).
Agreement: every stored round (``XFAIL`` lists
the rounds that differ, with the reason when known; it is empty).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from fairpair.errors import NoPairingError
from fairpair.formats.trf import load
from fairpair.systems import get_system
from helpers import read_engine_output

DATA = Path(__file__).parent / "data" / "burstein"
SETS = ("public", "lichess", "large", "sweep")
CASES = {name: sorted((DATA / name).glob("*.trf")) for name in SETS}
ALL = [case for name in SETS for case in CASES[name]]
NOVALID = sorted((DATA / "public_novalid").glob("*.trf"))

#: Rounds where fairpair differs from the reference, with the reason when known.
XFAIL: dict[str, str] = {}


@cache
def _pairing_set(case: Path) -> frozenset[tuple[int, int]]:
    """fairpair's pairing of ``case`` as (white, black) pairs, the bye as (N, 0)."""
    tournament, _ = load(case)
    pairing = get_system("burstein").pair(tournament)
    got = {(board.white, board.black) for board in pairing.boards}
    if pairing.bye is not None:
        got.add((pairing.bye, 0))
    return frozenset(got)


def test_vector_counts() -> None:
    assert {name: len(cases) for name, cases in CASES.items()} == {
        "public": 451,
        "lichess": 134,
        "large": 12,
        "sweep": 4,
    }
    assert len(NOVALID) == 4


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(p, marks=pytest.mark.xfail(reason=XFAIL[p.stem], strict=True))
        if p.stem in XFAIL
        else p
        for p in ALL
    ],
    ids=[f"{p.parent.name}/{p.stem}" for p in ALL],
)
def test_reference_round(case: Path) -> None:
    count, expected = read_engine_output(case.with_suffix(".expected"))
    got = _pairing_set(case)
    assert count == len(expected)
    missing, extra = sorted(expected - got), sorted(got - expected)
    assert (missing, extra) == ([], []), f"missing {missing}, unexpected {extra}"


def test_agreement_figure() -> None:
    """The honest figure: rounds identical to the reference out of all stored."""
    agree = sum(_pairing_set(c) == read_engine_output(c.with_suffix(".expected"))[1] for c in ALL)
    assert (agree, len(ALL)) == (len(ALL) - len(XFAIL), 601)


@pytest.mark.parametrize("case", NOVALID, ids=[p.stem for p in NOVALID])
def test_no_valid_pairing(case: Path) -> None:
    tournament, _ = load(case)
    with pytest.raises(NoPairingError, match="no pairing"):
        get_system("burstein").pair(tournament)
