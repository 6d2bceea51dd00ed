"""Run the commands of docs/td-guide.md and check (or rewrite) the output it shows.

The guide follows one event; this script plays that event from the player list on, in
a temporary directory, through the real command line (in-process, ``fairpair.cli.run``).
Each checked block of the guide is a fenced block preceded by a marker line

    <!-- td-guide: LABEL -->

and LABEL names a step below: the commands it runs (as typed in the guide, ``$ ...``
lines) and, for a step marked ``copy``, on a copy of the event (the event itself goes on
unchanged). A step's text is what a terminal shows: each ``$ command`` line followed by
what it printed (standard output, then standard error). A line ``...`` in the guide
stands for any number of lines; a marker may say ``head=N`` and ``tail=M`` for the lines
``--write`` keeps around one ``...``.

    python docs/tools/td_guide.py            # check: exit 1 and a diff per stale block
    python docs/tools/td_guide.py --write    # rewrite the blocks from the real output

tests/test_td_guide.py runs the check, so the guide cannot drift from the program.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import os
import re
import shlex
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[1] / "td-guide.md"

PLAYERS = """\
name,rating,title,federation
"Novak, Petra",2105,WFM,CZE
"Rossi, Marco",2290,FM,ITA
"Becker, Jonas",1980,,GER
"Dubois, Claire",2290,IM,FRA
"Kowalski, Adam",2150,,POL
"Silva, Rui",1875,,POR
"Haas, Lena",2050,WIM,AUT
"Ivanov, Sergei",2310,IM,RUS
"Moreau, Luc",2150,CM,FRA
"Jensen, Mads",1920,,DEN
"Larsen, Eva",2001,,NOR
"Rossi, Giulia",1750,,ITA
"""

FILES = {
    "players.csv": PLAYERS,
    "bad.csv": 'name,rating\n"Novak, Petra",2105\n"Rossi, Marco",abc\n',
    "four.csv": "name,rating\nAnn,2000\nBob,1900\nCid,1800\nDee,1700\n",
    "decks.csv": "name\nAlice\nBob\nCarol\nDan\nErin\nFrank\nGrace\n",
    "engines.csv": (
        "name,rating\nStockfish,3650\nLeela,3620\nKomodo Dragon,3580\nBerserk,3560\n"
        "Koivisto,3480\nIgel,3450\nCaissa,3440\nEthereal,3500\nSeer,3400\n"
    ),
    "go.csv": (
        "name,rank\nSato Ken,4d\nLee Min,3d\nPark Ji,2d\nMuller Hans,1d\nBerg Ola,1k\n"
        "Novak Eva,2k\nKim Sora,3k\nAbe Taro,5k\n"
    ),
}

NEW = 'fairpair new players.csv -o open.json --system dutch --rounds 5 --name "Club Open 2025"'


@dataclass
class Step:
    """Commands run one after the other; ``copy``: on a copy of the event."""

    label: str
    commands: list[str]
    copy: bool = False
    text: str = field(default="", init=False)


#: The event of the guide, in the order it happened.
STEPS = [
    Step("bad-csv", ["fairpair new bad.csv -o t.json --system dutch --rounds 5"]),
    Step("new", [NEW]),
    Step(
        "new-bad-name",
        ["fairpair new players.csv -o players.csv --system dutch --rounds 5 --force"],
    ),
    Step("new-exists", ["fairpair new players.csv -o open.json --system dutch --rounds 5"]),
    Step("standings-0", ["fairpair standings open.json"]),
    Step(
        "add-before-r1",
        [
            'fairpair add-player open.json "Fischer, Anna" --rating 2200 --title WFM '
            "--federation GER"
        ],
        copy=True,
    ),
    Step(
        "no-pairing-setup",
        [
            "fairpair new four.csv -o four.json --system dutch --rounds 5",
            "fairpair next four.json",
            "fairpair result four.json 1=1-0 2=1-0",
            "fairpair next four.json",
            "fairpair result four.json 1=1-0 2=1-0",
            "fairpair next four.json",
            "fairpair result four.json 1=1-0 2=1-0",
        ],
    ),
    Step("no-pairing", ["fairpair next four.json"]),
    Step("pair-1", ["fairpair pair open.json"]),
    Step("next-1", ["fairpair next open.json"]),
    Step("result-1", ["fairpair result open.json 1=1-0 2=0-1 3=1/2 4=1-0"]),
    Step(
        "result-refusals",
        [
            "fairpair result open.json rossi=loss",
            "fairpair result open.json 7=1-0",
            "fairpair result open.json 2=win",
            "fairpair result open.json haas=win fischer=draww",
        ],
    ),
    Step(
        "result-corrections",
        [
            'fairpair result open.json "marco rossi=win"',
            "fairpair result open.json -r 1 4=clear",
            'fairpair result open.json 4=0-1 kowalski=win "rossi, g=loss"',
        ],
    ),
    Step(
        "late-entry",
        [
            'fairpair add-player open.json "Fischer, Anna" --rating 2200 --title WFM '
            "--federation GER"
        ],
    ),
    Step("late-bye", ["fairpair bye open.json fischer --round 1"], copy=True),
    Step("next-2", ["fairpair next open.json"]),
    Step("pending", ["fairpair next open.json"]),
    Step("correct-after", ["fairpair result open.json -r 1 1=0-1"], copy=True),
    Step(
        "result-2",
        [
            "fairpair result open.json 1=1/2 2=1-0 3=0-1 4=-+",
            "fairpair result open.json haas=win fischer=draw",
        ],
    ),
    Step("bye-has-no-board", ["fairpair result open.json silva=loss"]),
    Step("bye-haas", ["fairpair bye open.json haas --round 3"]),
    Step("next-3", ["fairpair next open.json"]),
    Step(
        "result-3",
        ["fairpair result open.json 1=0-1 2=1/2 3=1/2 silva=forfeit-loss 5=1-0 6=1-0"],
    ),
    Step(
        "withdraw-byes",
        [
            "fairpair bye open.json novak --round 5",
            "fairpair withdraw open.json novak --from-round 5",
        ],
        copy=True,
    ),
    Step("withdraw-silva", ["fairpair withdraw open.json silva"]),
    Step("next-4-first", ["fairpair next open.json"]),
    Step("bye-paired", ["fairpair bye open.json jensen --round 4 --points 0"]),
    Step(
        "bye-next-round",
        ["fairpair bye open.json jensen --points 0            # while round 4 is in progress"],
        copy=True,
    ),
    Step(
        "withdraw-refusals",
        [
            "fairpair withdraw open.json ivanov --from-round 4",
            "fairpair withdraw open.json ivanov --from-round 9",
        ],
    ),
    Step(
        "unpair",
        [
            "fairpair unpair open.json",
            "fairpair bye open.json jensen --points 0",
            "fairpair next open.json",
        ],
    ),
    Step("result-4-first", ["fairpair result open.json 1=1/2"]),
    Step("unpair-refused", ["fairpair unpair open.json"]),
    Step("result-4", ["fairpair result open.json 2=1-0 3=0-1 4=1/2 5=0-1"]),
    Step("next-5", ["fairpair next open.json"]),
    Step("withdraw-last-round", ["fairpair withdraw open.json jensen"]),
    Step("result-5", ["fairpair result open.json 1=1/2 2=1-0 3=1-0 4=0-1 5=1/2 6=0-1"]),
    Step("all-paired", ["fairpair next open.json"]),
    Step("withdraw-cancel", ["fairpair withdraw open.json silva --cancel"]),
    Step(
        "edit-player",
        [
            "fairpair edit-player open.json fischer --rating 2210 --fide-id 1234567",
            'fairpair edit-player open.json becker --name "Dubois, Claire"',
        ],
        copy=True,
    ),
    Step(
        "edit-event",
        [
            "fairpair edit-event open.json --rounds 7",
            "fairpair edit-event open.json --rounds 4",
        ],
        copy=True,
    ),
    Step("forbid", ['fairpair forbid open.json "rossi, g" "rossi, m"'], copy=True),
    Step("boards-4", ["fairpair boards open.json -r 4"]),
    Step("crosstable", ["fairpair crosstable open.json"]),
    Step(
        "html",
        [
            "fairpair boards open.json -r 4 --html round4.html",
            "fairpair crosstable open.json --html crosstable.html",
        ],
    ),
    Step("html-refused", ["fairpair crosstable open.json --html open.json"]),
    Step("standings", ["fairpair standings open.json"]),
    Step(
        "standings-csv",
        [
            "fairpair standings open.json --tiebreaks BH-C1,SB --csv standings.csv",
            "head -3 standings.csv",
        ],
    ),
    Step("standings-rating", ["fairpair standings open.json --tiebreaks TPR,PTP,ARO"]),
    Step(
        "trf",
        [
            "fairpair convert open.json -o open.trf",
            "grep -E '^(012|192|XXR|XXC|001 +(1|7|9|10|11|13) |FPJ)' open.trf",
        ],
    ),
    Step(
        "trf2026",
        [
            "fairpair edit-event open.json --city Torino --federation ITA --start 2025-10-03 \\\n"
            '    --end 2025-10-05 --arbiter "Rossi, Anna" --deputy "Bianchi, Luca" \\\n'
            '    --time-control "90\'+30\\"" --type "Individual: Swiss-System"',
            "fairpair convert open.json -o report.trf --format trf2026",
        ],
        copy=True,
    ),
    Step("check", ["fairpair check open.json --all"]),
    Step(
        "check-differs",
        ["fairpair result open.json -r 1 1=0-1", "fairpair check open.json --all"],
        copy=True,
    ),
    # -- other systems
    Step(
        "netrunner-new",
        ["fairpair new decks.csv -o store.json --system netrunner --rounds 3 --seed 7"],
    ),
    Step("netrunner-next", ["fairpair next store.json"]),
    Step(
        "netrunner-rounds",
        [
            "fairpair result store.json 1=0-1 2=id 3=tie",
            "fairpair next store.json",
            "fairpair result store.json 1=1-0 2=0-1 player:7=win",
            "fairpair next store.json",
            "fairpair result store.json 1=1-0 2=0-1 3=1-0",
        ],
    ),
    Step("netrunner-crosstable", ["fairpair crosstable store.json"]),
    Step(
        "netrunner-double-setup",
        [
            "fairpair new decks.csv -o double.json --system netrunner --rounds 2 --double",
            "fairpair next double.json",
        ],
    ),
    Step("netrunner-double", ["fairpair result double.json 1=2-0 2=id"]),
    Step("tcec-seed", ["fairpair seed engines.csv                       # preview the seeding"]),
    Step("tcec-new", ["fairpair new engines.csv -o tcec.json --system tcec --rounds 4"]),
    Step("tcec-next", ["fairpair next tcec.json"]),
    Step(
        "tcec-double",
        [
            "fairpair new engines.csv -o tcec2.json --system tcec --rounds 3 --double",
            "fairpair next tcec2.json",
            "fairpair result tcec2.json 1=1-0 2=1/2 3=0-1 4=1-0",
            "fairpair next tcec2.json",
            "fairpair result tcec2.json 1=1/2 2=1/2 3=1-0 4=0-1",
            "fairpair next tcec2.json                      # after both games of round 1",
            "fairpair standings tcec2.json",
        ],
    ),
    Step(
        "mcmahon",
        [
            "fairpair new go.csv -o go.json --system mcmahon --rounds 3 --bar 3d --handicap minus1",
            "fairpair mcmahon bands go.json",
        ],
    ),
    Step("mcmahon-next", ["fairpair bye go.json berg --round 1", "fairpair next go.json"]),
    Step(
        "mcmahon-force",
        [
            "fairpair force go.json sato kim                 # round 1 is paired",
            "fairpair force go.json sato park -r 1",
        ],
    ),
    Step("mcmahon-boards", ["fairpair boards go.json --go"]),
]


def _run_fairpair(args: list[str]) -> str:
    from fairpair.cli import run

    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        contextlib.suppress(SystemExit),  # a usage message
    ):
        run(args)
    return out.getvalue() + err.getvalue()


def _run(command: str) -> str:
    """One ``$`` line: its output as a terminal shows it."""
    args = shlex.split(command.replace("\\\n", " "), comments=True)
    if args[0] == "fairpair":
        return _run_fairpair(args[1:])
    if args[0] == "head":
        count = int(args[1].lstrip("-"))
        lines = Path(args[2]).read_text(encoding="utf-8").splitlines(keepends=True)
        return "".join(lines[:count])
    if args[0] == "grep" and args[1] == "-E":
        pattern = re.compile(args[2])
        lines = Path(args[3]).read_text(encoding="utf-8").splitlines(keepends=True)
        return "".join(line for line in lines if pattern.search(line))
    raise ValueError(f"no such command in the guide's runner: {command}")


def play(directory: Path) -> dict[str, str]:
    """Play the event in ``directory``; the text of every step by label."""
    for name, text in FILES.items():
        (directory / name).write_text(text, encoding="utf-8")
    texts: dict[str, str] = {}
    here = Path.cwd()
    os.chdir(directory)
    try:
        for step in STEPS:
            saved = None
            if step.copy:
                saved = Path(tempfile.mkdtemp(prefix="td-guide-"))
                for name in os.listdir("."):
                    if os.path.isfile(name):
                        shutil.copy2(name, saved / name)
            text = "".join(f"$ {c}\n" + _run(c) for c in step.commands)
            lines = [line.rstrip() for line in text.rstrip("\n").split("\n")]
            texts[step.label] = "\n".join(lines)
            if saved is not None:
                for name in os.listdir("."):
                    if os.path.isfile(name):
                        os.remove(name)
                for name in os.listdir(saved):
                    shutil.copy2(saved / name, name)
                shutil.rmtree(saved)
    finally:
        os.chdir(here)
    return texts


MARKER = re.compile(r"^<!-- td-guide: (?P<label>[\w-]+)(?P<opts>[^>]*)-->\n```\n", re.M)


def _matches(shown: list[str], real: list[str]) -> bool:
    """Do the guide's lines match the real ones, ``...`` standing for any lines?"""
    if not shown:
        return not real
    if shown[0] == "...":
        return any(_matches(shown[1:], real[i:]) for i in range(len(real) + 1))
    return bool(real) and shown[0] == real[0] and _matches(shown[1:], real[1:])


