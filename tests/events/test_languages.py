"""Whose language a page is in: the switch's cookie, else the browser's, else (on a club's
public pages) the club's; a director's choice kept on their account; every kept page and
fragment one per language."""

import datetime
import re
from fractions import Fraction

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from events.models import Account, Club, Event
from events.services.tables.access import event_tables
from events.templatetags.bridge import fraction, points
from scoring import mitchell
from tests.events.test_club_settings import settings_fields

pytestmark = pytest.mark.django_db

LANG = re.compile(r'<html lang="([^"]+)"')


def language_of(response) -> str:
    return LANG.search(response.content.decode()).group(1)


def test_a_french_and_an_english_reader_of_a_kept_page_each_get_theirs(
    make_event, django_assert_num_queries
):
    url = reverse("event", args=[make_event(mitchell(3, 2)).pk])
    french = Client(headers={"accept-language": "fr-FR,fr;q=0.9"})
    english = Client(headers={"accept-language": "en-GB,en;q=0.8"})

    assert language_of(french.get(url)) == "fr"
    assert language_of(english.get(url)) == "en-gb"
    # Both kept now (events.middleware.CachedPublicPages): each served without a query, in
    # its reader's language, and the answer varies with the headers that chose it.
    with django_assert_num_queries(0):
        again_french, again_english = french.get(url), english.get(url)
    assert (language_of(again_french), language_of(again_english)) == ("fr", "en-gb")
    assert "Accept-Language" in again_french["Vary"]
    assert "Cookie" in again_french["Vary"]


def test_the_switch_changes_the_language_and_keeps_the_page(make_event):
    url = reverse("event", args=[make_event(mitchell(3, 2)).pk])
    reader = Client(headers={"accept-language": "fr"})
    page = reader.get(url).content.decode()
    assert 'action="/i18n/setlang/"' in page
    assert '<button class="link" name="language" value="nb" lang="nb">Norsk bokmål</button>' in page
    assert 'value="fr" lang="fr" aria-current="true" disabled>Français</button>' in page
    assert 'value="en-gb" lang="en-gb">English</button>' in page  # not "Anglais"

    response = reader.post(reverse("set_language"), {"language": "nb", "next": url})

    assert response.status_code == 302
    assert response.url == url
    assert reader.cookies[settings.LANGUAGE_COOKIE_NAME].value == "nb"
    assert language_of(reader.get(url)) == "nb"


def test_a_clubs_public_pages_are_in_its_language_for_a_reader_who_asks_for_none(club, make_event):
    Club.objects.filter(pk=club.pk).update(language="nb")
    event_id = make_event(mitchell(3, 2)).pk
    url = reverse("event", args=[event_id])

    german = Client(headers={"accept-language": "de-DE,de;q=0.9"})
    english = Client(headers={"accept-language": "de-DE,en;q=0.5"})
    chose = Client(headers={"accept-language": "de-DE"})
    chose.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"

    assert language_of(german.get(url)) == "nb"
    assert language_of(german.get(reverse("club", args=[club.slug]))) == "nb"
    assert language_of(english.get(url)) == "en-gb"
    assert language_of(chose.get(url)) == "fr"
    tables = event_tables(event=Event.objects.get(pk=event_id))
    # (The table's page writes its own <html lang>: its answer's header says its language.)
    assert german.get(reverse("table", args=[tables[0].token]))["Content-Language"] == "nb"
    # A page that is no club's keeps the site's.
    assert language_of(german.get(reverse("calculator"))) == "en-gb"


def test_the_club_settings_set_the_clubs_language(director_client, club):
    url = reverse("club-settings", args=[club.slug])
    director_client.post(url, settings_fields(language="fr"))

    club.refresh_from_db()
    assert club.language == "fr"
    assert 'name="language"' in director_client.get(url).content.decode()


def test_a_directors_choice_is_kept_and_applied_when_they_log_in(director, client):
    client.force_login(director)
    client.post(reverse("set_language"), {"language": "fr", "next": "/director/"})
    assert Account.objects.get(user=director).language == "fr"

    # Another browser, which asks for English: the director's own language once logged in.
    elsewhere = Client(headers={"accept-language": "en"})
    response = elsewhere.post(
        reverse("login"), {"username": "director", "password": "bridge-director"}
    )
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    assert language_of(elsewhere.get(reverse("director-home"))) == "fr"
    # While no cookie says otherwise, the session keeps it.
    del elsewhere.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert language_of(elsewhere.get(reverse("director-home"))) == "fr"
    # The switch again: the cookie wins, and the account follows.
    elsewhere.post(reverse("set_language"), {"language": "nb", "next": "/director/"})
    assert language_of(elsewhere.get(reverse("director-home"))) == "nb"
    assert Account.objects.get(user=director).language == "nb"


def test_the_javascript_catalog_is_loaded_before_the_sites_script_and_kept(client):
    page = client.get(reverse("calculator"), headers={"accept-language": "fr"}).content.decode()
    catalog = page.index('src="/jsi18n/?language=fr"')
    assert catalog < page.index("js/site.js")

    response = client.get("/jsi18n/?language=fr")
    assert response["Content-Type"].startswith("text/javascript")
    assert "django.gettext" in response.content.decode()
    assert "max-age=3600" in response["Cache-Control"]
    # Our own address: the content security policy's script-src 'self' allows it.
    assert "script-src 'self'" in response["Content-Security-Policy"]


