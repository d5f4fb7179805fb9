"""A table's calls to the director: the button on its page, and a disputed line; the director's
pages list those still open and clear them."""

from django.utils import timezone

from events.models import Event, TableAccess, TableCall


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
    """The director has settled the table's dispute of a board: its call is cleared."""
    access.calls.filter(
        kind=TableCall.Kind.DISPUTE, round=round, board_number=board_number, cleared__isnull=True
    ).update(cleared=timezone.now())
