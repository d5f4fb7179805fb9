"""Cards and seats as the reader's language prints them in a hand record and a traveller: the
king, queen and jack are R D V in French and K D Kn in Norwegian, the ace E in Norwegian, and
West is O in French and V in Norwegian (East Ø). What a director types (`4S N 10`, `HK`), the
pairs' own labels (`NS 3`, `EW 3`) and the files' words stay as they are."""

from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from scoring.cards import SUIT_SYMBOLS

SEAT_NAMES = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
}

HONOURS = {
    "A": pgettext_lazy("a card's rank, as a hand record prints it: the ace", "A"),
    "K": pgettext_lazy("a card's rank, as a hand record prints it: the king", "K"),
    "Q": pgettext_lazy("a card's rank, as a hand record prints it: the queen", "Q"),
    "J": pgettext_lazy("a card's rank, as a hand record prints it: the jack", "J"),
}
SEAT_INITIALS = {
    "N": pgettext_lazy("a seat's initial: North", "N"),
    "E": pgettext_lazy("a seat's initial: East", "E"),
    "S": pgettext_lazy("a seat's initial: South", "S"),
    "W": pgettext_lazy("a seat's initial: West", "W"),
}


def contract_shown(contract: str) -> str:
    """A contract as the app stores it ("4SX", "3NT", "PASS") as players read it: 4♠X, 3NT
    (French 3SA), Pass (French Passe)."""
    if contract == "PASS":
        return pgettext("a board passed out, in a traveller", "Pass")
    level, strain = contract[:1], contract[1:]
    if strain.startswith("NT"):
        return level + notrump_shown() + strain[2:]
    if strain[:1] in SUIT_SYMBOLS:
        return level + SUIT_SYMBOLS[strain[0]] + strain[1:]
    return contract


def notrump_shown() -> str:
    """No trumps as a contract prints it: NT (French SA)."""
    return pgettext("no trumps, as a contract prints it: 3NT", "NT")


def card_shown(card: str) -> str:
    """A lead as the app stores it ("HK", "ST") as printed: ♥K, ♠10 (French ♥R); anything else
    as it was entered."""
    if len(card) != 2 or card[0] not in SUIT_SYMBOLS:
        return card
    return SUIT_SYMBOLS[card[0]] + rank_shown(card[1])


def rank_shown(rank: str) -> str:
    """A card's rank ("K", "T" or "10") as printed: K, 10 in English; R, 10 in French."""
    return str(HONOURS.get(rank, "10" if rank == "T" else rank))


def holding_shown(cards: str) -> str:
    """A suit's cards ("AKT4") as a hand diagram prints them ("A K 10 4"); a dash for a void."""
    return " ".join(rank_shown(card) for card in cards) or "—"


def seats_shown(seats: str) -> str:
    """Seat letters ("N", "NS", "W") as a hand record prints them: French "O" for West,
    Norwegian "Ø" and "V" for East and West."""
    return "".join(str(SEAT_INITIALS.get(seat, seat)) for seat in seats)
