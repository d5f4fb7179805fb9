"""Result entry through the director's pages, as the browser's htmx requests make it."""

import re

import pytest
from django.urls import reverse

from events.models import Board, Event, Pair, Result, Section
from events.services.entry import board_meetings
from events.services.tables.access import event_tables
from scoring import mitchell

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def post_line(client, event, board, line, ns="", ew="", result=None, mode=None):
    data = {"line": line, "ns": ns, "ew": ew, "mode": mode or f"board:{board}"}
    if result is not None:
        data["result"] = result.pk
    return client.post(reverse("line-save", args=[event.pk, board]), data, **HTMX)


def event_without_movement(club, *, pairs, board, vulnerability, expected):
    event = Event.objects.create(club=club, name="Seed 003", date="2026-11-20", status="running")
    section = Section.objects.create(event=event)
    Pair.objects.bulk_create(Pair(section=section, number=n) for n in range(1, pairs + 1))
    Board.objects.create(
        section=section,
        number=board,
        dealer="N",
        vulnerability=vulnerability,
        expected_results=expected,
    )
    return event


# Seed 003's score table (NS pair, EW pair, NS score) and the matchpoints it gives each
# direction. Its board 12 traveller has one line, 6 v 1 "2C N -2", that the seed scores as
# +200 to North-South although the same page says East-West scored 200; the score table is
# what the seed's matchpoints are computed from, so the scores are entered as they stand there.
SEED003_BOARD12 = [
    (2, 7, -120, 4, 6),
    (5, 12, 50, 8, 2),
    (6, 1, 200, 10, 0),
    (8, 4, -150, 2, 8),
    (9, 10, -500, 0, 10),
    (11, 3, -90, 6, 4),
]


def test_seed003_board12_score_table_gives_the_seeds_matchpoints(director_client, club):
    event = event_without_movement(club, pairs=12, board=12, vulnerability="NS", expected=6)
    for ns, ew, score, _, _ in SEED003_BOARD12:
        response = post_line(director_client, event, 12, f"{ns} {ew} {score:+d}")
        assert response.status_code == 200
        assert response.headers["HX-Trigger"] == '{"result-saved": {}}'
    points = {r.ns_pair.number: (r.ns_points, r.ew_points) for r in Result.objects.all()}
    assert points == {ns: (nsp, ewp) for ns, _, _, nsp, ewp in SEED003_BOARD12}


def test_seed003_board12_contracts_are_scored_by_the_rules(director_client, club):
    event = event_without_movement(club, pairs=12, board=12, vulnerability="NS", expected=6)
    lines = [
        (2, 7, "1NT E xH 8"),
        (5, 12, "3D W KC 8"),
        (6, 1, "2C N AD -2"),
        (8, 4, "1NT E xH +2"),
        (9, 10, "2C * N QD 6"),
        (11, 3, "2D W xS 8"),
    ]
    for ns, ew, line in lines:
        post_line(director_client, event, 12, f"{ns} {ew} {line}")
    scores = {r.ns_pair.number: r.score_ns for r in Result.objects.all()}
    assert scores == {2: -120, 5: 50, 6: -200, 8: -150, 9: -500, 11: -90}
    mps = {r.ns_pair.number: r.ns_points for r in Result.objects.all()}
    assert mps == {5: 10, 11: 8, 2: 6, 8: 4, 6: 2, 9: 0}
    assert Result.objects.get(ns_pair__number=9).lead == "DQ"


def test_seed003_board5_shared_sevens(director_client, club):
    event = event_without_movement(club, pairs=12, board=5, vulnerability="NS", expected=6)
    for ns, ew, score in [
        (2, 7, -120),
        (5, 12, 50),
        (6, 1, 200),
        (8, 4, -150),
        (9, 10, -500),
        (11, 3, 50),
    ]:
        post_line(director_client, event, 5, f"{ns} {ew} {score:+d}")
    points = {r.ns_pair.number: r.ns_points for r in Result.objects.all()}
    assert points[5] == points[11] == 7


def test_refused_line_keeps_the_text_and_says_what_to_fix(director_client, make_event):
    event = make_event(mitchell(7, 3))
    meeting = board_meetings(board=Board.objects.get(number=1))[0]
    response = post_line(director_client, event, 1, "4S N +4", meeting.ns, meeting.ew)
    assert response.status_code == 200
    assert "HX-Trigger" not in response.headers
    content = response.content.decode()
    assert 'value="4S N +4"' in content
    assert "4S +4 would be 14 tricks: tricks must be 0 to 13" in content
    assert not Result.objects.exists()


