"""``fairpair mcmahon``: AGA Swiss McMahon tools (bands, player import, result tables).

* ``fairpair mcmahon bands FILE.json --rounds R [--d 0.75] [--zero top|bottom]``
  builds the bands and initial McMahon scores (AGA "Band construction"), prints them
  and writes them into ``settings.mcmahon`` of the file (or ``-o OUT``). The TD edits
  them with ``--merge N`` (band N with the one below), ``--separation N=S``,
  ``--move PLAYER=N``; ``--keep`` edits the stored bands instead of rebuilding them.
* ``fairpair mcmahon import PLAYERS.csv -o FILE.json --rounds R [--bar 3d]``: a new
  tournament from a CSV player list, with bands.
* ``fairpair mcmahon results FILE.json [--format text|h9|aga] [-o OUT]``: the result
  table with McMahon scores and the AGA tiebreaks, the EGF ``.h9`` table or the AGA
  rating report.
* Go-specific control, editing ``FILE`` in place: ``volunteer PLAYER|none`` (bye
  volunteer), ``handicap A B STONES --round R [--komi K]`` (override after pairing).

The general verbs are the top-level commands, with their checks, for every system:
``fairpair result``, ``force``, ``forbid``, ``bye``, ``withdraw``, ``add-player``
(``--rank``) and ``boards`` (``--go`` for the Go view). Their old spellings under
``mcmahon`` (:data:`MOVED`) exit 2 naming the command to use, changing nothing.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, NoReturn

import click

from fairpair import limits
from fairpair import workflow as wf
from fairpair.cli.common import bulk, load, not_the_input, save, write_text
from fairpair.cli.params import NUMBER
from fairpair.errors import InputError
from fairpair.formats.csv import read_file
from fairpair.model import Tournament, format_points
from fairpair.systems.mcmahon.bands import (
    Band,
    McMahonSettings,
)
from fairpair.systems.mcmahon.ranks import (
    format_rank,
    strength_of,
)
from fairpair.systems.mcmahon.reports import results_aga, results_h9, results_table

__all__ = ["MOVED", "bands_table", "mcmahon_group"]

#: The general verbs ``mcmahon`` once repeated (without their checks) -> the top-level
#: command that does it, for a McMahon tournament as for any other.
MOVED = {
    "result": "fairpair result FILE [-r R] BOARD=1-0|0-1|jigo|... (or player:N=win, NAME=win ...)",
    "force": "fairpair force FILE A B [--round R] [--remove]",
    "forbid": "fairpair forbid FILE A B [--round R] [--remove]",
    "bye": "fairpair bye FILE PLAYER --round R (McMahon: 0 points, a voluntary bye)",
    "withdraw": "fairpair withdraw FILE PLAYER --from-round R",
    "add-player": "fairpair add-player FILE NAME --rank RANK [--rating X] [--band N] [-r R]",
    "boards": "fairpair boards FILE --go [-r R]",
}


def _fraction(text: str, option: str) -> Fraction:
    return limits.parse_number(text, option, expected="a number such as 0.75")


def _pair_option(text: str, option: str) -> tuple[int, int]:
    left, sep, right = text.partition("=")
    try:
        if not sep:
            raise ValueError
        return NUMBER.convert(left, None, None), NUMBER.convert(right, None, None)
    except (ValueError, click.BadParameter):  # ASCII digits only (int() reads "\u0663")
        raise InputError(f"{option} {text!r}", expected="two integers as N=M") from None


def bands_table(t: Tournament, bands: tuple[Band, ...], players: bool = False) -> str:
    """Bands as text: number, name, size, separation, initial score, rank range (and,
    with ``players``, each band's players: number, name, rank)."""
    lines = [f"{'Band':>4} {'Name':<10} {'Players':>7} {'Sep':>4} {'Score':>6}  Ranks"]
    for index, band in enumerate(bands, 1):
        ranks = [strength_of(t.player(n)).rank for n in band.players if n in t.player_map]
        span = f"{format_rank(max(ranks))}..{format_rank(min(ranks))}" if ranks else "-"
        sep = "-" if band.separation is None else str(band.separation)
        lines.append(
            f"{index:>4} {band.name:<10} {len(band.players):>7} {sep:>4} "
            f"{format_points(band.score):>6}  {span}"
        )
        if players:
            for n in band.players:
                if n in t.player_map:
                    p = t.player(n)
                    rank = format_rank(strength_of(p).rank)
                    lines.append(f"{'':>9}{n:>5}  {p.name} ({rank})")
    return "\n".join(lines) + "\n"


def _moved(name: str) -> click.Command:
    """A stand-in for the old ``mcmahon NAME``: whatever its arguments, it changes
    nothing and exits 2 naming the top-level command."""

    @click.command(
        name,
        hidden=True,
        add_help_option=False,
        context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
    )
    @click.argument("args", nargs=-1, type=click.UNPROCESSED)
    def moved(args: tuple[str, ...]) -> NoReturn:
        del args
        verb = MOVED[name].split()[1]
        raise InputError(
            f"`fairpair mcmahon {name}` is no longer a command: use `fairpair {verb}` "
            "(McMahon tournaments included, with the same checks as for every system)",
            expected=f"`{MOVED[name]}`",
        )

    return moved


class _McMahonGroup(click.Group):
    """The ``mcmahon`` group: its Go commands, and :func:`_moved` for the old verbs."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in MOVED:
            return _moved(cmd_name)
        return command


@click.group("mcmahon", cls=_McMahonGroup)
def mcmahon_group() -> None:
    """AGA Swiss McMahon (Go) tools: bands, player import, result tables, the bye
    volunteer, handicap overrides. Results, byes, forced and forbidden pairs, late
    entries, withdrawals and pairing lists: the top-level commands (`fairpair result`,
    `bye`, `force`, `forbid`, `add-player --rank`, `withdraw`, `boards --go`)."""


@mcmahon_group.command("bands")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-R", "--rounds", type=NUMBER, help="Number of rounds (default: the file's).")
@click.option("--d", "d", help="Separation parameter D (default 0.75).")
@click.option("--zero", type=click.Choice(["top", "bottom"]), help="Which band starts at 0.")
@click.option("--bottom-offset", help="With --zero bottom: the bottom band's score.")
@click.option("--bar", help="Top band: this rank and stronger (e.g. 5d).")
@click.option("--above-bar", multiple=True, type=NUMBER, help="Also put this player on top.")
@click.option("--top-separation-one", is_flag=True, help="Separation 1 below the top band.")
@click.option("--min-band-size", type=NUMBER, help="Merge smaller rank bands downwards.")
@click.option("--keep", is_flag=True, help="Edit the stored bands instead of rebuilding.")
@click.option("--merge", multiple=True, type=NUMBER, help="Merge band N with the one below.")
@click.option("--separation", multiple=True, metavar="N=S", help="Set band N's separation.")
@click.option("--move", multiple=True, metavar="PLAYER=N", help="Move a player to band N.")
@click.option("-o", "--output", help="Write the tournament here instead of FILE.")
@click.option("--dry-run", is_flag=True, help="Only print the bands.")
@click.option("--players", "list_players", is_flag=True, help="List each band's players.")
@bulk
def bands_command(
    file: str,
    rounds: int | None,
    d: str | None,
    zero: str | None,
    bottom_offset: str | None,
    bar: str | None,
    above_bar: tuple[int, ...],
    top_separation_one: bool,
    min_band_size: int | None,
    keep: bool,
    merge: tuple[int, ...],
    separation: tuple[str, ...],
    move: tuple[str, ...],
    output: str | None,
    dry_run: bool,
    list_players: bool,
) -> int:
    """Build (or edit) the bands and initial McMahon scores, print and store them.

    \b
    Examples:
      fairpair mcmahon bands go.json --rounds 6
      fairpair mcmahon bands go.json --rounds 6 --bar 5d --zero bottom
      fairpair mcmahon bands go.json --keep --merge 3 --separation 2=1 --move 17=1
    """
    t = load(file)
    rounds = rounds or t.total_rounds
    if rounds is None or rounds < 1:
        raise InputError("number of rounds unknown", expected="--rounds R (R >= 1)", file=file)
    changes: dict[str, Any] = {}
    if d is not None:
        changes["d"] = _fraction(d, "--d")
    if zero is not None:
        changes["zero"] = zero
    if bottom_offset is not None:
        changes["bottom_offset"] = _fraction(bottom_offset, "--bottom-offset")
    if bar is not None:
        changes["bar"] = bar
    if above_bar:
        changes["above_bar"] = tuple(above_bar)
    if top_separation_one:
        changes["top_separation_one"] = True
    if min_band_size is not None:
        changes["min_band_size"] = min_band_size
    t, final = wf.edit_bands(
        t,
        rounds,
        changes,
        keep=keep,
        merges=merge,
        separations=[_pair_option(item, "--separation") for item in separation],
        moves=[_pair_option(item, "--move") for item in move],
    )
    click.echo(bands_table(t, final, list_players), nl=False)
    if not dry_run:
        save(t, output or file)
    return 0


@mcmahon_group.command("import")
@click.argument("players_file", metavar="PLAYERS.csv", type=click.Path(dir_okay=False))
@click.option("-o", "--output", required=True, help="The new tournament (JSON or TRF).")
@click.option("-R", "--rounds", type=NUMBER, required=True, help="Number of rounds.")
@click.option("--bar", help="Top band: this rank and stronger (e.g. 5d).")
@click.option("--zero", type=click.Choice(["top", "bottom"]), default="top", show_default=True)
@click.option("--name", "event_name", default="McMahon tournament", help="Tournament name.")
def import_command(
    players_file: str, output: str, rounds: int, bar: str | None, zero: str, event_name: str
) -> int:
    """A new McMahon tournament from a CSV player list (name, rank and/or rating, club,
    city, state, country, family), with automatic bands.

    \b
    Example:
      fairpair mcmahon import players.csv -o go.json --rounds 5 --bar 3d
    """
    text = read_file(players_file)
    t = wf.new_mcmahon_tournament(
        text, players_file, rounds=rounds, name=event_name, bar=bar, zero=zero
    )
    bands = McMahonSettings.from_tournament(t).bands
    click.echo(bands_table(t, bands), nl=False)
    save(t, output)
    return 0


@mcmahon_group.command("results")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "h9", "aga"]),
    default="text",
    show_default=True,
)
@click.option("-r", "--round", "after_round", type=NUMBER, help="After this round.")
@click.option("-o", "--output", help="Write to this file.")
@click.option(
    "--class",
    "tournament_class",
    type=click.Choice(["A", "B", "C", "D"], case_sensitive=False),
    help="h9: the EGF class of the event (the ; CL[...] line).",
)
@click.option("--time", "minutes", type=NUMBER, help="h9: basic time in minutes (; TM[...]).")
@click.option(
    "--allow-temporary-ids",
    is_flag=True,
    help="aga: report players without an AGA id under their pairing number.",
)
@bulk
def results_command(
    file: str,
    output_format: str,
    after_round: int | None,
    output: str | None,
    tournament_class: str | None,
    minutes: int | None,
    allow_temporary_ids: bool,
) -> int:
    """The result table: McMahon score, SOMS, SODOMS and every round (text), the EGF
    tournament table (h9: names as entered, two-letter ISO countries, class, time and
    EGD PINs), or the AGA rating report (aga: every player needs an AGA id)."""
    if (tournament_class or minutes is not None) and output_format != "h9":
        raise InputError("--class/--time without --format h9", expected="--format h9")
    if allow_temporary_ids and output_format != "aga":
        raise InputError("--allow-temporary-ids without --format aga", expected="--format aga")
    t = load(file, layout=False)  # not saved again
    if output_format == "h9":
        text = results_h9(t, after_round, tournament_class=tournament_class, minutes=minutes)
    elif output_format == "aga":
        text = results_aga(t, after_round, allow_temporary_ids=allow_temporary_ids)
    else:
        text = results_table(t, after_round)
    not_the_input(output, file)
    write_text(text, output)
    return 0


@mcmahon_group.command("volunteer")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("player")
@bulk
def volunteer_command(file: str, player: str) -> int:
    """Set the bye volunteer (PLAYER number or name, or ``none``)."""
    t = load(file)
    who = None if player.lower() == "none" else wf.find_player(t, player)
    save(wf.set_bye_volunteer(t, who), file)
    click.echo(f"bye volunteer: {who.number if who is not None else 'none'}")
    return 0


@mcmahon_group.command("handicap")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("a", type=NUMBER)
@click.argument("b", type=NUMBER)
@click.argument("stones", type=NUMBER)
@click.option("-r", "--round", "round_number", type=NUMBER, required=True, help="The round.")
@click.option("--komi", help="Komi of this game (default: from the settings).")
@bulk
def handicap_command(
    file: str, a: int, b: int, stones: int, round_number: int, komi: str | None
) -> int:
    """Override the handicap of the game A-B of round R after pairing (0 = even)."""
    t = load(file)
    pa, pb = wf.find_player(t, str(a)), wf.find_player(t, str(b))
    value = None if komi is None else _fraction(komi, "--komi")
    t, black = wf.set_handicap(t, pa, pb, stones, round_number, value)
    save(t, file)
    swapped = f" (colours reversed: {black} takes black)" if black is not None else ""
    click.echo(f"round {round_number}: {a}-{b} handicap {stones}{swapped}")
    return 0
