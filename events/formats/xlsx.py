"""The Excel workbook of an event: ranking, travellers, scorecards and settings, a sheet each.

Every sheet is laid out the way a scorer would make it by hand: a title row and a bold header
row that stay in view (frozen) and repeat on every printed page, fitted column widths, number
formats for points, percentages and signed scores, landscape pages one page wide.

Travellers and scorecards are one sheet each, a block per board or pair under the sheet's one
header row, rather than a tab per board: a committee member scrolls, searches (Ctrl+F) and prints
a single sheet, and the layout is the same for 12 boards or 40.
"""

import datetime
from collections.abc import Callable, Collection
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy, pgettext

from events.formats.card_words import SEAT_NAMES, card_shown, contract_shown, seats_shown
from events.formats.csv_export import adjustment_text
from events.formats.dates import written_date
from events.formats.pair_files import (
    FileLine,
    FilePlayerStanding,
    FileRanking,
    FileSection,
    FileStanding,
    PairsFile,
)
from events.formats.workbook import Style, Workbook
from scoring.weighted_scores import weighted_text

SIGNED = "+0;-0;0"  # scores: +420, -50, 0
POINTS = "0.00"  # a board's matchpoints or IMPs (Neuberg makes fractions)
MP_TOTAL = "0.0"
IMP_TOTAL = "0.00"
PERCENT = "0.00"  # percentages are numbers, 56.25, not fractions formatted as %
DATE = "d mmmm yyyy"

RIGHT = "right"  # a column's alignment
LEFT = "left"

VULNERABLE = {
    "None": gettext_lazy("nobody vulnerable"),
    "NS": gettext_lazy("NS vulnerable"),
    "EW": gettext_lazy("EW vulnerable"),
    "All": gettext_lazy("both sides vulnerable"),
}


@dataclass(frozen=True)
class Column:
    header: str
    number_format: str = "General"
    align: str | None = None  # RIGHT, LEFT, or Excel's own: text left, numbers right


def render_event(event: PairsFile) -> bytes:
    """The event's workbook as .xlsx bytes: Ranking, Travellers, Scorecards, Settings sheets;
    from a PairsFile with its travellers and scorecards."""
    book = Workbook(
        title=f"{event.name}, {event.club_name}, {written_date(event.date, 'weekday long')}"
    )
    if event.is_individual:
        player_ranking_sheet(book, event=event)
    else:
        ranking_sheet(book, event=event)
    travellers_sheet(book, event=event)
    if event.is_individual:
        player_scorecards_sheet(book, event=event)
    else:
        scorecards_sheet(book, event=event)
    settings_sheet(book, event=event)
    return book.save()


# The sheets


def ranking_sheet(book: Workbook, *, event: PairsFile) -> None:
    """Place, pair, names, percentage, total and boards; a block per direction for two winners."""
    columns = [
        Column(gettext("Place"), align=RIGHT),
        Column(gettext("Pair"), align=RIGHT),
        Column(gettext("Names")),
        *_total_columns(event),
    ]
    sheet = _Sheet(
        book, name=gettext("Ranking"), title=_title(event, gettext("ranking")), columns=columns
    )
    sections = event.sections
    blocks = [
        (_section_prefix(section, sections), group)
        for section in sections
        for group in section.ranking
    ]
    if len(sections) > 1:  # then the whole field's
        blocks += [(gettext("Overall · "), group) for group in event.overall]
    for index, (prefix, group) in enumerate(blocks):
        if len(blocks) > 1:
            if index:
                sheet.gap()
            sheet.heading(prefix + (_direction(group) or gettext("Ranking")))
        for standing in group.standings:
            sheet.line(
                [
                    _numeric(standing.place),
                    _numeric(standing.pair.name),
                    standing.pair.names,
                    *_totals(event, standing),
                ]
            )
    sheet.fit()


def player_ranking_sheet(book: Workbook, *, event: PairsFile) -> None:
    """An individual's ranking: place, player, name, percentage, total and boards."""
    columns = [
        Column(gettext("Place"), align=RIGHT),
        Column(gettext("Player"), align=RIGHT),
        Column(gettext("Name")),
        *_total_columns(event),
    ]
    sheet = _Sheet(
        book, name=gettext("Ranking"), title=_title(event, gettext("ranking")), columns=columns
    )
    for section in event.sections:
        for standing in section.player_ranking:
            sheet.line(
                [
                    _numeric(standing.place),
                    standing.player.number,
                    standing.player.name,
                    *_totals(event, standing),
                ]
            )
    sheet.fit()


