"""Other programs' files read by their own numbers: markers by the scores and points beside
them, sections scored as one field in IMP events, factoring to the movement's count, and
percentages or totals a file cannot agree with itself on.

Sources:
- USEBIO 1.2 (EBU's XML results format): TRAVELLER_LINE with SCORE, NS_MATCH_POINTS and
  EW_MATCH_POINTS; NS_BUTLER_POINTS, NS_CROSS_IMP_POINTS for IMP events (Compscore3's
  cross_imp_howell.xml in ../shared/realdata prints NS_CROSS_IMP_POINTS).
- A program that writes "NP" for a hand passed in, scores it 0 and prints its points (issue 24,
  "NP is not one thing"): its files print the line's SCORE 0 and its matchpoints.
The files are built in the tests from tests/events/files/scorer_pairs_short.xml, hand-built.
"""

import pytest

from events.services.imports import import_event, read_result_file
from tests.events.files import read_file

SHORT = "scorer_pairs_short.xml"
MPS = "<NS_MATCH_POINTS>{}</NS_MATCH_POINTS><EW_MATCH_POINTS>{}</EW_MATCH_POINTS>"


def _replace(data: bytes, *pairs: tuple[str, str]) -> bytes:
    for old, new in pairs:
        assert old.encode() in data
        data = data.replace(old.encode(), new.encode(), 1)
    return data


def _board_lines(imported, number: int):
    return next(board for board in imported.boards if board.number == number).lines


# ---------------------------------------------------------------------------------------------
# Markers read by their numbers


def _marked(marker: str, score: str, points: tuple[str, str] | None) -> bytes:
    """Board 2's third line as `marker` with `score` and, when given, its printed points; the
    other two lines' points as a board of three results gives them (0 ties with 0)."""
    printed = MPS.format(*points) if points else ""
    return _replace(
        read_file(SHORT),
        (MPS.format(1, 3), MPS.format(0, 4)),
        ("<CONTRACT>NP</CONTRACT>", f"<CONTRACT>{marker}</CONTRACT>{score}{printed}"),
    )


@pytest.mark.parametrize("marker", ["NP", "PASS", "AP", "Not played"])
def test_a_marker_scored_0_with_printed_points_is_a_played_pass(marker):
    """The old importer dropped an NP scored 0 as not played and rescaled board 2."""
    imported = read_result_file(_marked(marker, "<SCORE>0</SCORE>", ("3", "1")))
    line = _board_lines(imported, 2)[2]
    assert (line.not_played, line.contract, line.score_ns) == (False, "PASS", 0)
    # Every board now has its three results: no short board, no rule read.
    assert "missing_results" not in imported.settings


def test_a_marker_beside_a_score_and_points_is_that_score():
    scored = "<CONTRACT>NP</CONTRACT><SCORE>-400</SCORE>" + MPS.format(1, 3)
    imported = read_result_file(_replace(read_file(SHORT), ("<CONTRACT>NP</CONTRACT>", scored)))
    line = _board_lines(imported, 2)[2]
    assert (line.not_played, line.contract, line.score_ns) == (False, "", -400)


@pytest.mark.parametrize(
    ("score", "points"),
    [("<SCORE>0</SCORE>", None), ("", None), ("<SCORE>-</SCORE>", ("3", "1"))],
    ids=["no points", "no score", "score dash"],
)
def test_not_played_where_the_numbers_say_so(score, points):
    imported = read_result_file(_marked("NP", score, points))
    line = _board_lines(imported, 2)[2]
    assert (line.not_played, line.score_ns) == (True, None)


@pytest.mark.django_db
def test_a_hand_passed_in_written_np_is_scored_on_its_board(club):
    event = import_event(
        imported=read_result_file(_marked("NP", "<SCORE>0</SCORE>", ("3", "1"))), club=club
    )
    board = event.sections.get().boards.get(number=2)
    points = sorted(
        (r.ns_pair.number, r.ns_points, r.ew_points, r.top)
        for r in board.results.select_related("ns_pair")
    )
    assert points == [(1, 3, 1, 4), (2, 0, 4, 4), (3, 3, 1, 4)]
