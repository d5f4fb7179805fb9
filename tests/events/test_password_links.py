"""A forgotten password without mail: a new set-password link from a co-director on the club's
page, from the staff on the Clubs page, or at the shell (`new_password_link`)."""

import io
import re

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from events.models import Club
from tests.events.test_accounts import choose_password

pytestmark = pytest.mark.django_db

LINK = re.compile(r'id="invitation-link" type="text" readonly value="([^"]+)"')


@pytest.fixture
def bob(django_user_model, club):
    bob = django_user_model.objects.create_user("bob", password="forgotten-one")
    club.directors.add(bob)
    return bob


def test_a_co_director_gives_a_new_link_and_the_old_password_ends(
    director_client, club, bob, client
):
    page = director_client.get(reverse("club-admin", args=[club.slug])).content.decode()
    action = reverse("director-password-link", args=[club.slug, bob.pk])
    assert action in page

    answer = director_client.post(action).content.decode()

    link = LINK.search(answer)[1]
    assert "A new link for bob to choose a password" in answer
    bob.refresh_from_db()
    assert not bob.has_usable_password()
    client.logout()
    done = choose_password(client, link, "a-new-long-password")
    assert "Your password is saved" in done.content.decode()
    bob.refresh_from_db()
    assert bob.check_password("a-new-long-password")


def test_a_second_link_ends_the_first(director_client, club, bob):
    action = reverse("director-password-link", args=[club.slug, bob.pk])
    first = LINK.search(director_client.post(action).content.decode())[1]
    director_client.post(action)

    director_client.logout()
    page = director_client.get(first, follow=True).content.decode()
    assert "This link has been used already or is too old" in page
    assert 'name="new_password1"' not in page


def test_no_link_into_an_account_that_directs_a_club_the_director_does_not(
    director_client, club, bob
):
    Club.objects.create(name="Elsewhere", slug="elsewhere").directors.add(bob)

    answer = director_client.post(
        reverse("director-password-link", args=[club.slug, bob.pk]), follow=True
    ).content.decode()

    assert "only the site&#x27;s administrator can give them a new link" in answer
    assert "/password/" not in answer.replace("/password/forgotten/", "")
    bob.refresh_from_db()
    assert bob.check_password("forgotten-one")


def test_no_director_is_given_a_link_into_a_staff_account(director_client, club, django_user_model):
    boss = django_user_model.objects.create_user("boss", password="secret-one", is_staff=True)
    club.directors.add(boss)

    director_client.post(reverse("director-password-link", args=[club.slug, boss.pk]))

    boss.refresh_from_db()
    assert boss.check_password("secret-one")


def test_only_a_director_of_the_club_gives_links_for_its_directors(client, club, bob):
    outsider = type(bob).objects.create_user("outsider", password="x")
    client.force_login(outsider)

    response = client.post(reverse("director-password-link", args=[club.slug, bob.pk]))

    assert response.status_code in (403, 404)
    bob.refresh_from_db()
    assert bob.check_password("forgotten-one")


def test_the_staff_give_a_link_for_any_director_on_the_clubs_page(
    client, club, bob, django_user_model
):
    Club.objects.create(name="Elsewhere", slug="elsewhere").directors.add(bob)
    client.force_login(django_user_model.objects.create_user("admin", password="x", is_staff=True))
    action = reverse("site-password-link", args=[club.slug, bob.pk])
    assert action in client.get(reverse("site-clubs")).content.decode()

    answer = client.post(action).content.decode()

    assert LINK.search(answer)[1].startswith("http://testserver/password/")
    bob.refresh_from_db()
    assert not bob.has_usable_password()


def test_plain_directors_cannot_use_the_staff_link(director_client, club, bob):
    response = director_client.post(reverse("site-password-link", args=[club.slug, bob.pk]))

    assert response.status_code == 403
    bob.refresh_from_db()
    assert bob.check_password("forgotten-one")


def test_the_shell_prints_a_new_link(bob, client, settings):
    settings.SITE_URL = "https://scores.example.org"
    out = io.StringIO()

    call_command("new_password_link", "bob", stdout=out)

    link = out.getvalue().split()[-1]
    assert link.startswith("https://scores.example.org/password/")
    done = choose_password(client, link, "a-new-long-password")
    assert "Your password is saved" in done.content.decode()
    with pytest.raises(CommandError, match="No account is called nobody"):
        call_command("new_password_link", "nobody", stdout=io.StringIO())
