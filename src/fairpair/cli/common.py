"""Helpers shared by the CLI commands: loading files, writing output, system options."""

from __future__ import annotations

import contextlib
import functools
import json
import math
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ParamSpec, TypeVar

import click

from fairpair.errors import InputError
from fairpair.model import Pairing, Tournament, format_points, paused_gc

__all__ = [
    "about",
    "bulk",
    "load",
    "not_the_input",
    "options_help",
    "pairing_json",
    "parse_options",
    "save",
    "warn",
    "write_text",
]


@contextlib.contextmanager
def about(path: str) -> Iterator[None]:
    """Attribute an :class:`InputError` raised inside the block without a file name to
    ``path`` (the tournament file a workflow command works on)."""
    try:
        yield
    except InputError as exc:
        if exc.file is None:
            raise exc.with_file(path) from None
        raise


P = ParamSpec("P")
R = TypeVar("R")


def bulk(command: Callable[P, R]) -> Callable[P, R]:
    """Run ``command`` (one that reads, ranks or writes a whole tournament) with the
    garbage collector paused, see :func:`fairpair.model.paused_gc`: a 10 MB file is a
    million objects, which the collector would otherwise walk again after every
    step of the command."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with paused_gc():
            return command(*args, **kwargs)

    return wrapper


def not_the_input(output: str | None, *inputs: str) -> None:
    """Refuse an output path that names one of the input files (a printout written
    over the tournament would destroy it)."""
    if output is None or output == "-" or not os.path.exists(output):
        return
    for path in inputs:
        if os.path.exists(path) and os.path.samefile(output, path):
            raise InputError(
                "the output would overwrite the input file",
                expected="another output file name",
                file=output,
            )


def warn(messages: Iterable[str]) -> None:
    for message in messages:
        click.echo(f"fairpair: warning: {message}", err=True)


def _os_error(path: str, exc: OSError, action: str = "open") -> InputError:
    reason = exc.strerror or str(exc)
    if action == "write":
        return InputError(
            f"cannot write file: {reason}",
            expected="a writable file with room on its disk (the old file, if any, is unchanged)",
            file=path,
        )
    return InputError(f"cannot {action} file: {reason}", file=path)


def load(path: str, *, quiet: bool = False, layout: bool = True) -> Tournament:
    """Load a tournament (TRF or JSON by extension); warnings go to stderr.
    ``layout=False`` for a tournament that is not saved again (see
    :func:`fairpair.formats.load_tournament`)."""
    from fairpair.formats import load_tournament

    if os.path.isdir(path):
        raise InputError("is a directory", expected="a TRF or JSON tournament file", file=path)
    try:
        tournament, warnings = load_tournament(path, layout=layout)
    except OSError as exc:
        raise _os_error(path, exc) from None
    except InputError:
        _other_kind(path)
        raise
    if not quiet:
        warn(warnings)
    return tournament


def _other_kind(path: str) -> None:
    """Refuse a file of another program (OpenGotha ...) that a command was given as
    its tournament, saying how to make one of it (the TRF reader's error would only
    say that no TRF record was found)."""
    from fairpair.formats import kinds

    try:
        with open(path, "rb") as handle:
            kind = kinds.recognise(handle.read(kinds.HEAD_BYTES))
    except OSError:
        return
    if kind is not None and kind.name != "json":
        raise InputError(
            f"{kind.summary}, not a fairpair tournament",
            expected=f"a TRF or JSON tournament: `fairpair convert {path} -o FILE.json` makes one",
            file=path,
        )


def save(tournament: Tournament, path: str) -> None:
    from fairpair.formats import save_tournament

    try:
        save_tournament(tournament, path)
    except OSError as exc:
        raise _os_error(path, exc, "write") from None


def write_text(text: str, path: str | None) -> None:
    """Write ``text`` to ``path``, or to stdout when ``path`` is None or ``-``."""
    if path is None or path == "-":
        click.echo(text, nl=not text.endswith("\n"))
        return
    from fairpair.formats.atomic import atomic_write_text

    try:
        atomic_write_text(path, text)
    except OSError as exc:
        raise _os_error(path, exc, "write") from None


def require_players(t: Tournament, file: str) -> None:
    """Refuse a tournament without players (a header and no player records) for the
    director's commands: "0 boards" with exit code 0 hid the mistake. (``--dutch``, the
    bbpPairings interface, keeps bbpPairings' answer.)"""
    if not t.players:
        raise InputError(
            "the tournament has no players",
            expected='player records (001 lines of a TRF, "players" of a JSON document); '
            "fairpair add-player adds them",
            file=file,
        )


