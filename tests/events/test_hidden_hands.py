"""Players never see a hand before they have played it: the deal, its double-dummy table and par
follow the reveal rule, on the board's page and in every file the public can download."""

import json

import pytest
from django.urls import reverse

from events.models import Board
from scoring import mitchell
from tests.events.test_public_views import enter

pytestmark = pytest.mark.django_db

# North holds the spades, East the hearts, South the diamonds, West the clubs.
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
TRUMPS = {"N": "S", "E": "H", "S": "D", "W": "C"}  # each seat makes 13 in its own suit
DOUBLE_DUMMY = {
    "tricks": {
        seat: {strain: 13 if strain == TRUMPS[seat] else 0 for strain in ("NT", "S", "H", "D", "C")}
        for seat in "NESW"
    },
    "par_score": 2220,
    "par_contracts": ["7S N"],
}


HAND = 'id="hand-record"'


def dealt_event(make_event, **settings):
    """A 3-table Mitchell of 2 boards a round with the deal on every board."""
    event = make_event(mitchell(3, 2), **settings)
    Board.objects.filter(section__event=event).update(
        deal=DEAL, double_dummy=DOUBLE_DUMMY, par="7S N +2220"
    )
    return event


def traveller(client, event, number) -> str:
    return client.get(reverse("traveller", args=[event.pk, "A", number])).content.decode()


def download(client, event, fmt) -> str:
    return client.get(reverse("download", args=[event.pk, fmt])).content.decode()


def public_deals(client, event) -> dict[int, str | None]:
    boards = json.loads(download(client, event, "json"))["boards"]
    return {board["number"]: board["deal"] for board in boards}


def test_a_board_no_table_has_finished_shows_no_hand(client, make_event):
    event = dealt_event(make_event)
    enter(event, 1, "4S N 10", "4S N 10")  # two of the three tables

    assert HAND not in traveller(client, event, 1)
    assert "once every table has played this board" in traveller(client, event, 1)
    assert set(public_deals(client, event).values()) == {None}
    for fmt in ("pbn", "usebio"):
        assert "AKQJT98765432" not in download(client, event, fmt)
    assert "OptimumResultTable" not in download(client, event, "pbn")


def test_a_board_every_table_has_played_shows_its_hand(client, make_event):
    event = dealt_event(make_event)
    enter(event, 1, "4S N 10", "4S N 10", "4S N 9")

    page = traveller(client, event, 1)
    assert HAND in page
    assert HAND not in traveller(client, event, 2)
    deals = public_deals(client, event)
    assert (deals[1], deals[2]) == (DEAL, None)
    pbn = download(client, event, "pbn")
    assert pbn.count(f'[Deal "{DEAL}"]') == 1
    assert download(client, event, "usebio").count("<SPADES>AKQJT98765432</SPADES>") == 1


def test_the_director_sees_every_hand(director_client, make_event):
    event = dealt_event(make_event)

    assert set(public_deals(director_client, event).values()) == {DEAL}


def test_end_of_round_keeps_a_played_board_hidden_until_its_round_is_shown(client, make_event):
    event = dealt_event(make_event, reveal="round")
    # Board 1 is played in rounds 1, 2 and 3 at different tables: complete, but round 2 is not.
    enter(event, 1, "4S N 10", "4S N 10", "4S N 9")

    assert HAND not in traveller(client, event, 1)


def test_a_published_event_shows_every_hand(client, make_event):
    event = dealt_event(make_event, status="published")

    assert HAND in traveller(client, event, 2)
    assert set(public_deals(client, event).values()) == {DEAL}
    results = client.get(reverse("results-json", args=[event.pk])).json()
    assert {board["deal"] for board in results["boards"]} == {DEAL}
