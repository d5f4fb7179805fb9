"""A deal's normal form: four hands written from North as PBN writes them, each suit's cards
from the ace down, checked to be thirteen different cards a hand."""

import re

from scoring.errors import ScoringError

SEATS = "NESW"  # clockwise, as a PBN deal lists the hands
SUITS = "SHDC"  # the order of the suits in a PBN hand
RANKS = "AKQJT98765432"
_DEAL = re.compile(r"^\s*([NESWnesw])\s*:\s*(.+?)\s*$")


class DealRefused(ScoringError):
    """A deal that is not four hands of thirteen different cards; str() says what is wrong."""


def normalize_deal(text: str) -> str:
    """A PBN deal string written from North, each suit's cards from the ace down.

    "E:7643.KQJT3.75.Q2 ..." becomes "N:... 7643.KQJT3.75.Q2 ...". A hand may be "-" (not
    known); the known hands must hold 13 different cards each. A void is empty, or "-" as
    some programs write it within a hand ("AKQJT98765.-.432.-"). Raises DealRefused otherwise.
    """
    match = _DEAL.match(text)
    if match is None:
        raise DealRefused(
            "a deal starts with the first hand's seat, e.g. N:AKQ.., not %(text)s",
            text=repr(text),
        )
    first = SEATS.index(match[1].upper())
    hands = match[2].split()
    if len(hands) != 4:
        raise DealRefused(
            "a deal has four hands separated by spaces, not %(hands_count)s",
            hands_count=len(hands),
        )
    by_seat = {SEATS[(first + i) % 4]: hand for i, hand in enumerate(hands)}
    seen: dict[str, str] = {}
    written = []
    for seat in SEATS:
        hand = by_seat[seat]
        if hand == "-":
            written.append("-")
            continue
        suits = ["" if cards == "-" else cards for cards in hand.upper().split(".")]
        if len(suits) != 4:
            raise DealRefused(
                "%(seat)s's hand has %(suits_count)s suits: write spades.hearts.diamonds.clubs",
                seat=seat,
                suits_count=len(suits),
            )
        for suit, cards in zip(SUITS, suits, strict=True):
            for card in cards:
                if card not in RANKS:
                    raise DealRefused(
                        "%(seat)s's hand has %(card)s: ranks are AKQJT98765432",
                        seat=seat,
                        card=repr(card),
                    )
                if (suit + card) in seen:
                    raise DealRefused(
                        "the %(suit)s%(card)s is in both %(seen)s's and %(seat)s's hands",
                        suit=suit,
                        card=card,
                        seen=seen[suit + card],
                        seat=seat,
                    )
                seen[suit + card] = seat
        if sum(len(cards) for cards in suits) != 13:
            count = sum(len(cards) for cards in suits)
            raise DealRefused(
                "%(seat)s's hand has %(count)s cards, not 13",
                seat=seat,
                count=count,
            )
        written.append(".".join("".join(sorted(c, key=RANKS.index)) for c in suits))
    return "N:" + " ".join(written)


def is_complete(deal: str) -> bool:
    """Whether every hand of a normal-form deal is known."""
    return bool(deal) and "-" not in deal.split(":", 1)[1].split()
