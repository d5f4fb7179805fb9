"""A club's settings page: its time zone (today and the times on its pages follow it), its
national body and its defaults for new events, each change recorded in its history."""

import datetime
import html
from unittest import mock

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from events.models import Change, Club
from events.services.notes import note_text
from scoring import mitchell

pytestmark = pytest.mark.django_db


def settings_fields(**changes) -> dict:
    """What the settings page posts, with `changes`."""
    fields = {
        "time_zone": "UTC",
        "national_body": "",
        "defaults-scoring": "mp",
        "defaults-mp_scale": 2,
        "defaults-mp_rounding": "none",
        "defaults-reveal": "always",
        "defaults-boards_per_round": 3,
        "defaults-team_min_players": 4,
        "defaults-team_max_players": 6,
    }
    return fields | changes


def _at(moment: str):
    """Django's clock stopped at `moment` (ISO, UTC)."""
    return mock.patch(
        "django.utils.timezone.now", return_value=datetime.datetime.fromisoformat(moment)
    )


@pytest.mark.parametrize(
    ("time_zone", "moment", "today"),
    [
        pytest.param("Pacific/Auckland", "2026-11-26T11:30:00+00:00", "2026-11-27", id="ahead"),
        pytest.param("America/Los_Angeles", "2026-11-27T02:00:00+00:00", "2026-11-26", id="behind"),
        pytest.param("UTC", "2026-11-27T02:00:00+00:00", "2026-11-27", id="utc"),
    ],
)
@pytest.mark.parametrize("page", ["event-new", "individual-new", "teams-event-new"])
def test_a_new_event_is_dated_today_where_the_club_plays(
    director_client, club, time_zone, moment, today, page
):
    club.time_zone = time_zone
    club.save()

    with _at(moment):
        html = director_client.get(reverse(page, args=[club.slug])).content.decode()

    assert f'type="date" name="date" value="{today}"' in html


def test_the_club_pages_show_times_in_its_time_zone_and_the_next_request_is_the_sites_again(
    director_client, club, make_event
):
    club.time_zone = "Pacific/Auckland"
    club.save()
    event = make_event(mitchell(3, 2), status="published")
    event.reopened_on = datetime.datetime(2026, 11, 26, 11, 30, tzinfo=datetime.UTC)
    event.save()

    page = director_client.get(reverse("director-event", args=[event.pk])).content.decode()

    assert "Reopened for correction on 27 Nov 2026 00:30" in page
    assert timezone.get_current_timezone_name() == settings.TIME_ZONE


def test_a_settings_change_is_saved_and_recorded_in_a_sentence(director_client, club, director):
    url = reverse("club-settings", args=[club.slug])
    response = director_client.post(
        url,
        settings_fields(
            time_zone="Pacific/Auckland",
            national_body="nbf",
            **{"defaults-scoring": "cross-imps", "defaults-boards_per_round": 4},
        ),
    )

    assert response.url == url
    club.refresh_from_db()
    assert (club.time_zone, club.national_body) == ("Pacific/Auckland", "nbf")
    assert club.event_defaults == {
        "scoring": "cross-imps",
        "mp_scale": 2,
        "mp_rounding": "none",
        "ew_numbered_on": False,
        "reveal": "always",
        "boards_per_round": 4,
        "team_min_players": 4,
        "team_max_players": 6,
    }
    change = Change.objects.get()
    assert (change.club, change.event, change.kind, change.user) == (
        club,
        None,
        Change.Kind.SETTINGS,
        director,
    )
    assert note_text(change.note) == (
        "Time zone: UTC → Pacific/Auckland; "
        "National body: (none) → Norsk Bridgeforbund (NBF); "
        "New events' scoring: Matchpoints → Cross-IMPs; "
        "New events' boards a round: 3 → 4"
    )
    page = director_client.get(url).content.decode()
    assert "New events&#x27; scoring: Matchpoints → Cross-IMPs" in page
    assert (
        'id="club-settings-link"'
        in director_client.get(reverse("club-admin", args=[club.slug])).content.decode()
    )


def test_settings_posted_unchanged_record_nothing(director_client, club):
    url = reverse("club-settings", args=[club.slug])

    director_client.post(url, settings_fields())

    assert not Change.objects.exists()
    club.refresh_from_db()
    assert club.time_zone == "UTC"


