"""Saving a teams event read from another scorer's file (or from ours), and previewing it.

The file's teams, matches and both tables of every board are saved as the app's own: teams
whose players are the club's (a name not in the club's list becomes a guest), matches with
their lines, and a match the file gives only as totals with those totals as the captains'
totals. Every match is then scored by the app's own rules, which the file's published IMPs and
VPs were already checked against (events.formats.team_scores). One recorded change, undoable.
"""

from decimal import Decimal

from django.template.defaultfilters import floatformat
from django.utils.translation import gettext

from events.formats import pbn_teams, usebio_teams
from events.formats.imported import FileRefused
from events.formats.pbn import looks_like_pbn
from events.formats.team_files import TeamsFile
from events.formats.usebio import looks_like_usebio
from events.models import (
    Club,
    Event,
    Match,
    MatchBoard,
    MatchLine,
    RoundDeal,
    Team,
    TeamMember,
    TeamSettings,
)
from events.services.history import bulk_create_recorded
from events.services.setup import named_player
from events.services.teams.match_scoring import rescore_team_event
from events.services.teams.standings import team_standings
from scoring.adjusted_scores import adjustment_code

_SETTINGS = ("format", "match_scoring", "vp_scale", "bam_points", "boards_per_match", "bye_vps")


def is_teams_file(data: bytes) -> bool:
    """Whether an uploaded file holds a teams event (PBN or USEBIO, told by its content)."""
    if looks_like_usebio(data):
        return usebio_teams.looks_like_teams(data)
    return looks_like_pbn(data) and pbn_teams.looks_like_teams(data)


def read_teams_file(data: bytes) -> TeamsFile:
    """Parse a PBN or USEBIO team results file, its figures checked against our engine's."""
    if looks_like_usebio(data):
        return usebio_teams.parse_teams_file(data)
    if looks_like_pbn(data):
        return pbn_teams.parse_teams_file(data)
    raise FileRefused(gettext("this is neither a PBN nor a USEBIO results file"))


def save_teams_file(teams_file: TeamsFile, club: Club, *, file_hash: str = "") -> Event:
    """The teams event the file makes, saved and scored (inside the caller's transaction and
    recorded change)."""
    event = Event.objects.create(
        club=club,
        name=teams_file.name[:120],
        date=teams_file.date,
        kind=Event.Kind.TEAMS,
        status=Event.Status.PUBLISHED,
        file_hash=file_hash,
    )
    settings = {k: v for k, v in teams_file.settings.items() if k in _SETTINGS}
    if settings.get("bye_vps") is not None:
        settings["bye_vps"] = Decimal(str(settings["bye_vps"]))
    bulk_create_recorded(TeamSettings, [TeamSettings(event=event, **settings)])
    players = {name: named_player(club, name) for team in teams_file.teams for name in team.players}
    teams = bulk_create_recorded(
        Team,
        [
            Team(
                event=event,
                number=team.number,
                name=team.name.strip(),
                captain=players[team.players[0]] if team.players else None,
            )
            for team in teams_file.teams
        ],
    )
    by_number = {team.number: team for team in teams}
    by_name = {name.strip().casefold(): player for name, player in players.items()}
    members = []
    for team, source in zip(teams, teams_file.teams, strict=True):
        # Names that differ only in case are one club player: a team lists them once.
        chosen = {players[name].pk: players[name] for name in source.players}
        members += [
            TeamMember(team=team, player=player, seat=seat)
            for seat, player in enumerate(chosen.values(), start=1)
        ]
    bulk_create_recorded(TeamMember, members)
    length = teams_file.settings.get("boards_per_match")
    matches = bulk_create_recorded(
        Match,
        [_match(event, source, by_number, length) for source in teams_file.matches],
    )
    boards = bulk_create_recorded(
        MatchBoard,
        [
            MatchBoard(
                match=match, number=board.number, assigned_imps=_decimal(board.assigned_imps)
            )
            for match, source in zip(matches, teams_file.matches, strict=True)
            for board in source.boards
        ],
    )
    sources = [board for source in teams_file.matches for board in source.boards]
    bulk_create_recorded(
        MatchLine,
        [
            _line(board, table, line, _seated(source.seats.get(table), by_name))
            for board, source in zip(boards, sources, strict=True)
            for table, line in sorted(source.tables.items())
        ],
    )
    bulk_create_recorded(RoundDeal, _round_deals(event, teams_file))
    rescore_team_event(event=event)
    return event


