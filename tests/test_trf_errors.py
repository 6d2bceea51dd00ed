"""Bad TRF input: one clear line naming file, line, column, found and expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.cli import run
from fairpair.cli.compat import INVALID_REQUEST, ROUNDS_EXCEEDED_TEXT
from fairpair.errors import InputError
from fairpair.formats import trf
from helpers import line, text


def game(a: str, b: str) -> tuple[str, str]:
    """Round-1 lines of players 1 and 2 with the given blocks."""
    return line(1, "1.0", (a,)), line(2, "0.0", (b,))


CASES: list[tuple[str, str | bytes, str, str]] = [
    # (case, source, "line:column", a part of the message that must be there)
    (
        "short 001 line",
        text("012 x", line(1, rating=2000)[:60]),  # trailing blanks do not count
        "2:53",
        "001 record is only 52 characters long, expected at least 84",
    ),
    (
        "round block shifted left",
        text(line(1, "1.0", ("   2 w 1",)), line(2) + "      1 b 0"),
        "2:91",
        "found '1' in column 91, expected a blank between the rank (86-89) and the first round",
    ),
    (
        "overlong round block",
        text(*game("   2 w 1", "   1 b 0x")),
        "2:100",
        "round 1: found 'x' in column 100, expected a blank between two round blocks",
    ),
    (
        "non-numeric pairing number",
        text(line(1).replace("001    1", "001   1a")),
        "1:7",
        "found '  1a' in columns 5-8, expected a pairing number (1-9999) in columns 5-8",
    ),
    (
        "non-numeric rating",
        text(line(1, rating=2000).replace("2000", "20x0")),
        "1:49",
        "found '20x0' in columns 49-52, expected a rating (digits) or blanks",
    ),
    (
        "non-numeric points",
        text(line(1, "1.x")),
        "1:81",
        "found ' 1.x' in columns 81-84, expected points such as '2.5' or blanks",
    ),
    (
        "non-numeric opponent",
        text(*game("  x2 w 1", "   1 b 0")),
        "1:92",
        "round 1: found '  x2' in columns 92-95, expected an opponent's pairing number or 0000",
    ),
    (
        "unknown colour code",
        text(*game("   2 x 1", "   1 b 0")),
        "1:97",
        "round 1: unknown colour code 'x' in column 97, expected w, b or -",
    ),
    (
        "unknown result code",
        text(*game("   2 w 7", "   1 b 0")),
        "1:99",
        "round 1: unknown result code '7' in column 99, expected 1 0 = + - W D L H F U Z or blank",
    ),
    (
        "opponent does not point back",
        text(*game("   2 w 1", "   3 b 0"), line(3, "0.0", ("   2 w 1",))),
        "1:92",
        "player 1 is paired with 2, but player 2's round 1 entry (line 2) is '   3 b 0', "
        "expected player 2's entry to name opponent 1",
    ),
    (
        "opponent does not exist",
        text(line(1, "1.0", ("   9 w 1",)), line(2)),
        "1:92",
        "round 1: opponent 9 does not exist, expected the pairing number of a 001 record",
    ),
    (
        "paired against himself",
        text(line(1, "1.0", ("   1 w 1",))),
        "1:92",
        "player 1 is paired against himself",
    ),
    (
        "duplicate pairing number",
        text(line(1), line(2), line(1)),
        "3:5",
        "pairing number 1 is used twice (also on line 1), expected a unique pairing number",
    ),
    (
        "more rounds than XXR",
        text("XXR 1", line(1, "1.0", ("   2 w 1", "0000 - U")), line(2, "0.0", ("   1 b 0",))),
        "2:102",
        "player 1 has an entry for round 2, but the tournament has 1 round (line 1), "
        "expected at most 1 round block",
    ),
    (
        "both won",
        text(line(1, "1.0", ("   2 w 1",)), line(2, "1.0", ("   1 b 1",))),
        "1:99",
        "round 1: inconsistent results '1' for player 1 and '1' for opponent 2 (line 2), "
        "expected matching results",
    ),
    (
        "same colour",
        text(*game("   2 w 1", "   1 w 0")),
        "1:97",
        "colour 'w' for player 1 and 'w' for opponent 2 (line 2), expected opposite colours",
    ),
    (
        "one result missing",
        text(*game("   2 w 1", "   1 b  ")),
        "1:99",
        "expected results for both players, or for neither (pending game)",
    ),
    (
        "colour on a bye",
        text(line(1, "1.0", ("0000 w U",))),
        "1:97",
        "colour 'w' without an opponent (0000), expected - for a bye or absence",
    ),
    (
        "game result on a bye",
        text(line(1, "1.0", ("0000 - 1",))),
        "1:99",
        "result '1' without an opponent (0000), expected U (pairing-allocated bye), H, F, Z",
    ),
    (
        "bye code in a game",
        text(*game("   2 w U", "   1 b 0")),
        "1:99",
        "bye code 'U' against opponent 2, expected a game result",
    ),
    ("empty file", "", "1:1", "empty file, expected TRF records"),
    ("only blank lines", "\n   \n", "1:1", "empty file"),
    ("NUL byte", b"012 x\n001 \x00", "2:5", "binary data (a NUL byte), expected a TRF text file"),
    (
        "undecodable byte",
        "012 Caf\xe9\n".encode("latin-1"),
        "1:8",
        "byte 0xE9 is not valid UTF-8, expected a UTF-8 encoded TRF text file",
    ),
    (
        "not a TRF",
        text("", "hello world", "### just a comment"),
        "2:1",
        "no TRF record found (line 2 starts 'hello worl'), expected a TRF file",
    ),
    (
        "JSON given as TRF",
        '{\n  "format": "fairpair-tournament"\n}\n',
        "1:1",
        "no TRF record found",
    ),
    ("unknown XXS code", text("XXS WW=1 QQ=2", line(1)), "1:10", "unknown XXS code 'QQ'"),
    ("bad XXS value", text("XXS WW=abc", line(1)), "1:8", "expected WW=<points>"),
    ("bad XXR", text("XXR nine", line(1)), "1:5", "expected the total number of rounds"),
    ("conflicting round counts", text("XXR 9", "142 7", line(1)), "2:5", "142 says 7 rounds"),
    ("XXP unknown player", text("XXP 1 5", line(1)), "1:7", "XXP: player 5 does not exist"),
    ("XXZ unknown player", text("XXZ 5", line(1)), "1:5", "XXZ: player 5 does not exist"),
    ("bad XXT", text("XXT triple", line(1)), "1:5", "expected 'double' or 'single'"),
    ("bad 152", text("152 X", line(1)), "1:5", "expected W or B in column 5"),
    ("bad 162 code", text("162  Q 1.0", line(1)), "1:6", "expected a result code W, D, L, A, P"),
    ("bad 240", text("240 H 00x  0001", line(1)), "1:7", "expected a round number"),
    ("short 250", text("250       1.0 001", line(1)), "1:18", "250 record is only 17"),
    ("bad FPJ", text("FPJ {oops", line(1)), "1:6", "FPJ record is not valid JSON"),
    (
        "XXZ player who plays",
        text(
            "XXR 2",
            line(1, "0.0", ("0000 - Z", "   2 w")),
            line(2, "0.0", ("0000 - Z", "   1 b")),
            "240 Z 002  0001",
        ),
        "4:11",
        "player 1 is listed as not playing round 2, but has a game in that round",
    ),
]


@pytest.mark.parametrize(
    ("source", "where", "message"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_bad_input(source: str | bytes, where: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        trf.loads(source, file="t.trf")
    rendered = str(info.value)
    assert rendered.startswith(f"t.trf:{where}: "), rendered
    assert message in rendered
    assert "\n" not in rendered
    line_no, column = (int(x) for x in where.split(":"))
    assert (info.value.file, info.value.line, info.value.column) == ("t.trf", line_no, column)
    assert info.value.expected or "expected" in rendered or "empty" in rendered


@pytest.mark.parametrize(
    ("source", "where", "message"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_bad_input_through_the_command_line(
    source: str | bytes,
    where: str,
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every bad-input case: exactly one line on stderr, no traceback, both for the
    bbpPairings-compatible form (that engine's code for an invalid request, 3; a file
    with more rounds than it announces in its words first) and for `fairpair pair` (2)."""
    path = tmp_path / "t.trf"
    path.write_bytes(source if isinstance(source, bytes) else source.encode("utf-8"))
    for argv, code in (
        (["--dutch", str(path), "-p", str(tmp_path / "out.txt")], INVALID_REQUEST),
        (["pair", "--system", "dutch", str(path)], 2),
    ):
        assert run(argv) == code
        captured = capsys.readouterr()
        err = captured.err.strip()
        assert captured.out == ""
        assert len(err.splitlines()) == 1, err
        if ROUNDS_EXCEEDED_TEXT in err:
            assert argv[0] == "--dutch"
            assert err.startswith(f"fairpair: error: {path}: {ROUNDS_EXCEEDED_TEXT}"), err
            assert f"{path}:{where}: " in err
        else:
            assert err.startswith(f"fairpair: error: {path}:{where}: "), err
        assert message in err
