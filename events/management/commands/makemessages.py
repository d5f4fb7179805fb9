"""Django's makemessages, with what the project needs every time: the engine's messages found
(a `ScoringError("...", **values)` in scoring/ carries a message id, translated on the Django
side, as do the engine's other markers: scoring.errors.MESSAGE_KEYWORDS), and the folders that
hold no text of the app's left out, so that a plain `manage.py makemessages -l fr -l nb` (and
`-d djangojs`) finds exactly the app's ids; then each language's typography set in the
translations (`typeset`), so that a translator may type an ordinary space."""

import re
import subprocess
from pathlib import Path

from django.conf import settings
from django.core.management.commands import makemessages

from scoring.errors import MESSAGE_KEYWORDS

# Not the app's: the virtualenv, the benchmarks and tests, collected static files (copies of
# static/ and of Django's admin), and any node_modules.
IGNORED = [".venv", "benchmarks", "tests", "staticfiles", "node_modules"]

# French sets a no-break space before : ; ? ! » and % and after «, Norwegian before %
# (Språkrådet's rule): an ordinary space there lets a phone's line begin with the mark alone
# (tests/clubscoring/test_catalogues.py holds it). What a director types (a <code> example,
# "40% 4S N 10", "A60 or 60%") is left as typed.
NO_BREAK = "\u00a0"
TYPED = re.compile(r"<code>.*?</code>|<kbd>.*?</kbd>|\d+%%? \d[SHDCN]|A60 \w+ 60%%", re.S)
PERCENT = (re.compile(r"(\d|%\(\w+\)[sd])[ \u00a0]?(%%|%)(?![(\w%])"), rf"\1{NO_BREAK}\2")
FRENCH = [
    (re.compile(r"[ \u00a0]([:;?!»])"), rf"{NO_BREAK}\1"),
    (re.compile(r"«[ \u00a0]?"), f"«{NO_BREAK}"),
    (re.compile(r"(?<=[^\s\u00a0\u202f])»"), f"{NO_BREAK}»"),
    # none at all before the mark, after a word, a placeholder or a closing bracket or tag
    (re.compile(r"(?<=[\w)'\"»%>])([:?!])(?=\s|$|<)"), rf"{NO_BREAK}\1"),
    (
        re.compile(r"(?<=[\w)'\"»>])(?<!&amp)(?<!&lt)(?<!&gt)(?<!&quot)(?<!&nbsp)(;)(?=\s|$)"),
        rf"{NO_BREAK}\1",
    ),
    PERCENT,
]
TYPOGRAPHY = {"fr": FRENCH, "nb": [PERCENT]}


def typeset(language: str, text: str) -> str:
    """`text` with `language`'s no-break spaces, what a director types left as it is."""
    rules = TYPOGRAPHY.get(language, [])
    parts, last = [], 0
    for typed in [*TYPED.finditer(text), None]:
        end = typed.start() if typed else len(text)
        part = text[last:end]
        for pattern, replacement in rules:
            part = pattern.sub(replacement, part)
        parts.append(part + (typed.group() if typed else ""))
        last = typed.end() if typed else end
    return "".join(parts)


class Command(makemessages.Command):
    def handle(self, *args, **options):
        options["ignore_patterns"] = [*options["ignore_patterns"], *IGNORED]
        if options["domain"] == "django":
            keywords = [f"--keyword={name}" for name in MESSAGE_KEYWORDS]
            self.xgettext_options = [*self.xgettext_options, *keywords]
        result = super().handle(*args, **options)
        for language in options["locale"]:
            catalogue = Path(settings.LOCALE_PATHS[0], language, "LC_MESSAGES")
            self._typeset(language, catalogue / f"{options['domain']}.po")
        return result

    def _typeset(self, language: str, path: Path) -> None:
        if language not in TYPOGRAPHY or not path.exists():
            return
        import polib  # a development tool's, as makemessages is

        catalogue, changed = polib.pofile(str(path)), False
        for entry in catalogue:
            if entry.msgstr:
                typeset_text = typeset(language, entry.msgstr)
                changed |= typeset_text != entry.msgstr
                entry.msgstr = typeset_text
            for form, text in entry.msgstr_plural.items():
                entry.msgstr_plural[form] = typeset(language, text)
                changed |= entry.msgstr_plural[form] != text
        if changed:
            catalogue.save(str(path))
            # Wrapped again as gettext's own tools wrap, which polib does otherwise.
            subprocess.run(["msgcat", str(path), "-o", str(path)], check=True)
