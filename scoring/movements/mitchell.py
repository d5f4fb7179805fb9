"""Mitchell movements: NS pairs stay put, EW pairs move up a table, boards move down (SPEC §5.2)."""

from scoring.errors import ScoringError
from scoring.movements.model import Movement, Sitting, tables_label, whole_number

VARIANTS = ("skip", "relay")


def mitchell(
    tables: int,
    boards_per_round: int,
    *,
    rounds: int | None = None,
    variant: str | None = None,
    arrow_switch_rounds=(),
    sit_out: bool = False,
) -> Movement:
    """A Mitchell for `tables` tables; pairs 1..T sit NS at their own table, T+1..2T start EW.

    Round r: EW pair T+((t−r) mod T)+1 and board set ((t+r−2) mod T)+1 at table t. An even
    number of tables needs a `variant` once the EW pairs would meet boards again (round T/2+1):
    "skip" (EW skip a table before round T/2+1; T−1 rounds, or T with a revenge last round) or
    "relay" (share-and-relay: tables 1 and T share a set, a relay stand between tables T/2 and
    T/2+1 holds the extra set; T rounds). `sit_out` makes EW pair 2T a phantom: each round the NS
    pair it would meet sits out (the last table in round 1). In `arrow_switch_rounds` every
    table swaps directions: the EW pair sits NS.
    """
    whole_number("The number of tables", tables, 3)
    whole_number("Boards per round", boards_per_round, 1)
    half = tables // 2
    if variant not in (None, *VARIANTS):
        raise ScoringError(
            "A Mitchell variant is 'skip' or 'relay', not %(variant)s.",
            variant=repr(variant),
        )
    if tables % 2 and variant:
        raise ScoringError(
            "With %(tables)s tables (an odd number) every EW pair meets every set of "
            "boards: no skip or relay is needed.",
            tables=tables,
        )
    longest = tables  # with a skip, round T is the revenge round
    if rounds is None:
        rounds = tables - 1 if variant == "skip" else tables
    whole_number("The number of rounds", rounds, 1, longest)
    if tables % 2 == 0 and variant is None and rounds > half:
        raise ScoringError(
            "With %(tables)s tables (an even number) the EW pairs would meet boards "
            "they have already played from round %(next_round)s. Choose a skip (EW skip a "
            "table after round %(half)s; %(rounds)s rounds) or a share-and-relay "
            "(tables 1 and %(tables)s share boards, a relay stand between tables "
            "%(half)s and %(next_round)s; %(tables)s rounds).",
            tables=tables,
            next_round=half + 1,
            half=half,
            rounds=tables - 1,
        )
    arrow_switch_rounds = tuple(arrow_switch_rounds)
    for r in arrow_switch_rounds:
        whole_number("An arrow-switch round", r, 1, rounds)
    arrow_switch_rounds = tuple(sorted(set(arrow_switch_rounds)))

    def ew_pair(table: int, round: int) -> int:
        moves = round - 1
        if variant == "skip" and round > half:
            moves += 1
        return tables + (table - 1 - moves) % tables + 1

    def board_position(table: int) -> int:
        # Boards circulate down through T positions. With a relay, tables 1 and T share
        # position 0 and the relay stand takes position T/2, between tables T/2 and T/2+1.
        if variant == "relay" and table > half:
            return table % tables
        return table - 1

    def board_set(position: int, round: int) -> int:
        return (position + round - 1) % tables + 1

    phantom = 2 * tables if sit_out else None
    sittings, phantom_sets = [], []
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            ns, ew, s = t, ew_pair(t, r), board_set(board_position(t), r)
            if ew == phantom:
                phantom_sets.append(s)
                ew, s = None, None
            if r in arrow_switch_rounds:
                ns, ew = ew, ns
            sittings.append(Sitting(r, t, ns, ew, s))

    relay_sets = ()
    if variant == "relay":
        relay_sets = tuple(board_set(half, r) for r in range(1, rounds + 1))
    name = f"{tables_label(tables, sit_out)}-table Mitchell"
    name += " (sit-out)" if sit_out else ""
    name += {None: "", "skip": ", skip", "relay": ", share and relay"}[variant]
    name += ", arrow switch" if arrow_switch_rounds else ""
    return Movement(
        name=name,
        kind="mitchell",
        tables=tables,
        boards_per_round=boards_per_round,
        sittings=tuple(sittings),
        ns_pairs=tuple(range(1, tables + 1)),
        ew_pairs=tuple(p for p in range(tables + 1, 2 * tables + 1) if p != phantom),
        phantom=phantom,
        phantom_sets=tuple(phantom_sets),
        variant=variant,
        arrow_switch_rounds=arrow_switch_rounds,
        relay_sets=relay_sets,
    )


def arrow_switched(movement: Movement, rounds) -> Movement:
    """The same Mitchell with NS and EW changing places in `rounds`, for one winner."""
    if movement.kind != "mitchell":
        raise ScoringError("Only a Mitchell has arrow-switched rounds.")
    if movement.barometer:
        raise ScoringError(
            "A barometer has no arrow switch: choose the Howell barometer for one winner."
        )
    return mitchell(
        movement.tables,
        movement.boards_per_round,
        rounds=movement.rounds,
        variant=movement.variant,
        arrow_switch_rounds=tuple(rounds),
        sit_out=movement.phantom is not None,
    )