def _total_columns(event: PairsFile) -> list[Column]:
    """A ranking's percentage (what places at matchpoints) first, then the total and the boards
    played, which say why a pair on fewer points may rank higher."""
    if event.is_imps:
        return [Column(gettext("IMPs"), IMP_TOTAL, RIGHT), Column(gettext("Boards"), align=RIGHT)]
    return [
        Column("%", PERCENT, RIGHT),
        Column(gettext("MPs"), MP_TOTAL, RIGHT),
        Column(gettext("Boards"), align=RIGHT),
    ]


def _totals(event: PairsFile, standing: FileStanding | FilePlayerStanding) -> list:
    """A standing's cells under _total_columns."""
    percentage = [] if event.is_imps else [standing.percentage]
    return [*percentage, standing.score, standing.boards_played]


def player_scorecards_sheet(book: Workbook, *, event: PairsFile) -> None:
    """Every player's scorecard, round by round: seat, partner, opponents, and their total."""
    unit = _unit(event)
    columns = [
        Column(gettext("Round"), align=RIGHT),
        Column(gettext("Board"), align=RIGHT),
        Column(gettext("Seat")),
        Column(gettext("Partner")),
        Column(gettext("Opponents")),
        *_play_columns(),
        Column(gettext("Score"), SIGNED, RIGHT),
        Column(unit, POINTS, RIGHT),
        *([] if event.is_imps else [Column("%", PERCENT, RIGHT)]),
    ]
    sheet = _Sheet(
        book,
        name=gettext("Scorecards"),
        title=_title(event, gettext("scorecards")),
        columns=columns,
    )
    for section in event.sections:
        for index, standing in enumerate(
            sorted(section.player_ranking, key=lambda s: s.player.number)
        ):
            if index:
                sheet.gap()
            sheet.heading(
                gettext("Player %(player)s: place %(place)s")
                % {"player": standing.player.label, "place": standing.place}
            )
            for row in section.player_cards.get(standing.player.number, []):
                line = row.line
                sheet.line(
                    [
                        row.round,
                        line.board,
                        seats_shown(row.seat),
                        row.partner.label,
                        " & ".join(o.label for o in row.opponents),
                        *_play(line.line),
                        line.score,
                        line.points,
                        *([] if event.is_imps else [line.percentage]),
                    ]
                )
            total = {columns[0].header: gettext("Total"), unit: standing.score}
            total["%"] = standing.percentage
            sheet.line([total.get(c.header) for c in columns], bold=True)
    sheet.fit()


def travellers_sheet(book: Workbook, *, event: PairsFile) -> None:
    """Every board's traveller, best NS score first, headed by its dealer and vulnerability."""
    unit = _unit(event)
    columns = [
        Column("NS", align=RIGHT),
        Column("EW", align=RIGHT),
        *_play_columns(),
        Column(gettext("NS score"), SIGNED, RIGHT),
        Column(gettext("NS %(unit)s") % {"unit": unit}, POINTS, RIGHT),
        Column(gettext("EW %(unit)s") % {"unit": unit}, POINTS, RIGHT),
        Column(gettext("Note")),
    ]
    sheet = _Sheet(
        book,
        name=gettext("Travellers"),
        title=_title(event, gettext("travellers")),
        columns=columns,
    )
    sections = event.sections
    first = True
    shown = set()  # across the field a board's traveller holds every section's lines: once
    for section in sections:
        boards = [
            board
            for board in section.boards
            if not (event.across_field and (section.board_set, board.number) in shown)
        ]
        for board in boards:
            shown.add((section.board_set, board.number))
            if not first:
                sheet.gap()
            first = False
            sheet.heading(
                ("" if event.across_field else _section_prefix(section, sections))
                + gettext("Board %(board)s · dealer %(dealer)s · %(vulnerable)s")
                % {
                    "board": board.number,
                    "dealer": SEAT_NAMES[board.dealer],
                    "vulnerable": VULNERABLE[board.vulnerability],
                }
            )
            results = section.travellers.get(board.number, [])
            for result in results:
                sheet.line(
                    [
                        *_sides(event, result),
                        *_play(result),
                        None if result.weights else result.score_ns,
                        result.ns_points,
                        result.ew_points,
                        _note(result),
                    ]
                )
            if not results:
                sheet.heading(gettext("No results"), bold=False)
    sheet.fit()


