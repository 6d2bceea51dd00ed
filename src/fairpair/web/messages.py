"""Refusals in plain words for the pages.

The JSON API answers ``{"error", "field", "expected"}`` (a contract, unchanged); a page
shows one sentence made from the same error: the field as a person would call it on the
form, what was found, and what to do. The words come from the error's ``field``,
``status`` and ``expected`` (the sign-in's refusals are told apart by the fixed texts of
:meth:`fairpair.web.service.Service.authorize`), and no page names an HTTP header,
status or command-line flag.

>>> plain(ApiError(400, "'Ann' is already player 3", field="players[0].name",
...                expected="a name no other player has"))
"Name: 'Ann' is already player 3 (expected a name no other player has)."
>>> plain(ApiError(409, "round 2 is not the last paired round", field="round",
...                expected="unpair round 3 first"))
'Round 2 is not the last paired round: unpair round 3 first.'
>>> sign_in_error(ApiError(401, "no bearer token", field="Authorization"))
'Type the director token (the one shown when the tournament was created).'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from fairpair.web.errors import ApiError

__all__ = ["FIELD_LABELS", "plain", "plain_invalid", "sign_in_error"]

#: How the forms call the fields the workflow and the API name.
FIELD_LABELS = {
    "name": "Name",
    "rating": "Rating",
    "title": "Title",
    "federation": "Federation",
    "fide_id": "FIDE id",
    "sex": "Sex",
    "birth": "Birth date",
    "birth_date": "Birth date",
    "club": "Club",
    "rank": "Rank",
    "band": "Band",
    "from_round": "From round",
    "withdrawn_from": "Withdrawn from round",
    "round": "Round",
    "rounds": "Rounds",
    "board": "Board",
    "result": "Result",
    "points": "Bye",
    "players": "Players",
    "player": "Player",
    "system": "System",
    "options": "System options",
    "file": "Player list",
    "body": "File",
    "bar": "Bar",
    "zero": "McMahon score 0",
    "double": "Double rounds",
    "seeding": "Seeding",
    "force": "Unpair",
    "role": "Role",
    "hours": "Expires after",
    "settings": "Settings",
    "token_id": "Token",
}

_INDEX = re.compile(r"\[\d+\]")


def label(field: str | None) -> str | None:
    """The form's name of a request field: ``players[2].rating`` -> ``Rating``,
    ``options.seed`` -> ``Option seed``, ``result-3`` -> ``Result of board 3``."""
    if not field:
        return None
    if field.startswith("options."):
        return "Option " + field.removeprefix("options.").replace("_", " ")
    if field.startswith("result-"):
        return "Result of board " + field.removeprefix("result-")
    last = _INDEX.sub("", field).rsplit(".", 1)[-1]
    return FIELD_LABELS.get(last, last.replace("_", " ").capitalize() if last else None)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def plain(exc: ApiError) -> str:
    """One sentence for a page: a refusal by the tournament's state (409) says what to
    do; a bad value names the field and what was expected."""
    if exc.status == 409:
        return _sentence(exc.error + (f": {exc.expected}" if exc.expected else ""))
    if exc.status == 429:
        return "Too many changes from this computer in a short time: wait a minute and try again."
    if exc.status == 503:
        return "The database is busy or away for a moment: try again in a few seconds."
    if exc.status in (401, 403):
        return sign_in_error(exc)
    where = label(exc.field)
    text = exc.error + (f" (expected {exc.expected})" if exc.expected else "")
    if where and not exc.error.lower().startswith(where.lower()):
        return _sentence(f"{where}: {text}")
    return _sentence(text)


def plain_invalid(errors: Sequence[Mapping[str, Any]]) -> str:
    """A form value of the wrong kind (pydantic's errors of a form's model) as one
    sentence: the field and what it must be."""
    if not errors:
        return "A value of the form is not valid."
    first = errors[0]
    loc = [str(part) for part in first.get("loc", ()) if not isinstance(part, int)]
    where = label(".".join(loc)) or "A value"
    message = str(first.get("msg", "not valid")).removeprefix("Input should be ")
    return _sentence(f"{where}: expected {message}")


def sign_in_error(exc: ApiError) -> str:
    """Why a token did not open the director's page, in words (no header names)."""
    if exc.status == 401:
        if exc.error == "no bearer token":
            return "Type the director token (the one shown when the tournament was created)."
        if exc.error.startswith("the token expired"):
            when = exc.error.removeprefix("the token expired at ").strip()
            return f"This token expired ({when}): ask the director for a new one."
        return "This token is not known here: check that it was copied whole, and try again."
    if exc.status == 403:
        if "another tournament" in exc.error:
            return "This token belongs to another tournament."
        if exc.field == "Origin":
            return "This form was sent from another site: open the page on this server."
        if exc.field == "form_token":
            return "This form is out of date: reload the page and try again."
        return "This token cannot open the director's page (a player's token opens his board)."
    return plain(exc)
