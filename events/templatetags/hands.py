"""The hand record of a board as the board page draws it: four hands, makeable contracts, par."""

from dataclasses import dataclass

from django import template

from events.formats.card_words import SEAT_NAMES, holding_shown, notrump_shown, seats_shown
from events.services.hand_records import STRAINS, TABLE_SEATS

register = template.Library()

SUITS = (("♠", ""), ("♥", "red"), ("♦", "red"), ("♣", ""))


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
                    (symbol, css, holding_shown(cards))
                    for (symbol, css), cards in zip(SUITS, suits, strict=True)
                ],
            )
    makeable, tricks, par_score, par_contracts = [], [], None, []
    if board.double_dummy:
        table = board.double_dummy["tricks"]
        for seat in TABLE_SEATS:
            row = [table[seat][strain] for strain in STRAINS]
            tricks.append((seat, row))
            makeable.append((seats_shown(seat), [str(t - 6) if t >= 7 else "–" for t in row]))
        par_score = board.double_dummy["par_score"]
        par_contracts = board.double_dummy["par_contracts"]
    return HandRecord(hands, makeable, tricks, par_score, par_contracts)


@register.simple_tag
def strain_headings():
    """The makeable-contracts table's columns: NT (French SA), then the suits."""
    return ((notrump_shown(), ""), *SUITS)
