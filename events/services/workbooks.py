"""An event's Excel workbook when it is too big to build in a request: built by the background
worker once per version of the event (page_cache.version, which every saved line, recorded
change and publication replaces), however many people ask for it, and kept in the database
(PreparedWorkbook), where every app server finds it.

Only the first request for a version gets a new PreparedWorkbook back, and the caller queues
its build (events.tasks.prepare_workbook) once the transaction commits: the services never
import the tasks, which call them.
"""

from django.conf import settings
from django.db import transaction

from events.models import Event, PreparedWorkbook, Result
from events.services.exports import export_file
from events.services.page_cache import version

# A pairs workbook's cells for each traveller line: its row of the travellers (10 cells) and
# a row of the scorecards for each of its two pairs (11 each).
CELLS_A_LINE = 32


def built_by_worker(*, event: Event) -> bool:
    """Whether the event's workbook has more cells than a request builds
    (settings.WORKBOOK_CELLS_IN_REQUEST). A teams event's workbook is always built in the
    request: a match's boards are a row each, thousands of rows at most."""
    if event.is_teams:
        return False
    lines = Result.objects.filter(board__section__event=event).count()
    return lines * CELLS_A_LINE > settings.WORKBOOK_CELLS_IN_REQUEST


def prepared_workbook(*, event: Event) -> tuple[PreparedWorkbook, bool]:
    """The workbook of the event's current version, its file read only when asked for (a poll
    needs its status alone), and whether it is new (its build is then the caller's to queue).
    A new one replaces the workbooks of the versions before it."""
    with transaction.atomic():
        workbook, created = PreparedWorkbook.objects.defer("data").get_or_create(
            event=event, version=version(event)
        )
        if created:
            PreparedWorkbook.objects.filter(event=event, pk__lt=workbook.pk).delete()
    return workbook, created


def build_prepared_workbook(*, workbook_id: int) -> bool:
    """Build the kept workbook's file and save it, ready; False when a newer version replaced
    it (or its event is gone) before or while it was built, and then nothing is kept. A failure
    is written on the workbook, where its page shows it, and raised."""
    workbook = PreparedWorkbook.objects.select_related("event__club").filter(pk=workbook_id).first()
    if workbook is None:
        return False
    try:
        data = export_file(event=workbook.event, format_key="xlsx")
    except Exception as failure:
        PreparedWorkbook.objects.filter(pk=workbook_id).update(
            status=PreparedWorkbook.Status.FAILED, error=str(failure)[:1000]
        )
        raise
    kept = PreparedWorkbook.objects.filter(pk=workbook_id).update(
        status=PreparedWorkbook.Status.READY, data=data
    )
    return bool(kept)
