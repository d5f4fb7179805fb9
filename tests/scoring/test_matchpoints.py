import shlex
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    Adjusted,
    ScoringError,
    Split,
    Weighted,
    adjusted_matchpoints,
    matchpoint_traveller,
    matchpoints,
    neuberg,
)
from scoring.adjusted_scores import FIXED_PERCENT
from scoring.matchpoints import (
    board_matchpoints,
    board_top,
    missing_as_ties,
    results_scored_to,
    round_each,
    round_matchpoints,
)

REALDATA = Path("/work/shared/realdata")

# Seed 001 "Example in a pair event": board 1, eight tables, 1 per score beaten.
SEED001_NS_SCORES = [480, 450, 420, 420, 420, 300, 170, -50]


def test_seed001_pairs_example_one_per_beat():
    assert matchpoints(SEED001_NS_SCORES, per_beat=1) == [7, 6, 4, 4, 4, 2, 1, 0]


def test_seed001_pairs_example_ew_get_the_complement():
    ew = matchpoints([-score for score in SEED001_NS_SCORES], per_beat=1)
    assert ew == [0, 1, 3, 3, 3, 5, 6, 7]
    lines = matchpoint_traveller(SEED001_NS_SCORES, per_beat=1)
    assert [ns + ew for ns, ew in lines] == [7] * 8


def test_seed003_board12_two_per_beat():
    # Traveller order: NS pairs 2, 5, 6, 8, 9, 11 with the scores of the guide's ranking.
    scores = [-120, 50, 200, -150, -500, -90]
    assert matchpoints(scores) == [4, 8, 10, 2, 0, 6]
    assert [ew for _, ew in matchpoint_traveller(scores)] == [6, 2, 0, 8, 10, 4]


def test_seed003_board5_pairs_5_and_11_share_second_and_third():
    scores = [-120, 50, 200, -150, -500, 50]
    assert matchpoints(scores) == [4, 7, 10, 2, 0, 7]


def test_matchpoints_of_an_empty_board_and_a_single_result():
    assert matchpoints([]) == []
    assert matchpoints([420]) == [0.0]


def test_all_equal_scores_share_the_average():
    assert matchpoints([100] * 5) == [4.0] * 5
    assert matchpoints([100] * 5, per_beat=1) == [2.0] * 5


@pytest.mark.parametrize("per_beat", [0, 3, "2"])
def test_other_matchpoint_scales_are_refused(per_beat):
    with pytest.raises(ScoringError, match="2 or 1 per score beaten"):
        matchpoints([1, 2], per_beat=per_beat)


def test_a_score_that_is_not_a_number_is_refused():
    with pytest.raises(ScoringError, match="must be a number"):
        matchpoints([420, "A+"])


# SPEC §2.1, the EBU worked example: E = 10 results expected, a fouled board split into groups
# of 7 and 3, each matchpointed within itself and Neubergd to 10, rounded to 0.1.
@pytest.mark.parametrize(
    ("actual", "group_mps", "expected_rounded", "group_total"),
    [
        pytest.param(
            7,
            [12, 10, 8, 6, 4, 2, 0],
            [17.6, 14.7, 11.9, 9.0, 6.1, 3.3, 0.4],
            63,
            id="spec-2.1-ebu-group-of-7",
        ),
        pytest.param(3, [4, 2, 0], [15.7, 9.0, 2.3], 27, id="spec-2.1-ebu-group-of-3"),
    ],
)
def test_spec_ebu_neuberg_example(actual, group_mps, expected_rounded, group_total):
    factored = [neuberg(mp, actual, 10) for mp in group_mps]
    assert [round_matchpoints(mp, "ebu", top=18) for mp in factored] == expected_rounded
    assert sum(factored) == pytest.approx(group_total, abs=1e-12)


@pytest.mark.parametrize(("actual", "group_size"), [(7, 7), (3, 3)])
def test_spec_both_neuberg_forms_agree_up_to_the_factor_2(actual, group_size):
    for beaten in range(group_size):
        one_per_beat = neuberg(beaten, actual, 10, per_beat=1)
        assert 2 * one_per_beat == neuberg(2 * beaten, actual, 10, per_beat=2)


