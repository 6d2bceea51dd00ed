"""Validation against ``fairpair/schema/tournament.schema.json`` (JSON Schema 2020-12).

Valid documents pass a fast check (:func:`_quick_valid`); for anything else jsonschema
decides and its best error is turned into a located :class:`InputError`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from decimal import Decimal
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jsonschema

from fairpair.formats.jsondoc.locate import Locator
from fairpair.formats.jsondoc.values import _plain
from fairpair.model import GAME_FLAGS


@cache
def schema() -> Mapping[str, Any]:
    """The JSON Schema of the document (draft 2020-12)."""
    text = resources.files("fairpair").joinpath("schema/tournament.schema.json").read_text("utf-8")
    loaded: Mapping[str, Any] = json.loads(text)
    return loaded


@cache
def _validator() -> jsonschema.protocols.Validator:
    """A validator for the schema (with the local ``$ref``s inlined: faster).

    jsonschema is imported here, on the first document that fails the fast check (it
    costs a tenth of a second to import, for every command)."""
    import jsonschema

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
    import jsonschema.exceptions  # only now (see _validator)

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


# -- the games, checked while they are read -------------------------------------------
#
# A large document is mostly games (500,000 of them). The reader checks each game
# where it reads it (:func:`game_check`), and the rest of the document first
# (:func:`valid_but_games`); whenever a game does not pass, or reading finds anything
# wrong, the whole document is validated as before: what is refused, and why, does not
# change.

#: What the game check knows the schema of a game to be (annotations aside).
_GAME_SIDES = ("white", "black", "corp", "runner")
_RESULTS = ["1", "0", "=", "+", "-", "W", "D", "L", None]
_KNOWN_GAME: Mapping[str, Any] = {
    "type": "object",
    "anyOf": [{"required": ["white", "black"]}, {"required": ["corp", "runner"]}],
    "additionalProperties": False,
    "properties": {
        **{side: {"type": "integer", "minimum": 1} for side in _GAME_SIDES},
        **{f"{side}_result": {"enum": _RESULTS} for side in _GAME_SIDES},
        "coloured": {"type": "boolean"},
        "flags": {
            "type": "array",
            "items": {"enum": list(GAME_FLAGS)},
            "uniqueItems": True,
        },
    },
}


def _game_node(node: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The schema of a game in the (inlined) document schema ``node``, if it is where
    the game check expects it."""
    try:
        games = node["properties"]["rounds"]["items"]["properties"]["games"]
        game: Mapping[str, Any] = games["items"]
    except (KeyError, TypeError):
        return None
    return game if games.get("type") == "array" else None


def _without_annotations(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _without_annotations(v) for k, v in node.items() if k not in _ANNOTATIONS}
    if isinstance(node, list):
        return [_without_annotations(v) for v in node]
    return node


@cache
def _games_unchecked() -> Mapping[str, Any] | None:
    """The inlined schema with every game allowed (None if the schema of a game is not
    the one :func:`game_check` knows: then there is no shortcut)."""
    full = _inlined_schema()
    game = _game_node(full)
    if game is None or _without_annotations(game) != _KNOWN_GAME:
        return None

    def copy(node: Any) -> Any:
        if node is game:
            return {}
        if isinstance(node, dict):
            return {k: copy(v) for k, v in node.items()}
        if isinstance(node, list):
            return [copy(v) for v in node]
        return node

    result: Mapping[str, Any] = copy(full)
    return result


def valid_but_games(data: Any) -> bool:
    """Does ``data`` fit the schema, its games aside (a fast yes/no, like
    :func:`_quick_valid`)? False also when there is no such shortcut."""
    node = _games_unchecked()
    return node is not None and _quick_valid(node, data)


_GAME_KINDS: Mapping[str, int] = {
    **dict.fromkeys(_GAME_SIDES, 0),
    **dict.fromkeys((f"{side}_result" for side in _GAME_SIDES), 1),
    "coloured": 2,
    "flags": 3,
}
_RESULT_LETTERS = frozenset(r for r in _RESULTS if r is not None)
_PLAYED_GAME = frozenset({"white", "black", "white_result", "black_result"})


