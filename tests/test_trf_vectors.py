"""Every conformance vector reads without warnings and is written back byte-for-byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair import jsondoc, trf

VECTORS = Path(__file__).parent / "data" / "vectors"
FILES = sorted(VECTORS.rglob("*.trf"))


def test_vectors_are_present() -> None:
    # 299 + 5 (2017) + 298 + 2 (2026) + 6 (large)
    assert len(FILES) == 610


@pytest.mark.parametrize("group", ["dutch-2017", "dutch-2026", "dutch-2017-large"])
def test_vector_round_trip(group: str) -> None:
    files = [f for f in FILES if f.relative_to(VECTORS).parts[0] == group]
    assert files
    for path in files:
        data = path.read_bytes()
        tournament, warnings = trf.loads(data, file=str(path))
        assert warnings == [], path
        # canonical files need no format hints
        assert dict(tournament.format_hints) == {}, path
        text = trf.dumps(tournament)
        assert text.encode("utf-8") == data, path
        again, _ = trf.loads(text)
        assert again == tournament, path


@pytest.mark.parametrize("group", ["dutch-2017", "dutch-2026", "dutch-2017-large"])
def test_vector_json_round_trip(group: str) -> None:
    """TRF -> JSON -> model is the same model, and its TRF is byte-identical."""
    files = [f for f in FILES if f.relative_to(VECTORS).parts[0] == group]
    for path in files:
        data = path.read_bytes()
        tournament, _ = trf.loads(data, file=str(path))
        document = jsondoc.dumps(tournament)
        again, warnings = jsondoc.loads(document)
        assert warnings == [], path
        assert again == tournament, path
        assert trf.dumps(again).encode("utf-8") == data, path
