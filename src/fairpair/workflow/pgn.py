"""Results of engine games from PGN (cutechess-cli, fastchess).

:func:`enter_pgn` enters the games of a PGN file into the pending round: the first
round with a game still without a result, and in a tournament of double rounds (TCEC)
both games of its double round. Each PGN game names its players by the ``White`` and
``Black`` tags (a player's name exactly, or the one name equal to it when case and
spaces are ignored) and its result by the ``Result`` tag. All or nothing: a game that is
not a game of the pending round (other players, or the colours the other way round), a
name no player has or that two players share, an unfinished game (``*``), a game given
twice with different results, or a result other than the one already entered refuses
the whole file, naming the file, the game's number and line and what was expected.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from fairpair.errors import ConflictError, InputError, ResultEnteredError
from fairpair.formats.pgn import PgnGame
from fairpair.model import Game, ResultCode, Tournament
from fairpair.workflow.rounds import round_label

__all__ = ["PgnEntry", "enter_pgn", "pending_columns"]

_W, _L, _D = ResultCode.WIN, ResultCode.LOSS, ResultCode.DRAW
_CODES = {"1-0": (_W, _L), "0-1": (_L, _W), "1/2-1/2": (_D, _D)}


@dataclass(frozen=True)
class PgnEntry:
    """What one PGN game did: the round column and board it went to, the game after it,
    and whether it was new (False: the same result was already entered)."""

    round: int
    board: int
    game: Game
    new: bool


def pending_columns(t: Tournament) -> tuple[int, ...]:
    """The pending round's columns: the first round column with a game still without a
    result, with the other column of its double round in a tournament of double rounds."""
    for rnd in t.rounds:
        if any(not g.has_result for g in rnd.games):
            column = rnd.number
            if not t.double_rounds:
                return (column,)
            first = column if column % 2 == 1 else column - 1
            return (first, first + 1)
    raise ConflictError(
        "every paired game has a result",
        expected="a round with games to play (pair the next round first)",
    )


def _key(name: str) -> str:
    return "".join(name.split()).casefold()


def _player(t: Tournament, name: str, game: PgnGame, tag: str, file: str) -> int:
    exact = [p.number for p in t.players if p.name == name]
    if len(exact) == 1:
        return exact[0]
    loose = [p for p in t.players if _key(p.name) == _key(name)]
    if len(loose) == 1:
        return loose[0].number
    if loose:
        listed = ", ".join(f"{p.number} {p.name}" for p in loose[:5])
        raise InputError(
            f"game {game.number}: {tag} {name!r} matches {len(loose)} players ({listed})",
            expected="a name that only one player has",
            file=file,
            line=game.line,
            field="games",
        )
    raise InputError(
        f"game {game.number}: {tag} {name!r} is no player of the tournament",
        expected="the name of a player (case and spaces may differ)",
        file=file,
        line=game.line,
        field="games",
    )


def enter_pgn(
    t: Tournament, games: Sequence[PgnGame], file: str
) -> tuple[Tournament, list[PgnEntry]]:
    """Enter the results of ``games`` (read from the PGN file ``file``) into the
    pending round (see the module docstring); all or nothing."""
    columns = pending_columns(t)
    where: dict[tuple[int, int], tuple[int, int]] = {}  # (white, black) -> (column, index)
    for column in columns:
        for index, g in enumerate(t.round(column).games):
            where[g.white, g.black] = (column, index)
    decided: dict[tuple[int, int], tuple[tuple[ResultCode, ResultCode], PgnGame]] = {}
    for game in games:
        white = _player(t, game.white, game, "White", file)
        black = _player(t, game.black, game, "Black", file)
        label = f"game {game.number}: {t.player(white).name} - {t.player(black).name}"
        if game.result not in _CODES:
            unfinished = game.result == "*"
            raise InputError(
                f"{label} is unfinished (Result *)"
                if unfinished
                else f"{label}: Result {game.result!r}",
                expected="a finished game: Result 1-0, 0-1 or 1/2-1/2",
                file=file,
                line=game.line,
                field="games",
            )
        found = where.get((white, black))
        if found is None:
            reversed_ = (black, white) in where
            rounds = " or ".join(round_label(t, c) for c in columns)
            raise InputError(
                f"{label} is not a game of the pending round"
                + (" (the colours are the other way round)" if reversed_ else ""),
                expected=f"a game of {rounds} with the colours as paired",
                file=file,
                line=game.line,
                field="games",
            )
        codes = _CODES[game.result]
        earlier = decided.get(found)
        if earlier is not None and earlier[0] != codes:
            raise InputError(
                f"{label}: Result {game.result}, but game {earlier[1].number} "
                f"(line {earlier[1].line}) gave it {earlier[1].result}",
                expected="one result per game",
                file=file,
                line=game.line,
                field="games",
            )
        column, index = found
        stored = t.round(column).games[index]
        if stored.has_result and (stored.white_result, stored.black_result) != codes:
            raise ResultEnteredError(
                f"{file}:{game.line}: {label}: Result {game.result}, but board {index + 1} "
                f"of round {column} already has another result",
                expected=f"the result in the PGN, or a correction that names round {column}",
                round_number=column,
            )
        decided.setdefault(found, (codes, game))
    done: list[PgnEntry] = []
    for column in columns:
        rnd = t.round(column)
        changed = list(rnd.games)
        for index, old in enumerate(rnd.games):
            entry = decided.get((column, index))
            if entry is None:
                continue
            codes = entry[0]
            new = not old.has_result
            changed[index] = dataclasses.replace(old, white_result=codes[0], black_result=codes[1])
            done.append(PgnEntry(column, index + 1, changed[index], new))
        t = t.with_round(dataclasses.replace(rnd, games=tuple(changed)))
    return t, done
