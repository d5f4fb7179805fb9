"""Forms of the rubber and Chicago score pads and of the calculators.

A pad's deal is one typed line, read by scoring.pad_lines (its grammar is there); the
calculators take a contract and its result, bare duplicate scores and a match's IMP margin.
"""

import re
from fractions import Fraction

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from events.models.base import labelled
from scoring import Contract, ScoringError, parse_contract, score_breakdown
from scoring.deal_scores import check_score
from scoring.imps import IMP_TABLES
from scoring.pad_lines import PadDeal, pad_line_help, parse_pad_line


def message(error: ScoringError) -> str:
    """The engine's message as a sentence on the page."""
    text = capfirst(str(error))
    return text if text.endswith((".", "?", "!")) else f"{text}."


def side_words() -> dict[str, str]:
    """Each side's word on a pad in the active language, as the sheet's columns name them; the
    pad reads these as well as we and they."""
    return {
        "we": pgettext("the side on a score pad, as typed", "we"),
        "they": pgettext("the side on a score pad, as typed", "they"),
    }


class PadDealForm(forms.Form):
    """One deal for a pad; valid only if the pad accepts it (the deal is then recorded on it)."""

    line = forms.CharField(
        label=gettext_lazy("Deal"),
        max_length=80,
        widget=forms.TextInput(
            attrs={
                "class": "entry",
                "autofocus": True,
                "autocomplete": "off",
                "autocapitalize": "off",
                "spellcheck": "false",
            }
        ),
    )

    def __init__(self, *args, pad, ended: bool = False, kind: str = "rubber", **kwargs):
        super().__init__(*args, **kwargs)
        self.pad = pad
        self.ended = ended
        self.kind = kind
        self.words = side_words()
        line = self.fields["line"]
        line.help_text = pad_line_help(self.words)
        line.widget.attrs["placeholder"] = f"4SX {self.words['they']} 10"

    def clean_line(self) -> PadDeal:
        try:
            return parse_pad_line(self.cleaned_data["line"], words=self.words)
        except ScoringError as error:
            raise forms.ValidationError(message(error)) from error

    def clean(self):
        deal = self.cleaned_data.get("line")
        if deal is None:
            return self.cleaned_data
        if self.ended:
            self.add_error(
                "line",
                gettext("This rubber was ended: start a new rubber, or undo the end.")
                if self.kind == "rubber"
                else gettext("This Chicago was ended: start a new Chicago, or undo the end."),
            )
            return self.cleaned_data
        try:
            self.pad.record(deal.side, deal.contract, deal.tricks, honours=deal.honours)
        except ScoringError as error:
            hint = ""
            if self.pad.finished:
                hint = " " + (
                    gettext("Start a new rubber to go on.")
                    if self.kind == "rubber"
                    else gettext("Start a new Chicago to go on.")
                )
            self.add_error("line", message(error) + hint)
        return self.cleaned_data


def parse_scores(text: str) -> list[int]:
    """Whole-number scores separated by spaces, commas or semicolons: `420 450, -50`."""
    scores = []
    for token in re.split(r"[\s,;]+", text.strip()):
        if token:
            try:
                scores.append(int(token.replace("−", "-")))
            except ValueError:
                raise ScoringError(
                    "%(token)s is not a score: type whole numbers separated by spaces, "
                    "e.g. 420 450 -50.",
                    token=repr(token),
                ) from None
    return scores


VULNERABILITY_CHOICES = [
    ("no", pgettext_lazy("answer", "No")),
    ("yes", pgettext_lazy("answer", "Yes")),
]
DECLARER_CHOICES = [("NS", gettext_lazy("North-South")), ("EW", gettext_lazy("East-West"))]


class CalculatorForm(forms.Form):
    """A contract's result, and optionally scores to compare it with."""

    contract = forms.CharField(
        label=gettext_lazy("Contract"),
        max_length=20,
        help_text=gettext_lazy("e.g. 4S, 3NTX, 6DXX"),
        widget=forms.TextInput(
            attrs={
                "class": "entry",
                "autofocus": True,
                "autocomplete": "off",
                "autocapitalize": "off",
                "spellcheck": "false",
                "placeholder": "4S",
            }
        ),
    )
    declarer = forms.ChoiceField(label=gettext_lazy("By"), choices=DECLARER_CHOICES, initial="NS")
    vulnerable = forms.ChoiceField(
        label=gettext_lazy("Declarer vulnerable"), choices=VULNERABILITY_CHOICES, initial="no"
    )
    tricks = forms.IntegerField(
        label=gettext_lazy("Tricks"),
        required=False,
        help_text=gettext_lazy("Tricks declarer took, 0 to 13."),
        widget=forms.NumberInput(attrs={"min": 0, "max": 13, "inputmode": "numeric"}),
    )
    other = forms.IntegerField(
        label=gettext_lazy("Other table"),
        required=False,
        help_text=gettext_lazy("The other table's score from the same side, for the IMPs."),
    )
    scores = forms.CharField(
        label=gettext_lazy("Other scores"),
        required=False,
        max_length=2000,
        help_text=gettext_lazy(
            "The other tables' scores from the same side, for matchpoints: 420 450 -50."
        ),
        widget=forms.TextInput(attrs={"class": "entry", "autocomplete": "off"}),
    )

    def clean_contract(self) -> Contract:
        try:
            return parse_contract(self.cleaned_data["contract"])
        except ScoringError as error:
            raise forms.ValidationError(message(error)) from error

    def clean_vulnerable(self) -> bool:
        return self.cleaned_data["vulnerable"] == "yes"

    def clean_scores(self) -> list[int]:
        try:
            return parse_scores(self.cleaned_data["scores"])
        except ScoringError as error:
            raise forms.ValidationError(message(error)) from error

    def clean(self):
        """Adds the contract's `breakdown` (a ScoreBreakdown) to the cleaned data."""
        data = self.cleaned_data
        if "contract" in data and "vulnerable" in data and "tricks" in data:
            try:
                data["breakdown"] = score_breakdown(
                    data["contract"], data["vulnerable"], data["tricks"]
                )
            except ScoringError as error:
                self.add_error("tricks", message(error))
        return data


