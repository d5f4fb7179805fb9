"""Repairs of a running movement: each kind, its refusals, Neuberg's new counts, and undo.

The event is a 7-table Mitchell with a sit-out (pairs 1-13, the phantom 14), 3 boards a round:
in round r the sit-out is at table r-1 (table 7 in round 1), and the board set idle in round r
is 7, 2, 4, 6, 1, 3, 5 for rounds 1-7. Every board is played 6 times.
"""

import datetime
import html

import pytest
from django.urls import reverse

from events.models import Board, Change, Event, Pair, Result, TableRound
from events.services.entry import LineRefused, save_line
from events.services.entry_grid import slip_grid, traveller_grid
from events.services.history import UndoRefused, undo_change
from events.services.history_text import event_history
from events.services.notes import note_text
from events.services.problems import section_problems
from events.services.repairs import (
    RepairRefused,
    directions_swapped,
    late_pair_joins,
    pair_leaves,
    pairs_swapped,
    wrong_boards,
)
from events.services.setup import section_movement
from scoring import howell, mitchell, parse_traveller_line

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event):
    return make_event(mitchell(7, 3, sit_out=True))


def section(event):
    return event.sections.get()


def board(event, number):
    return Board.objects.select_related("section__event").get(section__event=event, number=number)


def seat(event, round_number, table):
    """(NS, EW, low, high) at a table in a round, pair numbers or None."""
    tr = TableRound.objects.get(section__event=event, round=round_number, table=table)
    number = dict(Pair.objects.filter(section__event=event).values_list("pk", "number")).get
    return number(tr.ns_pair_id), number(tr.ew_pair_id), tr.low_board, tr.high_board


def expected(event):
    return dict(
        Board.objects.filter(section__event=event).values_list("number", "expected_results")
    )


def enter(event, number, ns, ew, text="4S N 10"):
    line = save_line(
        board=board(event, number), line=parse_traveller_line(text), ns_pair=ns, ew_pair=ew
    )
    line.refresh_from_db()
    return line


def pair_2_leaves(event):
    """Pair 2 leaves from round 3: tables meet fewer sets, so boards 4-6 at table 4 in round 2
    (or 16-18) leave meetings a repair settles; in the full movement none would (refused)."""
    pair_leaves(section=section(event), pair=2, from_round=3)


def undo_last(event):
    return undo_change(change=Change.objects.filter(event=event, kind="repair").first())


def test_a_late_pair_takes_the_sit_out_from_its_round_on(event):
    repaired = late_pair_joins(section=section(event), from_round=3)

    assert repaired.summary == "Late pair 14 joins from round 3"
    assert repaired.twice == []
    assert Pair.objects.get(section__event=event, number=14).direction == "EW"
    # Rounds 1 and 2 keep their sit-outs; from round 3 the sit-out table plays the idle set.
    assert seat(event, 1, 7) == (7, None, None, None)
    assert seat(event, 2, 1) == (1, None, None, None)
    assert seat(event, 3, 2) == (2, 14, 10, 12)
    assert seat(event, 7, 6) == (6, 14, 13, 15)
    # Sets 7 and 2 were idle in rounds 1 and 2, before the pair came: still 6 plays; others 7.
    assert expected(event) == {n: 6 if n in (4, 5, 6, 19, 20, 21) else 7 for n in range(1, 22)}
    change = Change.objects.get(event=event, kind="repair")
    assert note_text(change.note) == "Late pair 14 joins from round 3"
    # The guard of a movement holds: every pair meets each board once, the cards can print.
    assert section_movement(section=section(event)).pair_guide(14)[0].round == 3


def test_a_late_pair_rescores_the_boards_to_the_new_count(event):
    line = enter(event, 1, 1, 8)  # round 1, table 1
    assert (line.top, line.ns_points) == (10, 5)

    late_pair_joins(section=section(event), from_round=3)

    line.refresh_from_db()
    # Board 1 is now played 7 times: Neuberg, one result of 7, (0 + 1) × 7 / 1 - 1 = 6 of 12.
    assert (line.top, line.ns_points, line.ew_points) == (12, 6, 6)
    late = enter(event, 10, 2, 14)
    assert (late.round, late.table) == (3, 2)


def test_a_late_pair_is_undone_with_its_seats_and_counts(event):
    late_pair_joins(section=section(event), from_round=3)

    undo_last(event)

    assert not Pair.objects.filter(section__event=event, number=14).exists()
    assert seat(event, 3, 2) == (2, None, None, None)
    assert set(expected(event).values()) == {6}


