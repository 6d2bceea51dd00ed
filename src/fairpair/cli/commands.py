"""The generic subcommands: pair, check, generate, standings, convert, systems, demo."""

from __future__ import annotations

import importlib.resources
import os
import re

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
    write_texts,
)
from fairpair.cli.params import NUMBER, SEED
from fairpair.errors import InputError, SystemNotAvailable
from fairpair.formats import is_json
from fairpair.model import Pairing, Tournament
from fairpair.rendering.explanations import explanation_lines
from fairpair.systems import SYSTEMS, descriptor_of, descriptors
from fairpair.workflow.checker import check_rounds

SYSTEM_CHOICE = click.Choice(list(SYSTEMS), case_sensitive=False)


#: A problem line starts with its round: "round 4: ...".
_ROUND_OF = re.compile(r"round (\d+)")


def _round_option(tournament: Tournament, round_number: int | None) -> int:
    if round_number is None:
        return wf.next_round_to_pair(tournament)
    if round_number < 1:
        raise InputError(f"--round {round_number}", expected="a round number >= 1")
    if tournament.total_rounds and round_number > tournament.total_rounds:
        raise InputError(
            f"--round {round_number}",
            expected=f"at most {tournament.total_rounds} (XXR, the number of rounds)",
        )
    return round_number


# --------------------------------------------------------------------------- pair


@click.command("pair")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-s", "--system", "system_name", type=SYSTEM_CHOICE, help="Pairing system.")
@click.option("-o", "--output", help="Write the pairing here instead of stdout.")
@click.option("--json", "as_json", is_flag=True, help="Rich JSON output (names, scores, extras).")
@click.option("-r", "--round", "round_number", type=NUMBER, help="Round to pair (default: next).")
@click.option("--seed", type=SEED, help="Random seed for systems that break ties at random.")
@click.option(
    "--explain",
    is_flag=True,
    help="Explain the pairing in plain words (stderr; with --json: an 'explanation' key).",
)
@click.option(
    "--last-round/--not-last-round",
    default=None,
    help="Netrunner: apply (or not) the FIDE-style last-round relaxation in this round. "
    "Default: none, as the spec (-O last_round_relaxation=yes applies it in the final round).",
)
@click.option(
    "--no-bye-after-forfeit-win",
    is_flag=True,
    default=None,
    help="Netrunner: no bye for a player who had a bye or a forfeit win (FIDE rule).",
)
@click.option("-O", "--option", "options", multiple=True, metavar="KEY=VALUE", help=options_help())
@click.option("--save", "save_path", help="Also write the tournament with this round added.")
def pair_command(
    file: str,
    system_name: str | None,
    output: str | None,
    as_json: bool,
    round_number: int | None,
    seed: int | None,
    explain: bool,
    last_round: bool | None,
    no_bye_after_forfeit_win: bool | None,
    options: tuple[str, ...],
    save_path: str | None,
) -> int:
    """Pair the next round of a tournament.

    Reads a TRF (.trf, .txt) or JSON (.json) tournament and pairs the first round that
    has no games yet, honouring byes and absences already entered for it (TRF
    `0000 - H` / `0000 - Z`). Output: the number of pairs, then one `white black`
    line per board, the pairing-allocated bye as `N 0` (the bbpPairings/JaVaFo format).

    \b
    Examples:
      fairpair pair --system dutch round5.trf
      fairpair pair --system dutch round5.trf -o pairing.txt --save round5-paired.trf
      fairpair pair --system netrunner event.trf --seed 7 --json
      fairpair pair --system mcmahon go.json --json -o pairing.json
    """
    tournament = load(file, layout=save_path is not None)  # saved again with --save only
    require_players(tournament, file)
    system_options = parse_options(options)
    if seed is not None:
        system_options["seed"] = seed
    if explain:
        system_options["explain"] = True
    if last_round is not None:
        system_options["last_round"] = last_round
    if no_bye_after_forfeit_win:
        system_options["no_bye_after_forfeit_win"] = True
    rnd = _round_option(tournament, round_number)
    if round_number is not None and rnd > tournament.next_round():
        raise InputError(
            f"--round {rnd}: round {tournament.next_round()} is not paired yet",
            expected=f"round {tournament.next_round()} or an earlier one",
        )
    paired = wf.pair_round(tournament, rnd, system=system_name, options=system_options)
    tournament, pairing, name = paired.source, paired.pairing, paired.system
    if as_json:
        document = pairing_json(tournament, pairing, name)
        if explain:
            document.setdefault("explanation", None)
        text = dumps_json(document)
    else:
        lines = pairing.engine_lines()
        notes = explanation_lines(pairing.info) if explain else None
        if notes is not None:
            click.echo("\n".join(notes), err=output is None)
        text = "\n".join(lines) + "\n"
    not_the_input(output, file)
    if save_path:  # the tournament first: a failed save leaves no pairing output behind
        save(paired.tournament, save_path)
    write_text(text, output)
    return 0


