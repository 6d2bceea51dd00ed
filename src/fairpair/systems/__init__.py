"""Pairing systems and their registry.

Every system is a small object with one entry point::

    system = get_system("tcec")
    pairing = system.pair(tournament)           # pairs tournament.next_round()
    pairing = system.pair(tournament, 5)        # pairs round 5 from rounds 1-4

Systems are looked up by name and imported lazily, so a system under construction
cannot break the others. Options (seed, system settings) are passed to the factory:
``get_system("netrunner", seed=7)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from fairpair.errors import SystemNotAvailable
from fairpair.systems.base import PairingSystem

__all__ = ["SYSTEMS", "PairingSystem", "available_systems", "get_system"]

#: name -> ("module:Class", one-line description). Module None = not implemented yet.
SYSTEMS: Mapping[str, tuple[str | None, str]] = {
    "dutch": (
        "fairpair.systems.dutch:DutchSystem",
        "FIDE Dutch system: the rules the file names (record 192; `new` writes 2026), else 2017",
    ),
    "dutch-2017": (
        "fairpair.systems.dutch:Dutch2017System",
        "FIDE Dutch system, 2017 rules (in force until 31 January 2026)",
    ),
    "dutch-2026": (
        "fairpair.systems.dutch:Dutch2026System",
        "FIDE Dutch system, 2026 rules (in force from 1 February 2026)",
    ),
    "dutch-legacy": (
        "fairpair.systems.dutch_legacy:DutchLegacySystem",
        "FIDE Dutch system, pre-2013 rules (C.1-C.14)",
    ),
    "mcmahon": ("fairpair.systems.mcmahon:McMahonSystem", "AGA Swiss McMahon (Go)"),
    "tcec": ("fairpair.systems.tcec:TcecSystem", "TCEC Swiss (computer chess)"),
    "netrunner": (
        "fairpair.systems.netrunner:NetrunnerSystem",
        "Excalibur-style Netrunner Swiss (Corp/Runner sides)",
    ),
    "score-order": (
        "fairpair.systems.score_order:ScoreOrderSystem",
        "plain score-ordered pairing, a pipeline exerciser (NOT a FIDE system)",
    ),
}


def available_systems() -> list[str]:
    return list(SYSTEMS)


def get_system(name: str, **options: Any) -> PairingSystem:
    """Instantiate the pairing system ``name`` with ``options``.

    Raises :class:`SystemNotAvailable` with a clear message for unknown names and for
    systems that are registered but not implemented yet.
    """
    if name not in SYSTEMS:
        known = ", ".join(SYSTEMS)
        raise SystemNotAvailable(f"unknown pairing system {name!r}", expected=f"one of: {known}")
    target, description = SYSTEMS[name]
    if target is None:
        raise SystemNotAvailable(f"pairing system {name!r} ({description}) is not implemented yet")
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        raise SystemNotAvailable(
            f"pairing system {name!r} ({description}) is not implemented yet"
        ) from None
    factory = getattr(module, class_name)
    system: PairingSystem = factory(**options)
    return system
