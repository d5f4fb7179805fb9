"""Our own files read back: PBN keeps the notes, the movement, the reveal rule and the status;
USEBIO keeps the reveal rule and the status (it has no place for the rest)."""

import pytest

from events.formats import FORMATS, json_export, pbn
from events.formats.imported import FileRefused
from events.models import Board, Event, Result, TableRound
from events.services.demo import load_demo
from events.services.entry import board_meetings, save_line
from events.services.exports import export_file, pairs_file
from events.services.imports import import_event, read_result_file
from scoring import howell, mitchell, parse_traveller_line

pytestmark = pytest.mark.django_db


def _table_rounds(event) -> list[tuple]:
    return list(
        TableRound.objects.filter(section__event=event).values_list(
            "round", "table", "ns_pair__number", "ew_pair__number", "low_board", "high_board"
        )
    )


def test_a_running_howell_with_notes_comes_back_from_its_pbn_file(make_event, club):
    event = make_event(howell(4, 2), reveal="round", status="running", winners=1)
    lines = iter(["4S N 10 # claim accepted", "3NT S 9", "A+ A- # slow play", "2H N 8"])
    for board in Board.objects.filter(section__event=event, number__lte=2).select_related(
        "section__event"
    ):
        for meeting in board_meetings(board=board)[:2]:
            save_line(
                board=board,
                line=parse_traveller_line(next(lines)),
                ns_pair=meeting.ns,
                ew_pair=meeting.ew,
            )
    before = json_export.event_results(pairs_file(event=event))

    copy = import_event(
        imported=FORMATS["pbn"].parse_file(export_file(event=event, format_key="pbn")),
        club=club,
    )

    assert (copy.reveal, copy.status, copy.winners) == ("round", "running", 1)
    section, original = copy.sections.get(), event.sections.get()
    assert (section.movement, section.tables, section.rounds, section.boards_per_round) == (
        original.movement,
        original.tables,
        original.rounds,
        original.boards_per_round,
    )
    assert _table_rounds(copy) == _table_rounds(event)
    assert list(
        Result.objects.filter(board__section=section)
        .exclude(note="")
        .values_list("board__number", "note")
    ) == [(1, "claim accepted"), (2, "slow play")]
    assert list(Board.objects.filter(section=section).values_list("expected_results")) == list(
        Board.objects.filter(section=original).values_list("expected_results")
    )
    after = json_export.event_results(pairs_file(event=copy))
    assert after["ranking"] == before["ranking"] and after["boards"] == before["boards"]


def test_a_note_with_a_newline_is_written_on_one_line(make_event):
    event = make_event(howell(4, 2))
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meeting = board_meetings(board=board)[0]
    result = save_line(
        board=board, line=parse_traveller_line("4S N 10"), ns_pair=meeting.ns, ew_pair=meeting.ew
    )
    Result.objects.filter(pk=result.pk).update(note="first\nsecond")

    imported = pbn.parse_file(export_file(event=event, format_key="pbn"))

    (line,) = [line for b in imported.boards for line in b.lines]
    assert line.note == "first second"


@pytest.mark.parametrize(
    ("table_rounds", "message"),
    [
        ("1,1,1,x,1,2", "META TableRounds: '1,1,1,x,1,2' is not round,table,NS,EW,low,high"),
        ("1,1,1,2,3,1", "META TableRounds: '1,1,1,2,3,1': the boards run from low to high"),
        ("1,1,1,2,1,2;1,1,3,4,3,4", "META TableRounds: '1,1,3,4,3,4': a round and table, once"),
        ("1,1,1,2,1,99999", "META TableRounds: '1,1,1,2,1,99999': numbers run from 1 to 32767"),
    ],
)
def test_a_table_round_that_cannot_be_is_refused(make_event, table_rounds, message):
    text = export_file(event=make_event(howell(4, 2)), format_key="pbn").decode("utf-8-sig")
    start = text.index("name=TableRounds  content=")
    end = text.index('">', start)
    broken = text[:start] + f'name=TableRounds  content="{table_rounds}' + text[end:]
    with pytest.raises(FileRefused, match=message):
        pbn.parse_file(broken.encode("utf-8"))


def test_our_usebio_file_keeps_the_reveal_rule_and_the_status(make_event, club):
    event = make_event(howell(4, 2), reveal="session", status="running")
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meeting = board_meetings(board=board)[0]
    save_line(
        board=board, line=parse_traveller_line("4S N 10"), ns_pair=meeting.ns, ew_pair=meeting.ew
    )

    copy = import_event(
        imported=FORMATS["usebio"].parse_file(export_file(event=event, format_key="usebio")),
        club=club,
    )

    assert (copy.reveal, copy.status) == ("session", "running")


SPECIAL = {1: "A7030", 2: "+620 / -100", 3: "40% 4S N 10 + 60% 4S N 9", 4: "NP", 5: "A+ A-"}


@pytest.mark.parametrize("format_key", ["pbn", "usebio"])
def test_our_file_of_an_evening_with_every_kind_of_line_reads_back_without_a_warning(
    make_event, club, format_key
):
    event = make_event(mitchell(7, 3), mp_rounding="ebu", ew_numbered_on=False)
    plain = ["4S N 10", "4S N 11", "4S N 9", "3NT S 9", "4H E 10", "2S N 8", "P"]
    for board in Board.objects.filter(section__event=event).select_related("section__event"):
        for index, meeting in enumerate(sorted(board_meetings(board=board), key=lambda m: m.ns)):
            text = SPECIAL[board.number] if index == 0 and board.number in SPECIAL else None
            text = text or plain[(index + board.number) % len(plain)]
            save_line(
                board=board,
                line=parse_traveller_line(text),
                ns_pair=meeting.ns,
                ew_pair=meeting.ew,
            )
    before = json_export.event_results(pairs_file(event=event))

    imported = read_result_file(export_file(event=event, format_key=format_key))
    copy = import_event(imported=imported, club=club)

    assert [reading for reading in imported.readings if reading[0] == "Short boards"] == [
        ("Short boards", "Neuberg, to 7 results: as the file's matchpoints show")
    ]
    after = json_export.event_results(pairs_file(event=copy))
    assert after["boards"] == before["boards"]
    assert after["ranking"] == before["ranking"]


def _lines_and_places(event) -> tuple[list, list]:
    """Each board's lines, and the ranking's rows without the direction a USEBIO Howell's
    stationary pair is read back with (a reading of the file, not a line or a place); the par,
    worked out by the worker after an import, is left out too."""
    results = json_export.event_results(pairs_file(event=event))
    boards = [(board["number"], board["results"]) for board in results["boards"]]
    ranking = [{k: v for k, v in row.items() if k != "direction"} for row in results["ranking"]]
    return boards, ranking


def test_the_demos_pairs_events_read_back_from_our_files_as_they_were(club):
    demo = load_demo()
    events = Event.objects.filter(club=demo, kind=Event.Kind.PAIRS)
    assert events.count() >= 4
    for event in events:
        before = _lines_and_places(event)
        for format_key in ("pbn", "usebio"):
            imported = read_result_file(export_file(event=event, format_key=format_key))
            copy = import_event(imported=imported, club=club)

            warned = [text for _, text in imported.readings if "check them" in text]
            assert warned == [], (event.name, format_key)
            assert _lines_and_places(copy) == before, (event.name, format_key)
