"""The web app's operations: each one reads a stored tournament, calls the workflow
(:mod:`fairpair.workflow`) and stores the result. The API (:mod:`fairpair.web.api`)
and the director's page (:mod:`fairpair.web.pages`) both call these; neither has
rules of its own, and no pairing logic lives here either.

What the workflow does not offer is adapted here and marked as such: a tournament
created without players, players given as JSON (checked like a CSV player list).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from sqlalchemy import Connection

from fairpair import limits
from fairpair import workflow as wf
from fairpair.errors import InputError, PendingResultsError
from fairpair.formats.csv import CsvRow, CsvTable, chess_players
from fairpair.model import Pairing, Player, Tournament
from fairpair.standings import Standings
from fairpair.systems import available_systems, get_system
from fairpair.web.errors import ApiError, limit_error, refusals
from fairpair.web.models import PairIn, PlayerIn, PlayerPatch, TokenIn, TournamentIn
from fairpair.web.store import (
    Conflict,
    Grant,
    LastDirectorToken,
    NotFound,
    Report,
    Store,
    Stored,
    TokenInfo,
    hash_token,
    token_id,
)
from fairpair.web.views import round_json
from fairpair.workflow.results import FLAGGED_SCORES, SCORES

__all__ = ["AGREED_REPORTS", "CHESS_COLUMNS", "SETTINGS", "Service"]

#: The event setting that makes a result count once both players report it (off by
#: default: the director confirms every report).
AGREED_REPORTS = "confirm_agreed_reports"
#: The web app's event settings and their defaults.
SETTINGS: dict[str, bool] = {AGREED_REPORTS: False}

#: Columns of the player table built from JSON players (the CSV list's names).
CHESS_COLUMNS = ("name", "rating", "title", "federation", "fide_id", "sex", "birth", "club")
#: Columns of a McMahon (Go) player list built from JSON players.
GO_COLUMNS = ("name", "rank", "rating", "club")

R = TypeVar("R")


def _rating_text(value: int | float | str | None) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _chess_cells(spec: PlayerIn) -> dict[str, str]:
    return {
        "name": spec.name,
        "rating": _rating_text(spec.rating),
        "title": spec.title,
        "federation": spec.federation,
        "fide_id": spec.fide_id,
        "sex": spec.sex,
        "birth": spec.birth,
        "club": spec.club,
    }


def chess_templates(specs: Sequence[PlayerIn]) -> list[Player]:
    """JSON players checked exactly like the rows of a CSV player list (adapter: the
    workflow reads players from CSV tables)."""
    rows = tuple(CsvRow(i + 1, _chess_cells(spec)) for i, spec in enumerate(specs))
    with refusals("players", CHESS_COLUMNS):
        return chess_players(CsvTable("<request>", CHESS_COLUMNS, rows))


def go_csv(specs: Sequence[PlayerIn]) -> str:
    """A McMahon player list as CSV text (header on line 1, player i on line i + 2)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(GO_COLUMNS)
    for spec in specs:
        writer.writerow([spec.name, spec.rank or "", _rating_text(spec.rating), spec.club])
    return out.getvalue()


def chess_tournament(spec: TournamentIn, players: Sequence[Player] | None) -> Tournament:
    """The tournament of ``spec`` with ``players`` (:func:`fairpair.workflow.new_tournament`);
    None: a tournament without players yet (the workflow refuses an empty list, so it is
    called with one placeholder that is then removed; everything else, numbering rules,
    points, options, comes from the workflow)."""
    t = wf.new_tournament(
        [Player(1, "placeholder")] if players is None else players,
        system=spec.system,
        rounds=spec.rounds,
        name=spec.name,
        options=spec.options,
        double=spec.double,
        seeding=spec.seeding,
    )
    return t.replace(players=()) if players is None else t


def _points(value: float | str | None) -> Fraction | None:
    if value is None:
        return None
    text = value.strip().replace("½", "1/2") if isinstance(value, str) else value
    try:
        return limits.parse_number(text, "points", expected="0, 0.5 or 1")
    except InputError as exc:
        raise ApiError(400, exc.message, field="points", expected=exc.expected) from None


