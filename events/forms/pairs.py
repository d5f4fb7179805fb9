"""The form of a pairs event's pairs: the names of each pair's two players."""

from django import forms
from django.utils.translation import gettext

from events.forms.validators import name_errors, no_control_characters
from events.models import Player


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
                    label=gettext("Pair %(pair)s, player %(seat)s")
                    % {"pair": pair.name, "seat": seat},
                    required=False,
                    max_length=length,
                    initial=names[seat - 1],
                    validators=[no_control_characters],
                    error_messages=name_errors(),
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
