"""Work too slow for a request, run by the database-backed worker (`manage.py db_worker`)."""

from django.contrib.auth import get_user_model
from django.tasks import task

from events.models import Event, Upload
from events.services.hand_records import analyse_event_hands
from events.services.imports import import_upload
from events.services.workbooks import build_prepared_workbook


@task()
def analyse_hands(*, event_id: int) -> int:
    """Double-dummy tables and par for the event's dealt boards; how many boards were analysed."""
    event = Event.objects.filter(pk=event_id).first()
    return analyse_event_hands(event=event) if event else 0  # deleted meanwhile: nothing to do


@task()
def import_large_file(*, upload_id: int, earlier: str, user_id: int | None) -> int:
    """Import a large uploaded file, then analyse its hands; the event's id.

    A failure is written on the upload, where the director's page shows it, and then raised so
    that the task's result says so too.
    """
    upload = Upload.objects.select_related("club").get(pk=upload_id)
    try:
        event = import_upload(
            upload=upload, earlier=earlier, user=get_user_model().objects.filter(pk=user_id).first()
        )
    except Exception as failure:
        upload.status, upload.error = Upload.Status.FAILED, str(failure)[:1000]
        upload.save(update_fields=["status", "error"])
        raise
    analyse_event_hands(event=event)
    return event.pk


@task()
def prepare_workbook(*, workbook_id: int) -> bool:
    """Build an event's big Excel workbook for the version it was asked for; whether it was
    built (not when a newer version replaced it meanwhile)."""
    return build_prepared_workbook(workbook_id=workbook_id)