def test_spec_one_per_beat_form_is_acblscores_formula():
    # M = N·S/n + (N − n)/(2n) with N = 10 scores on the board, n = 4 in the group, S = 3.
    assert neuberg(3, 4, 10, per_beat=1) == 10 * 3 / 4 + (10 - 4) / (2 * 4)


def test_realdata_sm1_neuberg_16_results_factored_to_18():
    assert neuberg(30, 16, 18) == 33.875
    assert round_matchpoints(33.875, "wbf", top=34) == 33.9


def test_realdata_sm1_average_plus_is_60_percent_of_34():
    assert adjusted_matchpoints(FIXED_PERCENT["A+"], 18) == 20.4


def test_average_constants_are_law_12c2_percentages():
    assert (FIXED_PERCENT["A+"], FIXED_PERCENT["A"], FIXED_PERCENT["A-"]) == (60, 50, 40)


def test_adjusted_matchpoints_on_the_one_per_beat_scale():
    assert adjusted_matchpoints(FIXED_PERCENT["A"], 9, per_beat=1) == 4.0
    assert adjusted_matchpoints(FIXED_PERCENT["A-"], 9, per_beat=1) == 3.2


@pytest.mark.parametrize("percent", [-1, 101, "60"])
def test_adjusted_percent_outside_0_to_100_is_refused(percent):
    with pytest.raises(ScoringError, match="percentage from 0 to 100"):
        adjusted_matchpoints(percent, 10)


def test_neuberg_needs_an_actual_result():
    with pytest.raises(ScoringError, match="at least one actual result"):
        neuberg(0, 0, 10)


def test_board_top():
    assert board_top(18) == 34
    assert board_top(8, per_beat=1) == 7


def test_traveller_with_an_adjusted_score_neubergs_the_real_results():
    # Four real results Neubergd to the five expected: (M + 1)·5/4 − 1.
    lines = matchpoint_traveller(
        [100, 200, Adjusted(FIXED_PERCENT["A+"], FIXED_PERCENT["A-"]), 300, 400]
    )
    assert lines == [(0.25, 7.75), (2.75, 5.25), (4.8, 3.2), (5.25, 2.75), (7.75, 0.25)]


def test_traveller_with_an_adjusted_score_one_per_beat():
    # (S + ½)·5/4 − ½ and 60% / 40% of the top of 4.
    lines = matchpoint_traveller([100, 200, Adjusted(60, 40), 300, 400], per_beat=1)
    assert lines == [(0.125, 3.875), (1.375, 2.625), (2.4, 1.6), (2.625, 1.375), (3.875, 0.125)]


def test_traveller_expected_results_above_the_lines_given():
    # A board that should have been played 5 times but was played 4 times.
    lines = matchpoint_traveller([100, 200, 300, 400], expected=5)
    assert lines == [(0.25, 7.75), (2.75, 5.25), (5.25, 2.75), (7.75, 0.25)]


def test_traveller_adjusted_scores_need_not_balance():
    lines = matchpoint_traveller([Adjusted(FIXED_PERCENT["A+"], FIXED_PERCENT["A+"]), 420, 450])
    assert lines[0] == (2.4, 2.4)


def test_traveller_split_score_matchpoints_each_side_in_its_own_direction():
    # NS at the split table are judged on +400 (best NS), EW on +150 (second best for EW).
    lines = matchpoint_traveller([100, 200, 300, Split(400, 150)])
    assert lines == [(0, 6), (2, 2), (4, 0), (6, 4)]
    assert sum(ns for ns, _ in lines) == sum(ew for _, ew in lines) == 12


def test_traveller_split_with_equal_scores_is_an_ordinary_result():
    assert matchpoint_traveller([100, Split(200, 200), 300]) == matchpoint_traveller(
        [100, 200, 300]
    )


def test_traveller_all_adjusted():
    assert matchpoint_traveller([Adjusted(50, 50), Adjusted(40, 60)]) == [(1.0, 1.0), (0.8, 1.2)]


def test_traveller_refuses_an_expected_count_below_one():
    with pytest.raises(ScoringError, match="expected number of results"):
        matchpoint_traveller([100], expected=0)