def test_a_late_pair_with_lines_is_not_undone(event):
    late_pair_joins(section=section(event), from_round=3)
    enter(event, 10, 2, 14)

    with pytest.raises(UndoRefused, match="lines are entered for the pair this repair added"):
        undo_last(event)
    assert Pair.objects.filter(section__event=event, number=14).exists()


@pytest.mark.parametrize(
    ("from_round", "message"),
    [
        (8, "there is no round 8: the movement has rounds 1-7"),
        (0, "there is no round 0: the movement has rounds 1-7"),
    ],
)
def test_a_late_pair_from_a_round_that_does_not_exist_is_refused(event, from_round, message):
    with pytest.raises(RepairRefused, match=message):
        late_pair_joins(section=section(event), from_round=from_round)
    assert not Change.objects.filter(kind="repair").exists()


def test_a_late_pair_without_a_sit_out_is_refused(make_event):
    full = make_event(mitchell(7, 3))
    with pytest.raises(RepairRefused, match="no pair sits out in round 3"):
        late_pair_joins(section=section(full), from_round=3)
    assert Pair.objects.filter(section__event=full).count() == 14


def test_a_second_late_pair_finds_no_sit_out(event):
    late_pair_joins(section=section(event), from_round=3)
    with pytest.raises(RepairRefused, match="no pair sits out in round 4"):
        late_pair_joins(section=section(event), from_round=4)


def test_a_published_event_takes_no_repair(event):
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    with pytest.raises(RepairRefused, match="the event is published: reopen it"):
        late_pair_joins(section=section(event), from_round=3)
    assert not Pair.objects.filter(section__event=event, number=14).exists()


def test_a_pair_that_leaves_leaves_its_opponents_sitting_out(event):
    repaired = pair_leaves(section=section(event), pair=5, from_round=4)

    assert repaired.summary == "Pair 5 leaves after round 3"
    assert seat(event, 3, 5)[0] == 5
    assert seat(event, 4, 5)[:3] == (None, seat(event, 4, 5)[1], None)
    # Pair 5 sat out in round 6: nobody is left at table 5 then.
    assert not TableRound.objects.filter(section__event=event, round=6, table=5).exists()
    # Three rounds of pair 5 (4, 5, 7) lose a play each: sets 1, 2 and 4 at table 5.
    plays = expected(event)
    assert sorted(n for n, e in plays.items() if e == 5) == [1, 2, 3, 4, 5, 6, 10, 11, 12]
    guide = section_movement(section=section(event)).pair_guide(5)
    assert [(line.round, line.next) for line in guide][-1] == (3, None)


def test_a_pair_that_leaves_is_undone(event):
    pair_leaves(section=section(event), pair=5, from_round=4)

    undo_last(event)

    assert seat(event, 6, 5) == (5, None, None, None)
    assert seat(event, 4, 5)[0] == 5
    assert set(expected(event).values()) == {6}


def test_a_pair_leaving_in_a_round_it_played_is_refused(event):
    enter(event, 7, 1, 13)  # round 3, table 1

    with pytest.raises(
        RepairRefused,
        match="pair 1 has results in round 3: it played that round, so it leaves from round 4 at",
    ):
        pair_leaves(section=section(event), pair=1, from_round=2)
    assert seat(event, 3, 1)[0] == 1


def test_a_pair_that_played_the_last_round_cannot_leave(event):
    ns, ew, low, _ = seat(event, 7, 1)
    enter(event, low, ns, ew)

    with pytest.raises(RepairRefused) as refused:
        pair_leaves(section=section(event), pair=ns, from_round=5)

    assert str(refused.value) == (
        f"pair {ns} has results in round 7, the last round: no round is left for it to leave "
        "from (delete those lines first if they are wrong)"
    )
    assert seat(event, 5, 1)[0] == ns


def test_a_pair_that_does_not_exist_cannot_leave(event):
    with pytest.raises(RepairRefused, match="there is no pair 30 in this event"):
        pair_leaves(section=section(event), pair=30, from_round=4)


