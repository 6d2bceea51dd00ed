"""What the API and the pages show of a tournament, as plain JSON-ready data.

Names always come with numbers: a board is ``{"number": 3, "name": "Rossi, Anna",
...}``. Points are JSON numbers when they are exact decimals, strings otherwise
(``"1/3"``), as in the JSON document.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fairpair import workflow as wf
from fairpair.model import Player, Tournament, format_points
from fairpair.standings import Standings
from fairpair.web.store import Stored
from fairpair.workflow.rounds import tournament_name

__all__ = [
    "find_players",
    "number",
    "player_games",
    "player_json",
    "round_json",
    "standings_json",
    "tournament_json",
]


def _number(value: Fraction | int) -> int | float | str:
    return number(value)


def number(value: Fraction | int) -> int | float | str:
    """A point value for JSON: an int, an exact decimal, or ``"p/q"``."""
    if isinstance(value, int):
        return value
    if not isinstance(value, Fraction):
        value = Fraction(value)
    if value.denominator == 1:
        return int(value.numerator)
    if (value * 1000).denominator == 1:
        return float(value)
    return f"{value.numerator}/{value.denominator}"


def player_json(p: Player) -> dict[str, Any]:
    """A player's details."""
    out: dict[str, Any] = {
        "number": p.number,
        "name": p.name,
        "rating": p.rating,
        "title": p.title,
        "federation": p.federation,
        "fide_id": p.fide_id,
        "sex": p.sex,
        "birth": p.birth_date,
        "club": p.club,
        "withdrawn_from": p.withdrawn_from,
        "entered_at": p.entered_at,
    }
    if "rank" in p.attributes:
        out["rank"] = p.attributes["rank"]
    return out


def _ref(t: Tournament, n: int, scores: dict[int, Fraction]) -> dict[str, Any]:
    player = t.player_map.get(n)
    return {
        "number": n,
        "name": player.name if player is not None else "",
        "rating": player.rating if player is not None else 0,
        "score": number(scores.get(n, Fraction(0))),
    }


def round_json(t: Tournament, round_number: int) -> dict[str, Any]:
    """Round ``round_number``: boards with names, scores before the round and results;
    byes and absences."""
    first, second = wf.descriptor_of(t.system).sides
    state = t.state(after_round=round_number - 1)
    scores = {n: s.score for n, s in state.items()}
    rnd = t.round(round_number)
    boards = [
        {
            "board": index,
            first: _ref(t, game.white, scores),
            second: _ref(t, game.black, scores),
            "result": wf.result_text(game) or None,
        }
        for index, game in enumerate(rnd.games, 1)
    ]
    byes = [
        {
            "player": _ref(t, n, scores),
            "kind": kind.name.lower(),
            "points": number(t.points.bye_points(kind)),
        }
        for n, kind in sorted(rnd.byes.items())
    ]
    return {
        "round": round_number,
        "label": wf.round_label(t, round_number),
        "paired": rnd.paired,
        "sides": [first, second],
        "boards": boards,
        "pending": sum(1 for g in rnd.games if not g.has_result),
        "byes": byes,
    }


def standings_json(table: Standings) -> dict[str, Any]:
    """Standings rows with names, points and tiebreaks by code."""
    shown: dict[Fraction | int, int | float | str] = {}

    def number(value: Fraction | int) -> int | float | str:
        # a few distinct values repeat over thousands of rows: convert each once
        found = shown.get(value)
        if found is None:
            found = shown[value] = _number(value)
        return found

    return {
        "after_round": table.after_round,
        "title": table.title,
        "tiebreaks": list(table.codes),
        "rows": [
            {
                "rank": row.rank,
                "place": row.place,
                "number": row.player.number,
                "name": row.player.name,
                "rating": row.player.rating,
                "points": number(row.points),
                "points_text": format_points(row.points),
                "tiebreaks": {
                    code: number(value)
                    for code, value in zip(table.codes, row.values, strict=False)
                },
            }
            for row in table.rows
        ],
    }


def tournament_json(stored: Stored, *, players: bool = True) -> dict[str, Any]:
    """A tournament's summary (and its players)."""
    t = stored.tournament
    out: dict[str, Any] = {
        "id": stored.id,
        "name": tournament_name(t),
        "system": t.system,
        "total_rounds": t.total_rounds,
        "double_rounds": t.double_rounds,
        "rounds_paired": t.rounds_played,
        "pending_games": len(wf.pending_games(t)),
        "player_count": len(t.players),
        "version": stored.version,
        "created_at": stored.created_at,
        "updated_at": stored.updated_at,
        "links": {
            "self": f"/api/v1/tournaments/{stored.id}",
            "standings": f"/api/v1/tournaments/{stored.id}/standings",
            "export": f"/api/v1/tournaments/{stored.id}/export.trf",
            "page": f"/t/{stored.id}",
        },
    }
    if players:
        out["players"] = [player_json(p) for p in t.players]
    return out


def player_games(t: Tournament, player: int) -> list[dict[str, Any]]:
    """Round by round, what ``player`` had: board, side, opponent and result of his game,
    or his bye (``kind``, points); rounds without a pairing or bye for him are left out.
    Results are from his side: ``1-0`` names the first-listed player's result first."""
    first, second = wf.descriptor_of(t.system).sides
    out: list[dict[str, Any]] = []
    for rnd in t.rounds:
        label = wf.round_label(t, rnd.number)
        for index, game in enumerate(rnd.games, 1):
            if player not in (game.white, game.black):
                continue
            other = game.opponent(player)
            opponent = t.player_map.get(other)
            out.append(
                {
                    "round": rnd.number,
                    "label": label,
                    "board": index,
                    "side": first if player == game.white else second,
                    "first": player == game.white,
                    "opponent": {
                        "number": other,
                        "name": opponent.name if opponent is not None else "",
                        "rating": opponent.rating if opponent is not None else 0,
                    },
                    "result": wf.result_text(game) or None,
                }
            )
            break
        else:
            kind = rnd.byes.get(player)
            if kind is not None:
                out.append(
                    {
                        "round": rnd.number,
                        "label": label,
                        "bye": kind.name.lower().replace("_", "-"),
                        "points": number(t.points.bye_points(kind)),
                    }
                )
    return out


def find_players(t: Tournament, text: str, *, limit: int = 20) -> list[Player]:
    """The players ``text`` names for a "find my pairing" box: the pairing number, else
    every player whose name contains it (case and accents as typed, spaces and commas
    loose), at most ``limit``."""
    wanted = text.strip()
    if not wanted:
        return []
    if wanted.isdigit():
        player = t.player_map.get(int(wanted))
        return [player] if player is not None else []
    words = [w for w in wanted.replace(",", " ").casefold().split() if w]
    found = []
    for player in t.players:
        name = player.name.casefold()
        if all(w in name for w in words):
            found.append(player)
            if len(found) >= limit:
                break
    return found
