"""A table's token is safe (issue 23, item 12): it enters only its own table's boards of its
current round, sees nothing of a board it has not played, is closed once published, asks at a
limited rate, and a line sent twice or from two phones at once is one line."""

import datetime
import threading
import uuid

import pytest
from django.db import connection
from django.test import Client, override_settings
from django.urls import reverse

from events.models import Board, Event, Result, TableCall, TableLine, TableRound
from events.services.individuals import create_individual_event, name_players
from events.services.tables.access import event_tables
from scoring.movements import mitchell
from scoring.movements.individual import complete_individual, rainbow_individual
from tests.events.test_hidden_hands import DEAL, DOUBLE_DUMMY, HAND
from tests.events.test_table_page import accept, enter


@pytest.fixture
def tables(make_event, db):
    return event_tables(event=make_event(mitchell(4, 3, rounds=2), name="Table Pairs"))


def play_round(client, access, boards, round=1, text="4S N 10"):
    for board in boards:
        _, key = enter(client, access, board, text, round=round)
        assert accept(client, access, key).json()["state"] == "accepted"


@pytest.mark.django_db
def test_the_same_key_sent_twice_is_one_line(client, tables):
    first, key = enter(client, tables[0], 1, "4S N 10")
    again, _ = enter(client, tables[0], 1, "4S N 10", key=key)
    assert again.json() == first.json()
    assert TableLine.objects.count() == 1
    assert accept(client, tables[0], key).json() == accept(client, tables[0], key).json()
    assert Result.objects.count() == 1


def run_together(*tasks) -> list:
    """Each task in its own thread (its own database connection), all at once; their answers."""
    start = threading.Barrier(len(tasks))
    answers = [None] * len(tasks)

    def run(i, task):
        try:
            start.wait()
            answers[i] = task()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, t)) for i, t in enumerate(tasks)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.mark.django_db(transaction=True)
def test_two_phones_sending_one_line_at_once_make_one_row(make_event):
    access = event_tables(event=make_event(mitchell(4, 3, rounds=2)))[0]
    key = uuid.uuid4()
    answers = run_together(
        lambda: enter(Client(), access, 1, "4S N 10", key=key)[0],
        lambda: enter(Client(), access, 1, "4S N 10", key=key)[0],
    )
    assert [a.status_code for a in answers] == [200, 200]
    assert TableLine.objects.count() == 1
    answers = run_together(
        lambda: accept(Client(), access, key), lambda: accept(Client(), access, key)
    )
    assert [a.json()["state"] for a in answers] == ["accepted", "accepted"]
    assert Result.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_phones_entering_one_board_at_once_leave_one_line_waiting(make_event):
    access = event_tables(event=make_event(mitchell(4, 3, rounds=2)))[0]
    answers = run_together(
        lambda: enter(Client(), access, 1, "4S N 10")[0],
        lambda: enter(Client(), access, 1, "4S N 11")[0],
    )
    assert sorted(a.status_code for a in answers) == [200, 422]
    assert TableLine.objects.count() == 1


@pytest.mark.django_db
def test_a_token_enters_only_its_table_s_boards_of_its_current_round(client, tables, make_event):
    first = tables[0]
    response, _ = enter(client, first, 4, "4S N 10")  # table 2's board this round
    assert response.json()["error"] == "board 4 is not played at this table in round 1"
    response, _ = enter(client, first, 4, "4S N 10", round=2)  # its board of the next round
    assert response.json()["error"] == "this table is not playing round 2 now"
    play_round(client, first, [1, 2, 3])
    # Round 1 played, round 2 is the table's now; round 1 stays open to corrections only.
    response, _ = enter(client, first, 1, "4S N 11", round=1)
    assert response.json()["error"] == "this table is not playing round 1 now"
    # Another event's table, and its lines.
    other = event_tables(event=make_event(mitchell(4, 3, rounds=2), name="Other"))[0]
    _, key = enter(client, other, 1, "3NT N 9")
    assert accept(client, first, key).json()["error"] == "this line belongs to another table"
    assert client.post(reverse("table-dispute", args=[first.token, key])).status_code == 422
    assert TableLine.objects.get(key=key).state == "entered"
    # And no director's page.
    response = client.get(reverse("director-event", args=[first.event_id]))
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert enter(client, tables[1], 4, "5D E 11")[0].status_code == 200


@pytest.mark.django_db
def test_a_table_sees_nothing_of_a_board_it_has_not_played(client, tables):
    Board.objects.update(deal=DEAL, double_dummy=DOUBLE_DUMMY, par="7S N +2220")
    play_round(client, tables[1], [4, 5, 6], text="6NT S 12")  # table 2 plays boards 4-6
    page = client.get(reverse("table", args=[tables[0].token])).content.decode()
    assert HAND not in page and "6NT S 12" not in page and "+990" not in page
    config = page.split('id="table-config"')[1]
    assert '"boards": {"1": "None", "2": "NS", "3": "EW"}' in config
    play_round(client, tables[0], [1], text="3NT N 9")
    page = client.get(reverse("table", args=[tables[0].token])).content.decode()
    assert page.count(HAND) == 1 and 'id="played-1"' in page
    assert "6NT S 12" not in page and 'id="played-4"' not in page


