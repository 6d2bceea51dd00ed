"""Issue 28, findings 8 and 9: one text policy for names (``fairpair.formats.text``):
NFC, no control or format characters (refused, the same way on every path), and
look-alike names found as probable duplicates."""

from __future__ import annotations

import pytest

from fairpair import workflow as wf
from fairpair.errors import InputError
from fairpair.formats.csv import chess_player, chess_players, read_table
from fairpair.formats.text import clean_text, refused_character, skeleton
from fairpair.model import Player


@pytest.mark.parametrize(
    "text",
    ["a\x00b", "a\x7fb", "a\nb", "a\tb", "a\x85b", "a\u2028b", "a\u200bb", "a\u202eb", "\ufeffa"],
)
def test_control_and_format_characters_are_refused(text: str) -> None:
    assert refused_character(text) is not None
    with pytest.raises(InputError) as caught:
        clean_text(text, "club")
    assert caught.value.field == "club" and "U+" in caught.value.message


def test_joiners_that_spell_names_are_kept() -> None:
    persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # with a ZWNJ
    assert clean_text(persian, "name") == persian


def test_names_are_nfc_with_single_spaces() -> None:
    assert clean_text(" Mu\u0308ller,\u00a0\u00a0Jo\u0308rg ", "name") == "M\u00fcller, J\u00f6rg"


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ivan Petrov", "Iv\u0430n Petrov"),
        ("Ivan Petrov", "\u0406VAN PETR\u041eV"),
        ("Anna", "\uff21nna"),
        ("Kaspar", "\u039a\u03b1spar"),  # Greek Kappa, alpha
    ],
)
def test_look_alikes_have_one_skeleton(one: str, other: str) -> None:
    assert skeleton(one) == skeleton(other)


def test_different_names_keep_different_skeletons() -> None:
    assert skeleton("Müller") != skeleton("Muller")
    assert skeleton("Ivan") != skeleton("Iwan")


def test_a_csv_list_refuses_a_control_character_at_its_cell() -> None:
    with pytest.raises(InputError) as caught:
        read_table("name,club\nAnn,Rooks\x00\n", "p.csv")
    assert (caught.value.line, caught.value.column) == (2, 2)


def test_a_csv_list_refuses_look_alike_names() -> None:
    table = read_table("name\nIvan Petrov\nIv\u0430n Petrov\n", "p.csv")
    with pytest.raises(InputError, match=r"listed twice .*looks like"):
        chess_players(table)


def test_the_workflow_refuses_the_same_on_every_path() -> None:
    """Creating, adding and editing (they used to differ: creation stripped NUL, adding
    and editing kept it)."""
    with pytest.raises(InputError):
        chess_player({"name": "A\x00B"})
    t = wf.new_tournament([Player(1, "Ann"), Player(2, "Bob")], system="dutch", rounds=3)
    with pytest.raises(InputError, match="U\\+0000"):
        wf.add_player(t, Player(0, "C\x00D"))
    with pytest.raises(InputError, match="already player"):
        wf.add_player(t, Player(0, "\u0410nn"))  # Cyrillic A
    t2, added = wf.add_player(t, Player(0, "\u0410nn"), allow_duplicate=True)
    assert added.name == "\u0410nn"
    with pytest.raises(InputError, match="U\\+007F"):
        wf.edit_player(t, t.player(1), {"name": "A\x7f"})
    with pytest.raises(InputError, match="U\\+000A"):
        wf.edit_event(t, name="Open\n2026")
    with pytest.raises(InputError, match="U\\+000A"):
        wf.new_tournament([Player(1, "Ann")], system="dutch", rounds=3, name="a\nb")
    assert wf.edit_player(t, t.player(1), {"name": "ANN"}).player(1).name == "ANN"
    with pytest.raises(InputError, match="already player"):  # Ann, and her look-alike
        wf.edit_player(t2, t2.player(2), {"name": "ann"})
