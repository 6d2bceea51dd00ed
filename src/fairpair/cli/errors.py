"""How the command line words a refusal: the flag of the field at fault, and a hint.

The workflow's errors speak of its own arguments (``InputError.field``: ``round``,
``from_round``, ``options.seed``) in words that suit a web page as well. On a terminal
the user typed flags, so the field becomes the flag of the command that failed
(``--round``, ``--from-round``, ``-O seed=...``), found among the command's own options:
a field the command has no flag for (a positional argument such as the player) is left
out. A few state refusals have a command that resolves them; :data:`HINTS` names it.

>>> import click
>>> @click.command()
... @click.option("-r", "--round", "round_number", type=int)
... @click.option("-O", "--option", "options", multiple=True)
... def bye(round_number: int | None, options: tuple[str, ...]) -> None: ...
>>> flag_for(bye, "round"), flag_for(bye, "options.seed"), flag_for(bye, "player")
('--round', '-O seed=...', None)
>>> err = InputError("round 5 is past the last round", expected="a round from 1 to 1",
...                  field="round", file="open.json")
>>> describe(err, bye)
'open.json: --round: round 5 is past the last round, expected a round from 1 to 1'
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping, Sequence

import click

from fairpair.errors import (
    AllRoundsPairedError,
    ConflictError,
    FairpairError,
    InputError,
    NoPairingError,
    NoSystemError,
    PlayerPairedError,
    ResultEnteredError,
    RoundHasResultsError,
)

__all__ = ["HINTS", "command_of", "describe", "file_of", "flag_for"]

#: A command that resolves a state refusal, by the error's class (never by its text):
#: error, the tournament file as typed (``FILE`` when unknown) -> the command.
HINTS: Mapping[type[FairpairError], Callable[[FairpairError, str], str]] = {
    AllRoundsPairedError: lambda exc, file: f"fairpair edit-event {file} --rounds N",
    ResultEnteredError: lambda exc, file: (
        f"fairpair result {file} -r {getattr(exc, 'round_number', 'N')} BOARD=RESULT"
    ),
    RoundHasResultsError: lambda exc, file: f"fairpair unpair {file} --force",
    PlayerPairedError: lambda exc, file: (
        f"a forfeit: fairpair result {file} -r {getattr(exc, 'round_number', 'N')} "
        f"player:{getattr(exc, 'player', 'N')}=forfeit-loss"
    ),
}


def _resolve(group: click.Group, args: Sequence[str]) -> tuple[click.Command | None, list[str]]:
    """The (sub)command ``args`` runs and the arguments left for it."""
    command: click.Command = group
    rest = list(args)
    ctx = click.Context(group)
    while isinstance(command, click.Group) and rest and not rest[0].startswith("-"):
        found = command.get_command(ctx, rest[0])
        if found is None:
            return None, []
        command, rest = found, rest[1:]
    return (None, []) if isinstance(command, click.Group) else (command, rest)


def command_of(group: click.Group, args: Sequence[str]) -> click.Command | None:
    """The (sub)command ``args`` runs (``mcmahon bands`` -> the ``bands`` command), or
    None if they name none."""
    return _resolve(group, args)[0]


def file_of(group: click.Group, args: Sequence[str]) -> str | None:
    """The tournament file (the ``FILE`` argument) of the command ``args`` run, if it
    has one: the hints name it as the user typed it."""
    command, rest = _resolve(group, args)
    if command is None:
        return None
    try:
        ctx = command.make_context(command.name or "", rest, resilient_parsing=True)
    except click.ClickException:
        return None
    value = ctx.params.get("file")
    return value if isinstance(value, str) and value else None


def flag_for(command: click.Command | None, field: str) -> str | None:
    """The flag of ``command`` that sets the workflow argument ``field``: ``round`` ->
    ``--round``, ``from_round`` -> ``--from-round``, ``options.X`` -> ``-O X=...``;
    None when the command has no such flag."""
    if command is None:
        return None
    options = [p for p in command.params if isinstance(p, click.Option)]
    if field.startswith("options."):
        name = field.removeprefix("options.")
        if any("-O" in p.opts for p in options):
            return f"-O {name}=..."
        return None
    flag = "--" + field.replace("_", "-")
    return flag if any(flag in p.opts for p in options) else None


def describe(exc: FairpairError, command: click.Command | None, file: str | None = None) -> str:
    """What ``fairpair: error:`` prints for ``exc`` raised by ``command`` on the
    tournament ``file``: the flag at fault before the message, a hint after it."""
    text = str(exc)
    if isinstance(exc, InputError) and exc.field is not None:
        flag = flag_for(command, exc.field)
        if flag is not None:
            text = InputError(
                f"{flag}: {exc.message}",
                expected=exc.expected,
                file=exc.file,
                line=exc.line,
                column=exc.column,
            ).format()
    if file is not None and _about_the_file(exc):
        text = f"{file}: {text}"
    for kind, hint in HINTS.items():
        if isinstance(exc, kind):
            text += f" ({hint(exc, 'FILE' if file is None else shlex.quote(file))})"
            break
    return text


def _about_the_file(exc: FairpairError) -> bool:
    """Is ``exc`` about the tournament in the command's file, without naming it? A
    refusal by the tournament's state (no round left to pair, results pending, no legal
    pairing) or a tournament that names no pairing system (issue 28)."""
    if isinstance(exc, (ConflictError, NoPairingError)):
        return True
    return isinstance(exc, NoSystemError) and exc.file is None
