"""A club's settings: its time zone, national body, language and defaults for new events; a
change to them is one change in the club's history, described in a sentence."""

import zoneinfo

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from events.models import Change, Club, Event
from events.models.changes import NOTE_LENGTH
from events.models.clubs import BOARDS_PER_ROUND, SQUAD_LIMITS, TEAM_MAX_PLAYERS
from events.services.history import recording
from events.services.teams.history_text import shown


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
        lines = [f"{label}: {before} → {after}" for label, before, after in changed]
        note = "; ".join(lines)
        # A longer description names the settings changed without their values.
        if len(note) > NOTE_LENGTH:
            note = gettext("Changed: %(settings)s") % {
                "settings": ", ".join(label for label, _, _ in changed)
            }
        with recording(club=saved, kind=Change.Kind.SETTINGS, user=user, note=note):
            saved.time_zone, saved.national_body = time_zone, national_body
            saved.language = language
            saved.event_defaults = event_defaults
            saved.save(update_fields=["time_zone", "national_body", "language", "event_defaults"])
    return lines


def club_settings_changes(*, club: Club, limit: int = 20) -> QuerySet[Change]:
    """The club's recorded changes of its own settings, newest first."""
    changes = Change.objects.filter(club=club, event=None, kind=Change.Kind.SETTINGS)
    return changes.select_related("user")[:limit]


def _changed(
    club, time_zone, national_body, language, event_defaults, defaults_before
) -> list[tuple[str, str, str]]:
    """Each setting that changes, as its label and its value before and after, in words."""
    changed = []
    settings = (("time_zone", time_zone), ("national_body", national_body), ("language", language))
    for name, value in settings:
        field = Club._meta.get_field(name)
        if getattr(club, name) != value:
            before, after = (
                shown(field, v) or gettext("(none)") for v in (getattr(club, name), value)
            )
            changed.append((_label(field.verbose_name), before, after))
    for name, value in event_defaults.items():
        before = defaults_before.get(name)
        if before == value:
            continue
        if name in SQUAD_LIMITS:  # the club's teams, not only its new events'
            label = (
                gettext("Most players a team registers")
                if name == TEAM_MAX_PLAYERS
                else gettext("Fewest players a team registers")
            )
            changed.append((label, str(before), str(value)))
            continue
        if name == BOARDS_PER_ROUND:
            label, before, after = gettext("boards a round"), str(before), str(value)
        else:
            field = Event._meta.get_field(name)
            label, before, after = field.verbose_name, shown(field, before), shown(field, value)
        changed.append((gettext("New events' %(setting)s") % {"setting": label}, before, after))
    return changed


def _label(verbose_name) -> str:
    text = str(verbose_name)
    return text[:1].upper() + text[1:]
