"""Writing a tournament as another program's file: ``fairpair convert --format``.

The file kinds of :mod:`fairpair.formats.kinds` (TRF, TRF-2026, fairpair JSON,
OpenGotha, ...) and the result reports of Go events (the EGF table ``h9`` and the AGA
rating report ``aga``, :mod:`fairpair.systems.mcmahon.reports`). A writer is given
what only the pairing system knows (the handicap of each Go game, each player's
rank); a report is refused for a tournament that is not a Go one.
"""

from __future__ import annotations

from typing import Any

from fairpair.errors import InputError
from fairpair.formats import kinds
from fairpair.model import Tournament
from fairpair.systems import descriptor_of

__all__ = ["REPORTS", "export", "export_names", "is_go"]

#: The reports of Go events, by ``--format`` name: (summary, usual file ending).
REPORTS: dict[str, tuple[str, str]] = {
    "h9": ("EGF tournament table (.h9), as the European Go Database accepts it", ".h9"),
    "aga": ("AGA rating report", ".txt"),
}


def export_names() -> tuple[str, ...]:
    """Every ``--format`` name: the writable kinds, then the reports."""
    return (*kinds.names(writable=True), *REPORTS)


def is_go(t: Tournament) -> bool:
    """Is ``t`` a Go tournament (a system that orders players by Go rank)?"""
    if t.system is None:
        return False
    try:
        return descriptor_of(t.system).initial_order == "go"
    except Exception:  # an unknown system: not a Go one
        return False


def _context(t: Tournament, name: str) -> dict[str, Any]:
    if name == "nrtm":  # the standings NRTM carries (rank, points, SoS, ESoS)
        from fairpair.workflow.nrtm import nrtm_standings

        return {"nrtm_standings": nrtm_standings(t)}
    if not is_go(t):
        return {}
    from fairpair.systems.mcmahon.reports import game_handicaps, player_ranks

    return {"handicaps": game_handicaps(t), "ranks": player_ranks(t)}


def export(
    t: Tournament,
    name: str,
    *,
    source: str | None = None,
    after_round: int | None = None,
    allow_temporary_ids: bool = False,
) -> str:
    """``t`` as the file ``name`` names (a kind of :mod:`fairpair.formats.kinds` or a
    report of :data:`REPORTS`). ``trf2026`` is the FIDE rating report
    (:func:`fairpair.workflow.ranking.rating_report`: ranks, tie-break records; its
    event records checked); ``source`` names the tournament's file in its errors.
    ``after_round`` and ``allow_temporary_ids`` are for the Go reports. Raises
    InputError (field ``format``) for an unknown name or a Go report of a tournament
    that is not a Go one."""
    if name in REPORTS:
        if not is_go(t):
            raise InputError(
                f"the {name} report of a {t.system or 'chess'} tournament",
                expected="a Go (McMahon) tournament for the EGF and AGA reports",
                field="format",
            )
        from fairpair.systems.mcmahon.reports import results_aga, results_h9

        if name == "aga":
            return results_aga(t, after_round, allow_temporary_ids=allow_temporary_ids)
        return results_h9(t, after_round)
    try:
        kind = kinds.kind_named(name)
    except KeyError:
        raise InputError(
            f"format {name!r}", expected="one of " + ", ".join(export_names()), field="format"
        ) from None
    if name == "trf2026":
        from fairpair.formats.trf.event import check_event_records
        from fairpair.workflow.ranking import rating_report

        check_event_records(t, source)
        t = rating_report(t, source)
    return kinds.dumps(t, kind, _context(t, name)).decode("utf-8")
