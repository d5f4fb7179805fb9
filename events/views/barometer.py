"""A barometer's projector view: the ranking after the last complete round in large type, with
the pairs that rose or fell most in it; it asks again every 20 seconds."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from events.models import Event
from events.services.barometer import barometer_rankings
from events.services.page_cache import cached_page
from events.services.publication import public_event, results_visible
from events.views.team_rounds import PROJECTOR_SECONDS


@require_GET
def projector(request: HttpRequest, event_id: int) -> HttpResponse:
    event = public_event(event_id)
    if event.is_teams:
        raise Http404("A teams event has its own projector view.")
    template = "events/barometer_projector.html"
    if request.htmx:
        template += "#barometer"
    return cached_page(
        request, event, lambda extra: render(request, template, _context(event) | extra)
    )


def _context(event: Event) -> dict:
    rankings = barometer_rankings(event=event)
    if not rankings:
        raise Http404("This event is not a barometer.")
    return {
        "event": event,
        "rankings": rankings,
        "several_sections": len(rankings) > 1,
        "visible": results_visible(event),
        "polling": event.status == Event.Status.RUNNING,
        "seconds": PROJECTOR_SECONDS,
    }
