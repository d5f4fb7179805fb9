"""The director's view of the room while the tables enter their own results: each
table-round's progress (entered, waiting for the opponents, disputed, late by the clock), which
lines came from the tables, the tables' open calls, and the director's take-over of a table's
waiting line (accepted on its behalf, or discarded).

A few queries of plain values whatever the room's size: the director's page polls it every few
seconds, and a congress has 200 tables.
"""

import datetime
import functools
from collections import Counter
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext

from events.models import (
    Board,
    Event,
    Match,
    MatchLine,
    Section,
    TableCall,
    TableLine,
    TableRound,
    Team,
)
from events.services.entry import LineRefused
from events.services.notes import sentence
from events.services.pair_labels import several_sections
from events.services.problems import rounds_due_by_clock
from events.services.progress import SlipProgress, slip_progress
from events.services.status import check_editable
from events.services.tables.access import table_name
from events.services.tables.calls import clear_dispute, open_calls
from events.services.tables.lines import save_accepted, saving_result
from events.services.teams.lines import save_match_line
from events.services.teams.match_scoring import match_boards
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
    calls = table_calls(event=event, waiting=waiting, several=several)
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
    return Room(sections=sections, waiting=_named(waiting, several), calls=calls, due=due)


def _named(waiting: list[TableLine], several: bool) -> list[WaitingLine]:
    return [
        WaitingLine(line, table_name(access=line.access, several_sections=several))
        for line in waiting
    ]


@dataclass(frozen=True)
class MatchBoardCell:
    """A board of a match at one of its tables: "" while not in, "table" (accepted there),
    "director" (the director's line), "waiting" (for the opponents) or "disputed"."""

    number: int
    state: str


@dataclass(frozen=True)
class MatchTable:
    """One of a match's two tables: the half (1: the home team North-South, 2: the away team),
    the team sitting North-South there, each board's cell, and whether the table calls."""

    half: int
    ns: Team
    boards: list[MatchBoardCell]
    called: bool

    @property
    def entered(self) -> int:
        return sum(cell.state in ("table", "director") for cell in self.boards)


@dataclass(frozen=True)
class MatchInRoom:
    """A match of the room: its two tables, whether it is all in (or its result given by the
    director) and whether the clock says it is late."""

    match: Match
    tables: tuple[MatchTable, MatchTable]
    done: bool
    late: bool

    @property
    def state(self) -> str:
        """As a pairs table-round's Cell.state: called, disputed, late, waiting, done or ""."""
        states = {cell.state for table in self.tables for cell in table.boards}
        if any(table.called for table in self.tables):
            return "called"
        if "disputed" in states:
            return "disputed"
        if self.late:
            return "late"
        if "waiting" in states:
            return "waiting"
        return "done" if self.done else ""


@dataclass(frozen=True)
class MatchRoom:
    """A teams event's room: the matches of `round` (the last drawn unless asked), each board
    at each of their two tables, and the event's waiting lines and calls as a pairs room's."""

    round: int | None
    rounds: list[int]
    matches: list[MatchInRoom]
    waiting: list[WaitingLine]
    calls: list[Call]
    due: int


