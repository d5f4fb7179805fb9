"""Forms: the boundary where typed text becomes domain values, or a message saying what to fix."""

from django import forms

from events.models import Event
from scoring import ScoringError, parse_traveller_line


class EventForm(forms.ModelForm):
    tables = forms.CharField(
        label="Tables",
        max_length=5,
        help_text="How many tables, e.g. 7, or 6½ (6.5) when one pair sits out each round.",
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "scoring",
            "mp_scale",
            "mp_rounding",
            "datum_method",
            "cross_imp_mode",
            "winners",
            "reveal",
            "factor_totals",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"})}

    def clean_tables(self) -> float:
        text = self.cleaned_data["tables"].strip().replace("½", ".5").replace(",", ".")
        try:
            tables = float(text)
        except ValueError:
            raise forms.ValidationError("type the number of tables, e.g. 7 or 6.5") from None
        if tables * 2 != int(tables * 2) or not 2.5 <= tables <= 200:
            raise forms.ValidationError("tables must be a whole or half number from 2½ to 200")
        return tables


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
