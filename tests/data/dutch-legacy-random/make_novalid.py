"""Make ``novalid.jsonl``: the rounds the reference sets end on, given to JaVaFo again.

A development tool like ``make_reference.py`` (the test suite never runs it, fairpair
never needs Java). ``make_reference.py`` ends a tournament at a round JaVaFo does not
pair (``"novalid": r``) and stores the tournament before that round without the round's
own absences, so the round itself cannot be read back from the stored line. This tool
rebuilds each such round exactly:

* a random set's tournament is replayed from its seed - the generator's parameters,
  players, absences and results drawn again in the same order, each round paired with
  the stored reference output - up to round ``r``, with that round's absences drawn; the
  replay is kept only when the tournament before the round is the stored one, byte for
  byte (``trf.dumps``);
* a dense-corpus tournament (``make_dense.py``) is read as stored: its TRF keeps the
  round's absences;
* a tiny-corpus tournament (made by a generator this repository no longer has) is taken
  only when its parameters draw no absence, half-point bye or withdrawal: its round
  ``r`` is then the stored tournament with every player present.

Each rebuilt round is given to JaVaFo with ``-ea`` and without it, and both answers are
recorded: ``"reference"`` is JaVaFo's pairing without ``-ea`` (``null``: "no legal
pairing"), ``"assertion"`` whether the run with ``-ea`` stopped on an internal assertion
(issue 31, nineteenth pass). One JSON line per round: the set's file name, the seed, the
round, the tournament (fairpair TRF, the round's absences included) and the two answers.

Usage::

    python tests/data/dutch-legacy-random/make_novalid.py --jar javafo.jar \
        --out novalid.jsonl
    gzip -9 -n novalid.jsonl
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

from make_reference import _javafo, absences, generator_config, pairing_of, params, start

from fairpair.formats import trf
from fairpair.model import Round, Tournament
from fairpair.workflow.generator import play_round

HERE = Path(__file__).resolve().parent
ABSENCE_RATES = ("bye_rate", "absence_rate", "retire_rate")


def replayed(entry: dict[str, object]) -> Tournament | None:
    """A random set's tournament at its "novalid" round, that round's absences drawn
    (None when the replay does not give back the stored tournament)."""
    seed, last = int(entry["seed"]), int(entry["novalid"])  # type: ignore[call-overload]
    rng = random.Random(seed)
    p = params(rng)
    if p != entry["params"]:
        return None
    config = generator_config(seed, p)
    t = start(seed, rng, p, "random")
    retired: set[int] = set()
    outputs: dict[str, list[list[int]]] = entry["rounds"]  # type: ignore[assignment]
    for rnd in range(1, last + 1):
        byes = absences(t, rnd, rng, p, retired)
        if byes:
            t = t.with_round(Round(rnd, (), byes))
        if rnd == last:
            break
        t = play_round(t.with_pairing(pairing_of(rnd, outputs[str(rnd)])), rnd, rng, config)
    before = t.replace(rounds=t.rounds[: last - 1])
    return t if trf.dumps(before) == entry["trf"] else None


def as_stored(entry: dict[str, object]) -> Tournament | None:
    """A dense-corpus tournament at its "novalid" round (``make_dense.py`` keeps the
    round's absences in the stored TRF), or any stored tournament read back."""
    t, warnings = trf.loads(str(entry["trf"]))
    return t if not warnings else None


def present_all(entry: dict[str, object]) -> Tournament | None:
    """A tiny-corpus tournament at its "novalid" round when nobody can be absent in it."""
    p: dict[str, float] = entry["params"]  # type: ignore[assignment]
    if any(float(p.get(rate, 0.0)) for rate in ABSENCE_RATES):
        return None
    return as_stored(entry)


def novalid_rounds() -> Iterator[tuple[str, dict[str, object], Tournament | None]]:
    """Every stored "novalid" round: (file name, stored line, the rebuilt tournament or
    None when it cannot be rebuilt)."""
    for path in sorted(HERE.glob("reference*.jsonl.gz")):
        rebuild: Callable[[dict[str, object]], Tournament | None] = (
            present_all if "tiny" in path.name else as_stored if "dense" in path.name else replayed
        )
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                entry = json.loads(line)
                if entry.get("novalid"):
                    yield path.name, entry, rebuild(entry)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--jar", required=True)
    ap.add_argument("--out", default="novalid.jsonl")
    args = ap.parse_args()
    skipped = 0
    with open(args.out, "w") as out:
        for name, entry, t in novalid_rounds():
            if t is None:
                skipped += 1
                continue
            with_ea, said, _ = _javafo(args.jar, t, ["-ea"])
            without_ea, _, _ = _javafo(args.jar, t, [])
            line = {
                "set": name,
                "seed": entry["seed"],
                "round": entry["novalid"],
                "trf": trf.dumps(t),
                "reference": without_ea,
                "assertion": with_ea is None and "assertion" in said.lower(),
            }
            out.write(json.dumps(line, separators=(",", ":")) + "\n")
            out.flush()
    print(f"{skipped} rounds not rebuilt")


if __name__ == "__main__":
    main()
