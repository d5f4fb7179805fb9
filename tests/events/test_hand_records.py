"""Hand records: deals, the double-dummy table and par (SPEC §7), and the board page's diagram."""

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils.module_loading import import_string
from django_tasks_db.models import DBTaskResult

from events.models import Event
from events.services import hand_records
from events.services.hand_records import (
    analyse_deal,
    analyse_event_hands,
    hands_to_analyse,
    par_text,
    set_deal,
)
from events.services.imports import import_event, read_result_file
from events.tasks import analyse_hands
from scoring.deals import normalize_deal
from tests.events.files import confirm, read_file, upload

# sm1.pbn (Ruter 4.9.1.3, ../shared/realdata), board 1 and board 16, with Ruter's own
# OptimumResultTable and OptimumScore for them.
SM1_BOARD_1 = "N:J63.AKQ8762.92.6 KT754.3.QJ763.87 AQ8.T94.K85.AKQ9 92.J5.AT4.JT5432"
SM1_BOARD_16 = "W:T9.AT65.984.AJT8 K642.Q98.T6532.6 AQ875.J7.7.KQ732 J3.K432.AKQJ.954"


@pytest.mark.parametrize(
    ("deal", "dealer", "vulnerability", "tricks", "par"),
    [
        (
            SM1_BOARD_1,
            "N",
            "None",
            # W, N, E, S in S H D C NT, as Ruter lists them.
            {
                "W": [5, 1, 6, 5, 1],
                "N": [7, 11, 6, 8, 10],
                "E": [5, 1, 6, 5, 1],
                "S": [8, 12, 6, 8, 12],
            },
            (990, "NS +990: 6NT= by S"),
        ),
        (
            normalize_deal(SM1_BOARD_16),
            "W",
            "EW",
            {
                "W": [9, 7, 5, 11, 8],
                "N": [3, 5, 8, 2, 5],
                "E": [9, 7, 5, 11, 8],
                "S": [3, 5, 8, 2, 5],
            },
            (-500, "NS -500: 5DX-3 by NS"),
        ),
    ],
    ids=["ruter-sm1-board-1", "ruter-sm1-board-16"],
)
def test_double_dummy_and_par_agree_with_ruter(deal, dealer, vulnerability, tricks, par):
    analysis = analyse_deal(deal=deal, dealer=dealer, vulnerability=vulnerability)
    table = analysis.double_dummy["tricks"]
    assert {seat: [table[seat][s] for s in ("S", "H", "D", "C", "NT")] for seat in "WNES"} == tricks
    assert (analysis.double_dummy["par_score"], analysis.par) == par


def test_par_text_of_a_passed_out_deal():
    assert par_text(0, []) == "0: passed out"


@pytest.mark.django_db(transaction=True)  # the worker closes its connection when it is done
def test_the_worker_stores_the_analysis_of_each_board_with_a_deal(director_client, club):
    upload(director_client, club, "ruter_pairs.pbn")
    confirm(director_client, club)
    event = Event.objects.get()
    assert hands_to_analyse(event=event).count() == 1  # queued, not worked out in the request
    assert DBTaskResult.objects.get().status == "READY"
    page = reverse("director-event", args=[event.pk])
    assert "double-dummy tables: 1 board to go" in director_client.get(page).content.decode()

    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)

    assert DBTaskResult.objects.get().status == "SUCCESSFUL"
    assert hands_to_analyse(event=event).count() == 0
    assert "hands-waiting" not in director_client.get(page).content.decode()
    board_1, board_2 = event.sections.get().boards.all()
    assert board_1.par == "NS +990: 6NT= by S"
    assert board_1.double_dummy["tricks"]["S"] == {"NT": 12, "S": 8, "H": 12, "D": 6, "C": 8}
    assert board_1.double_dummy["par_contracts"] == [
        {"contract": "6NT", "declarers": "S", "result": 0}
    ]
    assert (board_2.deal, board_2.double_dummy, board_2.par) == ("", None, "")


@pytest.mark.django_db
def test_set_deal_works_the_analysis_out(make_event):
    board = make_event().sections.get().boards.get(number=1)
    set_deal(board=board, deal=SM1_BOARD_1)
    board.refresh_from_db()
    assert board.deal == SM1_BOARD_1
    assert board.par == "NS +990: 6NT= by S"
    set_deal(board=board, deal="")
    board.refresh_from_db()
    assert (board.deal, board.double_dummy, board.par) == ("", None, "")


@pytest.mark.django_db
def test_board_page_shows_hands_makeable_contracts_and_par(client, club):
    data = read_file("ruter_pairs.pbn")
    event = import_event(imported=read_result_file(data), club=club)
    analyse_event_hands(event=event)
    url = reverse("traveller", kwargs={"event_id": event.pk, "section": "A", "number": 1})
    content = client.get(url).content.decode()
    assert 'id="hand-record"' in content
    # North: ♠ J 6 3, ♥ A K Q 8 7 6 2 in red, ♦ 9 2, ♣ 6; West's ten of clubs as "10".
    assert '<div class="seat">North</div>\n      <div><span>♠</span> J 6 3</div>' in content
    assert '<div><span class="red">♥</span> A K Q 8 7 6 2</div>' in content
    assert "<div><span>♣</span> J 10 5 4 3 2</div>" in content
    assert "<tr><th>S</th><td>6</td><td>2</td><td>6</td><td>–</td><td>2</td></tr>" in content
    assert "Par: NS +990 (6NT by S =)" in content


@pytest.mark.django_db
def test_board_page_without_a_hand_record_has_no_diagram(client, club):
    data = read_file("ruter_pairs.pbn")
    event = import_event(imported=read_result_file(data), club=club)
    url = reverse("traveller", kwargs={"event_id": event.pk, "section": "A", "number": 2})
    response = client.get(url)
    assert b"Board 2" in response.content
    assert b'id="hand-record"' not in response.content


def test_the_analysis_is_queued_by_the_path_of_the_workers_task():
    assert import_string(hand_records.ANALYSE_HANDS) is analyse_hands


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "north_hearts", "west_row", "par"),
    [
        # French hand records print the king, queen and jack R D V, and West O.
        ("fr", "A R D 8 7 6 2", "<tr><th>O</th>", "6SA par S ="),
        # Norwegian: ace E, king K, queen D, jack Kn; East Ø and West V.
        ("nb", "E K D 8 7 6 2", "<tr><th>V</th>", "6NT av S ="),
    ],
)
def test_board_page_prints_cards_and_seats_as_the_readers_language_does(
    club, language, north_hearts, west_row, par
):
    data = read_file("ruter_pairs.pbn")
    event = import_event(imported=read_result_file(data), club=club)
    analyse_event_hands(event=event)
    url = reverse("traveller", kwargs={"event_id": event.pk, "section": "A", "number": 1})
    content = Client(headers={"accept-language": language}).get(url).content.decode()
    assert f'<span class="red">♥</span> {north_hearts}</div>' in content
    # West's clubs: the jack in the reader's letter, the ten as 10.
    jack = {"fr": "V", "nb": "Kn"}[language]
    assert f"<div><span>♣</span> {jack} 10 5 4 3 2</div>" in content
    assert west_row in content
    assert "<tr><th>W</th>" not in content
    assert par in content
