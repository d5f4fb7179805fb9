"""A teams event's hand records: uploaded by the director a round at a time (every match of a
round plays the same boards), read from a teams file's deals, analysed by the worker, undone
from the history."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from django_tasks_db.models import DBTaskResult

from events.models import Change, RoundDeal
from events.services.hand_records import hands_to_analyse
from events.services.history import undo_change
from events.services.history_text import change_lines
from events.services.imports import import_event, read_result_file
from events.services.teams.rounds import draw_next_round
from scoring.victory_points import victory_points
from tests.events.test_hand_record_upload import SM1_BOARD_1, dealer_file, some_deals
from tests.events.test_pbn_teams import _META, _file

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(make_team_event):
    """Round 1 of a Swiss of four teams, four boards a match, drawn."""
    event = make_team_event(teams=4, boards_per_match=4, vp_scale="20-table")
    draw_next_round(event=event)
    return event


def round_deals(event) -> dict[tuple[int, int], str]:
    return {(d.round, d.number): d.deal for d in RoundDeal.objects.filter(event=event)}


def post_round(client, event, data: bytes, round: int, replace=False):
    url = reverse("director-hands", args=[event.pk])
    form = {"round": round, "file": SimpleUploadedFile("hands.pbn", data)}
    if replace:
        form["replace"] = "on"
    return client.post(url, form)


def test_the_teams_page_links_the_upload_and_the_upload_asks_for_the_round(director_client, swiss):
    teams_page = director_client.get(reverse("director-teams", args=[swiss.pk])).text
    url = reverse("director-hands", args=[swiss.pk])
    assert f'href="{url}"' in teams_page

    page = director_client.get(url).text

    # Round 1 is drawn, and round 2 may be dealt before its draw.
    assert '<select name="round"' in page
    assert '<option value="1" selected>1</option>' in page
    assert '<option value="2">2</option>' in page and '<option value="3">' not in page
    assert "0 of 4 boards have a hand record." in page
    assert "A table sees a board's hand once it has played it" in page


@pytest.mark.django_db(transaction=True)  # the worker closes its connection when it is done
def test_a_rounds_hand_records_are_saved_and_analysed_by_the_worker(director_client, swiss):
    deals = {1: SM1_BOARD_1} | some_deals(range(2, 7))

    response = post_round(director_client, swiss, dealer_file(deals), round=1)

    assert response.url == reverse("director-event", args=[swiss.pk])
    assert round_deals(swiss) == {(1, number): deals[number] for number in range(1, 5)}
    assert hands_to_analyse(event=swiss).count() == 4
    page = director_client.get(response.url, follow=True).text
    assert (
        "Hand records saved for 4 boards (1-4); the double-dummy tables and par are being "
        "worked out. The file&#x27;s boards 5-6 were left out: round 1 does not have them."
    ) in page
    assert DBTaskResult.objects.get().status == "READY"

    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)

    assert hands_to_analyse(event=swiss).count() == 0
    first = RoundDeal.objects.get(event=swiss, round=1, number=1)
    assert first.par == "NS +990: 6NT= by S"
    assert first.double_dummy["tricks"]["S"] == {"NT": 12, "S": 8, "H": 12, "D": 6, "C": 8}


def test_a_round_not_drawn_yet_takes_the_events_boards_a_match(director_client, swiss):
    deals = some_deals(range(1, 5))

    post_round(director_client, swiss, dealer_file(deals), round=2)

    assert round_deals(swiss) == {(2, number): deals[number] for number in range(1, 5)}


def test_a_round_that_deals_none_of_its_boards_is_refused(director_client, swiss):
    page = post_round(director_client, swiss, dealer_file(some_deals(range(7, 9))), round=1).text

    assert "The file deals boards 7-8, which round 1 does not have (it has boards 1-4)." in page
    assert not RoundDeal.objects.exists() and not Change.objects.filter(kind="hands").exists()


def test_a_rounds_hand_records_are_replaced_only_when_the_director_says_so(director_client, swiss):
    first, second = some_deals(range(1, 5)), some_deals(range(1, 5), seed=13)
    post_round(director_client, swiss, dealer_file(first), round=1)

    page = post_round(director_client, swiss, dealer_file(second), round=1).text

    assert "Boards 1-4 already have hand records" in page
    assert round_deals(swiss) == {(1, n): first[n] for n in range(1, 5)}
    post_round(director_client, swiss, dealer_file(second), round=1, replace=True)
    assert round_deals(swiss) == {(1, n): second[n] for n in range(1, 5)}


def test_the_upload_is_one_change_in_the_history_that_can_be_undone(
    director_client, swiss, director, django_capture_on_commit_callbacks
):
    first, second = some_deals(range(1, 5)), some_deals(range(1, 5), seed=13)
    post_round(director_client, swiss, dealer_file(first), round=1)
    given = Change.objects.get(event=swiss, kind=Change.Kind.HANDS)
    assert change_lines(change=given) == ["Hand records, round 1: boards 1-4"]
    post_round(director_client, swiss, dealer_file(second), round=1, replace=True)
    replaced = Change.objects.filter(event=swiss, kind=Change.Kind.HANDS).latest("pk")
    RoundDeal.objects.update(double_dummy={"worked": "out"}, par="x")
    history = director_client.get(reverse("director-history", args=[swiss.pk])).text
    assert history.count("Hand records, round 1: boards 1-4") == 2

    with django_capture_on_commit_callbacks(execute=False) as queued:
        undo_change(change=replaced, user=director)

    # The first deals are back, to be analysed again.
    assert round_deals(swiss) == {(1, n): first[n] for n in range(1, 5)}
    assert set(RoundDeal.objects.values_list("double_dummy", "par")) == {(None, "")}
    assert len([f for f in queued if "queue_analysis" in f.__qualname__]) == 1

    undo_change(change=given, user=director)

    assert not RoundDeal.objects.exists()


def test_a_published_event_takes_no_hand_records(director_client, swiss):
    swiss.status = "published"
    swiss.save(update_fields=["status"])
    page = post_round(director_client, swiss, dealer_file(some_deals(range(1, 5))), round=1).text
    assert "The event is published: reopen it, with a reason, before changing it." in page
    assert not RoundDeal.objects.exists()


def _dealt_board(number: int, deal: str, rows: str) -> str:
    return (
        f'[Event "Club teams"]\n[Date "2026.03.15"]\n[Board "{number}"]\n[Deal "{deal}"]\n'
        '[Scoring "Teams"]\n[ScoreTable "Round;Table;TeamId_Home;TeamId_Away;Room;Contract;'
        'Declarer;Result;Score_NS;Score_EW;IMP_Home"]\n'
        f"{rows}\n\n"
    )


def test_a_teams_files_deals_are_its_rounds_hand_records(club):
    other = some_deals([2])[2]
    boards = _dealt_board(
        1,
        SM1_BOARD_1,
        '1 1 1 2 "Open" 4S N 10 "420" "-420" 6\n1 1 1 2 "Closed" 3S N 10 "170" "-170" 6',
    ) + _dealt_board(
        2, other, '1 1 1 2 "Open" 3N S 8 "-100" "100" 7\n1 1 1 2 "Closed" 3N E 9 "-400" "400" 7'
    )
    home, away = victory_points(13, 2, "wbf")
    data = _file(f'1 1 1 2 "200,13,0" {home:.2f} {away:.2f}', boards, _META)

    event = import_event(imported=read_result_file(data), club=club)

    assert round_deals(event) == {(1, 1): SM1_BOARD_1, (1, 2): other}
    assert hands_to_analyse(event=event).count() == 2
