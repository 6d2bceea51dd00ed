"""The fast paths of the TRF reader and writer (issue 15: a 10 MB file in seconds) say
exactly what the straightforward code they replaced says.

Each test compares a fast path with a plain reference implementation (the code before
the speed-up, or the definition) on random input, including the odd tournaments the
readers never make (a player twice in a round, games of unknown players) that a
tournament built by hand can still hold.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair.errors import InputError
from fairpair.formats import trf
from fairpair.formats.trf import extensions, games, layout, lines, players, reader, scores
from fairpair.formats.trf.records import _BYE_RESULTS, _GAME_RESULTS, BLOCK, ROUND_START
from fairpair.model import (
    ByeKind,
    Game,
    Round,
    Tournament,
)
from helpers import any_tournaments, foreign_layout, reference_blocks, tournaments

# -- odd tournaments -------------------------------------------------------------------


# -- writing: round blocks, scores, board order ----------------------------------------

@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_tournaments)
def test_player_blocks_are_the_blocks_of_each_round(t: Tournament) -> None:
    assert players._player_blocks(t) == reference_blocks(t)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_tournaments)
def test_computed_scores_are_the_scores_of_the_state(t: Tournament) -> None:
    """The integer sums of the TRF writer and reader are the Fraction sums of
    Tournament.state (which counts a bye only for a player without a game)."""
    for after in range(len(t.rounds) + 1):
        state = t.state(after)
        assert scores.computed_scores(t, after) == {n: s.score for n, s in state.items()}


def reference_board_order(t: Tournament) -> dict[str, list[list[int]]]:
    position = {p.number: i for i, p in enumerate(t.players)}.get
    result = {}
    for rnd in t.rounds:
        keys = [min(position(g.white, 0), position(g.black, 0)) for g in rnd.games]
        natural = all(a <= b for a, b in itertools.pairwise(keys))
        listing_ok = all(
            g.coloured or position(g.white, 0) <= position(g.black, 0) for g in rnd.games
        )
        if not natural or not listing_ok:
            result[str(rnd.number)] = [[g.white, g.black] for g in rnd.games]
    return result


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_tournaments, st.randoms(use_true_random=False))
def test_board_order_record(t: Tournament, rng: random.Random) -> None:
    shuffled = t.replace(
        rounds=tuple(
            Round(r.number, tuple(rng.sample(r.games, len(r.games))), r.byes) for r in t.rounds
        )
    )
    for tournament in (t, shuffled):
        expected = reference_board_order(tournament)
        assert extensions._non_natural_board_order(tournament) == expected


# -- reading: lines, round blocks, games ---------------------------------------------


def reference_split(text: str) -> tuple[list[str], dict[str, object]]:
    """_split_lines with regular expressions only (before the LF-only fast path)."""
    codes = {"\n": "n", "\r\n": "c", "\r": "r"}
    hints: dict[str, object] = {}
    if text.startswith("\ufeff"):
        hints["bom"] = True
        text = text[1:]
    ends = re.findall(r"\r\n|\r|\n", text)
    newline = max(codes, key=ends.count) if ends else "\n"
    if newline != "\n":
        hints["newline"] = newline
    if len(set(ends)) > 1:
        hints["line_ends"] = "".join(codes[end] for end in ends)
    found = re.split(r"\r\n|\r|\n", text)
    if found and found[-1] == "":
        found.pop()
    elif text:
        hints["final_newline"] = False
    return found, hints


@settings(max_examples=500, deadline=None)
@given(st.text("ab \r\n\ufeff", max_size=30))
def test_split_lines(text: str) -> None:
    found, hints = lines._split_lines(text)
    assert (found, hints) == reference_split(text)
    assert lines._join(found, hints) == text


#: Blocks of the characters a well-formed round block may have (and a few others).
block_texts = st.lists(
    st.tuples(
        st.sampled_from(["   2", "  12", "0000", "    ", " 1 2", "0012", "9999"]),
        st.sampled_from(" wbWB-"),
        st.sampled_from(" 10=+-WDLHFUZwdlhfuz"),
        st.sampled_from(["  ", "  ", "x "]),
    ).map(lambda parts: f"{parts[0]} {parts[1]} {parts[2]}{parts[3]}"),
    min_size=1,
    max_size=12,
)


@settings(max_examples=800, deadline=None)
@given(block_texts, st.integers(min_value=0, max_value=3))
def test_fast_blocks_read_what_the_block_parser_reads(blocks: list[str], cut: int) -> None:
    """The round blocks cut at C speed (a short last block padded) are the blocks the
    column-by-column parser reads, and anything it refuses the fast path leaves to it."""
    line = "001    1" + " " * (ROUND_START - 8) + "".join(blocks)
    line = line[: len(line) - cut].rstrip()
    count = max(0, (len(line) - ROUND_START + BLOCK - 1) // BLOCK)
    text = line[ROUND_START:]
    fast = None
    if players._WELL_FORMED_BLOCKS.match(text.ljust(BLOCK * count)):
        fast = players._fast_blocks(text, count)
    try:
        slow = [
            players._parse_block(line, ROUND_START + BLOCK * i, i + 1, "x", 1) for i in range(count)
        ]
    except InputError:
        assert fast is None
        return
    if fast is not None:
        assert fast == slow


def reference_build_rounds(
    player_lines: Sequence[players._PlayerLine],
    by_number: Mapping[int, players._PlayerLine],
    file: str,
) -> list[Round]:
    """The rounds as the reader built them before (a game made by the first player
    found without one in that round)."""
    n_rounds = max((len(pl.entries) for pl in player_lines), default=0)
    found: list[list[Game]] = [[] for _ in range(n_rounds)]
    byes: list[dict[int, ByeKind]] = [{} for _ in range(n_rounds)]
    done: list[set[int]] = [set() for _ in range(n_rounds)]
    for pl in player_lines:
        me = pl.player.number
        for index, entry in enumerate(pl.entries):
            if entry is None:
                continue
            if entry.opponent is None:
                byes[index][me] = _BYE_RESULTS[entry.result]
                continue
            if me in done[index]:
                continue
            game = games._game(pl, entry, index + 1, by_number, file)
            found[index].append(game)
            done[index].update((me, entry.opponent))
    return [Round(i + 1, tuple(found[i]), byes[i]) for i in range(n_rounds)]


def damaged(text: str, rng: random.Random) -> str:
    """``text`` with a few characters of its round blocks changed."""
    rows = text.split("\n")
    for _ in range(rng.randint(0, 3)):
        index = rng.randrange(len(rows))
        row = rows[index]
        if row.startswith("001 ") and len(row) > ROUND_START:
            at = rng.randrange(ROUND_START, len(row))
            row = row[:at] + rng.choice("0123456789 wb-10=+WDLHFUZ") + row[at + 1 :]
            rows[index] = row
    return "\n".join(rows)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(), st.randoms(use_true_random=False))
def test_rounds_are_built_as_before(t: Tournament, rng: random.Random) -> None:
    """The same games in the same order, or the same first error, as the reader
    reported before (files damaged at random in their round blocks)."""
    source = damaged(trf.dumps(t), rng)
    try:
        scan = reader._scan(source.splitlines(), "x.trf")
    except InputError:
        return
    try:
        expected: list[Round] | str = reference_build_rounds(
            scan.player_lines, scan.by_number, "x.trf"
        )
    except InputError as exc:
        expected = str(exc)
    try:
        built: list[Round] | str = games._build_rounds(scan.player_lines, scan.by_number, "x.trf")
    except InputError as exc:
        built = str(exc)
    assert built == expected


# -- the layout of a file fairpair did not write ---------------------------------------


def reference_same_line(
    raw: str, canonical: str, record_byes: frozenset[int], reported: Fraction | None
) -> bool:
    """_same_line by parsing both whole lines (before the fixed-columns fast path)."""
    try:
        a = players._parse_player_line(raw, 0, "")
        b = players._parse_player_line(canonical, 0, "")
    except InputError:
        return False
    if a.player.reported_points not in (b.player.reported_points, reported):
        return False
    a_player = a.player.__dict__ | {"reported_points": None}
    b_player = b.player.__dict__ | {"reported_points": None}
    return a_player == b_player and layout._same_entries(a.entries, b.entries, record_byes)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(), st.randoms(use_true_random=False))
def test_same_line(t: Tournament, rng: random.Random) -> None:
    text = trf.dumps(t)
    for canonical in (row for row in text.splitlines() if row.startswith("001 ")):
        raw = canonical
        for _ in range(rng.randint(0, 3)):
            at = rng.randrange(len(raw) + 1)
            raw = raw[:at] + rng.choice(" wWbB1=0+-x.5") + raw[at + 1 :]
        if rng.random() < 0.3:
            raw = raw.upper() if rng.random() < 0.5 else raw + "  "
        byes = frozenset(rng.sample(range(1, 6), rng.randint(0, 2)))
        reported = rng.choice([None, Fraction(1, 2), Fraction(3)])
        assert layout._same_line(raw, canonical, byes, reported) == reference_same_line(
            raw, canonical, byes, reported
        )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_foreign_layout_is_written_back_as_read(t: Tournament) -> None:
    text = foreign_layout(trf.dumps(t))
    read, _ = trf.loads(text)
    assert trf.dumps(read) == text
    # without the note of the lines it was read from, the writer checks the layout by
    # reading it again: the same text
    read.__dict__.pop(layout._SOURCE_KEY, None)
    assert trf.dumps(read) == text


def test_the_source_lines_are_only_trusted_for_the_tournament_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = foreign_layout(
        "012 Club\nXXR 3\n"
        "001    1      Ann                               2100                             "
        "1.0          2 w 1\n"
        "001    2      Bob                               2000                             "
        "0.0          1 b 0\n"
    )
    read, _ = trf.loads(text)
    rows = text.split("\r\n")[:-1]
    assert layout._is_source(read, rows)
    assert not layout._is_source(read, [*rows[:-1], rows[-1] + " "])
    changed = read.replace(total_rounds=4)
    assert not layout._is_source(changed, rows)
    assert "XXR 4" in trf.dumps(changed) and "XXR 3" not in trf.dumps(changed)
    monkeypatch.setenv("FAIRPAIR_MAX_PLAYERS", "5000")  # other limits: read it again
    assert not layout._is_source(read, rows)
    assert trf.dumps(read) == text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_reading_without_the_layout(t: Tournament) -> None:
    """layout=False: the same tournament and warnings, without format hints."""
    for text in (trf.dumps(t), foreign_layout(trf.dumps(t))):
        full, warnings = trf.loads(text)
        plain, plain_warnings = trf.loads(text, layout=False)
        assert plain == full.replace(format_hints={})
        assert plain_warnings == warnings


def test_game_results_table_covers_every_letter() -> None:
    """The short way of the game builder knows every agreeing pair of entries."""
    letters = [*_GAME_RESULTS, " "]
    for mine, theirs in itertools.product(letters, repeat=2):
        for colours in (("w", "b"), ("b", "w"), ("-", "-")):
            key = (colours[0], colours[1], mine, theirs)
            codes = (_GAME_RESULTS.get(mine), _GAME_RESULTS.get(theirs))
            agreed = codes in {(None, None)} or (
                None not in codes and games.CONSISTENT_RESULTS.__contains__(codes)
            )
            assert (key in games._AGREED) == agreed, key
