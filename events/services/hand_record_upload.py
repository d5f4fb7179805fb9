"""Hand records given to an event that exists: a file's deals matched to its boards by number.

The deals are saved in the request, recorded as one change; their double-dummy tables and par
are left to the worker (events.tasks.analyse_hands), queued once the deals are committed. A
teams event takes them a round at a time (every match of a round plays the same boards), a
round drawn or still to draw.
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext, ngettext

from events.formats.deal_files import DealtBoard
from events.models import Board, Change, Event, Match, RoundDeal
from events.services.hand_records import hands_waiting, queue_analysis
from events.services.history import recording
from events.services.status import check_editable
from events.services.teams.match_scoring import match_boards


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
    """How far the event's hand records have got, for the page that uploads them: a teams
    event's boards are those of its rounds drawn so far."""
    if event.is_teams:
        boards = {
            (match.round, number)
            for match in Match.objects.filter(event=event, away__isnull=False).select_related(
                "event__team_settings"
            )
            for number in _numbers(match)
        }
        dealt = RoundDeal.objects.filter(event=event).exclude(deal="")
        return HandRecordCounts(
            boards=len(boards),
            dealt=sum(key in boards for key in dealt.values_list("round", "number")),
            waiting=hands_waiting(event=event),
        )
    boards = Board.objects.filter(section__event=event)
    return HandRecordCounts(
        boards=boards.count(),
        dealt=boards.exclude(deal="").count(),
        waiting=hands_waiting(event=event),
    )


def hand_record_rounds(*, event: Event) -> tuple[int, int]:
    """How many rounds of a teams event may take hand records (those the event plays, by its
    settings, else those drawn and the next), and the one offered first: the last drawn."""
    drawn = event.matches.order_by("-round").values_list("round", flat=True).first() or 0
    return max(event.team_settings.rounds or drawn + 1, drawn), max(drawn, 1)


def _numbers(match: Match) -> range:
    return range(match.first_board, match.first_board + match_boards(match))


@dataclass(frozen=True)
class HandRecordsLoaded:
    """What an upload did: the ids of the boards whose deal changed, the numbers of the boards
    given a deal, and the numbers of the file's deals the event has no board for."""

    changed: list[int]
    loaded: list[int]
    left_out: list[int]


def upload_hand_records(
    *,
    event: Event,
    dealt: list[DealtBoard],
    replace: bool = False,
    user=None,
    round: int | None = None,
) -> HandRecordsLoaded:
    """Give each board of the event (of a teams event, of its `round`) the deal the file gives
    its number.

    Every board with that number gets it (each section plays the same deals, and each match of
    a round). A deal for a board the event does not have is left out (dealing programs deal
    more boards than are played); refused, nothing saved, when the file deals none of the
    event's boards and, unless `replace`, when a board has a deal already. A board given the
    deal it has already is left as it is.
    """
    with transaction.atomic():
        by_number = _round_boards(event, round) if event.is_teams else _boards(event)
        left_out = [d.number for d in dealt if d.number not in by_number]
        dealt = [d for d in dealt if d.number in by_number]
        if not dealt:
            has = (
                gettext("boards %(boards)s") % {"boards": number_ranges(by_number)}
                if by_number
                else gettext("no boards yet")
            )
            values = {"boards": number_ranges(left_out), "has": has, "round": round}
            if event.is_teams:
                raise HandRecordsRefused(
                    ngettext(
                        "the file deals board %(boards)s, which round %(round)s does not have "
                        "(it has %(has)s)",
                        "the file deals boards %(boards)s, which round %(round)s does not have "
                        "(it has %(has)s)",
                        len(left_out),
                    )
                    % values
                )
            raise HandRecordsRefused(
                ngettext(
                    "the file deals board %(boards)s, which this event does not have (it has "
                    "%(has)s)",
                    "the file deals boards %(boards)s, which this event does not have (it has "
                    "%(has)s)",
                    len(left_out),
                )
                % values
            )
        loaded = [d.number for d in dealt]
        changed = [
            (board, d.deal) for d in dealt for board in by_number[d.number] if board.deal != d.deal
        ]
        dealt_already = sorted({b.number for b, _ in changed if b.deal})
        if dealt_already and not replace:
            raise HandRecordsExist(
                ngettext(
                    "board %(boards)s already has hand records: tick “Replace the hand records "
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
                # A teams round's board dealt for the first time is a new row.
                board.save(
                    update_fields=None if board.pk is None else ["deal", "double_dummy", "par"]
                )
        queue_analysis(event=event)
    return HandRecordsLoaded(
        changed=[board.pk for board, _ in changed], loaded=loaded, left_out=left_out
    )


def _boards(event: Event) -> dict[int, list[Board]]:
    """A pairs event's boards by number, each section's."""
    # The boards' locks first, in the house order: a line saved meanwhile waits, and the status
    # read under them is the one that holds (services.entry does the same).
    boards = list(Board.objects.select_for_update().filter(section__event=event).order_by("pk"))
    check_editable(Event.objects.get(pk=event.pk))
    by_number: dict[int, list[Board]] = {}
    for board in boards:
        by_number.setdefault(board.number, []).append(board)
    return by_number


def _round_boards(event: Event, round: int | None) -> dict[int, list[RoundDeal]]:
    """A teams round's boards by number, each its hand record (a new one where it has none
    yet): its matches' boards once it is drawn, else the event's boards a match."""
    if not round or round < 1:
        raise HandRecordsRefused(gettext("choose the round whose boards the file deals"))
    # The matches' locks, as a line's save takes them: publishing takes them too.
    matches = list(
        Match.objects.select_for_update(of=("self",))
        .filter(event=event, round=round, away__isnull=False)
        .select_related("event__team_settings")
        .order_by("pk")
    )
    check_editable(Event.objects.get(pk=event.pk))
    numbers = {n for match in matches for n in _numbers(match)} or range(
        1, event.team_settings.boards_per_match + 1
    )
    have = {deal.number: deal for deal in RoundDeal.objects.filter(event=event, round=round)}
    return {
        number: [have.get(number) or RoundDeal(event=event, round=round, number=number)]
        for number in sorted(numbers)
    }
