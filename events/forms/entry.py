"""The form of entering results: one traveller line as the director types it."""

from django import forms
from django.utils.translation import gettext_lazy

from scoring import ScoringError, parse_traveller_line


class LineForm(forms.Form):
    """One traveller line, e.g. `1 8 4SX N 10`, `4S N +1`, `P`, `NP`, `A+ A-`."""

    line = forms.CharField(
        max_length=60,
        strip=True,
        error_messages={
            "required": gettext_lazy("type a result, e.g. 4S N 10, 3NT E -1, P, NP or A+ A-"),
            "max_length": gettext_lazy(
                "this line has %(show_value)d characters, a line at most %(limit_value)d: type "
                "the result, e.g. 4S N 10, and keep a note after # short"
            ),
        },
    )
    ns = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    ew = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    result = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def clean_line(self):
        try:
            return parse_traveller_line(self.cleaned_data["line"])
        except ScoringError as refused:
            raise forms.ValidationError(str(refused)) from None
