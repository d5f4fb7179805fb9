"""Django's makemessages, with what the project needs every time: the engine's messages found
(a `ScoringError("...", **values)` in scoring/ carries a message id, translated on the Django
side, as do the engine's other markers: scoring.errors.MESSAGE_KEYWORDS), and the folders that
hold no text of the app's left out, so that a plain `manage.py makemessages -l fr -l nb` (and
`-d djangojs`) finds exactly the app's ids."""

from django.core.management.commands import makemessages

from scoring.errors import MESSAGE_KEYWORDS

# Not the app's: the virtualenv, the benchmarks and tests, collected static files (copies of
# static/ and of Django's admin), and any node_modules.
IGNORED = [".venv", "benchmarks", "tests", "staticfiles", "node_modules"]


class Command(makemessages.Command):
    def handle(self, *args, **options):
        options["ignore_patterns"] = [*options["ignore_patterns"], *IGNORED]
        if options["domain"] == "django":
            keywords = [f"--keyword={name}" for name in MESSAGE_KEYWORDS]
            self.xgettext_options = [*self.xgettext_options, *keywords]
        return super().handle(*args, **options)
