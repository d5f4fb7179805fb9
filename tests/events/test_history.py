"""The audit trail through its services: every change recorded, undone exactly, rankings too."""

import datetime

import pytest
from django.utils import translation

from events.models import Board, Change, Event, Pair, Partnership, Result, TableRound
from events.services.entry import board_meetings, delete_line, save_line
from events.services.history import UndoRefused, recording, undo_change
from events.services.history_text import change_lines, event_history
from events.services.imports import AlreadyImported, import_event, read_result_file
from events.services.rankings import section_ranking
from events.services.rescoring import rescore_event
from events.services.setup import apply_movement, name_pair
from scoring import howell, mitchell, parse_traveller_line
from tests.events.files import read_file

pytestmark = pytest.mark.django_db

TEXTS = ["4S N 10", "4S N 11", "4S N 9", "3NT S 9", "A+ A-", "4S N 10", "5S N 10"]


def ranking(event):
    """Every group's standings as plain values: what players read."""
    return [
        (
            g.title,
            [(s.place, s.pair.number, s.score, s.percentage, s.boards_played) for s in g.standings],
        )
        for section in event.sections.all()
        for g in section_ranking(section=section)
    ]


def board(event, number):
    return Board.objects.select_related("section__event").get(section__event=event, number=number)


def entered(event, boards=(1, 2, 3)):
    """An event with boards 1-3 keyed in, averages among them (Law 12C2(c) by default)."""
    for number in boards:
        for meeting, text in zip(board_meetings(board=board(event, number)), TEXTS, strict=False):
            save_line(
                board=board(event, number),
                line=parse_traveller_line(text),
                ns_pair=meeting.ns,
                ew_pair=meeting.ew,
            )
    return event


def edit(event, line, text):
    """Type `text` over a saved line, as the entry grid's row does."""
    return save_line(
        board=line.board,
        line=parse_traveller_line(text),
        ns_pair=line.ns_pair.number,
        ew_pair=line.ew_pair.number,
        result=line,
    )


def change_of(event, kind, director=None, **work):
    return recording(club=event.club, event=event, user=director, kind=kind, **work)


def test_a_changed_result_undone_gives_the_same_ranking_and_both_steps_in_the_history(
    make_event, director
):
    event = entered(make_event(mitchell(7, 3)))
    before = ranking(event)
    line = Result.objects.get(board__number=2, contract="4S", tricks=11)
    ns, ew = line.ns_pair.number, line.ew_pair.number
    with change_of(event, Change.Kind.RESULT, director) as change:
        edit(event, line, "4S N 9")
    assert ranking(event) != before

    undo = undo_change(change=change, user=director, note="keyed on the wrong row")

    assert ranking(event) == before
    line.refresh_from_db()
    assert (line.contract, line.tricks, line.score_ns) == ("4S", 11, 650)
    history = event_history(event=event)
    assert [(e.change.pk, e.lines) for e in history] == [
        (
            undo.pk,
            [
                f"Undo of change #{change.pk} (Traveller line)",
                f"Board 2, NS {ns} v EW {ew}: 4S N 9 (-100) -> 4S N 11 (+650)",
            ],
        ),
        (change.pk, [f"Board 2, NS {ns} v EW {ew}: 4S N 11 (+650) -> 4S N 9 (-100)"]),
    ]
    assert history[0].change.user == director and history[0].change.note == "keyed on the wrong row"
    assert history[1].undone and not history[0].undone


def test_a_deleted_line_comes_back_with_its_id_and_its_scores(make_event):
    event = entered(make_event(mitchell(7, 3)))
    before = ranking(event)
    line = Result.objects.get(board__number=1, ns_adjustment="A+")
    kept = {f: getattr(line, f) for f in ("pk", "ns_pair_id", "ew_pair_id", "round", "table")}
    with change_of(event, Change.Kind.RESULT) as change:
        delete_line(result=line)
    assert not Result.objects.filter(pk=kept["pk"]).exists()

    undo_change(change=change)

    restored = Result.objects.get(pk=kept["pk"])
    assert {f: getattr(restored, f) for f in kept} == kept
    assert (restored.ns_adjustment, restored.ew_adjustment) == ("A+", "A-")
    assert ranking(event) == before
    assert change_lines(change=change) == [
        f"Board 1, NS {restored.ns_pair.number} v EW {restored.ew_pair.number}: deleted A+ A-"
    ]


