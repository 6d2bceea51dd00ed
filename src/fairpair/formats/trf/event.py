"""The event records of a TRF rating report (TRF-2026 tournament section).

City (022), federation (032), start and end dates (042, 052), type of tournament
(092), chief arbiter (102), deputy arbiters (112, one record each), time control
(122), and the tie-break lists (202 tie-breaks, 212 standings). fairpair keeps them
as :attr:`~fairpair.model.Tournament.headers` (the same place in TRF and JSON); this
module checks and normalises their values, sets them, and reads them back.

>>> event_value("start", "2026-04-03"), event_value("federation", "ita")
('2026/04/03', 'ITA')
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence

from fairpair.errors import InputError
from fairpair.formats.text import clean_text
from fairpair.model import Tournament

__all__ = [
    "EVENT_FIELDS",
    "check_event_records",
    "event_records",
    "event_value",
    "start_date",
    "tiebreak_record",
    "with_event",
]

#: The event fields fairpair sets, by the name of their option, and their TRF record.
EVENT_FIELDS: Mapping[str, str] = {
    "city": "022",
    "federation": "032",
    "start": "042",
    "end": "052",
    "type": "092",
    "arbiter": "102",
    "deputy": "112",
    "time_control": "122",
}
_FIELD_OF = {code: name for name, code in EVENT_FIELDS.items()}
#: Longest text kept in an event record (the tournament's name has the same limit).
MAX_EVENT_TEXT = 200

_DATE = re.compile(r"([0-9]{4})[-/.]([0-9]{2})[-/.]([0-9]{2})\Z")
_FEDERATION = re.compile(r"[A-Z]{3}\Z")
_DATE_EXPECTED = "a date as YYYY-MM-DD or YYYY/MM/DD"


def event_value(field: str, value: str) -> str:
    """``value`` for event ``field`` as its record holds it: dates as ``YYYY/MM/DD``
    (TRF-2026; ISO ``YYYY-MM-DD`` is accepted), the federation as three capital
    letters, other texts under the text policy. An empty text means "no record".
    Raises :class:`InputError` (``field``) naming what was expected."""
    if field not in EVENT_FIELDS:
        raise InputError(f"event field {field!r}", expected=", ".join(EVENT_FIELDS))
    text = clean_text(value, field).strip()
    if not text:
        return ""
    if len(text) > MAX_EVENT_TEXT:
        raise InputError(
            f"{field} of {len(text)} characters",
            expected=f"at most {MAX_EVENT_TEXT} characters",
            field=field,
        )
    if field in ("start", "end"):
        return _trf_date(text, field)
    if field == "federation":
        code = text.upper()
        if not _FEDERATION.match(code):
            raise InputError(
                f"federation {text!r}",
                expected="a 3-letter FIDE federation code such as ITA, GER or USA",
                field=field,
            )
        return code
    return text


def _trf_date(text: str, field: str) -> str:
    match = _DATE.match(text)
    try:
        if match is None:
            raise ValueError(text)
        year, month, day = (int(part) for part in match.groups())
        date = datetime.date(year, month, day)
    except ValueError:
        raise InputError(f"{field} date {text!r}", expected=_DATE_EXPECTED, field=field) from None
    return f"{date.year:04d}/{date.month:02d}/{date.day:02d}"


def _sort_key(code: str) -> tuple[int, str]:
    return (int(code), code) if code.isdigit() else (10_000, code)


def with_event(t: Tournament, changes: Mapping[str, str | Sequence[str] | None]) -> Tournament:
    """``t`` with the event records of ``changes`` (field -> value; ``deputy`` takes a
    list, one 112 record each) set, replaced, or removed (an empty text, an empty list).
    Fields not in ``changes`` (or None) are left as they are. The end date may not be
    before the start date."""
    headers = list(t.headers)
    for field, value in changes.items():
        if value is None:
            continue
        code = EVENT_FIELDS.get(field)
        if code is None:
            raise InputError(f"event field {field!r}", expected=", ".join(EVENT_FIELDS))
        values = [value] if isinstance(value, str) else list(value)
        texts = [event_value(field, v) for v in values]
        texts = [text for text in texts if text]
        positions = [i for i, (c, _) in enumerate(headers) if c == code]
        if positions:
            at = positions[0]
        else:
            key = _sort_key(code)
            at = next((i for i, (c, _) in enumerate(headers) if _sort_key(c) > key), len(headers))
        headers = [h for h in headers if h[0] != code]
        headers[at:at] = [(code, text) for text in texts]
    result = t.replace(headers=tuple(headers))
    start, end = start_date(result), _record(result, "052")
    if start and end and end < start:
        raise InputError(
            f"end date {end} before the start date {start}",
            expected="an end date on or after the start date",
            field="end" if changes.get("end") else "start",
        )
    return result


def _record(t: Tournament, code: str) -> str | None:
    return next((text for c, text in t.headers if c == code and text.strip()), None)


def start_date(t: Tournament) -> str | None:
    """The start date of record 042 as ``YYYY/MM/DD``, if the file has a valid one."""
    text = _record(t, "042")
    if text is None:
        return None
    try:
        return _trf_date(text.strip(), "start")
    except InputError:
        return None


def event_records(t: Tournament) -> dict[str, str | list[str]]:
    """The event fields ``t`` has (``deputy``: the list of 112 records)."""
    found: dict[str, str | list[str]] = {}
    for code, text in t.headers:
        field = _FIELD_OF.get(code)
        if field is None:
            continue
        if field == "deputy":
            deputies = found.setdefault("deputy", [])
            assert isinstance(deputies, list)
            deputies.append(text)
        else:
            found.setdefault(field, text)
    return found


def check_event_records(t: Tournament, file: str | None) -> None:
    """Refuse a tournament whose event records a rating officer's program would refuse:
    a date (042, 052) or a federation (032) that is not one. The error names ``file``
    and the record."""
    for code, text in t.headers:
        field = _FIELD_OF.get(code)
        if field not in ("start", "end", "federation") or not text.strip():
            continue
        try:
            event_value(field, text)
        except InputError as exc:
            raise InputError(
                f"record {code} ({field}) {text.strip()!r}",
                expected=exc.expected or "a valid value",
                file=file,
            ) from None


def tiebreak_record(t: Tournament) -> tuple[str, str] | None:
    """The tie-break list of the file: record 212 (the standings, ``PTS`` first) if it
    has one, else 202 (the tie-breaks), as (record code, comma-separated codes without
    ``PTS``); None without either. Codes may be separated by commas or blanks and use
    ``/`` for modifiers (``BH/C1``), as TRF-2026 writes them."""
    for code in ("212", "202"):
        text = _record(t, code)
        if text is None:
            continue
        parts = [part for part in re.split(r"[,\s]+", text.strip()) if part]
        if code == "212" and parts and parts[0].upper() == "PTS":
            parts = parts[1:]
        return code, ",".join(parts)
    return None
