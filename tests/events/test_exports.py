"""The Excel and CSV exports, opened again as a reader would, and the download views."""

import codecs
import csv
import datetime
import io

import openpyxl
import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.formats import FORMATS
from events.models import Board, Event, Pair, Result, Section
from events.services.entry import board_meetings, save_line
from events.services.exports import export_file
from events.services.setup import apply_movement, name_pair
from events.services.status import change_status
from scoring import mitchell, parse_traveller_line

pytestmark = pytest.mark.django_db

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
SIGNED, POINTS, PERCENT = "+0;-0;0", "0.00", "0.00"

# A 3-table Mitchell (NS 1-3, EW 4-6, boards 1-6 in sets of 2): the lines entered, by board
# and NS pair. Board 1 ties pairs 1 and 3 on top; board 2 has an adjusted line; board 3 a board
# not played. Every board is played three times: the top is 4 matchpoints.
LINES = {
    1: {1: "4S N 10 HK", 3: "4S N 10", 2: "3NT S 8"},
    2: {1: "4SX N 9 ST", 3: "A+ A-", 2: "3NT N 9"},
    3: {1: "NP"},
}
NAMES = {
    1: ["Ann Able", "Bob Baker"],
    2: ["Cat Cole", "Dan Dunn"],
    3: ["Zoë Ångström", "Eve Evans"],
    4: ["Fay Ford", "Gus Gray"],
    5: ["Hal Hill", "Ivy Irwin"],
    6: ["Jo Jones", "Kit King"],
}


def enter(event, lines_by_board):
    for number, by_ns in lines_by_board.items():
        board = Board.objects.select_related("section__event").get(
            section__event=event, number=number
        )
        for meeting in board_meetings(board=board):
            if meeting.ns in by_ns:
                save_line(
                    board=board,
                    line=parse_traveller_line(by_ns[meeting.ns]),
                    ns_pair=meeting.ns,
                    ew_pair=meeting.ew,
                )


@pytest.fixture
def played(make_event):
    """The 3-table Mitchell with names and LINES entered; results shown as they come in;
    averages plus and minus at a plain 60% and 40%."""

    def make(lines=LINES, **event_fields):
        event = make_event(mitchell(3, 2), **({"adjusted_scores": "fixed"} | event_fields))
        for pair in Pair.objects.filter(section__event=event):
            name_pair(pair=pair, names=NAMES[pair.number])
        enter(event, lines)
        return Event.objects.select_related("club").get(pk=event.pk)

    return make


def workbook(event):
    return openpyxl.load_workbook(io.BytesIO(export_file(event=event, format_key="xlsx")))


def values(ws, first, last):
    return [tuple(c.value for c in row) for row in ws.iter_rows(min_row=first, max_row=last)]


def number_formats(ws, row):
    return [c.number_format for c in ws[row]]


# The workbook


def test_workbook_has_one_sheet_per_kind(played):
    assert workbook(played()).sheetnames == ["Ranking", "Travellers", "Scorecards", "Settings"]


@pytest.mark.parametrize("sheet", ["Ranking", "Travellers", "Scorecards", "Settings"])
def test_every_sheet_has_a_title_and_a_bold_header_frozen_and_printed_on_every_page(played, sheet):
    ws = workbook(played())[sheet]
    title = ws["A1"]
    assert title.value == (
        f"Club Pairs: {sheet.lower()} · Test Bridge Club · Friday 20 November 2026"
    )
    assert (title.font.bold, title.font.size) == (True, 14)
    assert all(cell.font.bold for cell in ws[2])
    assert all(cell.border.bottom.style == "thin" for cell in ws[2])
    assert ws.freeze_panes == "A3"
    assert ws.print_title_rows == "$1:$2"
    assert ws.page_setup.orientation == "landscape"
    assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0)
    assert ws.sheet_properties.pageSetUpPr.fitToPage is True


