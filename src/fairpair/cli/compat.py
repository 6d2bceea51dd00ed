"""bbpPairings / JaVaFo-compatible invocation.

Accepted forms (the ones platforms use to call those engines)::

    fairpair --dutch INPUT.trf -p [OUTPUT]    # pair the next round; stdout if no OUTPUT
    fairpair --dutch INPUT.trf -c             # check the last paired round of INPUT

Exit codes as bbpPairings: 0 success, 1 no legal pairing exists (or check found a
difference; or, with ``-p``, an earlier round still has games without a result, which
would make the engine pair the same players again), 2 bad input or usage (also a file
whose rounds, record XXR, are all paired).

``--dutch`` pairs (and checks) by the Dutch rules the file names in TRF-2026 record 192
(``FIDE_DUTCH_2017``, ``FIDE_DUTCH_2026`` / ``_2025``, ``FIDE_DUTCH`` by the start date,
``_BAKU`` for Baku acceleration); a file without record 192 is paired by the 2017 rules,
as before (see ``fairpair.systems.dutch.edition``). Options stored in the file
(``settings.options``, e.g. ``rules``) apply as for ``fairpair pair``: the round is
paired by the workflow's one entry point, :func:`fairpair.workflow.pair_round`.
"""

from __future__ import annotations

import click

from fairpair import workflow as wf
from fairpair.cli.common import load, not_the_input, write_text
from fairpair.errors import AllRoundsPairedError, InputError
from fairpair.workflow.checker import pending_problems

__all__ = ["COMPAT_FLAGS", "is_compat_invocation", "run_compat"]

#: Engine flag -> fairpair system name.
COMPAT_FLAGS = {"--dutch": "dutch", "--dutch-legacy": "dutch-legacy"}

USAGE = "usage: fairpair --dutch|--dutch-legacy INPUT.trf (-p [OUTPUT] | -c)"


def is_compat_invocation(args: list[str]) -> bool:
    return bool(args) and args[0] in COMPAT_FLAGS


def run_compat(args: list[str]) -> int:
    system_name = COMPAT_FLAGS[args[0]]
    rest = args[1:]
    if not rest or rest[0].startswith("-"):
        raise InputError("missing input file", expected=USAGE)
    path, mode_args = rest[0], rest[1:]
    if not mode_args or mode_args[0] not in ("-p", "-c"):
        raise InputError(
            f"found {' '.join(mode_args) or 'nothing'} after the input file", expected=USAGE
        )
    mode = mode_args[0]
    extra = mode_args[1:]
    if (mode == "-c" and extra) or (mode == "-p" and len(extra) > 1):
        raise InputError(f"unexpected argument {extra[-1]!r}", expected=USAGE)
    tournament = load(path, layout=False)  # not saved again
    if mode == "-p":
        # the round limit first: a finished tournament is bad input (2), not pending (1)
        try:
            rnd = wf.next_round_to_pair(tournament)
        except AllRoundsPairedError as exc:
            # as bbpPairings: the file asks for a round past its own XXR, a bad input (2)
            raise InputError(
                exc.message, expected="a file with a round left to pair", file=path
            ) from None
        pairing = wf.pair_round(tournament, rnd, system=system_name).pairing
        target = extra[0] if extra else None
        not_the_input(target, path)
        write_text("\n".join(pairing.engine_lines()) + "\n", target)
        return 0
    played = tournament.rounds_played
    if played == 0:
        raise InputError("the file has no paired round to check", file=path)
    last = tournament.replace(rounds=tournament.rounds[:played])
    system = wf.choose_system(tournament, system_name).system
    problems = pending_problems(last, played) + system.check(last, played)
    for problem in problems:
        click.echo(problem)
    return 1 if problems else 0
