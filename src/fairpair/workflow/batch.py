"""Many pairing requests in one process: one JSON object per line in, one per line out.

Platforms that pair many small events pay Python's start-up once (``fairpair batch``).
A request::

    {"id": 7, "system": "dutch", "trf": "012 ...\\n001 ..."}          # a TRF text
    {"id": 8, "tournament": {...fairpair JSON document...}, "round": 3, "options": {"seed": 1}}

``id`` is echoed back (any JSON value); ``system`` defaults to the tournament's;
``round`` to the next one; ``options`` are the system's options. The answer::

    {"id": 7, "ok": true, "round": 5, "pairs": [[12, 3], [5, 9]], "bye": 14}
    {"id": 8, "ok": false, "exit_code": 1, "error": "round 3 cannot be paired: ..."}

with the exit codes of the command line (1: no legal pairing or pending results, 2: bad
request). A bad line never stops the batch.

With ``jobs`` > 1 (``fairpair batch --jobs N``) the requests are answered by that many
worker processes, forked once; the answers still come in the order of the requests,
each as soon as it and those before it are ready.

>>> import json
>>> doc = {"format": "fairpair-tournament", "version": 1, "system": "dutch",
...        "players": [{"number": 1, "name": "A", "rating": 2000},
...                    {"number": 2, "name": "B", "rating": 1900}], "rounds": []}
>>> answer_line(json.dumps({"id": "x", "tournament": doc}))
'{"id": "x", "ok": true, "round": 1, "pairs": [[1, 2]], "bye": null}'
"""

from __future__ import annotations

import json
import multiprocessing
import os
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from fairpair.errors import FairpairError, InputError
from fairpair.formats import jsondoc, trf
from fairpair.model import Tournament
from fairpair.workflow.rounds import pair_round

__all__ = ["MAX_LINE", "answer", "answer_line", "answer_lines", "default_jobs"]

#: Longest request line accepted (characters).
MAX_LINE = 10_000_000


def _tournament(request: Mapping[str, Any], from_text: bool) -> Tournament:
    if "trf" in request:
        text = request["trf"]
        if not isinstance(text, str):
            raise InputError("trf is not a string", expected="the TRF file's text", field="trf")
        return trf.loads(text, file="<request trf>")[0]
    if "tournament" in request:
        document = request["tournament"]
        if not isinstance(document, Mapping):
            raise InputError(
                "tournament is not an object",
                expected="a JSON tournament document",
                field="tournament",
            )
        # from_text: the document was read by json.loads, its keys are strings, so
        # json.dumps writes no key twice in an object
        text = json.dumps(document)
        return jsondoc.loads(text, file="<request tournament>", unique_keys=from_text)[0]
    raise InputError(
        "no tournament", expected='a "trf" text or a "tournament" document', field="tournament"
    )


def answer(request: Any) -> dict[str, Any]:
    """The answer to one request (already parsed from JSON)."""
    return _answer(request, from_text=False)


def _answer(request: Any, from_text: bool) -> dict[str, Any]:
    """:func:`answer`; ``from_text``: ``request`` is what :func:`json.loads` made."""
    ident = request.get("id") if isinstance(request, Mapping) else None
    try:
        if not isinstance(request, Mapping):
            raise InputError(
                "the request is not a JSON object", expected='{"trf": ...}', field="request"
            )
        t = _tournament(request, from_text)
        options = request.get("options", {})
        if not isinstance(options, Mapping):
            raise InputError(
                "options is not an object", expected='{"seed": 1, ...}', field="options"
            )
        wanted = request.get("round")
        if wanted is not None and (not isinstance(wanted, int) or isinstance(wanted, bool)):
            raise InputError(f"round {wanted!r}", expected="a round number", field="round")
        if wanted is not None and wanted != t.next_round():
            raise InputError(
                f"round {wanted}", expected=f"the next round, {t.next_round()}", field="round"
            )
        pairing = pair_round(t, wanted, system=request.get("system"), options=options).pairing
    except FairpairError as exc:
        return {"id": ident, "ok": False, "exit_code": exc.exit_code, "error": str(exc)}
    return {
        "id": ident,
        "ok": True,
        "round": pairing.round,
        "pairs": [[b.white, b.black] for b in pairing.boards],
        "bye": pairing.bye,
    }


def answer_line(line: str) -> str:
    """One request line -> one answer line (JSON, no newline)."""
    if len(line) > MAX_LINE:
        result: dict[str, Any] = {
            "id": None,
            "ok": False,
            "exit_code": 2,
            "error": f"a request of {len(line)} characters, expected at most {MAX_LINE}",
        }
    else:
        try:
            request = json.loads(line)
        except (ValueError, RecursionError) as exc:
            message = f"<request>: not JSON ({type(exc).__name__}: {str(exc)[:200]})"
            result = {"id": None, "ok": False, "exit_code": 2, "error": message}
        else:
            result = _answer(request, from_text=True)
    return json.dumps(result, ensure_ascii=False)


def default_jobs() -> int:
    """The number of CPUs this process may use (``--jobs 0``)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def answer_lines(lines: Iterable[str], jobs: int = 1) -> Iterator[str]:
    """Answer every non-blank line, in order; ``jobs`` > 1: in that many worker
    processes (see the module documentation)."""
    requests = (line for line in lines if line.strip())
    if jobs <= 1:
        for line in requests:
            yield answer_line(line)
        return
    methods = multiprocessing.get_all_start_methods()
    # fork: the workers start with everything imported, at no cost.
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with context.Pool(jobs) as pool:
        # chunksize 1: a worker never waits for more lines than the one it answers.
        yield from pool.imap(answer_line, requests, chunksize=1)
