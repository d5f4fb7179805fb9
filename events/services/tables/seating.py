"""Who sits at a table now and what it has to play: the table's current round, its players by
name, and the round's boards with the state of each (open, waiting for the opponents, disputed,
played).

The movement as it stands is read from the section's TableRound rows, so a late pair or a
repair the director made is what the table follows. A table's rounds go in order:

- the table's *last round* is the latest round it has a line in (a line waiting, or a result
  of its meeting that round, from the table or the director);
- the *current round* is that round while one of its boards is still open, else the next round
  the movement gives the table a meeting in (None once the table has played all its rounds);
- a round *ends* for the table when the players of its next round say they are seated
  (seat_next_round; tapping a board of their round says it too) or enter a line: until then the
  round just played is shown (its scores, travellers and hands, to the players who played it)
  and the table may correct its own lines of it (lines.reopen_line); after that the page shows
  nothing of it, since the players now seated may play those boards later, and only the
  director corrects it.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from django.db.models import Q

from events.models import Board, Event, Result, Section, TableAccess, TableLine, TableRound
from events.services.individuals import side_players
from events.services.travellers import seated_players

SEATS = ("N", "S", "E", "W")


@dataclass
class BoardAtTable:
    """A board of the round at this table: its row, the table's line of it and the result."""

    number: int
    board: Board
    line: TableLine | None = None  # the table's waiting or disputed line, else its accepted one
    result: Result | None = None

    @property
    def state(self) -> str:
        """open, entered (waiting for the opponents), disputed, or played."""
        if self.line is not None and self.line.state != TableLine.State.ACCEPTED:
            return self.line.state
        return "played" if self.result is not None else "open"

    @property
    def played(self) -> bool:
        return self.result is not None


@dataclass
class RoundAtTable:
    """A round of the table: its meeting, its boards in order, and who sits where by name."""

    meeting: TableRound
    boards: list[BoardAtTable]
    event: Event
    section: Section

    @cached_property
    def seats(self) -> dict[str, str]:
        """N, S, E, W -> who sits there: read only by the page that shows them, not by a
        line's entry or acceptance."""
        return _seats(self.event, self.section, self.meeting)

    @property
    def number(self) -> int:
        return self.meeting.round

    @property
    def over(self) -> bool:
        """Every board of the round is played."""
        return all(b.played for b in self.boards)

    def board(self, number: int) -> BoardAtTable | None:
        return next((b for b in self.boards if b.number == number), None)


@dataclass
class TableNow:
    """A pairs or individual table now (table_now), or a teams match's table (its section
    None, its rounds matches: match_tables.table_now)."""

    access: TableAccess
    event: Event
    section: Section | None
    last_round: int  # the latest round the table has a line in; 0 before its first
    current: RoundAtTable | None = None  # the round it plays now; None once all are played
    # The table's last round, played, while the table has entered nothing of a later one: its
    # end-of-round view, and the lines it may still correct.
    ended: RoundAtTable | None = None

    def round(self, number: int) -> RoundAtTable | None:
        """The current or the ended round, by number."""
        return next((r for r in (self.current, self.ended) if r and r.number == number), None)

    def correctable(self, round: int) -> bool:
        """Whether the table may still correct its own lines of `round`: its current round, or
        the round just played until the round ends (the module's words)."""
        return self.round(round) is not None and round == self.last_round


def _meetings(section: Section, table: int) -> list[TableRound]:
    return list(
        TableRound.objects.filter(
            section=section,
            table=table,
            ns_pair__isnull=False,
            ew_pair__isnull=False,
            low_board__isnull=False,
        )
        .select_related("ns_pair", "ew_pair")
        .order_by("round")
    )


def _board_numbers(meeting: TableRound) -> range:
    return range(meeting.low_board, meeting.high_board + 1)


