"""The tournament director's commands: new, add-player, next, result, withdraw, bye,
unpair, boards, crosstable, forbid, force.

Each command reads the tournament file, calls one operation of :mod:`fairpair.workflow`,
saves the file in place (atomically: the old file or the new one, never a mix) and says
what it did in a line or two (``--json`` for programs). A refused command changes
nothing. PLAYER is a pairing number or a unique part of a name.
"""

from __future__ import annotations

import dataclasses
import functools
import os
from collections.abc import Callable
from fractions import Fraction
from typing import Any, ParamSpec, TypeVar

import click

from fairpair import limits
from fairpair import workflow as wf
from fairpair.cli.common import (
    about,
    bulk,
    dumps_json,
    load,
    not_the_input,
    options_help,
    pairing_json,
    parse_options,
    require_players,
    save,
    warn,
    write_text,
)
from fairpair.cli.params import NUMBER, SEED
from fairpair.errors import InputError
from fairpair.model import Game, Player, Tournament, format_points
from fairpair.naming import pairing_name
from fairpair.systems import SYSTEMS, descriptor_of, descriptors

__all__ = ["WORKFLOW_COMMANDS"]

SYSTEM_CHOICE = click.Choice(list(SYSTEMS), case_sensitive=False)
JSON_HELP = "Print what was done as JSON (for programs)."
FILE = click.Path(dir_okay=False)


P = ParamSpec("P")
R = TypeVar("R")


def _on_file(function: Callable[P, R]) -> Callable[P, R]:
    """Errors of a command on FILE name FILE (see :func:`fairpair.cli.common.about`)."""

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with about(str(kwargs["file"])):
            return function(*args, **kwargs)

    return wrapper


def _store(t: Tournament, path: str) -> None:
    """Save the tournament in place: a TRF with its rank column refreshed from the
    standings, a JSON document without it (see :func:`fairpair.workflow.rank_column_for`)."""
    save(wf.rank_column_for(t, path), path)


def _say(as_json: bool, text: str, document: dict[str, Any]) -> None:
    if as_json:
        click.echo(dumps_json({"ok": True, **document}), nl=False)
    else:
        click.echo(text)


def _player_json(p: Player) -> dict[str, Any]:
    return {"number": p.number, "name": p.name, "rating": p.rating}


def _read_text(path: str) -> str:
    if os.path.isdir(path):
        raise InputError("is a directory", expected="a CSV player list", file=path)
    from fairpair.formats.csv import read_file

    return read_file(path)


def _tournament_file(path: str) -> Tournament | None:
    """The tournament of another program's file given to ``new`` instead of a CSV list
    (a kind :mod:`fairpair.formats.kinds` recognises by content: OpenGotha, NRTM ...),
    None for a CSV list."""
    from fairpair.formats import kinds

    if os.path.isdir(path):
        return None
    try:
        with open(path, "rb") as handle:
            head = handle.read(kinds.HEAD_BYTES)
    except OSError:
        return None  # the CSV reader names the file and the reason
    kind = kinds.recognise(head)
    if kind is None:
        return None
    tournament, warnings = kind.read(path)
    warn(warnings)
    return tournament


# --------------------------------------------------------------------------- new

#: The values of the ``handicap`` event setting (McMahon's), from the descriptors.
_HANDICAPS = next(
    (o.choices for d in descriptors() for o in d.settings if o.name == "handicap"), ()
)


#: The event records of a rating report: (parameter, flag, help).
_EVENT_OPTIONS: tuple[tuple[str, str, str], ...] = (
    ("city", "--city", "City (TRF record 022)."),
    ("federation", "--federation", "Federation, a 3-letter FIDE code such as ITA (032)."),
    ("start", "--start", "Date of start, YYYY-MM-DD or YYYY/MM/DD (042)."),
    ("end", "--end", "Date of end, YYYY-MM-DD or YYYY/MM/DD (052)."),
    ("arbiter", "--arbiter", "Chief arbiter (102)."),
    ("deputy", "--deputy", "Deputy chief arbiter (112); repeat for each one."),
    ("time_control", "--time-control", "Allotted times per moves/game (122)."),
    ("type", "--type", "Type of tournament (092), e.g. 'Individual: Swiss-System'."),
)


def _event_options(command: Callable[P, R]) -> Callable[P, R]:
    """The event-record options of ``new`` and ``edit-event`` (an empty text removes a
    record in edit-event)."""
    for name, flag, text in reversed(_EVENT_OPTIONS):
        command = click.option(
            flag, f"event_{name}", multiple=name == "deputy", metavar="TEXT", help=text
        )(command)
    return command


def _event_changes(values: dict[str, Any]) -> dict[str, Any]:
    """The event fields given on the command line (``event_city`` -> ``city``)."""
    changes: dict[str, Any] = {}
    for name, _flag, _text in _EVENT_OPTIONS:
        value = values.pop(f"event_{name}", None)
        if name == "deputy":
            value = list(value) if value else None
        if value is not None:
            changes[name] = value
    return changes


