"""The director's view of the room while the tables enter their own results: each
table-round's progress (entered, waiting for the opponents, disputed, late by the clock), which
lines came from the tables, the tables' open calls, and the director's take-over of a table's
waiting line (accepted on its behalf, or discarded).

A few queries of plain values whatever the room's size: the director's page polls it every few
seconds, and a congress has 200 tables.
"""

import datetime
from collections import Counter
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext

from events.models import Board, Event, Section, TableCall, TableLine, TableRound
from events.services.entry import LineRefused
from events.services.notes import sentence
from events.services.pair_labels import several_sections
from events.services.problems import rounds_due_by_clock
from events.services.progress import SlipProgress, slip_progress
from events.services.status import check_editable
from events.services.tables.access import table_name
from events.services.tables.calls import clear_dispute, open_calls
from events.services.tables.lines import save_accepted
from scoring import ScoringError, parse_traveller_line

WAITING = (TableLine.State.ENTERED, TableLine.State.DISPUTED)


@dataclass(frozen=True)
class Cell:
    """A table-round of the room: its slip's progress, how many of its saved lines came from
    the table, its lines still waiting or disputed, whether the clock says it is late and
    whether the table has called the director."""

    slip: SlipProgress
    from_table: int = 0
    waiting: int = 0
    disputed: int = 0
    late: bool = False
    called: bool = False

    @property
    def from_director(self) -> int:
        return self.slip.entered - self.from_table

    @property
    def state(self) -> str:
        """The cell's most pressing state, for its colour: called, disputed, late, waiting,
        done, or "" while the round is in play."""
        if self.called:
            return "called"
        if self.disputed:
            return "disputed"
        if self.late:
            return "late"
        if self.waiting:
            return "waiting"
        return "done" if self.slip.complete else ""


@dataclass(frozen=True)
class SectionRoom:
    section: Section
    tables: range
    rounds: list[tuple[int, list[Cell]]]


@dataclass(frozen=True)
class WaitingLine:
    """A line a table entered that is not a result yet: what the director may accept on the
    table's behalf or discard."""

    line: TableLine
    table: str  # the table as the director's pages name it


@dataclass(frozen=True)
class Call:
    """An open call from a table, with the disputed line it is about (None for the button)."""

    call: TableCall
    table: str
    line: TableLine | None


@dataclass(frozen=True)
class Room:
    sections: list[SectionRoom]
    waiting: list[WaitingLine]
    calls: list[Call]
    due: int  # rounds that should be over by now, by the start time and round length


def room(*, event: Event, now: datetime.datetime | None = None) -> Room:
    """The room of a pairs or individual event as it stands `now` (default: the present)."""
    due = rounds_due_by_clock(event, now or timezone.now())
    several = several_sections(event_id=event.pk)
    waiting = _waiting_lines(event)
    calls = table_calls(event=event, waiting=waiting)
    from_tables = Counter(
        {
            (section_id, table, round_number): count
            for section_id, table, round_number, count in TableLine.objects.filter(
                access__event=event, state=TableLine.State.ACCEPTED, result__isnull=False
            )
            .values_list("access__section_id", "access__table", "round")
            # A correction accepted is a second accepted line of the same result.
            .annotate(count=Count("result", distinct=True))
            .order_by()
        }
    )
    states = Counter(
        (line.access.section_id, line.access.table, line.round, line.state) for line in waiting
    )
    called = {(c.call.access.section_id, c.call.access.table, c.call.round) for c in calls}

    def cell(section_id: int, slip: SlipProgress) -> Cell:
        key = (section_id, slip.table, slip.round)
        return Cell(
            slip,
            from_table=from_tables[key],
            waiting=states[(*key, TableLine.State.ENTERED)],
            disputed=states[(*key, TableLine.State.DISPUTED)],
            late=slip.played and not slip.complete and slip.round <= due,
            called=key in called,
        )

    sections = [
        SectionRoom(
            section,
            range(1, section.tables + 1),
            [
                (round_number, [cell(section.pk, slip) for slip in slips])
                for round_number, slips in sorted(slip_progress(section=section).items())
            ],
        )
        for section in event.sections.select_related("event")
    ]
    return Room(
        sections=sections,
        waiting=[
            WaitingLine(line, table_name(access=line.access, several_sections=several))
            for line in waiting
        ],
        calls=calls,
        due=due,
    )