def table_now(*, access: TableAccess) -> TableNow:
    """The table as its players see it now (see the module's words for the rounds)."""
    section, event = access.section, access.event
    section.event = event
    meetings = _meetings(section, access.table)
    lines = list(access.lines.order_by("created"))
    played_rounds = set(
        Result.objects.filter(board__section=section, table=access.table).values_list(
            "round", flat=True
        )
    ) - {None}
    last = max({line.round for line in lines} | played_rounds, default=0)
    now = TableNow(access, event, section, last)
    for at_table in _rounds_at_table(
        event, section, [m for m in meetings if m.round >= last], lines
    ):
        if not at_table.over:
            now.current = at_table
            break
        if at_table.number == last:
            now.ended = at_table
    if now.ended and now.current and access.seated_round >= now.current.number:
        now.ended = None  # the next round's players are seated
    return now


def seat_next_round(*, now: TableNow, round: int) -> None:
    """The players of the table's current round (`now`, a pairs or a teams table's) say they
    are seated: the round before it ends (the module's words). Said again, or for another
    round, it changes nothing."""
    if now.current is not None and now.current.number == round:
        TableAccess.objects.filter(pk=now.access.pk, seated_round__lt=round).update(
            seated_round=round
        )


def _rounds_at_table(
    event: Event, section: Section, meetings: list[TableRound], lines: list[TableLine]
) -> Iterator[RoundAtTable]:
    """The RoundAtTable of each of the table's `meetings`, in order, with the table's `lines`
    (by creation): read two rounds at a time, the round just played and the one after it
    being all that table_now needs as a rule."""
    for start in range(0, len(meetings), 2):
        chunk = meetings[start : start + 2]
        numbers = {n for meeting in chunk for n in _board_numbers(meeting)}
        played = Q()
        for meeting in chunk:
            pairs = {meeting.ns_pair_id, meeting.ew_pair_id}
            played |= Q(
                board__number__range=(meeting.low_board, meeting.high_board),
                ns_pair__in=pairs,
                ew_pair__in=pairs,
            )
        results = list(
            Result.objects.filter(played, board__section=section).select_related("board")
        )
        boards = {b.number: b for b in Board.objects.filter(section=section, number__in=numbers)}
        for board in boards.values():
            board.section = section  # with its event: a played board's traveller asks for both
        for meeting in chunk:
            yield _round_at_table(event, section, meeting, results, lines, boards)


def _round_at_table(event, section, meeting, results, lines, boards) -> RoundAtTable:
    """The round of `meeting`, from the results, lines and boards read for it (and others)."""
    numbers = _board_numbers(meeting)
    pairs = {meeting.ns_pair_id, meeting.ew_pair_id}
    played = {
        r.board.number: r
        for r in results
        if r.board.number in numbers and {r.ns_pair_id, r.ew_pair_id} <= pairs
    }
    by_board: dict[int, TableLine] = {}
    for line in lines:
        if line.round != meeting.round:
            continue
        # A line still waiting wins over the accepted one it corrects.
        if line.board_number not in by_board or line.state != TableLine.State.ACCEPTED:
            by_board[line.board_number] = line
    return RoundAtTable(
        meeting,
        [
            BoardAtTable(n, boards[n], by_board.get(n), played.get(n))
            for n in numbers
            if n in boards
        ],
        event,
        section,
    )


def _seats(event: Event, section: Section, meeting: TableRound) -> dict[str, str]:
    """Who sits where this round, by name: an individual's four players, a pair's two."""
    if event.is_individual:
        sides = side_players(section=section)
        seated = sides.get(meeting.ns_pair_id, {}) | sides.get(meeting.ew_pair_id, {})
        return {seat: seated[seat].label if seat in seated else "" for seat in SEATS}
    seats = {}
    for pair, pair_seats in ((meeting.ns_pair, "NS"), (meeting.ew_pair, "EW")):
        players = seated_players(pair=pair)
        for seat, player in zip(pair_seats, players, strict=False):
            seats[seat] = player.name
    return {seat: seats.get(seat, "") for seat in SEATS}
