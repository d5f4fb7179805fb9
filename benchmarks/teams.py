"""A 200-team Swiss: how long one saved line of a match and the teams pages take.

Run by hand: `.venv/bin/python benchmarks/teams.py` (SQLite in a temporary file; set
DATABASE_URL to measure PostgreSQL). It registers 200 teams of four, sets 3 rounds of 100
matches of 8 boards by hand, enters both tables of every board of every match through the same
service the match entry page uses, then times:
- saving one more line (an edit) of a finished match, median of 50;
- the public standings, a team's page, a match's page, the director's event page and a match's
  entry grid, median of 10.
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

from events.models import Club, Event  # noqa: E402
from events.services.teams.lines import save_match_line  # noqa: E402
from events.services.teams.matches import create_match  # noqa: E402
from events.services.teams.registration import register_team  # noqa: E402
from events.services.teams.setup import create_team_event  # noqa: E402
from scoring import parse_traveller_line  # noqa: E402

TEAMS, ROUNDS, BOARDS = 200, 3, 8
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
    event = create_team_event(
        club=club, name="Congress Swiss", date="2026-11-22", boards_per_match=BOARDS
    )
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    teams = [
        register_team(event=event, name=f"Team {n}", players=[f"P{n}{s}" for s in "abcd"])
        for n in range(1, TEAMS + 1)
    ]
    print(f"registering {TEAMS} teams: {time.perf_counter() - start:.1f} s")

    matches = []
    for round_number in range(1, ROUNDS + 1):
        # A rotation that never repeats a meeting in 3 rounds: i v i + round (mod 200) halves.
        order = teams[round_number - 1 :] + teams[: round_number - 1]
        for table in range(1, TEAMS // 2 + 1):
            home, away = order[2 * table - 2], order[2 * table - 1]
            matches.append(
                create_match(event=event, round=round_number, table=table, home=home, away=away)
            )
    start = time.perf_counter()
    saved = 0
    for i, match in enumerate(matches):
        for board in range(1, BOARDS + 1):
            for table in (1, 2):
                line = parse_traveller_line(LINES[(i + board + table) % len(LINES)])
                save_match_line(match=match, board_number=board, table=table, line=line)
                saved += 1
    elapsed = time.perf_counter() - start
    print(f"entered {saved} lines: {elapsed:.1f} s ({1000 * elapsed / saved:.1f} ms a line)")

    match = matches[-1]
    texts = iter(["4S N 12", "4S N 10"] * 50)

    def edit() -> None:
        save_match_line(
            match=match, board_number=1, table=2, line=parse_traveller_line(next(texts))
        )

    print(f"saving one line of a finished match: {timed(edit, 50):.1f} ms (median of 50)")

    client = Client()
    client.force_login(director)
    pages = {
        "public standings": reverse("event", args=[event.pk]),
        "a team's page": reverse("team", args=[event.pk, 1]),
        "a match's page": reverse("match", args=[event.pk, match.pk]),
        "director's event page": reverse("director-teams", args=[event.pk]),
        "entry grid of a match": reverse("director-match", args=[event.pk, match.pk]),
    }
    for name, url in pages.items():
        assert client.get(url).status_code == 200
        print(f"{name}: {timed(lambda url=url: client.get(url), 10):.1f} ms (median of 10)")


if __name__ == "__main__":
    main()