def table_calls(*, event: Event, waiting: list[TableLine] | None = None) -> list[Call]:
    """The event's open calls, oldest first, each dispute with its disputed line (looked up
    in `waiting`, the event's waiting lines, when the caller has them already)."""
    calls = open_calls(event=event)
    if not calls:
        return []
    if waiting is None:
        waiting = _waiting_lines(event, states=(TableLine.State.DISPUTED,))
    disputed = {
        (line.access_id, line.board_number): line
        for line in waiting
        if line.state == TableLine.State.DISPUTED
    }
    several = several_sections(event_id=event.pk)
    return [
        Call(
            call,
            table_name(access=call.access, several_sections=several),
            disputed.get((call.access_id, call.board_number))
            if call.kind == TableCall.Kind.DISPUTE
            else None,
        )
        for call in calls
    ]


def _waiting_lines(event: Event, states: tuple = WAITING) -> list[TableLine]:
    return list(
        TableLine.objects.filter(access__event=event, state__in=states)
        .select_related("access", "access__section")
        .order_by("created", "pk")
    )


def waiting_line(*, event: Event, line_id: int) -> TableLine | None:
    """The event's table line `line_id`, if it still waits (entered or disputed)."""
    return (
        TableLine.objects.filter(access__event=event, pk=line_id, state__in=WAITING)
        .select_related("access__section", "access__event__club")
        .first()
    )


def accept_for_table(*, line: TableLine, user) -> TableLine:
    """Save a pairs or individual table's waiting line as the director, on the table's behalf,
    with the pairs the movement seats there; the history says "accepted by the director for
    table 3", and a dispute of the board at the table is settled (save_accepted). Raises
    LineRefused, saving nothing, for a line the entry service refuses, a line no longer
    waiting, or an event that may not change."""
    access = line.access
    event = access.event
    check_editable(event)
    try:
        traveller_line = parse_traveller_line(line.text)
    except ScoringError as refused:
        raise LineRefused(str(refused)) from None
    seats = (
        TableRound.objects.filter(
            section_id=access.section_id, round=line.round, table=access.table
        )
        .values_list("ns_pair__number", "ew_pair__number")
        .first()
    )
    board = (
        Board.objects.filter(section_id=access.section_id, number=line.board_number)
        .select_related("section__event")
        .first()
    )
    if seats is None or None in seats or board is None:
        raise LineRefused(
            gettext("board %(board)s is not played at table %(table)s in round %(round)s")
            % {"board": line.board_number, "table": access.table, "round": line.round}
        )
    note = [sentence("accepted-by-director", table=access.table)]
    if save_accepted(
        line, board=board, traveller_line=traveller_line, seats=seats, note=note,
        waiting=WAITING, user=user,
    ) is None:  # fmt: skip
        raise LineRefused(gettext("the table's line is no longer waiting: reload the page"))
    return line


def discard_table_line(*, line: TableLine) -> None:
    """Drop a table's waiting line (the director enters the board instead, or the table enters
    it again), and with a disputed one the call its dispute raised: the director has settled
    it. An accepted line is a result, and stays."""
    with transaction.atomic():
        disputed, _ = TableLine.objects.filter(pk=line.pk, state=TableLine.State.DISPUTED).delete()
        TableLine.objects.filter(pk=line.pk, state=TableLine.State.ENTERED).delete()
        if disputed:
            clear_dispute(access=line.access, round=line.round, board_number=line.board_number)
