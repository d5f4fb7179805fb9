"""Every refusal the entry grid can give, each with the input that causes it: a sentence that
says what to fix, in the row that was typed, with what was typed kept and nothing saved."""

import html
import re
import threading
from contextlib import contextmanager

import pytest
from django.db import connection, transaction
from django.urls import reverse

from events.models import Board, Change, Event, Result
from events.services.status import LOCKED
from scoring import mitchell

HTMX = {"HTTP_HX_REQUEST": "true"}
EXAMPLES = "type a result, e.g. 4S N 10, 3NT E -1, P, NP or A+ A-"
TWO_SIDES = (
    "an adjusted score gives each side its own: A+ A-, A60 A40 or 60% 40% "
    "(A+ alone is Ave+ to North-South, Ave- to East-West)"
)
LONG = "4S N 10 # " + "slow play, " * 28 + "the end"
ROW = {"ns": "1", "ew": "8"}  # board 1's first row in a 7-table Mitchell: pair 1 v pair 8
FREE = {"ns": "", "ew": ""}  # the free line, for a result the movement does not schedule

# (what, the row it is typed in, the line, the grid's message). Board 1 is not vulnerable.
REFUSALS = [
    ("nothing typed", ROW, "", EXAMPLES),
    ("only a note", ROW, "# slow play", EXAMPLES),
    (
        "over-long",
        ROW,
        LONG,
        "this line has 325 characters, a line at most 60: type the result, e.g. 4S N 10, and "
        "keep a note after # short",
    ),
    (
        "no contract",
        ROW,
        "hello",
        "hello: a contract is a level 1-7 and a strain, e.g. 4S, 3NTX, or PASS",
    ),
    ("level", ROW, "8S N 10", "8S: level must be 1 to 7"),
    ("strain", ROW, "4Z N 10", "4Z: strain must be C, D, H, S or NT"),
    ("doubling", ROW, "4SXXX N 10", "4SXXX: write X for doubled or XX for redoubled"),
    ("no declarer", ROW, "4S", "4S: add the declarer (N, E, S or W) and the tricks"),
    ("declarer", ROW, "4S Q 10", "declarer must be N, E, S or W, not 'Q'"),
    ("no tricks", ROW, "4S N", "4S: add the result: tricks taken (e.g. 10), or =, +1, -2"),
    ("too many tricks", ROW, "4S N +5", "4S +5 would be 15 tricks: tricks must be 0 to 13"),
    ("too few tricks", ROW, "7NT N -14", "7NT -14 would be -1 tricks: tricks must be 0 to 13"),
    (
        "neither tricks nor lead",
        ROW,
        "4S N 10 banana",
        "'banana' is neither the tricks (10, =, +1, -2) nor a lead card (HK, S10)",
    ),
    (
        "impossible score",
        ROW,
        "+425",
        "+425 is not a possible score for North-South when nobody is vulnerable",
    ),
    (
        "impossible split score",
        ROW,
        "+420 / +425",
        "+425 is not a possible score for North-South when nobody is vulnerable",
    ),
    (
        "adjusted code",
        ROW,
        "A+ B",
        "an adjusted score is A+, A, A- or a percent such as A60 or 60%, not 'B'",
    ),
    ("adjusted, one side", ROW, "A60", TWO_SIDES),
    ("adjusted, three sides", ROW, "A+ A- A", TWO_SIDES),
    (
        "adjusted percent",
        ROW,
        "A120 A40",
        "an adjusted score is 0 to 100 percent of the top, not 120%",
    ),
    (
        "weighted, not adding up",
        ROW,
        "40% 4S N 10 + 50% 4S N 9",
        "the parts of a weighted score add up to 100%, not 90%: e.g. 40% 4S N 10 + 60% 4S N 9",
    ),
    (
        "weighted, a part without its weight",
        ROW,
        "4S N 10 + 4S N 9",
        "a weighted score is e.g. 40% 4S N 10 + 60% 4S N 9: each part a percent, then a result",
    ),
    (
        "weighted, an adjusted part",
        ROW,
        "40% A+ + 60% 4S N 9",
        "each part of a weighted score is a result played or a score, not 'A+'",
    ),
    (
        "weighted, a part of 0%",
        ROW,
        "0% 4S N 10 + 100% 4S N 9",
        "a part of a weighted score weighs more than 0%: 0% 4S N 10",
    ),
    (
        "weighted, a part no contract makes",
        ROW,
        "40% +421 + 60% 4S N 9",
        "+421 is not a possible score for North-South when nobody is vulnerable",
    ),
    (
        "free line without pairs",
        FREE,
        "4S N 10",
        "start the line with the NS and EW pair numbers, e.g. 1 8 4S N 10",
    ),
    (
        "pairs without a result",
        FREE,
        "7 1",
        "7 1: after the pair numbers, type the result, e.g. 7 1 4S N 10",
    ),
    ("a pair against itself", FREE, "1 1 4S N 10", "pair 1 cannot play against itself"),
    ("no such pair", FREE, "1 15 4S N 10", "there is no pair 15 in this event"),
    (
        "pairs that do not meet",
        FREE,
        "1 9 4S N 10",
        "pairs 1 and 9 do not play board 1 against each other in this movement: check the pair "
        "numbers",
    ),
    (
        "pairs that do not meet, typed on a row",
        ROW,
        "2 8 4S N 10",
        "pairs 2 and 8 do not play board 1 against each other in this movement: check the pair "
        "numbers",
    ),
    (
        "a row out of date",
        {"ns": "one", "ew": "8"},
        "4S N 10",
        "reload the page: the row is out of date",
    ),
]