def test_a_long_change_names_the_settings_changed(director_client, club):
    director_client.post(
        reverse("club-settings", args=[club.slug]),
        settings_fields(
            time_zone="America/Argentina/ComodRivadavia",
            national_body="acbl",
            **{
                "defaults-scoring": "butler",
                "defaults-mp_scale": 1,
                "defaults-mp_rounding": "ebu",
                "defaults-ew_numbered_on": "on",
                "defaults-reveal": "session",
            },
        ),
    )

    assert note_text(Change.objects.get().note) == (
        "Changed: Time zone, National body, New events' scoring, New events' matchpoint scale, "
        "New events' matchpoint rounding, New events' East-West numbered on, New events' reveal"
    )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        pytest.param(
            {"time_zone": "Mars/Olympus"},
            "Mars/Olympus is not a time zone: give one such as Europe/London or Pacific/Auckland.",
            id="time-zone",
        ),
        pytest.param({"time_zone": ""}, "This field is required.", id="no-time-zone"),
        pytest.param({"national_body": "bbo"}, "Select a valid choice.", id="national-body"),
        pytest.param(
            {"defaults-boards_per_round": 0},
            "Boards a round is a number from 1 to 8, e.g. 3.",
            id="boards",
        ),
        pytest.param({"defaults-mp_scale": 3}, "Select a valid choice.", id="scale"),
        pytest.param(
            {"defaults-team_max_players": 3}, "a whole number from 4 to 16", id="squad-small"
        ),
        pytest.param(
            {"defaults-team_min_players": 6, "defaults-team_max_players": 5},
            "at least the fewest players a team registers, 6",
            id="squad-upside-down",
        ),
    ],
)
def test_bad_settings_are_refused_with_a_message_and_nothing_saved(
    director_client, club, fields, message
):
    response = director_client.post(
        reverse("club-settings", args=[club.slug]),
        settings_fields(**{"national_body": "ebu"} | fields),
    )

    assert response.status_code == 200 and message in response.content.decode()
    club.refresh_from_db()
    assert (club.time_zone, club.national_body, club.event_defaults) == ("UTC", "", {})
    assert not Change.objects.exists()


def test_another_clubs_director_can_neither_see_nor_change_the_settings(
    client, club, django_user_model
):
    other = django_user_model.objects.create_user("other", password="x")
    Club.objects.create(name="Other Club", slug="other").directors.add(other)
    client.force_login(other)
    url = reverse("club-settings", args=[club.slug])

    assert client.get(url).status_code == 404
    assert client.post(url, settings_fields(time_zone="Pacific/Auckland")).status_code == 404

    club.refresh_from_db()
    assert club.time_zone == "UTC" and not Change.objects.exists()


def test_a_new_club_is_in_the_sites_time_zone():
    assert Club.objects.create(name="New", slug="new").time_zone == settings.TIME_ZONE


def _selected(html: str, name: str, value: str) -> bool:
    return f'<option value="{value}" selected>' in html.split(f'name="{name}"', 1)[1]


def test_a_new_pairs_event_starts_from_the_clubs_defaults(director_client, club):
    club.event_defaults = {
        "scoring": "cross-imps",
        "mp_scale": 1,
        "mp_rounding": "ebu",
        "ew_numbered_on": True,
        "reveal": "round",
        "boards_per_round": 4,
    }
    club.save()

    form = director_client.get(reverse("event-new", args=[club.slug])).context["form"]

    values = {name: form[name].value() for name in club.event_defaults if name in form.fields}
    assert values == {
        "scoring": "cross-imps",
        "mp_scale": 1,
        "mp_rounding": "ebu",
        "ew_numbered_on": True,
        "reveal": "round",
    }
    html = str(form)
    assert _selected(html, "scoring", "cross-imps") and _selected(html, "reveal", "round")


def test_a_new_individual_starts_from_the_clubs_defaults(director_client, club):
    club.event_defaults = {"scoring": "butler", "reveal": "session", "boards_per_round": 4}
    club.save()

    html = director_client.get(reverse("individual-new", args=[club.slug])).content.decode()

    assert _selected(html, "scoring", "butler") and _selected(html, "reveal", "session")
    assert 'name="boards_per_round" value="4"' in html


def test_a_new_teams_event_starts_from_the_clubs_reveal_rule(director_client, club):
    club.event_defaults = {"reveal": "round"}
    club.save()

    html = director_client.get(reverse("teams-event-new", args=[club.slug])).content.decode()

    assert _selected(html, "reveal", "round")


def test_an_event_made_from_the_defaults_keeps_them(director_client, club):
    director_client.post(
        reverse("club-settings", args=[club.slug]),
        settings_fields(**{"defaults-scoring": "butler", "defaults-reveal": "session"}),
    )
    form = director_client.get(reverse("individual-new", args=[club.slug])).context["form"]
    posted = {name: form[name].value() for name in form.fields} | {
        "name": "Individual",
        "date": "2026-11-27",
        "movement": "complete-8",
        "rounds": "",
    }
    posted = {name: value for name, value in posted.items() if value is not None}

    director_client.post(reverse("individual-new", args=[club.slug]), posted)

    event = club.events.get(name="Individual")
    assert (event.scoring, event.reveal, event.sections.get().boards_per_round) == (
        "butler",
        "session",
        3,
    )


