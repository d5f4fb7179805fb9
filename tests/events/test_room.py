"""The director's room while the tables enter their own results: each table-round's progress,
the tables' calls, and the director's take-over of a table's waiting line."""

import datetime
import uuid

import pytest
from django.urls import reverse
from django.utils import timezone

from events.models import Change, Event, Result, TableCall, TableLine, TableRound
from events.services.entry import LineRefused, delete_line, save_line
from events.services.entry_grid import slip_grid, traveller_grid
from events.services.history import recording, undo_change
from events.services.notes import note_text
from events.services.status import EventLocked
from events.services.tables import lines
from events.services.tables.access import event_tables, table_name
from events.services.tables.calls import call_director
from events.services.tables.room import (
    accept_for_table,
    discard_table_line,
    room,
    table_calls,
    waiting_line,
)
from events.services.tables.seating import table_now
from scoring import mitchell, parse_traveller_line

pytestmark = pytest.mark.django_db


def seat(event: Event, round_number: int, table: int) -> TableRound:
    return TableRound.objects.select_related("ns_pair", "ew_pair", "section__event").get(
        section__event=event, round=round_number, table=table
    )


def table_line(event, round_number, table, board, text="4S N 10", state="entered"):
    access = next(a for a in event_tables(event=event) if a.table == table)
    return TableLine.objects.create(
        access=access,
        round=round_number,
        board_number=board,
        text=text,
        key=uuid.uuid4(),
        state=state,
    )


def director_line(event, round_number, table, board, text="3NT N 9", user=None):
    slip = seat(event, round_number, table)
    board_row = slip.section.boards.select_related("section__event").get(number=board)
    with recording(club=event.club, event=event, kind=Change.Kind.RESULT, user=user):
        return save_line(
            board=board_row,
            line=parse_traveller_line(text),
            ns_pair=slip.ns_pair.number,
            ew_pair=slip.ew_pair.number,
        )


def starting(event: Event, minutes: int = 0) -> datetime.datetime:
    """`minutes` after the event's start."""
    start = datetime.datetime.combine(
        event.date, event.start_time, tzinfo=timezone.get_current_timezone()
    )
    return start + datetime.timedelta(minutes=minutes)


def cells(event, minutes=5):
    """Each table-round's cell of the (one-section) room, `minutes` after the start, by
    (round, table)."""
    shown = room(event=event, now=starting(event, minutes))
    return {
        (cell.slip.round, cell.slip.table): cell
        for _, round_cells in shown.sections[0].rounds
        for cell in round_cells
    }


@pytest.fixture
def evening(make_event):
    """Four tables, two rounds of three boards, starting at 19:30 with 15-minute rounds."""
    return make_event(mitchell(4, 3, rounds=2), start_time=datetime.time(19, 30), round_minutes=15)


def test_the_room_tells_the_tables_lines_from_the_directors_and_what_waits(evening, director):
    low = seat(evening, 1, 1).low_board
    director_line(evening, 1, 1, low)
    accept_for_table(line=table_line(evening, 1, 1, low + 1), user=director)
    table_line(evening, 1, 1, low + 2)
    disputed = seat(evening, 1, 2).low_board
    table_line(evening, 1, 2, disputed, state="disputed")

    shown = cells(evening)

    first = shown[1, 1]
    assert (first.slip.entered, first.from_table, first.from_director) == (2, 1, 1)
    assert (first.waiting, first.disputed, first.state) == (1, 0, "waiting")
    assert (shown[1, 2].disputed, shown[1, 2].state) == (1, "disputed")
    assert (shown[1, 3].slip.entered, shown[1, 3].state) == (0, "")


def test_a_round_is_late_once_the_clock_says_it_is_over(evening):
    slip = seat(evening, 1, 4)
    for board in range(slip.low_board, slip.high_board + 1):
        director_line(evening, 1, 4, board)

    during = cells(evening, minutes=10)
    after = cells(evening, minutes=20)

    assert not any(cell.late for cell in during.values())
    assert [key for key, cell in sorted(after.items()) if cell.late] == [(1, 1), (1, 2), (1, 3)]
    assert after[1, 4].state == "done" and after[1, 1].state == "late"
    assert room(event=evening, now=starting(evening, 20)).due == 1


def test_a_table_that_calls_shows_in_its_round_and_a_dispute_with_its_line(evening):
    board = seat(evening, 1, 3).low_board
    line = table_line(evening, 1, 3, board, text="4H E 9", state="disputed")
    call = call_director(access=line.access, round=1)
    dispute = call_director(access=line.access, round=1, board_number=board, kind="dispute")

    calls = table_calls(event=evening)
    shown = cells(evening)

    assert [(c.call, c.table, c.line) for c in calls] == [
        (call, "Table 3", None),
        (dispute, "Table 3", line),
    ]
    assert room(event=evening).calls == calls
    assert shown[1, 3].called and shown[1, 3].state == "called"
    assert not shown[2, 3].called


