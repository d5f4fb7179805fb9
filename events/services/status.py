"""An event's status: started, published, and reopened with a reason to correct it.

A published event changes only while reopened; each move is recorded, and publishing again
after a correction tells players when their results were corrected.
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from events.models import Board, Change, Event, Match
from events.services.history import recording


class EventLocked(Exception):
    """A change refused because the event is published and not reopened; str() says what to do."""


class StatusRefused(Exception):
    """A status move that is not allowed; str() says why."""


LOCKED = gettext_lazy("the event is published: reopen it, with a reason, before changing it")

# The moves the status buttons make; a published event leaves "published" only by reopening.
MOVES = {
    (Event.Status.SETUP, Event.Status.RUNNING),
    (Event.Status.RUNNING, Event.Status.SETUP),
    (Event.Status.RUNNING, Event.Status.PUBLISHED),
}


def check_editable(event: Event) -> None:
    """Raise EventLocked when the event may not change as it stands."""
    if event.is_locked:
        raise EventLocked(LOCKED)


def change_status(*, event: Event, status: str, user=None) -> None:
    """Start, publish or (before publication) take an event back to set-up; publishing a
    reopened event again closes the correction and dates it. Recorded as one change."""
    current = Event.Status(event.status)
    reopened = event.is_published and event.reopened_on is not None
    if reopened and status == Event.Status.PUBLISHED:
        event.reopened_on, event.corrected_on = None, timezone.now()
    elif (current, status) in MOVES:
        event.status = status
    elif event.is_published:
        raise StatusRefused(
            gettext("a published event is not taken back: reopen it with a reason to correct it")
        )
    else:
        raise StatusRefused(
            gettext("the event cannot go from %(current)s to %(status)s")
            % {"current": str(current.label).lower(), "status": status}
        )
    with (
        transaction.atomic(),
        recording(club=event.club, event=event, user=user, kind=Change.Kind.STATUS),
    ):
        if status == Event.Status.PUBLISHED:
            # Saves in flight finish first, and later ones find the event published: every
            # save holds its board and looks at the status under that lock (services.entry).
            list(Board.objects.select_for_update().filter(section__event=event).order_by("pk"))
            # A teams event's saves hold their match (services.teams.lines) instead.
            list(Match.objects.select_for_update().filter(event=event).order_by("pk"))
        event.save(update_fields=["status", "reopened_on", "corrected_on"])


def reopen_event(*, event: Event, reason: str, user=None) -> None:
    """Open a published event for correction; the reason is kept in its history."""
    if not event.is_published:
        raise StatusRefused(
            gettext("only a published event is reopened; this one can be changed as it is")
        )
    if event.reopened_on is not None:
        raise StatusRefused(gettext("the event is already reopened"))
    event.reopened_on = timezone.now()
    with recording(club=event.club, event=event, user=user, kind=Change.Kind.STATUS, note=reason):
        event.save(update_fields=["reopened_on"])
