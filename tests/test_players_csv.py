"""The chess player list reader (``formats.csv.read_table`` / ``chess_players``) and the
FIDE initial order (``workflow.fide_initial_order``).

Every refusal is checked for its exact file, line and column, since that is what a
director reads to fix the file.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.errors import InputError
from fairpair.formats.csv import TITLES, chess_players, read_table
from fairpair.model import Player
from fairpair.workflow import fide_initial_order


def players_of(text: str) -> list[Player]:
    return chess_players(read_table(text, "p.csv"))


def refusal(text: str) -> InputError:
    with pytest.raises(InputError) as info:
        players_of(text)
    err = info.value
    assert err.file == "p.csv"
    return err


# --------------------------------------------------------------------------- reading


def test_all_known_columns_and_aliases() -> None:
    text = (
        "Name,Elo,Title,Fed,FIDE ID,Born,Gender,Club,City\n"
        "Magnus Carlsen,2830,gm,nor,1503014,1990-11-30,M,Offerspill,Oslo\n"
        "Ju Wenjun,2560,wgm,chn,8603006,1991,f,,\n"
    )
    table = read_table(text, "p.csv")
    assert table.columns == (
        "name",
        "rating",
        "title",
        "federation",
        "fide_id",
        "birth",
        "sex",
        "club",
        "city",
    )
    carlsen, ju = chess_players(table)
    assert (carlsen.number, carlsen.name, carlsen.rating, carlsen.title) == (
        1,
        "Magnus Carlsen",
        2830,
        "GM",
    )
    assert (carlsen.federation, carlsen.fide_id, carlsen.birth_date) == (
        "NOR",
        "1503014",
        "1990/11/30",
    )
    assert (carlsen.sex, carlsen.club, dict(carlsen.attributes)) == (
        "m",
        "Offerspill",
        {"city": "Oslo"},
    )
    # f is read as w; blank cells are not kept as attributes
    assert (ju.number, ju.title, ju.sex, ju.federation, ju.birth_date) == (
        2,
        "WGM",
        "w",
        "CHN",
        "1991",
    )
    assert dict(ju.attributes) == {} and ju.club == ""


@pytest.mark.parametrize(
    ("header", "column"),
    [
        ("elo", "rating"),
        ("fed", "federation"),
        ("country", "federation"),
        ("Country", "federation"),
    ],
)
def test_single_aliases(header: str, column: str) -> None:
    value = "2100" if column == "rating" else "ita"
    table = read_table(f"name,{header}\nAnn,{value}\n", "p.csv")
    assert table.columns == ("name", column)
    (ann,) = chess_players(table)
    assert getattr(ann, column) == (2100 if column == "rating" else "ITA")


def test_canonical_false_keeps_the_names() -> None:
    table = read_table("name,Elo,Fed\nAnn,2100,ITA\n", "p.csv", canonical=False)
    assert table.columns == ("name", "elo", "fed")


@pytest.mark.parametrize("sep", [",", ";", "\t"])
@pytest.mark.parametrize("bom", ["", "\ufeff"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_separators_bom_and_blank_lines(sep: str, bom: str, newline: str) -> None:
    lines = [
        "",
        sep.join(["name", "rating", "title"]),
        "",
        sep.join(["Ann Lee", "2100", "IM"]),
        "   ",
        "",
        sep.join(["Bob Ray", "", ""]),
        "",
    ]
    table = read_table(bom + newline.join(lines), "p.csv")
    assert table.columns == ("name", "rating", "title")
    assert table.header_line == 2
    # line numbers count the blank lines, so errors point at the right line
    assert [row.line for row in table.rows] == [4, 7]
    players = chess_players(table)
    assert [(p.number, p.name, p.rating, p.title) for p in players] == [
        (1, "Ann Lee", 2100, "IM"),
        (2, "Bob Ray", 0, ""),
    ]


def test_separator_comes_from_the_header_line() -> None:
    """A semicolon list may have commas inside its cells."""
    (player,) = players_of("name;club\nSmith, John;Chess, Club\n")
    assert (player.name, player.club) == ("Smith, John", "Chess, Club")


def test_names_are_normalised_and_cells_stripped() -> None:
    (player,) = players_of("name , rating \n  Ann   Lee  ,  2100 \n")
    assert (player.name, player.rating) == ("Ann Lee", 2100)


def test_trailing_empty_fields_are_allowed() -> None:
    (player,) = players_of("name,rating\nAnn,2100,,\n")
    assert player.rating == 2100


def test_short_rows_leave_the_missing_cells_blank() -> None:
    (player,) = players_of("name,rating,title\nAnn\n")
    assert (player.rating, player.title) == (0, "")


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("name,rating\nAnn,2100\nBob,21x0\n", 3, 2, "rating '21x0'"),
        ("name,rating\nAnn,12345\n", 2, 2, "rating '12345'"),
        ("name,rating\nAnn,-5\n", 2, 2, "rating '-5'"),
        ("name,rating\nAnn,2100.5\n", 2, 2, "rating '2100.5'"),
        ("name,rating\nAnn,２１００\n", 2, 2, "rating"),
        ("rating,name,title\n2000,Ann,XM\n", 2, 3, "title 'XM'"),
        ("name,title\nAnn,\nBob,GMX\n", 3, 2, "title 'GMX'"),
        ("name,club,sex\nAnn,,x\n", 2, 3, "sex 'x'"),
        ("name,gender\nAnn,female\n", 2, 2, "sex 'female'"),
        ("name,birth\nAnn,1990/1/1\n", 2, 2, "birth date '1990/1/1'"),
        ("name,born\nAnn,90\n", 2, 2, "birth date '90'"),
        ("name,birth_date\nAnn,1990-01-01x\n", 2, 2, "birth date"),
        ("name,federation\nAnn,ITAL\n", 2, 2, "federation 'ITAL'"),
        ("name,fed\nAnn,I1\n", 2, 2, "federation"),
        ("name,fide_id\nAnn,12a\n", 2, 2, "FIDE id '12a'"),
        ("name,id\nAnn,123456789012\n", 2, 2, "FIDE id"),
        ("rating,name\n2000,\n", 2, 2, "empty name"),
        ("name\n" + "x" * 201 + "\n", 2, 1, "201 characters"),
        # duplicates, case-insensitively and after normalising spaces
        ("name,rating\nAnn,2100\nBob,2000\nANN,1900\n", 4, 1, "listed twice (also on line 2)"),
        (
            "rating,name\n1,Ann  Lee\n\n2,ann lee\n",
            4,
            2,
            "'ann lee' is listed twice (also on line 2)",
        ),
        # more fields than the header
        ("name,rating\nAnn,2100,x\n", 2, 3, "found 3 fields"),
        ("name;rating\nAnn;2100\nBob;1;2;3\n", 3, 3, "found 4 fields"),
        # a column twice (also through an alias)
        ("name,elo,rating\nAnn,1,2\n", 1, 3, "column 'rating' appears twice"),
        ("name,fed,country\nAnn,A,B\n", 1, 3, "column 'country' appears twice"),
        ("Name,NAME\nAnn,Bob\n", 1, 2, "column 'NAME' appears twice"),
        ("\n\nname,rating,Rating\nAnn,1,2\n", 3, 3, "appears twice"),
    ],
)
def test_refusals_name_line_and_column(text: str, line: int, column: int, words: str) -> None:
    err = refusal(text)
    assert (err.line, err.column) == (line, column)
    assert words in err.message
    assert str(err).startswith(f"p.csv:{line}:{column}: ")


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("rating,club\n2100,X\n", 1, "has no name column"),
        ("\nfirst name,rating\nAnn,1\n", 2, "has no name column"),
        ("name,rating\n", 1, "header but no players"),
        ("name\n\n  \n", 1, "header but no players"),
        ("\n\nname;rating\n\n", 3, "header but no players"),
        ("\ufeffname\n", 1, "header but no players"),
    ],
)
def test_refusals_with_a_line_only(text: str, line: int, words: str) -> None:
    err = refusal(text)
    assert (err.line, err.column) == (line, None)
    assert words in err.message
    assert str(err).startswith(f"p.csv:{line}: ")


@pytest.mark.parametrize("text", ["", "\n", "  \n\t\n", "\ufeff", "\ufeff\r\n\r\n"])
def test_empty_file(text: str) -> None:
    err = refusal(text)
    assert (err.line, err.column) == (None, None)
    assert str(err) == (
        "p.csv: empty player list, expected a header row (name, rating, ...) and players"
    )


def test_separators_only_file_is_an_input_error() -> None:
    err = refusal(",,,\n")
    assert "empty player list" in err.message


def test_separator_is_detected_from_the_header_after_a_separator_line() -> None:
    (player,) = players_of(",,\nname;rating\nAnn;2100\n")
    assert (player.name, player.rating) == ("Ann", 2100)


def test_separator_inside_a_quoted_header_cell() -> None:
    (player,) = players_of('name,"notes; remarks; misc"\nAnn,x\n')
    assert (player.name, dict(player.attributes)) == ("Ann", {"notes;_remarks;_misc": "x"})


def test_impossible_birth_date_is_refused() -> None:
    err = refusal("name,birth\nAnn,1990/13/45\n")
    assert (err.line, err.column) == (2, 2)


# --------------------------------------------------------------------------- initial order


def test_fide_initial_order_rating_then_title_then_name() -> None:
    listed = [
        Player(1, "zed", rating=2400),
        Player(2, "Bob", rating=2500, title="IM"),
        Player(3, "amy", rating=2500),
        Player(4, "Cid", rating=2500, title="GM"),
        Player(5, "Al", rating=2500, title="IM"),
        Player(6, "Ann", rating=2600),
        Player(7, "bea", rating=2400),
        Player(8, "Abe", rating=2400),
    ]
    order = [p.name for p in fide_initial_order(listed)]
    assert order == ["Ann", "Cid", "Al", "Bob", "amy", "Abe", "bea", "zed"]


def test_fide_initial_order_title_ranking() -> None:
    shuffled = ["WCM", "", "CM", "GM", "WFM", "IM", "WIM", "FM", "WGM"]
    listed = [Player(i, f"P{i}", rating=2300, title=t) for i, t in enumerate(shuffled, 1)]
    titles = [p.title for p in fide_initial_order(listed)]
    assert titles == ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", ""]
    assert tuple(titles[:-1]) == TITLES


def test_fide_initial_order_keeps_list_order_on_equal_keys() -> None:
    listed = [Player(1, "Ann", rating=2000, club="A"), Player(2, "ANN", rating=2000, club="B")]
    assert [p.club for p in fide_initial_order(listed)] == ["A", "B"]
    assert [p.club for p in fide_initial_order(listed[::-1])] == ["B", "A"]


@settings(max_examples=50, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 3),
            st.sampled_from([*TITLES, ""]),
            st.text(alphabet="aAbBc", min_size=1, max_size=3),
        ),
        max_size=12,
    )
)
def test_fide_initial_order_is_a_sorted_permutation(
    rows: list[tuple[int, str, str]],
) -> None:
    listed = [
        Player(i, name, rating=1000 + 100 * r, title=t) for i, (r, t, name) in enumerate(rows, 1)
    ]
    ordered = fide_initial_order(listed)
    assert sorted(p.number for p in ordered) == [p.number for p in listed]
    rank = {t: i for i, t in enumerate([*TITLES, ""])}
    keys = [(-p.rating, rank[p.title], p.name.casefold(), p.number) for p in ordered]
    assert keys == sorted(keys)
