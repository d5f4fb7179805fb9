"""How a repaired movement is settled, one wrong-boards repair after another."""

import pytest

from scoring.movements.settling import meetings_twice, settlement


def test_meetings_twice_are_each_pair_and_set_met_more_than_once_with_their_places():
    seats = {(1, 1): (1, 4, 1), (2, 1): (1, 5, 1), (2, 2): (4, 6, 2)}
    assert meetings_twice(seats) == {(1, 1): [(1, 1), (2, 1)]}


@pytest.mark.parametrize(
    ("seats", "repairs"),
    [
        # Nothing to settle.
        ({(1, 1): (1, 4, 1), (2, 1): (1, 5, 2)}, {}),
        # Pair 1 meets set 1 again in round 2: that table takes set 3, idle in the round.
        ({(1, 1): (1, 4, 1), (2, 1): (1, 5, 1), (2, 2): (4, 6, 2)}, {(2, 1): 3}),
        # Set 3 is played in round 2 and nobody at table 1 met it: shared.
        ({(1, 1): (1, 4, 1), (1, 2): (5, 6, 2), (2, 1): (1, 5, 1), (2, 2): (4, 6, 3)}, {(2, 1): 3}),
        # Pair 1 met sets 1 and 2, pair 2 met set 3: no set is left for their table.
        (
            {(1, 1): (1, 3, 1), (2, 1): (1, 4, 2), (2, 2): (2, 5, 3), (3, 1): (1, 2, 1)},
            {(3, 1): None},
        ),
    ],
)
def test_each_later_meeting_takes_a_set_its_pairs_meet_nowhere_else(seats, repairs):
    assert settlement(seats, [1, 2, 3]) == repairs


def test_a_repair_is_chosen_with_the_repairs_before_it_made():
    # Pair 1 meets set 1 in rounds 1, 2 and 3: round 3 takes set 2 first, then round 2 set 3.
    seats = {(1, 1): (1, 4, 1), (2, 1): (1, 5, 1), (3, 1): (1, 6, 1)}
    assert settlement(seats, [1, 2, 3]) == {(3, 1): 2, (2, 1): 3}