@pytest.mark.django_db
def test_what_a_table_sees_after_a_board_is_the_event_s_to_say(client, tables):
    Board.objects.update(deal=DEAL, double_dummy=DOUBLE_DUMMY, par="7S N +2220")
    Event.objects.update(
        table_shows_points=False, table_shows_traveller=False, table_shows_hand=False
    )
    play_round(client, tables[0], [1], text="3NT N 9")
    page = client.get(reverse("table", args=[tables[0].token])).content.decode()
    assert 'id="played-1"' in page
    assert HAND not in page and "matchpoints so far" not in page and "<table" not in page


@pytest.mark.django_db
def test_a_published_event_closes_every_table(client, tables):
    _, key = enter(client, tables[0], 1, "4S N 10")
    Event.objects.update(status=Event.Status.PUBLISHED)
    response = client.get(reverse("table", args=[tables[0].token]))
    assert response.status_code == 404
    assert "page is closed: the results are published" in response.content.decode()
    answer = accept(client, tables[0], key)
    assert answer.status_code == 404 and answer.json()["closed"] is True
    assert not Result.objects.exists()


@pytest.mark.django_db
@override_settings(TABLE_REQUESTS_PER_MINUTE=3)
def test_a_table_asking_too_often_is_told_to_wait(client, tables, django_assert_num_queries):
    page = reverse("table", args=[tables[0].token])
    assert [client.get(page).status_code for _ in range(3)] == [200, 200, 200]
    # Counted in the cache, never in the database (a phone asking in one of the site's languages:
    # another would have its club's language read).
    with django_assert_num_queries(0):
        response = client.get(page, headers={"Accept-Language": "en"})
    assert response.status_code == 429
    assert "Too many requests from this table: wait a minute" in response.content.decode()
    response, _ = enter(client, tables[0], 1, "4S N 10")
    assert response.status_code == 429 and "wait a minute" in response.json()["error"]
    assert not TableLine.objects.exists()
    # Another table is counted on its own.
    assert client.get(reverse("table", args=[tables[1].token])).status_code == 200


@pytest.mark.django_db
def test_with_pins_the_accepting_pair_types_its_own(client, tables):
    Event.objects.update(table_pin=True)
    _, key = enter(client, tables[0], 1, "4S N 10")
    meeting = TableRound.objects.get(section__event=tables[0].event, round=1, table=1)
    # North-South's PIN (or any other) is not East-West's.
    wrong = next(pin for pin in (meeting.ns_pair.pin, "0000", "1111") if pin != meeting.ew_pair.pin)
    answer = accept(client, tables[0], key, pin=wrong)
    assert answer.status_code == 422
    assert answer.json() == {
        "error": "wrong PIN: East-West type the PIN printed on their guide card",
        "again": True,
    }
    assert TableLine.objects.get(key=key).state == "entered" and not Result.objects.exists()
    assert accept(client, tables[0], key, pin=meeting.ew_pair.pin).json()["state"] == "accepted"


@pytest.mark.django_db
def test_a_dispute_calls_the_director_and_north_enters_the_board_again(client, tables):
    _, key = enter(client, tables[0], 1, "4S N 10")
    answer = client.post(reverse("table-dispute", args=[tables[0].token, key]))
    assert answer.json()["state"] == "disputed"
    call = TableCall.objects.get()
    assert (call.kind, call.round, call.board_number, call.access) == ("dispute", 1, 1, tables[0])
    assert accept(client, tables[0], key).json()["error"] == (
        "board 1 was disputed: North enters it again"
    )
    _, again = enter(client, tables[0], 1, "4S N 9")
    assert TableCall.objects.get().cleared is None  # North's new line waits for East-West
    accept(client, tables[0], again)
    assert TableLine.objects.get().text == "4S N 9"
    assert Result.objects.get().score_ns == -50
    # East-West accept the new line: the dispute is settled, its call cleared.
    assert TableCall.objects.get().cleared is not None


