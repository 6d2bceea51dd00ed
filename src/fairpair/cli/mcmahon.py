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
* Go-specific control, editing ``FILE`` in place: ``volunteer PLAYER|none`` (bye
  volunteer), ``handicap A B STONES --round R [--komi K]`` (override after pairing).
* Old spellings of the general workflow commands, kept as aliases (the rules live in
  :mod:`fairpair.workflow`, shared with ``fairpair force``, ``forbid``, ``bye``,
  ``result``, ``add-player``, ``withdraw``): ``force A B [--round R]``, ``forbid A B
  [--round R]`` (``--remove`` undoes), ``bye PLAYER --round R`` (voluntary bye),
  ``result FILE -r R PLAYER=win|loss|jigo|...``, ``add-player FILE NAME RANK [--rating]
  [--club ...] [-r R] [--band N]``, ``withdraw FILE PLAYER -r R``.
* ``fairpair mcmahon boards FILE.json [-r R]``: the games of a round with ranks, McMahon
  scores, who takes black, handicap and komi.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import click

from fairpair import workflow as wf
from fairpair.cli.common import bulk, load, not_the_input, save, write_text
from fairpair.cli.params import NUMBER
from fairpair.errors import InputError
from fairpair.formats.csv import read_file
from fairpair.model import ByeKind, Tournament, format_points
from fairpair.systems.mcmahon.bands import (
    Band,
    McMahonSettings,
)
from fairpair.systems.mcmahon.ranks import (
    format_rank,
    strength_of,
)
from fairpair.systems.mcmahon.reports import results_aga, results_h9, results_table
from fairpair.systems.mcmahon.system import round_games

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


@click.group("mcmahon")
def mcmahon_group() -> None:
    """AGA Swiss McMahon (Go) tools: bands, player import, result tables."""


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
@bulk
def results_command(
    file: str, output_format: str, after_round: int | None, output: str | None
) -> int:
    """The result table: McMahon score, SOMS, SODOMS and every round (text), the EGF
    tournament table (h9), or the AGA rating report (aga)."""
    t = load(file, layout=False)  # not saved again
    writer = {"h9": results_h9, "aga": results_aga, "text": results_table}[output_format]
    text = writer(t, after_round)
    not_the_input(output, file)
    write_text(text, output)
    return 0


def _edit_pairs(file: str, key: str, a: int, b: int, round_number: int | None, remove: bool) -> int:
    """``force`` / ``forbid``: the workflow's operations (aliases of ``fairpair force``)."""
    t = load(file)
    pa, pb = wf.find_player(t, str(a)), wf.find_player(t, str(b))
    operation = wf.force_pair if key == "forced_pairs" else wf.forbid_pair
    save(operation(t, pa, pb, round_number=round_number, remove=remove), file)
    if round_number is None and not remove and key == "forced_pairs":
        round_number = t.next_round()  # a forced pair holds for one round
    when = "every round" if round_number is None else f"round {round_number}"
    verb = "removed" if remove else "set"
    click.echo(f"{key.replace('_', ' ')[:-1]} {a}-{b} ({when}) {verb}")
    return 0


@mcmahon_group.command("force")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("a", type=NUMBER)
@click.argument("b", type=NUMBER)
@click.option("-r", "--round", "round_number", type=NUMBER, help="Only this round.")
@click.option("--remove", is_flag=True, help="Remove the forced pair.")
@bulk
def force_command(file: str, a: int, b: int, round_number: int | None, remove: bool) -> int:
    """Force the pairing A-B in round R (default: the next round). Same as `fairpair
    force`."""
    return _edit_pairs(file, "forced_pairs", a, b, round_number, remove)


@mcmahon_group.command("forbid")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("a", type=NUMBER)
@click.argument("b", type=NUMBER)
@click.option("-r", "--round", "round_number", type=NUMBER, help="Only this round.")
@click.option("--remove", is_flag=True, help="Remove the forbidden pair.")
@bulk
def forbid_command(file: str, a: int, b: int, round_number: int | None, remove: bool) -> int:
    """Forbid the pairing A-B (in round R, or always). Same as `fairpair forbid`."""
    return _edit_pairs(file, "forbidden_pairs", a, b, round_number, remove)


@mcmahon_group.command("bye")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("player", type=NUMBER)
@click.option("-r", "--round", "round_number", type=NUMBER, required=True, help="The round.")
@click.option("--remove", is_flag=True, help="Cancel the requested bye.")
@bulk
def bye_command(file: str, player: int, round_number: int, remove: bool) -> int:
    """Record a voluntary bye (requested in advance, score unchanged) for a round.
    Same as `fairpair bye FILE PLAYER --round R --points 0`."""
    t = load(file)
    who = wf.find_player(t, str(player))
    t, _ = wf.request_bye(
        t, who, round_number, Fraction(0), default_points=Fraction(0), remove=remove
    )
    save(t, file)
    click.echo(
        f"voluntary bye of {player} in round {round_number} {'removed' if remove else 'set'}"
    )
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


