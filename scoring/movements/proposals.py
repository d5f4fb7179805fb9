"""Which movements fit the tables counted at the door and the length of the evening."""

import math

from scoring.errors import ScoringError
from scoring.howell_schedules import HOWELL_SCHEDULES
from scoring.movements.barometer import barometer_howell, barometer_mitchell
from scoring.movements.howell import howell
from scoring.movements.mitchell import arrow_switched, mitchell
from scoring.movements.model import Movement, whole_number

HOWELL_UP_TO = 6.5  # SPEC §5.3: Howell for 3 to 6½ tables, Mitchell from 7
MITCHELL_FROM = 5  # with fewer tables a Mitchell meets too few opponents to be worth offering
MIN_SHARE_PLAYED = 0.7  # EBU: each pair scheduled to play at least 70% of the boards in play
HOWELL_BOARDS_PER_ROUND = range(2, 7)  # 3 tables play only 5 rounds, so long rounds are usual
MITCHELL_BOARDS_PER_ROUND = range(2, 5)
# A Mitchell of more tables than this meets too small a share of the field in an evening's
# rounds: a congress splits the room into sections of at most this many tables.
SECTION_TABLES_MAX = 13
# Three boards a round (some 20 minutes) is the club norm, unless the club says otherwise.
USUAL_BOARDS_PER_ROUND = 3
# The shortest evening a club plays at its own boards a round: seven rounds (a 7-table Mitchell
# or a 4-table Howell of 2-board rounds, 14 boards) even below the least number of boards.
SHORTEST_EVENING_ROUNDS = 7
BOARDS_TOTAL_MIN, BOARDS_TOTAL_MAX = 18, 30  # an evening's boards for each pair


def least_boards(boards_per_round: int, boards_total_min: int = BOARDS_TOTAL_MIN) -> int:
    """The fewest boards a movement at the club's own boards a round may play."""
    return min(boards_total_min, SHORTEST_EVENING_ROUNDS * boards_per_round)


