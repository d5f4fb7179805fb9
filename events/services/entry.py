"""Saving traveller lines: every line is checked against the movement before anything is written.

A refused line raises LineRefused with a message that says what to fix; nothing is saved. A
saved line re-scores its board and the totals of the pairs on it, in one transaction.
"""

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext, gettext_lazy

from events.models import (
    Board,
    Change,
    Event,
    IndividualPlayer,
    Pair,
    Result,
    Section,
    TableRound,
)
from events.services.conflicts import retry_on_conflict
from events.services.history import bulk_create_recorded, recording
from events.services.individuals import sides_of_players
from events.services.pair_labels import section_labels
from events.services.repairs import settling_repair
from events.services.rescoring import rescore_event
from events.services.scoring import field_boards, lock_board, rescore_board
from events.services.status import LOCKED
from events.services.tables.calls import settle_dispute
from events.services.tables.unsaved import drop_unsaved_lines
from scoring import ScoringError, TravellerLine
from scoring.pair_labels import printed_number, typed_pair
from scoring.weighted_scores import expected_score, weighted_components

# SPEC §2.3 gives the matchpoint arithmetic of a weighted score and no IMP one.
WEIGHTED_NOT_IMPS = gettext_lazy(
    "a weighted score is matchpointed part by part; an IMP event has no rule for it: "
    "give the line the score the director settles on, e.g. +170, or an adjusted score"
)

WEIGHTED_LINES_STAY_MATCHPOINTS = gettext_lazy(
    "this event has weighted scores, which only matchpoints can score: change those lines "
    "to one score first"
)


def has_weighted_lines(event: Event) -> bool:
    return (
        bool(event.pk)
        and Result.objects.filter(board__section__event=event, weights__isnull=False).exists()
    )


class LineRefused(Exception):
    """A traveller line that cannot be saved; str() says what to fix."""


@dataclass(frozen=True)
class Meeting:
    """Two pairs the movement puts together on a board."""

    ns: int
    ew: int
    round: int | None = None
    table: int | None = None


@dataclass(frozen=True)
class Scored:
    """What a line scores: NS's score and EW's (a split), and a weighted score's parts."""

    scores: tuple[int | None, int | None]
    weights: list | None = None


def board_rounds(*, board: Board) -> QuerySet[TableRound]:
    """The table-rounds where two pairs play this board."""
    return TableRound.objects.filter(
        section_id=board.section_id,
        low_board__lte=board.number,
        high_board__gte=board.number,
        ns_pair__isnull=False,
        ew_pair__isnull=False,
    )


def board_meetings(*, board: Board) -> list[Meeting]:
    """The NS v EW meetings the movement schedules for this board, by round."""
    rounds = board_rounds(board=board).select_related("ns_pair", "ew_pair")
    return [Meeting(tr.ns_pair.number, tr.ew_pair.number, tr.round, tr.table) for tr in rounds]


def save_line(
    *,
    board: Board,
    line: TravellerLine,
    ns_pair: int | None = None,
    ew_pair: int | None = None,
    result: Result | None = None,
) -> Result:
    """Check and save one line on `board`, creating a Result or updating `result`.

    `ns_pair`/`ew_pair` are the pair numbers the entry row already knows (from the movement or
    the line being edited); numbers typed at the start of the line take precedence, read as the
    pairs are labelled ("3 5" is 3 NS v 5 EW in a Mitchell numbered per direction).
    """
    return _save(*_line_to_write(board, line, ns_pair, ew_pair, result))


def _line_to_write(board, line, ns_pair, ew_pair, result) -> tuple:
    """_write's arguments: the line's scores, its pairs, the line edited and its pairs."""
    scored, ns, ew = _scores_and_pairs(board, line, ns_pair, ew_pair)
    former = {result.ns_pair_id, result.ew_pair_id} if result and result.pk else set()
    return board, line, scored, ns, ew, result.pk if former else None, former


@retry_on_conflict
def save_recorded_line(
    *,
    event: Event,
    user,
    board: Board,
    line: TravellerLine,
    ns_pair: int | None = None,
    ew_pair: int | None = None,
    result: Result | None = None,
) -> Result:
    """save_line, recorded as `user`'s change of `event` (the board's): the change, the line
    and its history, the board's scores and the pages' version in one transaction, one commit,
    tried again whole when the database reports a conflict. The director's line settles a
    dispute of the board at its table (tables.calls.settle_dispute)."""
    with (
        transaction.atomic(),
        recording(club=event.club, event=event, user=user, kind=Change.Kind.RESULT),
    ):
        saved = _write(*_line_to_write(board, line, ns_pair, ew_pair, result))
        settle_dispute(board=board, result=saved)
        return saved


