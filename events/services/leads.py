"""The lead checked against the board's hand record: refused at the table, where the players
have the cards in front of them; a question on the director's problems panel for the lines
the director enters (events.services.problems)."""

from django.utils.translation import gettext

from events.formats.card_words import SEAT_NAMES, card_shown
from events.models import Board, RoundDeal
from events.services.entry import LineRefused
from scoring import TravellerLine
from scoring.cards import SUIT_SYMBOLS
from scoring.leads import SMALL, LeadNotHeld
from scoring.leads import check_lead as check_held


def check_lead(*, board: Board | RoundDeal, line: TravellerLine) -> None:
    """Raise LineRefused, saying who does not hold what ("West does not hold the ♠K on board
    5"), when the board's hand record (a pairs board's, a teams round's) is loaded and the
    player on lead against the line's declarer does not hold its lead. A line with no lead, no
    declarer (passed out, adjusted, not played) or on a board with no hand record passes. For
    the table's entry, before its save: the director's save takes the line, and the problems
    panel asks about it."""
    try:
        check_held(deal=board.deal, declarer=line.declarer, lead=line.lead, board=board.number)
    except LeadNotHeld as refused:
        raise LineRefused(
            gettext("%(leader)s does not hold %(card)s on board %(board)d")
            % {**lead_words(refused), "board": board.number}
        ) from None


def lead_words(refused: LeadNotHeld) -> dict[str, str]:
    """Who was on lead and the card they do not hold, in words: {"leader": "West", "card":
    "the ♠K"}, or "a small ♦" for a small card."""
    suit, rank = refused.card
    card = (
        gettext("a small %(suit)s") % {"suit": SUIT_SYMBOLS[suit]}
        if rank == SMALL
        else gettext("the %(card)s") % {"card": card_shown(refused.card)}
    )
    return {"leader": str(SEAT_NAMES[refused.leader]), "card": card}
