"""Reading TRF: :func:`loads` and :func:`load`.

A file is read in two passes. The first (:func:`_scan`) parses every line on its own:
001 lines, headers, the records that need nothing else; records that refer to players
wait for the second pass (:func:`_read_player_records`), which runs once the rounds are
known. :func:`_tournament` then puts the tournament together.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fairpair import limits
from fairpair.errors import RoundsExceededError
from fairpair.formats.trf.canonical import _canonical_text, _with_hints
from fairpair.formats.trf.extensions import (
    _apply_board_order,
    _apply_exact_points,
    _apply_flags,
    _apply_player_extras,
    _apply_round_count,
    _check_fpj_players,
    _read_fairpair,
    _settings,
    _system,
)
from fairpair.formats.trf.games import _build_rounds, _count_paired, _first_entry_in_round
from fairpair.formats.trf.layout import _layout_hints, _remember_source
from fairpair.formats.trf.lines import _decode, _split_lines
from fairpair.formats.trf.pairing_records import (
    _merge_byes,
    _read_152,
    _read_240,
    _read_250,
    _read_260,
    _read_rounds,
    _read_xxa,
    _read_xxc,
    _read_xxp,
    _read_xxt,
    _read_xxz,
    _RecordByes,
)
from fairpair.formats.trf.players import _parse_player_line, _PlayerLine
from fairpair.formats.trf.points import _BB_FIELDS, _read_162, _read_bb, _read_xxs
from fairpair.formats.trf.records import (
    _KNOWN_CODES,
    _PLAYER_RECORDS,
    _RECORD_CODE,
    FAIRPAIR_RECORD,
    _count,
    _fail,
    _State,
    format_trf_points,
)
from fairpair.formats.trf.scores import _agrees, _allowances, computed_scores
from fairpair.model import PointSystem, Round, Tournament, paused_gc

#: Readers of the records that need nothing but the record itself.
_RECORD_READERS: Mapping[str, Callable[[str, int, _State], None]] = {
    "XXR": _read_rounds,
    "142": _read_rounds,
    "XXC": _read_xxc,
    "152": _read_152,
    "XXT": _read_xxt,
    "XXS": _read_xxs,
    **dict.fromkeys(_BB_FIELDS, _read_bb),
    "162": _read_162,
    FAIRPAIR_RECORD: _read_fairpair,
}
#: Readers of records that refer to players (read after the 001 lines).
_PLAYER_READERS: Mapping[str, Callable[[str, int, _State, Mapping[int, Any]], None]] = {
    "XXA": _read_xxa,
    "250": _read_250,
    "XXP": _read_xxp,
}
#: Readers of records that give byes (read after the rounds are known).
_BYE_READERS: Mapping[
    str,
    Callable[[str, int, _State, Mapping[int, Any], Sequence[Round], _RecordByes], None],
] = {"XXZ": _read_xxz, "240": _read_240}


def loads(
    text: str | bytes, *, file: str = "<input>", layout: bool = True
) -> tuple[Tournament, list[str]]:
    """Read TRF text; return the tournament and a list of warnings.

    Raises :class:`InputError` (one line: file, line, column, found, expected) for
    anything that is not a well-formed, consistent TRF, or that is over a limit of
    :mod:`fairpair.limits`.

    ``layout=False`` skips working out how the text differs from what fairpair writes
    (:attr:`Tournament.format_hints`, needed only to write the same file back; a
    large file takes a second or more): for reading a file that is not written back
    (standings, printouts). The tournament is the same, without format hints.
    """
    if len(text) > limits.limit("file_bytes"):
        raise limits.exceeded("file_bytes", f"found a text of {len(text)} characters", file=file)
    with paused_gc():  # a million objects of a large file, none in a cycle
        decoded = _decode(text, file)
        lines, hints = _split_lines(decoded)
        tournament, warnings = _build(lines, file)
        if not layout:
            return tournament, warnings
        layout_differs = _canonical_text(tournament, hints) != decoded
        if layout_differs:
            hints.update(_layout_hints(tournament, lines))
        if hints:
            tournament = _with_hints(tournament, hints)
        if layout_differs:
            _remember_source(tournament, lines)
    return tournament, warnings


def load(path: str | os.PathLike[str], *, layout: bool = True) -> tuple[Tournament, list[str]]:
    """Read a TRF file (see :func:`loads`, also for ``layout``); a file larger than the
    ``file_bytes`` limit is refused before it is read."""
    name = os.fspath(path)
    return loads(limits.read_file(name), file=name, layout=layout)


@dataclass
class _Scan:
    """What the first pass over the lines collects."""

    st: _State
    player_lines: list[_PlayerLine] = dataclasses.field(default_factory=list)
    by_number: dict[int, _PlayerLine] = dataclasses.field(default_factory=dict)
    headers: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    extra: list[str] = dataclasses.field(default_factory=list)
    #: Records that need the players: (line, line number).
    deferred: list[tuple[str, int]] = dataclasses.field(default_factory=list)
    #: How many records make this a TRF.
    known: int = 0


def _build(lines: Sequence[str], file: str) -> tuple[Tournament, list[str]]:
    """Parse all lines into a tournament (no format hints)."""
    _check_not_empty(lines, file)
    scan = _scan(lines, file)
    _check_is_trf(scan, lines, file)
    rounds = _build_rounds(scan.player_lines, scan.by_number, file)
    _check_round_count(scan, rounds, file)
    rounds = _read_player_records(scan, rounds)
    tournament = _tournament(scan, rounds)
    return tournament, scan.st.warnings + _score_warnings(tournament, scan.player_lines, file)


def _check_not_empty(lines: Sequence[str], file: str) -> None:
    if not any(line.strip() for line in lines):
        raise _fail(
            "empty file",
            "TRF records such as '012 <tournament name>' and '001 <player>'",
            file,
            1,
            1,
        )


#: At most this many "not a TRF record" warnings, then one that counts the rest.
MAX_NOT_A_RECORD_WARNINGS = 20


def _scan(lines: Sequence[str], file: str) -> _Scan:
    """First pass: every line on its own."""
    scan = _Scan(_State(file=file))
    not_records = 0
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if line.startswith("###"):  # TRF-2026 comment line
            scan.extra.append(line)
        elif not _RECORD_CODE.match(line):  # e.g. a column ruler some programs write
            not_records += 1
            if not_records <= MAX_NOT_A_RECORD_WARNINGS:
                scan.st.warnings.append(
                    f"{file}:{lineno}:1: not a TRF record (no 3-character code and blank), "
                    "kept as it is"
                )
            scan.extra.append(line)
        else:
            _read_record(scan, line, lineno, file)
    if not_records > MAX_NOT_A_RECORD_WARNINGS:
        more = not_records - MAX_NOT_A_RECORD_WARNINGS
        scan.st.warnings.append(
            f"{file}: {more} more of these lines (not TRF records, kept as they are)"
        )
    return scan


def _read_record(scan: _Scan, line: str, lineno: int, file: str) -> None:
    """One record of the first pass (by its 3-character code)."""
    code = line[:3]
    scan.known += (
        code == "001"
        or code in _KNOWN_CODES
        or (code.isdigit() and code.isascii() and code[2] == "2")
    )
    reader = _RECORD_READERS.get(code)
    if code == "001":
        _add_player_line(scan, line, lineno, file)
    elif reader is not None:
        reader(line, lineno, scan.st)
    elif code in _PLAYER_RECORDS:
        scan.deferred.append((line, lineno))
        if code == "260":
            scan.extra.append(line)  # dropped later if it covers every round
    elif code == "XXW":
        raise _fail(
            "XXW (wide pairing numbers) is not supported",
            "4-digit pairing numbers",
            file,
            lineno,
            1,
        )
    elif code.isdigit() and code.isascii() and code.endswith("2"):
        if len(line) - 4 > limits.limit("text"):
            raise limits.exceeded(
                "text",
                f"found a {code} record of {len(line) - 4} characters",
                file=file,
                line=lineno,
                column=5,
            )
        scan.headers.append((code, line[4:]))
    else:
        scan.extra.append(line)


def _add_player_line(scan: _Scan, line: str, lineno: int, file: str) -> None:
    parsed = _parse_player_line(line, lineno, file)
    number = parsed.player.number
    if number in scan.by_number:
        raise _fail(
            f"pairing number {number} is used twice (also on line {scan.by_number[number].line})",
            "a unique pairing number in columns 5-8",
            file,
            lineno,
            5,
        )
    if len(scan.player_lines) >= limits.limit("players"):
        raise limits.exceeded(
            "players", f"found more than {limits.limit('players')} players", file=file, line=lineno
        )
    scan.by_number[number] = parsed
    scan.player_lines.append(parsed)


def _check_is_trf(scan: _Scan, lines: Sequence[str], file: str) -> None:
    """Refuse a file without a single record that makes it a TRF."""
    if not scan.known:
        first = next(i for i, line in enumerate(lines, start=1) if line.strip())
        raise _fail(
            f"no TRF record found (line {first} starts {lines[first - 1][:10]!r})",
            "a TRF file: records such as '012 <tournament name>', 'XXR 9', '001 <player>'",
            file,
            first,
            1,
        )


def _check_round_count(scan: _Scan, rounds: Sequence[Round], file: str) -> None:
    """No round blocks after the last round of the tournament (XXR / 142)."""
    st = scan.st
    if st.total_rounds is not None and len(rounds) > st.total_rounds:
        pl, column = _first_entry_in_round(scan.player_lines, st.total_rounds + 1)
        raise RoundsExceededError(
            f"player {pl.player.number} has an entry for round {st.total_rounds + 1}, but the "
            f"tournament has {_count(st.total_rounds, 'round')} (line {st.total_rounds_line})",
            expected=f"at most {_count(st.total_rounds, 'round block')}",
            file=file,
            line=pl.line,
            column=column,
        )


def _read_player_records(scan: _Scan, rounds: list[Round]) -> list[Round]:
    """Second pass: the records that refer to players; returns the rounds with the byes
    these records give."""
    st = scan.st
    players = {pl.player.number: pl.player for pl in scan.player_lines}
    next_round = _count_paired(rounds) + 1
    byes: _RecordByes = {}
    for line, lineno in scan.deferred:
        code = line[:3]
        if code in _PLAYER_READERS:
            _PLAYER_READERS[code](line, lineno, st, players)
        elif code == "260":
            if _read_260(line, lineno, st, players, next_round):
                scan.extra.remove(line)
        else:
            _BYE_READERS[code](line, lineno, st, players, rounds, byes)
    return _merge_byes(rounds, byes) if byes else rounds


def _tournament(scan: _Scan, rounds: list[Round]) -> Tournament:
    """The tournament the two passes found."""
    st = scan.st
    _apply_exact_points(st)
    points = dataclasses.replace(PointSystem(), **st.points) if st.points else PointSystem()
    fp = st.fairpair
    _check_fpj_players(set(scan.by_number), st)
    players = tuple(_apply_player_extras(pl.player, fp) for pl in scan.player_lines)
    rounds = _apply_flags(_apply_round_count(_apply_board_order(rounds, st), st), st)
    return Tournament(
        players=players,
        rounds=tuple(rounds),
        total_rounds=st.total_rounds,
        points=points,
        initial_colour=st.initial_colour,
        headers=tuple(scan.headers),
        system=_system(fp),
        settings=_settings(st),
        acceleration={n: tuple(v) for n, v in st.acceleration.items()},
        forbidden_pairs=frozenset(st.forbidden),
        double_rounds=st.double_rounds,
        extra_records=tuple(scan.extra),
    )


def _score_warnings(t: Tournament, player_lines: Sequence[_PlayerLine], file: str) -> list[str]:
    """Warn where the points column disagrees with the results (rounds paired so far)."""
    played = t.rounds_played
    scores = computed_scores(t, played)
    warnings = []
    for pl in player_lines:
        reported = pl.player.reported_points
        if reported is None:
            continue
        score = scores[pl.player.number]
        if not _agrees(reported, score, _allowances(t, pl.player.number)):
            warnings.append(
                f"{file}:{pl.line}:81: player {pl.player.number}: points column says "
                f"{format_trf_points(reported)}, but the results of rounds 1-{played} give "
                f"{format_trf_points(score)} (the results are used)"
            )
    return warnings