def test_a_new_line_undone_is_gone_and_its_pairs_totals_with_it(make_event):
    event = entered(make_event(mitchell(7, 3)), boards=(1,))
    before = ranking(event)
    meeting = board_meetings(board=board(event, 2))[0]
    with change_of(event, Change.Kind.RESULT) as change:
        save_line(
            board=board(event, 2),
            line=parse_traveller_line("3NT S 10 # late play"),
            ns_pair=meeting.ns,
            ew_pair=meeting.ew,
        )
    assert change_lines(change=change) == [
        f"Board 2, NS {meeting.ns} v EW {meeting.ew}: entered 3NT S 10 (+630) # late play"
    ]
    undo_change(change=change)
    assert not Result.objects.filter(board__number=2).exists()
    assert ranking(event) == before


def test_a_settings_change_undone_rescores_the_whole_event_back(make_event, director):
    event = entered(make_event(mitchell(7, 3)))
    before = ranking(event)
    with change_of(event, Change.Kind.SETTINGS, director) as change:
        rescore_event(event=event, scoring="cross-imps", mp_rounding="none")
    assert ranking(event) != before
    assert change_lines(change=change) == ["Scoring: Matchpoints -> Cross-IMPs"]

    undo_change(change=change, user=director)

    event.refresh_from_db()
    assert event.scoring == "mp"
    assert ranking(event) == before
    assert [e.change.kind for e in event_history(event=event)] == ["undo", "settings"]


def test_a_movement_change_undone_puts_back_the_pairs_names_boards_and_table_rounds(make_event):
    event = make_event(mitchell(5, 3))
    section = event.sections.get()
    name_pair(pair=section.pairs.get(number=10), names=["Ann Able", "Bob Baker"])
    name_pair(pair=section.pairs.get(number=1), names=["Cy Cole", "Di Dunn"])
    tables = list(
        TableRound.objects.filter(section=section).values_list(
            "pk", "round", "table", "ns_pair__number", "ew_pair__number", "low_board", "high_board"
        )
    )
    boards = list(
        Board.objects.filter(section=section).values_list("pk", "number", "expected_results")
    )
    pairs = list(
        Pair.objects.filter(section=section).values_list("pk", "number", "direction", "names")
    )
    seats = list(
        Partnership.objects.filter(pair__section=section)
        .order_by("pk")
        .values_list("pk", "pair", "player", "seat")
    )

    with change_of(event, Change.Kind.MOVEMENT) as change:
        apply_movement(section=section, movement=howell(4, 3))
    assert Pair.objects.filter(section=section).count() == 8
    lines = change_lines(change=change)
    # A Howell is one field: the event's two winners become one with it.
    assert lines[:2] == [
        "Winners: Two winners (NS and EW) -> One winner",
        "Movement: 5-table Mitchell -> 4-table Howell",
    ]
    # The section keeps the engine's English name; the history reads it in the reader's words.
    with translation.override("fr"):
        assert change_lines(change=change)[1] == (
            "Mouvement\u00a0: Mitchell 5 tables -> Howell 4 tables"
        )
    assert "Pairs removed: 9, 10; with names: 10 (Ann Able & Bob Baker)" in lines

    undo_change(change=change)

    section.refresh_from_db()
    assert (section.movement, section.tables) == ("5-table Mitchell", 5)
    assert Event.objects.get(pk=event.pk).winners == 2
    assert (
        list(
            TableRound.objects.filter(section=section).values_list(
                "pk",
                "round",
                "table",
                "ns_pair__number",
                "ew_pair__number",
                "low_board",
                "high_board",
            )
        )
        == tables
    )
    assert (
        list(Board.objects.filter(section=section).values_list("pk", "number", "expected_results"))
        == boards
    )
    assert (
        list(Pair.objects.filter(section=section).values_list("pk", "number", "direction", "names"))
        == pairs
    )
    assert (
        list(
            Partnership.objects.filter(pair__section=section)
            .order_by("pk")
            .values_list("pk", "pair", "player", "seat")
        )
        == seats
    )


