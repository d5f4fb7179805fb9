"""A movement's name and description in the reader's language (events.services.movement_text)."""

import pytest
from django.utils import translation

from events.services.movement_text import movement_description, movement_name
from scoring.movements.barometer import (
    barometer_howell,
    barometer_individual,
    barometer_mitchell,
)
from scoring.movements.individual import complete_individual, rainbow_individual
from scoring.movements.mitchell import mitchell
from scoring.movements.proposals import propose_movements


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def test_a_proposed_mitchell_s_description():
    first = propose_movements(7)[0]
    assert movement_description(first) == (
        "7 rounds of 3 boards, 21 boards in play; each pair plays 21; NS and EW winners"
    )


def test_a_share_and_relay_and_a_sit_out_say_so():
    proposals = propose_movements(8)
    assert movement_description(proposals[2]) == (
        "8 rounds of 3 boards, 24 boards in play; each pair plays 24; "
        "tables 1 and 8 share boards, relay stand between tables 4 and 5; NS and EW winners"
    )
    assert movement_description(propose_movements(6.5)[0]) == (
        "13 rounds of 2 boards, 26 boards in play; each pair plays 24; "
        "one pair sits out each round; one winner"
    )


def test_an_arrow_switch_names_its_rounds_and_makes_one_winner():
    switched = mitchell(7, 2, arrow_switch_rounds=[7, 6])
    assert movement_description(switched).endswith("arrow switch in rounds 6, 7; one winner")
    once = mitchell(7, 2, arrow_switch_rounds=[7])
    assert movement_description(once).endswith("arrow switch in round 7; one winner")


def test_a_barometer_says_each_table_has_its_copy():
    assert movement_description(barometer_mitchell(6, 3)).endswith(
        "every table plays the round's boards, each from its own copy; NS and EW winners"
    )
    assert "each from its own copy" in movement_description(barometer_howell(6, 2, rounds=4))


@pytest.mark.parametrize(
    "movement",
    [
        *propose_movements(8),
        *propose_movements(6.5),
        *propose_movements(2.5),
        mitchell(7, 2, arrow_switch_rounds=[7]),
        barometer_mitchell(6, 3),
        barometer_howell(6, 2, rounds=4),
        complete_individual(16, 2),
        barometer_individual(complete_individual(16, 2)),
        rainbow_individual(5, 2),
        barometer_individual(rainbow_individual(5, 2)),
    ],
    ids=lambda m: m.name,
)
def test_every_name_the_engine_makes_is_translated(movement):
    assert movement_name(movement.name) == movement.name
    with translation.override("fr"):
        assert movement_name(movement.name) != movement.name


def test_a_name_from_another_program_s_file_is_shown_as_it_is():
    with translation.override("fr"):
        assert movement_name("Howell 7 tables (Magic Contest)") == "Howell 7 tables (Magic Contest)"
        assert movement_name("Imported PBN from Dealer") == "PBN importé de Dealer"
