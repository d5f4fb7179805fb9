"""Multi-session events and series: events of a club as sessions of a competition, and the
cumulative ranking that carries their results over (scoring.carry_over).

A pair is the same entrant in every session where it is the same two players (the club's
Player records); a partnership that changes is a new entrant, so a series ranks partnerships,
not players. A pair without players is matched by its names as typed.

Every write is one recorded change (Change.Kind.COMPETITION). Writes change no result, so a
published session stays published and locked.
"""

from collections import defaultdict
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext

from events.formats.standings import (
    CumulativeRow,
    SessionCell,
    StandingsFile,
    StandingsSession,
)
from events.models import Change, Club, Competition, CompetitionSession, Event, Pair, Partnership
from events.services.history import recording
from events.services.notes import event_value, sentence
from events.services.publication import results_visible, reveal_limit
from events.services.rankings import section_ranking
from scoring.carry_over import CARRY_OVER_METHODS, SessionScore, cumulative_ranking


class CompetitionRefused(Exception):
    """A change to a competition that is not made; str() says why."""


def create_competition(
    *, club: Club, name: str, carry_over: str, best_of: int | None, user=None
) -> Competition:
    """A new competition of the club, with no sessions yet."""
    note = [sentence("competition-made", competition=name)]
    with (
        transaction.atomic(),
        recording(club=club, kind=Change.Kind.COMPETITION, user=user, note=note),
    ):
        return Competition.objects.create(
            club=club, name=name, carry_over=carry_over, best_of=best_of
        )


def change_carry_over(
    *, competition: Competition, carry_over: str, best_of: int | None, user=None
) -> None:
    """How the sessions carry over: the method and, for a series, the best n sessions."""
    if carry_over not in CARRY_OVER_METHODS:
        raise CompetitionRefused(
            gettext("there is no carry-over method %(method)s") % {"method": repr(carry_over)}
        )
    competition.carry_over, competition.best_of = carry_over, best_of
    method = sentence("carry-over-method", method=carry_over)
    note = [
        sentence(
            "competition-carry-over-best",
            competition=competition.name,
            method=method,
            count=best_of,
        )
        if best_of
        else sentence("competition-carry-over", competition=competition.name, method=method)
    ]
    with recording(club=competition.club, kind=Change.Kind.COMPETITION, user=user, note=note):
        competition.save(update_fields=["carry_over", "best_of"])


def add_session(*, competition: Competition, event: Event, user=None) -> CompetitionSession:
    """The event as the competition's next session."""
    if event.club_id != competition.club_id:
        raise CompetitionRefused(
            gettext("%(event)s is not an event of %(club)s")
            % {"event": event, "club": competition.club}
        )
    if event.is_imps:
        raise CompetitionRefused(
            gettext("%(event)s is scored in IMPs: sessions carry matchpoints and percentages over")
            % {"event": event.name}
        )
    if event.is_individual:
        raise CompetitionRefused(
            gettext("%(event)s is an individual: a multi-session event carries pairs over")
            % {"event": event.name}
        )
    note = [sentence("session-added", competition=competition.name, event=event_value(event))]
    with (
        transaction.atomic(),
        recording(club=competition.club, kind=Change.Kind.COMPETITION, user=user, note=note),
    ):
        # Held while numbering: two directors adding at once get different positions.
        Competition.objects.select_for_update().get(pk=competition.pk)
        if competition.sessions.filter(event=event).exists():
            raise CompetitionRefused(
                gettext("%(event)s is already a session of %(competition)s")
                % {"event": event, "competition": competition}
            )
        last = competition.sessions.aggregate(last=Max("position"))["last"] or 0
        return CompetitionSession.objects.create(
            competition=competition, event=event, position=last + 1
        )


def remove_session(*, session: CompetitionSession, user=None) -> None:
    """The session out of the competition; the event itself stays, and the sessions after it
    move up."""
    competition = session.competition
    note = [
        sentence("session-removed", competition=competition.name, event=event_value(session.event))
    ]
    with (
        transaction.atomic(),
        recording(club=competition.club, kind=Change.Kind.COMPETITION, user=user, note=note),
    ):
        Competition.objects.select_for_update().get(pk=competition.pk)
        session.delete()
        _renumber(competition)


def move_session(*, session: CompetitionSession, step: int, user=None) -> None:
    """The session one place earlier (step -1) or later (+1) in the order."""
    competition = session.competition
    note = [
        sentence(
            "session-up" if step < 0 else "session-down",
            competition=competition.name,
            event=event_value(session.event),
        )
    ]
    with (
        transaction.atomic(),
        recording(club=competition.club, kind=Change.Kind.COMPETITION, user=user, note=note),
    ):
        Competition.objects.select_for_update().get(pk=competition.pk)
        order = list(competition.sessions.all())
        index = next((i for i, s in enumerate(order) if s.pk == session.pk), None)
        if index is None:
            raise CompetitionRefused(gettext("that session is no longer in the competition"))
        target = index + step
        if step not in (-1, 1) or not 0 <= target < len(order):
            refusal = (
                gettext("session %(session)s is already the first")
                if step < 0
                else gettext("session %(session)s is already the last")
            )
            raise CompetitionRefused(refusal % {"session": index + 1})
        order[index], order[target] = order[target], order[index]
        _renumber(competition, order)


