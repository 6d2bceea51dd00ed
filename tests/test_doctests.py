"""The examples in the module docstrings are executed (they are documentation users copy)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import fairpair

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(fairpair.__path__, prefix="fairpair.")
    if not info.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"
