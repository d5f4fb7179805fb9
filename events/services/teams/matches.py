"""A match set up by hand, its captains' totals and the director's adjustments. Each write is
one recorded change under the match's lock, and rescores that match only."""

from contextlib import contextmanager
from decimal import Decimal, InvalidOperation

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from events.models import Change, Event, Match, MatchBoard, Team, TeamSettings
from events.services.history import recording
from events.services.notes import sentence
from events.services.status import LOCKED
from events.services.teams.locks import open_match
from events.services.teams.match_scoring import match_boards, rescore_match
from events.services.teams.setup import check_scale


class MatchRefused(Exception):
    """A change to a match that cannot be made; str() says why."""


def create_match(
    *,
    event: Event,
    round: int,
    table: int,
    home: Team,
    away: Team | None = None,
    boards=None,
    three_way: bool = False,
    carry_over=0,
    user=None,
) -> Match:
    """Put two teams (or one, for a bye) at a table in a round. A team plays once a round,
    except in a three-way's half-length matches (`three_way`, each of `boards` boards, scored on
    the half scale of the event's scale). `carry_over`: a knock-out's IMPs to the home team."""
    teams = [home] if away is None else [home, away]
    if away is not None and home.pk == away.pk:
        raise MatchRefused(gettext("%(team)s cannot play against itself") % {"team": home.name})
    if any(team.event_id != event.pk for team in teams):
        raise MatchRefused(gettext("both teams must be in this event"))
    if round < 1 or table < 1:
        raise MatchRefused(gettext("the round and the table are 1 or more"))
    carry_over = _amount(carry_over, "IMPs") or Decimal(0)
    if three_way and not boards:
        raise MatchRefused(
            gettext("a three-way's matches are half length: give their number of boards")
        )
    settings = TeamSettings.objects.get(event=event)
    length = boards or settings.boards_per_match
    check_scale(settings=settings, boards=length, three_way=three_way, refused=MatchRefused)
    with (
        transaction.atomic(),
        recording(club=event.club, event=event, user=user, kind=Change.Kind.MATCH),
    ):
        locked = Event.objects.select_for_update().only("status", "reopened_on").get(pk=event.pk)
        if locked.is_locked:
            raise MatchRefused(LOCKED)
        playing = Match.objects.filter(event=event, round=round).filter(
            Q(home__in=teams) | Q(away__in=teams)
        )
        if not three_way or playing.filter(three_way=False).exists():
            clash = playing.select_related("home", "away").first()
            if clash is not None:
                raise MatchRefused(
                    gettext("round %(round)s already has %(match)s: a team plays once a round")
                    % {"round": round, "match": clash}
                )
        match = Match.objects.create(
            event=event,
            round=round,
            table=table,
            home=home,
            away=away,
            boards=boards,
            three_way=three_way,
            carry_over=carry_over,
        )
        rescore_match(match=match)
    return match


def delete_match(*, match: Match, user=None) -> None:
    """Remove a match with its lines."""
    event = match.event
    with (
        transaction.atomic(),
        recording(
            club=event.club, event=event, user=user, kind=Change.Kind.MATCH, note=_named(match)
        ),
    ):
        open_match(match=match, refused=MatchRefused)
        match.delete()


def save_captains_totals(*, match: Match, home_imps, away_imps, user=None) -> Match:
    """The IMPs each captain's scorecard gives (both None: take them away). They score the
    match until every board is in at both tables."""
    totals = [_amount(v, "IMPs") for v in (home_imps, away_imps)]
    if (totals[0] is None) != (totals[1] is None):
        raise MatchRefused(gettext("give both teams' IMPs, or neither"))
    if any(t is not None and t < 0 for t in totals):
        raise MatchRefused(
            gettext("each team's IMPs are 0 or more: the margin is their difference")
        )
    with _changing(match, user) as locked:
        locked.home_captain_imps, locked.away_captain_imps = totals
        locked.save(update_fields=["home_captain_imps", "away_captain_imps"])
        return rescore_match(match=locked, settings=locked.event.team_settings)


