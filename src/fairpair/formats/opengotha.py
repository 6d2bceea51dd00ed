"""OpenGotha tournament files (XML), read and written (docs/formats.md, "OpenGotha").

OpenGotha (Luc Vannier) is the pairing program of most European Go events; its XML
file is also what pairgoth imports and exports. A file is one ``Tournament`` element::

    <Tournament dataVersion="201" ...>
      <Players><Player name="Sato" firstName="Ken" rank="3K" rating="1800" country="JP"
               club="Tkyo" egfPin="12345678" agaId="" participating="1111..." .../></Players>
      <Games><Game roundNumber="1" tableNumber="1" whitePlayer="SATOKEN"
             blackPlayer="KIMSORA" knownColor="true" handicap="2"
             result="RESULT_WHITEWINS"/></Games>
      <ByePlayers><ByePlayer roundNumber="2" player="KIMSORA"/></ByePlayers>
      <TournamentParameterSet> GeneralParameterSet (name, dates, rounds, komi, McMahon bar),
        HandicapParameterSet, PlacementParameterSet, PairingParameterSet, ...
      </TournamentParameterSet>
      <TeamTournamentParameterSet>...</TeamTournamentParameterSet>
    </Tournament>

Players are referred to by their *key*: name and first name without spaces, in capitals
(OpenGotha's ``Player.getKeyString``; a key that does not match is tried again folded
to ASCII, as OpenGotha does).

What becomes of each field (reading; writing is the inverse):

* a player: ``name`` + ``firstName`` -> :attr:`Player.name` (``"Sato Ken"``, surname
  first; ``attributes["first_name"]`` records the first name when the split is not the
  last space), ``rank`` -> ``attributes["rank"]``, ``rating`` -> :attr:`Player.rating`
  (EGF-style), ``country`` -> :attr:`Player.federation`, ``club`` -> :attr:`Player.club`,
  ``egfPin`` -> ``attributes["egf_pin"]``, ``agaId`` -> ``attributes["aga_id"]``; pairing
  numbers follow the file's order; a round the player does not take part in
  (``participating`` ``0``) without a game is a zero-point bye of that round (a
  McMahon voluntary bye);
* a game: its round, colours (``knownColor="false"``: colours unknown), result (the
  ``_BYDEF`` results are forfeits: one side, or both sides losing) and handicap (a
  handicap override of ``settings.mcmahon`` for that game); the games of a round are
  ordered by table;
* a bye player: the round's pairing-allocated bye (a further bye player of the same
  round, which pairgoth may write: a full-point bye);
* the parameters: ``name`` (header 012), ``location`` (022), ``beginDate`` and
  ``endDate`` (042, 052, as ``YYYY/MM/DD``), ``director`` (102), ``numberOfRounds``,
  ``komi`` (McMahon ``komi_even``), ``genMMBar`` (McMahon ``bar``), ``hdCeiling`` and
  ``hdCorrection`` (McMahon ``handicap`` and ``max_handicap``), ``genMMS2ValueBye`` and
  ``genMMS2ValueAbsent`` (points of a bye and of an absent round, in half points).

Everything else (every other attribute of the players and parameter sets, the
placement criteria, team parameters, teams and clubs groups, unknown elements) is
kept in ``settings["opengotha"]`` and written back. A file fairpair writes carries
one comment holding what OpenGotha cannot hold (the fairpair document, with a digest
of the XML around it): reading it back gives the tournament that was written, unless
the XML was changed since (then the XML is read and the comment ignored, with a
warning). What is written follows the OpenGotha schema (``opengotha.xsd`` of pairgoth,
kept in ``tests/data/opengotha/``), but for the teams and clubs groups of a file that
had them (OpenGotha's own elements that the schema does not list).

Reading is defensive (expat, no DTD, no entities): a byte-order mark and line breaks
inside attribute values (files pairgoth writes) are accepted; anything else wrong is
an :class:`InputError` naming the file, the line and what was expected.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any
from xml.parsers import expat

from fairpair import limits
from fairpair.errors import InputError
from fairpair.model import (
    ByeKind,
    Game,
    Player,
    PointSystem,
    ResultCode,
    Round,
    Tournament,
)

__all__ = ["detect", "dumps", "key_of", "load", "loads", "split_name"]

#: Most rounds an OpenGotha file holds (``Gotha.MAX_NUMBER_OF_ROUNDS``): the length of
#: a ``participating`` string.
MAX_ROUNDS = 20
#: Most handicap stones of a game.
MAX_STONES = 9

_W, _L, _D = ResultCode.WIN, ResultCode.LOSS, ResultCode.DRAW
_FW, _FL = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS

#: OpenGotha result -> (white's code, black's code).
RESULTS: dict[str, tuple[ResultCode, ResultCode] | None] = {
    "RESULT_UNKNOWN": None,
    "RESULT_WHITEWINS": (_W, _L),
    "RESULT_BLACKWINS": (_L, _W),
    "RESULT_EQUAL": (_D, _D),
    "RESULT_WHITEWINS_BYDEF": (_FW, _FL),
    "RESULT_BLACKWINS_BYDEF": (_FL, _FW),
    "RESULT_BOTHLOSE_BYDEF": (_FL, _FL),
}
#: Results OpenGotha knows that fairpair cannot hold (both players win, a played game
#: both lose, a draw by default): refused when read.
UNSUPPORTED_RESULTS = {
    "RESULT_BOTHWIN": "both players win",
    "RESULT_BOTHLOSE": "both players lose a played game",
    "RESULT_BOTHLOOSE": "both players lose a played game",
    "RESULT_BOTHWIN_BYDEF": "both players win by default",
    "RESULT_EQUAL_BYDEF": "a draw by default",
}
_RESULT_OF: dict[tuple[ResultCode | None, ResultCode | None], str] = {
    (None, None): "RESULT_UNKNOWN",
    (_W, _L): "RESULT_WHITEWINS",
    (_L, _W): "RESULT_BLACKWINS",
    (_D, _D): "RESULT_EQUAL",
    (_FW, _FL): "RESULT_WHITEWINS_BYDEF",
    (_FL, _FW): "RESULT_BLACKWINS_BYDEF",
    (_FL, _FL): "RESULT_BOTHLOSE_BYDEF",
    # not rated: OpenGotha has no such results (the fairpair comment keeps them)
    (ResultCode.UNRATED_WIN, ResultCode.UNRATED_LOSS): "RESULT_WHITEWINS",
    (ResultCode.UNRATED_LOSS, ResultCode.UNRATED_WIN): "RESULT_BLACKWINS",
    (ResultCode.UNRATED_DRAW, ResultCode.UNRATED_DRAW): "RESULT_EQUAL",
}

#: The attributes the schema declares, per element, in the order they are written.
SCHEMA_ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "Tournament": (
        "dataVersion",
        "externalIPAddress",
        "fullVersionNumber",
        "runningMode",
        "saveDT",
    ),
    "Player": (
        "agaExpirationDate",
        "agaId",
        "club",
        "country",
        "egfPin",
        "ffgLicence",
        "ffgLicenceStatus",
        "firstName",
        "grade",
        "name",
        "participating",
        "rank",
        "rating",
        "ratingOrigin",
        "registeringStatus",
        "smmsCorrection",
    ),
    "GeneralParameterSet": (
        "bInternet",
        "basicTime",
        "beginDate",
        "canByoYomiTime",
        "complementaryTimeSystem",
        "director",
        "endDate",
        "fischerTime",
        "genCountNotPlayedGamesAsHalfPoint",
        "genMMBar",
        "genMMFloor",
        "genMMS2ValueAbsent",
        "genMMS2ValueBye",
        "genMMZero",
        "genNBW2ValueAbsent",
        "genNBW2ValueBye",
        "genRoundDownNBWMMS",
        "komi",
        "location",
        "name",
        "nbMovesCanTime",
        "numberOfCategories",
        "numberOfRounds",
        "shortName",
        "size",
        "stdByoYomiTime",
    ),
    "HandicapParameterSet": ("hdBasedOnMMS", "hdCeiling", "hdCorrection", "hdNoHdRankThreshold"),
    "PairingParameterSet": (
        "paiBaAvoidDuplGame",
        "paiBaBalanceWB",
        "paiBaDeterministic",
        "paiBaRandom",
        "paiMaAdditionalPlacementCritSystem1",
        "paiMaAdditionalPlacementCritSystem2",
        "paiMaAvoidMixingCategories",
        "paiMaCompensateDUDD",
        "paiMaDUDDLowerMode",
        "paiMaDUDDUpperMode",
        "paiMaDUDDWeight",
        "paiMaLastRoundForSeedSystem1",
        "paiMaMaximizeSeeding",
        "paiMaMinimizeScoreDifference",
        "paiMaSeedSystem1",
        "paiMaSeedSystem2",
        "paiSeAvoidSameGeo",
        "paiSeBarThresholdActive",
        "paiSeDefSecCrit",
        "paiSeMinimizeHandicap",
        "paiSeNbWinsThresholdActive",
        "paiSePreferMMSDiffRatherThanSameClub",
        "paiSePreferMMSDiffRatherThanSameCountry",
        "paiSeRankThreshold",
        "paiStandardNX1Factor",
    ),
    "DPParameterSet": (
        "displayClCol",
        "displayCoCol",
        "displayIndGamesInMatches",
        "displayNPPlayers",
        "displayNumCol",
        "displayPlCol",
        "gameFormat",
        "playerSortType",
        "showByePlayer",
        "showNotFinallyRegisteredPlayers",
        "showNotPairedPlayers",
        "showNotParticipatingPlayers",
        "showPlayerClub",
        "showPlayerCountry",
        "showPlayerGrade",
    ),
    "PublishParameterSet": ("exportToLocalFile", "htmlAutoScroll", "print"),
    "TeamGeneralParameterSet": ("teamSize",),
}

#: Parameters of a file fairpair makes from scratch: OpenGotha's defaults for a
#: McMahon tournament (as in the files it saves).
DEFAULTS: dict[str, dict[str, str]] = {
    "GeneralParameterSet": {
        "bInternet": "false",
        "basicTime": "60",
        "canByoYomiTime": "300",
        "complementaryTimeSystem": "CANBYOYOMI",
        "fischerTime": "10",
        "genCountNotPlayedGamesAsHalfPoint": "false",
        "genMMBar": "9D",
        "genMMFloor": "30K",
        "genMMS2ValueAbsent": "0",
        "genMMS2ValueBye": "2",
        "genMMZero": "30K",
        "genNBW2ValueAbsent": "0",
        "genNBW2ValueBye": "2",
        "genRoundDownNBWMMS": "true",
        "komi": "7.5",
        "nbMovesCanTime": "15",
        "numberOfCategories": "1",
        "size": "19",
        "stdByoYomiTime": "30",
    },
    "HandicapParameterSet": {
        "hdBasedOnMMS": "false",
        "hdCeiling": "0",
        "hdCorrection": "1",
        "hdNoHdRankThreshold": "30K",
    },
    "PairingParameterSet": {
        "paiBaAvoidDuplGame": "500000000000000",
        "paiBaBalanceWB": "1000000",
        "paiBaDeterministic": "true",
        "paiBaRandom": "0",
        "paiMaAdditionalPlacementCritSystem1": "Rating",
        "paiMaAdditionalPlacementCritSystem2": "Rating",
        "paiMaAvoidMixingCategories": "0",
        "paiMaCompensateDUDD": "true",
        "paiMaDUDDLowerMode": "TOP",
        "paiMaDUDDUpperMode": "BOT",
        "paiMaDUDDWeight": "100000000",
        "paiMaLastRoundForSeedSystem1": "1",
        "paiMaMaximizeSeeding": "5000000",
        "paiMaMinimizeScoreDifference": "100000000000",
        "paiMaSeedSystem1": "SPLITANDRANDOM",
        "paiMaSeedSystem2": "SPLITANDFOLD",
        "paiSeAvoidSameGeo": "100000000000",
        "paiSeBarThresholdActive": "true",
        "paiSeDefSecCrit": "100000000000",
        "paiSeMinimizeHandicap": "0",
        "paiSeNbWinsThresholdActive": "true",
        "paiSePreferMMSDiffRatherThanSameClub": "3",
        "paiSePreferMMSDiffRatherThanSameCountry": "1",
        "paiSeRankThreshold": "4K",
        "paiStandardNX1Factor": "0.5",
    },
    "DPParameterSet": {
        "displayClCol": "true",
        "displayCoCol": "true",
        "displayIndGamesInMatches": "true",
        "displayNPPlayers": "false",
        "displayNumCol": "true",
        "displayPlCol": "true",
        "gameFormat": "short",
        "playerSortType": "name",
        "showByePlayer": "true",
        "showNotFinallyRegisteredPlayers": "true",
        "showNotPairedPlayers": "true",
        "showNotParticipatingPlayers": "false",
        "showPlayerClub": "true",
        "showPlayerCountry": "false",
        "showPlayerGrade": "true",
    },
    "PublishParameterSet": {
        "exportToLocalFile": "true",
        "htmlAutoScroll": "false",
        "print": "false",
    },
    "TeamGeneralParameterSet": {"teamSize": "4"},
}
_PLACEMENT = ("MMS", "SOSM", "SOSOSM", "NULL", "NULL", "NULL")
_TEAM_PLACEMENT = ("TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR")

#: The player attributes fairpair models (the others are kept).
_PLAYER_MODELLED = frozenset(
    {"name", "firstName", "rank", "rating", "country", "club", "egfPin", "agaId", "participating"}
)
#: Parameters fairpair models, per parameter set.
_MODELLED = {
    "GeneralParameterSet": frozenset(
        {
            "name",
            "location",
            "beginDate",
            "endDate",
            "director",
            "numberOfRounds",
            "komi",
            "genMMBar",
            "genMMS2ValueBye",
            "genMMS2ValueAbsent",
        }
    ),
    "HandicapParameterSet": frozenset({"hdCeiling", "hdCorrection"}),
}
_HANDICAP_MODES = {0: "full", 1: "minus1", 2: "minus2"}
#: The elements of ``<Tournament>`` fairpair reads (the others are kept as they are).
_KNOWN_ELEMENTS = frozenset(
    {
        "Players",
        "Games",
        "ByePlayers",
        "ByePlayer",
        "TournamentParameterSet",
        "TeamTournamentParameterSet",
    }
)

#: The comment holding fairpair's own document: ``<!-- fairpair SHA256 {json} -->``.
_COMMENT = re.compile(r"\n?<!-- fairpair ([0-9a-f]{64}) (\{.*?\}) -->", re.DOTALL)

_SHEET = "settings.opengotha"


# -- a small DOM with line numbers, from expat ----------------------------------------


@dataclass
class Node:
    """An element: tag, attributes (in file order), children, and where it starts."""

    tag: str
    attrs: dict[str, str]
    line: int
    column: int
    children: list[Node] = field(default_factory=list)

    def find(self, tag: str) -> Node | None:
        return next((c for c in self.children if c.tag == tag), None)

    def to_json(self) -> list[Any]:
        """``[tag, {attributes}, [children]]`` (what is kept of an unknown element)."""
        return [self.tag, dict(self.attrs), [c.to_json() for c in self.children]]


class _Refused(Exception):
    """A DTD or an entity declaration (not accepted in an OpenGotha file)."""


def _parse(text: str, file: str) -> Node:
    """The root element of ``text``; no DTD, no entity, no external resource."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[Node] = []
    roots: list[Node] = []
    count = [0]
    most = 20 * limits.limit("players") + 10_000

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = Node(tag, attrs, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        count[0] += 1
        if count[0] > most or len(stack) > 50:
            raise limits.exceeded(
                "players",
                f"found more than {most} elements (or nesting deeper than 50)",
                file=file,
                line=node.line,
            )
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        del tag
        stack.pop()

    def refuse(*args: Any) -> None:
        del args
        raise _Refused

    def refuse_external(
        context: str, base: str | None, system_id: str | None, public_id: str | None
    ) -> int:
        del context, base, system_id, public_id
        raise _Refused

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse_external
    try:
        parser.Parse(text, True)
    except _Refused:
        raise InputError(
            "a document type declaration or an entity",
            expected="an OpenGotha file without DTD or entities",
            file=file,
            line=parser.CurrentLineNumber,
        ) from None
    except expat.ExpatError as exc:
        raise InputError(
            f"not well-formed XML: {expat.ErrorString(exc.code)}",
            expected="an OpenGotha XML file",
            file=file,
            line=exc.lineno,
            column=exc.offset + 1,
        ) from None
    return roots[0]


# -- names and keys ---------------------------------------------------------------------


def key_of(surname: str, first_name: str) -> str:
    """OpenGotha's key of a player: name and first name without spaces, in capitals."""
    return (surname + first_name).replace(" ", "").upper()


def _ascii_key(text: str) -> str:
    """The key folded to ASCII (OpenGotha's fallback for keys that do not match)."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return folded.replace(" ", "").upper()


def split_name(player: Player) -> tuple[str, str]:
    """(surname, first name) of a player: ``attributes["first_name"]`` if it ends the
    name, else ``"Surname, First"`` at the comma, else at the last space."""
    name = player.name.strip()
    first = player.attributes.get("first_name")
    if first is not None and (name == first or name.endswith(" " + first)):
        return name[: len(name) - len(first)].strip(), first
    if "," in name:
        surname, _, given = name.partition(",")
        return surname.strip(), given.strip()
    surname, _, given = name.rpartition(" ")
    if not surname:
        return given, ""
    return surname.strip(), given


def _joined(surname: str, first_name: str) -> str:
    return " ".join(part for part in (surname, first_name) if part)


def _clean(value: str) -> str:
    """An attribute value without its line breaks and surrounding blanks (pairgoth
    writes ``egfPin="12345678\\n"``; XML reads a line break in an attribute as a
    space)."""
    return " ".join(value.split())


# -- reading ----------------------------------------------------------------------------


def detect(head: bytes) -> bool:
    """Does ``head`` (the start of a file) look like an OpenGotha file? Any XML does
    (OpenGotha's is the one XML kind fairpair reads: another XML file is refused by
    the OpenGotha reader, naming its root element)."""
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


def load(path: str | os.PathLike[str]) -> tuple[Tournament, list[str]]:
    """Read an OpenGotha file (see :func:`loads`); a file over the ``file_bytes`` limit
    is refused before it is read."""
    name = os.fspath(path)
    return loads(limits.read_file(name), file=name)


def _decode(data: bytes | str, file: str) -> str:
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    if len(data) > limits.limit("file_bytes"):
        raise limits.exceeded("file_bytes", f"found {len(data)} bytes", file=file)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(
            f"byte 0x{data[exc.start]:02x} is not UTF-8",
            expected="an OpenGotha file in UTF-8",
            file=file,
            line=line,
        ) from None


def loads(data: bytes | str, file: str = "<opengotha>") -> tuple[Tournament, list[str]]:
    """The tournament of an OpenGotha document, and the warnings of reading it."""
    text = _decode(data, file)
    warnings: list[str] = []
    found = _COMMENT.search(text)
    if found is not None:
        rest = text[: found.start()] + text[found.end() :]
        if hashlib.sha256(rest.encode("utf-8")).hexdigest() == found.group(1):
            from fairpair.formats import jsondoc

            return jsondoc.loads(found.group(2).replace("-\\u002d", "--"), file=file)
        warnings.append(
            f"{file}: the XML was changed since fairpair wrote it: read from the XML "
            "(fairpair's own data in its comment ignored)"
        )
        text = rest
    root = _parse(text, file)
    if root.tag != "Tournament":
        raise InputError(
            f"root element <{root.tag}>",
            expected="an OpenGotha file (root element <Tournament>)",
            file=file,
            line=root.line,
        )
    return _Reader(file, warnings).tournament(root), warnings


def _int(node: Node, name: str, file: str, default: int | None = None, low: int = 0) -> int:
    text = _clean(node.attrs.get(name, ""))
    if not text:
        if default is not None:
            return default
        raise InputError(
            f"<{node.tag}> without {name}", expected=f"a {name}", file=file, line=node.line
        )
    if not re.fullmatch(r"[-+]?[0-9]{1,9}", text) or int(text) < low:
        raise InputError(
            f"<{node.tag}> {name}={text!r}",
            expected="a whole number" if low < 0 else f"a whole number >= {low}",
            file=file,
            line=node.line,
        )
    return int(text)


def _half_points(text: str) -> Fraction:
    return Fraction(int(text), 2)


class _Reader:
    """One file's reading: the players by key, then games, byes and parameters."""

    def __init__(self, file: str, warnings: list[str]) -> None:
        self.file = file
        self.warnings = warnings
        self.keys: dict[str, int] = {}
        self.ascii_keys: dict[str, int] = {}

    def error(self, node: Node, message: str, expected: str) -> InputError:
        return InputError(message, expected=expected, file=self.file, line=node.line)

    def player_ref(self, node: Node, name: str) -> int:
        text = _clean(node.attrs.get(name, ""))
        found = self.keys.get(text.replace(" ", "").upper())
        if found is None:
            found = self.ascii_keys.get(_ascii_key(text))
        if found is None:
            raise self.error(
                node,
                f"<{node.tag}> {name}={text!r} is no player of the file",
                "the key of a player of <Players> (name and first name, no spaces, capitals)",
            )
        return found

    def tournament(self, root: Node) -> Tournament:
        kept: dict[str, Any] = {}
        # dataVersion: fairpair writes 201 (ratings as they are), whatever it read
        root_attrs = {k: v for k, v in root.attrs.items() if k != "dataVersion"}
        if root_attrs:
            kept["root"] = root_attrs
        players_node = root.find("Players")
        if players_node is None:
            raise self.error(root, "no <Players>", "a <Players> element")
        params = root.find("TournamentParameterSet")
        general = params.find("GeneralParameterSet") if params is not None else None
        handicap = params.find("HandicapParameterSet") if params is not None else None
        players, participation, player_kept = self.players(players_node)
        if player_kept:
            kept["players"] = player_kept
        total = None
        if general is not None and "numberOfRounds" in general.attrs:
            total = _int(general, "numberOfRounds", self.file, low=1)
            limits.check("rounds", total, "rounds", file=self.file, line=general.line)
        rounds, tables, handicaps = self.games(root.find("Games"))
        byes: dict[int, dict[int, ByeKind]] = {}
        for bye_node in self.bye_nodes(root):
            rnd = _int(bye_node, "roundNumber", self.file, low=1)
            limits.check("rounds", rnd, "rounds", file=self.file, line=bye_node.line)
            number = self.player_ref(bye_node, "player")
            if number in rounds.get(rnd, {}).get("busy", set()):
                raise self.error(
                    bye_node,
                    f"player {number} has a game and the bye in round {rnd}",
                    "a bye player who has no game in that round",
                )
            if number in byes.get(rnd, {}):
                raise self.error(
                    bye_node, f"player {number} is twice a bye player of round {rnd}", "once"
                )
            # OpenGotha has one bye player a round; pairgoth may give the bye to more
            # (the others: full-point byes, written back as bye players after the first)
            kind = ByeKind.PAIRING_ALLOCATED
            if ByeKind.PAIRING_ALLOCATED in byes.get(rnd, {}).values():
                kind = ByeKind.FULL_POINT
            byes.setdefault(rnd, {})[number] = kind
        last = max([*rounds, *byes, 0])
        if total is None:
            total = last or None
        elif last > total:
            self.warnings.append(
                f"{self.file}: games in round {last} but numberOfRounds is {total}: {last} rounds"
            )
            total = last
        for number, text in participation.items():
            for index, char in enumerate(text[: total or 0]):
                rnd = index + 1
                busy = rounds.get(rnd, {}).get("busy", set())
                if char == "0" and number not in busy and number not in byes.get(rnd, {}):
                    byes.setdefault(rnd, {})[number] = ByeKind.ZERO_POINT
        round_list = []
        for rnd in range(1, max([*rounds, *byes, 0]) + 1):
            games = rounds.get(rnd, {}).get("games", [])
            round_list.append(Round(number=rnd, games=tuple(games), byes=dict(byes.get(rnd, {}))))
        if tables:
            kept["tables"] = tables
        sets = self.parameters(params)
        for child in root.children:
            if child.tag == "TeamTournamentParameterSet":
                team = child.find("TeamGeneralParameterSet")
                if team is not None:
                    sets["TeamGeneralParameterSet"] = dict(team.attrs)
                placement = child.find("TeamPlacementParameterSet")
                if placement is not None:
                    sets["team_placement"] = _criteria(placement)
            elif child.tag not in _KNOWN_ELEMENTS:
                kept.setdefault("elements", []).append(child.to_json())
        headers, points, mcmahon = self.modelled(general, handicap, handicaps)
        return Tournament(
            players=tuple(players),
            rounds=tuple(round_list),
            total_rounds=total,
            points=points,
            headers=headers,
            system="mcmahon",
            settings={"mcmahon": mcmahon, "opengotha": kept | sets},
        )

    def players(self, node: Node) -> tuple[list[Player], dict[int, str], dict[str, dict[str, str]]]:
        players: list[Player] = []
        participation: dict[int, str] = {}
        kept: dict[str, dict[str, str]] = {}
        items = [c for c in node.children if c.tag == "Player"]
        limits.check("players", len(items), "players", file=self.file, line=node.line)
        for item in items:
            number = len(players) + 1
            attrs = {k: _clean(v) for k, v in item.attrs.items()}
            surname, first = attrs.get("name", ""), attrs.get("firstName", "")
            if not surname and not first:
                raise self.error(item, "<Player> without name", "a name and a first name")
            key = key_of(surname, first)
            if key in self.keys:
                raise self.error(
                    item,
                    f"two players with the key {key!r} (players {self.keys[key]} and {number})",
                    "players told apart by name and first name",
                )
            self.keys[key] = number
            self.ascii_keys.setdefault(_ascii_key(surname + first), number)
            rating = 0
            if attrs.get("rating"):
                rating = _int(item, "rating", self.file, low=-(10**9))
            name = _joined(surname, first)
            attributes: dict[str, str] = {}
            if attrs.get("rank"):
                attributes["rank"] = attrs["rank"]
            if attrs.get("egfPin"):
                attributes["egf_pin"] = attrs["egfPin"]
            if attrs.get("agaId"):
                attributes["aga_id"] = attrs["agaId"]
            probe = Player(number, name)
            if split_name(probe) != (surname, first):
                attributes["first_name"] = first
            participating = attrs.get("participating", "")
            if participating and not re.fullmatch(r"[01]{1,100}", participating):
                raise self.error(
                    item,
                    f"<Player> participating={participating!r}",
                    "a string of 0 and 1, one a round",
                )
            participation[number] = participating
            players.append(
                Player(
                    number=number,
                    name=name,
                    rating=rating,
                    federation=attrs.get("country", ""),
                    club=attrs.get("club", ""),
                    attributes=attributes,
                )
            )
            rest = {k: v for k, v in item.attrs.items() if k not in _PLAYER_MODELLED}
            if participating:
                rest["participating"] = participating
            if rest:
                kept[str(number)] = rest
        return players, participation, kept

    def games(
        self, node: Node | None
    ) -> tuple[dict[int, dict[str, Any]], dict[str, list[int]], list[tuple[int, int, int, int]]]:
        rounds: dict[int, dict[str, Any]] = {}
        handicaps: list[tuple[int, int, int, int]] = []
        if node is None:
            return rounds, {}, handicaps
        entries: dict[int, list[tuple[int, Game, int]]] = {}
        for item in node.children:
            if item.tag != "Game":
                continue
            rnd = _int(item, "roundNumber", self.file, low=1)
            limits.check("rounds", rnd, "rounds", file=self.file, line=item.line)
            table = _int(item, "tableNumber", self.file, default=0, low=0)
            white = self.player_ref(item, "whitePlayer")
            black = self.player_ref(item, "blackPlayer")
            stones = _int(item, "handicap", self.file, default=0, low=0)
            if stones > MAX_STONES:
                raise self.error(item, f"handicap {stones}", f"0 to {MAX_STONES} stones")
            result = _clean(item.attrs.get("result", "RESULT_UNKNOWN")) or "RESULT_UNKNOWN"
            if result in UNSUPPORTED_RESULTS:
                raise self.error(
                    item,
                    f"result {result} ({UNSUPPORTED_RESULTS[result]}) cannot be held by fairpair",
                    "a win, a jigo, a loss, or a win or loss by default",
                )
            if result not in RESULTS:
                raise self.error(item, f"result {result!r}", "one of " + ", ".join(RESULTS))
            busy: set[int] = rounds.setdefault(rnd, {"busy": set()})["busy"]
            for number in (white, black):
                if number in busy or white == black:
                    raise self.error(
                        item,
                        f"player {number} plays twice in round {rnd}",
                        "each player at most once a round",
                    )
                busy.add(number)
            codes = RESULTS[result]
            known = _clean(item.attrs.get("knownColor", "true")).lower() != "false"
            game = Game(
                white=white,
                black=black,
                white_result=None if codes is None else codes[0],
                black_result=None if codes is None else codes[1],
                coloured=known,
            )
            entries.setdefault(rnd, []).append((table, game, stones))
        tables: dict[str, list[int]] = {}
        for rnd in sorted(entries):
            items = sorted(entries[rnd], key=lambda item: item[0])
            rounds[rnd]["games"] = [game for _, game, _ in items]
            handicaps += [(rnd, game.white, game.black, stones) for _, game, stones in items]
            numbers = [table for table, _, _ in items]
            if numbers != list(range(1, len(numbers) + 1)):
                tables[str(rnd)] = numbers
        return rounds, tables, handicaps

    def bye_nodes(self, root: Node) -> Iterator[Node]:
        """The bye players: ``<ByePlayers><ByePlayer .../>`` (OpenGotha), or the same
        inside a ``<ByePlayer>`` (what pairgoth writes)."""
        for child in root.children:
            if child.tag in ("ByePlayers", "ByePlayer"):
                for item in child.children:
                    if item.tag == "ByePlayer":
                        yield item
                if child.tag == "ByePlayer" and not child.children and child.attrs:
                    yield child

    def parameters(self, params: Node | None) -> dict[str, Any]:
        """Every parameter set's attributes (all kept: the modelled ones are overwritten
        from the tournament when written) and the unknown elements."""
        sets: dict[str, Any] = {}
        if params is not None:
            for child in params.children:
                if child.tag == "PlacementParameterSet":
                    sets["placement"] = _criteria(child)
                elif child.tag in SCHEMA_ATTRIBUTES:
                    sets[child.tag] = dict(child.attrs)
                else:
                    sets.setdefault("parameter_elements", []).append(child.to_json())
        return sets

    def modelled(
        self,
        general: Node | None,
        handicap: Node | None,
        handicaps: list[tuple[int, int, int, int]],
    ) -> tuple[tuple[tuple[str, str], ...], PointSystem, dict[str, Any]]:
        g = {k: _clean(v) for k, v in (general.attrs if general is not None else {}).items()}
        headers: list[tuple[str, str]] = []
        for code, name in (("012", "name"), ("022", "location")):
            if g.get(name):
                headers.append((code, g[name]))
        for code, name in (("042", "beginDate"), ("052", "endDate")):
            if g.get(name):
                headers.append((code, g[name].replace("-", "/")))
        if g.get("director"):
            headers.append(("102", g["director"]))
        points = PointSystem()
        changes: dict[str, Fraction] = {}
        for key, attr in (
            ("pairing_allocated_bye", "genMMS2ValueBye"),
            ("zero_point_bye", "genMMS2ValueAbsent"),
        ):
            if g.get(attr):
                assert general is not None
                changes[key] = _half_points(str(_int(general, attr, self.file, low=0)))
        if changes:
            points = dataclasses.replace(points, **changes)
        mcmahon: dict[str, Any] = {}
        if g.get("genMMBar"):
            mcmahon["bar"] = g["genMMBar"]
            assert general is not None
            if _rank_index(g["genMMBar"]) is None:
                raise self.error(general, f"genMMBar={g['genMMBar']!r}", "a rank such as 4D")
        if g.get("komi"):
            try:
                komi = Fraction(g["komi"])
            except ValueError:
                assert general is not None
                raise self.error(general, f"komi={g['komi']!r}", "a number such as 6.5") from None
            mcmahon["komi_even"] = int(komi) if komi.denominator == 1 else float(komi)
        mode = "none"
        if handicap is not None:
            ceiling = _int(handicap, "hdCeiling", self.file, default=0)
            correction = _int(handicap, "hdCorrection", self.file, default=0, low=-(10**9))
            if ceiling > 0:
                if correction not in _HANDICAP_MODES:
                    self.warnings.append(
                        f"{self.file}: hdCorrection {correction} has no fairpair equivalent "
                        "(full, minus1, minus2): the games' handicaps are kept"
                    )
                mode = _HANDICAP_MODES.get(correction, "full")
                mcmahon["max_handicap"] = min(ceiling, MAX_STONES)
        mcmahon["handicap"] = mode
        overrides = [
            {"round": rnd, "players": sorted((white, black)), "handicap": stones}
            for rnd, white, black, stones in handicaps
            if stones or mode != "none"
        ]
        if overrides:
            mcmahon["handicap_overrides"] = overrides
        return tuple(headers), points, mcmahon


def _criteria(node: Node) -> list[list[str]]:
    criteria = node.find("PlacementCriteria")
    if criteria is None:
        return []
    return [
        [c.attrs.get("name", ""), c.attrs.get("number", "")]
        for c in criteria.children
        if c.tag == "PlacementCriterion"
    ]


def _rank_index(text: str) -> int | None:
    """OpenGotha's rank of ``text`` (``"3K"`` -> -3, ``"1D"`` -> 0), None if unreadable."""
    found = re.fullmatch(r"\s*(\d{1,2})\s*([kdpKDP])\s*", text)
    if found is None:
        return None
    number, kind = int(found.group(1)), found.group(2).lower()
    if kind == "k":
        return -number if 1 <= number <= 30 else None
    if kind == "d":
        return number - 1 if 1 <= number <= 9 else None
    return min(number + 5, 8) if 1 <= number <= 9 else None


# -- writing ----------------------------------------------------------------------------


def _escape(value: str) -> str:
    return (
        value.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("\n", "&#10;")
        .replace("\r", "&#13;")
        .replace("\t", "&#9;")
    )


def _element(tag: str, attrs: Mapping[str, str], indent: str = "") -> str:
    body = "".join(f' {k}="{_escape(str(v))}"' for k, v in attrs.items())
    return f"{indent}<{tag}{body}/>"


def _unknown(item: Any, indent: str) -> Iterator[str]:
    """A kept element ``[tag, {attributes}, [children]]`` as XML lines."""
    if not (isinstance(item, list) and len(item) == 3 and isinstance(item[0], str)):
        return
    tag, attrs, children = item
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.-]*", tag):
        return
    attrs = {k: str(v) for k, v in attrs.items() if re.fullmatch(r"[A-Za-z_][\w.-]*", str(k))}
    if not children:
        yield _element(tag, attrs, indent)
        return
    head = _element(tag, attrs, indent)[:-2] + ">"
    yield head
    for child in children:
        yield from _unknown(child, indent + "  ")
    yield f"{indent}</{tag}>"


