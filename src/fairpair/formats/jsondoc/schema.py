"""Validation against ``fairpair/schema/tournament.schema.json`` (JSON Schema 2020-12).

Valid documents pass a fast check (:func:`_quick_valid`); for anything else jsonschema
decides and its best error is turned into a located :class:`InputError`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from decimal import Decimal
from functools import cache
from importlib import resources
from typing import Any

import jsonschema

from fairpair.formats.jsondoc.locate import Locator
from fairpair.formats.jsondoc.values import _plain


@cache
def schema() -> Mapping[str, Any]:
    """The JSON Schema of the document (draft 2020-12)."""
    text = resources.files("fairpair").joinpath("schema/tournament.schema.json").read_text("utf-8")
    loaded: Mapping[str, Any] = json.loads(text)
    return loaded


@cache
def _validator() -> jsonschema.protocols.Validator:
    """A validator for the schema (with the local ``$ref``s inlined: faster)."""
    full = schema()
    cls = jsonschema.validators.validator_for(full)
    cls.check_schema(dict(full))
    validator: jsonschema.protocols.Validator = cls(_inlined_schema())
    return validator


@cache
def _inlined_schema() -> Mapping[str, Any]:
    """The schema with its (acyclic) local ``$ref``s replaced by their targets."""
    full = schema()
    defs = full.get("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/") and len(node) == 1:
                return inline(defs[ref.removeprefix("#/$defs/")])
            return {k: inline(v) for k, v in node.items() if k != "$defs"}
        if isinstance(node, list):
            return [inline(v) for v in node]
        return node

    result: Mapping[str, Any] = inline(full)
    return result


def validate(data: Any, where: Locator) -> None:
    """Raise the located error that best explains why ``data`` does not fit the schema."""
    if _quick_valid(_inlined_schema(), data):
        return
    errors = sorted(
        _validator().iter_errors(data),
        key=lambda e: (list(map(str, e.absolute_path)), e.message),
    )
    if not errors:
        return
    best = jsonschema.exceptions.best_match(errors)
    assert best is not None
    while best.parent is not None and best.parent.validator == "anyOf":
        best = best.parent
    path = tuple(best.absolute_path)
    raise where.error(path, _schema_message(best), _schema_expected(best))


# -- the fast check -------------------------------------------------------------------

_TYPES: Mapping[str, Any] = {
    "object": dict,
    "array": list,
    "string": str,
    "integer": int,
    "number": (int, float, Decimal),
    "boolean": bool,
    "null": type(None),
}
#: The keywords _quick_valid understands; annotations it may ignore.
_QUICK_KEYWORDS = frozenset(
    {
        "type",
        "enum",
        "const",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "prefixItems",
        "minItems",
        "maxItems",
        "minimum",
        "maxLength",
        "pattern",
        "propertyNames",
        "anyOf",
        "not",
    }
)
#: The keywords that apply to a value of any type.
_ANY_TYPE_KEYWORDS = frozenset({"type", "enum", "const", "not", "anyOf"})
_ANNOTATIONS = frozenset({"$schema", "$id", "title", "description"})


def _is_type(value: Any, name: str) -> bool:
    if isinstance(value, bool) and name not in ("boolean",):
        return False
    return isinstance(value, _TYPES[name])


def _quick_valid(node: Mapping[str, Any], value: Any) -> bool:
    """A fast yes/no check of ``value`` against the (inlined) schema ``node``.

    It interprets exactly the keywords the schema file uses; whenever it says no (or
    meets a keyword it does not know), jsonschema decides and explains. Tests check
    that it agrees with jsonschema.
    """
    for key, rule in node.items():
        if key in _ANNOTATIONS:
            continue
        if key not in _QUICK_KEYWORDS or not _keyword_valid(node, key, rule, value):
            return False
    return True


def _keyword_valid(node: Mapping[str, Any], key: str, rule: Any, value: Any) -> bool:
    """Does ``value`` satisfy one keyword of ``node``? Keywords for other types of
    values than ``value``'s are satisfied."""
    if key in _ANY_TYPE_KEYWORDS:
        return _any_type_valid(key, rule, value)
    if isinstance(value, dict):
        return _object_valid(node, key, rule, value)
    if isinstance(value, list):
        return _array_valid(node, key, rule, value)
    if isinstance(value, str):
        return _string_valid(key, rule, value)
    return not (key == "minimum" and _is_type(value, "number") and value < rule)


