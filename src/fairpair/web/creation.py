"""The "New tournament" form: what it offers (every registered system and its options,
from the descriptors), its form token, and reading what it sends.

The form has one fieldset of options per system (:func:`system_forms`); a small script
(``static/new-tournament.js``) shows only the chosen system's, and without the script
every fieldset shows and only the chosen system's values are read. Its fields are named
``opt.SYSTEM.OPTION`` (and ``new.SYSTEM.bar`` ... for the values of a new tournament
that are not engine options: a McMahon bar and score 0, double rounds, TCEC seeding).

No one is signed in yet when the form is filled, so its form token is not tied to a
session: it is an HMAC of the time the form was made, under the database's secret,
good for a day. It proves that the form came from a page of this server (with the
``Origin`` check, a page of another site cannot create tournaments, nor sign a browser
into one of its own).
"""

from __future__ import annotations

import hashlib
import hmac
import time
from dataclasses import dataclass
from email.parser import BytesParser
from email.policy import HTTP
from typing import Any

from fairpair.systems import descriptors
from fairpair.systems.descriptor import Option, SystemDescriptor

__all__ = [
    "FORM_AGE",
    "Field",
    "SystemForm",
    "Upload",
    "check_new_form_token",
    "new_form_token",
    "read_form",
    "system_forms",
]

#: Seconds a "New tournament" form stays good.
FORM_AGE = 24 * 3600


@dataclass(frozen=True)
class Field:
    """One input of a system's fieldset."""

    name: str  # the input's name
    key: str  # the option's (or the tournament's) name
    label: str
    kind: str  # bool, int, choice, text
    default: Any
    choices: tuple[str, ...]
    help: str
    #: True: a value of the new tournament (bar, zero, double, seeding), not an option.
    setting: bool = False


@dataclass(frozen=True)
class SystemForm:
    """A system as the form offers it: its name, summary and fields."""

    name: str
    summary: str
    fields: tuple[Field, ...]
    ranks: bool  # the player list has Go ranks


def _option_field(system: str, option: Option) -> Field:
    return Field(
        name=f"opt.{system}.{option.name}",
        key=option.name,
        label=option.name.replace("_", " "),
        kind=option.kind,
        default=option.default,
        choices=option.choices,
        help=option.help,
    )


def _settings(d: SystemDescriptor) -> tuple[Field, ...]:
    """The values of a new tournament the descriptor says the system reads."""
    own: list[Field] = []
    prefix = f"new.{d.name}"
    if d.initial_order == "go":
        own.append(
            Field(
                f"{prefix}.bar",
                "bar",
                "bar",
                "text",
                None,
                (),
                "top band: this rank and stronger (e.g. 5d); empty: none",
            )
        )
        own.append(
            Field(
                f"{prefix}.zero",
                "zero",
                "McMahon score 0",
                "choice",
                "top",
                ("top", "bottom"),
                "which band starts at McMahon score 0",
            )
        )
    if d.double_rounds:
        own.append(
            Field(
                f"{prefix}.double",
                "double",
                "double rounds",
                "bool",
                False,
                (),
                "two games per pairing (each side once)",
            )
        )
    if d.initial_order == "groups":
        own.append(
            Field(
                f"{prefix}.seeding",
                "seeding",
                "seeding",
                "text",
                None,
                (),
                "group seeding, e.g. group or group:4; empty: the system's",
            )
        )
    return tuple(
        Field(f.name, f.key, f.label, f.kind, f.default, f.choices, f.help, setting=True)
        for f in own
    )


def system_forms() -> list[SystemForm]:
    """Every registered system with the fields of its fieldset: its own options (the
    choices a user has), the common ones, its event settings (McMahon handicaps, komi,
    bands), and the new tournament's values it reads."""
    forms = []
    for d in descriptors():
        options = [o for o in d.all_options if o.kind != "choice" or len(o.choices) > 1]
        options += d.settings  # event settings (McMahon handicaps ...): sent as options
        fields = tuple(_option_field(d.name, o) for o in options) + _settings(d)
        forms.append(SystemForm(d.name, d.summary, fields, d.initial_order == "go"))
    return forms


def new_form_token(secret: bytes, now: float | None = None) -> str:
    """A form token for a "New tournament" form made now: ``TIME.HMAC``."""
    stamp = str(int(time.time() if now is None else now))
    mac = hmac.new(secret, f"new\n{stamp}".encode(), hashlib.sha256).hexdigest()
    return f"{stamp}.{mac}"


def check_new_form_token(secret: bytes, token: str, now: float | None = None) -> bool:
    """Is ``token`` one this server made for the form, less than :data:`FORM_AGE` ago?"""
    stamp, _, mac = token.partition(".")
    if not (stamp.isascii() and stamp.isdigit() and len(stamp) <= 12):
        return False
    expected = new_form_token(secret, int(stamp)).partition(".")[2]
    age = (time.time() if now is None else now) - int(stamp)
    return hmac.compare_digest(mac, expected) and -300 <= age <= FORM_AGE


@dataclass(frozen=True)
class Upload:
    """An uploaded file: its name as the browser gave it, and its bytes."""

    filename: str
    data: bytes


def read_form(content_type: str, body: bytes) -> tuple[dict[str, str], Upload | None]:
    """The fields of a posted form (URL-encoded or multipart) and its file, if one was
    chosen. Multipart bodies are read with the standard library's MIME parser (the
    body is already bounded by the ``file_bytes`` limit)."""
    from urllib.parse import parse_qs

    if not content_type.lower().startswith("multipart/form-data"):
        parsed = parse_qs(body.decode("utf-8", errors="replace"), keep_blank_values=True)
        return {key: values[0] for key, values in parsed.items()}, None
    head = f"Content-Type: {content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode("latin-1")
    message = BytesParser(policy=HTTP).parsebytes(head + body)
    fields: dict[str, str] = {}
    upload = None
    if not message.is_multipart():
        return fields, None
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if not isinstance(name, str):
            continue
        payload = part.get_payload(decode=True)
        data = payload if isinstance(payload, bytes) else b""
        filename = part.get_param("filename", header="content-disposition")
        if isinstance(filename, str):
            if upload is None and (filename or data):
                upload = Upload(filename, data)
            continue
        fields.setdefault(name, data.decode("utf-8", errors="replace"))
    return fields, upload
