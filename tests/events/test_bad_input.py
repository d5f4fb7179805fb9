"""Input no table can hold is refused, naming the line and the reason, before anything is saved;
what we write (spreadsheets, PBN) never turns text into a formula or a broken tag."""

import csv
import html
import io

import openpyxl
import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from events.formats.cells import csv_cell
from events.formats.imported import FileRefused
from events.forms.imports import MAX_FILE_BYTES
from events.forms.movements import NewEventMovementForm
from events.models import Board, Event, Pair, Player, Result
from events.services.entry import board_meetings, save_line
from events.services.exports import export_file
from events.services.imports import import_event, read_result_file
from scoring import mitchell, parse_traveller_line
from tests.events.files import read_file

pytestmark = pytest.mark.django_db

RUTER = read_file("ruter_pairs.pbn")
COMPSCORE = read_file("compscore_mp.xml")


def refusal(data: bytes) -> str:
    with pytest.raises(FileRefused) as refused:
        read_result_file(data)
    return str(refused.value)


# ---------------------------------------------------------------------------------------------
# Imports: every number and text checked against the tables


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        pytest.param(
            b'[Board "2"]',
            b'[Board "40000"]',
            "board 40000: board numbers go up to 32767",
            id="board-past-smallint",
        ),
        pytest.param(
            b'[Board "2"]',
            b'[Board "' + b"9" * 5000 + b'"]',
            'line 43: [Board "99999999999999999999"] is not a board number',
            id="board-of-5000-digits",
        ),
        pytest.param(
            b'[Board "2"]', b'[Board "\xc2\xb2"]', "is not a board number", id="superscript-digit"
        ),
        pytest.param(
            b'2 - 1 1 "N-S"',
            b'2 - 40000 1 "N-S"',
            "line 30: pair 40000: pair numbers go up to 32767",
            id="pair-past-smallint",
        ),
        pytest.param(
            b"1 1 1 4 4S",
            b"1 -1 1 4 4S",
            "line 36: round -1 is not a round number",
            id="negative-round",
        ),
        pytest.param(
            b"1 1 1 4 4S",
            b"99999 1 1 4 4S",
            "line 36: table 99999 is not a table number",
            id="table-past-smallint",
        ),
        pytest.param(
            b"Player One - Player Two",
            b"Player " + b"O" * 120 + b" - Player Two",
            "is longer than 120 characters",
            id="name-too-long",
        ),
        pytest.param(
            b"Player One - Player Two",
            b"Player\x00One - Player Two",
            "line 30: the name 'Player\\x00One' holds a control character",
            id="nul-in-name",
        ),
        pytest.param(
            b"Player One - Player Two",
            b" - ".join([b"P" * 100] * 3),
            "line 30: pair 1: the names together are longer than 250 characters",
            id="names-together-too-long",
        ),
    ],
)
def test_pbn_numbers_and_names_no_table_holds_are_refused_with_the_line(old, new, message, club):
    assert old in RUTER
    data = RUTER.replace(old, new)
    assert message in refusal(data)
    assert Player.objects.count() == 0


def test_a_long_event_name_is_refused(club):
    data = RUTER.replace(b'[Event "Kerhon parikilpailu"]', b'[Event "' + b"E" * 121 + b'"]')
    assert refusal(data) == "the event's name is longer than 120 characters"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        pytest.param(
            b"<PAIR_NUMBER>1NS</PAIR_NUMBER>",
            b"<PAIR_NUMBER>" + b"1" * 6000 + b"NS</PAIR_NUMBER>",
            "PAIR 1: the pair number '11111111111111111111' is not a whole number",
            id="pair-of-6000-digits",
        ),
        pytest.param(
            b"<BOARD_NUMBER>2</BOARD_NUMBER>",
            b"<BOARD_NUMBER>33000</BOARD_NUMBER>",
            "board 33000: board numbers go up to 32767",
            id="board-past-smallint",
        ),
        pytest.param(
            b"<PLAYER_NAME>Ann North</PLAYER_NAME>",
            b"<PLAYER_NAME>Ann\tNorth</PLAYER_NAME>",
            "PAIR 1: the name 'Ann\\tNorth' holds a control character",
            id="tab-in-name",
        ),
        pytest.param(
            b"<PLAYER_NAME>Ann North</PLAYER_NAME>",
            b"<PLAYER_NAME>" + b"A" * 121 + b"</PLAYER_NAME>",
            "is longer than 120 characters",
            id="name-too-long",
        ),
        pytest.param(
            b'<?xml version="1.0"?>',
            b'<?xml version="1.0" encoding="x-bogus"?>',
            "the XML declares an encoding that cannot be read (unknown encoding: x-bogus)",
            id="unknown-encoding",
        ),
        pytest.param(
            b"</USEBIO>", b"", "the XML is not well formed: no element found", id="broken-xml"
        ),
    ],
)
def test_usebio_numbers_names_and_encodings_no_table_holds_are_refused(old, new, message):
    assert old in COMPSCORE
    assert message in refusal(COMPSCORE.replace(old, new))