# --------------------------------------------------------------------------- check


@click.command("check")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-s", "--system", "system_name", type=SYSTEM_CHOICE, help="Pairing system.")
@click.option("-r", "--round", "round_number", type=NUMBER, help="Check only this round.")
@click.option("--last", "scope", flag_value="last", help="Check only the last paired round.")
@click.option("--all", "scope", flag_value="all", help="Check every paired round.")
@click.option("--seed", type=SEED, help="Seed the file was paired with (Netrunner, McMahon).")
@click.option("-O", "--option", "options", multiple=True, metavar="KEY=VALUE", help=options_help())
def check_command(
    file: str,
    system_name: str | None,
    round_number: int | None,
    scope: str | None,
    seed: int | None,
    options: tuple[str, ...],
) -> int:
    """Verify the pairings stored in a tournament file.

    Re-pairs each checked round from the rounds before it and reports every
    difference from the file. Systems that choose among equally good pairings
    (Netrunner) check that the stored pairing is optimal instead. Exit code 0 only if
    every checked round is correct, 1 otherwise.

    Which rounds: --round R, --last or --all. Default: every round; for the Dutch
    system the last round, as the JaVaFo / bbpPairings checkers do (use --all).

    \b
    Examples:
      fairpair check --system dutch tournament.trf             # the last round
      fairpair check --system dutch tournament.trf --all       # every round
      fairpair check --system tcec t.trf --round 7
      fairpair check --system netrunner event.trf
    """
    tournament = load(file, layout=False)  # not saved again
    system_options = parse_options(options)
    if seed is not None:
        system_options["seed"] = seed
    choice = wf.choose_system(tournament, system_name, system_options)
    name, system = choice.name, choice.system
    played = tournament.rounds_played
    if played == 0:
        raise InputError("the file has no paired round", expected="at least one paired round")
    step = 2 if tournament.double_rounds else 1
    all_rounds = list(range(1, played + 1, step))
    if round_number is not None:
        if round_number not in all_rounds:
            raise InputError(
                f"--round {round_number}",
                expected=f"a paired round start: {', '.join(map(str, all_rounds))}",
            )
        rounds = [round_number]
    elif scope == "last" or (scope is None and descriptor_of(name).check_last_round):
        rounds = [all_rounds[-1]]
    else:
        rounds = all_rounds
    problems = check_rounds(system, tournament, rounds)  # pending results, then the system
    for problem in problems:
        click.echo(problem)
    word = "round" if len(rounds) == 1 else "rounds"
    checked = (
        f"{word} {', '.join(map(str, rounds))}" if len(rounds) < 6 else f"{len(rounds)} rounds"
    )
    if tournament.double_rounds:
        games = f"{len(rounds) * 2} games" if len(rounds) > 1 else "2 games"
        starts = ", ".join(map(str, rounds)) if len(rounds) < 6 else ""
        checked = f"{len(rounds)} {word} ({games}{', TRF rounds ' + starts if starts else ''})"
    bad = sorted({int(m.group(1)) for m in map(_ROUND_OF.match, problems) if m})
    where = f"round(s) {', '.join(map(str, bad))}" if bad else checked
    if problems:
        click.echo(
            f"FAILED: {len(problems)} difference(s) in {where} ({checked} checked)", err=True
        )
        return 1
    click.echo(f"OK: {checked} checked, every pairing is correct", err=True)
    return 0


# --------------------------------------------------------------------------- generate


