"""Template filters that print contracts, cards and scores the way players read them."""

from decimal import Decimal

from django import template
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.translation import pgettext

from events.formats.card_words import notrump_shown, rank_shown, seats_shown
from events.formats.dates import written_date
from events.services.line_text import adjusted_shown, split_words
from events.services.movement_text import movement_description, movement_name
from scoring.pair_labels import printed_number

register = template.Library()

SUITS = {"S": ("♠", ""), "H": ("♥", "red"), "D": ("♦", "red"), "C": ("♣", "")}


def _suit(letter: str):
    symbol, css = SUITS[letter]
    return format_html('<span class="{}">{}</span>', css, symbol) if css else symbol


@register.filter
def contract(text: str):
    """ "4SX" -> 4♠X, "3NT" -> 3NT (French 3SA), "PASS" -> Pass."""
    if not text:
        return ""
    if text == "PASS":
        return pgettext("a board passed out, in a traveller", "Pass")
    level, rest = text[0], text[1:]
    if rest.startswith("NT"):
        return f"{level}{notrump_shown()}{rest[2:]}"
    return format_html("{}{}{}", level, _suit(rest[0]), rest[1:])


@register.filter
def card(text: str):
    """A lead such as "HK" -> ♥K (French ♥R), "ST" -> ♠10."""
    if len(text) != 2 or text[0] not in SUITS:
        return text
    return format_html("{}{}", _suit(text[0]), rank_shown(text[1]))


@register.filter
def seat(text: str) -> str:
    """A declarer or dealer ("W"), or par's declarers ("NS"), as the reader's language prints
    seats: French "O" for West."""
    return seats_shown(text) if text else ""


def _decimal(text: str) -> str:
    """A number written with a point ("4.83") as the reader's language writes it (4,83)."""
    return number_format(Decimal(text))


@register.filter
def points(value):
    """Matchpoints or IMPs to at most two decimals, without trailing zeros, with the reader's
    decimal sign: 9.5, 4.83, 12 (9,5 in French and Norwegian)."""
    if value in (None, ""):
        return ""
    return _decimal(f"{value:.2f}".rstrip("0").rstrip("."))


@register.filter
def percent(number) -> str:
    """A number already written ("45,37") with the percent sign as the reader's language sets
    it: "45.37%", French "45,37 %" (a no-break space); blank for a blank."""
    if number in (None, ""):
        return ""
    return pgettext("a number's percent sign", "%(number)s%%") % {"number": number}


@register.filter
def signed(value):
    """+420, -50, 0; blank for None."""
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)


@register.filter
def fraction(value):
    """A mean as a person writes it: 437.5, or 1250/3 ≈ 416.67."""
    if value.denominator in (1, 2, 4, 5, 8, 10):
        return _decimal(f"{float(value):.3f}".rstrip("0").rstrip("."))
    return f"{value.numerator}/{value.denominator} ≈ {_decimal(f'{float(value):.2f}')}"


@register.filter
def labelled(number, labels: dict):
    """A pair number as the section labels it ("3 NS"); `labels` from section_labels."""
    return labels.get(number, number) if number is not None else number


@register.filter
def direction_wide(label: str):
    """A pair's label whose direction a phone leaves to its column's heading, as a traveller's
    NS or EW column prints it: "A3 NS" -> "A3" and a `wide` " NS"."""
    number = printed_number(label)
    if number == label:
        return label
    return format_html('{}<span class="wide">{}</span>', number, label[len(number) :])


@register.filter
def adjusted(result, side: str) -> str:
    """One side's artificial score ("NS" or "EW"): A+, or 70% when it was assigned a percent."""
    return adjusted_shown(result, side.lower())


@register.filter
def split(result) -> str:
    """A split score, each side's from its own seat: "Split: NS +420, EW +50"."""
    return split_words(result)


register.filter("written", written_date)
register.filter("movement_name", movement_name)
register.filter("movement_description", movement_description)