@click.command("new")
@click.argument("players_file", metavar="PLAYERS.csv|EVENT.xml", type=FILE)
@click.option(
    "-o", "--output", required=True, help="The tournament file to create (.json or .trf)."
)
@click.option(
    "-s", "--system", "system_name", type=SYSTEM_CHOICE, help="Pairing system (required)."
)
@click.option("-R", "--rounds", type=NUMBER, help="Number of rounds (required).")
@click.option("--name", "event_name", help="Tournament name (default: '<system> tournament').")
@click.option("--seed", type=SEED, help="Seed stored for systems that draw lots (Netrunner).")
@click.option(
    "--double",
    is_flag=True,
    help="Double rounds: two games per pairing (TCEC double rounds, double-sided Netrunner).",
)
@click.option(
    "--seeding",
    help="TCEC: group (default, spec's group count), group:G, random (with --seed), rating.",
)
@click.option("--bar", help="McMahon: top band = this rank and stronger (e.g. 5d).")
@click.option(
    "--zero",
    type=click.Choice(["top", "bottom"]),
    default="top",
    show_default=True,
    help="McMahon: which band starts at McMahon score 0.",
)
@click.option(
    "--handicap",
    type=click.Choice(_HANDICAPS),
    help="McMahon: handicap stones (none: every game even, the default; full: the rank "
    "difference; minus1/minus2: one or two stones fewer). The same as -O handicap=...; "
    "komi and the other event settings: see `fairpair systems`.",
)
@click.option(
    "-O", "--option", "options", multiple=True, metavar="KEY=VALUE", help=options_help(True)
)
@click.option("--force", is_flag=True, help="Overwrite the output file if it exists.")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@_event_options
def new_command(
    players_file: str,
    output: str,
    system_name: str | None,
    rounds: int | None,
    event_name: str | None,
    seed: int | None,
    double: bool,
    seeding: str | None,
    bar: str | None,
    zero: str,
    handicap: str | None,
    options: tuple[str, ...],
    force: bool,
    as_json: bool,
    **event_values: Any,
) -> int:
    """Create a tournament from a CSV player list, or from an OpenGotha file (its
    players, and the rounds it has for McMahon).

    The CSV has a header row; columns by name: name (required), rating, title,
    federation, fide_id, birth, sex, club (chess, TCEC, Netrunner); for McMahon (Go):
    name, rank and/or rating (AGA), club, city, state, country, family. Pairing numbers
    follow the system's initial order: Dutch by rating, title, name (FIDE C.04.2 B);
    TCEC by group seeding; Netrunner and McMahon as listed. The file records the system,
    rounds, point system (Netrunner 3/1/0 prestige) and the options given here.

    An NRTM file (Cobra's export; recognised by its content) instead of the CSV gives
    a Netrunner tournament with its players and rounds; --system and --rounds are then
    taken from it (--rounds may add rounds).

    \b
    Examples:
      fairpair new players.csv -o open.json --system dutch --rounds 7 --name "Club Open"
      fairpair new decks.csv -o store.json --system netrunner --rounds 5 --seed 7
      fairpair new engines.csv -o tcec.json --system tcec --rounds 9 --seeding group:4
      fairpair new go.csv -o go.json --system mcmahon --rounds 5 --bar 3d
      fairpair new go.csv -o go.json --system mcmahon --rounds 5 --handicap minus1
      fairpair new event.xml -o go.json --system mcmahon --rounds 5   (OpenGotha)
      fairpair new players.csv -o open.json -s dutch -R 9 --city Torino --federation ITA \\
        --start 2026-04-03 --end 2026-04-07 --arbiter "Rossi, Anna" --deputy "Bianchi, Luca"
    """
    event = _event_changes(event_values)
    if not output.lower().endswith((".json", ".trf", ".txt")):
        raise InputError(
            f"-o {output}", expected="a .json (recommended), .trf or .txt tournament file name"
        )
    if os.path.exists(output) and os.path.samefile(output, players_file):
        raise InputError("-o is the player list itself", expected="a new file", file=output)
    if os.path.exists(output) and not force:
        raise InputError(
            "the output file exists",
            expected="a new file name (or --force to overwrite it)",
            file=output,
        )
    from fairpair.formats.nrtm import sniff

    if sniff(players_file):
        given = [
            flag
            for flag, value in (("--double", double), ("--seeding", seeding), ("--bar", bar))
            if value
        ]
        if given:
            raise InputError(
                f"{given[0]} with an NRTM file",
                expected="no --double, --seeding or --bar (the NRTM file says how its "
                "rounds are played)",
            )
        stored = parse_options(options)
        if seed is not None:
            stored["seed"] = seed
        return _new_from_nrtm(
            players_file, output, system_name, rounds, event_name, stored, as_json
        )
    if system_name is None or rounds is None:
        context = click.get_current_context()
        name = "system_name" if system_name is None else "rounds"
        param = next(p for p in context.command.params if p.name == name)
        raise click.MissingParameter(ctx=context, param=param)
    stored = parse_options(options)
    if seed is not None:
        stored["seed"] = seed
    descriptor = descriptor_of(system_name)
    if handicap is not None:
        if descriptor.setting("handicap") is None:
            raise InputError(
                f"--handicap for a {system_name} tournament",
                expected="a system with handicaps: "
                + ", ".join(d.name for d in descriptors() if d.setting("handicap")),
            )
        stored["handicap"] = handicap
    descriptor.split_options(stored)  # every name and value checked before any work
    source = _tournament_file(players_file)
    if source is not None:
        t = wf.new_from_tournament(
            source,
            system=system_name,
            rounds=rounds,
            name=event_name,
            options=stored,
            double=double,
            seeding=seeding,
            bar=bar,
            zero=zero,
        )
        if event:
            t = wf.edit_event(t, event=event)
    elif descriptor.initial_order == "go":
        text = _read_text(players_file)
        t = wf.new_mcmahon_tournament(
            text, players_file, rounds=rounds, name=event_name, bar=bar, zero=zero, options=stored
        )
        if event:
            t = wf.edit_event(t, event=event)
    else:
        from fairpair.formats.csv import chess_players, read_table

        text = _read_text(players_file)
        players = chess_players(read_table(text, players_file))
        t = wf.new_tournament(
            players,
            system=system_name,
            rounds=rounds,
            name=event_name,
            options=stored,
            double=double,
            seeding=seeding,
            event=event,
        )
    _store(t, output)
    _say(
        as_json,
        f"created {output}: {len(t.players)} players, {wf.total_label(t)}, {system_name}",
        {
            "command": "new",
            "file": output,
            "system": system_name,
            "rounds": rounds,
            "players": [_player_json(p) for p in t.players],
        },
    )
    return 0


