"""The problems panel: errors first, then the rounds that are due, then questions, each with its
fix; rounds still to come are one count."""

import datetime

import pytest
from django.urls import reverse

from events.models import Board, Change, Event, Pair, Result, Section, TableRound
from events.services.entry import save_line
from events.services.history import undo_change
from events.services.history_text import change_lines
from events.services.notes import note_text
from events.services.problems import section_problems
from scoring import mitchell, parse_traveller_line
from tests.events.test_director_views import event_fields

pytestmark = pytest.mark.django_db
EVENING = datetime.datetime(2026, 11, 20, 19, 0, tzinfo=datetime.UTC)


def enter_slip(table_round: TableRound, *, boards: int | None = None) -> None:
    """Every board of a table-round (or its first `boards`), as 4S N 10."""
    numbers = range(table_round.low_board, table_round.high_board + 1)
    for number in list(numbers)[:boards]:
        save_line(
            board=Board.objects.select_related("section__event").get(
                section=table_round.section, number=number
            ),
            line=parse_traveller_line("4S N 10"),
            ns_pair=table_round.ns_pair.number,
            ew_pair=table_round.ew_pair.number,
        )


def slip(event: Event, round_number: int, table: int) -> TableRound:
    return TableRound.objects.select_related("section", "ns_pair", "ew_pair").get(
        section__event=event, round=round_number, table=table
    )


def messages(event: Event, now=EVENING) -> list[str]:
    return [p.message for p in section_problems(section=event.sections.get(), now=now)]


def test_mid_session_lists_the_late_table_and_counts_the_rounds_to_come(make_event):
    event = make_event(mitchell(7, 3))
    for round_number in (1, 2, 3):
        for table in range(1, 8):
            if (round_number, table) != (2, 5):
                enter_slip(slip(event, round_number, table))
    enter_slip(slip(event, 4, 1))
    enter_slip(slip(event, 4, 2), boards=2)

    late = slip(event, 2, 5)
    boards = f"{late.low_board}, {late.low_board + 1}, {late.high_board}"
    # Round 4 is in play (2 of 7 tables): 21 - 5 results to come, then rounds 5 to 7, 63.
    assert messages(event) == [
        f"Round 2, table 5 ({late.ns_pair.number} v {late.ew_pair.number}): boards {boards} "
        "missing.",
        "Rounds 4–7: 79 results still to come.",
    ]


@pytest.mark.parametrize(("finished", "due"), [(3, False), (4, True)])
def test_a_round_is_due_once_most_of_its_tables_are_in(make_event, finished, due):
    event = make_event(mitchell(7, 3))
    for table in range(1, finished + 1):
        enter_slip(slip(event, 1, table))

    found = messages(event)

    late = [m for m in found if m.startswith("Round 1, table")]
    assert len(late) == (7 - finished if due else 0)
    assert found[-1] == (
        "Rounds 2–7: 126 results still to come."
        if due
        else f"Rounds 1–7: {147 - 3 * finished} results still to come."
    )


def test_the_clock_makes_rounds_due_when_the_director_set_a_round_time(make_event):
    event = make_event(mitchell(3, 2), start_time=datetime.time(19, 0), round_minutes=15)

    # At 19:31 two rounds are over: their tables are missing; round 3 is still being played.
    found = messages(event, now=EVENING + datetime.timedelta(minutes=31))

    assert [m.split(":")[0] for m in found] == [
        "Round 1, table 1 (1 v 4)",
        "Round 1, table 2 (2 v 5)",
        "Round 1, table 3 (3 v 6)",
        "Round 2, table 1 (1 v 6)",
        "Round 2, table 2 (2 v 4)",
        "Round 2, table 3 (3 v 5)",
        "Round 3",
    ]
    assert messages(event, now=EVENING + datetime.timedelta(minutes=14)) == [
        "Rounds 1–3: 18 results still to come."
    ]


