"""The lead checked at the table (events.services.leads): a lead the player on lead does not
hold is refused by the board's hand record; the director's save takes it, to be asked about."""

import pytest

from events.models import Board, Result
from events.services.entry import LineRefused, board_meetings, save_line
from events.services.leads import check_lead
from scoring import mitchell, parse_traveller_line

# North holds every spade, East every heart, South every diamond, West every club.
BY_SUIT = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


@pytest.fixture
def board(make_event):
    make_event(mitchell(3, 2))
    board = Board.objects.select_related("section__event").get(number=1)
    board.deal = BY_SUIT
    board.save()
    return board


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("4H S 10 SK", "West does not hold the ♠K on board 1"),
        ("4H S 10 H10", "West does not hold the ♥10 on board 1"),
        ("3NT W 9 xC", "North does not hold a small ♣ on board 1"),
    ],
)
def test_a_lead_the_leader_does_not_hold_is_refused_at_the_table(board, typed, message):
    with pytest.raises(LineRefused) as refused:
        check_lead(board=board, line=parse_traveller_line(typed))
    assert str(refused.value) == message


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["4H S 10 CK", "3NT W 9 xS", "4H S 10", "P", "A+ A-", "NP"])
def test_a_lead_the_leader_holds_or_no_lead_passes(board, typed):
    assert check_lead(board=board, line=parse_traveller_line(typed)) is None


@pytest.mark.django_db
def test_no_hand_record_no_check(board):
    board.deal = ""
    board.save()
    assert check_lead(board=board, line=parse_traveller_line("4H S 10 SK")) is None


@pytest.mark.django_db
def test_the_directors_save_takes_a_lead_the_table_would_refuse(board):
    meeting = min(board_meetings(board=board), key=lambda m: m.ns)
    line = parse_traveller_line("4H S 10 SK")
    with pytest.raises(LineRefused):
        check_lead(board=board, line=line)
    save_line(board=board, line=line, ns_pair=meeting.ns, ew_pair=meeting.ew)
    assert list(Result.objects.values_list("lead", "confirmed")) == [("SK", False)]
