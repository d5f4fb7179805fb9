"""Saving traveller lines through the service: checks against the movement, scoring on save."""

import pytest
from django.utils import timezone

from events.models import Board, Event, Pair, Result
from events.services.entry import LineRefused, board_meetings, delete_line, save_line
from events.services.explanations import explain_score
from scoring import mitchell, parse_traveller_line

pytestmark = pytest.mark.django_db


def board(event, number):
    return Board.objects.select_related("section__event").get(section__event=event, number=number)


def save(event, number, text, ns=None, ew=None, result=None):
    return save_line(
        board=board(event, number),
        line=parse_traveller_line(text),
        ns_pair=ns,
        ew_pair=ew,
        result=result,
    )


def test_movement_meetings_of_a_board(make_event):
    event = make_event(mitchell(7, 3))
    meetings = board_meetings(board=board(event, 1))
    # 7-table Mitchell: boards move down, EW pairs (8-14) move up; set 1 visits every table.
    assert len(meetings) == 7
    assert {m.ns for m in meetings} == set(range(1, 8))
    assert {m.ew for m in meetings} == set(range(8, 15))


def test_saved_line_is_scored_with_the_boards_vulnerability(make_event):
    event = make_event(mitchell(7, 3))
    meeting = board_meetings(board=board(event, 2))[0]  # board 2: NS vulnerable
    result = save(event, 2, "4S N 10", meeting.ns, meeting.ew)
    result.refresh_from_db()
    assert (result.contract, result.declarer, result.tricks, result.score_ns) == (
        "4S",
        "N",
        10,
        620,
    )
    assert (result.round, result.table) == (meeting.round, meeting.table)
    # One result on a board expected 7 times: Neuberg gives it the average.
    assert result.ns_points == pytest.approx(6.0)
    assert result.ew_points == pytest.approx(6.0)


def test_matchpoints_and_pair_totals_follow_each_save(make_event):
    event = make_event(mitchell(7, 3))
    meetings = board_meetings(board=board(event, 1))
    for meeting, text in zip(
        meetings,
        ["4S N 10", "4S N 11", "4S N 9", "3NT S 9", "4S N 10", "5S N 10", "4SX N 10"],
        strict=True,
    ):
        save(event, 1, text, meeting.ns, meeting.ew)
    lines = {r.ns_pair.number: r for r in Result.objects.filter(board__number=1)}
    by_score = sorted(lines.values(), key=lambda r: -r.score_ns)
    assert [r.score_ns for r in by_score] == [590, 450, 420, 420, 400, -50, -50]
    assert [r.ns_points for r in by_score] == [12, 10, 7, 7, 4, 1, 1]
    assert all(r.ns_points + r.ew_points == 12 for r in by_score)
    top_pair = Pair.objects.get(pk=by_score[0].ns_pair_id)
    assert (top_pair.score, top_pair.top_total, top_pair.boards_played) == (12, 12, 1)
    assert top_pair.percentage == 100


def test_pairs_that_do_not_meet_on_the_board_are_refused(make_event):
    event = make_event(mitchell(7, 3))
    meeting = board_meetings(board=board(event, 1))[0]
    other_ew = 8 if meeting.ew != 8 else 9
    with pytest.raises(LineRefused) as refused:
        save(event, 1, f"{meeting.ns} {other_ew} 4S N 10")
    assert str(refused.value) == (
        f"pairs {meeting.ns} and {other_ew} do not play board 1 against each other in this "
        "movement: check the pair numbers"
    )
    assert not Result.objects.exists()


def test_a_pair_number_outside_the_movement_is_refused(make_event):
    event = make_event(mitchell(7, 3))
    with pytest.raises(LineRefused, match="there is no pair 15 in this event"):
        save(event, 1, "1 15 4S N 10")


