"""Conformance of the Dutch system, 2026 rules, with the public reference vectors.

Every case goes through the command line (``fairpair pair --system dutch-2026 CASE -o
OUT``): the output must contain the same pairs with the same colours and the same
pairing-allocated bye as the reference (bbpPairings v6); board order is not compared.
The ``public_novalid`` cases have no legal pairing: exit code 1. The cases carry no
record 192 (the directory names the rules); the drop-in ``--dutch`` follows the record
when it is there, which is tested on copies with one added.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.cli import run
from fairpair.formats import trf
from fairpair.systems.dutch.engine import pair_players
from fairpair.systems.dutch.players import player_facts
from fairpair.systems.dutch.rules import RULES_2026
from helpers import assert_same_pairing, read_engine_output

DATA = Path(__file__).parent / "data" / "vectors" / "dutch-2026"
PUBLIC = sorted((DATA / "public").glob("*.trf"))
NOVALID = sorted((DATA / "public_novalid").glob("*.trf"))

#: Cases where the 2017 rules pair differently (found by pairing all of them with
#: both): the bye, C9, the float and C2 changes at work.
DIFFERENT_FROM_2017 = [
    "t303016_n85_r13of13",
    "t303023_n9_r3of8",
    "t303052_n9_r6of8",
    "t303052_n9_r8of8",
    "t303065_n17_r6of7",
    "t303080_n68_r5of7",
]


def test_vector_counts() -> None:
    assert len(PUBLIC) == 298
    assert len(NOVALID) == 2


@pytest.mark.parametrize("case", PUBLIC, ids=[p.stem for p in PUBLIC])
def test_public_case(case: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    assert run(["pair", "--system", "dutch-2026", str(case), "-o", str(out)]) == 0
    assert_same_pairing(out, case.with_suffix(".expected"))


@pytest.mark.parametrize("case", NOVALID, ids=[p.stem for p in NOVALID])
def test_no_valid_pairing(case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.txt"
    assert run(["pair", "--system", "dutch-2026", str(case), "-o", str(out)]) == 1
    assert "no pairing" in capsys.readouterr().err.lower()
    case_192 = tmp_path / "case.trf"
    case_192.write_text("192 FIDE_DUTCH_2026\n" + case.read_text())
    assert run(["--dutch", str(case_192), "-p", str(out)]) == 1


@pytest.mark.parametrize("name", DIFFERENT_FROM_2017)
@pytest.mark.parametrize(
    ("records", "edition"),
    [
        ("192 FIDE_DUTCH_2026\n", "2026"),
        ("192 FIDE_DUTCH_2025\n", "2026"),
        ("192 FIDE_DUTCH_2026_BAKU\nXXA    1  0.0\n", "2026"),  # XXA overrides Baku
        ("042 2026/02/01\n192 FIDE_DUTCH\n", "2026"),
        ("042 2026/01/31\n192 FIDE_DUTCH\n", "2017"),
        ("192 FIDE_DUTCH\n", "2026"),  # no start date: the rules in force now
        ("192 FIDE_DUTCH_2017\n", "2017"),
        ("", "2017"),  # no record 192: the drop-in keeps the 2017 rules
    ],
)
def test_drop_in_follows_record_192(name: str, records: str, edition: str, tmp_path: Path) -> None:
    case = DATA / "public" / f"{name}.trf"
    marked = tmp_path / "case.trf"
    marked.write_text(records + case.read_text())
    out, reference = tmp_path / "out.txt", tmp_path / "reference.txt"
    assert run(["--dutch", str(marked), "-p", str(out)]) == 0
    assert run(["pair", "--system", f"dutch-{edition}", str(case), "-o", str(reference)]) == 0
    assert read_engine_output(out) == read_engine_output(reference)
    # The two editions really differ on these cases.
    _, expected_2026 = read_engine_output(case.with_suffix(".expected"))
    assert (read_engine_output(out)[1] == expected_2026) is (edition == "2026")


SAMPLE = PUBLIC[::6]


@pytest.mark.parametrize("case", SAMPLE, ids=[p.stem for p in SAMPLE])
def test_fast_path_changes_nothing(case: Path) -> None:
    """Pairing a bracket over itself and the next scoregroup, checked by the completion
    oracle, gives what pairing every bracket over all the players below it gives."""
    t, _ = trf.load(case)
    rnd = t.next_round()
    facts = list(player_facts(t, rnd, t.present_players(rnd), rules=RULES_2026).values())
    fast = pair_players(facts, t.forbidden_pairs, rules=RULES_2026)
    full = pair_players(facts, t.forbidden_pairs, rules=RULES_2026, exhaustive=True)
    assert (sorted(fast.pairs), fast.bye) == (sorted(full.pairs), full.bye)
