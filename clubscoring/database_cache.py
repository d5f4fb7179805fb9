"""Django's database cache, writing a key in one statement.

Django's own `set` counts the table's rows (to cull it), opens a savepoint, reads the key and
then updates or inserts it: five round trips, and a saved line replaces its event's version
(events.services.page_cache) on every save. Here `set` is one upsert (INSERT ... ON CONFLICT,
PostgreSQL and SQLite alike), and the table is counted for culling on one `set` in CULL_EVERY
of each process, so it may pass MAX_ENTRIES by a few entries before it is culled. `add` and
`touch` are Django's.
"""

import base64
import pickle
from datetime import UTC, datetime
from itertools import count

from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache as DjangoDatabaseCache
from django.db import connections, router
from django.utils.timezone import now as tz_now

CULL_EVERY = 20


class DatabaseCache(DjangoDatabaseCache):
    def __init__(self, table, params):
        super().__init__(table, params)
        self._sets = count()

    def _base_set(self, mode, key, value, timeout=DEFAULT_TIMEOUT):
        if mode != "set":
            return super()._base_set(mode, key, value, timeout)
        timeout = self.get_backend_timeout(timeout)
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        quote = connection.ops.quote_name
        table = quote(self._table)
        if timeout is None:
            expires = datetime.max
        else:
            expires = datetime.fromtimestamp(timeout, tz=UTC if settings.USE_TZ else None)
        expires = connection.ops.adapt_datetimefield_value(expires.replace(microsecond=0))
        value = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
        with connection.cursor() as cursor:
            if next(self._sets) % CULL_EVERY == 0:
                cursor.execute(f"SELECT COUNT(*) FROM {table}")
                rows = cursor.fetchone()[0]
                if rows > self._max_entries:
                    self._cull(db, cursor, tz_now().replace(microsecond=0), rows)
            key_column, value_column, expires_column = (
                quote(name) for name in ("cache_key", "value", "expires")
            )
            cursor.execute(
                f"INSERT INTO {table} ({key_column}, {value_column}, {expires_column}) "
                f"VALUES (%s, %s, %s) ON CONFLICT ({key_column}) DO UPDATE SET "
                f"{value_column} = EXCLUDED.{value_column}, "
                f"{expires_column} = EXCLUDED.{expires_column}",
                [key, value, expires],
            )
        return True
