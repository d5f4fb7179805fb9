"""Whether a repaired movement can still give every pair each set of boards once."""

import pytest

from scoring.movements.settling import can_settle


@pytest.mark.parametrize(
    ("played", "to_play", "settles"),
    [
        ([(1, 4, 1), (2, 5, 2)], [(1, 5, 2), (2, 4, 1)], True),  # nothing to change
        ([(1, 4, 2), (2, 5, 2)], [(1, 5, 2), (2, 4, 1)], True),  # 1 v 5 takes set 1
        ([(1, 4, 2), (2, 5, 2)], [(1, 5, 2), (2, 4, 2)], True),  # both share set 1
        ([(1, 4, 1), (1, 5, 1)], [], False),  # already twice among the tables played
        ([(1, 3, 1), (1, 4, 2), (2, 5, 3)], [(1, 2, 1)], False),  # 1 met 1, 2; 2 met 3
    ],
)
def test_a_movement_settles_when_the_tables_to_play_can_be_given_fresh_sets(
    played, to_play, settles
):
    assert can_settle(played, to_play, [1, 2, 3]) is settles


def test_a_search_cut_short_does_not_refuse():
    played = [(1, 3, 1), (1, 4, 2), (2, 5, 3)]
    assert can_settle(played, [(1, 2, 1)], [1, 2, 3], limit=2) is True