def check_line(
    *,
    board: Board,
    line: TravellerLine,
    ns_pair: int | None = None,
    ew_pair: int | None = None,
    result: Result | None = None,
) -> None:
    """Raise LineRefused, with save_line's message, for a line save_line would refuse now: the
    preview asks this, so that a line it scores is a line Enter saves."""
    _, ns, ew = _scores_and_pairs(board, line, ns_pair, ew_pair)
    meeting = _check_meeting(board, ns, ew)
    _check_not_entered(board, ns, ew, result, meeting)


def _scores_and_pairs(
    board: Board, line: TravellerLine, ns_pair: int | None, ew_pair: int | None
) -> tuple[Scored, Pair, Pair]:
    scored = _scored(board, line)
    if line.players is not None:
        ns_pair, ew_pair = _sides(board, line.players)
    elif line.ns_pair is not None:
        ns_pair, ew_pair = _typed_pairs(board, line.ns_pair, line.ew_pair)
    if ns_pair is None or ew_pair is None:
        raise LineRefused(
            gettext("start the line with the NS and EW pair numbers, e.g. %(example)s 4S N 10")
            % {"example": _pairs_example(board)}
        )
    if ns_pair == ew_pair:
        raise LineRefused(
            gettext("pair %(pair)s cannot play against itself") % {"pair": line.ns_pair or ns_pair}
        )
    ns, ew = _pairs(board, ns_pair, ew_pair)
    return scored, ns, ew


def _pairs_example(board: Board) -> str:
    """How a line names its pairs, from a meeting the movement schedules on `board` and as the
    director types them ("1 8", "3 5EW"); the first two pairs when it schedules none."""
    meetings = sorted(board_meetings(board=board), key=lambda m: m.ns)
    labels = section_labels(section=board.section)
    ns, ew = (meetings[0].ns, meetings[0].ew) if meetings else (1, 2)
    return f"{printed_number(labels.get(ns, str(ns)))} {printed_number(labels.get(ew, str(ew)))}"


def _scored(board: Board, line: TravellerLine) -> Scored:
    try:
        scores = (line.score_ns(board.vulnerability), line.score_ew(board.vulnerability))
        weights = weighted_components(line, board.vulnerability) if line.weights else None
    except ScoringError as refused:
        raise LineRefused(str(refused)) from None
    if weights and board.section.event.is_imps:
        raise LineRefused(WEIGHTED_NOT_IMPS)
    if weights:
        scores = (expected_score(weights), None)
    return Scored(scores, weights)


def save_scheduled_lines(
    *, event: Event, lines: list[tuple[Board, Meeting, TravellerLine]]
) -> None:
    """Save a line for each of these meetings of the movement on their boards, none entered
    yet, in one insert, and score the event once: what save_line does a line at a time, for
    an evening keyed in at once (the demo's). A line that does not score raises LineRefused,
    and nothing is saved."""
    pairs = {(p.section_id, p.number): p for p in Pair.objects.filter(section__event=event)}
    results = []
    for board, meeting, line in lines:
        result = Result(board=board)
        ns, ew = pairs[board.section_id, meeting.ns], pairs[board.section_id, meeting.ew]
        _fill(result, line, _scored(board, line), ns, ew, meeting)
        results.append(result)
    with transaction.atomic():
        bulk_create_recorded(Result, results)
        rescore_event(event=event)


@retry_on_conflict
def _save(*arguments) -> Result:
    with transaction.atomic():
        return _write(*arguments)


def _write(
    board, line, scored: Scored, ns: Pair, ew: Pair, editing: int | None, former: set
) -> Result:
    """Save the line under the board's lock, in the caller's transaction, and rescore."""
    # Several directors may key in at once: saves on one board queue here, so that each
    # sees the lines saved before it (the duplicate check, the board's matchpoints).
    _check_open(lock_board(board=board))
    # The lines the board is scored with, read once under its lock: the line being edited,
    # the duplicate check and the rescore all use them.
    lines = list(Result.objects.filter(board__in=field_boards(board)).order_by("pk"))
    on_board = [r for r in lines if r.board_id == board.pk]
    result = Result(board=board) if editing is None else _edited(board, on_board, editing)
    former = {result.ns_pair_id, result.ew_pair_id} - {None}
    meeting = _check_meeting(board, ns, ew)
    _check_not_entered(board, ns, ew, result, meeting, on_board)
    _fill(result, line, scored, ns, ew, meeting)
    try:
        result.save()
    except IntegrityError:  # a line that changed under us, past the checks above
        # The database has aborted the transaction: nothing more runs in it, the change
        # (history.recording) included.
        transaction.set_rollback(True)
        raise LineRefused(
            gettext("board %(board)s for %(ns)s v %(ew)s changed while you typed: reload the page")
            % {"board": board.number, "ns": ns.name, "ew": ew.name}
        ) from None
    if editing is None:
        lines.append(result)  # the newest id: the lines stay in the order of their ids
    rescore_board(board=board, former_pair_ids=former, lines=lines)
    return result