def _any_type_valid(key: str, rule: Any, value: Any) -> bool:
    """type, enum, const, not and anyOf."""
    if key == "type":
        names = [rule] if isinstance(rule, str) else rule
        return any(_is_type(value, n) for n in names)
    if key == "enum":
        return any(value == option and type(value) is type(option) for option in rule)
    if key == "const":
        return value == rule and type(value) is type(rule)
    if key == "not":
        return not _quick_valid(rule, value)
    return any(_quick_valid(option, value) for option in rule)  # anyOf


def _object_valid(node: Mapping[str, Any], key: str, rule: Any, value: dict[str, Any]) -> bool:
    """properties, required, additionalProperties and propertyNames."""
    if key == "properties":
        return all(_quick_valid(sub, value[name]) for name, sub in rule.items() if name in value)
    if key == "required":
        return all(name in value for name in rule)
    if key == "additionalProperties":
        known = node.get("properties", {})
        return all(
            rule is True or (rule is not False and _quick_valid(rule, item))
            for name, item in value.items()
            if name not in known
        )
    if key == "propertyNames":
        return all(_quick_valid(rule, n) for n in value)
    return True


def _array_valid(node: Mapping[str, Any], key: str, rule: Any, value: list[Any]) -> bool:
    """items, prefixItems, minItems and maxItems."""
    if key == "items":
        start = len(node.get("prefixItems", ()))
        return all(_quick_valid(rule, item) for item in value[start:])
    if key == "prefixItems":
        return all(_quick_valid(sub, item) for sub, item in zip(rule, value, strict=False))
    if key == "minItems":
        return not len(value) < rule
    if key == "maxItems":
        return not len(value) > rule
    return True


def _string_valid(key: str, rule: Any, value: str) -> bool:
    """maxLength and pattern."""
    if key == "maxLength":
        return not len(value) > rule
    if key == "pattern":
        return re.search(rule, value) is not None
    return True


# -- explaining jsonschema's errors ---------------------------------------------------


def _schema_message(error: jsonschema.exceptions.ValidationError) -> str:
    instance = error.instance
    shown = json.dumps(_plain(instance), ensure_ascii=False)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    if error.validator == "required":
        return error.message.replace("'", '"').replace(" is a required property", " is missing")
    if error.validator == "additionalProperties" and isinstance(instance, dict):
        known = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        unknown = [json.dumps(k) for k in instance if k not in known]
        return "unknown propert" + ("y " if len(unknown) == 1 else "ies ") + ", ".join(unknown)
    return f"found {shown}"


def _schema_expected(error: jsonschema.exceptions.ValidationError) -> str:
    v = error.validator
    value: Any = error.validator_value
    if v == "type":
        return f"a value of type {value if isinstance(value, str) else ' or '.join(value)}"
    if v == "enum":
        return "one of " + ", ".join(json.dumps(x) for x in value)
    if v == "const":
        return json.dumps(value)
    if v == "minimum":
        return f"a number >= {value}"
    if v == "pattern":
        return f"a string matching {value}"
    if v in ("minItems", "maxItems"):
        return f"{v} {value}"
    if v == "anyOf":
        return (
            'a number, a fraction string like "1/3", or null'
            if "null" in json.dumps(value)
            else 'a number or a fraction string like "1/3"'
        )
    if v == "required":
        return "the property (see docs/json-format.md)"
    if v == "additionalProperties":
        return "only the properties listed in docs/json-format.md"
    return f"{v} {json.dumps(value)[:60]}"