@pytest.mark.django_db
def test_a_table_corrects_its_line_until_it_starts_its_next_round(client, tables):
    first = tables[0]
    play_round(client, first, [1, 2, 3])
    result = Result.objects.get(board__number=2)
    _, key = enter(client, first, 2, "4S N 11", correct="1")
    # Until the opponents accept the correction, the line saved before stands.
    result.refresh_from_db()
    assert result.score_ns == 620  # board 2: North-South vulnerable
    assert accept(client, first, key).json()["state"] == "accepted"
    result.refresh_from_db()
    assert (result.tricks, result.score_ns) == (11, 650)
    assert Result.history.filter(id=result.pk).count() == 2
    # A line of the next round ends round 1 for the table: the director's from now on.
    enter(client, first, 4, "3NT S 9", round=2)
    response, _ = enter(client, first, 2, "4S N 12", correct="1")
    assert response.json()["error"] == (
        "round 1 is over at this table: call the director to correct board 2"
    )


@pytest.mark.django_db
def test_the_lead_is_asked_when_the_event_asks_for_it(client, tables):
    Event.objects.update(table_lead=True)
    response, _ = enter(client, tables[0], 1, "4S N 10")
    assert response.json()["error"] == "enter the opening lead"
    assert enter(client, tables[0], 1, "4S N 10 HK")[0].status_code == 200
    assert enter(client, tables[0], 2, "PASS")[0].status_code == 200


@pytest.mark.django_db
def test_an_individual_table_seats_its_four_players_by_name(client, club):
    movement = rainbow_individual(5, 1, rounds=3)
    event = create_individual_event(
        club=club,
        movement=movement,
        name="Ind",
        date=datetime.date(2026, 11, 23),
        status="running",
    )
    section = event.sections.get()
    name_players(section=section, names={n: f"Player {n}" for n in range(1, 21)})
    access = event_tables(event=event)[0]
    page = client.get(reverse("table", args=[access.token])).content.decode()
    seats = page.split('id="seats"')[1].split("</dl>")[0]
    named = [n for n in range(1, 21) if f">{n} Player {n}<" in seats]
    assert len(named) == 4
    board = int(page.split('data-board="')[1].split('"')[0])
    _, key = enter(client, access, board, "3NT N 9")
    assert accept(client, access, key).json()["state"] == "accepted"
    line = Result.objects.select_related("ns_pair", "ew_pair").get()
    assert line.table == 1
    # The sides the app keeps are no pairs to the players: the page names them by the players'
    # numbers, as the table cards do.
    page = client.get(reverse("table", args=[access.token])).content.decode()
    ns, ew = (
        "+".join(str(s.individual.number) for s in side.seats.all())
        for side in (line.ns_pair, line.ew_pair)
    )
    assert f"<td>{ns}</td><td>{ew}</td><td>3NT N 9</td>" in page
    assert f"NS {line.ns_pair.number} v EW" not in page and ">Pairs<" not in page
    # The round is over: the sides part, each player to the seat the movement gives them.
    following = {s.table: s for s in movement.seatings if s.round == 2}
    first = next(s for s in movement.seatings if (s.round, s.table) == (1, 1))
    where = {
        player: (table, seat)
        for table, s in following.items()
        for seat, player in zip("NSEW", (s.north, s.south, s.east, s.west), strict=True)
    }
    goes = page.split('id="next-round"')[1].split("</ul>")[0]
    for player in (first.north, first.south, first.east, first.west):
        table, seat = where[player]
        assert f"<li>{player} Player {player} goes to table {table} {seat}</li>" in goes
    assert "that was the last round" not in goes


@pytest.mark.django_db
def test_an_individual_table_sends_a_player_who_sits_out_next_to_the_sit_out(client, club):
    movement = complete_individual(9, 1)
    event = create_individual_event(
        club=club, movement=movement, name="Ind", date=datetime.date(2026, 11, 23)
    )
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    access = event_tables(event=event)[0]
    first = next(s for s in movement.seatings if (s.round, s.table) == (1, 1))
    play_round(client, access, [first.board_set], text="3NT N 9")  # a board a round: set k is k

    page = client.get(reverse("table", args=[access.token])).content.decode()

    goes = page.split('id="next-round"')[1].split("</ul>")[0]
    (sits_out,) = movement.sit_outs(2)
    assert sits_out in (first.north, first.south, first.east, first.west)
    assert f"<li>{sits_out} sits out round 2</li>" in goes
    assert goes.count(" goes to table ") == 3


@pytest.mark.django_db
def test_an_event_still_set_up_opens_no_table(client, tables):
    Event.objects.update(status=Event.Status.SETUP)
    response = client.get(reverse("table", args=[tables[0].token]))
    assert response.status_code == 404
    assert "This event has not started yet" in response.content.decode()
    assert enter(client, tables[0], 1, "4S N 10")[0].status_code == 404
    assert not TableLine.objects.exists()


