"""A table's page (issue 23): seating, a board entered at the table and accepted by the
opponents, in HTTP requests as the phone's script sends them."""

import uuid

import pytest
from django.urls import reverse

from events.models import Change, Pair, Result, TableLine
from events.services.notes import note_text
from events.services.setup import name_pairs
from events.services.tables.access import event_tables
from scoring.movements import mitchell

pytestmark = pytest.mark.django_db


@pytest.fixture
def room(make_event):
    """The tables of a 4-table Mitchell of two rounds of three boards, its pairs named."""
    event = make_event(mitchell(4, 3, rounds=2), name="Table Pairs")
    pairs = Pair.objects.filter(section__event=event)
    name_pairs(names={p: [f"North {p.number}", f"South {p.number}"] for p in pairs})
    return event_tables(event=event)


def enter(client, access, board, text, key=None, round=1, headers=None, **extra):
    """Post North's line as the page's script does; the answer and the line's key."""
    key = key or uuid.uuid4()
    data = {"key": key, "round": round, "board": board, "text": text, **extra}
    return client.post(reverse("table-line", args=[access.token]), data, headers=headers), key


def accept(client, access, key, pin=""):
    return client.post(reverse("table-accept", args=[access.token, key]), {"pin": pin})


def test_the_page_seats_the_round_by_name_and_lists_its_boards(client, room):
    tables = room
    response = client.get(reverse("table", args=[tables[1].token]))
    page = response.content.decode()
    # Table 2, round 1 of a Mitchell: pair 2 NS v pair 2 EW (labelled 9 as typed), boards 4-6.
    assert "North 2" in page and "South 2" in page
    assert "Round 1" in page
    assert [n for n in (1, 2, 3, 4, 5, 6, 7) if f'data-board="{n}"' in page] == [4, 5, 6]


def test_a_line_waits_for_the_opponents_and_is_a_result_once_accepted(client, room):
    tables = room
    event = tables[0].event
    table = tables[0]
    response, key = enter(client, table, 1, "4S N 10 SK")
    assert response.status_code == 200
    assert response.json()["state"] == "entered"
    assert Result.objects.filter(board__section__event=event).count() == 0
    response = accept(client, table, key)
    assert response.json()["state"] == "accepted"
    result = Result.objects.get(board__section__event=event)
    line = (result.board.number, result.contract, result.declarer, result.tricks)
    assert line == (1, "4S", "N", 10)
    assert (result.lead, result.score_ns, result.round, result.table) == ("SK", 420, 1, 1)
    change = Change.objects.get(kind=Change.Kind.RESULT, event=event)
    ew = result.ew_pair.printed
    assert note_text(change.note) == f"entered at table 1, accepted by EW {ew}"
    assert TableLine.objects.get(key=key).result == result


def test_passed_out_is_one_line_and_scores_nothing(client, room):
    tables = room
    event = tables[0].event
    _, key = enter(client, tables[0], 2, "PASS")
    accept(client, tables[0], key)
    assert Result.objects.get(board__number=2, board__section__event=event).score_ns == 0


@pytest.mark.parametrize(
    ("board", "text", "words"),
    [
        (4, "4S N 10", "board 4 is not played at this table in round 1"),
        (1, "NP", "call the director"),
        (1, "A+ A-", "call the director"),
        (1, "4S N 14", "tricks"),
        (1, "8S N 10", "level"),
    ],
)
def test_what_a_table_cannot_enter_is_refused_in_words(client, room, board, text, words):
    tables = room
    response, _ = enter(client, tables[0], board, text)
    assert response.status_code == 422
    assert words in response.json()["error"]
    assert not TableLine.objects.exists()


def test_a_board_already_entered_is_refused(client, room):
    tables = room
    _, key = enter(client, tables[0], 1, "3NT S 9")
    accept(client, tables[0], key)
    response, _ = enter(client, tables[0], 1, "3NT S 10")
    assert response.status_code == 422
    assert response.json()["error"] == "board 1 is already entered"
    enter(client, tables[0], 2, "3NT S 9")
    response, _ = enter(client, tables[0], 2, "3NT S 10")
    assert response.json()["error"] == "board 2 is waiting for East-West to accept it"


