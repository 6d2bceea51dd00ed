"""The layers of ``src/fairpair`` hold: no module imports a layer above its own.

Bottom to top (``docs/architecture.md``)::

    errors, limits -> matching (generic) -> model -> formats
      -> standings, tiebreaks, explain (data) -> systems -> workflow
      -> rendering -> cli, web

Every module under ``src/fairpair`` is parsed with :mod:`ast` (nothing is imported);
each of its ``fairpair.*`` imports, at the top or inside a function, is mapped to a
layer, and an import of a higher layer fails the test, listed with its module, line
and the module it imports. A module may import its own layer and every layer below.

What the layers cannot express yet is named in the allow-lists below, each entry with
its reason; an entry that no longer occurs fails too, so the lists only shrink.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

SRC = Path(__file__).resolve().parent.parent / "src"

#: (rank, layer, modules): a module belongs to the layer of its longest matching entry
#: (an entry names a module or package; ``fairpair`` alone is only the package's
#: ``__init__``). Layers of equal rank may import each other.
LAYERS: tuple[tuple[int, str, tuple[str, ...]], ...] = (
    (0, "base", ("fairpair.errors", "fairpair.limits", "fairpair.lazy")),
    (1, "matching", ("fairpair.matching",)),
    (2, "model", ("fairpair.model",)),
    (3, "formats", ("fairpair.formats",)),
    (
        4,
        "data",
        ("fairpair.standings", "fairpair.tiebreaks", "fairpair.explain", "fairpair.naming"),
    ),
    # The package's own names: the model, the errors and the system registry.
    (5, "systems", ("fairpair.systems", "fairpair")),
    (6, "workflow", ("fairpair.workflow",)),
    (7, "rendering", ("fairpair.rendering",)),
    (8, "interfaces", ("fairpair.cli", "fairpair.web", "fairpair.__main__")),
)

#: (importing module, imported module) -> why the upward import is still there.
#: Empty: checker, generator and batch moved into workflow/, printouts into rendering/,
#: and web/store.py takes ``tournament_name`` from the workflow (issue 26).
UPWARD_ALLOWED: dict[tuple[str, str], str] = {}

#: The generic matching API the systems may use: matchers, the backend switch, the
#: compiled backend's weight width, the class-level relaxation of a matching problem.
MATCHING_API = frozenset(
    {
        "Matcher",
        "max_weight_matching",
        "backend",
        "MAX_WEIGHT_BITS",
        "CardinalityMatcher",
        "class_duals",
    }
)

#: (system module, matching module, name) -> the C++ unit that compiles that system's
#: graph, beside the system (issue 26: "each system's compiled graph owned by that
#: system"). The graphs reach Python through the one extension module
#: ``fairpair.matching._blossom``, which links them with the generic matcher core
#: compiled once (docs/matching.md, "Build"); matching/'s own sources name no system.
SYSTEM_GRAPHS: dict[tuple[str, str, str], str] = {
    ("fairpair.systems.dutch.graph", "fairpair.matching._blossom", "BracketGraph"): (
        "fairpair/systems/dutch/_bracket_graph.cpp"
    ),
    ("fairpair.systems.mcmahon.pairing", "fairpair.matching._blossom", "McMahonGraph"): (
        "fairpair/systems/mcmahon/_graph.cpp"
    ),
    ("fairpair.systems.netrunner", "fairpair.matching._blossom", "NetrunnerGraph"): (
        "fairpair/systems/_netrunner_graph.cpp"
    ),
}


class Import(NamedTuple):
    module: str  # the importing module
    line: int
    imported: str  # the module imported (a package when a name of it is imported)
    name: str  # the name imported from it ("" for ``import x``)


def module_name(path: Path, src: Path = SRC) -> str:
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_module(name: str, src: Path = SRC) -> bool:
    """``name`` is a module or package under ``src`` (source, stub or extension)."""
    path = src.joinpath(*name.split("."))
    return (
        path.with_suffix(".py").exists()
        or path.with_suffix(".pyi").exists()
        or (path / "__init__.py").exists()
        or any(path.parent.glob(f"{path.name}.*.so"))
    )


def imports_of(source: str, module: str, is_package: bool, src: Path = SRC) -> Iterator[Import]:
    """The ``fairpair`` imports of a module's source, wherever they are (top level,
    functions, ``if TYPE_CHECKING``); relative imports resolved."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "fairpair":
                    yield Import(module, node.lineno, alias.name, "")
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".")
                if not is_package:
                    package.pop()
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, *([base] if base else [])])
            if base.split(".")[0] != "fairpair":
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                target = full if is_module(full, src) else base
                yield Import(module, node.lineno, target, alias.name)


