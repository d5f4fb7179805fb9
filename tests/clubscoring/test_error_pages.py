"""Errors answer with the site's own pages in plain words, never the framework's."""

import pytest
from django.urls import include, path


def fails(request):
    raise RuntimeError("the board table fell over")


urlpatterns = [path("fails/", fails), path("", include("events.urls"))]


@pytest.mark.django_db
def test_a_missing_event_is_a_page_of_the_site(client):
    response = client.get("/events/999999/")
    assert response.status_code == 404
    text = response.content.decode()
    assert "This page is not here" in text
    assert "Find your club and its events" in text


@pytest.mark.django_db
@pytest.mark.urls(__name__)
def test_an_error_says_nothing_saved_was_lost(client, caplog):
    client.raise_request_exception = False
    response = client.get("/fails/")
    assert response.status_code == 500
    text = response.content.decode()
    assert "Something went wrong on our side" in text
    assert "every saved result is kept" in text
    assert "fell over" not in text
