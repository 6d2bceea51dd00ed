"""Errors of the web app and their JSON form.

Every refusal is an :class:`ApiError`: an HTTP status and a body
``{"error": what was found, "field": the request field at fault, "expected": what
was expected}`` (plus extras such as the pending boards of a 409). The workflow's
errors map onto it: :class:`~fairpair.errors.InputError` -> 400 (the field is the
error's own), :class:`~fairpair.errors.ConflictError` (a state refusal, among them
:class:`~fairpair.errors.PendingResultsError`) and
:class:`~fairpair.errors.NoPairingError` -> 409; a request over a limit of
:mod:`fairpair.limits` (:class:`~fairpair.limits.LimitExceeded`) -> 422 naming the
limit (409 where a change would take a stored tournament over it: :func:`limit_error`).

>>> err = from_fairpair(InputError("round 0", expected="a round number >= 1", field="round"))
>>> err.status, err.body()
(400, {'error': 'round 0', 'field': 'round', 'expected': 'a round number >= 1'})
>>> err = from_fairpair(ConflictError("round 2 is already paired", expected="pair round 3"))
>>> err.status, err.body()
(409, {'error': 'round 2 is already paired', 'field': None, 'expected': 'pair round 3'})
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from fairpair.errors import (
    ConflictError,
    FairpairError,
    InputError,
    NoPairingError,
    PendingResultsError,
)
from fairpair.limits import LimitExceeded

__all__ = ["ApiError", "from_fairpair", "limit_error", "refusals"]

#: The request field a limit is about (the others: the field the caller names).
_LIMIT_FIELDS = {"players": "players", "rounds": "rounds", "file_bytes": "body", "depth": "body"}


class ApiError(Exception):
    """A refused request: status, message, the field at fault, what was expected."""

    def __init__(
        self,
        status: int,
        error: str,
        *,
        field: str | None = None,
        expected: str | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.field = field
        self.expected = expected
        self.extra = dict(extra or {})

    def body(self) -> dict[str, Any]:
        return {"error": self.error, "field": self.field, "expected": self.expected, **self.extra}


def from_fairpair(
    exc: FairpairError,
    field: str | None = None,
    columns: Sequence[str] = (),
    first_line: int = 1,
    *,
    within: str | None = None,
    rename: Mapping[str, str] | None = None,
) -> ApiError:
    """The API error for a workflow error.

    The request field at fault is the error's own ``field`` (an
    :class:`~fairpair.errors.InputError` names the workflow's argument), renamed by
    ``rename`` where the request calls it otherwise (``from_round`` ->
    ``withdrawn_from``) and put ``within`` an object of the request
    (``players[2]`` -> ``players[2].name``); ``field`` is the fallback for errors that
    name none. ``columns`` names the columns of a player table built from a JSON
    list, whose first player is on line ``first_line``: an error at line L, column C
    of it is the field ``players[L-first_line].<column C>``. Messages are never
    parsed."""
    if isinstance(exc, LimitExceeded):
        return limit_error(exc, 422, field)
    if isinstance(exc, InputError):
        where = field
        if exc.field is not None:
            where = (rename or {}).get(exc.field, exc.field)
            if within is not None:
                where = f"{within}.{where}"
        message = exc.message
        if columns and exc.line is not None and exc.line >= first_line:
            where = f"players[{exc.line - first_line}]"
            if exc.column is not None and 1 <= exc.column <= len(columns):
                where += f".{columns[exc.column - 1]}"
        elif exc.line is not None:
            position = f"line {exc.line}" + (
                f", column {exc.column}" if exc.column is not None else ""
            )
            message = f"{position}: {message}"
        return ApiError(400, message, field=where, expected=exc.expected)
    if isinstance(exc, PendingResultsError):
        return ApiError(
            409,
            exc.message,
            field=field,
            expected="enter the results of the pending games first (or unpair the last round)",
        )
    if isinstance(exc, ConflictError):
        return ApiError(409, exc.message, field=field, expected=exc.expected)
    if isinstance(exc, NoPairingError):
        return ApiError(409, str(exc), field=field, expected="a tournament that can be paired")
    return ApiError(400, str(exc), field=field)


def limit_error(exc: LimitExceeded, status: int, field: str | None = None) -> ApiError:
    """``exc`` as a refusal of ``status`` (422: the request is over the limit; 409: the
    change would take the stored tournament over it), naming the limit (its variable is
    in ``expected``; ``limit`` is its name in :data:`fairpair.limits.LIMITS`).

    >>> from fairpair import limits
    >>> err = limit_error(limits.exceeded("players", "found 21 players"), 409)
    >>> err.status, err.field, err.extra["limit"], "FAIRPAIR_MAX_PLAYERS" in err.expected
    (409, 'players', 'players', True)
    """
    return ApiError(
        status,
        exc.message,
        field=_LIMIT_FIELDS.get(exc.limit, field),
        expected=exc.expected,
        extra={"limit": exc.limit},
    )


@contextmanager
def refusals(
    field: str | None = None,
    columns: Sequence[str] = (),
    first_line: int = 1,
    *,
    within: str | None = None,
    rename: Mapping[str, str] | None = None,
) -> Iterator[None]:
    """Turn a workflow error raised in the block into an :class:`ApiError` (see
    :func:`from_fairpair` for the arguments)."""
    try:
        yield
    except FairpairError as exc:
        raise from_fairpair(exc, field, columns, first_line, within=within, rename=rename) from None
