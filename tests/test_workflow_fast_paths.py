"""The fast paths of the workflow commands and printouts (issue 15: every command on a
10 MB file in seconds) say exactly what the code they replaced says.

Each test compares a fast path with the code before the speed-up (kept here as a
reference) on random tournaments, including the odd ones no reader makes (a player in
two games of a round, games of unknown players, a game and a bye in one round).
"""

from __future__ import annotations

import contextlib
import dataclasses
import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair import workflow as wf
from fairpair.cli.common import pairing_json
from fairpair.errors import InputError
from fairpair.formats import trf
from fairpair.formats.trf import layout, players, writer
from fairpair.model import Player, Tournament, format_points
from fairpair.rendering import printouts
from fairpair.rendering.printouts import BoardLine
from fairpair.workflow.results import result_text
from helpers import any_tournaments, foreign_layout, reference_blocks, tournaments

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def outcome(function: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    """What ``function(*args)`` returns, or the exception it raises (type and message)."""
    try:
        return ("value", function(*args))
    except (KeyError, InputError) as exc:
        return ("error", (type(exc).__name__, str(exc)))


# -- scores ------------------------------------------------------------------------------


@SETTINGS
@given(any_tournaments)
def test_scores_are_the_scores_of_the_state(t: Tournament) -> None:
    for after in (None, *range(len(t.rounds) + 2)):
        fresh = t.replace()  # no cached state: the sums of Tournament.scores
        expected = {n: s.score for n, s in t.state(after).items()}
        assert fresh.scores(after) == expected
        assert t.scores(after) == expected  # from the cached state


# -- boards ------------------------------------------------------------------------------


def reference_board_lines(t: Tournament, round_number: int) -> list[BoardLine]:
    """printouts.board_lines before: the scores from the whole state."""
    state = t.state(after_round=round_number - 1)
    return [
        BoardLine(
            index,
            printouts._label(t, game.white),
            printouts._strength(t, game.white),
            format_points(state[game.white].score),
            printouts._label(t, game.black),
            printouts._strength(t, game.black),
            format_points(state[game.black].score),
            result_text(game),
        )
        for index, game in enumerate(t.round(round_number).games, 1)
    ]


def reference_bye_lines(t: Tournament, round_number: int) -> list[str]:
    """printouts._bye_lines before: Round.game_of for every player."""
    rnd = t.round(round_number)
    lines = []
    for number, kind in sorted(rnd.byes.items()):
        points = format_points(t.points.bye_points(kind))
        unit = "point" if points == "1" else "points"
        lines.append(
            f"{printouts._label(t, number)}: {printouts._BYE_WORDS[kind]} ({points} {unit})"
        )
    for player in t.players:
        if player.number in rnd.byes or rnd.game_of(player.number) is not None:
            continue
        if player.withdrawn_from is not None and round_number >= player.withdrawn_from:
            lines.append(f"{printouts._label(t, player.number)}: withdrawn")
        elif player.entered_at is not None and round_number < player.entered_at:
            lines.append(f"{printouts._label(t, player.number)}: not yet entered")
    return lines


def reference_pairing_json(t: Tournament, round_number: int) -> dict[str, Any]:
    """pairing_json before: the scores from the whole state."""
    pairing = t.pairing_of(round_number)
    state = t.state(after_round=pairing.round - 1)

    def describe(number: int) -> dict[str, Any]:
        player = t.player(number)
        return {
            "number": number,
            "name": player.name,
            "rating": player.rating,
            "score": format_points(state[number].score) if number in state else "0",
        }

    boards = [
        {"board": index + 1, "white": describe(b.white), "black": describe(b.black)}
        for index, b in enumerate(pairing.boards)
    ]
    rnd = t.round(pairing.round)
    not_paired = [
        {"number": n, "name": t.player(n).name, "kind": kind.name.lower()}
        for n, kind in sorted(rnd.byes.items())
        if n != pairing.bye
    ]
    return {
        "system": "dutch",
        "round": pairing.round,
        "double": pairing.double,
        "boards": boards,
        "bye": describe(pairing.bye) if pairing.bye is not None else None,
        "not_paired": not_paired,
    }


@SETTINGS
@given(any_tournaments)
def test_boards_say_what_they_said(t: Tournament) -> None:
    for rnd in range(1, len(t.rounds) + 2):
        fresh = t.replace()
        assert outcome(printouts.board_lines, fresh, rnd) == outcome(reference_board_lines, t, rnd)
        assert outcome(printouts._bye_lines, fresh, rnd) == outcome(reference_bye_lines, t, rnd)
        fresh = t.replace()
        assert outcome(pairing_json, fresh, fresh.pairing_of(rnd), "dutch") == outcome(
            reference_pairing_json, t, rnd
        )


# -- forbid / force: the rounds two players met in --------------------------------------


@SETTINGS
@given(any_tournaments, st.data())
def test_rounds_met_are_the_records_of_the_state(t: Tournament, data: st.DataObject) -> None:
    a = data.draw(st.sampled_from(t.players))
    b = data.draw(st.sampled_from(t.players))
    expected = [r.round for r in t.state()[a.number].records if r.opponent == b.number]
    if a.number != b.number:
        assert wf.rounds_met(t, a, b) == expected


# -- saving a tournament read in another program's layout --------------------------------


def _dumps(t: Tournament, shortcut: bool) -> tuple[str, Any]:
    """The TRF of ``t``, with or without the shortcuts of the layout writer."""
    if shortcut:
        return outcome(trf.dumps, t)
    with (
        mock.patch.object(writer, "_cannot_read_back", lambda _t: False),
        mock.patch.object(writer, "_points_differ", lambda _lines, _t: False),
    ):
        return outcome(trf.dumps, t)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(), st.randoms(use_true_random=False))
