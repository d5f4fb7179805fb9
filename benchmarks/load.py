"""Pages under load: `make production` (gunicorn, WhiteNoise, workers as the cores) serving a
200-pair event, hit by 50 concurrent clients for 30 seconds a page on the loopback.

`python benchmarks/load.py` (--json, --tiny: see measure.py), on SQLite or DATABASE_URL's
PostgreSQL. The ranking page, a scorecard and a traveller of a 100-table Mitchell (200 pairs,
every line entered, the event running) are each read as fast as 50 clients (wrk, one
connection each) can for 30 s; beside them, the same server's figures for its largest static
file, which WhiteNoise serves without Django. Requests per second and the 99th percentile of
the response times; a page is held to 40% of the static file's rate and a p99 under 150 ms.
The clients share the machine with the server; wrk, in C, takes little of it (the Python client
it replaced took about a core of the two).
"""

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
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
from benchmarks.sample_event import director_and_club, pairs_event

RATE_SHARE, P99_MS = 0.4, 150


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(scratch: Path, **settings: str) -> tuple[subprocess.Popen, str]:
    """`make production` on a free port, with the environment's `settings` added."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAKE", "GUNICORN_"))}
    env.update(
        DJANGO_STATIC_ROOT=str(scratch / "static"),
        DJANGO_SECRET_KEY="benchmark-" + "x" * 20 + "-not-secret-" + "y" * 20,
        DJANGO_SETTINGS_MODULE="clubscoring.settings",
        GUNICORN_BIND=f"127.0.0.1:{port}",
        GUNICORN_CMD_ARGS="--access-logfile /dev/null",
        **settings,
    )
    env.pop("DJANGO_DEBUG", None)
    process = subprocess.Popen(
        ["make", "--no-print-directory", "production"],
        cwd=ROOT,
        env=env,
        stdout=(scratch / "serve.log").open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    return process, f"http://127.0.0.1:{port}"


def wait_for(server: str, process: subprocess.Popen, scratch: Path) -> str:
    """The server's home page, once it answers; SystemExit with its log if it never does."""
    import httpx

    deadline = time.monotonic() + 120
    while True:
        try:
            return httpx.get(server + "/").text
        except httpx.TransportError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit((scratch / "serve.log").read_text()) from None
            time.sleep(0.3)


def measure(url: str, clients: int, seconds: float) -> tuple[float, float, int]:
    """Requests per second, p99 in ms, and the size of the page, from wrk (Debian's package,
    `make bench-deps`): written in C, it leaves the cores to the server it measures."""
    import httpx

    size = len(httpx.get(url).content)
    threads = min(clients, len(os.sched_getaffinity(0)))
    report = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{clients}", f"-d{round(seconds)}s", "--latency", url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    failures = re.search(r"Non-2xx or 3xx responses: (\d+)", report)
    errors = re.search(r"Socket errors: (.*)", report)
    assert not failures and not errors, f"requests to {url} failed:\n{report}"
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", report)[1])
    return rate, milliseconds(re.search(r"^\s+99%\s+(\S+)$", report, re.MULTILINE)[1]), size


def milliseconds(latency: str) -> float:
    """wrk's "812.00us", "12.34ms" or "1.02s" in milliseconds."""
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", latency).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000}[unit]


def run(tables: int, clients: int, seconds: float) -> list[Row]:
    django_on_a_fresh_database()
    import httpx
    from django.urls import reverse

    database = database_name()
    _, club = director_and_club()
    event = pairs_event(club, tables, filled=True)
    busiest = event.sections.get().boards.order_by("number").first().number
    scratch = Path(tempfile.mkdtemp())
    process, server = start_server(scratch)
    try:
        home = wait_for(server, process, scratch)
        statics = set(re.findall(r'(?:href|src)="(/static/[^"]+)"', home))
        biggest = max(statics, key=lambda path: len(httpx.get(server + path).content))
        pages = {
            "ranking": reverse("event", args=[event.pk]),
            "scorecard": reverse("scorecard", args=[event.pk, "A", 1]),
            "traveller": reverse("traveller", args=[event.pk, "A", busiest]),
        }
        static_rate, static_p99, static_size = measure(server + biggest, clients, seconds)
        where = f"{clients} clients ({database})"
        rows = [
            Row("load", f"static file ({static_size // 1024} kB): requests/s, {where}",
                static_rate, "/s"),
            Row("load", "static file: p99", static_p99, "ms"),
        ]  # fmt: skip
        for name, path in pages.items():
            rate, p99, size = measure(server + path, clients, seconds)
            share = rate / static_rate
            rows += [
                Row("load", f"{name} ({size // 1024} kB): requests/s, {where}", rate, "/s"),
                Row("load", f"{name}: share of the static file's rate", 100 * share, "%",
                    f">= {100 * RATE_SHARE:.0f} %", share >= RATE_SHARE),
                Row("load", f"{name}: p99", p99, "ms", f"< {P99_MS} ms", p99 < P99_MS),
            ]  # fmt: skip
        return rows
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


if __name__ == "__main__":
    options = arguments(__doc__)
    tables, clients, seconds = (4, 5, 1.0) if options.tiny else (100, 50, 30.0)
    report(run(tables, clients, seconds), options)