@mcmahon_group.command("boards")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "-r", "--round", "round_number", type=NUMBER, help="Round (default: the last paired)."
)
@bulk
def boards_command(file: str, round_number: int | None) -> int:
    """The games of a round: board, white and black (name, rank, McMahon score before the
    round), handicap, komi, result; then the byes."""
    t = load(file, layout=False)  # not saved again
    rnd = round_number or t.rounds_played
    if rnd < 1:
        raise InputError("no paired round", expected="a tournament with a paired round")
    lines = [f"Round {rnd}", f"{'Bd':>3}  {'White':<28} {'Black':<28} {'H':>2} {'Komi':>5}  Result"]

    def who(n: int, score: float | int) -> str:
        p = t.player(n)
        return f"{p.name[:16]} ({format_rank(strength_of(p).rank)}, {score})"

    for i, g in enumerate(round_games(t, rnd), 1):
        lines.append(
            f"{i:>3}  {who(g['white'], g['white_score']):<28} "
            f"{who(g['black'], g['black_score']):<28} {g['handicap']:>2} {g['komi']:>5}  "
            f"{g['result'] or ''}"
        )
    for n, kind in sorted(t.round(rnd).byes.items()):
        label = {
            ByeKind.PAIRING_ALLOCATED: "forced bye",
            ByeKind.FULL_POINT: "full-point bye",
            ByeKind.HALF_POINT: "half-point bye",
        }.get(kind, "voluntary bye")
        lines.append(f"     {t.player(n).name}: {label}")
    click.echo("\n".join(lines))
    return 0


@mcmahon_group.command("add-player")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("name")
@click.argument("rank")
@click.option("--rating", help="AGA rating (e.g. -4.3).")
@click.option("--club", default="")
@click.option("--city", default="")
@click.option("--state", default="")
@click.option("--country", default="")
@click.option("--family", default="")
@click.option("-r", "--from-round", type=NUMBER, help="First round he plays (late entry).")
@click.option("--band", type=NUMBER, help="Put him in band N (default: by rank).")
@bulk
def add_player_command(
    file: str,
    name: str,
    rank: str,
    rating: str | None,
    club: str,
    city: str,
    state: str,
    country: str,
    family: str,
    from_round: int | None,
    band: int | None,
) -> int:
    """Register a (late) player: the next pairing number, rank, optional attributes. With
    --band he joins that band; otherwise the highest band whose weakest member is not
    stronger than him (his initial score follows). Same as `fairpair add-player NAME
    --rank RANK`."""
    t = load(file)
    extra = {"club": club, "city": city, "state": state, "country": country, "family": family}
    t, player = wf.add_go_player(
        t, name, rank, rating=rating, attributes=extra, from_round=from_round, band=band
    )
    save(t, file)
    score = McMahonSettings.from_tournament(t).initial_scores_for(t)[player.number]
    click.echo(
        f"player {player.number}: {name} ({rank}), initial McMahon score {format_points(score)}"
    )
    return 0


@mcmahon_group.command("withdraw")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("player", type=NUMBER)
@click.option("-r", "--from-round", type=NUMBER, required=True, help="First round he misses.")
@bulk
def withdraw_command(file: str, player: int, from_round: int) -> int:
    """Withdraw a player from round R on (he is no longer paired). Same as `fairpair
    withdraw`."""
    t = load(file)
    t = wf.withdraw(t, wf.find_player(t, str(player)), from_round)
    save(t, file)
    click.echo(f"player {player} withdrawn from round {from_round}")
    return 0


@mcmahon_group.command("result")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("entries", nargs=-1, required=True, metavar="PLAYER=OUTCOME...")
@click.option("-r", "--round", "round_number", type=NUMBER, help="Round (default: the current).")
@bulk
def result_command(file: str, entries: tuple[str, ...], round_number: int | None) -> int:
    """Enter results of a round: PLAYER=win|loss|jigo|forfeit-win|forfeit-loss|
    double-forfeit|clear, from that player's side (his opponent gets the other side).
    Same as `fairpair result`.

    \b
    Example:
      fairpair mcmahon result go.json -r 2 5=win 7=jigo 9=forfeit-win
    """
    t = load(file)
    parsed = [wf.parse_entry(e, players_only=True) for e in entries]
    rnd = round_number if round_number is not None else wf.default_result_round(t)
    t, _ = wf.enter_results(t, rnd, parsed)
    save(t, file)
    missing = sum(1 for g in t.round(rnd).games if not g.has_result)
    click.echo(f"round {rnd}: {len(entries)} result(s) entered, {missing} game(s) pending")
    return 0
