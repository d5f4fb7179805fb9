"""A writer of .xlsx workbooks (Office Open XML, SpreadsheetML): sheets of rows, each cell a
value and a style, with column widths, frozen header rows repeated on every printed page, and
landscape pages one page wide. Just what the app's workbooks need, written as text.

openpyxl makes an object of every cell and serialises it through ElementTree: about 7 µs a cell
before any style, 12 to 15 µs with one, even in its write-only mode, and the workbook of a
2,000-table event has 1.5 million cells. Here a row is one formatted string, a style is an
index worked out once per column, and text goes into the shared strings table once per
distinct string, checked and escaped then.
"""

import datetime
import math
import numbers
import zipfile
from dataclasses import dataclass, replace
from io import BytesIO
from xml.sax.saxutils import escape, quoteattr

from openpyxl.cell.cell import ERROR_CODES, ILLEGAL_CHARACTERS_RE

from events.formats.cells import starts_formula

CREATOR = "Clubscoring"

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
_BUILTIN_FORMATS = {"General": 0, "0": 1, "0.00": 2, "#,##0": 3, "#,##0.00": 4}
_EPOCH = datetime.datetime(1899, 12, 30)
_ERRORS = frozenset(ERROR_CODES)
_CARRIAGE_RETURN = {"\r": "&#13;"}  # kept: a parser reads a bare one as a newline


@dataclass(frozen=True)
class Style:
    """How a cell looks: its number format, font, bottom border and horizontal alignment.
    `quoted` is Excel's quote prefix: the cell's text stays text when someone edits it."""

    number_format: str = "General"
    bold: bool = False
    italic: bool = False
    size: int = 11
    bottom_border: bool = False
    align: str | None = None  # "left", "right"
    quoted: bool = False


_PLAIN = Style()


def _storable(text: str) -> str:
    """The text with the control characters a worksheet cannot hold made spaces."""
    return ILLEGAL_CHARACTERS_RE.sub(" ", text)


