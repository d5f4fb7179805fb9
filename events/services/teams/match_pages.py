"""What a match's pages show: each board with its two tables' lines and the IMPs it scores."""

from dataclasses import dataclass, field

from events.models import Match, MatchBoard, MatchLine
from events.services.teams.match_scoring import match_boards
from scoring import board_conditions


@dataclass
class BoardRow:
    """A board of a match: its conditions, each table's line (None: not in) and its score."""

    number: int
    dealer: str
    vulnerability: str
    lines: dict[int, MatchLine | None] = field(default_factory=dict)
    board: MatchBoard | None = None

    @property
    def home_imps(self):
        return self.board.home_imps if self.board else None

    @property
    def home_points(self):
        return self.board.home_points if self.board else None

    @property
    def assigned_imps(self):
        return self.board.assigned_imps if self.board else None


def board_rows(*, match: Match) -> list[BoardRow]:
    """Every board the match plays, in order, with what is in for it: two queries."""
    saved = {b.number: b for b in match.match_boards.prefetch_related("lines")}
    rows = []
    for number in range(match.first_board, match.first_board + match_boards(match)):
        dealer, vulnerability = board_conditions(number)
        board = saved.get(number)
        lines = {line.table: line for line in board.lines.all()} if board else {}
        rows.append(
            BoardRow(number, dealer, vulnerability, {t: lines.get(t) for t in (1, 2)}, board)
        )
    return rows
