"""The ``001`` player record: its fixed columns and its 10-column round blocks,
parsed into a :class:`_PlayerLine` and written back by :func:`_player_line`."""

from __future__ import annotations

import functools
import itertools
import re
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from fairpair import limits
from fairpair.errors import InputError
from fairpair.formats.trf.records import (
    _BYE_RESULTS,
    _FIXED_WIDTHS,
    _FORFEIT_WITHOUT_OPPONENT,
    _LINE_BREAK,
    _RESULT_CODES,
    _SEPARATORS,
    BLOCK,
    MIN_PLAYER_LINE,
    ROUND_START,
    _ascii_int,
    _check_blank,
    _fail,
    _fit_points,
    _parse_decimal,
    _parse_int_field,
    _rank_fits,
)
from fairpair.formats.trf.scores import _agrees
from fairpair.model import ByeKind, Player, ResultCode, Tournament


class _Entry(NamedTuple):
    """One round block of a 001 line, as written (a tuple shared by every block spelled
    the same: a large file has a million of them). Its columns follow from its round:
    :func:`_block_column`."""

    opponent: int | None
    colour: str  # "w", "b" or "-"
    result: str  # upper-cased result letter, or " "


def _block_column(rnd: int) -> int:
    """1-based column of the block of round ``rnd`` (its opponent field)."""
    return ROUND_START + 1 + BLOCK * (rnd - 1)


@dataclass
class _PlayerLine:
    player: Player
    entries: list[_Entry | None]
    line: int
    raw: str


# -- reading --------------------------------------------------------------------------


def _parse_player_line(raw: str, lineno: int, file: str) -> _PlayerLine:
    """Parse one 001 line (fixed columns and round blocks), without cross-checks."""
    line = raw.rstrip()
    if len(line) < MIN_PLAYER_LINE:
        raise _fail(
            f"001 record is only {len(line)} characters long",
            f"at least {MIN_PLAYER_LINE} (fixed columns up to the points in 81-84)",
            file,
            lineno,
            len(line) + 1,
        )
    for column, what in _SEPARATORS:
        _check_blank(line, column - 1, what, file, lineno)
    player = _parse_player_fields(line, lineno, file)
    return _PlayerLine(player, _parse_blocks(line, lineno, file), lineno, raw)


def _parse_player_fields(line: str, lineno: int, file: str) -> Player:
    """The player in the fixed columns 5-89 of a 001 line."""
    number = _parse_int_field(
        line, 5, 8, "a pairing number (1-9999) in columns 5-8", file, lineno, allow_blank=False
    )
    assert number is not None
    if number == 0:
        raise _fail("pairing number 0 in columns 5-8", "1-9999", file, lineno, 8)
    rating = _parse_int_field(
        line, 49, 52, "a rating (digits) or blanks in columns 49-52", file, lineno, allow_blank=True
    )
    points = _parse_points_column(line, lineno, file)
    rank = _parse_int_field(
        line, 86, 89, "a rank (digits) or blanks in columns 86-89", file, lineno, allow_blank=True
    )
    return Player(
        number=number,
        name=line[14:47].strip(),
        rating=rating or 0,
        title=line[10:13].strip(),
        sex=line[9:10].strip(),
        federation=line[53:56].strip(),
        fide_id=line[57:68].strip(),
        birth_date=line[69:79].strip(),
        reported_points=points,
        reported_rank=rank,
    )


def _parse_points_column(line: str, lineno: int, file: str) -> Fraction | None:
    """The points in columns 81-84 (None if blank)."""
    points_text = line[80:84]
    if not points_text.strip():
        return None
    points = _parse_decimal(points_text)
    if points is None:
        raise _fail(
            f"found {points_text!r} in columns 81-84",
            "points such as '2.5' or blanks",
            file,
            lineno,
            81,
        )
    return points


