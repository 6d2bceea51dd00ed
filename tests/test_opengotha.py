"""OpenGotha XML, read and written (``fairpair.formats.opengotha``), the kinds registry of
``fairpair convert`` / ``fairpair new``, and the Go result reports (EGF ``h9``, AGA).

Real files: ``tests/data/opengotha/`` (from pairgoth's test resources, see the README
there): ``bosp2024.xml`` as pairgoth exports it (byte order mark, line breaks inside
``egfPin`` values, bye players inside ``<ByePlayer>``), ``veterans-2021.xml`` and
``Toulouse2024.xml`` as OpenGotha saves them (handicap games, absences). What fairpair
writes is validated against the schema ``opengotha.xsd`` with ``xmllint``.
"""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest

from fairpair.cli import run
from fairpair.errors import InputError
from fairpair.formats import jsondoc, kinds, opengotha
from fairpair.model import ByeKind, Game, Player, ResultCode, Round, Tournament
from fairpair.systems.mcmahon.reports import results_aga, results_h9

DATA = Path(__file__).parent / "data" / "opengotha"
XSD = DATA / "opengotha.xsd"
FILES = ["bosp2024.xml", "veterans-2021.xml", "Toulouse2024.xml"]


def validate(path: Path) -> None:
    """``xmllint --schema opengotha.xsd`` accepts ``path`` (skipped without xmllint)."""
    if shutil.which("xmllint") is None:
        pytest.skip("xmllint is not installed (Debian: libxml2-utils; .ci/run installs it)")
    done = subprocess.run(
        ["xmllint", "--noout", "--schema", str(XSD), str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


# -- reading the real files ---------------------------------------------------------------


def test_pairgoth_export_with_its_quirks_is_read() -> None:
    t, warnings = opengotha.load(DATA / "bosp2024.xml")
    assert warnings == []
    assert len(t.players) == 71 and t.total_rounds == 5 and t.system == "mcmahon"
    first = t.players[0]
    # name="Kose" firstName="Dogac" egfPin="14825052<newline>" (the byte order mark first)
    assert first.name == "Kose Dogac"
    assert first.attributes == {"rank": "3d", "egf_pin": "14825052"}
    assert (first.rating, first.federation, first.club) == (2300, "TR", "Ist")
    # <ByePlayer><ByePlayer player="GuneyMete" roundNumber="1"/>...: keys in any case
    mete = next(p for p in t.players if p.name == "Guney Mete")
    assert t.round(1).byes[mete.number] is ByeKind.PAIRING_ALLOCATED
    assert len(t.round(1).games) == 19 and len(t.round(2).games) == 19
    assert dict(t.headers) == {
        "012": "4th Bogazici Go Tournament",
        "022": "Istanbul",
        "042": "2024/07/06",
        "052": "2024/07/07",
        "102": "Barkin Celebican",
    }
    mcmahon = t.settings["mcmahon"]
    assert (mcmahon["bar"], mcmahon["komi_even"], mcmahon["handicap"]) == ("1D", 6.5, "full")
    # genMMS2ValueAbsent="1": an absent round is worth half a point
    assert t.points.zero_point_bye == Fraction(1, 2)
    # participating="00011...": not in rounds 1 to 3 -> zero-point byes (voluntary)
    late = [p.number for p in t.players if t.round(1).byes.get(p.number) is ByeKind.ZERO_POINT]
    assert late and all(t.round(1).game_of(n) is None for n in late)


def test_opengotha_files_are_read() -> None:
    t, _ = opengotha.load(DATA / "veterans-2021.xml")
    gajdos = next(p for p in t.players if p.name == "Gajdos Chantal")
    assert t.round(2).byes[gajdos.number] is ByeKind.PAIRING_ALLOCATED
    assert t.settings["mcmahon"]["handicap"] == "none"  # hdCeiling="0"
    assert sum(len(r.games) for r in t.rounds) == 101
    t, _ = opengotha.load(DATA / "Toulouse2024.xml")
    stones = [o["handicap"] for o in t.settings["mcmahon"]["handicap_overrides"]]
    assert len(stones) == 105 and max(stones) == 9 and stones.count(0) == 84
    results = {(g.white_result, g.black_result) for _, g in t.iter_games()}
    assert results == {(ResultCode.WIN, ResultCode.LOSS), (ResultCode.LOSS, ResultCode.WIN)}


# -- round trips ---------------------------------------------------------------------------


def _elements(path: Path) -> ET.Element:
    return ET.fromstring(path.read_bytes())


def _clean(attrs: dict[str, str]) -> dict[str, str]:
    return {k: " ".join(v.split()) for k, v in attrs.items()}


def _content(root: ET.Element) -> dict[str, object]:
    """What an OpenGotha file says, as comparable values (players by key, games,
    byes, parameter sets)."""
    players = {}
    for p in root.iter("Player"):
        attrs = _clean(p.attrib)
        players[opengotha.key_of(attrs["name"], attrs["firstName"])] = attrs
    games = set()
    for g in root.iter("Game"):
        a = _clean(g.attrib)
        games.add(
            (
                a["roundNumber"],
                a["tableNumber"],
                a["whitePlayer"],
                a["blackPlayer"],
                a["handicap"],
                a["result"],
                a.get("knownColor", "true"),
            )
        )
    byes = {
        (b.attrib["roundNumber"], b.attrib["player"].upper())
        for b in root.iter("ByePlayer")
        if "player" in b.attrib
    }
    sets = {}
    for tag in opengotha.SCHEMA_ATTRIBUTES:
        if tag not in ("Tournament", "Player"):
            found = next(root.iter(tag), None)
            sets[tag] = {} if found is None else _clean(found.attrib)
    criteria = [
        (c.attrib.get("name"), c.attrib.get("number")) for c in root.iter("PlacementCriterion")
    ]
    return {"players": players, "games": games, "byes": byes, "sets": sets, "crit": criteria}


@pytest.mark.parametrize("name", FILES)
def test_opengotha_to_fairpair_to_opengotha_keeps_every_field(name: str, tmp_path: Path) -> None:
    t, _ = opengotha.load(DATA / name)
    out = tmp_path / "out.xml"
    out.write_text(opengotha.dumps(t, fairpair_data=False), encoding="utf-8")
    validate(out)
    before, after = _content(_elements(DATA / name)), _content(_elements(out))
    for key, attrs in before["players"].items():  # type: ignore[attr-defined]
        written = after["players"][key]  # type: ignore[index]
        assert {k: written.get(k) for k in attrs} == attrs
    assert before["games"] == after["games"]
    assert before["byes"] == after["byes"]
    assert before["crit"] == after["crit"]
    for tag, attrs in before["sets"].items():  # type: ignore[attr-defined]
        written = after["sets"][tag]  # type: ignore[index]
        for k, v in attrs.items():
            if k == "komi":
                assert float(written[k]) == float(v)
            else:
                assert written.get(k) == v, (tag, k)
    # and read back: the same tournament
    again, warnings = opengotha.load(out)
    assert warnings == [] and again == t


def _go_tournament() -> Tournament:
    """A McMahon tournament as fairpair makes it: ranks, countries, clubs, PINs, AGA
    ids, two rounds with results (a jigo, a forfeit, a double forfeit, a game with
    unknown colours), a bye, an absence and a pending round."""
    names = ["Sato Ken", "Kim Sora", "van der Berg Jan", "Müller Anna", "Novák Petr", "Li Wei"]
    players = tuple(
        Player(
            number=i,
            name=name,
            federation=("JPN", "KOR", "NED", "GER", "CZ", "CHN")[i - 1],
            club=f"Club{i}",
            attributes={
                "rank": ("3d", "1d", "2k", "5k", "5k", "10k")[i - 1],
                "egf_pin": str(1000 + i),
            }
            | ({"aga_id": str(500 + i)} if i != 6 else {}),
        )
        for i, name in enumerate(names, 1)
    )
    w, lo, d = ResultCode.WIN, ResultCode.LOSS, ResultCode.DRAW
    fw, fl = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS
    rounds = (
        Round(1, (Game(1, 2, w, lo), Game(3, 4, d, d), Game(5, 6, fl, fw, coloured=False))),
        Round(
            2,
            (Game(2, 3, lo, w), Game(4, 1, fl, fl)),
            {5: ByeKind.PAIRING_ALLOCATED, 6: ByeKind.ZERO_POINT},
        ),
        Round(3, (Game(1, 3), Game(2, 5))),
    )
    t = Tournament(
        players=players,
        rounds=rounds,
        total_rounds=4,
        headers=(("012", "Go Open -- 2026"), ("022", "Praha"), ("042", "2026/05/01")),
        system="mcmahon",
        settings={"mcmahon": {"bar": "2d", "handicap": "minus1", "komi_even": 6.5}},
    )
    return t


def test_fairpair_to_opengotha_to_fairpair_is_unchanged(tmp_path: Path) -> None:
    from fairpair.workflow import export

    t = _go_tournament()
    out = tmp_path / "go.xml"
    out.write_text(export(t, "opengotha"), encoding="utf-8")
    validate(out)
    games = {
        (g.attrib["roundNumber"], g.attrib["whitePlayer"]): g.attrib
        for g in _elements(out).iter("Game")
    }
    # the handicaps the McMahon system gives (minus1: 2k - 5k = 2 stones; 3d - 1d: top
    # band, even), the results, unknown colours, the pending round
    jan = games[("1", "VANDERBERGJAN")]
    assert (jan["blackPlayer"], jan["handicap"], jan["result"]) == (
        "MÜLLERANNA",
        "2",
        "RESULT_EQUAL",
    )
    assert games[("1", "SATOKEN")]["handicap"] == "0"
    novak = games[("1", "NOVÁKPETR")]
    assert (novak["knownColor"], novak["result"]) == ("false", "RESULT_BLACKWINS_BYDEF")
    assert games[("2", "MÜLLERANNA")]["result"] == "RESULT_BOTHLOSE_BYDEF"
    assert games[("3", "SATOKEN")]["result"] == "RESULT_UNKNOWN"
    byes = [(b.attrib["roundNumber"], b.attrib["player"]) for b in _elements(out).iter("ByePlayer")]
    assert byes == [("2", "NOVÁKPETR")]
    li = next(p for p in _elements(out).iter("Player") if p.attrib["name"] == "Li")
    assert li.attrib["participating"].startswith("1011")  # absent in round 2
    back, warnings = opengotha.load(out)
    assert warnings == [] and back == t
    # what OpenGotha itself sees (the XML without fairpair's comment) holds every
    # field OpenGotha has
    plain = tmp_path / "plain.xml"
    plain.write_text(
        opengotha.dumps(t, handicaps={(1, 1, 2): 0, (1, 3, 4): 4}, fairpair_data=False),
        encoding="utf-8",
    )
    validate(plain)
    seen, _ = opengotha.load(plain)
    assert [p.name for p in seen.players] == [p.name for p in t.players]
    assert [p.attributes["rank"] for p in seen.players] == [p.attributes["rank"] for p in t.players]
    assert [p.attributes.get("egf_pin") for p in seen.players] == [
        p.attributes.get("egf_pin") for p in t.players
    ]
    assert [p.attributes.get("aga_id") for p in seen.players] == [
        p.attributes.get("aga_id") for p in t.players
    ]
    assert [(p.federation, p.club) for p in seen.players] == [
        (p.federation, p.club) for p in t.players
    ]
    assert seen.rounds[:2] == t.rounds[:2]
    assert seen.rounds[2].games == t.rounds[2].games
    assert seen.total_rounds == 4 and seen.headers == t.headers
    overrides = {
        (o["round"], tuple(o["players"])): o["handicap"]
        for o in seen.settings["mcmahon"]["handicap_overrides"]
    }
    assert overrides[(1, (3, 4))] == 4 and overrides[(1, (1, 2))] == 0
    # "van der Berg Jan": the split is not at the last space: recorded
    assert "first_name" not in seen.players[2].attributes  # surname "van der Berg"
    # a changed XML is read from the XML, saying so
    text = out.read_text(encoding="utf-8").replace('name="Sato"', 'name="Satou"')
    text = text.replace('Player="SATOKEN"', 'Player="SATOUKEN"')
    edited, warnings = opengotha.loads(text, file="edited.xml")
    assert edited.players[0].name == "Satou Ken" and "changed" in warnings[0]


def test_names_that_do_not_split_at_the_last_space_keep_their_first_name() -> None:
    text = (DATA / "veterans-2021.xml").read_text(encoding="utf-8")
    text = text.replace('firstName="Bernard"', 'firstName="Jean Bernard"', 1)
    text = text.replace('Player="MIGNUCCIBERNARD"', 'Player="MIGNUCCIJEANBERNARD"')
    t, _ = opengotha.loads(text)
    p = t.players[0]
    assert p.name == "Mignucci Jean Bernard" and p.attributes["first_name"] == "Jean Bernard"
    assert opengotha.split_name(p) == ("Mignucci", "Jean Bernard")


# -- the command line ------------------------------------------------------------------------


def test_convert_detects_opengotha_by_content_and_writes_it(tmp_path: Path) -> None:
    source = tmp_path / "event.txt"  # not by extension
    source.write_bytes((DATA / "bosp2024.xml").read_bytes())
    as_json = tmp_path / "event.json"
    assert run(["convert", str(source), "-o", str(as_json)]) == 0
    t, _ = jsondoc.load(as_json)
    assert len(t.players) == 71
    xml = tmp_path / "again.xml"
    assert run(["convert", str(as_json), "-o", str(xml), "--format", "opengotha"]) == 0
    validate(xml)
    assert kinds.detect(xml).name == "opengotha"
    back, _ = opengotha.load(xml)
    assert back == t


def test_trf2026_alias_and_format_write_the_same(tmp_path: Path) -> None:
    t = next(iter(sorted((Path(__file__).parent / "data" / "trf").glob("*.trf"))))
    a, b = tmp_path / "a.trf", tmp_path / "b.trf"
    assert run(["convert", str(t), "-o", str(a), "--trf2026"]) == 0
    assert run(["convert", str(t), "-o", str(b), "--format", "trf2026"]) == 0
    assert a.read_bytes() == b.read_bytes()


def test_new_from_an_opengotha_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "go.json"
    code = run(["new", str(DATA / "Toulouse2024.xml"), "-o", str(out), "-s", "mcmahon", "-R", "6"])
    assert code == 0, capsys.readouterr().err
    t, _ = jsondoc.load(out)
    assert len(t.players) == 38 and t.system == "mcmahon" and len(t.rounds) == 6
    assert t.settings["mcmahon"]["bands"]  # built as for a CSV list
    again = ["new", str(DATA / "Toulouse2024.xml"), "-o", str(tmp_path / "x.json")]
    assert run([*again, "-s", "mcmahon", "-R", "3"]) == 2
    assert "at least 6 rounds" in capsys.readouterr().err
    # the file's handicap rule (hdCorrection 1: minus1); the director's wins
    assert t.settings["mcmahon"]["handicap"] == "minus1"
    mine = tmp_path / "mine.json"
    assert run([*again[:3], str(mine), "-s", "mcmahon", "-R", "6", "--handicap", "full"]) == 0
    assert jsondoc.load(mine)[0].settings["mcmahon"]["handicap"] == "full"


BROKEN = {
    "not-xml": ("<Tournament><Players>", "not well-formed"),
    "wrong-root": ("<Event/>", "root element <Event>"),
    "unknown-player": (
        '<Tournament><Players><Player name="A" firstName="B"/></Players><Games>'
        '<Game roundNumber="1" tableNumber="1" whitePlayer="AB" blackPlayer="CD"/>'
        "</Games></Tournament>",
        "'CD' is no player of the file",
    ),
    "bad-round": (
        '<Tournament><Players><Player name="A" firstName="B"/><Player name="C" firstName="D"/>'
        '</Players><Games><Game roundNumber="x" whitePlayer="AB" blackPlayer="CD"/>'
        "</Games></Tournament>",
        "roundNumber='x'",
    ),
    "both-win": (
        '<Tournament><Players><Player name="A" firstName="B"/><Player name="C" firstName="D"/>'
        '</Players><Games><Game roundNumber="1" whitePlayer="AB" blackPlayer="CD" '
        'result="RESULT_BOTHWIN"/></Games></Tournament>',
        "RESULT_BOTHWIN",
    ),
    "same-key": (
        '<Tournament><Players><Player name="A" firstName="B"/><Player name="A B" firstName=""/>'
        "</Players></Tournament>",
        "two players with the key 'AB'",
    ),
    "entities": (
        '<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
        "<Tournament/>",
        "document type declaration",
    ),
    "twice-a-round": (
        '<Tournament><Players><Player name="A" firstName="B"/><Player name="C" firstName="D"/>'
        '</Players><Games><Game roundNumber="1" whitePlayer="AB" blackPlayer="CD"/>'
        '<Game roundNumber="1" whitePlayer="CD" blackPlayer="AB"/></Games></Tournament>',
        "plays twice in round 1",
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_files_are_refused_in_one_line(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, words = BROKEN[case]
    source = tmp_path / f"{case}.xml"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "out.json"
    assert run(["convert", str(source), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert str(source) in err and words in err
    assert ":" in err.split(str(source), 1)[1][:3] or case == "entities"
    assert not out.exists()
    # `new` from the same file: refused the same way, nothing created
    assert run(["new", str(source), "-o", str(out), "-s", "mcmahon", "-R", "3"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err and not out.exists()


def test_non_utf8_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "latin1.xml"
    source.write_bytes(b'<?xml version="1.0"?>\n<Tournament>\n<Players><Player name="M\xfcller"/>')
    with pytest.raises(InputError, match=r"latin1.xml:3: byte 0xfc is not UTF-8"):
        opengotha.load(source)


def test_a_tournament_opengotha_cannot_hold_is_refused(tmp_path: Path) -> None:
    t = Tournament(players=(Player(1, "Kim Sora"), Player(2, "Kim  Sora")), system="mcmahon")
    out = tmp_path / "x.xml"
    with pytest.raises(InputError, match="same OpenGotha key 'KIMSORA'"):
        opengotha.dumps(t)
    source = tmp_path / "t.json"
    jsondoc.dump(t, source)
    assert run(["convert", str(source), "-o", str(out), "--format", "opengotha"]) == 2
    assert not out.exists()


# -- EGF and AGA reports ----------------------------------------------------------------------


def test_h9_as_the_egd_accepts_it() -> None:
    t = _go_tournament()
    t = t.replace(rounds=t.rounds[:2], settings={"mcmahon": {"bar": "2d"}})
    text = results_h9(t, tournament_class="b", minutes=60)
    lines = text.splitlines()
    assert "; CL[B]" in lines and "; TM[60]" in lines and "; DT[2026-05-01,]" in lines
    rows = {" ".join(line.split()[1:3]): line for line in lines if not line.startswith(";")}
    assert "Sato Ken" in rows and rows["Sato Ken"].endswith(" |1001")
    sato = rows["Sato Ken"].split()
    assert sato[3:5] == ["3d", "JP"]  # JPN -> JP
    assert "van der Berg Jan" in text and " NL " in text and " DE " in text and " KR " in text
    assert " CZ " in text and " CN " in text


def test_h9_refuses_an_unknown_country_and_an_impossible_jigo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = _go_tournament()
    t = t.replace(rounds=t.rounds[:2], settings={})
    sato = Player(1, "Sato Ken", federation="GRR", attributes={"rank": "3d"})
    bad = t.replace(players=(sato, *t.players[1:]))
    with pytest.raises(InputError, match="country 'GRR' is no ISO 3166 code"):
        results_h9(bad)
    # 3 (2k) - 4 (5k): a handicap game (minus1: 2 stones, komi 0.5) that ended in a jigo
    assert "Sato Ken" in results_h9(t)
    handicap = t.replace(settings={"mcmahon": {"bar": "2d", "handicap": "minus1"}})
    with pytest.raises(InputError, match="jigo between 3 and 4 in a 2-stone handicap game"):
        results_h9(handicap)
    source = tmp_path / "go.json"
    jsondoc.dump(handicap, source)
    out = tmp_path / "go.h9"
    assert run(["mcmahon", "results", str(source), "--format", "h9", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "jigo" in err and "Traceback" not in err and not out.exists()
    assert run(["convert", str(source), "-o", str(out), "--format", "h9"]) == 2
    assert not out.exists()


def test_aga_report_refuses_missing_ids_unless_temporary_ids_are_allowed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    t = _go_tournament()
    t = t.replace(rounds=t.rounds[:2])
    with pytest.raises(InputError, match="1 players without an AGA id: 6 Li Wei"):
        results_aga(t)
    text = results_aga(t, allow_temporary_ids=True)
    assert "\n  6 Li, Wei 10k\n" in text and "\n501 Sato, Ken 3d\n" in text
    source = tmp_path / "go.json"
    jsondoc.dump(t, source)
    assert run(["mcmahon", "results", str(source), "--format", "aga"]) == 2
    assert "6 Li Wei" in capsys.readouterr().err
    assert run(["mcmahon", "results", str(source), "--format", "aga", "--allow-temporary-ids"]) == 0
    report = ["convert", str(source), "-o", str(tmp_path / "r.txt"), "--format", "aga"]
    assert run(report) == 2
    assert run([*report, "--allow-temporary-ids"]) == 0


def test_two_bye_players_of_a_round_as_pairgoth_writes_them(tmp_path: Path) -> None:
    text = (
        '<Tournament><Players><Player name="A" firstName="B"/><Player name="C" firstName="D"/>'
        '<Player name="E" firstName="F"/></Players><Games/><ByePlayer>'
        '<ByePlayer player="Ab" roundNumber="1"/><ByePlayer player="CD" roundNumber="1"/>'
        "</ByePlayer></Tournament>"
    )
    t, _ = opengotha.loads(text)
    assert dict(t.round(1).byes) == {1: ByeKind.PAIRING_ALLOCATED, 2: ByeKind.FULL_POINT}
    out = tmp_path / "byes.xml"
    out.write_text(opengotha.dumps(t, fairpair_data=False), encoding="utf-8")
    validate(out)
    assert opengotha.load(out)[0].rounds == t.rounds


def test_elements_fairpair_does_not_know_are_kept_and_written_back(tmp_path: Path) -> None:
    text = (DATA / "veterans-2021.xml").read_text(encoding="utf-8")
    teams = (
        '<Teams><Team teamName="Dragons" teamNumber="1">'
        '<Board boardNumber="1" player="MIGNUCCIBERNARD" roundNumber="1"/></Team></Teams>'
    )
    groups = '<ClubsGroups><ClubsGroup name="South"><Club name="84Av"/></ClubsGroup></ClubsGroups>'
    text = text.replace("<TournamentParameterSet>", teams + "<TournamentParameterSet>", 1)
    text = text.replace("</Tournament>", groups + "</Tournament>")
    text = text.replace("<Player ", '<Player newerAttribute="x" ', 1)
    t, _ = opengotha.loads(text)
    assert t.settings["opengotha"]["players"]["1"]["newerAttribute"] == "x"  # kept
    out = tmp_path / "teams.xml"
    out.write_text(opengotha.dumps(t, fairpair_data=False), encoding="utf-8")
    root = _elements(out)
    assert [c.tag for c in root] == [
        "Players",
        "Games",
        "ByePlayers",
        "Teams",
        "TournamentParameterSet",
        "TeamTournamentParameterSet",
        "ClubsGroups",
    ]
    board = next(root.iter("Board"))
    assert board.attrib == {"boardNumber": "1", "player": "MIGNUCCIBERNARD", "roundNumber": "1"}
    assert next(root.iter("Club")).attrib == {"name": "84Av"}
    # an attribute the schema does not list stays in the kept data, not in the file
    assert all("newerAttribute" not in p.attrib for p in root.iter("Player"))
    back, _ = opengotha.load(out)
    assert (back.players, back.rounds) == (t.players, t.rounds)
    assert back.settings["opengotha"]["elements"] == t.settings["opengotha"]["elements"]


def test_kinds_are_detected_by_content(tmp_path: Path) -> None:
    document = tmp_path / "event.data"
    jsondoc.dump(_go_tournament(), document)
    assert kinds.detect(document).name == "json"
    xml = tmp_path / "event.json.bak"
    xml.write_bytes(b"\xef\xbb\xbf" + (DATA / "veterans-2021.xml").read_bytes())
    assert kinds.detect(xml).name == "opengotha"
    t, _, kind = kinds.load(xml)
    assert kind.name == "opengotha" and len(t.players) == 43
    trf = tmp_path / "x.trf"
    trf.write_text("012 Test\n", encoding="utf-8")
    assert kinds.detect(trf).name == "trf"
    assert kinds.recognise(b"name,rank\nKim,1d\n") is None  # a CSV list for `new`
    assert set(kinds.names(writable=True)) >= {"trf", "trf2026", "json", "opengotha"}
    assert "trf2026" not in kinds.names(readable=True)


def test_a_path_and_a_content_are_detected_by_one_rule(tmp_path: Path) -> None:
    """``kinds.detect`` (a file, for the command line) and ``kinds.detect_bytes`` (a
    request body, for the web app) agree on every content, a ``.json`` name and a JSON
    content type declaring JSON alike; what opens as JSON is read as JSON (an NRTM
    export only when the whole of it is one)."""
    nrtm_export = (DATA.parent / "nrtm" / "cobra_single_sided.json").read_bytes()
    document = jsondoc.dumps(_go_tournament()).encode()
    contents = [  # (what it is, the content, its kind when not declared JSON)
        ("an OpenGotha file", (DATA / "veterans-2021.xml").read_bytes(), "opengotha"),
        ("an NRTM export", nrtm_export, "nrtm"),
        ("a fairpair document", document, "json"),
        ("with a byte order mark", b"\xef\xbb\xbf" + document, "json"),
        ("a truncated NRTM export", nrtm_export[: len(nrtm_export) // 2], "json"),
        ("another JSON object", b'  {"players": []}', "json"),
        ("a JSON array", b"[1, 2]", "json"),
        ("a TRF", b"012 Test\n001    1      A\n", "trf"),
        ("a CSV list", b"name,rank\nKim,1d\n", "trf"),
    ]
    for label, content, kind in contents:
        for suffix, declared in ((".data", False), (".json", True)):
            path = tmp_path / f"file{suffix}"
            path.write_bytes(content)
            by_path = kinds.detect(path).name
            assert kinds.detect_bytes(content, json=declared).name == by_path, (label, suffix)
            json_kind = "nrtm" if kind == "nrtm" else "json"  # a .json name: JSON
            assert by_path == (json_kind if declared else kind), (label, suffix)
    for label, content, kind in contents[:3]:  # read from the content, as from the file
        t, _, read = kinds.loads(content, file="<request>")
        assert read.name == kind
        path = tmp_path / "file.data"
        path.write_bytes(content)
        assert t == kinds.load(path)[0], label


def test_a_command_given_an_opengotha_file_says_how_to_convert_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    source = str(DATA / "veterans-2021.xml")
    assert run(["standings", source]) == 2
    err = capsys.readouterr().err
    assert f"`fairpair convert {source} -o FILE.json` makes one" in err
    assert "OpenGotha tournament file" in err and len(err.strip().splitlines()) == 1
