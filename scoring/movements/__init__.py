"""Movements: who plays whom, at which table, on which boards, round by round."""

from scoring.movements.howell import howell
from scoring.movements.mitchell import arrow_switched, mitchell
from scoring.movements.model import GuideLine, Movement, Position, Sitting, TableRound
from scoring.movements.proposals import propose_movements, propose_sections, section_tables

__all__ = [
    "GuideLine",
    "Movement",
    "Position",
    "Sitting",
    "TableRound",
    "arrow_switched",
    "howell",
    "mitchell",
    "propose_movements",
    "propose_sections",
    "section_tables",
]
