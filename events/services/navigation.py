"""Where a page's links and the director's keyboard shortcuts may go: an event's sections, its
boards and its table-rounds."""

from dataclasses import dataclass

from django.db.models import Count, Max, Min, Q, QuerySet

from events.models import Board, Event, Section, TableRound
from events.services.page_cache import kept

# A table-round of a pick-up slip: two pairs meet on boards (not a sit-out, not a rest round).
PLAYED = Q(ns_pair__isnull=False, ew_pair__isnull=False, low_board__isnull=False)


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
        PLAYED, section__event=event, section__letter=letter
    ).order_by("round", "table")
    return Destinations(
        boards=list(boards.values_list("number", flat=True)),
        slips=list(slips.values_list("round", "table")),
    )


def event_sections(*, event: Event) -> list[Section]:
    """The event's sections, by letter: what its pages show one after another."""
    return list(event.sections.all())


def other_sections(*, section: Section) -> list[str]:
    """The letters of the event's sections other than `section`, which its page links to."""
    return list(
        Section.objects.filter(event=section.event_id)
        .exclude(pk=section.pk)
        .values_list("letter", flat=True)
    )


def slips(*, section_id: int) -> QuerySet[TableRound]:
    """The section's table-rounds where two pairs play boards, a pick-up slip each, in round
    and table order."""
    return TableRound.objects.filter(PLAYED, section_id=section_id).order_by("round", "table")


@dataclass(frozen=True)
class BoardPlace:
    """Where a board's grid leads: the boards either side in its section (None at either end),
    and whether its event has more than one section (the grid then names the section)."""

    previous: int | None
    next: int | None
    several_sections: bool


def board_place(*, board: Board) -> BoardPlace:
    """`board`'s BoardPlace, in one query."""
    place = Section.objects.filter(event__sections=board.section_id).aggregate(
        sections=Count("pk", distinct=True),
        previous=Max(
            "boards__number", filter=Q(pk=board.section_id, boards__number__lt=board.number)
        ),
        next=Min("boards__number", filter=Q(pk=board.section_id, boards__number__gt=board.number)),
    )
    return BoardPlace(place["previous"], place["next"], place["sections"] > 1)


def next_slip(*, table_round: TableRound) -> tuple[int, int] | None:
    """The (round, table) of the section's pick-up slip after `table_round`; None after the
    last."""
    later = Q(round__gt=table_round.round) | Q(round=table_round.round, table__gt=table_round.table)
    return (
        slips(section_id=table_round.section_id).filter(later).values_list("round", "table").first()
    )
