"""A running event's public pages are drawn at most once every LIVE_PAGE_SECONDS, whatever the
saves and the readers; its director sees each line at once, and a published event's readers see
each correction at once. The page cache's clock is the test's."""

import re
import zlib

import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.urls import reverse

from events.models import Event, Result
from events.services import page_cache
from events.services.entry import board_meetings
from events.services.status import change_status, reopen_event
from scoring import mitchell
from tests.events.test_entry_views import post_line

pytestmark = pytest.mark.django_db


class Clock:
    """Seconds that move only when the test moves them."""

    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(settings, monkeypatch):
    settings.LIVE_PAGE_SECONDS = 10
    clock = Clock()
    monkeypatch.setattr(page_cache, "clock", clock)
    return clock


CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')


def traveller(event) -> str:
    return Client().get(reverse("traveller", args=[event.pk, "A", 1])).text


def ranking(event) -> str:
    """The ranking page as a new reader gets it, without their CSRF token."""
    return CSRF.sub("", Client().get(reverse("event", args=[event.pk])).text)


def meetings(event):
    return board_meetings(board=event.sections.get().boards.get(number=1))


def test_a_running_events_page_lags_a_save_by_ten_seconds_at_most(
    director_client, make_event, clock
):
    event = make_event(mitchell(3, 2))
    first = meetings(event)[0]
    before = ranking(event)
    assert "+420" not in traveller(event)
    post_line(director_client, event, 1, "4S N 10", first.ns, first.ew)

    clock.now += 9.9
    assert "+420" not in traveller(event)
    assert ranking(event) == before
    # The director's pages show the line at once.
    grid = director_client.get(reverse("director-board", args=[event.pk, 1])).text
    assert 'value="4S N 10"' in grid
    assert "+420" in director_client.get(reverse("traveller", args=[event.pk, "A", 1])).text

    clock.now += 0.2
    assert "+420" in traveller(event)
    assert ranking(event) != before


def test_a_page_is_drawn_once_in_ten_seconds_whatever_the_saves(director_client, make_event, clock):
    event = make_event(mitchell(3, 2))
    first, second, third = meetings(event)[:3]
    traveller(event)
    post_line(director_client, event, 1, "4S N 10", first.ns, first.ew)
    clock.now += 10
    drawn = traveller(event)
    assert "+420" in drawn

    # Lines saved one after the other, read after each: the page drawn at 10 s stays 10 s.
    clock.now += 1
    post_line(director_client, event, 1, "3NT S 9", second.ns, second.ew)
    clock.now += 4
    post_line(director_client, event, 1, "4H E 10", third.ns, third.ew)
    clock.now += 4.9
    assert "+400" not in traveller(event) and "-420" not in traveller(event)
    assert Result.objects.filter(board__section__event=event).count() == 3

    clock.now += 0.2
    again = traveller(event)
    assert "+400" in again and "-420" in again


def test_a_page_with_nothing_changed_is_not_drawn_again(make_event, clock):
    """After ten seconds the page is checked against the event's version, and kept when the
    event has not changed: every reader gets the same page, with its own CSRF token."""
    event = make_event(mitchell(3, 2))
    first = ranking(event)
    clock.now += 60
    Event.objects.filter(pk=event.pk).update(name="Renamed behind the history's back")
    again = ranking(event)
    assert "Renamed" not in again
    assert "Club Pairs" in first and "Club Pairs" in again


def test_a_published_events_correction_shows_at_once(director_client, make_event, clock):
    event = make_event(mitchell(3, 2))
    first = meetings(event)[0]
    post_line(director_client, event, 1, "4S N 10", first.ns, first.ew)
    change_status(event=Event.objects.get(pk=event.pk), status="published")
    assert "+420" in traveller(event)
    reopen_event(event=Event.objects.get(pk=event.pk), reason="the wrong contract on board 1")

    result = Result.objects.get(board__section__event=event)
    post_line(director_client, event, 1, "4S N 11", first.ns, first.ew, result=result)
    assert "+450" in traveller(event)


def test_a_reader_served_from_the_cache_gets_a_csrf_token_and_its_cookie(make_event, clock):
    event = make_event(mitchell(3, 2))
    ranking(event)  # drawn for an earlier reader
    reader = Client()
    page = reader.get(reverse("event", args=[event.pk]))
    cookie = reader.cookies["csrftoken"].value
    assert cookie
    assert page.headers["X-Frame-Options"] == "DENY"
    assert "Cookie" in page.headers["Vary"]
    assert page_cache.CSRF_TOKEN not in page.text
    again = reader.get(reverse("event", args=[event.pk]))
    assert reader.cookies["csrftoken"].value == cookie
    assert page_cache.CSRF_TOKEN not in again.text


def first_drawing(event) -> str:
    """The mark of a reader drawing the event's ranking page, the first time it is drawn."""
    request = RequestFactory().get(reverse("event", args=[event.pk]))
    return page_cache._first_drawing(page_cache._page_key(request))


def test_readers_of_a_page_not_yet_drawn_wait_for_the_reader_drawing_it(
    make_event, clock, monkeypatch
):
    event = make_event(mitchell(3, 2))
    mark = first_drawing(event)
    key = mark.removeprefix("drawing:").removesuffix(":first")
    cache.add(mark, 1)  # another reader is drawing the page
    drawn = page_cache.KeptPage(
        zlib.compress(b"<p>as the other reader drew it</p>"), event.pk, None, "", True, 0
    )
    waits = []

    def other_reader_finishes(seconds):
        waits.append(seconds)
        if len(waits) == 3:
            cache.set(key, drawn)

    monkeypatch.setattr(page_cache.time, "sleep", other_reader_finishes)
    assert ranking(event) == "<p>as the other reader drew it</p>"
    assert len(waits) == 3


def test_a_reader_draws_the_page_itself_when_the_first_drawing_never_ends(
    make_event, clock, monkeypatch
):
    event = make_event(mitchell(3, 2))
    cache.add(first_drawing(event), 1)  # a reader who started drawing it and never finished
    monkeypatch.setattr(page_cache, "FIRST_DRAWING_SECONDS", 0.2)
    assert event.name in ranking(event)
    assert cache.get(first_drawing(event)) is None  # drawn: the next readers need not wait
