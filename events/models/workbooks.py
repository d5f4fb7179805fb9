"""Excel workbooks too big to build in a request, built by the background worker and kept in
the database, where every app server finds them."""

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from .event import Event


class PreparedWorkbook(models.Model):
    """An event's workbook for one version of the event (events.services.page_cache.version):
    built once by the worker however many people ask for it, and served from here."""

    # Made again from the event whenever asked: a cache, not the club's data, so a club's
    # backup leaves it out (events.services.backup).
    in_backup = False

    class Status(models.TextChoices):
        QUEUED = "queued", gettext_lazy("Being prepared")
        READY = "ready", gettext_lazy("Ready")
        FAILED = "failed", gettext_lazy("Failed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    version = models.CharField(max_length=100)
    status = models.CharField(max_length=10, choices=Status, default=Status.QUEUED)
    data = models.BinaryField(blank=True, default=b"")
    error = models.TextField(blank=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "version"], name="one_workbook_a_version")
        ]

    def __str__(self) -> str:
        return f"{self.event}: {self.get_status_display()}"
