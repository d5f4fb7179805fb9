"""What a movement is: who sits where, on which boards, round by round (SPEC §5.2, §5.3)."""

from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import cached_property

from scoring.errors import ScoringError

NS = "NS"
EW = "EW"


def whole_number(what: str, value, lowest: int, highest: int | None = None) -> int:
    """`value` itself when it is a whole number in lowest..highest; else a ScoringError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringError(
            "%(what)s must be a whole number, not %(value)s.",
            what=what,
            value=repr(value),
        )
    if highest is None and value < lowest:
        raise ScoringError(
            "%(what)s must be at least %(lowest)s, not %(value)s.",
            what=what,
            lowest=lowest,
            value=value,
        )
    if highest is not None and not lowest <= value <= highest:
        raise ScoringError(
            "%(what)s must be from %(lowest)s to %(highest)s, not %(value)s.",
            what=what,
            lowest=lowest,
            highest=highest,
            value=value,
        )
    return value


def tables_label(tables: int, sit_out: bool) -> str:
    """'7', or '6½' when the last of 7 tables is a half table."""
    return f"{tables - 1}½" if sit_out else str(tables)


def boards_text(boards: tuple[int, ...]) -> str:
    """'boards 4-6', or 'board 4' for a one-board round; boards of a set are consecutive."""
    if len(boards) == 1:
        return f"board {boards[0]}"
    return f"boards {boards[0]}-{boards[-1]}"


@dataclass(frozen=True)
class Sitting:
    """One table in one round: the NS pair against the EW pair on one board set.

    A pair that sits out (its opponent would be the phantom pair of a half table) still has a
    Sitting, at the table and in the seat where it would meet the phantom: the phantom's seat is
    None, and board_set is None because no boards are played there.
    """

    round: int
    table: int
    ns_pair: int | None
    ew_pair: int | None
    board_set: int | None

    @property
    def pairs(self) -> tuple[int, ...]:
        """The pairs seated here: two, or the one that sits out."""
        return tuple(pair for pair in (self.ns_pair, self.ew_pair) if pair is not None)

    @property
    def sit_out(self) -> int | None:
        """The pair that sits out here, or None when two pairs play."""
        return self.pairs[0] if len(self.pairs) == 1 else None

    def direction_of(self, pair: int) -> str:
        return NS if pair == self.ns_pair else EW

    def opponent_of(self, pair: int) -> int | None:
        return self.ew_pair if pair == self.ns_pair else self.ns_pair


@dataclass(frozen=True)
class Position:
    """A seat: table and direction."""

    table: int
    direction: str

    def __str__(self) -> str:
        return f"table {self.table} {self.direction}"


@dataclass(frozen=True)
class GuideLine:
    """One round of a pair's guide card; `opponent` None and no boards when the pair sits out."""

    round: int
    position: Position
    opponent: int | None
    boards: tuple[int, ...]
    next: Position | None

    def __str__(self) -> str:
        """E.g. 'round 2: table 3 NS v pair 12, boards 4-6; then go to table 4 EW'."""
        if self.opponent is None:
            text = f"round {self.round}: {self.position}, sit out"
        else:
            text = f"round {self.round}: {self.position} v pair {self.opponent}, "
            text += boards_text(self.boards)
        return text + (f"; then go to {self.next}" if self.next else "; last round")


@dataclass(frozen=True)
class TableRound:
    """One line of a table card: who plays what at this table in this round, where they go next.

    `shared_with` names the other tables playing the same boards in this round (share-and-relay,
    3- and 5-table Howells); the boards are passed between them. `boards_next` are the tables
    that play this table's boards in the next round; `boards_wait` says they are played in a
    later round but not the next (they wait on the relay stand).
    """

    table: int
    round: int
    ns_pair: int | None
    ew_pair: int | None
    boards: tuple[int, ...]
    ns_next: Position | None
    ew_next: Position | None
    shared_with: tuple[int, ...]
    boards_next: tuple[int, ...]
    boards_wait: bool