def test_an_xml_entity_bomb_is_refused():
    entities = "".join(
        f'<!ENTITY e{i} "{f"&e{i - 1};" * 10 if i else "x" * 10}">' for i in range(8)
    )
    data = f'<?xml version="1.0"?><!DOCTYPE USEBIO [{entities}]><USEBIO>&e7;</USEBIO>'
    assert "limit on input amplification factor" in refusal(data.encode())


def test_binary_garbage_is_refused():
    assert refusal(bytes(range(256)) * 40) == "this is neither a PBN nor a USEBIO results file"
    assert refusal(b"[" + bytes(range(256)) * 40).startswith("line 1: a tag is written")


def test_an_upload_over_5_mb_is_refused_on_the_page_and_nothing_is_read(director_client, club):
    data = RUTER + b"%" + b"x" * MAX_FILE_BYTES + b"\n"
    response = director_client.post(
        reverse("import-upload", kwargs={"slug": club.slug}),
        {"file": SimpleUploadedFile("huge.pbn", data)},
    )
    assert response.status_code == 200
    assert "huge.pbn: the file is 5.0 MB: a results file can be up to 5 MB" in response.text
    assert Event.objects.count() == 0


def test_the_confirmation_of_the_largest_file_fits_the_request_limit():
    base64_size = (MAX_FILE_BYTES + 2) // 3 * 4
    assert base64_size + 64 * 1024 < settings.DATA_UPLOAD_MAX_MEMORY_SIZE


# ---------------------------------------------------------------------------------------------
# PBN: what we write reads back


NAMES = ['Ann "Ace" Able', "Bob\\Baker", "Cat\nCole", "Dan\x01Dunn"]  # PostgreSQL keeps no NUL


def test_quotes_backslashes_and_control_characters_in_names_read_back(make_event, club):
    event = make_event(mitchell(3, 2), name='Club "Pairs" \\ night\nTwo')
    Pair.objects.filter(section__event=event, number=1).update(names=" & ".join(NAMES[:2]))
    Pair.objects.filter(section__event=event, number=2).update(names=" & ".join(NAMES[2:]))
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    for meeting in board_meetings(board=board):
        save_line(board=board, line=parse_traveller_line("4S N 10"), ns_pair=meeting.ns,
                  ew_pair=meeting.ew)  # fmt: skip

    data = export_file(event=Event.objects.get(pk=event.pk), format_key="pbn")

    assert b"\n" not in data.replace(b"\r\n", b"")
    assert b"\x01" not in data
    assert b'[Event "Club \\"Pairs\\" \\\\ night Two"]' in data
    again = import_event(imported=read_result_file(data), club=club)
    assert again.name == 'Club "Pairs" \\ night Two'
    names = dict(Pair.objects.filter(section__event=again).values_list("number", "names"))
    assert names[1] == 'Ann "Ace" Able & Bob\\Baker'
    assert names[2] == "Cat Cole & Dan Dunn"


# ---------------------------------------------------------------------------------------------
# Spreadsheets: text that would start a formula stays text


FORMULAS = ["=1+2", "+1+2", "-1+2", "@SUM(A1)", "\tcmd", "\rcmd", '=HYPERLINK("x")', "-inf"]


@pytest.mark.parametrize("text", FORMULAS)
def test_text_that_starts_a_formula_gets_a_quote_in_csv(text):
    assert csv_cell(text) == f"'{text}"


@pytest.mark.parametrize("value", ["-50", "+420", "-1.5", "Ann", "", -50, 1.5, None])
def test_numbers_and_plain_text_are_written_as_they_are(value):
    assert csv_cell(value) == value


@pytest.fixture
def typed(director_client, make_event):
    """An event whose notes were typed on the entry page, each starting a formula."""
    event = make_event(mitchell(3, 2))
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    for meeting, text in zip(board_meetings(board=board), ["=1+2", "@A1", "-2+3"], strict=True):
        director_client.post(
            reverse("line-save", args=[event.pk, 1]),
            {"line": f"4S N 10 # {text}", "ns": meeting.ns, "ew": meeting.ew},
            HTTP_HX_REQUEST="true",
        )
    return Event.objects.select_related("club").get(pk=event.pk)


def test_notes_typed_as_formulas_are_text_cells_and_scores_are_numbers(typed):
    notes = set(Result.objects.filter(board__section__event=typed).values_list("note", flat=True))
    assert notes == {"=1+2", "@A1", "-2+3"}
    book = openpyxl.load_workbook(io.BytesIO(export_file(event=typed, format_key="xlsx")))
    ws = book["Travellers"]
    cells = {c.value: c for row in ws.iter_rows() for c in row if c.value is not None}
    for note in notes:
        assert cells[note].data_type == "s", note
        assert cells[note].quotePrefix, note
    scores = [c for c in ws["G"] if isinstance(c.value, int)]
    assert [c.value for c in scores] == [420, 420, 420]
    assert {c.data_type for c in scores} == {"n"}


