"""The lines a table's players enter: North enters, the opponents accept (or dispute), and only
an accepted line is saved as a result, through the director's entry service and its checks.

Every call is idempotent on the line's key (the phone's UUID for it): a line or an acceptance
sent again after a lost answer, or by a queue replayed when the Wi-Fi comes back, answers with
the line as saved and changes nothing.
"""

import functools
import uuid
from collections.abc import Callable

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from events.models import (
    Board,
    Change,
    MatchLine,
    Pair,
    Result,
    TableAccess,
    TableCall,
    TableLine,
)
from events.services.conflicts import retry_on_conflict
from events.services.entry import LineRefused, check_line, save_line
from events.services.history import recording
from events.services.individuals import side_labels
from events.services.leads import check_lead
from events.services.notes import sentence
from events.services.status import LOCKED
from events.services.tables.calls import call_director, clear_dispute
from events.services.tables.rate_limit import count_wrong_pin, pin_tries_left
from events.services.tables.seating import BoardAtTable, RoundAtTable, table_now
from scoring import ScoringError, TravellerLine, parse_traveller_line


class WrongPin(LineRefused):
    """The accepting pair's PIN is not the one typed: they may type it again."""


def once_a_key(enter):
    """A line's key is one line: sent again, or from two phones at once (the other phone's
    line saved while this one was checked), the answer is the line under that key."""

    @functools.wraps(enter)
    def wrapper(*, access: TableAccess, key: uuid.UUID, **kwargs) -> TableLine:
        if (known := known_line(access, key)) is not None:
            return known
        try:
            return enter(access=access, key=key, **kwargs)
        except LineRefused:
            if (known := known_line(access, key)) is not None:
                return known
            raise

    return wrapper


@once_a_key
def enter_line(
    *, access: TableAccess, round: int, board_number: int, text: str, key: uuid.UUID
) -> TableLine:
    """North's line of a board of the table's current round, waiting for the opponents.

    Refused (LineRefused, in plain words) as the director's grid refuses it (the pairs do not
    play the board, it is already entered, the contract cannot be), and also when the board is
    not the table's to enter now. A disputed line of the board is replaced by this one.
    """
    now = table_now(access=access)
    at, board = _open_board(now.current, round, board_number)
    line = _parse(text)
    check_at_table(access=access, board=board.board, line=line)
    check_line(
        board=board.board,
        line=line,
        ns_pair=at.meeting.ns_pair.number,
        ew_pair=at.meeting.ew_pair.number,
    )
    return _wait(access, board, round, text, key, correcting=None)


@once_a_key
def reopen_line(
    *, access: TableAccess, round: int, board_number: int, text: str, key: uuid.UUID
) -> TableLine:
    """A correction of the table's own accepted line, waiting for the opponents to accept it
    again: only until the round ends for the table (seating's words); after that the director's.
    Until accepted, the result saved before stands."""
    at, board = board_to_correct(table_now(access=access), round, board_number)
    line = _parse(text)
    check_at_table(access=access, board=board.board, line=line)
    check_line(
        board=board.board,
        line=line,
        ns_pair=at.meeting.ns_pair.number,
        ew_pair=at.meeting.ew_pair.number,
        result=board.result,
    )
    return _wait(access, board, round, text, key, correcting=board.result)


def check_at_table(*, access: TableAccess, board, line: TravellerLine) -> None:
    """What a table may enter beyond what the director's grid checks: a played contract with
    its lead when the event asks for one, or a pass. The one place a line is checked before it
    waits for the opponents (the lead against the hand record too)."""
    if line.contract is None or line.ns_pair is not None or line.players is not None:
        raise LineRefused(
            gettext(
                "enter the contract, the declarer and the tricks, or passed out; an adjusted "
                "score or a board not played is the director's: call the director"
            )
        )
    if access.event.table_lead and not line.passed_out and not line.lead:
        raise LineRefused(gettext("enter the opening lead"))
    check_lead(board=board, line=line)


