"""The files a tournament can be exported as, in one list (:data:`EXPORTS`).

The director's page links every entry and ``/t/{id}/export/{key}`` serves it; a format
added here (by the formats it writes) appears on the page with no other change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fairpair import workflow as wf
from fairpair.errors import FairpairError
from fairpair.model import Tournament
from fairpair.web.errors import from_fairpair

if TYPE_CHECKING:
    from fairpair.web.service import Service

__all__ = ["EXPORTS", "Export", "exports_for"]


@dataclass(frozen=True)
class Export:
    """One export format: what the page calls it, the file name's suffix, its media
    type and how the text is made from a stored tournament."""

    label: str
    suffix: str
    media_type: str
    render: Callable[[Service, str], str]
    #: Is this format one for ``t`` (a Go report only for a Go event ...)?
    applies: Callable[[Tournament], bool] = lambda t: True


def _trf(service: Service, tid: str) -> str:
    return service.export_trf(tid)


def _json(service: Service, tid: str) -> str:
    service.load(tid)
    return service.store.document(tid)


def _converted(name: str) -> Callable[[Service, str], str]:
    """The text of ``fairpair convert --format NAME`` for a stored tournament."""

    def render(service: Service, tid: str) -> str:
        t = service.load(tid).tournament
        try:
            return wf.export(t, name, source=f"tournament {tid}")
        except FairpairError as exc:  # e.g. an AGA report with players lacking AGA ids
            raise from_fairpair(exc, "format") from None

    return render


def _netrunner(t: Tournament) -> bool:
    return t.system is not None and wf.descriptor_of(t.system).sides == ("corp", "runner")


_TEXT = "text/plain; charset=utf-8"

#: key (in the address) -> the format.
EXPORTS: dict[str, Export] = {
    "trf": Export("FIDE TRF (rating-report file)", "trf", _TEXT, _trf),
    "json": Export("fairpair JSON document (everything)", "json", "application/json", _json),
    "trf2026": Export(
        "TRF-2026 rating report (no extension lines)",
        "trf",
        _TEXT,
        _converted("trf2026"),
        lambda t: not wf.is_go(t) and not _netrunner(t),
    ),
    "opengotha": Export(
        "OpenGotha XML (also pairgoth)", "xml", "application/xml", _converted("opengotha"), wf.is_go
    ),
    "h9": Export("EGF results (h9)", "h9", _TEXT, _converted("h9"), wf.is_go),
    "aga": Export("AGA rating report", "txt", _TEXT, _converted("aga"), wf.is_go),
    "nrtm": Export(
        "NRTM JSON (Cobra, AlwaysBeRunning)",
        "json",
        "application/json",
        _converted("nrtm"),
        _netrunner,
    ),
}


def exports_for(t: Tournament) -> dict[str, Export]:
    """The exports that apply to ``t``, in the order of :data:`EXPORTS`."""
    return {key: e for key, e in EXPORTS.items() if e.applies(t)}
