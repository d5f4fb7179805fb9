"""The public pages are rendered once for every reader who is not logged in, and never outlive a
change: a line saved through the entry page, the event published, a change undone."""

import re
import zlib

import pytest
from django.core.cache import caches
from django.test import Client, RequestFactory
from django.urls import reverse

from events.models import Board, Change, Event
from events.services import page_cache
from events.services.entry import board_meetings, save_line
from events.services.history import undo_change
from events.services.status import change_status
from scoring import mitchell, parse_traveller_line
from tests.events.test_entry_views import post_line

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')


def ranking(event) -> str:
    return Client().get(reverse("event", args=[event.pk])).content.decode()


def test_a_page_read_again_costs_no_query(make_event, django_assert_num_queries):
    event = make_event(mitchell(3, 2))
    url = reverse("traveller", args=[event.pk, "A", 1])
    first = Client().get(url).content.decode()
    # Served before the session and the event are read (events.middleware.CachedPublicPages),
    # from the cache (the process's memory here; the database's cache reads the page and the
    # event's version).
    with django_assert_num_queries(0):
        again = Client().get(url).content.decode()
    assert CSRF.sub("", again) == CSRF.sub("", first)


@pytest.mark.parametrize("page", ["event", "scorecard"])
def test_a_kept_page_is_read_in_one_query_of_the_database_cache_and_kept_compressed(
    make_event, settings, django_assert_num_queries, page
):
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "clubscoring.database_cache.DatabaseCache",
            "LOCATION": "clubscoring_cache",
        },
    }
    settings.LIVE_PAGE_SECONDS = 10
    event = make_event(mitchell(7, 3))
    for meeting in board_meetings(board=Board.objects.get(section__event=event, number=1)):
        save_line(
            board=Board.objects.get(section__event=event, number=1),
            line=parse_traveller_line("4S N 10"),
            ns_pair=meeting.ns,
            ew_pair=meeting.ew,
        )
    url = reverse(page, args=[event.pk] + (["A", 1] if page == "scorecard" else []))
    first = Client().get(url).content.decode()
    # A running event's page, found current a moment ago: the process that served it serves it
    # again from its own memory; another process reads the page alone.
    with django_assert_num_queries(0):
        again = Client().get(url).content.decode()
    assert CSRF.sub("", again) == CSRF.sub("", first)
    caches["pages-here"].clear()
    with django_assert_num_queries(1):
        again = Client().get(url).content.decode()
    assert CSRF.sub("", again) == CSRF.sub("", first)
    kept = caches["default"].get(page_cache._page_key(RequestFactory().get(url)))
    drawn = zlib.decompress(kept.compressed).decode()
    assert CSRF.sub("", drawn) == CSRF.sub("", first)
    assert len(kept.compressed) * 2 < len(drawn)


def test_every_reader_has_their_own_csrf_token(make_event):
    event = make_event(mitchell(3, 2))
    url = reverse("event", args=[event.pk])
    readers = [Client(), Client()]
    tokens = [CSRF.search(reader.get(url).content.decode())[1] for reader in readers]
    assert tokens[0] != tokens[1]
    assert "csrf-token-of-the-reader" not in "".join(tokens)
    assert all(reader.cookies["csrftoken"].value for reader in readers)


def test_a_line_saved_on_the_entry_page_is_in_the_next_ranking(director_client, make_event):
    event = make_event(mitchell(3, 2))
    before = ranking(event)
    response = post_line(director_client, event, 1, "4S N 10", ns=1, ew=4)
    assert response.headers["HX-Trigger"] == '{"result-saved": {}}'
    after = ranking(event)
    assert after != before
    assert "+420" in Client().get(reverse("traveller", args=[event.pk, "A", 1])).content.decode()

    undo_change(change=Change.objects.get(event=event, kind=Change.Kind.RESULT))
    assert "+420" not in Client().get(reverse("traveller", args=[event.pk, "A", 1])).text


def test_publishing_shows_what_the_cached_page_withheld(make_event):
    event = make_event(mitchell(3, 2), reveal="session")
    assert "shown when the director publishes" in ranking(event)
    change_status(event=Event.objects.get(pk=event.pk), status="published")
    assert "shown when the director publishes" not in ranking(event)


def test_a_director_is_never_served_a_readers_page(director_client, make_event):
    event = make_event(mitchell(3, 2))
    ranking(event)
    assert "Log out" in director_client.get(reverse("event", args=[event.pk])).text
    assert "Log out" not in ranking(event)


DATABASE_CACHE = {
    "default": {
        "BACKEND": "clubscoring.database_cache.DatabaseCache",
        "LOCATION": "test_page_cache",
    }
}


def test_the_database_caches_version_changes_with_the_transaction(make_event, settings):
    """The database cache writes in the change's own transaction: a change rolled back leaves
    the version as it was, so no page is kept under a version whose rows never came."""
    from django.core.cache import caches
    from django.core.management import call_command
    from django.db import transaction

    from events.services import page_cache

    event = make_event(mitchell(3, 2))
    settings.CACHES = DATABASE_CACHE
    call_command("createcachetable", verbosity=0)
    before = page_cache.version(event)
    with pytest.raises(RuntimeError), transaction.atomic():
        page_cache.changed(event_id=event.pk)
        assert page_cache.version(event) != before  # this transaction reads its own change
        raise RuntimeError("the save fails")
    assert page_cache.version(event) == before
    with transaction.atomic():
        page_cache.changed(event_id=event.pk)
    assert page_cache.version(event) != before
    caches.close_all()
