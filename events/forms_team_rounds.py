"""Forms of the draw page: draw the next round, swap two teams, take a round back."""

from django import forms

from events.models import Event


class DrawForm(forms.Form):
    late = forms.BooleanField(
        required=False,
        label="Draw now, leaving the unfinished matches out of the standings (a late match)",
    )
    qualifying = forms.BooleanField(
        required=False, label="Start with a qualifying round robin (its meetings carry over)"
    )


class SwapForm(forms.Form):
    """Two teams of a drawn round to swap; `insist` makes a swap the draw warns about."""

    round = forms.IntegerField(min_value=1, max_value=999, widget=forms.HiddenInput)
    first = forms.ModelChoiceField(queryset=None, label="Swap", empty_label="a team…")
    second = forms.ModelChoiceField(queryset=None, label="with", empty_label="a team…")
    insist = forms.BooleanField(required=False, label="Swap even so (a rematch or a second bye)")

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            self.fields[name].queryset = event.teams.order_by("name")
            self.fields[name].error_messages["invalid_choice"] = "Choose a team of this event."


class TakeBackForm(forms.Form):
    round = forms.IntegerField(min_value=1, max_value=999, widget=forms.HiddenInput)