def adjust_match(
    *,
    match: Match,
    assigned_imps=(None, None),
    assigned_vps=(None, None),
    penalties=(0, 0),
    note: str = "",
    user=None,
) -> Match:
    """The director's adjustments: an assigned IMP score (replacing the boards'), an assigned
    VP score (replacing the scale's), and a VP penalty to each side, kept apart from the VPs."""
    imps = [_amount(v, "IMPs") for v in assigned_imps]
    vps = [_amount(v, "VPs") for v in assigned_vps]
    fines = [_amount(v, "VPs") or Decimal(0) for v in penalties]
    for pair, refusal in (
        (imps, gettext("an assigned IMP score gives both teams theirs")),
        (vps, gettext("an assigned VP score gives both teams theirs")),
    ):
        if (pair[0] is None) != (pair[1] is None):
            raise MatchRefused(refusal)
    if any(v is not None and v < 0 for v in imps + vps + fines):
        raise MatchRefused(gettext("assigned scores and penalties are 0 or more"))
    with _changing(match, user) as locked:
        total = locked.event.team_settings.vp_total
        if vps[0] is not None and vps[0] + vps[1] > total:
            raise MatchRefused(
                gettext("an assigned VP score shares at most %(total)s VPs") % {"total": total}
            )
        locked.assigned_home_imps, locked.assigned_away_imps = imps
        locked.assigned_home_vps, locked.assigned_away_vps = vps
        locked.home_penalty_vps, locked.away_penalty_vps = fines
        locked.note = note.strip()
        locked.save()
        return rescore_match(match=locked, settings=locked.event.team_settings)


def assign_board_imps(*, match: Match, number: int, imps, user=None) -> Match:
    """An assigned score on one board, in IMPs to the home team (Law 86A's ±3 or any the
    director rules); None takes it away and the tables score the board again."""
    imps = _amount(imps, "IMPs")
    if imps is not None and imps != int(imps):
        raise MatchRefused(
            gettext("a board's assigned score is whole IMPs, not %(imps)s") % {"imps": imps}
        )
    check_board_number(match, number)
    with _changing(match, user) as locked:
        board, _ = MatchBoard.objects.get_or_create(match=locked, number=number)
        board.assigned_imps = imps
        board.save(update_fields=["assigned_imps"])
        return rescore_match(match=locked, settings=locked.event.team_settings)


def check_board_number(match: Match, number: int) -> None:
    last = match.first_board + match_boards(match) - 1
    if not match.first_board <= number <= last:
        raise MatchRefused(
            gettext("this match plays boards %(first)s to %(last)s, not board %(board)s")
            % {"first": match.first_board, "last": last, "board": number}
        )


@contextmanager
def _changing(match: Match, user):
    """The match locked and open for change, inside one recorded change."""
    event = match.event
    with (
        transaction.atomic(),
        recording(club=event.club, event=event, user=user, kind=Change.Kind.MATCH),
    ):
        yield open_match(match=match, refused=MatchRefused)


def _amount(value, unit: str) -> Decimal | None:
    if value is None or value == "":
        return None
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        raise MatchRefused(
            gettext("%(unit)s are a number, not %(value)s") % {"unit": unit, "value": repr(value)}
        ) from None
    if not amount.is_finite() or abs(amount) >= 10000 or amount != round(amount, 2):
        raise MatchRefused(
            gettext("%(unit)s are a number with at most two decimals, not %(value)s")
            % {"unit": unit, "value": value}
        )
    return amount


def _named(match: Match) -> list[dict]:
    """The match as the history names it: "Round 2, table 3: Hearts v Spades"."""
    away = match.away.name if match.away_id else sentence("bye")
    return [
        sentence("match", round=match.round, table=match.table, home=match.home.name, away=away)
    ]