def test_the_workbook_of_a_bigger_event_takes_no_more_queries(played, make_event):
    small_event = played()
    with CaptureQueriesContext(connection) as small:
        export_file(event=small_event, format_key="xlsx")
    bigger = make_event(mitchell(5, 2))  # 5 tables, 10 boards, every line played
    enter(bigger, {board: dict.fromkeys(range(1, 6), "3NT N 9") for board in range(1, 11)})
    bigger = Event.objects.select_related("club").get(pk=bigger.pk)

    with CaptureQueriesContext(connection) as big:
        ws = workbook(bigger)["Scorecards"]

    assert len(big) == len(small)
    assert sum(1 for row in ws.iter_rows(values_only=True) if row[1] in ("NS", "EW")) == 100


def test_ranking_has_a_block_per_direction_with_places_tied_as_results_sheets_print_them(played):
    ws = workbook(played())["Ranking"]
    assert values(ws, 2, ws.max_row) == [
        ("Place", "Pair", "Names", "%", "MPs", "Boards"),
        ("North-South", None, None, None, None, None),
        (1, 3, "Zoë Ångström & Eve Evans", 67.5, 5.4, 2),
        ("2=", 1, "Ann Able & Bob Baker", 43.75, 3.5, 2),
        ("2=", 2, "Cat Cole & Dan Dunn", 43.75, 3.5, 2),
        (None, None, None, None, None, None),
        ("East-West", None, None, None, None, None),
        ("1=", 4, "Fay Ford & Gus Gray", 56.25, 4.5, 2),
        ("1=", 6, "Jo Jones & Kit King", 56.25, 4.5, 2),
        (3, 5, "Hal Hill & Ivy Irwin", 32.5, 2.6, 2),
    ]
    assert ws["A3"].font.bold and ws["A8"].font.bold
    assert number_formats(ws, 4) == ["General", "General", "General", PERCENT, "0.0", "General"]
    assert [ws.cell(row=2, column=c).alignment.horizontal for c in range(1, 7)] == [
        "right",
        "right",
        None,
        "right",
        "right",
        "right",
    ]


def test_ranking_of_one_winner_is_one_block_without_a_heading(played):
    ws = workbook(played(winners=1))["Ranking"]
    assert values(ws, 3, ws.max_row) == [
        (1, 3, "Zoë Ångström & Eve Evans", 67.5, 5.4, 2),
        ("2=", 4, "Fay Ford & Gus Gray", 56.25, 4.5, 2),
        ("2=", 6, "Jo Jones & Kit King", 56.25, 4.5, 2),
        ("4=", 1, "Ann Able & Bob Baker", 43.75, 3.5, 2),
        ("4=", 2, "Cat Cole & Dan Dunn", 43.75, 3.5, 2),
        (6, 5, "Hal Hill & Ivy Irwin", 32.5, 2.6, 2),
    ]


def test_imp_events_show_imps_to_two_decimals_and_no_percentages(played):
    # Boards 1 and 2 only: a Butler board whose only line is not played cannot be scored yet.
    book = workbook(played({n: LINES[n] for n in (1, 2)}, scoring="butler"))
    ranking, travellers = book["Ranking"], book["Travellers"]
    assert values(ranking, 2, 2) == [("Place", "Pair", "Names", "IMPs", "Boards")]
    assert number_formats(ranking, 4)[3] == "0.00"
    assert values(travellers, 2, 2)[0][7:9] == ("NS IMPs", "EW IMPs")
    assert values(book["Scorecards"], 2, 2) == [
        ("Board", "Dir", "Opp", "Contract", "By", "Lead", "Tricks", "Score", "IMPs", "Note")
    ]


