"""One descriptor per system: options checked in one place, facts read from it, and no
code outside a system's package testing a system's name."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path
from typing import Any

import pytest

from fairpair.cli import run
from fairpair.errors import InputError
from fairpair.systems import SYSTEMS, descriptor_of, descriptors, get_system

SRC = Path(__file__).resolve().parents[1] / "src" / "fairpair"

#: Engine parameters that are not options (a test hook: the matching solver).
INTERNAL = {"solver"}


@pytest.mark.parametrize("name", list(SYSTEMS))
def test_every_engine_takes_exactly_its_declared_options(name: str) -> None:
    descriptor = descriptor_of(name)
    module_name, _, class_name = descriptor.engine.partition(":")
    engine = getattr(importlib.import_module(module_name), class_name)
    parameters = inspect.signature(engine).parameters
    assert not any(p.kind is p.VAR_KEYWORD for p in parameters.values()), (
        f"{descriptor.engine} swallows unknown options (**kwargs)"
    )
    declared = {o.name for o in descriptor.options} | {"explain"}
    assert set(parameters) - INTERNAL == declared
    for option in descriptor.options:
        if option.default is not None:
            assert parameters[option.name].default in (option.default, None), option.name


@pytest.mark.parametrize("name", list(SYSTEMS))
def test_an_unknown_option_is_refused_naming_the_allowed_ones(name: str) -> None:
    with pytest.raises(InputError) as refused:
        get_system(name, rulez="2026")
    assert refused.value.field == "options.rulez"
    allowed = refused.value.expected or ""
    for option in descriptor_of(name).all_options:
        assert option.name in allowed


@pytest.mark.parametrize(
    ("name", "options", "field"),
    [
        ("netrunner", {"last_round_relaxation": "yse"}, "options.last_round_relaxation"),
        ("netrunner", {"seed": "seven"}, "options.seed"),
        ("netrunner", {"seed": 1.5}, "options.seed"),
        ("dutch", {"rules": "2019"}, "options.rules"),
        ("dutch-2017", {"rules": "2026"}, "options.rules"),
        ("tcec", {"tiebreaks": "BPG,XYZ"}, "options.tiebreaks"),
        ("mcmahon", {"explain": "maybe"}, "options.explain"),
    ],
)
def test_a_bad_value_is_refused(name: str, options: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as refused:
        get_system(name, **options)
    assert refused.value.field == field


def test_values_are_typed_whatever_they_come_from() -> None:
    netrunner = descriptor_of("netrunner")
    assert netrunner.options_from({"seed": "-4", "last-round-relaxation": "on"}) == {
        "seed": -4,
        "last_round_relaxation": True,
    }
    assert descriptor_of("dutch").options_from({"rules": 2025}) == {"rules": "2026"}


def test_facts_are_read_from_the_descriptor() -> None:
    assert descriptor_of("netrunner").sides == ("corp", "runner")
    assert descriptor_of("netrunner").points.white_win == 3
    assert descriptor_of("mcmahon").initial_order == "go"
    assert {d.name for d in descriptors() if d.check_last_round} == {
        "dutch",
        "dutch-2017",
        "dutch-2026",
        "dutch-legacy",
    }
    assert descriptor_of(None).name == "dutch"  # a file that names no system


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A small generated tournament of each system, for the command line."""
    folder = tmp_path_factory.mktemp("systems")
    made = {}
    for name in ("dutch", "tcec", "mcmahon", "netrunner"):
        path = folder / f"{name}.trf"
        argv = ["generate", "--system", name, "--players", "10", "--rounds", "3"]
        assert run([*argv, "--seed", "1", "-o", str(path)]) == 0
        made[name] = path
    return made


@pytest.mark.parametrize("name", ["dutch", "tcec", "mcmahon", "netrunner"])
def test_pair_refuses_a_misspelt_option(
    name: str, files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    # `fairpair pair -O rulez=2026` used to exit 0 for dutch, tcec and mcmahon.
    capsys.readouterr()
    argv = ["pair", "--system", name, "--round", "2", "-O", "rulez=2026", str(files[name])]
    assert run(argv) == 2
    err = capsys.readouterr().err
    assert "rulez" in err and "not an option of" in err


def test_new_refuses_a_misspelt_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players = tmp_path / "players.csv"
    players.write_text("name\nAnn\nBob\nCid\nDan\n")
    out = tmp_path / "t.json"
    argv = ["new", str(players), "-o", str(out), "--system", "netrunner", "--rounds", "3"]
    assert run([*argv, "-O", "last_round_relaxation=yse"]) == 2
    assert "yes or no" in capsys.readouterr().err
    assert not out.exists()


def test_systems_lists_each_option_with_its_values(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["systems"]) == 0
    out = capsys.readouterr().out
    assert "-O rules=2017|2026" in out
    assert "-O last_round_relaxation=yes|no, default no" in out


# ---------------------------------------------------------------- no name tests outside


def _names_tested(path: Path) -> list[str]:
    """``x == "mcmahon"``, ``x in ("dutch-2017", ...)``, ``x.startswith("dutch")``:
    comparisons of a value with a registered system's name."""
    names = set(SYSTEMS) | {"dutch"}
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        constants: list[ast.expr] = []
        if isinstance(node, ast.Compare):
            constants = [node.left, *node.comparators]
            for side in list(constants):
                if isinstance(side, (ast.Tuple, ast.List, ast.Set)):
                    constants.extend(side.elts)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("startswith", "endswith", "removeprefix")
        ):
            constants = list(node.args)
        for c in constants:
            if not (isinstance(c, ast.Constant) and isinstance(c.value, str)):
                continue
            prefix = isinstance(node, ast.Call) and any(n.startswith(c.value) for n in names)
            if c.value in names or prefix:
                found.append(f"{path.relative_to(SRC)}:{node.lineno}: {c.value!r}")
    return found