def accept_line(*, access: TableAccess, key: uuid.UUID, pin: str = "") -> TableLine:
    """The opponents accept the line: it is saved as the board's result, recorded in the
    history as entered at this table and accepted by them. With the event's PIN rule the
    accepting pair's PIN must be given."""
    line = line_by_key(access, key)
    if line.state == TableLine.State.ACCEPTED:
        return line
    if line.state == TableLine.State.DISPUTED:
        raise LineRefused(
            gettext("board %(board)s was disputed: North enters it again")
            % {"board": line.board_number}
        )
    now = table_now(access=access)
    at = now.round(line.round)
    if at is None or at.board(line.board_number) is None:
        raise LineRefused(
            gettext("round %(round)s is over at this table: call the director")
            % {"round": line.round}
        )
    meeting, board = at.meeting, at.board(line.board_number).board
    # The table's own event, section and club, already read: not read again by the save.
    line.access, board.section = access, now.section
    if access.event.table_pin:
        _check_pin(access, pin, meeting.ew_pair)
    where = f"{access.section.letter}{access.table}" if _sections(access) > 1 else access.table
    note = [sentence("accepted-by-pair", table=where, pair=_side_name(access, meeting.ew_pair))]
    if access.event.is_locked:
        raise LineRefused(LOCKED)
    save = saving_result(
        line,
        board=board,
        traveller_line=parse_traveller_line(line.text),
        seats=(meeting.ns_pair.number, meeting.ew_pair.number),
        note=note,
    )
    saved = save_accepted(line, save=save, waiting=(TableLine.State.ENTERED,))
    return saved or line_by_key(access, key)  # None: another phone accepted it meanwhile


@retry_on_conflict
def save_accepted(
    line: TableLine, *, save: Callable[[], Result | MatchLine], waiting: tuple[str, ...]
) -> TableLine | None:
    """Save a table's line, pairs or teams, and mark it accepted, together or neither: `save()`
    saves it as the board's result (saving_result) or the match's line (save_match_line), and
    records it. The call of a dispute of the board at the table is cleared (the line North
    entered again is agreed, or the director accepted the disputed one). None when the line is
    no longer in one of the `waiting` states (accepted by another phone, or by the director, at
    the same moment). The whole again on a database conflict: the entry services' own retry
    cannot run inside this transaction."""
    with transaction.atomic():
        claimed = TableLine.objects.filter(pk=line.pk, state__in=waiting).update(
            state=TableLine.State.ACCEPTED
        )
        if not claimed:
            return None
        saved = save()
        clear_dispute(access=line.access, round=line.round, board_number=line.board_number)
        field = "match_line" if isinstance(saved, MatchLine) else "result"
        setattr(line, field, saved)
        line.state = TableLine.State.ACCEPTED
        line.save(update_fields=[field, "state", "updated"])
    return line


def saving_result(
    line: TableLine,
    *,
    board: Board,
    traveller_line: TravellerLine,
    seats: tuple[int, int],
    note: list[dict],
    user=None,
) -> Callable[[], Result]:
    """save_accepted's `save` for a pairs or individual table's line: the board's result
    between the pairs `seats` (NS, EW), replacing the one the line corrects, recorded under
    `note`."""
    event = line.access.event

    def save() -> Result:
        with recording(club=event.club, event=event, user=user, kind=Change.Kind.RESULT, note=note):
            return save_line(
                board=board, line=traveller_line, ns_pair=seats[0], ew_pair=seats[1],
                result=line.result,
            )  # fmt: skip

    return save


def _check_pin(access: TableAccess, pin: str, pair: Pair) -> None:
    if not pin_tries_left(token=access.token):
        raise LineRefused(
            gettext("too many wrong PINs at this table: wait ten minutes, or call the director")
        )
    if pin.strip() != pair.pin:
        count_wrong_pin(token=access.token)
        raise WrongPin(gettext("wrong PIN: East-West type the PIN printed on their guide card"))