def write_texts(items: list[tuple[str, str]]) -> None:
    """Write several ``(text, path)`` files as one command's output: all or none (a
    command that fails writes nothing)."""
    from fairpair.formats.atomic import atomic_write_many

    try:
        atomic_write_many([(path, text.encode("utf-8")) for text, path in items])
    except OSError as exc:
        failed = items[-1][1]
        if isinstance(exc.filename, str):  # a temporary file beside the target, or it
            folder = os.path.dirname(os.path.abspath(exc.filename))
            failed = next(
                (p for _, p in items if os.path.dirname(os.path.abspath(p)) == folder), failed
            )
        raise _os_error(failed, exc, "write") from None


_INTEGER = re.compile(r"[-+]?[0-9]+")
_DECIMAL = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]{1,3})?")


def _coerce(value: str) -> Any:
    lowered = value.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    # ASCII numbers of a sane size only: int() also reads "\u0663" and "1_0", float()
    # reads "nan" and "inf" (and a 5000-digit integer would be refused by int()).
    if len(value) <= 40 and _INTEGER.fullmatch(value):
        return int(value)
    if len(value) <= 40 and _DECIMAL.fullmatch(value) and math.isfinite(float(value)):
        return float(value)
    return value


def options_help(stored: bool = False) -> str:
    """The help of ``-O KEY=VALUE``, from the systems' descriptors: each system's own
    options with their values (``fairpair systems`` says what each one does)."""
    from fairpair.systems import descriptors

    parts = []
    for descriptor in descriptors():
        own = [f"{o.name}={o.describe().partition(':')[0]}" for o in descriptor.choices]
        if stored and descriptor.settings:  # event settings: names only (see `systems`)
            own.append("event settings " + ", ".join(o.name for o in descriptor.settings))
        if own:
            parts.append(f"{descriptor.name}: " + "; ".join(own))
    kept = " Stored in the file for every later round." if stored else ""
    return (
        "A system option, repeatable. "
        + " | ".join(parts)
        + " | every system: explain=yes|no, seed=N."
        + kept
        + " Unknown names and bad values are refused; see `fairpair systems`."
    )


def parse_options(items: Iterable[str]) -> dict[str, Any]:
    """``["seed=3", "last-round=yes"]`` -> ``{"seed": 3, "last_round": True}``."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise InputError(f"option {item!r}", expected="KEY=VALUE")
        options[key.strip().replace("-", "_")] = _coerce(value.strip())
    return options


def pairing_json(tournament: Tournament, pairing: Pairing, system: str) -> dict[str, Any]:
    """The rich JSON form of a pairing: boards with names, ratings, scores and colours."""
    scores = tournament.scores(pairing.round - 1)

    def describe(number: int) -> dict[str, Any]:
        player = tournament.player(number)
        return {
            "number": number,
            "name": player.name,
            "rating": player.rating,
            "score": format_points(scores[number]) if number in scores else "0",
        }

    boards = [
        {"board": index + 1, "white": describe(b.white), "black": describe(b.black)}
        for index, b in enumerate(pairing.boards)
    ]
    rnd = tournament.round(pairing.round)
    not_paired = [
        {"number": n, "name": tournament.player(n).name, "kind": kind.name.lower()}
        for n, kind in sorted(rnd.byes.items())
        if n != pairing.bye
    ]
    document: dict[str, Any] = {
        "system": system,
        "round": pairing.round,
        "double": pairing.double,
        "boards": boards,
        "bye": describe(pairing.bye) if pairing.bye is not None else None,
        "not_paired": not_paired,
    }
    info = dict(pairing.info)
    explanation = info.pop("explanation", None)
    if info:
        document["info"] = _jsonable(info)
    if explanation is not None:
        # The structured explanation (fairpair.explain): once, at the top level.
        document["explanation"] = explanation
    return document


def _jsonable(value: Any) -> Any:
    """Make system extras JSON-serialisable (Fractions become numbers or strings)."""
    from fractions import Fraction

    if isinstance(value, Fraction):
        return float(value) if (value * 1000).denominator == 1 else str(value)
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def dumps_json(document: Any) -> str:
    return json.dumps(_jsonable(document), indent=2, ensure_ascii=False) + "\n"
