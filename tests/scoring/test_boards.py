import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import ScoringError, board_conditions, is_vulnerable

# Seed 000's 16-board duplicate example lists every board's dealer and vulnerability
# ("N-S", "E-W", "Both" in the seed are written here as the engine writes them).
SEED000_BOARDS = [
    (1, "N", "None"),
    (2, "E", "NS"),
    (3, "S", "EW"),
    (4, "W", "All"),
    (5, "N", "NS"),
    (6, "E", "EW"),
    (7, "S", "All"),
    (8, "W", "None"),
    (9, "N", "EW"),
    (10, "E", "All"),
    (11, "S", "None"),
    (12, "W", "NS"),
    (13, "N", "All"),
    (14, "E", "None"),
    (15, "S", "NS"),
    (16, "W", "EW"),
]


@pytest.mark.parametrize(
    ("board", "dealer", "vulnerability"),
    [pytest.param(*row, id=f"seed000-board{row[0]}") for row in SEED000_BOARDS],
)
def test_board_conditions(board, dealer, vulnerability):
    assert board_conditions(board) == (dealer, vulnerability)


@pytest.mark.parametrize(
    ("board", "conditions"),
    [
        pytest.param(17, ("N", "None"), id="spec5.1-board17-starts-again"),
        pytest.param(32, ("W", "EW"), id="spec5.1-board32"),
        pytest.param(12, ("W", "NS"), id="seed003-board12-NS-vul"),
        pytest.param(5, ("N", "NS"), id="seed003-board5-NS-vul"),
    ],
)
def test_board_conditions_beyond_sixteen(board, conditions):
    assert board_conditions(board) == conditions


@pytest.mark.parametrize("board", [0, -3, 1.0, "1", True, None])
def test_board_number_must_be_positive(board):
    with pytest.raises(ScoringError) as refusal:
        board_conditions(board)
    assert str(refusal.value) == "board number must be 1 or more"


@given(st.integers(1, 10_000))
def test_board_conditions_repeat_every_sixteen_boards(board):
    assert board_conditions(board + 16) == board_conditions(board)


@pytest.mark.parametrize(
    ("vulnerability", "vulnerable_seats"),
    [("None", ""), ("NS", "NS"), ("EW", "EW"), ("All", "NESW")],
)
def test_is_vulnerable(vulnerability, vulnerable_seats):
    for declarer in "NESW":
        assert is_vulnerable(vulnerability, declarer) is (declarer in vulnerable_seats)


@pytest.mark.parametrize(
    ("vulnerability", "declarer", "message"),
    [
        pytest.param("Both", "N", "vulnerability must be None, NS, EW or All", id="Both"),
        pytest.param("N-S", "N", "vulnerability must be None, NS, EW or All", id="N-S"),
        pytest.param(None, "N", "vulnerability must be None, NS, EW or All", id="None-object"),
        pytest.param("All", "n", "declarer must be N, E, S or W", id="lower-case-seat"),
        pytest.param("All", "NS", "declarer must be N, E, S or W", id="a-side-not-a-seat"),
        pytest.param("All", "", "declarer must be N, E, S or W", id="empty"),
    ],
)
def test_is_vulnerable_refusals(vulnerability, declarer, message):
    with pytest.raises(ScoringError) as refusal:
        is_vulnerable(vulnerability, declarer)
    assert str(refusal.value) == message
