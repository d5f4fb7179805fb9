"""Individual movements: each player takes a seat of their own and partners several others.

Two families, as directors run them:

- The complete individual for 8, 9, 12, 13, 16 or 17 players: every player partners every other
  exactly once. It is cyclic, as its cards are printed: round 1's seats below, then every player
  adds 1 to their number each round (counting round from 1 to the last player, or to the one
  below it with 8, 12 or 16 players, whose highest player stays North at table 1). With 9, 13 or
  17 players the one player round 1 leaves out sits out, and so in turn does every player once.
  The board sets turn the same way (a set per table, +1 a round); two tables share one set a
  round, passing the boards across.
- The Rainbow individual for a prime number of tables from 5 (rec.games.bridge, "The RAINBOW
  movement"): the boards stay at their tables; after each round North moves up one table, East
  down one, South up two, West down two. North players are 1..T, East T+1..2T, South 2T+1..3T,
  West 3T+1..4T; each player keeps their seat and partners every player of the partner seat once.

An individual event is scored as a pairs session whose pairs are its sides: each round, the two
players sitting North-South at a table are one side and East-West another (`sides`, and
`pairs_movement` lays them out as a pairs movement), and a player's score is that of the sides
they sat in.
"""

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from scoring.errors import ScoringError
from scoring.movements.model import Movement, Sitting, whole_number

SEAT_ORDER = ("N", "S", "E", "W")
# A side's two seats by its direction: North then South, or East then West.
SIDE_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}

# Players -> (round 1's seats, table by table, as North, South, East, West; the board set each
# table starts on, or None when all the tables share the round's set).
COMPLETE_INDIVIDUALS = {
    8: (((8, 5, 3, 2), (1, 6, 4, 7)), None),
    9: (((8, 7, 9, 3), (1, 5, 4, 6)), None),
    12: (((12, 1, 2, 6), (11, 9, 3, 8), (5, 4, 10, 7)), (1, 5, 8)),
    13: (((1, 2, 13, 6), (9, 7, 3, 12), (8, 11, 10, 5)), (1, 5, 2)),
    16: (((16, 13, 10, 3), (8, 5, 9, 14), (1, 15, 7, 11), (4, 2, 12, 6)), (1, 4, 8, 6)),
    17: (((1, 16, 10, 11), (8, 13, 14, 4), (3, 7, 9, 17), (5, 2, 12, 6)), (1, 2, 4, 15)),
}
RAINBOW_TABLES = (5, 7, 11, 13)


@dataclass(frozen=True)
class Seating:
    """One table in one round: the player in each seat, and the board set they play."""

    round: int
    table: int
    north: int
    south: int
    east: int
    west: int
    board_set: int

    @property
    def players(self) -> tuple[int, int, int, int]:
        return (self.north, self.south, self.east, self.west)

    def seat_of(self, player: int) -> str | None:
        """'N', 'S', 'E' or 'W', or None when the player is not at this table."""
        for seat, seated in zip(SEAT_ORDER, self.players, strict=True):
            if seated == player:
                return seat
        return None


@dataclass(frozen=True)
class Side:
    """The two players sitting NS (or EW) at a table in a round: one pair of the pairs movement."""

    number: int
    round: int
    table: int
    direction: str  # "NS" or "EW"
    players: tuple[int, int]  # North then South, or East then West