class Workbook:
    """Sheets added in order, then `save()` for the file's bytes."""

    def __init__(self, *, title: str) -> None:
        self.title = title
        self.sheets: list[Sheet] = []
        self._styles: dict[Style, int] = {_PLAIN: 0}
        # A cell's attributes for each style, by index: a number's, text's, True/False's.
        self._attributes: dict[str, list[str]] = {"n": [""], "s": [' t="s"'], "b": [' t="b"']}
        self._quoted: dict[int, int] = {}
        self._strings: dict[str, tuple[int, bool]] = {}
        self._shared: list[str] = []  # escaped, in index order

    def add_sheet(self, name: str, *, frozen_rows: int = 0) -> "Sheet":
        """A sheet whose first `frozen_rows` rows stay in view and print on every page."""
        sheet = Sheet(self, name, frozen_rows)
        self.sheets.append(sheet)
        return sheet

    def style(self, style: Style) -> int:
        """The style's index, for `Sheet.row`."""
        index = self._styles.get(style)
        if index is None:
            index = self._styles[style] = len(self._styles)
            for kind, attributes in self._attributes.items():
                attributes.append(f' s="{index}"' + ("" if kind == "n" else f' t="{kind}"'))
        return index

    def _string(self, text: str) -> tuple[int, bool]:
        """A new string's index in the shared strings, and whether it needs a quote prefix:
        text that a spreadsheet would read as a formula or an error stays text."""
        entry = self._strings[text] = (
            len(self._shared),
            starts_formula(text) or text in _ERRORS,
        )
        self._shared.append(_text_element(_storable(text)))
        return entry

    def _quoted_style(self, index: int) -> int:
        quoted = self._quoted.get(index)
        if quoted is None:
            style = next(s for s, i in self._styles.items() if i == index)
            quoted = self._quoted[index] = self.style(replace(style, quoted=True))
        return quoted

    def save(self) -> bytes:
        out = BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as package:
            package.writestr("[Content_Types].xml", self._content_types())
            package.writestr("_rels/.rels", _ROOT_RELS)
            package.writestr("docProps/app.xml", _APP)
            package.writestr("docProps/core.xml", self._core())
            package.writestr("xl/workbook.xml", self._workbook())
            package.writestr("xl/_rels/workbook.xml.rels", self._workbook_rels())
            for number, sheet in enumerate(self.sheets, start=1):
                with package.open(f"xl/worksheets/sheet{number}.xml", "w") as part:
                    sheet._write(part)
            package.writestr("xl/styles.xml", self._stylesheet())
            package.writestr("xl/sharedStrings.xml", self._shared_strings())
        return out.getvalue()

    def _content_types(self) -> str:
        spreadsheet = "application/vnd.openxmlformats-officedocument.spreadsheetml"
        parts = [
            ("/xl/workbook.xml", f"{spreadsheet}.sheet.main+xml"),
            ("/xl/styles.xml", f"{spreadsheet}.styles+xml"),
            ("/xl/sharedStrings.xml", f"{spreadsheet}.sharedStrings+xml"),
            ("/docProps/core.xml", "application/vnd.openxmlformats-package.core-properties+xml"),
            (
                "/docProps/app.xml",
                "application/vnd.openxmlformats-officedocument.extended-properties+xml",
            ),
            *(
                (f"/xl/worksheets/sheet{n}.xml", f"{spreadsheet}.worksheet+xml")
                for n in range(1, len(self.sheets) + 1)
            ),
        ]
        return (
            f'{_XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" '
            'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            + "".join(f'<Override PartName="{n}" ContentType="{t}"/>' for n, t in parts)
            + "</Types>"
        )

    def _core(self) -> str:
        now = f"{datetime.datetime.now(datetime.UTC):%Y-%m-%dT%H:%M:%SZ}"
        return (
            f"{_XML}<cp:coreProperties "
            'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/" '
            'xmlns:dcterms="http://purl.org/dc/terms/" '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
            f"<dc:title>{escape(_storable(self.title))}</dc:title>"
            f"<dc:creator>{CREATOR}</dc:creator>"
            f'<dcterms:created xsi:type="dcterms:W3CDTF">{now}</dcterms:created>'
            f'<dcterms:modified xsi:type="dcterms:W3CDTF">{now}</dcterms:modified>'
            "</cp:coreProperties>"
        )

    def _workbook(self) -> str:
        sheets = "".join(
            f'<sheet name={quoteattr(_storable(s.name))} sheetId="{n}" r:id="rId{n}"/>'
            for n, s in enumerate(self.sheets, start=1)
        )
        titles = "".join(
            f'<definedName name="_xlnm.Print_Titles" localSheetId="{n}">'
            f"{escape(_sheet_reference(s.name))}!$1:${s.frozen_rows}</definedName>"
            for n, s in enumerate(self.sheets)
            if s.frozen_rows
        )
        return (
            f'{_XML}<workbook xmlns="{_MAIN}" xmlns:r="{_RELS}"><workbookPr/>'
            '<bookViews><workbookView activeTab="0"/></bookViews>'
            f"<sheets>{sheets}</sheets>"
            + (f"<definedNames>{titles}</definedNames>" if titles else "")
            + '<calcPr calcId="124519" fullCalcOnLoad="1"/></workbook>'
        )

    def _workbook_rels(self) -> str:
        count = len(self.sheets)
        relations = [
            *((f"{_RELS}/worksheet", f"worksheets/sheet{n}.xml") for n in range(1, count + 1)),
            (f"{_RELS}/styles", "styles.xml"),
            (f"{_RELS}/sharedStrings", "sharedStrings.xml"),
        ]
        return (
            f'{_XML}<Relationships xmlns="{_PACKAGE_RELS}">'
            + "".join(
                f'<Relationship Id="rId{n}" Type="{kind}" Target="{target}"/>'
                for n, (kind, target) in enumerate(relations, start=1)
            )
            + "</Relationships>"
        )

    def _stylesheet(self) -> str:
        styles = sorted(self._styles, key=self._styles.__getitem__)
        formats = {}  # the custom number formats, numbered from 164 as Excel does
        fonts = {(False, False, 11): 0}
        borders = {False: 0}
        xfs = []
        for style in styles:
            if style.number_format in _BUILTIN_FORMATS:
                format_id = _BUILTIN_FORMATS[style.number_format]
            else:
                format_id = formats.setdefault(style.number_format, 164 + len(formats))
            font_id = fonts.setdefault((style.bold, style.italic, style.size), len(fonts))
            border_id = borders.setdefault(style.bottom_border, len(borders))
            xfs.append(
                f'<xf numFmtId="{format_id}" fontId="{font_id}" fillId="0" '
                f'borderId="{border_id}" xfId="0"'
                + (' applyNumberFormat="1"' if format_id else "")
                + (' applyFont="1"' if font_id else "")
                + (' applyBorder="1"' if border_id else "")
                + (' quotePrefix="1"' if style.quoted else "")
                + (
                    f' applyAlignment="1"><alignment horizontal="{style.align}"/></xf>'
                    if style.align
                    else "/>"
                )
            )
        number_formats = "".join(
            f"<numFmt numFmtId={quoteattr(str(i))} formatCode={quoteattr(code)}/>"
            for code, i in formats.items()
        )
        font_elements = "".join(
            "<font>"
            + ("<b/>" if bold else "")
            + ("<i/>" if italic else "")
            + f'<sz val="{size}"/><name val="Calibri"/><family val="2"/></font>'
            for bold, italic, size in fonts
        )
        border_elements = "".join(
            "<border><left/><right/><top/>"
            + ('<bottom style="thin"><color auto="1"/></bottom>' if bottom else "<bottom/>")
            + "<diagonal/></border>"
            for bottom in borders
        )
        return (
            f'{_XML}<styleSheet xmlns="{_MAIN}">'
            + (f'<numFmts count="{len(formats)}">{number_formats}</numFmts>' if formats else "")
            + f'<fonts count="{len(fonts)}">{font_elements}</fonts>'
            '<fills count="2"><fill><patternFill patternType="none"/></fill>'
            '<fill><patternFill patternType="gray125"/></fill></fills>'
            f'<borders count="{len(borders)}">{border_elements}</borders>'
            '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'
            f'</cellStyleXfs><cellXfs count="{len(xfs)}">{"".join(xfs)}</cellXfs>'
            '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/>'
            "</cellStyles></styleSheet>"
        )

    def _shared_strings(self) -> str:
        count = len(self._shared)
        return (
            f'{_XML}<sst xmlns="{_MAIN}" count="{count}" uniqueCount="{count}">'
            + "".join(self._shared)
            + "</sst>"
        )


