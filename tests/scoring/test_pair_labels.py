"""Pair labels: a Mitchell's pairs per direction, a Howell's by number."""

import pytest

from scoring import howell, mitchell
from scoring.pair_labels import (
    label_slug,
    pair_labels,
    printed_number,
    typed_label,
    typed_pair,
    without_section,
)


def _pairs(movement):
    ns, ew = set(movement.ns_pairs or ()), set(movement.ew_pairs or ())
    return [(n, "NS" if n in ns else "EW" if n in ew else "") for n in movement.pairs]


def test_a_mitchell_numbers_each_direction_from_one():
    labels = pair_labels(_pairs(mitchell(8, 3, rounds=4)), ew_numbered_on=False)
    assert [labels[n] for n in (1, 8, 9, 16)] == ["1 NS", "8 NS", "1 EW", "8 EW"]


def test_a_club_that_numbers_ew_on_keeps_plain_numbers():
    labels = pair_labels(_pairs(mitchell(8, 3, rounds=4)), ew_numbered_on=True)
    assert [labels[n] for n in (1, 9, 16)] == ["1", "9", "16"]


def test_a_howell_keeps_plain_numbers():
    labels = pair_labels(_pairs(howell(4, 3)), ew_numbered_on=False)
    assert set(labels.values()) == {str(n) for n in range(1, 9)}


@pytest.mark.parametrize(
    ("typed", "direction", "number"), [(3, "NS", 3), (5, "EW", 13), (9, "EW", None)]
)
def test_typed_numbers_are_read_per_direction(typed, direction, number):
    labels = pair_labels(_pairs(mitchell(8, 3, rounds=4)), ew_numbered_on=False)
    assert typed_pair(labels, typed, direction) == number


def test_slug_and_printed_number():
    assert (label_slug("3 EW"), printed_number("3 EW"), label_slug("9")) == ("3ew", "3", "9")


def test_a_pair_that_joined_late_is_counted_in_its_direction():
    pairs = [(1, "NS"), (2, "NS"), (4, "EW"), (5, "EW"), (6, "EW"), (7, "NS")]
    labels = pair_labels(pairs, ew_numbered_on=False)
    assert labels == {1: "1 NS", 2: "2 NS", 4: "2 EW", 5: "3 EW", 6: "4 EW", 7: "7 NS"}


def test_in_an_event_of_several_sections_a_label_names_its_section():
    labels = pair_labels(_pairs(mitchell(7, 3)), ew_numbered_on=False, section="B")
    assert [labels[n] for n in (1, 7, 8, 14)] == ["B1 NS", "B7 NS", "B1 EW", "B7 EW"]
    howell_labels = pair_labels(_pairs(howell(5, 3)), ew_numbered_on=False, section="C")
    assert howell_labels[3] == "C3"
    assert [without_section(labels[n]) for n in (1, 8)] == ["1 NS", "1 EW"]
    assert (label_slug("B3 NS"), printed_number("B3 NS")) == ("3ns", "B3")
    # A line typed in section B's grid names B's pairs as the section numbers them.
    assert typed_pair(labels, 3, "EW") == 10


@pytest.mark.parametrize(
    ("typed", "label"),
    [
        ("3 EW", "3 EW"),
        ("3EW", "3 EW"),
        ("EW 3", "3 EW"),
        ("ew3", "3 EW"),
        (" 03 ns ", "3 NS"),
        ("12", "12"),
        ("3 XY", None),
        ("EW", None),
        ("3 EW 4", None),
        ("", None),
    ],
)
def test_a_typed_pair_is_read_as_clubs_print_it(typed, label):
    assert typed_label(typed) == label