@click.command("generate")
@click.option("-s", "--system", "system_name", type=SYSTEM_CHOICE, required=True)
@click.option("-n", "--players", type=NUMBER, required=True, help="Number of players.")
@click.option("-R", "--rounds", type=NUMBER, required=True, help="Number of rounds.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Random seed.")
@click.option(
    "--draw-rate",
    type=float,
    default=None,
    help="Probability of a draw (default 0.3; 0.01 for mcmahon, jigo are rare).",
)
@click.option("--forfeit-rate", type=float, default=0.0, show_default=True)
@click.option(
    "--bye-rate",
    type=float,
    default=0.0,
    show_default=True,
    help="Probability of a requested half-point bye per player and round.",
)
@click.option(
    "--absence-rate",
    type=float,
    default=0.0,
    show_default=True,
    help="Probability of an absence (zero-point bye) per player and round.",
)
@click.option("--double", is_flag=True, help="Double rounds (TCEC, Netrunner double-sided).")
@click.option(
    "--seeding",
    default="rating",
    show_default=True,
    help="Initial order: rating, random, or group:G (TCEC group seeding).",
)
@click.option("-O", "--option", "options", multiple=True, metavar="KEY=VALUE", help=options_help())
@click.option("-o", "--output", required=True, help="Output file (.trf or .json).")
def generate_command(
    system_name: str,
    players: int,
    rounds: int,
    seed: int,
    draw_rate: float | None,
    forfeit_rate: float,
    bye_rate: float,
    absence_rate: float,
    double: bool,
    seeding: str,
    options: tuple[str, ...],
    output: str,
) -> int:
    """Generate a random tournament, every round paired by the engine.

    Ratings, byes, absences, forfeits and results are drawn at random from --seed; the
    same arguments always give the same file.

    \b
    Examples:
      fairpair generate --system dutch --players 100 --rounds 9 --seed 1 -o t.trf
      fairpair generate --system tcec --players 40 --rounds 25 --seed 2 \\
          --seeding group:6 -o tcec.trf
      fairpair generate --system tcec --players 20 --rounds 15 --double --seed 3 -o d.trf
      fairpair generate --system netrunner --players 64 --rounds 6 --seed 4 -o nr.trf
    """
    from fairpair.workflow.generator import GeneratorConfig, generate

    _check_generate_limits(players, rounds, double)
    system_options = parse_options(options)
    system_options.setdefault("seed", seed)
    config = GeneratorConfig(
        players=players,
        rounds=rounds,
        seed=seed,
        draw_rate=draw_rate if draw_rate is not None else descriptor_of(system_name).draw_rate,
        forfeit_rate=forfeit_rate,
        bye_rate=bye_rate,
        absence_rate=absence_rate,
        double=double,
        seeding=seeding,
        system_options=system_options,
    )
    tournament = generate(system_name, config)
    save(tournament, output)
    click.echo(
        f"wrote {output}: {players} players, {rounds} rounds ({system_name}, seed {seed})",
        err=True,
    )
    return 0


def _check_generate_limits(players: int, rounds: int, double: bool) -> None:
    """Refuse --players and --rounds over the limits of docs/limits.md before any work
    (fairpair would refuse to read such a file back)."""
    if players > limits.limit("players"):
        raise limits.exceeded("players", f"--players {players}")
    columns = rounds * (2 if double else 1)
    if columns > limits.limit("rounds"):
        shown = f"--rounds {rounds}"
        if double:
            shown += f" ({columns} round columns with --double)"
        raise limits.exceeded("rounds", shown)


# --------------------------------------------------------------------------- standings


