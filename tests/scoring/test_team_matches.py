from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    VP_SCALES,
    ArtificialImps,
    MatchImps,
    ScoringError,
    board_a_match_result,
    board_imps,
    bye_vps,
    match_imps,
    match_result,
    patton_result,
    three_way_scale,
    victory_points,
)
from scoring.team_matches import PATTON_AGGREGATE

# --- Facts (ISSUE 10) ------------------------------------------------------------------------


def test_seed003_match_against_team_5_is_plus_6_and_8_2():
    # Seed 003's match card, hands 1-4: our NS score at our table, then their NS score at the
    # other table (our EW pair's result, from NS's side).
    boards = [
        board_imps(110, 110),  # 0
        board_imps(600, -100),  # +12
        board_imps(100, 200),  # -3
        board_imps(-200, -110),  # -3
    ]
    assert boards == [0, 12, -3, -3]
    imps = match_imps(boards)
    assert (imps.home, imps.away, imps.home_margin, imps.away_margin) == (12, 6, 6, -6)
    result = match_result(imps, boards=4, scale="10-4board")
    assert (result.home_vps, result.away_vps) == (8, 2)


@pytest.mark.parametrize(
    ("margin", "boards", "expected"),
    [
        pytest.param(5, 16, (11.48, 8.52), id="issue10-wbf-16boards-5imps"),
        pytest.param(31, 16, (16.88, 3.12), id="issue10-wbf-16boards-31imps"),
        pytest.param(39, 16, (17.97, 2.03), id="issue10-wbf-16boards-39imps"),
        pytest.param(60, 16, (20.0, 0.0), id="issue10-wbf-16boards-60imps"),
        pytest.param(75, 16, (20.0, 0.0), id="issue10-wbf-16boards-more-than-60"),
        pytest.param(1, 20, (10.28, 9.72), id="issue10-wbf-20boards-1imp"),
        pytest.param(2, 20, (10.55, 9.45), id="issue10-wbf-20boards-2imps"),
    ],
)
def test_issue10_wbf_continuous_values(margin, boards, expected):
    result = match_result(MatchImps(margin, 0), boards=boards)
    assert (result.home_vps, result.away_vps) == expected


@pytest.mark.parametrize(
    ("scale", "boards", "margin", "expected"),
    [
        pytest.param("acbl-20", 6, 7, (13, 7), id="issue10-acbl20-6to8-7imps"),
        pytest.param("acbl-20", 8, 28, (20, 0), id="issue10-acbl20-6to8-28imps"),
        pytest.param("acbl-20", 8, 27, (19, 1), id="issue10-acbl20-6to8-27imps"),
        pytest.param("acbl-20", 9, 36, (20, 0), id="issue10-acbl20-9to11-36imps"),
        pytest.param("acbl-20", 11, 35, (19, 1), id="issue10-acbl20-9to11-35imps"),
        pytest.param("acbl-30", 7, 1, (18, 12), id="issue10-acbl30-1imp"),
    ],
)
def test_issue10_acbl_values(scale, boards, margin, expected):
    result = match_result(MatchImps(margin, 0), boards=boards, scale=scale)
    assert (result.home_vps, result.away_vps) == expected


# Seed 001, "Example in a team event", round 3 against team 5: our score, then the opposing
# table's score on the same cards from the same direction; the IMPs and board-a-match points.
SEED001_ROUND_3 = [
    (110, 110, 0, 0.5),
    (620, 170, 10, 1),
    (-110, -100, 0, 0),
    (-630, -600, -1, 0),
    (600, -200, 13, 1),
    (-50, 70, -3, 0),
    (-710, -2210, 17, 1),
    (300, 420, -3, 0),
]


@pytest.mark.parametrize(
    ("ours", "theirs", "expected"),
    [
        pytest.param(ours, theirs, expected, id=f"seed001-team-board{n}")
        for n, (ours, theirs, expected, _) in enumerate(SEED001_ROUND_3, start=1)
    ],
)
def test_seed001_team_example_board_imps(ours, theirs, expected):
    assert board_imps(ours, theirs) == expected


def test_seed001_team_example_wins_33_imps():
    imps = match_imps(board_imps(ours, theirs) for ours, theirs, _, _ in SEED001_ROUND_3)
    assert (imps.home, imps.away, imps.home_margin) == (40, 7, 33)


def test_seed001_team_example_is_3_and_a_half_board_a_match():
    boards = [(ours, theirs) for ours, theirs, _, _ in SEED001_ROUND_3]
    assert board_a_match_result(boards) == (3.5, 4.5)
    assert [bam for *_, bam in SEED001_ROUND_3] == [
        board_a_match_result([board]).home for board in boards
    ]


# --- Boards ----------------------------------------------------------------------------------


def test_board_imps_sign_follows_the_home_team():
    assert board_imps(620, -100) == 12  # 720
    assert board_imps(-100, 620) == -12


def test_board_imps_refuses_a_non_score():
    with pytest.raises(ScoringError, match="whole number"):
        board_imps("620", 0)


def test_unplayed_boards_count_nothing():
    assert match_imps([5, None, -2]) == MatchImps(5, 2)


# --- Law 86A artificial scores, assigned scores, penalties -----------------------------------


def test_average_plus_and_minus_is_3_imps_to_the_side_not_at_fault():
    imps = match_imps([4, ArtificialImps.from_averages("A+", "A-")])
    assert (imps.home_margin, imps.away_margin) == (7, -7)


def test_average_plus_to_both_counts_for_each_alone():
    imps = match_imps([0, ArtificialImps.from_averages("A+", "A+")])
    assert (imps.home_margin, imps.away_margin) == (3, 3)
    result = match_result(imps, boards=8)
    assert result.home_vps == result.away_vps == victory_points(3, 8)[0]
    assert result.home_vps + result.away_vps > 20


