"""Creating a teams event and changing how it is played and scored."""

from django.db import transaction

from events.models import Change, Club, Event, Match, TeamSettings
from events.services.history import recording
from events.services.status import LOCKED
from events.services.teams.match_scoring import rescore_team_event
from scoring import ScoringError, victory_points


class TeamRefused(Exception):
    """A change to a teams event, its settings or its teams that cannot be made; str() says why."""


def check_scale(*, scale: str, boards: int) -> None:
    """Raise TeamRefused when the VP scale has no row for matches of this length."""
    try:
        victory_points(0, boards, scale)
    except ScoringError as refused:
        raise TeamRefused(str(refused)) from None


def create_team_event(
    *, club: Club, name: str, date, reveal: str = Event.Reveal.ALWAYS, user=None, **settings
) -> Event:
    """A teams event with its settings (`settings`: TeamSettings fields), recorded as one change."""
    with transaction.atomic():
        event = Event.objects.create(
            club=club, name=name, date=date, reveal=reveal, kind=Event.Kind.TEAMS
        )
        with recording(club=club, event=event, user=user, kind=Change.Kind.SETTINGS):
            team_settings = TeamSettings(event=event, **settings)
            check_scale(scale=team_settings.vp_scale, boards=team_settings.boards_per_match)
            team_settings.save()
    return event


def update_team_settings(
    *, event: Event, user=None, event_fields: dict | None = None, **fields
) -> TeamSettings:
    """Change the event's teams settings (and `event_fields`: its name, date, reveal rule) and
    rescore every match under them."""
    with (
        transaction.atomic(),
        recording(club=event.club, event=event, user=user, kind=Change.Kind.SETTINGS),
    ):
        locked = Event.objects.select_for_update().get(pk=event.pk)
        if locked.is_locked:
            raise TeamRefused(LOCKED)
        for name, value in (event_fields or {}).items():
            setattr(locked, name, value)
        if event_fields:
            locked.save(update_fields=list(event_fields))
        team_settings = TeamSettings.objects.select_for_update().get(event=event)
        for name, value in fields.items():
            setattr(team_settings, name, value)
        matches = list(Match.objects.select_for_update().filter(event=event).order_by("pk"))
        for length in {team_settings.boards_per_match} | {m.boards for m in matches if m.boards}:
            check_scale(scale=team_settings.vp_scale, boards=length)
        team_settings.save()
        rescore_team_event(event=event)
    return team_settings
