"""The problems panel of a teams event: captains' totals that the boards contradict, boards
entered at one table only, and leads the player on lead did not hold by the round's hand
record."""

from collections import defaultdict
from fractions import Fraction

from django.db.models import Count
from django.utils.translation import gettext

from events.models import Event, Match, MatchBoard, MatchLine, RoundDeal
from events.services.leads import lead_words
from events.services.problems import Problem
from events.services.teams.match_scoring import with_carry_over
from scoring import ScoringError
from scoring.leads import LeadNotHeld, check_lead
from scoring.team_matches import match_imps


def match_problems(*, event: Event) -> list[Problem]:
    """Errors first (captains' totals that differ from the boards), then leads to look at,
    then boards missing a table."""
    matches = {
        m.pk: m
        for m in Match.objects.filter(event=event, away__isnull=False).select_related(
            "home", "away"
        )
    }
    boards = defaultdict(list)
    for board in (
        MatchBoard.objects.filter(match__in=matches.keys())
        .annotate(tables=Count("lines"))
        .order_by("match__round", "match__table", "number")
    ):
        boards[board.match_id].append(board)
    errors, missing = [], []
    for match in matches.values():
        scored = [b for b in boards[match.pk] if b.home_imps is not None]
        length = match.boards or event.team_settings.boards_per_match
        if match.home_captain_imps is not None and len(scored) >= length:
            imps = with_carry_over(match_imps(int(b.home_imps) for b in scored), match.carry_over)
            totals = (imps.home, imps.away)
            captains = (Fraction(match.home_captain_imps), Fraction(match.away_captain_imps))
            if totals != captains:
                errors.append(
                    Problem(
                        "captains",
                        gettext(
                            "%(match)s: the captains' totals %(captains)s differ from the "
                            "boards' %(boards)s"
                        )
                        % {
                            "match": _where(match),
                            "captains": _imps(*captains),
                            "boards": _imps(*totals),
                        },
                        round=match.round,
                        table=match.table,
                        match_id=match.pk,
                    )
                )
        for board in boards[match.pk]:
            if board.tables == 1 and board.assigned_imps is None:
                missing.append(
                    Problem(
                        "missing",
                        gettext("%(match)s: board %(board)s is entered at one table only")
                        % {"match": _where(match), "board": board.number},
                        board=board.number,
                        round=match.round,
                        table=match.table,
                        match_id=match.pk,
                    )
                )
    return errors + _leads(event, matches) + missing


def _leads(event: Event, matches: dict[int, Match]) -> list[Problem]:
    """The lines whose lead the player on lead (declarer's left-hand opponent) did not hold by
    the round's hand record (scoring.leads): a question for the director, as on a pairs
    event's panel. Two queries, whatever the number of lines."""
    deals = {
        (round_number, number): deal
        for round_number, number, deal in RoundDeal.objects.filter(event=event)
        .exclude(deal="")
        .values_list("round", "number", "deal")
    }
    if not deals:
        return []
    problems = []
    lines = (
        MatchLine.objects.filter(board__match__in=matches.keys())
        .exclude(lead="")
        .values_list("board__match", "board__number", "table", "contract", "declarer", "lead")
        .order_by("board__match__round", "board__match__table", "board__number", "table")
    )
    for match_id, number, table, contract, declarer, lead in lines:
        match = matches[match_id]
        deal = deals.get((match.round, number))
        if not deal:
            continue
        try:
            check_lead(deal=deal, declarer=declarer, lead=lead, board=number)
        except LeadNotHeld as refused:
            message = gettext(
                "%(match)s, board %(board)s at table %(table)s, %(contract)s by %(declarer)s: "
                "%(leader)s, on lead, does not hold %(card)s. Is the lead, the declarer or the "
                "hand record right?"
            ) % {
                "match": _where(match),
                "board": number,
                "table": table,
                "contract": contract,
                "declarer": declarer,
                **lead_words(refused),
            }
            problems.append(
                Problem(
                    "lead",
                    message,
                    board=number,
                    round=match.round,
                    table=match.table,
                    match_id=match.pk,
                )
            )
        except ScoringError:
            continue  # a lead or deal no entry of the app writes: nothing to check it against
    return problems


def _where(match: Match) -> str:
    return gettext("Round %(round)s, table %(table)s, %(home)s v %(away)s") % {
        "round": match.round,
        "table": match.table,
        "home": match.home.name,
        "away": match.away.name,
    }


def _imps(home, away) -> str:
    return f"{float(home):g}–{float(away):g}"