def test_an_unknown_average_is_refused():
    with pytest.raises(ScoringError, match="A\\+, A, A-"):
        ArtificialImps.from_averages("A++", "A")


def test_captains_totals_score_like_the_boards():
    assert match_result(MatchImps(23, 9), boards=8) == match_result(
        match_imps([10, 13, -9]), boards=8
    )


def test_assigned_vps_replace_the_match_vps():
    result = match_result(MatchImps(30, 0), boards=8, assigned_vps=(12, 8))
    assert (result.home_vps, result.away_vps) == (12, 8)


def test_vp_penalty_is_kept_apart():
    result = match_result(MatchImps(10, 0), boards=8, home_penalty=1, away_penalty=0.5)
    assert (result.home_vps, result.away_vps) == (13.78, 6.22)
    assert (result.home_score, result.away_score) == (12.78, 5.72)


def test_a_match_without_imps_or_assigned_vps_is_refused():
    with pytest.raises(ScoringError, match="IMPs or an assigned VP score"):
        match_result(None, boards=8)


def test_negative_penalty_is_refused():
    with pytest.raises(ScoringError, match="0 or more"):
        match_result(MatchImps(1, 0), boards=8, home_penalty=-1)


# --- Byes -----------------------------------------------------------------------------------


def test_a_bye_is_12_of_20_by_default():
    assert bye_vps() == 12
    assert bye_vps("30-table") == 18
    assert bye_vps("wbf-10") == 6
    assert bye_vps("wbf", share=Fraction(1, 2)) == 10
    assert bye_vps("10-4board", share=Fraction(3, 4)) == 7.5


def test_a_bye_share_beyond_the_scale_is_refused():
    with pytest.raises(ScoringError, match="between 0 and 1"):
        bye_vps(share=Fraction(3, 2))
    with pytest.raises(ScoringError, match="Unknown victory-point scale"):
        bye_vps("ebu-13")


# --- Three-way matches -----------------------------------------------------------------------


def test_three_way_half_scales_are_10_vp_scales():
    assert three_way_scale("wbf") == "wbf-10"
    assert three_way_scale("wbf-discrete") == "wbf-discrete-10"
    assert three_way_scale("10-4board") == "10-4board"
    with pytest.raises(ScoringError, match="no half scale"):
        three_way_scale("acbl-30")


def test_three_way_half_match_on_the_continuous_half_scale():
    # Half of an 8-board round: 4 boards. The 10-VP curve is the 20-VP curve halved.
    result = match_result(MatchImps(6, 0), boards=4, scale=three_way_scale("wbf"))
    assert (result.home_vps, result.away_vps) == (6.64, 3.36)
    assert victory_points(6, 4)[0] == 13.28


def test_three_way_blitz_is_10_0():
    result = match_result(MatchImps(40, 0), boards=4, scale=three_way_scale("wbf-discrete"))
    assert (result.home_vps, result.away_vps) == (10, 0)


# --- Board-a-match and Patton ----------------------------------------------------------------


def test_board_a_match_one_point_a_board():
    boards = [(620, 620), (420, -50), (-100, 110), None]
    assert board_a_match_result(boards) == (0.5 + 1 + 0, 0.5 + 0 + 1)


def test_board_a_match_two_one_zero():
    assert board_a_match_result([(620, 620), (420, -50)], per_board=2) == (3.0, 1.0)


def test_ebu_patton_example_three_boards_won_aggregate_drawn_is_10_of_16():
    # EBU newsletter (SPEC §4.2): 3 of 4 boards won, the aggregate drawn: 6 + 4 = 10 of 16.
    boards = [(110, 100), (140, 130), (420, 400), (-100, -60)]
    assert sum(h - a for h, a in boards) == 0
    assert patton_result(boards) == (10.0, 6.0)


def test_patton_aggregate_goes_to_the_team_ahead_on_points():
    boards = [(620, -100), (-50, -50)]  # +720 aggregate
    home, away = patton_result(boards)
    assert home == 2 + 1 + PATTON_AGGREGATE.winner(720)
    assert home + away == 2 * 2 + 8


# --- Invariants ------------------------------------------------------------------------------


@st.composite
def scale_and_boards(draw):
    name = draw(st.sampled_from(sorted(VP_SCALES)))
    lengths = VP_SCALES[name].boards
    return name, draw(st.integers(lengths[0], min(lengths[-1], 40)))


@given(scale_and_boards(), st.lists(st.integers(-24, 24), min_size=1, max_size=12))
def test_vps_of_a_match_sum_to_the_scale(scale, boards_imps):
    name, boards = scale
    result = match_result(match_imps(boards_imps), boards=boards, scale=name)
    assert result.home_vps + result.away_vps == VP_SCALES[name].total


@given(scale_and_boards(), st.integers(-80, 80))
def test_vps_never_fall_as_the_margin_grows(scale, margin):
    name, boards = scale
    lower = match_result(MatchImps(max(margin, 0), max(-margin, 0)), boards=boards, scale=name)
    higher = match_result(
        MatchImps(max(margin + 1, 0), max(-margin - 1, 0)), boards=boards, scale=name
    )
    assert higher.home_vps >= lower.home_vps
    assert higher.away_vps <= lower.away_vps


@given(st.lists(st.tuples(st.integers(-2000, 2000), st.integers(-2000, 2000)), max_size=8))
def test_patton_shares_two_points_a_board_and_8_for_the_aggregate(boards):
    home, away = patton_result(boards)
    assert home + away == 2 * len(boards) + 8
