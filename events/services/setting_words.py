"""A change of a club's settings in words, in the reader's language: "Time zone: UTC →
Pacific/Auckland", "New events' scoring: Matchpoints → Cross-IMPs". A change is kept as the
setting's name and its values before and after, so the history reads it in each reader's
words (events.services.notes)."""

from django.utils.translation import gettext

from events.models import Club, Event
from events.models.changes import NOTE_LENGTH
from events.models.clubs import BOARDS_PER_ROUND, SQUAD_LIMITS, TEAM_MAX_PLAYERS
from events.services.teams.history_text import shown

# The club's own settings; any other name is a default for its new events.
CLUB_SETTINGS = ("time_zone", "national_body", "language")


def setting_lines(settings: list[dict]) -> list[str]:
    """Each setting changed ({"setting", "before", "after"}) as "label: before → after"."""
    return [f"{label}: {before} → {after}" for label, before, after in map(_words, settings)]


def settings_text(settings: list[dict]) -> str:
    """The settings changed in one line; a long one names them without their values."""
    text = "; ".join(setting_lines(settings))
    if len(text) > NOTE_LENGTH:
        labels = ", ".join(_words(setting)[0] for setting in settings)
        return gettext("Changed: %(settings)s") % {"settings": labels}
    return text


def _words(setting: dict) -> tuple[str, str, str]:
    name, before, after = setting["setting"], setting["before"], setting["after"]
    if name in CLUB_SETTINGS:
        field = Club._meta.get_field(name)
        before, after = (shown(field, v) or gettext("(none)") for v in (before, after))
        return _label(field.verbose_name), before, after
    if name in SQUAD_LIMITS:  # the club's teams, not only its new events'
        label = (
            gettext("Most players a team registers")
            if name == TEAM_MAX_PLAYERS
            else gettext("Fewest players a team registers")
        )
        return label, str(before), str(after)
    if name == BOARDS_PER_ROUND:
        label, before, after = gettext("boards a round"), str(before), str(after)
    else:
        field = Event._meta.get_field(name)
        label, before, after = field.verbose_name, shown(field, before), shown(field, after)
    return gettext("New events' %(setting)s") % {"setting": label}, before, after


def _label(verbose_name) -> str:
    text = str(verbose_name)
    return text[:1].upper() + text[1:]
