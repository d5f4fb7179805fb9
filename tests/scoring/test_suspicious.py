"""Which results the problems panel asks about: those the board's other results and its hand
make implausible, not those a fixed distance from the rest."""

from hypothesis import given
from hypothesis import strategies as st

from scoring.suspicious import BoardResult, Question, suspicious_results

# North-South make ten tricks in spades and nine in no trumps; East-West make three in spades.
HAND = {
    "N": {"NT": 9, "S": 10, "H": 7, "D": 6, "C": 5},
    "S": {"NT": 9, "S": 10, "H": 7, "D": 6, "C": 5},
    "E": {"NT": 4, "S": 3, "H": 6, "D": 7, "C": 8},
    "W": {"NT": 4, "S": 3, "H": 6, "D": 7, "C": 8},
}


def played(key, text: str, score: int) -> BoardResult:
    """BoardResult from "4S N 10" or "4SX N 8"."""
    contract, declarer, tricks = text.split()
    doubled = contract.count("X")
    contract = contract.rstrip("X")
    return BoardResult(
        key,
        score,
        level=int(contract[0]),
        strain=contract[1:],
        doubled=doubled,
        declarer=declarer,
        tricks=int(tricks),
    )


FIELD = [
    played("a", "4S N 10", 420),
    played("b", "4S S 10", 420),
    played("c", "4S N 11", 450),
    played("d", "3NT N 9", 400),
    played("e", "4S N 9", -50),
]


def test_an_ordinary_board_raises_no_question():
    assert suspicious_results(FIELD, HAND) == []
    assert suspicious_results(FIELD) == []


def test_a_game_on_the_wrong_side_of_the_table_is_asked_about():
    wrong = played("x", "4S E 10", -420)
    assert suspicious_results([*FIELD, wrong], HAND) == [
        Question("x", "tricks", expected=3, sources=("field", "hand"))
    ]
    # Without the hand the other results in spades say as much: 13 less North-South's tricks.
    assert suspicious_results([*FIELD, wrong]) == [
        Question("x", "tricks", expected=3, sources=("field",))
    ]


def test_a_strain_the_declarer_cannot_play_in_is_asked_about_when_the_hand_is_known():
    wrong = played("x", "4C N 10", 130)
    assert suspicious_results([*FIELD, wrong], HAND) == [
        Question("x", "tricks", expected=5, sources=("hand",))
    ]
    # Nobody else played clubs and no hand record: +130 is near the field's -50, nothing to say.
    assert suspicious_results([*FIELD, wrong]) == []


def test_a_result_the_field_does_not_share_but_the_hand_allows_is_not_asked_about():
    # Eleven tricks in no trumps where the other table took nine, but ten double dummy.
    hand = {**HAND, "N": {**HAND["N"], "NT": 10}}
    assert suspicious_results([*FIELD, played("x", "3NT N 12", 490)], hand) == []


def test_a_missing_double_is_asked_about():
    far = played("x", "4H E 4", 500)
    assert suspicious_results([*FIELD, far], HAND) == [Question("x", "double")]
    field = [
        played("a", "5DX E 9", 500),
        played("b", "5DX E 9", 500),
        played("c", "5DX E 9", 500),
        played("d", "4S N 10", 420),
    ]
    assert suspicious_results([*field, played("x", "5D E 8", 150)]) == [Question("x", "double")]
    # Where most tables going down in it were left undoubled, an undoubled line is ordinary.
    more = [*field, *(played(k, "5D E 9", 300) for k in "efg")]
    assert suspicious_results([*more, played("x", "5D E 8", 150)]) == []


def test_a_score_typed_alone_with_its_sign_the_wrong_way_round_is_asked_about():
    assert suspicious_results([*FIELD, BoardResult("x", -420)], HAND) == [Question("x", "sign")]
    assert suspicious_results([*FIELD, BoardResult("x", 420)], HAND) == []


def test_a_result_nothing_else_speaks_to_is_asked_about_only_when_far_from_every_score():
    assert suspicious_results([*FIELD, played("x", "7NT N 13", 2220)]) == [Question("x", "far")]
    assert suspicious_results([*FIELD, played("x", "2H N 8", 110)]) == []


def test_a_passed_out_board_is_not_asked_about():
    assert suspicious_results([*FIELD, BoardResult("x", 0, passed_out=True)], HAND) == []


SEATS = st.sampled_from("NS")


@given(
    tricks=st.integers(min_value=9, max_value=13),
    seats=st.lists(SEATS, min_size=3, max_size=12),
    moved_to=st.sampled_from("EW"),
)
def test_a_made_contract_of_nine_tricks_or_more_moved_to_the_other_side_is_always_asked(
    tricks, seats, moved_to
):
    """Whatever the field's size and seats, a flat board raises no question, and one of its
    lines moved to the defenders' side is the one question."""
    level = max(1, tricks - 7)
    field = [played(n, f"{level}H {seat} {tricks}", 0) for n, seat in enumerate(seats)]
    hand = {seat: {"H": tricks if seat in "NS" else 13 - tricks} for seat in "NESW"}
    assert suspicious_results(field, hand) == []
    moved = played(0, f"{level}H {moved_to} {tricks}", 0)
    assert suspicious_results([moved, *field[1:]], hand) == [
        Question(0, "tricks", expected=13 - tricks, sources=("field", "hand"))
    ]
