"""Make the Burstein reference rounds: play random tournaments forward, each round
paired by a bbpPairings binary in Burstein mode, and keep every round as a case.

    python make_vectors.py BBP_BINARY OUT_DIR FIRST_SEED LAST_SEED [--lichess|--large]

For each seed: a field of 5-90 players, 3-9 rounds, a random point system
(1/0.5/0 or 3/1/0 via BBW/BBD), sometimes forbidden pairs (XXP) or explicit
acceleration (XXA), random draws, forfeits and announced absences (``0000 - H`` /
``0000 - Z``). Round r's case is the TRF of rounds 1..r-1
plus the absences known for round r (``OUT/NAME.trf``) and the binary's answer to
``BBP --burstein NAME.trf -p NAME.expected``; results of the round are then drawn
at random (rating-based) and play goes on. A round with no legal pairing goes to
``OUT_novalid/`` and ends the tournament. ``OUT.manifest.jsonl`` lists the cases.
``--lichess``: files as a platform writes them (10-120 players, 1/0.5/0 points, no
XXA; an absence is ``0000 - -``; late joiners have ``0000 - H`` for the rounds before
they join). ``--large``: the same with 250-700 players and 2-3 rounds.
This script only runs the binary; it does not build it.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

STANDARD = {"1": 1.0, "0": 0.0, "=": 0.5, "+": 1.0, "-": 0.0, "U": 1.0, "H": 0.5, "Z": 0.0}
FOOTBALL = {"1": 3.0, "0": 0.0, "=": 1.0, "+": 3.0, "-": 0.0, "U": 3.0, "H": 1.0, "Z": 0.0}
OPPOSITE = {"1": "0", "0": "1", "=": "="}

Block = tuple[int, str, str]


def player_line(
    player: dict[str, int], blocks: list[Block], counted: int, table: dict[str, float]
) -> str:
    points = sum(table[result] for _, _, result in blocks[:counted])
    number = player["id"]
    name = f"Test{number:04d} Player{number:04d}"
    text = f"001 {number:4d}      {name:<33s} {player['rating']:4d}{'':28s}{points:4.1f}{number:5d}"
    for opponent, colour, result in blocks:
        text += f"  {opponent:4d} {colour} {result}" if opponent else f"  0000 - {result}"
    return text


def write_case(
    path: Path,
    t: dict[str, object],
    players: list[dict[str, int]],
    history: dict[int, list[Block]],
    rnd: int,
    absent: dict[int, str],
) -> None:
    rows = [
        f"012 bbp-burstein-vector t{t['seed']} round {rnd}",
        f"XXR {t['rounds']}",
        f"XXC {t['xxc']}",
    ]
    football = t["points"] == "3-1-0"
    if football:
        rows += ["BBW  3.0", "BBD  1.0"]
    rows += [f"XXP {a} {b}" for a, b in t["xxp"]]  # type: ignore[attr-defined]
    for number, values in t["xxa"]:  # type: ignore[attr-defined]
        rows.append(f"XXA {number:4d}" + "".join(f" {v:4.1f}" for v in values))
    for player in players:
        blocks = list(history[player["id"]])
        if player["id"] in absent:
            blocks.append((0, "-", absent[player["id"]]))
        rows.append(player_line(player, blocks, rnd - 1, FOOTBALL if football else STANDARD))
    path.write_text("\n".join(rows) + "\n")


def tournament(seed: int, bbp: str, out: Path, style: str) -> list[dict[str, object]]:
    rng = random.Random(seed)
    if style == "large":
        n, rounds = rng.randint(250, 700), rng.randint(2, 3)
    elif style == "lichess":
        n, rounds = rng.randint(10, 120), rng.randint(3, 11)
    else:
        n = rng.randint(5, 40) if rng.random() < 0.8 else rng.randint(41, 90)
        rounds = rng.randint(3, 9)
    t: dict[str, object] = {"seed": seed, "rounds": rounds, "xxc": rng.choice(["white1", "black1"])}
    platform = style in ("lichess", "large")
    t["points"] = "3-1-0" if rng.random() < 0.2 and not platform else "1-0.5-0"
    win = 3.0 if t["points"] == "3-1-0" else 1.0
    t["xxp"] = []
    if rng.random() < 0.25:
        t["xxp"] = [tuple(rng.sample(range(1, n + 1), 2)) for _ in range(rng.randint(1, 3))]
    t["xxa"] = []
    if platform:
        pass
    elif rng.random() < 0.15:
        t["xxa"] = [(i, [win] * rng.randint(1, 3)) for i in range(1, n // 2 + 1)]
    elif rng.random() < 0.1:
        t["xxa"] = [(1, [0.0])]  # an XXA line switches the default acceleration off
    draw = rng.choice([0.0, 0.2, 0.4])
    forfeit = rng.choice([0.0, 0.03, 0.08])
    absence = rng.choice([0.0, 0.05, 0.12])
    ratings = sorted((rng.randint(1200, 2700) for _ in range(n)), reverse=True)
    players = [{"id": i + 1, "rating": r} for i, r in enumerate(ratings)]
    rating = {p["id"]: p["rating"] for p in players}
    history: dict[int, list[Block]] = {p["id"]: [] for p in players}
    manifest: list[dict[str, object]] = []
    joins = {p["id"]: rng.randint(2, rounds) for p in players if platform and rng.random() < 0.1}
    for rnd in range(1, rounds + 1):
        codes = "-" if platform else "HZ"
        absent = {p["id"]: rng.choice(codes) for p in players if rng.random() < absence}
        absent.update({number: "H" for number, join in joins.items() if rnd < join})
        name = f"b{seed}_n{n}_r{rnd}of{rounds}"
        case = out / f"{name}.trf"
        expected = out / f"{name}.expected"
        write_case(case, t, players, history, rnd, absent)
        done = subprocess.run(
            [bbp, "--burstein", str(case), "-p", str(expected)], capture_output=True, text=True
        )
        if done.returncode != 0:
            novalid = out.parent / (out.name + "_novalid")
            novalid.mkdir(exist_ok=True)
            case.rename(novalid / case.name)
            expected.unlink(missing_ok=True)
            manifest.append({"case": name, "set": "novalid", "exit": done.returncode})
            break
        words = expected.read_text().split()
        pairs = [(int(a), int(b)) for a, b in zip(words[1::2], words[2::2], strict=True)]
        manifest.append(
            {
                "case": name,
                "seed": seed,
                "players": n,
                "round": rnd,
                "rounds": rounds,
                "points": t["points"],
                "xxp": len(t["xxp"]),  # type: ignore[arg-type]
                "xxa": len(t["xxa"]),  # type: ignore[arg-type]
                "draw": draw,
                "forfeit": forfeit,
                "absence": absence,
                "xxc": t["xxc"],
                "absentees": len(absent),
                "pairs": len(pairs),
                "pab": any(black == 0 for _, black in pairs),
            }
        )
        for number, code in absent.items():
            history[number].append((0, "-", code))
        for white, black in pairs:
            if black == 0:
                history[white].append((0, "-", "U"))
                continue
            if rng.random() < forfeit:
                result = rng.choice("+-")
                history[white].append((black, "w", result))
                history[black].append((white, "b", "-" if result == "+" else "+"))
                continue
            expected_white = 1 / (1 + 10 ** ((rating[black] - rating[white]) / 400))
            result = "=" if rng.random() < draw else None
            result = result or ("1" if rng.random() < expected_white else "0")
            history[white].append((black, "w", result))
            history[black].append((white, "b", OPPOSITE[result]))
    return manifest


def main() -> None:
    bbp, out, first, last = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    style = (
        "large" if "--large" in sys.argv[5:] else "lichess" if "--lichess" in sys.argv[5:] else ""
    )
    out.mkdir(parents=True, exist_ok=True)
    with open(out.parent / (out.name + ".manifest.jsonl"), "w") as manifest:
        for seed in range(first, last + 1):
            for entry in tournament(seed, bbp, out, style):
                manifest.write(json.dumps(entry) + "\n")


if __name__ == "__main__":
    main()