def test_wrong_boards_move_a_play_from_one_set_to_another(event):
    pair_2_leaves(event)
    assert seat(event, 2, 4) == (4, 10, 13, 15)

    repaired = wrong_boards(section=section(event), round=2, table=4, low=4, high=6)

    assert repaired.summary == "Round 2, table 4 played boards 4-6, not 13-15"
    assert seat(event, 2, 4) == (4, 10, 4, 6)
    plays = expected(event)
    assert [plays[n] for n in (4, 13, 1)] == [7, 4, 5]
    # Pairs 4 and 10 still meet boards 4-6 in a later round: left for the director to settle.
    assert repaired.twice == [
        "Pair 4 meets boards 4-6 twice: round 2 at table 4 and round 6 at table 4; settle it "
        'with the repair "A table played the wrong boards": round 6, table 4, boards 13-15',
        "Pair 10 meets boards 4-6 twice: round 2 at table 4 and round 4 at table 6; settle it "
        'with the repair "A table played the wrong boards": round 4, table 6, boards 13-15',
    ]


def test_wrong_boards_leaving_a_table_no_set_fits_are_refused(event):
    # In the full movement pair 4's opponent in round 6 meets boards 13-15 elsewhere: no set
    # is left for table 4 there, as the problems panel would say; refused before it is made.
    with pytest.raises(
        RepairRefused,
        match=r"^pair 4 would meet boards 4-6 twice \(round 2 at table 4 and round 6 at table 4\)",
    ):
        wrong_boards(section=section(event), round=2, table=4, low=4, high=6)
    assert seat(event, 2, 4) == (4, 10, 13, 15)


def test_wrong_boards_recheck_the_lines_already_saved(event):
    pair_2_leaves(event)
    line = enter(event, 13, 4, 10)
    wrong_boards(section=section(event), round=2, table=4, low=4, high=6)

    # The line stays; the problems panel calls it an error, and once round 2 is due it asks for
    # the boards the table did play.
    assert Result.objects.get().pk == line.pk
    problems = section_problems(section=section(event))
    assert [(p.kind, p.board) for p in problems if p.result_id == line.pk] == [("unscheduled", 13)]
    event.start_time, event.round_minutes = datetime.time(19, 0), 20
    event.save()
    after_round_2 = datetime.datetime.combine(
        event.date, datetime.time(19, 41), tzinfo=datetime.UTC
    )
    problems = section_problems(section=section(event), now=after_round_2)
    [table_4] = [p for p in problems if p.kind == "missing" and (p.round, p.table) == (2, 4)]
    assert "boards 4, 5, 6 missing" in table_4.message


def test_wrong_boards_are_undone(event):
    pair_2_leaves(event)
    before = expected(event)
    wrong_boards(section=section(event), round=2, table=4, low=4, high=6)

    undo_last(event)

    assert seat(event, 2, 4) == (4, 10, 13, 15)
    assert expected(event) == before


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ((2, 9, 4, 6), "there is no table 9 in round 2: the tables are 1-7"),
        ((9, 4, 4, 6), "there is no round 9: the movement has rounds 1-7"),
        ((2, 1, 4, 6), "a pair sits out at table 1 in round 2: no boards are played there"),
        ((2, 4, 40, 42), "there are no boards 40-42 in this event: its boards are 1-21"),
        ((2, 4, 5, 7), "boards 5-7 are not one round's set: each round is 3 boards, e.g. 4-6"),
        ((2, 4, 13, 15), "table 4 already plays boards 13-15 in round 2"),
        ((3, 4, 13, 15), "pair 4 played boards 13-15 in round 2 already: a pair plays a board"),
    ],
)
def test_wrong_boards_refusals(event, where, message):
    round_number, table, low, high = where
    with pytest.raises(RepairRefused, match=message):
        wrong_boards(section=section(event), round=round_number, table=table, low=low, high=high)
    assert set(expected(event).values()) == {6}


def test_wrong_boards_a_pair_has_a_line_on_are_refused(event):
    enter(event, 7, 1, 13)  # round 3, table 1
    with pytest.raises(RepairRefused, match="pair 1 already has a line on board 7: a pair plays"):
        wrong_boards(section=section(event), round=1, table=1, low=7, high=9)


def test_directions_swapped_at_a_table_make_the_line_fit(event):
    enter(event, 1, 8, 1)  # entered as played: 8 North-South

    def on_board_1():
        return [p for p in section_problems(section=section(event)) if p.board == 1]

    assert on_board_1()  # the direction swap

    repaired = directions_swapped(section=section(event), round=1, table=1)

    assert repaired.summary == "Round 1, table 1: pair 8 sat NS, pair 1 EW"
    assert seat(event, 1, 1) == (8, 1, 1, 3)
    assert on_board_1() == []
    undo_last(event)
    assert seat(event, 1, 1) == (1, 8, 1, 3)


