"""Result entry as a browser without JavaScript sends it: plain form posts, no htmx headers."""

import pytest
from django.urls import reverse

from events.models import Board, Result
from events.services.entry import board_meetings
from scoring import mitchell

pytestmark = pytest.mark.django_db


def test_a_saved_line_redirects_to_the_grid_that_shows_it(director_client, make_event):
    event = make_event(mitchell(7, 3))
    meeting = board_meetings(board=Board.objects.get(number=1))[0]
    data = {"line": "4S N 10", "ns": meeting.ns, "ew": meeting.ew, "mode": "board:1"}
    response = director_client.post(reverse("line-save", args=[event.pk, 1]), data)
    assert response["Location"] == reverse("director-board", args=[event.pk, 1])
    result = Result.objects.get()
    assert (result.ns_pair.number, result.contract, result.score_ns) == (meeting.ns, "4S", 420)
    page = director_client.get(response["Location"]).content.decode()
    assert 'value="4S N 10"' in page


def test_a_refused_line_comes_back_on_the_whole_page_with_the_reason(director_client, make_event):
    event = make_event(mitchell(7, 3))
    meeting = board_meetings(board=Board.objects.get(number=1))[0]
    data = {"line": "4S N +4", "ns": meeting.ns, "ew": meeting.ew, "mode": "board:1"}
    response = director_client.post(reverse("line-save", args=[event.pk, 1]), data)
    assert response.status_code == 200
    content = response.content.decode()
    assert content.startswith("<!doctype html>")
    assert "<h1>Board 1 " in content
    assert (
        '<div class="error" role="alert">4S +4 would be 14 tricks: tricks must be 0 to 13</div>'
        in (content)
    )
    assert 'value="4S N +4"' in content
    assert not Result.objects.exists()


def test_a_refused_slip_line_comes_back_on_the_slip(director_client, make_event):
    event = make_event(mitchell(7, 3))
    data = {"line": "3NT N +5", "ns": 1, "ew": 8, "mode": "slip:1:1"}
    response = director_client.post(reverse("line-save", args=[event.pk, 1]), data)
    content = response.content.decode()
    assert "<h1>Round 1, table 1 " in content
    assert "3NT +5 would be 14 tricks: tricks must be 0 to 13" in content
    assert 'value="3NT N +5"' in content
    assert not Result.objects.exists()