def _parse_blocks(line: str, lineno: int, file: str) -> list[_Entry | None]:
    """The round blocks from column 92 on, without the blank ones at the end."""
    entries: list[_Entry | None] | None = None
    start = ROUND_START
    blocks = max(0, (len(line) - ROUND_START + BLOCK - 1) // BLOCK)
    if blocks > limits.limit("rounds"):
        raise limits.exceeded(
            "rounds",
            f"found round blocks for {blocks} rounds",
            file=file,
            line=lineno,
            column=ROUND_START + 1 + BLOCK * limits.limit("rounds"),
        )
    blocks_text = line[ROUND_START:]
    if blocks and _WELL_FORMED_BLOCKS.match(blocks_text.ljust(BLOCK * blocks)):
        entries = _fast_blocks(blocks_text, blocks)
    if entries is None:  # something to report: block by block, with its column
        entries = []
        while start < len(line):
            entries.append(_parse_block(line, start, len(entries) + 1, file, lineno))
            start += BLOCK
    while entries and entries[-1] is None:
        entries.pop()
    return entries


#: Round blocks whose every field is of the right kind (the opponent field may still
#: have a blank between digits, and the colour or result may not fit the opponent):
#: these are read by :func:`_fast_blocks`, everything else by :func:`_parse_block`.
_WELL_FORMED_BLOCKS = re.compile(r"(?:[ 0-9]{4} [wbWB -] [10=+\-WDLHFUZwdlhfuz ]  )*\Z")
_COLOURS = {"w": "w", "W": "w", "b": "b", "B": "b", "-": "-", " ": "-"}


def _fast_blocks(text: str, count: int) -> list[_Entry | None] | None:
    """The round blocks of ``text`` (the line from column 92 on, ``count`` blocks, all
    well formed: ASCII); None if one of them is wrong after all (then
    :func:`_parse_block` says where and why).

    The blocks are cut at C speed (:mod:`struct`) and looked up in a cache of the
    blocks read so far (a large file spells a million blocks in a few thousand ways);
    a short last block is read with the blanks it lacks.
    """
    cache = _BLOCKS
    if len(cache) > _MAX_CACHED_BLOCKS:
        cache.clear()
        cache[b" " * 8] = None
    blocks = _block_layout(count).unpack(text.ljust(count * BLOCK).encode("ascii"))
    try:
        return list(map(cache.__getitem__, blocks))  # type: ignore[arg-type]
    except KeyError:
        pass
    for block in blocks:
        if block not in cache:
            entry = _fast_block(block.decode("ascii"))
            if entry is _UNKNOWN:
                return None
            cache[block] = entry
    return list(map(cache.__getitem__, blocks))  # type: ignore[arg-type]


@functools.lru_cache(maxsize=64)
def _block_layout(count: int) -> struct.Struct:
    """``count`` round blocks: 8 columns each, then 2 blanks."""
    return struct.Struct("8s2x" * count)


#: Round blocks read so far (their 8 columns, as bytes) and what they say; cleared when
#: it grows over :data:`_MAX_CACHED_BLOCKS`.
_BLOCKS: dict[bytes, object] = {b" " * 8: None}
_MAX_CACHED_BLOCKS = 1 << 16
_UNKNOWN = object()


def _fast_block(block: str) -> object:
    """One well-formed round block (at most 8 columns): its entry (None if blank), or
    :data:`_UNKNOWN` if it is wrong (:func:`_parse_block` reports it)."""
    opponent_text = block[:4].strip()
    if not opponent_text:
        if not block.strip():
            return None
        opponent = 0
    elif " " in opponent_text:
        return _UNKNOWN
    else:
        opponent = int(opponent_text)
    colour = _COLOURS[block[5:6] or " "]
    result = (block[7:8] or " ").upper()
    if opponent:
        if result in "HFUZ":
            return _UNKNOWN
        return _Entry(opponent, colour, result)
    if colour != "-":
        return _UNKNOWN
    result = _FORFEIT_WITHOUT_OPPONENT.get(result, result)
    if result not in _BYE_RESULTS:
        return _UNKNOWN
    return _Entry(None, colour, result)


def _parse_block(line: str, start: int, rnd: int, file: str, lineno: int) -> _Entry | None:
    """Parse the round block starting at 0-based ``start`` (round ``rnd``)."""
    block = line[start : start + BLOCK].ljust(BLOCK)
    col = start + 1  # 1-based column of the opponent field
    _check_block_blanks(block, col, rnd, file, lineno)
    if not block[:8].strip():
        return None
    opponent = _block_opponent(block, col, rnd, file, lineno)
    colour = _block_colour(block, col, rnd, file, lineno)
    result = block[7].upper()
    if result not in "10=+-WDLHFUZ ":
        raise _fail(
            f"round {rnd}: unknown result code {block[7]!r} in column {col + 7}",
            _RESULT_CODES,
            file,
            lineno,
            col + 7,
        )
    if opponent is None:
        result = _bye_result(colour, result, col, rnd, file, lineno)
    elif result in "HFUZ":
        raise _fail(
            f"round {rnd}: bye code {result!r} against opponent {opponent}",
            "a game result 1 0 = + - W D L, or blank for a pending game",
            file,
            lineno,
            col + 7,
        )
    return _Entry(opponent, colour, result)


def _check_block_blanks(block: str, col: int, rnd: int, file: str, lineno: int) -> None:
    """The blanks between the fields of a round block and after it."""
    for offset, what in (
        (4, "the opponent and the colour"),
        (6, "the colour and the result"),
        (8, "two round blocks"),
        (9, "two round blocks"),
    ):
        if block[offset] != " ":
            raise _fail(
                f"round {rnd}: found {block[offset]!r} in column {col + offset}",
                f"a blank between {what} (round blocks are 10 columns wide, "
                f"round {rnd} in columns {col}-{col + 7})",
                file,
                lineno,
                col + offset,
            )


def _block_opponent(block: str, col: int, rnd: int, file: str, lineno: int) -> int | None:
    """The opponent of a round block (None for 0000 or blanks)."""
    opp_text = block[0:4]
    if not opp_text.strip():
        return None
    number = _ascii_int(opp_text.strip())
    if number is None:
        raise _fail(
            f"round {rnd}: found {opp_text!r} in columns {col}-{col + 3}",
            "an opponent's pairing number or 0000",
            file,
            lineno,
            col,
        )
    return number or None


def _block_colour(block: str, col: int, rnd: int, file: str, lineno: int) -> str:
    """The colour of a round block: ``w``, ``b`` or ``-``."""
    colour = block[5]
    if colour in "WB":
        colour = colour.lower()
    if colour == " ":
        colour = "-"
    if colour not in "wb-":
        raise _fail(
            f"round {rnd}: unknown colour code {colour!r} in column {col + 5}",
            "w, b or -",
            file,
            lineno,
            col + 5,
        )
    return colour


def _bye_result(colour: str, result: str, col: int, rnd: int, file: str, lineno: int) -> str:
    """The bye code of a round block without an opponent (forfeits read as byes)."""
    if colour != "-":
        raise _fail(
            f"round {rnd}: colour {colour!r} without an opponent (0000)",
            "- for a bye or absence",
            file,
            lineno,
            col + 5,
        )
    result = _FORFEIT_WITHOUT_OPPONENT.get(result, result)
    if result not in _BYE_RESULTS:
        raise _fail(
            f"round {rnd}: result {result!r} without an opponent (0000)",
            "U (pairing-allocated bye), H, F, Z or blank",
            file,
            lineno,
            col + 7,
        )
    return result


# -- writing --------------------------------------------------------------------------


def _player_blocks(t: Tournament) -> dict[int, list[str]]:
    """Per player (by pairing number): the 8-column round blocks of every round, blank
    where the player has no entry. A game overrides a bye of the same round, a later
    game an earlier one (what a player's line can say once)."""
    # each block spelled once (a large file has a million blocks, a few thousand
    # distinct ones): colour -> result -> opponent -> block
    coloured = (_BlockTable.of("w"), _BlockTable.of("b"))
    uncoloured = (_BlockTable.of("-"),) * 2
    by_round: list[dict[int, str]] = []  # per round: player -> block
    for rnd in t.rounds:
        # kept with the round (immutable, like the tournament, which keeps its derived
        # values too): a workflow command renders the rounds it read (to compare them
        # with the file) and then the same rounds, most or all of them, to save them
        blocks: dict[int, str] | None = rnd.__dict__.get(_BLOCKS_KEY)
        if blocks is None:
            blocks = {number: _BYE_BLOCKS[kind] for number, kind in rnd.byes.items()}
            for game in rnd.games:
                white, black = game.white, game.black
                as_white, as_black = coloured if game.coloured else uncoloured
                blocks[white] = as_white[game.white_result][black]
                blocks[black] = as_black[game.black_result][white]
            rnd.__dict__[_BLOCKS_KEY] = blocks
        by_round.append(blocks)
    get, blank = dict.get, itertools.repeat(_BLANK_BLOCK)
    return {
        p.number: list(map(get, by_round, itertools.repeat(p.number), blank)) for p in t.players
    }


#: Where a round keeps its blocks (player -> block, see :func:`_player_blocks`).
_BLOCKS_KEY = "_trf_blocks"


class _BlockTable(dict[int, str]):
    """Opponent -> the round block against him, for one colour and result, made on
    first use."""

    def __init__(self, colour: str, letter: str) -> None:
        super().__init__()
        self.colour = colour
        self.letter = letter

    def __missing__(self, number: int) -> str:
        block = self[number] = f"{number:>4} {self.colour} {self.letter}"
        return block

    @classmethod
    def of(cls, colour: str) -> dict[ResultCode | None, _BlockTable]:
        """The tables of ``colour`` for every result (None: pending)."""
        return {code: cls(colour, letter) for code, letter in _RESULT_LETTERS.items()}


_BLANK_BLOCK = " " * 8

#: The TRF letter of a result (blank: pending).
_RESULT_LETTERS: dict[ResultCode | None, str] = {code: code.value for code in ResultCode}
_RESULT_LETTERS[None] = " "
#: The round block of a bye.
_BYE_BLOCKS: dict[ByeKind, str] = {kind: f"0000 - {kind.value}" for kind in ByeKind}


def _player_line(
    player: Player,
    score: Fraction | None,
    blocks: Sequence[str],
    allowances: Sequence[Fraction] = (),
) -> str:
    """The canonical 001 line (``blocks``: the player's round blocks, see
    :func:`_player_blocks`). The points column is the score after the paired rounds;
    the reported points (as read) are kept if they still agree with it (possibly
    including what some programs add, see :func:`_allowances`)."""
    points = score
    reported = player.reported_points
    if reported is not None and (score is None or _agrees(reported, score, allowances)):
        points = reported
    points_text = _fit_points(points, 4) if points is not None else ""
    rank = str(player.reported_rank) if _rank_fits(player.reported_rank) else ""
    _check_writable(player)
    rating = str(player.rating) if 0 < player.rating <= 9999 else ""
    fixed = (
        f"001 {player.number:>4} {player.sex:1.1}{player.title:>3.3} {player.name:<33.33} "
        f"{rating:>4} {player.federation:<3.3} {player.fide_id:>11.11} "
        f"{player.birth_date:<10.10} {points_text:>4} {rank:>4}"
    )
    end = len(blocks)
    while end and blocks[end - 1] == _BLANK_BLOCK:
        end -= 1
    if not end:
        return fixed.rstrip()
    # The last block keeps all its 8 columns even when its result is blank (a pending
    # game, an absence): bbpPairings reads a block only if it is complete.
    return fixed + "  " + "  ".join(blocks[:end] if end < len(blocks) else blocks)


def _check_writable(player: Player) -> None:
    """Refuse a player a 001 line cannot hold (pairing number, line breaks)."""
    if not 1 <= player.number <= 9999:
        raise InputError(f"cannot write pairing number {player.number} to TRF", expected="1-9999")
    for key in _FIXED_WIDTHS:
        if _LINE_BREAK.search(getattr(player, key)):
            raise InputError(
                f"cannot write player {player.number}: a line break in the {key.replace('_', ' ')}",
                expected="names and other fields without line breaks",
            )
