"""A teams event as a results file holds it: plain data, read from other scorers' files (PBN,
USEBIO) and written to ours.

The seating is the app's: the home team sits North-South at table 1 and East-West at table 2
(Ruter's open room "O" and closed room "C"), so the home team's net on a board is table 1's
North-South score less table 2's. The figures the other program published (a match's IMPs and
VPs, a team's total) ride along as `published_*`, for events.formats.team_scores to check
against our engine; they are never saved.
"""

import datetime
from dataclasses import dataclass, field

from django.utils.translation import gettext

from events.formats.imported import (
    EVENT_NAME_LENGTH,
    PLAYER_NAME_LENGTH,
    SMALL,
    FileRefused,
    ImportedLine,
    check_text,
)

TEAM_NAME_LENGTH = 120  # Team.name
MAX_BOARDS = 64  # TeamSettings.boards_per_match
FIGURE_LIMIT = 100_000  # IMPs and VPs are kept to 7 digits, 2 of them decimals
WORKED_OUT_MATCHES = 2_000  # a 200-team Swiss of ten rounds has 1,000 matches


@dataclass
class FileTeam:
    number: int
    name: str
    players: list[str] = field(default_factory=list)
    where: str = ""  # "line 62", "TEAM 3": for messages
    published_vps: float | None = None  # its total as the file prints it
    published_place: str = ""


@dataclass
class FileMatchBoard:
    """One board of a match: each table's line (1: home North-South, 2: away North-South)."""

    number: int
    dealer: str
    vulnerability: str
    deal: str = ""
    tables: dict[int, ImportedLine] = field(default_factory=dict)
    # An assigned score in IMPs to the home team, replacing what the tables score.
    assigned_imps: float | None = None
    published_imps: float | None = None  # the home team's IMPs on the board, as printed
    # Who sat where at each table, when the file gives its line-ups: table -> (North, South,
    # East, West) names. Table 1's North-South and table 2's East-West are the home team's.
    seats: dict[int, tuple[str, str, str, str]] = field(default_factory=dict)


@dataclass
class FileMatch:
    round: int
    table: int
    home: int
    away: int | None  # None: the home team's bye
    where: str
    boards: list[FileMatchBoard] = field(default_factory=list)
    board_count: int | None = None  # the match's length when the file says it
    published_imps: tuple[float, float] | None = None  # (home, away)
    published_vps: tuple[float, float] | None = None
    # The director's rulings, as our own files carry them: a knock-out's carry-over in IMPs to
    # the home team (negative: to the away team), IMPs or VPs assigned to the match (the
    # published ones stand), VP penalties kept apart from the match's VPs.
    carry_over: float = 0.0
    assigned_imps: bool = False
    assigned_vps: bool = False
    penalty_vps: tuple[float, float] = (0.0, 0.0)
    # Settled by events.formats.team_scores: what our engine makes of the match.
    imps: tuple[float, float] | None = None
    vps: tuple[float, float] | None = None

    @property
    def is_bye(self) -> bool:
        return self.away is None


@dataclass
class TeamsFile:
    name: str
    date: datetime.date
    file_format: str  # "PBN" or "USEBIO"
    generator: str = ""
    club_name: str = ""
    # TeamSettings fields the file says or implies: format, match_scoring, vp_scale,
    # boards_per_match, bye_vps.
    settings: dict = field(default_factory=dict)
    teams: list[FileTeam] = field(default_factory=list)
    matches: list[FileMatch] = field(default_factory=list)
    # How the file's conventions were read, as (what, how), for the import preview.
    readings: list[tuple[str, str]] = field(default_factory=list)
    # Our own event's id and status, when the file is written from it.
    identifier: int | None = None
    status: str = ""

    @property
    def line_count(self) -> int:
        return sum(len(board.tables) for match in self.matches for board in match.boards)


