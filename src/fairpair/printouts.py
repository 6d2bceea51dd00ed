"""Printouts for the tournament hall: the pairing list of a round and the crosstable,
as plain text and as a printable HTML page.

>>> from fairpair.model import Player, Tournament, Round, Game, ResultCode
>>> t = Tournament(players=(Player(1, "Ann", rating=2100), Player(2, "Bob", rating=2000)),
...                total_rounds=1, system="dutch")
>>> t = t.with_round(Round(1, (Game(1, 2, ResultCode.WIN, ResultCode.LOSS),)))
>>> print(boards_text(t, 1).splitlines()[2].split())
['1', 'Ann', '(1)', '2100', '0', 'Bob', '(2)', '2000', '0', '1-0']
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from fairpair.model import ByeKind, Colour, RoundRecord, Tournament, format_points
from fairpair.standings import Standings
from fairpair.workflow.profiles import profile_of
from fairpair.workflow.results import result_text
from fairpair.workflow.rounds import round_label, total_label

__all__ = [
    "BoardLine",
    "board_lines",
    "boards_html",
    "boards_text",
    "crosstable_html",
    "crosstable_text",
    "tournament_name",
]

_BYE_WORDS = {
    ByeKind.PAIRING_ALLOCATED: "pairing-allocated bye",
    ByeKind.HALF_POINT: "half-point bye",
    ByeKind.FULL_POINT: "full-point bye",
    ByeKind.ZERO_POINT: "zero-point bye",
    ByeKind.ABSENT: "absent",
}


def tournament_name(t: Tournament) -> str:
    """The name from the header (TRF 012), or "Tournament"."""
    return dict(t.headers).get("012", "").strip() or "Tournament"


def _strength(t: Tournament, number: int) -> str:
    player = t.player(number)
    if t.system == "mcmahon":
        return player.attributes.get("rank", "")
    return str(player.rating) if player.rating else ""


@dataclass(frozen=True)
class BoardLine:
    """One board of a round, ready to print."""

    board: int
    first: str
    first_strength: str
    first_score: str
    second: str
    second_strength: str
    second_score: str
    result: str


def _label(t: Tournament, number: int) -> str:
    player = t.player(number)
    return f"{player.name or '#'} ({number})" if player.name else f"#{number}"


def board_lines(t: Tournament, round_number: int) -> list[BoardLine]:
    """The games of ``round_number`` with names, strength and scores before the round."""
    state = t.state(after_round=round_number - 1)
    lines = []
    for index, game in enumerate(t.round(round_number).games, 1):
        lines.append(
            BoardLine(
                index,
                _label(t, game.white),
                _strength(t, game.white),
                format_points(state[game.white].score),
                _label(t, game.black),
                _strength(t, game.black),
                format_points(state[game.black].score),
                result_text(game),
            )
        )
    return lines


def _bye_lines(t: Tournament, round_number: int) -> list[str]:
    rnd = t.round(round_number)
    lines = []
    for number, kind in sorted(rnd.byes.items()):
        points = format_points(t.points.bye_points(kind))
        unit = "point" if points == "1" else "points"
        lines.append(f"{_label(t, number)}: {_BYE_WORDS[kind]} ({points} {unit})")
    for player in t.players:
        if player.number in rnd.byes or rnd.game_of(player.number) is not None:
            continue
        if player.withdrawn_from is not None and round_number >= player.withdrawn_from:
            lines.append(f"{_label(t, player.number)}: withdrawn")
        elif player.entered_at is not None and round_number < player.entered_at:
            lines.append(f"{_label(t, player.number)}: not yet entered")
    return lines


def _round_title(t: Tournament, round_number: int) -> str:
    system = f" ({t.system}, {total_label(t)})" if t.system else ""
    return f"{tournament_name(t)}{system}: {round_label(t, round_number)}"


def _aligned(rows: Sequence[Sequence[str]], left: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(
            c.ljust(widths[i]) if i in left else c.rjust(widths[i]) for i, c in enumerate(r)
        ).rstrip()
        for r in rows
    ]


def boards_text(t: Tournament, round_number: int) -> str:
    """The pairing list of a round: board, both players (name, number, rating or rank,
    score before the round), result; then byes, absences and withdrawals."""
    first, second = (s.capitalize() for s in profile_of(t.system).sides)
    strength = "Rank" if t.system == "mcmahon" else "Rtg"
    head = ["Bd", first, strength, "Pts", "", second, strength, "Pts", "", "Result"]
    rows = [head] + [
        [
            str(b.board),
            b.first,
            b.first_strength,
            b.first_score,
            "",
            b.second,
            b.second_strength,
            b.second_score,
            "",
            b.result,
        ]
        for b in board_lines(t, round_number)
    ]
    lines = [_round_title(t, round_number)]
    lines += ["  " + line for line in _aligned(rows, {1, 3, 5, 7, 9})]
    extra = _bye_lines(t, round_number)
    if extra:
        lines += ["", "Not playing:"] + ["  " + e for e in extra]
    return "\n".join(lines) + "\n"


_CSS = """
body { font-family: Georgia, 'Times New Roman', serif; margin: 1.5cm; color: #000; }
h1 { font-size: 1.4em; margin-bottom: 0.2em; }
table { border-collapse: collapse; width: 100%; font-size: 0.95em; }
th, td { border: 1px solid #444; padding: 0.25em 0.5em; text-align: left; }
th { background: #e8e8e8; }
td.num { text-align: right; }
tr:nth-child(even) td { background: #f6f6f6; }
@media print { body { margin: 0.8cm; } tr { page-break-inside: avoid; } }
"""


def _page(title: str, body: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        f"<h1>{html.escape(title)}</h1>\n{body}</body>\n</html>\n"
    )


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], numeric: set[int]) -> str:
    out = ["<table>", "<thead><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head)]
    out.append("</tr></thead>\n<tbody>")
    for row in rows:
        cells = "".join(
            f'<td class="num">{html.escape(c)}</td>'
            if i in numeric
            else f"<td>{html.escape(c)}</td>"
            for i, c in enumerate(row)
        )
        out.append(f"<tr>{cells}</tr>")
    out.append("</tbody></table>\n")
    return "\n".join(out)


def boards_html(t: Tournament, round_number: int) -> str:
    """The pairing list as a printable HTML page."""
    first, second = (s.capitalize() for s in profile_of(t.system).sides)
    strength = "Rank" if t.system == "mcmahon" else "Rating"
    head = ["Board", first, strength, "Pts", second, strength, "Pts", "Result"]
    rows = [
        [
            str(b.board),
            b.first,
            b.first_strength,
            b.first_score,
            b.second,
            b.second_strength,
            b.second_score,
            b.result,
        ]
        for b in board_lines(t, round_number)
    ]
    body = _table(head, rows, {0, 2, 3, 5, 6})
    extra = _bye_lines(t, round_number)
    if extra:
        items = "".join(f"<li>{html.escape(e)}</li>" for e in extra)
        body += f"<h2>Not playing</h2>\n<ul>{items}</ul>\n"
    return _page(_round_title(t, round_number), body)


def _cell(t: Tournament, record: RoundRecord, place_of: dict[int, int]) -> str:
    """One crosstable cell: opponent's place, side, result (``5w1``, ``12b½``; with
    Netrunner ``5c3``: corp, 3 prestige), a bye (``bye+``, ``bye½``, ``bye-``; Netrunner:
    ``bye3``...), ``?`` a pending game, or ``.`` for no entry (not paired, withdrawn)."""
    first, second = (side[0] for side in profile_of(t.system).sides)
    by_points = t.points.win != 1
    if record.opponent is not None:
        side = first if record.colour is Colour.WHITE else second if record.colour else "-"
        if record.result is None:
            mark = "?"
        elif not record.result.played:
            mark = "+" if record.result.outcome > 0 else "-"
        elif by_points:
            mark = format_points(record.points)
        else:
            mark = {1: "1", 0: "½", -1: "0"}[record.result.outcome]
        return f"{place_of.get(record.opponent, record.opponent)}{side}{mark}"
    if record.bye is not None:
        if by_points:
            return f"bye{format_points(record.points)}"
        return {
            ByeKind.PAIRING_ALLOCATED: "bye+",
            ByeKind.FULL_POINT: "bye+",
            ByeKind.HALF_POINT: "bye½",
        }.get(record.bye, "bye-")
    return "."


def _crosstable_rows(t: Tournament, standings: Standings) -> tuple[list[str], list[list[str]]]:
    rounds = standings.after_round
    place_of = {row.player.number: index for index, row in enumerate(standings.rows, 1)}
    state = t.state(after_round=rounds)
    head = ["Pl", "No", "Name", "Rtg"] + [f"R{r}" for r in range(1, rounds + 1)] + ["Pts"]
    head += list(standings.codes)
    rows = []
    for index, row in enumerate(standings.rows, 1):
        player = row.player
        cells = [_cell(t, rec, place_of) for rec in state[player.number].records[:rounds]]
        shared = index > 1 and standings.rows[index - 2].rank == row.rank
        rows.append(
            ["" if shared else row.place, str(player.number), player.name]
            + [_strength(t, player.number)]
            + cells
            + [format_points(row.points)]
            + [format_points(v) for v in row.values]
        )
    return head, rows


def _legend(t: Tournament) -> str:
    first, second = profile_of(t.system).sides
    score = "points" if t.points.win != 1 else "1 win, ½ draw, 0 loss"
    return (
        f"Each round: the opponent's place, {first[0]} = {first} / {second[0]} = {second}, "
        f"the result ({score}; + / - forfeit; ? pending); bye with its points; "
        ". = not paired (absent, withdrawn or not yet entered)."
    )


def crosstable_text(t: Tournament, standings: Standings) -> str:
    """The crosstable in standings order: each round's cell is the opponent's place, the
    colour and the result (``5w1``: beat number 5 in the table with white; ``+``/``-``
    forfeits; ``bye+``/``bye½``/``bye-``; ``.`` not paired)."""
    head, rows = _crosstable_rows(t, standings)
    title = f"{tournament_name(t)}: crosstable after round {standings.after_round}"
    return "\n".join([title, *_aligned([head, *rows], {2}), "", _legend(t)]) + "\n"


def crosstable_html(t: Tournament, standings: Standings) -> str:
    """The crosstable as a printable HTML page."""
    head, rows = _crosstable_rows(t, standings)
    numeric = {0, 1, 3} | set(range(4 + standings.after_round, len(head)))
    title = f"{tournament_name(t)}: crosstable after round {standings.after_round}"
    legend = f"<p>{html.escape(_legend(t))}</p>\n"
    return _page(title, _table(head, rows, numeric) + legend)
