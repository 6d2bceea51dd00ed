"""``fairpair seed``: the TCEC seeding order of a player list.

The player list is a CSV file with a name and a rating per line (a header line with
``name`` and ``rating`` columns is optional; other columns are ignored when there is a
header). Players are ordered by rating, highest first (``--order file`` keeps the file
order, e.g. when it already ranks by last known results), then seeded by group seeding
(``--groups G``) or by random seeding (``--random-seed S``). Seed n is pairing number n;
``-o FILE`` also writes the new tournament, ready for ``fairpair pair``.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

import click

from fairpair.cli.common import save
from fairpair.errors import InputError
from fairpair.model import Player, Tournament
from fairpair.systems.tcec import group_labels, group_seeding, random_seeding, recommended_groups

__all__ = ["SeedEntry", "read_player_list", "seed_command", "seeded_tournament", "seeding_table"]


@dataclass(frozen=True)
class SeedEntry:
    """One player of the list: name, rating (0 if not given) and its line in the file."""

    name: str
    rating: int
    line: int


def read_player_list(text: str, file: str = "<input>") -> list[SeedEntry]:
    """Parse the CSV player list (see the module docstring)."""
    rows = [(number, row) for number, row in enumerate(csv.reader(io.StringIO(text)), 1)]
    rows = [(n, [cell.strip() for cell in row]) for n, row in rows if any(c.strip() for c in row)]
    if not rows:
        raise InputError("no players in the list", expected="lines 'name,rating'", file=file)
    name_col, rating_col = 0, 1
    first_line, first = rows[0]
    lowered = [cell.lower() for cell in first]
    if "name" in lowered:
        name_col = lowered.index("name")
        rating_col = lowered.index("rating") if "rating" in lowered else -1
        rows = rows[1:]
    elif len(first) > 1 and not _is_int(first[1]):
        raise InputError(
            f"found {first[1]!r} in the rating column",
            expected="a header 'name,rating' or an integer rating",
            file=file,
            line=first_line,
        )
    entries: list[SeedEntry] = []
    for line, row in rows:
        name = row[name_col] if name_col < len(row) else ""
        if not name:
            raise InputError("empty player name", expected="a name", file=file, line=line)
        rating_text = row[rating_col] if 0 <= rating_col < len(row) else ""
        if rating_text and not _is_int(rating_text):
            raise InputError(
                f"found {rating_text!r} as the rating of {name!r}",
                expected="an integer rating",
                file=file,
                line=line,
            )
        entries.append(SeedEntry(name, int(rating_text) if rating_text else 0, line))
    if not entries:
        raise InputError("no players in the list", expected="lines 'name,rating'", file=file)
    return entries


def seeding_table(
    entries: list[SeedEntry],
    *,
    groups: int | None = None,
    random_seed: int | None = None,
    keep_file_order: bool = False,
) -> list[tuple[int, str, SeedEntry]]:
    """(seed, group label or "", entry) in seed order."""
    by_strength = (
        list(entries) if keep_file_order else sorted(entries, key=lambda e: -e.rating)
    )  # sorted() is stable: equal ratings keep the file order
    if random_seed is not None:
        order = random_seeding(by_strength, random_seed)
        return [(i + 1, "", entry) for i, entry in enumerate(order)]
    count = recommended_groups(len(entries)) if groups is None else groups
    order = group_seeding(by_strength, count)
    labels = group_labels(len(entries), count)
    return [(i + 1, labels[i], entry) for i, entry in enumerate(order)]


def seeded_tournament(
    table: list[tuple[int, str, SeedEntry]],
    *,
    double: bool = False,
    rounds: int | None = None,
    name: str | None = None,
) -> Tournament:
    """A new TCEC tournament: pairing number = seed."""
    return Tournament(
        players=tuple(
            Player(number=seed, name=entry.name, rating=entry.rating) for seed, _, entry in table
        ),
        total_rounds=rounds,
        headers=(("012", name),) if name else (),
        system="tcec",
        double_rounds=double,
    )


def _is_int(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


@click.command("seed")
@click.argument("players_file", metavar="PLAYERS.csv", type=click.Path(dir_okay=False))
@click.option(
    "-s",
    "--system",
    "system_name",
    type=click.Choice(["tcec"]),
    default="tcec",
    show_default=True,
    help="Seeding procedure of this system.",
)
@click.option(
    "-g",
    "--groups",
    type=int,
    help="Group seeding with G groups (even; default round_to_even(players / 7), at least 2).",
)
@click.option("--random-seed", type=int, help="Random seeding with this seed instead.")
@click.option(
    "--order",
    type=click.Choice(["rating", "file"]),
    default="rating",
    show_default=True,
    help="Strength order: by rating (highest first) or as listed in the file.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "csv"]),
    default="text",
    show_default=True,
)
@click.option(
    "-o",
    "--output",
    help="Also write a new tournament file (TRF, or JSON by extension) with the "
    "players numbered by seed, ready for `fairpair pair`.",
)
@click.option("--double", is_flag=True, help="With -o: a double-round tournament.")
@click.option("-R", "--rounds", type=int, help="With -o: the planned number of rounds.")
@click.option("--name", "event_name", help="With -o: the tournament name.")
def seed_command(
    players_file: str,
    system_name: str,
    groups: int | None,
    random_seed: int | None,
    order: str,
    output_format: str,
    output: str | None,
    double: bool,
    rounds: int | None,
    event_name: str | None,
) -> int:
    """Print the TCEC seeding order of a player list (CSV: name, rating).

    Seed n becomes pairing number n; round 1 pairs seed 2 - seed 1, seed 4 - seed 3, ...

    \b
    Examples:
      fairpair seed --system tcec --groups 4 players.csv
      fairpair seed --random-seed 7 players.csv --format csv
      fairpair seed --groups 6 players.csv -o event.trf --rounds 25
      fairpair pair --system tcec event.trf
    """
    if groups is not None and random_seed is not None:
        raise InputError("--groups and --random-seed", expected="one seeding procedure")
    try:
        text = Path(players_file).read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise InputError(f"cannot open file: {exc.strerror or exc}", file=players_file) from None
    entries = read_player_list(text, players_file)
    if rounds is not None and rounds < 1:
        raise InputError(f"--rounds {rounds}", expected="at least 1 round")
    table = seeding_table(
        entries, groups=groups, random_seed=random_seed, keep_file_order=order == "file"
    )
    if output:
        save(seeded_tournament(table, double=double, rounds=rounds, name=event_name), output)
    if output_format == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["seed", "group", "name", "rating"])
        for seed, label, entry in table:
            writer.writerow([seed, label, entry.name, entry.rating])
        click.echo(out.getvalue(), nl=False)
        return 0
    width = max(len(entry.name) for _, _, entry in table)
    for seed, label, entry in table:
        group = f"{label:<5}" if label else ""
        click.echo(f"{seed:>4}  {group}{entry.name:<{width}}  {entry.rating:>4}".rstrip())
    return 0
