"""The opening lead: declarer's left-hand opponent makes it, with a card from their own hand.

A lead is stored as traveller_lines reads it: suit then rank, "SK", "HT", or "DX" for a small
card of the suit (one from the nine down). A deal is a PBN deal string (scoring.deals), a hand
not known written "-".
"""

from scoring.cards import SUIT_SYMBOLS, card_text
from scoring.deals import RANKS, SEATS, SUITS, normalize_deal
from scoring.errors import ScoringError
from scoring.traveller_lines import SEAT_NAMES

SMALL = "X"
SMALL_RANKS = RANKS[RANKS.index("9") :]


class LeadNotHeld(ScoringError):
    """A lead the player on lead does not hold; str() says so in plain words, and `leader`
    (a seat letter), `card` (as stored) and `board` say it to a caller that words it itself."""

    def __init__(self, *, leader: str, card: str, board: int):
        self.leader, self.card, self.board = leader, card, board
        if card[1] == SMALL:
            said = ScoringError(
                "%(leader)s does not hold a small %(suit)s on board %(board)s",
                leader=SEAT_NAMES[leader],
                suit=SUIT_SYMBOLS[card[0]],
                board=board,
            )
        else:
            said = ScoringError(
                "%(leader)s does not hold the %(card)s on board %(board)s",
                leader=SEAT_NAMES[leader],
                card=card_text(card),
                board=board,
            )
        super().__init__(said.message, **said.values)


def leader(declarer: str) -> str:
    """The seat on lead against `declarer` ("N", "E", "S" or "W"): the next one clockwise."""
    return SEATS[(SEATS.index(declarer) + 1) % 4]


def check_lead(*, deal: str, declarer: str, lead: str, board: int) -> None:
    """Raise LeadNotHeld when the hand on lead against `declarer` is known and does not hold
    `lead`. Nothing to check passes: no deal loaded, the leader's hand not known, no lead, no
    declarer (a board passed out, an adjusted score, a score typed alone).

    Raises ScoringError for a deal, a lead or a declarer that is not one: the app's own
    entry and imports store none, a club's backup restored might."""
    if not (deal and declarer and lead):
        return
    if declarer not in SEAT_NAMES:
        raise ScoringError(
            "declarer must be N, E, S or W, not %(declarer)s",
            declarer=repr(declarer),
        )
    if len(lead) != 2 or lead[0] not in SUITS or lead[1] not in RANKS + SMALL:
        raise ScoringError(
            "%(lead)s is not a lead card (a suit and a rank, e.g. HK)",
            lead=repr(lead),
        )
    seat = leader(declarer)
    hand = normalize_deal(deal).split(":", 1)[1].split()[SEATS.index(seat)]
    if hand == "-":
        return
    cards = dict(zip(SUITS, hand.split("."), strict=True))[lead[0]]
    held = any(rank in cards for rank in SMALL_RANKS) if lead[1] == SMALL else lead[1] in cards
    if not held:
        raise LeadNotHeld(leader=seat, card=lead, board=board)
