import pytest

from scoring import places
from scoring.places import ranking_key


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        pytest.param([60.0, 55.0, 50.0], ["1", "2", "3"], id="distinct"),
        pytest.param(
            [50.0, 61.2, 50.0, 40.0], ["2=", "1", "2=", "4"], id="tie-shares-better-place"
        ),
        pytest.param([1 / 3 * 3, 1.0], ["1=", "1="], id="float-noise-is-a-tie"),
        pytest.param([], [], id="empty"),
    ],
)
def test_places(scores, expected):
    assert places(scores) == expected


def test_a_pair_that_played_nothing_is_placed_after_every_score():
    # Below even a negative IMP total: None is no score at all.
    assert places([-12.0, None, 3.0, -40.0, None]) == ["2", "4=", "1", "3", "4="]


@pytest.mark.parametrize(
    ("boards", "score", "percentage", "imps", "expected"),
    [
        pytest.param(3, 7.5, 62.5, False, 62.5, id="matchpoints-by-percentage"),
        pytest.param(3, 0.0, None, False, -1.0, id="matchpoints-without-a-top-below-all"),
        pytest.param(3, -12.0, None, True, -12.0, id="imps-by-total"),
        pytest.param(0, 0.0, None, False, None, id="no-board-played"),
        pytest.param(0, 0.0, None, True, None, id="no-board-played-imps"),
    ],
)
def test_ranking_key(boards, score, percentage, imps, expected):
    key = ranking_key(boards=boards, score=score, percentage=percentage, imps=imps)
    assert key == expected


def test_a_pair_that_played_no_board_is_placed_last():
    keys = [ranking_key(boards=b, score=s, percentage=None, imps=True) for b, s in
            [(2, -5.0), (0, 0.0), (2, 3.0)]]  # fmt: skip
    assert places(keys) == ["2", "3", "1"]
