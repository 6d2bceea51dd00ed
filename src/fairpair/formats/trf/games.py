"""The rounds of a TRF: games and byes from the round blocks of the 001 lines, where
both players of a game must tell the same story."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fairpair.formats.trf.players import _block_column, _Entry, _PlayerLine
from fairpair.formats.trf.records import _BYE_RESULTS, _GAME_RESULTS, _fail
from fairpair.model import CONSISTENT_RESULTS, ByeKind, Game, Round
from fairpair.model import _game as _new_game


def _build_rounds(
    player_lines: Sequence[_PlayerLine], by_number: Mapping[int, _PlayerLine], file: str
) -> list[Round]:
    """Turn the round blocks into Rounds, checking that both sides of a game agree.

    A game is made when the first listed of its two players is read (so a round lists
    its games in the order of their first listed players); the second player's entry
    only needs to name the first (the first checked that they agree)."""
    n_rounds = max((len(pl.entries) for pl in player_lines), default=0)
    games: list[list[Game]] = [[] for _ in range(n_rounds)]
    byes: list[dict[int, ByeKind]] = [{} for _ in range(n_rounds)]
    # pairing number -> (position in the file, round blocks)
    lines = {pl.player.number: (index, pl.entries) for index, pl in enumerate(player_lines)}
    agreed_games = _AGREED
    bye_kinds = _BYE_RESULTS
    new_game = _new_game
    for pl in player_lines:
        me = pl.player.number
        mine = lines[me][0]
        for index, entry in enumerate(pl.entries):
            if entry is None:
                continue
            opp = entry[0]
            if opp is None:
                byes[index][me] = bye_kinds[entry[2]]
                continue
            other = lines.get(opp)
            if other is not None and opp != me and index < len(other[1]):
                theirs = other[1][index]
                if theirs is not None and theirs[0] == me:
                    if other[0] < mine:
                        continue  # made (and checked) when the opponent's line was read
                    agreed = agreed_games.get((entry[1], theirs[1], entry[2], theirs[2]))
                    if agreed is not None:  # the game _game builds, the short way
                        me_white, white_result, black_result, coloured = agreed
                        games[index].append(
                            new_game(me, opp, white_result, black_result, coloured)
                            if me_white
                            else new_game(opp, me, white_result, black_result, coloured)
                        )
                        continue
            # something to report: the long way
            games[index].append(_game(pl, entry, index + 1, by_number, file))
    return [Round(number=i + 1, games=tuple(games[i]), byes=byes[i]) for i in range(n_rounds)]


def _game_table() -> dict[tuple[str, str, str, str], tuple[bool, Any, Any, bool]]:
    """(my colour, their colour, my result, their result) -> (I am white, white's
    result, black's result, coloured), for every pair of entries that agree."""
    table: dict[tuple[str, str, str, str], tuple[bool, Any, Any, bool]] = {}
    results = [(a.value, b.value) for a, b in CONSISTENT_RESULTS] + [(" ", " ")]
    for mine, theirs in (("w", "b"), ("b", "w"), ("-", "-")):
        for my_result, their_result in results:
            my_code = _GAME_RESULTS.get(my_result)
            their_code = _GAME_RESULTS.get(their_result)
            key = (mine, theirs, my_result, their_result)
            if mine == "b":
                table[key] = (False, their_code, my_code, True)
            else:
                table[key] = (True, my_code, their_code, mine == "w")
    return table


_AGREED = _game_table()


def _first_entry_in_round(player_lines: Sequence[_PlayerLine], rnd: int) -> tuple[_PlayerLine, int]:
    """The first player with an entry for round ``rnd`` or later, and its column."""
    for pl in player_lines:
        for index in range(rnd - 1, len(pl.entries)):
            if pl.entries[index] is not None:
                return pl, _block_column(index + 1)
    raise AssertionError("no entry found")  # pragma: no cover


def _count_paired(rounds: Sequence[Round]) -> int:
    count = 0
    for rnd in rounds:
        if not rnd.paired:
            break
        count += 1
    return count


def _describe(entry: _Entry | None) -> str:
    if entry is None:
        return "no entry"
    opp = f"{entry.opponent:4d}" if entry.opponent is not None else "0000"
    return repr(f"{opp} {entry.colour} {entry.result}".rstrip())


def _game(
    pl: _PlayerLine, entry: _Entry, rnd: int, by_number: Mapping[int, _PlayerLine], file: str
) -> Game:
    """The game of ``pl``'s round ``rnd`` entry, checked against the opponent's entry."""
    me = pl.player.number
    opp = entry.opponent
    assert opp is not None
    other, theirs = _opponent_entry(pl, entry, rnd, by_number, file)
    _check_colours(pl, entry, other, theirs, rnd, file)
    _check_results(pl, entry, other, theirs, rnd, file)
    mine_code = _GAME_RESULTS.get(entry.result)
    their_code = _GAME_RESULTS.get(theirs.result)
    if entry.colour == "b":
        return Game(white=opp, black=me, white_result=their_code, black_result=mine_code)
    return Game(
        white=me,
        black=opp,
        white_result=mine_code,
        black_result=their_code,
        coloured=entry.colour == "w",
    )


def _opponent_entry(
    pl: _PlayerLine, entry: _Entry, rnd: int, by_number: Mapping[int, _PlayerLine], file: str
) -> tuple[_PlayerLine, _Entry]:
    """The opponent's line and round ``rnd`` entry, which must name ``pl``'s player."""
    me = pl.player.number
    opp = entry.opponent
    if opp == me:
        raise _fail(
            f"round {rnd}: player {me} is paired against himself",
            "another player's pairing number",
            file,
            pl.line,
            _block_column(rnd),
        )
    other = by_number.get(opp) if opp is not None else None
    if other is None:
        raise _fail(
            f"round {rnd}: opponent {opp} does not exist",
            "the pairing number of a 001 record",
            file,
            pl.line,
            _block_column(rnd),
        )
    theirs = other.entries[rnd - 1] if rnd <= len(other.entries) else None
    if theirs is None or theirs.opponent != me:
        raise _fail(
            f"round {rnd}: player {me} is paired with {opp}, but player {opp}'s round {rnd} "
            f"entry (line {other.line}) is {_describe(theirs)}",
            f"player {opp}'s entry to name opponent {me}",
            file,
            pl.line,
            _block_column(rnd),
        )
    return other, theirs


def _check_colours(
    pl: _PlayerLine, entry: _Entry, other: _PlayerLine, theirs: _Entry, rnd: int, file: str
) -> None:
    """Opposite colours (w/b), or ``-`` for both players."""
    if (entry.colour, theirs.colour) not in (("w", "b"), ("b", "w"), ("-", "-")):
        raise _fail(
            f"round {rnd}: colour {entry.colour!r} for player {pl.player.number} and "
            f"{theirs.colour!r} for opponent {other.player.number} (line {other.line})",
            "opposite colours (w/b), or - for both",
            file,
            pl.line,
            _block_column(rnd) + 5,
        )


def _check_results(
    pl: _PlayerLine, entry: _Entry, other: _PlayerLine, theirs: _Entry, rnd: int, file: str
) -> None:
    """Results for both players or for neither, and results that match."""
    me, opp = pl.player.number, other.player.number
    if (entry.result == " ") != (theirs.result == " "):
        raise _fail(
            f"round {rnd}: result {entry.result!r} for player {me} but {theirs.result!r} for "
            f"opponent {opp} (line {other.line})",
            "results for both players, or for neither (pending game)",
            file,
            pl.line,
            _block_column(rnd) + 7,
        )
    mine_code = _GAME_RESULTS.get(entry.result)
    their_code = _GAME_RESULTS.get(theirs.result)
    if (
        mine_code is not None
        and their_code is not None
        and (mine_code, their_code) not in CONSISTENT_RESULTS
    ):
        raise _fail(
            f"round {rnd}: inconsistent results {entry.result!r} for player {me} and "
            f"{theirs.result!r} for opponent {opp} (line {other.line})",
            "matching results such as 1/0, =/=, +/-, -/-, W/L, D/D",
            file,
            pl.line,
            _block_column(rnd) + 7,
        )