def test_impossible_typed_score_is_refused(director_client, club):
    event = event_without_movement(club, pairs=4, board=1, vulnerability="None", expected=2)
    response = post_line(director_client, event, 1, "1 2 +215")
    assert "+215 is not a possible score for North-South when nobody is vulnerable" in (
        response.content.decode()
    )
    assert not Result.objects.exists()


def test_a_save_answers_with_its_row_and_every_lines_points_while_the_board_is_not_all_in(
    director_client, make_event
):
    """A board's grid is not drawn again for each line: the answer holds the saved row, the
    points of every line of the board (one line moves the others') and the status line, which
    static/js/entry.js puts in the grid as it stands."""
    event = make_event(mitchell(7, 3))
    meetings = sorted(board_meetings(board=Board.objects.get(number=1)), key=lambda m: m.ns)
    post_line(director_client, event, 1, "4S N 10", meetings[0].ns, meetings[0].ew)
    response = post_line(director_client, event, 1, "4S N 11", meetings[1].ns, meetings[1].ew)
    content = response.content.decode()
    assert 'id="entry-saved-row"' in content and 'id="entry-grid"' not in content
    assert content.count('<input type="text" class="entry"') == 1
    assert f'id="row-1-{meetings[1].ns}-{meetings[1].ew}" class="saved"' in content
    assert 'value="4S N 11"' in content
    assert re.findall(
        r'<tr data-points="row-([\d-]+)"><td>([\d.]*)</td><td>([\d.]*)</td>', content
    ) == [
        # Neuberg to the board's seven tables (a top of 12): the first line moved from 6.
        (f"1-{meetings[0].ns}-{meetings[0].ew}", "2.5", "9.5"),
        (f"1-{meetings[1].ns}-{meetings[1].ew}", "9.5", "2.5"),
    ]
    assert '<p class="muted" role="status">Saved board 1.</p>' in content


def test_the_last_line_of_a_board_answers_with_the_whole_grid_and_its_way_on(
    director_client, make_event
):
    event = make_event(mitchell(7, 3))
    meetings = sorted(board_meetings(board=Board.objects.get(number=1)), key=lambda m: m.ns)
    for meeting in meetings[:-1]:
        post_line(director_client, event, 1, "4S N 10", meeting.ns, meeting.ew)
    last = meetings[-1]
    content = post_line(director_client, event, 1, "4S N 10", last.ns, last.ew).content.decode()
    assert 'id="entry-grid"' in content
    assert content.count('<input type="text" class="entry"') == len(meetings) + 1
    assert "All in: next board (2)" in content


def test_a_line_saved_from_the_free_line_answers_with_the_whole_grid_the_focus_on_it(
    director_client, make_event
):
    event = make_event(mitchell(7, 3))
    meetings = sorted(board_meetings(board=Board.objects.get(number=1)), key=lambda m: m.ns)
    typed = f"{meetings[1].ns} {meetings[1].ew} 4S N 10"
    content = post_line(director_client, event, 1, typed).content.decode()
    assert 'id="entry-grid"' in content
    focused = content[: content.index("autofocus data-focus")]
    assert f'aria-label="Board 1, {meetings[2].ns} v {meetings[2].ew}"' in focused[-600:]


def test_editing_a_saved_line(director_client, make_event):
    event = make_event(mitchell(7, 3))
    meeting = board_meetings(board=Board.objects.get(number=1))[0]
    post_line(director_client, event, 1, "4S N 10", meeting.ns, meeting.ew)
    result = Result.objects.get()
    post_line(director_client, event, 1, "4S N 11", meeting.ns, meeting.ew, result=result)
    result.refresh_from_db()
    assert (result.tricks, result.score_ns, Result.objects.count()) == (11, 450, 1)


@pytest.mark.parametrize("mode", ["slip:9:9", "board:99"])
def test_a_save_from_a_grid_that_does_not_exist_is_a_404_that_changes_nothing(
    director_client, make_event, mode
):
    event = make_event(mitchell(7, 3))
    meeting = board_meetings(board=Board.objects.get(number=1))[0]
    post_line(director_client, event, 1, "4S N 10", meeting.ns, meeting.ew)
    result = Result.objects.get()
    response = post_line(
        director_client, event, 1, "NP", meeting.ns, meeting.ew, result=result, mode=mode
    )
    result.refresh_from_db()
    assert response.status_code == 404
    assert (result.contract, result.tricks, result.not_played) == ("4S", 10, False)


