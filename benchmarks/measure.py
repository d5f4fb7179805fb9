"""What every benchmark shares: timing, the rows it reports, and its command line.

A benchmark is a script: `python benchmarks/<name>.py` prints its table, `--json` prints its
rows as JSON for `benchmarks/run.py` (`make bench`), and `--tiny` runs it at a small size to
prove it works (the smoke test does) without measuring anything worth reading.
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Row:
    """One figure: what was measured, its value and unit, and the target it is held to."""

    benchmark: str
    name: str
    value: float
    unit: str
    target: str = ""
    met: bool | None = None  # None: no target


def best_of(step, repeats: int) -> tuple[float, object]:
    """The fastest of `repeats` runs of step(), in milliseconds, and its result."""
    fastest, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = step()
        fastest = min(fastest, (time.perf_counter() - start) * 1000)
    return fastest, result


def percentiles(times_ms: list[float]) -> tuple[float, float]:
    """The median and the 95th percentile of some times."""
    cuts = statistics.quantiles(times_ms, n=100, method="inclusive")
    return statistics.median(times_ms), cuts[94]


def peak_memory_mb() -> float:
    """The most memory this process has held so far (its peak resident set), in MB.

    Linux's VmHWM, the peak of this program's own memory: ru_maxrss carries over the peak of
    the process it was started from (fork, then exec), so a child of a benchmark that held a
    whole event reported that benchmark's memory, not its own."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def in_a_process(script: str, *args: str) -> dict:
    """`python script args` in a process of its own (its peak memory is its own), from the
    project's folder with this environment: the JSON object its last line prints."""
    done = subprocess.run(
        [sys.executable, script, *args], cwd=ROOT, env=os.environ, capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def arguments(description: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--tiny", action="store_true", help="a small size, to prove it runs")
    return parser.parse_args()


def format_table(rows: list[Row]) -> str:
    """The rows as a plain text table, one figure a line."""
    lines = [f"{'benchmark':<10} {'figure':<58} {'value':>12}  {'target':<22} met"]
    for row in rows:
        met = "" if row.met is None else ("yes" if row.met else "NO")
        value = f"{row.value:,.1f} {row.unit}" if row.value >= 10 else f"{row.value:.2f} {row.unit}"
        lines.append(f"{row.benchmark:<10} {row.name:<58} {value:>12}  {row.target:<22} {met}")
    return "\n".join(lines)


def report(rows: list[Row], options: argparse.Namespace) -> None:
    if options.json:
        json.dump([asdict(row) for row in rows], sys.stdout)
    else:
        print(format_table(rows))


def django_on_a_fresh_database() -> None:
    """Set Django up on a database of the benchmark's own, migrated: SQLite in a temporary file
    unless DATABASE_URL names one; on PostgreSQL, a database beside it (<name>_bench) made
    afresh, so that the figures never touch the real one."""
    import tempfile

    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres:", "postgresql:")):
        import psycopg

        server, name = url.rsplit("/", 1)
        name = f"{name}_bench"
        with psycopg.connect(
            f"{server}/postgres".replace("postgres://", "postgresql://", 1), autocommit=True
        ) as db:
            db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            db.execute(f'CREATE DATABASE "{name}"')
        os.environ["DATABASE_URL"] = f"{server}/{name}"
    elif not url:
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.sqlite3'}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "benchmarks.settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def database_name() -> str:
    from django.db import connection

    return {"postgresql": "PostgreSQL", "sqlite": "SQLite"}[connection.vendor]
