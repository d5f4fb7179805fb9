"""Settings for Clubscoring, driven by the environment.

SQLite is the embedded default; set DATABASE_URL (e.g. postgres://user@127.0.0.1:5432/clubscoring)
for PostgreSQL. DJANGO_DEBUG=1 for development. In production (debugging off) DJANGO_SECRET_KEY
must be set (or the key be in .secret_key) and DJANGO_ALLOWED_HOSTS should be; the site is
served over TLS unless DJANGO_SECURE=0, and DJANGO_BEHIND_PROXY=1 trusts a TLS proxy's
X-Forwarded-Proto and -For.
The README's "Production" section says more.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(int(default))).lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DJANGO_DEBUG")
# The key `make production` makes once (its secret-key target), read by every command run from
# the checkout; DJANGO_SECRET_KEY comes first.
SECRET_KEY_FILE = Path(os.environ.get("DJANGO_SECRET_KEY_FILE", BASE_DIR / ".secret_key"))


def read_secret_key_file(path: Path) -> str:
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        return ""


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "") or read_secret_key_file(SECRET_KEY_FILE)
if not SECRET_KEY:
    if not DEBUG:
        # Never fall back to a key anyone can read in the repository: sessions and password
        # reset links would be forgeable.
        raise ImproperlyConfigured(
            f"DJANGO_SECRET_KEY is not set. With debugging off Clubscoring needs a secret key "
            f"of its own: set DJANGO_SECRET_KEY to 50 or more random characters, or put them "
            f"in {SECRET_KEY_FILE} (make production makes one there), or set DJANGO_DEBUG=1 "
            f"for development."
        )
    SECRET_KEY = "insecure-development-key-set-DJANGO_SECRET_KEY"
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tasks_db",
    "axes",
    "simple_history",
    "events",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A public page from the cache, to a reader without a session: before the rest.
    "events.middleware.CachedPublicPages",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The reader's language: the switch's cookie, else the browser's (Accept-Language).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A director's own language; a club's for its public pages when the reader chose none.
    "events.middleware.ReadersLanguage",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "events.middleware.site_time_zone",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "clubscoring.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
            "builtins": ["django_htmx.templatetags.django_htmx"],
        },
    },
]

WSGI_APPLICATION = "clubscoring.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60
    )
}

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several directors at once: a writer takes the lock when its transaction starts and the
    # others wait for it (up to 20 s) instead of failing; readers never wait (WAL).
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }

# The public pages are cached (events/services/page_cache.py) where every app server reads the
# same cache: Redis at CACHE_URL (or REDIS_URL), e.g. redis://127.0.0.1:6379/0, for several app
# servers; else the database (a table `migrate` makes), which each of gunicorn's
# workers shares too; or, in development, the server's own memory.
CACHE_URL = os.environ.get("CACHE_URL") or os.environ.get("REDIS_URL")
if CACHE_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "clubscoring"),
        }
    }
elif DEBUG:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
else:
    CACHES = {
        "default": {
            "BACKEND": "clubscoring.database_cache.DatabaseCache",
            "LOCATION": "clubscoring_cache",
        }
    }
# The tables' request counters (events.services.tables.rate_limit) are never a database write:
# Redis when there is one, else each process's memory (a limit per process is still a limit).
CACHES["table-requests"] = (
    CACHES["default"]
    if CACHES["default"]["BACKEND"].endswith("RedisCache")
    else {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "table-requests",
        # A congress's 200 tables and their PIN counters, with room to spare.
        "OPTIONS": {"MAX_ENTRIES": 20_000},
    }
)

# A running event's public page as this process last served it, for as long as it may be served
# without a look at the shared cache (events.services.page_cache: LIVE_PAGE_SECONDS after it was
# drawn or found current): a room of phones' reads then cost no round trip to the database or
# Redis. Each process keeps its own; a page is some 10 kB compressed.
CACHES["pages-here"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "pages-here",
    "OPTIONS": {"MAX_ENTRIES": 500},
}

# A running event's public pages are drawn at most once in this many seconds, whatever the saves
# and the readers (events/services/page_cache.py): a room of phones reloading the ranking while
# every table saves its lines.
LIVE_PAGE_SECONDS = float(os.environ.get("LIVE_PAGE_SECONDS", "10"))

# Slow work (double-dummy analysis) is queued in the database and run by `manage.py db_worker`,
# which `make run` and `make serve` start beside the web server.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# An event's Excel workbook of more cells than this is built by the worker, once per version of
# the event, rather than in the request (events/services/workbooks.py).
WORKBOOK_CELLS_IN_REQUEST = int(os.environ.get("WORKBOOK_CELLS_IN_REQUEST", "200000"))

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# django-axes refuses a login after AXES_FAILURE_LIMIT wrong passwords for the same username
# from the same address, for AXES_COOLOFF_TIME; a right password resets the count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("DJANGO_LOGIN_LOCK_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "clubscoring.lockout.locked_out"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "director-home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-gb"
# Each language's name as its speakers write it, for the switch on every page.
LANGUAGES = [("en-gb", "English"), ("fr", "Français"), ("nb", "Norsk bokmål")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The switch's choice is kept a year (Django's default: until the browser closes).
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
# With debugging off, collectstatic writes each file under a name with its hash, gzipped beside
# it, and WhiteNoise serves them to be cached for ten years; in development they are served as
# they are.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Mail (a director's invitation, a forgotten password) goes through the SMTP server at EMAIL_HOST
# (EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS). Without one nothing is mailed
# (in development the console shows what would be): an invitation's one-time link is shown to the
# inviting director to pass on, and the forgotten-password page says whom to ask.
MAIL_SERVER = os.environ.get("EMAIL_HOST", "")
MAILERS = {
    "default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
    if DEBUG and not MAIL_SERVER
    else {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": MAIL_SERVER or "localhost",
            "port": int(os.environ.get("EMAIL_PORT", "25")),
            "username": os.environ.get("EMAIL_HOST_USER", ""),
            "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
            "use_tls": env_bool("EMAIL_USE_TLS"),
        },
    }
}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "clubscoring@localhost")
# The site's address in the links `manage.py new_club` prints (a page builds its links from the
# address it was asked at).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

# Uploaded result files are read in memory; a readable one is kept (events.Upload) until imported.
FILE_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
# A member list to import (events.services.member_lists): its size and rows at most.
MEMBER_LIST_MAX_BYTES = int(os.environ.get("MEMBER_LIST_MAX_BYTES", str(2 * 1024 * 1024)))
MEMBER_LIST_MAX_ROWS = int(os.environ.get("MEMBER_LIST_MAX_ROWS", "5000"))
# A table's phone (events.services.tables.rate_limit): its page, its lines and acceptances, a
# queue sent after the Wi-Fi came back; far more than a table needs, far less than a script.
TABLE_REQUESTS_PER_MINUTE = int(os.environ.get("TABLE_REQUESTS_PER_MINUTE", "120"))
# What a club backup may hold to be restored (events.formats.club_backup.Limits: packed_bytes,
# unpacked_bytes, rows, rows_per_model, depth, value_chars); the defaults admit the largest club
# measured several times over. Tests set them small.
BACKUP_RESTORE_LIMITS: dict[str, int] = {}

# Secure by default with debugging off: HTTPS only, secure cookies, HSTS. DJANGO_SECURE=0 serves
# plain HTTP (make serve on 127.0.0.1 does). Behind a TLS proxy set DJANGO_BEHIND_PROXY=1, and
# the proxy must set X-Forwarded-Proto (and X-Forwarded-For, which the login throttle reads).
SECURE = env_bool("DJANGO_SECURE", default=not DEBUG)
if SECURE:
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", default=True)
if env_bool("DJANGO_BEHIND_PROXY"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    AXES_IPWARE_PROXY_COUNT = 1
    AXES_IPWARE_META_PRECEDENCE_ORDER = ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"]

# Scripts and styles come from our own static files only: no inline script, style or on*
# handler, no eval (htmx is configured without it in base.html).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# Warnings and errors to stderr; a record about a request (django.request's 500s, for one)
# names its method, path and user.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request": {"()": "clubscoring.request_logging.RequestContext"}},
    "formatters": {
        "plain": {
            "format": "{asctime} {levelname} {name} [{request_context}] {message}",
            "style": "{",
        },
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        },
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "filters": ["request"],
            "formatter": "plain",
        },
        "django.server": {"class": "logging.StreamHandler", "formatter": "django.server"},
    },
    "root": {"handlers": ["stderr"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
    "loggers": {
        # Django's own console handler would print its records a second time in development.
        "django": {"handlers": [], "level": "WARNING", "propagate": True},
        # runserver's line for every request, as Django's default logging prints it.
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
    },
}
