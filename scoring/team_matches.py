"""A teams match scored: IMPs per board from the two tables, the match's IMPs and its VPs.

The home team sits North-South at the home table (table 1 of the match) and East-West at the
away table, so on each board the home team's net score is the NS score at the home table minus
the NS score at the away table (SPEC §4.1). Boards are scored
- in IMPs, the match's IMPs then converted on a VP scale (`match_result`);
- board-a-match, 1/½/0 or 2/1/0 a board (`board_a_match_result`);
- Patton, 2/1/0 a board plus the aggregate on an 8-VP scale (`patton_result`).

A three-way match is three half-length matches, each scored on the 10-VP half scale of the
event's scale (`three_way_scale`), so that a team's two halves are worth a whole match.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real
from typing import NamedTuple

from scoring.board_a_match import board_a_match
from scoring.errors import ScoringError
from scoring.imps import ARTIFICIAL_IMPS, imps
from scoring.victory_points import VP_SCALES, Bands, victory_points

# A bye's VPs as a share of the scale: 12 of 20, as RealBridge scores a bye (SPEC §4.2); the
# EBU names no figure for teams, so it is the event's setting.
BYE_SHARE = Fraction(3, 5)

# The 10-VP scale that scores each half-length match of a three-way (SPEC §1.2, §4.2).
HALF_SCALES = {"wbf": "wbf-10", "wbf-discrete": "wbf-discrete-10"}


@dataclass(frozen=True)
class ArtificialImps:
    """A board given an artificial adjusted score (Law 86A): each side's IMPs, +3, 0 or −3.

    Each side's own IMPs count for it alone, so the board need not balance: average plus to
    both sides is +3 to each.
    """

    home: int
    away: int

    @classmethod
    def from_averages(cls, home: str, away: str) -> "ArtificialImps":
        """From "A+", "A" or "A-" for each side."""
        for average in (home, away):
            if average not in ARTIFICIAL_IMPS:
                known = ", ".join(ARTIFICIAL_IMPS)
                raise ScoringError(
                    "An artificial score is one of %(known)s, not %(average)s.",
                    known=known,
                    average=repr(average),
                )
        return cls(ARTIFICIAL_IMPS[home], ARTIFICIAL_IMPS[away])


@dataclass(frozen=True)
class MatchImps:
    """A match's IMPs: those won by each team on the boards scored, and each team's artificial
    IMPs (Law 86A), which count for that team alone."""

    home: int
    away: int
    home_artificial: int = 0
    away_artificial: int = 0

    @property
    def home_margin(self) -> int:
        return self.home - self.away + self.home_artificial

    @property
    def away_margin(self) -> int:
        return self.away - self.home + self.away_artificial


@dataclass(frozen=True)
class MatchResult:
    """A match's IMPs and VPs; a VP penalty is kept apart from the VPs the match earned.

    `imps` is None for a match given an assigned VP score without IMPs.
    """

    imps: MatchImps | None
    home_vps: float
    away_vps: float
    home_penalty: float = 0
    away_penalty: float = 0

    @property
    def home_score(self) -> float:
        """The home team's VPs for the standings: the match's less its penalty."""
        return _tidy(self.home_vps - self.home_penalty)

    @property
    def away_score(self) -> float:
        return _tidy(self.away_vps - self.away_penalty)


def board_imps(home_table_ns: int, away_table_ns: int, *, table: str = "wbf") -> int:
    """The home team's IMPs on a board (negative when it lost the board).

    From the NS scores at the two tables, each signed from NS's side: +620 at the home table
    and −100 at the away table (NS went one down there) is 720, 12 IMPs.
    """
    for score in (home_table_ns, away_table_ns):
        if isinstance(score, bool) or not isinstance(score, int):
            raise ScoringError(
                "A board's score must be a whole number, not %(score)s.",
                score=repr(score),
            )
    return imps(home_table_ns - away_table_ns, table)


def match_imps(boards: Iterable[int | ArtificialImps | None]) -> MatchImps:
    """The match's IMPs from each board's: the home team's IMPs (see board_imps), an
    ArtificialImps, or None for a board not (yet) played at both tables, which counts nothing."""
    home = away = home_artificial = away_artificial = 0
    for board in boards:
        if board is None:
            continue
        if isinstance(board, ArtificialImps):
            home_artificial += board.home
            away_artificial += board.away
        elif isinstance(board, int) and not isinstance(board, bool):
            home += max(board, 0)
            away += max(-board, 0)
        else:
            raise ScoringError(
                "A board's IMPs must be a whole number, not %(board)s.",
                board=repr(board),
            )
    return MatchImps(home, away, home_artificial, away_artificial)


def match_result(
    imps: MatchImps | None,
    *,
    boards: int,
    scale: str = "wbf",
    assigned_vps: tuple[float, float] | None = None,
    home_penalty: float = 0,
    away_penalty: float = 0,
) -> MatchResult:
    """The match's VPs on `scale` for a match of `boards` boards.

    `imps` comes from match_imps over the boards, or is the captains' totals, or an assigned
    IMP score (MatchImps(home, away)). Each team's VPs come from its own margin, so a match
    with artificial IMPs that do not balance can give VPs that do not add up to the scale's
    total. `assigned_vps` (home, away) replaces the VPs altogether (an assigned VP score).
    A VP penalty is kept apart: it lowers the team's score, not the match's VPs.
    """
    if assigned_vps is not None:
        home_vps, away_vps = (_vps(v) for v in assigned_vps)
    elif imps is None:
        raise ScoringError("A match needs its IMPs or an assigned VP score.")
    else:
        home_vps = victory_points(imps.home_margin, boards, scale)[0]
        away_vps = victory_points(imps.away_margin, boards, scale)[0]
    return MatchResult(imps, home_vps, away_vps, _vps(home_penalty), _vps(away_penalty))


def bye_vps(scale: str = "wbf", *, share: Fraction = BYE_SHARE) -> float:
    """A bye's VPs on a scale: `share` of its total, 12 of 20 by default (18 of 30)."""
    if scale not in VP_SCALES:
        known = ", ".join(VP_SCALES)
        raise ScoringError(
            "Unknown victory-point scale %(scale)s; choose one of %(known)s.",
            scale=repr(scale),
            known=known,
        )
    if not 0 <= share <= 1:
        raise ScoringError(
            "A bye's share of the VPs is between 0 and 1, not %(share)s.",
            share=share,
        )
    vps = VP_SCALES[scale].total * Fraction(share)
    return int(vps) if vps.denominator == 1 else round(float(vps), 2)


