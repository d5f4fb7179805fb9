"""A deal as typed on a rubber or Chicago pad: `4SX they 10`, `6D they = hon they 150`."""

import pytest

from scoring import ScoringError, parse_contract
from scoring.pad_lines import PadDeal, parse_pad_line


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
