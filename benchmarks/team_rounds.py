"""A 200-team Swiss: how long drawing a round and entering a line of a match take.

Run by hand: `.venv/bin/python benchmarks/team_rounds.py` (SQLite in a temporary file; set
DATABASE_URL to measure PostgreSQL). It registers 200 teams, draws six rounds through the same
service the draw page uses (the results from the captains' totals), then times:
- drawing round 7 from the standings, and taking it back, median of 5 (well under a second);
- saving a line of a match through the entry view, as the entry page posts it (htmx), median
  of 50 (the budget of a pairs line);
- the public draw, the projector view and the standings, median of 10.
"""

import os
import random
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
from events.services.teams.matches import save_captains_totals  # noqa: E402
from events.services.teams.registration import register_team  # noqa: E402
from events.services.teams.rounds import delete_round, draw_next_round  # noqa: E402
from events.services.teams.setup import create_team_event  # noqa: E402

TEAMS, ROUNDS_PLAYED, BOARDS = 200, 6, 8


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
    rng = random.Random(2026)
    start = time.perf_counter()
    event = create_team_event(
        club=club, name="Congress Swiss", date="2026-11-22", boards_per_match=BOARDS, rounds=10
    )
    for n in range(1, TEAMS + 1):
        register_team(event=event, name=f"Team {n}", players=[f"Player {n}{s}" for s in "abcd"])
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    print(f"{TEAMS} teams registered: {time.perf_counter() - start:.1f} s")
    start = time.perf_counter()
    for _ in range(ROUNDS_PLAYED):
        for match in draw_next_round(event=event):
            if not match.is_bye:
                home, away = rng.randrange(0, 50), rng.randrange(0, 50)
                save_captains_totals(match=match, home_imps=home, away_imps=away)
    print(f"{ROUNDS_PLAYED} rounds drawn and scored: {time.perf_counter() - start:.1f} s")

    draws, take_backs = [], []
    for _ in range(5):
        start = time.perf_counter()
        draw_next_round(event=event)
        draws.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        delete_round(event=event, round=ROUNDS_PLAYED + 1)
        take_backs.append((time.perf_counter() - start) * 1000)
    print(f"drawing round {ROUNDS_PLAYED + 1}: {statistics.median(draws):.0f} ms (median of 5)")
    print(f"taking the draw back: {statistics.median(take_backs):.0f} ms (median of 5)")
    match = draw_next_round(event=event)[0]

    client = Client()
    client.force_login(director)
    url = reverse("match-line-save", args=[event.pk, match.pk])
    texts = iter(["4S N 10", "4S N 9"] * 50)
    response = client.post(url, {"board": 1, "table": 2, "line": "3NT S 9"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "Saved board 1, table 2." in response.content.decode()

    def save() -> None:
        data = {"board": 1, "table": 1, "line": next(texts)}
        assert client.post(url, data, HTTP_HX_REQUEST="true").status_code == 200

    print(f"saving a line of a match (the entry view): {timed(save, 50):.1f} ms (median of 50)")
    pages = {
        "public draw": reverse("teams-round", args=[event.pk]),
        "projector view": reverse("teams-projector", args=[event.pk]),
        "standings": reverse("event", args=[event.pk]),
        "director's draw page": reverse("teams-draw", args=[event.pk]),
    }
    for name, page in pages.items():
        assert client.get(page).status_code == 200
        print(f"{name}: {timed(lambda page=page: client.get(page), 10):.1f} ms (median of 10)")


if __name__ == "__main__":
    main()
