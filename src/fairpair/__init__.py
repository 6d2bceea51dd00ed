"""fairpair: Swiss-system tournament pairing engines and tournament manager.

>>> import fairpair
>>> fairpair.available_systems()[:2]
['dutch', 'dutch-legacy']

The names below are imported from their modules on first use, so that ``import
fairpair.cli`` (every start of the command line, and a platform starts the drop-in
once per round: ``docs/platforms.md``) runs no module before the command line decides
what it needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fairpair.lazy import lazy_names

if TYPE_CHECKING:
    from fairpair.errors import FairpairError, InputError, NoPairingError, SystemNotAvailable
    from fairpair.model import (
        Board,
        ByeKind,
        Colour,
        Game,
        Pairing,
        Player,
        PointSystem,
        ResultCode,
        Round,
        Tournament,
    )
    from fairpair.systems import available_systems, get_system

__version__ = "0.1.0"

__all__ = [
    "Board",
    "ByeKind",
    "Colour",
    "FairpairError",
    "Game",
    "InputError",
    "NoPairingError",
    "Pairing",
    "Player",
    "PointSystem",
    "ResultCode",
    "Round",
    "SystemNotAvailable",
    "Tournament",
    "available_systems",
    "get_system",
]

#: Every name of ``__all__`` -> the module that defines it.
_ORIGIN: dict[str, str] = {
    **dict.fromkeys(
        ("FairpairError", "InputError", "NoPairingError", "SystemNotAvailable"), "fairpair.errors"
    ),
    **dict.fromkeys(
        (
            "Board",
            "ByeKind",
            "Colour",
            "Game",
            "Pairing",
            "Player",
            "PointSystem",
            "ResultCode",
            "Round",
            "Tournament",
        ),
        "fairpair.model",
    ),
    **dict.fromkeys(("available_systems", "get_system"), "fairpair.systems"),
}


# Each name of ``__all__`` is imported from its module on first use (then kept).
__getattr__, __dir__ = lazy_names(__name__, _ORIGIN, __all__, globals())
