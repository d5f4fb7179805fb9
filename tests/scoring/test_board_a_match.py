import pytest

from scoring import ScoringError, board_a_match

# Seed 001 "Example in a team event": our score, the opposing team's score at the other table.
SEED001_BOARDS = [
    (110, 110, 0.5),
    (620, 170, 1),
    (-110, -100, 0),
    (-630, -600, 0),
    (600, -200, 1),
    (-50, 70, 0),
    (-710, -2210, 1),
    (300, 420, 0),
]


@pytest.mark.parametrize(
    ("ours", "theirs", "expected"),
    [
        pytest.param(ours, theirs, points, id=f"seed001-team-board{number}")
        for number, (ours, theirs, points) in enumerate(SEED001_BOARDS, start=1)
    ],
)
def test_seed001_team_example_board_by_board(ours, theirs, expected):
    assert board_a_match(ours, theirs) == expected


def test_seed001_team_example_3_and_a_half_out_of_8():
    assert sum(board_a_match(ours, theirs) for ours, theirs, _ in SEED001_BOARDS) == 3.5


@pytest.mark.parametrize(
    ("ours", "theirs", "expected"),
    [
        pytest.param(420, 400, 2, id="spec-4.1-british-win-2"),
        pytest.param(420, 420, 1, id="spec-4.1-british-tie-1"),
        pytest.param(400, 420, 0, id="spec-4.1-british-loss-0"),
    ],
)
def test_two_points_a_board(ours, theirs, expected):
    assert board_a_match(ours, theirs, per_board=2) == expected


def test_seed001_team_example_on_the_british_scale_is_7_out_of_16():
    assert sum(board_a_match(o, t, per_board=2) for o, t, _ in SEED001_BOARDS) == 7


def test_a_win_by_10_points_is_a_whole_board():
    assert board_a_match(-100, -110) == 1


@pytest.mark.parametrize("per_board", [0, 3, "1"])
def test_other_points_per_board_are_refused(per_board):
    with pytest.raises(ScoringError, match="1 or 2 points"):
        board_a_match(420, 400, per_board=per_board)


def test_a_score_that_is_not_a_number_is_refused():
    with pytest.raises(ScoringError, match="must be a number"):
        board_a_match("420", 400)