class Sheet:
    """Rows appended in order; column widths set any time before the workbook is saved."""

    def __init__(self, book: Workbook, name: str, frozen_rows: int) -> None:
        self.book = book
        self.name = name
        self.frozen_rows = frozen_rows
        self.widths: list[float] = []
        self._rows: list[str] = []
        self._letters: list[str] = []
        self._columns = 0

    def row(self, values: list, styles: list[int]) -> None:
        """A row: each value (text, a number, a date, True/False, or None for an empty cell)
        with its style's index (Workbook.style); an empty cell with a style is written."""
        number = str(len(self._rows) + 1)
        if len(values) > len(self._letters):
            self._letters = [_column_letter(n) for n in range(1, len(values) + 1)]
        self._columns = max(self._columns, len(values))
        book = self.book
        strings, numeric, text = book._strings, book._attributes["n"], book._attributes["s"]
        cells = []
        for letter, value, style in zip(self._letters, values, styles, strict=False):
            kind = type(value)
            if kind is not str and kind is not int and kind is not float and value is not None:
                kind, value = _plain(value)
            if kind is str:
                if value:
                    index, quoted = strings.get(value) or book._string(value)
                    if quoted:
                        style = book._quoted_style(style)
                    cells.append(f'<c r="{letter}{number}"{text[style]}><v>{index}</v></c>')
                    continue
            elif kind is int:
                cells.append(f'<c r="{letter}{number}"{numeric[style]}><v>{value}</v></c>')
                continue
            elif kind is float:
                if math.isfinite(value):
                    cells.append(f'<c r="{letter}{number}"{numeric[style]}><v>{value:.16g}</v></c>')
                    continue
            elif kind is bool:
                flag = book._attributes["b"][style]
                cells.append(f'<c r="{letter}{number}"{flag}><v>{int(value)}</v></c>')
                continue
            if style:  # an empty cell, styled
                cells.append(f'<c r="{letter}{number}"{numeric[style]}/>')
        self._rows.append(f'<row r="{number}">{"".join(cells)}</row>')

    def _write(self, part) -> None:
        last = f"{_column_letter(max(self._columns, 1))}{max(len(self._rows), 1)}"
        head = [f'{_XML}<worksheet xmlns="{_MAIN}" xmlns:r="{_RELS}">']
        head.append('<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>')
        head.append(f'<dimension ref="A1:{last}"/><sheetViews><sheetView workbookViewId="0"')
        if self.frozen_rows:
            top = f"A{self.frozen_rows + 1}"
            head.append(
                f'><pane ySplit="{self.frozen_rows}" topLeftCell="{top}" activePane="bottomLeft" '
                'state="frozen"/><selection pane="bottomLeft" activeCell="A1" sqref="A1"/>'
                "</sheetView></sheetViews>"
            )
        else:
            head.append("/></sheetViews>")
        head.append('<sheetFormatPr defaultRowHeight="15"/>')
        if self.widths:
            head.append("<cols>")
            head += [
                f'<col min="{n}" max="{n}" width="{w:g}" customWidth="1"/>'
                for n, w in enumerate(self.widths, start=1)
            ]
            head.append("</cols>")
        head.append("<sheetData>")
        part.write("".join(head).encode())
        for start in range(0, len(self._rows), 1000):
            part.write("".join(self._rows[start : start + 1000]).encode())
        part.write(
            b'</sheetData><pageMargins left="0.75" right="0.75" top="1" bottom="1" '
            b'header="0.5" footer="0.5"/>'
            b'<pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/></worksheet>'
        )


