"""`make bench`: every benchmark, one table, and benchmarks/results.json with the machine.

Each benchmark runs in a process of its own (its peak memory is its own), on SQLite in a
temporary file, and again on PostgreSQL when DATABASE_URL names one (the benchmark makes and
drops a database of its own beside it). `--tiny` runs everything at a small size; `--only NAME`
runs some of them.
"""

import argparse
import json
import os
import platform
import sqlite3
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.measure import ROOT, Row, format_table

# (script, whether it uses the database): those that do run once for each database.
BENCHMARKS = [
    ("engine", False),
    ("files", True),
    ("workbooks", True),
    ("entry", True),
    ("pages", True),
    ("load", True),
    ("room", True),
    ("teams", True),
    ("restore", True),
    ("members", True),
    ("demo", True),
]


def machine(postgres_url: str | None) -> dict:
    """What the figures were measured on: a shared machine's load is part of the story."""
    meminfo = (
        Path("/proc/meminfo").read_text().split("\n") if Path("/proc/meminfo").exists() else []
    )
    total_kb = next((int(line.split()[1]) for line in meminfo if line.startswith("MemTotal")), 0)
    cpuinfo = Path("/proc/cpuinfo").read_text() if Path("/proc/cpuinfo").exists() else ""
    model = next(
        (
            line.split(":", 1)[1].strip()
            for line in cpuinfo.split("\n")
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    described = {
        "cores": len(os.sched_getaffinity(0)),
        "cpu": model,
        "memory_gb": round(total_kb / 1024 / 1024, 1),
        "load_average": os.getloadavg(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
    }
    if postgres_url:
        import psycopg

        with psycopg.connect(postgres_url.replace("postgres://", "postgresql://", 1)) as db:
            described["postgresql"] = db.execute("SHOW server_version").fetchone()[0]
    return described


def run_one(script: str, database_url: str | None, tiny: bool) -> list[Row]:
    env = dict(os.environ)
    env.pop("DATABASE_URL", None)
    if database_url:
        env["DATABASE_URL"] = database_url
    command = [sys.executable, str(ROOT / "benchmarks" / f"{script}.py"), "--json"]
    done = subprocess.run(
        command + (["--tiny"] if tiny else []), env=env, cwd=ROOT, capture_output=True, text=True
    )
    if done.returncode:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"benchmarks/{script}.py failed")
    return [Row(**row) for row in json.loads(done.stdout)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tiny", action="store_true")
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--output", default=str(ROOT / "benchmarks" / "results.json"))
    options = parser.parse_args()
    postgres_url = os.environ.get("DATABASE_URL", "")
    postgres_url = postgres_url if postgres_url.startswith(("postgres:", "postgresql:")) else None
    described = machine(postgres_url)
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for script, uses_database in BENCHMARKS:
            if options.only and script not in options.only:
                continue
            if not uses_database:
                rows += run_one(script, None, options.tiny)
                continue
            rows += run_one(script, f"sqlite:///{Path(scratch) / script}.sqlite3", options.tiny)
            if postgres_url:
                rows += run_one(script, postgres_url, options.tiny)
    print(
        f"{described['cores']} cores ({described['cpu']}), {described['memory_gb']} GB, "
        f"load {', '.join(f'{x:.1f}' for x in described['load_average'])}, "
        f"Python {described['python']}, SQLite {described['sqlite']}"
        + (f", PostgreSQL {described['postgresql']}" if postgres_url else "")
    )
    print(format_table(rows))
    Path(options.output).write_text(
        json.dumps(
            {
                "measured": datetime.now(UTC).isoformat(timespec="seconds"),
                "tiny": options.tiny,
                "machine": described,
                "figures": [row.__dict__ for row in rows],
            },
            indent=2,
        )
        + "\n"
    )


if __name__ == "__main__":
    main()
