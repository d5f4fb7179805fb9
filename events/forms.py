"""Forms: the boundary where typed text becomes domain values, or a message saying what to fix."""

from functools import cached_property

from django import forms

from events.models import Event
from scoring import ScoringError, arrow_switched, parse_traveller_line, propose_movements


class EventSettingsForm(forms.ModelForm):
    """An event's name, date and scoring settings; changing them rescores the event."""

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "scoring",
            "mp_scale",
            "mp_rounding",
            "adjusted_scores",
            "datum_method",
            "cross_imp_mode",
            "winners",
            "reveal",
            "factor_totals",
            "factor_boards",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}


class EventForm(EventSettingsForm):
    """A new event: its settings and the number of tables its movement is chosen for."""

    tables = forms.CharField(
        label="Tables",
        max_length=5,
        help_text="How many tables, e.g. 7, or 6½ (6.5) when one pair sits out each round.",
    )

    def clean_tables(self) -> float:
        return tables_from_text(self.cleaned_data["tables"])


def tables_from_text(text: str) -> float:
    """ "7", "6½", "6.5" or "6,5" as a number of tables; a ValidationError otherwise."""
    text = text.strip().replace("½", ".5").replace(",", ".")
    try:
        tables = float(text)
    except ValueError:
        raise forms.ValidationError("type the number of tables, e.g. 7 or 6.5") from None
    if tables * 2 != int(tables * 2) or not 2.5 <= tables <= 200:
        raise forms.ValidationError("tables must be a whole or half number from 2½ to 200")
    return tables


class MovementForm(forms.Form):
    """The movements that fit the tables, the one chosen, and any arrow-switched rounds."""

    tables = forms.CharField(max_length=5)
    choice = forms.IntegerField(required=False, min_value=0)
    arrow_switch = forms.CharField(
        label="Arrow-switch in rounds",
        required=False,
        max_length=40,
        help_text="Mitchell only: the rounds where NS and EW swap, e.g. 7 or 6, 7. With any, "
        "the event has one winner.",
    )
    # Set by the page that lists what the new movement drops (named pairs, hand records).
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean_tables(self) -> float:
        return tables_from_text(self.cleaned_data["tables"])

    @cached_property
    def proposals(self) -> list:
        """The movements that fit the tables typed (after is_valid()), best first."""
        tables = self.cleaned_data.get("tables")
        return propose_movements(tables) if tables else []

    def clean_arrow_switch(self) -> tuple[int, ...]:
        text = self.cleaned_data["arrow_switch"].replace(",", " ")
        if not all(part.isdigit() for part in text.split()):
            raise forms.ValidationError("list round numbers, e.g. 6, 7")
        return tuple(sorted({int(part) for part in text.split()}))

    def clean(self):
        data = super().clean()
        proposals = self.proposals
        choice = data.get("choice")
        if choice is None or choice >= len(proposals):
            raise forms.ValidationError("Choose one of the movements.")
        movement = proposals[choice]
        rounds = data.get("arrow_switch") or ()
        if rounds:
            try:
                movement = arrow_switched(movement, rounds)
            except ScoringError as refused:
                raise forms.ValidationError(str(refused)) from None
        data["movement"] = movement
        return data


class LineForm(forms.Form):
    """One traveller line, e.g. `1 8 4SX N 10`, `4S N +1`, `P`, `NP`, `A+ A-`."""

    line = forms.CharField(
        max_length=60,
        strip=True,
        error_messages={"required": "type a result, e.g. 4S N 10, 3NT E -1, P, NP or A+ A-"},
    )
    ns = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    ew = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    result = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def clean_line(self):
        try:
            return parse_traveller_line(self.cleaned_data["line"])
        except ScoringError as refused:
            raise forms.ValidationError(str(refused)) from None
