"""bbpPairings / JaVaFo-compatible invocation: the drop-in for platforms.

Accepted forms (the ones platforms use to call those engines)::

    fairpair --dutch INPUT -p [OUTPUT]       # pair the next round; stdout if no OUTPUT
    fairpair --fast INPUT -p [OUTPUT]        # the same exact Dutch pairing
    fairpair --burstein INPUT -p [OUTPUT]    # the system registered as ``burstein``
    fairpair --dutch INPUT -c                # check the last paired round of INPUT

INPUT is a TRF whatever its name (lichess writes ``lila-swiss-...-bbp``); a name ending
in ``.json`` is a fairpair JSON document. Each flag names a registered system
(:data:`COMPAT_FLAGS`); a flag whose system is not registered yet (or not built) exits
3 with ``not implemented yet``, so registering the system is all it takes to make its
flag work. ``--fast`` runs the exact Dutch pairing: fairpair pairs 10,000 players in
seconds, so there is nothing to trade for speed.

Exit codes are bbpPairings' (its README, "Error codes"):

* 0 the pairing was written;
* 1 no valid pairing exists for the round: stderr contains ``No valid pairing exists``;
* 2 an unexpected (internal) error;
* 3 an invalid request: bad usage, a malformed file, a round without all its results,
  a file with no round left to pair or more round blocks than its ``XXR`` (stderr then
  contains ``The number of rounds is larger than the reported number of rounds.``);
* 4 over a size limit of :mod:`fairpair.limits`, or out of memory;
* 5 a file that cannot be read or written.

Platforms (lichess) end an event on either stderr text and retry on anything else, so
both are printed verbatim, followed by fairpair's own account of the cause. ``-c``
keeps fairpair's meaning: exit 1 when the check finds a difference.

``--dutch`` pairs (and checks) by the Dutch rules the file names in TRF-2026 record 192
(``FIDE_DUTCH_2017``, ``FIDE_DUTCH_2026`` / ``_2025``, ``FIDE_DUTCH`` by the start date,
``_BAKU`` for Baku acceleration); a file without record 192 is paired by the 2017 rules,
as before (see ``fairpair.systems.dutch.edition``). Options stored in the file
(``settings.options``, e.g. ``rules``) apply as for ``fairpair pair``: the round is
paired by the workflow's one entry point, :func:`fairpair.workflow.pair_round`.

Start-up matters here (a platform pays it on every round of every event): this module
imports nothing heavy at the top, and :func:`run_compat` imports only the TRF reader,
the workflow's round functions and the chosen system; never click, the web app, the
JSON schema, rich or the tie-breaks. ``docs/platforms.md`` has the figures.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fairpair.errors import FairpairError
    from fairpair.model import Tournament

__all__ = [
    "COMPAT_FLAGS",
    "FILE_ERROR",
    "INVALID_REQUEST",
    "LIMIT_EXCEEDED",
    "NO_VALID_PAIRING",
    "NO_VALID_PAIRING_TEXT",
    "ROUNDS_EXCEEDED_TEXT",
    "UNEXPECTED_ERROR",
    "is_compat_invocation",
    "main",
    "run_compat",
]

#: Engine flag -> the name of the fairpair system it runs (``fairpair.systems.SYSTEMS``).
COMPAT_FLAGS: dict[str, str] = {
    "--dutch": "dutch",
    "--fast": "dutch",  # the exact Dutch pairing: fast enough at any size
    "--burstein": "burstein",
    "--dutch-legacy": "dutch-legacy",
}

#: bbpPairings' exit codes.
NO_VALID_PAIRING = 1
UNEXPECTED_ERROR = 2
INVALID_REQUEST = 3
LIMIT_EXCEEDED = 4
FILE_ERROR = 5

#: The texts platforms look for on stderr (bbpPairings' own words), printed verbatim.
NO_VALID_PAIRING_TEXT = "No valid pairing exists"
ROUNDS_EXCEEDED_TEXT = "The number of rounds is larger than the reported number of rounds."

USAGE = "usage: fairpair --dutch|--fast|--burstein|--dutch-legacy INPUT (-p [OUTPUT] | -c)"


def is_compat_invocation(args: list[str]) -> bool:
    return bool(args) and args[0] in COMPAT_FLAGS


def main(args: list[str]) -> int:
    """The drop-in as a process of its own (the console script): :func:`run_compat`,
    the modules it needs imported first with the garbage collector paused and then
    frozen. Imports make many objects and no garbage; the collector would walk them
    again and again meanwhile (a tenth of the start-up), and frozen they stay out of
    its way while the round is paired. Only for a process that exits after one
    pairing: :func:`fairpair.cli.run` (in-process callers) does not touch the collector.
    """
    import gc

    gc.disable()
    try:
        _import_for(args[0])
    except Exception:  # reported by run_compat, which meets the same error
        pass
    finally:
        gc.freeze()
        gc.enable()
    return run_compat(args)


def _import_for(flag: str) -> None:
    """Import what pairing with ``flag``'s system needs: the model, the TRF reader, the
    workflow's round functions, the system's engine (and nothing else)."""
    import importlib

    from fairpair.systems import descriptor_of

    engine = descriptor_of(_system_for(flag)).engine.partition(":")[0]
    for name in ("fairpair.formats.trf", "fairpair.workflow.rounds", engine):
        importlib.import_module(name)


def run_compat(args: list[str]) -> int:
    """Run a drop-in invocation (``args[0]`` is one of :data:`COMPAT_FLAGS`); return
    bbpPairings' exit code. Nothing escapes as a traceback."""
    from fairpair.errors import FairpairError

    try:
        return _run(args)
    except FairpairError as exc:
        code, text = _classify(exc, args)
        # one line (a pending-results refusal lists its games, one per line)
        _report("error: " + " ".join(part.strip() for part in text.splitlines()))
        return code
    except KeyboardInterrupt:
        _report("interrupted")
        return 130
    except BrokenPipeError:
        return 0
    except MemoryError:
        _report("error: out of memory: the tournament is too large for this machine")
        return LIMIT_EXCEEDED
    except Exception as exc:  # never a raw traceback for platforms
        if os.environ.get("FAIRPAIR_DEBUG"):
            import traceback

            traceback.print_exc()
        _report(
            f"internal error: {type(exc).__name__}: {exc} "
            "(this is a bug in fairpair; rerun with FAIRPAIR_DEBUG=1 for details)"
        )
        return UNEXPECTED_ERROR


