from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    ScoringError,
    bracket_order,
    extra_boards,
    knockout_bracket,
    knockout_carry_over,
    next_knockout_round,
)

# --- Carry-over (SPEC §4.4, Bermuda Bowl) ----------------------------------------------------


@pytest.mark.parametrize(
    ("margin", "expected"),
    [
        pytest.param(21, Fraction(21, 2), id="spec-4.4-won-by-21-starts-10.5-up"),
        pytest.param(-21, Fraction(-7), id="spec-4.4-lost-by-21-other-starts-7-up"),
        pytest.param(-10, Fraction(-10, 3), id="spec-4.4-lost-by-10-other-starts-3.33-up"),
        pytest.param(40, Fraction(16), id="spec-4.4-capped-at-16"),
        pytest.param(-60, Fraction(-16), id="spec-4.4-capped-at-16-for-the-other"),
        pytest.param(0, Fraction(0), id="drawn"),
    ],
)
def test_bermuda_bowl_carry_over(margin, expected):
    assert knockout_carry_over(margin) == expected


def test_carry_over_shares_are_settings():
    assert knockout_carry_over(20, won_share=Fraction(1, 4), maximum=100) == 5
    assert knockout_carry_over(-20, lost_share=Fraction(1, 2), maximum=8) == -8


def test_carry_over_refuses_a_non_margin():
    with pytest.raises(ScoringError, match="whole number"):
        knockout_carry_over(2.5)


@given(st.integers(-200, 200))
def test_carry_over_never_exceeds_16_and_follows_the_winner(margin):
    carried = knockout_carry_over(margin)
    assert abs(carried) <= 16
    assert (carried > 0) == (margin > 0)
    assert abs(carried) <= abs(Fraction(margin, 2))


# --- Bracket ---------------------------------------------------------------------------------


def test_sixteen_team_bracket_1_v_16():
    order = bracket_order(16)
    pairs = [tuple(order[k : k + 2]) for k in range(0, 16, 2)]
    assert pairs == [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)]


def test_bracket_of_eight_teams():
    teams = [f"S{n}" for n in range(1, 9)]
    assert knockout_bracket(teams) == [("S1", "S8"), ("S4", "S5"), ("S2", "S7"), ("S3", "S6")]


def test_six_teams_give_the_top_two_seeds_byes():
    assert knockout_bracket(list("ABCDEF")) == [("A", None), ("D", "E"), ("B", None), ("C", "F")]


def test_next_round_pairs_neighbouring_winners():
    assert next_knockout_round(["A", "D", "B", "C"]) == [("A", "D"), ("B", "C")]
    with pytest.raises(ScoringError, match="even number"):
        next_knockout_round(["A", "B", "C"])


@pytest.mark.parametrize("size", [0, 1, 3, 12])
def test_bracket_order_needs_a_power_of_two(size):
    with pytest.raises(ScoringError, match="power of two"):
        bracket_order(size)


@given(st.integers(2, 70))
def test_every_team_once_and_byes_to_the_top_seeds(n):
    teams = list(range(1, n + 1))
    first_round = knockout_bracket(teams)
    size = len(first_round) * 2
    assert size // 2 < n <= size
    seen = [t for match in first_round for t in match if t is not None]
    assert sorted(seen) == teams
    byes = sorted(home for home, away in first_round if away is None)
    assert byes == list(range(1, size - n + 1))


@given(st.integers(1, 7))
def test_seeds_1_and_2_only_meet_in_the_final(power):
    order = bracket_order(2**power)
    half = len(order) // 2
    assert 1 in order[:half]
    assert 2 in order[half:]
    assert all(a + b == 2**power + 1 for a, b in zip(order[::2], order[1::2], strict=True))


# --- Extra boards for a tie (EBU White Book §143.2) ------------------------------------------


@pytest.mark.parametrize(
    ("scheduled", "extra"),
    [(8, 2), (12, 2), (16, 2), (24, 3), (32, 4), (33, 5), (64, 8)],
)
def test_extra_boards_an_eighth_at_least_two(scheduled, extra):
    assert extra_boards(scheduled) == extra
