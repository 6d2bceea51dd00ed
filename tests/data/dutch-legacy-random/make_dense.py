"""Make ``reference_dense.jsonl``: tiny tournaments whose C.13 rounds JaVaFo 1.4 pairs.

A development tool like ``make_reference.py`` (the test suite never runs it, fairpair
never needs Java). Each tournament (5-12 players, as many rounds as the players allow
or up to two fewer, draws, absences, half-point byes, forfeits, withdrawals) is drawn
from a seeded generator and played forward with **this engine's** pairings; every round
in which the engine's procedure reaches C.13 (a backtrack from the lowest bracket) is
also given to the reference, whose output is recorded. So each recorded round is the
reference's pairing of that round's TRF, the history before it being the engine's: a
corpus dense in the rounds where the two procedures can part. Only tournaments with a
recorded round are written, in the format of ``make_reference.py``. A round the engine
finds no pairing for is given to the reference as well and ends the tournament: the
reference's pairing is recorded if it finds one, else the round as ``"novalid"`` - unlike
``make_reference.py``, the stored TRF then keeps that round's absences.

Usage::

    python tests/data/dutch-legacy-random/make_dense.py --jar javafo.jar \
        --first 90001 --count 400 --out reference_dense.jsonl
    gzip -9 -n reference_dense.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence

from make_reference import absences, generator_config, is_pairing, reference_run, start

from fairpair.errors import NoPairingError
from fairpair.formats import trf
from fairpair.model import Round
from fairpair.systems.dutch_legacy import DutchLegacySystem
from fairpair.workflow.generator import play_round


def params(rng: random.Random) -> dict[str, object]:
    """Random parameters of one tiny tournament."""
    players = rng.randint(5, 12)
    most = players - 1 if players % 2 == 0 else players
    rounds = max(3, most - rng.choice([0, 0, 1, 2]))
    kind = rng.random()
    return {
        "players": players,
        "rounds": rounds,
        "draw_rate": rng.choice([0.2, 0.35, 0.5, 0.6]),
        "forfeit_rate": rng.choice([0.0, 0.03, 0.08]) if kind > 0.3 else 0.0,
        "bye_rate": rng.choice([0.0, 0.03, 0.06]) if kind > 0.4 else 0.0,
        "absence_rate": rng.choice([0.0, 0.03, 0.06]) if kind > 0.4 else 0.0,
        "retire_rate": rng.choice([0.0, 0.02]) if kind > 0.7 else 0.0,
        "white1": rng.random() < 0.5,
    }


def reaches_c13(explanation: Sequence[str]) -> bool:
    """Whether the engine's notes on the round name a C.13 backtrack."""
    return any("C.13" in note for note in explanation)


def play(jar: str, seed: int) -> dict[str, object]:
    """One tournament played forward with the engine; its C.13 rounds go to the jar."""
    rng = random.Random(seed)
    p = params(rng)
    config = generator_config(seed, p)
    t = start(seed, rng, p, "dense")
    retired: set[int] = set()
    outputs: dict[str, list[list[int]]] = {}
    assertion: list[int] = []
    novalid: int | None = None

    def recorded(rnd: int) -> bool:
        # The reference's pairing of round ``rnd`` of ``t``, recorded when it is one.
        pairs, without_ea = reference_run(jar, t)
        if pairs is None or not is_pairing(pairs, t.present_players(rnd)):
            return False
        outputs[str(rnd)] = [list(pair) for pair in pairs]
        if without_ea:
            assertion.append(rnd)
        return True

    for rnd in range(1, config.rounds + 1):
        byes = absences(t, rnd, rng, p, retired)
        if len(t.players) - len(byes) < 2:
            break
        if byes:
            t = t.with_round(Round(rnd, (), byes))
        try:
            pairing = DutchLegacySystem(explain=True).pair(t, rnd)
        except NoPairingError:
            # The engine finds no legal pairing: the reference is asked too. A pairing
            # it finds is recorded (a difference the tests show); if it finds none
            # either, the round is recorded as "novalid", its absences kept in the TRF
            # (make_novalid.py gives such rounds to the reference again).
            if not recorded(rnd):
                novalid = rnd
            break
        explanation = pairing.info["explanation"]
        if reaches_c13(explanation["details"]["procedure"]):
            recorded(rnd)
        t = play_round(t.with_pairing(pairing), rnd, rng, config)
    line: dict[str, object] = {
        "seed": seed,
        "params": p,
        "trf": trf.dumps(t),
        "rounds": outputs,
        "novalid": novalid,
    }
    if assertion:
        line["assertion"] = assertion
    return line


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--jar", required=True)
    ap.add_argument("--first", type=int, default=90001)
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--out", default="reference_dense.jsonl")
    args = ap.parse_args()
    with open(args.out, "a") as out:
        for seed in range(args.first, args.first + args.count):
            line = play(args.jar, seed)
            if line["rounds"] or line["novalid"]:
                out.write(json.dumps(line, separators=(",", ":")) + "\n")
                out.flush()


if __name__ == "__main__":
    main()
