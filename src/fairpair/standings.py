"""Standings: rank players by points, then by tie-breaks, and print or export them.

Ranking rules:

* The primary criterion is points (:data:`fairpair.tiebreaks.POINTS`) unless a pairing
  system passes its own ``primary`` criteria (McMahon score, ...). Then come the
  tie-breaks, by default :data:`fairpair.tiebreaks.DEFAULT_SWISS_TIEBREAKS`
  (BH-C1, BH, SB, DE, WIN, BPG).
* Each criterion only orders players still tied on all earlier ones. Higher values rank
  first unless the criterion has ``descending = False``. Criteria that depend on the
  tied group (direct encounter, :class:`fairpair.tiebreaks.GroupTiebreak`) are given
  the groups still tied at that point.
* Players still tied after the last criterion share a place: they all get the same
  ``rank`` (the best of the shared places, e.g. 3 and 3, then 5) and are listed by
  pairing number; tables show the shared span as ``3-4``.
* By default the standings are after the last completed round (every game of it has a
  result); pass ``after_round`` for an earlier one.

Output: :func:`render_table` (plain text), :func:`render_rich` (a ``rich`` table),
:func:`to_csv`, :func:`to_dict` and :func:`to_json`.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rich.table import Table

from fairpair.model import Player, Tournament, format_points
from fairpair.naming import after_name
from fairpair.tiebreaks import (
    POINTS,
    GroupTiebreak,
    Tiebreak,
    completed_rounds,
    default_tiebreaks,
    tiebreak_context,
)

__all__ = [
    "Standings",
    "StandingsRow",
    "compute_standings",
    "format_value",
    "render_rich",
    "render_table",
    "silent_places",
    "to_csv",
    "to_dict",
    "to_json",
]


@dataclass(frozen=True)
class StandingsRow:
    """One player's line. ``values`` are the tie-break values in criteria order;
    ``primary_values`` those of the primary criteria (just the points by default)."""

    rank: int
    player: Player
    points: Fraction
    values: tuple[Fraction, ...]
    primary_values: tuple[Fraction, ...] = ()
    #: Last place of the span shared with tied players (== rank when not tied).
    rank_to: int = 0

    @property
    def place(self) -> str:
        """``"3"``, or ``"3-4"`` when the place is shared."""
        if self.rank_to > self.rank:
            return f"{self.rank}-{self.rank_to}"
        return str(self.rank)


@dataclass(frozen=True)
class Standings:
    """Ranked rows after ``after_round`` rounds, with the criteria that ranked them."""

    after_round: int
    criteria: tuple[Tiebreak, ...]
    rows: tuple[StandingsRow, ...]
    primary: tuple[Tiebreak, ...] = (POINTS,)
    #: How the round is named (:func:`fairpair.naming.after_name`): ``round 5``; with
    #: double rounds (two games a pairing) ``round 15 of 15 (30 games)``.
    label: str = ""

    @property
    def title(self) -> str:
        return f"Standings after {self.label or f'round {self.after_round}'}"

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(tb.code for tb in self.criteria)

    @property
    def extra_primary(self) -> tuple[int, ...]:
        """Indices of the primary criteria shown in their own column (all but points,
        which always has the ``Pts`` column)."""
        return tuple(i for i, tb in enumerate(self.primary) if tb.code != POINTS.code)

    def row_of(self, number: int) -> StandingsRow:
        for row in self.rows:
            if row.player.number == number:
                return row
        raise KeyError(number)


_ZERO = Fraction(0)


def _is_descending(tiebreak: Tiebreak) -> bool:
    return bool(getattr(tiebreak, "descending", True))


def _criterion_values(
    tiebreak: Tiebreak, tournament: Tournament, after_round: int, groups: list[list[int]]
) -> Mapping[int, Fraction]:
    if isinstance(tiebreak, GroupTiebreak):
        return tiebreak.group_values(tournament, after_round, groups)
    return tiebreak.values(tournament, after_round)


def _refine(
    groups: list[list[int]], values: Mapping[int, Fraction], descending: bool
) -> list[list[int]]:
    """Split every tied group by ``values`` (order kept, groups stay in number order)."""
    refined: list[list[int]] = []
    for group in groups:
        if len(group) == 1:
            refined.append(group)
            continue
        buckets: dict[Fraction, list[int]] = {}
        for number in group:
            buckets.setdefault(values.get(number, _ZERO), []).append(number)
        for key in sorted(buckets, reverse=descending):
            refined.append(buckets[key])
    return refined


def compute_standings(
    tournament: Tournament,
    tiebreaks: Sequence[Tiebreak] | None = None,
    *,
    after_round: int | None = None,
    primary: Sequence[Tiebreak] | None = None,
) -> Standings:
    """Rank all players after ``after_round`` (default: the last completed round).

    ``tiebreaks`` default to :func:`fairpair.tiebreaks.default_tiebreaks`; ``primary``
    replaces the points as the first criterion (or criteria).
    """
    rounds = completed_rounds(tournament) if after_round is None else after_round
    rounds = max(0, min(rounds, len(tournament.rounds)))
    criteria = tuple(default_tiebreaks() if tiebreaks is None else tiebreaks)
    first = tuple((POINTS,) if primary is None else primary)
    # the points of every player (the tie-breaks' context is needed anyway, and cheaper
    # than the full state of a large tournament)
    context = tiebreak_context(tournament, rounds)

    groups: list[list[int]] = [sorted(p.number for p in tournament.players)]
    all_values: list[Mapping[int, Fraction]] = []
    for criterion in first + criteria:
        values = _criterion_values(criterion, tournament, rounds, groups)
        all_values.append(values)
        groups = _refine(groups, values, _is_descending(criterion))

    rows: list[StandingsRow] = []
    position = 1
    for group in groups:
        for number in group:
            player = tournament.player(number)
            row_values = tuple(v.get(number, _ZERO) for v in all_values)
            rows.append(
                StandingsRow(
                    rank=position,
                    player=player,
                    points=(
                        context.fraction(context.score[number])
                        if number in context.score
                        else Fraction(0)
                    ),
                    values=row_values[len(first) :],
                    primary_values=row_values[: len(first)],
                    rank_to=position + len(group) - 1,
                )
            )
        position += len(group)
    return Standings(
        after_round=rounds,
        criteria=criteria,
        rows=tuple(rows),
        primary=first,
        label=after_name(tournament, rounds),
    )


# -- output ---------------------------------------------------------------------------


def format_value(value: Fraction) -> str:
    """A tie-break value for a printed table: exact when it has at most three decimals
    (``12``, ``12.5``, ``3.25``, ``0.125``), else rounded to three (an average such as
    Netrunner's SOS: ``1.444``); CSV and JSON keep full precision.

    >>> format_value(Fraction(13, 9)), format_value(Fraction(5, 2)), format_value(Fraction(44, 27))
    ('1.444', '2.5', '1.630')
    """
    scaled = value * 1000
    if scaled.denominator == 1:
        return format_points(value)
    return f"{round(scaled) / 1000:.3f}"


def _headers(standings: Standings) -> list[str]:
    head = ["Rank", "No", "Name", "Rating", "Pts"]
    head += [standings.primary[i].code for i in standings.extra_primary]
    return head + list(standings.codes)


def _cells(
    standings: Standings,
    row: StandingsRow,
    place: str,
    shown: Callable[[Fraction], str] = format_value,
    silent: frozenset[int] = frozenset(),
) -> list[str]:
    player = row.player
    name = player.name or f"#{player.number}"
    if player.title:
        name = f"{player.title} {name}"
    cells = [place, str(player.number), name, str(player.rating or ""), shown(row.points)]
    cells += [shown(row.primary_values[i]) for i in standings.extra_primary]
    return cells + ["" if i in silent else shown(v) for i, v in enumerate(row.values)]


def silent_places(standings: Standings) -> list[frozenset[int]]:
    """Per row, the place-valued criteria (direct encounter) that separate nobody in his
    group - the players equal on everything before that criterion - and so are left
    blank in printed tables: a column of 1s for players who were never tied said
    nothing (issue 32). The value stays in CSV and JSON."""
    places = [i for i, tb in enumerate(standings.criteria) if not getattr(tb, "descending", True)]
    if not places:
        return [frozenset()] * len(standings.rows)
    silent: list[set[int]] = [set() for _ in standings.rows]
    for i in places:
        groups: dict[tuple[Fraction, ...], list[int]] = {}
        for index, row in enumerate(standings.rows):
            key = (row.points, *row.primary_values, *row.values[:i])
            groups.setdefault(key, []).append(index)
        for members in groups.values():
            if len({standings.rows[m].values[i] for m in members}) == 1:
                for m in members:
                    silent[m].add(i)
    return [frozenset(x) for x in silent]


def _remembered_values() -> Callable[[Fraction], str]:
    """:func:`format_value` (the same as ``format_points``), remembering what it wrote:
    a table of 10,000 players shows the same few thousand values again and again."""
    texts: dict[Fraction, str] = {}

    def shown(value: Fraction) -> str:
        text = texts.get(value)
        if text is None:
            text = texts[value] = format_value(value)
        return text

    return shown


def _places(standings: Standings) -> list[str]:
    """Shared places shown once per group (``3-4`` on the first line, blank after)."""
    labels: list[str] = []
    previous = None
    for row in standings.rows:
        labels.append("" if row.rank == previous else row.place)
        previous = row.rank
    return labels


def render_table(standings: Standings) -> str:
    """Plain-text table with aligned columns (numbers right-aligned)."""
    head = _headers(standings)
    shown = _remembered_values()
    body = [
        _cells(standings, row, label, shown, silent)
        for row, label, silent in zip(
            standings.rows, _places(standings), silent_places(standings), strict=True
        )
    ]
    widths = [max([len(head[i])] + [len(line[i]) for line in body]) for i in range(len(head))]
    left = {2}  # the name column

    def fmt(cells: list[str]) -> str:
        parts = [
            cell.ljust(widths[i]) if i in left else cell.rjust(widths[i])
            for i, cell in enumerate(cells)
        ]
        return "  ".join(parts).rstrip()

    title = standings.title
    lines = [title, fmt(head), "  ".join("-" * w for w in widths)]
    lines += [fmt(line) for line in body]
    return "\n".join(lines) + "\n"


def render_rich(standings: Standings) -> Table:
    """The standings as a :class:`rich.table.Table` (for ``Console.print``)."""
    head = _headers(standings)
    table = Table(title=standings.title)
    for i, name in enumerate(head):
        table.add_column(name, justify="left" if i == 2 else "right")
    for row, label, silent in zip(
        standings.rows, _places(standings), silent_places(standings), strict=True
    ):
        table.add_row(*_cells(standings, row, label, silent=silent))
    return table


def to_csv(standings: Standings) -> str:
    """CSV with a header line: rank, place, number, name, title, federation, rating,
    points, primary criteria (if not points), tie-breaks (by code)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    extra = [standings.primary[i].code for i in standings.extra_primary]
    writer.writerow(
        [
            "rank",
            "place",
            "number",
            "name",
            "title",
            "federation",
            "rating",
            "points",
            *extra,
            *standings.codes,
        ]
    )
    for row in standings.rows:
        p = row.player
        primary = [format_points(row.primary_values[i]) for i in standings.extra_primary]
        writer.writerow(
            [row.rank, row.place, p.number, p.name, p.title, p.federation, p.rating]
            + [format_points(row.points)]
            + primary
            + [format_points(v) for v in row.values]
        )
    return out.getvalue()


def _number(value: Fraction) -> int | float:
    return value.numerator if value.denominator == 1 else float(value)


def to_dict(standings: Standings) -> dict[str, Any]:
    """A JSON-ready dictionary; values are numbers (exact for halves and quarters)."""
    return {
        "after_round": standings.after_round,
        "label": standings.label,
        "primary": [{"code": tb.code, "name": tb.name} for tb in standings.primary],
        "criteria": [
            {"code": tb.code, "name": tb.name, "descending": bool(getattr(tb, "descending", True))}
            for tb in standings.criteria
        ],
        "rows": [
            {
                "rank": row.rank,
                "place": row.place,
                "number": row.player.number,
                "name": row.player.name,
                "title": row.player.title,
                "federation": row.player.federation,
                "rating": row.player.rating,
                "withdrawn": row.player.withdrawn_from is not None,
                "points": _number(row.points),
                "primary": {
                    tb.code: _number(v)
                    for tb, v in zip(standings.primary, row.primary_values, strict=True)
                },
                "tiebreaks": {
                    tb.code: _number(v)
                    for tb, v in zip(standings.criteria, row.values, strict=True)
                },
            }
            for row in standings.rows
        ],
    }


def to_json(standings: Standings) -> str:
    """:func:`to_dict` as indented JSON text."""
    return json.dumps(to_dict(standings), indent=2, ensure_ascii=False) + "\n"