def game_check(game: Any) -> bool:
    """Does ``game`` surely fit the schema of a game (see :data:`_KNOWN_GAME`)? Only
    for JSON values (exact types: an int subclass is left to the full validation);
    only meaningful where :func:`valid_but_games` said yes."""
    if type(game) is not dict:
        return False
    if game.keys() == _PLAYED_GAME:  # the usual game, at a glance
        white, black = game["white"], game["black"]
        white_result, black_result = game["white_result"], game["black_result"]
        return (
            type(white) is int
            and type(black) is int
            and white >= 1
            and black >= 1
            and type(white_result) is str
            and type(black_result) is str
            and white_result in _RESULT_LETTERS
            and black_result in _RESULT_LETTERS
        )
    if not _GAME_KINDS.keys() >= game.keys():
        return False
    if not (("white" in game and "black" in game) or ("corp" in game and "runner" in game)):
        return False
    for key, value in game.items():
        kind = _GAME_KINDS[key]
        if kind == 0:
            if type(value) is not int or value < 1:
                return False
        elif kind == 1:
            if value is not None and (type(value) is not str or value not in _RESULT_LETTERS):
                return False
        elif kind == 2:
            if type(value) is not bool:
                return False
        elif (
            type(value) is not list
            or len(set(value)) != len(value)
            or not all(type(flag) is str and flag in GAME_FLAGS for flag in value)
        ):
            return False
    return True


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


#: A compiled check: does a value satisfy a schema node?
Check = Callable[[Any], bool]

#: Compiled checks of the nodes given to :func:`_quick_valid` (by id, with the node
#: kept alive so that the id stays its own).
_COMPILED: dict[int, tuple[Mapping[str, Any], Check]] = {}


def _quick_valid(node: Mapping[str, Any], value: Any) -> bool:
    """A fast yes/no check of ``value`` against the (inlined) schema ``node``.

    It interprets exactly the keywords the schema file uses; whenever it says no (or
    meets a keyword it does not know), jsonschema decides and explains. Tests check
    that it agrees with jsonschema. The node is compiled into closures once
    (:func:`_compile`), then reused.
    """
    entry = _COMPILED.get(id(node))
    if entry is None or entry[0] is not node:
        if len(_COMPILED) > 64:
            _COMPILED.clear()
        entry = _COMPILED[id(node)] = (node, _compile(node))
    return entry[1](value)


def _always(value: Any) -> bool:
    return True


def _never(value: Any) -> bool:
    return False


def _compile(node: Mapping[str, Any]) -> Check:
    """The check of one schema node: ``type`` and the keywords that apply to any value
    first, then those of the value's own type (keywords for other types of values
    are satisfied)."""
    if any(key not in _QUICK_KEYWORDS and key not in _ANNOTATIONS for key in node):
        return _never
    others: list[Check] = []  # the keywords for any value but type
    if "enum" in node:
        others.append(_compile_enum(node["enum"]))
    if "const" in node:
        const = node["const"]
        others.append(lambda v: v == const and type(v) is type(const))
    if "not" in node:
        negated = _compile(node["not"])
        others.append(lambda v: not negated(v))
    if "anyOf" in node:
        others.append(_compile_any_of([_compile(option) for option in node["anyOf"]]))
    for_object = _compile_object(node)
    for_array = _compile_array(node)
    for_string = _compile_string(node)
    minimum = node.get("minimum")
    single = _single_type(node.get("type"), others, for_object, for_array, for_string, minimum)
    if single is not None:
        return single
    general = ([_compile_type(node["type"])] if "type" in node else []) + others
    if (for_object, for_array, for_string, minimum) == (None,) * 4 and len(general) <= 1:
        return general[0] if general else _always

    def check(value: Any) -> bool:
        for rule in general:
            if not rule(value):
                return False
        if isinstance(value, dict):
            return for_object is None or for_object(value)
        if isinstance(value, list):
            return for_array is None or for_array(value)
        if isinstance(value, str):
            return for_string is None or for_string(value)
        return not (minimum is not None and _is_type(value, "number") and value < minimum)

    return check


def _single_type(
    kind: Any,
    others: list[Check],
    for_object: Callable[[dict[str, Any]], bool] | None,
    for_array: Callable[[list[Any]], bool] | None,
    for_string: Callable[[str], bool] | None,
    minimum: Any,
) -> Check | None:
    """The same check as :func:`_compile`'s, faster, for the common nodes with one
    ``type`` (None for the other nodes): objects (whatever other keywords they have),
    and arrays, strings and integers without other keywords for any value."""
    if not isinstance(kind, str):
        return None
    if kind == "object" and others:

        def check(v: Any) -> bool:
            if not isinstance(v, dict):
                return False
            for rule in others:
                if not rule(v):
                    return False
            return for_object is None or for_object(v)

        return check
    if others:
        return None
    if kind == "object":
        if for_object is None:
            return lambda v: isinstance(v, dict)
        return lambda v: isinstance(v, dict) and for_object(v)
    if kind == "array":
        if for_array is None:
            return lambda v: isinstance(v, list)
        return lambda v: isinstance(v, list) and for_array(v)
    if kind == "string":
        if for_string is None:
            return lambda v: isinstance(v, str)
        return lambda v: isinstance(v, str) and for_string(v)
    if kind == "integer":
        if minimum is None:
            return lambda v: isinstance(v, int) and not isinstance(v, bool)
        if isinstance(minimum, int) and not isinstance(minimum, bool):
            # the same for JSON integers (exactly int), stricter for int subclasses
            return lambda v: type(v) is int and v >= minimum
        return lambda v: isinstance(v, int) and not isinstance(v, bool) and not v < minimum
    return None


