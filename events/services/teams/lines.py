"""Saving a match's lines, typed as the pairs entry types them (`4S N 10` at table 1, `4S S 9` at
table 2): checked before anything is written, then the match is rescored, in one transaction.

A refused line raises the pairs entry's LineRefused with a message that says what to fix.
"""

from django.db import transaction
from django.utils.translation import gettext

from events.models import Change, Match, MatchBoard, MatchLine
from events.services.conflicts import retry_on_conflict
from events.services.entry import WEIGHTED_NOT_IMPS, LineRefused
from events.services.history import bulk_create_recorded, recording
from events.services.notes import sentence
from events.services.tables.calls import settle_match_dispute
from events.services.tables.unsaved import drop_unsaved_lines
from events.services.teams.locks import open_match
from events.services.teams.match_scoring import match_boards, rescore_match
from scoring import ScoringError, TravellerLine, board_conditions

TABLES = (1, 2)


def save_match_line(
    *,
    match: Match,
    board_number: int,
    table: int,
    line: TravellerLine,
    user=None,
    note: list[dict] | None = None,
) -> MatchLine:
    """Check and save the line of `board_number` at `table` (1: the home team NS, 2: the away
    team NS), replacing the one there; the match's IMPs and VPs follow at once, and a dispute
    of the board at that table is settled (tables.calls.settle_match_dispute). `note`: the
    history's, when not the usual one (a line from the table says which table entered it)."""
    score_ns = check_match_line(match=match, board_number=board_number, table=table, line=line)
    note = note or [sentence("match-line", team=match.home.name, board=board_number, table=table)]
    return _save(match, board_number, table, line, score_ns, user, note)


def save_match_card(
    *, match: Match, lines: dict[tuple[int, int], TravellerLine], user=None
) -> list[MatchLine]:
    """Save lines of a match none of whose boards is entered yet, keyed by (board number,
    table), each checked as save_match_line checks it, as one change; the match's IMPs and
    VPs follow once. A refused line raises LineRefused and nothing is saved."""
    scores = {
        (number, table): check_match_line(match=match, board_number=number, table=table, line=line)
        for (number, table), line in lines.items()
    }
    event = match.event
    with (
        transaction.atomic(),
        recording(club=event.club, event=event, user=user, kind=Change.Kind.RESULT),
    ):
        locked = open_match(match=match, refused=LineRefused)
        if MatchBoard.objects.filter(match=locked).exists():
            raise LineRefused(
                gettext("%(home)s v %(away)s has boards entered already")
                % {"home": match.home.name, "away": match.away.name}
            )
        numbers = sorted({number for number, _ in lines})
        boards = bulk_create_recorded(
            MatchBoard, [MatchBoard(match=locked, number=number) for number in numbers]
        )
        by_number = dict(zip(numbers, boards, strict=True))
        saved = [
            _filled(MatchLine(board=by_number[number], table=table), line, scores[number, table])
            for (number, table), line in lines.items()
        ]
        bulk_create_recorded(MatchLine, saved)
        rescore_match(match=locked, settings=locked.event.team_settings)
    return saved


def _filled(saved: MatchLine, line: TravellerLine, score_ns: int | None) -> MatchLine:
    saved.contract = str(line.contract) if line.contract else ""
    saved.declarer, saved.lead, saved.tricks = line.declarer, line.lead, line.tricks
    saved.score_ns, saved.not_played, saved.note = score_ns, line.not_played, line.note
    saved.ns_adjustment, saved.ew_adjustment = line.ns_adjustment, line.ew_adjustment
    return saved


def check_match_line(*, match: Match, board_number: int, table: int, line: TravellerLine):
    """North-South's score of the line, or LineRefused with the message a save would give."""
    if match.is_bye:
        raise LineRefused(
            gettext("%(team)s has a bye: there are no boards to enter") % {"team": match.home.name}
        )
    if table not in TABLES:
        raise LineRefused(gettext("a match has tables 1 and 2, not %(table)s") % {"table": table})
    last = match.first_board + match_boards(match) - 1
    if not match.first_board <= board_number <= last:
        raise LineRefused(
            gettext("this match plays boards %(first)s to %(last)s, not board %(board)s")
            % {"first": match.first_board, "last": last, "board": board_number}
        )
    if line.ns_pair is not None:
        raise LineRefused(
            gettext("in a match, type the result alone, e.g. 4S N 10: the table says who")
        )
    if line.weights:
        raise LineRefused(WEIGHTED_NOT_IMPS)
    if line.entered_ew_score is not None:
        raise LineRefused(
            gettext("a split score has no place in a match: assign the board's IMPs instead")
        )
    if line.ns_percent is not None or line.ew_percent is not None:
        raise LineRefused(
            gettext("in a match an artificial score is A+, A or A- (±3 IMPs, Law 86A)")
        )
    _, vulnerability = board_conditions(board_number)
    try:
        return line.score_ns(vulnerability)
    except ScoringError as refused:
        raise LineRefused(str(refused)) from None


def delete_match_line(*, match: Match, board_number: int, table: int, user=None) -> None:
    """Take the line of a board at a table away; the board waits for it again."""
    _delete(match, board_number, table, user)


@retry_on_conflict
def _save(match, board_number, table, line: TravellerLine, score_ns, user, note) -> MatchLine:
    event = match.event
    with (
        transaction.atomic(),
        recording(
            club=event.club,
            event=event,
            user=user,
            kind=Change.Kind.RESULT,
            note=note,
        ),
    ):
        # Several directors may key in at once: saves on one match queue here.
        locked = open_match(match=match, refused=LineRefused)
        # The match's lock keeps its boards: no other save can make this one meanwhile.
        board = MatchBoard.objects.filter(match=locked, number=board_number).first()
        board = board or MatchBoard.objects.create(match=locked, number=board_number)
        saved = MatchLine.objects.filter(board=board, table=table).first()
        saved = _filled(saved or MatchLine(board=board, table=table), line, score_ns)
        saved.save()
        settle_match_dispute(match=locked, board_number=board_number, table=table)
        rescore_match(match=locked, settings=locked.event.team_settings)
    return saved


@retry_on_conflict
def _delete(match, board_number, table, user) -> None:
    event = match.event
    with (
        transaction.atomic(),
        recording(club=event.club, event=event, user=user, kind=Change.Kind.RESULT),
    ):
        locked = open_match(match=match, refused=LineRefused)
        MatchLine.objects.filter(
            board__match=locked, board__number=board_number, table=table
        ).delete()
        drop_unsaved_lines(event_id=event.pk)
        rescore_match(match=locked, settings=locked.event.team_settings)