def test_travellers_are_a_block_per_board_best_north_south_score_first(played):
    ws = workbook(played())["Travellers"]
    assert values(ws, 2, 15) == [
        ("NS", "EW", "Contract", "By", "Lead", "Tricks", "NS score", "NS MPs", "EW MPs", "Note"),
        ("Board 1 · dealer North · nobody vulnerable", *[None] * 9),
        (1, 4, "4♠", "N", "♥K", 10, 420, 3, 1, None),
        (3, 5, "4♠", "N", None, 10, 420, 3, 1, None),
        (2, 6, "3NT", "S", None, 8, -50, 0, 4, None),
        (None,) * 10,
        ("Board 2 · dealer East · NS vulnerable", *[None] * 9),
        (2, 6, "3NT", "N", None, 9, 600, 3.5, 0.5, None),
        (1, 4, "4♠X", "N", "♠10", 9, -200, 0.5, 3.5, None),
        (3, 5, "Adjusted A+/A-", None, None, None, None, 2.4, 1.6, None),
        (None,) * 10,
        ("Board 3 · dealer South · EW vulnerable", *[None] * 9),
        (1, 6, "Not played", None, None, None, None, None, None, None),
        (None,) * 10,
    ]
    assert ws["A3"].font.bold
    assert number_formats(ws, 4)[6:9] == [SIGNED, POINTS, POINTS]
    # The last boards have no results yet; they are listed, so that a reader sees the gap.
    assert values(ws, ws.max_row - 1, ws.max_row) == [
        ("Board 6 · dealer East · EW vulnerable", *[None] * 9),
        ("No results", *[None] * 9),
    ]


def test_traveller_notes_show_split_scores_and_the_directors_note(played):
    event = played()
    Result.objects.filter(board__number=1, ns_pair__number=2).update(
        score_ew=-100, note="Director called: hesitation"
    )
    ws = workbook(event)["Travellers"]
    assert values(ws, 6, 6) == [
        (
            2,
            6,
            "3NT",
            "S",
            None,
            8,
            -50,
            0,
            4,
            "split score: EW scored as NS -100; Director called: hesitation",
        )
    ]


def test_scorecards_are_a_block_per_pair_from_the_pairs_side_with_a_total(played):
    ws = workbook(played())["Scorecards"]
    header = (
        "Board",
        "Dir",
        "Opp",
        "Contract",
        "By",
        "Lead",
        "Tricks",
        "Score",
        "MPs",
        "%",
        "Note",
    )
    assert values(ws, 2, 9) == [
        header,
        ("Pair 1 · Ann Able & Bob Baker · North-South · place 2=", *[None] * 10),
        (1, "NS", 4, "4♠", "N", "♥K", 10, 420, 3, 75, None),
        (2, "NS", 4, "4♠X", "N", "♠10", 9, -200, 0.5, 12.5, None),
        (3, "NS", 6, "Not played", None, None, None, None, None, None, None),
        ("Total", None, None, None, None, None, None, None, 3.5, 43.75, None),
        (None,) * 11,
        ("Pair 2 · Cat Cole & Dan Dunn · North-South · place 2=", *[None] * 10),
    ]
    assert number_formats(ws, 4)[7:10] == [SIGNED, POINTS, PERCENT]
    assert all(cell.font.bold for cell in ws[7])
    pair_4 = next(
        r
        for r in range(1, ws.max_row + 1)
        if ws.cell(row=r, column=1).value == ("Pair 4 · Fay Ford & Gus Gray · East-West · place 1=")
    )
    assert values(ws, pair_4 + 1, pair_4 + 3) == [
        (1, "EW", 1, "4♠", "N", "♥K", 10, -420, 1, 25, None),
        (2, "EW", 1, "4♠X", "N", "♠10", 9, 200, 3.5, 87.5, None),
        ("Total", None, None, None, None, None, None, None, 4.5, 56.25, None),
    ]


def test_settings_say_how_the_event_was_scored_and_moved(played):
    ws = workbook(played())["Settings"]
    assert values(ws, 2, ws.max_row) == [
        ("Setting", "Value"),
        ("Event", "Club Pairs"),
        ("Club", "Test Bridge Club"),
        ("Date", datetime.datetime(2026, 11, 20)),
        ("Scoring", "Matchpoints"),
        ("Matchpoint scale", "2 per score beaten (EBU, WBF)"),
        ("Matchpoint rounding", "Not rounded"),
        ("Factored totals", "No"),
        ("Winners", "Two winners (NS and EW)"),
        ("Movement", "3-table Mitchell"),
        ("Tables", 3),
        ("Rounds", 3),
        ("Boards per round", 2),
        ("Status", "Running"),
    ]
    assert ws["B5"].number_format == "d mmmm yyyy"


def test_a_french_clubs_workbook_names_the_movement_in_french(played):
    event = played()
    event.club.language = "fr"
    event.club.save()
    settings = dict(values(workbook(event)["Réglages"], 3, 20))
    assert (settings["Mouvement"], settings["Positions"]) == ("Mitchell 3 tables", 3)