@pytest.mark.parametrize(
    ("language", "words"),
    # (French sets a no-break space before a colon, which the catalog's JSON escapes.)
    [("fr", "Pas un raccourci\\u00a0: tapez b"), ("nb", "Ingen snarvei: skriv b")],
)
def test_the_scripts_words_come_in_the_catalog_of_the_pages_language(client, language, words):
    catalog = client.get(f"/jsi18n/?language={language}").content.decode()
    assert words in catalog
    assert "Not a shortcut" in catalog  # the message id, as the script asks for it


def test_an_event_is_named_with_its_date_in_the_readers_language(make_event):
    from django.utils import translation

    event = make_event(mitchell(3, 2), name="Club Pairs", date=datetime.date(2026, 2, 5))

    assert str(event) == "Club Pairs (5 Feb 2026)"
    with translation.override("fr"):
        assert str(event) == "Club Pairs (5 février 2026)"
    with translation.override("nb"):
        assert str(event) == "Club Pairs (5. februar 2026)"


def test_the_directors_notices_after_a_change_are_in_their_language(
    director_client, club, make_event
):
    director_client.post(reverse("set_language"), {"language": "fr", "next": "/director/"})
    response = director_client.post(
        reverse("player-add", args=[club.slug]), {"name": "Cy Cole"}, follow=True
    )
    assert "Cy Cole ajouté aux joueurs." in response.text

    event = make_event(mitchell(3, 2), name="Club Pairs", date=datetime.date(2026, 2, 5))
    response = director_client.post(
        reverse("event-delete", args=[event.pk]), {"confirm": "yes"}, follow=True
    )
    assert "Supprimé\u00a0: Club Pairs (5 février 2026)." in response.text


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", ("7.17", "-3.5", "12", "437.5")),
        ("fr", ("7,17", "-3,5", "12", "437,5")),
        ("nb", ("7,17", "-3,5", "12", "437,5")),
    ],
)
def test_matchpoints_and_a_mean_are_written_with_the_readers_decimal_sign(language, shown):
    # A traveller's, a scorecard's and a table's points beside percentages Django localizes.
    with translation.override(language):
        assert (points(7.1666), points(-3.5), points(12.0), fraction(Fraction(875, 2))) == shown


def test_a_colon_after_a_translated_label_is_the_translations_own(make_event):
    # French sets a space before a colon: one written after the message, in the template,
    # came out "paire 1: Ann" and "Non jouée: note".
    from events.services.setup import name_pair
    from tests.events.test_public_views import enter

    event = make_event(mitchell(3, 2), status="published")
    name_pair(pair=event.sections.get().pairs.get(number=1), names=["Ann", "Bob"])
    enter(event, 1, "4S N 10", "NP # the boards came late")
    reader = Client(headers={"accept-language": "fr"})

    scorecard = reader.get(reverse("scorecard", args=[event.pk, "A", 1])).content.decode()
    traveller = reader.get(reverse("traveller", args=[event.pk, "A", 1])).content.decode()

    assert "<h1>Feuille de marque de la paire 1\u00a0: <a href=" in scorecard
    assert "Non jouée\u00a0: the boards came late</td>" in traveller


@pytest.mark.parametrize(
    ("language", "listed", "headed"),
    [
        ("en-gb", "Fri 27 Nov 2026", "Friday 27 November 2026"),
        ("fr", "ven. 27\u00a0nov. 2026", "vendredi 27\u00a0novembre 2026"),
        ("nb", "fre. 27.\u00a0nov. 2026", "fredag 27.\u00a0november 2026"),
    ],
)
def test_an_events_date_is_written_as_the_readers_language_writes_one(
    make_event, language, listed, headed
):
    # The date filter's letters in a template are one language's order and abbreviations:
    # French read "ven 27 Nov 2026" and Norwegian "fredag 27 november 2026".
    event = make_event(mitchell(3, 2), status="published", date=datetime.date(2026, 11, 27))
    reader = Client(headers={"accept-language": language})

    home = reader.get(reverse("home")).content.decode()
    page = reader.get(reverse("event", args=[event.pk])).content.decode()

    assert f'<span class="muted">{listed}</span>' in home
    assert f" · {headed} · " in page


def test_a_percentage_takes_the_readers_percent_sign(make_event):
    # French (and Norwegian) set a space before %: the sums the templates wrote read "59,72%"
    # beside the messages' "60 %".
    from tests.events.test_public_views import enter

    event = make_event(mitchell(3, 2), status="published")
    enter(event, 1, "4S N 10", "4S N 9", "4S N 9")
    url = reverse("explain-score", args=[event.pk, "A", 1, 1])

    english = Client(headers={"accept-language": "en"}).get(url).content.decode()
    french = Client(headers={"accept-language": "fr"}).get(url).content.decode()

    assert "4 / 4 = 100.00%</p>" in english
    assert "4 / 4 = 100,00\u00a0%</p>" in french
    assert re.findall(r"\d%", french) == []


def test_a_colon_after_a_link_or_a_name_is_the_translations_own(director_client, make_event):
    event = make_event(mitchell(3, 2), name="Club Pairs")
    director_client.post(reverse("set_language"), {"language": "fr", "next": "/director/"})

    movement = director_client.get(reverse("director-movement", args=[event.pk])).text
    cards = director_client.get(reverse("director-cards", args=[event.pk])).text

    assert "Réparer le mouvement</a>\u00a0: une paire en retard arrive" in movement
    assert "<h1>Club Pairs\u00a0: Mitchell 3 tables</h1>" in cards
