"""Movements: who plays whom, at which table, on which boards, round by round."""

from scoring.movements.barometer import (
    barometer_howell,
    barometer_individual,
    barometer_mitchell,
)
from scoring.movements.howell import howell
from scoring.movements.individual import (
    IndividualMovement,
    complete_individual,
    rainbow_individual,
)
from scoring.movements.mitchell import arrow_switched, mitchell
from scoring.movements.model import GuideLine, Movement, Position, Sitting, TableRound
from scoring.movements.proposals import (
    propose_barometers,
    propose_movements,
    propose_sections,
    section_tables,
)

__all__ = [
    "GuideLine",
    "IndividualMovement",
    "Movement",
    "Position",
    "Sitting",
    "TableRound",
    "arrow_switched",
    "barometer_howell",
    "barometer_individual",
    "barometer_mitchell",
    "complete_individual",
    "howell",
    "mitchell",
    "propose_barometers",
    "propose_movements",
    "propose_sections",
    "rainbow_individual",
    "section_tables",
]