def test_directions_swapped_at_a_sit_out_is_refused(event):
    with pytest.raises(RepairRefused, match="a pair sits out at table 7 in round 1"):
        directions_swapped(section=section(event), round=1, table=7)


def test_two_pairs_swap_places_for_the_rest_of_the_session(event):
    repaired = pairs_swapped(section=section(event), first=1, second=2, from_round=7)

    assert repaired.summary == "Pairs 1 and 2 swap places from round 7"
    assert seat(event, 6, 1)[0] == 1
    assert seat(event, 7, 1)[0] == 2
    assert seat(event, 7, 2) == (1, 10, 1, 3)
    # They sit there already: the round to settle is listed, with why no other boards fit.
    assert repaired.twice == [
        "Pair 1 meets boards 1-3 twice: round 1 at table 1 and round 7 at table 2; no set of "
        "boards is left that neither pair at table 2 meets in another round: that table can "
        "play no board in round 7",
        "Pair 2 meets boards 19-21 twice: round 6 at table 2 and round 7 at table 1; no set of "
        "boards is left that neither pair at table 1 meets in another round: that table can "
        "play no board in round 7",
    ]
    assert set(expected(event).values()) == {6}
    undo_last(event)
    assert seat(event, 7, 1)[0] == 1


def test_pairs_swapped_that_would_meet_boards_again_later_are_refused(event):
    with pytest.raises(
        RepairRefused,
        match=r"^pair 1 would meet boards 1-3 again in round 7 at table 2 \(it plays them in "
        r"round 1 at table 1\): a pair plays a board once, so they cannot keep each other's "
        "places for the rest of the session: seat them back in their own places before then$",
    ):
        pairs_swapped(section=section(event), first=1, second=2, from_round=3)
    assert seat(event, 3, 1)[0] == 1
    assert not Change.objects.filter(kind="repair").exists()


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        ((1, 1), "pair 1 cannot swap places with itself"),
        ((1, 8), "pairs 1 and 8 play in different directions and the event has NS and EW"),
        ((1, 30), "there is no pair 30 in this event"),
    ],
)
def test_pairs_swapped_refusals(event, pairs, message):
    with pytest.raises(RepairRefused, match=message):
        pairs_swapped(section=section(event), first=pairs[0], second=pairs[1], from_round=3)


def test_pairs_swapped_in_a_round_they_played_is_refused(event):
    enter(event, 4, 2, 9)  # round 1, table 2
    with pytest.raises(
        RepairRefused,
        match="have results in round 1 as the movement seated them: swap them from round 2",
    ):
        pairs_swapped(section=section(event), first=1, second=2, from_round=1)


def test_a_named_late_pair_is_undone_with_its_guests(event):
    late_pair_joins(section=section(event), from_round=3, names=["Lena Late", "Tom Tardy"])
    assert Pair.objects.get(section__event=event, number=14).names == "Lena Late & Tom Tardy"

    undo_last(event)

    assert not Pair.objects.filter(section__event=event, number=14).exists()
    assert not event.club.players.filter(name="Lena Late").exists()


def test_a_repair_is_described_in_the_history(event):
    late_pair_joins(section=section(event), from_round=3)

    entry = event_history(event=event)[0]
    assert (entry.change.get_kind_display(), note_text(entry.change.note)) == (
        "Movement repair",
        "Late pair 14 joins from round 3",
    )
    assert entry.lines == ["1 pair added", "5 table-rounds removed", "5 table-rounds added"]
    assert entry.undoable


@pytest.mark.parametrize("text", ["A A", "NP", "4S N 10"])
def test_a_round_left_to_settle_is_refused_by_the_grid_naming_the_repair(event, text):
    pair_2_leaves(event)
    wrong_boards(section=section(event), round=2, table=4, low=4, high=6)
    enter(event, 4, 4, 10)  # round 2, table 4: pair 10 plays board 4 here
    ns, ew, low, _ = seat(event, 4, 6)
    assert (ew, low) == (10, 4)  # ... and the movement brings it back in round 4

    with pytest.raises(LineRefused) as refused:
        enter(event, 4, ns, ew, text)

    assert str(refused.value) == (
        "board 4 is already entered for 4 v 10 in round 2, and the repaired movement brings "
        "pair 10 back to it in round 4 at table 6: a pair plays a board once, so settle it with "
        'the repair "A table played the wrong boards": round 4, table 6, boards 13-15'
    )