def test_errors_come_first_then_missing_then_questions(make_event):
    event = make_event(mitchell(3, 2))
    enter_slip(slip(event, 1, 1))  # 1 v 4 on boards 1 and 2
    section = event.sections.get()
    pairs = {p.number: p for p in Pair.objects.filter(section=section)}
    board_3 = Board.objects.select_related("section__event").get(section=section, number=3)
    # Pair 6 v 2 entered the wrong way round on board 3 (round 1, table 2 seats 2 NS v 5 EW;
    # round 2 table 1 seats 1 NS v 6 EW): a swap of 1 v 6.
    save_line(board=board_3, line=parse_traveller_line("6 1 3NT E 9"))
    # A line the entry grid would refuse, as an import or an old movement leaves it: pair 4 on
    # board 1 a second time, against pair 5, who never meet there.
    board_1 = Board.objects.get(section=section, number=1)
    Result.objects.create(board=board_1, ns_pair=pairs[4], ew_pair=pairs[5], score_ns=420)

    problems = section_problems(section=section, now=EVENING)

    assert [(p.kind, p.severity) for p in problems] == [
        ("unscheduled", "error"),
        ("missing", "missing"),
        ("missing", "missing"),
        ("direction", "question"),
        ("later", "later"),
    ]
    assert problems[0].message == (
        "Board 1: 4 v 5 do not play this board against each other in the movement (pair 4 "
        "also has a line v 1). Check the pair numbers."
    )
    assert (problems[0].board, problems[0].ns, problems[0].ew) == (1, 4, 5)
    assert [p.message for p in problems[1:3]] == [
        "Round 1, table 2 (2 v 5): boards 3, 4 missing.",
        "Round 1, table 3 (3 v 6): boards 5, 6 missing.",
    ]
    assert (problems[1].round, problems[1].table) == (1, 2)
    assert problems[-1].message == "Rounds 2–3: 11 results still to come."


def test_a_pair_with_two_results_on_a_board_is_an_error(club):
    # Without a movement (an imported event) any two pairs may meet, but a pair plays a board
    # once.
    event = Event.objects.create(club=club, name="Imported", date="2026-11-20", status="running")
    section = Section.objects.create(event=event)
    pairs = {n: Pair.objects.create(section=section, number=n) for n in (1, 2, 3)}
    board = Board.objects.create(section=section, number=1, dealer="N", vulnerability="None")
    Result.objects.create(board=board, ns_pair=pairs[1], ew_pair=pairs[2], score_ns=420)
    Result.objects.create(board=board, ns_pair=pairs[3], ew_pair=pairs[1], score_ns=450)

    problems = section_problems(section=section, now=EVENING)

    assert [(p.kind, p.message) for p in problems] == [
        ("duplicate", "Board 1: pair 1 has 2 results, against 2 and 3. Delete the wrong one.")
    ]
    assert (problems[0].ns, problems[0].ew) == (3, 1)


def test_the_panel_offers_each_problem_its_fix(director_client, make_event):
    event = make_event(mitchell(3, 2))
    enter_slip(slip(event, 2, 2), boards=1)
    board_3 = Board.objects.select_related("section__event").get(number=3)
    save_line(board=board_3, line=parse_traveller_line("6 1 3NT E 9"))
    swapped = Result.objects.get(board=board_3)

    page = director_client.get(reverse("director-event", args=[event.pk])).content.decode()

    slip_url = reverse("director-slip", args=[event.pk, 1, 1])
    assert f'<a class="fix" href="{slip_url}">Enter round 1, table 1</a>' in page
    assert f'action="{reverse("line-swap", args=[event.pk, swapped.pk])}"' in page
    assert "Swap: 1 North-South v 6 East-West" in page


