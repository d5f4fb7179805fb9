"""The rounds of a teams event as they were drawn: how, from which standings, and the notes the
director's draw options leave (a late match left out, two teams swapped)."""

from django.db import models
from django.utils.translation import gettext_lazy

from .base import tracked
from .event import Event


class TeamRound(models.Model):
    """One round of a teams event: a Swiss round drawn from the standings, a round of a round
    robin's schedule, or a knock-out stage. Its matches are the event's matches of that round."""

    class Stage(models.TextChoices):
        SWISS = "swiss", gettext_lazy("Swiss")
        ROUND_ROBIN = "round-robin", gettext_lazy("Round robin")
        KNOCKOUT = "knockout", gettext_lazy("Knock-out")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="team_rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=12, choices=Stage)
    # The round whose standings drew this one (0: before any round was played); blank for a
    # first round, a round robin's schedule and a knock-out's first stage drawn from the seeds.
    standings_after = models.PositiveSmallIntegerField(null=True, blank=True)
    # How it was drawn, then every match a late draw left out and every swap: the site's
    # sentences, read in the reader's language (events.services.notes).
    note = models.JSONField(default=list, blank=True)
    history = tracked()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="team_round_unique")
        ]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.event}"