def test_a_new_pairs_event_offers_the_clubs_boards_a_round_first(director_client, club):
    club.event_defaults = {"boards_per_round": 4}
    club.save()
    url = reverse("event-new", args=[club.slug])

    page = director_client.get(url, {"tables": "7"}, HTTP_HX_REQUEST="true").content.decode()
    director_client.post(
        url,
        settings_fields()
        | {
            "name": "Tuesday Pairs",
            "date": "2026-11-24",
            "winners": 2,
            "adjusted_scores": "session",
        }
        | {"datum_method": "drop-one", "cross_imp_mode": "cross2", "scoring": "mp", "mp_scale": 2}
        | {"mp_rounding": "none", "reveal": "always", "tables": "7", "choice": 0}
        | {"proposed_for": "7"},
    )

    assert page.index("7 rounds of 4 boards") < page.index("7 rounds of 3 boards")
    assert club.events.get().sections.get().boards_per_round == 4


@pytest.mark.parametrize(
    ("tables", "first"),
    [
        ("7", '7-table Mitchell</strong> <span class="muted">7 rounds of 2 boards'),
        ("4", '4-table Howell</strong> <span class="muted">7 rounds of 2 boards'),
    ],
)
def test_a_club_of_two_boards_a_round_is_offered_them_first(director_client, club, tables, first):
    club.event_defaults = {"boards_per_round": 2}
    club.save()
    url = reverse("event-new", args=[club.slug])

    page = director_client.get(url, {"tables": tables}, HTTP_HX_REQUEST="true").content.decode()

    checked = page.index("checked")
    assert page.index(first) > checked and page.index("</label>", checked) > page.index(first)
    assert "clubs-boards-per-round" not in page


def test_the_page_says_when_the_clubs_boards_a_round_cannot_be_offered(director_client, club):
    club.event_defaults = {"boards_per_round": 2}
    club.save()
    url = reverse("event-new", args=[club.slug])

    page = director_client.get(url, {"tables": "3"}, HTTP_HX_REQUEST="true").content.decode()

    assert "The club plays 2 boards a round, but no whole movement for these tables" in page
    assert "in an evening of 14 to 30 boards" in page


def test_a_backup_is_named_after_the_clubs_today(director_client, club):
    club.time_zone = "Pacific/Auckland"
    club.save()

    with _at("2026-11-26T11:30:00+00:00"):
        response = director_client.get(reverse("club-backup", args=[club.slug]))

    assert 'filename="test-club-backup-2026-11-27.json.gz"' in response["Content-Disposition"]


def test_the_problems_panel_reads_the_start_time_in_the_clubs_time_zone(
    director_client, club, make_event
):
    club.time_zone = "Pacific/Auckland"
    club.save()
    event = make_event(
        mitchell(3, 2),
        date=datetime.date(2026, 11, 27),
        start_time=datetime.time(19, 0),
        round_minutes=15,
    )

    # 19:31 in Auckland: two rounds are over (at 19:31 UTC, 13 hours on, none would have begun).
    with _at("2026-11-27T06:31:00+00:00"):
        page = director_client.get(reverse("director-event", args=[event.pk])).content.decode()

    assert "Round 2, table 3 (3 v 5)" in page and "Round 3, table 1" not in page


@pytest.mark.parametrize(
    ("language", "line"),
    [
        (
            "fr",
            "Fuseau horaire\u00a0: UTC → Pacific/Auckland\u00a0; "
            "calcul des nouveaux tournois\u00a0: Points de match → IMP croisés",
        ),
        (
            "nb",
            "Tidssone: UTC → Pacific/Auckland; "
            "beregning for nye turneringer: Matchpoeng → Kryss-IMP",
        ),
    ],
)
def test_a_settings_change_made_in_english_reads_in_the_readers_language(
    director_client, club, language, line
):
    url = reverse("club-settings", args=[club.slug])
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en-gb"
    fields = settings_fields(time_zone="Pacific/Auckland", **{"defaults-scoring": "cross-imps"})
    director_client.post(url, fields)

    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = html.unescape(director_client.get(url).content.decode())

    assert f" · director · {line}</li>" in page


@pytest.mark.parametrize(
    ("language", "empty"),
    [
        ("en", "- Select an option -"),
        ("fr", "- Choisir une option -"),
        ("nb", "- Velg et alternativ -"),
    ],
)
def test_a_select_with_nothing_chosen_says_so_in_the_readers_language(
    director_client, club, language, empty
):
    """The national body not set yet: Django's own words have no Norwegian."""
    url = reverse("club-settings", args=[club.slug])
    page = director_client.get(url, headers={"accept-language": language}).content.decode()
    assert f'<option value="" selected>{empty}</option>' in page