def test_wrong_boards_move_the_lines_already_entered_with_them(event):
    pair_2_leaves(event)
    for number in (13, 14, 15):
        enter(event, number, 4, 10, "4S N 10")
    assert [r.score_ns for r in Result.objects.order_by("board__number")] == [620, 420, 620]

    repaired = wrong_boards(
        section=section(event), round=2, table=4, low=4, high=6, move_lines=True
    )

    assert (
        repaired.summary == "Round 2, table 4 played boards 4-6, not 13-15; 3 lines moved with it"
    )
    moved = Result.objects.order_by("board__number")
    # Board by board in order, scored on the new boards' vulnerability (6 is EW vulnerable).
    assert [(r.board.number, r.score_ns) for r in moved] == [(4, 620), (5, 620), (6, 420)]
    assert [p for p in section_problems(section=section(event)) if p.result_id] == []
    # Scored among the 7 plays boards 4-6 now have (a top of 12), not the 4 left on 13-15.
    assert [(r.ns_points, r.top) for r in moved] == [(6.0, 12.0)] * 3
    undo_last(event)
    restored = Result.objects.order_by("board__number")
    assert [(r.board.number, r.score_ns) for r in restored] == [(13, 620), (14, 420), (15, 620)]
    assert seat(event, 2, 4) == (4, 10, 13, 15)


def test_wrong_boards_do_not_move_lines_onto_a_board_the_pair_has_a_line_on(event):
    enter(event, 13, 4, 10)
    later = TableRound.objects.get(section__event=event, ns_pair__number=4, low_board=16)
    enter(event, 16, 4, later.ew_pair.number)  # pair 4 meets boards 16-18 in a later round

    with pytest.raises(RepairRefused, match=r"^pair 4 already has a line on board 16: a pair"):
        wrong_boards(section=section(event), round=2, table=4, low=16, high=18, move_lines=True)
    assert Result.objects.get(ns_pair__number=4, ew_pair__number=10).board.number == 13


def test_the_problems_panel_says_a_round_left_to_settle_takes_no_line(event):
    pair_2_leaves(event)
    wrong_boards(section=section(event), round=2, table=4, low=4, high=6)
    ns, ew, low, _ = seat(event, 5, 1)
    enter(event, low, ns, ew)  # round 5 has begun: round 4 is due

    problems = section_problems(section=section(event))

    [table_6] = [p for p in problems if p.kind == "missing" and (p.round, p.table) == (4, 6)]
    assert table_6.message.endswith(
        "boards 4, 5, 6 missing. Pair 10 plays these boards in round 2 too: no line can be "
        'entered here until the table is given other boards with the repair "A table played the '
        'wrong boards".'
    )


def test_a_mitchell_numbered_per_direction_names_its_pairs_by_label_in_repairs(make_event):
    labelled = make_event(mitchell(7, 3, sit_out=True), ew_numbered_on=False)
    pair_leaves(section=section(labelled), pair="2 NS", from_round=3)

    repaired = wrong_boards(section=section(labelled), round=2, table=4, low=4, high=6)
    ns, ew, low, _ = seat(labelled, 5, 1)
    enter(labelled, low, ns, ew)  # round 5 has begun: round 4 is due

    assert [twice.split(" twice")[0] for twice in repaired.twice] == [
        "Pair 4 NS meets boards 4-6",
        "Pair 3 EW meets boards 4-6",
    ]
    [table_6] = [
        p
        for p in section_problems(section=section(labelled))
        if p.kind == "missing" and (p.round, p.table) == (4, 6)
    ]
    assert "Pair 3 EW plays these boards in round 2 too" in table_6.message
    with pytest.raises(RepairRefused, match=rf"^pair {ew - 7} EW has results in round 5: it"):
        pair_leaves(section=section(labelled), pair=ew, from_round=4)


def test_wrong_boards_that_no_repair_could_settle_are_refused_up_front(make_event):
    # A 3-table Mitchell plays every set at every table: after boards 3-4 at table 1 in round 1,
    # whatever the tables of rounds 2 and 3 are given, some pair meets a set twice.
    full = make_event(mitchell(3, 2))
    before = list(TableRound.objects.values_list("round", "table", "low_board"))

    with pytest.raises(RepairRefused) as refused:
        wrong_boards(section=section(full), round=1, table=1, low=3, high=4)

    assert str(refused.value) == (
        "pair 1 would meet boards 3-4 twice (round 1 at table 1 and round 2 at table 1), and no "
        "boards given to the tables still to play could settle it: the table cards could not "
        "be printed again. If the table did play boards 3-4, leave the movement as it is and "
        "give the lines on them artificial scores"
    )
    assert list(TableRound.objects.values_list("round", "table", "low_board")) == before
    assert not Change.objects.filter(kind="repair").exists()


