"""The club's data: clubs, players, events, the movement, boards and traveller lines.

One module a model family (STYLE.md, "As the app grows"), each importable from `events.models`.
Models stay thin: the rules live in `scoring`, the database work in `events.services`.
"""

from .accounts import Account
from .base import SEATS, ChangeRecord, tracked
from .changes import Change, Upload
from .clubs import Club, Player
from .competitions import Competition, CompetitionSession
from .event import Event
from .individuals import IndividualPlayer, Seat
from .pairs import Board, Pair, Partnership, Result, Section, TableRound
from .tables import TableAccess, TableCall, TableLine
from .team_rounds import TeamRound
from .teams import Match, MatchBoard, MatchLine, RoundDeal, Team, TeamMember, TeamSettings
from .workbooks import PreparedWorkbook

__all__ = [
    "SEATS",
    "Account",
    "Board",
    "Change",
    "ChangeRecord",
    "Club",
    "Competition",
    "CompetitionSession",
    "Event",
    "IndividualPlayer",
    "Match",
    "MatchBoard",
    "MatchLine",
    "Pair",
    "Partnership",
    "Player",
    "PreparedWorkbook",
    "Result",
    "RoundDeal",
    "Seat",
    "Section",
    "TableAccess",
    "TableCall",
    "TableLine",
    "TableRound",
    "Team",
    "TeamMember",
    "TeamRound",
    "TeamSettings",
    "Upload",
    "tracked",
]
