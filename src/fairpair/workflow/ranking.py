"""Standings of a tournament by its system's ranking rule.

A system whose descriptor says ``own_ranking`` (TCEC, Netrunner, McMahon) ranks by its
engine's ``ranking_criteria``; every other tournament by points and the FIDE tiebreaks
(FIDE Handbook C.07).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Protocol

from fairpair import standings as st
from fairpair.errors import SystemNotAvailable
from fairpair.model import Tournament
from fairpair.systems import descriptor_of
from fairpair.tiebreaks import parse_tiebreaks

__all__ = ["standings_of", "with_ranks"]


class _RanksItself(Protocol):
    """An engine that ranks by its own criteria (descriptor ``own_ranking``)."""

    def ranking_criteria(self, tournament: Tournament) -> list[Any]: ...


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
    if chosen:
        try:
            descriptor = descriptor_of(chosen)
        except SystemNotAvailable:
            descriptor = None
        if descriptor is not None and descriptor.own_ranking:
            options: dict[str, Any] = {"tiebreaks": tiebreaks} if tiebreaks else {}
            engine: _RanksItself = descriptor.make(options)
            primary = list(engine.ranking_criteria(t))
            criteria = []
    return st.compute_standings(t, criteria, after_round=after_round, primary=primary)


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
