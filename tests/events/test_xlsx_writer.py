"""The .xlsx writer (events.formats.xlsx_writer), read back by openpyxl: what a cell holds and
how it looks, and each sheet's layout."""

import datetime
import io

import openpyxl

from events.formats.xlsx_writer import Style, Workbook


def written(book: Workbook) -> openpyxl.Workbook:
    return openpyxl.load_workbook(io.BytesIO(book.save()))


def test_cells_hold_text_numbers_dates_and_flags_as_they_were_given():
    book = Workbook(title="Club night")
    sheet = book.add_sheet("Lines")
    text = [" Ann ", "a\rb", "1 < 2 & 3 > 2", "bell\x07", "♠K", "Ann"]
    numbers = [420, -50, 56.25, 1 / 3, float("nan"), True]
    dates = [datetime.date(2026, 11, 23), datetime.datetime(2026, 11, 23, 19, 30)]
    for values in (text, numbers, dates, [None, "", 7]):
        sheet.row(values, [0] * len(values))

    ws = written(book)["Lines"]

    rows = [[cell.value for cell in row] for row in ws.iter_rows()]
    assert rows[0] == [" Ann ", "a\rb", "1 < 2 & 3 > 2", "bell ", "♠K", "Ann"]
    assert rows[1] == [420, -50, 56.25, 1 / 3, None, True]
    assert rows[2][:2] == [46349, 46349.8125]  # days since Excel's epoch: no date format here
    assert rows[3] == [None, None, 7, None, None, None]
    assert [c.data_type for c in ws[1]] == ["s"] * 6
    assert [c.data_type for c in ws[2]][:4] == ["n"] * 4


def test_text_a_spreadsheet_would_run_or_read_as_an_error_stays_text_with_a_quote():
    book = Workbook(title="Notes")
    sheet = book.add_sheet("Notes")
    right = book.style(Style(align="right"))
    values = ["=1+2", "@A1", "#N/A", "-50", "Ann", "=1+2"]
    sheet.row(values, [right] * len(values))

    cells = written(book)["Notes"][1]

    assert [c.value for c in cells] == values
    assert {c.data_type for c in cells} == {"s"}
    assert [c.quotePrefix for c in cells] == [True, True, True, False, False, True]
    assert {c.alignment.horizontal for c in cells} == {"right"}


def test_styles_number_formats_and_a_styled_empty_cell():
    book = Workbook(title="Styles")
    sheet = book.add_sheet("Styles")
    styles = [
        Style("0.00", align="right"),
        Style("+0;-0;0", bold=True),
        Style(italic=True, size=14, bottom_border=True),
        Style("d mmmm yyyy", align="left"),
        Style("0.00", bold=True),
    ]
    values = [56.25, -50, "Title", datetime.date(2026, 11, 23), None]
    sheet.row(values, [book.style(style) for style in styles])

    a, b, c, d, e = written(book)["Styles"][1]

    assert (a.number_format, a.alignment.horizontal, a.font.b) == ("0.00", "right", False)
    assert (b.number_format, b.font.b) == ("+0;-0;0", True)
    assert (c.font.i, c.font.sz, c.border.bottom.style, c.font.b) == (True, 14, "thin", False)
    assert (d.value, d.number_format) == (datetime.datetime(2026, 11, 23), "d mmmm yyyy")
    assert (e.value, e.number_format, e.font.b) == (None, "0.00", True)


def test_frozen_rows_print_on_every_page_and_the_layout_is_kept():
    book = Workbook(title="Ann's night\x01")
    frozen = book.add_sheet("Ann's", frozen_rows=2)
    frozen.widths = [7, 12.5]
    for values in (["Title"], ["Pair", "Names"], [1, "Ann & Bob"]):
        frozen.row(values, [0] * len(values))
    book.add_sheet("Empty")

    read = written(book)
    ws = read["Ann's"]

    assert read.sheetnames == ["Ann's", "Empty"]
    assert (read.properties.title, read.properties.creator) == ("Ann's night ", "Clubscoring")
    assert ws.freeze_panes == "A3"
    assert ws.print_title_rows == "$1:$2"
    assert (ws.column_dimensions["A"].width, ws.column_dimensions["B"].width) == (7, 12.5)
    assert ws.page_setup.orientation == "landscape"
    assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0)
    assert ws.sheet_properties.pageSetUpPr.fitToPage is True
    assert read["Empty"].freeze_panes is None
    assert read["Empty"].print_title_rows is None