def test_a_board_entered_twice_is_refused_and_the_first_line_kept(make_event):
    event = make_event(mitchell(7, 3))
    meeting = board_meetings(board=board(event, 1))[0]
    save(event, 1, "4S N 10", meeting.ns, meeting.ew)
    with pytest.raises(LineRefused) as refused:
        save(event, 1, "3NT S 9", meeting.ns, meeting.ew)
    assert str(refused.value) == (
        f"board 1 is already entered for {meeting.ns} v {meeting.ew}: "
        "edit or delete that line instead"
    )
    assert list(Result.objects.values_list("contract", flat=True)) == ["4S"]


def test_swapped_directions_are_accepted_and_scored_as_seated(make_event):
    event = make_event(mitchell(7, 3))
    meeting = board_meetings(board=board(event, 1))[0]
    result = save(event, 1, f"{meeting.ew} {meeting.ns} 4S N 10")
    assert (result.ns_pair.number, result.ew_pair.number) == (meeting.ew, meeting.ns)
    assert result.score_ns == 420


def test_editing_and_deleting_rescore_the_board(make_event):
    event = make_event(mitchell(7, 3))
    first, second = board_meetings(board=board(event, 1))[:2]
    a = save(event, 1, "4S N 10", first.ns, first.ew)
    save(event, 1, "4S N 11", second.ns, second.ew)
    save(event, 1, "4S N 12", first.ns, first.ew, result=a)
    a.refresh_from_db()
    assert (a.score_ns, a.tricks) == (480, 12)
    b = Result.objects.get(ns_pair__number=second.ns)
    assert b.ns_points < a.ns_points
    delete_line(result=a)
    b.refresh_from_db()
    assert b.ns_points == pytest.approx(6.0)
    assert Pair.objects.get(number=first.ns).boards_played == 0


def test_adjusted_scores_get_sixty_and_forty_percent(make_event):
    event = make_event(mitchell(7, 3))
    meeting = board_meetings(board=board(event, 1))[0]
    result = save(event, 1, "A+ A-", meeting.ns, meeting.ew)
    result.refresh_from_db()
    assert (result.ns_points, result.ew_points) == (pytest.approx(7.2), pytest.approx(4.8))
    assert result.score_ns is None and result.ns_adjustment == "A+"


def test_not_played_counts_for_nobody(make_event):
    event = make_event(mitchell(7, 3))
    meeting = board_meetings(board=board(event, 1))[0]
    save(event, 1, "NP", meeting.ns, meeting.ew)
    assert Pair.objects.get(number=meeting.ns).boards_played == 0


def saving_queries(event, django_assert_num_queries, count):
    meeting = board_meetings(board=board(event, 1))[0]
    target = board(event, 1)
    with django_assert_num_queries(count):
        save_line(
            board=target,
            line=parse_traveller_line("4S N 10"),
            ns_pair=meeting.ns,
            ew_pair=meeting.ew,
        )


# The pairs, the board's lock, the event's status read under it, the board's lines (the line
# edited, the duplicate check and the rescore read them once), the movement, the insert and its
# history row, the points' update, the pairs' locks (taken late: scoring.lock_board), the totals
# (both directions in one query, averages plus and minus), their update, the pages' version; the
# savepoint the test's transaction adds, and its release.
SAVE_QUERIES = 14


@pytest.mark.parametrize("tables", [3, 100])
def test_saving_one_line_takes_the_same_queries_whatever_the_size(
    make_event, django_assert_num_queries, tables
):
    event = make_event(mitchell(tables, 2, rounds=3, variant="skip" if tables % 2 == 0 else None))
    # Fill the board around the new line so its traveller has real work to do.
    for meeting in board_meetings(board=board(event, 1))[1:]:
        save(event, 1, "3NT S 9", meeting.ns, meeting.ew)
    saving_queries(event, django_assert_num_queries, SAVE_QUERIES)


