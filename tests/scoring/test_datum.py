import shlex
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import ScoringError, butler_datum, datum_imps
from scoring.datum import DATUM_METHODS, acbl_dropped

REALDATA = Path("/work/shared/realdata")


@pytest.mark.parametrize(
    ("scores", "method", "expected"),
    [
        pytest.param([480, 420, 420, 300, -50], "drop-one", 380, id="drop-one-mean-of-middle-3"),
        pytest.param(
            [620, 620, 620, 170], "drop-one", 620, id="spec-3.1-drop-only-one-of-tied-tops"
        ),
        pytest.param([100, 110, 120, 130], "drop-one", 120, id="drop-one-115-half-away-up"),
        pytest.param([-100, -110, -120, -130], "drop-one", -120, id="drop-one-minus115-half-away"),
        pytest.param([50, -50, -100], "drop-one", -50, id="butler-2-three-results-middle"),
        pytest.param([100, -50], "drop-one", 30, id="drop-one-two-scores-plain-mean-25"),
        pytest.param([420], "drop-one", 420, id="drop-one-single-score"),
        pytest.param([420, 430], "acbl", 420, id="spec-3.1-acbl-425-to-420"),
        pytest.param([430, 440], "acbl", 440, id="spec-3.1-acbl-435-to-440"),
        pytest.param([-420, -430], "acbl", -420, id="spec-3.1-acbl-minus425-to-even"),
        pytest.param([0] * 8 + [5000, -5000], "acbl", 0, id="acbl-10-results-drop-one-each-end"),
        pytest.param([0] * 8 + [5000], "acbl", 560, id="acbl-9-results-drop-none"),
        pytest.param([480, 420, 420, 300, -50], "mean", 310, id="mean-314-to-310"),
        pytest.param([100, 150], "mean", 130, id="mean-125-half-away"),
        pytest.param([480, 420, 420, 300, -50], "median", 420, id="median-odd"),
        pytest.param([620, 170, 140, -100], "median", 160, id="median-even-155-half-away"),
    ],
)
def test_butler_datum(scores, method, expected):
    assert butler_datum(scores, method) == expected


def test_drop_one_is_the_default_method():
    assert butler_datum([480, 420, 420, 300, -50]) == 380


@pytest.mark.parametrize(
    ("results", "dropped"),
    [(1, 0), (2, 0), (9, 0), (10, 1), (29, 1), (30, 2), (49, 2), (50, 3), (100, 5)],
)
def test_acbl_drops_the_nearest_whole_number_of_5_percent(results, dropped):
    assert acbl_dropped(results) == dropped


def test_acbl_trim_can_be_set():
    assert acbl_dropped(10, trim_percent=10) == 1
    assert acbl_dropped(3, trim_percent=40) == 1
    assert butler_datum([0, 0, 0, 900], "acbl", trim_percent=25) == 0


def test_datum_imps_ns_scores_against_the_datum():
    # Datum 380: +480 wins 100 (3 IMPs), +300 loses 80 (2), -50 loses 430 (10).
    assert datum_imps([480, 420, 420, 300, -50]) == [3, 1, 1, -2, -10]


def test_datum_imps_with_another_table():
    assert datum_imps([480, 420, 420, 300, -50], table="1938") == [3, 2, 2, -3, -7]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        pytest.param(lambda: butler_datum([]), "at least one score", id="empty"),
        pytest.param(lambda: butler_datum([1], "trimmed"), "Unknown datum method", id="method"),
        pytest.param(lambda: butler_datum([1], "acbl", trim_percent=50), "0 to 50%", id="trim"),
        pytest.param(lambda: butler_datum([420, "A+"]), "must be a number", id="score"),
    ],
)
def test_bad_input_is_refused(call, message):
    with pytest.raises(ScoringError, match=message):
        call()


def test_every_method_has_a_label():
    assert set(DATUM_METHODS) == {"drop-one", "acbl", "mean", "median"}
    assert all(DATUM_METHODS.values())


board_scores = st.lists(st.integers(-300, 300).map(lambda tens: 10 * tens), min_size=1, max_size=30)


@given(board_scores, st.sampled_from(sorted(DATUM_METHODS)))
def test_negating_every_score_negates_the_datum_imps(scores, method):
    negated = datum_imps([-score for score in scores], method)
    assert negated == [-won for won in datum_imps(scores, method)]


@given(board_scores)
def test_datum_is_a_multiple_of_10_within_the_scores(scores):
    for method in DATUM_METHODS:
        datum = butler_datum(scores, method)
        assert datum % 10 == 0
        assert min(scores) - 10 < datum < max(scores) + 10


# --- Real results from Magic Contest (IMP;Butler-2;Mean) --------------------------------------


def butler_boards(path):
    """Each board's ScoreTable rows with a real result: (NS score, IMP_NS, ButlerDatum)."""
    boards = []
    columns = None
    for line in path.read_text(encoding="iso-8859-1").splitlines():
        if line.startswith("[ScoreTable "):
            columns = [column.split("\\")[0] for column in line.split('"')[1].split(";")]
            boards.append([])
        elif columns and line and not line.startswith(("[", "%")):
            row = dict(zip(columns, shlex.split(line), strict=True))
            if row["Score_NS"] == "Bye":
                continue
            score = int(row["Score_NS"]) if row["Score_NS"] != "-" else -int(row["Score_EW"])
            boards[-1].append((score, float(row["IMP_NS"]), int(row["ButlerDatum"])))
        else:
            columns = None
    return boards


@pytest.mark.skipif(not REALDATA.is_dir(), reason="/work/shared is not here")
def test_realdata_magic_contest_butler_datum_and_imps():
    boards = butler_boards(REALDATA / "butler.pbn")
    assert len(boards) == 28
    for rows in boards:
        scores = [score for score, _, _ in rows]
        assert len(scores) == 3
        assert {datum for _, _, datum in rows} == {butler_datum(scores, "drop-one")}
        assert datum_imps(scores, "drop-one") == [imp_ns for _, imp_ns, _ in rows]