def propose_movements(
    tables,
    boards_total_max=BOARDS_TOTAL_MAX,
    boards_total_min=BOARDS_TOTAL_MIN,
    *,
    boards_per_round=USUAL_BOARDS_PER_ROUND,
) -> list[Movement]:
    """The movements that fit, best first; each has a one-line `description` for the director.

    `tables` may end in a half (6.5): the last table is a half table and one pair sits out each
    round. A movement fits when each pair plays (rounds × boards per round) between the two
    totals and at least 70% of the boards in play; at `boards_per_round` the least total is
    lowered to SHORTEST_EVENING_ROUNDS rounds when that is fewer boards. Best first: complete
    movements before shortened ones; a Howell up to 6½ tables, a Mitchell from 7;
    `boards_per_round` (three unless the club plays another number), then the nearest numbers,
    the larger first; for an even Mitchell a skip before a share-and-relay. The first Mitchell
    is followed by the same movement with an arrow switch in the last round, for one winner. An
    empty list means nothing fits: widen the range or split the field.
    """
    if isinstance(tables, bool) or not isinstance(tables, int | float) or (tables * 2) % 1:
        raise ScoringError(
            "Count tables in whole or half tables (6 or 6.5), not %(tables)s.",
            tables=repr(tables),
        )
    if tables < 2.5:
        raise ScoringError(
            "A pairs movement needs at least 2½ tables (5 pairs), not %(tables)s.",
            tables=tables,
        )
    whole_number("The least number of boards", boards_total_min, 1)
    whole_number("The most boards", boards_total_max, boards_total_min)
    whole_tables, sit_out = math.ceil(tables), tables % 1 != 0
    preferred = "howell" if tables <= HOWELL_UP_TO else "mitchell"

    ranked: list[tuple[tuple, Movement]] = []

    def consider(movement: Movement, complete_rounds: int, variant_rank: int = 0) -> None:
        bpr = movement.boards_per_round
        least_total = boards_total_min
        if bpr == boards_per_round:
            least_total = least_boards(bpr, boards_total_min)
        if not least_total <= movement.rounds * bpr <= boards_total_max:
            return
        least = min(movement.boards_played(pair) for pair in movement.pairs)
        if least < MIN_SHARE_PLAYED * movement.board_count:
            return
        # Past the club's number, more boards a round means fewer moves: four ranks before two.
        key = (
            movement.rounds < complete_rounds,
            movement.kind != preferred,
            abs(bpr - boards_per_round),
            -bpr,
            variant_rank,
        )
        ranked.append((key, movement))

    if whole_tables in HOWELL_SCHEDULES:
        for bpr in HOWELL_BOARDS_PER_ROUND:
            movement = howell(whole_tables, bpr, sit_out=sit_out)
            consider(movement, movement.rounds)
    if whole_tables >= MITCHELL_FROM:
        variants = [None] if whole_tables % 2 else ["skip", "relay"]
        for variant_rank, variant in enumerate(variants):
            for bpr in MITCHELL_BOARDS_PER_ROUND:
                complete = mitchell(whole_tables, bpr, variant=variant, sit_out=sit_out)
                # A large field cannot play every round: play as many as the evening allows.
                rounds = min(complete.rounds, boards_total_max // bpr)
                movement = complete
                if rounds < complete.rounds:
                    movement = mitchell(
                        whole_tables, bpr, rounds=rounds, variant=variant, sit_out=sit_out
                    )
                consider(movement, complete.rounds, variant_rank)

    proposals = [movement for _, movement in sorted(ranked, key=lambda item: item[0])]
    for index, movement in enumerate(proposals):
        if movement.kind == "mitchell":
            proposals.insert(index + 1, arrow_switched(movement, (movement.rounds,)))
            break
    return proposals


def propose_sections(tables) -> int:
    """How many sections a room of `tables` is split into: one up to SECTION_TABLES_MAX
    tables, else the fewest that keep each section at most that size."""
    if isinstance(tables, bool) or not isinstance(tables, int | float) or tables <= 0:
        raise ScoringError(
            "Count tables in whole or half tables (6 or 6.5), not %(tables)s.",
            tables=repr(tables),
        )
    return math.ceil(tables / SECTION_TABLES_MAX)


def section_tables(tables, sections: int) -> float | None:
    """The tables of each of `sections` equal sections of a room of `tables`: a whole or half
    number of at least 2½; None when the room does not split so."""
    each = tables / sections
    return each if each >= 2.5 and (each * 2) % 1 == 0 else None


def propose_barometers(
    tables,
    boards_total_max=BOARDS_TOTAL_MAX,
    boards_total_min=BOARDS_TOTAL_MIN,
    *,
    boards_per_round=USUAL_BOARDS_PER_ROUND,
) -> list[Movement]:
    """The barometers that fit an evening, as propose_movements counts one: the Howell (one
    winner) and the Mitchell (NS and EW winners), each at the boards a round nearest the
    club's that plays between the two totals, in as many rounds as the evening holds."""
    if isinstance(tables, bool) or not isinstance(tables, int | float) or (tables * 2) % 1:
        raise ScoringError(
            "Count tables in whole or half tables (6 or 6.5), not %(tables)s.",
            tables=repr(tables),
        )
    whole_tables, sit_out = math.ceil(tables), tables % 1 != 0
    if whole_tables < 2:
        return []
    numbers = sorted(MITCHELL_BOARDS_PER_ROUND, key=lambda n: (abs(n - boards_per_round), -n))
    proposals = []
    for make, most_rounds in (
        (barometer_howell, 2 * whole_tables - 1),
        (barometer_mitchell, whole_tables),
    ):
        for bpr in numbers:
            least = boards_total_min
            if bpr == boards_per_round:
                least = least_boards(bpr, boards_total_min)
            rounds = min(most_rounds, boards_total_max // bpr)
            if rounds * bpr >= least:
                proposals.append(make(whole_tables, bpr, rounds=rounds, sit_out=sit_out))
                break
    return proposals
