"""A change of a club's settings in words, in the reader's language: "Time zone: UTC →
Pacific/Auckland", "New events' scoring: Matchpoints → Cross-IMPs". A change is kept as the
setting's name and its values before and after, so the history reads it in each reader's
words (events.services.notes)."""

from django.utils.translation import gettext, pgettext

from events.models import Club, Event
from events.models.changes import NOTE_LENGTH
from events.models.clubs import BOARDS_PER_ROUND, SQUAD_LIMITS, TEAM_MAX_PLAYERS
from events.services.field_words import shown

# The club's own settings; any other name is a default for its new events.
CLUB_SETTINGS = ("time_zone", "national_body", "language")


def setting_lines(settings: list[dict]) -> list[str]:
    """Each setting changed ({"setting", "before", "after"}) as "label: before → after"."""
    return [
        gettext("%(setting)s: %(before)s → %(after)s")
        % {"setting": label, "before": before, "after": after}
        for label, before, after in map(_words, settings)
    ]


def settings_text(settings: list[dict]) -> str:
    """The settings changed in one line; a long one names them without their values."""
    text = pgettext("between the items of a list", "; ").join(setting_lines(settings))
    if len(text) > NOTE_LENGTH:
        return named_settings_text([setting["setting"] for setting in settings])
    return text


def named_settings_text(names: list[str]) -> str:
    """The settings of these names, without their values: "Changed: Time zone, National body"."""
    labels = ", ".join(map(_setting_label, names))
    return gettext("Changed: %(settings)s") % {"settings": labels}


def _words(setting: dict) -> tuple[str, str, str]:
    name, before, after = setting["setting"], setting["before"], setting["after"]
    label = _setting_label(name)
    if name in CLUB_SETTINGS:
        field = Club._meta.get_field(name)
        return label, *(shown(field, v) or gettext("(none)") for v in (before, after))
    if name in SQUAD_LIMITS or name == BOARDS_PER_ROUND:
        return label, str(before), str(after)
    field = Event._meta.get_field(name)
    return label, shown(field, before), shown(field, after)


def _setting_label(name: str) -> str:
    if name in CLUB_SETTINGS:
        text = str(Club._meta.get_field(name).verbose_name)
        return text[:1].upper() + text[1:]
    if name in SQUAD_LIMITS:  # the club's teams, not only its new events'
        if name == TEAM_MAX_PLAYERS:
            return gettext("Most players a team registers")
        return gettext("Fewest players a team registers")
    if name == BOARDS_PER_ROUND:
        setting = gettext("boards a round")
    else:
        setting = Event._meta.get_field(name).verbose_name
    return gettext("New events' %(setting)s") % {"setting": setting}
