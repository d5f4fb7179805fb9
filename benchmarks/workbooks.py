"""Excel workbooks, written by openpyxl: a club evening's built in the request, and a
2,000-table event's built by the background worker.

`python benchmarks/workbooks.py` (--json, --tiny: see measure.py), on SQLite or DATABASE_URL's
PostgreSQL (a database of its own beside it), with production's settings (the database cache):
- a 30-table skip Mitchell of 9 rounds of 3 boards, every line entered (810 lines, about 26,000
  cells): the public download of its workbook, the fastest of 5 requests through the whole
  Django stack (the test client), built in the request;
- the 2,000-table, 24-board simultaneous pairs of files.py (47,893 lines, about 1.5 million
  cells): the request that queues its build (a second one queues nothing), the worker
  (`manage.py db_worker --batch`, in a process of its own) building and saving it, timed with
  that process's peak memory, and the download of the file it kept.
"""

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.measure import (
    Row,
    arguments,
    best_of,
    database_name,
    django_on_a_fresh_database,
    in_a_process,
    peak_memory_mb,
    report,
)

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def work() -> None:
    """The child process: the worker, as `make production` runs it, until its queue is empty."""
    import django
    from django.core.management import call_command

    os.environ["DJANGO_SETTINGS_MODULE"] = "benchmarks.settings"
    django.setup()
    start = time.perf_counter()
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
    print(json.dumps({"seconds": time.perf_counter() - start, "peak_mb": peak_memory_mb()}))


def _download(client, url: str, content_type: str):
    response = client.get(url)
    if response["Content-Type"] != content_type:
        raise SystemExit(f"{url} answered {response['Content-Type']}, not {content_type}")
    return response


def run(evening_tables: int, tables: int, boards: int) -> list[Row]:
    django_on_a_fresh_database()
    from django.test import Client
    from django.urls import reverse
    from django_tasks_db.models import DBTaskResult

    from benchmarks.files import simultaneous_pairs
    from benchmarks.sample_event import director_and_club, pairs_event
    from events.models import PreparedWorkbook, Result
    from events.services.imports import import_event
    from events.services.workbooks import built_by_worker

    database = database_name()
    _, club = director_and_club()
    evening = pairs_event(club, evening_tables, filled=True)
    lines = Result.objects.filter(board__section__event=evening).count()
    if built_by_worker(event=evening):
        raise SystemExit(f"the {evening_tables}-table evening's workbook is not the request's")
    url = reverse("download", args=[evening.pk, "xlsx"])
    ms, response = best_of(lambda: _download(Client(), url, XLSX), 5)
    rows = [
        Row(
            "workbooks",
            f"workbook in the request, {evening_tables} tables, {lines} lines ({database})",
            ms,
            "ms",
        ),
        Row("workbooks", f"its size ({database})", len(response.content) / 1024, "kB"),
    ]

    big = import_event(imported=simultaneous_pairs(tables, boards), club=club, as_new=True)
    url = reverse("download", args=[big.pk, "xlsx"])
    size = f"{tables:,} tables, {boards} boards"
    ms, _ = best_of(lambda: _download(Client(), url, "text/html; charset=utf-8"), 1)
    _download(Client(), url, "text/html; charset=utf-8")
    if DBTaskResult.objects.count() != 1:
        raise SystemExit("a second request for the same version queued the workbook again")
    worker = in_a_process(__file__, "--work")
    if PreparedWorkbook.objects.get().status != PreparedWorkbook.Status.READY:
        raise SystemExit(f"the worker did not build the workbook: {DBTaskResult.objects.get()}")
    served_ms, response = best_of(lambda: _download(Client(), url, XLSX), 3)
    rows += [
        Row("workbooks", f"workbook of {size}: the request queueing it ({database})", ms, "ms"),
        Row(
            "workbooks", f"the worker building and keeping it ({database})", worker["seconds"], "s"
        ),
        Row("workbooks", f"the worker's peak memory ({database})", worker["peak_mb"], "MB"),
        Row("workbooks", f"the kept file downloaded ({database})", served_ms, "ms"),
        Row("workbooks", f"its size ({database})", len(response.content) / 1024**2, "MB"),
    ]
    return rows


if __name__ == "__main__":
    if sys.argv[1:2] == ["--work"]:
        work()
    else:
        options = arguments(__doc__)
        sizes = (3, 12, 4) if options.tiny else (30, 2_000, 24)
        if options.tiny:  # the small "big" event's workbook goes to the worker too
            os.environ["WORKBOOK_CELLS_IN_REQUEST"] = "1000"
        report(run(*sizes), options)
