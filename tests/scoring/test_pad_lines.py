"""A deal as typed on a rubber or Chicago pad: `4SX they 10`, `6D they = hon they 150`."""

import pytest

from scoring import ScoringError, parse_contract
from scoring.pad_lines import PadDeal, pad_line_help, parse_pad_line


@pytest.mark.parametrize(
    ("text", "deal"),
    [
        ("4SX they 10", PadDeal(parse_contract("4SX"), "they", 10)),
        ("4 s x THEY 10", PadDeal(parse_contract("4SX"), "they", 10)),
        ("4♠X they 10", PadDeal(parse_contract("4SX"), "they", 10)),
        ("2NT we +1", PadDeal(parse_contract("2NT"), "we", 9)),
        ("5C they -2", PadDeal(parse_contract("5C"), "they", 9)),
        ("6D they = hon they 150", PadDeal(parse_contract("6D"), "they", 12, ("they", 150))),
        ("3CXX they 11 h100 they", PadDeal(parse_contract("3CXX"), "they", 11, ("they", 100))),
        ("1NTX we 7 honours 150 they", PadDeal(parse_contract("1NTX"), "we", 7, ("they", 150))),
    ],
)
def test_parse_pad_line(text, deal):
    assert parse_pad_line(text) == deal


def test_parse_pad_line_refuses_an_empty_line():
    with pytest.raises(ScoringError, match="Type a deal"):
        parse_pad_line("  ")


FRENCH = {"we": "nous", "they": "eux"}
NORWEGIAN = {"we": "vi", "they": "de"}


@pytest.mark.parametrize(
    ("text", "words", "deal"),
    [
        ("4SX eux 10", FRENCH, PadDeal(parse_contract("4SX"), "they", 10)),
        ("2NT Nous +1", FRENCH, PadDeal(parse_contract("2NT"), "we", 9)),
        ("6D eux = hon nous 150", FRENCH, PadDeal(parse_contract("6D"), "they", 12, ("we", 150))),
        ("4SX they 10 hon we 100", FRENCH, PadDeal(parse_contract("4SX"), "they", 10, ("we", 100))),
        ("4SX de 10", NORWEGIAN, PadDeal(parse_contract("4SX"), "they", 10)),
        ("3CXX vi 11 h100 de", NORWEGIAN, PadDeal(parse_contract("3CXX"), "we", 11, ("they", 100))),
        ("5C we -2", NORWEGIAN, PadDeal(parse_contract("5C"), "we", 9)),
    ],
)
def test_parse_pad_line_reads_the_sides_in_the_readers_words_and_in_english(text, words, deal):
    assert parse_pad_line(text, words=words) == deal


def test_parse_pad_line_reads_only_the_words_it_is_given():
    with pytest.raises(ScoringError) as refused:
        parse_pad_line("4SX eux 10")

    assert str(refused.value) == (
        "After the contract write who declared, we or they, then the tricks: 4SX they 10."
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "",
            "Type a deal. Type contract, side, tricks: 4SX de 10, 2NT vi +1, 6D de = hon de 150.",
        ),
        (
            "4S oss 10",
            "After the contract write who declared, vi or de, then the tricks: 4SX de 10.",
        ),
        (
            "4S de 10 hon oss 150",
            "Could not read 'hon oss 150': honours are written hon, who held them (vi or de) "
            "and 100 or 150, e.g. hon de 150.",
        ),
    ],
)
def test_parse_pad_line_names_the_readers_words_when_it_refuses_a_line(text, message):
    with pytest.raises(ScoringError) as refused:
        parse_pad_line(text, words=NORWEGIAN)

    assert str(refused.value) == message


def test_the_pad_line_help_names_the_readers_words():
    assert str(pad_line_help(FRENCH)) == (
        "Type contract, side, tricks: 4SX eux 10, 2NT nous +1, 6D eux = hon eux 150."
    )
