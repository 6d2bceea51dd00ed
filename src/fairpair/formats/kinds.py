"""The registry of tournament file kinds: what ``fairpair convert`` and ``fairpair new``
read and write (docs/formats.md).

A :class:`Kind` has a name (what ``--format`` takes), a summary, a test of a file's
first bytes (``detect``), a reader (a file's content -> tournament and warnings;
:meth:`Kind.read` reads it from a path) and a writer (tournament -> text). The input of
``convert`` and ``new`` and the web app's import are recognised by their content, one
rule for both (:func:`detect` for a path, :func:`detect_bytes` for a content;
:func:`load` and :func:`loads` read what they find): a source declared JSON (a
``.json`` name, a JSON content type) or whose content opens with ``{`` or ``[`` is an
NRTM export if the whole of it is one, else a fairpair JSON document (whose reader
says what is wrong with it); otherwise the detectors are tried in the registry's order,
the first that accepts the first :data:`HEAD_BYTES` bytes wins, and TRF is the answer
when none does (a TRF has no signature).

Adding a kind (NRTM JSON, for example): write its module in ``fairpair/formats/``
with ``detect(head: bytes) -> bool``, ``loads(data: bytes, file=...) -> (Tournament,
warnings)`` and ``dumps(t, context) -> str``, and add one :class:`Kind` line to
:func:`_builtin`, *before* ``json`` if its files are JSON too (its detector must then
refuse a fairpair document, whose ``"format"`` is ``"fairpair-tournament"``). Its name
then works in ``convert --format`` and its files in ``convert``, ``new`` and the web
app's import.

Writers take a ``context``: what a format needs that only the pairing system knows
(the Go handicap of each game, the rank of each player); the workflow fills it in
(``workflow.export``, :mod:`fairpair.workflow.convert`), a writer uses what it finds there.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from fairpair import limits
from fairpair.model import Tournament

__all__ = [
    "HEAD_BYTES",
    "Kind",
    "detect",
    "detect_bytes",
    "dumps",
    "kind_named",
    "kinds",
    "load",
    "loads",
    "names",
    "recognise",
]

#: How much of a file the detectors see.
HEAD_BYTES = 4096

#: Read a file's content (``bytes``); the ``str`` names the file in messages.
Reader = Callable[[bytes, str], tuple[Tournament, list[str]]]
Writer = Callable[[Tournament, Mapping[str, Any]], str]


@dataclass(frozen=True)
class Kind:
    """One kind of tournament file."""

    name: str
    summary: str
    #: Does a file starting with these bytes belong to this kind? (None: never
    #: recognised by content, only named.)
    detect: Callable[[bytes], bool] | None
    #: Read the content of a file of this kind (None: this kind is only written).
    loads: Reader | None
    #: Write a tournament as this kind (None: only read).
    write: Writer | None
    #: The usual file name ending, for messages and examples.
    extension: str = ""

    @property
    def readable(self) -> bool:
        """Can files of this kind be read?"""
        return self.loads is not None

    def read(self, path: str | os.PathLike[str]) -> tuple[Tournament, list[str]]:
        """Read the file at ``path`` (refused before it is read when it is over the
        ``file_bytes`` limit; OSError when it cannot be opened)."""
        if self.loads is None:
            raise ValueError(f"{self.name} files are not read")
        name = os.fspath(path)
        return self.loads(limits.read_file(name), name)


# -- the built-in kinds (each module imported when it is used) ------------------------


def _read_trf(data: bytes, file: str) -> tuple[Tournament, list[str]]:
    from fairpair.formats import trf

    return trf.loads(data, file=file)


def _write_trf(t: Tournament, context: Mapping[str, Any]) -> str:
    from fairpair.formats import trf

    del context
    return trf.dumps(t)


def _write_trf2026(t: Tournament, context: Mapping[str, Any]) -> str:
    from fairpair.formats import trf

    del context
    return trf.dumps(t, flavour="trf2026")


def _detect_json(head: bytes) -> bool:
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return text.startswith(b"{") and b'"fairpair-tournament"' in head


def _opens_json(head: bytes) -> bool:
    """Does a content starting with ``head`` open as JSON text (an object or an array,
    after a byte order mark and blanks)? A TRF never does."""
    return head.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"{", b"[")


def _read_json(data: bytes, file: str) -> tuple[Tournament, list[str]]:
    from fairpair.formats import jsondoc

    return jsondoc.loads(data, file=file)


def _write_json(t: Tournament, context: Mapping[str, Any]) -> str:
    from fairpair.formats import jsondoc

    return jsondoc.dumps(t, sides=context.get("sides", jsondoc.WHITE_BLACK))


def _detect_opengotha(head: bytes) -> bool:
    from fairpair.formats import opengotha

    return opengotha.detect(head)


def _read_opengotha(data: bytes, file: str) -> tuple[Tournament, list[str]]:
    from fairpair.formats import opengotha

    return opengotha.loads(data, file=file)


def _write_opengotha(t: Tournament, context: Mapping[str, Any]) -> str:
    from fairpair.formats import opengotha

    return opengotha.dumps(t, handicaps=context.get("handicaps"), ranks=context.get("ranks"))


def _detect_nrtm(head: bytes) -> bool:
    """An NRTM document: a JSON object with NRTM's keys, never a fairpair document (the
    whole file is parsed by the reader; the head is enough to tell)."""
    from fairpair.formats import nrtm

    if not nrtm.may_be(head):
        return False
    return b'"players"' in head and (b'"rounds"' in head or b'"eliminationPlayers"' in head)


def _read_nrtm(data: bytes, file: str) -> tuple[Tournament, list[str]]:
    from fairpair.formats import nrtm

    if not nrtm.holds(data):  # the head looked like NRTM, the whole file is not
        return _read_json(data, file)  # which says what is wrong with it
    return nrtm.loads(data, file=file)


def _write_nrtm(t: Tournament, context: Mapping[str, Any]) -> str:
    from fairpair.formats import nrtm

    return nrtm.dumps(t, context["nrtm_standings"])


def _builtin() -> tuple[Kind, ...]:
    return (
        Kind(
            "opengotha",
            "OpenGotha tournament file (XML; Go, also pairgoth)",
            _detect_opengotha,
            _read_opengotha,
            _write_opengotha,
            ".xml",
        ),
        # before json: its detector refuses a fairpair document
        Kind(
            "nrtm",
            "NRTM JSON (Cobra, Aesop's Tables, AlwaysBeRunning; Netrunner)",
            _detect_nrtm,
            _read_nrtm,
            _write_nrtm,
            ".json",
        ),
        Kind(
            "json",
            "fairpair JSON tournament document",
            _detect_json,
            _read_json,
            _write_json,
            ".json",
        ),
        Kind(
            "trf",
            "FIDE TRF with the JaVaFo/bbpPairings extensions (lossless)",
            None,
            _read_trf,
            _write_trf,
            ".trf",
        ),
        Kind(
            "trf2026",
            "plain TRF-2026 (records 142/152/162/250/260, CR LF; no XX/BB extensions)",
            None,
            None,
            _write_trf2026,
            ".trf",
        ),
    )


_KINDS: dict[str, Kind] = {kind.name: kind for kind in _builtin()}


def kinds() -> tuple[Kind, ...]:
    """Every kind, in detection order."""
    return tuple(_KINDS.values())


def names(*, readable: bool = False, writable: bool = False) -> tuple[str, ...]:
    """The kinds' names (only those that can be read / written, if asked)."""
    return tuple(
        k.name
        for k in _KINDS.values()
        if (not readable or k.readable) and (not writable or k.write is not None)
    )