@click.command("standings")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "-t",
    "--tiebreaks",
    help="Comma-separated tiebreak codes, e.g. BH-C1,BH,SB (default: the file's record "
    "212 or 202, else BH-C1,BH,SB,DE,WIN,BPG).",
)
@click.option(
    "--edition",
    type=click.Choice(["2023", "2026"]),
    help="FIDE C.07 edition (default: 2023 for events that started before 1 March 2026 "
    "by record 042, else 2026).",
)
@click.option(
    "-s",
    "--system",
    "system_name",
    type=SYSTEM_CHOICE,
    help="Rank by this system's rule (default: the file's system, else FIDE).",
)
@click.option("-r", "--round", "round_number", type=NUMBER, help="Standings after this round.")
@click.option("--csv", "csv_path", help="Also write CSV here ('-' for stdout only).")
@click.option("--json", "json_path", help="Also write JSON here ('-' for stdout only).")
@bulk
def standings_command(
    file: str,
    tiebreaks: str | None,
    edition: str | None,
    system_name: str | None,
    round_number: int | None,
    csv_path: str | None,
    json_path: str | None,
) -> int:
    """Print the standings table with tiebreaks.

    Points are computed from the results. Tiebreaks follow FIDE C.07 (the 2026
    edition, or 2023 for events that started before 1 March 2026), with a player's
    own unplayed rounds counted as a dummy opponent with the player's own score (2026:
    at most the scheduled opponent's score, or half the points of the rounds counted).
    The tiebreaks are the file's (TRF record 212, else 202) unless --tiebreaks is
    given. TCEC, Netrunner and McMahon files are ranked by their own systems' rules.

    \b
    Tiebreak codes: BH (Buchholz), BH-C1 / BH-M1 (cut / median, any n: BH-C2),
    SB (Sonneborn-Berger), DE (direct encounter), WIN (wins), WON (wins over the
    board), BPG / BWG (games played with black / won with black), GE (games
    elected to play; REP in 2026), ARO (average rating of opponents), PS
    (progressive score), STD (standard points), RTNG (rating), TPN (pairing number),
    FB (fore Buchholz), AOB (average of opponents' Buchholz),
    TPR (tournament performance rating), PTP (perfect tournament performance).
    Games against unrated opponents are left out of ARO, TPR and PTP unless a
    rating is given for them: ARO-U1400, TPR-U1400, PTP-U1400.
    Default: the last round with all results in, tiebreaks BH-C1,BH,SB,DE,WIN,BPG.
    \b
    Examples:
      fairpair standings t.trf
      fairpair standings t.trf --tiebreaks BH-C1,SB,DE --csv standings.csv
      fairpair standings tcec.trf --system tcec
    """
    from fairpair import standings as st

    tournament = load(file, layout=False)  # not saved again
    table = wf.standings_of(
        tournament,
        system=system_name,
        tiebreaks=tiebreaks,
        after_round=round_number,
        edition=edition,
        file=file,
    )
    not_the_input(csv_path, file)
    not_the_input(json_path, file)
    if csv_path == "-":
        write_text(st.to_csv(table), None)
        return 0
    if json_path == "-":
        write_text(_as_text(st.to_json(table)), None)
        return 0
    outputs = []  # both files or neither, before anything is printed
    if csv_path:
        outputs.append((st.to_csv(table), csv_path))
    if json_path:
        outputs.append((_as_text(st.to_json(table)), json_path))
    write_texts(outputs)
    click.echo(st.render_table(table))
    return 0


def _as_text(value: object) -> str:
    return value if isinstance(value, str) else dumps_json(value)


# --------------------------------------------------------------------------- convert


def _format_choices() -> list[str]:
    from fairpair.workflow.convert import export_names

    return list(export_names())


@click.command("convert")
@click.argument("source", type=click.Path(dir_okay=False))
@click.option(
    "-o", "--output", required=True, help="Target file (.trf/.txt or .json without --format)."
)
@click.option(
    "--format",
    "kind",
    type=click.Choice(["trf", "trf2026", "json", "opengotha", "h9", "aga", "nrtm"]),
    help="Output format (default: by the output's extension, .json is JSON, else TRF). "
    "trf2026: a FIDE rating report in plain TRF-2026 (event records, 142/152/162/250/260, "
    "ranks, tie-breaks 202/212; CR LF; no XX/BB/FPJ extension lines); opengotha: "
    "OpenGotha/pairgoth XML; h9: EGF results, aga: AGA rating report (Go).",
)
@click.option("--trf2026", is_flag=True, help="The same as --format trf2026.")
@click.option(
    "--allow-temporary-ids",
    is_flag=True,
    help="--format aga: report players without an AGA id under their pairing number.",
)
@bulk
def convert_command(
    source: str, output: str, kind: str | None, trf2026: bool, allow_temporary_ids: bool
) -> int:
    """Convert a tournament between file kinds: TRF and JSON losslessly, a TRF-2026
    rating report, OpenGotha XML, the EGF and AGA results of a Go event.

    The input's kind is recognised by its content: TRF, fairpair JSON, OpenGotha XML
    (a .json file is always read as fairpair JSON). The output's is chosen by --format
    or else by file extension (.json is JSON, anything else TRF). TRF -> JSON -> TRF
    reproduces the file; lines fairpair does not interpret are carried along.

    \b
    Examples:
      fairpair convert tournament.trf -o tournament.json
      fairpair convert tournament.json -o tournament.trf
      fairpair convert tournament.json -o report.trf --format trf2026
      fairpair convert event.xml -o event.json            (OpenGotha in)
      fairpair convert go.json -o go.xml --format opengotha
      fairpair convert go.json -o go.h9 --format h9
    """
    if trf2026:
        if kind not in (None, "trf2026"):
            raise InputError(f"--trf2026 with --format {kind}", expected="one output format")
        kind = "trf2026"
    if kind is not None and kind not in _format_choices():
        raise InputError(
            f"--format {kind}: not available in this build",
            expected="one of " + ", ".join(_format_choices()),
        )
    if allow_temporary_ids and kind != "aga":
        raise InputError("--allow-temporary-ids without --format aga", expected="--format aga")
    tournament = _load_any(source)
    if kind is None:
        save(tournament if is_json(output) else wf.trf_ranks(tournament), output)
        return 0
    if kind in ("h9", "aga"):
        not_the_input(output, source)  # a report written over the tournament
    with about(source):  # what the tournament holds that the format cannot
        text = wf.export(tournament, kind, source=source, allow_temporary_ids=allow_temporary_ids)
    write_text(text, output)
    return 0


