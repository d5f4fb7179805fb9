"""What the public may see of an event: nothing while it is set up, then as its reveal rule says."""

from django.db.models import Count, Max, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from events.models import Board, Event, Section
from events.services.rankings import revealed_round


def public_event(event_id: int) -> Event:
    """The event, once it has started; 404 while the director is still setting it up."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
    if event.status == Event.Status.SETUP:
        raise Http404("This event has not started.")
    return event


def results_visible(event: Event) -> bool:
    """Whether any result may be shown: not under the end-of-session rule until published."""
    return event.is_published or event.reveal != Event.Reveal.END_OF_SESSION


def everything_visible(event: Event) -> bool:
    """Whether every line may be shown, as files to download for instance."""
    return event.is_published or event.reveal == Event.Reveal.ALWAYS


def reveal_limit(event: Event, section: Section) -> int | None:
    """The last round the public may see, or None when every saved line may be shown."""
    if everything_visible(event):
        return None
    return revealed_round(section=section)


def hidden_hands(event: Event, boards: QuerySet[Board] | None = None) -> set[int]:
    """The boards (ids) whose deal, double-dummy table and par the public may not see yet.

    Until the event is published, a board's hand is shown once every table the movement
    schedules on it has played it, and then only if its lines are shown: a player who has not
    played a board must not find its cards. `boards` narrows the answer to some of the event's.
    """
    if event.is_published:
        return set()
    boards = Board.objects.filter(section__event=event) if boards is None else boards
    rows = boards.annotate(entered=Count("results"), last_round=Max("results__round"))
    if not results_visible(event):
        return set(rows.values_list("pk", flat=True))
    limits = {section.pk: reveal_limit(event, section) for section in event.sections.all()}
    hidden = set()
    for pk, section_id, expected, entered, last_round in rows.values_list(
        "pk", "section", "expected_results", "entered", "last_round"
    ):
        limit = limits[section_id]
        if not expected or entered < expected or (limit is not None and (last_round or 0) > limit):
            hidden.add(pk)
    return hidden
