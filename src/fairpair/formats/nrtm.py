"""NRTM JSON: the Netrunner tournament results that Cobra and Aesop's Tables export and
AlwaysBeRunning imports (the schema ``nrtm-schema.json`` of steffens.org, as Cobra's
``NrtmJson`` service writes it).

A file is one object: ``name``, ``date``, ``cutToTop``, ``preliminaryRounds``,
``tournamentOrganiser``, ``players`` (standings order: ``id``, ``name``, ``rank``,
``corpIdentity``, ``runnerIdentity``, ``matchPoints``, ``strengthOfSchedule``,
``extendedStrengthOfSchedule``), ``eliminationPlayers``, ``rounds`` (a list of rounds,
each a list of tables), ``uploadedFrom``, ``links``. A Swiss table names two players
(``player1``, ``player2``: ``id`` and scores), ``intentionalDraw``, ``twoForOne`` and
``eliminationGame: false``:

* single-sided: each player has a ``role`` (``corp``/``runner``) and the score of his
  side (``corpScore`` or ``runnerScore``, 3 win, 1 tie, 0 loss) and ``combinedScore``;
* double-sided (no ``role``): each player has his ``corpScore`` and ``runnerScore`` (one
  game on each side) and their sum, ``combinedScore``;
* a bye: the other player's ``id`` is null.

What fairpair models: the players (an NRTM ``id`` becomes a pairing number in the order
of the ids; the id itself is kept as the attribute ``nrtm_id`` when it differs, the
identities as ``corp_identity`` and ``runner_identity``; ``rank``, ``matchPoints`` and
the SoS are derived, so not kept: a warning says where ``matchPoints`` differ from what
the complete rounds give), every Swiss round as Netrunner games (a double-sided
round as the two round columns of a double round: player1 is Corp in the first game)
with their results and the flags ``intentional_draw`` and ``two_for_one``, and the
pairing-allocated byes. What it does not model is kept in the tournament's settings
(``settings.nrtm``: date, organiser, the cut and its elimination rounds, links, ...) and
written back; fairpair's own settings (the system's options, e.g. the seed), which NRTM
has no place for, go to a top-level ``fairpair`` object that other programs ignore.
Points, SoS and ESoS are computed, never read: on export they come from fairpair's
standings (:func:`dumps` takes them, computed by the workflow).

Reading refuses (an :class:`~fairpair.errors.InputError` naming the file, the line and
column of the value, and what was expected) what cannot be modelled exactly: a game
score other than 3-0, 0-3, 1-1 (or 0-0, a double loss), a double-sided score whose
sides cannot be told apart, an unknown player id, a player twice in one round.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from fairpair import limits
from fairpair.errors import InputError
from fairpair.formats.jsontext import JsonPath, Locator, parse
from fairpair.model import (
    ByeKind,
    Colour,
    Game,
    Player,
    PointSystem,
    ResultCode,
    Round,
    Tournament,
)

__all__ = [
    "NETRUNNER_POINTS",
    "NrtmStanding",
    "dumps",
    "holds",
    "is_nrtm",
    "load",
    "loads",
    "may_be",
    "sniff",
]

#: Netrunner's points, which NRTM scores are written in (win 3, tie 1, loss 0).
NETRUNNER_POINTS = PointSystem.uniform(3, 1, 0)

#: The top-level keys fairpair rebuilds on export (everything else is kept).
_REBUILT = ("name", "preliminaryRounds", "players", "rounds")
#: fairpair's own top-level key: what a fairpair tournament has and NRTM has no place
#: for (``settings``: the system's options such as the seed), read back by fairpair and
#: ignored by the other programs.
_OWN = "fairpair"
#: Top-level keys in the order Cobra writes them.
_ORDER = (
    "name",
    "date",
    "cutToTop",
    "preliminaryRounds",
    "tournamentOrganiser",
    "players",
    "eliminationPlayers",
    "rounds",
    "uploadedFrom",
    "links",
)
#: What fairpair writes where a file it did not read has nothing to keep.
_DEFAULTS: Mapping[str, Any] = {"cutToTop": 0, "eliminationPlayers": [], "uploadedFrom": "fairpair"}

_W, _L, _D = ResultCode.WIN, ResultCode.LOSS, ResultCode.DRAW
_FL = ResultCode.FORFEIT_LOSS
#: One game's two scores (first player, second player) -> the codes.
_GAME_SCORES: Mapping[tuple[int, int], tuple[ResultCode, ResultCode]] = {
    (3, 0): (_W, _L),
    (0, 3): (_L, _W),
    (1, 1): (_D, _D),
    (0, 0): (_FL, _FL),
}
#: A double-sided round's combined scores alone (no side scores) -> both games' codes.
_COMBINED: Mapping[tuple[int, int], tuple[tuple[ResultCode, ResultCode], ...]] = {
    (6, 0): ((_W, _L), (_L, _W)),
    (0, 6): ((_L, _W), (_W, _L)),
    (2, 2): ((_D, _D), (_D, _D)),
    (0, 0): ((_FL, _FL), (_FL, _FL)),
}
_SCORES_EXPECTED = "a game score of 3-0, 0-3 or 1-1 (win, loss, tie; 0-0 for a double loss)"
_SIDED_FLAGS = (("intentionalDraw", "intentional_draw"), ("twoForOne", "two_for_one"))


@dataclass(frozen=True)
class NrtmStanding:
    """One player's line of the standings, as the export writes it (computed by the
    workflow: fairpair's Netrunner standings)."""

    number: int
    rank: int
    points: Fraction
    sos: Fraction
    esos: Fraction


