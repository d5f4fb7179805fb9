"""Login throttling (django-axes): five wrong passwords lock the login for a while."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

WRONG = "Please enter a correct username and password."
LOCKED = "Logging in is locked for 15 minutes."


def log_in(client, password: str):
    return client.post(reverse("login"), {"username": "director", "password": password})


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_wrong_passwords_lock_the_login_even_for_the_right_one(client, director):
    for _ in range(4):
        response = log_in(client, "not-the-password")
        assert (response.status_code, LOCKED in response.content.decode()) == (200, False)
        assert WRONG in response.content.decode()
    fifth = log_in(client, "not-the-password")
    assert fifth.status_code == 429
    assert LOCKED in fifth.content.decode()
    assert "5 wrong passwords in a row for “director”" in fifth.content.decode()
    log_in(client, "not-the-password")

    right = log_in(client, "bridge-director")
    assert right.status_code == 429
    assert LOCKED in right.content.decode()
    assert not logged_in(client)
    assert client.get(reverse("director-home"))["Location"].startswith(reverse("login"))


def test_the_right_password_resets_the_count(client, director):
    for _ in range(4):
        log_in(client, "not-the-password")
    assert log_in(client, "bridge-director")["Location"] == reverse("director-home")
    assert logged_in(client)
    client.post(reverse("logout"))

    for _ in range(4):
        assert WRONG in log_in(client, "not-the-password").content.decode()
    assert log_in(client, "bridge-director")["Location"] == reverse("director-home")
    assert logged_in(client)


def test_another_username_is_not_locked_by_someone_elses_mistakes(
    client, director, django_user_model
):
    django_user_model.objects.create_user("second", password="second-director")
    for _ in range(5):
        log_in(client, "not-the-password")
    response = client.post(reverse("login"), {"username": "second", "password": "second-director"})
    assert response["Location"] == reverse("director-home")
    assert logged_in(client)
