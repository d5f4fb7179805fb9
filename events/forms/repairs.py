"""The four repairs of a running movement, one small form each (the seat swap has two)."""

import re

from django import forms
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext_lazy as _

from events.forms.validators import no_control_characters
from scoring.pair_labels import typed_label

BOARDS = re.compile(r"\s*(\d{1,3})\s*(?:[-–]\s*(\d{1,3}))?\s*")


def _number(label: str, help_text: str = "") -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=1,
        max_value=999,
        help_text=help_text,
        error_messages={"invalid": gettext_lazy("type a number, e.g. 3")},
    )


class PairField(forms.CharField):
    """A pair named as clubs print it ("3 EW", "EW 3", "3ew", "3 NS", or "3" where the pairs
    are numbered on): cleaned to its label without the section, e.g. "3 EW"."""

    def __init__(self, label: str):
        super().__init__(
            label=label, max_length=12, help_text=_("As the table card shows it, e.g. 3 EW.")
        )

    def to_python(self, value) -> str:
        text = super().to_python(value)
        if text in self.empty_values:
            return text
        label = typed_label(text)
        if label is None:
            raise forms.ValidationError(
                _("type the pair as the table card shows it, e.g. 3 NS or 3 EW")
            )
        return label


class LatePairForm(forms.Form):
    title = gettext_lazy("A late pair joins")
    help = gettext_lazy(
        "The sit-out of each round from then on becomes a table, on the boards waiting there."
    )
    button = gettext_lazy("Seat the late pair")
    from_round = _number(
        gettext_lazy("From round"), gettext_lazy("The first round the late pair plays.")
    )
    names = forms.CharField(
        label=gettext_lazy("Names"),
        required=False,
        max_length=120,
        validators=[no_control_characters],
        help_text=gettext_lazy("Optional, e.g. Ann Lee & Bob Cole."),
    )

    def clean_names(self) -> list[str]:
        return [n.strip() for n in self.cleaned_data["names"].split("&") if n.strip()]


class PairLeavesForm(forms.Form):
    title = gettext_lazy("A pair leaves")
    help = gettext_lazy("Its opponents in the rounds it no longer plays sit out.")
    button = gettext_lazy("Take the pair out")
    pair = PairField(_("Pair"))
    from_round = _number(
        gettext_lazy("From round"), gettext_lazy("The first round the pair no longer plays.")
    )


class WrongBoardsForm(forms.Form):
    title = gettext_lazy("A table played the wrong boards")
    help = gettext_lazy("E.g. table 4 played boards 16-18 in round 2.")
    button = gettext_lazy("Repair the boards")
    round = _number(gettext_lazy("Round"))
    table = _number(gettext_lazy("Table"))
    boards = forms.CharField(
        label=gettext_lazy("Boards played"), max_length=12, help_text=gettext_lazy("E.g. 16-18.")
    )
    move_lines = forms.BooleanField(
        label=gettext_lazy(
            "Move the lines already entered for this table and round to the boards played"
        ),
        required=False,
        initial=True,
        help_text=gettext_lazy(
            "Board by board in order: the first scheduled board's line to the first board "
            "played. Unticked, they stay where they are, as errors to fix."
        ),
    )

    def clean_boards(self) -> tuple[int, int]:
        found = BOARDS.fullmatch(self.cleaned_data["boards"])
        if not found:
            raise forms.ValidationError(gettext("write the boards played as a range, e.g. 16-18"))
        low = int(found[1])
        high = int(found[2] or low)
        if high < low:
            raise forms.ValidationError(
                gettext("write the lower board first: %(high)s-%(low)s")
                % {"high": high, "low": low}
            )
        return low, high


class DirectionsSwappedForm(forms.Form):
    title = gettext_lazy("NS and EW swapped at a table")
    help = gettext_lazy("For one round: the pair the movement seats East-West sat North-South.")
    button = gettext_lazy("Swap NS and EW")
    round = _number(gettext_lazy("Round"))
    table = _number(gettext_lazy("Table"))


class PairsSwappedForm(forms.Form):
    title = gettext_lazy("Two pairs swapped places")
    help = gettext_lazy("For the rest of the session each pair takes the other's seats.")
    button = gettext_lazy("Swap the pairs")
    first = PairField(_("Pair"))
    second = PairField(_("and pair"))
    from_round = _number(gettext_lazy("From round"))


REPAIR_FORMS = {
    "late": LatePairForm,
    "leaves": PairLeavesForm,
    "boards": WrongBoardsForm,
    "directions": DirectionsSwappedForm,
    "places": PairsSwappedForm,
}