def test_a_layout_that_cannot_read_back_is_not_tried(t: Tournament, rng: random.Random) -> None:
    """The writer skips rendering (and reading again) a recorded layout when a player
    whose points are left to be computed would get them written: the same text (or
    error) as trying it."""
    read, _ = trf.loads(foreign_layout(trf.dumps(t)))
    hints = dict(read.format_hints)
    lines = dict(hints.get("lines", {}))
    for key in lines:  # some recorded lines without points (they may still be kept)
        if rng.random() < 0.5:
            lines[key] = lines[key][:80] + "    " + lines[key][84:]
    variants = [
        read,
        wf.with_ranks(read),  # every points column left to be computed, as saved by `result`
        read.replace(format_hints={**hints, "lines": lines}),
        wf.with_ranks(read.replace(format_hints={**hints, "lines": lines})),
        read.replace(
            players=tuple(
                dataclasses.replace(p, reported_points=None) if rng.random() < 0.5 else p
                for p in read.players
            ),
            format_hints={**hints, "lines": lines},
        ),
        read.replace(
            players=tuple(dataclasses.replace(p, reported_points=Fraction(0)) for p in read.players)
        ),
    ]
    for variant in variants:
        assert _dumps(variant, True) == _dumps(variant, False)
    # the tournament read keeps its layout (it reads back as itself); saved by the
    # workflow (points left to be computed), it does not
    assert not layout._cannot_read_back(read)
    assert layout._cannot_read_back(wf.with_ranks(read))


# -- what a command reads and then saves: derived values kept ---------------------------


@SETTINGS
@given(any_tournaments, st.randoms(use_true_random=False))
def test_scores_carried_over_by_replace(t: Tournament, rng: random.Random) -> None:
    """Tournament.replace keeps the scores only where they are still the scores."""
    for after in range(len(t.rounds) + 1):
        t.scores(after)
    renamed = tuple(dataclasses.replace(p, name=p.name + "x") for p in t.players)
    fewer = t.players[: rng.randrange(len(t.players) + 1)]
    shuffled = tuple(rng.sample(t.players, len(t.players)))
    variants = [
        t.replace(),
        t.replace(players=renamed),
        t.replace(players=fewer),
        t.replace(players=shuffled),
        t.replace(rounds=t.rounds[:-1]),
        t.replace(points=t.points.uniform(3, 1)),
        t.replace(total_rounds=9, format_hints={"newline": "\r\n"}),
    ]
    for variant in variants:
        for after in range(len(t.rounds) + 1):
            expected = {n: s.score for n, s in variant.replace().state(after).items()}
            assert variant.scores(after) == expected


@SETTINGS
@given(any_tournaments, st.randoms(use_true_random=False))
def test_round_blocks_kept_with_the_rounds(t: Tournament, rng: random.Random) -> None:
    """The round blocks a round keeps are the blocks of any tournament with that round."""
    assert players._player_blocks(t) == reference_blocks(t)
    others = t.replace(
        players=(*rng.sample(t.players, rng.randrange(len(t.players) + 1)), Player(99, "New")),
        rounds=tuple(rng.sample(t.rounds, len(t.rounds))),
    )
    assert players._player_blocks(others) == reference_blocks(others)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(), st.randoms(use_true_random=False))
def test_a_changed_score_in_another_layout(t: Tournament, rng: random.Random) -> None:
    """A command that changes results but keeps the points the players were read with
    (McMahon's aliases, ``pair --save``): the same text (or error) with and without
    the early look at the points columns."""
    read, _ = trf.loads(foreign_layout(trf.dumps(t)))
    variants = [read]
    for rnd in read.rounds:
        for result in ("1-0", "0-1", "1/2", "+-", "clear"):
            with contextlib.suppress(InputError):
                entry = wf.parse_entry(f"1={result}")
                variants.append(wf.enter_results(read, rnd.number, [entry])[0])
    variants.append(
        read.replace(
            players=tuple(
                dataclasses.replace(p, reported_points=Fraction(rng.randrange(9), 2))
                for p in read.players
            )
        )
    )
    for variant in variants:
        assert _dumps(variant, True) == _dumps(variant, False)
