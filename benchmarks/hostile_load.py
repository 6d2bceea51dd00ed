"""Load test of issue 28, finding 1: a hostile tournament must not slow another one.

Starts ``fairpair serve`` (the ``fairpair`` on ``PYTHONPATH``) on a fresh SQLite file on
a free loopback port, creates an ordinary tournament (60 players, 3 rounds paired with
results) and measures the time of its public page while ``--attackers`` threads, for
``--seconds`` seconds, do what the finding did: import a McMahon document whose
``komi_even`` is ``"1e3000000"``, give a player a bye of ``"1e1000000"`` points, and
read the page of every tournament they managed to store that way, in a loop. Before
issue 28 both were stored and every read of them did huge-integer arithmetic holding
the interpreter lock; now both are refused (400) before anything is stored.

Prints the requests made, what the attackers got (status counts) and the p50 / p95 /
max of the ordinary page, and exits 1 if its p95 is over ``--p95`` seconds (0.5 by
default, the issue's bound). Bounded: loopback only, ``--seconds`` (default 15), every
request with a 60 s timeout.

Usage: PYTHONPATH=src python benchmarks/hostile_load.py [--seconds S] [--attackers N]
"""

from __future__ import annotations

import argparse
import copy
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "mcmahon.json"
API = "/api/v1"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _start(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    command = [sys.executable, "-m", "fairpair", "serve", "--db", str(folder / "load.sqlite")]
    command += ["--port", str(port), "--log-level", "error"]
    log = (folder / "server.log").open("wb")
    proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}{API}/health", timeout=2).status_code == 200:
                return proc, url
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def _ordinary(http: httpx.Client) -> str:
    players = [{"name": f"Player {i:02d}", "rating": 2400 - 7 * i} for i in range(1, 61)]
    body = {"name": "Ordinary Open", "system": "dutch", "rounds": 5, "players": players}
    created = http.post(f"{API}/tournaments", json=body).json()
    tid, auth = created["id"], {"Authorization": f"Bearer {created['director_token']}"}
    for rnd in (1, 2, 3):
        boards = http.post(f"{API}/tournaments/{tid}/rounds", headers=auth).json()["boards"]
        for board in range(1, len(boards) + 1):
            http.put(
                f"{API}/tournaments/{tid}/rounds/{rnd}/boards/{board}",
                json={"result": "1-0" if board % 3 else "1/2"},
                headers=auth,
            )
    return tid


def _attack(url: str, stop: threading.Event, outcomes: Counter[str]) -> None:
    while not stop.is_set():
        try:
            _attack_once(url, stop, outcomes)
        except httpx.TransportError as exc:  # the server dropped the connection
            outcomes[f"dropped ({type(exc).__name__})"] += 1


def _attack_once(url: str, stop: threading.Event, outcomes: Counter[str]) -> None:
    document: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    hostile = copy.deepcopy(document)
    hostile["settings"]["mcmahon"]["komi_even"] = "1e3000000"
    stored: list[str] = []
    with httpx.Client(base_url=url, timeout=60) as http:
        while not stop.is_set():
            imported = http.post(f"{API}/tournaments/import", json=hostile)
            outcomes[f"import {imported.status_code}"] += 1
            if imported.status_code == 201:
                stored.append(imported.json()["id"])
            created = http.post(
                f"{API}/tournaments",
                json={"name": "Bye", "system": "dutch", "rounds": 3, "players": [{"name": "A"}]},
            ).json()
            bye = http.put(
                f"{API}/tournaments/{created['id']}/players/1/byes/1",
                json={"points": "1e1000000"},
                headers={"Authorization": f"Bearer {created['director_token']}"},
            )
            outcomes[f"bye {bye.status_code}"] += 1
            if bye.status_code == 200:
                stored.append(created["id"])
            for tid in stored[-3:]:
                if stop.is_set():
                    break
                page = http.get(f"/t/{tid}")
                outcomes[f"hostile page {page.status_code}"] += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--attackers", type=int, default=2)
    parser.add_argument("--p95", type=float, default=0.5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fairpair-load-") as folder:
        proc, url = _start(Path(folder))
        try:
            with httpx.Client(base_url=url, timeout=60) as http:
                tid = _ordinary(http)
                http.get(f"/t/{tid}")  # warm the cache
                stop = threading.Event()
                outcomes: Counter[str] = Counter()
                attackers = [
                    threading.Thread(target=_attack, args=(url, stop, outcomes), daemon=True)
                    for _ in range(args.attackers)
                ]
                for thread in attackers:
                    thread.start()
                times: list[float] = []
                deadline = time.monotonic() + args.seconds
                while time.monotonic() < deadline:
                    start = time.perf_counter()
                    page = http.get(f"/t/{tid}")
                    times.append(time.perf_counter() - start)
                    assert page.status_code == 200, page.status_code
                    time.sleep(0.05)
                stop.set()
                for thread in attackers:
                    thread.join(120)
        finally:
            proc.terminate()
            proc.wait(30)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"attackers: {dict(sorted(outcomes.items()))}")
    print(
        f"ordinary page: {len(times)} requests, p50 {statistics.median(times):.3f} s, "
        f"p95 {p95:.3f} s, max {times[-1]:.3f} s"
    )
    return 0 if p95 <= args.p95 else 1


if __name__ == "__main__":
    sys.exit(main())
