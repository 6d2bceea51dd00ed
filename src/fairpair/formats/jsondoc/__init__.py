"""The fairpair JSON tournament document: everything the model holds.

The format is described, with an example, in ``docs/json-format.md`` and formally in
``fairpair/schema/tournament.schema.json`` (JSON Schema draft 2020-12). Input is
validated against the schema, then checked for consistency (unique pairing numbers,
games between existing players, each player at most once per round, matching
results); every failure is an :class:`~fairpair.errors.InputError` naming the JSON path
and its line and column.

Points are JSON numbers when they are exact decimals (``2.5``) and strings otherwise
(``"1/3"``); numbers are read exactly (as decimals, never through binary floats).

Modules: ``values`` (names and exact points), ``schema`` (validation), ``locate``
(line and column of a JSON path), ``reader`` and ``writer``.
"""

from __future__ import annotations

from fairpair.formats.jsondoc.reader import load, loads
from fairpair.formats.jsondoc.schema import _inlined_schema as _inlined_schema
from fairpair.formats.jsondoc.schema import _quick_valid as _quick_valid
from fairpair.formats.jsondoc.schema import schema
from fairpair.formats.jsondoc.values import FORMAT, SIDE_PAIRS, VERSION, WHITE_BLACK
from fairpair.formats.jsondoc.writer import dump, dumps, to_document

__all__ = [
    "FORMAT",
    "SIDE_PAIRS",
    "VERSION",
    "WHITE_BLACK",
    "dump",
    "dumps",
    "load",
    "loads",
    "schema",
    "to_document",
]
