"""PGN game files, as cutechess-cli and fastchess write them: the tag pairs of each game.

fairpair needs only who played whom with which colour and how the game ended: the
``White``, ``Black`` and ``Result`` tags of each game (PGN standard, section 8.1). The
reader here reads the tag sections and skips the movetext, so it reads a file of
thousands of engine games in a fraction of the time a move parser takes, and adds no
dependency (python-chess, the usual PGN library, parses and checks every move and is
licensed GPL-3.0, fairpair MIT).

What it knows of the movetext is what separates games: comments in braces (which may
span lines and contain ``[``), comments from ``;`` to the end of the line, lines
starting with ``%`` (escapes), and that a tag line after movetext starts the next
game. It refuses (an :class:`~fairpair.errors.InputError` naming the file, the line and
what was expected): a line starting with ``[`` that is not a tag pair, a comment left
open at the end of the file, a game without a ``White``, ``Black`` or ``Result`` tag, a
tag given twice in one game, and a file without games.

>>> games = loads('[White "A"]\\n[Black "B"]\\n[Result "1-0"]\\n\\n1. e4 {+0.3/20} 1-0\\n')
>>> games[0].white, games[0].black, games[0].result, games[0].line
('A', 'B', '1-0', 1)
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

from fairpair import limits
from fairpair.errors import InputError

__all__ = ["RESULTS", "PgnGame", "load", "loads"]

#: The values of the Result tag (PGN standard 8.1.1.7): white wins, black wins, draw,
#: unfinished.
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")

#: A tag pair: ``[Name "value"]``, the value with ``\\"`` and ``\\\\`` escapes.
_TAG = re.compile(r'\[\s*([A-Za-z0-9_+#=:-]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*')
_ESCAPE = re.compile(r"\\(.)")


@dataclass(frozen=True)
class PgnGame:
    """One game of a PGN file: its number in the file (1, 2, ...), the line its tag
    section starts on, and its tags."""

    number: int
    line: int
    tags: Mapping[str, str]

    @property
    def white(self) -> str:
        return self.tags["White"]

    @property
    def black(self) -> str:
        return self.tags["Black"]

    @property
    def result(self) -> str:
        return self.tags["Result"]


def load(path: str | os.PathLike[str]) -> list[PgnGame]:
    """The games of the PGN file at ``path`` (see :func:`loads`); a file larger than the
    ``file_bytes`` limit is refused before it is read."""
    name = os.fspath(path)
    return loads(limits.read_file(name), file=name)


def _decode(data: bytes, file: str) -> str:
    """UTF-8 (what cutechess-cli and fastchess write), else ISO 8859-1 (the PGN
    standard's character set, in which every byte is a character)."""
    if b"\0" in data:
        line = data.count(b"\n", 0, data.index(b"\0")) + 1
        raise InputError(
            "binary data (a NUL byte)", expected="a PGN text file", file=file, line=line
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def loads(text: str | bytes, *, file: str = "<input>") -> list[PgnGame]:
    """The games of a PGN text, in file order."""
    if isinstance(text, bytes):
        text = _decode(text, file)
    text = text.removeprefix("\ufeff")
    games: list[PgnGame] = []
    tags: dict[str, str] = {}
    start = 0  # the line of the current game's first tag (0: no game open)
    in_moves = False  # movetext seen since the current game's tags
    comment_from = 0  # the line a brace comment opened on (0: none open)

    def finish() -> None:
        if not start:
            return
        for required in ("White", "Black", "Result"):
            if required not in tags:
                raise InputError(
                    f"game {len(games) + 1} (line {start}) has no {required} tag",
                    expected=f'a tag pair [{required} "..."] in every game',
                    file=file,
                    line=start,
                )
        games.append(PgnGame(len(games) + 1, start, dict(tags)))

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw
        if comment_from:
            end = line.find("}")
            if end < 0:
                continue
            comment_from = 0
            line = line[end + 1 :]
            if start:
                in_moves = True
        elif raw.startswith("%"):
            continue
        stripped = line.strip()
        if stripped.startswith("[") and line is raw:
            if in_moves or not start:
                finish()
                tags, start, in_moves = {}, number, False
            match = _TAG.fullmatch(stripped)
            if match is None:
                raise InputError(
                    f"found {stripped[:40]!r}",
                    expected='a tag pair such as [White "name"]',
                    file=file,
                    line=number,
                )
            name, value = match.group(1), _ESCAPE.sub(r"\1", match.group(2))
            if name in tags and tags[name] != value:
                raise InputError(
                    f"game {len(games) + 1}: the tag {name} is given twice",
                    expected="each tag once per game",
                    file=file,
                    line=number,
                )
            tags[name] = value
            continue
        # movetext: skip comments, note an unterminated brace comment
        rest = stripped
        while rest:
            brace, semicolon = rest.find("{"), rest.find(";")
            if semicolon >= 0 and (brace < 0 or semicolon < brace):
                rest = rest[:semicolon].strip()
                break
            if brace < 0:
                break
            end = rest.find("}", brace)
            if end < 0:
                comment_from = number
                rest = rest[:brace].strip()
                break
            rest = (rest[:brace] + " " + rest[end + 1 :]).strip()
        if stripped:
            if not start:
                raise InputError(
                    f"found {stripped[:40]!r} before any tag pair",
                    expected='a game starting with tag pairs such as [White "name"]',
                    file=file,
                    line=number,
                )
            in_moves = True
    if comment_from:
        raise InputError(
            "a comment { is not closed",
            expected="} before the end of the file",
            file=file,
            line=comment_from,
        )
    finish()
    if not games:
        raise InputError("no games", expected="a PGN file with at least one game", file=file)
    return games
