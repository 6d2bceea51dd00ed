"""The fast paths of the McMahon tie-breaks, result tables and board lists (issue 15:
every command on a 10 MB file in seconds) compute what the code they replaced
computed: that code is kept here as the reference (from the records of
Tournament.state, a field per round, Round.game_of per cell), and both run on random
Go tournaments, odd ones included (a player in two games of a round, games of
unknown players, double forfeits, manual settings the pairing refuses).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair.errors import InputError
from fairpair.model import ByeKind, Colour, ResultCode, RoundRecord, Tournament
from fairpair.systems.mcmahon import reports, system
from fairpair.systems.mcmahon import tiebreaks as mt
from fairpair.systems.mcmahon.bands import McMahonSettings
from fairpair.systems.mcmahon.pairing import build_field, round_handicaps
from fairpair.workflow.go import set_handicap
from helpers import any_tournaments

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RANKS = ["30k", "12k", "5k", "1k", "1d", "3d", "6d"]


@st.composite
def go_tournaments(draw: st.DrawFn) -> Tournament:
    """Random tournaments (odd ones too) with Go ranks and manual McMahon settings."""
    t = draw(any_tournaments)
    players = []
    for p in t.players:
        kind = draw(st.sampled_from(["rank", "rating", "none"]))
        attributes = dict(p.attributes)
        if kind == "rank":
            attributes["rank"] = draw(st.sampled_from(RANKS))
        elif kind == "rating":
            attributes["rating"] = draw(st.sampled_from(["-4.3", "2.5", "-25.1"]))
        players.append(dataclasses.replace(p, attributes=attributes))
    numbers = [p.number for p in t.players] + [len(t.players) + 5]
    rounds = max(1, len(t.rounds))
    any_round = st.integers(min_value=1, max_value=rounds + 1)
    pair = st.tuples(st.sampled_from(numbers), st.sampled_from(numbers))
    raw: dict[str, Any] = {}
    if draw(st.booleans()):
        raw["handicap"] = draw(st.sampled_from(["full", "minus1", "minus2", "none"]))
        raw["handicap_basis"] = draw(st.sampled_from(["rank", "band"]))
        raw["top_band_even"] = draw(st.booleans())
    if draw(st.booleans()):
        raw["bands"] = [
            {"name": "top", "players": numbers[: len(numbers) // 2], "score": 2},
            {"name": "rest", "players": numbers[len(numbers) // 2 :], "score": 0},
        ]
    if draw(st.booleans()):
        raw["initial_scores"] = {str(numbers[0]): "1.5"}
    overrides = draw(st.lists(st.tuples(any_round, pair, st.integers(0, 9)), max_size=3))
    raw["handicap_overrides"] = [
        {"round": r, "players": list(ab), "handicap": h} for r, ab, h in overrides
    ]
    forced = draw(st.lists(st.tuples(st.one_of(st.none(), any_round), pair), max_size=2))
    raw["forced_pairs"] = [
        {"players": list(ab)} if r is None else {"round": r, "players": list(ab)}
        for r, ab in forced
    ]
    return t.replace(players=tuple(players), settings={"mcmahon": raw}, total_rounds=rounds)


def outcome(function: Callable[..., Any], *args: Any) -> tuple[str, Any]:
    """What ``function(*args)`` returns, or the exception it raises (type and message)."""
    try:
        return ("value", function(*args))
    except (InputError, KeyError, ValueError) as exc:
        return ("error", (type(exc).__name__, str(exc)))


# -- the tie-breaks as they were: from the records of the state ----------------------------

HALF = Fraction(1, 2)


def reference_mcmahon_scores(t: Tournament, after_round: int) -> dict[int, Fraction]:
    initial = McMahonSettings.from_tournament(t).initial_scores_for(t)
    state = t.state(after_round=after_round)
    return {n: initial.get(n, Fraction(0)) + s.score for n, s in state.items()}


def _forced_bye(rec: RoundRecord) -> bool:
    return rec.bye in (ByeKind.PAIRING_ALLOCATED, ByeKind.FULL_POINT)


def _is_double_forfeit(t: Tournament, rec: RoundRecord, player: int) -> bool:
    if rec.result is not ResultCode.FORFEIT_LOSS or rec.opponent is None:
        return False
    game = t.round(rec.round).game_of(player)
    return game is not None and game.result_of(game.opponent(player)) is ResultCode.FORFEIT_LOSS


def reference_sums(
    t: Tournament, after_round: int
) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    initial = McMahonSettings.from_tournament(t).initial_scores_for(t)
    scores = reference_mcmahon_scores(t, after_round)
    state = t.state(after_round=after_round)
    missed = {
        n: sum(
            1
            for rec in s.records
            if (rec.opponent is None and not _forced_bye(rec)) or _is_double_forfeit(t, rec, n)
        )
        for n, s in state.items()
    }
    effective = {n: scores[n] + HALF * missed[n] for n in scores}
    soms: dict[int, Fraction] = {}
    sodoms: dict[int, Fraction] = {}
    for n, s in state.items():
        phantom = initial.get(n, Fraction(0)) + Fraction(after_round, 2)
        so = Fraction(0)
        sod = Fraction(0)
        for rec in s.records:
            if rec.opponent is None or _is_double_forfeit(t, rec, n):
                so += phantom
                if _forced_bye(rec):
                    sod += phantom
                continue
            opp = effective.get(rec.opponent, Fraction(0))
            so += opp
            if rec.result is not None:
                if rec.result.outcome > 0:
                    sod += opp
                elif rec.result.outcome == 0:
                    sod += HALF * opp
        soms[n] = so
        sodoms[n] = sod
    return soms, sodoms


def reference_group_values(
    t: Tournament, after_round: int, groups: Sequence[Sequence[int]]
) -> dict[int, Fraction]:
    group_of = {n: frozenset(group) for group in groups for n in group}
    out: dict[int, Fraction] = {}
    for n, s in t.state(after_round=after_round).items():
        group = group_of.get(n, frozenset())
        total = Fraction(0)
        if len(group) > 1:
            for rec in s.records:
                if rec.opponent is not None and rec.opponent in group:
                    total += rec.points
        out[n] = total
    return out


@SETTINGS
@given(go_tournaments(), st.data())
def test_tiebreaks_as_before(t: Tournament, data: st.DataObject) -> None:
    for after in range(len(t.rounds) + 2):
        fresh = t.replace()
        expected = outcome(reference_sums, t, after)
        found = outcome(_soms_and_sodoms, fresh, after)
        assert found == expected
        if expected[0] == "error":
            continue
        assert mt.mcmahon_scores(fresh, after) == reference_mcmahon_scores(t, after)
        numbers = [p.number for p in t.players]
        groups = data.draw(st.lists(st.lists(st.sampled_from(numbers), max_size=4), max_size=3))
        assert mt.FaceToFace().group_values(fresh, after, groups) == reference_group_values(
            t, after, groups
        )
        assert mt.standings(fresh, after) == _reference_standings(t, after)


def _soms_and_sodoms(
    t: Tournament, after: int
) -> tuple[Mapping[int, Fraction], Mapping[int, Fraction]]:
    sums = mt._sums(t, after)
    return sums.soms, sums.sodoms


def _reference_standings(t: Tournament, after: int) -> list[tuple[int, int, tuple[Fraction, ...]]]:
    """mt.standings with the reference values (face-to-face within the ties)."""
    scores = reference_mcmahon_scores(t, after)
    soms, sodoms = reference_sums(t, after)
    ties: dict[tuple[Fraction, Fraction, Fraction], list[int]] = {}
    for n in scores:
        ties.setdefault((scores[n], soms[n], sodoms[n]), []).append(n)
    face = reference_group_values(t, after, list(ties.values()))
    draw = mt.RandomDraw(seed=McMahonSettings.from_tournament(t).seed).values(t, after)
    values = [scores, soms, sodoms, face, draw]
    numbers = [p.number for p in t.players]
    keyed = {n: tuple(v.get(n, Fraction(0)) for v in values) for n in numbers}
    ordered = sorted(numbers, key=lambda n: tuple(-x for x in keyed[n]))
    return [(i + 1, n, keyed[n]) for i, n in enumerate(ordered)]


# -- the result tables and the board list as they were: a field per round ----------------


def reference_stones(t: Tournament, rnd: int, white: int, black: int) -> int:
    cache: dict[int, Any] = t.__dict__.setdefault("_reference_fields", {})
    if rnd not in cache:
        cache[rnd] = build_field(t, rnd)
    stones: int = cache[rnd].stones(white, black)
    return stones


def reference_entry(t: Tournament, player: int, rnd: int, place: Mapping[int, int]) -> str:
    r = t.round(rnd)
    game = r.game_of(player)
    if game is None:
        kind = r.byes.get(player)
        if kind in (ByeKind.PAIRING_ALLOCATED, ByeKind.FULL_POINT):
            return "0+"
        if kind is ByeKind.HALF_POINT:
            return "0="
        return "0-"
    opp = game.opponent(player)
    code = game.result_of(player)
    symbol = "?" if code is None else {1: "+", 0: "=", -1: "-"}[code.outcome]
    s = McMahonSettings.from_tournament(t)
    override = s.handicap_override(rnd, game.white, game.black)
    handicap = override[0] if override is not None else reference_stones(t, rnd, *game.players)
    colour = "w" if game.colour_of(player) is Colour.WHITE else "b"
    return f"{place.get(opp, 0)}{symbol}/{colour}{handicap}"


class _ReferenceEntries:
    """reports._Entries as it was: a cell at a time."""

    def __init__(self, t: Tournament, place: Mapping[int, int]) -> None:
        self.t = t
        self.place = place

    def cells(self, player: int, rounds: int) -> list[str]:
        return [reference_entry(self.t, player, k, self.place) for k in range(1, rounds + 1)]


@pytest.mark.slow
@SETTINGS
@given(go_tournaments())
def test_result_tables_as_before(t: Tournament) -> None:
    # the AGA report of players without AGA ids (the generated ones): temporary ids
    aga = functools.partial(reports.results_aga, allow_temporary_ids=True)
    for writer in (reports.results_table, reports.results_h9, aga):
        for after in (None, *range(len(t.rounds) + 2)):
            found = outcome(writer, t.replace(), after)
            with (
                mock.patch.object(reports, "_Entries", _ReferenceEntries),
                mock.patch.object(reports, "_stones", reference_stones),
            ):
                expected = outcome(writer, t.replace(), after)
            assert found == expected


def reference_round_games(t: Tournament, rnd: int) -> list[dict[str, Any]]:
    fld = build_field(t, rnd)
    s = fld.settings
    out = []
    for game in t.round(rnd).games:
        a, b = game.white, game.black
        override = s.handicap_override(rnd, a, b)
        stones = fld.stones(a, b) if override is None else override[0]
        komi = s.komi_even if stones == 0 else s.komi_handicap
        if override is not None and override[1] is not None:
            komi = override[1]
        out.append(
            {
                "white": a,
                "black": b,
                "handicap": stones,
                "komi": system._number(komi),
                "white_score": system._number(fld.mms[a]),
                "black_score": system._number(fld.mms[b]),
                "result": system._result_text(game.white_result, game.black_result),
            }
        )
    return out


@SETTINGS
@given(go_tournaments(), st.data())
def test_board_list_and_handicaps_as_before(t: Tournament, data: st.DataObject) -> None:
    for rnd in range(1, len(t.rounds) + 2):
        found = outcome(system.round_games, t.replace(), rnd)
        assert found == outcome(reference_round_games, t.replace(), rnd)
        if found[0] == "error" or not t.players:
            continue
        a = data.draw(st.sampled_from(t.players)).number
        b = data.draw(st.sampled_from(t.players)).number
        assert round_handicaps(t.replace(), rnd).weaker(a, b) == build_field(t, rnd).weaker(a, b)
        for game in t.round(rnd).games[:2]:
            if game.white == game.black:
                continue
            first, second = t.player(game.white), t.player(game.black)
            with mock.patch("fairpair.systems.mcmahon.pairing.round_handicaps", build_field):
                expected = outcome(set_handicap, t.replace(), first, second, 2, rnd, None)
            assert outcome(set_handicap, t.replace(), first, second, 2, rnd, None) == expected
