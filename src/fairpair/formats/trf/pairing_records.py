"""Records that steer the pairing: number of rounds (``XXR``/``142``), initial colour
(``XXC``/``152``), double rounds (``XXT``), acceleration (``XXA``/``250``), forbidden
pairs (``XXP``/``260``) and byes announced for a round (``XXZ``/``240``)."""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from fairpair import limits
from fairpair.formats.trf.games import _count_paired
from fairpair.formats.trf.records import (
    _ascii_int,
    _check_blank,
    _count,
    _fail,
    _parse_decimal,
    _player_ref,
    _record_int,
    _record_points,
    _State,
    _tokens,
)
from fairpair.model import ByeKind, Colour, Round

#: Byes announced by a 240 record, by kind letter.
_240_KINDS = {"F": ByeKind.FULL_POINT, "H": ByeKind.HALF_POINT, "Z": ByeKind.ZERO_POINT}


# -- records that need no players -----------------------------------------------------


def _read_rounds(line: str, lineno: int, st: _State) -> None:
    """XXR n (JaVaFo) / 142 n (TRF-2026): total number of rounds."""
    tokens = _tokens(line, 3)
    value = _ascii_int(tokens[0][0], 18) if len(tokens) == 1 else None
    if value is None or value < 1:
        col = tokens[0][1] if tokens else len(line) + 1
        shown = line[3:].strip()
        raise _fail(
            f"{line[:3]} record {shown if len(shown) <= 20 else shown[:17] + '...'!r}",
            "the total number of rounds (a positive integer in ASCII digits)",
            st.file,
            lineno,
            col,
        )
    if value > limits.limit("rounds"):
        raise limits.exceeded(
            "rounds",
            f"{line[:3]}: found {value} rounds",
            file=st.file,
            line=lineno,
            column=tokens[0][1],
        )
    if st.total_rounds is not None and st.total_rounds != value:
        raise _fail(
            f"{line[:3]} says {value} rounds, but line {st.total_rounds_line} "
            f"said {st.total_rounds}",
            "one number of rounds",
            st.file,
            lineno,
            tokens[0][1],
        )
    st.total_rounds = value
    st.total_rounds_line = lineno


#: The XXC options of JaVaFo and bbpPairings: the initial colour, and ``rank`` (the
#: initial order by the rank column), which fairpair keeps in ``settings["xxc"]``.
_XXC_OPTIONS = ("white1", "black1", "rank")


def _read_xxc(line: str, lineno: int, st: _State) -> None:
    """XXC options: white1 / black1 (initial colour); rank (kept in the settings)."""
    tokens = _tokens(line, 3)
    if not tokens:
        raise _fail("empty XXC record", " or ".join(_XXC_OPTIONS), st.file, lineno, 4)
    colours = [(token, col) for token, col in tokens if token in ("white1", "black1")]
    for token, col in tokens:
        if token not in _XXC_OPTIONS:
            shown = token if len(token) <= 20 else token[:17] + "..."
            raise _fail(
                f"unknown XXC option {shown!r}", ", ".join(_XXC_OPTIONS), st.file, lineno, col
            )
    if len({token for token, _col in colours}) > 1:
        raise _fail(
            "XXC gives both white1 and black1",
            "one initial colour",
            st.file,
            lineno,
            colours[-1][1],
        )
    for token, _col in tokens:
        if token == "white1":
            st.initial_colour = Colour.WHITE
        elif token == "black1":
            st.initial_colour = Colour.BLACK
        else:
            st.xxc_options.append(token)


def _read_152(line: str, lineno: int, st: _State) -> None:
    """152 W|B (TRF-2026): initial colour."""
    text = line[4:].strip().upper()
    if text not in ("W", "B"):
        raise _fail(f"152 record {line[4:]!r}", "W or B in column 5", st.file, lineno, 5)
    st.initial_colour = Colour.WHITE if text == "W" else Colour.BLACK