def test_two_sections_are_named_in_every_block_heading(played):
    event = played(winners=1)
    apply_movement(section=Section.objects.create(event=event, letter="B"), movement=mitchell(3, 2))
    book = workbook(event)
    ranking, travellers, scorecards = book["Ranking"], book["Travellers"], book["Scorecards"]
    assert [ranking["A3"].value, ranking["A11"].value] == [
        "Section A · Ranking",
        "Section B · Ranking",
    ]
    assert travellers["A3"].value == "Section A · Board 1 · dealer North · nobody vulnerable"
    assert travellers.cell(row=travellers.max_row - 1, column=1).value == (
        "Section B · Board 6 · dealer East · EW vulnerable"
    )
    assert scorecards["A3"].value == "Section A · Pair 1 · Ann Able & Bob Baker · place 4="
    assert values(book["Settings"], 11, 18) == [
        ("Section A · Movement", "3-table Mitchell"),
        ("Section A · Tables", 3),
        ("Section A · Rounds", 3),
        ("Section A · Boards per round", 2),
        ("Section B · Movement", "3-table Mitchell"),
        ("Section B · Tables", 3),
        ("Section B · Rounds", 3),
        ("Section B · Boards per round", 2),
    ]


@pytest.mark.parametrize(
    ("fields", "shown"),
    [
        ({}, "No"),
        ({"factor_totals": True}, "Yes, to the most boards any pair played"),
        ({"factor_totals": True, "factor_boards": 24}, "Yes, to 24 boards"),
    ],
)
def test_settings_say_whether_and_how_totals_are_factored(played, fields, shown):
    assert values(workbook(played(**fields))["Settings"], 9, 9) == [("Factored totals", shown)]


def test_an_artificial_score_of_other_percentages_shows_them(played):
    event = played()
    Result.objects.filter(ns_adjustment="A+").update(ns_percent=70, ew_percent=30)
    assert workbook(event)["Travellers"]["C11"].value == "Adjusted 70%/30%"
    rows = list(
        csv.reader(io.StringIO(export_file(event=event, format_key="csv").decode("utf-8-sig")))
    )
    assert rows[5][13] == "70%/30%"


def test_columns_are_fitted_to_the_widest_header_or_value(played):
    book = workbook(played())
    ranking, travellers = book["Ranking"], book["Travellers"]
    # Two characters over the widest: "Place", "Zoë Ångström & Eve Evans", "Adjusted A+/A-".
    assert ranking.column_dimensions["A"].width == 7
    assert ranking.column_dimensions["C"].width == len("Zoë Ångström & Eve Evans") + 2
    assert travellers.column_dimensions["C"].width == len("Adjusted A+/A-") + 2
    # Titles and block headings are not fitted: they run on over the empty cells beside them.
    assert travellers.column_dimensions["A"].width == 4


def test_excel_export_reads_the_database_by_board_and_pair_not_by_line(
    make_event, django_assert_max_num_queries
):
    event = make_event(mitchell(7, 3))  # 14 pairs, 21 boards, 147 lines
    enter(event, {n: {ns: "4S N 10" for ns in range(1, 8)} for n in range(1, 22)})
    assert Result.objects.count() == 147
    event = Event.objects.select_related("club").get(pk=event.pk)
    # Sections, then the section's pairs and boards, a traveller per board, a scorecard per pair.
    with django_assert_max_num_queries(1 + 2 + 21 + 14):
        book = openpyxl.load_workbook(io.BytesIO(export_file(event=event, format_key="xlsx")))
    assert book["Ranking"].max_row == 2 + 1 + 7 + 1 + 1 + 7


# CSV