def scorecards_sheet(book: Workbook, *, event: PairsFile) -> None:
    """Every pair's scorecard in pair number order, scored from the pair's side, with totals."""
    unit = _unit(event)
    columns = [
        Column(gettext("Board"), align=RIGHT),
        Column(gettext("Dir")),
        Column(gettext("Opp"), align=RIGHT),
        *_play_columns(),
        Column(gettext("Score"), SIGNED, RIGHT),
        Column(unit, POINTS, RIGHT),
        *([] if event.is_imps else [Column("%", PERCENT, RIGHT)]),
        Column(gettext("Note")),
    ]
    sheet = _Sheet(
        book,
        name=gettext("Scorecards"),
        title=_title(event, gettext("scorecards")),
        columns=columns,
    )
    first = True
    for section in event.sections:
        placed = [(group, s) for group in section.ranking for s in group.standings]
        for group, standing in sorted(placed, key=lambda gs: gs[1].pair.number):
            if not first:
                sheet.gap()
            first = False
            sheet.heading(_pair_heading(section, event.sections, group, standing))
            for line in section.scorecards.get(standing.pair.number, []):
                sheet.line(
                    [
                        line.board,
                        line.direction,
                        _numeric(line.opponents.name),
                        *_play(line.line),
                        line.score,
                        line.points,
                        *([] if event.is_imps else [line.percentage]),
                        _note(line.line),
                    ]
                )
            # The ranking's percentage: on the event's basis (Event.percentage_basis).
            total = {columns[0].header: gettext("Total"), unit: standing.pair.score}
            total["%"] = standing.percentage
            sheet.line([total.get(c.header) for c in columns], bold=True)
    sheet.fit()


def settings_sheet(book: Workbook, *, event: PairsFile) -> None:
    """How the event was scored and moved: what a reader needs to check the other sheets."""
    columns = [Column(gettext("Setting")), Column(gettext("Value"), align=LEFT)]
    sheet = _Sheet(
        book, name=gettext("Settings"), title=_title(event, gettext("settings")), columns=columns
    )
    rows: list[tuple[str, object]] = [
        (gettext("Event"), event.name),
        (gettext("Club"), event.club_name),
        (gettext("Date"), event.date),
        *event.settings_summary,
    ]
    for section in event.sections:
        prefix = _section_prefix(section, event.sections)
        rows += [
            (prefix + gettext("Movement"), section.movement_shown or section.movement),
            (prefix + gettext("Tables"), section.tables),
            (prefix + gettext("Rounds"), section.rounds),
            (prefix + gettext("Boards per round"), section.boards_per_round),
        ]
    rows.append((gettext("Status"), event.status_label))
    for setting, value in rows:
        sheet.line([setting, value], formats={1: DATE} if isinstance(value, datetime.date) else {})
    sheet.fit()


# What the cells say


def _play_columns() -> list[Column]:
    return [
        Column(gettext("Contract")),
        Column(gettext("By")),
        Column(gettext("Lead")),
        Column(gettext("Tricks"), align=RIGHT),
    ]


def _play(result: FileLine) -> list:
    """Contract, declarer, lead and tricks; what took their place on a line not played."""
    if result.not_played:
        return [gettext("Not played"), None, None, None]
    if result.ns_adjustment:
        return [
            gettext("Adjusted %(adjustment)s") % {"adjustment": adjustment_text(result)},
            None,
            None,
            None,
        ]
    if result.weights:
        return [
            gettext("Weighted: %(parts)s") % {"parts": weighted_text(result.weights)},
            None,
            None,
            None,
        ]
    return [
        contract_shown(result.contract),
        seats_shown(result.declarer),
        card_shown(result.lead),
        result.tricks,
    ]


def _sides(event: PairsFile, result: FileLine) -> list:
    """The NS and EW of a traveller line: the pairs' numbers, or an individual's players."""
    if event.is_individual:
        return [result.ns_pair.names, result.ew_pair.names]
    return [_numeric(result.ns_pair.name), _numeric(result.ew_pair.name)]


def _note(result: FileLine) -> str:
    parts = []
    if result.score_ew is not None:
        parts.append(
            gettext("split score: EW scored as NS %(score)s")
            % {"score": format(result.score_ew, "+d")}
        )
    if result.note:
        parts.append(result.note)
    return pgettext("between the items of a list", "; ").join(parts)


def _numeric(text: str) -> int | str:
    # A number where it is one, so that Excel does not flag "number stored as text"; "2=" and
    # "3 NS" stay.
    return int(text) if text.isdigit() else text


def _unit(event: PairsFile) -> str:
    return gettext("IMPs") if event.is_imps else gettext("MPs")