@pytest.mark.parametrize("scoring", ["butler", "cross-imps"])
def test_imp_board_with_only_adjusted_or_unplayed_lines(make_event, scoring):
    event = make_event(mitchell(3, 2), scoring=scoring)
    first, second = board_meetings(board=board(event, 1))[:2]
    save(event, 1, "A+ A-", first.ns, first.ew)
    save(event, 1, "NP", second.ns, second.ew)
    adjusted = Result.objects.get(ns_adjustment="A+")
    assert (adjusted.ns_points, adjusted.ew_points) == (3, -3)


def test_butler_scores_against_the_datum(make_event):
    event = make_event(mitchell(3, 2), scoring="butler")
    for meeting, text in zip(
        board_meetings(board=board(event, 1)), ["4S N 10", "4S N 11", "4S N 9"], strict=True
    ):
        save(event, 1, text, meeting.ns, meeting.ew)
    # Three scores: drop the top and the bottom, the datum is the middle one, 420.
    points = {r.score_ns: (r.ns_points, r.ew_points) for r in Result.objects.all()}
    assert points == {420: (0, 0), 450: (1, -1), -50: (-10, 10)}


def test_split_score_scores_each_side_on_its_own_score(make_event):
    event = make_event(mitchell(3, 2))
    first, second, third = board_meetings(board=board(event, 1))
    save(event, 1, "4S N 10", first.ns, first.ew)
    save(event, 1, "4S N 9", second.ns, second.ew)
    split = save(event, 1, "+420 / -50 # director's ruling", third.ns, third.ew)
    split.refresh_from_db()
    # NS is scored as +420 (ties the +420: 3 of 4), EW as if NS scored -50 (ties: 1 of 4 for NS,
    # so 3 for EW): the two sides need not add up to the top.
    assert (split.score_ns, split.score_ew, split.note) == (420, -50, "director's ruling")
    assert (split.ns_points, split.ew_points) == (3, 3)


def test_law_12c2c_average_plus_follows_a_better_session(make_event):
    event = make_event(mitchell(3, 2))  # "session" is the default rule
    b1 = board_meetings(board=board(event, 1))
    ns_pair, ew_pair = b1[0].ns, b1[0].ew
    adjusted = save(event, 1, "A+ A-", ns_pair, ew_pair)
    adjusted.refresh_from_db()
    assert (adjusted.ns_points, adjusted.ew_points) == (pytest.approx(2.4), pytest.approx(1.6))
    # Board 3 (the next set): the NS pair shares the top, the EW pair shares the bottom.
    b2 = {m.ns: m for m in board_meetings(board=board(event, 3))}
    ew_on_2 = next(m for m in b2.values() if m.ew == ew_pair)
    others = [m for m in b2.values() if m not in (b2[ns_pair], ew_on_2)]
    save(event, 3, "4S N 12", b2[ns_pair].ns, b2[ns_pair].ew)
    save(event, 3, "4S N 12", ew_on_2.ns, ew_on_2.ew)
    for m in others:
        save(event, 3, "4S N 10", m.ns, m.ew)
    adjusted.refresh_from_db()
    ns_pct = Pair.objects.get(section__event=event, number=ns_pair)
    # NS played one board at 75% (a shared top): its A+ is 75% of 4, not 60%.
    assert adjusted.ns_points == pytest.approx(3.0)
    # EW played one board at 25%: its A- is 25% of 4, not 40%.
    assert adjusted.ew_points == pytest.approx(1.0)
    assert ns_pct.score == pytest.approx(3.0 + 3.0)


