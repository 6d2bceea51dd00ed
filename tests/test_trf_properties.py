"""Property tests: random tournaments round-trip; damaged input fails cleanly."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair.errors import InputError
from fairpair.formats import jsondoc, trf
from fairpair.model import (
    Player,
    Tournament,
)
from helpers import tournaments

VECTOR = (
    Path(__file__).parent / "data" / "vectors" / "dutch-2017" / "public" / "t101004_n9_r2of3.trf"
)
def without_reported(t: Tournament) -> Tournament:
    return t.replace(
        players=tuple(
            Player(**{**vars(p), "reported_points": None, "reported_rank": None}) for p in t.players
        ),
        format_hints={},
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_random_tournaments_round_trip(t: Tournament) -> None:
    text = trf.dumps(t)
    again, warnings = trf.loads(text)
    assert warnings == []
    assert without_reported(again) == t
    assert trf.dumps(again) == text
    doc, _ = jsondoc.loads(jsondoc.dumps(t))
    assert doc == t


SAMPLES = [VECTOR, *sorted((Path(__file__).parent / "data" / "trf").glob("*.trf"))]


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(SAMPLES),
    st.floats(min_value=0, max_value=1, exclude_max=True),
    st.sampled_from(list(b" 0159xwb-=+UHZFwW#\x00\xff\n\r\t")),
)
def test_damaged_trf_fails_cleanly_or_round_trips(path: Path, where: float, byte: int) -> None:
    """Any change to a file: either a one-line InputError, or it is read and written
    back byte-for-byte."""
    data = bytearray(path.read_bytes())
    data[int(where * len(data))] = byte
    try:
        t, _ = trf.loads(bytes(data), file="v.trf")
    except InputError as exc:
        rendered = str(exc)
        assert rendered.startswith("v.trf:") and "\n" not in rendered
    else:
        assert trf.dumps(t).encode("utf-8") == bytes(data)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_damaged_json_fails_cleanly(data: st.DataObject) -> None:
    t, _ = trf.load(VECTOR)
    doc = json.loads(jsondoc.dumps(t))
    # replace one value somewhere in the document by something else
    path: list[str | int] = []
    node = doc
    while isinstance(node, dict | list) and node:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = data.draw(st.sampled_from(keys))
        path.append(key)
        if data.draw(st.booleans()):
            break
        node = node[key]  # type: ignore[index]
    replacement = data.draw(
        st.one_of(st.none(), st.integers(-3, 20), st.text(max_size=3), st.just([]), st.just({}))
    )
    target = doc
    for key in path[:-1]:
        target = target[key]  # type: ignore[index]
    if path:
        target[path[-1]] = replacement  # type: ignore[index]
    try:
        jsondoc.loads(json.dumps(doc, indent=1), file="v.json")
    except InputError as exc:
        assert str(exc).startswith("v.json:") and "\n" not in str(exc)
