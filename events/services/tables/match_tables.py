"""Both tables of a teams match entering from their phones (issue 23, item 11).

A teams table's access is a match table number and a half: at half 1 the home team sits
North-South, at half 2 the away team. Its page shows the table's current match at that number
(table_now): a table stays on its match until the match's boards are all in at both tables,
then moves on to its match of the next round drawn. North enters a line, which waits (a
TableLine) until East-West accept it; accepted, it is saved through the match's own entry
service (save_match_line) and the match is rescored.

What a table sees: its own lines at once; a board's hand once it has played it (the round's
hand record, a RoundDeal, as the event's settings allow); the other table's result on a board,
and the board's IMPs, once both tables have played it; the match's IMPs and VPs once its last
board is in, with the standings as the reveal rule shows them (after_board.end_of_round). The
match ends for the table when the players of its next match say they are seated or enter a
line: until then it may correct its own lines, after it only the director.

The functions and shapes are those of the pairs' table (seating.TableNow, table_now,
lines.enter_line, accept_line, dispute_line, reopen_line) where they do the same thing, so that
one page serves both, dispatching on the access's half.
"""

import functools
import uuid
from dataclasses import dataclass
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils.translation import gettext, pgettext

from events.models import (
    Match,
    MatchBoard,
    MatchLine,
    RoundDeal,
    TableAccess,
    TableCall,
    TableLine,
    Team,
)
from events.services.entry import LineRefused
from events.services.leads import check_lead
from events.services.notes import sentence
from events.services.tables.calls import call_director
from events.services.tables.lines import (
    WrongPin,
    board_to_correct,
    known_line,
    line_by_key,
    once_a_key,
    save_accepted,
)
from events.services.tables.rate_limit import count_wrong_pin, pin_tries_left
from events.services.tables.seating import TableNow
from events.services.teams.lines import check_match_line, save_match_line
from events.services.teams.match_pages import board_rows
from scoring import ScoringError, TravellerLine, parse_traveller_line

State = TableLine.State


@dataclass
class BoardOfMatch:
    """A board of the match at this table, as the table may see it.

    `line`: the table's waiting or disputed line, else its accepted one; `result`: the table's
    saved line (accepted, or entered by the director); `other`: the other table's, only once
    both tables have played the board; `home_imps`: the board's IMPs to the home team, only
    once both tables have it (and the event shows the table its points); `ns_imps`: the same
    IMPs to the team sitting North-South at this table; `hand`: the board's hand record, once
    the table has played it (and the event shows the table the hand).
    """

    number: int
    dealer: str
    vulnerability: str
    board: MatchBoard | None = None
    line: TableLine | None = None
    result: MatchLine | None = None
    other: MatchLine | None = None
    home_imps: Decimal | None = None
    ns_imps: int | None = None
    hand: RoundDeal | None = None

    @property
    def state(self) -> str:
        """open, entered (waiting for the opponents), disputed, or played."""
        if self.line is not None and self.line.state != State.ACCEPTED:
            return self.line.state
        return "played" if self.result is not None else "open"

    @property
    def played(self) -> bool:
        return self.result is not None


@dataclass
class Side:
    """A direction at the table, the team sitting it and the team's players by name."""

    team: Team
    players: list[str]


@dataclass
class MatchAtTable:
    """The table's match this round: who sits where, its boards in order, and the match's IMPs
    and VPs once its last board is in."""

    match: Match
    half: int
    ns: Side
    ew: Side
    boards: list[BoardOfMatch]
    done: bool = False  # every board is in at both tables, or the director gave the result
    home_imps: Decimal | None = None
    away_imps: Decimal | None = None
    home_vps: Decimal | None = None
    away_vps: Decimal | None = None

    @property
    def number(self) -> int:
        return self.match.round

    @property
    def seats(self) -> dict[str, str]:
        """N, S, E, W -> the team sitting there (a team's line-up is its captain's to say)."""
        ns, ew = self.ns.team.name, self.ew.team.name
        return {"N": ns, "S": ns, "E": ew, "W": ew}

    @property
    def over(self) -> bool:
        """Every board of the match is played at this table."""
        return all(b.played for b in self.boards)

    @property
    def finished(self) -> bool:
        """The match's VPs are known (and shown)."""
        return self.home_vps is not None

    def board(self, number: int) -> BoardOfMatch | None:
        return next((b for b in self.boards if b.number == number), None)


