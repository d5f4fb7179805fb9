"""Cards as players write them (scoring.cards): the suit's symbol, then the rank."""

import pytest

from scoring.cards import card_text


@pytest.mark.parametrize(
    ("entered", "shown"), [("HK", "♥K"), ("ST", "♠10"), ("DX", "♦X"), ("", ""), ("?", "?")]
)
def test_leads_are_shown_with_suit_symbols(entered, shown):
    assert card_text(entered) == shown
