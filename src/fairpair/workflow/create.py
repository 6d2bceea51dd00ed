"""Creating a tournament from a player list.

The new tournament carries everything later commands need: its system, number of
rounds, point system (Netrunner 3/1/0 prestige...), name, initial colour and the system
options given at creation (``settings.options``: the seed of a system that draws lots,
...), so that ``next`` and ``pair`` pair it the same way. A FIDE Dutch tournament
records its rules as TRF-2026 record 192 (a header): ``dutch`` gets the edition in force
(``FIDE_DUTCH_2026`` since 1 February 2026), ``dutch-2017`` / ``dutch-2026`` theirs.

Pairing numbers follow the system's initial order (its descriptor's ``initial_order``):
FIDE Dutch by rating, title and name (C.04.2 B); TCEC by its group seeding (or random
seeding); Netrunner and McMahon as listed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fairpair.errors import ConflictError, InputError
from fairpair.formats.csv import SeedEntry
from fairpair.formats.text import clean_text
from fairpair.formats.trf.event import with_event
from fairpair.model import Colour, Player, Tournament
from fairpair.systems import descriptor_of, descriptors
from fairpair.systems.tcec import group_labels, group_seeding, random_seeding, recommended_groups
from fairpair.workflow.players import fide_initial_order, renumber

__all__ = [
    "MAX_ROUNDS",
    "edit_event",
    "new_from_tournament",
    "new_mcmahon_tournament",
    "new_tournament",
    "seeded_tournament",
    "seeding_table",
    "tcec_seeding",
]

#: Most rounds a tournament may have (a TRF line holds at most this many round blocks
#: comfortably; override by editing the file if you really need more).
MAX_ROUNDS = 99


def _check_rounds(rounds: int) -> None:
    if not 1 <= rounds <= MAX_ROUNDS:
        raise InputError(
            f"{rounds} rounds",
            expected=f"a number of rounds from 1 to {MAX_ROUNDS}",
            field="rounds",
        )


def tcec_seeding(players: Sequence[Player], seeding: str | None, seed: int | None) -> list[Player]:
    """TCEC seeding (spec "Seeding"): players by rating (highest first, stable), then
    ``group`` seeding with the recommended number of groups (``group:G`` for G groups),
    ``random`` seeding (with ``seed``), or ``rating`` (seed = rating order)."""
    by_strength = sorted(players, key=lambda p: -p.rating)
    method = (seeding or "group").lower()
    if method == "rating":
        return by_strength
    if method == "random":
        return random_seeding(by_strength, 0 if seed is None else seed)
    if method == "group" or method.startswith("group:"):
        text = method.partition(":")[2]
        if text and not text.isdigit():
            raise InputError(
                f"seeding {seeding!r}", expected="group, group:G, random or rating", field="seeding"
            )
        groups = int(text) if text else recommended_groups(len(players))
        return group_seeding(by_strength, groups)
    raise InputError(
        f"seeding {seeding!r}", expected="group, group:G, random or rating", field="seeding"
    )


def _ordered(
    system: str, players: Sequence[Player], seeding: str | None, seed: int | None
) -> tuple[Player, ...]:
    order = descriptor_of(system).initial_order
    if order == "fide":
        if seeding not in (None, "rating"):
            raise InputError(
                f"seeding {seeding!r} for {system}",
                expected="no seeding (FIDE initial order: rating, title, name)",
                field="seeding",
            )
        return renumber(fide_initial_order(players))
    if order == "groups":
        return renumber(tcec_seeding(players, seeding, seed))
    if seeding not in (None, "file"):
        raise InputError(
            f"seeding {seeding!r} for {system}", expected="no seeding", field="seeding"
        )
    return renumber(players)


def new_tournament(
    players: Sequence[Player],
    *,
    system: str,
    rounds: int,
    name: str | None = None,
    options: Mapping[str, Any] | None = None,
    double: bool = False,
    seeding: str | None = None,
    initial_colour: Colour | None = None,
    event: Mapping[str, str | Sequence[str] | None] | None = None,
) -> Tournament:
    """A new tournament of ``players`` (numbered by the system's initial order).

    ``rounds`` counts pairings; with ``double`` (TCEC double rounds, double-sided
    Netrunner) each pairing fills two round columns. ``options`` are stored and used by
    every later pairing (e.g. ``{"seed": 7}``). ``event``: the event records of a
    rating report (city, federation, start, end, type, arbiter, deputy, time_control;
    see :func:`fairpair.formats.trf.event.with_event`).
    """
    descriptor = descriptor_of(system)
    if descriptor.initial_order == "go":
        raise InputError(
            f"a {system} tournament needs Go ranks",
            expected="a player list with Go ranks (new_mcmahon_tournament)",
            field="system",
        )
    _check_rounds(rounds)
    if double and not descriptor.double_rounds:
        raise InputError(
            f"double rounds in a {system} tournament",
            expected="single rounds (double rounds: "
            + ", ".join(d.name for d in descriptors() if d.double_rounds)
            + ")",
            field="double",
        )
    if not players:
        raise InputError("no players", expected="at least one player", field="players")
    opts, chosen = descriptor.split_options(options or {})
    seed = opts.get("seed")
    ordered = _ordered(system, players, seeding, seed if isinstance(seed, int) else None)
    if initial_colour is None:
        initial_colour = descriptor.initial_colour
    settings: dict[str, Any] = {"options": opts} if opts else {}
    name = None if name is None else _event_name(name)
    headers: tuple[tuple[str, str], ...] = (("012", name or f"{system} tournament"),)
    rules = opts.get("rules")
    kind = None if descriptor.type_record is None else descriptor.type_record(rules)
    if kind is not None:
        # FIDE Dutch: the rules in force (2026 since 1 February 2026), or those the
        # system / `-O rules=` names, as TRF-2026 record 192 (written to TRF and JSON).
        headers += (("192", kind),)
    t = Tournament(
        players=ordered,
        total_rounds=rounds * (2 if double else 1),
        points=descriptor.points,
        initial_colour=initial_colour,
        headers=headers,
        system=system,
        settings=settings,
        double_rounds=double,
    )
    t = _with_settings(t, chosen)
    return with_event(t, event) if event else t


def _with_settings(t: Tournament, chosen: Mapping[str, Any]) -> Tournament:
    """``t`` with the event settings ``chosen`` (typed by the descriptor) stored."""
    if not chosen:
        return t
    apply = descriptor_of(t.system).apply_settings
    assert apply is not None  # only a system with settings declares any
    result: Tournament = apply(t, chosen)
    return result


def new_mcmahon_tournament(
    csv_text: str,
    file: str,
    *,
    rounds: int,
    name: str | None = None,
    bar: str | None = None,
    zero: str = "top",
    options: Mapping[str, Any] | None = None,
) -> Tournament:
    """A new AGA McMahon tournament from a Go player list (name, rank and/or AGA rating,
    club, ...), with bands and initial McMahon scores built automatically."""
    from fairpair.systems.mcmahon.players import players_from_csv

    _check_rounds(rounds)
    _check_bar(bar)
    opts, chosen = descriptor_of("mcmahon").split_options(options or {})
    players = players_from_csv(csv_text, file)
    return _mcmahon_of(Tournament(players=tuple(players)), rounds, name, bar, zero, opts, chosen)


def _check_bar(bar: str | None) -> None:
    from fairpair.systems.mcmahon.ranks import parse_rank

    if bar is not None:
        try:
            parse_rank(bar)
        except ValueError:
            raise InputError(f"bar {bar!r}", expected="a rank like 5d or 2k", field="bar") from None


def _mcmahon_of(
    t: Tournament,
    rounds: int,
    name: str | None,
    bar: str | None,
    zero: str,
    opts: Mapping[str, Any],
    chosen: Mapping[str, Any],
) -> Tournament:
    """``t`` (its players, and the rounds, headers and settings a file gave it) as a
    McMahon tournament of ``rounds`` rounds with bands built automatically; ``bar``
    (else the file's) and ``zero`` decide them; ``chosen``: the event settings the
    director gave (over the file's)."""
    from fairpair.systems.mcmahon.bands import McMahonSettings, build_bands

    stored = t.settings.get("mcmahon", {})
    settings = McMahonSettings.from_dict(stored if isinstance(stored, Mapping) else {})
    bar = bar if bar is not None else settings.bar
    try:
        bands = build_bands(t.players, rounds, bar=bar, zero=zero)
    except ValueError as exc:
        raise InputError(str(exc), expected="Go ranks such as 5k or 1d", field="players") from None
    headers = [(code, text) for code, text in t.headers if code != "012"]
    title = (name and _event_name(name)) or dict(t.headers).get("012") or "McMahon tournament"
    extra = {k: v for k, v in t.settings.items() if k != "options"}  # apply() sets the rest
    made = t.replace(
        total_rounds=rounds,
        system="mcmahon",
        headers=(("012", title), *headers),
        settings=({"options": dict(opts)} if opts else {}) | extra,
    )
    return _with_settings(settings.replace(bar=bar, zero=zero, bands=bands).apply(made), chosen)


def new_from_tournament(
    source: Tournament,
    *,
    system: str,
    rounds: int,
    name: str | None = None,
    options: Mapping[str, Any] | None = None,
    double: bool = False,
    seeding: str | None = None,
    bar: str | None = None,
    zero: str = "top",
) -> Tournament:
    """A new tournament from another program's file (OpenGotha, NRTM ...) read into
    ``source``: its players, and, for a system that keeps the file's order of players
    (McMahon, Netrunner), the rounds it already has. A Go system gets bands as from a
    CSV list (:func:`new_mcmahon_tournament`)."""
    _check_rounds(rounds)
    if not source.players:
        raise InputError("no players", expected="at least one player", field="players")
    played = max(source.total_rounds or 0, len(source.rounds)) if source.rounds else 0
    if played > rounds:
        raise InputError(
            f"{rounds} rounds, but the file has {played}",
            expected=f"at least {played} rounds",
            field="rounds",
        )
    descriptor = descriptor_of(system)
    if descriptor.initial_order == "go":
        _check_bar(bar)
        opts, chosen = descriptor.split_options(options or {})
        return _mcmahon_of(source, rounds, name, bar, zero, opts, chosen)
    made = new_tournament(
        source.players,
        system=system,
        rounds=rounds,
        name=name or dict(source.headers).get("012"),
        options=options,
        double=double,
        seeding=seeding,
    )
    if any(entry.games or entry.byes for entry in source.rounds):
        if [p.name for p in made.players] != [p.name for p in source.players]:
            raise InputError(
                f"the file has rounds, and {system} orders its players anew",
                expected="a file without rounds, or a system that keeps the file's order",
                field="system",
            )
        made = made.replace(rounds=source.rounds)
    return made


def seeding_table(
    entries: list[SeedEntry],
    *,
    groups: int | None = None,
    random_seed: int | None = None,
    keep_file_order: bool = False,
) -> list[tuple[int, str, SeedEntry]]:
    """(seed, group label or "", entry) in seed order."""
    by_strength = (
        list(entries) if keep_file_order else sorted(entries, key=lambda e: -e.rating)
    )  # sorted() is stable: equal ratings keep the file order
    if random_seed is not None:
        order = random_seeding(by_strength, random_seed)
        return [(i + 1, "", entry) for i, entry in enumerate(order)]
    count = recommended_groups(len(entries)) if groups is None else groups
    order = group_seeding(by_strength, count)
    labels = group_labels(len(entries), count)
    return [(i + 1, labels[i], entry) for i, entry in enumerate(order)]


def seeded_tournament(
    table: list[tuple[int, str, SeedEntry]],
    *,
    double: bool = False,
    rounds: int | None = None,
    name: str | None = None,
) -> Tournament:
    """A new TCEC tournament: pairing number = seed."""
    return Tournament(
        players=tuple(
            Player(number=seed, name=entry.name, rating=entry.rating) for seed, _, entry in table
        ),
        total_rounds=rounds,
        headers=(("012", name),) if name else (),
        system="tcec",
        double_rounds=double,
    )


def _event_name(name: str) -> str:
    """A tournament's name under the text policy (:mod:`fairpair.formats.text`): a
    line break or a control character is refused naming ``name``, never stored."""
    return clean_text(name, "name")


def edit_event(
    t: Tournament,
    *,
    rounds: int | None = None,
    name: str | None = None,
    options: Mapping[str, Any] | None = None,
    event: Mapping[str, str | Sequence[str] | None] | None = None,
) -> Tournament:
    """Change the number of rounds (never below the rounds already paired), the name,
    the event records of ``event`` (see :func:`fairpair.formats.trf.event.with_event`:
    an empty text removes a record), or the system's options and event settings
    (``options``, as ``-O NAME=VALUE`` gives them: McMahon handicaps, komi, bands ...),
    these only until round 1 is paired."""
    if event:
        t = with_event(t, event)
    if options:
        descriptor = descriptor_of(t.system)
        opts, chosen = descriptor.split_options(options)
        if t.rounds_played:
            names = ", ".join(sorted({*opts, *chosen}))
            raise ConflictError(
                f"{names}: the options and settings of an event cannot change once round 1 "
                "is paired",
                expected="unpair every round first, or keep them as they are",
            )
        stored = dict(t.settings.get("options", {}))
        stored.update(opts)
        settings = dict(t.settings)
        if stored:
            settings["options"] = stored
        t = _with_settings(t.replace(settings=settings), chosen)
    if rounds is not None:
        _check_rounds(rounds)
        columns = rounds * (2 if t.double_rounds else 1)
        if columns < t.rounds_played or columns < len(t.rounds):
            raise InputError(
                f"{rounds} rounds",
                expected="at least the rounds already paired or with byes entered",
                field="rounds",
            )
        t = t.replace(total_rounds=columns)
    if name is not None:
        clean = _event_name(name)
        if not clean or len(clean) > 200:
            raise InputError(
                f"name {name!r}", expected="a name of 1 to 200 characters", field="name"
            )
        headers = [(code, text) for code, text in t.headers if code != "012"]
        t = t.replace(headers=(("012", clean), *headers))
    return t
