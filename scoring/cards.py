"""A card as players write it: the suit's symbol, then the rank, the ten as 10."""

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_text(card: str) -> str:
    """A lead as the app stores it, "HK" -> "♥K", "ST" -> "♠10", "DX" (a small card) -> "♦X";
    anything else as it was entered."""
    if len(card) != 2 or card[0] not in SUIT_SYMBOLS:
        return card
    return SUIT_SYMBOLS[card[0]] + ("10" if card[1] == "T" else card[1])