def dispute_line(*, access: TableAccess, key: uuid.UUID) -> TableLine:
    """The opponents do not agree: the line goes back to North, and the director is called."""
    line = line_by_key(access, key)
    if line.state == TableLine.State.ENTERED:
        TableLine.objects.filter(pk=line.pk, state=TableLine.State.ENTERED).update(
            state=TableLine.State.DISPUTED
        )
        line.refresh_from_db()
    if line.state == TableLine.State.DISPUTED:
        call_director(
            access=access,
            round=line.round,
            board_number=line.board_number,
            kind=TableCall.Kind.DISPUTE,
        )
    return line


def board_to_correct(now, round: int, board_number: int):
    """The round and the board at the table (a pairs or a teams table's `table_now`) whose own
    line of `board_number` in `round` the players correct; LineRefused when the round is over
    for the table or the board was not entered there."""
    at = now.round(round)
    board = at.board(board_number) if at else None
    if board is None or not now.correctable(round):
        raise LineRefused(
            gettext(
                "round %(round)s is over at this table: call the director to correct board "
                "%(board)s"
            )
            % {"round": round, "board": board_number}
        )
    if board.result is None or board.line is None:
        raise LineRefused(
            gettext("board %(board)s was not entered at this table: call the director")
            % {"board": board_number}
        )
    return at, board


def known_line(access: TableAccess, key: uuid.UUID) -> TableLine | None:
    """The line already sent with this key; refused when the key is another table's."""
    line = TableLine.objects.filter(key=key).first()
    if line is not None and line.access_id != access.pk:
        raise LineRefused(gettext("this line belongs to another table"))
    return line


def line_by_key(access: TableAccess, key: uuid.UUID) -> TableLine:
    line = known_line(access, key)
    if line is None:
        raise LineRefused(gettext("no such line at this table: enter it again"))
    return line


def _side_name(access: TableAccess, pair: Pair) -> str:
    """The accepting side as the room knows it: a pair's number, an individual's two players'."""
    if access.event.is_individual:
        return side_labels(section=access.section).get(pair.number, pair.printed)
    return pair.printed


def _sections(access: TableAccess) -> int:
    return access.event.sections.count()


def _open_board(
    at: RoundAtTable | None, round: int, board_number: int
) -> tuple[RoundAtTable, BoardAtTable]:
    """The board of the current round, refused when it is not the table's to enter now."""
    if at is None or at.number != round:
        raise LineRefused(
            gettext("this table is not playing round %(round)s now") % {"round": round}
        )
    board = at.board(board_number)
    if board is None:
        raise LineRefused(
            gettext("board %(board)s is not played at this table in round %(round)s")
            % {"board": board_number, "round": round}
        )
    if board.state == TableLine.State.ENTERED:
        raise LineRefused(
            gettext("board %(board)s is waiting for East-West to accept it")
            % {"board": board_number}
        )
    if board.played:
        raise LineRefused(gettext("board %(board)s is already entered") % {"board": board_number})
    return at, board


def _parse(text: str) -> TravellerLine:
    try:
        return parse_traveller_line(text)
    except ScoringError as refused:
        raise LineRefused(str(refused)) from None


def _wait(access, board: BoardAtTable, round: int, text: str, key, correcting) -> TableLine:
    """The line, waiting for the opponents: a disputed line of the board is replaced."""
    try:
        with transaction.atomic():
            access.lines.filter(board_number=board.number, state=TableLine.State.DISPUTED).delete()
            return TableLine.objects.create(
                access=access,
                round=round,
                board_number=board.number,
                text=text.strip(),
                key=key,
                result=correcting,
            )
    except IntegrityError:
        # The same key from another phone at once: its line. Another key: a line waits.
        if (known := known_line(access, key)) is not None:
            return known
        raise LineRefused(
            gettext("board %(board)s is waiting for East-West to accept it")
            % {"board": board.number}
        ) from None