# -- recognising a file ------------------------------------------------------------------


def is_nrtm(data: Any) -> bool:
    """Is ``data`` (a parsed JSON value) an NRTM document: an object with ``players`` and
    ``rounds`` lists and one of the keys only NRTM has, and not a fairpair document?"""
    return (
        isinstance(data, dict)
        and "format" not in data
        and isinstance(data.get("players", []), list)
        and isinstance(data.get("rounds", []), list)
        and any(
            key in data
            for key in ("preliminaryRounds", "eliminationPlayers", "uploadedFrom", "cutToTop")
        )
    )


def may_be(head: bytes) -> bool:
    """Could a file starting with ``head`` be an NRTM document? A JSON object that is
    not a fairpair document (:func:`is_nrtm` decides on the whole of it)."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return text.startswith(b"{") and b'"fairpair-tournament"' not in head


def sniff(path: str | os.PathLike[str]) -> bool:
    """Does the file at ``path`` hold an NRTM document (by content, whatever its name)?
    False for anything else, unreadable files included (their reader says why)."""
    try:
        data = limits.read_file(path)
    except (OSError, InputError):
        return False
    return holds(data)


def holds(data: bytes) -> bool:
    """Is ``data`` (a whole file's content) an NRTM document? False for anything else
    (its reader says why)."""
    if not may_be(data[:4096]):
        return False
    try:
        return is_nrtm(json.loads(data.decode("utf-8-sig")))
    except (ValueError, RecursionError):
        return False


# -- reading -----------------------------------------------------------------------------


def load(path: str | os.PathLike[str]) -> tuple[Tournament, list[str]]:
    """Read an NRTM file (see :func:`loads`)."""
    name = os.fspath(path)
    return loads(limits.read_file(name), file=name)


def loads(text: str | bytes, *, file: str = "<input>") -> tuple[Tournament, list[str]]:
    """A Netrunner tournament from an NRTM document, and the warnings (reported points
    that the results do not give)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputError(
                f"byte 0x{text[exc.start]:02X} is not valid UTF-8",
                expected="a UTF-8 encoded NRTM JSON file",
                file=file,
            ) from None
    text = text.removeprefix("\ufeff")
    if len(text) > limits.limit("file_bytes"):
        raise limits.exceeded(
            "file_bytes", f"found a document of {len(text)} characters", file=file
        )
    if not text.strip():
        raise InputError(
            "empty file", expected="an NRTM JSON document", file=file, line=1, column=1
        )
    data = parse(text, file)
    return _Reader(Locator(text, file)).read(data)


def _plain(value: Any) -> Any:
    """Free JSON with exact decimals as ordinary numbers (what is kept in settings)."""
    if isinstance(value, Decimal):
        return (
            int(value)
            if value == value.to_integral_value() and "." not in str(value)
            else float(value)
        )
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


class _Reader:
    def __init__(self, where: Locator) -> None:
        self.where = where
        self.numbers: dict[int, int] = {}  # NRTM id -> pairing number
        self.warnings: list[str] = []
        self.reported: dict[int, tuple[int, Fraction]] = {}  # number -> (index, matchPoints)

    def fail(self, path: JsonPath, message: str, expected: str) -> InputError:
        return self.where.error(path, message, expected)

    def _get(
        self,
        obj: Mapping[str, Any],
        key: str,
        path: JsonPath,
        kinds: tuple[type, ...],
        expected: str,
        *,
        required: bool = False,
        nullable: bool = True,
    ) -> Any:
        if key not in obj:
            if required:
                raise self.fail(path, f"no {key!r}", expected)
            return None
        value = obj[key]
        if value is None and nullable and not required:
            return None
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise self.fail((*path, key), f"found {json.dumps(_plain(value))[:40]}", expected)
        return value

    def read(self, data: Any) -> tuple[Tournament, list[str]]:
        if not is_nrtm(data):
            raise self.fail(
                (),
                "not an NRTM document",
                "a JSON object with players, rounds and preliminaryRounds (Cobra's NRTM export)",
            )
        # the limits before the work they bound
        file = self.where.file
        limits.check("players", len(data.get("players", [])), "players", file=file)
        limits.check("rounds", len(data.get("rounds", [])), "rounds", file=file)
        players = self.players(data.get("players", []))
        swiss, kept_rounds, double = self.split_rounds(data.get("rounds", []))
        rounds = self.rounds(swiss, double)
        announced = self._get(data, "preliminaryRounds", (), (int,), "a number of rounds") or 0
        if announced < 0:
            raise self.fail(("preliminaryRounds",), f"found {announced}", "a number >= 0")
        pairings = max(announced, len(swiss))
        limits.check("rounds", pairings * (2 if double else 1), "rounds", file=file)
        name = self._get(data, "name", (), (str,), "a text")
        kept = {
            key: _plain(value)
            for key, value in data.items()
            if key not in _REBUILT and _DEFAULTS.get(key, object()) != value and key != _OWN
        }
        if kept_rounds:
            kept["eliminationRounds"] = _plain(kept_rounds)
        own = self._get(data, _OWN, (), (dict,), "an object (fairpair's settings)") or {}
        settings = self._get(own, "settings", (_OWN,), (dict,), "an object") or {}
        settings = {k: _plain(v) for k, v in settings.items() if k != "nrtm"}
        t = Tournament(
            players=tuple(players),
            rounds=tuple(rounds),
            total_rounds=pairings * (2 if double else 1) or None,
            points=NETRUNNER_POINTS,
            headers=(("012", name),) if name else (),
            system="netrunner",
            settings=settings | ({"nrtm": kept} if kept else {}),
            double_rounds=double,
        )
        return t, self.warnings + self.point_warnings(t)

    # players

    def players(self, items: Any) -> list[Player]:
        by_id: dict[int, tuple[int, Mapping[str, Any]]] = {}
        for index, item in enumerate(items):
            path: JsonPath = ("players", index)
            if not isinstance(item, dict):
                raise self.fail(path, "not an object", "a player object with id and name")
            pid = self._get(item, "id", path, (int,), "a player id (a whole number)", required=True)
            if pid in by_id:
                raise self.fail((*path, "id"), f"player id {pid} appears twice", "each id once")
            self._get(item, "name", path, (str,), "the player's name", required=True)
            by_id[pid] = (index, item)
        out = []
        for number, pid in enumerate(sorted(by_id), start=1):
            self.numbers[pid] = number
            index, item = by_id[pid]
            path = ("players", index)
            attributes: dict[str, str] = {}
            if pid != number:
                attributes["nrtm_id"] = str(pid)
            for key, attribute in (
                ("corpIdentity", "corp_identity"),
                ("runnerIdentity", "runner_identity"),
            ):
                value = self._get(item, key, path, (str,), "an identity name or null")
                if value:
                    attributes[attribute] = value
            rank = self._get(item, "rank", path, (int,), "a rank (a whole number)")
            points = self._get(item, "matchPoints", path, (int, Decimal), "a number of points")
            for key in ("strengthOfSchedule", "extendedStrengthOfSchedule"):
                self._get(item, key, path, (int, Decimal), "a number")
            if rank is not None and rank < 0:
                raise self.fail((*path, "rank"), f"found {rank}", "a rank >= 0")
            if points is not None:
                self.reported[number] = (index, Fraction(points))
            # the rank and the points are derived: compared (warnings), not kept
            out.append(Player(number, item["name"], attributes=attributes))
        return out

    def point_warnings(self, t: Tournament) -> list[str]:
        """Where the file's matchPoints differ from what its results give."""
        complete = 0  # the standings' rounds: those with every result entered
        for rnd in t.rounds:
            if not rnd.paired or any(not g.has_result for g in rnd.games):
                break
            complete += 1
        scores = t.scores(complete)
        out = []
        for number, (index, reported) in sorted(self.reported.items()):
            if reported != scores[number]:
                line, column = self.where.locate(("players", index, "matchPoints"))
                out.append(
                    f"{self.where.file}:{line}:{column}: player {t.player(number).name}: "
                    f"matchPoints {_number(reported)}, but the results give "
                    f"{_number(scores[number])} (the results are used)"
                )
        return out

    # rounds

    def split_rounds(self, items: Any) -> tuple[list[tuple[int, list[Any]]], list[Any], bool]:
        """(index, tables) of the Swiss rounds, the elimination rounds (kept as they
        are), and whether the Swiss rounds are double-sided."""
        swiss: list[tuple[int, list[Any]]] = []
        kept: list[Any] = []
        sided: bool | None = None
        for r_index, tables in enumerate(items):
            path: JsonPath = ("rounds", r_index)
            if not isinstance(tables, list):
                raise self.fail(path, "not a list", "a round: a list of tables")
            elimination = [
                isinstance(table, dict) and table.get("eliminationGame") is True for table in tables
            ]
            if tables and all(elimination):
                kept.append(tables)
                continue
            if any(elimination):
                at = elimination.index(True)
                raise self.fail(
                    (*path, at, "eliminationGame"),
                    "an elimination game in a Swiss round",
                    "a round of Swiss tables or of elimination games, not both",
                )
            if kept:
                raise self.fail(
                    path, "a Swiss round after the elimination rounds", "the Swiss rounds first"
                )
            for t_index, table in enumerate(tables):
                tpath = (*path, t_index)
                if not isinstance(table, dict):
                    raise self.fail(tpath, "not an object", "a table with player1 and player2")
                first = table.get("player1")
                if not isinstance(first, dict):
                    raise self.fail(
                        (*tpath, "player1"), "missing or not an object", "a player with an id"
                    )
                single = "role" in first
                if sided is None:
                    sided = single
                elif sided != single:
                    raise self.fail(
                        (*tpath, "player1"),
                        "single-sided and double-sided tables mixed"
                        if single
                        else "a table without roles among single-sided tables",
                        "every Swiss table with roles (single-sided) or every one "
                        "without (double-sided)",
                    )
            swiss.append((r_index, tables))
        return swiss, kept, sided is False

    def player_id(
        self, table: Mapping[str, Any], key: str, path: JsonPath
    ) -> tuple[Mapping[str, Any], int | None]:
        side = table.get(key)
        if not isinstance(side, dict):
            raise self.fail((*path, key), "missing or not an object", "a player with an id")
        pid = self._get(side, "id", (*path, key), (int,), "a player id or null")
        if pid is None:
            return side, None
        if pid not in self.numbers:
            raise self.fail(
                (*path, key, "id"),
                f"player id {pid} is not in $.players",
                "the id of a listed player",
            )
        return side, self.numbers[pid]

    def score(self, side: Mapping[str, Any], key: str, path: JsonPath) -> int | None:
        value = self._get(side, key, path, (int, Decimal), "a score (0, 1 or 3) or null")
        if value is None:
            return None
        if value != int(value) or value < 0:
            raise self.fail((*path, key), f"found {_plain(value)}", "a whole score >= 0")
        return int(value)

    def rounds(self, swiss: list[tuple[int, list[Any]]], double: bool) -> list[Round]:
        out: list[Round] = []
        for pairing, (r_index, tables) in enumerate(swiss, start=1):
            columns: list[list[Game]] = [[], []] if double else [[]]
            byes: dict[int, ByeKind] = {}
            seen: dict[int, JsonPath] = {}
            ordered = sorted(
                range(len(tables)),
                key=lambda i: (
                    not isinstance(tables[i].get("table"), int),
                    tables[i].get("table") or 0,
                    i,
                ),
            )
            for t_index in ordered:
                table = tables[t_index]
                path: JsonPath = ("rounds", r_index, t_index)
                one, a = self.player_id(table, "player1", path)
                two, b = self.player_id(table, "player2", path)
                for number, key in ((a, "player1"), (b, "player2")):
                    if number is None:
                        continue
                    if number in seen:
                        raise self.fail(
                            (*path, key, "id"),
                            "a player twice in one round",
                            "each player at most once per round",
                        )
                    seen[number] = path
                flags = frozenset(
                    flag
                    for key, flag in _SIDED_FLAGS
                    if self._get(table, key, path, (bool,), "true or false")
                )
                if a is None or b is None:
                    alone = a if b is None else b
                    if alone is None:
                        raise self.fail(path, "a table without players", "at least one player id")
                    byes[alone] = ByeKind.PAIRING_ALLOCATED
                    continue
                if double:
                    first, second = self.double_games(a, b, one, two, path, flags)
                    columns[0].append(first)
                    columns[1].append(second)
                else:
                    columns[0].append(self.single_game(a, b, one, two, path, flags))
            for offset, games in enumerate(columns):
                number = (2 * pairing - 1 + offset) if double else pairing
                out.append(Round(number=number, games=tuple(games), byes=dict(byes)))
        return out

    def single_game(
        self,
        a: int,
        b: int,
        one: Mapping[str, Any],
        two: Mapping[str, Any],
        path: JsonPath,
        flags: frozenset[str],
    ) -> Game:
        roles = []
        for side, key in ((one, "player1"), (two, "player2")):
            role = self._get(side, "role", (*path, key), (str,), "corp, runner or null")
            if role not in (None, "corp", "runner"):
                raise self.fail((*path, key, "role"), f"found {role!r}", "corp, runner or null")
            roles.append(role)
        if roles[0] is None or roles[1] is None:
            if roles != [None, None]:
                raise self.fail(
                    (*path, "player1", "role"), "one side without a role", "both roles or neither"
                )
            coloured, white, black = False, (a, one, "player1"), (b, two, "player2")
            keys = ("combinedScore", "combinedScore")
        else:
            if roles[0] == roles[1]:
                raise self.fail(
                    (*path, "player2", "role"),
                    f"both players are {roles[0]}",
                    "one corp and one runner",
                )
            coloured = True
            pair = [(a, one, "player1"), (b, two, "player2")]
            white, black = pair if roles[0] == "corp" else pair[::-1]
            keys = ("corpScore", "runnerScore")
        scores = []
        for (_, side, key), score_key in zip((white, black), keys, strict=True):
            value = self.score(side, score_key, (*path, key))
            if value is None and score_key != "combinedScore":
                value = self.score(side, "combinedScore", (*path, key))
            scores.append(value)
        codes = self.codes(scores[0], scores[1], (*path, black[2]))
        return Game(
            white[0],
            black[0],
            codes[0] if codes else None,
            codes[1] if codes else None,
            coloured,
            flags if codes else frozenset(),
        )

    def codes(
        self, first: int | None, second: int | None, path: JsonPath
    ) -> tuple[ResultCode, ResultCode] | None:
        if first is None and second is None:
            return None
        if first is None or second is None or (first, second) not in _GAME_SCORES:
            raise self.fail(
                path, f"found the game score {_dash(first)}-{_dash(second)}", _SCORES_EXPECTED
            )
        return _GAME_SCORES[first, second]

    def double_games(
        self,
        a: int,
        b: int,
        one: Mapping[str, Any],
        two: Mapping[str, Any],
        path: JsonPath,
        flags: frozenset[str],
    ) -> tuple[Game, Game]:
        """Player1 is Corp in the first game, player2 in the second."""
        p1 = (*path, "player1")
        p2 = (*path, "player2")
        corp1, run1, sum1 = (
            self.score(one, k, p1) for k in ("corpScore", "runnerScore", "combinedScore")
        )
        corp2, run2, sum2 = (
            self.score(two, k, p2) for k in ("corpScore", "runnerScore", "combinedScore")
        )
        first = _GAME_SCORES.get((corp1, run2)) if None not in (corp1, run2) else None  # type: ignore[arg-type]
        second = _GAME_SCORES.get((corp2, run1)) if None not in (corp2, run1) else None  # type: ignore[arg-type]
        sides_ok = (
            (first is not None or (corp1 is None and run2 is None))
            and (second is not None or (corp2 is None and run1 is None))
            and sum1 in (None, (corp1 or 0) + (run1 or 0))
            and sum2 in (None, (corp2 or 0) + (run2 or 0))
        )
        if (
            not sides_ok
            and all(not v for v in (corp1, run1, corp2, run2))
            and None not in (sum1, sum2)
        ):
            # only the combined scores (Cobra's custom score): the sides must follow
            if (sum1, sum2) not in _COMBINED:
                raise self.fail(
                    (*p1, "combinedScore"),
                    f"found the combined score {sum1}-{sum2} without the score of each side",
                    "6-0, 0-6, 2-2 or 0-0, or corpScore and runnerScore of both players",
                )
            first, second = _COMBINED[sum1, sum2]  # type: ignore[index]
        elif not sides_ok:
            raise self.fail(
                p1,
                f"found corp {_dash(corp1)}, runner {_dash(run1)}, combined {_dash(sum1)} "
                f"against corp {_dash(corp2)}, runner {_dash(run2)}, combined {_dash(sum2)}",
                "for each game (player1's corp against player2's runner and the reverse) "
                + _SCORES_EXPECTED
                + ", the combined scores their sums",
            )
        return _game(a, b, first, flags), _game(b, a, second, flags)


def _game(
    white: int, black: int, codes: tuple[ResultCode, ResultCode] | None, flags: frozenset[str]
) -> Game:
    """A game with its codes and flags (None: pending, without flags)."""
    if codes is None:
        return Game(white, black)
    return Game(white, black, codes[0], codes[1], flags=flags)


def _dash(value: int | None) -> str:
    return "null" if value is None else str(value)


def _number(value: Fraction) -> int | float:
    return value.numerator if value.denominator == 1 else float(value)


# -- writing -----------------------------------------------------------------------------


def _score(t: Tournament, game: Game, player: int) -> int | float | None:
    code = game.result_of(player)
    if code is None:
        return None
    return _number(t.points.game_points(code, game.colour_of(player)))


def _ids(t: Tournament) -> dict[int, int]:
    """Pairing number -> NRTM id (the kept ``nrtm_id``, else the pairing number)."""
    ids: dict[int, int] = {}
    owner: dict[int, int] = {}
    for p in t.players:
        kept = p.attributes.get("nrtm_id", "")
        pid = int(kept) if kept.isascii() and kept.isdigit() else p.number
        if pid in owner:
            raise InputError(
                f"players {owner[pid]} and {p.number} would both have the NRTM id {pid}",
                expected="distinct nrtm_id attributes",
            )
        owner[pid] = p.number
        ids[p.number] = pid
    return ids


def dumps(t: Tournament, standings: Sequence[NrtmStanding]) -> str:
    """The NRTM document of a Netrunner tournament: the kept fields, the players in
    ``standings`` order, the Swiss rounds (pending games with null scores), then the
    kept elimination rounds."""
    ids = _ids(t)
    kept: dict[str, Any] = dict(t.settings.get("nrtm", {}) or {})
    elimination = kept.pop("eliminationRounds", [])
    name = next((text for code, text in t.headers if code == "012"), "")
    pairings = (t.total_rounds or 0) // (2 if t.double_rounds else 1)
    doc: dict[str, Any] = {**_DEFAULTS, **kept}
    doc["name"] = name
    doc["preliminaryRounds"] = max(pairings, _swiss_rounds(t))
    doc["players"] = [_player_doc(t, row, ids) for row in standings]
    doc["rounds"] = _rounds_doc(t, ids) + list(elimination)
    own = {k: v for k, v in t.settings.items() if k != "nrtm"}
    if own:
        doc[_OWN] = {"settings": own}
    ordered = {key: doc[key] for key in _ORDER if key in doc}
    ordered.update({key: value for key, value in doc.items() if key not in ordered})
    return json.dumps(ordered, ensure_ascii=False, indent=2) + "\n"


def _swiss_rounds(t: Tournament) -> int:
    paired = t.rounds_played
    return (paired + 1) // 2 if t.double_rounds else paired


def _player_doc(t: Tournament, row: NrtmStanding, ids: Mapping[int, int]) -> dict[str, Any]:
    p = t.player(row.number)
    return {
        "id": ids[p.number],
        "name": p.name,
        "rank": row.rank,
        "corpIdentity": p.attributes.get("corp_identity") or None,
        "runnerIdentity": p.attributes.get("runner_identity") or None,
        "matchPoints": _number(row.points),
        "strengthOfSchedule": round(float(row.sos), 4),
        "extendedStrengthOfSchedule": round(float(row.esos), 4),
    }


def _flags(games: Sequence[Game]) -> dict[str, bool]:
    return {key: any(flag in g.flags for g in games) for key, flag in _SIDED_FLAGS} | {
        "eliminationGame": False
    }


def _bye_table(
    t: Tournament, table: int, player: int, ids: Mapping[int, int], points: Fraction, double: bool
) -> dict[str, Any]:
    empty: dict[str, Any] = {"runnerScore": None, "corpScore": None}
    role = {} if double else {"role": None}
    return {
        "table": table,
        "player1": {"id": ids[player], **role, **empty, "combinedScore": _number(points)},
        "player2": {"id": None, **role, **empty, "combinedScore": None},
    } | _flags(())


def _rounds_doc(t: Tournament, ids: Mapping[int, int]) -> list[list[dict[str, Any]]]:
    out = []
    step = 2 if t.double_rounds else 1
    for first in range(1, t.rounds_played + 1, step):
        rnd = t.round(first)
        tables: list[dict[str, Any]] = []
        if t.double_rounds:
            second = t.round(first + 1)
            for game in rnd.games:
                other = next((g for g in second.games if set(g.players) == set(game.players)), None)
                tables.append(_double_table(t, len(tables) + 1, game, other, ids))
        else:
            tables.extend(_single_table(t, len(tables) + 1, game, ids) for game in rnd.games)
        for player, kind in rnd.byes.items():
            if kind is ByeKind.PAIRING_ALLOCATED:
                points = t.points.bye_points(kind) * (
                    2 if t.double_rounds and t.round(first + 1).byes.get(player) is kind else 1
                )
                tables.append(_bye_table(t, len(tables) + 1, player, ids, points, t.double_rounds))
        out.append(tables)
    return out


def _single_table(t: Tournament, table: int, game: Game, ids: Mapping[int, int]) -> dict[str, Any]:
    sides = []
    for player in game.players:
        colour = game.colour_of(player)
        score = _score(t, game, player)
        role = None if colour is None else ("corp" if colour is Colour.WHITE else "runner")
        sides.append(
            {
                "id": ids[player],
                "role": role,
                "runnerScore": score if role == "runner" else None,
                "corpScore": score if role == "corp" else None,
                "combinedScore": score,
            }
        )
    return {"table": table, "player1": sides[0], "player2": sides[1]} | _flags((game,))


def _double_table(
    t: Tournament, table: int, game: Game, other: Game | None, ids: Mapping[int, int]
) -> dict[str, Any]:
    """player1 is Corp in the first game (``game``), Runner in ``other``."""
    sides = []
    for player in game.players:
        mine = _score(t, game, player)
        theirs = None if other is None else _score(t, other, player)
        corp, runner = (mine, theirs) if player == game.white else (theirs, mine)
        combined = None if corp is None or runner is None else corp + runner
        sides.append(
            {"id": ids[player], "runnerScore": runner, "corpScore": corp, "combinedScore": combined}
        )
    games = (game,) if other is None else (game, other)
    return {"table": table, "player1": sides[0], "player2": sides[1]} | _flags(games)
