"""Forms of a club's settings: its time zone and national body, and what its new events start
from."""

import zoneinfo

from django import forms
from django.utils.translation import gettext_lazy as _

from events.forms.individuals import IndividualForm
from events.models import Club, Event
from events.models.clubs import BOARDS_PER_ROUND, EVENT_DEFAULTS


class ClubSettingsForm(forms.ModelForm):
    """The club's time zone (an IANA name, offered from a list) and national body."""

    class Meta:
        model = Club
        fields = ["time_zone", "national_body"]
        widgets = {"time_zone": forms.TextInput(attrs={"list": "time-zones"})}
        help_texts = {
            "time_zone": _(
                "Where the club plays, e.g. Europe/London: the new-event page's today and the "
                "times on the club's pages follow it."
            )
        }

    @staticmethod
    def time_zones() -> list[str]:
        """The time zones the page suggests as the director types."""
        return sorted(zoneinfo.available_timezones())


class EventDefaultsForm(forms.ModelForm):
    """The settings a club's new events start from: an event's own fields, choices and checks,
    and the boards a round an individual (or the first movements offered) plays."""

    boards_per_round = IndividualForm.base_fields[BOARDS_PER_ROUND]

    class Meta:
        model = Event
        fields = EVENT_DEFAULTS

    def defaults(self) -> dict:
        """The cleaned settings, as the club keeps them (after is_valid())."""
        return {name: self.cleaned_data[name] for name in self.fields}

    def defaults_before(self) -> dict:
        """The settings as the form showed them: the club's, else a new event's own."""
        fields = self.fields.items()
        return {name: self.get_initial_for_field(field, name) for name, field in fields}
