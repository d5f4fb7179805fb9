"""Result files to download: Excel, CSV and every other format in the FORMATS registry.

One address serves everyone: the club's directors get any of their events, anyone else what
the public pages show (no event being set up, no results the reveal rule still hides).
"""

from importlib.util import find_spec

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from events.formats import FORMATS, Format
from events.models import Event
from events.views.director import directed_event
from events.views.public import _public_event, _ranking_visible


def available_formats() -> dict[str, Format]:
    """The formats whose module exists: a format registered ahead of its module is left out."""
    return {key: fmt for key, fmt in FORMATS.items() if find_spec(fmt.module) is not None}


def export_filename(event: Event, fmt: Format) -> str:
    """ "2026-11-20-club-pairs.xlsx": the date sorts the files, the name says which event."""
    return f"{event.date:%Y-%m-%d}-{slugify(event.name) or 'event'}.{fmt.extension}"


def downloadable_event(request: HttpRequest, event_id: int) -> Event:
    """The event, if this visitor may download its results; 404 otherwise."""
    if request.user.is_authenticated:
        try:
            return directed_event(request, event_id)
        except Http404:
            pass
    event = _public_event(event_id)
    if not _ranking_visible(event):
        raise Http404("Results are shown when the director publishes them.")
    return event


@require_GET
def download(request: HttpRequest, event_id: int, format_key: str) -> HttpResponse:
    fmt = available_formats().get(format_key)
    if fmt is None:
        raise Http404(f"There is no {format_key!r} download.")
    event = downloadable_event(request, event_id)
    disposition = content_disposition_header(True, export_filename(event, fmt))
    return HttpResponse(
        fmt.export_event(event),
        content_type=fmt.content_type,
        headers={"Content-Disposition": disposition},
    )


@require_GET
def download_links(request: HttpRequest, event_id: int) -> HttpResponse:
    """The download buttons the event pages load: every format there is, for this visitor."""
    event = downloadable_event(request, event_id)
    return render(
        request,
        "events/_downloads.html#links",
        {"event": event, "formats": available_formats().items()},
    )
