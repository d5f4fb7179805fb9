"""Creating a teams event and changing how it is played and scored."""

from django.db import transaction
from django.utils.translation import gettext

from events.models import Change, Club, Event, Match, TeamSettings
from events.services.history import recording
from events.services.status import LOCKED
from events.services.teams.match_scoring import rescore_team_event
from scoring import ScoringError, victory_points
from scoring.team_matches import three_way_scale


class TeamRefused(Exception):
    """A change to a teams event, its settings or its teams that cannot be made; str() says why."""


def check_scale(
    *, settings: TeamSettings, boards: int, three_way: bool = False, refused=None
) -> None:
    """Raise `refused` (TeamRefused) when the event's VP scale (its half scale for a
    three-way's half match) has no row for matches of this length; board-a-match and Patton
    need none."""
    if settings.match_scoring != TeamSettings.MatchScoring.VPS:
        return
    try:
        scale = three_way_scale(settings.vp_scale) if three_way else settings.vp_scale
        victory_points(0, boards, scale)
    except ScoringError as error:
        raise (refused or TeamRefused)(str(error)) from None


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
            check_scale(settings=team_settings, boards=team_settings.boards_per_match)
            team_settings.save()
    return event


def draw_seed_is_fixed(event: Event) -> bool:
    """Whether the Swiss's draw seed can no longer change: round 1 is drawn (from it)."""
    return Match.objects.filter(event=event, round=1).exists()


def update_team_settings(
    *, event: Event, user=None, event_fields: dict | None = None, **fields
) -> TeamSettings:
    """Change the event's teams settings (and `event_fields`: its name, date, reveal rule) and
    rescore every match under them; the draw seed only while round 1 is not drawn."""
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
        seed = fields.get("draw_seed", team_settings.draw_seed)
        if seed != team_settings.draw_seed and draw_seed_is_fixed(event):
            raise TeamRefused(
                gettext("the draw seed is fixed: round 1 is drawn from %(seed)s")
                % {"seed": team_settings.draw_seed}
            )
        for name, value in fields.items():
            setattr(team_settings, name, value)
        matches = list(Match.objects.select_for_update().filter(event=event).order_by("pk"))
        check_scale(settings=team_settings, boards=team_settings.boards_per_match)
        for match in matches:
            length = match.boards or team_settings.boards_per_match
            check_scale(settings=team_settings, boards=length, three_way=match.three_way)
        team_settings.save()
        rescore_team_event(event=event)
    return team_settings
