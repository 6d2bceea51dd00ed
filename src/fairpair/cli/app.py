"""The click application of ``fairpair``: every subcommand, and :func:`run_app`, which
runs it and turns fairpair's errors into exit codes and one-line messages.

Imported by :mod:`fairpair.cli` only for a subcommand (never for the drop-in
``fairpair --dutch FILE -p``, :mod:`fairpair.cli.compat`, which must start in
milliseconds). Exit codes: 0 success, 1 no legal pairing exists / check found
differences / the tournament's state refuses the request (results pending, every round
paired, a result already entered), 2 bad input or usage, 3 internal error (please
report it; ``FAIRPAIR_DEBUG=1`` shows the traceback).
"""

from __future__ import annotations

import importlib
import json
import os
import traceback
from collections.abc import Sequence

import click

from fairpair.cli.batch import batch_command
from fairpair.cli.commands import (
    check_command,
    convert_command,
    demo_command,
    generate_command,
    pair_command,
    standings_command,
    systems_command,
)
from fairpair.cli.errors import command_of, describe, file_of
from fairpair.cli.workflow import WORKFLOW_COMMANDS
from fairpair.errors import FairpairError

__all__ = ["LAZY_COMMANDS", "FairpairGroup", "cli", "run_app"]

#: System-specific commands living in their own modules: name -> "module:attribute".
LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "seed": ("fairpair.cli.tcec:seed_command", "seeding order for a TCEC player list"),
    "mcmahon": ("fairpair.cli.mcmahon:mcmahon_group", "AGA McMahon tools (bands, ...)"),
    "serve": ("fairpair.cli.serve:serve_command", "the web app and REST API (docs/web.md)"),
}


class FairpairGroup(click.Group):
    """A click group that loads system-specific subcommands on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *LAZY_COMMANDS])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None or cmd_name not in LAZY_COMMANDS:
            return command
        target, summary = LAZY_COMMANDS[cmd_name]
        module_name, _, attribute = target.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            return _unavailable(cmd_name, summary)
        loaded: click.Command = getattr(module, attribute)
        return loaded


def _unavailable(name: str, summary: str) -> click.Command:
    @click.command(name=name, help=f"{summary} (not available in this build yet).")
    def unavailable() -> None:
        raise click.UsageError(f"'{name}' ({summary}) is not implemented yet")

    return unavailable


@click.group(
    cls=FairpairGroup,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(package_name="fairpair", prog_name="fairpair")
def cli() -> None:
    """fairpair: Swiss-system pairing engines and tournament manager.

    \b
    Run a tournament (every command saves FILE in place):
      fairpair new players.csv -o open.json --system dutch --rounds 7
      fairpair next open.json                  # pair round 1, print the boards
      fairpair result open.json 1=1-0 2=1/2 3=0-1
      fairpair bye open.json rossi --round 2 --points 0.5
      fairpair standings open.json
    Pair the next round of a tournament (FIDE Dutch system):
      fairpair pair --system dutch tournament.trf
    Drop-in for bbpPairings / JaVaFo (platforms: docs/platforms.md):
      fairpair --dutch tournament.trf -p pairing.txt
      fairpair --dutch FILE -p                 # the pairing on stdout
      fairpair --fast FILE -p                  # also the exact Dutch pairing
      fairpair --burstein FILE -p              # FIDE Burstein, where this build has it
    Generate a random tournament and check it:
      fairpair generate --system tcec --players 40 --rounds 25 --seed 1 -o t.trf
      fairpair check --system tcec t.trf
    Standings with tiebreaks, file conversion:
      fairpair standings t.trf --tiebreaks BH-C1,BH,SB
      fairpair convert t.trf -o t.json

    Systems: dutch, dutch-2017, dutch-2026, dutch-legacy, mcmahon, tcec, netrunner (see
    `fairpair systems`).

    \b
    FIDE Dutch rules: dutch and --dutch follow the file (record 192), else 2017; new writes 2026.
    Exit codes: 0 ok, 1 no legal pairing / check failed / refused by the tournament's
    state, 2 bad input. The drop-in keeps bbpPairings' codes: 0 ok, 1 no valid
    pairing, 2 internal error, 3 bad input, 4 too large, 5 file not readable or writable.
    """


for _command in (
    *WORKFLOW_COMMANDS,
    batch_command,
    pair_command,
    check_command,
    generate_command,
    standings_command,
    convert_command,
    systems_command,
    demo_command,
):
    cli.add_command(_command)


def _report(message: str) -> None:
    click.echo(f"fairpair: {message}", err=True)


#: Commands whose ``--json`` is a flag: their refusals are also printed as a JSON object
#: ``{"ok": false, "error": ..., "exit_code": ...}`` on stdout, for programs.
_JSON_FLAG_COMMANDS = frozenset(c.name for c in WORKFLOW_COMMANDS if c.name) | {"pair"}


def _wants_json(args: Sequence[str]) -> bool:
    return bool(args) and args[0] in _JSON_FLAG_COMMANDS and "--json" in args


def run_app(args: list[str]) -> int:
    """Run the subcommand ``args`` names; return the exit code."""
    try:
        result = cli.main(args=args, prog_name="fairpair", standalone_mode=False)
        return result if isinstance(result, int) else 0
    except FairpairError as exc:
        text = describe(exc, command_of(cli, args), file_of(cli, args))
        _report(f"error: {text}")
        if _wants_json(args):
            click.echo(json.dumps({"ok": False, "error": text, "exit_code": exc.exit_code}))
        return exc.exit_code
    except click.exceptions.Abort as exc:
        if isinstance(exc.__cause__ or exc.__context__, KeyboardInterrupt):
            _report("interrupted")  # click turns Ctrl-C into Abort
            return 130
        _report("aborted")
        return 1
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except KeyboardInterrupt:
        _report("interrupted")
        return 130
    except BrokenPipeError:
        return 0
    except MemoryError:
        _report(
            "out of memory: the tournament is too large for this machine "
            "(see docs/limits.md, 'Measured')"
        )
        return 3
    except Exception as exc:  # never a raw traceback for users
        if os.environ.get("FAIRPAIR_DEBUG"):
            traceback.print_exc()
        _report(
            f"internal error: {type(exc).__name__}: {exc} "
            "(this is a bug in fairpair; rerun with FAIRPAIR_DEBUG=1 for details)"
        )
        return 3
