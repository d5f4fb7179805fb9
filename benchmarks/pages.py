"""Pages of a 200-table event, each request through the whole Django stack (the test client).

`python benchmarks/pages.py` (--json, --tiny: see measure.py), on SQLite or DATABASE_URL's
PostgreSQL. A 200-table skip Mitchell of 9 rounds of 3 boards, every line entered; then the
median of 10 requests of the director's event page (read again, and first read after a change),
a board's entry grid, the grid the director's room polls, and of the public ranking, a
scorecard and a traveller: once rendered (a cache miss) and read from the cache.
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.measure import Row, arguments, database_name, django_on_a_fresh_database, report
from benchmarks.sample_event import director_and_club, pairs_event

DIRECTOR_MS = 50
REPEATS = 10


def median_ms(client, url: str) -> float:
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, url
    return statistics.median(times)


def run(tables: int) -> list[Row]:
    django_on_a_fresh_database()
    from django.core.cache import cache
    from django.test import Client
    from django.urls import reverse

    from events.services import page_cache

    database = database_name()
    director, club = director_and_club()
    event = pairs_event(club, tables, filled=True)
    busiest = event.sections.get().boards.order_by("number").first().number
    rows = []
    client = Client()
    client.force_login(director)
    for name, url in {
        "director's event page": reverse("director-event", args=[event.pk]),
        "entry grid of a board": reverse("director-board", args=[event.pk, busiest]),
        "room's grid (polled every 3 s)": reverse("director-room-grid", args=[event.pk]),
    }.items():
        ms = median_ms(client, url)
        what = f"{name}, {tables} tables ({database})"
        rows.append(Row("pages", what, ms, "ms", f"< {DIRECTOR_MS} ms", ms < DIRECTOR_MS))
    # What the event page keeps until the event changes (its problems, progress, rankings) is
    # worked out again after every saved line: the page as the director first sees it then.
    # The room's grid likewise, as it is polled while the tables' lines come in.
    for name, url in {
        "director's event page": reverse("director-event", args=[event.pk]),
        "room's grid": reverse("director-room-grid", args=[event.pk]),
    }.items():
        times = []
        for _ in range(REPEATS):
            page_cache.changed(event_id=event.pk)
            start = time.perf_counter()
            client.get(url)
            times.append((time.perf_counter() - start) * 1000)
        what = f"{name}, first read after a change ({database})"
        rows.append(Row("pages", what, statistics.median(times), "ms"))
    reader = Client()
    for name, url in {
        "ranking": reverse("event", args=[event.pk]),
        "scorecard": reverse("scorecard", args=[event.pk, "A", 1]),
        "traveller": reverse("traveller", args=[event.pk, "A", busiest]),
    }.items():
        times = []
        for _ in range(REPEATS):
            cache.clear()
            start = time.perf_counter()
            reader.get(url)
            times.append((time.perf_counter() - start) * 1000)
        rows.append(
            Row("pages", f"public {name}, rendered ({database})", statistics.median(times), "ms")
        )
        rows.append(
            Row("pages", f"public {name}, cached ({database})", median_ms(reader, url), "ms")
        )
    return rows


if __name__ == "__main__":
    options = arguments(__doc__)
    report(run(6 if options.tiny else 200), options)