def _run(args: list[str]) -> int:
    from fairpair.errors import InputError

    flag, rest = args[0], args[1:]
    if not rest or rest[0].startswith("-"):
        raise InputError("missing input file", expected=USAGE)
    path, mode_args = rest[0], rest[1:]
    if not mode_args or mode_args[0] not in ("-p", "-c"):
        raise InputError(
            f"found {' '.join(mode_args) or 'nothing'} after the input file", expected=USAGE
        )
    mode, extra = mode_args[0], mode_args[1:]
    if (mode == "-c" and extra) or (mode == "-p" and len(extra) > 1):
        raise InputError(f"unexpected argument {extra[-1]!r}", expected=USAGE)
    system_name = _system_for(flag)
    tournament = _load(path)
    if mode == "-p":
        return _pair(tournament, system_name, path, extra[0] if extra else None)
    return _check(tournament, system_name, path)


def _system_for(flag: str) -> str:
    """The registered system ``flag`` runs; refused while it is not implemented."""
    from fairpair.errors import SystemNotAvailable
    from fairpair.systems import SYSTEMS, descriptor_of

    name = COMPAT_FLAGS[flag]
    if name not in SYSTEMS:
        raise SystemNotAvailable(
            f"{flag}: the pairing system {name!r} is not implemented yet in this version "
            "of fairpair",
            expected="a fairpair with that system (meanwhile: --dutch or --fast)",
        )
    descriptor_of(name)  # registered but not built: SystemNotAvailable, not implemented yet
    return name


def _load(path: str) -> Tournament:
    from fairpair.errors import FileAccessError
    from fairpair.formats import load_tournament

    if os.path.isdir(path):
        raise FileAccessError("is a directory", expected="a TRF file", file=path)
    try:
        tournament, warnings = load_tournament(path, layout=False)  # not saved again
    except OSError as exc:
        raise FileAccessError(f"cannot read file: {exc.strerror or exc}", file=path) from None
    for message in warnings:
        _report(f"warning: {message}")
    return tournament


def _pair(tournament: Tournament, system_name: str, path: str, target: str | None) -> int:
    from fairpair import workflow as wf

    rnd = wf.next_round_to_pair(tournament)  # AllRoundsPairedError: the rounds text
    pairing = wf.pair_round(tournament, rnd, system=system_name).pairing
    text = "\n".join(pairing.engine_lines()) + "\n"
    if target is None or target == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return 0
    _write(text, target, path)
    return 0


def _write(text: str, target: str, source: str) -> None:
    from fairpair.errors import FileAccessError, InputError
    from fairpair.formats.atomic import atomic_write_text

    if os.path.exists(target) and os.path.exists(source) and os.path.samefile(target, source):
        raise InputError(
            "the output would overwrite the input file",
            expected="another output file name",
            file=target,
        )
    try:
        atomic_write_text(target, text)
    except OSError as exc:
        raise FileAccessError(
            f"cannot write file: {exc.strerror or exc}", expected="a writable file", file=target
        ) from None


def _check(tournament: Tournament, system_name: str, path: str) -> int:
    from fairpair import workflow as wf
    from fairpair.errors import InputError
    from fairpair.workflow.checker import pending_problems

    played = tournament.rounds_played
    if played == 0:
        raise InputError("the file has no paired round to check", file=path)
    last = tournament.replace(rounds=tournament.rounds[:played])
    system = wf.choose_system(tournament, system_name).system
    problems = pending_problems(last, played) + system.check(last, played)
    for problem in problems:
        sys.stdout.write(problem + "\n")
    return 1 if problems else 0


def _classify(exc: FairpairError, args: list[str]) -> tuple[int, str]:
    """bbpPairings' exit code for ``exc`` and the text to print (the platforms' texts
    first, verbatim, where they apply)."""
    from fairpair.errors import (
        AllRoundsPairedError,
        FileAccessError,
        LimitExceededError,
        NoPairingError,
        RoundsExceededError,
    )

    path = args[1] if len(args) > 1 else "?"
    if isinstance(exc, NoPairingError):
        return NO_VALID_PAIRING, f"{path}: {NO_VALID_PAIRING_TEXT}: {exc}"
    if isinstance(exc, AllRoundsPairedError | RoundsExceededError):
        return INVALID_REQUEST, f"{path}: {ROUNDS_EXCEEDED_TEXT} ({exc})"
    if isinstance(exc, LimitExceededError):
        return LIMIT_EXCEEDED, str(exc)
    if isinstance(exc, FileAccessError):
        return FILE_ERROR, str(exc)
    return INVALID_REQUEST, str(exc)


def _report(message: str) -> None:
    sys.stderr.write(f"fairpair: {message}\n")
    sys.stderr.flush()