@pytest.mark.django_db
def test_the_call_button_calls_the_director_once(client, tables):
    call = reverse("table-call", args=[tables[2].token])
    assert client.post(call).json() == {"called": True}
    client.post(call)
    assert list(TableCall.objects.values_list("access", "round", "kind", "board_number")) == [
        (tables[2].pk, 1, "call", None)
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("reveal", "ranking"), [("always", True), ("round", True), ("session", False)]
)
def test_the_end_of_round_ranking_follows_the_reveal_rule(client, tables, reveal, ranking):
    Event.objects.update(reveal=reveal)
    for table in tables:
        play_round(client, table, range(3 * table.table - 2, 3 * table.table + 1))
    page = client.get(reverse("table", args=[tables[0].token])).content.decode()
    assert 'id="end-of-round"' in page
    assert ('id="table-ranking"' in page) is ranking
    assert ("The ranking is shown when the event is published." in page) is not ranking
    # Where everyone goes next, from the movement's table card.
    assert "North-South go to table 1 NS" in page
    assert "East-West go to table 2 EW" in page
    assert "The boards go to table 4" in page


@pytest.mark.django_db
def test_a_line_from_a_table_is_undone_as_any_and_the_table_may_enter_it_again(client, tables):
    from events.models import Change
    from events.services.history import undo_change

    _, key = enter(client, tables[0], 1, "4S N 10")
    accept(client, tables[0], key)
    undo_change(change=Change.objects.get(kind=Change.Kind.RESULT))
    assert not Result.objects.exists()
    page = client.get(reverse("table", args=[tables[0].token])).content.decode()
    assert 'data-board="1" data-round="1" data-state="open"' in page
    _, again = enter(client, tables[0], 1, "4S N 11")
    assert accept(client, tables[0], again).json()["state"] == "accepted"
    assert Result.objects.get().score_ns == 450


@pytest.mark.django_db
def test_the_next_round_s_players_seated_see_nothing_of_the_round_before(client, tables):
    """In a Mitchell the boards a table just played may come to the pairs who sit down next:
    once they say they are seated, the round before is gone from the page, and the director's."""
    Board.objects.update(deal=DEAL, double_dummy=DOUBLE_DUMMY, par="7S N +2220")
    first = tables[0]
    play_round(client, first, [1, 2, 3], text="6NT S 12")
    page = client.get(reverse("table", args=[first.token])).content.decode()
    assert 'id="end-of-round"' in page and HAND in page and "6NT S 12" in page
    seated = reverse("table-seated", args=[first.token])
    assert client.post(seated, {"round": 1}).json() == {"seated": 1}  # not its round now
    assert 'id="end-of-round"' in client.get(reverse("table", args=[first.token])).content.decode()
    assert client.post(seated, {"round": 2}).json() == {"seated": 2}
    page = client.get(reverse("table", args=[first.token])).content.decode()
    assert 'id="end-of-round"' not in page and HAND not in page and "6NT S 12" not in page
    assert "Round 2" in page
    response, _ = enter(client, first, 2, "4S N 12", correct="1")
    assert response.json()["error"] == (
        "round 1 is over at this table: call the director to correct board 2"
    )


@pytest.mark.django_db
def test_a_teams_table_is_served_as_its_matchs_table(client, make_team_event):
    from events.services.teams.rounds import draw_next_round

    event = make_team_event(teams=4, boards_per_match=4)
    draw_next_round(event=event)
    access = event_tables(event=event)[0]
    response = client.get(reverse("table", args=[access.token]))
    assert response.status_code == 200
    assert "Table 1 of match 1" in response.content.decode()


@pytest.mark.django_db
def test_a_line_needs_the_page_s_csrf_token(tables):
    phone = Client(enforce_csrf_checks=True)
    response, _ = enter(phone, tables[0], 1, "4S N 10")
    assert response.status_code == 403 and not TableLine.objects.exists()
    phone.get(reverse("table", args=[tables[0].token]))
    token = phone.cookies["csrftoken"].value
    response, _ = enter(phone, tables[0], 1, "4S N 10", headers={"X-CSRFToken": token})
    assert response.status_code == 200 and TableLine.objects.count() == 1


@pytest.mark.django_db
def test_a_table_guessing_pins_is_stopped(client, tables):
    Event.objects.update(table_pin=True)
    _, key = enter(client, tables[0], 1, "4S N 10")
    meeting = TableRound.objects.get(section__event=tables[0].event, round=1, table=1)
    guesses = [pin for pin in (f"{n:04d}" for n in range(10)) if pin != meeting.ew_pair.pin][:5]
    for guess in guesses:
        assert accept(client, tables[0], key, pin=guess).json()["again"] is True
    answer = accept(client, tables[0], key, pin=meeting.ew_pair.pin)
    assert answer.json() == {
        "error": "too many wrong PINs at this table: wait ten minutes, or call the director"
    }
    assert not Result.objects.exists()
    # Another table is not stopped.
    _, other = enter(client, tables[1], 4, "4S N 10")
    second = TableRound.objects.get(section__event=tables[0].event, round=1, table=2)
    assert accept(client, tables[1], other, pin=second.ew_pair.pin).json()["state"] == "accepted"
