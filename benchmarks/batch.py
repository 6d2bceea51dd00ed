"""Benchmark of `fairpair batch`: N pairing requests of a 40-player Dutch round in one
process (issue 17 target: 1,000 requests in under 10 s), start-up included.

    python benchmarks/batch.py [N]
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fairpair.formats import jsondoc
from fairpair.generator import GeneratorConfig, generate


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    t = generate("dutch", GeneratorConfig(players=40, rounds=5, seed=3))
    document = jsondoc.to_document(t.replace(rounds=t.rounds[:4]))
    with tempfile.TemporaryDirectory() as tmp:
        requests = Path(tmp) / "requests.jsonl"
        line = json.dumps({"tournament": document})
        requests.write_text("\n".join([line] * count) + "\n", encoding="utf-8")
        start = time.perf_counter()
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.run(
            [sys.executable, "-m", "fairpair", "batch", str(requests)],
            capture_output=True,
            text=True,
            check=True,
        )
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    answers = proc.stdout.splitlines()
    ok = sum(1 for a in answers if json.loads(a)["ok"])
    cpu_s = (after.ru_utime + after.ru_stime) - (cpu.ru_utime + cpu.ru_stime)
    print("| requests | players | system | ok | wall s | CPU s | peak MB |")
    print("| ---: | ---: | --- | ---: | ---: | ---: | ---: |")
    print(f"| {count} | 40 | dutch | {ok} | {wall:.2f} | {cpu_s:.2f} | {after.ru_maxrss // 1024} |")


if __name__ == "__main__":
    main()
