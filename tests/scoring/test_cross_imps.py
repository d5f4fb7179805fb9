import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import ScoringError, cross_imps
from scoring.cross_imps import CROSS_IMP_MODES

REALDATA = Path("/work/shared/realdata")

# Seed 000: five NS pairs, vulnerable; the pair making 4♠ scored +620.
SEED000_SCORES = [620, -100, -100, -300, 650]

# Seed 001 "Example in a pair event" (IMP scoring): board 1, none vulnerable.
SEED001_SCORES = [480, 420, 420, 300, -50]


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        pytest.param("cross2", 9.25, id="seed000-cross-imp-9.25"),
        pytest.param("cross", 37, id="seed000-cross-imp-total-37"),
        pytest.param("cross1", 7.4, id="seed000-cross-imp-37-over-5-scores"),
    ],
)
def test_seed000_averaged_cross_imp_example(mode, expected):
    assert cross_imps(SEED000_SCORES, mode)[0] == expected


def test_seed001_pair_example_total_imps():
    assert cross_imps(SEED001_SCORES, "cross") == [20, 11, 11, -3, -39]


def test_seed001_pair_example_average_imps():
    # The seed prints 3.75 for both +420 lines and -7.75 for -50: slips. 11 over 4 comparisons
    # is 2.75 and -39 over 4 is -9.75, and only these make the averages sum to 0.
    assert cross_imps(SEED001_SCORES, "cross2") == [5, 2.75, 2.75, -0.75, -9.75]


def test_cross2_is_the_default_mode():
    assert cross_imps(SEED001_SCORES) == cross_imps(SEED001_SCORES, "cross2")


def test_another_imp_table():
    # 1938 EMPs: 60 -> 2, 180 -> 4, 530 -> 8 for +480.
    assert cross_imps(SEED001_SCORES, "cross", table="1938")[0] == 2 + 2 + 4 + 8


def test_cap_limits_each_comparison():
    # 7NT making v 7NT down one, vulnerable: 2320 points, 20 IMPs, capped at 17.
    assert cross_imps([2220, -100], "cross", cap=17) == [17, -17]
    assert cross_imps([2220, -100], "cross") == [20, -20]


def test_fewer_than_two_scores_have_nothing_to_compare():
    assert cross_imps([]) == []
    assert cross_imps([420]) == [0.0]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        pytest.param(lambda: cross_imps([1, 2], "cross3"), "Unknown cross-IMP mode", id="mode"),
        pytest.param(lambda: cross_imps([1, 2], table="2013"), "Unknown IMP table", id="table"),
        pytest.param(lambda: cross_imps([1, 2], cap=-1), "cap on IMPs", id="cap"),
    ],
)
def test_bad_input_is_refused(call, message):
    with pytest.raises(ScoringError, match=message):
        call()


board_scores = st.lists(st.integers(-300, 300).map(lambda tens: 10 * tens), max_size=30)


@given(board_scores)
def test_cross_imps_sum_to_zero_over_a_board(scores):
    assert sum(cross_imps(scores, "cross")) == 0
    for mode in ("cross1", "cross2"):
        assert math.fsum(cross_imps(scores, mode)) == pytest.approx(0, abs=1e-9)


@given(board_scores.filter(lambda scores: len(scores) >= 2))
def test_the_modes_differ_only_by_the_divisor(scores):
    count = len(scores)
    totals = cross_imps(scores, "cross")
    assert cross_imps(scores, "cross1") == [total / count for total in totals]
    assert cross_imps(scores, "cross2") == [total / (count - 1) for total in totals]


def test_every_mode_has_a_label():
    assert set(CROSS_IMP_MODES) == {"cross", "cross1", "cross2"}
    assert all(CROSS_IMP_MODES.values())


@pytest.mark.skipif(not REALDATA.is_dir(), reason="/work/shared is not here")
def test_realdata_compscore_cross_imps_of_every_line():
    # Compscore: the mean over the other three tables, 2 dp; passed-out lines score 0.
    event = ET.parse(REALDATA / "cross_imp_howell.xml").getroot().find("EVENT")
    boards = event.findall("BOARD")
    assert len(boards) == 27
    for board in boards:
        lines = board.findall("TRAVELLER_LINE")
        values = cross_imps([int(line.findtext("SCORE")) for line in lines], "cross2")
        for line, value in zip(lines, values, strict=True):
            assert value == pytest.approx(float(line.findtext("NS_CROSS_IMP_POINTS")), abs=0.005)
            assert -value == pytest.approx(float(line.findtext("EW_CROSS_IMP_POINTS")), abs=0.005)
