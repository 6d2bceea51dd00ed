"""What the workflow needs to know about each pairing system, as data.

One :class:`SystemProfile` per system: its point system, the names of the two sides,
the initial order of a new player list, the default points of a requested bye and the
words its results are spoken in. The workflow's operations read these instead of
testing system names.

>>> profile_of("netrunner").points.white_win, profile_of("netrunner").sides
(Fraction(3, 1), ('corp', 'runner'))
>>> profile_of("dutch").default_bye_points
Fraction(1, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from fairpair.errors import SystemNotAvailable
from fairpair.formats.jsondoc import side_names
from fairpair.model import PointSystem
from fairpair.systems.netrunner import NETRUNNER_POINTS

__all__ = ["PROFILES", "SYSTEM_OPTIONS", "SystemProfile", "profile_of"]


@dataclass(frozen=True)
class SystemProfile:
    """Workflow facts about one pairing system."""

    name: str
    #: Points for results and byes (Netrunner: 3/1/0 prestige, bye = a win).
    points: PointSystem
    #: How a new player list is numbered: "fide" (rating, title, name), "tcec" (group
    #: seeding), "file" (as listed), "mcmahon" (as listed; bands from ranks).
    initial_order: str = "fide"
    #: Points of a requested bye when ``bye`` is given no ``--points`` (in units of a win).
    default_bye_points: Fraction = Fraction(1, 2)

    @property
    def sides(self) -> tuple[str, str]:
        """Names of the first-listed and second-listed side (white/black, corp/runner),
        as the JSON document names them."""
        return side_names(self.name)


_CHESS = PointSystem.standard()

PROFILES: Mapping[str, SystemProfile] = {
    "dutch": SystemProfile("dutch", _CHESS),
    "dutch-2017": SystemProfile("dutch-2017", _CHESS),
    "dutch-2026": SystemProfile("dutch-2026", _CHESS),
    "dutch-legacy": SystemProfile("dutch-legacy", _CHESS),
    "score-order": SystemProfile("score-order", _CHESS),
    "tcec": SystemProfile("tcec", _CHESS, initial_order="tcec"),
    "netrunner": SystemProfile(
        "netrunner",
        NETRUNNER_POINTS,
        initial_order="file",
        default_bye_points=Fraction(0),
    ),
    "mcmahon": SystemProfile(
        "mcmahon",
        _CHESS,
        initial_order="mcmahon",
        default_bye_points=Fraction(0),
    ),
}


def profile_of(system: str | None) -> SystemProfile:
    """The profile of ``system`` (a file without a system is treated as Dutch)."""
    name = system or "dutch"
    if name not in PROFILES:
        raise SystemNotAvailable(
            f"unknown pairing system {name!r}", expected="one of: " + ", ".join(PROFILES)
        )
    return PROFILES[name]


#: Departures from a system's specification and other choices, each off unless given
#: (``-O KEY=VALUE`` on pair/check/generate/new, stored by ``new``): name -> meaning.
SYSTEM_OPTIONS: Mapping[str, Mapping[str, str]] = {
    "netrunner": {
        "seed": "random seed for choosing among equally good pairings (default 0)",
        "last_round_relaxation": "FIDE-style last round: side differences and streaks of 3 "
        "rank below score groups in the final round (the spec: Excalibur has none)",
        "no_bye_after_forfeit_win": "FIDE rule: no bye for a player who had a bye or a "
        "forfeit win (not in the spec)",
        "tiebreaks": "standings tiebreaks (default SOS,ESOS)",
    },
    "tcec": {"tiebreaks": "standings tiebreaks (default BPG,SB)"},
    "mcmahon": {"seed": "random seed of the final random-draw tiebreak"},
    "dutch": {"rules": "2017 or 2026: pair by these rules whatever the file's record 192 says"},
}
