"""A room under load (issue 23): `make production` on the database serving a 200-table session
(ten sections of a 20-table Mitchell, four rounds played) in which every table enters its three
boards of round 5 from a phone and the opponents accept them, all within the same 60 seconds
(1,200 requests), while 800 phones each reload the live ranking every 15 seconds or so.

Two wrk processes (Debian's package: in C, they leave the cores to the server) run at once:
`lua/tables.lua` sends the tables' requests in order, each table's connection waiting a random
while between two of its own, and `lua/phones.lua` keeps 800 connections each reading the
ranking about every 15 s. Beside them, the same server's largest static file alone. Reported:
the p99 of a table's save (entered, then accepted) and of a reading, every line saved once, and
no error answer. `--tiny` runs 4 tables and 20 phones for a few seconds.
"""

import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.load import milliseconds, start_server, wait_for
from benchmarks.measure import Row, arguments, database_name, django_on_a_fresh_database, report
from benchmarks.sample_event import director_and_club, pairs_event

SAVE_P99_MS, READ_P99_MS = 300, 150
LUA = Path(__file__).resolve().parent / "lua"
LINES = ["4S N 10", "3NT S 9", "2H W 8"]


def table_requests(event, round_number: int) -> list[str]:
    """Every table's lines of the round, entered, then accepted: one request a line of the
    returned list (METHOD PATH BODY), all the entries first."""
    from django.urls import reverse

    from events.models import TableRound
    from events.services.tables.access import event_tables

    tokens = {(a.section_id, a.table): a.token for a in event_tables(event=event)}
    entered, accepted = [], []
    rounds = TableRound.objects.filter(section__event=event, round=round_number)
    for table_round in rounds.order_by("section__letter", "table"):
        token = tokens[table_round.section_id, table_round.table]
        for i, board in enumerate(range(table_round.low_board, table_round.high_board + 1)):
            key = uuid.uuid4()
            text = LINES[i % len(LINES)].replace(" ", "+")
            entered.append(
                f"POST {reverse('table-line', args=[token])} "
                f"key={key}&round={round_number}&board={board}&text={text}"
            )
            accepted.append(f"POST {reverse('table-accept', args=[token, key])} pin=")
    return entered + accepted


def open_tables(server: str, event) -> None:
    """Every table's phone opens the table's page before the round, as players do when they
    sit down (and so every server process has drawn a page before the round is timed)."""
    import httpx

    from events.services.tables.access import event_tables, table_url

    for access in event_tables(event=event):
        httpx.get(server + table_url(access=access), timeout=30).raise_for_status()


def wrk(script: str, url: str, connections: int, seconds: float, *args: str):
    threads = min(connections, len(os.sched_getaffinity(0)))
    return subprocess.Popen(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{round(seconds)}s", "--latency",
         "--timeout", "10s", "-s", str(LUA / script), url, "--", *args, str(threads)],
        stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip


def figures(process: subprocess.Popen) -> tuple[int, float, int]:
    """Requests answered, the p99 in ms, and the error answers and socket errors, from wrk's
    report (a table's refusal prints itself on stderr)."""
    out = process.communicate()[0]
    answered = int(re.search(r"(\d+) requests in", out)[1])
    p99 = milliseconds(re.search(r"^\s+99%\s+(\S+)\s*$", out, re.MULTILINE)[1])
    failed = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    sockets = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out
    )
    errors = (int(failed[1]) if failed else 0) + (sum(map(int, sockets.groups())) if sockets else 0)
    return answered, p99, errors


def run(sections: int, tables: int, played: int, phones: int, seconds: float) -> list[Row]:
    django_on_a_fresh_database()
    from events.models import Result, TableLine

    database = database_name()
    _, club = director_and_club()
    event = pairs_event(club, tables, filled=True, sections=sections, rounds=played)
    requests = table_requests(event, played + 1)
    scratch = Path(tempfile.mkdtemp())
    (scratch / "requests.txt").write_text("\n".join(requests) + "\n")
    # A table's connection stays open, idle, from its last request to the end of the run (wrk
    # sends nothing more): the server keeps it, where it would close it after 30 s and wrk
    # count that as an error (a phone's browser opens another connection without a word).
    process, server = start_server(scratch, GUNICORN_KEEPALIVE=str(round(seconds * 2 + 30)))
    try:
        wait_for(server, process, scratch)
        ranking = f"{server}{event.get_absolute_url()}"
        open_tables(server, event)
        lines_before = Result.objects.filter(board__section__event=event).count()
        # A table's connection waits about this long before each of its six requests: they
        # are all sent within `seconds`, nearly always.
        spread = str(round(1000 * seconds / (len(requests) / (sections * tables) + 1)))
        readers = wrk("phones.lua", ranking, phones, seconds + 5, str(round(15_000 * seconds / 60)))
        time.sleep(2)
        savers = wrk("tables.lua", server, sections * tables, seconds * 1.5 + 5,
                     str(scratch / "requests.txt"), spread)  # fmt: skip
        saves, save_p99, save_errors = figures(savers)
        reads, read_p99, read_errors = figures(readers)
        lines = Result.objects.filter(board__section__event=event).count() - lines_before
        expected = len(requests) // 2
        waiting = TableLine.objects.exclude(state="accepted").count()
        where = f"{sections * tables} tables, {phones} phones ({database})"
        return [
            Row("room", f"table requests answered, {where}", saves, "", f">= {len(requests)}",
                saves >= len(requests)),
            Row("room", "table saves (entered, accepted): p99", save_p99, "ms",
                f"< {SAVE_P99_MS} ms", save_p99 < SAVE_P99_MS),
            Row("room", "lines saved once each", lines, "", f"= {expected}, 0 waiting",
                lines == expected and waiting == 0),
            Row("room", f"ranking reads in {seconds:.0f} s", reads, ""),
            Row("room", "ranking reads: p99", read_p99, "ms", f"< {READ_P99_MS} ms",
                read_p99 < READ_P99_MS),
            Row("room", "error answers (saves, reads)", save_errors + read_errors, "", "0",
                save_errors + read_errors == 0),
        ]  # fmt: skip
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


if __name__ == "__main__":
    options = arguments(__doc__)
    size = (1, 4, 1, 20, 6.0) if options.tiny else (10, 20, 4, 800, 60.0)
    report(run(*size), options)