def _renumber(competition: Competition, order: list[CompetitionSession] | None = None) -> None:
    for position, session in enumerate(order or competition.sessions.all(), start=1):
        if session.position != position:
            session.position = position
            session.save(update_fields=["position"])


def competition_sessions(*, competition: Competition) -> list[CompetitionSession]:
    """The competition's sessions in order, each with its event."""
    return list(competition.sessions.select_related("event"))


def has_started(*, competition: Competition) -> bool:
    """Whether a session of the competition has started: the public may then see it."""
    return competition.sessions.exclude(event__status=Event.Status.SETUP).exists()


def competition_changes(*, competition: Competition):
    """The recorded changes to the competition and its sessions, latest first."""
    ids = Q(pk__in=Competition.history.filter(id=competition.pk).values("change")) | Q(
        pk__in=CompetitionSession.history.filter(competition_id=competition.pk).values("change")
    )
    return Change.objects.filter(ids).select_related("user")


# The cumulative ranking


@dataclass(frozen=True)
class SessionColumn:
    number: int
    event: Event
    shown: bool  # False: the visitor may not see its ranking yet
    up_to_round: int | None  # the ranking shown is after this round (None: every line)


@dataclass(frozen=True)
class CumulativeStandings:
    competition: Competition
    columns: list[SessionColumn]
    rows: list[CumulativeRow]

    @property
    def unit(self) -> str:
        """What each session's column and the total are in: "MPs" or "%"."""
        return "MPs" if self.competition.carry_over == "sum-mps" else "%"


def cumulative_standings(*, competition: Competition, public: bool) -> CumulativeStandings:
    """The cumulative ranking with each session's column. For the public (`public`), a session
    still being set up, or whose reveal rule hides its ranking, is not counted yet, and a
    session shown round by round counts up to the round shown."""
    columns: list[SessionColumn] = []
    by_entrant: dict[object, dict[int, tuple[SessionScore, Pair, str]]] = defaultdict(dict)
    names: dict[object, str] = {}
    sessions = competition.sessions.select_related("event__club")
    for number, session in enumerate(sessions, start=1):
        event = session.event
        shown = not public or (event.status != Event.Status.SETUP and results_visible(event))
        limits = []
        if shown:
            players = defaultdict(set)
            for pair_id, player_id in Partnership.objects.filter(
                pair__section__event=event
            ).values_list("pair", "player"):
                players[pair_id].add(player_id)
            for section in event.sections.all():
                limit = reveal_limit(event, section) if public else None
                limits.append(limit)
                for group in section_ranking(section=section, up_to_round=limit):
                    for standing in group.standings:
                        if standing.percentage is None:
                            continue  # no board played: not a session played
                        pair = standing.pair
                        key = _entrant(pair, players[pair.pk])
                        score = SessionScore(standing.score, standing.percentage)
                        by_entrant[key][number - 1] = (score, pair, section.letter)
                        names[key] = pair.names or gettext("Pair %(pair)s") % {"pair": pair.name}
        up_to = min((lim for lim in limits if lim is not None), default=None)
        columns.append(SessionColumn(number, event, shown, up_to))
    entrants = {
        key: [played[i][0] if i in played else None for i in range(len(columns))]
        for key, played in by_entrant.items()
    }
    ranked = cumulative_ranking(
        entrants, method=competition.carry_over, best_of=competition.best_of
    )
    rows = []
    for row in ranked:
        played = by_entrant[row.entrant]
        cells = [
            SessionCell(
                score=played[i][0] if i in played else None,
                counted=i in row.carried.counted,
                pair_number=played[i][1].number if i in played else None,
                pair_label=played[i][1].name if i in played else "",
                section=played[i][2] if i in played else "",
            )
            for i in range(len(columns))
        ]
        rows.append(
            CumulativeRow(
                row.place, names[row.entrant], cells, row.carried.total, row.carried.played
            )
        )
    return CumulativeStandings(competition, columns, rows)


def standings_file(standings: CumulativeStandings) -> StandingsFile:
    """The cumulative standings as their files write them (events.formats.standings)."""
    competition = standings.competition
    return StandingsFile(
        identifier=competition.pk,
        name=competition.name,
        club_name=competition.club.name,
        carry_over=competition.carry_over,
        carry_over_label=competition.get_carry_over_display(),
        best_of=competition.best_of,
        unit=standings.unit,
        sessions=[
            StandingsSession(c.number, c.event.pk, c.event.name, c.event.date, c.shown)
            for c in standings.columns
        ],
        rows=standings.rows,
    )


def _entrant(pair, player_ids: set[int]):
    """What makes a pair the same entrant in another session: its players, else its names."""
    if player_ids:
        return frozenset(player_ids)
    if pair.names:
        return ("names", " ".join(pair.names.casefold().split()))
    return ("pair", pair.pk)
