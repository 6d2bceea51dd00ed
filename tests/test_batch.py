"""``fairpair batch``: one JSON request per line, one answer per line, in order."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from fairpair.formats import jsondoc, trf
from fairpair.systems import get_system
from fairpair.workflow.batch import answer
from fairpair.workflow.generator import GeneratorConfig, generate

DATA = Path(__file__).parent / "data" / "vectors" / "dutch-2017" / "public"


def test_batch_answers_each_line_like_pair(tmp_path: Path) -> None:
    cases = sorted(DATA.glob("*.trf"))[:5]
    lines = [
        json.dumps({"id": i, "system": "dutch", "trf": c.read_text()}) for i, c in enumerate(cases)
    ]
    t = generate("netrunner", GeneratorConfig(players=9, rounds=3, seed=4))
    pending = t.replace(rounds=t.rounds[:2]).with_pairing(get_system("netrunner").pair(t, 3))
    lines.append(json.dumps({"id": "pending", "tournament": jsondoc.to_document(pending)}))
    lines += ["{not json", json.dumps([1, 2]), json.dumps({"id": "none"}), ""]
    request = tmp_path / "requests.jsonl"
    request.write_text("\n".join(lines) + "\n", encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "fairpair", "batch", str(request)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(lines) - 1  # the blank line gets no answer
    for i, case in enumerate(cases):
        expected = case.with_suffix(".expected").read_text().split()[1:]
        pairs = [" ".join(map(str, p)) for p in answers[i]["pairs"]]
        if answers[i]["bye"] is not None:
            pairs.append(f"{answers[i]['bye']} 0")
        got = " ".join(pairs).split()
        assert answers[i]["ok"] and sorted(zip(got[::2], got[1::2], strict=True)) == sorted(
            zip(expected[::2], expected[1::2], strict=True)
        ), case.name
    assert answers[5]["id"] == "pending" and answers[5]["exit_code"] == 1
    assert "no result" in answers[5]["error"]
    assert [a["exit_code"] for a in answers[6:]] == [2, 2, 2]
    assert "not JSON" in answers[6]["error"] and "no tournament" in answers[8]["error"]


def test_answer_checks_the_round_and_options() -> None:
    text = sorted(DATA.glob("*.trf"))[0].read_text()
    t, _ = trf.loads(text)
    assert answer({"system": "dutch", "trf": text, "round": t.next_round() + 1})["exit_code"] == 2
    assert answer({"system": "dutch", "trf": text, "options": [1]})["exit_code"] == 2
    assert answer({"trf": 5})["exit_code"] == 2
    ok = answer({"id": {"x": 1}, "system": "dutch", "trf": text, "round": t.next_round()})
    assert ok["ok"] and ok["id"] == {"x": 1} and ok["round"] == t.next_round()


def test_batch_jobs_answer_in_order(tmp_path: Path) -> None:
    """--jobs N: the same answers, in the order of the requests."""
    lines = [
        json.dumps({"id": i, "system": "dutch", "trf": c.read_text()})
        for i, c in enumerate(sorted(DATA.glob("*.trf"))[:6])
    ]
    lines.insert(3, "{not json")
    request = tmp_path / "requests.jsonl"
    request.write_text("\n".join(lines) + "\n", encoding="utf-8")
    outputs = []
    for jobs in ("1", "3"):
        proc = subprocess.run(
            [sys.executable, "-m", "fairpair", "batch", "--jobs", jobs, str(request)],
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        )
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
    ids = [json.loads(line)["id"] for line in outputs[1].splitlines()]
    assert ids == [0, 1, 2, None, 3, 4, 5]
