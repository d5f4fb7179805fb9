import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import ScoringError, round_robin
from scoring.howell_schedules import HOWELL_SCHEDULES


@pytest.mark.parametrize("tables", sorted(HOWELL_SCHEDULES), ids=lambda t: f"spec-5.3-{t}tables")
def test_same_pairings_as_the_howell_schedule(tables):
    # SPEC §4.5: the circle method, the same construction as the Howell pair schedules.
    teams = list(range(1, 2 * tables + 1))
    schedule = round_robin(teams)
    howell = [[{ns, ew} for ns, ew, _ in table_rounds] for table_rounds in HOWELL_SCHEDULES[tables]]
    assert [[set(match) for match in matches] for matches in schedule] == howell


def test_six_teams():
    assert round_robin(list("ABCDEF")) == [
        [("F", "E"), ("A", "D"), ("B", "C")],
        [("A", "F"), ("B", "E"), ("C", "D")],
        [("F", "B"), ("C", "A"), ("D", "E")],
        [("C", "F"), ("D", "B"), ("E", "A")],
        [("F", "D"), ("E", "C"), ("A", "B")],
    ]


def test_odd_field_has_a_bye_each_round_last():
    schedule = round_robin(list("ABCDE"))
    assert len(schedule) == 5
    assert [matches[-1] for matches in schedule] == [
        ("E", None),
        ("A", None),
        ("B", None),
        ("C", None),
        ("D", None),
    ]


def test_double_round_robin_swaps_home_and_away():
    single = round_robin(list("ABCD"))
    double = round_robin(list("ABCD"), double=True)
    assert double[:3] == single
    assert double[3:] == [[(away, home) for home, away in matches] for matches in single]


def test_double_round_robin_keeps_the_bye_last():
    double = round_robin(list("ABC"), double=True)
    assert double[3] == [(double[0][0][1], double[0][0][0]), (double[0][1][0], None)]


@pytest.mark.parametrize(
    ("teams", "message"),
    [
        pytest.param(["A"], "two teams or more", id="one"),
        pytest.param(["A", "A"], "twice", id="twice"),
        pytest.param(["A", None], "None", id="none"),
    ],
)
def test_bad_field_is_refused(teams, message):
    with pytest.raises(ScoringError, match=message):
        round_robin(teams)


@given(st.integers(2, 24), st.booleans())
def test_every_pair_meets_once_a_round_each(n, double):
    teams = [f"T{k}" for k in range(n)]
    schedule = round_robin(teams, double=double)
    legs = 2 if double else 1
    assert len(schedule) == legs * (n - 1 + n % 2)
    for matches in schedule:
        seen = [t for match in matches for t in match if t is not None]
        assert sorted(seen) == sorted(teams)
        assert sum(away is None for _, away in matches) == n % 2
    meetings = Counter(frozenset(m) for matches in schedule for m in matches if m[1] is not None)
    assert meetings == {frozenset(p): legs for p in itertools.combinations(teams, 2)}
    if double:
        homes = Counter(m for matches in schedule for m in matches if m[1] is not None)
        assert set(homes.values()) == {1}  # each pair home once and away once
    homes = Counter(home for matches in schedule[: n - 1 + n % 2] for home, away in matches if away)
    played = n - 1
    assert all(abs(2 * homes[t] - played) <= 1 for t in teams)
    assert round_robin(teams, double=double) == schedule