def table_now(*, access: TableAccess) -> TableNow:
    """The table as its players see it now, a match a round, as seating's words say of a pairs
    table's rounds: its last round is the latest in which it has a line; its current match the
    first from that round on whose boards are not all in at both tables (nor its result given
    by the director), the next round's match once they are; the match just played shows until
    the next one's players are seated or enter a line. So a round drawn before the last one's
    matches all finished moves each table on as its own match finishes.

    Nothing of a board it has not played beyond its own waiting line, nothing of the other
    table's until both have played the board."""
    event = access.event
    matches = list(
        Match.objects.filter(event=event, table=access.table, away__isnull=False)
        .select_related("event__team_settings", "home", "away")
        .order_by("round", "pk")
    )
    rounds = {match.round for match in matches}
    entered = set(access.lines.values_list("round", flat=True)) | set(
        MatchLine.objects.filter(board__match__in=matches, table=access.half).values_list(
            "board__match__round", flat=True
        )
    )
    now = TableNow(access, event, None, max(entered & rounds, default=0))
    for match in matches:
        if match.round < now.last_round:
            continue
        at = _match_at_table(access, match)
        if not at.done:
            now.current = at
            break
        if match.round == now.last_round:
            now.ended = at
    if now.ended and now.current and access.seated_round >= now.current.number:
        now.ended = None  # the next match's players are seated
    return now


def _hands(match: Match) -> dict[int, RoundDeal]:
    """The hand records of the match's round, by board number."""
    deals = RoundDeal.objects.filter(event_id=match.event_id, round=match.round).exclude(deal="")
    return {deal.number: deal for deal in deals}


def _match_at_table(access: TableAccess, match: Match) -> MatchAtTable:
    event, half = access.event, access.half
    lines: dict[int, TableLine] = {}
    for line in access.lines.filter(round=match.round).order_by("created"):
        # A line still waiting wins over the accepted one it corrects.
        if line.board_number not in lines or line.state != State.ACCEPTED:
            lines[line.board_number] = line
    shows = event.table_shows_points
    hands = _hands(match) if event.table_shows_hand else {}
    boards = []
    rows = board_rows(match=match)
    for row in rows:
        result, other = row.lines[half], row.lines[3 - half]
        both = result is not None and other is not None
        home_imps = row.home_imps if both and shows else None
        boards.append(
            BoardOfMatch(
                number=row.number,
                dealer=row.dealer,
                vulnerability=row.vulnerability,
                board=row.board,
                line=lines.get(row.number),
                result=result,
                other=other if both and event.table_shows_traveller else None,
                home_imps=home_imps,
                ns_imps=None if home_imps is None else int(home_imps) * (1 if half == 1 else -1),
                hand=hands.get(row.number) if result is not None else None,
            )
        )
    ns, ew = _teams(match, half)
    done = match.finished or all(None not in row.lines.values() for row in rows)
    at = MatchAtTable(match, half, Side(ns, _players(ns)), Side(ew, _players(ew)), boards, done)
    if shows and match.finished and at.over:
        at.home_imps, at.away_imps = match.home_imps, match.away_imps
        at.home_vps, at.away_vps = match.home_vps, match.away_vps
    return at


@once_a_key
def enter_line(
    *, access: TableAccess, round: int, board_number: int, text: str, key: uuid.UUID
) -> TableLine:
    """North's line of a board of the table's match, waiting for East-West's acceptance.

    The same `key` again (a phone resending) is the same line. A disputed line of the board is
    replaced; a board waiting or already played, a board not this match's, and a line only the
    director enters are refused.
    """
    at = _playing(access, round)
    board = at.board(board_number)
    if board is None:
        raise LineRefused(_not_this_match(at, board_number))
    if board.state == State.ENTERED:
        raise LineRefused(_waiting(board_number))
    if board.played:
        raise LineRefused(gettext("board %(board)s is already entered") % {"board": board_number})
    check_at_table(access=access, match=at.match, board_number=board_number, text=text)
    return _wait(access, at, board_number, text, key, correcting=None)


@once_a_key
def reopen_line(
    *, access: TableAccess, round: int, board_number: int, text: str, key: uuid.UUID
) -> TableLine:
    """A correction of the table's own saved line, waiting for the opponents to accept it
    again: only until the round ends (after that the director's). Until it is accepted, the
    result saved before stands."""
    at, board = board_to_correct(table_now(access=access), round, board_number)
    check_at_table(access=access, match=at.match, board_number=board_number, text=text)
    return _wait(access, at, board_number, text, key, correcting=board.result)


def check_at_table(
    *, access: TableAccess, match: Match, board_number: int, text: str
) -> TravellerLine:
    """The one place a table's line is checked before it waits for acceptance: read as the
    director's grid reads it, checked as the match's save checks it (the board is this
    match's, the contract scores), refused when only the director may enter it, and its lead
    checked against the round's hand record of the board. Returns the line read."""
    try:
        line = parse_traveller_line(text)
    except ScoringError as refused:
        raise LineRefused(str(refused)) from None
    if line.contract is None or line.note:
        raise LineRefused(
            gettext(
                "enter the contract, the declarer and the tricks, or passed out; an adjusted "
                "score or a board not played is the director's: call the director"
            )
        )
    check_match_line(match=match, board_number=board_number, table=access.half, line=line)
    if access.event.table_lead and not line.passed_out and not line.lead:
        raise LineRefused(gettext("enter the opening lead"))
    if line.lead and line.declarer:
        deal = RoundDeal.objects.filter(
            event_id=match.event_id, round=match.round, number=board_number
        ).first()
        if deal is not None:
            check_lead(board=deal, line=line)
    return line


