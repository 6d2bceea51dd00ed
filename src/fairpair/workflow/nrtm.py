"""A Netrunner tournament to and from NRTM JSON (:mod:`fairpair.formats.nrtm`).

Reading is the format's; writing needs the standings (the rank, points, strength of
schedule and extended strength of schedule of every player), which the Netrunner
system computes: :func:`nrtm_text` works them out and hands them to the writer.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from fractions import Fraction

from fairpair.errors import InputError
from fairpair.formats import nrtm
from fairpair.model import Tournament
from fairpair.systems import descriptor_of
from fairpair.workflow.ranking import standings_of, with_ranks

__all__ = ["load_nrtm", "nrtm_standings", "nrtm_text"]

#: The standings columns NRTM has besides the points.
_SCHEDULE = ("SOS", "ESOS")


def load_nrtm(path: str | os.PathLike[str]) -> tuple[Tournament, list[str]]:
    """The Netrunner tournament of an NRTM file, its rank column refreshed from the
    standings (as every saved tournament has it), and the reader's warnings."""
    t, warnings = nrtm.load(path)
    return with_ranks(t), warnings


def _check_netrunner(t: Tournament) -> None:
    sides = descriptor_of(t.system).sides if t.system else None
    if sides != ("corp", "runner"):
        raise InputError(
            f"a {t.system or 'chess'} tournament",
            expected="a Netrunner tournament (NRTM holds Corp/Runner games)",
            field="format",
        )


def nrtm_standings(t: Tournament) -> list[nrtm.NrtmStanding]:
    """Every player in the tournament's standings order, numbered 1, 2, ... as Cobra
    numbers its ranks, with the points, SoS and ESoS."""
    _check_netrunner(t)
    table = standings_of(t)
    values: dict[str, Mapping[int, Fraction]] = {}
    for index, criterion in enumerate(table.primary):
        code = getattr(criterion, "code", "")
        if code in _SCHEDULE:
            values[code] = {row.player.number: row.primary_values[index] for row in table.rows}
    if len(values) < len(_SCHEDULE):  # tiebreaks configured without SoS or ESoS
        assert t.system is not None
        engine = descriptor_of(t.system).make({"tiebreaks": ",".join(_SCHEDULE)})
        for criterion in engine.ranking_criteria(t):
            code = getattr(criterion, "code", "")
            if code in _SCHEDULE and code not in values:
                values[code] = criterion.values(t, table.after_round)
    return [
        nrtm.NrtmStanding(
            number=row.player.number,
            rank=place,
            points=row.points,
            sos=values["SOS"].get(row.player.number, Fraction(0)),
            esos=values["ESOS"].get(row.player.number, Fraction(0)),
        )
        for place, row in enumerate(table.rows, start=1)
    ]


def nrtm_text(t: Tournament) -> str:
    """The NRTM document of a Netrunner tournament (see :func:`fairpair.formats.nrtm.dumps`)."""
    return nrtm.dumps(t, nrtm_standings(t))
