"""Results: parsing what a director types and entering it into a round.

A bare number on the left of ``=`` is always a board; a player is named in a form
that cannot be read as a board: ``player:N`` (his pairing number) or a name.

* ``BOARD=RESULT``, the result from the first-listed (white / corp) player's side:
  ``1-0``, ``0-1``, ``1/2`` (also ``=``, ``½``, ``½-½``, ``0.5-0.5``, ``1/2-1/2``,
  and the words ``draw``, ``tie``, ``jigo``), ``+-`` / ``-+`` (forfeits), ``--`` (also
  ``double-forfeit``), ``clear`` (back to pending); ``board:N`` is the same as ``N``.
  A word that needs a side (``win``, ``loss``, ``forfeit-win``, ``forfeit-loss``,
  ``2-for-1``) does not say whose it is on a board: refused, naming the two ways to
  write it (``3=1-0`` / ``3=0-1``, or ``player:3=win``);
* ``PLAYER=OUTCOME``, from that player's side: ``win``, ``loss``, ``draw`` (also
  ``jigo``, ``tie``), ``forfeit-win``, ``forfeit-loss``, ``double-forfeit``, ``clear``;
  PLAYER is ``player:N`` (pairing number N, or ``player:NAME``) or a unique part of
  a name.

Two Netrunner result kinds (Cobra's terms) are flagged on the games they make
(:attr:`fairpair.model.Game.flags`), so that they are kept and exported:

* an intentional draw, ``BOARD=id`` or ``PLAYER=id`` (also ``intentional-draw``): both
  players get the draw (tie) points; in a double round both games are drawn;
* a 2-for-1, only in a double round: one report gives one player both games,
  ``BOARD=2-0`` / ``BOARD=0-2`` (the board's first-listed player wins both / loses
  both) or ``PLAYER=2-for-1`` (also ``2for1``, ``two-for-one``): that player wins both
  games, whatever his side in each.

>>> entry = parse_entry("3=1-0")
>>> entry.target, entry.by_board, entry.codes, entry.flag
('3', True, (<ResultCode.WIN: '1'>, <ResultCode.LOSS: '0'>), None)
>>> parse_entry("carlsen=draw").codes
(<ResultCode.DRAW: '='>, <ResultCode.DRAW: '='>)
>>> parse_entry("player:2=win").target, parse_entry("player:2=win").by_board
('2', False)
>>> parse_entry("2=tie").by_board
True
>>> parse_entry("4=id").flag, parse_entry("jack=2-for-1").flag
('intentional_draw', 'two_for_one')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fairpair.errors import ConflictError, InputError, ResultEnteredError
from fairpair.model import Game, ResultCode, Tournament
from fairpair.workflow.players import find_player

__all__ = [
    "BOARD_WORDS",
    "FLAGGED_OUTCOMES",
    "FLAGGED_SCORES",
    "OUTCOMES",
    "SCORES",
    "EnteredResult",
    "ResultEntry",
    "default_result_round",
    "enter_results",
    "flagged_scores_of",
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

ID, TWO_FOR_ONE = "intentional_draw", "two_for_one"

#: Flagged board results (Netrunner), from the first-listed player's side: the codes
#: and the flag.
FLAGGED_SCORES: Mapping[str, tuple[tuple[ResultCode, ResultCode], str]] = {
    "id": (_DRAW, ID),
    "2-0": ((W, L), TWO_FOR_ONE),
    "0-2": ((L, W), TWO_FOR_ONE),
}

#: Flagged player outcomes (Netrunner), from that player's side.
FLAGGED_OUTCOMES: Mapping[str, tuple[tuple[ResultCode, ResultCode], str]] = {
    "id": (_DRAW, ID),
    "intentional-draw": (_DRAW, ID),
    "2-for-1": ((W, L), TWO_FOR_ONE),
    "2for1": ((W, L), TWO_FOR_ONE),
    "two-for-one": ((W, L), TWO_FOR_ONE),
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
    text = _TEXT.get(pair, f"{pair[0].value}-{pair[1].value}")
    if ID in game.flags:
        text += " (ID)"
    if TWO_FOR_ONE in game.flags:
        text += " (2-for-1)"
    return text


@dataclass(frozen=True)
class ResultEntry:
    """One parsed ``X=Y`` argument: a board number or a player, and the codes of the
    first-listed player / the named player then his opponent (None = clear); ``flag``
    for an intentional draw or a 2-for-1 (see the module docstring)."""

    target: str
    by_board: bool
    codes: Codes
    flag: str | None = None

    @classmethod
    def for_board(cls, board: int, codes: Codes, flag: str | None = None) -> ResultEntry:
        """The result of board ``board``, from its first-listed player's side (``flag``:
        an intentional draw or a 2-for-1, as in :data:`FLAGGED_SCORES`)."""
        return cls(str(board), True, codes, flag)

    @classmethod
    def for_board_key(cls, board: int, key: str) -> ResultEntry:
        """The result ``key`` (a key of :data:`SCORES` or :data:`FLAGGED_SCORES`) of
        board ``board``: a structured entry, no text parsed.

        >>> ResultEntry.for_board_key(2, "id").flag
        'intentional_draw'
        """
        if key in FLAGGED_SCORES:
            codes, flag = FLAGGED_SCORES[key]
            return cls.for_board(board, codes, flag)
        return cls.for_board(board, SCORES[key])


def _recorded_flags(t: Tournament) -> tuple[str, tuple[str, ...]]:
    """The name of the system of ``t`` and the flags its descriptor's ``result_flags``
    record (none for a system fairpair does not have)."""
    from fairpair.systems import descriptor_of

    try:
        descriptor = descriptor_of(t.system)
    except InputError:  # a system fairpair does not have: it records none
        return str(t.system), ()
    return descriptor.name, descriptor.result_flags


def flagged_scores_of(t: Tournament) -> dict[str, str]:
    """The flagged board results (:data:`FLAGGED_SCORES` keys: ``id``, ``2-0``,
    ``0-2``) the system of ``t`` records, as its descriptor's ``result_flags`` say, each
    with its flag; a 2-for-1 only when ``t`` pairs double rounds. Empty for a system
    that records none (the Dutch system: an intentional draw is a draw there).

    >>> t = Tournament(system="netrunner", double_rounds=True)
    >>> flagged_scores_of(t)
    {'id': 'intentional_draw', '2-0': 'two_for_one', '0-2': 'two_for_one'}
    >>> flagged_scores_of(t.replace(double_rounds=False)), flagged_scores_of(Tournament())
    ({'id': 'intentional_draw'}, {})
    """
    _, allowed = _recorded_flags(t)
    return {
        key: flag
        for key, (_, flag) in FLAGGED_SCORES.items()
        if flag in allowed and (flag != TWO_FOR_ONE or t.double_rounds)
    }


#: A flag in words, for refusals.
_FLAG_WORDS: Mapping[str, str] = {ID: "an intentional draw", TWO_FOR_ONE: "a 2-for-1"}


def _check_flag(t: Tournament, entry: ResultEntry) -> None:
    """Refuse an entry whose flag the system of ``t`` does not record (its descriptor's
    ``result_flags``; a 2-for-1 only in double rounds), naming the board or player and
    the results that may be entered instead. The one check for every way results are
    entered (the command line, the web's forms and API); files that carry such flags
    are read as they are (a record of what was played, not an entry).

    >>> t = Tournament(system="dutch")
    >>> try:
    ...     _check_flag(t, ResultEntry.for_board_key(3, "id"))
    ... except InputError as exc:
    ...     print(exc.field, "|", exc.message)
    ...     print(exc.expected.replace(" (", "\\n("))
    result | an intentional draw on board 3 is not a result of the dutch system
    one of 1-0, 0-1, 1/2, +-, -+, --, clear
    (the dutch system records no intentional draws or 2-for-1s)
    """
    if entry.flag is None:
        return
    offered = flagged_scores_of(t)
    if entry.flag in offered.values():
        return
    name, recorded = _recorded_flags(t)
    what = _FLAG_WORDS.get(entry.flag, entry.flag)
    single = entry.flag == TWO_FOR_ONE and entry.flag in recorded
    where = "a tournament of single rounds" if single else f"the {name} system"
    if entry.by_board:
        who = f"on board {entry.target}"
        words = ["1-0", "0-1", "1/2", "+-", "-+", "--", "clear", *offered]
    else:
        player = find_player(t, entry.target)
        who = f"for {player.name} ({player.number})"
        words = [
            *(w for w in OUTCOMES if w not in ("jigo", "tie")),
            *(w for w, (_, flag) in FLAGGED_OUTCOMES.items() if flag in offered.values()),
        ]
    if single:
        why = "a 2-for-1 needs a double round, two games per pairing"
    elif offered:
        why = f"the {name} system records {_FLAG_WORDS[ID]} but no 2-for-1"
    else:
        why = f"the {name} system records no intentional draws or 2-for-1s"
    raise InputError(
        f"{what} {who} is not a result of {where}",
        expected="one of " + ", ".join(words) + f" ({why})",
        field="result",
    )


#: Outcome words that say the same on a board as for either of its players.
BOARD_WORDS: Mapping[str, Codes] = {
    word: OUTCOMES[word] for word in ("draw", "jigo", "tie", "double-forfeit")
}

#: The prefixes that say what the left side of ``=`` names, whatever it looks like.
PLAYER_PREFIX, BOARD_PREFIX = "player:", "board:"


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _not_a_result(text: str, value: str) -> InputError:
    return InputError(
        f"found result {value.strip()!r} in {text!r}",
        expected="one of "
        + " ".join([*SCORES, *FLAGGED_SCORES, *BOARD_WORDS])
        + " (board) or "
        + "|".join([*OUTCOMES, *FLAGGED_OUTCOMES])
        + " (player)",
        field="result",
    )


def _board_entry(text: str, board: str, key: str, value: str) -> ResultEntry:
    """``BOARD=...``: a result that needs no side, else refused as ambiguous."""
    if key in SCORES:
        return ResultEntry(board, True, SCORES[key])
    if key in FLAGGED_SCORES:
        codes, flag = FLAGGED_SCORES[key]
        return ResultEntry(board, True, codes, flag)
    if key in BOARD_WORDS:
        return ResultEntry(board, True, BOARD_WORDS[key])
    if key in FLAGGED_OUTCOMES and FLAGGED_OUTCOMES[key][0] == _DRAW:
        codes, flag = FLAGGED_OUTCOMES[key]
        return ResultEntry(board, True, codes, flag)
    if key in OUTCOMES or key in FLAGGED_OUTCOMES:
        word = value.strip()
        one, other = ("2-0", "0-2") if key in FLAGGED_OUTCOMES else ("1-0", "0-1")
        raise InputError(
            f"{text!r}: a bare number is a board, and {word!r} does not say whose",
            expected=f"{board}={one} or {board}={other} (the board's result, from its "
            f"first-listed player's side), or player:{board}={word} or NAME={word} "
            f"(player no. {board}'s or a named player's {word})",
            field="result",
        )
    raise _not_a_result(text, value)


def parse_entry(text: str, *, players_only: bool = False) -> ResultEntry:
    """Parse ``BOARD=RESULT`` or ``PLAYER=OUTCOME`` (see the module docstring).

    A bare number is a board (``2=1-0``, ``2=tie``, ``2=clear``); ``2=win`` is refused
    (whose win?); ``player:2=win`` and ``rossi=win`` name players. With
    ``players_only`` every left side names a player (``7=win``: player 7)."""
    target, sep, value = text.partition("=")
    target = target.strip()
    key = value.strip().lower().replace(" ", "")
    if not sep or not target:
        raise InputError(
            f"found {text!r}",
            expected="BOARD=RESULT (e.g. 3=1-0) or PLAYER=OUTCOME (e.g. player:3=win, rossi=win)",
            field="result",
        )
    prefix = target.lower()
    explicit = prefix.startswith(PLAYER_PREFIX)
    if explicit or prefix.startswith(BOARD_PREFIX):
        target = target[len(PLAYER_PREFIX if explicit else BOARD_PREFIX) :].strip()
        if not explicit and not _is_number(target):
            raise InputError(
                f"found {text!r}", expected="a board number after 'board:'", field="result"
            )
        if not target:
            raise InputError(
                f"found {text!r}",
                expected="a pairing number or a name after 'player:'",
                field="result",
            )
    by_player = explicit or players_only or not _is_number(target)
    if not by_player:
        return _board_entry(text, target, key, value)
    if key in FLAGGED_OUTCOMES:
        codes, flag = FLAGGED_OUTCOMES[key]
        return ResultEntry(target, False, codes, flag)
    if key in OUTCOMES:
        return ResultEntry(target, False, OUTCOMES[key])
    if key in SCORES or key in FLAGGED_SCORES:
        if explicit or players_only:
            raise InputError(
                f"found {text!r}",
                expected="PLAYER=" + "|".join(OUTCOMES) + " (a player's side)",
                field="result",
            )
        raise InputError(
            f"found {text!r}",
            expected=f"a board number before '=' (or {target}=win|loss|draw|... for a player)",
            field="result",
        )
    raise _not_a_result(text, value)


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
    """What one entry did: the board, the game after it, the result before it; and the
    round (TRF column) when it is not the one entered into (the other game of a double
    round, for an intentional draw or a 2-for-1), else None."""

    board: int
    game: Game
    before: str
    round: int | None = None


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


def _partner_column(t: Tournament, round_number: int) -> int | None:
    """The other round column of the double round ``round_number`` belongs to (None
    in a tournament of single rounds)."""
    if not t.double_rounds:
        return None
    return round_number + 1 if round_number % 2 == 1 else round_number - 1


def _partner_game(t: Tournament, column: int, players: tuple[int, int]) -> int | None:
    """The index of the game of the same two players in round ``column``."""
    for index, game in enumerate(t.round(column).games):
        if set(game.players) == set(players):
            return index
    return None


#: (round column, game index) -> (codes of the game's white then black, flags)
_Decided = dict[tuple[int, int], tuple[Codes, frozenset[str]]]


def _decide(
    t: Tournament, round_number: int, entries: Sequence[ResultEntry]
) -> tuple[_Decided, set[tuple[int, int]]]:
    """What each game is to become; and the games of other columns whose flags an
    ordinary entry clears (the other game of a flagged double round)."""
    decided: _Decided = {}
    unflag: set[tuple[int, int]] = set()
    for entry in entries:
        index, second = _locate(t, round_number, entry)
        _check_flag(t, entry)
        game = t.round(round_number).games[index]
        codes = entry.codes
        if codes is not None and second:
            codes = (codes[1], codes[0])
        flags = frozenset({entry.flag}) if entry.flag else frozenset()
        targets = [(round_number, index, codes)]
        partner = _partner_column(t, round_number)
        if entry.flag is not None:
            if partner is not None:
                other = _partner_game(t, partner, game.players)
                if other is None:
                    raise InputError(
                        f"board {index + 1} of round {round_number} has no second game "
                        f"in round {partner}",
                        expected="a double round paired in both its rounds",
                        field="result",
                    )
                # the same player wins (or both draw) in the other game
                swap = t.round(partner).games[other].white != game.white
                twin = codes if codes is None or not swap else (codes[1], codes[0])
                targets.append((partner, other, twin))
        elif partner is not None and game.flags:
            other = _partner_game(t, partner, game.players)
            if other is not None:
                unflag.add((partner, other))
        for column, at, result in targets:
            if (column, at) in decided and decided[column, at] != (result, flags):
                raise InputError(
                    f"board {at + 1} of round {column} is given two different results",
                    expected="one result per game",
                    field="result",
                )
            decided[column, at] = (result, flags)
    return decided, unflag - set(decided)


def enter_results(
    t: Tournament,
    round_number: int,
    entries: Sequence[ResultEntry],
    *,
    allow_changes: bool = True,
) -> tuple[Tournament, list[EnteredResult]]:
    """Enter ``entries`` into round ``round_number``; all or nothing.

    Refused when the round has no games, a board or player is unknown, an entry is a
    flagged result the system does not record (its descriptor's ``result_flags``: an
    intentional draw on a Dutch event, a 2-for-1 outside double rounds), or one game is
    given two different results in the same call; without ``allow_changes`` also when an
    entry would change a result already entered (a correction must name its round).
    An intentional draw or a 2-for-1 in a double round fills both of its games (a
    2-for-1 needs a double round); an ordinary result entered over a flagged game
    removes the flag from both games of its double round.
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
    decided, unflag = _decide(t, round_number, entries)
    columns = {column: list(t.round(column).games) for column, _ in [*decided, *unflag]}
    done: list[EnteredResult] = []
    for (column, index), (codes, flags) in sorted(
        decided.items(), key=lambda item: (item[0][0] != round_number, item[0])
    ):
        old = columns[column][index]
        was = result_text(old)
        if (
            not allow_changes
            and was
            and ((old.white_result, old.black_result), old.flags)
            != ((codes if codes is not None else (None, None)), flags)
        ):
            raise ResultEnteredError(
                f"board {index + 1} of round {column} already has the result {was}",
                expected=f"name round {round_number} to correct it",
                round_number=round_number,
            )
        white, black = codes if codes is not None else (None, None)
        new = dataclasses.replace(old, white_result=white, black_result=black, flags=flags)
        columns[column][index] = new
        done.append(EnteredResult(index + 1, new, was, None if column == round_number else column))
    for column, index in unflag:
        columns[column][index] = dataclasses.replace(columns[column][index], flags=frozenset())
    for column, games in columns.items():
        t = t.with_round(dataclasses.replace(t.round(column), games=tuple(games)))
    return t, done


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
