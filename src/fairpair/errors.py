"""Exceptions with the exit codes the command line maps them to.

* :class:`InputError` - bad input (exit code 2): names file, line, column, what was
  found and what was expected, formatted as one line.
  Two subclasses name a kind of bad input a caller may treat apart:
  :class:`LimitExceededError` (over a limit of :mod:`fairpair.limits`),
  :class:`FileAccessError` (a file that cannot be read) and
  :class:`RoundsExceededError` (a file with more rounds than it announces).
* :class:`NoPairingError` - no legal pairing exists (exit code 1).
* :class:`SystemNotAvailable` - an unknown or not yet implemented pairing system (2).
* :class:`PendingResultsError` - a round cannot be paired while an earlier round has
  games without a result (1): pairing it would treat those games as never played.
* :class:`ConflictError` - a well-formed request that the tournament's state refuses
  (a result already entered, every round paired): exit code 1, HTTP 409; its
  subclasses :class:`AllRoundsPairedError`, :class:`PlayerPairedError`,
  :class:`ResultEnteredError` and :class:`RoundHasResultsError` let a front end add
  its own hint (the command line names the command that helps).

Errors carry *what* is wrong in words that suit a terminal and a web page alike; the
``field`` of an :class:`InputError` names the argument at fault in the workflow's own
terms (``round``, ``points``, ``options.rules``). The command line turns a field into
its flag (``--round``), the web app into its request field: nothing parses messages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = [
    "AllRoundsPairedError",
    "ConflictError",
    "FairpairError",
    "FileAccessError",
    "InputError",
    "LimitExceededError",
    "NoPairingError",
    "NoSystemError",
    "PendingResultsError",
    "PlayerPairedError",
    "ResultEnteredError",
    "RoundHasResultsError",
    "RoundsExceededError",
    "SystemNotAvailable",
]


class FairpairError(Exception):
    """Base class of fairpair's own errors; ``exit_code`` is what the CLI returns."""

    exit_code = 2


class InputError(FairpairError):
    """Bad input. ``str(err)`` is one line: ``file:line:column: message``.

    >>> str(InputError("found 'x'", expected="a digit", file="a.trf", line=3, column=9))
    "a.trf:3:9: found 'x', expected a digit"
    >>> err = InputError("round 0", expected="a round number >= 1", field="round")
    >>> str(err), err.field
    ('round 0, expected a round number >= 1', 'round')
    """

    exit_code = 2

    def __init__(
        self,
        message: str,
        *,
        expected: str | None = None,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        field: str | None = None,
    ) -> None:
        self.message = _one_line(message, 300)
        #: The argument at fault, in the workflow's terms (``round``, ``options.seed``).
        self.field = field
        self.expected = None if expected is None else _one_line(expected, 300)
        self.file = file
        self.line = line
        self.column = column
        super().__init__(self.format())

    def format(self) -> str:
        """``file:line:column: message, expected ...``; without a file (a command-line
        option, an environment variable) just the message, or ``line L, column C:``."""
        text = self.message
        if self.expected:
            text += f", expected {self.expected}"
        if self.file is None:
            if self.line is None:
                return text
            where = f"line {self.line}" + (
                f", column {self.column}" if self.column is not None else ""
            )
            return f"{where}: {text}"
        parts = [self.file]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts) + ": " + text

    def with_file(self, file: str) -> InputError:
        """The same error attributed to ``file`` (readers of strings don't know it)."""
        return InputError(
            self.message,
            expected=self.expected,
            file=file,
            line=self.line,
            column=self.column,
            field=self.field,
        )


def _one_line(text: str, longest: int) -> str:
    """``text`` on one line and at most ``longest`` characters (a message may quote
    the input, which can be anything)."""
    text = text.replace("\r", "\\r").replace("\n", "\\n")
    if len(text) > longest:
        text = text[: longest - 3] + "..."
    return text


class LimitExceededError(InputError):
    """Input over a limit of :mod:`fairpair.limits` (too many players, rounds, bytes):
    bad input like any other (exit 2), which the bbpPairings-compatible command line
    reports with that engine's code for data too large (4)."""


class FileAccessError(InputError):
    """A file that cannot be opened or read (missing, no permission): bad input (exit
    2), which the bbpPairings-compatible command line reports with that engine's code
    for file errors (5)."""


class RoundsExceededError(InputError):
    """A TRF has round blocks past the number of rounds it announces (``XXR`` /
    ``142``): bad input (exit 2), which the bbpPairings-compatible command line reports
    in that engine's words."""


class NoPairingError(FairpairError):
    """No pairing satisfies the absolute criteria of the system."""

    exit_code = 1


class ConflictError(FairpairError):
    """A well-formed request that the tournament's current state refuses: a result that
    is already entered differently, a round left to pair when all are paired. The
    command line exits 1, the web app answers 409. ``expected`` says what to do."""

    exit_code = 1

    def __init__(self, message: str, *, expected: str | None = None) -> None:
        # The message is the workflow's own (it may list boards, one per line).
        self.message = message
        self.expected = None if expected is None else _one_line(expected, 300)
        super().__init__(self.message + (f"; {self.expected}" if self.expected else ""))


class NoSystemError(InputError):
    """No pairing system was given and the tournament names none (the command line
    names the tournament's file in the message)."""


class SystemNotAvailable(InputError):
    """The requested pairing system is unknown or not implemented yet (the field at
    fault is ``system`` unless told otherwise)."""

    exit_code = 2

    def __init__(self, message: str, **where: Any) -> None:
        where.setdefault("field", "system")
        super().__init__(message, **where)


class PendingResultsError(ConflictError):
    """A paired round still has games without a result, so the next round cannot be
    paired (it would pair the same players again). ``games`` lists the boards, one line
    each; ``str(err)`` adds them below the message.

    >>> err = PendingResultsError("round 2 cannot be paired: 1 game of round 1 has no "
    ...     "result", expected="enter the results first", games=["round 1 board 1"])
    >>> print(err)
    round 2 cannot be paired: 1 game of round 1 has no result; enter the results first:
      round 1 board 1
    """

    exit_code = 1

    def __init__(
        self, message: str, *, expected: str | None = None, games: Sequence[str] = ()
    ) -> None:
        super().__init__(message, expected=expected)
        self.games = tuple(_one_line(game, 300) for game in games)

    def __str__(self) -> str:
        head = super().__str__()
        return head + ":" + "".join(f"\n  {game}" for game in self.games) if self.games else head


class AllRoundsPairedError(ConflictError):
    """Every round of the tournament is paired: there is no next round to pair."""

    exit_code = 1


class ResultEnteredError(ConflictError):
    """A game already has a different result, and the request did not name its round
    (a correction must say which round it corrects). ``round_number`` is that round."""

    exit_code = 1

    def __init__(self, message: str, *, round_number: int, expected: str | None = None) -> None:
        super().__init__(message, expected=expected)
        self.round_number = round_number


class PlayerPairedError(ConflictError):
    """The player has a game in a round the request would take him out of (a bye, a
    withdrawal): ``player`` (his number) and ``round_number`` name that game, whose
    result can be entered as a forfeit instead."""

    exit_code = 1

    def __init__(
        self, message: str, *, player: int, round_number: int, expected: str | None = None
    ) -> None:
        super().__init__(message, expected=expected)
        self.player = player
        self.round_number = round_number


class RoundHasResultsError(ConflictError):
    """The round to unpair has results, and deleting them was not asked for."""

    exit_code = 1
