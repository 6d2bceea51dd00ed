"""Names of a package imported on first use (PEP 562), so that a command imports only
what it uses (the start-up of ``fairpair --dutch`` is part of the platform contract).

>>> getattr_, dir_ = lazy_names("demo", {"sqrt": "math"}, ["sqrt"], {})
>>> getattr_("sqrt")(9.0)
3.0
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(
    package: str,
    origin: Mapping[str, str],
    names: Iterable[str],
    namespace: MutableMapping[str, Any],
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package``: a name of ``origin`` is imported from
    its module when first asked for and kept in ``namespace`` (the package's globals)."""
    listed = frozenset(names)

    def getattr_(name: str) -> Any:
        module = origin.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted({*namespace, *listed})

    return getattr_, dir_