def test_deleting_a_line(director_client, make_event):
    event = make_event(mitchell(7, 3))
    meeting = board_meetings(board=Board.objects.get(number=1))[0]
    post_line(director_client, event, 1, "4S N 10", meeting.ns, meeting.ew)
    result = Result.objects.get()
    response = director_client.post(
        # htmx adds the confirmation once its dialog is accepted (hx-vals on the form).
        reverse("line-delete", args=[event.pk, result.pk]),
        {"mode": "board:1", "confirm": "on"},
        **HTMX,
    )
    assert response.headers["HX-Trigger"] == '{"result-saved": {}}'
    assert not Result.objects.exists()


def test_preview_shows_the_score_while_typing(director_client, make_event):
    event = make_event(mitchell(7, 3))
    url = reverse("line-preview", args=[event.pk, 2])
    row = {"ns": 1, "ew": 8}  # the row of pairs 1 v 8, who play board 2 in round 1
    assert "NS +620" in director_client.get(url, {"line": "4S N 10", **row}).content.decode()
    half = director_client.get(url, {"line": "4S N", **row}).content.decode()
    assert "4S: add the result: tricks taken (e.g. 10), or =, +1, -2" in half


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("A+", "Adjusted: Ave+ to NS, Ave- to EW"),  # the usual ruling, before it is saved
        ("A-", "Adjusted: Ave- to NS, Ave+ to EW"),
        ("A", "Adjusted: Ave to NS, Ave to EW"),
        ("A+ A+", "Adjusted: Ave+ to NS, Ave+ to EW"),
        ("A60 A40", "Adjusted: 60% to NS, 40% to EW"),
        ("60% 40%", "Adjusted: 60% to NS, 40% to EW"),
        ("A5050", "Adjusted: 50% to NS, 50% to EW"),
        ("+420 / -170", "Split: NS +420, EW scored as NS -170"),
        ("Ave+", "Adjusted: Ave+ to NS, Ave- to EW"),  # Ave and Avg spelled out, any case
        ("AVE+ AVE-", "Adjusted: Ave+ to NS, Ave- to EW"),
        ("Ave-", "Adjusted: Ave- to NS, Ave+ to EW"),
        ("Ave", "Adjusted: Ave to NS, Ave to EW"),
        ("avg+/avg-", "Adjusted: Ave+ to NS, Ave- to EW"),
    ],
)
def test_preview_shows_what_an_adjusted_or_split_score_gives_each_side(
    director_client, make_event, line, shown
):
    event = make_event(mitchell(7, 3))
    url = reverse("line-preview", args=[event.pk, 1])
    response = director_client.get(url, {"line": line, "ns": 1, "ew": 8})
    assert response.content.decode().strip() == shown


@pytest.mark.parametrize(
    ("line", "saved", "points", "shown"),
    [
        ("A+", "A+ A-", (7.2, 4.8), "Ave+ to NS, Ave- to EW"),
        ("A60 A40", "A60 A40", (7.2, 4.8), "60% to NS, 40% to EW"),
        ("60% 40%", "A60 A40", (7.2, 4.8), "60% to NS, 40% to EW"),
        ("A7030", "A70 A30", (8.4, 3.6), "70% to NS, 30% to EW"),
        ("A5050", "A50 A50", (6, 6), "50% to NS, 50% to EW"),
        ("A+ A65", "A+ A65", (7.2, 7.8), "Ave+ to NS, 65% to EW"),
    ],
)
def test_adjusted_scores_save_as_typed_and_score_their_percent_of_the_top(
    director_client, make_event, line, saved, points, shown
):
    event = make_event(mitchell(7, 3))  # top 12 on a board
    page = post_line(director_client, event, 1, line, 1, 8).content.decode()
    result = Result.objects.get()
    assert (result.ns_points, result.ew_points) == pytest.approx(points)
    assert f'value="{saved}"' in page
    assert f'<td id="preview-1-1-8" class="preview">{shown}</td>' in page


def test_a_saved_split_score_shows_both_sides_in_the_grid(director_client, make_event):
    event = make_event(mitchell(7, 3))
    page = post_line(director_client, event, 1, "+420 / -50", 1, 8).content.decode()
    assert '<td id="preview-1-1-8" class="preview">Split: NS +420, EW scored as NS -50</td>' in page


