"""A club's front door: `new_club`, the set-password link, a forgotten password by mail."""

import io
import re

import pytest
from django.core import mail
from django.core.management import CommandError, call_command
from django.urls import reverse

from events.models import Club

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://\S+/password/\S+/\S+/")


def new_club(*args) -> str:
    out = io.StringIO()
    call_command("new_club", *args, stdout=out)
    return out.getvalue()


def choose_password(client, link: str, password: str):
    """Follow a set-password link as its reader does, and choose the password."""
    path = link.split("://", 1)[1].split("/", 1)[1]
    form_page = client.get("/" + path, follow=True)
    assert "Choose a password" in form_page.content.decode()
    return client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": password, "new_password2": password},
        follow=True,
    )


def test_new_club_makes_the_club_and_its_director_and_prints_a_one_time_link(
    client, django_user_model, settings
):
    settings.SITE_URL = "https://scores.example.org"

    out = new_club("Hilltop Bridge Club", "--director", "alice", "--email", "alice@example.org")

    club = Club.objects.get()
    alice = django_user_model.objects.get()
    assert (club.name, club.slug) == ("Hilltop Bridge Club", "hilltop-bridge-club")
    assert list(club.directors.all()) == [alice]
    assert (alice.username, alice.email, alice.has_usable_password()) == (
        "alice",
        "alice@example.org",
        False,
    )
    assert "Hilltop Bridge Club made at /clubs/hilltop-bridge-club/." in out
    [link] = LINK.findall(out)
    assert link.startswith("https://scores.example.org/password/")
    assert mail.outbox == []  # no mail server set

    done = choose_password(client, link, "a-long-club-password")

    assert "Your password is saved" in done.content.decode()
    alice.refresh_from_db()
    assert alice.check_password("a-long-club-password")
    again = client.get("/" + link.split("/", 3)[3], follow=True).content.decode()
    assert "This link has been used already or is too old" in again


def test_new_club_mails_the_link_when_a_mail_server_is_set_and_still_prints_it(settings):
    settings.MAIL_SERVER = "smtp.example.org"

    out = new_club(
        "Hilltop",
        "--director",
        "alice",
        "--email",
        "alice@example.org",
        "--site-url",
        "http://h.test",
    )

    [message] = mail.outbox
    assert message.to == ["alice@example.org"]
    assert message.subject == "You are invited to direct Hilltop"
    [link] = LINK.findall(message.body)
    assert link.startswith("http://h.test/password/") and link in out
    assert "the link to choose a password was mailed to alice@example.org" in out


def test_new_club_for_an_existing_account_adds_it_without_a_link(django_user_model):
    django_user_model.objects.create_user("alice", password="her-own-password")

    out = new_club("Hilltop", "--director", "alice")

    assert list(Club.objects.get().directors.values_list("username", flat=True)) == ["alice"]
    assert "alice already has an account: they now direct Hilltop and log in with" in out
    assert not LINK.search(out)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Hilltop", "--director", "bad name!"], "--director bad name!: Enter a valid username"),
        (["Hilltop", "--director", "a", "--email", "nope"], "--email nope: Enter a valid email"),
        (["!!!", "--director", "alice"], "No club made: give the club an address of letters"),
        (["Test Club", "--director", "alice"], "No club made: a club already uses the address"),
        (
            ["Hilltop", "--director", "alice", "--slug", "h" * 61],
            "at most 60 characters (it has 61)",
        ),
        (["Hilltop", "--director", "a" * 151], "at most 150 characters (it has 151)"),
        (["Hill\x07top", "--director", "alice"], "no control characters"),
        (["h" * 121, "--director", "alice"], "at most 120 characters (it has 121)"),
    ],
)
def test_new_club_refuses_and_makes_nothing(args, message, django_user_model):
    Club.objects.create(name="Test Club", slug="test-club")
    with pytest.raises(CommandError, match=re.escape(message)):
        new_club(*args)
    assert Club.objects.count() == 1 and not django_user_model.objects.exists()


def test_a_forgotten_password_is_reset_through_the_mailed_link(client, django_user_model, settings):
    settings.MAIL_SERVER = "smtp.example.org"
    django_user_model.objects.create_user("alice", "Alice@Example.org", "forgotten-password")
    login = client.get(reverse("login")).content.decode()
    assert reverse("password_reset") in login

    sent = client.post(reverse("password_reset"), {"email": "alice@example.org"}, follow=True)

    assert "a link to choose a new password is on its way" in sent.content.decode()
    [message] = mail.outbox
    assert message.to == ["Alice@example.org"]
    [link] = LINK.findall(message.body)
    assert link.startswith("http://testserver/password/")
    choose_password(client, link, "remembered-password")
    user = django_user_model.objects.get()
    assert user.check_password("remembered-password")


def test_an_invited_director_who_lost_the_link_gets_a_new_one_by_mail(settings):
    settings.MAIL_SERVER = "smtp.example.org"
    new_club("Hilltop", "--director", "alice", "--email", "alice@example.org")
    mail.outbox.clear()

    from django.test import Client

    Client().post(reverse("password_reset"), {"email": "alice@example.org"})

    [message] = mail.outbox
    assert LINK.search(message.body)


def test_without_a_mail_server_the_forgotten_password_page_says_whom_to_ask(
    client, django_user_model
):
    django_user_model.objects.create_user("alice", "alice@example.org", "forgotten-password")

    page = client.get(reverse("password_reset")).content.decode()
    posted = client.post(reverse("password_reset"), {"email": "alice@example.org"})

    assert "This site sends no email." in page
    assert "/admin/" not in page  # plain staff cannot set passwords there: no dead end
    for way in ("another director of your club", "/site/clubs/", "new_password_link"):
        assert way in page
    assert 'name="email"' not in page
    assert posted.status_code == 200 and mail.outbox == []
