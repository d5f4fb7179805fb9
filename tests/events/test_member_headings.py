"""A member list's columns from its own headings, and names matched case and accents aside."""

import pytest
from django.utils import translation

from events.formats.member_lists import ListRow
from events.services.member_headings import (
    Columns,
    column_labels,
    entries,
    heading_role,
    recognised_columns,
)
from events.services.member_lists import name_key, written_name


@pytest.mark.parametrize(
    ("heading", "role"),
    [
        ("Name", "name"),
        ("Full name", "name"),
        ("SURNAME", "surname"),
        ("Last Name", "surname"),
        ("First name", "first_name"),
        ("Forename", "first_name"),
        ("Member number", "member_number"),
        ("Membership No.", "member_number"),
        ("EBU", "member_number"),
        ("EBU No", "member_number"),
        ("NGS ID", "member_number"),
        ("ACBL #", "member_number"),
        ("ABF number", "member_number"),
        ("E-mail", "email"),
        ("Email address", "email"),
        ("NGS grade", None),
        ("Phone", None),
        ("", None),
    ],
)
def test_a_heading_names_what_its_column_holds(heading, role):
    assert heading_role(heading) == role


def rows(*lines):
    return [ListRow(n, tuple(cells)) for n, cells in enumerate(lines, start=1)]


def test_surname_and_first_name_columns_make_the_name():
    table = rows(("Surname", "First name", "EBU No.", "E-mail"), ("Smith", "John", "123", "j@x"))
    columns = recognised_columns(table)
    assert columns == Columns(
        first_name=1, surname=0, member_number=2, email=3, headings=True, name=None
    )
    assert [(e.row, e.name, e.member_number, e.email) for e in entries(table, columns)] == [
        (2, "John Smith", "123", "j@x")
    ]


def test_name_beside_first_name_is_the_surname():
    columns = recognised_columns(rows(("First name", "Name", "EBU")))
    assert (columns.first_name, columns.surname, columns.name) == (0, 1, None)


def test_a_file_without_headings_starts_with_a_member_in_the_first_column():
    table = rows(("Ann Able", "1001"), ("Bob Best", "1002"))
    columns = recognised_columns(table)
    assert columns == Columns(name=0)
    assert [e.name for e in entries(table, columns)] == ["Ann Able", "Bob Best"]
    assert column_labels(table) == ["A: Ann Able", "B: 1001"]
    with translation.override("fr"):
        assert column_labels(table) == ["A\u00a0: Ann Able", "B\u00a0: 1001"]


def test_columns_picked_twice_or_no_name_are_refused():
    assert Columns(name=0, email=0).problem() == (
        "Each column can hold one thing only: pick another column."
    )
    assert Columns(first_name=1, email=2).problem().startswith("Pick the column of the names")
    assert Columns(first_name=1, surname=0).problem() == ""


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("John Smith", "Smith, John"),
        ("Smith, John", "John Smith"),
        ("JOHN SMITH", "john smith"),
        ("José García", "Jose Garcia"),
        ("GARCÍA, José", "jose garcia"),
        ("  John   Smith ", "John Smith"),
    ],
)
def test_names_match_case_accents_and_order_aside(one, other):
    assert name_key(one) == name_key(other)


def test_different_names_do_not_match():
    assert name_key("John Smith") != name_key("Jon Smith")
    assert name_key("Smith John") != name_key("John Smith")  # no comma: read as written


def test_a_new_player_is_written_first_name_first():
    assert written_name("Smith, John") == "John Smith"
    assert written_name(" Ann  Able ") == "Ann Able"