def test_names_typed_undone_go_back_and_the_guests_made_for_them_go(make_event, club):
    event = make_event(mitchell(3, 2))
    pair = event.sections.get().pairs.get(number=2)
    name_pair(pair=pair, names=["Ann Able", "Bob Baker"])
    with change_of(event, Change.Kind.PAIRS) as change:
        name_pair(pair=pair, names=["Ann Able", "Cy Cole"])
    assert change_lines(change=change) == [
        "Pair 2: Ann Able & Bob Baker -> Ann Able & Cy Cole",
        "New players: Cy Cole",
    ]
    undo_change(change=change)
    pair.refresh_from_db()
    assert pair.names == "Ann Able & Bob Baker"
    assert [p.name for p in pair.players.order_by("partnership__seat")] == ["Ann Able", "Bob Baker"]
    assert sorted(club.players.values_list("name", flat=True)) == ["Ann Able", "Bob Baker"]


def test_undo_is_refused_when_a_later_change_set_the_same_line_again(make_event):
    event = entered(make_event(mitchell(7, 3)), boards=(1,))
    line = Result.objects.get(board__number=1, contract="4S", tricks=11)
    with change_of(event, Change.Kind.RESULT) as first:
        edit(event, line, "4S N 9")
    with change_of(event, Change.Kind.RESULT) as second:
        edit(event, line, "4S N 8")

    with pytest.raises(UndoRefused, match=f"by change #{second.pk}"):
        undo_change(change=first)
    line.refresh_from_db()
    assert line.tricks == 8
    # Named with its time as the reader's language writes it.
    second.created = datetime.datetime(2026, 2, 5, 20, 15, tzinfo=datetime.UTC)
    second.save(update_fields=["created"])
    with translation.override("fr"), pytest.raises(UndoRefused) as refused:
        undo_change(change=first)
    said = str(refused.value)
    assert f"#{second.pk} (" in said and ", 5\u00a0fév. 2026 20:15)" in said
    assert Change.objects.filter(kind="undo").count() == 0
    # Undone in order, newest first, both go back.
    undo_change(change=second)
    undo_change(change=first)
    line.refresh_from_db()
    assert line.tricks == 11


def test_an_undo_can_be_undone_and_a_change_is_undone_once(make_event):
    event = entered(make_event(mitchell(7, 3)), boards=(1,))
    line = Result.objects.get(board__number=1, contract="3NT")
    with change_of(event, Change.Kind.RESULT) as change:
        edit(event, line, "3NT S 8")
    undo = undo_change(change=change)
    with pytest.raises(UndoRefused, match="already undone"):
        undo_change(change=change)
    undo_change(change=undo)
    line.refresh_from_db()
    assert line.tricks == 8


def test_undo_of_a_published_event_waits_for_a_reopening(make_event):
    event = entered(make_event(mitchell(7, 3)), boards=(1,))
    line = Result.objects.get(board__number=1, contract="3NT")
    with change_of(event, Change.Kind.RESULT) as change:
        edit(event, line, "3NT S 8")
    Event.objects.filter(pk=event.pk).update(status="published")
    change.event.refresh_from_db()
    with pytest.raises(UndoRefused, match="reopen it"):
        undo_change(change=change)


def test_a_refused_line_leaves_no_change_behind(make_event):
    event = make_event(mitchell(7, 3))
    with pytest.raises(Exception, match="no pair 99"), change_of(event, Change.Kind.RESULT):
        save_line(board=board(event, 1), line=parse_traveller_line("1 99 4S N 10"))
    assert Change.objects.count() == 0


