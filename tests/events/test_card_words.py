"""Contracts, cards and seats as each language prints them (locale/GLOSSARY.md): French R D V,
SA and O for West; Norwegian E K D Kn and Ø V; what a director types is not translated."""

import pytest
from django.utils import translation

from events.formats.card_words import card_shown, contract_shown, holding_shown, seats_shown


@pytest.mark.parametrize(
    ("language", "entered", "shown"),
    [
        ("en", "4SX", "4♠X"),
        ("en", "3NT", "3NT"),
        ("en", "7NTXX", "7NTXX"),
        ("en", "1C", "1♣"),
        ("en", "PASS", "Pass"),
        ("fr", "3NT", "3SA"),
        ("fr", "7NTXX", "7SAXX"),
        ("fr", "4HX", "4♥X"),
        ("nb", "3NT", "3NT"),
    ],
)
def test_a_contract_is_shown_with_suit_symbols_and_the_languages_no_trumps(
    language, entered, shown
):
    with translation.override(language):
        assert contract_shown(entered) == shown


def test_a_passed_out_board_reads_in_the_readers_language():
    with translation.override("fr"):
        assert contract_shown("PASS") != "Pass"


@pytest.mark.parametrize(
    ("language", "holding", "lead", "seats"),
    [
        ("en", "A K Q J 10 2", "♥K", "NESW"),
        ("fr", "A R D V 10 2", "♥R", "NESO"),
        ("nb", "E K D Kn 10 2", "♥K", "NØSV"),
    ],
)
def test_cards_and_seats_are_printed_as_the_languages_hand_records_print_them(
    language, holding, lead, seats
):
    with translation.override(language):
        assert holding_shown("AKQJT2") == holding
        assert card_shown("HK") == lead
        assert seats_shown("NESW") == seats


def test_a_void_is_a_dash_and_an_unreadable_lead_is_kept_as_entered():
    assert holding_shown("") == "—"
    assert card_shown("X9") == "X9"
