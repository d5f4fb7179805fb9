"""The forms other programs write, read as the standards allow: each test builds its file here
and names the convention's source.

Sources:
- PBN 2.1 (Tournament Bridge Association's Portable Bridge Notation, section 3.4.11 "Deal"):
  a void is an empty suit between the dots; a hand that is not known is "-". Dealing and
  scoring programs also write a void as "-" within a hand (e.g. "AKQJT98765432.-.-.-"), the
  form a hand diagram prints.
- USEBIO 1.2 (EBU's XML results format): a HANDSET HAND lists its cards suit by suit
  (SPADES, HEARTS, DIAMONDS, CLUBS); a void is an empty element, or "-" as programs print it.
"""

import pytest

from events.formats.deal_files import read_deal_file
from events.services.imports import read_result_file
from tests.events.files import read_file

# Each hand one whole suit: every other suit a void.
_SUITED = "AKQJT98765432"
_VOIDS = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def _pbn_deals(deal: str) -> bytes:
    return f'[Event "Hands"]\n[Board "1"]\n[Dealer "N"]\n[Deal "{deal}"]\n\n'.encode()


@pytest.mark.parametrize(
    "deal",
    [
        pytest.param(
            "N:AKQJT98765432.-.-.- -.AKQJT98765432.-.- -.-.AKQJT98765432.- -.-.-.AKQJT98765432",
            id="pbn-voids-as-dashes",
        ),
        pytest.param(
            "N:AKQJT98765432... -.AKQJT98765432.-.- ..AKQJT98765432. -.-.-.AKQJT98765432",
            id="pbn-dashes-and-empty-mixed",
        ),
    ],
)
def test_a_void_written_as_a_dash_within_a_hand_is_a_void(deal):
    # The old reader refused it: "N's hand has '-': ranks are AKQJT98765432".
    (board,) = read_deal_file(name="hands.pbn", data=_pbn_deals(deal))
    assert board.deal == _VOIDS


def test_a_dash_for_a_whole_hand_stays_a_hand_not_known():
    (board,) = read_deal_file(
        name="hands.pbn", data=_pbn_deals("N:AKQJT98765432.-.-.- - -.-.AKQJT98765432.- -")
    )
    assert board.deal == "N:AKQJT98765432... - ..AKQJT98765432. -"


def test_a_usebio_handset_void_written_as_a_dash_is_a_void():
    data = read_file("compscore_mp.xml")
    start, end = data.index(b"<HAND>"), data.rindex(b"</HAND>") + len(b"</HAND>")
    hands = "".join(
        f"<HAND><DIRECTION>{seat}</DIRECTION>"
        + "".join(
            f"<{suit}>{_SUITED if i == j else '-'}</{suit}>"
            for j, suit in enumerate(("SPADES", "HEARTS", "DIAMONDS", "CLUBS"))
        )
        + "</HAND>"
        for i, seat in enumerate(("North", "East", "South", "West"))
    )

    imported = read_result_file(data[:start] + hands.encode() + data[end:])

    assert imported.boards[0].deal == _VOIDS
