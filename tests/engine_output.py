"""The engine output format of the conformance vectors, for the vector tests."""

from __future__ import annotations

from pathlib import Path


def read_engine_output(path: Path) -> tuple[int, set[tuple[int, int]]]:
    """(declared pair count, set of (white, black) with the bye as (N, 0))."""
    lines = [line.split() for line in path.read_text().splitlines() if line.strip()]
    count = int(lines[0][0])
    return count, {(int(a), int(b)) for a, b in lines[1:]}


def assert_same_pairing(out: Path, expected_path: Path) -> None:
    """``out`` has the reference's pairs, colours and bye (board order not compared)."""
    count, got = read_engine_output(out)
    expected_count, expected = read_engine_output(expected_path)
    assert count == len(got)
    missing = sorted(expected - got)
    extra = sorted(got - expected)
    assert (missing, extra) == ([], []), f"missing {missing}, unexpected {extra}"
    assert count == expected_count
