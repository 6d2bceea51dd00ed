"""Pairing systems, their descriptors and the registry.

Every system is a small object with one entry point::

    system = get_system("tcec")
    pairing = system.pair(tournament)           # pairs tournament.next_round()
    pairing = system.pair(tournament, 5)        # pairs round 5 from rounds 1-4

and one :class:`~fairpair.systems.descriptor.SystemDescriptor` saying what it is (its
options, points, sides, initial order, what the workflow may do with it):

>>> descriptor_of("netrunner").sides
('corp', 'runner')
>>> [o.name for o in descriptor_of("dutch").all_options]
['rules', 'explain', 'seed']

Systems are looked up by name and imported on first use, so a system under
construction cannot break the others. Options (seed, system settings) are checked by
the descriptor and passed to the engine: ``get_system("netrunner", seed=7)``; an
unknown option or a bad value is an :class:`~fairpair.errors.InputError`.
"""

from __future__ import annotations

import importlib
from typing import Any

from fairpair.errors import SystemNotAvailable
from fairpair.model import Tournament
from fairpair.systems.base import PairingSystem
from fairpair.systems.descriptor import COMMON_OPTIONS, Option, SystemDescriptor

__all__ = [
    "COMMON_OPTIONS",
    "SYSTEMS",
    "Option",
    "PairingSystem",
    "SystemDescriptor",
    "available_systems",
    "descriptor_of",
    "descriptors",
    "get_system",
    "sides_of",
    "system_named_by",
]

#: name -> "module:ATTRIBUTE" of the system's descriptor (None: registered, not built).
SYSTEMS: dict[str, str | None] = {
    "dutch": "fairpair.systems.dutch.descriptor:DUTCH",
    "dutch-2017": "fairpair.systems.dutch.descriptor:DUTCH_2017",
    "dutch-2026": "fairpair.systems.dutch.descriptor:DUTCH_2026",
    "dutch-legacy": "fairpair.systems.dutch_legacy.descriptor:DUTCH_LEGACY",
    "mcmahon": "fairpair.systems.mcmahon.descriptor:MCMAHON",
    "tcec": "fairpair.systems.tcec:DESCRIPTOR",
    "netrunner": "fairpair.systems.netrunner:DESCRIPTOR",
    "score-order": "fairpair.systems.score_order:DESCRIPTOR",
    "burstein": "fairpair.systems.burstein.descriptor:BURSTEIN",
}


def available_systems() -> list[str]:
    """The names of the registered systems."""
    return list(SYSTEMS)


def descriptor_of(name: str | None) -> SystemDescriptor:
    """The descriptor of system ``name`` (a file that names no system is Dutch).

    Raises :class:`SystemNotAvailable` (field ``system``) for unknown names and for
    systems registered but not implemented yet.
    """
    name = name or "dutch"
    if name not in SYSTEMS:
        raise SystemNotAvailable(
            f"unknown pairing system {name!r}",
            expected="one of: " + ", ".join(SYSTEMS),
            field="system",
        )
    target = SYSTEMS[name]
    if target is None:
        raise SystemNotAvailable(f"pairing system {name!r} is not implemented yet", field="system")
    module_name, _, attribute = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        raise SystemNotAvailable(
            f"pairing system {name!r} is not implemented yet", field="system"
        ) from None
    descriptor: SystemDescriptor = getattr(module, attribute)
    return descriptor


def sides_of(name: str | None) -> tuple[str, str]:
    """The names of the two sides of a game of system ``name`` (its descriptor's
    ``sides``; a file's writer is told them): ``("white", "black")`` also for a
    tournament without a system and for a system fairpair does not have."""
    try:
        return descriptor_of(name).sides
    except SystemNotAvailable:
        return ("white", "black")


def descriptors() -> list[SystemDescriptor]:
    """Every available system's descriptor, in registry order."""
    found = []
    for name in SYSTEMS:
        try:
            found.append(descriptor_of(name))
        except SystemNotAvailable:
            continue
    return found


def system_named_by(t: Tournament) -> str | None:
    """The system a tournament's own record names (TRF-2026 record 192, type of
    tournament), if fairpair has it.

    Every Dutch code (``FIDE_DUTCH``, ``FIDE_DUTCH_2017``, ``FIDE_DUTCH_2025``,
    ``FIDE_DUTCH_2026``, with or without ``_BAKU``) gives ``dutch``, which reads the
    edition from the same record (``fairpair.systems.dutch.edition``); an unknown Dutch
    edition is refused there. ``FIDE_BURSTEIN`` and ``FIDE_BURSTEIN_2025`` (with or
    without ``_BAKU``) give ``burstein`` (``fairpair.systems.burstein.edition``).
    """
    from fairpair.systems.burstein.edition import burstein_record
    from fairpair.systems.dutch.edition import rules_named_by

    if burstein_record(t) is not None:
        return "burstein"
    return "dutch" if rules_named_by(t) is not None else None


def get_system(name: str, **options: Any) -> PairingSystem:
    """The pairing system ``name`` made with ``options`` (checked by its descriptor).

    Raises :class:`SystemNotAvailable` for unknown or unimplemented systems and
    :class:`~fairpair.errors.InputError` for an unknown option or a bad value.
    """
    system: PairingSystem = descriptor_of(name).make(options)
    return system
