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
from scoring.knockout import (
    bracket_order,
    extra_boards,
    knockout_bracket,
    knockout_carry_over,
    next_knockout_round,
)
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
    barometer_howell,
    barometer_individual,
    barometer_mitchell,
    howell,
    mitchell,
    propose_barometers,
    propose_movements,
    propose_sections,
    section_tables,
)
from scoring.places import places
from scoring.round_robin import round_robin
from scoring.rubber import Chicago, Rubber
from scoring.swiss import (
    mismatches,
    random_draw,
    seeded_draw,
    swap_teams,
    swiss_draw,
    three_way_teams,
)
from scoring.team_matches import (
    ArtificialImps,
    MatchImps,
    MatchResult,
    PointsResult,
    board_a_match_result,
    board_imps,
    bye_vps,
    match_imps,
    match_result,
    patton_result,
    three_way_scale,
)
from scoring.tie_breaks import TIE_BREAKS, MatchRecord, Standing, head_to_head, standings
from scoring.traveller_lines import TravellerLine, parse_traveller_line
from scoring.victory_points import VP_SCALES, victory_points

__all__ = [
    "ADJUSTED_SCORE_RULES",
    "TIE_BREAKS",
    "VP_SCALES",
    "Adjusted",
    "ArtificialImps",
    "Chicago",
    "Contract",
    "GuideLine",
    "MatchImps",
    "MatchRecord",
    "MatchResult",
    "Movement",
    "PointsResult",
    "Position",
    "Rubber",
    "ScoreBreakdown",
    "ScoringError",
    "Sitting",
    "Split",
    "Standing",
    "TableRound",
    "TravellerLine",
    "Weighted",
    "adjusted_matchpoints",
    "adjusted_percent",
    "arrow_switched",
    "barometer_howell",
    "barometer_individual",
    "barometer_mitchell",
    "board_a_match",
    "board_a_match_result",
    "board_conditions",
    "board_imps",
    "bracket_order",
    "butler_datum",
    "bye_vps",
    "cross_imps",
    "datum_imps",
    "deal_score",
    "extra_boards",
    "head_to_head",
    "howell",
    "imps",
    "is_vulnerable",
    "knockout_bracket",
    "knockout_carry_over",
    "match_imps",
    "match_result",
    "matchpoint_traveller",
    "matchpoints",
    "mismatches",
    "mitchell",
    "neuberg",
    "next_knockout_round",
    "parse_contract",
    "parse_traveller_line",
    "patton_result",
    "places",
    "propose_barometers",
    "propose_movements",
    "propose_sections",
    "random_draw",
    "round_robin",
    "score_breakdown",
    "section_tables",
    "seeded_draw",
    "standings",
    "swap_teams",
    "swiss_draw",
    "three_way_scale",
    "three_way_teams",
    "victory_points",
]
