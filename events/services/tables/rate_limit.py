"""Requests from a table's token, counted a minute at a time in the cache (never the database):
a phone, or a script with a photo of the card, that asks too often is told to wait; and the
wrong PINs a table types, so that a pair's PIN cannot be guessed."""

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


PIN_TRIES = 5  # wrong PINs a table may type in PIN_WINDOW: guessing 10,000 PINs takes days
PIN_WINDOW = 600  # seconds


def _pin_key(token: str) -> str:
    return f"table-wrong-pins:{token}"


def pin_tries_left(*, token: str) -> bool:
    """Whether the table may still type a PIN: fewer than PIN_TRIES wrong ones lately."""
    return caches["table-requests"].get(_pin_key(token), 0) < PIN_TRIES


def count_wrong_pin(*, token: str) -> None:
    cache = caches["table-requests"]
    cache.add(_pin_key(token), 0, timeout=PIN_WINDOW)
    try:
        cache.incr(_pin_key(token))
    except ValueError:  # expired between add and incr
        cache.set(_pin_key(token), 1, timeout=PIN_WINDOW)
