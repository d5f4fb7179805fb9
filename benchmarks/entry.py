"""Live entry: one result saved into a 100-table Mitchell through the real entry view.

`python benchmarks/entry.py` (--json, --tiny: see measure.py; --profile prints where the time of
the saves goes, with pyinstrument), on SQLite or DATABASE_URL's PostgreSQL. A director's client
posts each line as the browser's htmx request does (HX-Request, the row's pairs, the grid's mode)
and gets the saved row and the board's points back (the whole grid once the board is all in);
the time of each request and its queries are counted over 500 lines, after 10 to warm up. The
same is done in a 10-table Mitchell: the query count of a save must not grow with the event.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.measure import (
    Row,
    arguments,
    database_name,
    django_on_a_fresh_database,
    percentiles,
    report,
)
from benchmarks.sample_event import LINES, director_and_club, pairs_event

P95_MS = 25
WARM_UP = 10


def scheduled_lines(event):
    """(board number, NS pair, EW pair, line) for every meeting, round by round."""
    from events.models import Board
    from events.services.entry import board_meetings

    rows = []
    for board in Board.objects.filter(section__event=event).order_by("number"):
        for i, meeting in enumerate(board_meetings(board=board)):
            line = LINES[(board.number + i) % len(LINES)]
            rows.append((meeting.round, board.number, meeting.ns, meeting.ew, line))
    return [row[1:] for row in sorted(rows)]


def enter(client, event, lines) -> tuple[list[float], list[int]]:
    """Post each line; the milliseconds and the queries of each request."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    times, queries = [], []
    for number, ns, ew, text in lines:
        data = {"line": text, "ns": ns, "ew": ew, "mode": f"board:{number}"}
        url = reverse("line-save", args=[event.pk, number])
        connection.queries_log.clear()  # it keeps 9,000 queries at most: count from empty
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.post(url, data, HTTP_HX_REQUEST="true")
            times.append((time.perf_counter() - start) * 1000)
        assert response.headers.get("HX-Trigger") == '{"result-saved": {}}', response.content
        queries.append(len(captured))
    return times, queries


def run(tables: int, small: int, count: int, profile: bool) -> list[Row]:
    django_on_a_fresh_database()
    from django.test import Client

    database = database_name()
    director, club = director_and_club()
    client = Client()
    client.force_login(director)
    figures = {}
    for size in (small, tables):
        event = pairs_event(club, size, filled=False)
        lines = scheduled_lines(event)[: WARM_UP + count]
        enter(client, event, lines[:WARM_UP])
        if profile and size == tables:
            from pyinstrument import Profiler

            with Profiler() as profiler:
                enter(client, event, lines[WARM_UP:])
            profiler.print(show_all=False)
            continue
        figures[size] = enter(client, event, lines[WARM_UP:])
    if profile:
        return []
    times, queries = figures[tables]
    p50, p95 = percentiles(times)
    small_queries = max(figures[small][1])
    return [
        Row("entry", f"save a line, {tables}-table Mitchell: p50 ({database})", p50, "ms"),
        Row("entry", f"save a line, {tables}-table Mitchell: p95 ({database})", p95, "ms",
            f"< {P95_MS} ms", p95 < P95_MS),
        Row("entry", f"queries a save, {tables} tables, most ({database})", max(queries), "",
            f"= {small} tables' ({small_queries})", max(queries) <= small_queries),
    ]  # fmt: skip


if __name__ == "__main__":
    profile = "--profile" in sys.argv
    if profile:
        sys.argv.remove("--profile")
    options = arguments(__doc__)
    tables, small, count = (6, 4, 20) if options.tiny else (100, 10, 500)
    report(run(tables, small, count, profile), options)
