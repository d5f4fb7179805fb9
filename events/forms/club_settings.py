"""Forms of a club's settings: its time zone, national body and language, and what its new
events start from."""

import zoneinfo

from django import forms
from django.utils.translation import gettext_lazy as _

from events.forms.individuals import IndividualForm
from events.models import Club, Event
from events.models.clubs import (
    BOARDS_PER_ROUND,
    EVENT_DEFAULTS,
    SQUAD_LIMITS,
    TEAM_MAX_PLAYERS,
    TEAM_MIN_PLAYERS,
)

# A squad the team form registers: four players at least (a match's table), one field a player.
_SQUAD_BOUNDS = (4, 16)


def _squad_field(label, name: str) -> forms.IntegerField:
    low, high = _SQUAD_BOUNDS
    message = _("a whole number from %(low)s to %(high)s") % {"low": low, "high": high}
    return forms.IntegerField(
        label=label,
        min_value=low,
        max_value=high,
        initial=SQUAD_LIMITS[name],
        error_messages={
            code: message for code in ("required", "invalid", "min_value", "max_value")
        },
    )


class ClubSettingsForm(forms.ModelForm):
    """The club's time zone (an IANA name, offered from a list), national body and language."""

    class Meta:
        model = Club
        fields = ["time_zone", "national_body", "language"]
        widgets = {"time_zone": forms.TextInput(attrs={"list": "time-zones"})}
        help_texts = {
            "time_zone": _(
                "Where the club plays, e.g. Europe/London: the new-event page's today and the "
                "times on the club's pages follow it."
            )
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A post without it (a page drawn before clubs had a language) keeps the club's.
        self.fields["language"].required = False

    def clean_language(self) -> str:
        return self.cleaned_data["language"] or self.instance.language

    @staticmethod
    def time_zones() -> list[str]:
        """The time zones the page suggests as the director types."""
        return sorted(zoneinfo.available_timezones())


class EventDefaultsForm(forms.ModelForm):
    """The settings a club's new events start from: an event's own fields, choices and checks,
    and the boards a round an individual (or the first movements offered) plays."""

    boards_per_round = IndividualForm.base_fields[BOARDS_PER_ROUND]
    team_min_players = _squad_field(_("Fewest players a team registers"), TEAM_MIN_PLAYERS)
    team_max_players = _squad_field(_("Most players a team registers"), TEAM_MAX_PLAYERS)

    class Meta:
        model = Event
        fields = EVENT_DEFAULTS

    def clean(self):
        data = super().clean()
        fewest, most = data.get(TEAM_MIN_PLAYERS), data.get(TEAM_MAX_PLAYERS)
        if fewest is not None and most is not None and fewest > most:
            self.add_error(
                TEAM_MAX_PLAYERS,
                _("at least the fewest players a team registers, %(fewest)s") % {"fewest": fewest},
            )
        return data

    def defaults(self) -> dict:
        """The cleaned settings, as the club keeps them (after is_valid())."""
        return {name: self.cleaned_data[name] for name in self.fields}

    def defaults_before(self) -> dict:
        """The settings as the form showed them: the club's, else a new event's own."""
        fields = self.fields.items()
        return {name: self.get_initial_for_field(field, name) for name, field in fields}
