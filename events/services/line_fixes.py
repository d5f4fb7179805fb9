"""One-click fixes the problems panel offers, each a save through the entry service."""

from django.db import transaction
from django.utils.translation import gettext

from events.models import Change, Result
from events.services.entry import LineRefused, save_line
from events.services.history import recording
from events.services.individuals import side_labels
from events.services.line_text import result_text
from events.services.notes import sentence
from events.services.scoring import lock_board
from events.services.status import check_editable
from scoring import ScoringError, parse_traveller_line


def swap_directions(*, result: Result) -> Result:
    """The same line with its pair numbers the other way round: the pairs were written in each
    other's boxes, so the North-South score goes to the pair now entered North-South."""
    try:
        line = parse_traveller_line(result_text(result))
    except ScoringError as refused:
        raise LineRefused(
            gettext("this line cannot be swapped here (%(refused)s): edit it instead")
            % {"refused": refused}
        ) from None
    return save_line(
        board=result.board,
        line=line,
        ns_pair=result.ew_pair.number,
        ew_pair=result.ns_pair.number,
        result=result,
    )


def confirm_line(*, result: Result, user=None) -> None:
    """Record, as one change undone like any other, that the director has looked at
    `result` (its board, section, event and pairs selected with it) and it is right: the
    problems panel asks no more about it until the line is edited. Raises EventLocked on a
    published event."""
    board = result.board
    event = board.section.event
    # An individual's sides by their players' numbers, as its entry grid shows them.
    sides = side_labels(section=board.section) if event.is_individual else {}
    note = [
        sentence(
            "line-right",
            board=board.number,
            ns=sides.get(result.ns_pair.number, result.ns_pair.name),
            ew=sides.get(result.ew_pair.number, result.ew_pair.name),
            line=result_text(result),
        )
    ]
    with transaction.atomic():
        lock_board(board=board)
        event.refresh_from_db(fields=["status", "reopened_on"])
        check_editable(event)
        with recording(club=event.club, event=event, user=user, kind=Change.Kind.RESULT, note=note):
            result.confirmed = True
            result.save(update_fields=["confirmed"])