def _new_from_nrtm(
    source: str,
    output: str,
    system_name: str | None,
    rounds: int | None,
    event_name: str | None,
    options: dict[str, Any],
    as_json: bool,
) -> int:
    """``new`` from an NRTM file: its Netrunner tournament, saved as ``output``;
    ``options`` (``-O``, ``--seed``) are stored over those the file carries."""
    from fairpair.formats import nrtm

    if system_name is not None and descriptor_of(system_name).sides != ("corp", "runner"):
        raise InputError(
            f"--system {system_name} with an NRTM file",
            expected="a Netrunner system (NRTM holds Netrunner events)",
        )
    with about(source):
        t, warnings = nrtm.load(source)
    if rounds is not None:
        t = wf.edit_event(t, rounds=rounds)
    if event_name is not None:
        t = wf.edit_event(t, name=event_name)
    if options:
        assert t.system is not None
        merged = descriptor_of(t.system).options_from({**t.settings.get("options", {}), **options})
        t = t.replace(settings={**t.settings, "options": merged})
    warn(warnings)
    _store(t, output)
    _say(
        as_json,
        f"created {output}: {len(t.players)} players, {wf.total_label(t)}, {t.system} "
        f"(from the NRTM file {source}, {t.rounds_played} round(s) played)",
        {
            "command": "new",
            "file": output,
            "system": t.system,
            "rounds": t.total_rounds,
            "players": [_player_json(p) for p in t.players],
        },
    )
    return 0


# --------------------------------------------------------------------------- add-player


@click.command("add-player")
@click.argument("file", type=FILE)
@click.argument("name")
@click.option("--rating", help="Rating (chess: integer; McMahon: AGA rating like -4.3).")
@click.option("--title", default="", help="GM, IM, WGM, FM, WIM, CM, WFM, WCM.")
@click.option("--federation", default="", help="Three-letter federation code.")
@click.option("--fide-id", default="", help="FIDE identifier.")
@click.option("--sex", default="", type=click.Choice(["", "m", "w"]), help="m or w.")
@click.option("--birth", default="", help="Birth date YYYY/MM/DD.")
@click.option("--club", default="")
@click.option("-r", "--from-round", type=NUMBER, help="First round he plays (default: the next).")
@click.option("--rank", help="McMahon: Go rank such as 3k or 2d (required there).")
@click.option("--band", type=NUMBER, help="McMahon: put him in band N (default: by rank).")
@click.option("--city", default="", help="McMahon: city.")
@click.option("--state", default="", help="McMahon: state.")
@click.option("--country", default="", help="McMahon: country.")
@click.option("--family", default="", help="McMahon: family name (the EGF table's).")
@click.option("--allow-duplicate", is_flag=True, help="Accept a name already registered.")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@_on_file
@bulk
def add_player_command(
    file: str,
    name: str,
    rating: str | None,
    title: str,
    federation: str,
    fide_id: str,
    sex: str,
    birth: str,
    club: str,
    from_round: int | None,
    rank: str | None,
    band: int | None,
    city: str,
    state: str,
    country: str,
    family: str,
    allow_duplicate: bool,
    as_json: bool,
) -> int:
    """Register a player (a late entry once rounds are paired): the next pairing number.

    Rounds before --from-round count as absences (0 points); enter a bye with `bye` if
    the rules of your event give him points for them.

    \b
    Examples:
      fairpair add-player open.json "Rossi, Anna" --rating 2310 --title WIM --federation ITA
      fairpair add-player go.json "Kim Sora" --rank 2d --from-round 2
    """
    t = load(file)
    if descriptor_of(t.system).initial_order == "go":
        if not rank:
            raise InputError("no --rank", expected="the player's Go rank, e.g. --rank 3k")
        extra = {
            "club": club,
            "city": city,
            "state": state,
            "country": country,
            "family": family,
        }
        t, player = wf.add_go_player(
            t,
            name,
            rank,
            rating=rating,
            attributes=extra,
            from_round=from_round,
            band=band,
            allow_duplicate=allow_duplicate,
        )
    else:
        if rank or band:
            raise InputError("--rank/--band", expected="a McMahon tournament for Go ranks")
        if city or state or country or family:
            raise InputError(
                "--city/--state/--country/--family", expected="a McMahon tournament (Go)"
            )
        from fairpair.formats.csv import chess_player

        cells = {
            "name": name,
            "rating": rating or "",
            "title": title,
            "federation": federation,
            "fide_id": fide_id,
            "sex": sex,
            "birth": birth,
            "club": club,
        }
        template = chess_player(cells)
        t, player = wf.add_player(
            t, template, from_round=from_round, allow_duplicate=allow_duplicate
        )
    _store(t, file)
    first = player.entered_at or 1
    _say(
        as_json,
        f"player {player.number}: {player.name} registered, plays from round {first}",
        {"command": "add-player", "player": _player_json(player), "from_round": first},
    )
    return 0


