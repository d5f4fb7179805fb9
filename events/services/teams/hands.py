"""Which of a teams event's hand records (RoundDeal) the public may see.

A round's matches all play the same deals: while the event runs, a board's hand waits until
every match of its round that plays it has played it at both tables (or has finished), as a
pairs board's waits for every table the movement schedules on it
(events.services.publication.hidden_hands), and then only in a round the reveal rule shows.
"""

from dataclasses import dataclass, field

from django.db.models import Count

from events.models import Event, Match, MatchLine, RoundDeal
from events.services.publication import results_visible
from events.services.teams.match_pages import BoardRow
from events.services.teams.match_scoring import match_boards
from events.services.teams.standings import revealed_round


@dataclass
class RoundHands:
    """The hand records of the event (or of a round), by (round, board number): those the
    public may see and those it may not yet."""

    shown: dict[tuple[int, int], RoundDeal] = field(default_factory=dict)
    hidden: set[tuple[int, int]] = field(default_factory=set)


def public_hands(*, event: Event, round: int | None = None) -> RoundHands:
    """The event's hand records (of `round` only, when given) split into those the public may
    see and those still hidden: every one once the event is published; none under the
    end-of-session rule before; else a board's once every match of its round that plays it
    has it at both tables or has finished, in a round the reveal rule shows. A handful of
    queries whatever the field."""
    deals = RoundDeal.objects.filter(event=event).exclude(deal="")
    if round is not None:
        deals = deals.filter(round=round)
    by_key = {(deal.round, deal.number): deal for deal in deals}
    if event.is_published:
        return RoundHands(shown=by_key)
    if not by_key or not results_visible(event):
        return RoundHands(hidden=set(by_key))
    limit = revealed_round(event)
    matches = Match.objects.filter(event=event, away__isnull=False).select_related(
        "event__team_settings"
    )
    lines = MatchLine.objects.filter(board__match__event=event)
    if round is not None:
        matches, lines = matches.filter(round=round), lines.filter(board__match__round=round)
    tables = dict(
        ((row["board__match"], row["board__number"]), row["tables"])
        for row in lines.values("board__match", "board__number").annotate(tables=Count("pk"))
    )
    waiting = set()
    for match in matches:
        if match.finished:
            continue
        for number in range(match.first_board, match.first_board + match_boards(match)):
            if tables.get((match.pk, number), 0) < 2:
                waiting.add((match.round, number))
    hands = RoundHands()
    for key, deal in by_key.items():
        if key in waiting or (limit is not None and key[0] > limit):
            hands.hidden.add(key)
        else:
            hands.shown[key] = deal
    return hands


def add_public_hands(*, match: Match, rows: list[BoardRow]) -> None:
    """Each of the match's board rows with the hand the public may see (`hand`), or marked
    as having one still hidden (`hand_hidden`)."""
    hands = public_hands(event=match.event, round=match.round)
    for row in rows:
        row.hand = hands.shown.get((match.round, row.number))
        row.hand_hidden = (match.round, row.number) in hands.hidden