def _load_any(source: str) -> Tournament:
    """The tournament of ``source``, of the kind its content says (TRF and fairpair JSON
    exactly as every command reads them)."""
    from fairpair.formats import kinds

    try:
        kind = kinds.detect(source)
    except OSError:
        kind = kinds.kind_named("trf")
    if kind.name in ("trf", "json") or os.path.isdir(source):
        return load(source)
    try:
        tournament, warnings = kind.read(source)
    except OSError as exc:
        raise InputError(f"cannot open file: {exc.strerror or exc}", file=source) from None
    warn(warnings)
    return tournament


# --------------------------------------------------------------------------- systems


@click.command("systems")
def systems_command() -> int:
    """List the pairing systems, whether they are available, and their options (every
    option is off unless given: the defaults are what each specification says).

    Options are given as -O NAME=VALUE to new, pair, next, check and generate; every
    system also takes -O explain=yes and -O seed=N (ignored by systems that draw no
    lots).
    """
    available = {d.name: d for d in descriptors()}
    for name in SYSTEMS:
        found = available.get(name)
        if found is None:
            click.echo(f"{name:13} {'not implemented yet':20}")
            continue
        click.echo(f"{name:13} {'available':20} {found.summary}")
        for option in found.choices:
            click.echo(f"{'':15}-O {option.name}={option.describe()}")
        if found.settings:
            click.echo(f"{'':15}event settings (new, or edit-event before round 1):")
            for option in found.settings:
                click.echo(f"{'':15}-O {option.name}={option.describe()}")
    click.echo(
        "Every system also takes -O explain=yes|no (explain the pairing) and -O seed=N "
        "(the random seed; systems that draw no lots ignore it)."
    )
    return 0


# --------------------------------------------------------------------------- demo


def _demo_file() -> str:
    resource = importlib.resources.files("fairpair") / "data" / "demo.trf"
    return os.fspath(str(resource))


@click.command("demo")
@click.option(
    "-s", "--system", "system_name", type=SYSTEM_CHOICE, default="dutch", show_default=True
)
def demo_command(system_name: str) -> int:
    """Pair the next round of the bundled example tournament and show standings."""
    from fairpair import standings as st

    path = _demo_file()
    tournament = load(path)
    try:
        choice = wf.choose_system(tournament, system_name)
    except SystemNotAvailable as exc:
        warn([f"{exc}; using the score-order exerciser instead (NOT a FIDE system)"])
        choice = wf.choose_system(tournament, "score-order")
    system_name = choice.name
    rnd = tournament.next_round()
    name = dict(tournament.headers).get("012", "example tournament")
    click.echo(
        f"{name}: {len(tournament.players)} players, round {rnd} of "
        f"{tournament.total_rounds or '?'} ({system_name} system)\n"
    )
    paired = wf.pair_round(tournament, rnd, system=choice)
    pairing: Pairing = paired.pairing
    from fairpair.rendering.printouts import boards_text

    # the same pairing list as `fairpair boards` (names with pairing numbers in
    # parentheses, points in their own column)
    click.echo(boards_text(paired.tournament, rnd), nl=False)
    click.echo("\nEngine format:\n" + "\n".join(pairing.engine_lines()))
    click.echo("")
    click.echo(st.render_table(st.compute_standings(tournament, None, after_round=rnd - 1)))
    return 0