@pytest.mark.parametrize(
    ("value", "rule", "top", "expected"),
    [
        pytest.param(17.571428, "none", 18, 17.571428, id="none"),
        pytest.param(17.571428, "ebu", 18, 17.6, id="spec-2.1-ebu-nearest-tenth"),
        pytest.param(3.25, "ebu", 18, 3.3, id="spec-2.1-ebu-half-below-average-goes-up"),
        pytest.param(15.25, "ebu", 18, 15.2, id="spec-2.1-ebu-half-above-average-goes-down"),
        pytest.param(9.05, "ebu", 18, 9.0, id="spec-2.1-ebu-half-just-above-average"),
        pytest.param(8.95, "ebu", 18, 9.0, id="spec-2.1-ebu-half-just-below-average"),
        pytest.param(2.625, "acbl", 4, 2.63, id="spec-2.1-acbl-half-hundredth-up"),
        pytest.param(0.125, "acbl", 4, 0.13, id="spec-2.1-acbl-half-hundredth-up-low"),
        pytest.param(1.2345, "acbl", 4, 1.23, id="spec-2.1-acbl-nearest-hundredth"),
        pytest.param(7.75, "wbf", 8, 7.8, id="spec-8-wbf-one-decimal"),
        pytest.param(0.25, "wbf", 8, 0.3, id="spec-8-wbf-one-decimal-low"),
    ],
)
def test_round_matchpoints(value, rule, top, expected):
    assert round_matchpoints(value, rule, top) == expected


def test_round_matchpoints_sees_a_neuberged_half_through_float_noise():
    # A bottom among 20 results Neubergd to 23 is exactly 0.15, computed as 0.1499999999999999.
    bottom = neuberg(0, 20, 23)
    assert bottom != 0.15
    assert round_matchpoints(bottom, "ebu", top=44) == 0.2
    assert round_matchpoints(bottom, "wbf", top=44) == 0.2


def test_unknown_rounding_is_refused():
    with pytest.raises(ScoringError, match="none, ebu, acbl, wbf"):
        round_matchpoints(1.0, "fifa", 10)


# --- Invariants -------------------------------------------------------------------------------

board_scores = st.lists(st.integers(-50, 50).map(lambda tens: 10 * tens), max_size=40)


@given(board_scores, st.sampled_from([1, 2]))
def test_matchpoints_on_a_board_sum_to_top_times_results_over_2(scores, per_beat):
    count = len(scores)
    assert sum(matchpoints(scores, per_beat)) == per_beat * (count - 1) * count / 2


@given(st.integers(0, 100), st.integers(1, 60), st.sampled_from([1, 2]))
def test_neuberg_with_every_result_present_is_the_identity(mp, results, per_beat):
    assert neuberg(mp / 4, results, results, per_beat) == mp / 4


@given(st.integers(1, 40), st.integers(1, 40), st.data())
def test_neuberg_forms_agree_for_any_group(actual, expected, data):
    beaten = data.draw(st.integers(0, actual - 1))
    assert 2 * neuberg(beaten, actual, expected, per_beat=1) == neuberg(
        2 * beaten, actual, expected
    )


def by_comparison(scores, per_beat):
    """Matchpoints the slow way: each score against every other one."""
    return [
        sum(per_beat if s > t else per_beat / 2 if s == t else 0 for t in scores) - per_beat / 2
        for s in scores
    ]


@given(
    st.lists(st.integers(-7600, 7600) | st.integers(-(10**12), 10**12), max_size=30),
    st.sampled_from([1, 2]),
)
def test_matchpoints_are_each_score_compared_with_every_other(scores, per_beat):
    assert matchpoints(scores, per_beat) == by_comparison(scores, per_beat)


@given(st.lists(board_scores, min_size=1, max_size=6), st.sampled_from([1, 2]))
def test_many_boards_at_once_score_each_board_on_its_own(boards, per_beat):
    scores = np.array([score for board in boards for score in board], dtype=np.int64)
    board_of = np.repeat(np.arange(len(boards)), [len(board) for board in boards])
    expected = [mp for board in boards for mp in matchpoints(board, per_beat)]
    assert board_matchpoints(scores, board_of, per_beat).tolist() == expected


def test_fractional_scores_are_ranked_too():
    assert matchpoints([Fraction(1, 3), 0.5, Fraction(1, 3), -2]) == [3.0, 6.0, 3.0, 0.0]


