"""An event's public pages, rendered once for all their readers until the event changes, and
what its director's pages work out from the whole event (`kept`).

The pairs pages and the teams pages (standings, draw, projector view, schedule, bracket, team
and match pages) are kept in the shared cache (settings.CACHES: Redis when several app servers
share it) under their path (and whether htmx asks for it) and two versions, the event's and its
club's: tokens that every change replaces. A saved or undone pairs line replaces the event's
(rescore_board), a recorded change the event's or, for a club-wide one (a player's name), the
club's (history.recording: every change to a teams event is one), as does the event saved or
its hands analysed. Each is replaced at once, and again when the transaction commits (in
Redis): a page read from the database in between is then never served under the version that
follows.

Only readers who are not logged in get a cached page (a director's page has their own links and
messages); each reader's page carries their own CSRF token. A page that refuses (404) is not kept.
"""

import hashlib
from collections.abc import Callable
from typing import Any
from uuid import uuid4

from django.contrib.messages import get_messages
from django.core.cache import DEFAULT_CACHE_ALIAS, cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token

PAGE_SECONDS = 24 * 3600
# Rendered into a cached page where the reader's CSRF token goes, and replaced on the way out.
CSRF_TOKEN = "csrf-token-of-the-reader"


def _version_keys(event_id: int | None, club_id: int | None) -> list[str]:
    keys = [f"event-version:{event_id}"] if event_id is not None else []
    return keys + ([f"club-version:{club_id}"] if club_id is not None else [])


def changed(*, event_id: int | None = None, club_id: int | None = None) -> None:
    """The event's (or every event of the club's) cached pages are out of date."""
    keys = _version_keys(event_id, club_id)

    def replace() -> None:
        cache.set_many({key: uuid4().hex for key in keys}, timeout=None)

    if not transaction.get_connection().in_atomic_block:
        replace()
        return
    replace()
    # Redis sees the new version before the transaction's rows: a page read from the database
    # in between is kept under it, so it is replaced again on commit. The database cache writes
    # in the transaction itself: its version changes with the rows, at commit and not before.
    if not isinstance(caches[DEFAULT_CACHE_ALIAS], DatabaseCache):
        transaction.on_commit(replace)


def _versions(keys: list[str]) -> list[str]:
    found = cache.get_many(keys)
    for key in keys:
        if key not in found:
            # A version never repeats, even one the cache forgot: a page kept under an old one
            # is never read again.
            cache.add(key, uuid4().hex, timeout=None)
            found[key] = cache.get(key)
    return [found[key] for key in keys]


def version(event) -> str:
    """The event's version, with its club's: what a page or a value kept for it is kept under
    (a fragment in a template: `{% cache seconds name event.pk version %}`)."""
    return ":".join(_versions(_version_keys(event.pk, event.club_id)))


def kept(*, event, name: str, compute: Callable[[], Any]) -> Any:
    """What compute() returns, kept under the event's versions as its pages are: worked out
    again only after the event changes. `name` tells it from the event's other values."""
    key = f"data:{event.pk}:{version(event)}:{name}"
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, PAGE_SECONDS)
    return value


def cached_page(request: HttpRequest, event, render) -> HttpResponse:
    """The page render(extra_context) makes for this request, from the cache when it can be.

    `event` is the event the page shows (its id and club's); render takes the context to add.
    """
    if request.user.is_authenticated or len(get_messages(request)):
        return render({})
    # An htmx request for the same address (the projector's refresh) is answered with a part.
    asked = f"{request.get_full_path()} {bool(request.headers.get('HX-Request'))}"
    path = hashlib.sha256(asked.encode()).hexdigest()
    key = f"page:{event.pk}:{version(event)}:{path}"
    content = cache.get(key)
    if content is None:
        response = render({"csrf_token": CSRF_TOKEN})
        content = response.content
        if response.status_code == 200:
            cache.set(key, content, PAGE_SECONDS)
    return HttpResponse(content.replace(CSRF_TOKEN.encode(), get_token(request).encode()))
