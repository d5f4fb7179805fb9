"""Forms for multi-session events: the competition and its carry-over, and a session to add."""

from django import forms
from django.utils.translation import gettext_lazy

from events.forms.validators import printable
from events.models import Club, Competition, Event


class CompetitionForm(forms.ModelForm):
    """A competition's name and how its sessions carry over."""

    class Meta:
        model = Competition
        fields = ["name", "carry_over", "best_of"]
        widgets = {"best_of": forms.NumberInput(attrs={"min": 1, "max": 99})}

    def clean_name(self) -> str:
        return printable(self.cleaned_data["name"])


class CarryOverForm(forms.ModelForm):
    class Meta:
        model = Competition
        fields = ["carry_over", "best_of"]
        widgets = {"best_of": forms.NumberInput(attrs={"min": 1, "max": 99})}


class SessionForm(forms.Form):
    """One of the club's events, not yet a session of the competition, to add as the next."""

    event = forms.ModelChoiceField(
        queryset=Event.objects.none(),
        empty_label=gettext_lazy("Choose an event"),
        label=gettext_lazy("Event"),
        error_messages={
            "invalid_choice": gettext_lazy("Choose one of the club's events not yet a session.")
        },
    )

    def __init__(self, *args, club: Club, competition: Competition, **kwargs):
        super().__init__(*args, **kwargs)
        taken = competition.sessions.values("event")
        self.fields["event"].queryset = club.events.exclude(pk__in=taken).order_by("date", "name")
