"""Complete Howell movements for 3 to 9 tables, from the schedules in scoring.howell_schedules."""

from scoring.errors import ScoringError
from scoring.howell_schedules import HOWELL_SCHEDULES
from scoring.movements.model import Movement, Sitting, tables_label, whole_number


def howell(
    tables: int, boards_per_round: int, *, rounds: int | None = None, sit_out: bool = False
) -> Movement:
    """A Howell for 3 to 9 tables: 2T pairs, 2T−1 rounds and 2T−1 board sets.

    In the full movement every pair meets every other pair once and plays every set once (with
    3 tables all tables play the same set; with 5 tables, tables 2 and 5 share one). `rounds`
    plays only the first rounds. `sit_out` makes pair 2T, the pair that stays NS at table 1, a
    phantom: each round the pair it would meet sits out there.
    """
    whole_number("The number of tables", tables, 3)
    if tables not in HOWELL_SCHEDULES:
        raise ScoringError(
            "Howell movements are available for 3 to 9 tables, not %(tables)s; from "
            "7 tables a Mitchell is usual.",
            tables=tables,
        )
    whole_number("Boards per round", boards_per_round, 1)
    schedule = HOWELL_SCHEDULES[tables]
    if rounds is None:
        rounds = len(schedule)
    whole_number("The number of rounds", rounds, 1, len(schedule))
    phantom = 2 * tables if sit_out else None
    sittings, phantom_sets = [], []
    for r, row in enumerate(schedule[:rounds], start=1):
        for t, (ns, ew, board_set) in enumerate(row, start=1):
            if phantom in (ns, ew):
                phantom_sets.append(board_set)
                ns, ew, board_set = (None, ew, None) if ns == phantom else (ns, None, None)
            sittings.append(Sitting(r, t, ns, ew, board_set))
    label = tables_label(tables, sit_out)
    return Movement(
        name=f"{label}-table Howell" + (" (sit-out)" if sit_out else ""),
        kind="howell",
        tables=tables,
        boards_per_round=boards_per_round,
        sittings=tuple(sittings),
        phantom=phantom,
        phantom_sets=tuple(phantom_sets),
    )