@dataclass(frozen=True)
class Movement:
    """A complete schedule of a pairs session, and the questions scoring asks of it.

    `sittings` are ordered by round, then table. `tables` counts a half table as one. `phantom`
    is the missing pair of a half table (it is not in `pairs`). `ns_pairs`/`ew_pairs` are the
    home directions of a Mitchell (None for a Howell); in `arrow_switch_rounds` they are swapped.
    `relay_sets` is the board set on the relay (bye) stand in each round, round 1 first.
    `barometer`: every table has its own copy of the round's boards (scoring.movements.barometer),
    so no table passes boards to another. `phantom_sets` are the board sets the phantom's table
    would play, one for each round in which a pair sits out there.
    """

    name: str
    kind: str
    tables: int
    boards_per_round: int
    sittings: tuple[Sitting, ...]
    ns_pairs: tuple[int, ...] | None = None
    ew_pairs: tuple[int, ...] | None = None
    phantom: int | None = None
    variant: str | None = None
    arrow_switch_rounds: tuple[int, ...] = ()
    relay_sets: tuple[int, ...] = ()
    barometer: bool = False
    phantom_sets: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        # Guards any schedule, including ones typed in or imported: a pair in two places at
        # once, or seeing a board twice, cannot be scored.
        placed: set[tuple[int, int]] = set()
        played: set[tuple[int, int]] = set()
        for sitting in self.sittings:
            for pair in sitting.pairs:
                if (pair, sitting.round) in placed:
                    raise ScoringError(
                        "Pair %(pair)s is placed twice in round %(round)s.",
                        pair=pair,
                        round=sitting.round,
                    )
                placed.add((pair, sitting.round))
                if sitting.board_set is not None:
                    if (pair, sitting.board_set) in played:
                        raise ScoringError(
                            "Pair %(pair)s would play board set %(board_set)s twice.",
                            pair=pair,
                            board_set=sitting.board_set,
                        )
                    played.add((pair, sitting.board_set))

    @cached_property
    def rounds(self) -> int:
        return max(sitting.round for sitting in self.sittings)

    @cached_property
    def pairs(self) -> tuple[int, ...]:
        """Every real pair (not the phantom), in order."""
        return tuple(sorted({pair for sitting in self.sittings for pair in sitting.pairs}))

    @cached_property
    def sets(self) -> int:
        """The number of board sets in play: the highest set on a table or on the relay."""
        return max(
            [sitting.board_set for sitting in self.sittings if sitting.board_set is not None]
            + list(self.relay_sets)
        )

    @property
    def board_count(self) -> int:
        """Boards in play: sets × boards per round."""
        return self.sets * self.boards_per_round

    def boards_of_set(self, board_set: int) -> tuple[int, ...]:
        """The boards of a set: set s holds boards (s−1)·bpr+1 .. s·bpr."""
        whole_number("A board set", board_set, 1, self.sets)
        first = (board_set - 1) * self.boards_per_round + 1
        return tuple(range(first, first + self.boards_per_round))

    def set_of_board(self, board: int) -> int:
        """The set a board belongs to; a ScoringError for a board not in this movement."""
        whole_number("A board number", board, 1, self.board_count)
        return (board - 1) // self.boards_per_round + 1

    def boards_at(self, round: int, table: int) -> tuple[int, ...]:
        """The boards played at a table in a round; none where a pair sits out."""
        whole_number("A round", round, 1, self.rounds)
        whole_number("A table", table, 1, self.tables)
        for sitting in self.sittings:
            if (sitting.round, sitting.table) == (round, table) and sitting.board_set is not None:
                return self.boards_of_set(sitting.board_set)
        return ()

    @cached_property
    def _seats(self) -> dict[tuple[int, int], Sitting]:
        return {(pair, s.round): s for s in self.sittings for pair in s.pairs}

    def sitting_of(self, pair: int, round: int) -> Sitting:
        """Where a pair sits in a round (a sit-out Sitting when it sits out)."""
        whole_number("A round", round, 1, self.rounds)
        if pair not in self.pairs:
            raise ScoringError(
                "Pair %(pair)s is not in this movement (pairs %(first)s-%(last)s).",
                pair=pair,
                first=self.pairs[0],
                last=self.pairs[-1],
            )
        if (pair, round) not in self._seats:
            raise ScoringError(
                "Pair %(pair)s has no seat in round %(round)s.",
                pair=pair,
                round=round,
            )
        return self._seats[pair, round]

    def sit_outs(self, round: int) -> tuple[int, ...]:
        """The pairs that sit out in a round."""
        whole_number("A round", round, 1, self.rounds)
        return tuple(s.sit_out for s in self.sittings if s.round == round and s.sit_out)

    @cached_property
    def _meetings(self) -> dict[tuple[int, int, int], Sitting]:
        return {
            (s.board_set, s.ns_pair, s.ew_pair): s for s in self.sittings if s.board_set is not None
        }

    def meeting(self, board: int, ns_pair: int, ew_pair: int) -> Sitting | None:
        """The Sitting where ns_pair (NS) plays this board against ew_pair (EW), or None."""
        return self._meetings.get((self.set_of_board(board), ns_pair, ew_pair))

    @cached_property
    def _plays(self) -> Counter:
        return Counter(s.board_set for s in self.sittings if s.board_set is not None)

    def plays_of_board(self, board: int, *, phantom_counted: bool = False) -> int:
        """How many times the movement has this board played by two pairs (the E of the
        Neuberg formula); `phantom_counted`, with the phantom's table counted where a pair sits
        out (a board factored to the movement's tables)."""
        board_set = self.set_of_board(board)
        plays = self._plays[board_set]
        return plays + self.phantom_sets.count(board_set) if phantom_counted else plays

    def boards_played(self, pair: int) -> int:
        """How many boards the pair is scheduled to play."""
        rounds = range(1, self.rounds + 1)
        return self.boards_per_round * sum(
            self.sitting_of(pair, r).board_set is not None for r in rounds
        )

    def _position(self, pair: int, round: int) -> Position:
        sitting = self.sitting_of(pair, round)
        return Position(sitting.table, sitting.direction_of(pair))

    def next_position(self, pair: int, round: int) -> Position | None:
        """Where the pair goes after this round; None after the last round, or when the pair
        has no seat in the next one (it left the session after a repair)."""
        whole_number("A round", round, 1, self.rounds)
        if round == self.rounds or (pair, round + 1) not in self._seats:
            return None
        return self._position(pair, round + 1)

    def pair_guide(self, pair: int) -> tuple[GuideLine, ...]:
        """The pair's guide card: one line for every round it has a seat in (a late pair's
        starts with the round it joined)."""
        lines = []
        for round in range(1, self.rounds + 1):
            if (pair, round) not in self._seats:
                continue
            sitting = self.sitting_of(pair, round)
            boards = () if sitting.board_set is None else self.boards_of_set(sitting.board_set)
            lines.append(
                GuideLine(
                    round=round,
                    position=Position(sitting.table, sitting.direction_of(pair)),
                    opponent=sitting.opponent_of(pair),
                    boards=boards,
                    next=self.next_position(pair, round),
                )
            )
        return tuple(lines)

    def table_cards(self) -> dict[int, tuple[TableRound, ...]]:
        """For each table, its lines round by round."""
        tables_on_set = defaultdict(list)
        for s in self.sittings:
            # A barometer's tables each play their own copy of the round's boards.
            if s.board_set is not None and not self.barometer:
                tables_on_set[s.round, s.board_set].append(s.table)
        last_round_of_set = {board_set: round for round, board_set in sorted(tables_on_set)}

        def next_of(pair: int | None, round: int) -> Position | None:
            return None if pair is None else self.next_position(pair, round)

        cards: dict[int, list[TableRound]] = defaultdict(list)
        for s in sorted(self.sittings, key=lambda s: (s.table, s.round)):
            shared = [] if s.board_set is None else tables_on_set[s.round, s.board_set]
            boards_next = tuple(sorted(tables_on_set.get((s.round + 1, s.board_set), ())))
            played_later = last_round_of_set.get(s.board_set, s.round) > s.round
            cards[s.table].append(
                TableRound(
                    table=s.table,
                    round=s.round,
                    ns_pair=s.ns_pair,
                    ew_pair=s.ew_pair,
                    boards=() if s.board_set is None else self.boards_of_set(s.board_set),
                    ns_next=next_of(s.ns_pair, s.round),
                    ew_next=next_of(s.ew_pair, s.round),
                    shared_with=tuple(t for t in shared if t != s.table),
                    boards_next=boards_next,
                    boards_wait=played_later and not boards_next,
                )
            )
        return {table: tuple(lines) for table, lines in cards.items()}
