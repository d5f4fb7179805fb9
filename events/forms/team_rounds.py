"""Forms of the draw page: draw the next round, swap two teams, take a round back."""

from django import forms
from django.forms.utils import flatatt
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from events.models import Event


class TeamSelect(forms.Select):
    """A choice of the event's teams, its options written out here rather than through a
    template each (Django's way): the draw page of a 200-team Swiss has 400 of them."""

    def render(self, name, value, attrs=None, renderer=None):
        widget = self.get_context(name, value, attrs)["widget"]
        options = format_html_join(
            "",
            '<option value="{}"{}>{}</option>',
            (
                (option["value"], SELECTED if option["selected"] else "", option["label"])
                for _, group, _ in widget["optgroups"]
                for option in group
            ),
        )
        return format_html(
            '<select name="{}"{}>{}</select>', name, flatatt(widget["attrs"]), options
        )


SELECTED = mark_safe(" selected")


class DrawForm(forms.Form):
    late = forms.BooleanField(
        required=False,
        label=gettext_lazy(
            "Draw now, leaving the unfinished matches out of the standings (a late match)"
        ),
    )
    qualifying = forms.BooleanField(
        required=False,
        label=gettext_lazy("Start with a qualifying round robin (its meetings carry over)"),
    )


class SwapForm(forms.Form):
    """Two teams of a drawn round to swap; `insist` makes a swap the draw warns about."""

    round = forms.IntegerField(min_value=1, max_value=999, widget=forms.HiddenInput)
    first = forms.ModelChoiceField(
        queryset=None,
        label=gettext_lazy("Swap"),
        empty_label=gettext_lazy("a team…"),
        widget=TeamSelect,
    )
    second = forms.ModelChoiceField(
        queryset=None,
        label=gettext_lazy("with"),
        empty_label=gettext_lazy("a team…"),
        widget=TeamSelect,
    )
    insist = forms.BooleanField(
        required=False, label=gettext_lazy("Swap even so (a rematch or a second bye)")
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            self.fields[name].queryset = event.teams.order_by("name")
            self.fields[name].error_messages["invalid_choice"] = gettext_lazy(
                "Choose a team of this event."
            )


class TakeBackForm(forms.Form):
    round = forms.IntegerField(min_value=1, max_value=999, widget=forms.HiddenInput)
