"""The database cache's table (CACHES in clubscoring/settings.py, without CACHE_URL), made by
`migrate` as every other table is, so that a server, import_results or load_demo run after
`migrate` alone find it. Made whatever the settings name: `make run` and `make serve` share a
database, and a site may drop its Redis later. A table that createcachetable made is kept."""

from django.core.management import call_command
from django.db import migrations

TABLE = "clubscoring_cache"  # LOCATION of the database cache in clubscoring/settings.py


def create_cache_table(apps, schema_editor):
    alias = schema_editor.connection.alias
    call_command("createcachetable", TABLE, database=alias, verbosity=0)


def drop_cache_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(TABLE)}")


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0021_swiss_draw_seed_at_random"),
    ]

    operations = [
        migrations.RunPython(create_cache_table, drop_cache_table),
    ]
