"""The director's changes (the audit trail and undo) and uploaded files."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from .clubs import Club
from .event import Event

NOTE_LENGTH = 200


class Change(models.Model):
    """One director's action (a line saved, names typed, a movement or settings changed, an undo):
    the historical rows it wrote point to it."""

    class Kind(models.TextChoices):
        RESULT = "result", gettext_lazy("Traveller line")
        PAIRS = "pairs", gettext_lazy("Pairs and names")
        PLAYER = "player", gettext_lazy("Player")
        MOVEMENT = "movement", gettext_lazy("Movement")
        REPAIR = "repair", gettext_lazy("Movement repair")
        SETTINGS = "settings", gettext_lazy("Settings")
        STATUS = "status", gettext_lazy("Status")
        IMPORT = "import", gettext_lazy("Import")
        HANDS = "hands", gettext_lazy("Hand records")
        EVENT = "event", gettext_lazy("Event deleted")
        COMPETITION = "series", gettext_lazy("Multi-session event")
        TEAMS = "teams", gettext_lazy("Teams and members")
        MATCH = "match", gettext_lazy("Match")
        UNDO = "undo", gettext_lazy("Undo")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="changes")
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.SET_NULL, related_name="changes"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Who made the change, as text, when that account is not on this site: a club restored
    # from its backup links no account the file names.
    username = models.CharField(max_length=150, blank=True)
    created = models.DateTimeField(default=timezone.now)
    kind = models.CharField(max_length=10, choices=Kind)
    # What the director typed (a str, at most NOTE_LENGTH characters), or the site's sentences
    # describing the change, read in the reader's language (events.services.notes).
    note = models.JSONField(default=str, blank=True)
    undoes = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="undos"
    )

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.created:%d %b %Y %H:%M})"

    @property
    def author(self) -> str:
        """Who made the change: the account's username, or the name a restored backup kept."""
        return self.user.get_username() if self.user_id else self.username


class Upload(models.Model):
    """A results file or a member list a director uploaded: the preview and the confirmation
    refer to it by its id (the file is never posted back), and a large results file is imported
    by the worker from here."""

    class Kind(models.TextChoices):
        RESULTS = "results", gettext_lazy("Results file")
        MEMBERS = "members", gettext_lazy("Member list")

    class Status(models.TextChoices):
        WAITING = "waiting", gettext_lazy("Waiting for the director")
        QUEUED = "queued", gettext_lazy("Being imported")
        IMPORTED = "imported", gettext_lazy("Imported")
        FAILED = "failed", gettext_lazy("Failed")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="uploads")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    kind = models.CharField(max_length=10, choices=Kind, default=Kind.RESULTS)
    name = models.CharField(max_length=255)
    data = models.BinaryField()
    file_hash = models.CharField(max_length=64)
    created = models.DateTimeField(default=timezone.now)
    status = models.CharField(max_length=10, choices=Status, default=Status.WAITING)
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    error = models.TextField(blank=True)

    def __str__(self) -> str:
        return self.name