def _round_deals(event: Event, teams_file: TeamsFile) -> list[RoundDeal]:
    """The file's deals as the hand records of each round's boards: a board the file deals
    differently in two matches of a round gets none (which deal is the round's is not known)."""
    deals: dict[tuple[int, int], set[str]] = {}
    for match in teams_file.matches:
        for board in match.boards:
            if board.deal:
                deals.setdefault((match.round, board.number), set()).add(board.deal)
    return [
        RoundDeal(event=event, round=round_number, number=number, deal=dealt.pop())
        for (round_number, number), dealt in sorted(deals.items())
        if len(dealt) == 1
    ]


def _match(event: Event, source, teams: dict[int, Team], length: int | None) -> Match:
    match = Match(
        event=event,
        round=source.round,
        table=source.table,
        home=teams[source.home],
        away=teams.get(source.away),
        boards=source.board_count if source.board_count not in (None, length) else None,
        first_board=min((b.number for b in source.boards), default=1),
    )
    match.carry_over = _decimal(source.carry_over)
    match.home_penalty_vps, match.away_penalty_vps = (_decimal(v) for v in source.penalty_vps)
    if source.assigned_vps:
        match.assigned_home_vps, match.assigned_away_vps = (_decimal(v) for v in source.vps)
    if source.assigned_imps:
        match.assigned_home_imps, match.assigned_away_imps = (_decimal(v) for v in source.imps)
    elif not source.boards and source.imps is not None:
        # A file with the match totals alone (Ruter's): the totals the captains agreed, the
        # carry-over apart as the match keeps it.
        carried = (max(source.carry_over, 0), max(-source.carry_over, 0))
        match.home_captain_imps, match.away_captain_imps = (
            _decimal(total - carry) for total, carry in zip(source.imps, carried, strict=True)
        )
    return match


def _seated(seats: tuple[str, ...] | None, by_name: dict) -> dict:
    """A line's North, South, East and West players, as the file's line-up names them (each
    one of its team's squad: events.formats.team_files.check_line_ups)."""
    return {
        seat: by_name[name.strip().casefold()] if name else None
        for seat, name in zip(("north", "south", "east", "west"), seats or ("",) * 4, strict=True)
    }


def _line(board: MatchBoard, table: int, line, seated: dict) -> MatchLine:
    saved = MatchLine(
        board=board,
        table=table,
        **seated,
        contract=line.contract,
        declarer=line.declarer,
        lead=line.lead,
        tricks=line.tricks,
        score_ns=line.score_ns,
        not_played=line.not_played,
        note=line.note,
    )
    if line.is_adjusted:
        saved.score_ns = None
        saved.ns_adjustment = adjustment_code(line.ns_percent)
        saved.ew_adjustment = adjustment_code(line.ew_percent)
    return saved


def _decimal(value) -> Decimal | None:
    return None if value is None else Decimal(str(value))


def teams_settings_summary(event: Event) -> list[tuple[str, str]]:
    """The teams settings an import sets, as label and value, for the preview."""
    settings = event.team_settings
    return [
        (gettext("Format"), settings.get_format_display()),
        (gettext("Scoring"), settings.get_match_scoring_display()),
        (gettext("VP scale"), settings.get_vp_scale_display()),
        (gettext("Boards a match"), str(settings.boards_per_match)),
        # As the teams pages write VPs: "12", "12.5", with the reader's decimal sign.
        (gettext("VPs for a bye"), floatformat(settings.bye_vps, "-2")),
    ]


def preview_rows(event: Event, rows: int) -> list[tuple[str, str, str, float]]:
    """The top of the saved event's standings: place, team number, name and VPs."""
    return [
        (s.place, str(s.team.number), s.team.name, float(s.vps))
        for s in team_standings(event=event)[:rows]
    ]
