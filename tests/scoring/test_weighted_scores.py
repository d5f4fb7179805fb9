"""A weighted line's stored parts: read from the typed line, their mean, and their text."""

import pytest

from scoring import ScoringError, parse_traveller_line
from scoring.weighted_scores import (
    expected_score,
    weighted_components,
    weighted_entry,
    weighted_text,
)

THREE_PARTS = "40% 4S N 10 + 30% 3NTX E 8 + 30% -50"


def test_parts_are_stored_with_their_contract_declarer_tricks_and_score():
    parts = weighted_components(parse_traveller_line(THREE_PARTS), "None")
    assert parts == [[40, "4S", "N", 10, 420], [30, "3NTX", "E", 8, 100], [30, "", "", None, -50]]
    assert weighted_entry(parts) == ((40, 420), (30, 100), (30, -50))


def test_text_as_shown_and_as_typed_again():
    parts = weighted_components(parse_traveller_line(THREE_PARTS), "None")
    assert weighted_text(parts) == "40% 4S N =, 30% 3NTX E -1, 30% -50"
    assert weighted_text(parts, typed=True) == THREE_PARTS
    passed = weighted_components(parse_traveller_line("50% P + 50% 4S N 11"), "None")
    assert weighted_text(passed) == "50% P, 50% 4S N +1"
    again = parse_traveller_line(weighted_text(parts, typed=True))
    assert weighted_components(again, "None") == parts


@pytest.mark.parametrize(
    ("parts", "mean"),
    [
        ([[40, "", "", None, 420], [60, "", "", None, -50]], 138),
        ([[50, "", "", None, 0], [50, "", "", None, -50]], -25),
        ([[50, "", "", None, 110], [50, "", "", None, 140]], 125),
        ([[50, "", "", None, -110], [50, "", "", None, -139]], -125),  # -124.5: away from 0
        ([[33.3, "", "", None, 100], [66.7, "", "", None, 200]], 167),
    ],
)
def test_expected_score_is_the_weighted_mean_to_the_nearest_point(parts, mean):
    assert expected_score(parts) == mean


def test_a_part_no_contract_makes_is_refused():
    with pytest.raises(ScoringError, match=r"\+421 is not a possible score"):
        weighted_components(parse_traveller_line("40% +421 + 60% 4S N 9"), "None")


def test_a_bare_number_is_no_adjusted_percent_so_a_half_typed_part_is_refused():
    with pytest.raises(ScoringError, match="not '4'"):
        parse_traveller_line("40% 4")