def test_round_each_rounds_as_round_matchpoints():
    values = [17.55, 17.549999999999997, 3.25, 17.55]
    assert round_each(values, "ebu", 34) == [round_matchpoints(v, "ebu", 34) for v in values]


@given(board_scores.filter(bool), st.sampled_from([1, 2]))
def test_traveller_without_adjustments_is_plain_matchpoints(scores, per_beat):
    lines = matchpoint_traveller(scores, per_beat=per_beat)
    assert [ns for ns, _ in lines] == matchpoints(scores, per_beat)
    top = per_beat * (len(scores) - 1)
    assert all(ns + ew == top for ns, ew in lines)


# --- Real results from other programs ---------------------------------------------------------

needs_realdata = pytest.mark.skipif(not REALDATA.is_dir(), reason="/work/shared is not here")

ARTIFICIAL = {
    "A+": FIXED_PERCENT["A+"],
    "A": FIXED_PERCENT["A"],
    "A=": FIXED_PERCENT["A"],
    "A-": FIXED_PERCENT["A-"],
}


def pbn_score_tables(path):
    """Each board's ScoreTable rows, as dicts keyed by column name (only what tests need)."""
    boards = []
    columns = None
    for line in path.read_text(encoding="iso-8859-1").splitlines():
        if line.startswith("[ScoreTable "):
            spec = line.split('"')[1]
            columns = [column.split("\\")[0] for column in spec.split(";")]
            boards.append([])
        elif columns and line and not line.startswith(("[", "%")):
            boards[-1].append(dict(zip(columns, shlex.split(line), strict=True)))
        else:
            columns = None
    return boards


def pbn_entry(row):
    if row["Score_NS"] in ARTIFICIAL:
        return Adjusted(ARTIFICIAL[row["Score_NS"]], ARTIFICIAL[row["Score_EW"]])
    if row["Score_NS"] != "-":
        return int(row["Score_NS"])
    return -int(row["Score_EW"])


@needs_realdata
def test_realdata_sm1_matchpoints_of_every_line():
    boards = pbn_score_tables(REALDATA / "sm1.pbn")
    assert len(boards) == 66
    for rows in boards:
        lines = matchpoint_traveller([pbn_entry(row) for row in rows])
        for row, (ns, ew) in zip(rows, lines, strict=True):
            # Ruter prints one decimal, an exact .05 up (28.25 -> 28.3): the "wbf" rule.
            assert round_matchpoints(ns, "wbf", top=34) == float(row["MP_NS"])
            assert round_matchpoints(ew, "wbf", top=34) == float(row["MP_EW"])


def usebio_entry(line):
    score = line.findtext("SCORE")
    if score.startswith("A"):
        return Adjusted(int(score[1:3]), int(score[3:5]))
    return int(score)


@needs_realdata
def test_realdata_compscore_matchpoints_of_every_line():
    event = ET.parse(REALDATA / "mp_pairs_howell.xml").getroot().find("EVENT")
    boards = event.findall("BOARD")
    assert len(boards) == 27
    for board in boards:
        lines = board.findall("TRAVELLER_LINE")
        results = matchpoint_traveller([usebio_entry(line) for line in lines])
        top = 2 * (len(lines) - 1)
        for line, (ns, ew) in zip(lines, results, strict=True):
            # One decimal; board 26 Neubergs its five real results to six around an A5050.
            assert round_matchpoints(ns, "wbf", top) == float(line.findtext("NS_MATCH_POINTS"))
            assert round_matchpoints(ew, "wbf", top) == float(line.findtext("EW_MATCH_POINTS"))


# A weighted score (Law 12C1(c), SPEC §2.3), worked by hand: four results, one of them "50% of
# +420, 50% of +170". NS on the 2-per-beat scale (top 6): +450 beats everything, 6; +420 beats
# +170 (2), ties the weighted line half the time and beats it the other half (1.5), 3.5; +170
# ties the weighted line half the time, 0.5; the weighted line is +420 half the time (ties
# +420, beats +170: 3) and +170 the other half (ties +170: 1), 2. The NS total stays 12.
WEIGHTED_BOARD = [450, 420, 170, Weighted(((50, 420), (50, 170)))]


def test_weighted_score_matchpoints_each_part_and_counts_it_by_weight():
    assert matchpoint_traveller(WEIGHTED_BOARD) == [(6, 0), (3.5, 2.5), (0.5, 5.5), (2, 4)]