# --------------------------------------------------------------------------- edit


@click.command("edit-player")
@click.argument("file", type=FILE)
@click.argument("player")
@click.option("--name", "new_name", help="Corrected name.")
@click.option("--rating")
@click.option("--title", help="GM, IM, WGM, FM, WIM, CM, WFM, WCM ('' to clear).")
@click.option("--federation")
@click.option("--fide-id")
@click.option("--sex", type=click.Choice(["", "m", "w"]))
@click.option("--birth")
@click.option("--club")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@_on_file
@bulk
def edit_player_command(
    file: str,
    player: str,
    new_name: str | None,
    rating: str | None,
    title: str | None,
    federation: str | None,
    fide_id: str | None,
    sex: str | None,
    birth: str | None,
    club: str | None,
    as_json: bool,
) -> int:
    """Correct a player's details (the pairing number never changes).

    \b
    Example:
      fairpair edit-player open.json rossi --title WIM --federation ITA
    """
    given = {
        "name": new_name,
        "rating": rating,
        "title": title,
        "federation": federation,
        "fide_id": fide_id,
        "sex": sex,
        "birth": birth,
        "club": club,
    }
    changes = {k: v for k, v in given.items() if v is not None}
    if not changes:
        raise InputError("nothing to change", expected="an option such as --rating 2100")
    t = load(file)
    who = wf.find_player(t, player)
    t = wf.edit_player(t, who, changes)
    _store(t, file)
    after = t.player(who.number)
    _say(
        as_json,
        f"player {after.number}: {after.name} updated ({', '.join(sorted(changes))})",
        {"command": "edit-player", "player": _player_json(after), "changed": sorted(changes)},
    )
    return 0


@click.command("edit-event")
@click.argument("file", type=FILE)
@click.option("-R", "--rounds", type=NUMBER, help="New number of rounds.")
@click.option("--name", "event_name", help="New tournament name.")
@click.option(
    "--handicap",
    type=click.Choice(_HANDICAPS),
    help="McMahon: handicap stones (before round 1); the same as -O handicap=...",
)
@click.option(
    "-O",
    "--option",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A system option or event setting to change before round 1 is paired "
    "(repeatable; see `fairpair systems`).",
)
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@_event_options
@_on_file
@bulk
def edit_event_command(
    file: str,
    rounds: int | None,
    event_name: str | None,
    handicap: str | None,
    options: tuple[str, ...],
    as_json: bool,
    **event_values: Any,
) -> int:
    """Change the number of rounds, the tournament's name, its event records (the TRF
    records of a rating report; an empty text removes a record, --deputy replaces the
    list of deputies), or (until round 1 is paired) its system options and event
    settings.

    \b
    Examples:
      fairpair edit-event open.json --rounds 9
      fairpair edit-event go.json --handicap minus1 -O komi_handicap=0.5
      fairpair edit-event open.json --city Torino --federation ITA --start 2026-04-03
    """
    event = _event_changes(event_values)
    given = parse_options(options)
    if handicap is not None:
        given["handicap"] = handicap
    if rounds is None and event_name is None and not event and not given:
        raise InputError(
            "nothing to change",
            expected="--rounds N, --name TEXT, an event record (--city, --start, ...), "
            "--handicap or -O KEY=VALUE",
        )
    t = wf.edit_event(load(file), rounds=rounds, name=event_name, event=event, options=given)
    _store(t, file)
    from fairpair.formats.trf.event import event_records
    from fairpair.workflow.rounds import tournament_name

    changed = "".join(f"; {key}={value}" for key, value in given.items())
    _say(
        as_json,
        f"{tournament_name(t)}: {wf.total_label(t)}{changed}",
        {
            "command": "edit-event",
            "name": tournament_name(t),
            "rounds": rounds,
            "options": given,
            "event": event_records(t),
        },
    )
    return 0