def test_a_round_left_to_settle_is_named_in_the_problems_panel_and_on_the_grid(
    make_event, director_client
):
    # A 4½-table Howell, round 1 entered, a late pair seated, then a table of round 1 found to
    # have played boards 16-18, its lines moved with it: pair 4 meets 16-18 again in round 4.
    howell_event = make_event(howell(5, 3, sit_out=True))
    for tr in TableRound.objects.filter(section__event=howell_event, round=1).exclude(
        low_board=None
    ):
        for number in range(tr.low_board, tr.high_board + 1):
            enter(howell_event, number, tr.ns_pair.number, tr.ew_pair.number)
    late_pair_joins(section=section(howell_event), from_round=8)
    wrong_boards(section=section(howell_event), round=1, table=5, low=16, high=18, move_lines=True)
    settle = (
        "Pair 4 meets boards 16-18 twice: round 1 at table 5 and round 4 at table 2; settle it "
        'with the repair "A table played the wrong boards": round 4, table 2, boards 7-9'
    )

    problems = section_problems(section=section(howell_event))

    assert [(p.kind, p.message, p.round, p.table) for p in problems] == [
        ("settle", settle, 4, 2),
        ("later", "Rounds 2–9: 102 results still to come.", None, None),
    ]
    slip = TableRound.objects.select_related("section__event", "ns_pair", "ew_pair")
    assert slip_grid(
        table_round=slip.get(section__event=howell_event, round=4, table=2)
    ).to_settle == [settle]
    assert (
        slip_grid(table_round=slip.get(section__event=howell_event, round=4, table=3)).to_settle
        == []
    )
    assert traveller_grid(board=board(howell_event, 17)).to_settle == [settle]
    assert traveller_grid(board=board(howell_event, 8)).to_settle == []
    for page in (
        reverse("director-event", args=[howell_event.pk]),
        reverse("director-slip", args=[howell_event.pk, 4, 2]),
        reverse("director-board", args=[howell_event.pk, 16]),
    ):
        assert html.escape(settle) in director_client.get(page).content.decode()


def test_wrong_boards_only_a_joint_reassignment_could_settle_are_refused(make_event):
    # A 4½-table Howell, round 1 entered, a late pair seated from round 3: boards 13-15 at table
    # 2 in round 1 would bring pair 1 back to them in round 3 and pair 8 in round 6, and neither
    # table has a set its pairs meet nowhere else: no repair the problems panel could name
    # settles it, so the table cards could never print again.
    howell_event = make_event(howell(5, 3, sit_out=True))
    for tr in TableRound.objects.filter(section__event=howell_event, round=1).exclude(
        low_board=None
    ):
        for number in range(tr.low_board, tr.high_board + 1):
            enter(howell_event, number, tr.ns_pair.number, tr.ew_pair.number)
    late_pair_joins(section=section(howell_event), from_round=3)
    before = list(TableRound.objects.values_list("round", "table", "low_board"))

    with pytest.raises(RepairRefused, match=r"^pair 1 would meet boards 13-15 twice \(round 1"):
        wrong_boards(
            section=section(howell_event), round=1, table=2, low=13, high=15, move_lines=True
        )

    assert list(TableRound.objects.values_list("round", "table", "low_board")) == before
    assert Change.objects.filter(kind="repair").count() == 1  # the late pair's only
    assert section_problems(section=section(howell_event))[0].kind == "later"


def test_pairs_swapped_with_results_in_the_last_round_have_no_round_left(make_event):
    five = make_event(mitchell(5, 3))
    last = TableRound.objects.get(section__event=five, round=5, table=1)
    enter(five, last.low_board, last.ns_pair.number, last.ew_pair.number)

    with pytest.raises(RepairRefused) as refused:
        pairs_swapped(section=section(five), first=last.ns_pair.number, second=2, from_round=4)

    assert str(refused.value) == (
        f"pairs {last.ns_pair.name} and 2 have results in round 5, the last round: no round is "
        "left for them to swap places from (delete those lines first if they are wrong)"
    )
