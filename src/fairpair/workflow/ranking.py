"""Standings of a tournament by its system's ranking rule.

TCEC, Netrunner and McMahon rank by their own criteria (the system's
``ranking_criteria``); every other tournament by points and the FIDE C.07 tiebreaks.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

from fairpair import standings as st
from fairpair.errors import SystemNotAvailable
from fairpair.model import Tournament
from fairpair.systems import SYSTEMS, get_system
from fairpair.tiebreaks import parse_tiebreaks

__all__ = ["standings_of", "with_ranks"]


def standings_of(
    t: Tournament,
    *,
    system: str | None = None,
    tiebreaks: str | None = None,
    after_round: int | None = None,
) -> st.Standings:
    """The standings after ``after_round`` (default: the last complete round), ranked
    by ``system`` (default: the tournament's) with ``tiebreaks`` (codes like
    ``BH-C1,BH,SB``; default: the system's own)."""
    chosen = system or t.system
    primary = None
    criteria = parse_tiebreaks(tiebreaks) if tiebreaks else None
    if chosen and _may_rank_by_own_rule(chosen):
        options: dict[str, Any] = {"tiebreaks": tiebreaks} if tiebreaks else {}
        try:
            pairing_system = get_system(chosen, **options)
        except SystemNotAvailable:
            pairing_system = None
        ranking = getattr(pairing_system, "ranking_criteria", None)
        if ranking is not None:
            primary = list(ranking(t))
            criteria = []
    return st.compute_standings(t, criteria, after_round=after_round, primary=primary)


def _may_rank_by_own_rule(name: str) -> bool:
    """False if the system's class has no ``ranking_criteria``: then no system is made
    only to find that out (saving a paired round would otherwise make the pairing
    system twice). True when in doubt (an unknown system is refused by ``get_system``)."""
    target = SYSTEMS[name][0] if name in SYSTEMS else None
    if target is None:
        return True
    module_name, _, class_name = target.partition(":")
    try:
        cls = getattr(importlib.import_module(module_name), class_name, None)
    except ImportError:
        return True
    return cls is None or hasattr(cls, "ranking_criteria")


def with_ranks(t: Tournament) -> Tournament:
    """``t`` with every player's rank column (TRF columns 86-89) set from the current
    standings and the points column left to be computed from the results, so that a
    TRF export of a managed tournament is complete."""
    if not t.players:
        return t
    ranks = {row.player.number: row.rank for row in standings_of(t).rows}
    players = tuple(
        dataclasses.replace(p, reported_rank=ranks.get(p.number), reported_points=None)
        for p in t.players
    )
    return t.replace(players=players)
