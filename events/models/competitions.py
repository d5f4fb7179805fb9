"""Events of several sessions, ranked together."""

from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy

from scoring.carry_over import CARRY_OVER_METHODS

from .base import labelled, tracked
from .clubs import Club
from .event import Event


class Competition(models.Model):
    """A multi-session event or a series: existing events of the club as its sessions, in
    order, and how each pair's sessions carry over into one cumulative ranking. Pairs are the
    same entrant across sessions when they are the same two players."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="competitions")
    name = models.CharField(gettext_lazy("name"), max_length=120)
    carry_over = models.CharField(
        gettext_lazy("carry-over"),
        max_length=16,
        choices=labelled(CARRY_OVER_METHODS),
        default="sum-percent",
    )
    best_of = models.PositiveSmallIntegerField(
        gettext_lazy("best sessions counted"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=gettext_lazy(
            "For a series: only each pair's best n sessions count. Blank: every session."
        ),
    )
    created = models.DateTimeField(auto_now_add=True)
    history = tracked()

    class Meta:
        ordering = ["-created", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(best_of__isnull=True) | Q(best_of__gte=1), name="competition_best_of"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("competition", kwargs={"competition_id": self.pk})


class CompetitionSession(models.Model):
    """One event as a session of a competition, at its place in the order."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="sessions")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    position = models.PositiveSmallIntegerField()
    history = tracked()

    class Meta:
        ordering = ["position", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "event"], name="competition_session_once"
            )
        ]

    def __str__(self) -> str:
        return f"Session {self.position} of {self.competition}"
