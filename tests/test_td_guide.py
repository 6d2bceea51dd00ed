"""docs/td-guide.md shows commands and what fairpair printed: replay them all (issue 32).

The guide's event is played again by docs/tools/td_guide.py through the real command
line; every marked block must match what the program prints now, so the guide cannot
drift from the program again (its TRF excerpt, messages, printouts and numbers).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[1] / "docs" / "tools" / "td_guide.py"


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("td_guide", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["td_guide"] = module
    spec.loader.exec_module(module)
    return module


def test_every_block_of_the_guide_is_what_fairpair_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tool = _tool()
    code = tool.main([])
    out = capsys.readouterr().out
    assert code == 0, out
    guide = tool.GUIDE.read_text(encoding="utf-8")
    # the checked blocks cover the guide's commands: every `$ ` line is in one
    blocks = guide.split("```")
    shown = [b for b in blocks[1::2] if "\n$ " in "\n" + b]
    checked = {guide[m.end() : guide.index("\n```", m.end())] for m in tool.MARKER.finditer(guide)}
    unchecked = [b.strip().splitlines()[0] for b in shown if b[1:].rstrip("\n") not in checked]
    assert unchecked == []
    assert len(checked) >= 50
    labels = [m["label"] for m in tool.MARKER.finditer(guide)]
    assert len(labels) == len(set(labels))


def test_the_check_fails_on_a_stale_block(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = _tool()
    text = tool.GUIDE.read_text(encoding="utf-8")
    stale = text.replace("round 1, board 1: Ivanov, Sergei (1) - Haas, Lena (7) 1-0", "x", 1)
    assert stale != text
    copy = tmp_path / "td-guide.md"
    copy.write_text(stale, encoding="utf-8")
    monkeypatch.setattr(tool, "GUIDE", copy)
    assert tool.main([]) == 1
    assert "block result-1" in capsys.readouterr().out
    assert copy.read_text(encoding="utf-8") == stale


def test_wildcards_match_any_lines() -> None:
    tool = _tool()
    assert tool._matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert tool._matches(["a", "..."], ["a"])
    assert not tool._matches(["a", "...", "e"], ["a", "b", "c", "d"])
    assert not tool._matches(["a"], ["a", "b"])
