"""Fixtures shared by the event and browser tests: a club, its director, events."""

import datetime
import os
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import settings

from events.models import Club, Event
from events.services.setup import create_pairs_event
from scoring import mitchell

# No property test is a timed test: Hypothesis's default 200 ms deadline fails a correct example
# on a loaded machine (CI runs both databases on two cores).
settings.register_profile("clubscoring", deadline=None)
settings.load_profile("clubscoring")

SHARED = Path(__file__).resolve().parents[2] / "shared"

# The fixtures through which a test reaches the database, beside the django_db mark.
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def pytest_collection_modifyitems(config, items):
    """With DATABASE_TESTS_ONLY=1, only the tests that talk to the database run: CI's second
    run, on PostgreSQL (.ci/run), leaves out what the first, on SQLite, has already shown
    whatever the database (the scoring engine, the file formats, the import contracts)."""
    if os.environ.get("DATABASE_TESTS_ONLY") != "1":
        return
    kept, left = [], []
    for item in items:
        talks = (
            item.get_closest_marker("django_db")
            or item.get_closest_marker("database")
            or DATABASE_FIXTURES & set(item.fixturenames)
        )
        (kept if talks else left).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


@pytest.fixture(autouse=True)
def empty_cache():
    """No page a test renders is read by the next one: event ids come round again."""
    from django.core.cache import caches

    caches["default"].clear()
    caches["table-requests"].clear()
    caches["pages-here"].clear()


@pytest.fixture(autouse=True)
def site_language():
    """Each test starts in the site's language: a request in another leaves that language active
    in the thread that served it, as Django does, and the test client serves in the test's."""
    from django.utils import translation

    yield
    translation.deactivate()


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("director", password="bridge-director")


@pytest.fixture
def club(director):
    club = Club.objects.create(name="Test Bridge Club", slug="test-club")
    club.directors.add(director)
    return club


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture
def make_event(club):
    """An event on a movement: make_event(mitchell(7, 3), scoring="mp", ...)."""

    def make(movement=None, **settings):
        settings.setdefault("status", "running")
        # The tests written before pairs were labelled type a Mitchell's EW pairs as 8..14.
        settings.setdefault("ew_numbered_on", True)
        return create_pairs_event(
            club=club,
            name=settings.pop("name", "Club Pairs"),
            date=settings.pop("date", datetime.date(2026, 11, 20)),
            movement=movement or mitchell(7, 3),
            **settings,
        )

    return make


@contextmanager
def while_running(event):
    """Lines keyed into an event a test made published are keyed, as in a club, while it ran:
    a published event takes no line until it is reopened."""
    status = Event.objects.values_list("status", flat=True).get(pk=event.pk)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    yield
    Event.objects.filter(pk=event.pk).update(status=status)


@pytest.fixture
def make_team_event(club):
    """A running teams event: make_team_event(teams=4, boards_per_match=4, vp_scale="20-table")
    with teams "Team 1" .. of four players each ("Player 1a" ..), numbered 1, 2, ..."""
    from events.services.teams.registration import register_team
    from events.services.teams.setup import create_team_event

    def make(teams=4, **settings):
        event = create_team_event(
            club=club,
            name=settings.pop("name", "Swiss Teams"),
            date=settings.pop("date", datetime.date(2026, 11, 22)),
            **settings,
        )
        Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
        event.refresh_from_db()
        for n in range(1, teams + 1):
            register_team(event=event, name=f"Team {n}", players=[f"Player {n}{s}" for s in "abcd"])
        return event

    return make