def test_the_director_accepts_a_tables_line_for_it_with_the_tables_pairs(evening, director):
    slip = seat(evening, 1, 2)
    line = table_line(evening, 1, 2, slip.low_board, text="4S N 11")

    accept_for_table(line=line, user=director)

    result = Result.objects.get()
    line.refresh_from_db()
    assert (line.state, line.result) == ("accepted", result)
    vulnerability = slip.section.boards.get(number=slip.low_board).vulnerability
    expected = parse_traveller_line("4S N 11").score_ns(vulnerability)
    assert expected in (450, 650)
    assert (result.ns_pair, result.ew_pair, result.score_ns) == (
        slip.ns_pair,
        slip.ew_pair,
        expected,
    )
    assert (result.round, result.table) == (1, 2)
    change = Change.objects.get()
    assert (note_text(change.note), change.user, change.kind) == (
        "accepted by the director for table 2",
        director,
        "result",
    )


def test_a_line_the_entry_service_refuses_stays_waiting_and_nothing_is_saved(evening, director):
    slip = seat(evening, 1, 1)
    director_line(evening, 1, 1, slip.low_board)
    again = table_line(evening, 1, 1, slip.low_board, text="4S N 10")
    garbled = table_line(evening, 1, 1, slip.low_board + 1, text="8S N 10")
    changes = Change.objects.count()

    for line in (again, garbled):
        with pytest.raises(LineRefused):
            accept_for_table(line=line, user=director)

    assert Result.objects.count() == 1 and Change.objects.count() == changes
    assert set(TableLine.objects.values_list("state", flat=True)) == {"entered"}


def test_a_line_accepted_already_is_not_accepted_twice(evening, director):
    line = table_line(evening, 1, 1, seat(evening, 1, 1).low_board)
    accept_for_table(line=line, user=director)
    stale = TableLine.objects.select_related("access__event__club", "access__section").get()
    stale.state = "entered"

    with pytest.raises(LineRefused, match="no longer waiting"):
        accept_for_table(line=stale, user=director)

    assert Result.objects.count() == 1
    assert waiting_line(event=evening, line_id=line.pk) is None


def test_a_published_event_takes_no_line_from_the_director_for_a_table(evening, director):
    line = table_line(evening, 1, 1, seat(evening, 1, 1).low_board)
    Event.objects.filter(pk=evening.pk).update(status=Event.Status.PUBLISHED)
    line = waiting_line(event=evening, line_id=line.pk)

    with pytest.raises(EventLocked):
        accept_for_table(line=line, user=director)
    assert not Result.objects.exists()


def test_discarding_drops_a_waiting_line_never_an_accepted_one(evening, director):
    board = seat(evening, 1, 1).low_board
    waiting = table_line(evening, 1, 1, board)
    accepted = table_line(evening, 1, 1, board + 1)
    accept_for_table(line=accepted, user=director)

    discard_table_line(line=waiting)
    discard_table_line(line=accepted)

    assert list(TableLine.objects.values_list("pk", "state")) == [(accepted.pk, "accepted")]
    assert Result.objects.count() == 1


def test_discarding_a_disputed_line_clears_the_call_its_dispute_raised(evening):
    board = seat(evening, 1, 3).low_board
    disputed = table_line(evening, 1, 3, board, text="4H E 9", state="disputed")
    other = table_line(evening, 1, 3, board + 1, text="2S N 8", state="disputed")
    access = disputed.access
    call = call_director(access=access, round=1)
    for line in (disputed, other):
        call_director(access=access, round=1, board_number=line.board_number, kind="dispute")

    discard_table_line(line=disputed)

    assert [(c.call.board_number, c.line) for c in table_calls(event=evening)] == [
        (None, None),
        (board + 1, other),
    ]
    assert TableCall.objects.get(board_number=board).cleared is not None
    assert TableCall.objects.get(pk=call.pk).cleared is None
    assert cells(evening)[1, 3].disputed == 1