def check_teams_file(teams_file: TeamsFile) -> None:
    """Refuse, naming the line or element, a file whose teams and matches do not hold together
    or hold a number or a text our tables cannot: no teams, a team number or name twice, a match
    naming a team the file does not list, a team twice in a round, a board twice in a match."""
    check_text(teams_file.name, gettext("the event's name"), EVENT_NAME_LENGTH)
    if not teams_file.teams:
        raise FileRefused(
            gettext("the file lists no teams"),
        )
    numbers, names = set(), set()
    for team in teams_file.teams:
        where = gettext("%(where)s: ") % {"where": team.where} if team.where else ""
        if not 1 <= team.number <= SMALL:
            raise FileRefused(
                gettext("%(where)steam numbers run from 1 to %(small)s, not %(number)s")
                % {"where": where, "small": SMALL, "number": team.number},
            )
        if team.number in numbers:
            raise FileRefused(
                gettext("%(where)steam %(number)s is listed twice")
                % {"where": where, "number": team.number},
            )
        numbers.add(team.number)
        check_text(
            team.name,
            gettext("%(where)sthe team name %(name)s")
            % {"where": where, "name": repr(team.name[:40])},
            TEAM_NAME_LENGTH,
        )
        if not team.name.strip():
            raise FileRefused(
                gettext("%(where)steam %(number)s has no name")
                % {"where": where, "number": team.number},
            )
        if team.name.strip().casefold() in names:
            raise FileRefused(
                gettext("%(where)stwo teams are called %(name)s")
                % {"where": where, "name": repr(team.name.strip())},
            )
        names.add(team.name.strip().casefold())
        # A squad of any size (a league's team of seven or more); only a seat number our
        # tables cannot hold is refused.
        if len(team.players) > SMALL:
            raise FileRefused(
                gettext(
                    "%(where)s%(name)s: a team has at most %(small)s players, not %(players_count)s"
                )
                % {
                    "where": where,
                    "name": team.name,
                    "small": SMALL,
                    "players_count": len(team.players),
                },
            )
        for name in team.players:
            check_text(
                name,
                gettext("%(where)sthe player name %(name)s")
                % {"where": where, "name": repr(name[:40])},
                PLAYER_NAME_LENGTH,
            )
    if not teams_file.matches:
        raise FileRefused(
            gettext("the file has no matches"),
        )
    if teams_file.settings.get("bye_vps") is not None:
        check_figure(teams_file.settings["bye_vps"], gettext("the VPs for a bye"))
    playing: dict[tuple[int, int], str] = {}
    for match in teams_file.matches:
        for what in ("round", "table"):
            if not 1 <= getattr(match, what) <= SMALL:
                raise FileRefused(
                    gettext("%(where)s: %(what)s %(number)s is not a %(what)s")
                    % {"where": match.where, "what": what, "number": getattr(match, what)},
                )
        if match.board_count is not None and not 1 <= match.board_count <= MAX_BOARDS:
            raise FileRefused(
                gettext("%(where)s: a match has 1 to %(max_boards)s boards, not %(board_count)s")
                % {
                    "where": match.where,
                    "max_boards": MAX_BOARDS,
                    "board_count": match.board_count,
                },
            )
        for what, figures in (
            (gettext("%(where)s: the match's IMPs"), match.published_imps),
            (gettext("%(where)s: the match's VPs"), match.published_vps),
            (gettext("%(where)s: the match's VP penalties"), match.penalty_vps),
            (gettext("%(where)s: the match's carry-over"), (match.carry_over,)),
        ):
            for figure in figures or ():
                check_figure(figure, what % {"where": match.where})
        if match.home == match.away:
            raise FileRefused(
                gettext("%(where)s: team %(home)s cannot play against itself")
                % {"where": match.where, "home": match.home},
            )
        for number in (match.home, match.away):
            if number is None:
                continue
            if number not in numbers:
                raise FileRefused(
                    gettext("%(where)s: team %(number)s is not in the file's list")
                    % {"where": match.where, "number": number},
                )
            if (match.round, number) in playing:
                raise FileRefused(
                    gettext(
                        "%(where)s: team %(number)s plays twice in round %(round)s (also "
                        "%(playing)s)"
                    )
                    % {
                        "where": match.where,
                        "number": number,
                        "round": match.round,
                        "playing": playing[match.round, number],
                    },
                )
            playing[match.round, number] = match.where
        seen = set()
        for board in match.boards:
            if not 1 <= board.number <= SMALL:
                raise FileRefused(
                    gettext("%(where)s: %(number)s is not a board number")
                    % {"where": match.where, "number": board.number},
                )
            if board.number in seen:
                raise FileRefused(
                    gettext("%(where)s: board %(number)s appears twice")
                    % {"where": match.where, "number": board.number},
                )
            seen.add(board.number)
            for figure in (board.assigned_imps, board.published_imps):
                if figure is not None:
                    check_figure(
                        figure,
                        gettext("%(where)s: board %(board)s's IMPs")
                        % {"where": match.where, "board": board.number},
                    )
    check_line_ups(teams_file)


