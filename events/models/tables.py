"""The players' own entry at the table: a table's way in (the token its QR code carries), the
lines its players enter before the opponents accept them, and their calls to the director.

A line entered at a table is not a result until the opponents accept it: it waits here, in the
director's words (the traveller-line text the director would type), and only acceptance saves it
through the entry service as a Result (pairs, individuals) or a MatchLine (teams).
"""

import secrets

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from .event import Event
from .pairs import Result, Section
from .teams import MatchLine


def new_token() -> str:
    """A table's token: 256 random bits, in a URL's alphabet (43 characters)."""
    return secrets.token_urlsafe(32)


class TableAccess(models.Model):
    """One table of a running session, as its players reach it: a pairs or individual section's
    table, or one of the two tables ("half") of the match played at a teams table number.

    The token is the table's only key: it is shown (and regenerated) by the director, printed as
    a QR code on the table card, and refused once the event is published.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="table_accesses")
    # A pairs or individual section; blank for teams.
    section = models.ForeignKey(
        Section, null=True, blank=True, on_delete=models.CASCADE, related_name="table_accesses"
    )
    table = models.PositiveSmallIntegerField()
    # Teams: the match's table 1 or 2 (home NS at 1, away NS at 2); 0 for pairs.
    half = models.PositiveSmallIntegerField(default=0)
    token = models.CharField(max_length=64, unique=True, default=new_token)
    # The round whose players said at the table that they are seated: the round before it, its
    # results and hands, is no longer shown on the table's page (the players who just sat down
    # may play those boards later) and is the director's to correct.
    seated_round = models.PositiveSmallIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)

    # The evening's working state, and the site's secrets: a club's backup leaves the tables'
    # tokens, waiting lines and calls out (events.services.backup), so that a copy restored
    # beside its club opens none of its tables; the lines accepted are the backup's results.
    in_backup = False

    class Meta:
        ordering = ["section__letter", "table", "half"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "table"],
                condition=Q(section__isnull=False),
                name="table_access_section_once",
            ),
            models.UniqueConstraint(
                fields=["event", "table", "half"],
                condition=Q(section__isnull=True),
                name="table_access_match_once",
            ),
            models.CheckConstraint(condition=Q(half__in=[0, 1, 2]), name="table_access_half"),
        ]

    def __str__(self) -> str:
        return f"Table {self.table}" + (f" ({self.half})" if self.half else "")


class TableLine(models.Model):
    """A line a table entered: waiting for the opponents (entered), sent back by them
    (disputed), or accepted and saved as `result` / `match_line`.

    `key` is the phone's own id for the line, so that a line sent twice (a lost answer, a queue
    replayed after the Wi-Fi came back) is one line.
    """

    in_backup = False  # as TableAccess's

    class State(models.TextChoices):
        ENTERED = "entered", gettext_lazy("Waiting for the opponents")
        DISPUTED = "disputed", gettext_lazy("Disputed")
        ACCEPTED = "accepted", gettext_lazy("Accepted")

    access = models.ForeignKey(TableAccess, on_delete=models.CASCADE, related_name="lines")
    round = models.PositiveSmallIntegerField()
    board_number = models.PositiveSmallIntegerField()
    # The line in the director's words, without the pairs: "4S N 10 SK", "PASS".
    text = models.CharField(max_length=80)
    key = models.UUIDField(unique=True)
    state = models.CharField(max_length=8, choices=State, default=State.ENTERED)
    # The saved line: once accepted, or the line a correction reopens.
    result = models.ForeignKey(
        Result, null=True, blank=True, on_delete=models.SET_NULL, related_name="table_lines"
    )
    match_line = models.ForeignKey(
        MatchLine, null=True, blank=True, on_delete=models.SET_NULL, related_name="table_lines"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "board_number", "created"]
        constraints = [
            # One line of a board at a table waits at a time; a teams table plays the same
            # board numbers again in its next round's match.
            models.UniqueConstraint(
                fields=["access", "round", "board_number"],
                condition=~Q(state="accepted"),
                name="table_line_waiting_once",
            ),
        ]

    def __str__(self) -> str:
        return f"Board {self.board_number} at {self.access}: {self.text}"


class TableCall(models.Model):
    """A table's call to the director (the button, or a dispute), until the director clears it."""

    in_backup = False  # as TableAccess's

    class Kind(models.TextChoices):
        CALL = "call", gettext_lazy("Director called")
        DISPUTE = "dispute", gettext_lazy("Score disputed")

    access = models.ForeignKey(TableAccess, on_delete=models.CASCADE, related_name="calls")
    round = models.PositiveSmallIntegerField()
    board_number = models.PositiveSmallIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=8, choices=Kind, default=Kind.CALL)
    created = models.DateTimeField(auto_now_add=True)
    cleared = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created"]
        indexes = [models.Index(fields=["access", "cleared"], name="table_call_open")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} at {self.access}"
