"""The workbook writer over openpyxl (events.formats.workbook), read back by openpyxl: text
stays text, what a worksheet cannot hold is replaced, and each style is a named style."""

import io

import openpyxl

from events.formats.workbook import Style, Workbook


def written(book: Workbook) -> openpyxl.Workbook:
    return openpyxl.load_workbook(io.BytesIO(book.save()))


def test_text_a_spreadsheet_would_run_or_read_as_an_error_is_a_string_with_a_quote():
    book = Workbook(title="Notes")
    right = book.style(Style(align="right"))
    values = ["=1+2", "@A1", "#N/A", "-50", "Ann", "=1+2", "\tcmd"]
    book.add_sheet("Notes").row(values, [right] * 6 + [0])

    cells = written(book)["Notes"][1]

    assert [c.value for c in cells] == values
    assert [c.data_type for c in cells] == ["s"] * 7
    assert [c.quotePrefix for c in cells] == [True, True, True, False, False, True, True]
    assert [c.alignment.horizontal for c in cells] == ["right"] * 6 + [None]


def test_what_a_worksheet_cannot_hold_is_replaced_or_left_empty_and_the_rest_kept():
    book = Workbook(title="Ann's night\x01")
    values = ["bell\x07", "", float("nan"), float("inf"), 56.25, None, "♠K", " a\rb "]
    book.add_sheet("Lines\x1b").row(values, [0] * len(values))

    read = written(book)

    assert read.sheetnames == ["Lines "]
    assert read.properties.title == "Ann's night "
    assert [c.value for c in read["Lines "][1]] == [
        "bell ",
        None,
        None,
        None,
        56.25,
        None,
        "♠K",
        " a\rb ",
    ]


def test_each_style_is_a_named_style_saying_what_it_is():
    book = Workbook(title="Styles")
    styles = [
        Style(bold=True, size=14),
        Style(bold=True, bottom_border=True, align="right"),
        Style("+0;-0;0", italic=True),
    ]
    book.add_sheet("Styles").row([1, 2, None], [book.style(s) for s in styles])

    read = written(book)
    a, b, c = read["Styles"][1]

    assert read.named_styles == [
        "Normal",
        "Bold, 14 pt",
        "Bold, bottom border, right",
        "Italic, +0;-0;0",
    ]
    assert [a.style, b.style, c.style] == read.named_styles[1:]
    assert (a.font.b, a.font.sz, b.border.bottom.style, b.alignment.horizontal) == (
        True,
        14,
        "thin",
        "right",
    )
    assert (c.value, c.number_format, c.font.i) == (None, "+0;-0;0", True)
