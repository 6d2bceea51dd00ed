"""fairpair: Swiss-system tournament pairing engines and tournament manager.

>>> import fairpair
>>> fairpair.available_systems()[:2]
['dutch', 'dutch-legacy']
"""

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
