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
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.model import (
    ByeKind,
    Colour,
    ResultCode,
    RoundRecord,
    Tournament,
    format_points,
    paused_gc,
)
from fairpair.naming import column_head
from fairpair.standings import Standings, _remembered_values, silent_places
from fairpair.systems import descriptor_of
from fairpair.workflow.results import result_text
from fairpair.workflow.rounds import round_label, total_label, tournament_name

__all__ = [
    "BoardLine",
    "board_lines",
    "boards_html",
    "boards_text",
    "crosstable_html",
    "crosstable_legend",
    "crosstable_rows",
    "crosstable_text",
    "go_boards_text",
]

_BYE_WORDS = {
    ByeKind.PAIRING_ALLOCATED: "pairing-allocated bye",
    ByeKind.HALF_POINT: "half-point bye",
    ByeKind.FULL_POINT: "full-point bye",
    ByeKind.ZERO_POINT: "zero-point bye",
    ByeKind.ABSENT: "absent",
}


def _strength(t: Tournament, number: int) -> str:
    player = t.player(number)
    if descriptor_of(t.system).strength == "rank":
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
    scores = t.scores(round_number - 1)  # not the whole state: a record per player and round
    lines = []
    for index, game in enumerate(t.round(round_number).games, 1):
        lines.append(
            BoardLine(
                index,
                _label(t, game.white),
                _strength(t, game.white),
                format_points(scores[game.white]),
                _label(t, game.black),
                _strength(t, game.black),
                format_points(scores[game.black]),
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
    playing = {number for game in rnd.games for number in (game.white, game.black)}
    for player in t.players:
        if player.number in rnd.byes or player.number in playing:
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
    """The rows as lines of aligned columns (the columns in ``left`` left-aligned, the
    others right-aligned, two blanks between them)."""
    if len({len(r) for r in rows}) != 1:  # rows of different lengths: cell by cell
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        return [
            "  ".join(
                c.ljust(widths[i]) if i in left else c.rjust(widths[i]) for i, c in enumerate(r)
            ).rstrip()
            for r in rows
        ]
    # the same, a column or a row at a time (a crosstable has a million cells)
    widths = [max(map(len, column)) for column in zip(*rows, strict=True)]
    lines = []
    for r in rows:
        cells = list(map(str.rjust, r, widths))
        for i in left:
            if i < len(cells):
                cells[i] = r[i].ljust(widths[i])
        lines.append("  ".join(cells).rstrip())
    return lines


def boards_text(t: Tournament, round_number: int) -> str:
    """The pairing list of a round: board, both players (name, number, rating or rank,
    score before the round), result; then byes, absences and withdrawals."""
    first, second = (s.capitalize() for s in descriptor_of(t.system).sides)
    strength = "Rank" if descriptor_of(t.system).strength == "rank" else "Rtg"
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


_GO_BYE_WORDS = {
    ByeKind.PAIRING_ALLOCATED: "forced bye",
    ByeKind.FULL_POINT: "full-point bye",
    ByeKind.HALF_POINT: "half-point bye",
}


def go_boards_text(t: Tournament, round_number: int) -> str:
    """The games of a McMahon (Go) round: board, white and black (name, rank, McMahon
    score before the round), handicap, komi, result (``jigo``); then the byes
    (``boards --go``)."""
    from fairpair.systems.mcmahon.ranks import format_rank, strength_of
    from fairpair.systems.mcmahon.system import round_games

    lines = [
        f"Round {round_number}",
        f"{'Bd':>3}  {'White':<28} {'Black':<28} {'H':>2} {'Komi':>5}  Result",
    ]

    def who(n: int, score: float | int) -> str:
        p = t.player(n)
        return f"{p.name[:16]} ({format_rank(strength_of(p).rank)}, {score})"

    for i, g in enumerate(round_games(t, round_number), 1):
        lines.append(
            f"{i:>3}  {who(g['white'], g['white_score']):<28} "
            f"{who(g['black'], g['black_score']):<28} {g['handicap']:>2} {g['komi']:>5}  "
            f"{g['result'] or ''}"
        )
    for n, kind in sorted(t.round(round_number).byes.items()):
        label = _GO_BYE_WORDS.get(kind, "voluntary bye")
        lines.append(f"     {t.player(n).name}: {label}")
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
    first, second = (s.capitalize() for s in descriptor_of(t.system).sides)
    strength = "Rank" if descriptor_of(t.system).strength == "rank" else "Rating"
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
    Netrunner ``5c3``: corp, 3 prestige), a bye with its points (``bye1``, ``bye½``,
    ``bye0``; Netrunner: ``bye3``...), ``?`` a pending game, or ``.`` for no entry (not
    paired, withdrawn)."""
    first, second = (side[0] for side in descriptor_of(t.system).sides)
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
        return _bye_cell(t, record.bye)
    return "."


def _bye_cell(t: Tournament, kind: ByeKind) -> str:
    """A bye with its points, as a game's result is shown: ``bye1``, ``bye½``, ``bye0``
    (Netrunner ``bye3``). Never ``+``/``-``, which mean forfeits in a crosstable."""
    points = t.points.bye_points(kind)
    if t.points.win != 1:
        return f"bye{format_points(points)}"
    return "bye" + {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}.get(
        points, format_points(points)
    )


def _crosstable_rows(t: Tournament, standings: Standings) -> tuple[list[str], list[list[str]]]:
    rounds = standings.after_round
    place_of = {row.player.number: index for index, row in enumerate(standings.rows, 1)}
    head = ["Pl", "No", "Name", "Rtg"] + [column_head(t, r) for r in range(1, rounds + 1)]
    head.append("Pts")
    head += list(standings.codes)
    with paused_gc():  # a cell per player and round: see fairpair.model.paused_gc
        cells_of = _crosstable_cells(t, rounds, place_of)
        if cells_of is None:  # a player with two entries in a round: from the state
            state = t.state(after_round=rounds)
            cells_of = {
                number: [_cell(t, rec, place_of) for rec in state[number].records[:rounds]]
                for number in state
            }
        rows = []
        shown = _remembered_values()
        quiet = silent_places(standings)
        for index, row in enumerate(standings.rows, 1):
            player = row.player
            shared = index > 1 and standings.rows[index - 2].rank == row.rank
            silent = quiet[index - 1]
            rows.append(
                ["" if shared else row.place, str(player.number), player.name]
                + [_strength(t, player.number)]
                + cells_of[player.number]
                + [shown(row.points)]
                + ["" if i in silent else shown(v) for i, v in enumerate(row.values)]
            )
    return head, rows


def _crosstable_cells(
    t: Tournament, rounds: int, place_of: dict[int, int]
) -> dict[int, list[str]] | None:
    """Per player, the cells (:func:`_cell`) of the first ``rounds`` rounds, made from
    the rounds directly (a table of 10,000 players and 90 rounds would otherwise make
    a :class:`RoundRecord` per cell first); None if a player has more than one game in
    a round (then the state says what the table shows)."""
    if rounds > len(t.rounds):
        return None
    first, second = (side[0] for side in descriptor_of(t.system).sides)
    by_points = t.points.win != 1

    def mark(code: ResultCode | None, colour: Colour | None) -> str:
        if code is None:
            return "?"
        if not code.played:
            return "+" if code.outcome > 0 else "-"
        if by_points:
            return format_points(t.points.game_points(code, colour))
        return {1: "1", 0: "½", -1: "0"}[code.outcome]

    codes = (*ResultCode, None)
    # each cell spelled once (a table of a million cells has a few thousand distinct
    # ones): side -> the player's result -> opponent -> cell
    places = _Places(place_of)
    as_white = {code: _Cells(places, first + mark(code, Colour.WHITE)) for code in codes}
    as_black = {code: _Cells(places, second + mark(code, Colour.BLACK)) for code in codes}
    uncoloured = {code: _Cells(places, "-" + mark(code, None)) for code in codes}
    bye_cells = {kind: _bye_cell(t, kind) for kind in ByeKind}
    # per round: player -> cell (written in order, read per player at C speed below)
    by_round: list[dict[int, str]] = []
    for rnd in t.rounds[:rounds]:
        found: dict[int, str] = {}
        for game in rnd.games:
            white, black = game.white, game.black
            if game.coloured:
                white_end, black_end = as_white, as_black
            else:
                white_end = black_end = uncoloured
            found[white] = white_end[game.white_result][black]
            found[black] = black_end[game.black_result][white]
        if len(found) != 2 * len(rnd.games):  # a player with a second game this round
            return None
        for number, kind in rnd.byes.items():
            found.setdefault(number, bye_cells[kind])  # not if he has a game
        by_round.append(found)
    get, no_entry = dict.get, itertools.repeat(".")
    return {
        p.number: list(map(get, by_round, itertools.repeat(p.number), no_entry)) for p in t.players
    }


class _Cells(dict[int, str]):
    """Opponent -> the cell of a game against him with one side and result (``5w1``),
    made on first use."""

    def __init__(self, places: _Places, end: str) -> None:
        super().__init__()
        self.places = places
        self.end = end

    def __missing__(self, number: int) -> str:
        cell = self[number] = self.places[number] + self.end
        return cell


class _Places(dict[int, str]):
    """Pairing number -> the place shown for that opponent (his pairing number if he
    has no place), made on first use."""

    def __init__(self, place_of: dict[int, int]) -> None:
        super().__init__()
        self.place_of = place_of

    def __missing__(self, number: int) -> str:
        shown = self[number] = str(self.place_of.get(number, number))
        return shown


def _legend(t: Tournament) -> str:
    first, second = descriptor_of(t.system).sides
    score = "points" if t.points.win != 1 else "1 win, ½ draw, 0 loss"
    return (
        f"Each round: the opponent's place, {first[0]} = {first} / {second[0]} = {second}, "
        f"the result ({score}; + / - a forfeit won / lost; ? pending); "
        "bye followed by its points (bye1, bye½, bye0); "
        ". = not paired (absent, withdrawn or not yet entered)."
    )


def crosstable_rows(t: Tournament, standings: Standings) -> tuple[list[str], list[list[str]]]:
    """The crosstable's head and rows as text cells (standings order), for a page that
    lays them out itself (the web app's paged crosstable); the columns after the rounds'
    ones (``Pts``, tiebreaks) and ``Pl``, ``No``, ``Rtg`` are numbers."""
    return _crosstable_rows(t, standings)


def crosstable_legend(t: Tournament) -> str:
    """The line that explains the crosstable's cells."""
    return _legend(t)


def crosstable_text(t: Tournament, standings: Standings) -> str:
    """The crosstable in standings order: each round's cell is the opponent's place, the
    colour and the result (``5w1``: beat number 5 in the table with white; ``+``/``-``
    forfeits; ``bye1``/``bye½``/``bye0``; ``.`` not paired)."""
    head, rows = _crosstable_rows(t, standings)
    title = f"{tournament_name(t)}: crosstable after {standings.label}"
    return "\n".join([title, *_aligned([head, *rows], {2}), "", _legend(t)]) + "\n"


def crosstable_html(t: Tournament, standings: Standings) -> str:
    """The crosstable as a printable HTML page."""
    head, rows = _crosstable_rows(t, standings)
    numeric = {0, 1, 3} | set(range(4 + standings.after_round, len(head)))
    title = f"{tournament_name(t)}: crosstable after {standings.label}"
    legend = f"<p>{html.escape(_legend(t))}</p>\n"
    return _page(title, _table(head, rows, numeric) + legend)