def test_weighted_score_with_plain_scores_only_equals_the_plain_ranking():
    plain = [450, 420, 170, 420, -50]
    weighted = [*plain[:4], Weighted(((30, -50), (70, -50)))]
    assert matchpoint_traveller(weighted) == matchpoint_traveller(plain)


def test_weighted_score_uneven_weights_beside_adjusted_and_neuberg():
    # 40% of +620, 60% of -100 on a board played 5 times; the A+ A- line is artificial.
    lines = [620, -100, 140, Weighted(((40, 620), (60, -100))), Adjusted(60, 40)]
    ns = [mp for mp, _ in matchpoint_traveller(lines, expected=5)]
    # Among the 4 played: 620: 4 + 1.2 (beats -100 part) + 0.4 (ties 620 part) = 5.6 before
    # Neuberg; (M + 1)·5/4 − 1.
    assert ns[0] == pytest.approx((2 + 2 + 0.4 + 1.2 + 1) * 5 / 4 - 1)
    assert ns[4] == pytest.approx(4.8)  # 60% of the top 8
    total = sum(ns[:4])
    assert total == pytest.approx(((12 + 4) * 5 / 4) - 4)  # Neuberg of a constant total


@pytest.mark.parametrize(
    ("components", "message"),
    [
        (
            ((40, 420), (50, 170)),
            "A weighted score is two or more results whose weights add up to 100%, not 90%.",
        ),
        (
            ((100, 420),),
            "A weighted score is two or more results whose weights add up to 100%, not 100%.",
        ),
        (((0, 420), (100, 170)), "A weight is a percentage above 0, not 0."),
    ],
)
def test_weighted_score_refusals(components, message):
    with pytest.raises(ScoringError) as refused:
        matchpoint_traveller([420, Weighted(components)])
    assert str(refused.value) == message


# A board the movement plays 4 times, played 3 times: 420, 420 and 170 for North-South.
# Among the three, each 420 beats 170 and ties the other 420 (2 + 1 = 3); 170 gets 0. Counting
# the missing result as a tie with each played one adds per_beat/2 (1 on the 2-per-beat scale);
# Neuberg scales instead: (3 + 1)·4/3 − 1 = 4⅓ and (0 + 1)·4/3 − 1 = ⅓. Either way the top is
# 2·(4 − 1) = 6, that of a full board.
@pytest.mark.parametrize(
    ("missing", "expected"),
    [
        ("tie", [(4.0, 2.0), (4.0, 2.0), (1.0, 5.0)]),
        ("neuberg", [(13 / 3, 5 / 3), (13 / 3, 5 / 3), (1 / 3, 17 / 3)]),
    ],
    ids=["missing-result-ties-with-each-played", "neuberg"],
)
def test_a_short_board_under_each_rule_for_missing_results(missing, expected):
    points = matchpoint_traveller([420, 420, 170], expected=4, missing=missing)
    assert [value for line in points for value in line] == pytest.approx(
        [value for line in expected for value in line]
    )
    assert board_top(4) == 6


def test_missing_results_as_ties_on_the_one_per_beat_scale():
    # ½ a tie per missing result: 1.5 + 2·½ = 2.5 when a board of 5 was played 3 times.
    assert missing_as_ties(1.5, actual=3, expected=5, per_beat=1) == 2.5


def test_an_unknown_rule_for_missing_results_is_refused():
    with pytest.raises(ScoringError, match="Unknown rule for missing results 'average'"):
        matchpoint_traveller([420, 170], expected=3, missing="average")


def test_a_short_board_on_its_own_top_is_not_factored_and_its_artificial_score_shares_it():
    """Issue 24, "Short boards without Neuberg": a board with an artificial score matchpointed
    on its real results alone, on their top (2 of two results), the artificial line 60/40 of
    that top; Neuberg to three results would give 3.5 and 0.5 of 4."""
    entries = [420, 170, Adjusted(60, 40)]
    assert matchpoint_traveller(entries, expected=3, missing="own") == [
        (2.0, 0.0),
        (0.0, 2.0),
        (1.2, 0.8),
    ]
    assert results_scored_to(entries, 3, "own") == 2
    assert results_scored_to(entries, 3, "neuberg") == 3