def kind_named(name: str) -> Kind:
    """The kind called ``name`` (KeyError if there is none)."""
    return _KINDS[name]


def recognise(head: bytes) -> Kind | None:
    """The kind whose detector accepts ``head`` (a file's first bytes), None if none
    does (a TRF, a CSV list, anything else)."""
    for kind in _KINDS.values():
        if kind.detect is not None and kind.readable and kind.detect(head):
            return kind
    return None


def _identify(head: bytes, holds_nrtm: Callable[[], bool], declared_json: bool) -> Kind:
    """The one rule of :func:`detect` and :func:`detect_bytes`: ``head`` the first
    bytes, ``holds_nrtm`` whether the whole content is an NRTM document (asked only
    when the head may be one), ``declared_json`` a ``.json`` name or a JSON content
    type."""
    if declared_json or _opens_json(head):  # an NRTM export, else a fairpair document
        if _detect_nrtm(head) and holds_nrtm():
            return _KINDS["nrtm"]
        return _KINDS["json"]
    return recognise(head) or _KINDS["trf"]


def detect(path: str | os.PathLike[str]) -> Kind:
    """The kind of the file at ``path`` (the rule of the module's text; a ``.json`` name
    declares JSON). OSError if the file cannot be read (the reader says it better: the
    caller may let it read the file)."""
    from fairpair.formats import nrtm

    name = os.fspath(path)
    with open(name, "rb") as handle:
        head = handle.read(HEAD_BYTES)
    return _identify(head, lambda: nrtm.sniff(name), name.lower().endswith(".json"))


def detect_bytes(data: bytes, *, json: bool = False) -> Kind:
    """The kind of a file whose whole content is ``data`` (the rule of the module's
    text); ``json``: the source declares JSON (a JSON content type)."""
    from fairpair.formats import nrtm

    return _identify(data[:HEAD_BYTES], lambda: nrtm.holds(data), json)


def load(path: str | os.PathLike[str]) -> tuple[Tournament, list[str], Kind]:
    """Read ``path`` as the kind its content says (:func:`detect`): the tournament,
    the warnings and the kind. A file that cannot be opened is left to the TRF
    reader, which names it."""
    name = os.fspath(path)
    try:
        kind = detect(name)
    except OSError:
        kind = _KINDS["trf"]
    tournament, warnings = kind.read(name)
    return tournament, warnings, kind


def loads(data: bytes, *, file: str, json: bool = False) -> tuple[Tournament, list[str], Kind]:
    """Read the content ``data`` as the kind it is (:func:`detect_bytes`; ``json``: the
    source declares JSON), ``file`` naming it in messages: the tournament, the warnings
    and the kind."""
    kind = detect_bytes(data, json=json)
    assert kind.loads is not None
    tournament, warnings = kind.loads(data, file)
    return tournament, warnings, kind


def dumps(t: Tournament, kind: Kind, context: Mapping[str, Any] | None = None) -> bytes:
    """``t`` written as ``kind``, encoded, checked against the ``file_bytes`` limit
    (what fairpair writes it must be able to read back)."""
    if kind.write is None:
        raise ValueError(f"{kind.name} files are not written")
    data = kind.write(t, context or {}).encode("utf-8")
    limits.check("file_bytes", len(data), "bytes of the written file")
    return data
