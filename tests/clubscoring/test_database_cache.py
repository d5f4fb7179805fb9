"""The database cache writes a key in one statement and still keeps the table to its size."""

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubscoring.database_cache import CULL_EVERY

pytestmark = pytest.mark.django_db


@pytest.fixture
def database_cache(settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "clubscoring.database_cache.DatabaseCache",
            "LOCATION": "clubscoring_cache",
            "OPTIONS": {"MAX_ENTRIES": 10, "CULL_FREQUENCY": 2},
        }
    }
    yield caches["default"]
    caches.close_all()


def test_a_key_is_set_and_replaced_in_one_statement(database_cache):
    database_cache.set("warm", 0)  # the first set of a process counts the table
    with CaptureQueriesContext(connection) as set_new:
        database_cache.set("key", {"kept": 1})
    with CaptureQueriesContext(connection) as set_again:
        database_cache.set("key", [2], timeout=None)
    assert (len(set_new), len(set_again)) == (1, 1)
    assert database_cache.get("key") == [2]
    assert database_cache.get_many(["key", "warm"]) == {"key": [2], "warm": 0}


def test_an_expired_key_is_gone_and_add_still_adds_once(database_cache):
    database_cache.set("short", "value", timeout=-1)
    assert database_cache.get("short") is None
    assert database_cache.add("once", 1) is True
    assert database_cache.add("once", 2) is False
    assert database_cache.get("once") == 1


def test_the_table_is_culled_past_its_size(database_cache):
    for number in range(2 * CULL_EVERY + 1):
        database_cache.set(f"key-{number}", number)
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM clubscoring_cache")
        rows = cursor.fetchone()[0]
    # Counted on the first, 21st and 41st set: at most CULL_EVERY past the size after a cull.
    assert rows <= 10 + CULL_EVERY
    assert database_cache.get(f"key-{2 * CULL_EVERY}") == 2 * CULL_EVERY
