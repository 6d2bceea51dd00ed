"""The boards of a round as cutechess-cli command lines (``fairpair boards --cutechess``).

cutechess-cli (its ``-help``): ``-engine conf=NAME`` takes an engine by its name in
cutechess' ``engines.json``; in a match of two engines the first plays White in the
first game; ``-games N`` plays N games per encounter and, unless ``-noswap``, the
engines swap sides after each game; ``-repeat`` plays each opening twice.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence

from fairpair.errors import InputError
from fairpair.model import Tournament

__all__ = ["cutechess_lines"]


def cutechess_lines(
    t: Tournament, columns: Sequence[int], *, pgnout: str | None = None, extra: str = ""
) -> list[str]:
    """One cutechess-cli command line per board of the round ``columns`` (one column,
    or the two columns of a double round): the engines by their names in cutechess'
    ``engines.json`` (``-engine conf=NAME``), the first one White. For a double round
    whose two games are both to be played, ``-games 2 -repeat``: cutechess plays the
    opening twice, the engines swapping sides after the first game, which are the
    paired colours of the two games; a game with a result is left out. ``pgnout``: the
    PGN file the games are appended to (``-pgnout``); ``extra``: further options, shell
    words (e.g. ``-each tc=40/60 proto=uci``). Every word is quoted for a POSIX shell."""
    try:
        extra_words = shlex.split(extra)
    except ValueError as exc:
        raise InputError(f"the options {extra!r}: {exc}", expected="shell words") from None
    event = next((text for code, text in t.headers if code == "012"), "")
    tail = ["-event", event] if event else []
    if pgnout:
        tail += ["-pgnout", pgnout]
    tail += extra_words
    first, *rest = columns
    second = t.round(rest[0]).games if rest else ()
    lines = []
    for game in t.round(first).games:
        twin = next((g for g in second if set(g.players) == set(game.players)), None)
        to_play = [g for g in (game, twin) if g is not None and not g.has_result]
        if not to_play:
            continue
        games = ["-games", "2", "-repeat"] if len(to_play) == 2 else ["-games", "1"]
        white = t.player(to_play[0].white).name
        black = t.player(to_play[0].black).name
        words = ["cutechess-cli", "-engine", f"conf={white}", "-engine", f"conf={black}"]
        lines.append(" ".join(shlex.quote(w) for w in [*words, *games, *tail]))
    return lines