def test_history_page_data_takes_the_same_queries_whatever_the_changes(
    make_event, django_assert_max_num_queries
):
    event = entered(make_event(mitchell(7, 3)), boards=(1,))
    for tricks in (8, 9, 10, 11, 12):
        line = Result.objects.get(board__number=1, contract="3NT")
        with change_of(event, Change.Kind.RESULT):
            edit(event, line, f"3NT S {tricks}")
    # Changes, undos (two), board and pair numbers (two), each tracked model's rows and the
    # versions before them: never one query a change.
    with django_assert_max_num_queries(1 + 2 + 2 + 8 + 1):
        entries = event_history(event=event)
    assert len(entries) == 5


def test_the_same_file_is_imported_again_only_by_choice(club):
    imported = read_result_file(read_file("ruter_pairs.pbn"))
    first = import_event(imported=imported, club=club, file_hash="ab" * 32)
    with pytest.raises(AlreadyImported) as refused:
        import_event(imported=imported, club=club, file_hash="ab" * 32)
    assert refused.value.earlier == [first]
    assert Event.objects.count() == 1 and Change.objects.filter(kind="import").count() == 1
    import_event(imported=imported, club=club, file_hash="ab" * 32, as_new=True)
    assert Event.objects.count() == 2


def test_a_movement_change_is_not_undone_once_lines_are_entered_on_it(make_event):
    event = make_event(mitchell(5, 3))
    with change_of(event, Change.Kind.MOVEMENT) as change:
        apply_movement(section=event.sections.get(), movement=howell(4, 2))
    entered(event, boards=(1,))
    lines = Result.objects.count()

    with pytest.raises(UndoRefused, match="results are entered on this movement"):
        undo_change(change=change)

    assert Result.objects.count() == lines > 0


def test_a_line_deleted_meanwhile_by_another_director_is_deleted_once(make_event):
    entered(make_event(mitchell(3, 2)), boards=(1,))
    line = Result.objects.first()
    stale = Result.objects.get(pk=line.pk)  # what the other director's page still holds
    delete_line(result=line)

    delete_line(result=stale)

    assert not Result.objects.filter(pk=line.pk).exists()
    assert Pair.objects.get(pk=line.ns_pair_id).boards_played == 0


def test_every_row_an_import_writes_has_its_history_row_in_the_import(club, director):
    event = import_event(
        imported=read_result_file(read_file("ruter_pairs.pbn")), club=club, user=director
    )
    change = Change.objects.get(kind="import", event=event)
    for model, rows in (
        (Pair, Pair.objects.filter(section__event=event)),
        (Board, Board.objects.filter(section__event=event)),
        (Result, Result.objects.filter(board__section__event=event)),
    ):
        added = model.history.filter(change=change, history_type="+").order_by("history_id")
        assert rows.count() > 0
        assert [h.id for h in added] == sorted(r.pk for r in rows)
        if model is Pair:  # named after they are made, in the same change
            continue
        fields = [f.attname for f in model.history.model.tracked_fields]
        for row, recorded in zip(rows.order_by("pk"), added, strict=True):
            assert recorded.history_date is not None
            assert [getattr(recorded, f) for f in fields] == [getattr(row, f) for f in fields]


def test_a_mitchell_numbered_per_direction_names_its_pairs_once_in_the_history(make_event):
    event = make_event(mitchell(7, 3), ew_numbered_on=False, winners=2)
    meeting = board_meetings(board=board(event, 1))[0]
    with change_of(event, Change.Kind.RESULT) as change:
        save_line(
            board=board(event, 1),
            line=parse_traveller_line("4S N 10"),
            ns_pair=meeting.ns,
            ew_pair=meeting.ew,
        )
    assert change_lines(change=change) == ["Board 1, 1 NS v 1 EW: entered 4S N 10 (+420)"]