def _check_open(event_locked: bool) -> None:
    """Refuse a change to a published event, read under the board's lock: publishing takes
    every board's lock, so a save either finishes before it or sees it."""
    if event_locked:
        raise LineRefused(LOCKED)


def _edited(board: Board, on_board: list[Result], pk: int) -> Result:
    """The line `pk` among the board's lines; LineRefused when another director deleted it."""
    for result in on_board:
        if result.pk == pk:
            return result
    raise LineRefused(_deleted_meanwhile(board))


def _deleted_meanwhile(board: Board) -> str:
    return gettext(
        "the line you are editing on board %(board)s was deleted meanwhile: reload the page"
    ) % {"board": board.number}


def line_being_edited(board: Board, pk: int) -> Result:
    """The saved line `pk` on `board`; LineRefused when another director deleted it."""
    try:
        return Result.objects.get(pk=pk, board=board)
    except Result.DoesNotExist:
        raise LineRefused(_deleted_meanwhile(board)) from None


def delete_line(*, result: Result) -> None:
    """Remove a line and re-score its board."""
    _delete(result.board, result.pk, {result.ns_pair_id, result.ew_pair_id})


@retry_on_conflict
def _delete(board: Board, pk: int, former: set[int]) -> None:
    # By its id: a retry finds the line again (or gone, if another director deleted it).
    with transaction.atomic():
        _check_open(lock_board(board=board))
        Result.objects.filter(pk=pk).delete()
        drop_unsaved_lines(event_id=board.section.event_id)
        rescore_board(board=board, former_pair_ids=former)


def _typed_pairs(board: Board, ns_typed: int, ew_typed: int) -> tuple[int, int]:
    """The numbers of the pairs typed at the start of a line, as the section labels them."""
    labels = section_labels(section=board.section)
    by_direction = any(" " in label for label in labels.values())
    numbers = []
    for typed, direction in ((ns_typed, "NS"), (ew_typed, "EW")):
        number = typed_pair(labels, typed, direction)
        if number is None:
            pair = f"{typed} {direction}" if by_direction else typed
            several = Section.objects.filter(event=board.section.event_id).count() > 1
            where = (
                gettext("section %(section)s") % {"section": board.section.letter}
                if several
                else gettext("this event")
            )
            raise LineRefused(
                gettext("there is no pair %(pair)s in %(where)s") % {"pair": pair, "where": where}
            )
        numbers.append(number)
    return numbers[0], numbers[1]


def _sides(board: Board, players: tuple[int, int, int, int]) -> tuple[int, int]:
    """The sides of an individual a line names by its four players, North South East West."""
    if not board.section.event.is_individual:
        raise LineRefused(
            gettext(
                "four numbers name an individual's players: in a pairs event start the line with "
                "the NS and EW pair numbers, e.g. 1 8 4S N 10"
            )
        )
    known = set(
        IndividualPlayer.objects.filter(
            section_id=board.section_id, number__in=players
        ).values_list("number", flat=True)
    )
    for number in players:
        if number not in known:
            raise LineRefused(
                gettext("there is no player %(player)s in this event") % {"player": number}
            )
    sides = sides_of_players(board=board, players=players)
    for side, (first, second), seats in zip(
        sides,
        (players[:2], players[2:]),
        (gettext("North-South"), gettext("East-West")),
        strict=True,
    ):
        if side is None:
            raise LineRefused(
                gettext(
                    "players %(first)s and %(second)s never sit %(seats)s together in this event: "
                    "type the players North, South, East, West"
                )
                % {"first": first, "second": second, "seats": seats}
            )
    return sides


def _pairs(board: Board, ns_number: int, ew_number: int) -> tuple[Pair, Pair]:
    found = {
        p.number: p
        for p in Pair.objects.filter(section_id=board.section_id, number__in=[ns_number, ew_number])
    }
    for number in (ns_number, ew_number):
        if number not in found:
            raise LineRefused(gettext("there is no pair %(pair)s in this event") % {"pair": number})
    return found[ns_number], found[ew_number]


