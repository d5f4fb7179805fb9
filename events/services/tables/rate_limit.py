"""Requests from a table's token, counted a minute at a time in the cache (never the database):
a phone, or a script with a photo of the card, that asks too often is told to wait."""

import time

from django.conf import settings
from django.core.cache import caches

WINDOW = 60  # seconds


def table_request_allowed(*, token: str) -> bool:
    """Count this request of the token's; False once it has made more than the settings'
    TABLE_REQUESTS_PER_MINUTE in the current minute."""
    cache = caches["table-requests"]
    key = f"table-requests:{token}:{int(time.time() // WINDOW)}"
    cache.add(key, 0, timeout=WINDOW * 2)
    try:
        count = cache.incr(key)
    except ValueError:  # evicted between add and incr: this is its first request again
        cache.set(key, 1, timeout=WINDOW * 2)
        count = 1
    return count <= settings.TABLE_REQUESTS_PER_MINUTE
