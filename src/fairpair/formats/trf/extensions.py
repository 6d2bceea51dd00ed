"""fairpair's own ``FPJ`` record: one line of JSON for what TRF cannot express (the
system, settings, exact points such as 1/3, player fields that do not fit their
columns, board order, trailing empty rounds). See docs/trf.md."""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from fairpair.formats.trf.points import _POINT_NAMES
from fairpair.formats.trf.records import (
    _FIXED_WIDTHS,
    FAIRPAIR_RECORD,
    _fail,
    _rank_fits,
    _State,
    format_trf_points,
)
from fairpair.model import Game, Player, Round, Tournament

# -- reading --------------------------------------------------------------------------


def _read_fairpair(line: str, lineno: int, st: _State) -> None:
    """FPJ {json} (fairpair extension): what TRF cannot carry."""
    try:
        payload = json.loads(line[4:])
    except json.JSONDecodeError as exc:
        raise _fail(
            f"FPJ record is not valid JSON ({exc.msg})",
            "a JSON object after 'FPJ '",
            st.file,
            lineno,
            5 + exc.pos,
        ) from None
    if not isinstance(payload, dict):
        raise _fail("FPJ record is not a JSON object", "{...}", st.file, lineno, 5)
    for key, value in payload.items():
        st.fairpair[key] = value


def _apply_exact_points(st: _State) -> None:
    """FPJ "points": exact values (``"1/3"``) TRF could only round."""
    fp_points = st.fairpair.get("points")
    if isinstance(fp_points, dict):
        for name, value in fp_points.items():
            if name in _POINT_NAMES and isinstance(value, str):
                with contextlib.suppress(ValueError, ZeroDivisionError):
                    st.points[name] = Fraction(value)


def _settings(st: _State) -> dict[str, Any]:
    """The tournament settings: XXC options plus FPJ "settings"."""
    settings: dict[str, Any] = {}
    if st.xxc_options:
        settings["xxc"] = list(st.xxc_options)
    fp = st.fairpair
    if "settings" in fp and isinstance(fp["settings"], dict):
        settings.update(fp["settings"])
    return settings


def _system(fp: Mapping[str, Any]) -> str | None:
    """FPJ "system": the pairing system's name."""
    return fp["system"] if isinstance(fp.get("system"), str) else None


def _apply_round_count(rounds: list[Round], fp: Mapping[str, Any]) -> list[Round]:
    """FPJ "rounds": ``rounds`` with the empty rounds at the end appended (they leave no
    trace in the 001 lines)."""
    count = fp.get("rounds")
    if not isinstance(count, int) or isinstance(count, bool):
        return rounds
    result = list(rounds)
    while len(result) < count:
        result.append(Round(number=len(result) + 1))
    return result


def _apply_player_extras(player: Player, fp: Mapping[str, Any]) -> Player:
    extras = fp.get("players", {})
    if not isinstance(extras, dict):
        return player
    data = extras.get(str(player.number))
    if not isinstance(data, dict):
        return player
    changes: dict[str, Any] = {}
    for key in ("club", *_FIXED_WIDTHS):
        if isinstance(data.get(key), str):
            changes[key] = data[key]
    for key in ("rating", "reported_rank"):
        if isinstance(data.get(key), int) and not isinstance(data[key], bool):
            changes[key] = data[key]
    if isinstance(data.get("attributes"), dict):
        changes["attributes"] = {str(k): str(v) for k, v in data["attributes"].items()}
    for key in ("withdrawn_from", "entered_at"):
        if isinstance(data.get(key), int):
            changes[key] = data[key]
    return dataclasses.replace(player, **changes) if changes else player


def _apply_board_order(rounds: list[Round], fp: Mapping[str, Any]) -> list[Round]:
    """FPJ "boards": {"3": [[w, b], ...]} restores board order and uncoloured listing."""
    order = fp.get("boards", {})
    if not isinstance(order, dict) or not order:
        return rounds
    result = list(rounds)
    for key, boards in order.items():
        if not (isinstance(key, str) and key.isdigit() and isinstance(boards, list)):
            continue
        index = int(key) - 1
        if not 0 <= index < len(result):
            continue
        result[index] = _ordered_round(result[index], boards)
    return result


