"""The ``fairpair`` command line.

Subcommands: the tournament director's workflow (``new``, ``add-player``, ``next``,
``result``, ``withdraw``, ``bye``, ``unpair``, ``boards``, ``crosstable``, ``forbid``,
``force``), the engine commands (``pair``, ``check``, ``generate``, ``standings``,
``convert``, ``systems``, ``demo``), plus system-specific ones (``seed`` for TCEC,
``mcmahon`` for Go): the click application in :mod:`fairpair.cli.app`.

The bbpPairings/JaVaFo-compatible form ``fairpair --dutch FILE -p [OUT]`` (also
``--fast``, ``--burstein``, ``--dutch-legacy``) is accepted too, so platforms that call
those engines can call fairpair unchanged: :mod:`fairpair.cli.compat`, with that
engine's exit codes (``docs/platforms.md``). A platform pays the start-up on every
round of every event, so this module imports nothing at the top: the drop-in is
dispatched before click or any subcommand is imported.

Exit codes of the subcommands: 0 success, 1 no legal pairing exists / check found
differences / the tournament's state refuses the request (results pending, every round
paired, a result already entered), 2 bad input or usage, 3 internal error (please
report it; ``FAIRPAIR_DEBUG=1`` shows the traceback).

Use :func:`run` to call the command line in-process (tests, embedding): it returns the
exit code instead of exiting.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fairpair.cli.app import LAZY_COMMANDS, FairpairGroup, cli

__all__ = ["LAZY_COMMANDS", "FairpairGroup", "cli", "main", "run"]

#: The names this package lends from :mod:`fairpair.cli.app` (imported on first use).
_FROM_APP = frozenset({"LAZY_COMMANDS", "FairpairGroup", "cli"})


def __getattr__(name: str) -> Any:
    if name in _FROM_APP:
        from fairpair.cli import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    from fairpair.cli import compat  # light: imports the engine only when it runs

    if compat.is_compat_invocation(args):
        return compat.run_compat(args)
    from fairpair.cli.app import run_app

    return run_app(args)


def main() -> None:
    """Console-script entry point (the drop-in runs as a process of its own:
    :func:`fairpair.cli.compat.main`)."""
    from fairpair.cli import compat

    args = sys.argv[1:]
    if compat.is_compat_invocation(args):
        sys.exit(compat.main(args))
    sys.exit(run(args))