# --------------------------------------------------------------------------- next


@click.command("next")
@click.argument("file", type=FILE)
@click.option("--explain", is_flag=True, help="Also explain the pairing.")
@click.option("-O", "--option", "options", multiple=True, metavar="KEY=VALUE", help=options_help())
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@_on_file
def next_command(file: str, explain: bool, options: tuple[str, ...], as_json: bool) -> int:
    """Pair the next round, save it in FILE and print the boards by name.

    Refused (exit 1, nothing changed) while a paired round still has games without a
    result: enter them with `result` first (or `unpair` the round).

    \b
    Example:
      fairpair next open.json
    """
    from fairpair.rendering.explanations import explanation_lines
    from fairpair.rendering.printouts import boards_text

    t = load(file)
    require_players(t, file)
    opts = parse_options(options)
    if explain:
        opts["explain"] = True
    paired = wf.pair_round(t, options=opts, refuse_empty=True)
    t, pairing = paired.tournament, paired.pairing
    _store(t, file)
    if as_json:
        document = pairing_json(t, pairing, paired.system)
        if explain:
            document.setdefault("explanation", None)
        click.echo(dumps_json({"ok": True, "command": "next", **document}), nl=False)
        return 0
    bye = f", bye: {t.player(pairing.bye).name}" if pairing.bye is not None else ""
    label = pairing_name(t, pairing.round)
    click.echo(f"{label} paired: {len(pairing.boards)} boards{bye}; saved {file}")
    click.echo(boards_text(t, pairing.round), nl=False)
    notes = explanation_lines(pairing.info) if explain else None
    if notes is not None:
        click.echo("\n".join(notes))
    return 0


# --------------------------------------------------------------------------- result


@click.command("result")
@click.argument("file", type=FILE)
@click.argument("entries", nargs=-1, metavar="BOARD=RESULT|PLAYER=OUTCOME...")
@click.option("-r", "--round", "round_number", type=NUMBER, help="Round (default: the current).")
@click.option(
    "--pgn",
    "pgn_path",
    type=FILE,
    help="Enter the pending round's results from this PGN file (cutechess-cli, fastchess).",
)
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@_on_file
@bulk
def result_command(
    file: str,
    entries: tuple[str, ...],
    round_number: int | None,
    pgn_path: str | None,
    as_json: bool,
) -> int:
    """Enter results, all or nothing; each is echoed with its board, names and result.

    A bare number is always a board. BOARD=RESULT from the first-listed (white / corp)
    player's side: 1-0, 0-1, 1/2 (also =, ½, ½-½, draw, tie, jigo), +- and -+
    (forfeits), -- (double forfeit), clear. PLAYER=OUTCOME from that player's side,
    PLAYER being player:N (pairing number N) or a name: win, loss, draw (jigo, tie),
    forfeit-win, forfeit-loss, double-forfeit, clear. BOARD=win is refused (whose
    win?): write BOARD=1-0 or player:N=win. The round defaults to the first one with
    games still without a result; to correct a result already entered, name its round
    with -r.

    Netrunner (flagged, exported to NRTM; other systems refuse them): BOARD=id or
    PLAYER=id is an intentional draw (both players get the tie points; in a
    double-sided round both games); in a double-sided round BOARD=2-0 / BOARD=0-2 or
    PLAYER=2-for-1 is a 2-for-1 (one player wins both games of the round in one
    report).

    --pgn FILE enters the pending round's results from a PGN file (cutechess-cli,
    fastchess): White and Black name players (exactly, or ignoring case and spaces if
    only one player matches), Result gives the result; every game must belong to the
    round and be finished, or nothing is entered.

    \b
    Examples:
      fairpair result open.json 1=1-0 2=1/2 3=0-1 4=+-
      fairpair result open.json -r 2 carlsen=win player:17=forfeit-loss
      fairpair result store.json 3=id 4=tie jack=2-for-1 player:9=2-for-1
      fairpair result tcec.json --pgn games.pgn
    """
    if pgn_path is not None:
        if entries or round_number is not None:
            raise InputError(
                "--pgn with " + ("results" if entries else "--round"),
                expected="--pgn alone (it enters the pending round)",
            )
        return _result_from_pgn(file, pgn_path, as_json)
    if not entries:
        context = click.get_current_context()
        param = next(p for p in context.command.params if p.name == "entries")
        raise click.MissingParameter(ctx=context, param=param)
    t = load(file)
    parsed = [wf.parse_entry(e) for e in entries]
    rnd = round_number if round_number is not None else wf.default_result_round(t)
    if rnd < 1:
        raise InputError(f"--round {rnd}", expected="a round number >= 1")
    t, done = wf.enter_results(t, rnd, parsed, allow_changes=round_number is not None)
    _store(t, file)
    pending = sum(1 for g in t.round(rnd).games if not g.has_result)
    later = t.rounds_played > rnd and not t.double_rounds
    note = f"\nnote: round {rnd + 1} is already paired; its pairing stays as it is" if later else ""
    echoes = [
        _Echo(
            d.round if d.round is not None else rnd,
            d.board,
            d.game,
            last={"before": d.before, **({"round": d.round} if d.round is not None else {})},
            was=f" (was {d.before})" if d.before and d.before != wf.result_text(d.game) else "",
        )
        for d in done
    ]
    tail = f"{wf.round_label(t, rnd)}: {pending} game(s) without a result{note}"
    _say_results(as_json, t, ("round", rnd), echoes, pending, tail)
    return 0


