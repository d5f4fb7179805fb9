"""The site administrator's Clubs page and /admin/: clubs made and restored by staff only."""

import re

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.db.models.signals import pre_save
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.models import Club, Event, Player
from events.services.backup import backup_bytes

pytestmark = pytest.mark.django_db

LINK = re.compile(r'id="invitation-link" type="text" readonly value="([^"]+)"')


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user("admin", password="x", is_staff=True)


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


def test_staff_make_a_club_and_are_shown_its_first_directors_link(staff_client, django_user_model):
    response = staff_client.post(
        reverse("site-clubs"),
        {"name": "Hilltop Bridge Club", "username": "alice", "email": "alice@example.org"},
    )

    page = response.content.decode()
    club = Club.objects.get()
    assert (club.name, club.slug) == ("Hilltop Bridge Club", "hilltop-bridge-club")
    assert list(club.directors.values_list("username", flat=True)) == ["alice"]
    assert "alice now directs Hilltop Bridge Club. Nothing was mailed" in page
    assert reverse("site-clubs") in staff_client.get(reverse("director-home")).content.decode()
    assert LINK.search(page)[1].startswith("http://testserver/password/")
    assert "no password yet" in page


def test_staff_make_a_club_whose_invitation_is_mailed(staff_client, settings):
    settings.MAIL_SERVER = "smtp.example.org"

    page = staff_client.post(
        reverse("site-clubs"),
        {"name": "Hilltop", "slug": "hill", "username": "alice", "email": "alice@example.org"},
    ).content.decode()

    [message] = mail.outbox
    assert (message.to, message.subject) == (
        ["alice@example.org"],
        "You are invited to direct Hilltop",
    )
    assert Club.objects.get().slug == "hill"
    assert "mailed to alice@example.org" in page and not LINK.search(page)


def test_a_club_at_an_address_in_use_is_refused_and_nothing_is_made(
    staff_client, club, django_user_model
):
    page = staff_client.post(
        reverse("site-clubs"), {"name": "Test Club", "slug": "test-club", "username": "alice"}
    ).content.decode()

    assert "a club already uses the address test-club." in page
    assert Club.objects.count() == 1
    assert not django_user_model.objects.filter(username="alice").exists()


def test_staff_invite_a_director_to_any_club(staff_client, club):
    page = staff_client.post(
        reverse("site-club-invite", args=[club.slug]), {"username": "bob"}
    ).content.decode()

    assert sorted(club.directors.values_list("username", flat=True)) == ["bob", "director"]
    assert "bob now directs Test Bridge Club." in page and LINK.search(page)


def test_the_clubs_page_lists_every_club_in_a_fixed_number_of_queries(
    staff_client, club, make_event, django_user_model
):
    make_event()
    with CaptureQueriesContext(connection) as few:
        staff_client.get(reverse("site-clubs"))
    for n in range(5):
        other = Club.objects.create(name=f"Club {n}", slug=f"club-{n}")
        other.directors.add(django_user_model.objects.create_user(f"director{n}"))

    with CaptureQueriesContext(connection) as many:
        page = staff_client.get(reverse("site-clubs")).content.decode()

    assert len(many) == len(few)
    assert "Test Bridge Club" in page and "Club 4" in page and "director4" in page
    assert reverse("club-restore") in page


def test_staff_restore_a_backup_as_a_new_club_from_the_clubs_page(
    staff_client, staff, club, make_event
):
    make_event(name="Backed up")
    backup = backup_bytes(club=club)

    response = staff_client.post(
        reverse("club-restore"),
        {"file": SimpleUploadedFile("b.json.gz", backup), "slug": "restored"},
    )

    copy = Club.objects.get(slug="restored")
    assert response.url == reverse("club-admin", args=["restored"])
    assert list(copy.directors.all()) == [staff]
    assert copy.events.get().name == "Backed up"