@dataclass(frozen=True)
class IndividualMovement:
    """A whole individual session: who sits where each round, and on which boards."""

    name: str
    tables: int
    players: int
    boards_per_round: int
    seatings: tuple[Seating, ...]
    barometer: bool = False  # every table plays the round's set from its own copy

    def __post_init__(self) -> None:
        seated: set[tuple[int, int]] = set()
        played: set[tuple[int, int]] = set()
        for s in self.seatings:
            for player in s.players:
                if not 1 <= player <= self.players:
                    raise ScoringError(
                        "There is no player %(player)s in this movement.",
                        player=player,
                    )
                if (player, s.round) in seated:
                    raise ScoringError(
                        "Player %(player)s is seated twice in round %(round)s.",
                        player=player,
                        round=s.round,
                    )
                if (player, s.board_set) in played:
                    raise ScoringError(
                        "Player %(player)s would play board set %(board_set)s twice.",
                        player=player,
                        board_set=s.board_set,
                    )
                seated.add((player, s.round))
                played.add((player, s.board_set))

    @cached_property
    def rounds(self) -> int:
        return max(s.round for s in self.seatings)

    @cached_property
    def sets(self) -> int:
        return max(s.board_set for s in self.seatings)

    @property
    def board_count(self) -> int:
        return self.sets * self.boards_per_round

    def sit_outs(self, round: int) -> tuple[int, ...]:
        """The players who sit out a round."""
        seated = {p for s in self.seatings if s.round == round for p in s.players}
        return tuple(p for p in range(1, self.players + 1) if p not in seated)

    def partners_of(self, player: int) -> Counter:
        """Partner -> how many rounds they partner `player`."""
        partners: Counter = Counter()
        for s in self.seatings:
            for a, b in ((s.north, s.south), (s.east, s.west)):
                if player in (a, b):
                    partners[b if a == player else a] += 1
        return partners

    def opponents_of(self, player: int) -> Counter:
        """Opponent -> how many rounds they sit against `player`."""
        opponents: Counter = Counter()
        for s in self.seatings:
            if player in (s.north, s.south):
                opponents.update((s.east, s.west))
            elif player in (s.east, s.west):
                opponents.update((s.north, s.south))
        return opponents

    @cached_property
    def sides(self) -> tuple[Side, ...]:
        """Every side of every round, numbered from 1 in round, table, NS-then-EW order."""
        sides = []
        for s in sorted(self.seatings, key=lambda s: (s.round, s.table)):
            for direction, players in (("NS", (s.north, s.south)), ("EW", (s.east, s.west))):
                sides.append(Side(len(sides) + 1, s.round, s.table, direction, players))
        return tuple(sides)

    def pairs_movement(self) -> Movement:
        """The same session as a pairs movement whose pairs are the sides."""
        numbers = {(side.round, side.table, side.direction): side.number for side in self.sides}
        return Movement(
            name=self.name,
            kind="individual",
            tables=self.tables,
            boards_per_round=self.boards_per_round,
            sittings=tuple(
                Sitting(
                    s.round,
                    s.table,
                    numbers[s.round, s.table, "NS"],
                    numbers[s.round, s.table, "EW"],
                    s.board_set,
                )
                for s in sorted(self.seatings, key=lambda s: (s.round, s.table))
            ),
            barometer=self.barometer,
        )


def complete_individual(
    players: int, boards_per_round: int, *, rounds: int | None = None
) -> IndividualMovement:
    """The complete individual for `players` players (8, 9, 12, 13, 16 or 17); `rounds` plays
    only the first rounds."""
    whole_number("The number of players", players, 1)
    if players not in COMPLETE_INDIVIDUALS:
        known = ", ".join(str(n) for n in COMPLETE_INDIVIDUALS)
        raise ScoringError(
            "A complete individual is available for %(known)s players, not "
            "%(players)s; for 20 or 28 players choose the Rainbow individual.",
            known=known,
            players=players,
        )
    whole_number("Boards per round", boards_per_round, 1)
    first_round, starts = COMPLETE_INDIVIDUALS[players]
    turning = players - 1 if players % 4 == 0 else players  # the players who move
    whole_number("The number of rounds", rounds or turning, 1, turning)

    def moved(number: int, steps: int) -> int:
        return number if number > turning else (number - 1 + steps) % turning + 1

    seatings = tuple(
        Seating(
            r,
            t,
            *(moved(p, r - 1) for p in seats),
            board_set=moved(starts[t - 1], r - 1) if starts else r,
        )
        for r in range(1, (rounds or turning) + 1)
        for t, seats in enumerate(first_round, start=1)
    )
    return IndividualMovement(
        name=f"{len(first_round)}-table complete individual ({players} players)",
        tables=len(first_round),
        players=players,
        boards_per_round=boards_per_round,
        seatings=seatings,
    )


def rainbow_individual(
    tables: int, boards_per_round: int, *, rounds: int | None = None
) -> IndividualMovement:
    """The Rainbow individual for 5, 7, 11 or 13 tables (4 players a table); `rounds` plays only
    the first rounds."""
    whole_number("The number of tables", tables, 1)
    if tables not in RAINBOW_TABLES:
        raise ScoringError(
            "The Rainbow individual needs a prime number of tables from 5 (5, 7, 11 "
            "or 13), not %(tables)s.",
            tables=tables,
        )
    whole_number("Boards per round", boards_per_round, 1)
    whole_number("The number of rounds", rounds or tables, 1, tables)

    def home(table: int, moves: int) -> int:
        """The table a player started at who is at `table` after moving `moves` tables up."""
        return (table - 1 - moves) % tables + 1

    seatings = tuple(
        Seating(
            r,
            t,
            north=home(t, r - 1),
            south=2 * tables + home(t, 2 * (r - 1)),
            east=tables + home(t, -(r - 1)),
            west=3 * tables + home(t, -2 * (r - 1)),
            board_set=t,
        )
        for r in range(1, (rounds or tables) + 1)
        for t in range(1, tables + 1)
    )
    return IndividualMovement(
        name=f"{tables}-table Rainbow individual",
        tables=tables,
        players=4 * tables,
        boards_per_round=boards_per_round,
        seatings=seatings,
    )