def _result_key(result: str) -> str:
    key = result.strip().lower().replace(" ", "")
    if key not in SCORES:
        raise ApiError(
            400,
            f"result {result!r}",
            field="result",
            expected="one of " + ", ".join(SCORES),
        )
    return key


def _entry_key(result: str) -> str:
    """A result a director (or arbiter) enters: one of :data:`SCORES`, or a flagged
    one of :data:`FLAGGED_SCORES` (``id``, ``2-0``, ``0-2``; whether the event's system
    records it is the workflow's rule, :func:`fairpair.workflow.enter_results`, as for
    ``fairpair result``)."""
    key = result.strip().lower().replace(" ", "")
    if key in FLAGGED_SCORES:
        return key
    return _result_key(result)


def _stored_system(t: Tournament) -> wf.SystemChoice:
    """The pairing system of ``t``, made from its stored system and options (an imported
    document may carry options the system does not know: refused here)."""
    with refusals("system"):
        name = wf.system_name_for(t)
        try:
            return wf.choose_system(t, name)
        except (TypeError, ValueError) as exc:
            raise ApiError(
                400,
                f"the stored options {wf.stored_options(t)} for {name}: {exc}",
                field="options",
                expected="options the system accepts",
            ) from None


def _check_system_options(t: Tournament) -> None:
    """The stored system and options must make a pairing system."""
    _stored_system(t)


def _check_texts(t: Tournament) -> None:
    """An imported tournament's names and player fields under the text policy that
    creating and editing apply (:mod:`fairpair.formats.text`): no control or format
    character is stored to reach the pages and the TRF export."""
    from fairpair.formats.text import clean_text

    for index, player in enumerate(t.players):
        for key in ("name", "club", "federation", "fide_id", "title", "sex", "birth_date"):
            value = getattr(player, key)
            if value and (not value.isascii() or not value.isprintable()):
                with refusals(f"players[{index}].{key}"):
                    clean_text(value, f"players[{index}].{key}")
    for code, text in t.headers:
        if code == "012" and (not text.isascii() or not text.isprintable()):
            with refusals(f"headers.{code}"):
                clean_text(text, f"headers.{code}")


def _check_settings(t: Tournament) -> None:
    """The settings a system reads must be readable (their numbers bounded): refused
    here, not on every later read of the stored tournament."""
    check = wf.descriptor_of(t.system).check_settings
    if check is not None:
        with refusals("settings"):
            check(t)


