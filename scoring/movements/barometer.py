"""Barometer movements: every table plays the same boards in a round, each from its own copy of
them (pre-dealt), so that every board of a round is complete once the round ends and a ranking
can go up after each round, as Scandinavian clubs run them.

Round k+1 plays boards k·b+1 .. k·b+b at every table: board set k+1. The boards never move, so
the pairs may move as any schedule in which no pair meets another twice: a Howell's (the circle
method of SPEC §5.3, for any number of tables; one winner) or a Mitchell's (NS stay at their
table, EW move up one; two winners). An individual keeps its seating and plays the round's set.
"""

from dataclasses import replace

from scoring.movements.individual import IndividualMovement
from scoring.movements.model import Movement, Sitting, tables_label, whole_number


def circle_pairings(tables: int, round: int) -> tuple[tuple[int, int], ...]:
    """Round `round` of the circle method for 2T pairs, table by table as (NS, EW): pair 2T stays
    NS at table 1 and meets pair r; at table k+1 pair r+k meets r−k, counted mod 2T−1 (SPEC §5.3).
    Over 2T−1 rounds every pair meets every other once."""
    turning = 2 * tables - 1

    def pair(number: int) -> int:
        return (number - 1) % turning + 1

    first = round - 1
    others = tuple((pair(first + k), pair(first - k)) for k in range(1, tables))
    return ((2 * tables, pair(first)), *others)


def barometer_howell(
    tables: int, boards_per_round: int, *, rounds: int | None = None, sit_out: bool = False
) -> Movement:
    """A barometer whose pairs move as a Howell: 2T pairs, up to 2T−1 rounds in which no pair
    meets another twice, one winner. `sit_out` makes pair 2T a phantom: each round the pair it
    would meet sits out at table 1."""
    whole_number("The number of tables", tables, 2)
    whole_number("Boards per round", boards_per_round, 1)
    rounds = whole_number("The number of rounds", rounds or 2 * tables - 1, 1, 2 * tables - 1)
    phantom = 2 * tables if sit_out else None
    sittings, phantom_sets = [], []
    for r in range(1, rounds + 1):
        for t, (ns, ew) in enumerate(circle_pairings(tables, r), start=1):
            board_set = r
            if phantom in (ns, ew):
                phantom_sets.append(board_set)
                ns, ew, board_set = (None, ew, None) if ns == phantom else (ns, None, None)
            sittings.append(Sitting(r, t, ns, ew, board_set))
    return Movement(
        name=f"{tables_label(tables, sit_out)}-table barometer (Howell)",
        kind="howell",
        tables=tables,
        boards_per_round=boards_per_round,
        sittings=tuple(sittings),
        phantom=phantom,
        phantom_sets=tuple(phantom_sets),
        barometer=True,
    )


def barometer_mitchell(
    tables: int, boards_per_round: int, *, rounds: int | None = None, sit_out: bool = False
) -> Movement:
    """A barometer whose pairs move as a Mitchell: pairs 1..T stay NS at their table, EW pairs
    T+1..2T move up one table a round (up to T rounds, every EW pair meeting every NS pair
    once), NS and EW winners. `sit_out` makes EW pair 2T a phantom."""
    whole_number("The number of tables", tables, 2)
    whole_number("Boards per round", boards_per_round, 1)
    rounds = whole_number("The number of rounds", rounds or tables, 1, tables)
    phantom = 2 * tables if sit_out else None
    sittings, phantom_sets = [], []
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            ew = tables + (t - r) % tables + 1
            if ew == phantom:
                phantom_sets.append(r)
                sittings.append(Sitting(r, t, t, None, None))
            else:
                sittings.append(Sitting(r, t, t, ew, r))
    return Movement(
        name=f"{tables_label(tables, sit_out)}-table barometer (Mitchell)",
        kind="mitchell",
        tables=tables,
        boards_per_round=boards_per_round,
        sittings=tuple(sittings),
        ns_pairs=tuple(range(1, tables + 1)),
        ew_pairs=tuple(p for p in range(tables + 1, 2 * tables + 1) if p != phantom),
        phantom=phantom,
        phantom_sets=tuple(phantom_sets),
        barometer=True,
    )


def barometer_individual(movement: IndividualMovement) -> IndividualMovement:
    """The individual `movement`'s seating, every table playing the round's board set from its
    own copy: each player still plays every set once, one a round."""
    return replace(
        movement,
        name=movement.name.replace("individual", "barometer individual", 1),
        seatings=tuple(replace(s, board_set=s.round) for s in movement.seatings),
        barometer=True,
    )
