"""The demo `make run` loads, and what deleting a club takes with it."""

import pytest
from django.db.models import RestrictedError

from events.models import Board, Club, Event, Player, Result
from events.services.demo import load_demo
from events.services.setup import name_pair
from scoring import mitchell

pytestmark = pytest.mark.django_db


def test_demo_has_a_finished_mitchell_and_a_running_howell_with_hand_records():
    club = load_demo()
    finished = club.events.get(name="Tuesday Pairs")
    running = club.events.get(name="Thursday Howell")
    assert (finished.status, running.status) == (Event.Status.PUBLISHED, Event.Status.RUNNING)
    assert finished.sections.get().movement == "7-table Mitchell"
    assert Result.objects.filter(board__section__event=finished).count() == 147
    assert 0 < Result.objects.filter(board__section__event=running).count() < 84
    board = Board.objects.filter(section__event=finished).first()
    assert board.deal.startswith("N:") and board.par and board.double_dummy["tricks"]["N"]


def test_deleting_a_club_takes_its_players_pairs_and_events(make_event, club):
    event = make_event(mitchell(3, 2))
    name_pair(pair=event.sections.get().pairs.get(number=1), names=["Ann Able", "Bob Best"])
    club.delete()
    assert not Player.objects.exists() and not Event.objects.exists()


def test_a_player_in_a_pair_cannot_be_deleted_alone(make_event):
    event = make_event(mitchell(3, 2))
    name_pair(pair=event.sections.get().pairs.get(number=1), names=["Ann Able", "Bob Best"])
    with pytest.raises(RestrictedError):
        Player.objects.get(name="Ann Able").delete()
    assert Club.objects.exists()
