"""What a match's pages show: each board with its two tables' lines and the IMPs it scores."""

from dataclasses import dataclass, field

from django.db.models import Prefetch

from events.models import Match, MatchBoard, MatchLine, RoundDeal
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
    # The public match page's: the board's hand record, when the public may see it, and
    # whether it has one the public may not see yet (events.services.teams.hands).
    hand: RoundDeal | None = None
    hand_hidden: bool = False

    @property
    def home_imps(self):
        return self.board.home_imps if self.board else None

    @property
    def home_points(self):
        return self.board.home_points if self.board else None

    @property
    def assigned_imps(self):
        return self.board.assigned_imps if self.board else None


SEATS = ("north", "south", "east", "west")
# Each team's seats at the two tables: the home team sits North-South at table 1.
_HOME_SEATS = ((1, "north"), (1, "south"), (2, "east"), (2, "west"))
_AWAY_SEATS = ((1, "east"), (1, "west"), (2, "north"), (2, "south"))


def line_ups(*, match: Match, rows: list[BoardRow]) -> list[tuple[str, list[str]]]:
    """Each team's players in the match, as an imported file's line-ups named them (in the
    order they first sat); [] when no line of the match says who sat where."""
    teams = [(match.home, _HOME_SEATS), (match.away, _AWAY_SEATS)] if match.away else []
    found = []
    for team, seats in teams:
        names: list[str] = []
        for row in rows:
            for table, seat in seats:
                line = row.lines.get(table)
                player = getattr(line, seat) if line else None
                if player is not None and player.name not in names:
                    names.append(player.name)
        if names:
            found.append((team.name, names))
    return found


def board_rows(*, match: Match) -> list[BoardRow]:
    """Every board the match plays, in order, with what is in for it: two queries."""
    lines = MatchLine.objects.select_related(*SEATS)
    saved = {b.number: b for b in match.match_boards.prefetch_related(Prefetch("lines", lines))}
    rows = []
    for number in range(match.first_board, match.first_board + match_boards(match)):
        dealer, vulnerability = board_conditions(number)
        board = saved.get(number)
        lines = {line.table: line for line in board.lines.all()} if board else {}
        rows.append(
            BoardRow(number, dealer, vulnerability, {t: lines.get(t) for t in (1, 2)}, board)
        )
    return rows