def match_room(
    *, event: Event, round: int | None = None, now: datetime.datetime | None = None
) -> MatchRoom:
    """The room of a teams event as it stands `now`, showing `round`'s matches (default, and
    for a round not drawn: the last round drawn). The same few queries however many matches."""
    due = rounds_due_by_clock(event, now or timezone.now())
    waiting = _waiting_lines(event)
    calls = table_calls(event=event, waiting=waiting, several=False)
    played = Match.objects.filter(event=event, away__isnull=False)
    rounds = sorted(set(played.values_list("round", flat=True)))
    if round not in rounds:
        round = rounds[-1] if rounds else None
    matches = list(
        played.filter(round=round).select_related("event__team_settings", "home", "away")
    )
    saved = MatchLine.objects.filter(board__match__in=matches).values_list(
        "board__match_id", "board__number", "table", "pk"
    )
    from_tables = set(
        TableLine.objects.filter(
            access__event=event, state=TableLine.State.ACCEPTED, match_line__isnull=False
        ).values_list("match_line_id", flat=True)
    )
    state = {
        (match_id, number, half): "table" if pk in from_tables else "director"
        for match_id, number, half, pk in saved
    }
    by_table = {match.table: match.pk for match in matches}
    for line in waiting:  # a line waiting at a table wins over the line it corrects
        if line.round == round and line.access.table in by_table:
            key = (by_table[line.access.table], line.board_number, line.access.half)
            state[key] = "waiting" if line.state == TableLine.State.ENTERED else "disputed"
    called = {(c.call.access.table, c.call.access.half) for c in calls if c.call.round == round}

    def table(match: Match, half: int) -> MatchTable:
        numbers = range(match.first_board, match.first_board + match_boards(match))
        return MatchTable(
            half,
            match.home if half == 1 else match.away,
            [MatchBoardCell(n, state.get((match.pk, n, half), "")) for n in numbers],
            (match.table, half) in called,
        )

    shown = []
    for match in matches:
        tables = (table(match, 1), table(match, 2))
        done = match.finished or all(t.entered == len(t.boards) for t in tables)
        shown.append(MatchInRoom(match, tables, done, late=round <= due and not done))
    return MatchRoom(round, rounds, shown, _named(waiting, False), calls, due)


def table_calls(
    *, event: Event, waiting: list[TableLine] | None = None, several: bool | None = None
) -> list[Call]:
    """The event's open calls, oldest first, each dispute with its disputed line (looked up
    in `waiting`, the event's waiting lines, when the caller has them already; `several`:
    whether the event has several sections, when the caller knows)."""
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
    if several is None:
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
    """Save a table's waiting line as the director, on the table's behalf: a pairs or
    individual table's with the pairs the movement seats there, a teams table's as its match's
    line at that table. The history says "accepted by the director for table 3" ("for table 2
    of match 3"), and a dispute of the board at the table is settled (save_accepted). Raises
    LineRefused, saving nothing, for a line the entry service refuses, a line no longer
    waiting, or an event that may not change."""
    access = line.access
    check_editable(access.event)
    try:
        traveller_line = parse_traveller_line(line.text)
    except ScoringError as refused:
        raise LineRefused(str(refused)) from None
    save = (_saving_match_line if access.half else _saving_result)(line, traveller_line, user)
    if save is None:
        raise LineRefused(
            gettext("board %(board)s is not played at table %(table)s in round %(round)s")
            % {"board": line.board_number, "table": access.table, "round": line.round}
        )
    if save_accepted(line, save=save, waiting=WAITING) is None:
        raise LineRefused(gettext("the table's line is no longer waiting: reload the page"))
    return line


def _saving_result(line: TableLine, traveller_line, user):
    """save_accepted's `save` for a pairs or individual table's line; None when the movement
    does not play the board there in the line's round."""
    access = line.access
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
        return None
    note = [sentence("accepted-by-director", table=access.table)]
    return saving_result(
        line, board=board, traveller_line=traveller_line, seats=seats, note=note, user=user
    )


def _saving_match_line(line: TableLine, traveller_line, user):
    """save_accepted's `save` for a teams table's line: its match's line at the table's half,
    checked and recorded by save_match_line; None when no match is played at the table in the
    line's round."""
    access = line.access
    match = (
        Match.objects.filter(
            event_id=access.event_id, round=line.round, table=access.table, away__isnull=False
        )
        .select_related("event__team_settings", "home", "away")
        .first()
    )
    if match is None:
        return None
    note = [sentence("accepted-by-director-match", half=access.half, table=access.table)]
    return functools.partial(
        save_match_line, match=match, board_number=line.board_number, table=access.half,
        line=traveller_line, user=user, note=note,
    )  # fmt: skip


def discard_table_line(*, line: TableLine) -> None:
    """Drop a table's waiting line (the director enters the board instead, or the table enters
    it again), and with a disputed one the call its dispute raised: the director has settled
    it. An accepted line is a result, and stays."""
    with transaction.atomic():
        disputed, _ = TableLine.objects.filter(pk=line.pk, state=TableLine.State.DISPUTED).delete()
        TableLine.objects.filter(pk=line.pk, state=TableLine.State.ENTERED).delete()
        if disputed:
            clear_dispute(access=line.access, round=line.round, board_number=line.board_number)
