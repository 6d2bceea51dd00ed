"""Results: parsing what a director types and entering it into a round.

Two ways to name a result:

* ``BOARD=RESULT``, the result from the first-listed (white / corp) player's side:
  ``1-0``, ``0-1``, ``1/2`` (also ``=``, ``½``, ``½-½``, ``0.5-0.5``, ``1/2-1/2``),
  ``+-`` / ``-+`` (forfeits), ``--`` (double forfeit), ``clear`` (back to pending);
* ``PLAYER=OUTCOME``, from that player's side: ``win``, ``loss``, ``draw`` (also
  ``jigo``, ``tie``), ``forfeit-win``, ``forfeit-loss``, ``double-forfeit``, ``clear``;
  PLAYER is a pairing number or a unique part of a name.

>>> parse_entry("3=1-0")
ResultEntry(target='3', by_board=True, codes=(<ResultCode.WIN: '1'>, <ResultCode.LOSS: '0'>))
>>> parse_entry("carlsen=draw").codes
(<ResultCode.DRAW: '='>, <ResultCode.DRAW: '='>)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fairpair.errors import ConflictError, InputError, ResultEnteredError
from fairpair.model import Game, ResultCode, Tournament
from fairpair.workflow.players import find_player

__all__ = [
    "OUTCOMES",
    "SCORES",
    "EnteredResult",
    "ResultEntry",
    "default_result_round",
    "enter_results",
    "parse_entry",
    "result_text",
    "set_result",
]

W, L, D = ResultCode.WIN, ResultCode.LOSS, ResultCode.DRAW
FW, FL = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS

Codes = tuple[ResultCode, ResultCode] | None

_DRAW = (D, D)

#: Board results, from the first-listed player's side (None = clear).
SCORES: Mapping[str, Codes] = {
    "1-0": (W, L),
    "0-1": (L, W),
    "1/2": _DRAW,
    "=": _DRAW,
    "½": _DRAW,
    "½-½": _DRAW,
    "0.5-0.5": _DRAW,
    "1/2-1/2": _DRAW,
    "+-": (FW, FL),
    "-+": (FL, FW),
    "--": (FL, FL),
    "clear": None,
}

#: Player outcomes, from that player's side (None = clear).
OUTCOMES: Mapping[str, Codes] = {
    "win": (W, L),
    "loss": (L, W),
    "draw": _DRAW,
    "jigo": _DRAW,
    "tie": _DRAW,
    "forfeit-win": (FW, FL),
    "forfeit-loss": (FL, FW),
    "double-forfeit": (FL, FL),
    "clear": None,
}

_TEXT: Mapping[tuple[ResultCode, ResultCode], str] = {
    (W, L): "1-0",
    (L, W): "0-1",
    (D, D): "½-½",
    (FW, FL): "+-",
    (FL, FW): "-+",
    (FL, FL): "--",
    (ResultCode.UNRATED_WIN, ResultCode.UNRATED_LOSS): "1-0 (unrated)",
    (ResultCode.UNRATED_LOSS, ResultCode.UNRATED_WIN): "0-1 (unrated)",
    (ResultCode.UNRATED_DRAW, ResultCode.UNRATED_DRAW): "½-½ (unrated)",
}


def result_text(game: Game) -> str:
    """``1-0``, ``½-½``, ``+-``, ... or ``""`` for a pending game."""
    if game.white_result is None or game.black_result is None:
        return ""
    pair = (game.white_result, game.black_result)
    return _TEXT.get(pair, f"{pair[0].value}-{pair[1].value}")


@dataclass(frozen=True)
class ResultEntry:
    """One parsed ``X=Y`` argument: a board number or a player, and the codes of the
    first-listed player / the named player then his opponent (None = clear)."""

    target: str
    by_board: bool
    codes: Codes

    @classmethod
    def for_board(cls, board: int, codes: Codes) -> ResultEntry:
        """The result of board ``board``, from its first-listed player's side."""
        return cls(str(board), True, codes)


def parse_entry(text: str, *, players_only: bool = False) -> ResultEntry:
    """Parse ``BOARD=RESULT`` or ``PLAYER=OUTCOME`` (see the module docstring).

    ``N=clear`` clears board N; with ``players_only`` every left side names a player
    (``7=win``: player 7)."""
    target, sep, value = text.partition("=")
    target = target.strip()
    key = value.strip().lower().replace(" ", "")
    if not sep or not target:
        raise InputError(
            f"found {text!r}",
            expected="BOARD=RESULT (e.g. 3=1-0) or PLAYER=win|loss|draw|...",
            field="result",
        )
    by_word = players_only or not (target.isascii() and target.isdigit())
    if key in SCORES and not (by_word and key in OUTCOMES):
        if players_only:
            raise InputError(
                f"found {text!r}",
                expected="PLAYER=" + "|".join(OUTCOMES) + " (a player's side)",
                field="result",
            )
        if not (target.isascii() and target.isdigit()):
            raise InputError(
                f"found {text!r}",
                expected=f"a board number before '=' (or {target}=win|loss|draw|... for a player)",
                field="result",
            )
        return ResultEntry(target, True, SCORES[key])
    if key in OUTCOMES:
        return ResultEntry(target, False, OUTCOMES[key])
    raise InputError(
        f"found result {value.strip()!r} in {text!r}",
        expected="one of " + " ".join(SCORES) + " (board) or " + "|".join(OUTCOMES) + " (player)",
        field="result",
    )