def test_a_director_who_is_not_staff_cannot_make_restore_or_invite_into_clubs(
    director_client, club, make_event, django_user_model
):
    make_event()
    backup = director_client.get(reverse("club-backup", args=[club.slug])).content
    other = Club.objects.create(name="Other", slug="other")

    answers = [
        director_client.get(reverse("site-clubs")),
        director_client.post(reverse("site-clubs"), {"name": "Mine", "username": "me"}),
        director_client.get(reverse("club-restore")),
        director_client.post(
            reverse("club-restore"),
            {"file": SimpleUploadedFile("b.json.gz", backup), "slug": "copy"},
        ),
        director_client.post(reverse("site-club-invite", args=[other.slug]), {"username": "me"}),
    ]

    assert [a.status_code for a in answers] == [403] * 5
    assert "This page is not yours to open" in answers[0].content.decode()
    assert sorted(Club.objects.values_list("slug", flat=True)) == ["other", "test-club"]
    assert not other.directors.exists() and not django_user_model.objects.filter(username="me")
    assert (
        reverse("site-clubs") not in director_client.get(reverse("director-home")).content.decode()
    )


def test_staff_edit_clubs_in_admin_and_only_read_players_and_events(
    staff_client, staff, club, make_event
):
    client, admin = staff_client, staff  # staff, without a permission granted
    event = make_event(name="Admin Pairs")
    player = Player.objects.create(club=club, name="Ann Able")

    client.post(
        reverse("admin:events_club_change", args=[club.pk]),
        {"name": "Renamed Club", "slug": "test-club", "directors": [admin.pk]},
    )
    player_page = client.get(reverse("admin:events_player_change", args=[player.pk]))
    event_page = client.get(reverse("admin:events_event_change", args=[event.pk]))
    changed = client.post(
        reverse("admin:events_player_change", args=[player.pk]),
        {"name": "Changed", "club": club.pk},
    )

    club.refresh_from_db()
    assert club.name == "Renamed Club"
    assert list(club.directors.all()) == [admin]
    assert "Ann Able" in player_page.content.decode() and 'name="name"' not in (
        player_page.content.decode()
    )
    assert "Admin Pairs" in event_page.content.decode()
    assert changed.status_code == 403
    assert Player.objects.get().name == "Ann Able"
    assert client.get(reverse("admin:events_event_add")).status_code == 403
    assert client.get(reverse("admin:events_event_delete", args=[event.pk])).status_code == 403
    assert client.get(reverse("admin:events_club_delete", args=[club.pk])).status_code == 403
    assert Event.objects.count() == 1 and Club.objects.count() == 1


def test_a_club_name_with_a_control_character_is_refused_in_admin_too(staff_client, club):
    response = staff_client.post(
        reverse("admin:events_club_change", args=[club.pk]),
        {"name": "Bad\x07Name", "slug": "test-club", "directors": []},
    )

    assert "no control characters" in response.content.decode()
    club.refresh_from_db()
    assert club.name == "Test Bridge Club" and club.directors.exists()


def test_a_club_made_at_the_same_address_meanwhile_is_refused_not_an_error(
    staff_client, django_user_model
):
    """Two administrators make a club at one address at once: the second is told, and nothing
    of theirs is made."""

    def made_meanwhile(sender, instance, **kwargs):
        pre_save.disconnect(made_meanwhile, sender=Club)
        Club.objects.create(name="Quicker", slug=instance.slug)

    pre_save.connect(made_meanwhile, sender=Club)
    try:
        response = staff_client.post(
            reverse("site-clubs"), {"name": "Hilltop Bridge Club", "username": "alice"}
        )
    finally:
        pre_save.disconnect(made_meanwhile, sender=Club)

    assert "a club already uses the address hilltop-bridge-club." in response.content.decode()
    assert not Club.objects.filter(name="Hilltop Bridge Club").exists()
    assert not django_user_model.objects.filter(username="alice").exists()
