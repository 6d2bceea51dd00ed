"""Explanations in words: the structured explanation of a round (:mod:`fairpair.explain`)
as plain-language lines (``fairpair pair --explain``)::

    Board 2: Anna Rossi (no. 4, 2 points) has white against Ben Okafor (no. 7, 1.5 points).
      - Anna Rossi (no. 4) plays down: she moved down from the group of 2 points.

Each reason's sentence is the one :data:`fairpair.explain.REASONS` holds for its code
(the code list and its sentences are one table, which :func:`fairpair.explain.reason`
and :func:`fairpair.explain.validate` check codes against), with the rule that decided
in brackets after the words ("(rule C.5)"). Parameters named ``player``, ``opponent``,
``other`` or ``players`` are pairing numbers, printed with the player's name. No I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fairpair.explain import REASONS

__all__ = ["explanation_lines", "render"]

#: Parameters that hold pairing numbers (printed as "Name (no. N)").
_PLAYER_PARAMS = frozenset({"player", "opponent", "other"})
_PLAYER_LIST_PARAMS = frozenset({"players"})


def _name(players: Mapping[int, Mapping[str, Any]], number: int) -> str:
    entry = players.get(number)
    name = str(entry.get("name") or "").strip() if entry else ""
    return f"{name} (no. {number})" if name else f"no. {number}"


def _unit(doc: Mapping[str, Any], score: str) -> str:
    unit = str(doc.get("score_unit", "points"))
    if unit.endswith("points") and score in ("1", "-1"):
        return unit[:-1]
    return unit


def _sentence(
    item: Mapping[str, Any],
    players: Mapping[int, Mapping[str, Any]],
    doc: Mapping[str, Any],
    player: int | None = None,
) -> str:
    """One reason as a sentence; ``player``: whose reason it is (the default
    ``{player}``)."""
    template = REASONS.get(str(item.get("code")), "{code}")
    params: dict[str, Any] = {"unit": doc.get("score_unit", "points")}
    if player is not None:
        params["player"] = _name(players, player)
    for key, value in dict(item.get("params", {})).items():
        if key in _PLAYER_PARAMS and isinstance(value, int):
            params[key] = _name(players, value)
        elif key in _PLAYER_LIST_PARAMS and isinstance(value, list):
            params[key] = ", ".join(_name(players, int(v)) for v in value) or "nobody"
        else:
            params[key] = value
    if "score" in params and isinstance(params["score"], str):
        params["unit"] = _unit(doc, params["score"])
    try:
        text = template.format(**params)
    except (KeyError, IndexError, ValueError):
        text = f"{item.get('code')}: {params}"
    rule = item.get("rule")
    if rule:
        text = text[:-1] if text.endswith(".") else text
        text += f" ({rule})."
    elif not text.endswith("."):
        text += "."
    return text


def _who(players: Mapping[int, Mapping[str, Any]], number: int, doc: Mapping[str, Any]) -> str:
    entry = players[number]
    score = str(entry["score"])
    name = str(entry.get("name") or "").strip()
    label = f"{name} (no. {number}" if name else f"no. {number} ("
    sep = ", " if name else ""
    return f"{label}{sep}{score} {_unit(doc, score)})"


def render(doc: Mapping[str, Any]) -> list[str]:
    """The explanation as plain-language lines (see the module docstring)."""
    players = {int(p["number"]): p for p in doc.get("players", [])}
    lines = [f"Round {doc.get('round')}: {doc.get('title')}"]
    for item in doc.get("notes", []):
        lines.append(_sentence(item, players, doc))
    boards_by_group: dict[int | None, list[Mapping[str, Any]]] = {}
    for board in doc.get("boards", []):
        boards_by_group.setdefault(board.get("group"), []).append(board)
    colour_words = {"white": "has white", "black": "has black"}
    side_words = doc.get("colour_words") or colour_words

    def board_lines(board: Mapping[str, Any], indent: str) -> list[str]:
        white, black = int(board["white"]), int(board["black"])
        verb = side_words.get("white", "has white")
        out = [
            f"{indent}Board {board['board']}: {_who(players, white, doc)} {verb} against "
            f"{_who(players, black, doc)}."
        ]
        for number in (white, black):
            for item in players[number].get("reasons", []):
                out.append(f"{indent}  - {_sentence(item, players, doc, number)}")
        for item in board.get("notes", []):
            out.append(f"{indent}  - {_sentence(item, players, doc)}")
        return out

    for index, group in enumerate(doc.get("groups", [])):
        lines.append("")
        score = group.get("score")
        members = [int(n) for n in group.get("players", [])]
        moved_in = [int(n) for n in group.get("moved_in", [])]
        own = [n for n in members if n not in moved_in]
        head = "Group" if score is None else f"Group of {score} {_unit(doc, str(score))}"
        text = head + ": " + (", ".join(_name(players, n) for n in own) or "nobody")
        if moved_in:
            text += "; moved down into it: " + ", ".join(
                f"{_name(players, n)} with {players[n]['score']} "
                f"{_unit(doc, str(players[n]['score']))}"
                for n in moved_in
            )
        lines.append(text + ".")
        for item in group.get("notes", []):
            lines.append("  " + _sentence(item, players, doc))
        for board in boards_by_group.get(index, []):
            lines += board_lines(board, "  ")
    loose = boards_by_group.get(None, [])
    if loose:
        lines.append("")
        for board in loose:
            lines += board_lines(board, "")
    bye = doc.get("bye")
    if bye is not None:
        lines.append("")
        lines.append(f"Pairing-allocated bye: {_who(players, int(bye), doc)}.")
        for item in players[int(bye)].get("reasons", []):
            lines.append(f"  - {_sentence(item, players, doc, int(bye))}")
    absent = [p for p in doc.get("players", []) if p.get("status") == "absent"]
    if absent:
        lines.append("")
        lines.append("Not paired in this round:")
        for p in absent:
            lines.append(f"  {_name(players, int(p['number']))}: {p.get('absence', 'absent')}.")
    return lines


def explanation_lines(info: Mapping[str, Any]) -> list[str] | None:
    """The explanation a system left in ``Pairing.info``, as lines to print (the plain
    words of :func:`render`); None when there is none (it was not asked to explain)."""
    if "explanation" in info:
        return render(info["explanation"])
    return None
