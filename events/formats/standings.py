"""The cumulative standings of a multi-session event as files: Excel, CSV and JSON, rendered
from plain data (a StandingsFile, which events.services.competitions gathers).

Every file has one row per entrant: place, names, each session's result in the carry-over's
unit (matchpoints, or percentages), the total and the sessions played; a session that does not
count (best n of m) is marked: italic in Excel, absent from "Counted" in CSV, "counted": false
in JSON. A session not shown yet is empty.
"""

import csv
import datetime
import io
import json
from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy

from events.formats.cells import csv_cell
from events.formats.workbook import Workbook
from events.formats.xlsx import MP_TOTAL, PERCENT, RIGHT, Column, _numeric, _Sheet
from scoring.carry_over import SessionScore


@dataclass(frozen=True)
class SessionCell:
    score: SessionScore | None
    counted: bool
    pair_number: int | None
    pair_label: str  # the pair as players know it, "3 NS" in a Mitchell numbered per direction
    section: str


@dataclass(frozen=True)
class CumulativeRow:
    place: str
    names: str
    cells: list[SessionCell]
    total: float
    played: int


@dataclass(frozen=True)
class StandingsSession:
    number: int
    event: int  # the session's event id
    name: str
    date: datetime.date
    shown: bool  # False: the visitor may not see its ranking yet


@dataclass(frozen=True)
class StandingsFile:
    identifier: int
    name: str
    club_name: str
    carry_over: str
    carry_over_label: str  # "Sum of the percentages"
    best_of: int | None
    unit: str  # what each session's column and the total are in: "MPs" or "%"
    sessions: list[StandingsSession]
    rows: list[CumulativeRow]


def _value(standings: StandingsFile, cell: SessionCell) -> float | None:
    if cell.score is None:
        return None
    return cell.score.matchpoints if standings.unit == "MPs" else cell.score.percentage


def _method(standings: StandingsFile) -> str:
    best = (
        gettext(", best %(best_of)s sessions") % {"best_of": standings.best_of}
        if standings.best_of
        else ""
    )
    return f"{gettext(standings.carry_over_label)}{best}"


def _session_header(session: StandingsSession) -> str:
    return f"{session.number}. {session.name}"


def standings_xlsx(standings: StandingsFile) -> bytes:
    """One sheet, "Cumulative": place, names, a column a session, total and sessions played."""
    number_format = MP_TOTAL if standings.unit == "MPs" else PERCENT
    columns = [
        Column(gettext("Place"), align=RIGHT),
        Column(gettext("Names")),
        *[Column(_session_header(c), number_format, RIGHT) for c in standings.sessions],
        Column(gettext("Total %(unit)s") % {"unit": gettext(standings.unit)}, number_format, RIGHT),
        Column(gettext("Played"), align=RIGHT),
    ]
    title = gettext("%(name)s: cumulative ranking · %(club)s · %(method)s") % {
        "name": standings.name,
        "club": standings.club_name,
        "method": _method(standings),
    }
    book = Workbook(title=title)
    sheet = _Sheet(book, name=gettext("Cumulative"), title=title, columns=columns)
    for row in standings.rows:
        sheet.line(
            [
                _numeric(row.place),
                row.names,
                *[_value(standings, cell) for cell in row.cells],
                row.total,
                row.played,
            ],
            # A session that does not count (best n of m) in italics.
            italic={
                index
                for index, cell in enumerate(row.cells, start=2)
                if cell.score is not None and not cell.counted
            },
        )
    sheet.fit()
    return book.save()


def standings_csv(standings: StandingsFile) -> bytes:
    """The same rows as CSV, UTF-8 with a byte order mark (see csv_export), with the sessions
    counted in the total listed by number."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            "Place",
            "Names",
            *[_session_header(c) for c in standings.sessions],
            f"Total {standings.unit}",
            "Played",
            "Counted",
        ]
    )
    for row in standings.rows:
        values = [_value(standings, cell) for cell in row.cells]
        counted = [str(i) for i, cell in enumerate(row.cells, start=1) if cell.counted]
        writer.writerow(
            [
                csv_cell(value)
                for value in [
                    row.place,
                    row.names,
                    *["" if v is None else f"{round(v, 2):g}" for v in values],
                    f"{round(row.total, 2):g}",
                    row.played,
                    " ".join(counted),
                ]
            ]
        )
    return out.getvalue().encode("utf-8-sig")


def _number(value: float) -> float:
    return round(value, 6)


def standings_json(standings: StandingsFile) -> bytes:
    """{"competition": {"id", "name", "club", "carry_over", "best_of",
                    "sessions": [{"number", "event", "name", "date", "shown"}]},
    "ranking": [{"place", "names", "total", "played",
                 "sessions": [null | {"pair", "label", "section", "matchpoints",
                                      "percentage", "counted"}]}]}

    "pair" is the pair's number in that session, "label" what players know it by ("3 NS" in a
    Mitchell numbered per direction, else the number)."""
    data = {
        "competition": {
            "id": standings.identifier,
            "name": standings.name,
            "club": standings.club_name,
            "carry_over": standings.carry_over,
            "best_of": standings.best_of,
            "sessions": [
                {
                    "number": c.number,
                    "event": c.event,
                    "name": c.name,
                    "date": c.date.isoformat(),
                    "shown": c.shown,
                }
                for c in standings.sessions
            ],
        },
        "ranking": [
            {
                "place": row.place,
                "names": row.names,
                "total": _number(row.total),
                "played": row.played,
                "sessions": [
                    None
                    if cell.score is None
                    else {
                        "pair": cell.pair_number,
                        "label": cell.pair_label,
                        "section": cell.section,
                        "matchpoints": _number(cell.score.matchpoints),
                        "percentage": _number(cell.score.percentage),
                        "counted": cell.counted,
                    }
                    for cell in row.cells
                ],
            }
            for row in standings.rows
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1).encode()


@dataclass(frozen=True)
class StandingsFormat:
    label: str
    extension: str
    content_type: str
    render: Callable[[StandingsFile], bytes]


STANDINGS_FORMATS = {
    "xlsx": StandingsFormat(
        gettext_lazy("Excel workbook"),
        "xlsx",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        standings_xlsx,
    ),
    "csv": StandingsFormat("CSV", "csv", "text/csv; charset=utf-8", standings_csv),
    "json": StandingsFormat("JSON", "json", "application/json", standings_json),
}
