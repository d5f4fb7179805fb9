"""The translations, checked as `make test` runs: the catalogues compile; they hold exactly the
message ids the project's makemessages finds in the code, each translated and none fuzzy; and
every page of every URL pattern, drawn in a pseudo-language whose every message is its English
id between markers, shows no text outside the markers but names, numbers and format words;
and the scripts (static/js) write no English words of their own, outside the JavaScript catalog.

The pseudo-language test is also the tool that finds text left untranslated: it prints, per
page, each text it found outside the markers.

    .venv/bin/pytest tests/clubscoring/test_catalogues.py -k pseudo -q
"""

import ast
import itertools
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import django
import polib
import pytest
from django.conf import settings
from django.conf.locale import LANG_INFO
from django.contrib.auth import get_user_model
from django.core.management import find_commands, load_command_class
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

ROOT = Path(settings.BASE_DIR)
LANGUAGES = ("fr", "nb")
DOMAINS = ("django", "djangojs")
CATALOGUES = sorted(ROOT.glob("locale/*/LC_MESSAGES/*.po"))


def _key(entry: polib.POEntry) -> tuple[str | None, str, str]:
    return (entry.msgctxt, entry.msgid, entry.msgid_plural)


@pytest.fixture(scope="session")
def found(tmp_path_factory) -> dict[str, polib.POFile | None]:
    """The templates (.pot) the project's makemessages makes from the working tree, each
    domain's (None: no id in that domain), made in a copy so that the tree is left alone."""
    copy = tmp_path_factory.mktemp("makemessages")
    for name in ("clubscoring", "events", "scoring", "templates", "static"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "manage.py", copy / "manage.py")
    (copy / "locale").mkdir()
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env |= {"DJANGO_DEBUG": "1", "DJANGO_SETTINGS_MODULE": "clubscoring.settings"}
    templates = {}
    for domain in DOMAINS:
        subprocess.run(
            [sys.executable, "manage.py", "makemessages", "-d", domain, "-l", "fr", "--keep-pot"],
            cwd=copy,
            env=env,
            check=True,
            capture_output=True,
        )
        pot = copy / "locale" / f"{domain}.pot"
        templates[domain] = polib.pofile(str(pot)) if pot.exists() else None
    return templates


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_catalogue_compiles(path):
    result = subprocess.run(
        ["msgfmt", "--check", "-o", os.devnull, str(path)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_catalogue_holds_exactly_the_codes_ids_each_translated(found, language, domain):
    template = found[domain]
    wanted = {_key(e) for e in template if not e.obsolete} if template else set()
    path = ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
    if not wanted and not path.exists():
        return  # no id in this domain, and no catalogue: as makemessages leaves it
    assert path.exists(), f"{path.relative_to(ROOT)} is missing: run make messages"
    catalogue = polib.pofile(str(path))
    held = {_key(e) for e in catalogue if not e.obsolete}
    assert sorted(wanted - held, key=str) == [], "ids of the code missing: run make messages"
    assert sorted(held - wanted, key=str) == [], "ids the code no longer has: make messages"
    untranslated = [e.msgid for e in catalogue if not e.obsolete and not e.translated()]
    assert untranslated == []
    fuzzy = [e.msgid for e in catalogue if not e.obsolete and e.fuzzy]
    assert fuzzy == []


# A translation's spaces as its language sets them: French a no-break space (U+00A0, or the
# narrow U+202F) before : ; ? ! » and %, and after «; Norwegian before % (Språkrådet's rule).
# An ordinary space there let a phone's line end before the mark, a colon alone on the next;
# none at all ("%(where)s: ", "%(total)s%%") is English typography. What a director types (a
# <code> example, "40% 4S N 10") is left as typed.
TYPED = re.compile(r"<code>.*?</code>|<kbd>.*?</kbd>|\d+%%? \d[SHDCN]|A60 \w+ 60%%", re.S)
PLACEHOLDER = r"%\(\w+\)[sd]"
PERCENT = r"%(?!\()"  # a percent sign, not a placeholder's
TYPOGRAPHY = {
    "fr": re.compile(rf" [:;?!»]| {PERCENT}|« |{PLACEHOLDER}(?:%%|[:;?!](?=\s|$))|\d{PERCENT}"),
    "nb": re.compile(rf" {PERCENT}|{PLACEHOLDER}%%|\d{PERCENT}"),
}


def typography_slips(language: str, text: str) -> list[str]:
    """The places in `text` where `language` wants a no-break space and has none."""
    return TYPOGRAPHY[language].findall(TYPED.sub(" ", text))


def test_typography_slips_finds_an_ordinary_space_and_none_but_not_what_is_typed():
    assert typography_slips("fr", "Donne %(number)s : NS %(score)s, 60 %% ; « %(x)s »") == [
        " :",
        " %",
        " ;",
        "« ",
        " »",
    ]
    assert typography_slips("fr", "%(where)s: %(total)s%%, 40%") == [
        "%(where)s:",
        "%(total)s%%",
        "0%",
    ]
    assert (
        typography_slips("fr", "Donne\u00a0: 60\u00a0%, <code>40% 4S N 10</code>, A60 ou 60%%")
        == []
    )
    assert typography_slips("nb", "Spill %(number)s: %(total)s%%, 60 %") == ["%(total)s%%", " %"]


@pytest.mark.parametrize(
    "path",
    [path for path in CATALOGUES if path.parts[-3] in TYPOGRAPHY],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_a_translation_sets_its_languages_no_break_spaces(path):
    language = path.parts[-3]
    slips = {
        entry.msgid: found
        for entry in polib.pofile(str(path))
        if not entry.obsolete
        for text in [entry.msgstr, *entry.msgstr_plural.values()]
        if (found := typography_slips(language, text))
    }
    assert slips == {}


# The pseudo-language: a code of its own, every message "⟦English⟧", each run of text between
# a message's own tags (a link inside a sentence) marked by itself, as the page parses it.
PSEUDO = "qps"
OPEN, CLOSE = "⟦", "⟧"
MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
TAG = re.compile(r"</?[A-Za-z][^<>]*>")
# Django's own messages too (a form's "This field is required.", the months' names): marked as
# well, so that what remains is the project's.
DJANGO_CATALOGUES = [
    Path(django.__file__).parent / "conf/locale/fr/LC_MESSAGES/django.po",
    Path(django.__file__).parent / "contrib/auth/locale/fr/LC_MESSAGES/django.po",
]


def _marked(text: str) -> str:
    return OPEN + TAG.sub(lambda tag: CLOSE + tag.group() + OPEN, text) + CLOSE


def _pseudo(entries) -> polib.POFile:
    catalogue = polib.POFile()
    catalogue.metadata = {
        "Content-Type": "text/plain; charset=UTF-8",
        "Plural-Forms": "nplurals=2; plural=(n != 1);",
    }
    seen = set()
    for entry in entries:
        if entry.obsolete or not entry.msgid or _key(entry) in seen:
            continue
        seen.add(_key(entry))
        pseudo = polib.POEntry(msgctxt=entry.msgctxt, msgid=entry.msgid)
        if entry.msgid_plural:
            pseudo.msgid_plural = entry.msgid_plural
            pseudo.msgstr_plural = {
                0: _marked(entry.msgid),
                1: _marked(entry.msgid_plural),
            }
        else:
            pseudo.msgstr = _marked(entry.msgid)
        catalogue.append(pseudo)
    return catalogue


@pytest.fixture
def pseudo_language(found, tmp_path, settings, monkeypatch):
    """The pseudo-language installed: its catalogues compiled into a locale folder of their
    own, known to Django by its code."""
    folder = tmp_path / "locale" / PSEUDO / "LC_MESSAGES"
    folder.mkdir(parents=True)
    ours = list(found["django"] or [])
    theirs = [entry for path in DJANGO_CATALOGUES for entry in polib.pofile(str(path))]
    _pseudo(ours + theirs).save_as_mofile(str(folder / "django.mo"))
    _pseudo(found["djangojs"] or []).save_as_mofile(str(folder / "djangojs.mo"))
    monkeypatch.setitem(
        LANG_INFO, PSEUDO, {"bidi": False, "code": PSEUDO, "name": "Pseudo", "name_local": "Pseudo"}
    )
    settings.LANGUAGES = [*settings.LANGUAGES, (PSEUDO, "Pseudo")]
    settings.LOCALE_PATHS = [tmp_path / "locale", *settings.LOCALE_PATHS]
    return PSEUDO


# Words that are the same in every language, so left outside the markers: the site's name, the
# languages' own names on the switch, the traveller-line language (seats, directions, strains,
# doubled) and the score pads' (their sides and honours), the file formats' names, and the time
# zone the demo uses. Single letters (a section, a seat, a suit) and numbers are never words here.
FORMAT_WORDS = {
    "Clubscoring", "English", "Français", "Norsk", "bokmål", "Pseudo",
    "NS", "EW", "NT", "XX", "PBN", "USEBIO", "CSV", "JSON", "XLSX", "XML", "UTC", "IMPs", "VPs",
    "we", "they", "hon",
}  # fmt: skip
CONTRACT = re.compile(r"\b[1-7](?:NT|[SHDC])X{0,2}\b|\b[NSEW]{2}\b")
ADDRESS = re.compile(r"https?://\S+")
# A word is two letters or more, or the "v" of "3 v 5" (a pair against a pair, a team against a
# team), which French and Norwegian write their own way: a single letter else (a seat, a suit,
# a section) is no word.
WORD = re.compile(r"[^\W\d_]{2,}|(?<!\S)v(?!\S)")


class _Visible(HTMLParser):
    """The texts a reader sees: text nodes (not in script, style or template) and the
    attributes shown as words (title, placeholder, aria-label, alt, a button input's value)."""

    HIDDEN = {"script", "style", "template"}

    def __init__(self):
        super().__init__()
        self.texts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in self.HIDDEN:
            self.hidden += 1
        for name in ("title", "placeholder", "aria-label", "alt"):
            if attrs.get(name):
                self.texts.append(attrs[name])
        if tag == "input" and attrs.get("type") in {"submit", "button", "reset"}:
            self.texts.append(attrs.get("value") or "")

    def handle_endtag(self, tag):
        if tag in self.HIDDEN:
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.texts.append(data)


def untranslated(page: str, names: list[str]) -> list[str]:
    """The texts of `page` with a word outside the markers that is no name or format word."""
    # A message may hold markup (a link, a code example), whose tags split its words into
    # several texts: the marked messages go first, markup and all, the innermost first.
    while MARKED.search(page):
        page = MARKED.sub(" ", page)
    parser = _Visible()
    parser.feed(page)
    left = []
    for text in parser.texts:
        rest = text
        for name in names:
            rest = rest.replace(name, " ")
        rest = CONTRACT.sub(" ", ADDRESS.sub(" ", rest))
        if any(word not in FORMAT_WORDS for word in WORD.findall(rest)):
            left.append(" ".join(text.split()))
    return left


def _routes(resolver, prefix=""):
    """Every URL pattern's route (path() syntax), the admin site's left out (not translated)."""
    for pattern in resolver.url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            if not route.startswith("admin/"):
                yield from _routes(pattern, route)
        elif isinstance(pattern, URLPattern):
            yield route


PARAMETER = re.compile(r"<(?:(\w+):)?(\w+)>")
# Not pages: the switch (a POST) and the scripts' catalog (not HTML).
NOT_PAGES = {"i18n/setlang/", "jsi18n/"}


def _candidates(club) -> dict[str, list]:
    """Values to try for each URL parameter, from the demo club's events."""
    from events.models import (
        Change,
        Competition,
        CompetitionSession,
        Event,
        Match,
        Player,
        Result,
        TableAccess,
        TableCall,
        TableLine,
        Upload,
    )
    from events.services.tables.access import event_tables

    events = list(Event.objects.filter(club=club).order_by("pk"))
    for event in events:
        if event.status == Event.Status.RUNNING:
            event_tables(event=event)
    accesses = TableAccess.objects.filter(event__club=club).order_by("pk")

    def first(queryset, count=3):
        return list(queryset.order_by("pk").values_list("pk", flat=True)[:count])

    return {
        "event_id": [e.pk for e in events],
        "slug": [club.slug],
        "number": [1, 2],
        "match_id": first(Match.objects.filter(event__club=club)),
        "player_id": first(Player.objects.filter(club=club), 1),
        "competition_id": first(Competition.objects.filter(club=club)),
        "session_id": first(CompetitionSession.objects.filter(competition__club=club)),
        "round_number": [1],
        "table": [1],
        "result_id": first(Result.objects.filter(board__section__event__club=club)),
        "line_id": first(TableLine.objects.filter(access__event__club=club)),
        "call_id": first(TableCall.objects.filter(access__event__club=club)),
        "access_id": [a.pk for a in accesses[:3]],
        "change_id": first(Change.objects.filter(club=club)),
        "upload_id": first(Upload.objects.filter(event__club=club)),
        "user_id": first(get_user_model().objects.all()),
        "section": ["A", "B"],
        "pair": ["1", "1ns"],
        "kind": ["rubber", "chicago"],
        "extension": ["html"],
        "format_key": ["html"],
        "token": [a.token for a in accesses[:3]],
        "key": [str(k) for k in TableLine.objects.values_list("key", flat=True)[:2]],
    }


def _page(client, route: str, candidates: dict) -> tuple[str, str | None, str]:
    """The first page of `route` that draws (200, HTML, after redirects) with the candidates'
    values: its URL, its HTML (None if none drew) and what was answered. A POST-only address
    (405) is given up at once."""
    names = [name for _conv, name in PARAMETER.findall(route)]
    answers = []
    for values in itertools.islice(
        itertools.product(*(candidates.get(name) or ["1"] for name in names)), 40
    ):
        chosen = dict(zip(names, values, strict=True))
        url = "/" + PARAMETER.sub(lambda m, c=chosen: str(c[m.group(2)]), route)
        try:
            response = client.get(url, follow=True)  # a pair's old address, for one
        except Exception as error:  # a page that fails is reported, not skipped
            return url, None, f"raised {error!r}"
        answers.append(response.status_code)
        if response.status_code == 405:
            break
        if response.status_code == 200 and "text/html" in response.get("Content-Type", ""):
            return url, response.content.decode(), "200"
    return route, None, f"not drawn ({sorted(set(answers))})"


@pytest.mark.django_db
def test_every_page_in_a_pseudo_language_shows_only_marked_text(pseudo_language, capsys):
    from events.models import Club, Competition, Event, IndividualPlayer, Player, Result, Team
    from events.services.demo import load_demo

    club = load_demo()
    director = club.directors.get()
    get_user_model().objects.filter(pk=director.pk).update(is_staff=True)
    director.refresh_from_db()
    client = Client()
    client.force_login(director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = pseudo_language
    candidates = _candidates(club)
    # What people typed is shown as typed: the names, and the notes typed on the lines (the
    # site's own sentences are marked).
    names = sorted(
        {
            *Club.objects.values_list("name", flat=True),
            *Event.objects.values_list("name", flat=True),
            *Player.objects.values_list("name", flat=True),
            *IndividualPlayer.objects.values_list("name", flat=True),
            *Team.objects.values_list("name", flat=True),
            *Competition.objects.values_list("name", flat=True),
            *get_user_model().objects.values_list("username", flat=True),
            *(n for n in Result.objects.values_list("note", flat=True) if isinstance(n, str)),
        }
        - {""},
        key=len,
        reverse=True,
    )

    leftovers, not_drawn = {}, {}
    for route in _routes(get_resolver()):
        if route in NOT_PAGES:
            continue
        url, page, answer = _page(client, route, candidates)
        if page is None:
            not_drawn[route] = answer
            continue
        if found := untranslated(page, names):
            leftovers[route] = (url, found)

    report = [
        f"{route} ({url})\n    " + "\n    ".join(texts) for route, (url, texts) in leftovers.items()
    ]
    with capsys.disabled():
        print(f"\n{len(leftovers)} pages with text outside the markers:\n" + "\n".join(report))
        print("Not drawn by GET (forms' posts, downloads):")
        print("\n".join(f"  {route}: {answer}" for route, answer in not_drawn.items()))
    assert not [a for a in not_drawn.values() if a.startswith("raised")]
    assert sorted(leftovers) == [], "words outside the translations"


@pytest.mark.django_db
@pytest.mark.parametrize("template", ["400.html", "403.html", "404.html", "500.html"])
def test_the_error_pages_in_the_pseudo_language_show_only_marked_text(pseudo_language, template):
    from django.template.loader import render_to_string
    from django.test import RequestFactory
    from django.utils import translation

    request = RequestFactory().get("/")
    with translation.override(pseudo_language):
        page = render_to_string(template, request=None if template == "500.html" else request)

    assert untranslated(page, names=[]) == []


# The site's commands (events/management/commands), but makemessages, whose words are Django's.
COMMANDS = sorted(set(find_commands(ROOT / "events" / "management")) - {"makemessages"})
# Django's own options of every command, in Django's words.
BASE_OPTIONS = {
    "help", "version", "verbosity", "settings", "pythonpath", "traceback", "no_color",
    "force_color", "skip_checks",
}  # fmt: skip


@pytest.mark.parametrize("name", COMMANDS)
def test_a_commands_help_in_the_pseudo_language_is_all_marked(pseudo_language, settings, name):
    settings.LANGUAGE_CODE = pseudo_language  # the language Django runs a command in
    parser = load_command_class("events", name).create_parser("manage.py", name)

    texts = [
        parser.description,
        *(action.help for action in parser._actions if action.dest not in BASE_OPTIONS),
    ]
    # A message's markup (<slug>) is outside its markers, as on a page.
    assert [text for text in texts if WORD.search(TAG.sub(" ", MARKED.sub(" ", text)))] == []
    assert parser.format_help()


# The scripts' own words (static/js): the pseudo-language test reads the HTML the server draws,
# and a script writes its words into the page only as it runs (a refused row's status line, a
# shortcut's refusal), so a sentence left in a script's code never reached it. A script's
# words go through the JavaScript catalog (gettext, interpolate); a string of English words
# outside such a call is a leftover. Selectors and class names are not words.
SCRIPT_TOKEN = re.compile(
    r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|//[^\n]*|/\*.*?\*/"""
    r"""|(\b(?:n|p|np)?gettext\()|(\()|(\))""",
    re.S,
)
PROSE = re.compile(r"^[A-Z][a-z]+ |(?:\b[A-Za-z][a-z']+[ ,:;]+){3}|\b[A-Za-z]+ [a-z]+: ")
SELECTOR = re.compile(r"[#\[\]=]|\w\.\w")


def script_words(code: str) -> list[str]:
    """The strings of a script's `code` that read as English words, outside gettext calls."""
    found, depth, calls = [], 0, []
    for token in SCRIPT_TOKEN.finditer(code):
        string, call, opening, closing = token.groups()
        if call or opening:
            depth += 1
            if call:
                calls.append(depth)
        elif closing:
            if calls and calls[-1] == depth:
                calls.pop()
            depth -= 1
        elif string and not calls:
            text = string[1:-1]
            if PROSE.search(text) and not SELECTOR.search(text):
                found.append(text)
    return found


def test_script_words_finds_english_outside_the_catalog_only():
    code = """
      show("There is no board " + n + ": the boards are " + list + ".", true);
      status.textContent = label + ": not saved: " + reason;
      show(interpolate(gettext("There is no board %(board)s: the boards are %(first)s."), {}));
      document.querySelector("#entry-grid tr.free input.entry");
      // A comment says "what the code does" in English.
      node.className = "sync waiting";
    """
    assert script_words(code) == ["There is no board ", ": the boards are ", ": not saved: "]


@pytest.mark.parametrize("path", sorted(ROOT.glob("static/js/*.js")), ids=lambda p: p.name)
def test_a_script_writes_its_words_through_the_javascript_catalog(path):
    assert script_words(path.read_text()) == []


# What the views and forms say to a director (a message after a change, a form's refusal) is
# drawn only after a post, which the pseudo-language test of every page does not make: a
# sentence written into the code there came out in English on a French page. Such a sentence
# is a message of the catalogue: the text handed to messages.*, add_error or ValidationError
# is a translation function's (or a value made elsewhere), never a literal or an f-string.
SAID = {"success", "error", "info", "warning", "add_error", "ValidationError"}


def said_in_english(code: str) -> list[str]:
    """The literal texts (a string or an f-string's) that `code` hands to a director: to
    messages.*, add_error or ValidationError, or returned by a view's `save`, whose text the
    teams pages hand to messages.success (events.views.teams.saved_then)."""
    found = []

    def literal(argument) -> None:
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
            found.append((argument.value, argument.value))
        elif isinstance(argument, ast.JoinedStr):  # its own words, not its values'
            words = "".join(p.value for p in argument.values if isinstance(p, ast.Constant))
            found.append((ast.unparse(argument), words))

    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.FunctionDef) and node.name == "save":
            for inner in ast.walk(node):
                if isinstance(inner, ast.Return) and inner.value is not None:
                    literal(inner.value)
            continue
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "attr", getattr(node.func, "id", ""))
        if name not in SAID:
            continue
        # add_error's first argument is the field's name, no sentence.
        for argument in node.args[1:] if name == "add_error" else node.args:
            literal(argument)
    return [text for text, words in found if WORD.search(words)]


def test_said_in_english_finds_a_literal_but_not_a_message():
    code = """
messages.success(request, f"{team.name} is registered as team {team.number}.")
form.add_error("event", f"Not added: {refused}.")
raise forms.ValidationError("Choose a team.")
messages.error(request, gettext("Not swapped: %(why)s") % {"why": why})
form.add_error(None, refused)
form.add_error(None, f"{refused}.")
form.add_error("tables", "")
def save(data):
    if data:
        return "Adjustments saved."
    return f"{name}."
"""
    assert sorted(said_in_english(code)) == [
        "Adjustments saved.",
        "Choose a team.",
        "f'Not added: {refused}.'",
        "f'{team.name} is registered as team {team.number}.'",
    ]


# xgettext does not read inside an f-string: a message written there ({gettext('A match')})
# never reached the catalogue and stayed English on every page.
TRANSLATING = {"gettext", "gettext_lazy", "pgettext", "pgettext_lazy", "ngettext", "_"}


def messages_inside_f_strings(code: str) -> list[str]:
    """The translation calls with a literal message that `code` makes inside an f-string."""
    return [
        ast.unparse(call)
        for node in ast.walk(ast.parse(code))
        if isinstance(node, ast.JoinedStr)
        for call in ast.walk(node)
        if isinstance(call, ast.Call)
        and getattr(call.func, "id", getattr(call.func, "attr", "")) in TRANSLATING
        and any(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in call.args)
    ]


def test_messages_inside_f_strings_finds_a_literal_message_only():
    code = """
f"{numbers.get(key, gettext('A match'))}: "
f"{gettext(VP_SCALES[scale].label)}: "
f"{name}."
"""
    assert messages_inside_f_strings(code) == ["gettext('A match')"]


def test_no_message_is_written_inside_an_f_string():
    found = [
        f"{path.relative_to(ROOT)}: {call}"
        for folder in ("events", "scoring")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for call in messages_inside_f_strings(path.read_text())
    ]
    assert found == []


PYTHON_SAYING = sorted(
    path
    for folder in ("events/views", "events/forms", "events/pads")
    for path in (ROOT / folder).glob("*.py")
)


@pytest.mark.parametrize("path", PYTHON_SAYING, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_view_or_form_says_its_sentences_through_the_catalogue(path):
    assert said_in_english(path.read_text()) == []


# A colon after a translated label belongs to the message ("Board %(number)s:"): written in
# the template after it, French could not set its space before it ("paire 1: Ann").
COLON_AFTER = re.compile(
    r"\{% (?:translate [^%]*|endblocktranslate) %\}(?:\{% end\w+ %\})*(?:</a>)?:(?:\s|$)"
    r"|</a>:\s\{% (?:block)?translate"
)


def test_a_template_writes_no_colon_after_a_translated_label():
    colons = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if COLON_AFTER.search(line)
    ]
    assert colons == []


# A semicolon between a list's items is the catalogue's too ("\u00a0; " in French).
SEMICOLON_AFTER_TAG = re.compile(r"%\}; ")


def test_a_template_writes_no_semicolon_between_a_lists_items():
    semicolons = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if SEMICOLON_AFTER_TAG.search(line)
    ]
    assert semicolons == []


def test_makemessages_typesets_a_translation_as_its_language_does():
    from events.management.commands.makemessages import typeset

    typed = "Donne %(n)s : NS %(s)s; 60 %% ? « %(x)s » %(t)s%%: <code>4S : N</code>, 40%% 4S N 10"
    assert typeset("fr", typed) == (
        "Donne %(n)s\u00a0: NS %(s)s\u00a0; 60\u00a0%%\u00a0? «\u00a0%(x)s\u00a0» "
        "%(t)s\u00a0%%\u00a0: <code>4S : N</code>, 40%% 4S N 10"
    )
    assert typeset("fr", typeset("fr", typed)) == typeset("fr", typed)  # once is enough
    assert typeset("nb", "Spill %(n)s: %(t)s%%, 60 %") == "Spill %(n)s: %(t)s\u00a0%%, 60\u00a0%"
    assert typeset("en", typed) == typed
    assert typography_slips("fr", typeset("fr", typed)) == []
