"""Carry-over of a multi-session event, on examples worked by hand in the comments."""

import pytest

from scoring import ScoringError
from scoring.carry_over import SessionScore, carry_over, cumulative_ranking

# A two-session championship: session 1 has a top total of 100 matchpoints a pair, session 2
# of 80, so matchpoints and percentages rank differently. C misses session 2.
CHAMPIONSHIP = {
    "A": [SessionScore(60, 60.0), SessionScore(44, 55.0)],  # 104 MPs, 115 %, average 57.5
    "B": [SessionScore(50, 50.0), SessionScore(52, 65.0)],  # 102 MPs, 115 %, average 57.5
    "C": [SessionScore(70, 70.0), None],  # 70 MPs, 70 %, average 70 (one session)
    "D": [SessionScore(40, 40.0), SessionScore(24, 30.0)],  # 64 MPs, 70 %, average 35
}


def ranked(entrants, **options):
    return [
        (row.entrant, row.place, row.carried.total)
        for row in cumulative_ranking(entrants, **options)
    ]


def test_sum_of_matchpoints():
    assert ranked(CHAMPIONSHIP, method="sum-mps") == [
        ("A", "1", 104),
        ("B", "2", 102),
        ("C", "3", 70),
        ("D", "4", 64),
    ]


def test_sum_of_percentages_ties_broken_by_the_better_best_session():
    # A and B both 115: B's best session (65) beats A's (60). C and D both 70: C's one
    # session (70) beats D's best (40).
    assert ranked(CHAMPIONSHIP, method="sum-percent") == [
        ("B", "1", 115.0),
        ("A", "2", 115.0),
        ("C", "3", 70.0),
        ("D", "4", 70.0),
    ]


def test_average_percentage_over_the_sessions_played():
    # C's one session is its average: 70. A and B average (60+55)/2 = (50+65)/2 = 57.5.
    assert ranked(CHAMPIONSHIP, method="average-percent") == [
        ("C", "1", 70.0),
        ("B", "2", 57.5),
        ("A", "3", 57.5),
        ("D", "4", 35.0),
    ]


# A three-evening club series, best 2 of 3, average percentage.
SERIES = {
    "E": [SessionScore(30, 60.0), SessionScore(25, 50.0), SessionScore(35, 70.0)],
    "F": [SessionScore(32.5, 65.0), None, SessionScore(32.5, 65.0)],
    "G": [SessionScore(27.5, 55.0), SessionScore(27.5, 55.0), None],
    "H": [None, SessionScore(27.5, 55.0), SessionScore(27.5, 55.0)],
}


def test_best_two_of_three_with_countback_and_a_shared_place():
    # E: best two 70 and 60, average 65; F: 65 and 65, average 65; countback 70 > 65: E first.
    # G and H: 55 and 55 each, equal all the way: they share third, in the order given.
    assert ranked(SERIES, method="average-percent", best_of=2) == [
        ("E", "1", 65.0),
        ("F", "2", 65.0),
        ("G", "3=", 55.0),
        ("H", "3=", 55.0),
    ]


@pytest.mark.parametrize(
    ("sessions", "options", "total", "counted", "played"),
    [
        pytest.param(
            SERIES["E"],
            {"method": "average-percent", "best_of": 2},
            65.0,
            (0, 2),
            3,
            id="best-2-drops-the-worst",
        ),
        pytest.param(
            SERIES["E"],
            {"method": "sum-percent", "best_of": 2},
            130.0,
            (0, 2),
            3,
            id="sum-of-best-2-percent",
        ),
        pytest.param(
            SERIES["E"], {"method": "sum-mps", "best_of": 1}, 35, (2,), 3, id="best-1-mps"
        ),
        pytest.param(
            SERIES["F"],
            {"method": "average-percent", "best_of": 1},
            65.0,
            (0,),
            2,
            id="equal-sessions-the-earlier-counts",
        ),
        pytest.param(
            SERIES["G"],
            {"method": "sum-percent", "best_of": 5},
            110.0,
            (0, 1),
            2,
            id="fewer-played-than-n-all-count",
        ),
        pytest.param([None, None], {"method": "average-percent"}, 0.0, (), 0, id="none-played"),
    ],
)
def test_carry_over(sessions, options, total, counted, played):
    carried = carry_over(sessions, **options)
    assert (carried.total, carried.counted, carried.played) == (total, counted, played)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"method": "sum-imps"}, "there is no carry-over method 'sum-imps'"),
        ({"method": "sum-mps", "best_of": 0}, "best n of the sessions needs n to be at least 1"),
    ],
)
def test_refusals(options, message):
    with pytest.raises(ScoringError, match=message):
        cumulative_ranking(CHAMPIONSHIP, **options)
