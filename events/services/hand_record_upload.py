"""Hand records given to an event that exists: a file's deals matched to its boards by number.

The deals are saved in the request, recorded as one change; their double-dummy tables and par
are left to the worker (events.tasks.analyse_hands), queued once the deals are committed.
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext, ngettext

from events.formats.deal_files import DealtBoard
from events.models import Board, Change, Event
from events.services.hand_records import hands_waiting, queue_analysis
from events.services.history import recording
from events.services.status import check_editable


class HandRecordsRefused(Exception):
    """Deals the event cannot take as they are; str() says why and what to do."""


class HandRecordsExist(HandRecordsRefused):
    """Boards that have hand records already: the director is asked whether to replace them."""


def number_ranges(numbers) -> str:
    """ "1-3, 7, 9-10" for 1, 2, 3, 7, 9, 10."""
    numbers = sorted(set(numbers))
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


@dataclass(frozen=True)
class HandRecordCounts:
    """The event's boards, how many have a deal, how many wait for their double-dummy table."""

    boards: int
    dealt: int
    waiting: int


def hand_record_counts(*, event: Event) -> HandRecordCounts:
    """How far the event's hand records have got, for the page that uploads them."""
    boards = Board.objects.filter(section__event=event)
    return HandRecordCounts(
        boards=boards.count(),
        dealt=boards.exclude(deal="").count(),
        waiting=hands_waiting(event=event),
    )


@dataclass(frozen=True)
class HandRecordsLoaded:
    """What an upload did: the ids of the boards whose deal changed, the numbers of the boards
    given a deal, and the numbers of the file's deals the event has no board for."""

    changed: list[int]
    loaded: list[int]
    left_out: list[int]


def upload_hand_records(
    *, event: Event, dealt: list[DealtBoard], replace: bool = False, user=None
) -> HandRecordsLoaded:
    """Give each board of the event the deal the file gives its number.

    Every board with that number gets it (each section plays the same deals). A deal for a board
    the event does not have is left out (dealing programs deal more boards than are played);
    refused, nothing saved, when the file deals none of the event's boards and, unless `replace`,
    when a board has a deal already. A board given the deal it has already is left as it is.
    """
    with transaction.atomic():
        # The boards' locks first, in the house order: a line saved meanwhile waits, and the
        # status read under them is the one that holds (services.entry does the same).
        boards = list(Board.objects.select_for_update().filter(section__event=event).order_by("pk"))
        check_editable(Event.objects.get(pk=event.pk))
        by_number: dict[int, list[Board]] = {}
        for board in boards:
            by_number.setdefault(board.number, []).append(board)
        left_out = [d.number for d in dealt if d.number not in by_number]
        dealt = [d for d in dealt if d.number in by_number]
        if not dealt:
            has = (
                gettext("boards %(boards)s") % {"boards": number_ranges(by_number)}
                if by_number
                else gettext("no boards yet")
            )
            raise HandRecordsRefused(
                ngettext(
                    "the file deals board %(boards)s, which this event does not have (it has "
                    "%(has)s)",
                    "the file deals boards %(boards)s, which this event does not have (it has "
                    "%(has)s)",
                    len(left_out),
                )
                % {"boards": number_ranges(left_out), "has": has}
            )
        loaded = [d.number for d in dealt]
        changed = [
            (board, d.deal) for d in dealt for board in by_number[d.number] if board.deal != d.deal
        ]
        dealt_already = sorted({b.number for b, _ in changed if b.deal})
        if dealt_already and not replace:
            raise HandRecordsExist(
                ngettext(
                    "board %(boards)s already have hand records: tick “Replace the hand records "
                    "already there” to put the file's in their place",
                    "boards %(boards)s already have hand records: tick “Replace the hand records "
                    "already there” to put the file's in their place",
                    len(dealt_already),
                )
                % {"boards": number_ranges(dealt_already)}
            )
        if not changed:
            return HandRecordsLoaded(changed=[], loaded=loaded, left_out=left_out)
        with recording(club=event.club, event=event, user=user, kind=Change.Kind.HANDS):
            for board, deal in changed:
                board.deal, board.double_dummy, board.par = deal, None, ""
                board.save(update_fields=["deal", "double_dummy", "par"])
        queue_analysis(event=event)
    return HandRecordsLoaded(
        changed=[board.pk for board, _ in changed], loaded=loaded, left_out=left_out
    )
