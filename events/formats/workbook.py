"""Excel workbooks (.xlsx) written by openpyxl in its write-only mode: sheets of rows, each cell
a value and a named style, with column widths, frozen header rows repeated on every printed
page, and landscape pages one page wide.

Text stays text: a string that a spreadsheet would run as a formula or read as an error is an
explicit string cell with Excel's quote prefix (so it stays text when someone edits it), and
the control characters a worksheet cannot hold become spaces.
"""

import io
import math
from dataclasses import dataclass

import openpyxl
from django.utils.translation import gettext, gettext_lazy
from openpyxl.cell.cell import ERROR_CODES, ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.styles import Alignment, Border, Font, NamedStyle, Side
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils import get_column_letter

from events.formats.cells import starts_formula

CREATOR = "Clubscoring"

_ERRORS = frozenset(ERROR_CODES)
_ALIGNMENTS = {"left": gettext_lazy("left"), "right": gettext_lazy("right")}


@dataclass(frozen=True)
class Style:
    """How a cell looks: its number format, font, bottom border and horizontal alignment."""

    number_format: str = "General"
    bold: bool = False
    italic: bool = False
    size: int = 11
    bottom_border: bool = False
    align: str | None = None  # "left", "right"

    def named(self) -> NamedStyle:
        """The style as a named style, whose name says what it is ("Bold, 14 pt")."""
        parts = [
            gettext("bold") if self.bold else "",
            gettext("italic") if self.italic else "",
            gettext("%(size)s pt") % {"size": self.size} if self.size != 11 else "",
            gettext("bottom border") if self.bottom_border else "",
            str(_ALIGNMENTS[self.align]) if self.align else "",
            "" if self.number_format == "General" else self.number_format,
        ]
        name = ", ".join(part for part in parts if part)
        return NamedStyle(
            name=name[:1].upper() + name[1:],
            font=Font(name="Calibri", family=2, sz=self.size, b=self.bold, i=self.italic),
            border=Border(bottom=Side(style="thin")) if self.bottom_border else Border(),
            alignment=Alignment(horizontal=self.align),
            number_format=self.number_format,
        )


def _storable(text: str) -> str:
    """The text with the control characters a worksheet cannot hold made spaces."""
    return ILLEGAL_CHARACTERS_RE.sub(" ", text)


def _with_quote_prefix(style: StyleArray) -> StyleArray:
    quoted = StyleArray(style)
    quoted.quotePrefix = 1
    return quoted


class Workbook:
    """Sheets added in order, then `save()` for the file's bytes."""

    def __init__(self, *, title: str) -> None:
        self.title = title
        self.sheets: list[Sheet] = []
        self._book = openpyxl.Workbook(write_only=True)
        self._styles: dict[Style, int] = {Style(): 0}
        # Each style's cell format by index, and the same with the quote prefix; the plain
        # style is the workbook's Normal.
        self._formats: list[StyleArray | None] = [None]
        self._quoted: list[StyleArray] = [_with_quote_prefix(StyleArray())]
        self._texts: dict[str, tuple[str, bool]] = {}  # each text as stored, and if quoted

    def add_sheet(self, name: str, *, frozen_rows: int = 0) -> "Sheet":
        """A sheet whose first `frozen_rows` rows stay in view and print on every page."""
        sheet = Sheet(self, name, frozen_rows)
        self.sheets.append(sheet)
        return sheet

    def style(self, style: Style) -> int:
        """The style's index, for `Sheet.row`."""
        index = self._styles.get(style)
        if index is None:
            named = style.named()
            self._book.add_named_style(named)
            index = self._styles[style] = len(self._formats)
            self._formats.append(StyleArray(named.as_tuple()))
            self._quoted.append(_with_quote_prefix(named.as_tuple()))
        return index

    def _text(self, text: str) -> tuple[str, bool]:
        """The text as the sheet stores it, and whether it needs the quote prefix."""
        entry = self._texts[text] = (
            _storable(text),
            starts_formula(text) or text in _ERRORS,
        )
        return entry

    def _cell(self, sheet, value, style: int):
        """What openpyxl appends for the value in this style: a styled cell (at A1 until
        `append` gives it its place), the plain value, or None for nothing."""
        if isinstance(value, str):
            if not value:
                value = None
            else:
                value, quoted = self._texts.get(value) or self._text(value)
                if quoted:
                    cell = Cell(sheet, 1, 1, value, self._quoted[style])
                    cell.data_type = "s"  # not a formula nor an error: text, as it was given
                    return cell
        elif isinstance(value, float) and not math.isfinite(value):
            value = None
        if not style:
            return value
        return Cell(sheet, 1, 1, value, self._formats[style])

    def save(self) -> bytes:
        """The file's bytes; once only, as openpyxl's write-only workbooks are saved."""
        for sheet in self.sheets:
            sheet._write()
        self._book.properties.title = _storable(self.title)
        self._book.properties.creator = CREATOR
        out = io.BytesIO()
        self._book.save(out)
        return out.getvalue()


class Sheet:
    """Rows appended in order; column widths set any time before the workbook is saved."""

    def __init__(self, book: Workbook, name: str, frozen_rows: int) -> None:
        self.book = book
        self.name = name
        self.frozen_rows = frozen_rows
        self.widths: list[float] = []
        self._rows: list[tuple[tuple, list[int]]] = []

    def row(self, values: list, styles: list[int]) -> None:
        """A row: each value (text, a number, a date, True/False, or None for an empty cell)
        with its style's index (Workbook.style); an empty cell with a style is written."""
        self._rows.append((tuple(values), styles))

    def _write(self) -> None:
        """The sheet into the workbook: openpyxl's write-only sheets take their layout before
        their first row, and the widths are known only once every row is in."""
        sheet = self.book._book.create_sheet(_storable(self.name))
        for number, width in enumerate(self.widths, start=1):
            sheet.column_dimensions[get_column_letter(number)].width = width
        if self.frozen_rows:
            sheet.freeze_panes = f"A{self.frozen_rows + 1}"
            sheet.print_title_rows = f"1:{self.frozen_rows}"
        sheet.page_setup.orientation = "landscape"
        sheet.page_setup.fitToWidth, sheet.page_setup.fitToHeight = 1, 0
        sheet.sheet_properties.pageSetUpPr.fitToPage = True
        cell = self.book._cell
        for values, styles in self._rows:
            sheet.append([cell(sheet, v, s) for v, s in zip(values, styles, strict=False)])
        self._rows = []
