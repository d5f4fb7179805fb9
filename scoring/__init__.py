"""The scoring engine: plain Python, no Django. Every rule of the game lives here."""

from scoring.adjusted_scores import ADJUSTED_SCORE_RULES, adjusted_percent
from scoring.board_a_match import board_a_match
from scoring.boards import board_conditions, is_vulnerable
from scoring.contracts import Contract, parse_contract
from scoring.cross_imps import cross_imps
from scoring.datum import butler_datum, datum_imps
from scoring.deal_scores import ScoreBreakdown, deal_score, score_breakdown
from scoring.errors import ScoringError
from scoring.imps import imps
from scoring.matchpoints import (
    Adjusted,
    Split,
    Weighted,
    adjusted_matchpoints,
    matchpoint_traveller,
    matchpoints,
    neuberg,
)
from scoring.movements import (
    GuideLine,
    Movement,
    Position,
    Sitting,
    TableRound,
    arrow_switched,
    howell,
    mitchell,
    propose_movements,
    propose_sections,
    section_tables,
)
from scoring.places import places
from scoring.rubber import Chicago, Rubber
from scoring.traveller_lines import TravellerLine, parse_traveller_line
from scoring.victory_points import VP_SCALES, victory_points

__all__ = [
    "ADJUSTED_SCORE_RULES",
    "VP_SCALES",
    "Adjusted",
    "Chicago",
    "Contract",
    "GuideLine",
    "Movement",
    "Position",
    "Rubber",
    "ScoreBreakdown",
    "ScoringError",
    "Sitting",
    "Split",
    "TableRound",
    "TravellerLine",
    "Weighted",
    "adjusted_matchpoints",
    "adjusted_percent",
    "arrow_switched",
    "board_a_match",
    "board_conditions",
    "butler_datum",
    "cross_imps",
    "datum_imps",
    "deal_score",
    "howell",
    "imps",
    "is_vulnerable",
    "matchpoint_traveller",
    "matchpoints",
    "mitchell",
    "neuberg",
    "parse_contract",
    "parse_traveller_line",
    "places",
    "propose_movements",
    "propose_sections",
    "score_breakdown",
    "section_tables",
    "victory_points",
]
