"""A deal's normal form (scoring.deals): written from North, each suit from the ace down, and
refused unless its known hands are thirteen different cards each."""

import pytest

from scoring import ScoringError
from scoring.deals import DealRefused, is_complete, normalize_deal


def test_a_deal_is_written_from_north_with_each_suit_from_the_ace_down():
    assert normalize_deal(
        "w:T9.AT65.984.AJT8 K642.Q98.T6532.6 AQ875.J7.7.KQ732 J3.K432.AKQJ.954"
    ) == ("N:K642.Q98.T6532.6 AQ875.J7.7.KQ732 J3.K432.AKQJ.954 T9.AT65.984.AJT8")
    assert normalize_deal("N:36J.AKQ8762.29.6 - - -") == "N:J63.AKQ8762.92.6 - - -"


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (
            "J63.AKQ8762.92.6",
            "a deal starts with the first hand's seat, e.g. N:AKQ.., not 'J63.AKQ8762.92.6'",
        ),
        ("N:J63.AKQ8762.92.6 KT754.3.QJ763.87", "a deal has four hands separated by spaces, not 2"),
        ("N:J63.AKQ8762.92 - - -", "N's hand has 3 suits: write spades.hearts.diamonds.clubs"),
        ("N:J63.AKQ8762.92.6X - - -", "N's hand has 'X': ranks are AKQJT98765432"),
        ("N:J63.AKQ8762.92.6 J63.AKQ8762.92.6 - -", "the SJ is in both N's and E's hands"),
        ("N:J63.AKQ8762.92 - - -".replace(".92", ".92."), "N's hand has 12 cards, not 13"),
    ],
)
def test_a_deal_that_is_not_four_hands_of_thirteen_cards_is_refused(deal, message):
    with pytest.raises(DealRefused) as refused:
        normalize_deal(deal)
    assert str(refused.value) == message


def test_a_deal_refused_is_a_scoring_error():
    assert issubclass(DealRefused, ScoringError)


def test_a_deal_is_complete_when_every_hand_is_known():
    deal = "N:J63.AKQ8762.92.6 KT754.3.QJ763.87 AQ8.T94.K85.AKQ9 92.J5.AT4.JT5432"
    assert is_complete(deal)
    assert not is_complete("N:J63.AKQ8762.92.6 - - -")
    assert not is_complete("")