def test_names_that_start_a_formula_are_text_cells(director_client, make_event):
    event = make_event(mitchell(3, 2))
    fields = {f"pair-{n}-1": f"{text}x" for n, text in enumerate(["=1+2", "+1", "-1+2", "@A1"], 1)}
    director_client.post(reverse("director-pairs", args=[event.pk]), fields)
    Pair.objects.filter(section__event=event, number=5).update(names="\tcmd")
    Pair.objects.filter(section__event=event, number=6).update(names="#N/A")
    event.refresh_from_db()

    book = openpyxl.load_workbook(io.BytesIO(export_file(event=event, format_key="xlsx")))

    rows = book["Ranking"].iter_rows(min_row=3)
    names = {row[1].value: row[2] for row in rows if row[1].value is not None}
    expected = {1: "=1+2x", 2: "+1x", 3: "-1+2x", 4: "@A1x", 5: "\tcmd", 6: "#N/A"}
    assert {number: cell.value for number, cell in names.items()} == expected
    assert {cell.data_type for cell in names.values()} == {"s"}
    assert all(cell.quotePrefix for number, cell in names.items() if number != 6)


def test_csv_neutralises_text_that_starts_a_formula_and_keeps_numbers(typed):
    Result.objects.filter(board__section__event=typed, note="@A1").update(note="\tcmd")
    typed.name = "=cmd|' /C calc'!A0"
    typed.save()
    rows = list(
        csv.reader(io.StringIO(export_file(event=typed, format_key="csv").decode("utf-8-sig")))
    )
    assert {row[0] for row in rows[1:]} == {"'=cmd|' /C calc'!A0"}
    assert sorted(row[16] for row in rows[1:4]) == ["'\tcmd", "'-2+3", "'=1+2"]
    board_1 = [row for row in rows[1:] if row[2] == "1"]
    assert [row[11] for row in board_1] == ["420", "420", "420"]


def test_a_negative_score_stays_a_number_in_csv(make_event):
    event = make_event(mitchell(3, 2))
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meeting = board_meetings(board=board)[0]
    save_line(board=board, line=parse_traveller_line("4S N 9"), ns_pair=meeting.ns,
              ew_pair=meeting.ew)  # fmt: skip
    rows = list(
        csv.reader(io.StringIO(export_file(event=event, format_key="csv").decode("utf-8-sig")))
    )
    assert rows[1][11] == "-50"


def test_imported_names_that_start_a_formula_are_text_cells(club):
    data = RUTER.replace(b"Player One - Player Two", b"=HYPERLINK(1) - @SUM(A1)")
    event = import_event(imported=read_result_file(data), club=club)
    assert Pair.objects.get(section__event=event, number=1).names == "=HYPERLINK(1) & @SUM(A1)"
    book = openpyxl.load_workbook(io.BytesIO(export_file(event=event, format_key="xlsx")))
    cells = [c for row in book["Ranking"].iter_rows() for c in row if c.value == (
        "=HYPERLINK(1) & @SUM(A1)")]  # fmt: skip
    assert len(cells) == 1
    assert (cells[0].data_type, cells[0].quotePrefix) == ("s", True)


def test_control_characters_typed_in_a_name_or_note_never_break_a_download(make_event, club):
    event = make_event(mitchell(3, 2), name="Club\x1bPairs")
    Pair.objects.filter(section__event=event, number=1).update(names="Ann\x07Able & Bob")
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meeting = board_meetings(board=board)[0]
    save_line(board=board, line=parse_traveller_line("4S N 10 # bell\x07"), ns_pair=meeting.ns,
              ew_pair=meeting.ew)  # fmt: skip
    event = Event.objects.select_related("club").get(pk=event.pk)

    book = openpyxl.load_workbook(io.BytesIO(export_file(event=event, format_key="xlsx")))
    ranking = [c.value for row in book["Ranking"].iter_rows() for c in row]
    assert "Ann Able & Bob" in ranking
    assert "bell " in [c.value for row in book["Travellers"].iter_rows() for c in row]
    again = import_event(
        imported=read_result_file(export_file(event=event, format_key="usebio")),
        club=club,
    )
    assert again.name == "Club Pairs"
    assert Pair.objects.get(section__event=again, number=1).names == "Ann Able & Bob"


def test_a_refusal_of_the_upload_or_the_movement_is_in_the_directors_language(
    director_client, club
):
    # They were English sentences in the code, outside the catalogue.
    director_client.post(reverse("set_language"), {"language": "fr", "next": "/director/"})
    data = RUTER + b"%" + b"x" * MAX_FILE_BYTES + b"\n"
    upload = director_client.post(
        reverse("import-upload", kwargs={"slug": club.slug}),
        {"file": SimpleUploadedFile("huge.pbn", data)},
    )
    movement = NewEventMovementForm({"tables": "29", "sections": "3"})

    assert (
        "huge.pbn\u00a0: le fichier fait 5,0\u00a0Mo\u00a0: un fichier de résultats peut faire "
        "jusqu'à 5\u00a0Mo" in html.unescape(upload.text)
    )
    with translation.override("fr"):
        assert movement.errors["__all__"] == [
            "29 tables ne se divisent pas en 3 sections égales de 2½ tables ou plus\u00a0: "
            "saisissez un autre nombre de sections"
        ]
