"""A workbook too big for a request: built by the worker once per version of the event, however
many ask, and the download page following it."""

import io

import openpyxl
import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from events.models import Event, PreparedWorkbook
from events.services.exports import export_file
from events.services.workbooks import CELLS_A_LINE
from scoring import mitchell
from tests.events.test_exports import LINES, XLSX, enter

# The worker closes its connection when it is done: the test's rows must be committed.
pytestmark = pytest.mark.django_db(transaction=True)

LINES_ENTERED = 7  # in LINES
HTMX = {"HX-Request": "true"}


@pytest.fixture
def event(make_event):
    event = make_event(mitchell(3, 2), adjusted_scores="fixed")
    enter(event, LINES)
    return Event.objects.select_related("club").get(pk=event.pk)


@pytest.fixture
def big(settings, event):
    """The event, with the limit one cell below its workbook's."""
    settings.WORKBOOK_CELLS_IN_REQUEST = LINES_ENTERED * CELLS_A_LINE - 1
    return event


def download_url(event):
    return reverse("download", args=[event.pk, "xlsx"])


def sheet_values(data: bytes) -> dict[str, list[tuple]]:
    book = openpyxl.load_workbook(io.BytesIO(data))
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in book}


def run_worker():
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)


def test_a_workbook_within_the_limit_is_built_in_the_request(settings, event):
    settings.WORKBOOK_CELLS_IN_REQUEST = LINES_ENTERED * CELLS_A_LINE

    response = Client().get(download_url(event))

    assert response["Content-Type"] == XLSX
    assert sheet_values(response.content) == sheet_values(
        export_file(event=event, format_key="xlsx")
    )
    assert (DBTaskResult.objects.count(), PreparedWorkbook.objects.count()) == (0, 0)


def test_a_big_workbook_is_queued_once_a_version_however_many_ask(big, director_client):
    url = download_url(big)

    first = Client().get(url)
    others = [Client().get(url), director_client.get(url), Client().get(url, headers=HTMX)]

    task = DBTaskResult.objects.get()
    workbook = PreparedWorkbook.objects.get()
    assert (task.task_path, task.status) == ("events.tasks.prepare_workbook", "READY")
    assert task.args_kwargs == {"args": [], "kwargs": {"workbook_id": workbook.pk}}
    assert (workbook.event_id, workbook.status, bytes(workbook.data)) == (big.pk, "queued", b"")
    page = first.content.decode()
    assert first["Content-Type"] == "text/html; charset=utf-8"
    assert first["Cache-Control"] == "max-age=0, no-cache, no-store, must-revalidate, private"
    assert '<noscript><meta http-equiv="refresh" content="3"></noscript>' in page
    assert f'hx-get="{url}" hx-trigger="every 3s" hx-swap="outerHTML"' in page
    assert "it is being prepared in the background" in page
    assert [o.content.decode().count('id="workbook-progress"') for o in others] == [1, 1, 1]
    assert "<html" not in others[2].content.decode()  # htmx's poll: the status part alone


def test_the_worker_builds_it_and_the_page_then_offers_the_file(big):
    url = download_url(big)
    Client().get(url)

    run_worker()

    assert DBTaskResult.objects.get().status == "SUCCESSFUL"
    with CaptureQueriesContext(connection) as polled:
        poll = Client().get(url, headers=HTMX).content.decode()
    assert [q["sql"] for q in polled if '"data"' in q["sql"]] == []  # a poll reads no file
    assert "The Excel workbook is ready." in poll
    assert f'<a class="button" href="{url}">Download the workbook</a>' in poll
    assert "hx-get" not in poll
    response = Client().get(url)
    assert response["Content-Type"] == XLSX
    assert response["Content-Disposition"] == 'attachment; filename="2026-11-20-club-pairs.xlsx"'
    assert sheet_values(response.content) == sheet_values(export_file(event=big, format_key="xlsx"))
    assert DBTaskResult.objects.count() == 1


def test_a_new_version_of_the_event_is_built_again_and_replaces_the_old(big):
    url = download_url(big)
    Client().get(url)
    enter(big, {3: {2: "3NT N 9"}})  # a saved line: a new version of the event

    page = Client().get(url).content.decode()
    run_worker()

    assert "it is being prepared in the background" in page
    assert sorted(t.return_value for t in DBTaskResult.objects.all()) == [False, True]
    workbook = PreparedWorkbook.objects.get()
    assert workbook.status == "ready"
    built = sheet_values(bytes(workbook.data))
    assert built == sheet_values(export_file(event=big, format_key="xlsx"))
    assert [row[:6] for row in built["Travellers"] if row[2] == "3NT" and row[5] == 9] == [
        (2, 6, "3NT", "N", None, 9),  # board 2's
        (2, 5, "3NT", "N", None, 9),  # board 3's, the new line
    ]


def test_a_workbook_that_could_not_be_built_says_so_and_stops_following(big):
    url = download_url(big)
    Client().get(url)
    PreparedWorkbook.objects.update(status=PreparedWorkbook.Status.FAILED, error="out of memory")

    page = Client().get(url).content.decode()

    assert "The Excel workbook could not be prepared." in page
    assert "out of memory" not in page
    assert "hx-get" not in page and "refresh" not in page
    assert DBTaskResult.objects.count() == 1


def test_a_teams_workbook_is_built_in_the_request(settings, make_team_event):
    settings.WORKBOOK_CELLS_IN_REQUEST = 0
    event = make_team_event(teams=4, boards_per_match=4)

    response = Client().get(download_url(event))

    assert response["Content-Type"] == XLSX
    assert (DBTaskResult.objects.count(), PreparedWorkbook.objects.count()) == (0, 0)