def test_a_question_links_to_its_line_in_the_entry_grid(director_client, make_event):
    event = make_event(mitchell(5, 2))
    board = Board.objects.select_related("section__event").get(number=1)
    for table_round, text in zip(
        TableRound.objects.filter(section__event=event, low_board=1).order_by("round"),
        ["4S N 10", "4S N 10", "4S N 11", "4S N 10", "7NTX N 6"],
        strict=True,
    ):
        save_line(
            board=board,
            line=parse_traveller_line(text),
            ns_pair=table_round.ns_pair.number,
            ew_pair=table_round.ew_pair.number,
        )
    odd = Result.objects.select_related("ns_pair", "ew_pair").get(score_ns=-1700)

    page = director_client.get(reverse("director-event", args=[event.pk])).content.decode()

    row = f"?row=1-{odd.ns_pair.number}-{odd.ew_pair.number}"
    assert f'href="{reverse("director-board", args=[event.pk, 1])}{row}">Open the line' in page


def test_swap_directions_saves_through_the_entry_service_and_the_history(
    director_client, make_event
):
    event = make_event(mitchell(3, 2))
    board = Board.objects.select_related("section__event").get(number=3)
    save_line(board=board, line=parse_traveller_line("6 1 3NT E 9"))
    result = Result.objects.get(board=board)
    changes = Change.objects.count()

    response = director_client.post(reverse("line-swap", args=[event.pk, result.pk]), follow=True)

    result.refresh_from_db()
    assert (result.ns_pair.number, result.ew_pair.number) == (1, 6)
    assert (result.contract, result.declarer, result.tricks, result.score_ns) == (
        "3NT",
        "E",
        9,
        -600,
    )
    assert (result.round, result.table) == (2, 1)
    assert Change.objects.count() == changes + 1
    assert Change.objects.latest("pk").kind == Change.Kind.RESULT
    page = response.content.decode()
    assert "Board 3: now 1 North-South v 6 East-West." in page
    assert "the movement seats them East-West" not in page
    director_client.post(reverse("set_language"), {"language": "nb", "next": "/director/"})
    back = director_client.post(reverse("line-swap", args=[event.pk, result.pk]), follow=True)
    assert "Spill 3: nå 6 Nord-Syd mot 1 Øst-Vest." in back.content.decode()


def test_swap_is_refused_on_a_published_event(director_client, make_event):
    event = make_event(mitchell(3, 2))
    board = Board.objects.select_related("section__event").get(number=3)
    save_line(board=board, line=parse_traveller_line("6 1 3NT E 9"))
    result = Result.objects.get(board=board)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)

    response = director_client.post(reverse("line-swap", args=[event.pk, result.pk]), follow=True)

    result.refresh_from_db()
    assert (result.ns_pair.number, result.ew_pair.number) == (6, 1)
    assert (
        "Board 3, 6 v 1 not swapped: the event is published: reopen it, with a reason, before "
        "changing it." in response.content.decode()
    )


def test_swap_is_refused_when_the_swapped_line_clashes(director_client, make_event):
    event = make_event(mitchell(3, 2))
    section = event.sections.get()
    pairs = {p.number: p for p in Pair.objects.filter(section=section)}
    board = Board.objects.get(section=section, number=3)
    swapped = Result.objects.create(board=board, ns_pair=pairs[6], ew_pair=pairs[1], score_ns=420)
    # Pair 1 also has a line on board 3 (as an import may leave it): the swap would make two.
    Result.objects.create(board=board, ns_pair=pairs[1], ew_pair=pairs[5], score_ns=50)

    response = director_client.post(reverse("line-swap", args=[event.pk, swapped.pk]), follow=True)

    swapped.refresh_from_db()
    assert (swapped.ns_pair.number, swapped.ew_pair.number) == (6, 1)
    assert "Board 3, 6 v 1 not swapped: board 3 is already entered for 1 v 5" in (
        response.content.decode()
    )


def test_swap_is_a_post_for_the_events_own_lines(director_client, make_event, club):
    event = make_event(mitchell(3, 2))
    other = make_event(mitchell(3, 2), name="Other")
    board = Board.objects.select_related("section__event").get(section__event=other, number=3)
    save_line(board=board, line=parse_traveller_line("6 1 3NT E 9"))
    result = Result.objects.get(board=board)

    assert director_client.get(reverse("line-swap", args=[other.pk, result.pk])).status_code == 405
    assert director_client.post(reverse("line-swap", args=[event.pk, result.pk])).status_code == 404


