"""What models share: the history of their rows, tied to the director's changes, and the fields
of a traveller line."""

import secrets

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy
from simple_history.models import HistoricalRecords

SEATS = [
    ("N", gettext_lazy("North")),
    ("E", gettext_lazy("East")),
    ("S", gettext_lazy("South")),
    ("W", gettext_lazy("West")),
]


class ChangeRecord(models.Model):
    """What every historical row carries besides the row: the director's change it belongs to."""

    change = models.ForeignKey(
        "events.Change", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        abstract = True


def new_pin() -> str:
    """A pair's or team's PIN for accepting lines at the table: four random digits."""
    return f"{secrets.randbelow(10_000):04d}"


def labelled(rules: dict[str, str]) -> list[tuple[str, str]]:
    """A field's choices from the engine's rules (key: English label), each label looked up in
    the catalogues when shown: the engine knows no Django, so its English is the message id."""
    return [(key, gettext_lazy(label)) for key, label in rules.items()]


def tracked(*derived: str) -> HistoricalRecords:
    """The history of a model's rows, tied to changes; `derived` fields (scores that rescoring
    recomputes) are left out of it."""
    return HistoricalRecords(bases=[ChangeRecord], excluded_fields=list(derived))


class TravellerLineFields(models.Model):
    """What a board's line holds at a table, for a pairs Result as for a teams MatchLine: the
    contract, its play and score, or an artificial score (average plus, average, average minus)
    for each side, or nothing when the board was not played."""

    class Adjustment(models.TextChoices):
        NONE = "", "—"
        AVE_PLUS = "A+", gettext_lazy("Average plus")
        AVE = "A", gettext_lazy("Average")
        AVE_MINUS = "A-", gettext_lazy("Average minus")

    contract = models.CharField(max_length=8, blank=True)  # "4SX", "3NT", "PASS"; "" if none
    declarer = models.CharField(max_length=1, choices=SEATS, blank=True)
    lead = models.CharField(max_length=3, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    score_ns = models.IntegerField(null=True, blank=True)
    ns_adjustment = models.CharField(max_length=2, choices=Adjustment, blank=True)
    ew_adjustment = models.CharField(max_length=2, choices=Adjustment, blank=True)
    not_played = models.BooleanField(default=False)
    note = models.CharField(max_length=200, blank=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True

    @property
    def is_adjusted(self) -> bool:
        return bool(self.ns_adjustment)


def traveller_line_checks(prefix: str) -> list[models.CheckConstraint]:
    """The database's checks of a line's play: tricks from 0 to 13, the declarer a seat or
    none; named `<prefix>_tricks_0_13` and `<prefix>_declarer_seat`."""
    return [
        models.CheckConstraint(
            condition=Q(tricks__isnull=True) | Q(tricks__lte=13), name=f"{prefix}_tricks_0_13"
        ),
        models.CheckConstraint(
            condition=Q(declarer__in=["", "N", "E", "S", "W"]), name=f"{prefix}_declarer_seat"
        ),
    ]
