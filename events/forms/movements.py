"""Forms of a pairs event's movement: the tables, the movement chosen among those that fit them,
its arrow-switched rounds, and a new event's sections."""

import math
from functools import cached_property

from django import forms
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext, gettext_lazy

from events.forms.events import number_messages
from scoring import (
    ScoringError,
    arrow_switched,
    propose_barometers,
    propose_movements,
    propose_sections,
    section_tables,
)
from scoring.movements.proposals import BOARDS_TOTAL_MAX, USUAL_BOARDS_PER_ROUND, least_boards


def tables_from_text(text: str) -> float:
    """ "7", "6½", "6.5" or "6,5" as a number of tables; a ValidationError otherwise."""
    text = text.strip().replace("½", ".5").replace(",", ".")
    try:
        tables = float(text)
    except ValueError:
        raise forms.ValidationError(gettext("type the number of tables, e.g. 7 or 6.5")) from None
    # "nan", "inf" and 1e308 (whose double is inf) are floats too: the range is checked first.
    if not (math.isfinite(tables) and 2.5 <= tables <= 200) or tables * 2 != int(tables * 2):
        raise forms.ValidationError(gettext("tables must be a whole or half number from 2½ to 200"))
    return tables


class MovementForm(forms.Form):
    """The movements that fit the tables, the one chosen, and any arrow-switched rounds."""

    tables = forms.CharField(
        max_length=5,
        error_messages={
            "required": gettext_lazy("type the number of tables, e.g. 7 or 6½"),
            "max_length": gettext_lazy("tables must be a whole or half number from 2½ to 200"),
        },
    )
    choice = forms.IntegerField(
        required=False,
        min_value=0,
        error_messages=number_messages(gettext_lazy("Choose one of the movements.")),
    )
    arrow_switch = forms.CharField(
        label=gettext_lazy("Arrow-switch in rounds"),
        required=False,
        max_length=40,
        help_text=gettext_lazy(
            "Mitchell only: the rounds where NS and EW swap, e.g. 7 or 6, 7. With any, "
            "the event has one winner."
        ),
    )
    # Set by the page that lists what the new movement drops (named pairs, hand records).
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)
    # The boards a round of the movements offered first.
    boards_per_round = USUAL_BOARDS_PER_ROUND

    def clean_tables(self) -> float:
        return tables_from_text(self.cleaned_data["tables"])

    @property
    def movement_tables(self) -> float | None:
        """The tables one movement is for (after is_valid())."""
        return self.cleaned_data.get("tables")

    @cached_property
    def proposals(self) -> list:
        """The movements that fit the tables typed (after is_valid()), best first, then the
        barometers that do."""
        tables = self.movement_tables
        if not tables:
            return []
        bpr = self.boards_per_round
        return propose_movements(tables, boards_per_round=bpr) + propose_barometers(
            tables, boards_per_round=bpr
        )

    def clean_arrow_switch(self) -> tuple[int, ...]:
        text = self.cleaned_data["arrow_switch"].replace(",", " ")
        # isascii: "²" and "٣" pass isdigit() but are no round numbers.
        if not all(part.isascii() and part.isdigit() for part in text.split()):
            raise forms.ValidationError(gettext("list round numbers, e.g. 6, 7"))
        return tuple(sorted({int(part) for part in text.split()}))

    def clean(self):
        data = super().clean()
        proposals = self.proposals
        choice = data.get("choice")
        if choice is None or choice >= len(proposals):
            raise forms.ValidationError(gettext("Choose one of the movements."))
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
        help_text=gettext_lazy(
            "Blank: one section, or the sections proposed for a room too big for one "
            "movement. Each section plays the movement chosen, on the same boards."
        ),
        error_messages=number_messages(gettext_lazy("Type how many sections, 1 to 26.")),
    )

    def __init__(self, *args, boards_per_round: int | None = None, **kwargs):
        """`boards_per_round`: the club's, for the movements offered first."""
        super().__init__(*args, **kwargs)
        self.boards_per_round = boards_per_round or self.boards_per_round
        self.clubs_boards_per_round = boards_per_round

    @property
    def clubs_number_unused(self) -> str:
        """Why the movement offered first does not play the club's boards a round ("" when it
        does, or the club has no number of its own)."""
        proposals = self.proposals
        number = self.clubs_boards_per_round
        if not number or not proposals or proposals[0].boards_per_round == number:
            return ""
        return gettext(
            "The club plays %(number)s boards a round, but no whole movement for these tables "
            "does so in an evening of %(least)s to %(most)s boards: the nearest that fits is "
            "offered first."
        ) % {"number": number, "least": least_boards(number), "most": BOARDS_TOTAL_MAX}

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
                gettext(
                    "%(tables)s tables do not split into %(sections)s equal sections of 2½ "
                    "tables or more: type another number of sections."
                )
                % {"tables": floatformat(tables, "-1"), "sections": self.section_count}
            )
        return super().clean()
