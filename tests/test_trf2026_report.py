"""TRF-2026 rating reports (issue 30): the event records set by ``new`` and
``edit-event``, ``convert --format trf2026``, and ``standings`` following the file's
tie-break records 202/212."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from fairpair.formats import jsondoc, load_tournament, save_tournament
from fairpair.formats.trf import dumps, loads
from fairpair.formats.trf.event import event_records, tiebreak_record, with_event
from fairpair.model import Tournament
from helpers import Runner, event

EVENT = {
    "city": "Torino",
    "federation": "ITA",
    "start": "2026/04/03",
    "end": "2026/04/07",
    "type": "Individual: Swiss-System",
    "arbiter": "Rossi, Anna",
    "deputy": ["Bianchi, Luca", "Verdi, Marta"],
    "time_control": "90'+30\"",
}
EVENT_FLAGS = [
    "--city", "Torino", "--federation", "ita", "--start", "2026-04-03",
    "--end", "2026/04/07", "--type", "Individual: Swiss-System",
    "--arbiter", "Rossi, Anna", "--deputy", "Bianchi, Luca", "--deputy", "Verdi, Marta",
    "--time-control", "90'+30\"",
]  # fmt: skip


def _players(tmp_path: Path) -> Path:
    path = tmp_path / "players.csv"
    rows = ["Alpha,2200,ITA", "Beta,2100,GER", "Gamma,2000,FRA", "Delta,1900,ESP"]
    path.write_text("name,rating,federation\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return path


def _load(path: Path) -> Tournament:
    return load_tournament(path)[0]


def _report(tmp_path: Path) -> Path:
    """A finished, managed tournament with every event record, as JSON."""
    named = event().replace(headers=(("012", "Torino Open"),))
    t = with_event(named, EVENT).replace(system="dutch", total_rounds=4)
    path = tmp_path / "event.json"
    save_tournament(t, path)
    return path


# -- event records -------------------------------------------------------------------


def test_new_sets_the_event_records(fp: Runner, tmp_path: Path) -> None:
    out = tmp_path / "open.json"
    code, _, err = fp("new", _players(tmp_path), "-o", out, "-s", "dutch", "-R", "5", *EVENT_FLAGS)
    assert (code, err) == (0, "")
    t = _load(out)
    assert event_records(t) == EVENT
    codes = [code for code, _ in t.headers]
    assert codes == ["012", "022", "032", "042", "052", "092", "102", "112", "112", "122", "192"]


def test_new_trf_file_keeps_them_too(fp: Runner, tmp_path: Path) -> None:
    out = tmp_path / "open.trf"
    assert fp("new", _players(tmp_path), "-o", out, "-s", "dutch", "-R", "5", *EVENT_FLAGS)[0] == 0
    text = out.read_text()
    assert "\n022 Torino\n032 ITA\n042 2026/04/03\n052 2026/04/07\n" in text
    assert event_records(_load(out)) == EVENT


def test_edit_event_changes_and_removes_records(fp: Runner, tmp_path: Path) -> None:
    out = tmp_path / "open.json"
    fp("new", _players(tmp_path), "-o", out, "-s", "dutch", "-R", "5", *EVENT_FLAGS)
    code, stdout, _ = fp(
        "edit-event", out, "--city", "Milano", "--deputy", "Neri, Paolo", "--type", "", "--json"
    )
    assert code == 0
    changed = dict(EVENT, city="Milano", deputy=["Neri, Paolo"])
    del changed["type"]
    assert json.loads(stdout)["event"] == changed
    assert event_records(_load(out)) == changed
    # a record the file did not have goes in its place among the others
    assert fp("edit-event", out, "--type", "Rapid")[0] == 0
    codes = [code for code, _ in _load(out).headers]
    assert codes.index("092") == codes.index("052") + 1


@pytest.mark.parametrize(
    ("flag", "value", "expected"),
    [
        ("--federation", "Italy", "--federation: federation 'Italy', expected a 3-letter FIDE"),
        ("--federation", "IT", "expected a 3-letter FIDE federation code"),
        ("--start", "2026-02-30", "--start: start date '2026-02-30', expected a date as"),
        ("--start", "03/04/2026", "expected a date as YYYY-MM-DD or YYYY/MM/DD"),
        ("--end", "2026-04-01", "--end: end date 2026/04/01 before the start date 2026/04/03"),
        ("--city", "Tor\x07ino", "--city: city: U+0007"),
        ("--arbiter", "x" * 201, "--arbiter: arbiter of 201 characters, expected at most 200"),
    ],
)
def test_bad_event_values_change_nothing(
    fp: Runner, tmp_path: Path, flag: str, value: str, expected: str
) -> None:
    out = tmp_path / "open.json"
    fp("new", _players(tmp_path), "-o", out, "-s", "dutch", "-R", "5", *EVENT_FLAGS)
    before = out.read_bytes()
    code, stdout, err = fp("edit-event", out, flag, value)
    assert code == 2 and stdout == ""
    assert err.count("\n") == 1 and err.startswith(f"fairpair: error: {out}: ")
    assert expected in err
    assert out.read_bytes() == before


def test_new_refuses_a_bad_date_and_writes_nothing(fp: Runner, tmp_path: Path) -> None:
    out = tmp_path / "open.json"
    code, _, err = fp(
        "new", _players(tmp_path), "-o", out, "-s", "dutch", "-R", "5", "--start", "soon"
    )
    assert code == 2 and "--start: start date 'soon', expected a date" in err
    assert not out.exists()


def test_edit_event_without_anything_to_change(fp: Runner, tmp_path: Path) -> None:
    out = tmp_path / "open.json"
    fp("new", _players(tmp_path), "-o", out, "-s", "dutch", "-R", "5")
    code, _, err = fp("edit-event", out)
    assert code == 2 and "an event record (--city, --start, ...)" in err


# -- the rating report ---------------------------------------------------------------


def test_convert_writes_a_rating_report(fp: Runner, tmp_path: Path) -> None:
    source = _report(tmp_path)
    out = tmp_path / "report.trf"
    assert fp("convert", source, "-o", out, "--format", "trf2026") == (0, "", "")
    raw = out.read_bytes()
    assert raw.count(b"\r\n") == raw.count(b"\n")  # CR LF throughout
    lines = raw.decode().splitlines()
    for record in (
        "012 Torino Open", "022 Torino", "032 ITA", "042 2026/04/03", "052 2026/04/07",
        "092 Individual: Swiss-System", "102 Rossi, Anna", "112 Bianchi, Luca",
        "112 Verdi, Marta", "122 90'+30\"", "142 4", "202 BH/C1,BH,SB,DE,WIN,BPG",
    ):  # fmt: skip
        assert any(line.startswith(record) for line in lines), record
    players = [line for line in lines if line.startswith("001")]
    assert len(players) == 7
    # every player has his rank (columns 86-89), by the tie-breaks of record 202
    assert [int(line[85:89]) for line in players] == [1, 2, 4, 5, 3, 6, 7]


def test_the_report_has_no_extension_lines(fp: Runner, tmp_path: Path) -> None:
    # A tournament that needs XXC, XXS/BB*, FPJ (a club, a name too long for 001) and
    # carries foreign extension lines: none of them reaches the rating report.
    t = _load(_report(tmp_path))
    first = t.players[0]
    long_name = dataclasses.replace(first, name="A" * 40, club="Scacchi Torino")
    t = t.replace(
        players=(long_name, *t.players[1:]),
        extra_records=("XXY something", "BBX 1.0", "DAT 0001 EMAIL a@b.c", "310   1 Team"),
        settings={"xxc": ["rank"]},
    )
    source = tmp_path / "ext.json"
    save_tournament(t, source)
    fairpair_trf = tmp_path / "own.trf"
    assert fp("convert", source, "-o", fairpair_trf)[0] == 0
    own = fairpair_trf.read_text().splitlines()
    assert any(line.startswith("FPJ ") for line in own)  # fairpair's own format has them
    assert any(line.startswith("XXY ") for line in own)
    out = tmp_path / "report.trf"
    assert fp("convert", source, "-o", out, "--format", "trf2026")[0] == 0
    codes = {line[:3] for line in out.read_text().splitlines()}
    assert not {c for c in codes if c.startswith(("XX", "BB")) or c == "FPJ"}
    assert {"DAT", "310"} <= codes  # other programs' records are not fairpair's to drop


def test_trf2026_flag_is_an_alias(fp: Runner, tmp_path: Path) -> None:
    source = _report(tmp_path)
    a, b = tmp_path / "a.trf", tmp_path / "b.trf"
    assert fp("convert", source, "-o", a, "--format", "trf2026")[0] == 0
    assert fp("convert", source, "-o", b, "--trf2026")[0] == 0
    assert a.read_bytes() == b.read_bytes()
    code, _, err = fp("convert", source, "-o", b, "--trf2026", "--format", "json")
    assert code == 2 and "--trf2026 with --format json" in err


def test_format_overrides_the_extension(fp: Runner, tmp_path: Path) -> None:
    source = _report(tmp_path)
    out = tmp_path / "document.txt"
    assert fp("convert", source, "-o", out, "--format", "json")[0] == 0
    assert json.loads(out.read_text())["system"] == "dutch"
    assert jsondoc.loads(out.read_text())[0] == _load(source)


def test_round_trip_keeps_every_modelled_field(fp: Runner, tmp_path: Path) -> None:
    source = _report(tmp_path)
    report = tmp_path / "report.trf"
    back = tmp_path / "back.json"
    assert fp("convert", source, "-o", report, "--format", "trf2026")[0] == 0
    assert fp("convert", report, "-o", back)[0] == 0
    before, after = _load(source), _load(back)
    # the games and byes of every round (TRF-2026 has no place for the board order)
    assert [(set(r.games), r.byes) for r in after.rounds] == [
        (set(r.games), r.byes) for r in before.rounds
    ]
    assert after.total_rounds == before.total_rounds
    assert after.points == before.points and after.initial_colour == before.initial_colour
    assert event_records(after) == event_records(before) == EVENT
    assert [(p.number, p.name, p.rating, p.federation, p.fide_id, p.sex, p.title) for p in
            after.players] == [(p.number, p.name, p.rating, p.federation, p.fide_id, p.sex,
                                p.title) for p in before.players]  # fmt: skip
    # the report added the tie-breaks used (202) and nothing else
    assert [h for h in after.headers if h not in before.headers] == [
        ("202", "BH/C1,BH,SB,DE,WIN,BPG")
    ]
    # and the report of the report is the report
    again = tmp_path / "again.trf"
    assert fp("convert", back, "-o", again, "--format", "trf2026")[0] == 0
    assert again.read_bytes() == report.read_bytes()


def test_a_bad_record_refuses_the_report(fp: Runner, tmp_path: Path) -> None:
    t = _load(_report(tmp_path))
    headers = tuple(("042", "3rd of April") if c == "042" else (c, x) for c, x in t.headers)
    source = tmp_path / "bad.json"
    save_tournament(t.replace(headers=headers), source)
    out = tmp_path / "report.trf"
    code, stdout, err = fp("convert", source, "-o", out, "--format", "trf2026")
    assert code == 2 and stdout == ""
    assert err == (
        f"fairpair: error: {source}: record 042 (start) '3rd of April', "
        "expected a date as YYYY-MM-DD or YYYY/MM/DD\n"
    )
    assert not out.exists()


# -- standings follow records 202/212 --------------------------------------------------


def _trf_with(tmp_path: Path, *records: str, start: str = "2026/04/01") -> Path:
    t = event().replace(headers=(("012", "Event"), ("042", start)), total_rounds=4)
    text = dumps(t)
    path = tmp_path / "event.trf"
    path.write_text(text.replace("012 Event\n", "012 Event\n" + "".join(r + "\n" for r in records)))
    return path


def _standings(fp: Runner, path: Path, *options: str) -> dict[str, object]:
    code, out, err = fp("standings", path, "--json", "-", *options)
    assert (code, err) == (0, "")
    result: dict[str, object] = json.loads(out)
    return result


def _order(result: dict[str, object]) -> list[int]:
    rows = result["rows"]
    assert isinstance(rows, list)
    return [row["number"] for row in rows]


def _columns(result: dict[str, object]) -> list[str]:
    rows = result["rows"]
    assert isinstance(rows, list)
    return list(rows[0]["tiebreaks"])


def test_standings_use_record_202(fp: Runner, tmp_path: Path) -> None:
    # 3, 4 and 6 share 1.5 points: by TPN 3, 4, 6; by RTNG the same; by SB 3 (3.5),
    # 6 (3), 4 (2.5).
    by_sb = _standings(fp, _trf_with(tmp_path, "202 SB"))
    assert _columns(by_sb) == ["SB"]
    assert _order(by_sb)[3:6] == [3, 6, 4]
    by_tpn = _standings(fp, _trf_with(tmp_path, "202 TPN"))
    assert _order(by_tpn)[3:6] == [3, 4, 6]


def test_record_212_comes_first_and_lists_pts(fp: Runner, tmp_path: Path) -> None:
    result = _standings(fp, _trf_with(tmp_path, "202 TPN", "212 PTS, SB BH/C1"))
    assert _columns(result) == ["SB", "BH-C1"]
    assert _order(result)[3:6] == [3, 6, 4]
    only_points = _standings(fp, _trf_with(tmp_path, "212 PTS"))
    assert _columns(only_points) == []


def test_tiebreaks_option_wins_over_the_file(fp: Runner, tmp_path: Path) -> None:
    result = _standings(fp, _trf_with(tmp_path, "202 SB"), "--tiebreaks", "TPN")
    assert _columns(result) == ["TPN"] and _order(result)[3:6] == [3, 4, 6]


def test_a_bad_tiebreak_record(fp: Runner, tmp_path: Path) -> None:
    path = _trf_with(tmp_path, "202 BH/C1,XYZ")
    code, out, err = fp("standings", path)
    assert code == 2 and out == ""
    assert err.startswith(f"fairpair: error: {path}: record 202: unknown tie-break 'XYZ'")
    assert err.count("\n") == 1


def test_the_edition_follows_the_start_date(fp: Runner, tmp_path: Path) -> None:
    def buchholz(*options: str, start: str) -> object:
        rows = _standings(fp, _trf_with(tmp_path, "202 BH", start=start), *options)["rows"]
        assert isinstance(rows, list)
        return next(row["tiebreaks"]["BH"] for row in rows if row["number"] == 1)

    # player 1's half-point bye: 8.5 under 2023, 7 under 2026 (tests/test_tiebreaks_2026.py)
    assert buchholz(start="2025/10/01") == pytest.approx(8.5)
    assert buchholz(start="2026/03/01") == pytest.approx(7)
    assert buchholz("--edition", "2023", start="2026/03/01") == pytest.approx(8.5)
    assert buchholz("--edition", "2026", start="2025/10/01") == pytest.approx(7)


def test_tiebreak_record_reading() -> None:
    t = loads("012 X\n202 BH/C1 SB,  DE\n" + dumps(event()))[0]
    assert tiebreak_record(t) == ("202", "BH/C1,SB,DE")


def test_a_bad_tiebreak_record_refuses_the_report(fp: Runner, tmp_path: Path) -> None:
    path = _trf_with(tmp_path, "212 PTS,BH/C1,NOPE")
    out = tmp_path / "report.trf"
    code, _, err = fp("convert", path, "-o", out, "--format", "trf2026")
    assert code == 2 and err.startswith(f"fairpair: error: {path}: record 212: unknown tie-break")
    assert not out.exists()