def preview(client, event, line, row) -> str:
    data = {"line": line, "mode": "board:1", **row}
    response = client.get(reverse("line-preview", args=[event.pk, 1]), data, **HTMX)
    found = re.fullmatch(r'<span class="error">(.*)</span>', response.content.decode().strip())
    return html.unescape(found[1]) if found else response.content.decode()


def post_line(client, event, line, row, **extra):
    data = {"line": line, "mode": "board:1", **row, **extra}
    return client.post(reverse("line-save", args=[event.pk, 1]), data, **HTMX)


def alerts(response) -> list[str]:
    found = re.findall(r'<div class="error" role="alert">(.*?)</div>', response.content.decode())
    return [html.unescape(text) for text in found]


def typed_in(response, line) -> bool:
    return f'value="{html.escape(line)}"' in response.content.decode()


@pytest.fixture
def event(make_event):
    return make_event(mitchell(7, 3))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("row", "line", "message"),
    [pytest.param(row, line, message, id=what) for what, row, line, message in REFUSALS],
)
def test_each_refusal_is_a_sentence_in_the_row_typed(director_client, event, row, line, message):
    response = post_line(director_client, event, line, row)
    assert alerts(response) == [message]
    assert typed_in(response, line)
    assert not response.has_header("HX-Trigger")
    assert not Result.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("row", "line", "message"),
    [pytest.param(row, line, message, id=what) for what, row, line, message in REFUSALS if line],
)
def test_the_preview_gives_the_refusal_the_save_gives(director_client, event, row, line, message):
    assert preview(director_client, event, line, row) == message


@pytest.mark.django_db
def test_the_example_of_pairs_is_a_meeting_of_the_event(director_client, make_event):
    """A 5-table Mitchell has no pair 8: board 1's first meeting is 1 v 6."""
    event = make_event(mitchell(5, 3))
    response = post_line(director_client, event, "4S N 10", FREE)
    assert alerts(response) == ["start the line with the NS and EW pair numbers, e.g. 1 6 4S N 10"]


@pytest.mark.django_db
def test_a_line_already_entered(director_client, event):
    post_line(director_client, event, "4S N 10", ROW)
    assert preview(director_client, event, "1 8 3NT S 9", FREE) == (
        "board 1 is already entered for 1 v 8: edit or delete that line instead"
    )
    response = post_line(director_client, event, "1 8 3NT S 9", FREE)
    assert alerts(response) == [
        "board 1 is already entered for 1 v 8: edit or delete that line instead"
    ]
    assert typed_in(response, "1 8 3NT S 9")
    assert Result.objects.get().contract == "4S"