def _iso_date(text: str) -> str | None:
    found = re.fullmatch(r"\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\s*", text)
    if found is None:
        return None
    year, month, day = (int(x) for x in found.groups())
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return f"{year:04d}-{month:02d}-{day:02d}"


def _half_text(value: Fraction) -> str | None:
    doubled = value * 2
    return str(int(doubled)) if doubled.denominator == 1 and doubled >= 0 else None


def _number_text(value: Any) -> str:
    """A komi of the settings (a number, or a text such as ``"6.5"`` or ``"13/2"``) as
    the decimal the schema wants (``xs:float``); 7.5 if it is no number."""
    try:
        number = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        return "7.5"
    return str(number.numerator) if number.denominator == 1 else str(float(number))


def _rank_text(index: int) -> str:
    return f"{index + 1}D" if index >= 0 else f"{-index}K"


def dumps(
    t: Tournament,
    *,
    handicaps: Mapping[tuple[int, int, int], int] | None = None,
    ranks: Mapping[int, str] | None = None,
    fairpair_data: bool = True,
) -> str:
    """The OpenGotha document of ``t``.

    ``handicaps``: (round, white, black) -> stones of each game, as the pairing system
    gives them (the workflow computes them for a Go tournament); without it a game's
    handicap is its override in ``settings.mcmahon``, else 0. ``ranks``: pairing
    number -> rank for players without a ``rank`` attribute (else it comes from the
    rating, OpenGotha's way). ``fairpair_data``: add the comment holding what
    OpenGotha cannot hold (see the module docstring).

    Raises :class:`InputError` for a tournament OpenGotha cannot hold: two players with
    the same key, more than 20 rounds, handicaps over 9 stones.
    """
    kept_any = t.settings.get("opengotha", {})
    kept: Mapping[str, Any] = kept_any if isinstance(kept_any, Mapping) else {}
    mcmahon_any = t.settings.get("mcmahon", {})
    mcmahon: Mapping[str, Any] = mcmahon_any if isinstance(mcmahon_any, Mapping) else {}
    total = max(t.total_rounds or 0, len(t.rounds))
    if total > MAX_ROUNDS:
        raise InputError(
            f"{total} rounds", expected=f"at most {MAX_ROUNDS} rounds (OpenGotha's limit)"
        )
    keys: dict[int, str] = {}
    owners: dict[str, int] = {}
    for p in t.players:
        key = key_of(*split_name(p))
        if not key:
            raise InputError(f"player {p.number} has no name", expected="a named player")
        if key in owners:
            raise InputError(
                f"players {owners[key]} and {p.number} have the same OpenGotha key {key!r}",
                expected="players told apart by name and first name (OpenGotha's key)",
            )
        owners[key] = p.number
        keys[p.number] = key
    lines = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
        _element("Tournament", _root_attrs(kept))[:-2] + ">",
        "<Players>",
    ]
    kept_players = kept.get("players", {})
    # round -> the players who have a game in it
    playing = {r.number: {n for g in r.games for n in (g.white, g.black)} for r in t.rounds}
    for p in t.players:
        own = kept_players.get(str(p.number), {}) if isinstance(kept_players, Mapping) else {}
        attrs = _player_attrs(t, p, own, total, ranks, playing)
        lines.append(_element("Player", attrs, "  "))
    lines += ["</Players>", "<Games>"]
    stones_of = _stones_source(t, mcmahon, handicaps)
    tables = kept.get("tables", {})
    for rnd in t.rounds:
        numbers = tables.get(str(rnd.number)) if isinstance(tables, Mapping) else None
        if not (isinstance(numbers, list) and len(numbers) == len(rnd.games)):
            numbers = list(range(1, len(rnd.games) + 1))
        for table, game in zip(numbers, rnd.games, strict=True):
            stones = stones_of(rnd.number, game)
            if not 0 <= stones <= MAX_STONES:
                raise InputError(
                    f"round {rnd.number}: a handicap of {stones} stones",
                    expected=f"0 to {MAX_STONES} stones",
                )
            result = _RESULT_OF.get((game.white_result, game.black_result), "RESULT_UNKNOWN")
            attrs = {
                "blackPlayer": keys[game.black],
                "handicap": str(stones),
                "knownColor": "true" if game.coloured else "false",
                "result": result,
                "roundNumber": str(rnd.number),
                "tableNumber": str(table),
                "whitePlayer": keys[game.white],
            }
            lines.append(_element("Game", attrs, "  "))
    lines += ["</Games>", "<ByePlayers>"]
    for rnd in t.rounds:
        for wanted in (ByeKind.PAIRING_ALLOCATED, ByeKind.FULL_POINT):
            for number, kind in rnd.byes.items():
                if kind is wanted:
                    attrs = {"player": keys[number], "roundNumber": str(rnd.number)}
                    lines.append(_element("ByePlayer", attrs, "  "))
    lines.append("</ByePlayers>")
    for item in kept.get("elements", ()):
        if isinstance(item, list) and item and item[0] == "Teams":
            lines += list(_unknown(item, ""))
    lines += _parameters(t, kept, mcmahon, total)
    for item in kept.get("elements", ()):
        if not (isinstance(item, list) and item and item[0] == "Teams"):
            lines += list(_unknown(item, ""))
    lines.append("</Tournament>")
    text = "\n".join(lines) + "\n"
    if not fairpair_data:
        return text
    from fairpair.formats import jsondoc

    document = json.dumps(jsondoc.to_document(t), ensure_ascii=False, separators=(",", ":"))
    document = document.replace("--", "-\\u002d")
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    head, _, rest = text.partition("\n")
    return f"{head}\n<!-- fairpair {digest} {document} -->{rest and chr(10) + rest}"


