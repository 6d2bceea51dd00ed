"""Exceptions with the exit codes the command line maps them to.

* :class:`InputError` - bad input (exit code 2): names file, line, column, what was
  found and what was expected, formatted as one line.
* :class:`NoPairingError` - no legal pairing exists (exit code 1).
* :class:`SystemNotAvailable` - an unknown or not yet implemented pairing system (2).
* :class:`PendingResultsError` - a round cannot be paired while an earlier round has
  games without a result (1): pairing it would treat those games as never played.
* :class:`ConflictError` - a well-formed request that the tournament's state refuses
  (a result already entered, every round paired): exit code 1, HTTP 409.

Errors carry *what* is wrong in words that suit a terminal and a web page alike; the
``field`` of an :class:`InputError` names the argument at fault in the workflow's own
terms (``round``, ``points``, ``options.rules``). The command line turns a field into
its flag (``--round``), the web app into its request field: nothing parses messages.
"""

from __future__ import annotations

__all__ = [
    "ConflictError",
    "FairpairError",
    "InputError",
    "NoPairingError",
    "PendingResultsError",
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


class SystemNotAvailable(InputError):
    """The requested pairing system is unknown or not implemented yet."""

    exit_code = 2


class PendingResultsError(ConflictError):
    """A paired round still has games without a result, so the next round cannot be
    paired (it would pair the same players again). The message lists the boards."""

    exit_code = 1
