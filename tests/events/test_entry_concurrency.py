"""Several directors keying in at once: every line counts, and no board is scored stale."""

import threading

import pytest
from django.db import connection

from events.models import Board, Pair, Result
from events.services.entry import LineRefused, board_meetings, save_line
from events.services.scoring import rescore_board
from scoring import mitchell, parse_traveller_line

LINES = ["4S N 10", "4S N 11", "4S N 9", "3NT S 9", "4SX N 9", "5D E 10", "2H W 8"]


def run_together(tasks) -> list[Exception]:
    """Run each task in its own thread (its own database connection), all at once."""
    errors: list[Exception] = []
    start = threading.Barrier(len(tasks))

    def run(task):
        try:
            start.wait()
            task()
        except Exception as error:  # reported to the test below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(task,)) for task in tasks]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


@pytest.mark.django_db(transaction=True)
def test_lines_saved_at_once_on_one_board_are_all_scored(make_event):
    event = make_event(mitchell(7, 3))
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meetings = board_meetings(board=board)

    def saver(meeting, text):
        def task():
            mine = Board.objects.select_related("section__event").get(pk=board.pk)
            save_line(
                board=mine, line=parse_traveller_line(text), ns_pair=meeting.ns, ew_pair=meeting.ew
            )

        return task

    errors = run_together([saver(m, t) for m, t in zip(meetings, LINES, strict=True)])
    assert not [e for e in errors if "locked" not in str(e)]  # SQLite may ask a writer to wait
    saved = {r.pk: (r.ns_points, r.ew_points) for r in Result.objects.filter(board=board)}
    totals = {p.pk: p.score for p in Pair.objects.all()}
    rescore_board(board=board)  # scoring again from scratch changes nothing
    assert saved == {r.pk: (r.ns_points, r.ew_points) for r in Result.objects.filter(board=board)}
    assert totals == {p.pk: p.score for p in Pair.objects.all()}


@pytest.mark.django_db(transaction=True)
def test_the_same_line_entered_twice_at_once_is_saved_once(make_event):
    event = make_event(mitchell(3, 2))
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meeting = board_meetings(board=board)[0]

    def task():
        mine = Board.objects.select_related("section__event").get(pk=board.pk)
        save_line(
            board=mine, line=parse_traveller_line("4S N 10"), ns_pair=meeting.ns, ew_pair=meeting.ew
        )

    errors = run_together([task, task, task])
    assert Result.objects.filter(board=board).count() == 1
    refused = [e for e in errors if isinstance(e, LineRefused)]
    assert all("already entered" in str(e) or "changed while you typed" in str(e) for e in refused)
    assert len(errors) == 2


@pytest.mark.django_db(transaction=True)
def test_saves_on_two_boards_of_an_event_do_not_wait_for_each_other(make_event):
    """A board's lock holds the board (and its pairs), not its section or its event: on
    PostgreSQL a save that locked the event's row made every other save of the event wait."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite lets one writer in at a time")
    from django.db import transaction

    from events.services.scoring import lock_board

    event = make_event(mitchell(3, 2))
    first, other = Board.objects.filter(section__event=event).order_by("number")[:2]
    held, done = threading.Event(), threading.Event()

    def hold_first_board():
        with transaction.atomic():
            lock_board(board=Board.objects.select_related("section__event").get(pk=first.pk))
            held.set()
            done.wait(10)

    holder = threading.Thread(target=lambda: (hold_first_board(), connection.close()))
    holder.start()
    try:
        assert held.wait(10)
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SET LOCAL lock_timeout = '2s'")
            lock_board(board=Board.objects.select_related("section__event").get(pk=other.pk))
    finally:
        done.set()
        holder.join()