def test_undoing_the_directors_acceptance_opens_the_board_at_the_table_and_in_the_room(
    evening, director, client
):
    slip = seat(evening, 1, 2)
    line = table_line(evening, 1, 2, slip.low_board, text="4S N 11")
    accept_for_table(line=line, user=director)

    undo = undo_change(change=Change.objects.get(), user=director)

    # The line is dropped with its result, as if the director had discarded it.
    assert not Result.objects.exists() and not TableLine.objects.exists()
    shown = room(event=evening, now=starting(evening, 5))
    cell = next(c for _, row in shown.sections[0].rounds for c in row if c.slip.table == 2)
    assert (shown.waiting, cell.slip.entered, cell.from_table, cell.state) == ([], 0, 0, "")
    at = table_now(access=line.access).current
    assert (at.number, at.board(slip.low_board).state) == (1, "open")
    html = client.get(reverse("table", args=[line.access.token])).content.decode()
    button = html[html.index(f'data-board="{slip.low_board}"') :].split(">", 1)[0]
    assert 'data-state="open"' in button and "data-key" not in button

    # Undone in turn, the result is back as the director's: played at the table, no line.
    undo_change(change=undo, user=director)
    cell = cells(evening)[1, 2]
    assert (cell.slip.entered, cell.from_table, cell.from_director) == (1, 0, 1)
    assert table_now(access=line.access).current.board(slip.low_board).state == "played"


def test_a_correction_accepted_at_the_table_is_still_one_line_from_the_table(evening, director):
    slip = seat(evening, 1, 2)
    access = next(a for a in event_tables(event=evening) if a.table == 2)
    line = lines.enter_line(
        access=access, round=1, board_number=slip.low_board, text="4S N 10", key=uuid.uuid4()
    )
    lines.accept_line(access=access, key=line.key)
    correction = lines.reopen_line(
        access=access, round=1, board_number=slip.low_board, text="4S N 9", key=uuid.uuid4()
    )
    lines.accept_line(access=access, key=correction.key)

    cell = cells(evening)[1, 2]
    assert (cell.slip.entered, cell.from_table, cell.from_director) == (1, 1, 0)

    # The correction's acceptance undone: the line as first accepted, still the table's.
    undo_change(change=Change.objects.latest("pk"), user=director)
    assert Result.objects.get().contract == "4S" and Result.objects.get().tricks == 10
    cell = cells(evening)[1, 2]
    assert (cell.slip.entered, cell.from_table, cell.from_director) == (1, 1, 0)


def test_a_tables_result_the_director_deletes_takes_its_line_with_it(evening, director):
    slip = seat(evening, 1, 2)
    line = table_line(evening, 1, 2, slip.low_board, text="4S N 11")
    accept_for_table(line=line, user=director)

    delete_line(result=Result.objects.select_related("board__section__event").get())

    assert not TableLine.objects.exists()
    assert table_now(access=line.access).current.board(slip.low_board).state == "open"
    assert cells(evening)[1, 2].slip.entered == 0


def test_the_directors_grid_shows_a_tables_line_waiting_for_acceptance(evening):
    slip = seat(evening, 1, 2)
    line = table_line(evening, 1, 2, slip.low_board + 1, text="2H W 8", state="disputed")
    board = slip.section.boards.select_related("section__event").get(number=slip.low_board + 1)

    slip_rows = slip_grid(table_round=slip).rows
    board_rows = traveller_grid(board=board).rows

    assert [row.waiting for row in slip_rows] == [None, line, None]
    assert [row.waiting for row in board_rows if row.ns == slip.ns_pair.number] == [line]
    assert sum(row.waiting is not None for row in board_rows) == 1


def test_tables_are_named_by_section_and_match_table():
    from events.models import Section, TableAccess

    section = Section(letter="B")
    assert table_name(access=TableAccess(section=section, table=3)) == "Table 3"
    assert (
        table_name(access=TableAccess(section=section, table=3), several_sections=True)
        == "Section B, table 3"
    )
    assert table_name(access=TableAccess(table=4, half=2)) == "Match table 4, table 2"


def test_a_call_is_the_events_own(evening, make_event):
    other = make_event(mitchell(3, 2), name="Other")
    call_director(access=event_tables(event=other)[0], round=1)

    assert table_calls(event=evening) == []
    assert TableCall.objects.count() == 1


def test_an_individuals_table_line_is_accepted_for_the_sides_seated_there(club, director):
    from events.services.individuals import create_individual_event
    from scoring.movements.individual import complete_individual

    event = create_individual_event(
        club=club, movement=complete_individual(8, 2, rounds=2), name="Ind", date="2026-11-23"
    )
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    event.refresh_from_db()
    slip = seat(event, 2, 1)
    line = table_line(event, 2, 1, slip.low_board, text="3NT S 9")

    accept_for_table(line=line, user=director)

    result = Result.objects.get()
    assert (result.ns_pair, result.ew_pair, result.round, result.table) == (
        slip.ns_pair,
        slip.ew_pair,
        2,
        1,
    )
    cell = {
        (c.slip.round, c.slip.table): c
        for _, round_cells in room(event=event).sections[0].rounds
        for c in round_cells
    }[2, 1]
    assert (cell.slip.entered, cell.from_table, cell.from_director) == (1, 1, 0)
    assert "+" in cell.slip.ns  # an individual's side, by its two players