def test_pick_up_slip_enters_a_table_rounds_boards(director_client, make_event):
    event = make_event(mitchell(7, 3))
    slip = reverse("director-slip", args=[event.pk, 1, 1])
    page = director_client.get(slip).content.decode()
    assert "Round 1, table 1" in page
    for board, line in zip((1, 2, 3), ("4S N 10", "3NT S 9", "P"), strict=True):
        post_line(director_client, event, board, line, 1, 8, mode="slip:1:1")
    saved = Result.objects.filter(ns_pair__number=1, ew_pair__number=8)
    assert sorted(saved.values_list("board__number", "score_ns")) == [(1, 420), (2, 600), (3, 0)]


def test_other_clubs_director_cannot_enter(client, django_user_model, make_event):
    event = make_event(mitchell(7, 3))
    client.force_login(django_user_model.objects.create_user("stranger", password="x-x-x-x"))
    response = post_line(client, event, 1, "1 8 4S N 10")
    assert response.status_code == 404
    assert not Result.objects.exists()


# The session and its user, the event, the board (or the section and the table-round), the
# board's lines, the movement's meetings (or the slip's boards and their lines), the boards
# either side with the count of sections in one (or the next slip and the count), the pairs'
# labels, the tables' lines waiting for acceptance, and the boards and slips the shortcuts go
# to; a slip reads the meetings a repair left to settle, a board has them with its meetings.
@pytest.mark.parametrize(
    ("url_name", "args", "queries"), [("director-board", [1], 11), ("director-slip", [2, 3], 14)]
)
@pytest.mark.parametrize("tables", [3, 12])
def test_an_entry_grid_takes_the_same_queries_whatever_the_size(
    director_client, make_event, django_assert_num_queries, url_name, args, queries, tables
):
    event = make_event(mitchell(tables, 2, rounds=3))
    for meeting in board_meetings(board=Board.objects.get(section__event=event, number=1))[:2]:
        post_line(director_client, event, 1, "4S N 10", meeting.ns, meeting.ew)
    with django_assert_num_queries(queries):
        page = director_client.get(reverse(url_name, args=[event.pk, *args])).content.decode()
    assert 'value="4S N 10"' in page if url_name == "director-board" else "Round 2, table 3" in page


# A line saved from the grid, the request whole: the session and its user, the board with its
# event (and the director's right to it, and whether tables enter it) in one; then in one
# transaction (a savepoint in the test's) the change, the save (tests/events/test_entry.py's
# SAVE_QUERIES less its savepoint), a dispute of the board at the table settled by the
# director's line (its call cleared, its disputed line dropped: tables.calls.settle_dispute)
# and the pages' version once more for the change; then the answer, on a board not yet all in:
# the board's lines' points, its meetings, the row's waiting line and the pairs' labels. Where
# no table has a link the dispute and the waiting line are not looked for (two fewer). 37
# before round trips were cut (benchmarks/README.md); 27 before the grid folded its reads; 24
# before a save answered with its row, the grid whole.
SAVED_LINE_REQUEST_QUERIES = {"no tables' links": 21, "tables' links": 23}


@pytest.mark.parametrize("links", SAVED_LINE_REQUEST_QUERIES)
@pytest.mark.parametrize("tables", [3, 12])
def test_a_line_saved_from_the_grid_takes_a_fixed_number_of_queries(
    director_client, make_event, django_assert_num_queries, tables, links
):
    event = make_event(mitchell(tables, 2, rounds=3))
    if links == "tables' links":
        event_tables(event=event)
    first, second = board_meetings(board=Board.objects.get(section__event=event, number=1))[:2]
    post_line(director_client, event, 1, "4S N 10", first.ns, first.ew)
    with django_assert_num_queries(SAVED_LINE_REQUEST_QUERIES[links]):
        response = post_line(director_client, event, 1, "3NT S 9", second.ns, second.ew)
    assert response.headers["HX-Trigger"] == '{"result-saved": {}}'
    assert Result.objects.filter(board__number=1, contract="3NT").count() == 1


@pytest.mark.parametrize(
    ("numbering", "example"),
    [({"ew_numbered_on": False, "winners": 2}, "1 1"), ({}, "1 8")],
    ids=["per-direction", "ew-numbered-on"],
)
def test_the_free_lines_example_is_a_meeting_of_the_event(
    director_client, make_event, numbering, example
):
    event = make_event(mitchell(7, 3), **numbering)
    page = director_client.get(reverse("director-board", args=[event.pk, 1])).content.decode()
    assert f'placeholder="pairs first: {example} 4S N 10"' in page
    assert f"Start with the pair numbers, NS then EW (<code>{example} 4S N 10</code>)" in page
    if example == "1 1":
        assert "1 8 4S N 10" not in page
