"""The site's sentences kept in notes (events.services.notes): written under one language, read
in the reader's; a director's own words read as typed."""

import datetime
import html

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from events.models import Change
from events.services.notes import event_value, note_text, sentence
from events.services.teams.rounds import draw_next_round
from scoring import mitchell

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "Round robin scheduled: 1 round. Round robin scheduled: 7 rounds."),
        (
            "fr",
            "Toutes rondes programmées\u00a0: 1 tour. Toutes rondes programmées\u00a0: 7 tours.",
        ),
        ("nb", "Alle mot alle satt opp: 1 runde. Alle mot alle satt opp: 7 runder."),
    ],
)
def test_a_plural_sentence_takes_the_readers_form_for_its_count(language, text):
    note = [sentence("round-robin", count=1), sentence("round-robin", count=7)]
    with translation.override(language):
        assert note_text(note) == text


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "Drawn late, leaving out table 2 (Hearts v Spades), table 3 (Clubs v bye)."),
        (
            "fr",
            "Tiré sans attendre les matchs en retard\u00a0: table 2 (Hearts contre Spades), "
            "table 3 (Clubs contre exempt).",
        ),
        (
            "nb",
            "Trukket uten å vente på kampene som er forsinket: bord 2 (Hearts mot Spades), "
            "bord 3 (Clubs mot frirunde).",
        ),
    ],
)
def test_sentences_inside_a_sentence_are_read_in_the_readers_language_too(language, text):
    matches = [
        sentence("table-match", table=2, home="Hearts", away="Spades"),
        sentence("table-match", table=3, home="Clubs", away=sentence("bye")),
    ]
    with translation.override("en"):
        note = [sentence("drawn-late", matches=matches)]
    with translation.override(language):
        assert note_text(note) == text


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en-gb", "Series: Monday Pairs (7 Dec 2026) added"),
        ("fr", "Series\u00a0: Monday Pairs (7 décembre 2026) ajouté"),
        ("nb", "Series: Monday Pairs (7. desember 2026) lagt til"),
    ],
)
def test_an_events_date_is_written_as_the_readers_language_writes_it(make_event, language, text):
    event = make_event(mitchell(3, 2), name="Monday Pairs", date=datetime.date(2026, 12, 7))
    note = [sentence("session-added", competition="Series", event=event_value(event))]
    with translation.override(language):
        assert note_text(note) == text


def test_a_directors_own_words_read_as_typed_and_an_unknown_code_is_refused():
    with translation.override("fr"):
        assert note_text("keyed on the wrong row") == "keyed on the wrong row"
        assert note_text(["Round 1 drawn long ago.", ""]) == "Round 1 drawn long ago."
    with pytest.raises(KeyError):
        sentence("no-such-sentence")


@pytest.mark.parametrize(
    ("language", "note"),
    [("fr", "Tour 1 tiré par ordre de force."), ("nb", "Runde 1 trukket seedet etter styrke.")],
)
def test_the_history_and_the_undo_page_read_an_english_note_in_the_readers_language(
    make_team_event, director_client, language, note
):
    event = make_team_event(teams=4, first_round="seeded")
    with translation.override("en"):
        draw_next_round(event=event)
    draw = Change.objects.get(event=event, kind=Change.Kind.MATCH)
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language

    history = director_client.get(reverse("director-history", args=[event.pk]))
    undo = director_client.get(reverse("director-undo", args=[event.pk, draw.pk]))

    assert f">{note}</td>" in html.unescape(history.content.decode())
    assert f" · {note}</p>" in html.unescape(undo.content.decode())
