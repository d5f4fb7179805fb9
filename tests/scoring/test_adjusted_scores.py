import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import ScoringError, adjusted_percent


@pytest.mark.parametrize(
    ("code", "rule", "session", "percent"),
    [
        pytest.param("A+", "fixed", 72.5, 60, id="spec-2.2-fixed-ave-plus"),
        pytest.param("A-", "fixed", 20.0, 40, id="spec-2.2-fixed-ave-minus"),
        pytest.param("A+", "session", 64.2, 64.2, id="spec-2.2-law12c2c-better-session"),
        pytest.param("A+", "session", 55.0, 60, id="spec-2.2-law12c2c-sixty-floor"),
        pytest.param("A-", "session", 35.0, 35.0, id="spec-2.2-law12c2c-worse-session"),
        pytest.param("A-", "session", 47.0, 40, id="spec-2.2-law12c2c-forty-ceiling"),
        pytest.param("A", "session", 70.0, 50, id="average-is-always-fifty"),
        pytest.param("A+", "session", None, 60, id="no-other-board-yet"),
    ],
)
def test_adjusted_percent(code, rule, session, percent):
    assert adjusted_percent(code, rule=rule, session_percent=session) == percent


@given(st.floats(min_value=0, max_value=100))
def test_ave_plus_never_below_sixty_nor_ave_minus_above_forty(session):
    assert adjusted_percent("A+", rule="session", session_percent=session) >= 60
    assert adjusted_percent("A-", rule="session", session_percent=session) <= 40


def test_refusals():
    with pytest.raises(ScoringError, match="not 'B'"):
        adjusted_percent("B")
    with pytest.raises(ScoringError, match="adjusted scores follow fixed or session"):
        adjusted_percent("A+", rule="sometimes")