@dataclasses.dataclass(frozen=True)
class _Echo:
    """One result ``result`` entered, as it echoes it: the round (TRF column) and the
    board, the game after it, the JSON keys before ``board`` (``first``) and after
    ``result`` (``last``), and what the text adds after the result (``was``)."""

    round: int
    board: int
    game: Game
    first: dict[str, Any] = dataclasses.field(default_factory=dict)
    last: dict[str, Any] = dataclasses.field(default_factory=dict)
    was: str = ""


def _say_results(
    as_json: bool,
    t: Tournament,
    source: tuple[str, Any],
    echoes: list[_Echo],
    pending: int,
    tail: str,
    head: tuple[str, ...] = (),
) -> None:
    """The echo of ``result`` (entries or ``--pgn``): a line per result entered between
    the text's ``head`` and ``tail``; as JSON the command, ``source`` (the round, or the
    PGN file), each result with its players, and the games left without a result."""
    lines = [
        f"{wf.round_label(t, e.round)}, board {e.board}: "
        f"{wf.describe_game(t, e.game)} {wf.result_text(e.game) or 'cleared'}{e.was}"
        for e in echoes
    ]
    entered = [
        {
            **e.first,
            "board": e.board,
            **_game_players_json(t, e.game),
            "result": wf.result_text(e.game),
            **e.last,
        }
        for e in echoes
    ]
    _say(
        as_json,
        "\n".join([*head, *lines, tail]),
        {"command": "result", source[0]: source[1], "entered": entered, "pending": pending},
    )


def _game_players_json(t: Tournament, game: Game) -> dict[str, Any]:
    """The two players of ``game``, first-listed first, for a JSON echo."""
    return {"players": [_player_json(t.player(n)) for n in (game.white, game.black)]}


def _result_from_pgn(file: str, pgn_path: str, as_json: bool) -> int:
    """``result --pgn``: the PGN's games into the pending round, all or nothing."""
    from fairpair.formats.pgn import load as load_pgn
    from fairpair.workflow.pgn import enter_pgn

    t = load(file)
    not_the_input(pgn_path, file)
    try:
        games = load_pgn(pgn_path)
    except OSError as exc:
        from fairpair.cli.common import _os_error

        raise _os_error(pgn_path, exc) from None
    t, done = enter_pgn(t, games, pgn_path)
    _store(t, file)
    columns = sorted({d.round for d in done})
    pending = sum(1 for c in columns for g in t.round(c).games if not g.has_result)
    entered = sum(1 for d in done if d.new)
    # the workflow lists the results round by round (its columns in order)
    echoes = [
        _Echo(d.round, d.board, d.game, first={"round": d.round}, last={"new": d.new}) for d in done
    ]
    head = f"{pgn_path}: {len(games)} game(s), {entered} result(s) entered"
    tail = f"{pending} game(s) without a result"
    _say_results(as_json, t, ("pgn", pgn_path), echoes, pending, tail, (head,))
    return 0


# --------------------------------------------------------------------------- withdraw


@click.command("withdraw")
@click.argument("file", type=FILE)
@click.argument("player")
@click.option("-r", "--from-round", type=NUMBER, help="First round he misses (default: the next).")
@click.option("--cancel", is_flag=True, help="Take a withdrawn player back.")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@_on_file
@bulk
def withdraw_command(
    file: str, player: str, from_round: int | None, cancel: bool, as_json: bool
) -> int:
    """Withdraw a player from round R on: he is no longer paired; his results stay.

    \b
    Examples:
      fairpair withdraw open.json rossi --from-round 4
      fairpair withdraw open.json 17 --cancel
    """
    t = load(file)
    who = wf.find_player(t, player)
    if cancel:
        t = wf.cancel_withdrawal(t, who)
        text, first = f"{who.name} ({who.number}) is back in the tournament", None
    else:
        dropped = wf.withdrawal_drops_byes(t, who, from_round or t.next_round())
        t = wf.withdraw(t, who, from_round)
        first = t.player(who.number).withdrawn_from
        text = f"{who.name} ({who.number}) withdrawn from round {first} on"
        if dropped:
            text += f"; requested bye(s) in round(s) {', '.join(map(str, dropped))} deleted"
    _store(t, file)
    _say(
        as_json,
        text,
        {"command": "withdraw", "player": _player_json(who), "from_round": first},
    )
    return 0


# --------------------------------------------------------------------------- bye


def _points(text: str | None) -> Fraction | None:
    if text is None:
        return None
    cleaned = text.strip().replace("½", "1/2")
    return limits.parse_number(cleaned, "--points", expected="0, 0.5 or 1")