def _plain(value) -> tuple[type, object]:
    """A value of another type as text, a number or True/False; a date as Excel's number of
    days since its epoch (the number format shows it as a date)."""
    if isinstance(value, str):
        return str, str.__str__(value)
    if isinstance(value, bool):
        return bool, value
    if isinstance(value, datetime.datetime):
        return float, (value - _EPOCH) / datetime.timedelta(days=1)
    if isinstance(value, datetime.date):
        return int, (value - _EPOCH.date()).days
    if isinstance(value, numbers.Integral):
        return int, int(value)
    if isinstance(value, numbers.Real):
        return float, float(value)
    raise TypeError(f"a worksheet cell cannot hold {value!r}")


def _text_element(text: str) -> str:
    preserve = ' xml:space="preserve"' if text != text.strip() else ""
    return f"<si><t{preserve}>{escape(text, _CARRIAGE_RETURN)}</t></si>"


def _column_letter(number: int) -> str:
    letters = ""
    while number:
        number, remainder = divmod(number - 1, 26)
        letters = chr(65 + remainder) + letters
    return letters


def _sheet_reference(name: str) -> str:
    return "'" + _storable(name).replace("'", "''") + "'"


_ROOT_RELS = (
    f'{_XML}<Relationships xmlns="{_PACKAGE_RELS}">'
    f'<Relationship Id="rId1" Type="{_RELS}/officeDocument" Target="xl/workbook.xml"/>'
    f'<Relationship Id="rId2" Type="{_PACKAGE_RELS}/metadata/core-properties" '
    'Target="docProps/core.xml"/>'
    f'<Relationship Id="rId3" Type="{_RELS}/extended-properties" Target="docProps/app.xml"/>'
    "</Relationships>"
)
_APP = (
    f"{_XML}<Properties "
    'xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
    f"<Application>{CREATOR}</Application></Properties>"
)