def accept_line(*, access: TableAccess, key: uuid.UUID, pin: str = "") -> TableLine:
    """East-West accept the waiting line: it is saved as the match's line at this table, in
    one recorded change naming the table and the accepting team (their PIN when the event asks
    for one). Accepting again is answered with the line as saved."""
    line = line_by_key(access, key)
    if line.state == State.ACCEPTED:
        return line
    if line.state == State.DISPUTED:
        raise LineRefused(
            gettext("board %(board)s was disputed: North enters it again")
            % {"board": line.board_number}
        )
    now = table_now(access=access)
    at = now.round(line.round)
    if at is None or not now.correctable(line.round):
        raise LineRefused(
            pgettext("teams", "round %(round)s is over at this table: call the director")
            % {"round": line.round}
        )
    accepting = at.ew.team
    if access.event.table_pin:
        _check_pin(access, pin, accepting)
    entered = check_at_table(
        access=access, match=at.match, board_number=line.board_number, text=line.text
    )
    note = [
        sentence("accepted-by-team", half=access.half, table=at.match.table, team=accepting.name)
    ]
    save = functools.partial(
        save_match_line,
        match=at.match,
        board_number=line.board_number,
        table=access.half,
        line=entered,
        note=note,
    )
    saved = save_accepted(line, save=save, waiting=(State.ENTERED,))
    return saved or line_by_key(access, key)  # None: another phone accepted it meanwhile


def _check_pin(access: TableAccess, pin: str, team: Team) -> None:
    """The accepting team's PIN, with the pairs' table's limit on wrong ones (rate_limit)."""
    if not pin_tries_left(token=access.token):
        raise LineRefused(
            gettext("too many wrong PINs at this table: wait ten minutes, or call the director")
        )
    if pin.strip() != team.pin:
        count_wrong_pin(token=access.token)
        raise WrongPin(
            gettext("wrong PIN: %(team)s type the PIN printed on their guide card")
            % {"team": team.name}
        )


def dispute_line(*, access: TableAccess, key: uuid.UUID) -> TableLine:
    """East-West do not agree: the line goes back to North, and the director is called."""
    line = line_by_key(access, key)
    if line.state == State.ENTERED:
        TableLine.objects.filter(pk=line.pk, state=State.ENTERED).update(state=State.DISPUTED)
        line.refresh_from_db()
    if line.state == State.DISPUTED:
        call_director(
            access=access,
            round=line.round,
            board_number=line.board_number,
            kind=TableCall.Kind.DISPUTE,
        )
    return line


def _playing(access: TableAccess, round: int) -> MatchAtTable:
    """The match the table is playing now, refused when it is not `round`'s."""
    at = table_now(access=access).current
    if at is None or at.number != round:
        raise LineRefused(
            pgettext("teams", "this table is not playing round %(round)s now") % {"round": round}
        )
    return at


def _wait(access, at: MatchAtTable, board_number: int, text: str, key, correcting) -> TableLine:
    """The line, waiting for the opponents: a disputed line of the board is replaced."""
    try:
        with transaction.atomic():
            access.lines.filter(
                round=at.number, board_number=board_number, state=State.DISPUTED
            ).delete()
            return TableLine.objects.create(
                access=access,
                round=at.number,
                board_number=board_number,
                text=" ".join(text.split()),
                key=key,
                match_line=correcting,
            )
    except IntegrityError:
        # The same key from another phone at once: its line. Another key: a line waits.
        if (known := known_line(access, key)) is not None:
            return known
        raise LineRefused(_waiting(board_number)) from None


def _waiting(board_number: int) -> str:
    return gettext("board %(board)s is waiting for East-West to accept it") % {
        "board": board_number
    }


def _not_this_match(at: MatchAtTable, board_number: int) -> str:
    return gettext("this match plays boards %(first)s to %(last)s, not board %(board)s") % {
        "first": at.boards[0].number,
        "last": at.boards[-1].number,
        "board": board_number,
    }


def _teams(match: Match, half: int) -> tuple[Team, Team]:
    """North-South's team and East-West's at this half of the match."""
    return (match.home, match.away) if half == 1 else (match.away, match.home)


def _players(team: Team) -> list[str]:
    return [member.player.name for member in team.members.select_related("player")]