def test_csv_is_every_traveller_line_in_utf8_with_a_byte_order_mark(played):
    data = export_file(event=played(), format_key="csv")
    assert data.startswith(codecs.BOM_UTF8)
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0] == [
        "Event",
        "Section",
        "Board",
        "Round",
        "Table",
        "NS pair",
        "EW pair",
        "Contract",
        "Declarer",
        "Lead",
        "Tricks",
        "Score NS",
        "Split score EW",
        "Adjustment",
        "NS points",
        "EW points",
        "Note",
        "Weighted score",
    ]
    assert rows[1:] == [
        line.split(",")
        for line in [
            "Club Pairs,A,1,1,1,1,4,4S,N,HK,10,420,,,3,1,,",
            "Club Pairs,A,1,2,3,3,5,4S,N,,10,420,,,3,1,,",
            "Club Pairs,A,1,3,2,2,6,3NT,S,,8,-50,,,0,4,,",
            "Club Pairs,A,2,1,1,1,4,4SX,N,ST,9,-200,,,0.5,3.5,,",
            "Club Pairs,A,2,2,3,3,5,,,,,,,A+/A-,2.4,1.6,,",
            "Club Pairs,A,2,3,2,2,6,3NT,N,,9,600,,,3.5,0.5,,",
            "Club Pairs,A,3,2,1,1,6,,,,,,,Not played,,,,",
        ]
    ]


def test_csv_rounds_points_to_two_decimals_and_keeps_split_scores_and_notes(played):
    event = played()
    Result.objects.filter(board__number=1, ns_pair__number=2).update(
        score_ew=-100, note="Hesitation, 12C1(c)", ns_points=1 / 3
    )
    rows = list(
        csv.reader(io.StringIO(export_file(event=event, format_key="csv").decode("utf-8-sig")))
    )
    assert rows[3][11:] == ["-50", "-100", "", "0.33", "4", "Hesitation, 12C1(c)", ""]


# Downloads


def download(client, event, key):
    return client.get(reverse("download", args=[event.pk, key]))


def test_excel_download_is_an_attachment_named_by_date_and_event(client, played):
    event = played()
    response = download(client, event, "xlsx")
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX
    assert response["Content-Disposition"] == 'attachment; filename="2026-11-20-club-pairs.xlsx"'
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    assert book["Ranking"]["C4"].value == "Zoë Ångström & Eve Evans"


def test_csv_download_is_the_csv_export(client, played):
    event = played(name="Tuesday Pairs: Final!")
    response = download(client, event, "csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="2026-11-20-tuesday-pairs-final.csv"'
    )
    assert response.content == export_file(event=event, format_key="csv")


def test_unknown_format_is_not_found(client, played):
    assert download(client, played(), "doc").status_code == 404


def test_events_being_set_up_are_not_downloadable_except_by_their_director(
    director_client, make_event
):
    event = make_event(mitchell(3, 2), status="setup")
    assert download(Client(), event, "csv").status_code == 404
    assert (
        download(director_client, event, "csv")
        .content.decode("utf-8-sig")
        .startswith("Event,Section,Board")
    )


def test_results_hidden_until_published_are_not_downloadable_until_then(director_client, played):
    event = played(reveal="session")
    assert download(Client(), event, "xlsx").status_code == 404
    assert download(director_client, event, "xlsx")["Content-Type"] == XLSX
    Event.objects.filter(pk=event.pk).update(status="published")
    assert download(Client(), event, "csv").content == export_file(event=event, format_key="csv")


def test_a_director_of_another_club_gets_only_what_the_public_gets(
    client, django_user_model, played
):
    event = played(reveal="session")
    client.force_login(django_user_model.objects.create_user("other", password="other-club"))
    assert download(client, event, "csv").status_code == 404


def test_downloads_are_read_only(client, played):
    assert client.post(reverse("download", args=[played().pk, "csv"])).status_code == 405


def test_event_pages_offer_every_format(client, played):
    event = played()
    content = client.get(reverse("event", args=[event.pk])).content.decode()
    for key in FORMATS:
        assert f'href="/events/{event.pk}/download/{key}/"' in content
    assert ">Excel workbook</a>" in content and ">CSV</a>" in content


def test_download_buttons_only_where_results_show(director_client, played):
    event = played(reveal="session")
    link = f'href="/events/{event.pk}/download/xlsx/"'
    public_page = reverse("event", args=[event.pk])
    assert link not in Client().get(public_page).content.decode()
    assert link in director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    change_status(event=Event.objects.get(pk=event.pk), status="published")
    assert link in Client().get(public_page).content.decode()
