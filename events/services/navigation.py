"""Where the director's keyboard shortcuts may go: an event's boards and its table-rounds."""

from dataclasses import dataclass

from events.models import Board, Event, TableRound
from events.services.page_cache import kept


@dataclass(frozen=True)
class Destinations:
    boards: list[int]
    slips: list[tuple[int, int]]  # (round, table) where two pairs play boards, in play order


def event_destinations(*, event: Event, letter: str = "A") -> Destinations:
    """The boards and the table-rounds with boards to enter of the event's section `letter`,
    kept until the event changes (every director page of the event asks)."""
    return kept(
        event=event,
        name=f"destinations:{letter}",
        compute=lambda: _destinations(event, letter),
    )


def _destinations(event: Event, letter: str) -> Destinations:
    boards = Board.objects.filter(section__event=event, section__letter=letter).order_by("number")
    slips = TableRound.objects.filter(
        section__event=event,
        section__letter=letter,
        ns_pair__isnull=False,
        ew_pair__isnull=False,
        low_board__isnull=False,
    ).order_by("round", "table")
    return Destinations(
        boards=list(boards.values_list("number", flat=True)),
        slips=list(slips.values_list("round", "table")),
    )