def _read_xxt(line: str, lineno: int, st: _State) -> None:
    """XXT double|single (fairpair extension): double rounds."""
    tokens = _tokens(line, 3)
    if len(tokens) != 1 or tokens[0][0] not in ("double", "single"):
        col = tokens[0][1] if tokens else len(line) + 1
        raise _fail(
            f"XXT record {line[3:].strip()!r}", "'double' or 'single'", st.file, lineno, col
        )
    st.double_rounds = tokens[0][0] == "double"


# -- acceleration ---------------------------------------------------------------------


def _read_xxa(line: str, lineno: int, st: _State, players: Mapping[int, Any]) -> None:
    """XXA NNNN pp.p pp.p ... (JaVaFo): virtual points per round from column 10."""
    number = _player_ref(line[4:8], 5, players, "XXA", st.file, lineno)
    values: list[Fraction] = []
    start = 9
    text = line.rstrip()
    rounds = (len(text) - start + 4) // 5
    if rounds > limits.limit("rounds"):
        raise limits.exceeded(
            "rounds", f"found XXA values for {rounds} rounds", file=st.file, line=lineno, column=10
        )
    _count_acceleration(st, rounds, lineno)
    while start < len(text):
        _check_blank(text, start - 1, "two XXA values (every 5 columns)", st.file, lineno)
        values.append(_xxa_value(text, start, len(values) + 1, lineno, st))
        start += 5
    st.acceleration[number] = values


def _xxa_value(text: str, start: int, rnd: int, lineno: int, st: _State) -> Fraction:
    """The XXA value of round ``rnd``, at 0-based ``start`` (blank = 0)."""
    field = text[start : start + 4]
    if not field.strip():
        return Fraction(0)
    value = _parse_decimal(field)
    if value is None:
        raise _fail(
            f"XXA round {rnd}: found {field!r}",
            "points such as ' 1.0' (round r in columns 10+5(r-1) to 13+5(r-1))",
            st.file,
            lineno,
            start + 1,
        )
    return value


def _read_250(line: str, lineno: int, st: _State, players: Mapping[int, Any]) -> None:
    """250 (TRF-2026): fictitious points for a range of rounds and players."""
    text = line.rstrip()
    if len(text) < 31:
        raise _fail(
            f"250 record is only {len(text)} characters long",
            "at least 31 (points 10-13, rounds 15-17 and 19-21, players 23-26 and 28-31)",
            st.file,
            lineno,
            len(text) + 1,
        )
    _check_no_match_points(line, lineno, st)
    value = _record_points(line, 10, 13, "fictitious points such as ' 1.0'", st.file, lineno)
    first = _record_int(line, 15, 17, "a first round number", st.file, lineno)
    last = _record_int(line, 19, 21, f"a last round number >= {first}", st.file, lineno, first)
    lo = _record_int(line, 23, 26, "a first pairing number", st.file, lineno)
    hi = _record_int(line, 28, 31, f"a last pairing number >= {lo}", st.file, lineno, lo)
    numbers = sorted(players)
    chosen = numbers[bisect.bisect_left(numbers, lo) : bisect.bisect_right(numbers, hi)]
    _count_acceleration(st, len(chosen) * (last - first + 1), lineno)
    for number in chosen:
        values = st.acceleration.setdefault(number, [])
        if len(values) < last:
            values.extend([Fraction(0)] * (last - len(values)))
        values[first - 1 : last] = [value] * (last - first + 1)


def _count_acceleration(st: _State, count: int, lineno: int) -> None:
    """Count ``count`` more acceleration values against the ``acceleration`` limit."""
    st.acceleration_values += count
    if st.acceleration_values > limits.limit("acceleration"):
        raise limits.exceeded(
            "acceleration",
            f"found {st.acceleration_values} acceleration values (players x rounds) so far",
            file=st.file,
            line=lineno,
            column=1,
        )


