"""A club's settings: its time zone, national body, language and defaults for new events; a
change to them is one change in the club's history, described in a sentence."""

import zoneinfo

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from events.models import Change, Club
from events.services.history import club_changes, recording
from events.services.notes import sentence
from events.services.setting_words import setting_lines


def use_club_time_zone(club: Club) -> None:
    """Show this request's dates and times, and take its "today", in the club's time zone
    (events.middleware puts the site's back after the request)."""
    timezone.activate(zoneinfo.ZoneInfo(club.time_zone))


def change_club_settings(
    *,
    club: Club,
    user,
    time_zone: str,
    national_body: str,
    language: str | None = None,
    event_defaults: dict,
    defaults_before: dict,
) -> list[str]:
    """Save the club's settings as one change of its history whose note says what changed
    (`defaults_before`: the defaults for new events as the director saw them); the lines of
    that note are returned. Nothing changed: nothing saved or recorded, []."""
    with transaction.atomic():
        # As saved, not as a form may have left the object it was given.
        saved = Club.objects.select_for_update().get(pk=club.pk)
        language = saved.language if language is None else language
        changed = _changed(
            saved, time_zone, national_body, language, event_defaults, defaults_before
        )
        if not changed:
            return []
        note = [sentence("settings-changed", settings=changed)]
        with recording(club=saved, kind=Change.Kind.SETTINGS, user=user, note=note):
            saved.time_zone, saved.national_body = time_zone, national_body
            saved.language = language
            saved.event_defaults = event_defaults
            saved.save(update_fields=["time_zone", "national_body", "language", "event_defaults"])
    return setting_lines(changed)


def club_settings_changes(*, club: Club, limit: int = 20) -> QuerySet[Change]:
    """The club's recorded changes of its own settings, newest first."""
    changes = club_changes(club=club).filter(kind=Change.Kind.SETTINGS)  # a deleted event's not
    return changes.select_related("user")[:limit]


def _changed(
    club, time_zone, national_body, language, event_defaults, defaults_before
) -> list[dict]:
    """Each setting that changes, with its value before and after."""
    settings = {"time_zone": time_zone, "national_body": national_body, "language": language}
    changed = [
        {"setting": name, "before": getattr(club, name), "after": value}
        for name, value in settings.items()
        if getattr(club, name) != value
    ]
    return changed + [
        {"setting": name, "before": defaults_before.get(name), "after": value}
        for name, value in event_defaults.items()
        if defaults_before.get(name) != value
    ]
