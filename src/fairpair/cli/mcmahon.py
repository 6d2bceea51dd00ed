"""``fairpair mcmahon``: AGA Swiss McMahon tools (bands, player import, result tables).

* ``fairpair mcmahon bands FILE.json --rounds R [--d 0.75] [--zero top|bottom]``
  builds the bands and initial McMahon scores (AGA "Band construction"), prints them
  and writes them into ``settings.mcmahon`` of the file (or ``-o OUT``). The TD edits
  them with ``--merge N`` (band N with the one below), ``--separation N=S``,
  ``--move PLAYER=N``; ``--keep`` edits the stored bands instead of rebuilding them.
* ``fairpair mcmahon import PLAYERS.csv -o FILE.json --rounds R [--bar 3d]``: a new
  tournament from a CSV player list, with bands.
* ``fairpair mcmahon results FILE.json [--format text|h9] [-o OUT]``: the result table
  with McMahon scores and the AGA tiebreaks, or the EGF ``.h9`` table.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import click

from fairpair.cli.common import load, save, write_text
from fairpair.errors import InputError
from fairpair.mcmahon.io import players_from_csv, results_h9, results_table
from fairpair.mcmahon.ranks import format_rank, parse_rank, strength_of
from fairpair.mcmahon.settings import (
    Band,
    McMahonSettings,
    assign_scores,
    build_bands,
    merge_bands,
    move_player,
    set_separation,
)
from fairpair.model import Tournament, format_points

__all__ = ["bands_table", "mcmahon_group"]


def _fraction(text: str, option: str) -> Fraction:
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{option} {text!r}", expected="a number such as 0.75") from None


def _pair_option(text: str, option: str) -> tuple[int, int]:
    left, sep, right = text.partition("=")
    try:
        if not sep:
            raise ValueError
        return int(left), int(right)
    except ValueError:
        raise InputError(f"{option} {text!r}", expected="two integers as N=M") from None


def _check_rank(text: str) -> None:
    try:
        parse_rank(text)
    except ValueError:
        raise InputError(f"--bar {text!r}", expected="a rank like 5d or 2k") from None


def bands_table(t: Tournament, bands: tuple[Band, ...]) -> str:
    """Bands as text: number, name, size, separation, initial score, rank range."""
    lines = [f"{'Band':>4} {'Name':<10} {'Players':>7} {'Sep':>4} {'Score':>6}  Ranks"]
    for index, band in enumerate(bands, 1):
        ranks = [strength_of(t.player(n)).rank for n in band.players if n in t.player_map]
        span = f"{format_rank(max(ranks))}..{format_rank(min(ranks))}" if ranks else "-"
        sep = "-" if band.separation is None else str(band.separation)
        lines.append(
            f"{index:>4} {band.name:<10} {len(band.players):>7} {sep:>4} "
            f"{format_points(band.score):>6}  {span}"
        )
    return "\n".join(lines) + "\n"


@click.group("mcmahon")
def mcmahon_group() -> None:
    """AGA Swiss McMahon (Go) tools: bands, player import, result tables."""


@mcmahon_group.command("bands")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-R", "--rounds", type=int, help="Number of rounds (default: the file's).")
@click.option("--d", "d", help="Separation parameter D (default 0.75).")
@click.option("--zero", type=click.Choice(["top", "bottom"]), help="Which band starts at 0.")
@click.option("--bottom-offset", help="With --zero bottom: the bottom band's score.")
@click.option("--bar", help="Top band: this rank and stronger (e.g. 5d).")
@click.option("--above-bar", multiple=True, type=int, help="Also put this player on top.")
@click.option("--top-separation-one", is_flag=True, help="Separation 1 below the top band.")
@click.option("--min-band-size", type=int, help="Merge smaller rank bands downwards.")
@click.option("--keep", is_flag=True, help="Edit the stored bands instead of rebuilding.")
@click.option("--merge", multiple=True, type=int, help="Merge band N with the one below.")
@click.option("--separation", multiple=True, metavar="N=S", help="Set band N's separation.")
@click.option("--move", multiple=True, metavar="PLAYER=N", help="Move a player to band N.")
@click.option("-o", "--output", help="Write the tournament here instead of FILE.")
@click.option("--dry-run", is_flag=True, help="Only print the bands.")
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
    s = McMahonSettings.from_tournament(t)
    changes: dict[str, object] = {}
    if d is not None:
        changes["d"] = _fraction(d, "--d")
    if zero is not None:
        changes["zero"] = zero
    if bottom_offset is not None:
        changes["bottom_offset"] = _fraction(bottom_offset, "--bottom-offset")
    if bar is not None:
        _check_rank(bar)
        changes["bar"] = bar
    if above_bar:
        changes["above_bar"] = tuple(above_bar)
    if top_separation_one:
        changes["top_separation_one"] = True
    if min_band_size is not None:
        changes["min_band_size"] = min_band_size
    s = s.replace(**changes)
    if keep and s.bands:
        bands = list(s.bands)
    else:
        bands = list(
            build_bands(
                t.players,
                rounds,
                bar=s.bar,
                above_bar=s.above_bar,
                d=s.d,
                zero=s.zero,
                bottom_offset=s.bottom_offset,
                top_separation_one=s.top_separation_one,
                min_band_size=s.min_band_size,
            )
        )
    try:
        for index in sorted(merge, reverse=True):
            bands = merge_bands(bands, index - 1, rounds, s.d)
        for item in separation:
            index, value = _pair_option(item, "--separation")
            bands = set_separation(bands, index - 1, value)
        for item in move:
            player, index = _pair_option(item, "--move")
            if player not in t.player_map:
                raise ValueError(f"no player {player}")
            bands = move_player(bands, player, index - 1)
    except ValueError as exc:
        raise InputError(str(exc), expected="existing bands and players") from None
    final = assign_scores([b for b in bands if b.players], s.zero, s.bottom_offset)
    s = s.replace(bands=final)
    click.echo(bands_table(t, final), nl=False)
    if not dry_run:
        save(s.apply(t.replace(total_rounds=rounds)), output or file)
    return 0


@mcmahon_group.command("import")
@click.argument("players_file", metavar="PLAYERS.csv", type=click.Path(dir_okay=False))
@click.option("-o", "--output", required=True, help="The new tournament (JSON or TRF).")
@click.option("-R", "--rounds", type=int, required=True, help="Number of rounds.")
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
    try:
        text = Path(players_file).read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise InputError(f"cannot open file: {exc.strerror or exc}", file=players_file) from None
    if rounds < 1:
        raise InputError(f"--rounds {rounds}", expected="at least 1 round")
    if bar is not None:
        _check_rank(bar)
    players = players_from_csv(text, players_file)
    bands = build_bands(players, rounds, bar=bar, zero=zero)
    t = Tournament(
        players=tuple(players),
        total_rounds=rounds,
        system="mcmahon",
        headers=(("012", event_name),),
    )
    t = McMahonSettings(bar=bar, zero=zero, bands=bands).apply(t)
    click.echo(bands_table(t, bands), nl=False)
    save(t, output)
    return 0


@mcmahon_group.command("results")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "h9"]),
    default="text",
    show_default=True,
)
@click.option("-r", "--round", "after_round", type=int, help="After this round.")
@click.option("-o", "--output", help="Write to this file.")
def results_command(
    file: str, output_format: str, after_round: int | None, output: str | None
) -> int:
    """The result table: McMahon score, SOMS, SODOMS and every round (text), or the EGF
    tournament table (.h9)."""
    t = load(file)
    text = results_h9(t, after_round) if output_format == "h9" else results_table(t, after_round)
    write_text(text, output)
    return 0
