"""What every tracked model shares: the history of its rows, tied to the director's changes."""

from django.db import models
from simple_history.models import HistoricalRecords

SEATS = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]


class ChangeRecord(models.Model):
    """What every historical row carries besides the row: the director's change it belongs to."""

    change = models.ForeignKey(
        "events.Change", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )

    class Meta:
        abstract = True


def tracked(*derived: str) -> HistoricalRecords:
    """The history of a model's rows, tied to changes; `derived` fields (scores that rescoring
    recomputes) are left out of it."""
    return HistoricalRecords(bases=[ChangeRecord], excluded_fields=list(derived))
