"""A club's member list as a file: read from CSV or an Excel workbook into rows of text, and
written as CSV or a workbook (name, national member number, email).

Reading trusts nothing: a workbook is opened by openpyxl in its read-only mode (the rows are
streamed, never the whole sheet built), after its declared unpacked size is checked; a CSV's
encoding is read from its byte order mark (UTF-8 or UTF-16, as Excel writes them), else UTF-8,
else Windows-1252, and its delimiter (comma, semicolon or tab) from its first line. More rows
than the limit, a binary file or a broken workbook is refused (FileRefused) with a sentence.
Written text that a spreadsheet would run as a formula stays text (events.formats.cells).
"""

import codecs
import csv
import datetime
import io
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import openpyxl
from django.utils.translation import gettext, gettext_lazy

from events.formats.cells import csv_cell
from events.formats.imported import FileRefused
from events.formats.workbook import Style, Workbook

# The columns a row of a member list is read from, at most: a national body's file has a few
# dozen; a sheet of 16,384 columns is read no further.
MAX_COLUMNS = 60
# A workbook unpacks to at most this many times the limit on its size (text packs about ten to
# one; a zip bomb packs a thousand to one).
UNPACKED_RATIO = 30
_XLSX_MAGIC = b"PK\x03\x04"
_DELIMITERS = (",", ";", "\t")

HEADINGS = (gettext_lazy("Name"), gettext_lazy("Member number"), gettext_lazy("Email"))


@dataclass(frozen=True)
class ListRow:
    """A row of the file that holds something: its number as a spreadsheet shows it (1 is the
    first row) and its cells as text, stripped."""

    number: int
    cells: tuple[str, ...]


@dataclass(frozen=True)
class MemberList:
    """A file's rows, and what it was read as ("CSV" or "Excel")."""

    kind: str
    rows: list[ListRow]


@dataclass(frozen=True)
class Member:
    """A member as the list writes them."""

    name: str
    member_number: str
    email: str


def read_member_list(data: bytes, *, max_rows: int) -> MemberList:
    """The file's non-empty rows, a workbook's first sheet or a CSV; refused past `max_rows`."""
    if data.startswith(_XLSX_MAGIC):
        return MemberList("Excel", _limited(_workbook_rows(data), max_rows))
    return MemberList("CSV", _limited(_csv_rows(_decoded(data)), max_rows))


def _limited(rows: Iterable[tuple[int, tuple]], max_rows: int) -> list[ListRow]:
    found = []
    for number, values in rows:
        cells = tuple(_text(value) for value in values[:MAX_COLUMNS])
        while cells and not cells[-1]:
            cells = cells[:-1]
        if not cells:
            continue
        if len(found) == max_rows:
            raise FileRefused(
                gettext("the file has more than %(limit)s rows, the most a member list can have")
                % {"limit": f"{max_rows:,}"}
            )
        found.append(ListRow(number, cells))
    return found


def _text(value) -> str:
    """A cell as text: a whole number without its ".0" (a member number typed in Excel)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    return str(value).strip()


def _workbook_rows(data: bytes) -> Iterator[tuple[int, tuple]]:
    unreadable = FileRefused(gettext("this is not an Excel workbook that can be read"))
    # openpyxl, and the zip, inflate and XML readers under it, raise errors of many kinds on a
    # damaged file (a fuzz found a dozen): each means the same to the director.
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as packed:
            unpacked = sum(info.file_size for info in packed.infolist())
    except Exception:
        raise unreadable from None
    if unpacked > len(data) * UNPACKED_RATIO + 1_000_000:
        raise FileRefused(gettext("the workbook unpacks to more than a member list can hold"))
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:
        raise unreadable from None
    try:
        sheet = book.worksheets[0] if book.worksheets else None
        if sheet is None:
            return
        rows = sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True)
        yield from enumerate(rows, start=1)
    except Exception:
        raise unreadable from None
    finally:
        book.close()


def _decoded(data: bytes) -> str:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise FileRefused(gettext("this file is not UTF-16 text, as it says it is")) from None
    if b"\x00" in data:
        raise FileRefused(gettext("this is neither a CSV file nor an Excel workbook"))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _csv_rows(text: str) -> Iterator[tuple[int, tuple]]:
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), "")
    delimiter = max(_DELIMITERS, key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        # Numbered as a spreadsheet numbers them: a quoted line break stays in its row.
        yield from enumerate((tuple(row) for row in reader), start=1)
    except csv.Error as error:
        raise FileRefused(
            gettext("row %(row)s cannot be read as CSV: %(error)s")
            % {"row": reader.line_num, "error": error}
        ) from None


def render_csv(members: Iterable[Member]) -> bytes:
    """The list as CSV, UTF-8 with a byte order mark (Excel reads it so), a heading row first."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([str(heading) for heading in HEADINGS])
    for member in members:
        writer.writerow([csv_cell(value) for value in _values(member)])
    return out.getvalue().encode("utf-8-sig")


def render_xlsx(members: Iterable[Member], *, title: str) -> bytes:
    """The list as a workbook of one sheet, its heading row frozen."""
    book = Workbook(title=title)
    sheet = book.add_sheet(gettext("Members"), frozen_rows=1)
    bold = book.style(Style(bold=True, bottom_border=True))
    sheet.row([str(heading) for heading in HEADINGS], [bold] * len(HEADINGS))
    for member in members:
        sheet.row(list(_values(member)), [0] * len(HEADINGS))
    sheet.widths = [32, 18, 36]
    return book.save()


def _values(member: Member) -> tuple[str, str, str]:
    return member.name, member.member_number, member.email