def _root_attrs(kept: Mapping[str, Any]) -> dict[str, str]:
    root = kept.get("root", {})
    attrs = {
        k: str(root[k])
        for k in SCHEMA_ATTRIBUTES["Tournament"]
        if isinstance(root, Mapping) and k in root
    }
    attrs["dataVersion"] = "201"  # ratings as they are (older files add 2050)
    attrs.setdefault("runningMode", "SAL")
    return {k: attrs[k] for k in SCHEMA_ATTRIBUTES["Tournament"] if k in attrs}


def _player_attrs(
    t: Tournament,
    p: Player,
    own: Mapping[str, Any],
    total: int,
    ranks: Mapping[int, str] | None,
    playing: Mapping[int, set[int]],
) -> dict[str, str]:
    surname, first = split_name(p)
    rank = p.attributes.get("rank", "").strip()
    if not rank and ranks is not None:
        rank = ranks.get(p.number, "")
    index = _rank_index(rank) if rank else None
    if not rank:
        index = max(-30, min(8, (p.rating + 950) // 100 - 30)) if p.rating else -30
        rank = _rank_text(index)
    rating = p.rating
    if not rating and index is not None:
        rating = (index + 30) * 100 - 900
    participating = _participating(t, p, str(own.get("participating", "")), total, playing)
    values = {
        "agaExpirationDate": "",
        "agaId": p.attributes.get("aga_id", ""),
        "club": p.club or p.attributes.get("club", ""),
        "country": p.federation or p.attributes.get("country", ""),
        "egfPin": p.attributes.get("egf_pin", ""),
        "ffgLicence": "",
        "ffgLicenceStatus": "",
        "firstName": first,
        "grade": rank,
        "name": surname,
        "participating": participating,
        "rank": rank,
        "rating": str(rating),
        "ratingOrigin": "",
        "registeringStatus": "FIN",
        "smmsCorrection": "0",
    }
    for key, value in own.items():
        if key not in _PLAYER_MODELLED and key in values:
            values[key] = str(value)
    return values


def _participating(
    t: Tournament, p: Player, kept: str, total: int, playing: Mapping[int, set[int]]
) -> str:
    """``1`` for a round the player takes part in, ``0`` for one he does not (a
    zero-point or half-point bye, an absence, not registered for it); a round beyond
    the tournament's keeps the file's character (else ``1``)."""
    chars = list((kept + "1" * MAX_ROUNDS)[:MAX_ROUNDS])
    for index in range(total):
        rnd = t.round(index + 1)
        kind = rnd.byes.get(p.number)
        if p.number in playing.get(index + 1, ()):
            continue  # a game says nothing against the file's character
        if not p.available_in(index + 1) or kind in (
            ByeKind.ZERO_POINT,
            ByeKind.ABSENT,
            ByeKind.HALF_POINT,
        ):
            chars[index] = "0"
        else:
            chars[index] = "1"
    return "".join(chars)


def _stones_source(
    t: Tournament,
    mcmahon: Mapping[str, Any],
    handicaps: Mapping[tuple[int, int, int], int] | None,
) -> Callable[[int, Game], int]:
    overrides: dict[tuple[int, frozenset[int]], int] = {}
    for item in mcmahon.get("handicap_overrides", ()) or ():
        try:
            overrides[(int(item["round"]), frozenset(int(n) for n in item["players"]))] = int(
                item["handicap"]
            )
        except (KeyError, TypeError, ValueError):
            continue

    def stones(rnd: int, game: Game) -> int:
        if handicaps is not None:
            found = handicaps.get((rnd, game.white, game.black))
            if found is not None:
                return found
        return overrides.get((rnd, frozenset((game.white, game.black))), 0)

    del t
    return stones


def _parameters(
    t: Tournament, kept: Mapping[str, Any], mcmahon: Mapping[str, Any], total: int
) -> list[str]:
    def kept_set(tag: str) -> dict[str, str]:
        values = dict(DEFAULTS.get(tag, {}))
        own = kept.get(tag, {})
        if isinstance(own, Mapping):
            values.update({str(k): str(v) for k, v in own.items()})
        return values

    headers = dict(t.headers)
    general = kept_set("GeneralParameterSet")
    name = headers.get("012", "") or general.get("name", "") or "Tournament"
    general["name"] = name
    if "shortName" not in general:
        general["shortName"] = re.sub(r"[^A-Za-z0-9]", "", name)[:20] or "tournament"
    general["location"] = headers.get("022", "")
    general["director"] = headers.get("102", "")
    for code, attr in (("042", "beginDate"), ("052", "endDate")):
        date = _iso_date(headers.get(code, ""))
        if date is not None:
            general[attr] = date
        else:
            general.pop(attr, None)  # the schema wants a date or nothing
    general["numberOfRounds"] = str(max(total, 1))
    general["komi"] = _number_text(mcmahon.get("komi_even", 7.5))
    bar = mcmahon.get("bar")
    if isinstance(bar, str) and _rank_index(bar) is not None:
        general["genMMBar"] = bar
    for attr, value in (
        ("genMMS2ValueBye", t.points.pairing_allocated_bye),
        ("genMMS2ValueAbsent", t.points.zero_point_bye),
    ):
        text = _half_text(value)
        if text is not None:
            general[attr] = text
    handicap = kept_set("HandicapParameterSet")
    mode = str(mcmahon.get("handicap", "none"))
    if mode == "none":
        handicap["hdCeiling"] = "0"
    else:
        handicap["hdCeiling"] = str(mcmahon.get("max_handicap", MAX_STONES))
        handicap["hdCorrection"] = str({"full": 0, "minus1": 1, "minus2": 2}.get(mode, 0))
        if "HandicapParameterSet" not in kept:
            basis = mcmahon.get("handicap_basis", "rank")
            handicap["hdBasedOnMMS"] = "true" if basis == "band" else "false"
    placement = kept.get("placement") or [[n, str(i + 1)] for i, n in enumerate(_PLACEMENT)]
    lines = ["<TournamentParameterSet>"]
    lines.append(
        _element("GeneralParameterSet", _schema_order("GeneralParameterSet", general), "  ")
    )
    lines.append(
        _element("HandicapParameterSet", _schema_order("HandicapParameterSet", handicap), "  ")
    )
    lines += ["  <PlacementParameterSet>", "    <PlacementCriteria>"]
    for item in placement:
        if isinstance(item, list) and len(item) == 2:
            attrs = {"name": str(item[0]), "number": str(item[1])}
            lines.append(_element("PlacementCriterion", attrs, "      "))
    lines += ["    </PlacementCriteria>", "  </PlacementParameterSet>"]
    for tag in ("PairingParameterSet", "DPParameterSet", "PublishParameterSet"):
        lines.append(_element(tag, _schema_order(tag, kept_set(tag)), "  "))
    lines.append("</TournamentParameterSet>")
    lines.append("<TeamTournamentParameterSet>")
    team = _schema_order("TeamGeneralParameterSet", kept_set("TeamGeneralParameterSet"))
    lines.append(_element("TeamGeneralParameterSet", team, "  "))
    lines += ["  <TeamPlacementParameterSet>", "    <PlacementCriteria>"]
    team_placement = kept.get("team_placement") or [
        [n, str(i + 1)] for i, n in enumerate(_TEAM_PLACEMENT)
    ]
    for item in team_placement:
        if isinstance(item, list) and len(item) == 2:
            attrs = {"name": str(item[0]), "number": str(item[1])}
            lines.append(_element("PlacementCriterion", attrs, "      "))
    lines += ["    </PlacementCriteria>", "  </TeamPlacementParameterSet>"]
    lines.append("</TeamTournamentParameterSet>")
    return lines


def _schema_order(tag: str, values: Mapping[str, str]) -> dict[str, str]:
    """The attributes of ``values`` that the schema declares for ``tag``, in its order
    (the others stay in the tournament's kept data)."""
    return {k: values[k] for k in SCHEMA_ATTRIBUTES[tag] if k in values}
