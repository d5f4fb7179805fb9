"""Barometer movements: every table plays the round's boards, each pair every board once, and no
pair meets another twice; checked by counting the sittings."""

from collections import Counter
from itertools import combinations

import pytest

from scoring.errors import ScoringError
from scoring.howell_schedules import HOWELL_SCHEDULES
from scoring.movements import (
    arrow_switched,
    barometer_howell,
    barometer_individual,
    barometer_mitchell,
    complete_individual,
    propose_barometers,
    rainbow_individual,
)
from scoring.movements.barometer import circle_pairings
from scoring.movements.individual import COMPLETE_INDIVIDUALS, RAINBOW_TABLES

PAIRS_BAROMETERS = [
    *(barometer_howell(tables, 2) for tables in range(2, 14)),
    *(barometer_howell(tables, 3, rounds=4, sit_out=True) for tables in (3, 6, 9)),
    barometer_howell(6, 2, rounds=4),
    barometer_howell(20, 3, rounds=9),
    *(barometer_mitchell(tables, 3) for tables in range(2, 14)),
    barometer_mitchell(8, 3, rounds=5, sit_out=True),
]


def meetings(movement) -> Counter:
    return Counter(
        frozenset((s.ns_pair, s.ew_pair)) for s in movement.sittings if s.board_set is not None
    )


@pytest.mark.parametrize("movement", PAIRS_BAROMETERS, ids=lambda m: f"{m.name} {m.rounds}r")
def test_every_table_plays_the_round_s_boards(movement):
    for sitting in movement.sittings:
        boards = movement.boards_at(sitting.round, sitting.table)
        if sitting.board_set is None:
            assert sitting.sit_out is not None and boards == ()
        else:
            b = movement.boards_per_round
            k = sitting.round - 1
            assert boards == tuple(range(k * b + 1, k * b + b + 1))
    assert movement.board_count == movement.rounds * movement.boards_per_round


@pytest.mark.parametrize("movement", PAIRS_BAROMETERS, ids=lambda m: f"{m.name} {m.rounds}r")
def test_every_pair_plays_every_board_once_and_meets_no_pair_twice(movement):
    for pair in movement.pairs:
        played = Counter(
            board
            for r in range(1, movement.rounds + 1)
            for board in movement.boards_at(r, movement.sitting_of(pair, r).table)
            if movement.sitting_of(pair, r).board_set is not None
        )
        sat_out = len(
            [r for r in range(1, movement.rounds + 1) if movement.sitting_of(pair, r).sit_out]
        )
        assert set(played.values()) == {1}
        assert len(played) == movement.board_count - sat_out * movement.boards_per_round
    assert set(meetings(movement).values()) == {1}
    # Each board is played at every table that has two pairs: the Neuberg E is the tables.
    for board in range(1, movement.board_count + 1):
        round = (board - 1) // movement.boards_per_round + 1
        tables = [s for s in movement.sittings if s.round == round and s.board_set is not None]
        assert movement.plays_of_board(board) == len(tables)


@pytest.mark.parametrize("tables", range(2, 10))
def test_a_complete_howell_barometer_meets_every_pair_once(tables):
    movement = barometer_howell(tables, 2)
    assert movement.rounds == 2 * tables - 1
    assert set(meetings(movement)) == {
        frozenset(pair) for pair in combinations(range(1, 2 * tables + 1), 2)
    }


@pytest.mark.parametrize("tables", sorted(HOWELL_SCHEDULES))
def test_the_circle_pairings_are_those_of_the_club_s_howell_schedules(tables):
    # SPEC §5.3: the schedules of 3 to 9 tables are the circle method's; the barometer plays
    # the same pairings, its boards the round's.
    for round, row in enumerate(HOWELL_SCHEDULES[tables], start=1):
        assert circle_pairings(tables, round) == tuple((ns, ew) for ns, ew, _ in row)


def test_a_mitchell_barometer_keeps_ns_at_their_table_and_meets_every_ew_pair_once():
    movement = barometer_mitchell(6, 3)
    assert movement.rounds == 6
    for sitting in movement.sittings:
        assert sitting.ns_pair == sitting.table
    assert {s.ew_pair for s in movement.sittings if s.ns_pair == 1} == set(range(7, 13))
    assert movement.ns_pairs == (1, 2, 3, 4, 5, 6)


def test_a_barometer_s_table_cards_pass_no_boards_on():
    movement = barometer_howell(6, 2, rounds=4)
    for lines in movement.table_cards().values():
        for line in lines:
            assert (line.shared_with, line.boards_next, line.boards_wait) == ((), (), False)


def test_a_barometer_goes_no_further_than_its_pairs_can_meet_afresh():
    with pytest.raises(ScoringError, match="from 1 to 11, not 12"):
        barometer_howell(6, 2, rounds=12)
    with pytest.raises(ScoringError, match="from 1 to 6, not 7"):
        barometer_mitchell(6, 2, rounds=7)
    with pytest.raises(ScoringError, match="no arrow switch"):
        arrow_switched(barometer_mitchell(7, 3), (7,))


def test_the_barometers_proposed_fill_the_evening_at_the_club_s_boards_a_round():
    howell, mitchell = propose_barometers(13)
    assert (howell.name, howell.rounds, howell.boards_per_round) == (
        "13-table barometer (Howell)",
        10,
        3,
    )
    assert (mitchell.kind, mitchell.rounds, mitchell.barometer) == ("mitchell", 10, True)
    # 3 tables: the Howell's 5 rounds of 3 boards are fewer than 18, of 4 boards enough; a
    # Mitchell's 3 rounds never are.
    (only,) = propose_barometers(3)
    assert (only.name, only.boards_per_round) == ("3-table barometer (Howell)", 4)
    assert propose_barometers(6.5)[0].phantom == 14


EVERY_INDIVIDUAL = [complete_individual(n, 2) for n in COMPLETE_INDIVIDUALS] + [
    rainbow_individual(t, 3) for t in RAINBOW_TABLES
]


@pytest.mark.parametrize("movement", EVERY_INDIVIDUAL, ids=lambda m: m.name)
def test_an_individual_barometer_keeps_the_seating_and_plays_the_round_s_boards(movement):
    barometer = barometer_individual(movement)
    assert "barometer individual" in barometer.name
    assert [s.players for s in barometer.seatings] == [s.players for s in movement.seatings]
    assert {(s.round, s.board_set) for s in barometer.seatings} == {
        (r, r) for r in range(1, movement.rounds + 1)
    }
    for player in range(1, movement.players + 1):
        assert barometer.partners_of(player) == movement.partners_of(player)
    pairs = barometer.pairs_movement()
    assert pairs.barometer and pairs.board_count == movement.rounds * movement.boards_per_round
