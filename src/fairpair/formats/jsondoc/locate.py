"""Locating JSON paths in the source text, for errors that name line and column.

The locator lives in :mod:`fairpair.formats.jsontext` (the FPJ record of a TRF uses it
too); this module keeps the names the JSON document's reader and schema use.
"""

from __future__ import annotations

from fairpair.formats.jsontext import JsonPath, Locator
from fairpair.formats.jsontext import json_path as _json_path

__all__ = ["JsonPath", "Locator", "_json_path"]
