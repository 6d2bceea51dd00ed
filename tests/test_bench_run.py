"""benchmarks/run.py (the driver of ``make bench``): one table, the results file, the
ratio against the previous run. Tiny sizes only: this checks the driver, not speed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COLUMNS = ["case", "system", "players", "round", "wall s", "CPU s", "peak MB", "vs prev"]


def run(results: Path) -> str:
    command = [sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick", "--only"]
    command += ["dutch", "--sizes", "12", "--results", str(results)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_quick_dutch_run_prints_one_table_and_writes_the_results(tmp_path: Path) -> None:
    out = run(tmp_path)
    header = out.splitlines()[0]
    for column in COLUMNS:
        assert column in header
    assert header.index("case") < header.index("players") < header.index("vs prev")
    rows = [line for line in out.splitlines() if line.startswith(("random", "fairpair"))]
    # rounds 5 and 9 under both rule sets, round 1 of a TRF through `fairpair pair`, and
    # `fairpair result` on a JSON and on a TRF file
    assert len(rows) == 8
    assert all("dutch-2017" in r or "dutch-2026" in r for r in rows[:6])
    assert [r.split(",")[0] for r in rows[6:]] == ["fairpair result"] * 2
    first = json.loads((tmp_path / "last.json").read_text())
    assert not (tmp_path / "previous.json").exists()
    assert len(first["rows"]) == 8
    for row in first["rows"]:
        assert {"case", "system", "players", "round", "wall", "cpu", "peak_mb"} <= set(row)
        assert row["cpu"] >= 0 and row["peak_mb"] > 0
    round1 = [r for r in first["rows"] if r["round"] == 1]
    assert [r["check"] for r in round1] == ["ok", "ok"]
    saves = [r for r in first["rows"] if r["case"].startswith("fairpair result")]
    assert [r["check"] for r in saves] == ["ok", "ok"]

    # A second run compares with the first, which becomes previous.json.
    out = run(tmp_path)
    assert json.loads((tmp_path / "previous.json").read_text()) == first
    second = json.loads((tmp_path / "last.json").read_text())
    pairs = zip(second["rows"], first["rows"], strict=True)
    assert all("vs_prev" in new for new, old in pairs if old["cpu"] > 0)
    assert "no previous run" not in out
