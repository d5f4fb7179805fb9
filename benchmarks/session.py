"""A 200-table pairs event: how long one saved result and the pages take.

Run by hand: `.venv/bin/python benchmarks/session.py` (SQLite in a temporary file; set
DATABASE_URL to measure PostgreSQL). It builds a 200-table skip Mitchell of 9 rounds of 3 boards,
enters every result through the same service the entry page uses, then times:
- saving one more line (an edit) on a full board, median of 50;
- the public ranking, a scorecard, a traveller, and the director's event page, median of 10.
"""

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
database = Path(tempfile.mkdtemp()) / "bench.sqlite3"
os.environ.setdefault("DATABASE_URL", f"sqlite:///{database}")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscoring.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from events.models import Board, Club, Result  # noqa: E402
from events.services.entry import board_meetings, save_line  # noqa: E402
from events.services.setup import create_pairs_event  # noqa: E402
from scoring import mitchell, parse_traveller_line  # noqa: E402

TABLES, ROUNDS, BOARDS_PER_ROUND = 200, 9, 3
LINES = ["4S N 10", "4S N 11", "4S N 9", "3NT S 9", "4SX N 9", "5D E 10", "P", "2H W 8"]


def timed(action, repeat: int) -> float:
    """Median wall time of `action` in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    call_command("migrate", verbosity=0)
    director = get_user_model().objects.create_user("bench", password="bench-director")
    club = Club.objects.create(name="Benchmark Club", slug="bench")
    club.directors.add(director)
    start = time.perf_counter()
    event = create_pairs_event(
        club=club,
        name="Congress Pairs",
        date="2026-11-22",
        movement=mitchell(TABLES, BOARDS_PER_ROUND, rounds=ROUNDS, variant="skip"),
        status="running",
    )
    print(f"set-up of {TABLES} tables: {time.perf_counter() - start:.1f} s")

    boards = list(Board.objects.filter(section__event=event).select_related("section__event"))
    start = time.perf_counter()
    saved = 0
    for board in boards:
        for i, meeting in enumerate(board_meetings(board=board)):
            line = parse_traveller_line(LINES[(board.number + i) % len(LINES)])
            save_line(board=board, line=line, ns_pair=meeting.ns, ew_pair=meeting.ew)
            saved += 1
    elapsed = time.perf_counter() - start
    print(f"entered {saved} results: {elapsed:.1f} s ({1000 * elapsed / saved:.1f} ms a line)")

    busiest = max(boards, key=lambda b: b.results.count())
    result = Result.objects.filter(board=busiest).first()
    texts = iter(["4S N 12", "4S N 10"] * 50)

    def edit() -> None:
        save_line(
            board=busiest,
            line=parse_traveller_line(next(texts)),
            result=result,
            ns_pair=result.ns_pair.number,
            ew_pair=result.ew_pair.number,
        )

    print(f"saving one line on a full board: {timed(edit, 50):.1f} ms (median of 50)")

    client = Client()
    client.force_login(director)
    pages = {
        "public ranking": reverse("event", args=[event.pk]),
        "scorecard": reverse("scorecard", args=[event.pk, "A", 1]),
        "traveller": reverse("traveller", args=[event.pk, "A", busiest.number]),
        "director's event page": reverse("director-event", args=[event.pk]),
        "entry grid of a board": reverse("director-board", args=[event.pk, busiest.number]),
    }
    for name, url in pages.items():
        assert client.get(url).status_code == 200
        print(f"{name}: {timed(lambda url=url: client.get(url), 10):.1f} ms (median of 10)")


if __name__ == "__main__":
    main()