@pytest.mark.django_db
def test_a_line_deleted_while_it_was_edited(director_client, event):
    post_line(director_client, event, "4S N 10", ROW)
    pk = Result.objects.get().pk
    Result.objects.filter(pk=pk).delete()
    response = post_line(director_client, event, "4S N 11", ROW, result=pk)
    assert alerts(response) == [
        "the line you are editing on board 1 was deleted meanwhile: reload the page"
    ]
    assert typed_in(response, "4S N 11")
    assert not Result.objects.exists()


@pytest.mark.django_db
def test_a_published_event(director_client, event):
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    response = post_line(director_client, event, "4S N 10", ROW)
    assert alerts(response) == [LOCKED]
    assert typed_in(response, "4S N 10")
    assert not Result.objects.exists()


def delete_line(client, line):
    url = reverse("line-delete", args=[line.board.section.event_id, line.pk])
    return client.post(url, {"mode": "board:1", "confirm": "on"}, **HTMX)


def status(response) -> str:
    found = re.search(r'<p class="muted" role="status">(.*?)</p>', response.content.decode())
    return html.unescape(found[1])


@pytest.mark.django_db
def test_deleting_from_a_published_event(director_client, event):
    post_line(director_client, event, "4S N 10", ROW)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    response = delete_line(director_client, Result.objects.get())
    assert status(response) == f"Not deleted: {LOCKED}."
    assert Result.objects.exists()


@pytest.mark.django_db
def test_deleting_a_line_already_deleted(director_client, event):
    post_line(director_client, event, "4S N 10", ROW)
    line = Result.objects.get()
    delete_line(director_client, line)
    response = delete_line(director_client, line)
    assert status(response) == "Already deleted: this line is gone."


@contextmanager
def too_busy(board):
    """The database too busy for a write on `board`: another director's write holds what it
    needs (the board's lock on PostgreSQL, the database's write lock on SQLite) and a wait is cut
    short.
    """
    held, release = threading.Event(), threading.Event()

    def write():
        try:
            with transaction.atomic():
                Board.objects.select_for_update().get(pk=board.pk)
                Change.objects.create(club=board.section.event.club, kind=Change.Kind.RESULT)
                held.set()
                release.wait(10)
        finally:
            connection.close()

    thread = threading.Thread(target=write)
    thread.start()
    assert held.wait(10)
    # The wait is cut to 100 ms: lock_timeout on PostgreSQL, busy_timeout on SQLite.
    postgresql = connection.vendor == "postgresql"
    short, usual = (
        ("SET lock_timeout = '100ms'", "RESET lock_timeout")
        if postgresql
        else ("PRAGMA busy_timeout = 100", "PRAGMA busy_timeout = 20000")
    )
    try:
        with connection.cursor() as cursor:
            cursor.execute(short)
        yield
    finally:
        release.set()
        thread.join()
        with connection.cursor() as cursor:
            cursor.execute(usual)


def board_one(event):
    return Board.objects.select_related("section__event__club").get(section__event=event, number=1)


@pytest.mark.django_db(transaction=True)
def test_a_database_too_busy_to_save(director_client, event):
    with too_busy(board_one(event)):
        response = post_line(director_client, event, "4S N 10", ROW)
    assert alerts(response) == [
        "the line was not saved: the database was too busy, press Enter again"
    ]
    assert typed_in(response, "4S N 10")
    assert not Result.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_database_too_busy_to_delete(director_client, event):
    post_line(director_client, event, "4S N 10", ROW)
    line = Result.objects.get()
    with too_busy(board_one(event)):
        response = delete_line(director_client, line)
    assert status(response) == "Not deleted: the database was too busy."
    assert Result.objects.filter(pk=line.pk).exists()
