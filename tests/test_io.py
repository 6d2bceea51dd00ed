"""Loading, saving and converting by file extension."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair import formats as io
from fairpair.errors import InputError
from fairpair.formats import jsondoc, trf

VECTOR = (
    Path(__file__).parent / "data" / "vectors" / "dutch-2017" / "public" / "t101004_n9_r2of3.trf"
)
EXTENSIONS = Path(__file__).parent / "data" / "trf" / "extensions.trf"


@pytest.mark.parametrize("source", [VECTOR, EXTENSIONS], ids=["vector", "extensions"])
def test_trf_json_trf_files_are_byte_identical(source: Path, tmp_path: Path) -> None:
    assert io.convert(source, tmp_path / "t.json") == []
    assert io.convert(tmp_path / "t.json", tmp_path / "back.trf") == []
    assert (tmp_path / "back.trf").read_bytes() == source.read_bytes()


def test_format_is_chosen_by_extension(tmp_path: Path) -> None:
    t, _ = io.load_tournament(VECTOR)
    for name in ("a.JSON", "b.json"):
        io.save_tournament(t, tmp_path / name)
        assert (tmp_path / name).read_text().startswith("{")
        assert jsondoc.load(tmp_path / name)[0] == t
    for name in ("c.trf", "d.trfx", "e.txt", "f"):
        io.save_tournament(t, tmp_path / name)
        assert (tmp_path / name).read_bytes() == VECTOR.read_bytes()
        assert trf.load(tmp_path / name)[0] == t
    assert io.is_json("x.Json") and not io.is_json("x.trf")


def test_warnings_are_passed_on(tmp_path: Path) -> None:
    source = tmp_path / "w.trf"
    source.write_text(VECTOR.read_text().replace("  1.0    1", "  2.0    1", 1))
    warnings = io.convert(source, tmp_path / "w.json")
    assert len(warnings) == 1 and warnings[0].startswith(f"{source}:4:81: player 1:")


def test_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "fairpair-tournament"}')
    with pytest.raises(InputError) as info:
        io.load_tournament(bad)
    assert str(info.value).startswith(f"{bad}:1:1: ")
    with pytest.raises(InputError, match="cannot read file"):
        io.convert(tmp_path / "missing.trf", tmp_path / "out.json")
