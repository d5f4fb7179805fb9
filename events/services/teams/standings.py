"""A teams event's standings and VP cross-table, and what the public may see of them."""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Max, Min, Q

from events.models import Event, Match, Team
from events.services.publication import everything_visible, results_visible
from scoring.tie_breaks import MatchRecord, standings


@dataclass
class TeamStanding:
    """A team's line in the standings: VPs after penalties (and byes), IMPs for and against."""

    team: Team
    place: str = ""
    vps: Decimal = Decimal(0)
    penalties: Decimal = Decimal(0)
    imps_for: Decimal = Decimal(0)
    imps_against: Decimal = Decimal(0)
    played: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)  # team ids met, in round order

    @property
    def imps_difference(self) -> Decimal:
        return self.imps_for - self.imps_against


def revealed_round(event: Event) -> int | None:
    """The last round the public may see, or None when every match may be shown: under the
    end-of-round rule a round shows once all its matches are finished (0: none yet); under the
    end-of-session rule nothing shows until the event is published."""
    if everything_visible(event):
        return None
    if not results_visible(event):
        return 0
    first_open = Match.objects.filter(event=event, finished=False).aggregate(first=Min("round"))
    if first_open["first"] is None:
        return Match.objects.filter(event=event).aggregate(last=Max("round"))["last"] or 0
    return first_open["first"] - 1


def scored_matches(*, event: Event, rounds: int | None = None, finished_only: bool = False):
    """The event's matches that have a score, up to round `rounds`: rows of their teams' ids
    and their scores (the standings of a 200-team Swiss read a thousand of them)."""
    matches = Match.objects.filter(event=event, home_vps__isnull=False)
    if rounds is not None:
        matches = matches.filter(round__lte=rounds)
    if finished_only:
        matches = matches.filter(finished=True)
    return matches.order_by("round", "table", "pk").values_list(
        "round",
        "home_id",
        "away_id",
        "home_imps",
        "away_imps",
        "home_vps",
        "away_vps",
        "home_penalty_vps",
        "away_penalty_vps",
        named=True,
    )


def team_standings(
    *, event: Event, rounds: int | None = None, finished_only: bool = False
) -> list[TeamStanding]:
    """Every team, best first, with its place ("3=" for teams the event's tie-break leaves
    level): scoring.standings over the scored matches, byes and penalties.

    `rounds`: the standings after that round (the public's view at the end of a round, a draw
    in arrears); `finished_only`: leave out matches still being played (a late match).
    """
    settings = event.team_settings
    lines = {team.pk: TeamStanding(team) for team in event.teams.all()}
    records, extra = [], defaultdict(float)
    for match in scored_matches(event=event, rounds=rounds, finished_only=finished_only):
        home = lines[match.home_id]
        home.penalties += match.home_penalty_vps
        if match.away_id is None:  # a bye
            home.byes += 1
            extra[home.team.pk] += float(match.home_vps - match.home_penalty_vps)
            continue
        away = lines[match.away_id]
        away.penalties += match.away_penalty_vps
        home.opponents.append(away.team.pk)
        away.opponents.append(home.team.pk)
        records.append(
            MatchRecord(
                match.home_id,
                match.away_id,
                float(match.home_vps - match.home_penalty_vps),
                float(match.away_vps - match.away_penalty_vps),
                float(match.home_imps),
                float(match.away_imps),
            )
        )
    ranked = standings(
        list(lines),
        records,
        tie_break=settings.tie_break,
        adjustments=extra,
        round_robin=settings.format == settings.Format.ROUND_ROBIN,
    )
    result = []
    for standing in ranked:
        line = lines[standing.team]
        line.place, line.played = standing.place, standing.played
        line.vps = _decimal(standing.vps)
        line.imps_for, line.imps_against = (
            _decimal(standing.imps_for),
            _decimal(standing.imps_against),
        )
        result.append(line)
    return result


def revealed_standings(*, event: Event) -> list[TeamStanding] | None:
    """The standings as the public may see them now (after the round the reveal rule shows);
    None while it shows no result."""
    if not results_visible(event):
        return None
    return team_standings(event=event, rounds=revealed_round(event))


def _decimal(value) -> Decimal:
    return Decimal(str(round(float(value), 2)))


@dataclass(frozen=True)
class Meeting:
    """The VPs a team scored against another in a round they met (none for a bye)."""

    round: int
    vps: Decimal
    # The team met (none for a bye), which a phone names in the cell; a cell's column says it
    # already, so a meeting equals another of the same round and VPs.
    opponent: Team | None = field(default=None, compare=False)


@dataclass
class CrossRow:
    team: Team
    place: str  # its place in the standings the table follows; "" in team number order
    cells: list[list[Meeting]]  # its meetings with each team, in the table's order
    total: Decimal  # its byes' VPs included
    byes: list[Meeting] = field(default_factory=list)


def vp_cross_table(
    *, event: Event, rounds: int | None = None, standings: list[TeamStanding] | None = None
) -> list[CrossRow]:
    """Each team's VPs against each other team (two in a double round robin), a meeting a
    round, and its byes: in team number order (a round robin's), or with `standings` in their
    order, each row with its place (a Swiss's)."""
    if standings is None:
        order = [(team, "") for team in event.teams.all()]
    else:
        order = [(line.team, line.place) for line in standings]
    column = {team.pk: i for i, (team, _) in enumerate(order)}
    teams = {team.pk: team for team, _ in order}
    rows = {
        team.pk: CrossRow(team, place, [[] for _ in order], Decimal(0)) for team, place in order
    }
    for match in scored_matches(event=event, rounds=rounds):
        if match.away_id is None:
            rows[match.home_id].byes.append(Meeting(match.round, match.home_vps))
            continue
        rows[match.home_id].cells[column[match.away_id]].append(
            Meeting(match.round, match.home_vps, teams[match.away_id])
        )
        rows[match.away_id].cells[column[match.home_id]].append(
            Meeting(match.round, match.away_vps, teams[match.home_id])
        )
    for row in rows.values():
        meetings = [*(m for cell in row.cells for m in cell), *row.byes]
        row.total = sum((m.vps for m in meetings), Decimal(0))
    return list(rows.values())


# What a list of matches shows: the teams and the scores.
MATCH_ROW_FIELDS = [
    "event",
    "round",
    "table",
    "home__number",
    "home__name",
    "away__number",
    "away__name",
    "home_imps",
    "away_imps",
    "home_vps",
    "away_vps",
    "finished",
]


def listed_matches(*, event: Event, rounds: int | None = None) -> list[Match]:
    """The event's matches (up to round `rounds`, if given) with their teams and scores only, in
    round and table order."""
    matches = event.matches.select_related("home", "away").only(*MATCH_ROW_FIELDS)
    if rounds is not None:
        matches = matches.filter(round__lte=rounds)
    return list(matches)


def team_matches(*, team: Team, rounds: int | None = None):
    """The team's matches in round order, with both teams."""
    matches = Match.objects.filter(Q(home=team) | Q(away=team))
    if rounds is not None:
        matches = matches.filter(round__lte=rounds)
    return matches.select_related("home", "away").order_by("round", "table")