def _ordered_round(rnd: Round, boards: list[Any]) -> Round:
    """``rnd`` with its games in the order of ``boards`` ([[w, b], ...]); games it does
    not list follow in their order."""
    games = {frozenset(g.players): g for g in rnd.games}
    ordered: list[Game] = []
    for pair in boards:
        if not (isinstance(pair, list) and len(pair) == 2):
            continue
        game = games.pop(frozenset(pair), None)
        if game is None:
            continue
        if not game.coloured and game.white != pair[0]:
            game = Game(
                white=game.black,
                black=game.white,
                white_result=game.black_result,
                black_result=game.white_result,
                coloured=False,
            )
        ordered.append(game)
    ordered.extend(g for g in rnd.games if frozenset(g.players) in games)
    return dataclasses.replace(rnd, games=tuple(ordered))


# -- writing --------------------------------------------------------------------------


def _fairpair_line(t: Tournament) -> str | None:
    """The FPJ record ``t`` needs, if any."""
    payload = _fairpair_payload(t)
    if not payload:
        return None
    return f"{FAIRPAIR_RECORD} " + json.dumps(payload, sort_keys=True, separators=(",", ":"))


def _fairpair_payload(t: Tournament) -> dict[str, Any]:
    """What the FPJ record must carry for ``t`` (empty if TRF says it all)."""
    payload: dict[str, Any] = {}
    if t.system is not None:
        payload["system"] = t.system
    inexact = _inexact_points(t)
    if inexact:
        payload["points"] = inexact
    settings = _payload_settings(t)
    if settings:
        payload["settings"] = settings
    players = {str(p.number): data for p in t.players if (data := _player_extras(p))}
    if players:
        payload["players"] = players
    boards = _non_natural_board_order(t)
    if boards:
        payload["boards"] = boards
    if t.rounds and not (t.rounds[-1].games or t.rounds[-1].byes):
        payload["rounds"] = len(t.rounds)
    return payload


def _inexact_points(t: Tournament) -> dict[str, str]:
    """Point values TRF can only round, as ``"n/d"``."""
    return {
        name: f"{value.numerator}/{value.denominator}"
        for name in _POINT_NAMES
        if (value := getattr(t.points, name)) != Fraction(format_trf_points(value))
    }


def _payload_settings(t: Tournament) -> dict[str, Any]:
    """The settings an XXC record cannot carry."""
    settings = {k: v for k, v in t.settings.items() if k != "xxc"}
    xxc = t.settings.get("xxc")
    if xxc is not None and not (
        isinstance(xxc, list) and all(isinstance(x, str) and x and " " not in x for x in xxc)
    ):
        settings["xxc"] = xxc
    return settings


def _player_extras(p: Player) -> dict[str, Any]:
    """What the 001 line cannot say about ``p``."""
    data: dict[str, Any] = {}
    for key, width in _FIXED_WIDTHS.items():
        value = getattr(p, key)
        if value != value[:width].strip():  # does not fit its column
            data[key] = value
    if not 0 <= p.rating <= 9999:
        data["rating"] = p.rating
    if p.reported_rank is not None and not _rank_fits(p.reported_rank):
        data["reported_rank"] = p.reported_rank
    if p.club:
        data["club"] = p.club
    if p.attributes:
        data["attributes"] = dict(p.attributes)
    if p.withdrawn_from is not None:
        data["withdrawn_from"] = p.withdrawn_from
    if p.entered_at is not None:
        data["entered_at"] = p.entered_at
    return data


def _non_natural_board_order(t: Tournament) -> dict[str, list[list[int]]]:
    """Rounds whose game order differs from what the reader reconstructs by itself."""
    position = {p.number: i for i, p in enumerate(t.players)}
    result: dict[str, list[list[int]]] = {}
    for rnd in t.rounds:
        natural = sorted(
            rnd.games, key=lambda g: min(position.get(g.white, 0), position.get(g.black, 0))
        )
        listing_ok = all(
            g.coloured or position.get(g.white, 0) <= position.get(g.black, 0) for g in rnd.games
        )
        if list(rnd.games) != natural or not listing_ok:
            result[str(rnd.number)] = [[g.white, g.black] for g in rnd.games]
    return result