class Service:
    """The operations on the tournaments of one :class:`~fairpair.web.store.Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        #: Called with every stored change (after its transaction), e.g. to prepare
        #: what the pages show of the new version; never fails the change.
        self.listeners: list[Callable[[Stored], None]] = []

    # ------------------------------------------------------------------ reading

    def load(self, tid: str) -> Stored:
        try:
            return self.store.get(tid)
        except NotFound:
            raise ApiError(
                404,
                f"no tournament {tid!r}",
                field="id",
                expected="the id of an existing tournament",
            ) from None

    def _change(
        self,
        tid: str,
        operation: Callable[[Tournament], tuple[Tournament, R]],
        *,
        field: str | None = None,
        also: Callable[[Connection], None] | None = None,
    ) -> tuple[Stored, R]:
        try:
            with refusals(field):
                try:
                    done = self.store.change(tid, operation, also=also)
                except limits.LimitExceeded as exc:  # the stored tournament would be over it
                    raise limit_error(exc, 409, field) from None
        except NotFound:
            raise ApiError(404, f"no tournament {tid!r}", field="id") from None
        except Conflict as exc:
            raise ApiError(503, str(exc), expected="the same request again") from None
        for listener in self.listeners:
            listener(done[0])
        return done

    def _store_new(self, t: Tournament, field: str) -> tuple[str, str]:
        """Store a new tournament (its id and director token), then tell the listeners
        (its pages are prepared at once, as after every change)."""
        with refusals(field):
            tid, token = self.store.create(t)
        try:
            stored = self.store.get(tid)  # kept parsed by the store: no second parse
        except NotFound:  # deleted at once by another request
            return tid, token
        for listener in self.listeners:
            listener(stored)
        return tid, token

    def authorize(self, tid: str, token: str | None, roles: Sequence[str]) -> Grant:
        """The grant of ``token`` if it may act on ``tid`` with one of ``roles``:
        401 without a valid token, 403 for a token of another tournament or role."""
        self.load(tid)
        expected = f"Authorization: Bearer <a {' or '.join(roles)} token of this tournament>"
        if not token:
            raise ApiError(401, "no bearer token", field="Authorization", expected=expected)
        grant = self.store.grant(token)
        if grant is None:
            raise ApiError(401, "unknown token", field="Authorization", expected=expected)
        if grant.expired:
            raise ApiError(
                401,
                f"the token expired at {grant.expires_at}",
                field="Authorization",
                expected=expected,
            )
        if grant.tournament_id != tid:
            raise ApiError(
                403, "the token is for another tournament", field="Authorization", expected=expected
            )
        if grant.role not in roles:
            raise ApiError(
                403,
                f"a {grant.role} token cannot do this",
                field="Authorization",
                expected=expected,
            )
        return grant

    def standings(self, tid: str, after_round: int | None = None) -> tuple[Stored, Standings]:
        stored = self.load(tid)
        t = stored.tournament
        if after_round is not None and not 0 <= after_round <= len(t.rounds):
            raise ApiError(
                400,
                f"after_round {after_round}",
                field="after_round",
                expected=f"a round from 0 to {len(t.rounds)}",
            )
        with refusals("after_round"):
            return stored, wf.standings_of(t, after_round=after_round)

    def round_of(self, tid: str, round_number: int) -> dict[str, Any]:
        t = self.load(tid).tournament
        if not 1 <= round_number <= len(t.rounds):
            raise ApiError(
                404,
                f"round {round_number} has no pairing or byes yet",
                field="round",
                expected=f"a round from 1 to {len(t.rounds)}" if t.rounds else "a paired round",
            )
        return round_json(t, round_number)

    def export_trf(self, tid: str) -> str:
        from fairpair.formats import trf

        t = self.load(tid).tournament
        with refusals():
            return trf.dumps(wf.with_ranks(t))

    # ------------------------------------------------------------------ creating

    def create(self, spec: TournamentIn) -> tuple[str, str]:
        """A new tournament from ``spec``; its id and director token."""
        self._check_new(spec)
        with refusals("players"):  # before any work on them (422 naming the limit)
            limits.check("players", len(spec.players), "players")
        for index, player in enumerate(spec.players):
            if player.from_round is not None or player.band is not None:
                raise ApiError(
                    400,
                    "from_round/band in a new tournament",
                    field=f"players[{index}]",
                    expected="no from_round or band (they are for late entries)",
                )
        return self._create(
            spec,
            "players",
            go_list=lambda: go_csv(spec.players),
            file="<request>",
            go_refusal=("players", GO_COLUMNS, 2),
            chess=lambda: chess_templates(spec.players) or None,
            chess_field="rounds" if spec.players else None,
        )

    @staticmethod
    def _check_new(spec: TournamentIn) -> None:
        """The system of a new tournament exists and takes ``spec.options``."""
        with refusals("system"):
            wf.descriptor_of(spec.system)
        try:
            # options and event settings (McMahon handicaps ...), checked before any work
            wf.descriptor_of(spec.system).split_options(spec.options)
        except ApiError:
            raise
        except InputError as exc:
            raise ApiError(
                400, exc.message, field=exc.field or "system", expected=exc.expected
            ) from None
        except (TypeError, ValueError) as exc:
            raise ApiError(
                400, f"options {spec.options}: {exc}", field="options", expected="system options"
            ) from None

    def create_from_list(self, spec: TournamentIn, text: str, file: str) -> tuple[str, str]:
        """A new tournament of ``spec`` (system, rounds, options; its ``players`` are
        not read) whose players come from a CSV player list ``text`` read exactly as
        ``fairpair new`` reads one (a Go list with ranks for a McMahon system); an error
        names the line and column of ``file`` (field ``file``)."""
        self._check_new(spec)

        def players() -> list[Player]:
            from fairpair.formats.csv import read_table

            with refusals("file"):
                return chess_players(read_table(text, file))

        return self._create(
            spec,
            "file",
            go_list=lambda: text,
            file=file,
            go_refusal=("file", (), 1),
            chess=players,
            chess_field="file",
        )

    def _create(
        self,
        spec: TournamentIn,
        field: str,
        *,
        go_list: Callable[[], str],
        file: str,
        go_refusal: tuple[str, Sequence[str], int],
        chess: Callable[[], list[Player] | None],
        chess_field: str | None,
    ) -> tuple[str, str]:
        """What :meth:`create` and :meth:`create_from_list` share: a tournament of a
        system that orders its players as Go does (McMahon) from the CSV list
        ``go_list()`` (``file`` in its messages, refused as ``refusals(*go_refusal)``),
        any other from the players ``chess()`` (None: none yet, an event to fill;
        refused naming ``chess_field``); stored, a refusal naming ``field``."""
        if wf.descriptor_of(spec.system).initial_order == "go":
            with refusals(*go_refusal):
                t = wf.new_mcmahon_tournament(
                    go_list(),
                    file,
                    rounds=spec.rounds,
                    name=spec.name,
                    bar=spec.bar,
                    zero=spec.zero,
                    options=spec.options,
                )
        else:
            if spec.bar is not None:
                raise ApiError(400, "bar", field="bar", expected="no bar (McMahon only)")
            players = chess()
            with refusals(chess_field):
                t = chess_tournament(spec, players)
        return self._store_new(t, field)

    def import_document(
        self, body: bytes, content_type: str, system: str | None, name: str | None
    ) -> tuple[str, str]:
        """A new tournament from a file of any kind the registry reads (a TRF, a JSON
        document, an OpenGotha file, an NRTM export ...), recognised by content by the
        rule ``fairpair convert`` uses (:func:`fairpair.formats.kinds.loads`; a JSON
        content type declares JSON as a ``.json`` name does)."""
        from fairpair.formats import kinds

        if not body.strip():
            raise ApiError(400, "empty body", field="body", expected="a TRF or JSON document")
        with refusals("body"):
            t, _, _ = kinds.loads(body, file="<request>", json="json" in content_type.lower())
        if system is not None:
            with refusals("system"):
                wf.descriptor_of(system)
                get_system(system)
            t = t.replace(system=system)
        else:
            try:
                t = t.replace(system=wf.system_name_for(t))
            except InputError as exc:
                raise ApiError(
                    400,
                    exc.message,
                    field="system",
                    expected=f"?system=NAME ({', '.join(available_systems())})",
                ) from None
        _check_system_options(t)
        _check_settings(t)
        _check_texts(t)
        if name is not None:
            with refusals("name"):
                t = wf.edit_event(t, name=name)
        return self._store_new(t, "body")

    # ------------------------------------------------------------------ players

    def add_players(self, tid: str, specs: Sequence[PlayerIn]) -> tuple[Stored, list[Player]]:
        """Register players (late entries once rounds are paired)."""
        if not specs:
            raise ApiError(400, "no players", field="players", expected="at least one player")
        go = wf.descriptor_of(self.load(tid).tournament.system).initial_order == "go"
        templates = [] if go else chess_templates(specs)

        def operation(t: Tournament) -> tuple[Tournament, list[str]]:
            names = []
            for index, spec in enumerate(specs):
                with refusals(f"players[{index}]", within=f"players[{index}]"):
                    if go:
                        if not spec.rank:
                            raise ApiError(
                                400,
                                "no rank",
                                field=f"players[{index}].rank",
                                expected="the player's Go rank, e.g. 3k",
                            )
                        t, player = wf.add_go_player(
                            t,
                            spec.name,
                            spec.rank,
                            rating=_rating_text(spec.rating) or None,
                            attributes={"club": spec.club},
                            from_round=spec.from_round,
                            band=spec.band,
                            allow_duplicate=spec.allow_duplicate,
                        )
                    else:
                        if spec.rank is not None or spec.band is not None:
                            raise ApiError(
                                400,
                                "rank/band",
                                field=f"players[{index}]",
                                expected="no rank or band (McMahon only)",
                            )
                        t, player = wf.add_player(
                            t,
                            templates[index],
                            from_round=spec.from_round,
                            allow_duplicate=spec.allow_duplicate,
                        )
                names.append(player.name)
            return t, names

        stored, names = self._change(tid, operation)
        return stored, _added(stored.tournament, names)

    def player(self, t: Tournament, number: int) -> Player:
        if number not in t.player_map:
            raise ApiError(
                404,
                f"no player number {number}",
                field="number",
                expected=f"a pairing number from 1 to {len(t.players)}",
            )
        return t.player(number)

    def patch_player(self, tid: str, number: int, patch: PlayerPatch) -> tuple[Stored, Player]:
        """Correct a player's details and/or withdraw him (``withdrawn_from``; null
        takes him back)."""
        given = patch.model_dump(exclude_unset=True)
        withdrawal = "withdrawn_from" in given
        changes = {
            key: _rating_text(value) if key == "rating" else str(value)
            for key, value in given.items()
            if key != "withdrawn_from" and value is not None
        }
        if not changes and not withdrawal:
            raise ApiError(
                400,
                "nothing to change",
                field="body",
                expected="a field such as rating or withdrawn_from",
            )

        def operation(t: Tournament) -> tuple[Tournament, int]:
            who = self.player(t, number)
            if changes:
                with refusals(sorted(changes)[0] if len(changes) == 1 else None):
                    t = wf.edit_player(t, who, changes)
                # before round 1 a correction may renumber (the FIDE initial order)
                name = " ".join(changes.get("name", who.name).split())
                who = _named(t, name, number)
            if withdrawal:
                with refusals("withdrawn_from", rename={"from_round": "withdrawn_from"}):
                    if patch.withdrawn_from is None:
                        t = wf.cancel_withdrawal(t, who)
                    else:
                        t = wf.withdraw(t, who, patch.withdrawn_from)
            return t, who.number

        stored, final = self._change(tid, operation)
        return stored, stored.tournament.player(final)

    def bye(
        self,
        tid: str,
        number: int,
        round_number: int,
        points: float | str | None,
        *,
        remove: bool = False,
    ) -> tuple[Stored, str | None]:
        """Record (or remove) a requested bye of player ``number`` in a round."""
        value = _points(points)

        def operation(t: Tournament) -> tuple[Tournament, str | None]:
            who = self.player(t, number)
            profile = wf.descriptor_of(t.system)
            with refusals("round"):
                t, kind = wf.request_bye(
                    t,
                    who,
                    round_number,
                    value,
                    default_points=profile.default_bye_points,
                    remove=remove,
                )
            return t, None if kind is None else kind.name.lower()

        return self._change(tid, operation)

    def pair_constraint(self, tid: str, kind: str, spec: PairIn) -> Stored:
        """Forbid or force (``kind``) a pairing of two players."""

        def operation(t: Tournament) -> tuple[Tournament, None]:
            with refusals("players", rename={"player": "players"}):
                a = wf.find_player(t, str(spec.players[0]))
                b = wf.find_player(t, str(spec.players[1]))
            action = wf.forbid_pair if kind == "forbidden" else wf.force_pair
            fallback = "round" if spec.round is not None else "players"
            with refusals(fallback, rename={"player": "players"}):
                return action(t, a, b, round_number=spec.round, remove=spec.remove), None

        stored, _ = self._change(tid, operation)
        return stored

    # ------------------------------------------------------------------ rounds

    def pair(self, tid: str) -> tuple[Stored, Pairing]:
        """Pair the next round (409, listing the boards, while results are pending)."""

        def operation(t: Tournament) -> tuple[Tournament, Pairing]:
            choice = _stored_system(t)
            try:
                return wf.pair_next(t, system=choice)
            except PendingResultsError as exc:
                raise ApiError(
                    409,
                    exc.message,  # the boards are in "pending"; what to do in "expected"
                    expected="enter the results of the pending games first (or unpair the last "
                    "round)",
                    extra={"pending": pending_json(t)},
                ) from None

        return self._change(tid, operation)

    def unpair(self, tid: str, round_number: int, *, force: bool = False) -> list[int]:
        """Delete the pairing of the last paired round, which must be ``round_number``."""

        def operation(t: Tournament) -> tuple[Tournament, list[int]]:
            columns = wf.last_pairing_columns(t)
            if not columns:
                raise ApiError(404, "no round is paired", field="round", expected="a paired round")
            if round_number not in columns:
                raise ApiError(
                    409,
                    f"round {round_number} is not the last paired round",
                    field="round",
                    expected=f"unpair round {columns[0]} first (only the last pairing can be "
                    "deleted)",
                )
            with refusals("force"):
                return wf.unpair(t, force=force)

        _, columns = self._change(tid, operation, also=Store.clear_all_reports(tid))
        return columns

    def _game(self, t: Tournament, round_number: int, board: int) -> None:
        if not 1 <= round_number <= t.rounds_played:
            raise ApiError(
                404,
                f"round {round_number} is not paired",
                field="round",
                expected=f"a paired round (1 to {t.rounds_played})"
                if t.rounds_played
                else "a paired round",
            )
        games = t.round(round_number).games
        if not 1 <= board <= len(games):
            raise ApiError(
                404,
                f"board {board} in round {round_number}",
                field="board",
                expected=f"a board from 1 to {len(games)}" if games else "a round with games",
            )

    def set_result(self, tid: str, round_number: int, board: int, result: str) -> Stored:
        """Enter (or correct, or clear) the result of one board (an intentional draw or
        a 2-for-1 where the event's system records them)."""
        key = _entry_key(result)

        def operation(t: Tournament) -> tuple[Tournament, None]:
            self._game(t, round_number, board)
            with refusals("result"):
                t, _ = wf.enter_results(t, round_number, [wf.ResultEntry.for_board_key(board, key)])
            return t, None

        stored, _ = self._change(tid, operation, also=Store.clear_reports(tid, round_number, board))
        return stored

    def set_results(
        self, tid: str, round_number: int, results: dict[int, str]
    ) -> tuple[Stored, dict[int, tuple[str, str]]]:
        """Enter (or correct, or clear) the results of several boards of one round in one
        change: all of them or none, as ``fairpair result`` enters them (the same
        parsing and :func:`fairpair.workflow.enter_results`; an intentional draw or a
        2-for-1 where the event's system records them, filling both games of a double
        round). The answer maps each board to its result before and after (as the
        pages show them, ``""`` for none)."""
        keys = {}
        for board, text in sorted(results.items()):
            try:
                keys[board] = _entry_key(text)
            except ApiError as exc:
                exc.field = f"result-{board}"
                raise
        if not keys:
            raise ApiError(400, "no results", field="result", expected="at least one result")

        def operation(t: Tournament) -> tuple[Tournament, dict[int, tuple[str, str]]]:
            changed: dict[int, tuple[str, str]] = {}
            for board in sorted(keys):
                self._game(t, round_number, board)
            games = t.round(round_number).games
            before = {board: wf.result_text(games[board - 1]) for board in keys}
            for board, key in sorted(keys.items()):  # board by board: the field at fault
                field = f"result-{board}"
                with refusals(field, rename={"result": field}):
                    t, _ = wf.enter_results(
                        t, round_number, [wf.ResultEntry.for_board_key(board, key)]
                    )
            games = t.round(round_number).games
            for board in keys:
                changed[board] = (before[board] or "", wf.result_text(games[board - 1]) or "")
            return t, changed

        def clear(connection: Connection) -> None:
            for board in keys:
                Store.clear_reports(tid, round_number, board)(connection)

        return self._change(tid, operation, also=clear)

    def report_result(
        self, tid: str, grant: Grant, round_number: int, board: int, result: str
    ) -> int:
        """A player's report of his own game's result, kept for the director."""
        key = _result_key(result)
        t = self.load(tid).tournament
        self._game(t, round_number, board)
        game = t.round(round_number).games[board - 1]
        if grant.player not in game.players:
            raise ApiError(
                403,
                f"player {grant.player} does not play board {board} of round {round_number}",
                field="board",
                expected="the board of your own game",
            )
        assert grant.player is not None
        player = grant.player

        def still_paired(now: Tournament) -> None:
            # Checked again in the write's transaction: an unpair or a new pairing
            # may have come between the check above and the insert.
            games = now.round(round_number).games if round_number <= now.rounds_played else []
            if not (1 <= board <= len(games) and player in games[board - 1].players):
                raise ApiError(
                    409,
                    f"board {board} of round {round_number} no longer holds the game of "
                    f"player {player} (the round was unpaired or paired again)",
                    field="board",
                    expected="the board of your own game in the current pairing",
                )

        return self.store.add_report(tid, round_number, board, player, key, check=still_paired)

    def confirm_if_agreed(self, tid: str, round_number: int, board: int) -> str | None:
        """With the event setting :data:`AGREED_REPORTS` on: if both players of a board
        without a result have reported, and their latest reports agree, enter that
        result (as the director would, the board's reports cleared in the same
        transaction); return it as the pages show it (``1-0``, ``½-½``). Otherwise
        (setting off, one report, reports that differ, a result already entered) None:
        the reports wait for the director."""
        if not self.settings(tid)[AGREED_REPORTS]:
            return None
        t = self.load(tid).tournament
        if not 1 <= round_number <= t.rounds_played:
            return None
        games = t.round(round_number).games
        if not 1 <= board <= len(games) or games[board - 1].has_result:
            return None
        pair = games[board - 1].players
        latest: dict[int, str] = {}
        for report in self.store.reports(tid):  # oldest first: the latest one wins
            if report.round == round_number and report.board == board and report.player in pair:
                latest[report.player] = report.result
        codes = {SCORES[value] for value in latest.values()}  # "1/2" and "=" agree
        key = next(iter(latest.values()), "")
        if len(latest) != 2 or len(codes) != 1 or SCORES[key] is None:
            return None

        def operation(now: Tournament) -> tuple[Tournament, None]:
            # checked again on the version written: the same game, still without a result
            game = (
                now.round(round_number).games[board - 1]
                if round_number <= now.rounds_played and board <= len(now.round(round_number).games)
                else None
            )
            if game is None or game.players != pair or game.has_result:
                raise _NothingToConfirm
            with refusals("result"):
                now, _ = wf.set_result(now, round_number, board, SCORES[key])
            return now, None

        try:
            stored, _ = self._change(
                tid, operation, also=Store.clear_reports(tid, round_number, board)
            )
        except _NothingToConfirm:
            return None
        return wf.result_text(stored.tournament.round(round_number).games[board - 1])

    # ------------------------------------------------------------------ settings

    def settings(self, tid: str) -> dict[str, bool]:
        """The event settings of ``tid``, every one with its value or default."""
        self.load(tid)
        stored = self.store.settings(tid)
        return {key: bool(stored.get(key, default)) for key, default in SETTINGS.items()}

    def set_settings(self, tid: str, changes: dict[str, bool]) -> dict[str, bool]:
        """Change event settings (unknown names: 400 naming the field)."""
        self.load(tid)
        for key in changes:
            if key not in SETTINGS:
                raise ApiError(
                    400,
                    f"no setting {key!r}",
                    field=key,
                    expected="one of " + ", ".join(SETTINGS),
                )
        self.store.set_settings(tid, changes)
        return self.settings(tid)

    def issue_player_tokens(
        self, tid: str, numbers: Sequence[int] | None, expires_in: int | None
    ) -> list[tuple[Player, str]]:
        """A new player token for each of ``numbers`` (default: every player not
        withdrawn), all issued in one transaction; the players with their tokens."""
        t = self.load(tid).tournament
        if numbers is None:
            chosen = [p for p in t.players if p.withdrawn_from is None]
        else:
            chosen = []
            for index, wanted in enumerate(numbers):
                if wanted not in t.player_map:
                    raise ApiError(
                        404,
                        f"no player number {wanted}",
                        field=f"players[{index}]",
                        expected=f"a pairing number from 1 to {len(t.players)}",
                    )
                chosen.append(t.player(wanted))
        if not chosen:
            raise ApiError(400, "no players", field="players", expected="at least one player")
        issued = self.store.add_tokens(
            tid, "player", [p.number for p in chosen], expires_in=expires_in
        )
        return list(zip(chosen, issued, strict=True))

    def reports(self, tid: str) -> list[Report]:
        """The reports waiting for confirmation whose board still holds the reporter's
        game (a report left over from before the check moved into the write's
        transaction, on a board its reporter no longer plays, is never offered)."""
        t = self.load(tid).tournament

        def holds(r: Report) -> bool:
            if not 1 <= r.round <= t.rounds_played:
                return False
            games = t.round(r.round).games
            return 1 <= r.board <= len(games) and r.player in games[r.board - 1].players

        return [r for r in self.store.reports(tid) if holds(r)]

    # ------------------------------------------------------------------ tokens

    def tokens(self, tid: str) -> list[TokenInfo]:
        self.load(tid)
        return self.store.tokens(tid)

    def revoke_token(self, tid: str, ident: str) -> TokenInfo:
        """Revoke (delete) the token ``ident`` of ``tid``: it stops working at once,
        signed-in pages included."""
        self.load(tid)
        try:
            revoked = self.store.revoke_token(tid, ident.strip().lower())
        except LastDirectorToken:
            raise ApiError(
                409,
                "the last director token cannot be revoked",
                field="token_id",
                expected="issue another director token first (POST .../tokens "
                '{"role": "director"}), then revoke this one',
            ) from None
        if revoked is None:
            raise ApiError(
                404,
                f"no token {ident[:40]!r} in this tournament",
                field="token_id",
                expected="an id from GET .../tokens",
            )
        return revoked

    def issue_token(self, tid: str, spec: TokenIn) -> tuple[str, int | None]:
        t = self.load(tid).tournament
        number = None
        if spec.role == "player":
            if spec.player is None:
                raise ApiError(
                    400, "no player", field="player", expected="the player's number or name"
                )
            with refusals("player"):
                number = wf.find_player(t, str(spec.player)).number
        elif spec.player is not None:
            raise ApiError(
                400, "player", field="player", expected=f"no player for a {spec.role} token"
            )
        token = self.store.add_token(tid, spec.role, number, expires_in=spec.expires_in)
        return token, number

    def token_info(self, token: str) -> TokenInfo:
        """The listing of an issued token (its id and expiry)."""
        ident = token_id(hash_token(token))
        grant = self.store.grant(token)
        assert grant is not None
        found = [i for i in self.store.tokens(grant.tournament_id) if i.id == ident]
        return found[0]


class _NothingToConfirm(Exception):
    """Agreed reports found nothing to enter (the game changed or got its result)."""


def _named(t: Tournament, name: str, number: int) -> Player:
    """The player called ``name`` (the one numbered ``number`` among namesakes)."""
    found = [p for p in t.players if p.name.casefold() == name.casefold()]
    for player in found:
        if player.number == number:
            return player
    return found[0] if found else t.player(number)


def _added(t: Tournament, names: Sequence[str]) -> list[Player]:
    """The players just added, by name (numbers may have changed: before round 1 a
    FIDE-ordered list renumbers on every entry)."""
    used: set[int] = set()
    found = []
    for name in names:
        for player in t.players:
            if player.name == name and player.number not in used:
                used.add(player.number)
                found.append(player)
                break
    return found


def pending_json(t: Tournament) -> list[dict[str, Any]]:
    """The games without a result, by round and board, with names."""
    first, second = wf.descriptor_of(t.system).sides
    return [
        {
            "round": r,
            "board": b,
            first: {"number": g.white, "name": t.player(g.white).name},
            second: {"number": g.black, "name": t.player(g.black).name},
        }
        for r, b, g in wf.pending_games(t)
    ]
