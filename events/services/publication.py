"""What the public may see of an event: nothing while it is set up, then as its reveal rule says."""

from django.http import Http404
from django.shortcuts import get_object_or_404

from events.models import Event, Section
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
