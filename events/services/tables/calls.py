"""A table's calls to the director: the button on its page, and a disputed line; the director's
pages list those still open and clear them."""

from django.utils import timezone

from events.models import Board, Event, Match, Result, TableAccess, TableCall, TableLine
from events.services.tables.access import tables_open


def call_director(
    *,
    access: TableAccess,
    round: int,
    board_number: int | None = None,
    kind: str = TableCall.Kind.CALL,
) -> TableCall:
    """Record a call from the table; a table calling again while its call is open is one call
    (a player pressing twice, or a phone sending its queue again)."""
    open_call = access.calls.filter(kind=kind, cleared__isnull=True, board_number=board_number)
    return open_call.first() or TableCall.objects.create(
        access=access, round=round, board_number=board_number, kind=kind
    )


def open_calls(*, event: Event) -> list[TableCall]:
    """The event's calls not yet cleared, oldest first, with their tables."""
    return list(
        TableCall.objects.filter(access__event=event, cleared__isnull=True).select_related(
            "access", "access__section"
        )
    )


def clear_call(*, call: TableCall) -> None:
    """The director has been to the table."""
    TableCall.objects.filter(pk=call.pk, cleared__isnull=True).update(cleared=timezone.now())


def clear_dispute(*, access: TableAccess, round: int, board_number: int) -> None:
    """The director has settled the table's dispute of a board: its call is cleared, now."""
    _clear_disputes(access.calls.filter(round=round, board_number=board_number))


def settle_dispute(*, board: Board, result: Result) -> None:
    """The director entered or changed `result`, a line of `board`: the dispute of the board at
    the table that played it is settled as the director ruled: the dispute's call is cleared,
    now, and with it the disputed line goes (the result stands, and the table sees the board
    played). One query when no dispute is open, none when no table enters the board."""
    if result.table is None or result.round is None or not tables_open(board):
        return
    _settle(
        access__section_id=board.section_id,
        access__table=result.table,
        round=result.round,
        board_number=board.number,
    )


def settle_match_dispute(*, match: Match, board_number: int, table: int) -> None:
    """settle_dispute for a teams match: the line of `board_number` at the match's `table` (1
    or 2, the half of its table number) was saved, by the director or accepted at the table
    (whose own line, accepted, is not the disputed one)."""
    _settle(
        access__event_id=match.event_id,
        access__table=match.table,
        access__half=table,
        round=match.round,
        board_number=board_number,
    )


def _settle(**at) -> None:
    if _clear_disputes(TableCall.objects.filter(**at)):
        TableLine.objects.filter(state=TableLine.State.DISPUTED, **at).delete()


def _clear_disputes(calls) -> int:
    """Clear the open dispute calls among `calls`; how many there were."""
    return calls.filter(kind=TableCall.Kind.DISPUTE, cleared__isnull=True).update(
        cleared=timezone.now()
    )