def default_result_round(t: Tournament) -> int:
    """The round results go to by default: the first with a pending game, else the last
    paired round."""
    for rnd in t.rounds:
        if any(not g.has_result for g in rnd.games):
            return rnd.number
    if t.rounds_played == 0:
        raise ConflictError("no round is paired yet", expected="pair a round first")
    return t.rounds_played


@dataclass(frozen=True)
class EnteredResult:
    """What one entry did: the board, the game after it, the result before it."""

    board: int
    game: Game
    before: str


def _locate(t: Tournament, round_number: int, entry: ResultEntry) -> tuple[int, bool]:
    """(index of the game in the round, whether the entry speaks for its second player)."""
    games = t.round(round_number).games
    if entry.by_board:
        board = int(entry.target)
        if not 1 <= board <= len(games):
            raise InputError(
                f"board {board} in round {round_number}",
                expected=f"a board from 1 to {len(games)}",
                field="board",
            )
        return board - 1, False
    player = find_player(t, entry.target)
    for index, game in enumerate(games):
        if player.number in game.players:
            return index, player.number == game.black
    bye = t.round(round_number).byes.get(player.number)
    why = f"a {bye.name.lower().replace('_', '-')} bye" if bye is not None else "no game"
    raise InputError(
        f"{player.name} ({player.number}) has {why} in round {round_number}",
        expected="a player with a game in that round",
        field="player",
    )


def enter_results(
    t: Tournament,
    round_number: int,
    entries: Sequence[ResultEntry],
    *,
    allow_changes: bool = True,
) -> tuple[Tournament, list[EnteredResult]]:
    """Enter ``entries`` into round ``round_number``; all or nothing.

    Refused when the round has no games, a board or player is unknown, or one game is
    given two different results in the same call; without ``allow_changes`` also when an
    entry would change a result already entered (a correction must name its round).
    """
    if not entries:
        raise InputError(
            "no results given", expected="BOARD=RESULT or PLAYER=OUTCOME ...", field="result"
        )
    rnd = t.round(round_number)
    if not rnd.games:
        paired = t.rounds_played
        hint = f"a paired round (1 to {paired})" if paired else "a paired round"
        raise InputError(f"round {round_number} is not paired", expected=hint, field="round")
    games = list(rnd.games)
    decided: dict[int, Codes] = {}
    for entry in entries:
        index, second = _locate(t, round_number, entry)
        codes = entry.codes
        if codes is not None and second:
            codes = (codes[1], codes[0])
        if index in decided and decided[index] != codes:
            raise InputError(
                f"board {index + 1} of round {round_number} is given two different results",
                expected="one result per game",
                field="result",
            )
        decided[index] = codes
    done: list[EnteredResult] = []
    for index, codes in sorted(decided.items()):
        old = games[index]
        was = result_text(old)
        if (
            not allow_changes
            and was
            and (old.white_result, old.black_result)
            != (codes if codes is not None else (None, None))
        ):
            raise ResultEnteredError(
                f"board {index + 1} of round {round_number} already has the result {was}",
                expected=f"name round {round_number} to correct it",
                round_number=round_number,
            )
        white, black = codes if codes is not None else (None, None)
        games[index] = dataclasses.replace(old, white_result=white, black_result=black)
        done.append(EnteredResult(index + 1, games[index], result_text(old)))
    return t.with_round(dataclasses.replace(rnd, games=tuple(games))), done


def set_result(
    t: Tournament,
    round_number: int,
    board: int,
    result: Codes,
    *,
    allow_changes: bool = True,
) -> tuple[Tournament, EnteredResult]:
    """Enter (or correct, or with ``None`` clear) the result of one board: ``result``
    is the pair of codes from the first-listed player's side, e.g.
    ``SCORES["1-0"]``. The same rules as :func:`enter_results`; no text is parsed.

    >>> from fairpair.model import Player, Round, Game
    >>> t = Tournament(players=(Player(1, "A"), Player(2, "B")), total_rounds=1)
    >>> t = t.with_round(Round(1, (Game(1, 2),)))
    >>> t, done = set_result(t, 1, 1, SCORES["0-1"])
    >>> result_text(done.game)
    '0-1'
    """
    t, done = enter_results(
        t, round_number, [ResultEntry.for_board(board, result)], allow_changes=allow_changes
    )
    return t, done[0]
