"""Two app servers behind one address never show a stale ranking: two `make production`
gunicorns on one PostgreSQL database and one Redis cache; a line saved through one is in the
pages the other serves at once. PostgreSQL only: SQLite is one machine's database."""

import os
import re
import uuid
from contextlib import closing

import httpx
import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection
from django.urls import reverse

from scoring import mitchell
from tests.clubscoring.test_serve import production_server

REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="two app servers share a PostgreSQL database"
    ),
]


def database_url() -> str:
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db["PASSWORD"] else ""
    return f"postgres://{db['USER']}{password}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


def logged_in(url: str) -> httpx.Client:
    client = httpx.Client(base_url=url, timeout=20)
    client.get("/login/")
    response = client.post(
        "/login/",
        data={
            "username": "director",
            "password": "bridge-director",
            "csrfmiddlewaretoken": client.cookies["csrftoken"],
        },
    )
    assert response.status_code == 302, response.text
    return client


def test_a_line_saved_on_one_server_is_in_the_other_servers_pages_at_once(
    director, make_event, tmp_path
):
    redis = pytest.importorskip("redis")
    try:
        redis.Redis.from_url(REDIS_URL).ping()
    except redis.ConnectionError:
        pytest.skip(f"no Redis at {REDIS_URL}")
    event = make_event(mitchell(3, 2))
    # The servers check passwords with production's hasher, not the suite's fast one.
    hasher = PBKDF2PasswordHasher()
    director.password = hasher.encode("bridge-director", hasher.salt())
    director.save(update_fields=["password"])
    shared = {
        "DATABASE_URL": database_url(),
        "CACHE_URL": REDIS_URL,
        "CACHE_KEY_PREFIX": f"two-servers-{uuid.uuid4().hex}",
        # A running event's public pages may lag its saves by up to 10 s in production
        # (tests/events/test_live_pages.py): here, what one server saves must reach the
        # other's pages through the shared cache, so they lag nothing.
        "LIVE_PAGE_SECONDS": "0",
    }
    cache = redis.Redis.from_url(REDIS_URL)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    # The clients are closed at the end: the servers keep connections alive (gunicorn's threads).
    with (
        production_server(tmp_path / "a", **shared) as one,
        production_server(tmp_path / "b", **shared) as other,
        httpx.Client(base_url=other, timeout=20) as reader,
        closing(logged_in(one)) as director,
    ):
        traveller = reverse("traveller", args=[event.pk, "A", 1])
        ranking = reverse("event", args=[event.pk])
        before = reader.get(ranking).text
        assert "+420" not in reader.get(traveller).text  # both pages now in the cache

        saved = director.post(
            reverse("line-save", args=[event.pk, 1]),
            data={"line": "4S N 10", "ns": 1, "ew": 4, "mode": "board:1"},
            headers={"HX-Request": "true", "X-CSRFToken": director.cookies["csrftoken"]},
        )
        assert saved.headers["HX-Trigger"] == '{"result-saved": {}}'

        assert "+420" in reader.get(traveller).text
        after = reader.get(ranking).text
        strip = re.compile(r'"X-CSRFToken": "[^"]+"')
        assert strip.sub("", after) != strip.sub("", before)
        played_one = '<td class="num boards">1</td>'  # the boards column of pairs 1 and 4
        assert played_one not in before and played_one in after
    for key in cache.scan_iter(f"{shared['CACHE_KEY_PREFIX']}:*"):
        cache.delete(key)
