"""A teams event as plain data for its files (events.formats: PBN, USEBIO, Excel, JSON): its
settings, its teams in the standings' order with their places and VPs, and every match with
its IMPs, VPs and both tables of each board, as the app scored them."""

from django.db.models import Prefetch

from events.formats.imported import ImportedLine
from events.formats.team_files import FileMatch, FileMatchBoard, FileTeam, TeamsFile
from events.models import Event, Match, MatchLine, RoundDeal, TeamMember
from events.services.teams.hands import public_hands
from events.services.teams.standings import team_standings
from scoring import board_conditions
from scoring.adjusted_scores import FIXED_PERCENT

_SEATS = ("north", "south", "east", "west")  # MatchLine's players, in a line-up's order


def teams_file(*, event: Event, public: bool = False) -> TeamsFile:
    """The event's results as a TeamsFile; a handful of queries whatever its size. `public`:
    an unfinished match's boards are left out until the event is published, as its page
    leaves them out (a line at one table must not reach the other table's players)."""
    settings = event.team_settings
    standings = team_standings(event=event)
    members: dict[int, list[str]] = {}
    for member in TeamMember.objects.filter(team__event=event).select_related("player"):
        members.setdefault(member.team_id, []).append(member.player.name)
    matches = (
        Match.objects.filter(event=event)
        .select_related("home", "away")
        .prefetch_related(
            Prefetch("match_boards__lines", MatchLine.objects.select_related(*_SEATS))
        )
        .order_by("round", "table", "pk")
    )
    if public:
        deals = public_hands(event=event).shown
    else:
        deals = {(d.round, d.number): d for d in RoundDeal.objects.filter(event=event)}
    return TeamsFile(
        name=event.name,
        date=event.date,
        file_format="",
        generator="Clubscoring",
        club_name=event.club.name,
        settings={
            "format": settings.format,
            "match_scoring": settings.match_scoring,
            "vp_scale": settings.vp_scale,
            "bam_points": settings.bam_points,
            "boards_per_match": settings.boards_per_match,
            "bye_vps": float(settings.bye_vps),
        },
        teams=[
            FileTeam(
                number=s.team.number,
                name=s.team.name,
                players=members.get(s.team.pk, []),
                published_vps=float(s.vps),
                published_place=s.place,
            )
            for s in standings
        ],
        matches=[
            _match(match, deals, boards=match.finished or event.is_published or not public)
            for match in matches
        ],
        identifier=event.pk,
        status=event.status,
    )


def _match(match: Match, deals: dict[tuple[int, int], RoundDeal], *, boards: bool) -> FileMatch:
    home = match.home.number
    away = match.away.number if match.away_id else None
    scored = match.home_vps is not None
    return FileMatch(
        round=match.round,
        table=match.table,
        home=home,
        away=away,
        where=f"match {match.pk}",
        board_count=match.boards,
        imps=(float(match.home_imps), float(match.away_imps)) if scored and away else None,
        vps=(float(match.home_vps), float(match.away_vps or 0)) if scored else None,
        boards=[
            _board(board, home, away, deals.get((match.round, board.number)))
            for board in match.match_boards.all()
        ]
        if boards
        else [],
        carry_over=float(match.carry_over),
        assigned_imps=match.assigned_home_imps is not None,
        assigned_vps=match.assigned_home_vps is not None,
        penalty_vps=(float(match.home_penalty_vps), float(match.away_penalty_vps)),
    )


def _board(board, home: int, away: int, dealt: RoundDeal | None) -> FileMatchBoard:
    dealer, vulnerability = board_conditions(board.number)
    return FileMatchBoard(
        number=board.number,
        dealer=dealer,
        vulnerability=vulnerability,
        deal=dealt.deal if dealt else "",
        tables={line.table: _line(line, home, away) for line in board.lines.all()},
        seats={
            line.table: seats
            for line in board.lines.all()
            if any(seats := tuple(p.name if (p := getattr(line, s)) else "" for s in _SEATS))
        },
        assigned_imps=None if board.assigned_imps is None else float(board.assigned_imps),
        published_imps=None if board.home_imps is None else float(board.home_imps),
    )


def _line(line, home: int, away: int) -> ImportedLine:
    ns, ew = (home, away) if line.table == 1 else (away, home)
    adjusted = bool(line.ns_adjustment)
    return ImportedLine(
        ns_pair=ns,
        ew_pair=ew,
        where="",
        table=line.table,
        contract=line.contract,
        declarer=line.declarer,
        tricks=line.tricks,
        lead=line.lead,
        score_ns=line.score_ns,
        ns_percent=FIXED_PERCENT[line.ns_adjustment] if adjusted else None,
        ew_percent=FIXED_PERCENT[line.ew_adjustment] if adjusted else None,
        not_played=line.not_played,
        note=line.note,
    )
