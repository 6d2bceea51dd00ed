"""Every conformance vector reads without warnings and is written back byte-for-byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.formats import jsondoc, trf

VECTORS = Path(__file__).parent / "data" / "vectors"
FILES = sorted(VECTORS.rglob("*.trf"))


def test_vectors_are_present() -> None:
    # 299 + 5 (2017) + 298 + 2 (2026) + 7 (large) + 35 + 2 + 80 (dutch-legacy)
    assert len(FILES) == 728


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


def test_vectors_are_read_as_the_round_to_pair() -> None:
    """``t<seed>_n<players>_r<round>of<rounds>``: the reader sees n players, round r to be
    paired next, and the total number of rounds."""
    for path in FILES[::7]:
        name = path.stem.split("_")
        players = int(name[1].removeprefix("n"))
        round_to_pair, rounds = (int(x) for x in name[2].removeprefix("r").split("of"))
        t, _ = trf.loads(path.read_bytes())
        assert (len(t.players), t.next_round(), t.total_rounds) == (
            players,
            round_to_pair,
            rounds,
        ), path
        assert t.initial_colour is not None
