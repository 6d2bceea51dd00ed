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
from fairpair.formats.trf.event import start_date, tiebreak_record
from fairpair.model import Tournament
from fairpair.systems import descriptor_of
from fairpair.tiebreaks import (
    Tiebreak,
    default_tiebreaks,
    edition_for_start,
    parse_tiebreaks,
    record_tiebreaks,
)

__all__ = ["file_tiebreaks", "rating_report", "standings_of", "tiebreak_edition", "with_ranks"]


class _RanksItself(Protocol):
    """An engine that ranks by its own criteria (descriptor ``own_ranking``)."""

    def ranking_criteria(self, tournament: Tournament) -> list[Any]: ...


def standings_of(
    t: Tournament,
    *,
    system: str | None = None,
    tiebreaks: str | None = None,
    after_round: int | None = None,
    edition: str | None = None,
    file: str | None = None,
) -> st.Standings:
    """The standings after ``after_round`` (default: the last complete round), ranked
    by ``system`` (default: the tournament's) with ``tiebreaks`` (codes like
    ``BH-C1,BH,SB``; default: the file's list, record 212 or 202, else the system's
    own), computed under C.07 ``edition`` (default: :func:`tiebreak_edition`).
    ``file`` names the tournament's file in an error about its records."""
    chosen = system or t.system
    primary = None
    criteria: list[Tiebreak] | None = None
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
    if criteria is None:
        criteria = file_tiebreaks(t, tiebreaks, edition, file)
    return st.compute_standings(t, criteria, after_round=after_round, primary=primary)


def tiebreak_edition(t: Tournament, edition: str | None = None) -> str:
    """The C.07 edition for ``t``'s tie-breaks: ``edition`` if given, else the one in
    force when the event started (record 042; none: the edition in force now)."""
    return edition or edition_for_start(start_date(t))


def file_tiebreaks(
    t: Tournament,
    tiebreaks: str | None = None,
    edition: str | None = None,
    file: str | None = None,
) -> list[Tiebreak]:
    """The tie-breaks that rank ``t``: ``tiebreaks`` if given, else the file's list
    (record 212, else 202), else the default list; under :func:`tiebreak_edition`."""
    chosen = tiebreak_edition(t, edition)
    if tiebreaks:
        return parse_tiebreaks(tiebreaks, chosen)
    record = tiebreak_record(t)
    if record is None:
        return default_tiebreaks(chosen)
    code, codes = record
    if not codes:
        return []  # a 212 record that lists only PTS: points alone
    return record_tiebreaks(code, codes, chosen, file)


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


def rating_report(t: Tournament, file: str | None = None) -> Tournament:
    """``t`` ready for a TRF-2026 rating report: every player's rank column set from the
    standings (by the file's tie-breaks) when one is missing, and a record 202 naming
    the tie-breaks used when the file has neither 202 nor 212 (FIDE asks for it in title
    events). A system that ranks by its own rules gets no 202. A tie-break record with
    an unknown code is refused, naming ``file``."""
    used = file_tiebreaks(t, file=file)
    if t.players and any(p.reported_rank is None for p in t.players):
        t = with_ranks(t)
    if tiebreak_record(t) is not None or _ranks_itself(t):
        return t
    codes = ",".join(tb.code.replace("-", "/") for tb in used)
    return t.replace(headers=(*t.headers, ("202", codes))) if codes else t


def _ranks_itself(t: Tournament) -> bool:
    if not t.system:
        return False
    try:
        return descriptor_of(t.system).own_ranking
    except SystemNotAvailable:
        return False