def _names_looked_up(path: Path, root: Path = SRC) -> list[str]:
    """Tables keyed by a registered system's name: ``{"netrunner": ...}``,
    ``table["tcec"]``, ``table.get("dutch")`` (what a system is belongs in its
    descriptor, not in a table beside it)."""
    names = set(SYSTEMS) | {"dutch"}
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        keys: list[ast.expr | None] = []
        if isinstance(node, ast.Dict):
            keys = list(node.keys)
        elif isinstance(node, ast.Subscript):
            keys = [node.slice]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("get", "pop", "setdefault")
        ):
            keys = list(node.args[:1])
        for key in keys:
            if isinstance(key, ast.Constant) and key.value in names:
                found.append(f"{path.relative_to(root)}: {key.value!r}")
    return found


#: Tables keyed by a word that is also a system's name, and why that is not a system
#: looked up by its name.
_NOT_SYSTEM_TABLES = {
    "cli/app.py: 'mcmahon'": "the `fairpair mcmahon` command group (LAZY_COMMANDS)",
    "formats/opengotha.py: 'mcmahon'": "the settings section `mcmahon` of a Go event",
    "workflow/create.py: 'mcmahon'": "the settings section `mcmahon` of a Go event",
}


def _outside_systems() -> list[Path]:
    return [p for p in sorted(SRC.rglob("*.py")) if "systems" not in p.relative_to(SRC).parts[:1]]


def test_no_code_outside_a_system_tests_a_system_name() -> None:
    found = [hit for path in _outside_systems() for hit in _names_tested(path)]
    assert found == []


def test_no_table_outside_a_system_is_keyed_by_a_system_name() -> None:
    found = {hit for path in _outside_systems() for hit in _names_looked_up(path)}
    assert sorted(found - set(_NOT_SYSTEM_TABLES)) == []


def test_the_scan_finds_a_table_keyed_by_a_system_name(tmp_path: Path) -> None:
    source = tmp_path / "values.py"
    source.write_text(
        'SIDE_NAMES = {"netrunner": ("corp", "runner")}\n'
        'rate = RATES["mcmahon"]\n'
        'order = ORDERS.get("tcec", "rating")\n'
        'fine = {"white": 1, "black": 2}["white"], ORDERS.get("b")\n'
    )
    found = [hit.split(": ", 1)[1] for hit in _names_looked_up(source, tmp_path)]
    assert sorted(found) == ["'mcmahon'", "'netrunner'", "'tcec'"]


def test_every_systems_side_names_are_a_pair_the_json_document_knows() -> None:
    from fairpair.formats import jsondoc
    from fairpair.systems import sides_of

    for d in descriptors():
        assert d.sides in jsondoc.SIDE_PAIRS, d.name
        assert sides_of(d.name) == d.sides
    assert sides_of(None) == sides_of("no-such-system") == jsondoc.WHITE_BLACK


# ---------------------------------------------------------------- the web app, one schema


@pytest.fixture(scope="module")
def api(server: Any) -> str:
    """The API address of a real ``fairpair serve`` (SQLite and PostgreSQL)."""
    return f"{server.url}/api/v1"


def test_the_api_refuses_an_unknown_option_naming_its_field(api: str) -> None:
    import httpx

    body = {"name": "Typo Open", "system": "dutch", "rounds": 5, "options": {"rulez": "2026"}}
    answer = httpx.post(f"{api}/tournaments", json=body, timeout=60)
    # it used to answer 201 and store the misspelt option
    assert answer.status_code == 400, answer.text
    error = answer.json()
    assert error["field"] == "options.rulez"
    assert "rules" in error["expected"] and "--" not in error["error"]
    body["options"] = {"rules": "2026"}
    assert httpx.post(f"{api}/tournaments", json=body, timeout=60).status_code == 201


def test_the_openapi_document_lists_the_options_of_every_system(api: str) -> None:
    import httpx

    schema = httpx.get(f"{api}/openapi.json", timeout=60).json()
    text = schema["components"]["schemas"]["TournamentIn"]["properties"]["options"]
    described = text["description"]
    for descriptor in descriptors():
        for option in descriptor.choices:
            assert option.name in described, (descriptor.name, option.name)
