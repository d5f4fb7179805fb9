import pytest

from scoring import places


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
