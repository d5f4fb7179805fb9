"""`manage.py migrate` is all a new database needs: the commands and the server that follow it
with debugging off find the database cache's table (no `createcachetable`)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import caches
from django.db import connection

from events.models import Club
from tests.clubscoring.test_production_settings import a_secret_key, production_env

BASE_DIR = Path(__file__).resolve().parents[2]
FILES = BASE_DIR / "tests" / "events" / "files"

# The public pages of every event, read as a visitor through Django's test client with
# production's settings (the database cache included).
READ_PUBLIC_PAGES = """
from django.test import Client
from django.urls import reverse
from events.models import Club
client = Client()
club = Club.objects.get()
urls = [reverse("home"), reverse("club", args=[club.slug])]
urls += [reverse("event", args=[pk]) for pk in club.events.values_list("pk", flat=True)]
for url in urls:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    assert "Riverside Bridge Club" in response.content.decode() or url == "/", url
print(len(urls), "pages")
"""


@pytest.fixture
def fresh_database(tmp_path):
    """The URL of an empty database of the suite's kind: a new SQLite file, or a new
    PostgreSQL database beside the suite's (dropped afterwards)."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        yield f"sqlite:///{tmp_path / 'new.sqlite3'}"
        return
    import psycopg

    server, name = url.rsplit("/", 1)
    name = f"{name}_migrate_alone"
    admin = f"{server}/postgres".replace("postgres://", "postgresql://", 1)
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        db.execute(f'CREATE DATABASE "{name}"')
    yield f"{server}/{name}"
    with psycopg.connect(admin, autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.database
def test_migrate_alone_then_the_demo_an_import_and_the_public_pages(fresh_database, tmp_path):
    env = production_env(
        DJANGO_SECRET_KEY=a_secret_key(),
        DJANGO_SECURE="0",
        DATABASE_URL=fresh_database,
        DJANGO_STATIC_ROOT=str(tmp_path / "static"),
    )
    env = {k: v for k, v in env.items() if k not in {"CACHE_URL", "REDIS_URL"}}

    def manage(*args: str) -> str:
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=BASE_DIR,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert (result.returncode, result.stderr) == (0, ""), args
        return result.stdout

    manage("migrate", "--no-input", "--verbosity", "0")
    manage("collectstatic", "--no-input", "--verbosity", "0")  # the pages name hashed files
    assert manage("load_demo").startswith("Demo club loaded: Riverside Bridge Club")
    imported = manage("import_results", "--club", "riverside", str(FILES / "ruter_pairs.pbn"))
    assert imported.startswith("Imported ")
    assert manage("shell", "--no-imports", "-c", READ_PUBLIC_PAGES) == "10 pages\n"


@pytest.mark.django_db
def test_the_migrated_database_holds_the_database_caches_table(settings):
    assert "clubscoring_cache" in connection.introspection.table_names()
    settings.CACHES = {
        "default": {
            "BACKEND": "clubscoring.database_cache.DatabaseCache",
            "LOCATION": "clubscoring_cache",
        }
    }
    caches["default"].set("key", "kept")
    assert caches["default"].get("key") == "kept"
    assert Club.objects.count() == 0
    caches.close_all()
