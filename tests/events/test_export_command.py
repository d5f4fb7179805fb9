"""`manage.py export_results`: an event's results to a file or to standard output."""

import io

import openpyxl
import pytest
from django.core.management import CommandError, call_command

from events.formats import FORMATS
from events.models import Board
from events.services.entry import board_meetings, save_line
from events.services.exports import export_file
from scoring import mitchell, parse_traveller_line

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event):
    """A 3-table Mitchell with one line entered: 1 v 4 on board 1."""
    event = make_event(mitchell(3, 2))
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meeting = next(m for m in board_meetings(board=board) if m.ns == 1)
    save_line(board=board, line=parse_traveller_line("4S N 10 HK"), ns_pair=1, ew_pair=meeting.ew)
    return event


def export(*args):
    out = io.StringIO()
    call_command("export_results", *args, stdout=out)
    return out.getvalue()


def test_excel_is_written_to_the_file_given(event, tmp_path):
    path = tmp_path / "results.xlsx"
    said = export(str(event.pk), "--format", "xlsx", "-o", str(path))
    size = path.stat().st_size
    assert said == f"Wrote Club Pairs (Excel workbook, {size} bytes) to {path}\n"
    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["Ranking", "Travellers", "Scorecards", "Settings"]
    assert book["Travellers"]["C4"].value == "4♠"


def test_csv_is_written_to_a_file_byte_for_byte(event, tmp_path):
    path = tmp_path / "results.csv"
    export(str(event.pk), "--format", "csv", "--output", str(path))
    assert path.read_bytes() == export_file(event=event, format_key="csv")


def test_text_formats_go_to_standard_output_without_a_file(event):
    said = export(str(event.pk), "--format", "csv")
    assert said == export_file(event=event, format_key="csv").decode("utf-8")
    assert said.splitlines()[1] == "Club Pairs,A,1,1,1,1,4,4S,N,HK,10,420,,,2,2,,"


def test_excel_needs_a_file(event):
    with pytest.raises(CommandError) as refused:
        export(str(event.pk), "--format", "xlsx")
    assert str(refused.value) == (
        "Excel workbook is not text: give the file to write with -o FILE, e.g. -o results.xlsx"
    )


def test_an_unknown_event_is_refused(event):
    with pytest.raises(CommandError) as refused:
        export(str(event.pk + 1), "--format", "csv")
    assert str(refused.value) == f"There is no event with id {event.pk + 1}."


def test_an_unknown_format_is_refused(event):
    with pytest.raises(CommandError) as refused:
        export(str(event.pk), "--format", "doc")
    assert str(refused.value) == f"Unknown format 'doc': choose one of {', '.join(FORMATS)}."


def test_the_format_must_be_given(event):
    with pytest.raises(CommandError) as refused:
        export(str(event.pk))
    assert str(refused.value) == "Error: the following arguments are required: --format"