def _check_no_match_points(line: str, lineno: int, st: _State) -> None:
    """Columns 5-8 of a 250 record (match points, for team events) must be blank or 0."""
    if line[4:8].strip():
        match = _record_points(line, 5, 8, "match points or blanks", st.file, lineno)
        if match:
            raise _fail(
                "250: match points in an individual tournament",
                "blank or 0.0 in columns 5-8",
                st.file,
                lineno,
                5,
            )


# -- forbidden pairs ------------------------------------------------------------------


def _read_xxp(line: str, lineno: int, st: _State, players: Mapping[int, Any]) -> None:
    """XXP id id ... (JaVaFo): none of the listed players may meet each other."""
    numbers = _distinct_players(
        [(tok, col) for tok, col in _tokens(line, 3)], players, "XXP", lineno, st
    )
    if len(numbers) < 2:
        raise _fail(
            "XXP lists fewer than two players",
            "two or more pairing numbers",
            st.file,
            lineno,
            len(line) + 1,
        )
    _add_forbidden(numbers, st, lineno)


def _distinct_players(
    fields: Sequence[tuple[str, int]],
    players: Mapping[int, Any],
    code: str,
    lineno: int,
    st: _State,
) -> list[int]:
    """The players of an XXP or 260 record, each at most once (a player cannot be
    forbidden to meet himself)."""
    seen: dict[int, int] = {}
    for text, col in fields:
        number = _player_ref(text, col, players, code, st.file, lineno)
        if number in seen:
            raise _fail(
                f"{code}: player {number} is listed twice (also in column {seen[number]})",
                "different players (a player cannot be forbidden to meet himself)",
                st.file,
                lineno,
                col,
            )
        seen[number] = col
    return list(seen)


def _add_forbidden(numbers: Sequence[int], st: _State, lineno: int) -> None:
    """Forbid every pair of ``numbers`` (checked against the ``forbidden_pairs`` limit
    before the pairs are made)."""
    pairs = len(numbers) * (len(numbers) - 1) // 2
    if len(st.forbidden) + pairs > limits.limit("forbidden_pairs"):
        raise limits.exceeded(
            "forbidden_pairs",
            f"found {len(st.forbidden) + pairs} forbidden pairs (with this record's {pairs})",
            file=st.file,
            line=lineno,
            column=1,
        )
    for i, a in enumerate(numbers):
        for b in numbers[i + 1 :]:
            st.forbidden.add(frozenset((a, b)))


def _read_260(
    line: str, lineno: int, st: _State, players: Mapping[int, Any], next_round: int
) -> bool:
    """260 (TRF-2026): prohibited pairings for rounds first..last.

    Its pairs become forbidden pairs when its round range contains the round to be
    paired. Returns True if the range covers every round (then forbidden_pairs says it
    all); otherwise the record is also kept verbatim in extra_records.
    """
    first = _record_int(line, 5, 7, "a first round number", st.file, lineno)
    last = _record_int(line, 9, 11, f"a last round number >= {first}", st.file, lineno, first)
    text = line.rstrip()
    fields = [(text[start : start + 5], start + 1) for start in range(12, len(text), 5)]
    numbers = _distinct_players(fields, players, "260", lineno, st)
    if len(numbers) < 2:
        raise _fail(
            "260 lists fewer than two players",
            "two or more pairing numbers (columns 13-16, 18-21, ...)",
            st.file,
            lineno,
            len(text) + 1,
        )
    pairs = len(numbers) * (len(numbers) - 1) // 2
    if pairs > limits.limit("forbidden_pairs"):  # the writer makes them all: refuse now
        raise limits.exceeded(
            "forbidden_pairs",
            f"found {pairs} forbidden pairs",
            file=st.file,
            line=lineno,
            column=13,
        )
    if first <= next_round <= last:
        _add_forbidden(numbers, st, lineno)
    # A record for every round says no more than forbidden_pairs: not kept verbatim.
    covers_all = first == 1 and (
        last == 999 or (st.total_rounds is not None and last >= st.total_rounds)
    )
    return covers_all


# -- byes announced by records --------------------------------------------------------

