"""Issue 28, finding 1: every number that is not a JSON literal goes through one bounded
parser, :func:`fairpair.limits.parse_number` (McMahon settings, points, bye points,
AGA ratings, command-line options). Each refusal names its field."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from fairpair import limits
from fairpair.cli import run
from fairpair.errors import InputError
from fairpair.model import Player
from fairpair.systems.mcmahon.bands import McMahonSettings
from fairpair.systems.mcmahon.ranks import strength_of

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "mcmahon.json"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("0.75", Fraction(3, 4)),
        (" 1/2 ", Fraction(1, 2)),
        ("-.5", Fraction(-1, 2)),
        ("7.5", Fraction(15, 2)),
        ("1e2", Fraction(100)),
        ("1e300", Fraction(10**300)),
        (3, Fraction(3)),
        (0.5, Fraction(1, 2)),
        (Decimal("2.25"), Fraction(9, 4)),
        (Fraction(1, 3), Fraction(1, 3)),
    ],
)
def test_parse_number_reads_ordinary_numbers(value: object, expected: Fraction) -> None:
    assert limits.parse_number(value, "x") == expected


@pytest.mark.parametrize(
    "value",
    [
        "1e3000000",
        "-1e1000000",
        "1e-3000000",
        "0e999999",
        "1e301",
        10**400,
        1e308,
        float("inf"),
        float("nan"),
        Decimal("1e400"),
        Fraction(1, 10**400),
        "1/0",
        "1_000",
        "\u0663",
        "\uff13",
        "1" * 41,
        "nan",
        "inf",
        "",
        True,
        None,
        [1],
    ],
)
def test_parse_number_refuses_naming_the_field(value: object) -> None:
    with pytest.raises(InputError) as caught:
        limits.parse_number(value, "settings.mcmahon.komi_even")
    assert caught.value.field == "settings.mcmahon.komi_even"
    assert caught.value.message.startswith("settings.mcmahon.komi_even: ")


@pytest.mark.parametrize("key", ["d", "komi_even", "komi_handicap", "bottom_offset"])
def test_mcmahon_settings_refuse_a_huge_exponent(key: str) -> None:
    with pytest.raises(InputError) as caught:
        McMahonSettings.from_dict({key: "1e3000000"})
    assert caught.value.field == f"settings.mcmahon.{key}"


def test_mcmahon_initial_scores_refuse_a_huge_exponent() -> None:
    with pytest.raises(InputError) as caught:
        McMahonSettings.from_dict({"initial_scores": {"1": "1e3000000"}})
    assert caught.value.field == "settings.mcmahon.initial_scores"
    assert McMahonSettings.from_dict({"initial_scores": {"1": "3/2"}}).initial_scores == {
        1: Fraction(3, 2)
    }


@pytest.mark.parametrize("rating", ["1e400", "-1e400", "nan", "1e50"])
def test_aga_rating_is_bounded(rating: str) -> None:
    player = Player(1, "A", attributes={"rating": rating})
    with pytest.raises(ValueError, match="not an AGA rating"):
        strength_of(player)


def test_cli_refuses_a_document_with_a_huge_setting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    document["settings"]["mcmahon"]["komi_even"] = "1e3000000"
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert run(["standings", str(path)]) == 2
    assert "settings.mcmahon.komi_even" in capsys.readouterr().err


def test_cli_option_d_is_bounded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.json"
    assert run(["mcmahon", "bands", str(EXAMPLE), "--d", "1e3000000", "-o", str(out)]) == 2
    assert "--d" in capsys.readouterr().err
    assert not out.exists()


def test_cli_bye_points_are_bounded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.json"
    assert run(["generate", "-s", "dutch", "-n", "6", "-R", "3", "-o", str(path)]) == 0
    assert run(["edit-event", str(path), "--rounds", "5"]) == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert run(["bye", str(path), "2", "--points", "1e3000000"]) == 2
    err = capsys.readouterr().err
    assert "--points" in err and "exponent" in err, err
    assert path.read_bytes() == before
    assert run(["bye", str(path), "2", "--points", "1/2"]) == 0
