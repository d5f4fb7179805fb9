"""The words of the engine and of the files in the reader's language: the workbook's headings
in its club's language, whoever downloads it; an engine error in the language of the request
that reads it. A small French catalogue is compiled for the test with msgfmt."""

import io
import shutil
import subprocess

import openpyxl
import pytest
from django.utils import translation

from events.models import Event
from events.services.exports import export_file
from scoring import ScoringError, mitchell

pytestmark = pytest.mark.django_db

FRENCH = {
    "Place": "Place",
    "Pair": "Paire",
    "Names": "Noms",
    "MPs": "PM",
    "Boards": "Donnes",
    "Ranking": "Classement",
    "Travellers": "Feuilles de marque",
    "Scorecards": "Feuilles de score",
    "Settings": "Réglages",
    "North-South": "Nord-Sud",
    "East-West": "Est-Ouest",
    "Pair %(pair)s": "Paire %(pair)s",
    "place %(place)s": "place %(place)s",
    "Pair %(pair)s is not in this movement (pairs %(first)s-%(last)s).": (
        "La paire %(pair)s n'est pas dans ce mouvement (paires %(first)s à %(last)s)."
    ),
}


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@pytest.fixture
def french(tmp_path, settings):
    """A French catalogue holding FRENCH, found before the project's own."""
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (gettext) is not installed")
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    entries = "".join(
        f"\nmsgid {_quoted(english)}\nmsgstr {_quoted(french)}\n"
        for english, french in FRENCH.items()
    )
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    (folder / "django.po").write_text(header + entries, encoding="utf-8")
    subprocess.run(
        ["msgfmt", "-o", str(folder / "django.mo"), str(folder / "django.po")], check=True
    )
    settings.LOCALE_PATHS = [tmp_path, *settings.LOCALE_PATHS]  # clears the loaded catalogues
    yield


def _ranking_sheet(event: Event):
    book = openpyxl.load_workbook(io.BytesIO(export_file(event=event, format_key="xlsx")))
    return book, book.worksheets[0]


def _event(make_event, *, language: str | None, **settings) -> Event:
    event = Event.objects.select_related("club").get(pk=make_event(mitchell(3, 2), **settings).pk)
    if language is not None:
        # The club's language setting (Club.language, where the club model has it).
        event.club.language = language
    return event


def test_a_french_clubs_workbook_has_french_headings_whoever_downloads_it(french, make_event):
    event = _event(make_event, language="fr")

    with translation.override("en-gb"):
        book, ranking = _ranking_sheet(event)

    assert book.sheetnames == ["Classement", "Feuilles de marque", "Feuilles de score", "Réglages"]
    assert [c.value for c in ranking[2]] == ["Place", "Paire", "Noms", "%", "PM", "Donnes"]
    assert translation.get_language() != "fr"  # the reader's language is left as it was


def test_a_french_clubs_two_winner_workbook_names_the_directions_in_french(french, make_event):
    event = _event(make_event, language="fr", winners=2)

    with translation.override("en-gb"):
        book, ranking = _ranking_sheet(event)

    headings = [row[0].value for row in ranking.iter_rows() if row[0].font.bold]
    assert [h for h in headings if h in ("Nord-Sud", "Est-Ouest", "North-South", "East-West")] == [
        "Nord-Sud",
        "Est-Ouest",
    ]
    scorecards = [row[0].value or "" for row in book["Feuilles de score"].iter_rows()]
    assert scorecards[0].startswith("Club Pairs\u00a0: ")  # French sets a space before a colon
    assert scorecards[2] == "Paire 1 · Nord-Sud · place 1="
    assert scorecards[11] == "Paire 4 · Est-Ouest · place 1="


def test_a_workbook_without_a_club_language_is_in_the_sites_language(french, make_event):
    event = _event(make_event, language=None)

    with translation.override("fr"):
        book, ranking = _ranking_sheet(event)

    assert book.sheetnames == ["Ranking", "Travellers", "Scorecards", "Settings"]
    assert [c.value for c in ranking[2]] == ["Place", "Pair", "Names", "%", "MPs", "Boards"]


def test_an_engine_error_reads_in_the_language_active_when_it_is_read(french):
    with pytest.raises(ScoringError) as raised:
        mitchell(3, 2).sitting_of(9, 1)
    error = raised.value

    assert error.message == "Pair %(pair)s is not in this movement (pairs %(first)s-%(last)s)."
    assert error.values == {"pair": 9, "first": 1, "last": 6}
    with translation.override("fr"):
        assert str(error) == "La paire 9 n'est pas dans ce mouvement (paires 1 à 6)."
    with translation.override("en-gb"):
        assert str(error) == "Pair 9 is not in this movement (pairs 1-6)."
