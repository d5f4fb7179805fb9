"""The test suite's settings: production's (debugging off) with a key of its own, plain HTTP for
the test client and the live server, and static files served as they are (collectstatic is not
run for the tests; tests/clubscoring/test_serve.py serves the collected files through gunicorn).
"""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "tests-only-" + "k" * 20 + "-not-secret-" + "s" * 20)

from clubscoring.settings import *  # noqa: F403

SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
SECURE_HSTS_SECONDS = 0
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# WhiteNoise serves the source files as it does in development.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
# A fast hash: the suite logs in often, and password strength is not what it tests.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A test database in a file, as production's is: the live server's threads then each have
    # their own connection. An in-memory database is one connection shared by every thread, and
    # two requests at once (a save and a preview on a slow connection) misuse it.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test-db.sqlite3")}  # noqa: F405

# Each test starts with an empty cache (tests/conftest.py): the cache of the process, whatever
# the environment names.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "table-requests": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "table-requests",
    },
    "pages-here": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "pages-here",
    },
}
# A running event's public page shows a change at once, as a published event's does: the tests
# that read a page just after a change. tests/events/test_live_pages.py sets it to 10 s and
# moves the page cache's clock.
LIVE_PAGE_SECONDS = 0
