"""The benchmarks' settings: production's (debugging off, so no query is kept in memory), over
plain HTTP, with a key of their own and the static files as they are (no collectstatic)."""

import os

os.environ.setdefault(
    "DJANGO_SECRET_KEY", "benchmarks-only-" + "b" * 20 + "-not-secret-" + "k" * 20
)
os.environ.setdefault("DJANGO_SECURE", "0")

from clubscoring.settings import *  # noqa: F403

STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# WhiteNoise serves the source files, as in development.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
