"""Both tables of a teams match entering from their phones (issue 23, item 11).

A teams table's access is a match table number and a half: at half 1 the home team sits
North-South, at half 2 the away team. Its page shows the current round's match at that number.
North enters a line, which waits (a TableLine) until East-West accept it; accepted, it is saved
through the match's own entry service (save_match_line) and the match is rescored.

What a table sees: its own lines at once; the other table's result on a board, and the board's
IMPs, once both tables have played it; the match's VPs once its last board is in. The names are
those of the pairs' table (events.services.tables.seating, lines) where they do the same thing,
so that one page serves both.
"""

import uuid
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from events.models import Match, MatchLine, TableAccess, TableCall, TableLine, Team
from events.services.entry import LineRefused
from events.services.tables.calls import call_director
from events.services.teams.lines import check_match_line, save_match_line
from events.services.teams.match_pages import board_rows
from events.services.teams.rounds import current_round
from scoring import ScoringError, TravellerLine
from scoring.traveller_lines import parse_traveller_line

State = TableLine.State


@dataclass
class Side:
    """A direction at the table and the team sitting it, with the team's players by name."""

    direction: str  # "NS" or "EW"
    team: Team
    players: list[str]


@dataclass
class BoardNow:
    """A board of the match as this table may see it.

    `line`: this table's line waiting for acceptance or sent back (a TableLine), else None;
    `saved`: this table's result (a MatchLine), once accepted or entered by the director;
    `other`: the other table's result, only once both tables have played the board;
    `home_imps`: the board's IMPs to the home team, only once both tables have it.
    """

    number: int
    dealer: str
    vulnerability: str
    line: TableLine | None = None
    saved: MatchLine | None = None
    other: MatchLine | None = None
    home_imps: Decimal | None = None

    @property
    def state(self) -> str:
        """ "played", or the waiting line's state, or "to play"."""
        if self.line is not None:
            return self.line.state
        return "played" if self.saved is not None else "to play"

    @property
    def played(self) -> bool:
        return self.saved is not None


@dataclass
class MatchTableNow:
    """What a teams table's page shows now: the match at its table number in the current round
    (None: no match there this round), who sits where, and the boards in order."""

    access: TableAccess
    round: int
    match: Match | None
    sides: list[Side] = field(default_factory=list)
    boards: list[BoardNow] = field(default_factory=list)
    # The match's IMPs once every board is in at both tables, its VPs with them.
    home_imps: Decimal | None = None
    away_imps: Decimal | None = None
    home_vps: Decimal | None = None
    away_vps: Decimal | None = None

    @property
    def ns(self) -> Side | None:
        return self.sides[0] if self.sides else None

    @property
    def ew(self) -> Side | None:
        return self.sides[1] if self.sides else None


def table_match(*, access: TableAccess) -> Match | None:
    """The current round's match at this table's number (None when none is played there)."""
    event = access.event
    number = current_round(event)
    return (
        Match.objects.filter(event=event, round=number, table=access.table, away__isnull=False)
        .select_related("event__team_settings", "home", "away")
        .order_by("pk")
        .first()
    )


def table_now(*, access: TableAccess) -> MatchTableNow:
    """The table's current round: its match, who sits where, and each board as the table may
    see it (nothing of a board the table has not played beyond its own waiting line)."""
    match = table_match(access=access)
    if match is None:
        return MatchTableNow(access=access, round=current_round(access.event), match=None)
    ns, ew = _teams(match, access.half)
    now = MatchTableNow(
        access=access,
        round=match.round,
        match=match,
        sides=[Side("NS", ns, _players(ns)), Side("EW", ew, _players(ew))],
    )
    waiting = {
        line.board_number: line
        for line in access.lines.filter(round=match.round).exclude(state=State.ACCEPTED)
    }
    shows = access.event.table_shows_points
    for row in board_rows(match=match):
        saved, other = row.lines[access.half], row.lines[3 - access.half]
        both = saved is not None and other is not None
        now.boards.append(
            BoardNow(
                number=row.number,
                dealer=row.dealer,
                vulnerability=row.vulnerability,
                line=waiting.get(row.number),
                saved=saved,
                other=other if both and access.event.table_shows_traveller else None,
                home_imps=row.home_imps if both and shows else None,
            )
        )
    if shows and all(b.saved is not None for b in now.boards) and match.finished:
        now.home_imps, now.away_imps = match.home_imps, match.away_imps
        now.home_vps, now.away_vps = match.home_vps, match.away_vps
    return now


def enter_line(*, access: TableAccess, board_number: int, text: str, key: uuid.UUID) -> TableLine:
    """North's line of a board of this table's match, waiting for East-West's acceptance.

    The same `key` again (a phone resending) is the same line. A line sent back by the
    opponents, or reopened, is replaced; a board with a line waiting or already played is
    refused, as are boards not this match's and lines the director alone enters.
    """
    same = TableLine.objects.filter(key=key).first()
    if same is not None:
        if same.access_id != access.pk:
            raise LineRefused(_("this line was sent from another table"))
        return same
    match = _match(access)
    check_table_line(access=access, match=match, board_number=board_number, text=text)
    with transaction.atomic():
        waiting = (
            access.lines.select_for_update()
            .filter(round=match.round, board_number=board_number)
            .exclude(state=State.ACCEPTED)
            .first()
        )
        if waiting is not None and waiting.state == State.ENTERED:
            raise LineRefused(
                _("board %(board)s is waiting for the opponents to accept it")
                % {"board": board_number}
            )
        if waiting is None and _saved(match, board_number, access.half) is not None:
            raise LineRefused(
                _("board %(board)s is entered already: reopen it to correct it")
                % {"board": board_number}
            )
        if waiting is None:
            waiting = TableLine(access=access, round=match.round, board_number=board_number)
        waiting.text, waiting.key, waiting.state = " ".join(text.split()), key, State.ENTERED
        try:
            with transaction.atomic():
                waiting.save()
        except IntegrityError:  # sent twice at once, or a line of the board came meanwhile
            same = access.lines.filter(key=key).first()
            if same is None:
                raise LineRefused(
                    _("board %(board)s is waiting for the opponents to accept it")
                    % {"board": board_number}
                ) from None
            return same
    return waiting


