"""The files a tournament can be exported as, in one list (:data:`EXPORTS`).

The director's page links every entry and ``/t/{id}/export/{key}`` serves it; a format
added here (by the formats it writes) appears on the page with no other change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fairpair.web.service import Service

__all__ = ["EXPORTS", "Export"]


@dataclass(frozen=True)
class Export:
    """One export format: what the page calls it, the file name's suffix, its media
    type and how the text is made from a stored tournament."""

    label: str
    suffix: str
    media_type: str
    render: Callable[[Service, str], str]


def _trf(service: Service, tid: str) -> str:
    return service.export_trf(tid)


def _json(service: Service, tid: str) -> str:
    service.load(tid)
    return service.store.document(tid)


#: key (in the address) -> the format.
EXPORTS: dict[str, Export] = {
    "trf": Export("FIDE TRF (rating-report file)", "trf", "text/plain; charset=utf-8", _trf),
    "json": Export("fairpair JSON document (everything)", "json", "application/json", _json),
}