def three_way_scale(scale: str) -> str:
    """The 10-VP half scale for the half-length matches of a three-way, for an event's scale."""
    if scale in VP_SCALES and VP_SCALES[scale].total == 10:
        return scale
    if scale not in HALF_SCALES:
        known = ", ".join(HALF_SCALES)
        raise ScoringError(
            "The %(scale)s scale has no half scale for three-way matches; %(known)s have.",
            scale=repr(scale),
            known=known,
        )
    return HALF_SCALES[scale]


class PointsResult(NamedTuple):
    """Board-a-match or Patton points of a match, each team's."""

    home: float
    away: float


def board_a_match_result(
    boards: Iterable[tuple[int, int] | None], *, per_board: int = 1
) -> PointsResult:
    """Board-a-match points of a match: per_board a board won, half for a tie (SPEC §4.1).

    Each board is (home table NS score, away table NS score), or None when not played.
    """
    home = away = 0.0
    for board in boards:
        if board is None:
            continue
        home_table_ns, away_table_ns = board
        home += board_a_match(home_table_ns, away_table_ns, per_board)
        away += board_a_match(away_table_ns, home_table_ns, per_board)
    return PointsResult(home, away)


# [UNCERTAIN] The EBU's Patton aggregate scale is not in the sources (SPEC §4.2 names only
# "the aggregate on an 8-VP scale"). Until it is, the aggregate margin in total points goes
# through this one, which a director can read: 4-4 for a margin under 100 points, then a point
# more at 100, 250, 500 and 1000. It is a setting, not a rule (pass another Bands).
PATTON_AGGREGATE = Bands((0, 100, 250, 500, 1000), (4, 5, 6, 7, 8))
PATTON_AGGREGATE_TOTAL = 8


def patton_result(
    boards: Sequence[tuple[int, int] | None],
    *,
    aggregate_scale: Bands = PATTON_AGGREGATE,
) -> PointsResult:
    """Patton points of a match (EBU, SPEC §4.2): 2/1/0 a board, plus the aggregate margin
    (the sum of the home team's net scores over the boards) on the 8-VP `aggregate_scale`.

    Each board is (home table NS score, away table NS score), or None when not played.
    """
    played = [board for board in boards if board is not None]
    points = board_a_match_result(played, per_board=2)
    aggregate = sum(home_table_ns - away_table_ns for home_table_ns, away_table_ns in played)
    winner = aggregate_scale.winner(abs(aggregate))
    loser = PATTON_AGGREGATE_TOTAL - winner
    home, away = (winner, loser) if aggregate >= 0 else (loser, winner)
    return PointsResult(points.home + home, points.away + away)


def _vps(value) -> float:
    if isinstance(value, bool) or not isinstance(value, Real) or value < 0:
        raise ScoringError(
            "VPs are a number, 0 or more, not %(value)s.",
            value=repr(value),
        )
    return value


def _tidy(value: float) -> float:
    """Hundredths of VPs without float noise (20 − 0.3 is 19.7, not 19.700000000000003)."""
    return round(value, 2) if isinstance(value, float) else value
