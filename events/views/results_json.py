"""The published results of an event as JSON, at a permanent public address."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from events.formats import FORMATS
from events.models import Event
from events.services.exports import export_file


@require_GET
def results_json(request: HttpRequest, event_id: int) -> HttpResponse:
    """Settings, ranking and travellers (events.formats.json_export); 404 until published."""
    event = get_object_or_404(
        Event.objects.select_related("club"), pk=event_id, status=Event.Status.PUBLISHED
    )
    return HttpResponse(
        export_file(event=event, format_key="json"), content_type=FORMATS["json"].content_type
    )
