"""Make the reference rounds of ``lichess-dutch-2017/`` with a bbpPairings binary.

Random lichess Swiss events (``tests/helpers.py``: ``lichess_trf``, the layout of
lichess's ``SwissTrf.scala``) are played forward by the reference engine: each round's
file is written as lichess writes it, the reference pairs it (``--dutch FILE -p``, as
lichess calls it below 250 players and, for the Dutch rules, above), the pairing is
stored as ``NAME.expected`` and played with random results. A round the reference finds
no valid pairing for goes to ``novalid/`` and ends the event, as on lichess.

Usage (the files in the repository: bbpPairings v5.0.1, the line lichess runs, built
from its public source with ``make`` and g++ 12.2)::

    python tests/data/vectors/make_lichess_vectors.py --bbp /path/to/bbpPairings.exe
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from helpers import LichessPlayer, lichess_trf, play_lichess_round, read_pairs  # noqa: E402

OUT = HERE / "lichess-dutch-2017"
#: (seed, players, rounds) of each event.
EVENTS = (
    (1, 5, 6),
    (2, 7, 9),
    (3, 10, 5),
    (4, 11, 7),
    (5, 12, 11),
    (6, 16, 6),
    (7, 25, 9),
    (8, 30, 10),
    (9, 40, 8),
    (10, 60, 5),
    (11, 100, 7),
    (12, 249, 9),
    (13, 400, 7),
    (14, 1000, 5),
)


def play(bbp: str, seed: int, size: int, rounds: int) -> list[str]:
    """Play one event; the names of the rounds written."""
    rng = random.Random(seed)
    late = [LichessPlayer(f"u{seed}p{i:04d}", rng.randint(800, 2800)) for i in range(size // 10)]
    field = [
        LichessPlayer(f"u{seed}p{i:04d}", rng.randint(800, 2800))
        for i in range(len(late), max(size, 1))
    ]
    users = [p.user for p in field]
    forbidden = [(a, b) for a, b in (rng.sample(users, 2) for _ in range(rng.randint(0, 2)))]
    written = []
    for rnd in range(1, rounds + 1):
        while late and rng.random() < 0.4:  # a late join: H in round 1, absent after
            joiner = late.pop()
            joiner.rounds = [(None, "", "H" if r == 1 else "-") for r in range(1, rnd)]
            field.append(joiner)
        for p in field:
            p.absent = rng.random() < (0.5 if p.absent else 0.05)
        name = f"l{seed}_n{len(field)}_r{rnd}of{rounds}"
        text = lichess_trf(field, rounds=rounds, played=rnd - 1, forbidden=forbidden)
        path = OUT / f"{name}-bbp"
        path.write_text(text, encoding="utf-8")
        done = subprocess.run([bbp, "--dutch", str(path), "-p"], capture_output=True, text=True)
        if done.returncode == 1 and "No valid pairing exists" in done.stderr:
            (OUT / "novalid").mkdir(exist_ok=True)
            path.rename(OUT / "novalid" / path.name)
            written.append(f"novalid/{name}")
            break
        if done.returncode:
            raise SystemExit(f"{name}: exit {done.returncode}: {done.stderr}")
        (OUT / f"{name}.expected").write_text(done.stdout, encoding="utf-8")
        written.append(name)
        play_lichess_round(field, read_pairs(done.stdout)[1], rng)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bbp", required=True, help="the bbpPairings executable")
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    for seed, size, rounds in EVENTS:
        names = play(args.bbp, seed, size, rounds)
        print(f"event {seed}: {size} players, {len(names)} rounds: {names[-1]}")


if __name__ == "__main__":
    main()