def _check_meeting(board: Board, ns: Pair, ew: Pair) -> TableRound | None:
    """The table-round where these pairs play this board; refuse pairs that never meet on it.

    Pairs that meet on the board but sat the other way round are accepted: the line is scored
    by where the cards were played, and the problems panel shows the swap.
    """
    rounds = TableRound.objects.filter(
        section_id=board.section_id, low_board__lte=board.number, high_board__gte=board.number
    )
    meeting = rounds.filter(Q(ns_pair=ns, ew_pair=ew) | Q(ns_pair=ew, ew_pair=ns)).first()
    # Without a movement (an imported event) any meeting is possible.
    if meeting is None and rounds.exists():
        raise LineRefused(
            gettext(
                "pairs %(ns)s and %(ew)s do not play board %(board)s against each "
                "other in this movement: check the pair numbers"
            )
            % {"ns": ns.name, "ew": ew.name, "board": board.number}
        )
    return meeting


def _check_not_entered(
    board: Board,
    ns: Pair,
    ew: Pair,
    editing: Result | None,
    meeting: TableRound | None,
    on_board: list[Result] | None = None,
) -> None:
    """Refuse a line for pairs that already have one on the board (other than the line being
    edited); `on_board` are the board's lines by id, when the caller has read them."""
    if on_board is None:
        others = Result.objects.filter(board=board).filter(
            Q(ns_pair__in=[ns, ew]) | Q(ew_pair__in=[ns, ew])
        )
        on_board = list(others.select_related("ns_pair", "ew_pair").order_by("pk"))
    pairs = {ns.pk, ew.pk}
    editing_pk = editing.pk if editing is not None else None
    clash = next(
        (r for r in on_board if r.pk != editing_pk and pairs & {r.ns_pair_id, r.ew_pair_id}),
        None,
    )
    if clash is not None:
        if _brought_back(clash, meeting):
            # A repair sent a pair back to a board it played: no line can fit until it is settled.
            again = ({ns.pk, ew.pk} & {clash.ns_pair_id, clash.ew_pair_id}).pop()
            raise LineRefused(
                gettext(
                    "board %(board)s is already entered for %(ns)s v %(ew)s in round %(round)s, "
                    "and the repaired movement brings pair %(pair)s back to it in round "
                    "%(new_round)s at table %(table)s: a pair plays a board once, so %(settle)s"
                )
                % {
                    "board": board.number,
                    "ns": clash.ns_pair.name,
                    "ew": clash.ew_pair.name,
                    "round": clash.round,
                    "pair": ns.name if again == ns.pk else ew.name,
                    "new_round": meeting.round,
                    "table": meeting.table,
                    "settle": settling_repair(
                        section=board.section, round=meeting.round, table=meeting.table
                    ),
                }
            )
        raise LineRefused(
            gettext(
                "board %(board)s is already entered for %(ns)s v %(ew)s: edit or delete that "
                "line instead"
            )
            % {"board": board.number, "ns": clash.ns_pair.name, "ew": clash.ew_pair.name}
        )


def _brought_back(clash: Result, meeting: TableRound | None) -> bool:
    """Whether the line entered earlier is from another round where the movement also has
    this board played: a pair scheduled to meet a board twice."""
    return (
        meeting is not None
        and clash.round is not None
        and (clash.round, clash.table) != (meeting.round, meeting.table)
    )


def _fill(
    result: Result,
    line: TravellerLine,
    scored: Scored,
    ns: Pair,
    ew: Pair,
    meeting: TableRound | None,
) -> None:
    result.ns_pair, result.ew_pair = ns, ew
    if meeting is not None:
        result.round, result.table = meeting.round, meeting.table
    result.contract = str(line.contract) if line.contract else ""
    result.declarer = line.declarer
    result.lead = line.lead
    result.tricks = line.tricks
    result.score_ns, result.score_ew = scored.scores
    result.weights = scored.weights
    result.note = line.note
    result.ns_adjustment = line.ns_adjustment
    result.ew_adjustment = line.ew_adjustment
    # A percent only when typed as one: a code follows the event's adjusted-score rule.
    result.ns_percent, result.ew_percent = line.ns_percent, line.ew_percent
    result.not_played = line.not_played
    result.confirmed = False  # a line changed is a line to question again
    # An edited line is scored: a fixed score the file printed goes (undo brings it back).
    result.fixed_ns_points = result.fixed_ew_points = None
