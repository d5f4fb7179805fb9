"""An event's public pages, rendered once for all their readers until the event changes, and
what its director's pages work out from the whole event (`kept`).

The pairs pages and the teams pages (standings, draw, projector view, schedule, bracket, team
and match pages) are kept in the shared cache (settings.CACHES: Redis when several app servers
share it) under their path (and whether htmx asks for it), each with the two versions it was
drawn under, the event's and its club's: tokens that every change replaces. A saved or undone
pairs line replaces the event's (rescore_board), a recorded change the event's or, for a
club-wide one (a player's name), the club's (history.recording: every change to a teams event
is one), as does the event saved or its hands analysed. Each is replaced at once, and again when
the transaction commits (in Redis): a page read from the database in between is then never
taken for the version that follows.

A page is served while its versions are the event's; a running event's page also for
LIVE_PAGE_SECONDS after it was drawn or last found current, whatever changed meanwhile, and then
drawn again by one reader while the others get it as it was: during play the public pages lag
the saves by that much at most, and are drawn at most once in that time, whatever the saves and
the readers; meanwhile each process serves the copy it last served from its own memory, without
a round trip to the shared cache. The director's pages, and `kept`, follow every change at once.

Each page is kept once per language (events.services.languages.chosen_language: the reader's
cookie, else their browser's; one more for readers who chose none, in the club's language).
Only readers who are not logged in get a cached page (a director's page has their own links and
messages); each reader's page carries their own CSRF token. events.middleware.CachedPublicPages
serves a kept page to a reader without a session before the rest of the middleware and the view
run. A page that refuses (404) is not kept.
"""

import hashlib
import math
import time
import zlib
from collections.abc import Callable
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any
from uuid import uuid4

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import DEFAULT_CACHE_ALIAS, cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

from events.services.languages import chosen_language

PAGE_SECONDS = 24 * 3600
# How long a reader waits for a page that no one has drawn yet while another reader draws it,
# before drawing it too (`_drawn_meanwhile`).
FIRST_DRAWING_SECONDS = 5.0
# Rendered into a cached page where the reader's CSRF token goes, and replaced on the way out.
CSRF_TOKEN = "csrf-token-of-the-reader"
# The clock a kept page's age is read on: seconds, the same in every process (a test sets its
# own).
clock = time.time


def _version_keys(event_id: int | None, club_id: int | None) -> list[str]:
    keys = [f"event-version:{event_id}"] if event_id is not None else []
    return keys + ([f"club-version:{club_id}"] if club_id is not None else [])


def changed(*, event_id: int | None = None, club_id: int | None = None) -> None:
    """The event's (or every event of the club's) cached pages are out of date; within
    `changed_at_end` for the same versions, nothing until the block ends."""
    keys = [key for key in _version_keys(event_id, club_id) if key not in _at_end.get()]
    if not keys:
        return

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


# The versions a block replaces once, at its end (changed_at_end).
_at_end: ContextVar[frozenset[str]] = ContextVar("page_cache_at_end", default=frozenset())


