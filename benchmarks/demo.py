"""The demo `make run` loads: `manage.py load_demo` on a new database, as a new user waits for it,
then again (the demo is kept as it is), and the worker working out its hands' double-dummy
tables afterwards, which load_demo leaves to it.

`python benchmarks/demo.py` (--json, --tiny: see measure.py), on SQLite or DATABASE_URL's
PostgreSQL (a database of its own beside it), with production's settings. Each command runs in
a process of its own, timed from its start (Django's own start-up included) to its end, with
the CPU time it took. The demo has one size: --tiny leaves out the worker.
"""

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.measure import (
    ROOT,
    Row,
    arguments,
    database_name,
    django_on_a_fresh_database,
    report,
)

TARGET_SECONDS = 10


def manage(*args: str) -> tuple[float, float]:
    """`manage.py args` in a process of its own: its wall time and CPU time, in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=os.environ, capture_output=True
    )
    seconds = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(done.stderr.decode())
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return seconds, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run(tiny: bool) -> list[Row]:
    django_on_a_fresh_database()  # migrated, and the settings' environment set for the commands
    from events.models import Board, Club, Result

    database = database_name()
    seconds, cpu = manage("load_demo")
    club = Club.objects.get(is_demo=True)
    lines = Result.objects.filter(board__section__event__club=club).count()
    rows = [
        Row(
            "demo",
            f"load_demo, new database, {lines} lines ({database})",
            seconds,
            "s",
            f"< {TARGET_SECONDS} s",
            seconds < TARGET_SECONDS,
        ),
        Row("demo", f"its CPU time ({database})", cpu, "s"),
    ]
    seconds, _ = manage("load_demo")
    rows.append(Row("demo", f"load_demo again, the demo kept ({database})", seconds, "s"))
    if not tiny:
        seconds, cpu = manage("db_worker", "--batch", "--no-startup-delay")
        boards = Board.objects.filter(section__event__club=club, double_dummy__isnull=False)
        rows += [
            Row(
                "demo",
                f"the worker: {boards.count()} boards' double-dummy tables ({database})",
                seconds,
                "s",
            ),
            Row("demo", f"its CPU time, every core ({database})", cpu, "s"),
        ]
    return rows


if __name__ == "__main__":
    options = arguments(__doc__)
    report(run(options.tiny), options)
