"""The hand record of a board as the board page draws it: four hands, makeable contracts, par."""

from dataclasses import dataclass

from django import template
from django.utils.translation import gettext_lazy

from events.services.hand_records import STRAINS, TABLE_SEATS

register = template.Library()

SUITS = (("♠", ""), ("♥", "red"), ("♦", "red"), ("♣", ""))
STRAIN_HEADINGS = (("NT", ""), ("♠", ""), ("♥", "red"), ("♦", "red"), ("♣", ""))
SEAT_NAMES = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "W": gettext_lazy("West"),
}


@dataclass(frozen=True)
class Hand:
    seat: str
    suits: list[tuple[str, str, str]]  # (symbol, css class, cards such as "A K 10 4" or "—")


@dataclass(frozen=True)
class HandRecord:
    hands: dict[str, Hand]  # by seat letter; a hand not known is missing
    makeable: list[tuple[str, list[str]]]  # (seat, levels by strain NT S H D C; "–" if none)
    tricks: list[tuple[str, list[int]]]
    par_score: int | None
    par_contracts: list[dict]


def _cards(cards: str) -> str:
    return " ".join("10" if card == "T" else card for card in cards) or "—"


@register.filter
def hand_record(board) -> HandRecord | None:
    """What _hand.html draws for this board; None when the board has no hand record."""
    if not board.deal:
        return None
    hands = {}
    for seat, hand in zip("NESW", board.deal.split(":", 1)[1].split(), strict=True):
        if hand != "-":
            suits = hand.split(".")
            hands[seat] = Hand(
                SEAT_NAMES[seat],
                [
                    (symbol, css, _cards(cards))
                    for (symbol, css), cards in zip(SUITS, suits, strict=True)
                ],
            )
    makeable, tricks, par_score, par_contracts = [], [], None, []
    if board.double_dummy:
        table = board.double_dummy["tricks"]
        for seat in TABLE_SEATS:
            row = [table[seat][strain] for strain in STRAINS]
            tricks.append((seat, row))
            makeable.append((seat, [str(t - 6) if t >= 7 else "–" for t in row]))
        par_score = board.double_dummy["par_score"]
        par_contracts = board.double_dummy["par_contracts"]
    return HandRecord(hands, makeable, tricks, par_score, par_contracts)


@register.simple_tag
def strain_headings():
    return STRAIN_HEADINGS
