"""Retrying a write that PostgreSQL gave up on because another write held what it needed.

Every write path takes its locks in one order (the board, then pairs by id, then lines by id),
so deadlocks are rare (a saved line is held before its pairs); a serialisation failure or a
deadlock the server still reports is retried from the start, unseen by the director. Only an
outermost transaction is retried: inside another one the whole of that one has to start again.
"""

import functools
import logging
import random
import time

from django.db import OperationalError, connection

# SQLSTATEs a retry can cure: serialization_failure, deadlock_detected.
RETRYABLE = {"40001", "40P01"}
ATTEMPTS = 5

logger = logging.getLogger(__name__)


def retry_on_conflict(write):
    """Run `write` again, after a short random pause, when the database reports a conflict."""

    @functools.wraps(write)
    def wrapper(*args, **kwargs):
        for attempt in range(1, ATTEMPTS):
            try:
                return write(*args, **kwargs)
            except OperationalError as error:
                if connection.in_atomic_block or not _retryable(error):
                    raise
                logger.warning("%s: %s; trying again (%d)", write.__name__, error, attempt)
                time.sleep(random.uniform(0, 0.05 * attempt))
        return write(*args, **kwargs)

    return wrapper


def _retryable(error: OperationalError) -> bool:
    return getattr(error.__cause__, "sqlstate", None) in RETRYABLE
