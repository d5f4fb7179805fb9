"""Each explanation arrives at the number the engine scores the board with."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import Adjusted, Split, cross_imps, datum_imps, matchpoint_traveller
from scoring.datum import DATUM_METHODS
from scoring.errors import ScoringError
from scoring.explanations import (
    explain_adjusted_matchpoints,
    explain_cross_imps,
    explain_datum_imps,
    explain_matchpoints,
)
from scoring.matchpoints import ROUNDING_RULES, round_matchpoints

SCORES = st.lists(st.integers(min_value=-250, max_value=250).map(lambda s: 10 * s), min_size=1)


def test_who_beat_whom_on_a_board_of_five():
    steps = explain_matchpoints([420, 420, 450, -50, 170], 0, "NS", expected=5)
    assert [(r.score, r.outcome) for r in steps.ranks] == [
        (450, "lost to"),
        (420, "this score"),
        (420, "tied"),
        (170, "beaten"),
        (-50, "beaten"),
    ]
    assert (steps.beaten, steps.tied, steps.lost_to) == (2, 1, 1)
    assert steps.within == 5.0 and not steps.neuberg_applies and steps.final == 5.0


def test_east_west_read_the_scores_from_their_side():
    steps = explain_matchpoints([420, Split(450, 170), -50], 1, "EW", expected=3, per_beat=1)
    assert [r.score for r in steps.ranks] == [50, -170, -420]
    assert (steps.beaten, steps.tied, steps.lost_to) == (1, 0, 1)
    assert steps.final == 1.0 == matchpoint_traveller([420, Split(450, 170), -50], per_beat=1)[1][1]


def test_neuberg_and_ebu_rounding_when_results_are_missing():
    # SPEC §2.1: (M + 1)·E/A − 1 with M = 6, E = 7, A = 4 is 11.25; the EBU rounds an exact
    # half towards the average (6 of a top of 12): 11.2. An artificial score is not compared.
    entries = [420, 420, 450, -50, Adjusted(60, 40)]
    steps = explain_matchpoints(entries, 2, "NS", expected=7, rounding="ebu")
    assert (steps.within, steps.actual, steps.expected, steps.half) == (6, 4, 7, 1.0)
    assert steps.neuberg_applies and steps.neuberged == 11.25
    assert steps.final == 11.2 and steps.rounded
    unrounded = matchpoint_traveller(entries, expected=7)[2][0]
    assert steps.final == round_matchpoints(unrounded, "ebu", 12)


def test_an_artificial_score_is_explained_as_a_percentage_of_the_top():
    steps = explain_adjusted_matchpoints(
        "A+", rule="session", session_percent=63.27, expected=6, rounding="ebu"
    )
    assert (steps.percent, steps.top, steps.final) == (63.27, 10, 6.3)
    fixed = explain_adjusted_matchpoints("A-", rule="fixed", session_percent=20, expected=6)
    assert (fixed.percent, fixed.session_percent, fixed.final) == (40, None, 4.0)
    assigned = explain_adjusted_matchpoints("A+", assigned_percent=70, expected=6)
    assert assigned.final == 7.0
    with pytest.raises(ScoringError):
        explain_matchpoints([Adjusted(60, 40), 420], 0, "NS", expected=2)


def test_the_datum_drops_one_at_each_end_and_the_imp_row_is_named():
    scores = [420, 450, 420, -50, 170, 620]
    steps = explain_datum_imps(scores, 0, "NS", method="drop-one")
    assert (steps.datum.dropped_low, steps.datum.dropped_high) == ([-50], [620])
    assert steps.datum.kept == [170, 420, 420, 450]
    assert (steps.datum.mean, steps.datum.datum) == (Fraction(365), 370)
    assert (steps.difference, steps.band.lowest, steps.band.highest, steps.final) == (50, 50, 80, 2)
    assert explain_datum_imps(scores, 0, "EW", method="drop-one").final == -2


def test_cross_imps_list_every_comparison():
    steps = explain_cross_imps([420, 450, -50], 0, "NS", mode="cross2")
    assert [(c.other, c.difference, c.imps) for c in steps.comparisons] == [
        (450, -30, -1),
        (-50, 470, 10),
    ]
    assert (steps.total, steps.divisor, steps.final) == (9, 2, 4.5)


@given(
    scores=SCORES,
    extra=st.integers(min_value=0, max_value=3),
    per_beat=st.sampled_from([1, 2]),
    rounding=st.sampled_from(list(ROUNDING_RULES)),
)
def test_matchpoint_explanations_agree_with_the_traveller(scores, extra, per_beat, rounding):
    expected = len(scores) + extra
    top = per_beat * (expected - 1)
    scored = matchpoint_traveller(scores, expected=expected, per_beat=per_beat)
    for index, (ns, ew) in enumerate(scored):
        for side, points in (("NS", ns), ("EW", ew)):
            steps = explain_matchpoints(
                scores, index, side, expected=expected, per_beat=per_beat, rounding=rounding
            )
            assert steps.beaten * per_beat + steps.tied * steps.half == steps.within
            assert steps.final == round_matchpoints(points, rounding, top)


@given(scores=SCORES, method=st.sampled_from(list(DATUM_METHODS)))
def test_datum_explanations_agree_with_datum_imps(scores, method):
    ns_imps = datum_imps(scores, method)
    for index, won in enumerate(ns_imps):
        steps = explain_datum_imps(scores, index, "NS", method=method)
        assert steps.final == won == steps.band.imps * (1 if steps.difference >= 0 else -1)
        assert sorted(
            steps.datum.dropped_low + steps.datum.kept + steps.datum.dropped_high
        ) == sorted(scores)


@given(scores=SCORES, mode=st.sampled_from(["cross", "cross1", "cross2"]))
def test_cross_imp_explanations_agree_with_cross_imps(scores, mode):
    for index, won in enumerate(cross_imps(scores, mode)):
        assert explain_cross_imps(scores, index, "NS", mode=mode).final == won
        assert explain_cross_imps(scores, index, "EW", mode=mode).final == -won


def test_a_short_board_explained_under_the_tie_rule_gives_the_travellers_figure():
    # 420, 420, 170 on a board of 4: the 420 beats one and ties one (3), plus 1 for the tie
    # with the missing result: 4, as matchpoint_traveller gives it.
    steps = explain_matchpoints([420, 420, 170], 0, "NS", expected=4, missing="tie")
    assert (steps.within, steps.neuberged, steps.final, steps.missing) == (3, 4, 4, "tie")
    assert steps.final == matchpoint_traveller([420, 420, 170], expected=4, missing="tie")[0][0]