@contextmanager
def changed_at_end(*, event_id: int | None = None, club_id: int | None = None):
    """The event's (or the club's) pages are out of date once the block has run: `changed` is
    called for them once, at its end, however many saves in it call it (a recorded change:
    each line's rescore said so again, a cache write more a save). Not when the block fails."""
    keys = _version_keys(event_id, club_id)
    token = _at_end.set(_at_end.get() | set(keys))
    try:
        yield
    finally:
        _at_end.reset(token)
    changed(event_id=event_id, club_id=club_id)


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
    again only after the event changes. `name` tells it from the event's other values; each
    language keeps its own (a value may hold words)."""
    key = f"data:{event.pk}:{version(event)}:{name}:{get_language()}"
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, PAGE_SECONDS)
    return value


@dataclass(frozen=True)
class KeptPage:
    """A public page as the cache keeps it: its bytes compressed (zlib), the versions of its
    event (and club) it was drawn under, whether it was drawn while the event was running
    (`live`), and since when it is known to be the event's current page (`as_of`, seconds on
    the clock). Compressed because every reader's request reads it whole from the cache: the
    database cache keeps it in base64, and decoding a 200-pair ranking's 90 kB took more of a
    request than decompressing it does."""

    compressed: bytes
    event_id: int
    club_id: int | None
    versions: str
    live: bool
    as_of: float


def _page_key(request: HttpRequest) -> str:
    # An htmx request for the same address (the projector's refresh) is answered with a part;
    # each language the reader may have chosen has its page, and a reader who chose none (nor
    # their browser) the page in the club's language.
    language = chosen_language(request) or ""
    asked = f"{request.get_full_path()} {bool(request.headers.get('HX-Request'))} {language}"
    # "zpage": the pages kept before they were compressed are never read as compressed.
    return f"zpage:{hashlib.sha256(asked.encode()).hexdigest()}"


def _live_unlooked(page: KeptPage) -> bool:
    """Whether `page` is a running event's, served without a look at the versions: for
    LIVE_PAGE_SECONDS after it was drawn or last found current, whatever changed since."""
    return page.live and clock() - page.as_of < settings.LIVE_PAGE_SECONDS


def _current(key: str, page: KeptPage) -> KeptPage | None:
    """`page` when it may be served now (as of now, when its versions were looked at and a
    running event's page is good for another LIVE_PAGE_SECONDS): a running event's for
    LIVE_PAGE_SECONDS after it was last known current, whatever changed since; else while its
    versions are the event's. None when it may not."""
    if _live_unlooked(page):
        return page
    if ":".join(_versions(_version_keys(page.event_id, page.club_id))) != page.versions:
        return None
    if page.live:  # nothing changed: good for another LIVE_PAGE_SECONDS without a look
        page = replace(page, as_of=clock())
        cache.set(key, page, PAGE_SECONDS)
    return page


def _kept_here(key: str) -> KeptPage | None:
    """The running event's page this process served last under `key`, while it may be served
    without a look: a room of phones reading the live ranking then costs no round trip to the
    shared cache (each process keeps its own copy, in settings.CACHES["pages-here"])."""
    page = caches["pages-here"].get(key)
    return page if page is not None and _live_unlooked(page) else None


def _serve(request: HttpRequest, key: str, page: KeptPage) -> HttpResponse:
    if _live_unlooked(page):
        caches["pages-here"].set(key, page, math.ceil(settings.LIVE_PAGE_SECONDS))
    return _response(request, page)


def served_from_cache(request: HttpRequest) -> HttpResponse | None:
    """The kept page for this request when it may be served without reading the event (to a
    reader who is not logged in: the caller has checked they carry no session), else None;
    then the view is told what was found (`cached_page`), so that it does not look again."""
    key = _page_key(request)
    if (here := _kept_here(key)) is not None:
        return _response(request, here)
    page = cache.get(key)
    if page is not None and (current := _current(key, page)) is not None:
        return _serve(request, key, current)
    request.stale_public_page = (key, page)
    return None


def _response(request: HttpRequest, page: KeptPage) -> HttpResponse:
    content = zlib.decompress(page.compressed)
    response = HttpResponse(content.replace(CSRF_TOKEN.encode(), get_token(request).encode()))
    response.headers["Content-Length"] = str(len(response.content))
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


def cached_page(request: HttpRequest, event, render) -> HttpResponse:
    """The page render(extra_context) makes for this request, from the cache when it can be.

    `event` is the event the page shows (its id and club's); render takes the context to add.
    A running event's page is drawn at most once in LIVE_PAGE_SECONDS, whatever the saves and
    the readers: meanwhile its readers get it as it was drawn. A published event's, and any
    event's director, see every change at once.
    """
    if request.user.is_authenticated or len(get_messages(request)):
        return render({})
    key, page = getattr(request, "stale_public_page", (None, None))
    if key is None:
        key = _page_key(request)
        page = cache.get(key)
        if page is not None and (current := _current(key, page)) is not None:
            return _serve(request, key, current)
    versions = version(event)  # before the page is drawn: a change meanwhile replaces it
    if page is not None and page.live and not _may_draw(key, page):
        return _response(request, page)  # another reader is drawing it: as it was, a moment more
    first = page is None
    if first and (drawn := _drawn_meanwhile(key)) is not None:
        return _response(request, drawn)
    response = render({"csrf_token": CSRF_TOKEN})
    if response.status_code == 200:
        page = KeptPage(
            compressed=zlib.compress(response.content),
            event_id=event.pk,
            club_id=event.club_id,
            versions=versions,
            live=event.status == event.Status.RUNNING,
            as_of=clock(),
        )
        cache.set(key, page, PAGE_SECONDS)
    if first:
        cache.delete(_first_drawing(key))  # drawn: the readers waiting have it, or draw theirs
    if response.status_code != 200:
        response.content = response.content.replace(
            CSRF_TOKEN.encode(), get_token(request).encode()
        )
        return response
    return _serve(request, key, page)


def _may_draw(key: str, page: KeptPage) -> bool:
    """Whether this reader draws a running event's out-of-date `page` again: the first reader
    to find it so, not the many that find it at once. (The mark lasts LIVE_PAGE_SECONDS, for a
    reader who never finishes drawing it.)"""
    if not settings.LIVE_PAGE_SECONDS:
        return True
    mark = f"drawing:{key}:{page.as_of}"
    return cache.add(mark, 1, math.ceil(settings.LIVE_PAGE_SECONDS))


def _first_drawing(key: str) -> str:
    return f"drawing:{key}:first"


def _drawn_meanwhile(key: str) -> KeptPage | None:
    """A page no one has drawn yet, as the one reader who draws it first draws it: the readers
    who come meanwhile wait for it (up to FIRST_DRAWING_SECONDS, then draw it too) rather than
    each drawing it at once: a room of phones opening a 200-table ranking at the start of play
    drew it 50 times over and queued every request behind the drawings. None: this reader
    draws it."""
    if not settings.LIVE_PAGE_SECONDS or cache.add(_first_drawing(key), 1, FIRST_DRAWING_SECONDS):
        return None
    deadline = time.monotonic() + FIRST_DRAWING_SECONDS
    while time.monotonic() < deadline:
        time.sleep(0.05)
        if (page := cache.get(key)) is not None:
            return page
    return None
