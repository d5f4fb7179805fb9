"""The entry grid's data: the rows of a board's traveller or of a pick-up slip, each with the
line saved in it and its pairs as the director types them, and where the grid leads on."""

from dataclasses import dataclass, field

from events.models import Board, Result, TableLine, TableRound
from events.services.entry import board_meetings, board_rounds
from events.services.individuals import side_labels
from events.services.line_text import adjusted_words, result_text
from events.services.navigation import board_place, next_slip
from events.services.pair_labels import section_labels, several_sections
from events.services.repairs import still_to_settle_on
from events.services.tables.access import tables_open
from events.services.tables.room import WAITING
from scoring.pair_labels import printed_number


@dataclass
class Row:
    """A row of the entry grid; a row without pairs is the free line for unscheduled results."""

    board: Board
    ns: int | None
    ew: int | None
    result: Result | None
    text: str = ""  # what the input shows: the saved line, or what was typed and refused
    saved_text: str = ""  # what Escape goes back to
    error: str = ""
    focus: bool = False
    ns_printed: str = ""  # the pairs' numbers as the director types them
    ew_printed: str = ""
    picked: bool = False  # the row a problem's "Open the line" named
    waiting: TableLine | None = None  # the table's line waiting for acceptance, or disputed

    @property
    def adjusted(self) -> str:
        return adjusted_words(self.result) if self.result and self.result.ns_adjustment else ""

    @property
    def key(self) -> str:
        return f"{self.board.number}-{self.ns or ''}-{self.ew or ''}"


@dataclass(frozen=True)
class EntryGrid:
    """A traveller's grid (`board`, the boards either side) or a slip's (`table_round`, its two
    pairs as printed, the next slip's round and table); what a repair left to settle there."""

    rows: list[Row]
    several_sections: bool
    board: Board | None = None
    previous: int | None = None
    next: int | None = None
    table_round: TableRound | None = None
    sides: list[str] = field(default_factory=list)
    next_slip: tuple[int, int] | None = None
    to_settle: list[str] = field(default_factory=list)

    @property
    def example(self) -> str:
        """What a line starts with to name its pairs (an individual's four players, N S E W),
        taken from a meeting this grid schedules: "1 8"; "" when it schedules none."""
        row = next((row for row in self.rows if row.ns is not None), None)
        return f"{row.ns_printed} {row.ew_printed}".replace("+", " ") if row else ""


def traveller_grid(*, board: Board) -> EntryGrid:
    """The grid of `board` (its section and event selected with it): a row for each meeting
    the movement schedules, by NS pair, with the line saved for it either way round; then a row
    for each line of pairs the movement does not bring together; then the free line."""
    results = {
        (r.ns_pair.number, r.ew_pair.number): r
        for r in board.results.select_related("ns_pair", "ew_pair")
    }
    waiting = {
        (line.round, line.access.table): line
        for line in TableLine.objects.filter(
            access__section_id=board.section_id, board_number=board.number, state__in=WAITING
        ).select_related("access")
    }
    meetings = board_meetings(board=board)
    rows = []
    for meeting in sorted(meetings, key=lambda m: m.ns):
        result = results.pop((meeting.ns, meeting.ew), None) or results.pop(
            (meeting.ew, meeting.ns), None
        )
        ns, ew = (
            (result.ns_pair.number, result.ew_pair.number) if result else (meeting.ns, meeting.ew)
        )
        rows.append(Row(board, ns, ew, result, waiting=waiting.get((meeting.round, meeting.table))))
    rows += [Row(board, ns, ew, r) for (ns, ew), r in sorted(results.items())]
    rows.append(Row(board, None, None, None))
    _fill(rows)
    place = board_place(board=board)
    seated = [pair for meeting in meetings for pair in (meeting.ns, meeting.ew)]
    return EntryGrid(
        rows=rows,
        several_sections=place.several_sections,
        board=board,
        previous=place.previous,
        next=place.next,
        to_settle=[
            settle.text
            for settle in still_to_settle_on(
                section=board.section, board=board.number, seated=seated
            )
        ],
    )