@pytest.mark.parametrize(
    ("basis", "average_plus"),
    [
        # The pair's top on a board played twice of three, Neuberg-factored: (2 + 1) * 3/2 - 1
        # = 3.5 of 4, 87.5%.
        pytest.param("scored", 3.5, id="scored"),
        # The same top on the board's own two results: 2 of 2, 100%.
        pytest.param("unfactored", 4.0, id="unfactored"),
    ],
)
def test_law_12c2c_average_plus_follows_the_session_on_the_events_percentage_basis(
    make_event, basis, average_plus
):
    event = make_event(mitchell(3, 2), percentage_basis=basis)
    b1 = board_meetings(board=board(event, 1))
    ns_pair = b1[0].ns
    adjusted = save(event, 1, "A+ A-", ns_pair, b1[0].ew)
    # Board 3 played twice, not three times: the NS pair takes its top.
    b3 = {m.ns: m for m in board_meetings(board=board(event, 3))}
    other = next(m for m in b3.values() if m.ns != ns_pair)
    save(event, 3, "4S N 12", ns_pair, b3[ns_pair].ew)
    save(event, 3, "4S N 10", other.ns, other.ew)

    adjusted.refresh_from_db()
    pair = Pair.objects.get(section__event=event, number=ns_pair)

    assert adjusted.ns_points == pytest.approx(average_plus)
    assert pair.score == pytest.approx(3.5 + average_plus)
    # "Explain this score" arrives at the same average plus.
    assert explain_score(board=board(event, 1), pair=pair).final == pytest.approx(average_plus)


def test_fixed_averages_stay_sixty_and_forty(make_event):
    event = make_event(mitchell(3, 2), adjusted_scores="fixed")
    b1 = board_meetings(board=board(event, 1))
    adjusted = save(event, 1, "A+ A-", b1[0].ns, b1[0].ew)
    b3 = {m.ns: m for m in board_meetings(board=board(event, 3))}
    save(event, 3, "4S N 12", b3[b1[0].ns].ns, b3[b1[0].ns].ew)
    adjusted.refresh_from_db()
    assert (adjusted.ns_points, adjusted.ew_points) == (pytest.approx(2.4), pytest.approx(1.6))


def test_a_published_event_takes_no_line_until_reopened_whatever_the_page_showed(make_event):
    event = make_event(mitchell(3, 2))
    meeting = board_meetings(board=board(event, 1))[0]
    saved = save(event, 1, "4S N 10", meeting.ns, meeting.ew)
    # Published by another director after this director's page was drawn.
    Event.objects.filter(pk=event.pk).update(status="published")

    with pytest.raises(LineRefused, match="reopen it, with a reason"):
        save(event, 1, "4S N 9", meeting.ns, meeting.ew, result=saved)
    with pytest.raises(LineRefused, match="reopen it, with a reason"):
        delete_line(result=saved)

    saved.refresh_from_db()
    assert saved.tricks == 10
    Event.objects.filter(pk=event.pk).update(reopened_on=timezone.now())
    assert save(event, 1, "4S N 9", meeting.ns, meeting.ew, result=saved).tricks == 9


def test_a_mitchell_line_names_its_pairs_per_direction(make_event):
    """`3 5 4S N 10` in a Mitchell numbered per direction is 3 NS v 5 EW (pair 3 v pair 12)."""
    event = make_event(mitchell(7, 3), ew_numbered_on=False)
    meeting = next(m for m in board_meetings(board=board(event, 1)) if m.ns == 3)
    ew_label = Pair.objects.get(section__event=event, number=meeting.ew).label
    typed = ew_label.split()[0]
    result = save(event, 1, f"3 {typed} 4S N 10")
    assert (result.ns_pair.label, result.ew_pair.label) == ("3 NS", ew_label)
    assert result.ew_pair.number == meeting.ew
    assert ew_label == f"{meeting.ew - 7} EW"


def test_a_mitchell_line_with_an_unknown_ew_number_is_refused(make_event):
    event = make_event(mitchell(7, 3), ew_numbered_on=False)
    with pytest.raises(LineRefused, match="there is no pair 8 EW in this event"):
        save(event, 1, "3 8 4S N 10")
    assert not Result.objects.exists()


def test_a_mitchell_numbered_on_reads_ew_numbers_as_before(make_event):
    event = make_event(mitchell(7, 3), ew_numbered_on=True)
    meeting = next(m for m in board_meetings(board=board(event, 1)) if m.ns == 3)
    result = save(event, 1, f"3 {meeting.ew} 4S N 10")
    assert (result.ns_pair.label, result.ew_pair.label) == ("3", str(meeting.ew))