def test_the_page_follows_the_movement_as_the_director_repairs_it(client, room):
    from events.models import TableRound

    tables = room
    meeting = TableRound.objects.get(section__event=tables[0].event, round=1, table=1)
    late = TableRound.objects.get(section__event=tables[0].event, round=1, table=3)
    # The director swaps the EW pairs of tables 1 and 3 (a pair sat at the wrong table).
    meeting.ew_pair, late.ew_pair = late.ew_pair, meeting.ew_pair
    TableRound.objects.bulk_update([meeting, late], ["ew_pair"])
    page = client.get(reverse("table", args=[tables[0].token])).content.decode()
    seats = page.split('id="seats"')[1].split("</dl>")[0]
    assert f"North {meeting.ew_pair.number}" in seats
    assert f"North {late.ew_pair.number}" not in seats


def test_the_page_reads_a_round_in_a_few_queries(client, room, django_assert_max_num_queries):
    table = room[0]
    for board in (1, 2, 3):
        _, key = enter(client, table, board, "4S N 10")
        accept(client, table, key)
    # Round 1 over: the table now, the end-of-round view (the ranking, the movement, where
    # everyone goes), round 2's boards and players, a query a played board for its traveller
    # (its section and event read with the table, not again for each board: 27 before).
    with django_assert_max_num_queries(17):
        page = client.get(reverse("table", args=[table.token])).content.decode()
    assert 'id="end-of-round"' in page and "Round 2" in page


# A table's line, the request whole: the table's club's language (the test's browser asks for
# none), the table with its event and section, the line already under its key; the table now
# (its meetings, its lines, the rounds of its results, the results and boards of its round and
# the next); then the director's checks (the pairs, the meeting, the board's lines) and, in a
# savepoint, a disputed line dropped and the line inserted. 19 when the table's lines were read
# a round at a time, and its results and boards too.
TABLE_LINE_QUERIES = 15
# The opponents' acceptance: the same up to the table now, the count of sections (the change's
# note names the table), then in one transaction the line accepted, the change, the save
# (tests/events/test_entry.py's SAVE_QUERIES, its savepoint included), the call of a dispute of
# the board cleared, and the line's result. 32 before.
TABLE_ACCEPT_QUERIES = 29


@pytest.mark.parametrize("tables", [5, 11])
def test_a_line_from_a_table_takes_a_fixed_number_of_queries(
    client, make_event, django_assert_num_queries, tables
):
    from events.models import TableRound

    event = make_event(mitchell(tables, 3, rounds=3))
    table = event_tables(event=event)[1]
    first, second = TableRound.objects.filter(section__event=event, table=2).order_by("round")[:2]
    for board in range(first.low_board, first.high_board + 1):  # round 1 over: 2 rounds read
        _, key = enter(client, table, board, "4S N 10")
        accept(client, table, key)
    with django_assert_num_queries(TABLE_LINE_QUERIES):
        response, key = enter(client, table, second.low_board, "3NT S 9", round=2)
    assert response.json()["state"] == "entered"
    with django_assert_num_queries(TABLE_ACCEPT_QUERIES):
        response = accept(client, table, key)
    assert response.json()["state"] == "accepted"
    assert Result.objects.get(board__number=second.low_board).contract == "3NT"


def test_a_table_of_a_second_section_is_named_with_its_letter(client, make_event):
    event = make_event(mitchell(4, 3, rounds=2), sections=2)
    table = [a for a in event_tables(event=event) if a.section.letter == "B"][2]
    page = client.get(reverse("table", args=[table.token])).content.decode()
    assert "<strong>Table B3</strong>" in page
    _, key = enter(client, table, 7, "4S N 10")
    accept(client, table, key)
    result = Result.objects.get()
    assert (result.board.section.letter, result.table) == ("B", 3)
    change = Change.objects.get(kind=Change.Kind.RESULT)
    assert note_text(change.note).startswith("entered at table B3, accepted by EW ")


def test_a_lead_the_leader_does_not_hold_is_refused_at_the_table(client, room):
    """With the hand record loaded, the table's lead is checked (issue 23, item 5): North
    declares, so East leads; East holds the hearts here, West the spades."""
    from events.models import Board

    table = room[0]
    Board.objects.filter(section__event=table.event, number=1).update(
        deal="N:AKQJ.AKQ.AKQ.AKQ T98.JT98765432.. 765432..JT98.JT9 ..765432.8765432"
    )
    response, _ = enter(client, table, 1, "4S N 10 SK")
    assert response.status_code == 422
    assert response.json()["error"] == "East does not hold the ♠K on board 1"
    assert not TableLine.objects.filter(access=table).exists()
    response, _ = enter(client, table, 1, "4S N 10 HJ")
    assert response.status_code == 200, response.json()
