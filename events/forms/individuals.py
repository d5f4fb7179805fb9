"""Forms of an individual event: its movement, and its players' names."""

from django import forms
from django.utils.translation import gettext, gettext_lazy
from django.utils.translation import gettext_lazy as _

from events.forms.events import EventForm
from events.forms.validators import name_errors, no_control_characters
from events.models import Player
from scoring import ScoringError
from scoring.movements.barometer import barometer_individual
from scoring.movements.individual import (
    COMPLETE_INDIVIDUALS,
    RAINBOW_TABLES,
    complete_individual,
    rainbow_individual,
)


def _movements() -> list[tuple[str, str]]:
    """The individual movements offered, in the reader's language."""
    return [
        (
            f"complete-{players}",
            gettext("%(players)s players: complete individual (%(tables)s tables)")
            % {"players": players, "tables": players // 4},
        )
        for players in COMPLETE_INDIVIDUALS
    ] + [
        (
            f"rainbow-{tables}",
            gettext("%(players)s players: Rainbow (%(tables)s tables)")
            % {"players": 4 * tables, "tables": tables},
        )
        for tables in RAINBOW_TABLES
    ]


class IndividualForm(EventForm):
    """A new individual event: its settings, movement, boards a round and rounds played."""

    movement = forms.ChoiceField(label=gettext_lazy("Movement"), choices=_movements)
    boards_per_round = forms.IntegerField(
        label=gettext_lazy("Boards a round"),
        min_value=1,
        max_value=8,
        initial=3,
        error_messages={
            code: gettext_lazy("Boards a round is a number from 1 to 8, e.g. 3.")
            for code in ("required", "invalid", "min_value", "max_value")
        },
    )
    rounds = forms.IntegerField(
        label=gettext_lazy("Rounds played"),
        required=False,
        min_value=1,
        help_text=gettext_lazy("Blank: the whole movement. Fewer rounds make a shorter session."),
        error_messages={
            code: gettext_lazy("Rounds played is a whole number from 1, or blank for all of them.")
            for code in ("invalid", "min_value")
        },
    )

    barometer = forms.BooleanField(
        label=_("Barometer"),
        required=False,
        help_text=_(
            "Every table plays the same boards in a round, each from its own copy, and the "
            "ranking goes up after each round; players are seated as the movement says."
        ),
    )

    class Meta(EventForm.Meta):
        # One ranking of players in one section: no winners per direction, no Mitchell
        # numbering, no sections to score apart or across the field.
        fields = [
            f
            for f in EventForm.Meta.fields
            if f not in ("winners", "ew_numbered_on", "section_scoring")
        ]

    def clean(self):
        data = super().clean()
        family, _sep, count = data.get("movement", "").partition("-")
        if not count or data.get("boards_per_round") is None:
            return data
        make = complete_individual if family == "complete" else rainbow_individual
        try:
            movement = make(int(count), data["boards_per_round"], rounds=data.get("rounds"))
        except ScoringError as refused:
            self.add_error("rounds", str(refused))
            return data
        data["individual_movement"] = (
            barometer_individual(movement) if data.get("barometer") else movement
        )
        return data


class PlayerNamesForm(forms.Form):
    """Every player's name, `player-<number>`."""

    def __init__(self, *args, individuals, **kwargs):
        super().__init__(*args, **kwargs)
        self.individuals = individuals
        length = Player._meta.get_field("name").max_length
        for individual in individuals:
            self.fields[f"player-{individual.number}"] = forms.CharField(
                label=gettext("Player %(number)s") % {"number": individual.number},
                required=False,
                max_length=length,
                initial=individual.name,
                validators=[no_control_characters],
                error_messages=name_errors(),
            )

    def rows(self) -> list:
        return [(i, self[f"player-{i.number}"]) for i in self.individuals]

    def changed_names(self) -> dict[int, str]:
        return {
            i.number: self.cleaned_data[f"player-{i.number}"]
            for i in self.individuals
            if self.cleaned_data[f"player-{i.number}"].strip() != i.name
        }