def check_table_line(
    *, access: TableAccess, match: Match, board_number: int, text: str
) -> TravellerLine:
    """The one place a table's line is checked before it waits for acceptance: read as the
    director's grid reads it, then checked as the match's save would check it (the board is
    this match's, the contract scores), and refused when only the director may enter it."""
    try:
        line = parse_traveller_line(text)
    except ScoringError as refused:
        raise LineRefused(str(refused)) from None
    if line.contract is None or line.note:
        raise LineRefused(
            _("an adjusted score or a board not played is the director's: call the director")
        )
    check_match_line(match=match, board_number=board_number, table=access.half, line=line)
    if access.event.table_lead and line.contract and not line.lead:
        raise LineRefused(_("type the opening lead too, e.g. 4S N 10 SK"))
    return line


def accept_line(*, access: TableAccess, key: uuid.UUID, pin: str = "") -> TableLine:
    """East-West accept the waiting line: it is saved as the match's line at this table, in
    one recorded change naming the table and the accepting team. Accepting again is a no-op."""
    line = _line(access, key)
    if line.state == State.ACCEPTED:
        return line
    if line.state != State.ENTERED:
        raise LineRefused(_("this line was sent back to North: it waits for a new entry"))
    match = _match(access)
    if line.round != match.round:
        raise LineRefused(_("this line's round is over: only the director changes it now"))
    accepting = _teams(match, access.half)[1]
    if access.event.table_pin and pin.strip() != accepting.pin:
        raise LineRefused(
            _("wrong PIN: %(team)s's PIN is on its guide card") % {"team": accepting.name}
        )
    entered = check_table_line(
        access=access, match=match, board_number=line.board_number, text=line.text
    )
    note = _("entered at table %(half)s of match %(table)s, accepted by %(team)s") % {
        "half": access.half,
        "table": match.table,
        "team": accepting.name,
    }
    # One transaction: the line is a result and accepted, or neither. save_match_line records
    # the change, with the note naming the table and the accepting team.
    with transaction.atomic():
        locked = TableLine.objects.select_for_update().get(pk=line.pk)
        if locked.state == State.ACCEPTED:
            return locked
        if locked.state != State.ENTERED or locked.text != line.text:
            raise LineRefused(_("this line changed meanwhile: look at it again"))
        locked.match_line = save_match_line(
            match=match, board_number=line.board_number, table=access.half, line=entered, note=note
        )
        locked.state = State.ACCEPTED
        locked.save(update_fields=["match_line", "state", "updated"])
    return locked


def dispute_line(*, access: TableAccess, key: uuid.UUID) -> TableLine:
    """East-West send the line back to North, and the director is told."""
    line = _line(access, key)
    if line.state == State.ACCEPTED:
        raise LineRefused(_("this line is accepted: reopen the board to correct it"))
    if line.state == State.ENTERED:
        line.state = State.DISPUTED
        line.save(update_fields=["state", "updated"])
    call_director(
        access=access,
        round=line.round,
        board_number=line.board_number,
        kind=TableCall.Kind.DISPUTE,
    )
    return line


def reopen_line(*, access: TableAccess, board_number: int) -> TableLine:
    """Open this table's result on a board for correction, until the round ends: the result
    stands until the corrected line is entered and accepted again."""
    match = _match(access)
    saved = _saved(match, board_number, access.half)
    if saved is None:
        raise LineRefused(
            _("board %(board)s has no result at this table to reopen") % {"board": board_number}
        )
    with transaction.atomic():
        waiting = (
            access.lines.select_for_update()
            .filter(round=match.round, board_number=board_number)
            .exclude(state=State.ACCEPTED)
            .first()
        )
        if waiting is not None:
            return waiting
        return TableLine.objects.create(
            access=access,
            round=match.round,
            board_number=board_number,
            text=_text_of(saved),
            key=uuid.uuid4(),
            state=State.DISPUTED,
            match_line=saved,
        )


def _match(access: TableAccess) -> Match:
    match = table_match(access=access)
    if match is None:
        raise LineRefused(_("no match is played at this table this round"))
    return match


def _line(access: TableAccess, key: uuid.UUID) -> TableLine:
    line = access.lines.filter(key=key).first()
    if line is None:
        raise LineRefused(_("no such line at this table: enter it again"))
    return line


def _saved(match: Match, board_number: int, half: int) -> MatchLine | None:
    return MatchLine.objects.filter(
        board__match=match, board__number=board_number, table=half
    ).first()


def _teams(match: Match, half: int) -> tuple[Team, Team]:
    """North-South's team and East-West's at this half of the match."""
    return (match.home, match.away) if half == 1 else (match.away, match.home)


def _players(team: Team) -> list[str]:
    return [member.player.name for member in team.members.select_related("player")]


def _text_of(saved: MatchLine) -> str:
    """A saved line in the director's words, to correct."""
    if saved.tricks is None:
        return saved.contract
    return " ".join(w for w in (saved.contract, saved.declarer, str(saved.tricks), saved.lead) if w)
