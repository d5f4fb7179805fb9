"""An individual event's players: numbered as the movement numbers them, seated side by side.

Each round the two players sitting North-South at a table are a side, and so are the two
East-West; a side is a `Pair` of the section, which scoring, entry and travellers treat as any
pair. `Seat` says which player sat in which seat of which side; a player's score is the sum of
their sides' (scoring.movements.individual).
"""

from django.db import models

from .base import tracked
from .clubs import Player
from .pairs import Pair, Section


class IndividualPlayer(models.Model):
    """A player of an individual event, by the number the movement gives them."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="individuals")
    number = models.PositiveSmallIntegerField()
    # RESTRICT as Partnership: a club player in an event stays while the event does.
    player = models.ForeignKey(Player, on_delete=models.RESTRICT, null=True, blank=True)
    name = models.CharField(max_length=120, blank=True)
    history = tracked()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "number"], name="individual_player_number_unique"
            )
        ]

    def __str__(self) -> str:
        return f"Player {self.number}"

    @property
    def label(self) -> str:
        """'7 Ann Smith', or '7' before the player is named."""
        return f"{self.number} {self.name}".strip()


class Seat(models.Model):
    """One player's seat in one side."""

    side = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="seats")
    individual = models.ForeignKey(IndividualPlayer, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=1, choices=[(s, s) for s in "NSEW"])
    history = tracked()

    class Meta:
        ordering = ["side__number", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["side", "seat"], name="seat_once_a_side"),
            models.UniqueConstraint(fields=["side", "individual"], name="player_once_a_side"),
        ]

    def __str__(self) -> str:
        return f"{self.individual} {self.seat} in {self.side}"
