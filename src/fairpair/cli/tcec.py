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

import click

from fairpair.cli.common import save
from fairpair.cli.params import NUMBER, SEED
from fairpair.errors import InputError
from fairpair.formats.csv import read_file, read_player_list
from fairpair.workflow.create import seeded_tournament, seeding_table

__all__ = ["seed_command"]


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
    type=NUMBER,
    help="Group seeding with G groups (even; default round_to_even(players / 7), at least 2).",
)
@click.option("--random-seed", type=SEED, help="Random seeding with this seed instead.")
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
@click.option("-R", "--rounds", type=NUMBER, help="With -o: the planned number of rounds.")
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
    text = read_file(players_file)
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
