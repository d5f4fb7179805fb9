"""Forms of a pairs event: its settings, its movement, a traveller line and the pairs' names."""

import math
import re
from functools import cached_property

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import timezone

from events.formats.imported import SMALL as SMALL_INTEGER
from events.models import Event, Player
from events.services.entry import WEIGHTED_LINES_STAY_MATCHPOINTS, has_weighted_lines
from scoring import (
    ScoringError,
    arrow_switched,
    parse_traveller_line,
    propose_movements,
    propose_sections,
    section_tables,
)

# Settings that apply to some kinds of scoring only (the others apply to every event): the
# pages show them for those kinds alone, and a form ignores them for the rest.
SCORING_SETTINGS = {
    "mp_scale": (Event.Scoring.MATCHPOINTS,),
    "mp_rounding": (Event.Scoring.MATCHPOINTS,),
    "missing_results": (Event.Scoring.MATCHPOINTS,),
    "adjusted_scores": (Event.Scoring.MATCHPOINTS,),
    "datum_method": (Event.Scoring.BUTLER,),
    "cross_imp_mode": (Event.Scoring.CROSS_IMPS,),
}


def _number_messages(message: str) -> dict[str, str]:
    return {code: message for code in ("invalid", "min_value", "max_value")}


PLAIN_MESSAGES = {
    "name": {
        "required": "Give the event a name, e.g. Tuesday Pairs.",
        "max_length": "Keep the event's name to 120 characters.",
    },
    "date": {"required": "Give the event's date.", "invalid": "Give the date, e.g. 2026-11-24."},
    "start_time": {"invalid": "Give the start time in hours and minutes, e.g. 19:30."},
    "factor_boards": _number_messages(
        f"Factor totals to a number of boards from 1 to {SMALL_INTEGER}, e.g. 28, or leave it "
        "blank for the most boards any pair played."
    ),
    "round_minutes": _number_messages(
        "A round takes a number of minutes from 1 to 240, e.g. 15; or leave it blank."
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
        # static/js/event_settings.js shows these fields for their kinds of scoring only.
        for name, scorings in SCORING_SETTINGS.items():
            self.fields[name].widget.attrs["data-scoring"] = " ".join(scorings)
        # Most events never have a short board: a form that leaves it out keeps the saved rule.
        self.fields["missing_results"].required = False
        # Likewise most events have one section: theirs do not show the setting at all.
        if "section_scoring" in self.fields:
            self.fields["section_scoring"].required = False
            if self.instance.pk and self.instance.sections.count() < 2:
                del self.fields["section_scoring"]

    def clean_missing_results(self) -> str:
        return self.cleaned_data["missing_results"] or self.instance.missing_results

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


def tables_from_text(text: str) -> float:
    """ "7", "6½", "6.5" or "6,5" as a number of tables; a ValidationError otherwise."""
    text = text.strip().replace("½", ".5").replace(",", ".")
    try:
        tables = float(text)
    except ValueError:
        raise forms.ValidationError("type the number of tables, e.g. 7 or 6.5") from None
    # "nan", "inf" and 1e308 (whose double is inf) are floats too: the range is checked first.
    if not (math.isfinite(tables) and 2.5 <= tables <= 200) or tables * 2 != int(tables * 2):
        raise forms.ValidationError("tables must be a whole or half number from 2½ to 200")
    return tables


class MovementForm(forms.Form):
    """The movements that fit the tables, the one chosen, and any arrow-switched rounds."""

    tables = forms.CharField(
        max_length=5,
        error_messages={
            "required": "type the number of tables, e.g. 7 or 6½",
            "max_length": "tables must be a whole or half number from 2½ to 200",
        },
    )
    choice = forms.IntegerField(
        required=False,
        min_value=0,
        error_messages=_number_messages("Choose one of the movements."),
    )
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

    @property
    def movement_tables(self) -> float | None:
        """The tables one movement is for (after is_valid())."""
        return self.cleaned_data.get("tables")

    @cached_property
    def proposals(self) -> list:
        """The movements that fit the tables typed (after is_valid()), best first."""
        tables = self.movement_tables
        return propose_movements(tables) if tables else []

    def clean_arrow_switch(self) -> tuple[int, ...]:
        text = self.cleaned_data["arrow_switch"].replace(",", " ")
        # isascii: "²" and "٣" pass isdigit() but are no round numbers.
        if not all(part.isascii() and part.isdigit() for part in text.split()):
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


class NewEventMovementForm(MovementForm):
    """A new event's tables, split into sections of one movement each: as many as typed, or
    those proposed when the room is too big for one movement."""

    sections = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=26,
        help_text="Blank: one section, or the sections proposed for a room too big for one "
        "movement. Each section plays the movement chosen, on the same boards.",
        error_messages=_number_messages("Type how many sections, 1 to 26."),
    )

    @property
    def section_count(self) -> int:
        """The sections typed, else those proposed for the tables (after is_valid())."""
        tables = self.cleaned_data.get("tables")
        return self.cleaned_data.get("sections") or (propose_sections(tables) if tables else 1)

    @property
    def movement_tables(self) -> float | None:
        tables = self.cleaned_data.get("tables")
        if tables is None or "sections" in self.errors:
            return None
        return section_tables(tables, self.section_count)

    def clean(self):
        tables = self.cleaned_data.get("tables")
        if tables is not None and "sections" not in self.errors and not self.movement_tables:
            raise forms.ValidationError(
                f"{tables:g} tables do not split into {self.section_count} equal sections of "
                "2½ tables or more: type another number of sections"
            )
        return super().clean()


class LineForm(forms.Form):
    """One traveller line, e.g. `1 8 4SX N 10`, `4S N +1`, `P`, `NP`, `A+ A-`."""

    line = forms.CharField(
        max_length=60,
        strip=True,
        error_messages={
            "required": "type a result, e.g. 4S N 10, 3NT E -1, P, NP or A+ A-",
            "max_length": "this line has %(show_value)d characters, a line at most "
            "%(limit_value)d: type the result, e.g. 4S N 10, and keep a note after # short",
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


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def no_control_characters(value: str) -> None:
    """Refuse text with a NUL, a newline or another control character: names are one line."""
    if _CONTROL.search(value):
        raise forms.ValidationError("a name is one line of letters: remove the control character")


class PairNamesForm(forms.Form):
    """The two players' names of every pair: `pair-<number>-<seat>` for seats 1 and 2."""

    SEATS = (1, 2)

    def __init__(self, *args, pairs, **kwargs):
        super().__init__(*args, **kwargs)
        self.pairs = pairs
        length = Player._meta.get_field("name").max_length
        for pair in pairs:
            names = [p.name for p in pair.players.all()] + ["", ""]
            for seat in self.SEATS:
                self.fields[self.field_name(pair, seat)] = forms.CharField(
                    label=f"Pair {pair.name} player {seat}",
                    required=False,
                    max_length=length,
                    initial=names[seat - 1],
                    validators=[no_control_characters],
                    error_messages={
                        "max_length": f"a name is at most {length} characters "
                        "(it has %(show_value)d)",
                        "null_characters_not_allowed": "a name cannot hold a NUL character",
                    },
                )

    @staticmethod
    def field_name(pair, seat: int) -> str:
        return f"pair-{pair.number}-{seat}"

    def rows(self) -> list[tuple]:
        """(pair, [the bound field of each seat]) for the page."""
        return [
            (pair, [self[self.field_name(pair, seat)] for seat in self.SEATS])
            for pair in self.pairs
        ]

    def changed_names(self) -> dict:
        """Pair -> the names typed, for the pairs whose names differ from those saved."""
        changed = {}
        for pair in self.pairs:
            names = [self.cleaned_data[self.field_name(pair, seat)] for seat in self.SEATS]
            if names != ([p.name for p in pair.players.all()] + ["", ""])[:2]:
                changed[pair] = names
        return changed