def _shortened(real: list[str], options: str) -> list[str]:
    found = dict(re.findall(r"(head|tail)=(\d+)", options))
    if not found:
        return real
    head, tail = int(found.get("head", len(real))), int(found.get("tail", 0))
    if head + tail >= len(real):
        return real
    return real[:head] + ["..."] + (real[len(real) - tail :] if tail else [])


def main(argv: list[str]) -> int:
    write = "--write" in argv
    guide = GUIDE.read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="td-guide-") as tmp:
        texts = play(Path(tmp))
    out: list[str] = []
    stale = 0
    at = 0
    for marker in MARKER.finditer(guide):
        label, options = marker["label"], marker["opts"]
        end = guide.index("\n```\n", marker.end() - 1)
        shown = guide[marker.end() : end].split("\n")
        if label not in texts:
            print(f"td-guide.md: no step {label!r} in {__file__}", file=sys.stderr)
            return 2
        real = texts[label].replace(tmp, "TMP").split("\n")
        out.append(guide[at : marker.end()])
        if _matches(shown, real):
            out.append("\n".join(shown))
        else:
            stale += 1
            if not write:
                diff = difflib.unified_diff(shown, real, "guide", "fairpair", lineterm="")
                print(f"td-guide.md, block {label}:\n" + "\n".join(diff) + "\n")
            out.append("\n".join(_shortened(real, options)))
        at = end
    out.append(guide[at:])
    if write:
        GUIDE.write_text("".join(out), encoding="utf-8")
        print(f"{stale} block(s) rewritten")
        return 0
    if stale:
        print(f"{stale} block(s) of docs/td-guide.md differ from what fairpair prints")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