def check_line_ups(teams_file: TeamsFile) -> None:
    """Refuse a board whose line-up, where the file gives one, is not four different players of
    each team's squad. A team whose file lists no squad takes the players its line-ups name;
    a file without line-ups has none made up for it."""
    squads = {team.number: team for team in teams_file.teams}
    unlisted = {team.number for team in teams_file.teams if not team.players}
    for match in teams_file.matches:
        for board in match.boards:
            # The home team sits North-South at table 1 and East-West at table 2.
            for number, sides in ((match.home, ((1, 0), (2, 2))), (match.away, ((1, 2), (2, 0)))):
                team = squads.get(number)
                names = [
                    name
                    for table, first in sides
                    if table in board.seats
                    for name in board.seats[table][first : first + 2]
                    if name
                ]
                if team is not None and names:
                    where = gettext("%(where)s, board %(board)s") % {
                        "where": match.where,
                        "board": board.number,
                    }
                    _check_line_up(team, names, where, number in unlisted)


def _check_line_up(team: FileTeam, names: list[str], where: str, unlisted: bool) -> None:
    for name in names:
        check_text(
            name,
            gettext("%(where)s: the player name %(name)s")
            % {"where": where, "name": repr(name[:40])},
            PLAYER_NAME_LENGTH,
        )
    folded = [name.strip().casefold() for name in names]
    if len(set(folded)) != len(folded):
        raise FileRefused(
            gettext("%(where)s: %(name)s's line-up names a player twice: %(names)s")
            % {"where": where, "name": team.name, "names": ", ".join(names)},
        )
    squad = {name.strip().casefold() for name in team.players}
    for name, key in zip(names, folded, strict=True):
        if key in squad:
            continue
        if not unlisted:
            raise FileRefused(
                gettext("%(where)s: %(name)s plays for %(name_2)s but is not in its squad")
                % {"where": where, "name": name, "name_2": team.name},
            )
        team.players.append(name.strip())
        squad.add(key)


def figure(text: str, where: str) -> float:
    """A published figure (IMPs, VPs) as files write it: a plain decimal such as "15.75" or
    "-3"; FileRefused for anything else (an exponent, "nan", thousands of digits)."""
    cleaned = text.strip()
    whole, _, fraction = cleaned.removeprefix("-").partition(".")
    if not (whole.isascii() and whole.isdigit() and len(whole) <= 6) or not (
        fraction == "" or (fraction.isascii() and fraction.isdigit() and len(fraction) <= 4)
    ):
        raise FileRefused(
            gettext("%(where)s: %(cleaned)s is not a number of IMPs or VPs")
            % {"where": where, "cleaned": repr(cleaned[:20])},
        )
    return float(cleaned)


def check_figure(value: float, what: str) -> None:
    """A match's IMPs or VPs as our tables keep them: at most two decimals, under 100000."""
    if not abs(value) < FIGURE_LIMIT or round(value, 2) != value:
        raise FileRefused(
            gettext("%(what)s: %(value)s is not a figure of at most two decimals")
            % {"what": what, "value": format(value, "g")},
        )


def rounds_are_global(matches: list[FileMatch]) -> bool:
    """Whether no team plays twice in one of the matches' rounds."""
    seen: set[tuple[int, int]] = set()
    for match in matches:
        for number in (match.home, match.away):
            if number is None:
                continue
            if (match.round, number) in seen:
                return False
            seen.add((match.round, number))
    return True


def rounds_from_team_sides(matches: list[FileMatch]) -> list[int] | None:
    """Each match's round in the event, for a file that numbers a match's round from its first
    (home) team's side: the match is that team's n-th, byes not counted, so a team that sat
    out a round numbers its later matches one lower than the event does. The rounds are laid
    out one after the other, each taking every match whose home team's next match it is, whose
    away team is not yet due at home, and whose teams are free, in the file's order; None when
    the matches cannot be laid out so (a team's numbers skip or repeat), or are more than
    WORKED_OUT_MATCHES (the work grows with the square of their number)."""
    if len(matches) > WORKED_OUT_MATCHES:
        return None
    rounds: list[int | None] = [None] * len(matches)
    played: dict[int, int] = {}  # the matches each team has played so far
    at_home = {(match.home, match.round) for match in matches}  # those not yet laid out

    def due_at_home(team: int) -> bool:
        return (team, played.get(team, 0) + 1) in at_home

    current = 0
    while None in rounds:
        current += 1
        busy: set[int] = set()
        placed = []
        for index, match in enumerate(matches):
            if rounds[index] is not None or match.round != played.get(match.home, 0) + 1:
                continue
            teams = {match.home} if match.away is None else {match.home, match.away}
            if teams & busy or (match.away is not None and due_at_home(match.away)):
                continue
            rounds[index] = current
            busy |= teams
            placed.append(teams)
            at_home.discard((match.home, match.round))
        if not placed:
            return None
        for teams in placed:
            for team in teams:
                played[team] = played.get(team, 0) + 1
    return rounds