def test_the_round_clock_is_set_in_the_settings_and_recorded(director_client, make_event):
    event = make_event(mitchell(3, 2))
    url = reverse("director-settings", args=[event.pk])
    fields = event_fields(name=event.name, date="2026-11-20")

    refused = director_client.post(url, fields | {"start_time": "19:30", "round_minutes": "0"})
    assert "A round takes a number of minutes from 1 to 240, e.g. 15" in refused.content.decode()
    director_client.post(url, fields | {"start_time": "19:30", "round_minutes": "20"})

    event.refresh_from_db()
    assert (event.start_time, event.round_minutes) == (datetime.time(19, 30), 20)
    assert Change.objects.filter(event=event, kind=Change.Kind.SETTINGS).count() == 1
    page = director_client.get(url).content.decode()
    assert 'type="time" name="start_time" value="19:30"' in page


def _event_with_a_wrong_declarer(make_event) -> tuple[Event, Result]:
    """A 3-table Mitchell with every board in, 4S N 10 at every table but one line of board 1
    typed 4S E 10: ten tricks to the side that takes three in spades."""
    event = make_event(mitchell(3, 2))
    for round_number in (1, 2, 3):
        for table in (1, 2, 3):
            enter_slip(slip(event, round_number, table))
    wrong = Result.objects.filter(board__number=1).order_by("ns_pair__number").first()
    retype(wrong, "4S E 10")
    return event, wrong


def retype(result: Result, text: str) -> None:
    board = Board.objects.select_related("section__event").get(pk=result.board_id)
    pairs = {"ns_pair": result.ns_pair.number, "ew_pair": result.ew_pair.number}
    save_line(board=board, line=parse_traveller_line(text), result=result, **pairs)


def test_a_result_marked_right_is_asked_about_no_more_until_it_is_edited(
    director_client, make_event
):
    event, wrong = _event_with_a_wrong_declarer(make_event)
    question = (
        f"Board 1: {wrong.ns_pair.name} v {wrong.ew_pair.name}, 4S by E took 10 tricks: the "
        "other results point to about 3. Is the declarer, the strain or the number of tricks "
        "right?"
    )
    assert messages(event) == [question]
    panel = director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert f'hx-post="{reverse("line-confirm", args=[event.pk, wrong.pk])}"' in panel

    response = director_client.post(
        reverse("line-confirm", args=[event.pk, wrong.pk]), headers={"HX-Request": "true"}
    )

    assert response.status_code == 204
    assert response.headers["HX-Trigger"] == '{"result-saved": {}}'
    assert messages(event) == []
    change = Change.objects.filter(event=event).first()
    assert (change.kind, note_text(change.note)) == (
        "result",
        f"Board 1, {wrong.ns_pair.name} v {wrong.ew_pair.name}: 4S E 10 is right",
    )
    assert change_lines(change=change) == [
        f"Board 1, NS {wrong.ns_pair.name} v EW {wrong.ew_pair.name}: 4S E 10 (-420) marked right"
    ]
    undo_change(change=change)
    assert messages(event) == [question]
    director_client.post(reverse("line-confirm", args=[event.pk, wrong.pk]))
    assert messages(event) == []
    retype(wrong, "4S E 9")
    assert messages(event) == [question.replace("took 10 tricks", "took 9 tricks")]


def test_publishing_with_open_questions_asks_first_naming_how_many(director_client, make_event):
    event, _ = _event_with_a_wrong_declarer(make_event)
    url = reverse("director-status", args=[event.pk])

    page = director_client.post(url, {"status": "published"}).content.decode()

    event.refresh_from_db()
    assert event.status == "running"
    assert "Publish with questions open?" in page
    assert "The problems panel still asks 1 question about the results" in page
    director_client.post(url, {"status": "published", "confirm": "on"})
    event.refresh_from_db()
    assert event.status == "published"