def _compile_any_of(options: list[Check]) -> Check:
    def check(value: Any) -> bool:
        for option in options:  # noqa: SIM110 - faster than any() over a generator
            if option(value):
                return True
        return False

    return check


def _compile_type(rule: str | list[str]) -> Check:
    names = [rule] if isinstance(rule, str) else list(rule)
    types = tuple(t for name in names for t in _accepted(_TYPES[name]))
    boolean = "boolean" in names

    def check(value: Any) -> bool:
        if isinstance(value, bool):
            return boolean
        return isinstance(value, types)

    return check


def _accepted(kind: Any) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _compile_enum(options: list[Any]) -> Check:
    if all(isinstance(o, str) or o is None for o in options):
        strings = frozenset(o for o in options if isinstance(o, str))
        none = None in options
        return lambda v: (v in strings) if type(v) is str else (none and v is None)
    typed = [(type(o), o) for o in options]
    return lambda v: any(type(v) is kind and v == o for kind, o in typed)


def _compile_object(node: Mapping[str, Any]) -> Callable[[dict[str, Any]], bool] | None:
    """properties, required, additionalProperties and propertyNames."""
    keys = ("properties", "required", "additionalProperties", "propertyNames")
    if not any(key in node for key in keys):
        return None
    properties = {name: _compile(sub) for name, sub in node.get("properties", {}).items()}
    required = tuple(node.get("required", ()))
    rule = node.get("additionalProperties", True)
    additional: Check | None = None if rule is True else _never if rule is False else _compile(rule)
    names = _compile(node["propertyNames"]) if "propertyNames" in node else None
    required_names = frozenset(required)
    if not properties and additional is None and names is None:
        # Only "required" (the options of the game's anyOf).
        return required_names.issubset

    if additional is _never and names is None:
        # No other properties (players, rounds, games): the keys checked at C speed.
        known = frozenset(properties)

        def check_known(value: dict[str, Any]) -> bool:
            if not known.issuperset(value):
                return False
            for name, item in value.items():
                if not properties[name](item):
                    return False
            return required_names.issubset(value)

        return check_known

    def check(value: dict[str, Any]) -> bool:
        for name, item in value.items():
            sub = properties.get(name)
            if sub is None:
                if additional is not None and not additional(item):
                    return False
            elif not sub(item):
                return False
        for name in required:
            if name not in value:
                return False
        return names is None or all(names(n) for n in value)

    return check


def _compile_array(node: Mapping[str, Any]) -> Callable[[list[Any]], bool] | None:
    """items, prefixItems, minItems and maxItems."""
    if not any(key in node for key in ("items", "prefixItems", "minItems", "maxItems")):
        return None
    prefix = [_compile(sub) for sub in node.get("prefixItems", ())]
    start = len(node.get("prefixItems", ()))
    items = _compile(node["items"]) if "items" in node else None
    low = node.get("minItems")
    high = node.get("maxItems")

    def check(value: list[Any]) -> bool:
        if low is not None and len(value) < low:
            return False
        if high is not None and len(value) > high:
            return False
        for sub, item in zip(prefix, value, strict=False):
            if not sub(item):
                return False
        if items is not None:
            for item in value[start:] if start else value:
                if not items(item):
                    return False
        return True

    return check


def _compile_string(node: Mapping[str, Any]) -> Callable[[str], bool] | None:
    """maxLength and pattern."""
    longest = node.get("maxLength")
    pattern = re.compile(node["pattern"]).search if "pattern" in node else None
    if longest is None and pattern is None:
        return None

    def check(value: str) -> bool:
        if longest is not None and len(value) > longest:
            return False
        return pattern is None or pattern(value) is not None

    return check


# -- explaining jsonschema's errors ---------------------------------------------------


def _schema_message(error: jsonschema.exceptions.ValidationError) -> str:
    instance = error.instance
    shown = json.dumps(_plain(instance), ensure_ascii=False)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    if error.validator == "required":
        missing = error.message.replace("'", '"').replace(" is a required property", " is missing")
        if not error.absolute_path and '"format"' in missing:
            return f"not a fairpair JSON document ({missing})"
        return missing
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
        if not error.absolute_path and error.message.startswith("'format'"):
            return (
                'a fairpair JSON document, beginning "format": "fairpair-tournament" '
                "(see docs/json-format.md)"
            )
        return "the property (see docs/json-format.md)"
    if v == "additionalProperties":
        return "only the properties listed in docs/json-format.md"
    return f"{v} {json.dumps(value)[:60]}"
