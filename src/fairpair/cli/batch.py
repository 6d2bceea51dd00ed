"""``fairpair batch``: answer pairing requests, one JSON object per line (see
:mod:`fairpair.workflow.batch`)."""

from __future__ import annotations

import sys

import click

from fairpair.cli.params import NUMBER
from fairpair.workflow.batch import answer_lines, default_jobs

__all__ = ["batch_command"]


@click.command("batch")
@click.argument("requests", required=False, type=click.File("r", encoding="utf-8"))
@click.option(
    "-j",
    "--jobs",
    type=NUMBER,
    default=1,
    show_default=True,
    help="Worker processes answering requests in parallel (0: one per CPU). The "
    "answers stay in the order of the requests.",
)
def batch_command(requests: click.utils.LazyFile | None, jobs: int) -> int:
    """Pair many tournaments with one start-up: read one JSON request per line (stdin, or
    REQUESTS) and write one JSON answer per line, in order, flushed as it is ready.

    \b
    A request: {"id": ..., "trf": "TRF text"} or {"id": ..., "tournament": {JSON
    document}}, optionally "system", "round" (must be the next one) and "options".
    An answer: {"id": ..., "ok": true, "round": R, "pairs": [[white, black], ...],
    "bye": N or null}, or {"id": ..., "ok": false, "exit_code": 1|2, "error": "..."}.
    A bad request gets an error answer; the batch goes on. Exit code 0.

    \b
    Examples:
      fairpair batch < requests.jsonl > answers.jsonl
      fairpair batch --jobs 0 < requests.jsonl > answers.jsonl   # all CPUs
    """
    source = requests if requests is not None else sys.stdin
    out = sys.stdout
    for answer in answer_lines(source, jobs or default_jobs()):
        out.write(answer + "\n")
        out.flush()
    return 0