def all_imports(src: Path = SRC) -> Iterator[Import]:
    for path in sorted((src / "fairpair").rglob("*.py")):
        module = module_name(path, src)
        yield from imports_of(
            path.read_text(encoding="utf-8"), module, path.stem == "__init__", src
        )


def layer_of(module: str) -> tuple[int, str] | None:
    """(rank, layer) of ``module``: its longest matching entry of :data:`LAYERS`."""
    best: tuple[int, int, str] | None = None
    for rank, layer, entries in LAYERS:
        for entry in entries:
            exact = entry == "fairpair"
            matches = module == entry or (not exact and module.startswith(entry + "."))
            if matches and (best is None or len(entry) > best[0]):
                best = (len(entry), rank, layer)
    return None if best is None else (best[1], best[2])


def upward(imports: Iterator[Import]) -> list[str]:
    """Each import of a higher layer, as ``module:line imports module (layer < layer)``."""
    found: dict[str, None] = {}  # in order, once per module, line and imported module
    for item in imports:
        own, target = layer_of(item.module), layer_of(item.imported)
        if own is None or target is None:
            continue  # test_every_module_has_a_layer reports it
        if target[0] > own[0]:
            text = f"{item.module}:{item.line} imports {item.imported} ({own[1]} < {target[1]})"
            found[text] = None
    return list(found)


def test_every_module_has_a_layer() -> None:
    modules = [module_name(p) for p in sorted((SRC / "fairpair").rglob("*.py"))]
    assert len(modules) > 50
    assert [m for m in modules if layer_of(m) is None] == []


def test_no_import_runs_upward() -> None:
    imports = list(all_imports())
    allowed = [i for i in imports if (i.module, i.imported) in UPWARD_ALLOWED]
    found = upward(i for i in imports if (i.module, i.imported) not in UPWARD_ALLOWED)
    assert found == [], "imports of a higher layer:\n" + "\n".join(found)
    stale = set(UPWARD_ALLOWED) - {(i.module, i.imported) for i in allowed}
    assert not stale, f"allowed upward imports that no longer occur: {sorted(stale)}"


def test_systems_use_only_the_generic_matching_api() -> None:
    used = {
        (i.module, i.imported, i.name)
        for i in all_imports()
        if layer_of(i.module) == (5, "systems") and layer_of(i.imported) == (1, "matching")
    }
    assert used, "the systems use matching/"
    owned = sorted(u for u in used if u[2] not in MATCHING_API)
    new = [u for u in owned if u not in SYSTEM_GRAPHS]
    assert new == [], f"system code imported from matching/ (move it into the system): {new}"
    stale = set(SYSTEM_GRAPHS) - set(owned)
    assert not stale, f"listed system graphs no longer imported from matching/: {stale}"


def test_system_graphs_are_compiled_beside_their_systems() -> None:
    """Each compiled graph a system takes from the extension is defined and registered
    by a unit in that system's folder; no source of matching/ defines or names it."""
    matching = sorted((SRC / "fairpair" / "matching").glob("*.[ch]pp"))
    assert matching, "the matcher core's sources"
    for (module, _, name), unit in SYSTEM_GRAPHS.items():
        path = SRC / unit
        own = (SRC / module.replace(".", "/")).parent
        assert path.parent == own, f"{unit} does not lie beside {module}"
        text = path.read_text(encoding="utf-8")
        assert f"class {name} " in text, f"{unit} does not define {name}"
        assert f'Binding kBinding("{name}"' in text, f"{unit} does not register {name}"
        for source in matching:
            assert name not in source.read_text(encoding="utf-8"), f"{source.name} names {name}"


def test_the_scan_finds_function_level_relative_and_upward_imports(tmp_path: Path) -> None:
    """The check itself: an upward import inside a function and a relative one are
    found, an import of a lower layer is not reported."""
    package = tmp_path / "fairpair"
    (package / "model").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "model" / "__init__.py").write_text("")
    (package / "errors.py").write_text("")
    (package / "cli.py").write_text("")
    source = (
        "from fairpair.errors import InputError\n"
        "def f():\n"
        "    from fairpair import cli\n"
        "    from .. import errors\n"
    )
    found = list(imports_of(source, "fairpair.model.values", False, tmp_path))
    assert [(i.line, i.imported, i.name) for i in found] == [
        (1, "fairpair.errors", "InputError"),
        (3, "fairpair.cli", "cli"),
        (4, "fairpair.errors", "errors"),
    ]
    assert upward(iter(found)) == [
        "fairpair.model.values:3 imports fairpair.cli (model < interfaces)"
    ]
