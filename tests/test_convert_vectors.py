"""`fairpair convert` round-trips every conformance vector exactly (issue 2, "Done when").

TRF -> JSON -> TRF through the command line must give back the same bytes, for every
TRF kept in tests/data/vectors.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.cli import run

VECTORS = Path(__file__).parent / "data" / "vectors"
#: Every vector set of TRF files (``lichess-dutch-2017`` keeps its files as lichess names
#: them, ``NAME-bbp`` without a final newline: tests/test_platform.py reads those).
SETS = sorted(p for p in VECTORS.iterdir() if p.is_dir() and any(p.rglob("*.trf")))


def test_every_set_but_the_platform_files_is_converted() -> None:
    others = {p.name for p in VECTORS.iterdir() if p.is_dir()} - {p.name for p in SETS}
    assert others == {"lichess-dutch-2017"}
    assert len(SETS) >= 4


@pytest.mark.parametrize("vector_set", SETS, ids=lambda p: p.name)
def test_convert_round_trips_every_vector(vector_set: Path, tmp_path: Path) -> None:
    files = sorted(vector_set.rglob("*.trf"))
    assert files, f"no TRF files under {vector_set}"
    mismatched = []
    for index, trf in enumerate(files):
        as_json = tmp_path / f"{index}.json"
        back = tmp_path / f"{index}.trf"
        assert run(["convert", str(trf), "-o", str(as_json)]) == 0, trf
        assert run(["convert", str(as_json), "-o", str(back)]) == 0, trf
        if back.read_bytes() != trf.read_bytes():
            mismatched.append(trf.name)
    assert mismatched == []