@click.command("bye")
@click.argument("file", type=FILE)
@click.argument("player")
@click.option("-r", "--round", "round_number", type=NUMBER, help="The round (default: the next).")
@click.option(
    "--points",
    help="0 (absence), 0.5 (half-point bye) or 1 (full-point bye), in units of a win. "
    "Default: 0.5 for chess (Dutch, TCEC), 0 for Netrunner and McMahon.",
)
@click.option("--remove", is_flag=True, help="Cancel the bye.")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@_on_file
@bulk
def bye_command(
    file: str,
    player: str,
    round_number: int | None,
    points: str | None,
    remove: bool,
    as_json: bool,
) -> int:
    """Record a requested bye or a known absence for a round not yet paired.

    \b
    Examples:
      fairpair bye open.json rossi --round 4 --points 0.5
      fairpair bye open.json 12 --round 5 --points 0
      fairpair bye open.json rossi --round 4 --remove
    """
    t = load(file)
    who = wf.find_player(t, player)
    rnd = round_number if round_number is not None else t.next_round()
    profile = wf.descriptor_of(t.system)
    t, kind = wf.request_bye(
        t, who, rnd, _points(points), default_points=profile.default_bye_points, remove=remove
    )
    _store(t, file)
    where = pairing_name(t, rnd)
    if kind is None:
        text = f"{who.name} ({who.number}): bye in {where} removed"
    else:
        value = format_points(t.points.bye_points(kind))
        label = kind.name.lower().replace("_", "-")
        unit = "point" if value == "1" else "points"
        text = f"{who.name} ({who.number}): {label} bye in {where} ({value} {unit} a game)"
        if not t.double_rounds:
            text = text.replace(" a game)", ")")
    _say(
        as_json,
        text,
        {
            "command": "bye",
            "player": _player_json(who),
            "round": rnd,
            "kind": None if kind is None else kind.name.lower(),
        },
    )
    return 0


# --------------------------------------------------------------------------- unpair


@click.command("unpair")
@click.argument("file", type=FILE)
@click.option("--force", is_flag=True, help="Also delete the results entered in that round.")
@click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
@_on_file
@bulk
def unpair_command(file: str, force: bool, as_json: bool) -> int:
    """Delete the last round's pairing (requested byes for it are kept).

    Refused if a game of that round has a result, unless --force.
    """
    t = load(file)
    columns = wf.last_pairing_columns(t)
    results = sum(1 for c in columns for g in t.round(c).games if g.has_result)
    t, columns = wf.unpair(t, force=force)
    _store(t, file)
    lost = f" with {results} result(s)" if results else ""
    _say(
        as_json,
        f"pairing of {pairing_name(t, columns[0])}{lost} deleted; `next` pairs it again",
        {"command": "unpair", "rounds": columns, "results_deleted": results},
    )
    return 0


# --------------------------------------------------------------------------- boards


@click.command("boards")
@click.argument("file", type=FILE)
@click.option(
    "-r", "--round", "round_number", type=NUMBER, help="Round (default: the last paired)."
)
@click.option("--html", "html_path", help="Write a printable HTML page here ('-' = stdout).")
@click.option("--json", "as_json", is_flag=True, help="The pairing as JSON.")
@click.option(
    "--go",
    "go",
    is_flag=True,
    help="McMahon (Go): ranks, McMahon scores before the round, handicap, komi, results "
    "in Go words (jigo).",
)
@click.option(
    "--cutechess",
    is_flag=True,
    help="One cutechess-cli command line per board still to play (default: the pending "
    "round; double rounds: both games, -games 2 -repeat), engines as -engine conf=NAME, "
    "the first one White.",
)
@click.option(
    "--pgnout",
    help="With --cutechess: the PGN file the games go to (default: round-R.pgn).",
)
@click.option(
    "--cutechess-args",
    "cutechess_args",
    default="",
    help="With --cutechess: options added to every line, e.g. '-each tc=40/60+1 proto=uci'.",
)
@_on_file
@bulk
def boards_command(
    file: str,
    round_number: int | None,
    html_path: str | None,
    as_json: bool,
    go: bool,
    cutechess: bool,
    pgnout: str | None,
    cutechess_args: str,
) -> int:
    """The pairing list of a round: board, names, ratings, scores before the round,
    result; then byes, absences and withdrawals.

    \b
    Examples:
      fairpair boards open.json
      fairpair boards open.json -r 3 --html round3.html
      fairpair boards go.json --go
      fairpair boards tcec.json --cutechess --cutechess-args '-each tc=60+1'
    """
    from fairpair.rendering.printouts import boards_html, boards_text, go_boards_text

    t = load(file, layout=False)  # not saved again
    if cutechess:
        if as_json or html_path or go:
            raise InputError(
                "--cutechess with --json, --html or --go", expected="--cutechess alone"
            )
        return _cutechess(t, round_number, pgnout, cutechess_args)
    if pgnout is not None or cutechess_args:
        raise InputError(
            "--pgnout or --cutechess-args without --cutechess", expected="--cutechess too"
        )
    rnd = _paired_round(t, round_number)
    if go:
        if as_json or html_path:
            raise InputError("--go with --json or --html", expected="--go alone (a text list)")
        click.echo(go_boards_text(t, rnd), nl=False)
        return 0
    if as_json:
        document = pairing_json(t, t.pairing_of(rnd), t.system or "")
        write_text(dumps_json(document), None)
        return 0
    if html_path:
        not_the_input(html_path, file)
        write_text(boards_html(t, rnd), html_path)
        if html_path != "-":
            click.echo(f"wrote {html_path}", err=True)
        return 0
    click.echo(boards_text(t, rnd), nl=False)
    return 0