#: Byes found in XXZ and 240 records: round -> player -> kind.
_RecordByes = dict[int, dict[int, ByeKind]]


def _read_xxz(
    line: str,
    lineno: int,
    st: _State,
    players: Mapping[int, Any],
    rounds: Sequence[Round],
    byes: _RecordByes,
) -> None:
    """XXZ id id ... (JaVaFo): players who do not play the round to be paired."""
    next_round = _count_paired(rounds) + 1
    for tok, col in _tokens(line, 3):
        number = _player_ref(tok, col, players, "XXZ", st.file, lineno)
        _add_record_bye(rounds, byes, next_round, number, ByeKind.ZERO_POINT, lineno, col, st)


def _read_240(
    line: str,
    lineno: int,
    st: _State,
    players: Mapping[int, Any],
    rounds: Sequence[Round],
    byes: _RecordByes,
) -> None:
    """240 T RRR PPPP PPPP ... (TRF-2026): F/H/Z byes of one round."""
    kind_char = line[4:5].upper()
    if kind_char not in _240_KINDS:
        raise _fail(f"240: found {line[4:5]!r} in column 5", "F, H or Z", st.file, lineno, 5)
    rnd = _record_int(line, 7, 9, "a round number in columns 7-9", st.file, lineno)
    start = 10
    text = line.rstrip()
    count = 0
    while start < len(text):
        number = _player_ref(text[start : start + 5], start + 1, players, "240", st.file, lineno)
        _add_record_bye(rounds, byes, rnd, number, _240_KINDS[kind_char], lineno, start + 1, st)
        start += 5
        count += 1
    if not count:
        raise _fail(
            "240 lists no player",
            "pairing numbers in columns 11-14, 16-19, ...",
            st.file,
            lineno,
            len(text) + 1,
        )


def _add_record_bye(
    rounds: Sequence[Round],
    byes: _RecordByes,
    rnd: int,
    number: int,
    kind: ByeKind,
    lineno: int,
    col: int,
    st: _State,
) -> None:
    """A bye from an XXZ or 240 record, checked against the 001 entries."""
    if st.total_rounds is not None and rnd > st.total_rounds:
        raise _fail(
            f"bye for player {number} in round {rnd}, but the tournament has "
            f"{_count(st.total_rounds, 'round')}",
            f"a round between 1 and {st.total_rounds}",
            st.file,
            lineno,
            col,
        )
    existing = rounds[rnd - 1] if rnd <= len(rounds) else Round(number=rnd)
    if existing.game_of(number) is not None:
        raise _fail(
            f"player {number} is listed as not playing round {rnd}, but has a game in that round",
            "only players without a game in that round",
            st.file,
            lineno,
            col,
        )
    already = existing.byes.get(number) or byes.get(rnd, {}).get(number)
    if already is None:
        byes.setdefault(rnd, {})[number] = kind
    elif _byes_conflict(already, kind):
        raise _fail(
            f"player {number} has bye {kind.value!r} here but {already.value!r} elsewhere "
            f"for round {rnd}",
            "one kind of bye per player and round",
            st.file,
            lineno,
            col,
        )


def _byes_conflict(already: ByeKind, kind: ByeKind) -> bool:
    """Can a player not have bye ``kind`` as well as ``already`` in one round? (A zero-
    point bye only says "not paired", which fits every bye except a pairing-allocated one.)"""
    return already is not kind and not (
        kind is ByeKind.ZERO_POINT and already is not ByeKind.PAIRING_ALLOCATED
    )


def _merge_byes(rounds: Sequence[Round], byes: Mapping[int, Mapping[int, ByeKind]]) -> list[Round]:
    result = list(rounds)
    for rnd in sorted(byes):
        while len(result) < rnd:
            result.append(Round(number=len(result) + 1))
        current = result[rnd - 1]
        merged = dict(current.byes)
        merged.update(byes[rnd])
        result[rnd - 1] = dataclasses.replace(current, byes=merged)
    return result