def _section_prefix(section: FileSection, sections: list[FileSection]) -> str:
    if len(sections) == 1:
        return ""
    return gettext("Section %(section)s · ") % {"section": section.letter}


def _pair_heading(
    section: FileSection, sections: list[FileSection], group: FileRanking, standing: FileStanding
) -> str:
    pair = standing.pair
    parts = [_section_prefix(section, sections) + gettext("Pair %(pair)s") % {"pair": pair.name}]
    if pair.names:
        parts.append(pair.names)
    if group.title:
        parts.append(_direction(group))
    parts.append(gettext("place %(place)s") % {"place": standing.place})
    return " · ".join(parts)


def _direction(group: FileRanking) -> str:
    """A two-winner ranking's direction in the workbook's language ("" for one ranking): the
    file keeps it in English, as PBN and USEBIO write it, and the catalogue holds both."""
    return gettext(group.title) if group.title else ""


def _title(event: PairsFile, kind: str) -> str:
    day = written_date(event.date, "weekday long")
    return f"{sheet_title(event.name, kind)} · {event.club_name} · {day}"


def sheet_title(name: str, kind: str) -> str:
    """ "Club Pairs: travellers", its colon as the workbook's language sets one."""
    return gettext("%(event)s: %(sheet)s") % {"event": name, "sheet": kind}


# How a sheet is laid out


_SHOWN: dict[str, Callable[[object], str]] = {
    SIGNED: lambda v: f"{v:+d}" if v else "0",
    POINTS: lambda v: f"{v:.2f}",
    MP_TOTAL: lambda v: f"{v:.1f}",
    DATE: lambda v: written_date(v, "long"),
}


class _Sheet:
    """One worksheet being written: a title row, a header row, then lines and block headings.

    The two top rows are frozen and printed on every page; columns are fitted to the widest
    header or value written with `line` (titles and block headings overflow, as typed text does).
    """

    HEADER_ROWS = 2
    MAX_WIDTH = 50

    def __init__(self, book: Workbook, *, name: str, title: str, columns: list[Column]) -> None:
        self.book = book
        self.sheet = book.add_sheet(name, frozen_rows=self.HEADER_ROWS)
        self.columns = columns
        self.values: list[set] = [set() for _ in columns]  # each column's, to fit it
        # Each column's style on a plain and on a bold line, worked out once.
        self.styles = {
            bold: [book.style(Style(c.number_format, bold=bold, align=c.align)) for c in columns]
            for bold in (False, True)
        }
        self.sheet.row([title], [book.style(Style(bold=True, size=14))])
        header = [Style(bold=True, bottom_border=True, align=c.align) for c in columns]
        self.sheet.row([c.header for c in columns], [book.style(s) for s in header])
        self.bold = book.style(Style(bold=True))

    def heading(self, text: str, *, bold: bool = True) -> None:
        self.sheet.row([text], [self.bold if bold else 0])

    def gap(self) -> None:
        self.sheet.row([], [])

    def line(
        self,
        values: list,
        *,
        bold: bool = False,
        formats: dict[int, str] | None = None,
        italic: Collection[int] = (),
    ) -> None:
        """A row of values under the columns; `formats` overrides a column's number format,
        `italic` are the columns (from 0) whose cell is in italics."""
        styles = self.styles[bold]
        if formats or italic:
            styles = [
                self.book.style(
                    Style(
                        (formats or {}).get(index, column.number_format),
                        bold=bold,
                        italic=index in italic,
                        align=column.align,
                    )
                )
                for index, column in enumerate(self.columns)
            ]
        self.sheet.row(values, styles)
        if formats:  # measured as shown in this row's format
            values = [_shown(v, formats[i]) if i in formats else v for i, v in enumerate(values)]
        for seen, value in zip(self.values, values, strict=True):
            seen.add(value)

    def fit(self) -> None:
        """Each column as wide as its header or widest value, measured once per value."""
        self.sheet.widths = [
            min(
                max([len(column.header), *(len(_shown(v, column.number_format)) for v in seen)])
                + 2,
                self.MAX_WIDTH,
            )
            for column, seen in zip(self.columns, self.values, strict=True)
        ]


def _shown(value, number_format: str) -> str:
    """About what Excel shows for the value, to fit the column to it."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    number, quote, text = number_format.partition('"')
    if quote:  # a number with text after it: 0.00" R2"
        return _shown(value, number) + text.rstrip('"')
    shown = _SHOWN.get(number_format)
    return shown(value) if shown else str(value)
