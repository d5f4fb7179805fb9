"""Hand records: the deal of a board, its double-dummy table and par, worked out once and stored.

The double-dummy solver (DDS, bundled with endplay) runs when a deal is imported or set; the board
page only reads what was stored on the Board (SPEC §7). A teams event keeps its hand records
the same way, a round's boards at a time (RoundDeal).
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils.module_loading import import_string

from events.models import Board, Event, RoundDeal
from events.services import page_cache
from scoring.deals import SEATS, is_complete, normalize_deal

STRAINS = ("NT", "S", "H", "D", "C")  # the columns of the makeable-contracts table
TABLE_SEATS = ("N", "S", "E", "W")  # its rows
_BATCH = 32  # DDS solves at most 40 full tables in one call
# The worker's task, named by its path: the tasks import this module, not this module the tasks.
ANALYSE_HANDS = "events.tasks.analyse_hands"


@dataclass(frozen=True)
class Analysis:
    """What the board page shows besides the hands."""

    double_dummy: (
        dict  # {"tricks": {"N": {"NT": 10, "S": 7, ...}, ...}, "par_score", "par_contracts"}
    )
    par: str  # "NS +990: 6NT by S"


def analyse_deal(*, deal: str, dealer: str, vulnerability: str) -> Analysis:
    """The double-dummy tricks for each declarer and strain, and the par, of a complete deal.

    Par depends on the vulnerability and, between equal-level contracts, on the dealer. The par
    score is North-South's.
    """
    from endplay.dds import calc_dd_table
    from endplay.types import Deal

    return _analysis(calc_dd_table(Deal(deal)), dealer, vulnerability)


def _analysis(table, dealer: str, vulnerability: str) -> Analysis:
    from endplay.dds import par
    from endplay.types import Denom, Penalty, Player, Vul

    denoms = {"NT": Denom.nt, "S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds,
              "C": Denom.clubs}  # fmt: skip
    tricks = {
        seat: {strain: table[denoms[strain], Player.find(seat)] for strain in STRAINS}
        for seat in TABLE_SEATS
    }
    vul = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}[vulnerability]
    result = par(table, vul, Player.find(dealer))
    doubled = {Penalty.passed: "", Penalty.doubled: "X", Penalty.redoubled: "XX"}
    contracts: dict[tuple, list[str]] = {}
    # endplay rewrites a contract in place while it iterates: read each one as it comes.
    for contract in result:
        strain = "NT" if contract.denom == Denom.nt else contract.denom.name[0].upper()
        text = f"{contract.level}{strain}{doubled[contract.penalty]}"
        contracts.setdefault((text, contract.result), []).append(contract.declarer.abbr)
    par_contracts = [
        {"contract": text, "declarers": "".join(sorted(seats, key=SEATS.index)), "result": res}
        for (text, res), seats in contracts.items()
    ]
    return Analysis(
        double_dummy={
            "tricks": tricks,
            "par_score": result.score,
            "par_contracts": par_contracts,
        },
        par=par_text(result.score, par_contracts),
    )


def par_text(score: int, contracts: list[dict]) -> str:
    """ "NS +990: 6NT by S", "NS -100: 2SX-1 by NS, 3DX-1 by N", "0: passed out"."""
    if not contracts:
        return "0: passed out"
    made = ", ".join(
        f"{c['contract']}{_overtricks(c['result'])} by {c['declarers']}" for c in contracts
    )
    return f"NS {score:+d}: {made}"[:80]


def _overtricks(result: int) -> str:
    return f"{result:+d}" if result else "="


def analyse_boards(boards: list[tuple[str, str, str]]) -> list[Analysis | None]:
    """analyse_deal for each (deal, dealer, vulnerability); None where the deal is incomplete.

    The deals go to DDS in batches, which solves them on every core; a deal repeated in the
    list is solved once.
    """
    from endplay.dds import calc_all_tables
    from endplay.types import Deal

    deals = list(dict.fromkeys(deal for deal, _, _ in boards if is_complete(deal)))
    tables = {}
    for start in range(0, len(deals), _BATCH):
        batch = deals[start : start + _BATCH]
        tables.update(zip(batch, calc_all_tables([Deal(d) for d in batch]), strict=True))
    return [
        _analysis(tables[deal], dealer, vulnerability) if deal in tables else None
        for deal, dealer, vulnerability in boards
    ]


def set_deal(*, board: Board, deal: str) -> None:
    """Give the board its hand record, with the double-dummy table and par worked out now."""
    deal = normalize_deal(deal) if deal else ""
    analysis = analyse_boards([(deal, board.dealer, board.vulnerability)])[0]
    board.deal = deal
    board.double_dummy = analysis.double_dummy if analysis else None
    board.par = analysis.par if analysis else ""
    board.save(update_fields=["deal", "double_dummy", "par"])


def dealt_boards(*, event: Event):
    """The rows that keep the event's hand records: a pairs event's boards, a teams event's
    round deals."""
    if event.is_teams:
        return RoundDeal.objects.filter(event=event)
    return Board.objects.filter(section__event=event)


def hands_to_analyse(*, event: Event):
    """The event's boards with a complete deal and no double-dummy table yet."""
    return (
        dealt_boards(event=event)
        .filter(double_dummy__isnull=True)
        .exclude(deal="")
        .exclude(deal__contains="-")
    )


def hands_waiting(*, event: Event) -> int:
    """How many of the event's boards wait for their double-dummy table."""
    return hands_to_analyse(event=event).count()


def analyse_event_hands(*, event: Event) -> int:
    """Work out and store the double-dummy table and par of each board that waits for them, a
    batch at a time so that the director sees the count go down; how many were analysed."""
    done = 0
    while batch := list(hands_to_analyse(event=event).order_by("pk")[:_BATCH]):
        analyses = analyse_boards([(b.deal, b.dealer, b.vulnerability) for b in batch])
        for board, analysis in zip(batch, analyses, strict=True):
            # Only onto the deal it was worked out for: a board dealt again meanwhile (hand
            # records replaced) still waits, and the next batch takes its new deal.
            done += (
                hands_to_analyse(event=event)
                .filter(pk=board.pk, deal=board.deal)
                .update(double_dummy=analysis.double_dummy, par=analysis.par)
            )
        page_cache.changed(event_id=event.pk)
    return done


def queue_analysis(*, event: Event, changed: list[int] = ()) -> None:
    """Have the worker work out the double-dummy tables and par of the event's boards that wait
    for them, once this transaction is committed; the boards `changed` (ids of dealt_boards)
    forget theirs first, their deal having changed."""
    if changed:
        dealt_boards(event=event).filter(pk__in=changed).update(double_dummy=None, par="")
    transaction.on_commit(lambda: import_string(ANALYSE_HANDS).enqueue(event_id=event.pk))
