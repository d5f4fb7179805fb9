"""Individual movements: every promise the movement makes, checked by counting its seatings."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import ScoringError
from scoring.movements.individual import (
    COMPLETE_INDIVIDUALS,
    RAINBOW_TABLES,
    IndividualMovement,
    Seating,
    complete_individual,
    rainbow_individual,
)

EVERY_MOVEMENT = [complete_individual(n, 2) for n in COMPLETE_INDIVIDUALS] + [
    rainbow_individual(t, 3) for t in RAINBOW_TABLES
]


@pytest.mark.parametrize("movement", EVERY_MOVEMENT, ids=lambda m: m.name)
def test_every_round_seats_each_player_once_and_leaves_out_at_most_one(movement):
    for r in range(1, movement.rounds + 1):
        seated = [p for s in movement.seatings if s.round == r for p in s.players]
        assert len(seated) == len(set(seated)) == 4 * movement.tables
        assert len(movement.sit_outs(r)) == movement.players - 4 * movement.tables <= 1


@pytest.mark.parametrize("players", [9, 13, 17])
def test_with_one_player_too_many_each_player_sits_out_exactly_once(players):
    movement = complete_individual(players, 2)
    sit_outs = [p for r in range(1, movement.rounds + 1) for p in movement.sit_outs(r)]
    assert sorted(sit_outs) == list(range(1, players + 1))


@pytest.mark.parametrize("players", list(COMPLETE_INDIVIDUALS))
def test_a_complete_individual_partners_every_player_with_every_other_once(players):
    movement = complete_individual(players, 2)
    for player in range(1, players + 1):
        partners = movement.partners_of(player)
        assert set(partners) == set(range(1, players + 1)) - {player}
        assert set(partners.values()) == {1}


@pytest.mark.parametrize("tables", RAINBOW_TABLES)
def test_the_rainbow_partners_each_player_with_every_player_of_the_partner_seat(tables):
    movement = rainbow_individual(tables, 3)
    seat_players = {
        seat: range(first * tables + 1, (first + 1) * tables + 1)
        for first, seat in enumerate("NESW")
    }
    partner_seat = {"N": "S", "S": "N", "E": "W", "W": "E"}
    for seat, players in seat_players.items():
        for player in players:
            partners = movement.partners_of(player)
            assert set(partners) == set(seat_players[partner_seat[seat]])
            assert set(partners.values()) == {1}
            # Never the same opponent twice, and never a partner as an opponent.
            opponents = movement.opponents_of(player)
            assert set(opponents.values()) == {1}
            assert not set(opponents) & set(partners)


@pytest.mark.parametrize("movement", EVERY_MOVEMENT, ids=lambda m: m.name)
def test_no_player_meets_a_board_twice_and_every_player_plays_every_round_they_sit(movement):
    for player in range(1, movement.players + 1):
        sets = [s.board_set for s in movement.seatings if player in s.players]
        assert (
            len(sets)
            == len(set(sets))
            == movement.rounds
            - sum(player in movement.sit_outs(r) for r in range(1, movement.rounds + 1))
        )


@pytest.mark.parametrize("movement", EVERY_MOVEMENT, ids=lambda m: m.name)
def test_each_board_set_is_played_the_same_number_of_times(movement):
    plays = Counter(s.board_set for s in movement.seatings)
    assert sorted(plays) == list(range(1, movement.sets + 1))
    assert len(set(plays.values())) == 1
    # The movement's own count of boards matches: sets times boards a round.
    assert movement.board_count == movement.sets * movement.boards_per_round


def test_the_8_player_individual_shares_one_set_between_its_two_tables_each_round():
    movement = complete_individual(8, 3)
    for r in range(1, 8):
        assert {s.board_set for s in movement.seatings if s.round == r} == {r}
    # Player 8 stays North at table 1; everyone else adds one each round (7 wraps to 1).
    assert all(s.north == 8 for s in movement.seatings if s.table == 1)
    first, second = (s for s in movement.seatings if s.table == 2 and s.round in (1, 2))
    assert second.players == tuple(p % 7 + 1 for p in first.players)


def test_the_complete_individuals_of_8_and_16_players_balance_the_opponents_too():
    for players in (8, 16):
        movement = complete_individual(players, 2)
        for player in range(1, players + 1):
            opponents = movement.opponents_of(player)
            assert len(opponents) == players - 1
    movement = complete_individual(8, 2)
    assert {n for p in range(1, 9) for n in movement.opponents_of(p).values()} == {2}


def test_the_rainbow_moves_as_its_cards_say():
    movement = rainbow_individual(5, 3)
    at = {(s.round, s.table): s for s in movement.seatings}
    # Round 1: the home seats. Round 2: North up one, East down one, South up two, West down two.
    assert at[1, 1].players == (1, 11, 6, 16)
    assert at[2, 2].north == 1 and at[2, 5].east == 6
    assert at[2, 3].south == 11 and at[2, 4].west == 16
    assert {s.board_set for s in movement.seatings if s.table == 3} == {3}


@given(st.sampled_from(list(COMPLETE_INDIVIDUALS)), st.integers(1, 4), st.integers(1, 16))
def test_a_shortened_movement_is_the_first_rounds_of_the_whole(players, bpr, rounds):
    whole = complete_individual(players, bpr)
    rounds = min(rounds, whole.rounds)
    short = complete_individual(players, bpr, rounds=rounds)
    assert short.seatings == tuple(s for s in whole.seatings if s.round <= rounds)


@pytest.mark.parametrize("movement", EVERY_MOVEMENT, ids=lambda m: m.name)
def test_as_a_pairs_movement_each_side_is_a_pair_that_plays_one_round(movement):
    pairs = movement.pairs_movement()
    assert len(pairs.pairs) == 2 * len(movement.seatings) == len(movement.sides)
    by_number = {side.number: side for side in movement.sides}
    for sitting in pairs.sittings:
        ns, ew = by_number[sitting.ns_pair], by_number[sitting.ew_pair]
        seating = next(
            s for s in movement.seatings if (s.round, s.table) == (sitting.round, sitting.table)
        )
        assert ns.players == (seating.north, seating.south)
        assert ew.players == (seating.east, seating.west)
        assert sitting.board_set == seating.board_set
    for board in range(1, pairs.board_count + 1):
        assert pairs.plays_of_board(board) == movement.tables * movement.rounds // movement.sets


def test_unknown_counts_and_impossible_seatings_are_refused_with_the_choices():
    with pytest.raises(ScoringError, match="8, 9, 12, 13, 16, 17 players, not 10"):
        complete_individual(10, 2)
    with pytest.raises(ScoringError, match="5, 7, 11 or 13"):
        rainbow_individual(6, 2)
    with pytest.raises(ScoringError, match="from 1 to 7"):
        complete_individual(8, 2, rounds=8)
    with pytest.raises(ScoringError, match="Player 3 is seated twice in round 1"):
        twice = (Seating(1, 1, 1, 2, 3, 4, 1), Seating(1, 2, 5, 6, 7, 3, 2))
        IndividualMovement("x", 2, 8, 1, twice)
    with pytest.raises(ScoringError, match="board set 1 twice"):
        again = (Seating(1, 1, 1, 2, 3, 4, 1), Seating(2, 1, 2, 1, 4, 3, 1))
        IndividualMovement("x", 1, 4, 1, again)
