"""The web app at a large event, for ``make bench`` (``benchmarks/run.py --only web``).

Starts ``fairpair serve`` on a new SQLite file, imports a TRF of ``--players`` players
and no rounds (``POST /api/v1/tournaments/import?system=dutch-RULES``), then times:

* pairing round 1 through the API (``POST .../rounds``: the request as a client sees
  it: reading the stored tournament, pairing, writing the new document), and the same
  TRF through the command line (``fairpair pair --system dutch-RULES FILE -o OUT``, the
  whole command, interpreter start-up included);
* each public page after the pairing (the main page and the standings were read once
  before it, as during an event): its size and its time, the first request after
  the change (``first``: what the pages show of this version may still be being
  prepared) and the median of the next three (what later readers get until the next
  change); then, a result entered, the first read of the main page, the standings,
  the crosstable and the printable standings (``... after a result``); the very first
  read of the new tournament's main page (``/t/ID first read``: right after the import,
  its pages being prepared since it was made); and, the server started again on the
  same file, the first read of the main page as soon as the server answers (``/t/ID
  first read after a restart``: the document parsed at the start, perhaps still under
  way, and the pages' values read back from the database, where they were kept after
  the last change), then the first reads of the standings and the crosstable.

Prints one JSON object: ``{"players", "rules", "web_pair", "cli_pair", "pages": [{"path",
"bytes", "first", "again"}]}``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from serving import ROOT, serving


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trf", type=Path, required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--rules", default="2017")
    args = parser.parse_args()
    system = f"dutch-{args.rules}"
    with tempfile.TemporaryDirectory() as folder:
        with serving(f"{folder}/bench.sqlite") as url:
            http = httpx.Client(base_url=url, timeout=600)
            created = http.post(
                "/api/v1/tournaments/import",
                params={"system": system},
                content=args.trf.read_bytes(),
                headers={"Content-Type": "text/plain"},
            )
            created.raise_for_status()
            tid = created.json()["id"]
            auth = {"Authorization": f"Bearer {created.json()['director_token']}"}
            # the pages were read before (as during an event): the live pages can show
            # the previous standings while the new ones are computed; the very first
            # read of the new tournament (its pages prepared since it was made) is timed
            start = time.perf_counter()
            http.get(f"/t/{tid}").raise_for_status()
            first_read = time.perf_counter() - start
            http.get(f"/t/{tid}/standings").raise_for_status()
            start = time.perf_counter()
            paired = http.post(f"/api/v1/tournaments/{tid}/rounds", headers=auth)
            web_pair = time.perf_counter() - start
            paired.raise_for_status()
            links = http.post(
                f"/api/v1/tournaments/{tid}/tokens/players", headers=auth, json={"players": [1]}
            ).json()["tokens"]
            player = httpx.Client(base_url=url, timeout=600)
            player.post(f"/t/{tid}/me", data={"token": links[0]["token"]})
            version = paired.json()["version"]
            pages = []
            paths = [
                f"/t/{tid}",
                f"/t/{tid}?page=13",
                f"/t/{tid}?find=Player",
                f"/t/{tid}/standings?page=20",
                f"/t/{tid}/crosstable?page=7",
                f"/t/{tid}/rounds/1/print?page=3",
                f"/t/{tid}/standings/print",
                f"/t/{tid}/me",
                f"/t/{tid}/live?view=public&v={version}",
            ]
            for path in paths:
                client = player if path.endswith("/me") else http
                times = []
                size = 0
                for _ in range(4):  # the first read, then three more (their median)
                    start = time.perf_counter()
                    answer = client.get(path)
                    times.append(time.perf_counter() - start)
                    answer.raise_for_status()
                    size = len(answer.content)
                again = sorted(times[1:])[1]
                pages.append(
                    {
                        "path": path.replace(tid, "ID"),
                        "bytes": size,
                        "first": times[0],
                        "again": again,
                    }
                )
            # a result comes in: the first reads of the live pages right after it
            http.put(
                f"/api/v1/tournaments/{tid}/rounds/1/boards/1",
                headers=auth,
                json={"result": "1-0"},
            ).raise_for_status()
            for path in (
                f"/t/{tid}",
                f"/t/{tid}/standings",
                f"/t/{tid}/crosstable?page=7",
                f"/t/{tid}/standings/print",
            ):
                start = time.perf_counter()
                answer = http.get(path)
                took = time.perf_counter() - start
                answer.raise_for_status()
                pages.append(
                    {
                        "path": path.replace(tid, "ID") + " after a result",
                        "bytes": len(answer.content),
                        "first": took,
                        "again": took,
                    }
                )
            pages.append(
                {"path": "/t/ID first read", "bytes": 0, "first": first_read, "again": first_read}
            )
        # the server started again on the same file: the first read of the main page
        # as soon as it answers (what it prepares at a start may still be under way),
        # then the first reads of the standings and the crosstable
        with serving(f"{folder}/bench.sqlite") as url:
            fresh = httpx.Client(base_url=url, timeout=600)
            for path in (f"/t/{tid}", f"/t/{tid}/standings", f"/t/{tid}/crosstable?page=7"):
                start = time.perf_counter()
                answer = fresh.get(path)
                restarted = time.perf_counter() - start
                answer.raise_for_status()
                # the main page as before (its size not counted), then the other pages
                shown = path.replace(tid, "ID")
                pages.append(
                    {
                        "path": f"{shown} first read after a restart",
                        "bytes": 0 if path == f"/t/{tid}" else len(answer.content),
                        "first": restarted,
                        "again": restarted,
                    }
                )
            fresh.close()
        out = Path(folder) / "pairing.txt"
        start = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "fairpair",
                "pair",
                "--system",
                system,
                str(args.trf),
                "-o",
                str(out),
            ],
            check=True,
            cwd=ROOT,
        )
        cli_pair = time.perf_counter() - start
    result = {
        "players": args.players,
        "rules": args.rules,
        "web_pair": web_pair,
        "cli_pair": cli_pair,
        "pages": pages,
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