@dataclass(frozen=True)
class SavedRow:
    """A scheduled row of a board's grid just saved, and the points of every line of the board
    by row key (a line moves the others' points): what a save answers with while the rest of
    the grid stands as it was."""

    row: Row
    points: list[tuple[str, object, object]]


def saved_row(*, board: Board, result: Result) -> SavedRow | None:
    """`result`'s row on `board`'s grid (its pairs selected with it) and every line's points;
    None once every meeting of the board is entered: the grid then leads on, drawn whole. A
    board's grid of a hundred rows is not read and drawn again for each line saved in it."""
    lines = board.results.values_list(
        "ns_pair__number", "ew_pair__number", "ns_points", "ew_points"
    )
    points, entered = [], set()
    for ns, ew, ns_points, ew_points in lines:
        points.append((f"{board.number}-{ns}-{ew}", ns_points, ew_points))
        entered |= {(ns, ew), (ew, ns)}
    meetings = board_rounds(board=board).values_list("ns_pair__number", "ew_pair__number")
    if all(meeting in entered for meeting in meetings):
        return None
    waiting = (
        TableLine.objects.filter(
            access__section_id=board.section_id,
            access__table=result.table,
            board_number=board.number,
            round=result.round,
            state__in=WAITING,
        ).first()
        if tables_open(board)
        else None
    )
    row = Row(board, result.ns_pair.number, result.ew_pair.number, result, waiting=waiting)
    _fill([row])
    return SavedRow(row=row, points=points)


def slip_grid(*, table_round: TableRound) -> EntryGrid:
    """The grid of a pick-up slip (its section, event and pairs selected with it): a row for
    each board the table-round plays, with the line its two pairs saved on it either way
    round."""
    boards = Board.objects.filter(
        section_id=table_round.section_id,
        number__gte=table_round.low_board,
        number__lte=table_round.high_board,
    ).select_related("section__event")
    pairs = {table_round.ns_pair_id, table_round.ew_pair_id}
    results = {
        r.board_id: r
        for r in Result.objects.filter(
            board__in=boards, ns_pair_id__in=pairs, ew_pair_id__in=pairs
        ).select_related("ns_pair", "ew_pair")
    }
    waiting = {
        line.board_number: line
        for line in TableLine.objects.filter(
            access__section_id=table_round.section_id,
            access__table=table_round.table,
            round=table_round.round,
            state__in=WAITING,
        )
    }
    rows = []
    for board in boards:
        result = results.get(board.pk)
        ns, ew = table_round.ns_pair.number, table_round.ew_pair.number
        if result:
            ns, ew = result.ns_pair.number, result.ew_pair.number
        rows.append(Row(board, ns, ew, result, waiting=waiting.get(board.number)))
    labels = _fill(rows)
    return EntryGrid(
        rows=rows,
        several_sections=several_sections(event_id=table_round.section.event_id),
        table_round=table_round,
        sides=[
            printed_number(labels.get(pair.number, pair.name))
            for pair in (table_round.ns_pair, table_round.ew_pair)
        ],
        next_slip=next_slip(table_round=table_round),
        to_settle=[
            settle.text
            for settle in still_to_settle_on(
                section=table_round.section, board=table_round.low_board
            )
            if (settle.round, settle.table) == (table_round.round, table_round.table)
        ],
    )


def _fill(rows: list[Row]) -> dict[int, str]:
    """Give each row the text of its saved line and its pairs' numbers as the director types
    them (an individual's side by its players, "8+5"); the labels those numbers come from."""
    if not rows:
        return {}
    section = rows[0].board.section
    labelled = side_labels if section.event.is_individual else section_labels
    labels = labelled(section=section)
    for row in rows:
        row.text = row.saved_text = result_text(row.result) if row.result else ""
        if row.ns is not None:
            row.ns_printed = printed_number(labels.get(row.ns, str(row.ns)))
            row.ew_printed = printed_number(labels.get(row.ew, str(row.ew)))
    return labels