def _cutechess(t: Tournament, round_number: int | None, pgnout: str | None, extra: str) -> int:
    from fairpair.rendering.cutechess import cutechess_lines
    from fairpair.workflow.pgn import pending_columns

    if round_number is None:
        columns = pending_columns(t)
    else:
        column = _paired_round(t, round_number)
        first = column - (1 if t.double_rounds and column % 2 == 0 else 0)
        columns = (first, first + 1) if t.double_rounds else (column,)
    name = (columns[0] + 1) // 2 if t.double_rounds else columns[0]
    lines = cutechess_lines(t, columns, pgnout=pgnout or f"round-{name}.pgn", extra=extra)
    if not lines:
        raise InputError(
            f"every game of {wf.round_label(t, columns[0])} has a result",
            expected="a round with games to play",
        )
    click.echo("\n".join(lines))
    return 0


def _paired_round(t: Tournament, round_number: int | None) -> int:
    played = t.rounds_played
    if round_number is None:
        if not played:
            raise InputError("no round is paired yet", expected="a paired round (see `next`)")
        return played
    if not 1 <= round_number <= played:
        expected = f"a paired round, 1 to {played}" if played else "a paired round"
        raise InputError(f"--round {round_number}", expected=expected)
    return round_number


# --------------------------------------------------------------------------- crosstable


@click.command("crosstable")
@click.argument("file", type=FILE)
@click.option("-r", "--round", "round_number", type=NUMBER, help="After this round.")
@click.option("--html", "html_path", help="Write a printable HTML page here ('-' = stdout).")
@_on_file
@bulk
def crosstable_command(file: str, round_number: int | None, html_path: str | None) -> int:
    """The crosstable in standings order: per round the opponent's place, colour and
    result (5w1 = beat the player placed 5th, with white; + / - forfeits; bye+, bye½,
    bye- byes; . not paired), points and tiebreaks.
    """
    from fairpair.rendering.printouts import crosstable_html, crosstable_text

    t = load(file, layout=False)  # not saved again
    table = wf.standings_of(t, after_round=round_number)
    if html_path:
        not_the_input(html_path, file)
        write_text(crosstable_html(t, table), html_path)
        if html_path != "-":
            click.echo(f"wrote {html_path}", err=True)
        return 0
    click.echo(crosstable_text(t, table), nl=False)
    return 0


# --------------------------------------------------------------------------- forbid / force


def _pair_command(name: str, verb: str) -> click.Command:
    @click.command(name)
    @click.argument("file", type=FILE)
    @click.argument("a")
    @click.argument("b")
    @click.option("-r", "--round", "round_number", type=NUMBER, help="McMahon: only this round.")
    @click.option("--remove", is_flag=True, help=f"Remove the {verb} pair.")
    @click.option("--json", "as_json", is_flag=True, help=JSON_HELP)
    @_on_file
    @bulk
    def command(
        file: str, a: str, b: str, round_number: int | None, remove: bool, as_json: bool
    ) -> int:
        t = load(file)
        pa, pb = wf.find_player(t, a), wf.find_player(t, b)
        operation = wf.forbid_pair if name == "forbid" else wf.force_pair
        t = operation(t, pa, pb, round_number=round_number, remove=remove)
        _store(t, file)
        if name == "force" and round_number is None and not remove:
            round_number = t.next_round()
        when = "every round" if round_number is None else f"round {round_number}"
        met = wf.rounds_met(t, pa, pb)
        if met and not remove:
            click.echo(f"note: they already met in round {met[0]}", err=True)
        done = "no longer " + verb if remove else verb
        _say(
            as_json,
            f"{pa.name} ({pa.number}) - {pb.name} ({pb.number}): {done} ({when})",
            {"command": name, "players": [pa.number, pb.number], "removed": remove},
        )
        return 0

    command.help = (
        f"Mark the pairing A-B as {verb} (A and B: numbers or names). Forbidden pairs "
        "hold for every system; forced pairs and --round are McMahon's."
    )
    return command


WORKFLOW_COMMANDS: tuple[click.Command, ...] = (
    new_command,
    add_player_command,
    edit_player_command,
    edit_event_command,
    next_command,
    result_command,
    withdraw_command,
    bye_command,
    unpair_command,
    boards_command,
    crosstable_command,
    _pair_command("forbid", "forbidden"),
    _pair_command("force", "forced"),
)
