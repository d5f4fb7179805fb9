"""Result files to download: Excel, CSV and every other format in the FORMATS registry.

One address serves everyone: the club's directors get any of their events, anyone else what
the public pages show (no event being set up, no results the reveal rule still hides). A
workbook too big to build in a request is built by the worker, once for each version of the
event: until it is ready the address answers with a page that says so and follows it (htmx
polling, or a meta refresh without JavaScript), then with the file.
"""

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from events.formats import FORMATS, Format, formats_for
from events.models import Event
from events.services.exports import export_file
from events.services.publication import everything_visible, hidden_hands, public_event
from events.services.workbooks import built_by_worker, prepared_workbook
from events.tasks import prepare_workbook
from events.views.director import directed_event


def export_filename(event: Event, fmt: Format) -> str:
    """ "2026-11-20-club-pairs.xlsx": the date sorts the files, the name says which event."""
    return f"{event.date:%Y-%m-%d}-{slugify(event.name) or 'event'}.{fmt.extension}"


def downloadable_event(request: HttpRequest, event_id: int) -> tuple[Event, set[int], bool]:
    """The event, if this visitor may download its results (404 otherwise), the boards whose
    hands this visitor may not see yet (none for its directors), and whether the visitor is
    the public (who may not see an unfinished match's boards either)."""
    if request.user.is_authenticated:
        try:
            return directed_event(request, event_id), set(), False
        except Http404:
            pass
    event = public_event(event_id)
    if not everything_visible(event):
        raise Http404("The results files are ready when the director publishes the results.")
    return event, hidden_hands(event), True


@require_GET
def download(request: HttpRequest, event_id: int, format_key: str) -> HttpResponse:
    fmt = FORMATS.get(format_key)
    if fmt is None:
        raise Http404(f"There is no {format_key!r} download.")
    event, hidden, public = downloadable_event(request, event_id)
    if (format_key, fmt) not in formats_for(teams=event.is_teams):
        raise Http404(f"A teams event has no {fmt.label} download.")
    if format_key == "xlsx" and built_by_worker(event=event):
        return _prepared(request, event, fmt)
    return _file(
        event,
        fmt,
        export_file(event=event, format_key=format_key, hidden_hands=hidden, public=public),
    )


def _file(event: Event, fmt: Format, data: bytes) -> HttpResponse:
    disposition = content_disposition_header(True, export_filename(event, fmt))
    return HttpResponse(
        data, content_type=fmt.content_type, headers={"Content-Disposition": disposition}
    )


POLL_SECONDS = 3


def _prepared(request: HttpRequest, event: Event, fmt: Format) -> HttpResponse:
    """The workbook the worker built for the event as it is now; until it is ready (the first
    request for this version queues its build), a page that follows it. htmx's polls get the
    page's status part, never the file."""
    workbook, created = prepared_workbook(event=event)
    if created:
        transaction.on_commit(lambda: prepare_workbook.enqueue(workbook_id=workbook.pk))
    if workbook.status == workbook.Status.READY and not request.htmx:
        return _file(event, fmt, bytes(workbook.data))
    template = "events/workbook_preparing.html"
    if request.htmx:
        template += "#workbook-progress"
    context = {"event": event, "workbook": workbook, "seconds": POLL_SECONDS}
    response = render(request, template, context)
    add_never_cache_headers(response)
    return response
