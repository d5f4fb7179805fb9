"""The opening lead (scoring.leads): declarer's left-hand opponent leads, from their own hand."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import ScoringError, parse_traveller_line
from scoring.deals import RANKS, SEATS, SUITS, normalize_deal
from scoring.leads import LeadNotHeld, check_lead, leader

# North holds every spade, East every heart, South every diamond, West every club.
BY_SUIT = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
# West holds ♠K6 ♥T9632 ♦AJ ♣KQJ9; North and East are not known.
WEST_KNOWN = normalize_deal("N:- - AQJT987.AK.Q2.A2 K6.T9632.AJ.KQJ9")


@pytest.mark.parametrize(("declarer", "on_lead"), [("N", "E"), ("E", "S"), ("S", "W"), ("W", "N")])
def test_declarers_left_hand_opponent_is_on_lead(declarer, on_lead):
    assert leader(declarer) == on_lead


@pytest.mark.parametrize(
    ("declarer", "lead", "message"),
    [
        ("N", "SA", "East does not hold the ♠A on board 5"),
        ("E", "HT", "South does not hold the ♥10 on board 5"),
        ("S", "SK", "West does not hold the ♠K on board 5"),
        ("W", "CX", "North does not hold a small ♣ on board 5"),
    ],
)
def test_a_lead_the_leader_does_not_hold_is_refused_in_plain_words(declarer, lead, message):
    with pytest.raises(LeadNotHeld) as refused:
        check_lead(deal=BY_SUIT, declarer=declarer, lead=lead, board=5)
    assert str(refused.value) == message
    assert (refused.value.leader, refused.value.card, refused.value.board) == (
        leader(declarer),
        lead,
        5,
    )


def test_a_lead_not_held_is_a_scoring_error():
    assert issubclass(LeadNotHeld, ScoringError)


@pytest.mark.parametrize(("declarer", "lead"), [("N", "HA"), ("E", "D2"), ("S", "CT"), ("W", "SX")])
def test_a_lead_the_leader_holds_passes(declarer, lead):
    assert check_lead(deal=BY_SUIT, declarer=declarer, lead=lead, board=1) is None


@pytest.mark.parametrize(
    ("typed", "passes"),
    [
        ("4H S 10 SK", True),
        ("4H S 10 KS", True),
        ("4H S 10 ♠K", True),
        ("4H S 10 ST", False),
        ("4H S 10 H10", True),
        ("4H S 10 10H", True),
        ("4H S 10 HJ", False),
        ("4H S 10 xD", False),  # only the ace and the jack of diamonds: no small one
        ("4H S 10 xC", True),  # the nine of clubs is a small card
        ("4H S 10 xH", True),
    ],
)
def test_a_lead_as_typed_is_checked_as_the_app_stores_it(typed, passes):
    line = parse_traveller_line(typed)
    if passes:
        check_lead(deal=WEST_KNOWN, declarer=line.declarer, lead=line.lead, board=2)
    else:
        with pytest.raises(LeadNotHeld, match=r"^West does not hold "):
            check_lead(deal=WEST_KNOWN, declarer=line.declarer, lead=line.lead, board=2)


@pytest.mark.parametrize(
    ("deal", "typed"),
    [
        ("", "4S N 10 SA"),  # no hand record loaded
        (WEST_KNOWN, "4S N 10 SA"),  # East, on lead, is not known
        (BY_SUIT, "4S N 10"),  # no lead entered
        (BY_SUIT, "P"),  # passed out
        (BY_SUIT, "A+ A-"),  # an adjusted score
        (BY_SUIT, "NP"),  # not played
        (BY_SUIT, "+420"),  # a score typed alone
    ],
)
def test_nothing_to_check_passes(deal, typed):
    line = parse_traveller_line(typed)
    assert check_lead(deal=deal, declarer=line.declarer, lead=line.lead, board=3) is None


@pytest.mark.parametrize(
    ("declarer", "lead", "message"),
    [
        ("N", "S1", "'S1' is not a lead card (a suit and a rank, e.g. HK)"),
        ("N", "S10", "'S10' is not a lead card (a suit and a rank, e.g. HK)"),
        ("X", "SA", "declarer must be N, E, S or W, not 'X'"),
    ],
)
def test_a_lead_or_declarer_that_is_not_one_is_a_scoring_error(declarer, lead, message):
    with pytest.raises(ScoringError) as refused:
        check_lead(deal=BY_SUIT, declarer=declarer, lead=lead, board=1)
    assert str(refused.value) == message
    assert not isinstance(refused.value, LeadNotHeld)


def test_a_deal_is_read_from_whichever_hand_it_starts_with():
    from_west = "W:...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432."
    check_lead(deal=from_west, declarer="S", lead="CA", board=1)
    with pytest.raises(LeadNotHeld, match="West does not hold the ♠A"):
        check_lead(deal=from_west, declarer="S", lead="SA", board=1)


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ("N:AKQ", "a deal has four hands separated by spaces, not 1"),
        ("north", "a deal starts with the first hand's seat, e.g. N:AKQ.., not 'north'"),
    ],
)
def test_a_deal_that_is_not_one_is_a_scoring_error(deal, message):
    with pytest.raises(ScoringError) as refused:
        check_lead(deal=deal, declarer="N", lead="SA", board=1)
    assert str(refused.value) == message
    assert not isinstance(refused.value, LeadNotHeld)


DECK = [suit + rank for suit in SUITS for rank in RANKS]


@st.composite
def deals(draw):
    """A random deal in normal form, as Board.deal stores it."""
    cards = draw(st.permutations(DECK))
    hands = [
        ".".join("".join(c[1] for c in cards[13 * h : 13 * h + 13] if c[0] == s) for s in SUITS)
        for h in range(4)
    ]
    return normalize_deal("N:" + " ".join(hands))


@given(deal=deals(), declarer=st.sampled_from(SEATS))
def test_every_card_of_the_leaders_hand_passes_and_every_other_card_is_refused(deal, declarer):
    on_lead = leader(declarer)
    hand = deal.split(":", 1)[1].split()[SEATS.index(on_lead)]
    held = {
        suit + rank for suit, ranks in zip(SUITS, hand.split("."), strict=True) for rank in ranks
    }
    assert len(held) == 13
    for card in DECK:
        if card in held:
            check_lead(deal=deal, declarer=declarer, lead=card, board=7)
        else:
            with pytest.raises(LeadNotHeld) as refused:
                check_lead(deal=deal, declarer=declarer, lead=card, board=7)
            assert (refused.value.leader, refused.value.card) == (on_lead, card)


@given(deal=deals(), declarer=st.sampled_from(SEATS), suit=st.sampled_from(SUITS))
def test_a_small_card_passes_when_the_leader_holds_one_from_the_nine_down(deal, declarer, suit):
    hand = deal.split(":", 1)[1].split()[SEATS.index(leader(declarer))]
    cards = dict(zip(SUITS, hand.split("."), strict=True))[suit]
    if set(cards) & set("98765432"):
        check_lead(deal=deal, declarer=declarer, lead=suit + "X", board=7)
    else:
        with pytest.raises(LeadNotHeld):
            check_lead(deal=deal, declarer=declarer, lead=suit + "X", board=7)