_SCORE = re.compile(r"[+-]?\d{1,6}")


class ScoreField(forms.CharField):
    """One duplicate score, from the side that scored it: 620, -100, +420, −50."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 12)
        kwargs.setdefault(
            "error_messages", {"required": gettext_lazy("Type a score, e.g. 620 or -100.")}
        )
        attrs = {"class": "entry", "autocomplete": "off", "inputmode": "numeric"}
        super().__init__(widget=forms.TextInput(attrs=attrs), **kwargs)

    def clean(self, value) -> int:
        text = super().clean(value).strip().replace("−", "-")
        if not _SCORE.fullmatch(text):
            raise forms.ValidationError(
                gettext("Type the score as a whole number, e.g. 620 or -100, not %(text)s.")
                % {"text": repr(text)}
            )
        try:
            return check_score(int(text))
        except ScoringError as error:
            raise forms.ValidationError(message(error)) from error


class ImpsForm(forms.Form):
    """Two bare scores from the same side, and the IMP table that converts their difference."""

    score = ScoreField(
        label=gettext_lazy("Your score"),
        help_text=gettext_lazy("e.g. 620; a minus score as -100."),
    )
    other = ScoreField(
        label=gettext_lazy("Other table"), help_text=gettext_lazy("From the same side: e.g. 170.")
    )
    table = forms.ChoiceField(
        label=gettext_lazy("IMP table"),
        choices=labelled({key: table.label for key, table in IMP_TABLES.items()}),
        initial="wbf",
    )


OTHER_SCORES_NEEDED = gettext_lazy("Type the other tables' scores, at least one, e.g. 420 450 -50.")


class MatchpointsForm(forms.Form):
    """A score and the other scores on the board, all from the same side."""

    score = ScoreField(label=gettext_lazy("Your score"), help_text=gettext_lazy("e.g. 420."))
    scores = forms.CharField(
        label=gettext_lazy("Other scores"),
        max_length=2000,
        help_text=gettext_lazy("The other tables' scores from the same side: 420 450 -50."),
        widget=forms.TextInput(attrs={"class": "entry", "autocomplete": "off"}),
        error_messages={"required": OTHER_SCORES_NEEDED},
    )

    def clean_scores(self) -> list[int]:
        try:
            scores = [check_score(score) for score in parse_scores(self.cleaned_data["scores"])]
        except ScoringError as error:
            raise forms.ValidationError(message(error)) from error
        if not scores:
            raise forms.ValidationError(OTHER_SCORES_NEEDED)
        return scores


class VictoryPointsForm(forms.Form):
    """A match's IMP margin and its length, for every victory-point scale."""

    margin = forms.DecimalField(
        label=gettext_lazy("IMP margin"),
        decimal_places=2,
        min_value=-9999,
        max_value=9999,
        help_text=gettext_lazy(
            "Your side's IMPs minus the opponents', e.g. 14; a lost match as -14."
        ),
        error_messages={
            "required": gettext_lazy("Type the IMP margin, e.g. 14 or -3.5."),
            "invalid": gettext_lazy("Type the IMP margin as a number, e.g. 14 or -3.5."),
            "min_value": gettext_lazy("An IMP margin is at most 9999 either way."),
            "max_value": gettext_lazy("An IMP margin is at most 9999 either way."),
            "max_decimal_places": gettext_lazy(
                "An IMP margin has at most two decimals, e.g. 3.25."
            ),
        },
    )
    boards = forms.IntegerField(
        label=gettext_lazy("Boards"),
        min_value=1,
        max_value=999,
        help_text=gettext_lazy("How many boards the match had."),
        error_messages={
            "required": gettext_lazy("Type how many boards the match had, e.g. 8."),
            "invalid": gettext_lazy("Type the number of boards as a whole number, e.g. 8."),
            "min_value": gettext_lazy("A match has 1 to 999 boards."),
            "max_value": gettext_lazy("A match has 1 to 999 boards."),
        },
    )

    def clean_margin(self) -> Fraction:
        return Fraction(self.cleaned_data["margin"])
