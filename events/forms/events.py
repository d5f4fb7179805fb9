"""Forms of an event's settings: its name, date, scoring and the rules that go with them."""

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy

from events.formats.imported import SMALL as SMALL_INTEGER
from events.forms.shown_settings import show_only_when
from events.models import Event
from events.services.entry import WEIGHTED_LINES_STAY_MATCHPOINTS, has_weighted_lines

# Settings that apply to some kinds of scoring only (the others apply to every event): the
# pages show them for those kinds alone, and a form ignores them for the rest.
SCORING_SETTINGS = {
    "mp_scale": (Event.Scoring.MATCHPOINTS,),
    "mp_rounding": (Event.Scoring.MATCHPOINTS,),
    "missing_results": (Event.Scoring.MATCHPOINTS,),
    "factor_to": (Event.Scoring.MATCHPOINTS,),
    "percentage_basis": (Event.Scoring.MATCHPOINTS,),
    "adjusted_scores": (Event.Scoring.MATCHPOINTS,),
    "datum_method": (Event.Scoring.BUTLER,),
    "cross_imp_mode": (Event.Scoring.CROSS_IMPS,),
}


# The players' entry at the table: what the table's page asks and what it shows.
TABLE_SETTINGS = [
    "table_lead",
    "table_pin",
    "table_shows_points",
    "table_shows_traveller",
    "table_shows_hand",
]


def number_messages(message: str) -> dict[str, str]:
    """One message for a number field's every refusal: not a number, too small, too large."""
    return {code: message for code in ("invalid", "min_value", "max_value")}


def _factor_boards_message() -> str:
    return gettext(
        "Factor totals to a number of boards from 1 to %(most)s, e.g. 28, or leave it "
        "blank for the most boards any pair played."
    ) % {"most": SMALL_INTEGER}


PLAIN_MESSAGES = {
    "name": {
        "required": gettext_lazy("Give the event a name, e.g. Tuesday Pairs."),
        "max_length": gettext_lazy("Keep the event's name to 120 characters."),
    },
    "date": {
        "required": gettext_lazy("Give the event's date."),
        "invalid": gettext_lazy("Give the date, e.g. 2026-11-24."),
    },
    "start_time": {
        "invalid": gettext_lazy("Give the start time in hours and minutes, e.g. 19:30.")
    },
    # Translated when a form shows it, in the language of that request.
    "factor_boards": number_messages(lazy(_factor_boards_message, str)()),
    "round_minutes": number_messages(
        gettext_lazy("A round takes a number of minutes from 1 to 240, e.g. 15; or leave it blank.")
    ),
}


class EventSettingsForm(forms.ModelForm):
    """An event's name, date and scoring settings; changing them rescores the event.

    A setting that does not apply to the scoring chosen keeps its saved value, whatever is posted
    for it: the page hides it, and a stale or garbled hidden value must not refuse the form.
    """

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "scoring",
            "mp_scale",
            "mp_rounding",
            "missing_results",
            "factor_to",
            "percentage_basis",
            "adjusted_scores",
            "datum_method",
            "cross_imp_mode",
            "winners",
            "ew_numbered_on",
            "section_scoring",
            "reveal",
            "factor_totals",
            "factor_boards",
            "start_time",
            "round_minutes",
            *TABLE_SETTINGS,
        ]
        # An HTML date input reads and writes ISO dates only, whatever the language.
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "start_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            # Choices too long for a phone's select box: radio buttons whose labels wrap.
            "adjusted_scores": forms.RadioSelect,
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # PostgreSQL's smallint stops at 32767; SQLite gives the field no range and would keep
        # what PostgreSQL refuses. No total is factored to 0 boards.
        boards = self.fields["factor_boards"]
        boards.min_value, boards.max_value = 1, SMALL_INTEGER
        boards.validators += [MinValueValidator(1), MaxValueValidator(SMALL_INTEGER)]
        boards.widget.attrs.update(min=1, max=SMALL_INTEGER)
        # The director reads what to type, not Django's "Ensure this value is ...".
        for name, message in PLAIN_MESSAGES.items():
            self.fields[name].error_messages.update(message)
        show_only_when(
            self, {name: {"scoring": scorings} for name, scorings in SCORING_SETTINGS.items()}
        )
        # Most events never have a short board: a form that leaves it out keeps the saved rule.
        self.fields["missing_results"].required = False
        self.fields["factor_to"].required = False
        self.fields["percentage_basis"].required = False  # set by an imported file, seldom else
        # Likewise most events have one section: theirs do not show the setting at all.
        if "section_scoring" in self.fields:
            self.fields["section_scoring"].required = False
            if self.instance.pk and self.instance.sections.count() < 2:
                del self.fields["section_scoring"]

    def clean_missing_results(self) -> str:
        return self.cleaned_data["missing_results"] or self.instance.missing_results

    def clean_factor_to(self) -> str:
        return self.cleaned_data["factor_to"] or self.instance.factor_to

    def clean_percentage_basis(self) -> str:
        return self.cleaned_data["percentage_basis"] or self.instance.percentage_basis

    def clean_section_scoring(self) -> str:
        return self.cleaned_data["section_scoring"] or self.instance.section_scoring

    def clean(self):
        data = super().clean()
        scoring = data.get("scoring", self.instance.scoring)
        for name, scorings in SCORING_SETTINGS.items():
            if scoring not in scorings:
                self.errors.pop(name, None)
                data[name] = getattr(self.instance, name)
        if scoring != Event.Scoring.MATCHPOINTS and has_weighted_lines(self.instance):
            self.add_error("scoring", WEIGHTED_LINES_STAY_MATCHPOINTS)
        return data


class EventForm(EventSettingsForm):
    """A new event's settings, dated today unless the director says otherwise; its movement is
    chosen on the same page with a MovementForm."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["date"].initial = timezone.localdate
