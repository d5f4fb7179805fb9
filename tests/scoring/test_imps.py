import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import ScoringError, imps
from scoring.imps import IMP_TABLES

# Seed 000's "Revised IMP table effective September 1, 1962", the table seeds 003 and 004
# print too (003 prints the 23-IMP band as "2500-3990": a known slip for 3500-3990).
WBF_BANDS = [
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, 7600, 24),
]

# Seed 000's "Original EMP table 1938"; a difference of 0 scores nothing.
EMP_1938_BANDS = [
    (0, 0, 0),
    (10, 30, 1),
    (40, 60, 2),
    (70, 100, 3),
    (110, 180, 4),
    (190, 290, 5),
    (300, 390, 6),
    (400, 490, 7),
    (500, 590, 8),
    (600, 740, 9),
    (750, 1490, 10),
    (1500, 1990, 11),
    (2000, 7600, 12),
]

# Seed 000's "Revised IMP table 1948". It prints 20-40 for 1 IMP and 70-130 for 2, leaving 50
# and 60 out; the lookup by lower bound gives them 1 IMP (tested below).
IMP_1948_BANDS = [
    (0, 10, 0),
    (20, 40, 1),
    (70, 130, 2),
    (140, 210, 3),
    (220, 340, 4),
    (350, 490, 5),
    (500, 740, 6),
    (750, 990, 7),
    (1000, 1240, 8),
    (1250, 1490, 9),
    (1500, 1990, 10),
    (2000, 2490, 11),
    (2500, 2990, 12),
    (3000, 3490, 13),
    (3500, 3990, 14),
    (4000, 7600, 15),
]

# Seed 000's "Revised IMP table 1961".
IMP_1961_BANDS = [
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 690, 12),
    (700, 790, 13),
    (800, 890, 14),
    (900, 1040, 15),
    (1050, 1190, 16),
    (1200, 1340, 17),
    (1350, 1490, 18),
    (1500, 1740, 19),
    (1750, 1990, 20),
    (2000, 2240, 21),
    (2250, 2490, 22),
    (2500, 2990, 23),
    (3000, 3490, 24),
    (3500, 7600, 25),
]


def band_edges(source, table, bands):
    for low, high, won in bands:
        for difference in sorted({low, high}):
            yield pytest.param(table, difference, won, id=f"{source}-{table}-{difference}-{won}")


@pytest.mark.parametrize(
    ("table", "difference", "expected"),
    [
        *band_edges("seed000-003-004", "wbf", WBF_BANDS),
        *band_edges("seed000", "1938", EMP_1938_BANDS),
        *band_edges("seed000", "1948", IMP_1948_BANDS),
        *band_edges("seed000", "1961", IMP_1961_BANDS),
    ],
)
def test_every_band_edge_of_each_imp_table(table, difference, expected):
    assert imps(difference, table) == expected
    assert imps(-difference, table) == -expected


@pytest.mark.parametrize(
    ("difference", "table", "expected"),
    [
        pytest.param(15, "wbf", 0, id="between-0-and-20"),
        pytest.param(45, "wbf", 1, id="between-40-and-50"),
        pytest.param(-45, "wbf", -1, id="between-40-and-50-negative"),
        pytest.param(595, "wbf", 11, id="between-590-and-600"),
        pytest.param(3995, "wbf", 23, id="between-3990-and-4000"),
        pytest.param(50, "1948", 1, id="seed000-1948-gap-50"),
        pytest.param(60, "1948", 1, id="seed000-1948-gap-60"),
        pytest.param(5, "1938", 0, id="seed000-1938-below-10"),
    ],
)
def test_differences_between_printed_bands_take_the_band_below(difference, table, expected):
    assert imps(difference, table) == expected


def test_the_default_table_is_the_wbf_table():
    assert imps(720) == 12


@pytest.mark.parametrize(
    ("score", "other_table", "expected"),
    [
        pytest.param(110, 110, 0, id="seed001-team-board1"),
        pytest.param(620, 170, 10, id="seed001-team-board2"),
        pytest.param(-110, -100, 0, id="seed001-team-board3"),
        pytest.param(-630, -600, -1, id="seed001-team-board4"),
        pytest.param(600, -200, 13, id="seed001-team-board5"),
        pytest.param(-50, 70, -3, id="seed001-team-board6"),
        pytest.param(-710, -2210, 17, id="seed001-team-board7"),
        pytest.param(300, 420, -3, id="seed001-team-board8"),
    ],
)
def test_seed001_team_example_board_by_board(score, other_table, expected):
    assert imps(score - other_table) == expected


def test_seed001_team_example_totals_33_imps():
    boards = [(110, 110), (620, 170), (-110, -100), (-630, -600)]
    boards += [(600, -200), (-50, 70), (-710, -2210), (300, 420)]
    assert sum(imps(ours - theirs) for ours, theirs in boards) == 33


@pytest.mark.parametrize(
    ("ours", "theirs", "expected"),
    [
        pytest.param(420, 170, 6, id="seed001-game-bid-nonvul-6"),
        pytest.param(620, 170, 10, id="seed001-game-bid-vul-10"),
        pytest.param(-50, 140, -5, id="seed001-game-fails-nonvul-5"),
        pytest.param(-100, 140, -6, id="seed001-game-fails-vul-6"),
        pytest.param(100, 50, 2, id="seed001-double-succeeds-nonvul-2"),
        pytest.param(200, 100, 3, id="seed001-double-succeeds-vul-3"),
        pytest.param(-590, -420, -5, id="seed001-double-fails-nonvul-5"),
        pytest.param(-790, -620, -5, id="seed001-double-fails-vul-5"),
        pytest.param(720, 0, 12, id="seed000-cross-imp-720-is-12"),
    ],
)
def test_worked_swings_from_the_sources(ours, theirs, expected):
    assert imps(ours - theirs) == expected


@pytest.mark.parametrize(
    ("swing", "expected"),
    [
        pytest.param(0, 0, id="seed003-card-hand1-flat"),
        pytest.param(600 + 100, 12, id="seed003-card-hand2-700"),
        pytest.param(100 - 200, -3, id="seed003-card-hand3-minus100"),
        pytest.param(-200 + 110, -3, id="seed003-card-hand4-minus90"),
    ],
)
def test_seed003_teams_match_card(swing, expected):
    assert imps(swing) == expected


def test_unknown_table_is_refused_with_the_known_names():
    with pytest.raises(ScoringError, match="wbf, 1938, 1948, 1961"):
        imps(100, "1970")


def test_a_difference_that_is_not_a_number_is_refused():
    with pytest.raises(ScoringError, match="must be a number"):
        imps("100")


def test_every_table_has_a_label_and_starts_at_zero():
    for table in IMP_TABLES.values():
        assert table.label
        assert table.lower_bounds[0] == 0
        assert list(table.lower_bounds) == sorted(set(table.lower_bounds))


@given(st.sampled_from(sorted(IMP_TABLES)), st.integers(-20_000, 20_000))
def test_imps_are_antisymmetric(table, difference):
    assert imps(-difference, table) == -imps(difference, table)


@given(st.sampled_from(sorted(IMP_TABLES)), st.integers(-20_000, 20_000), st.integers(0, 5_000))
def test_imps_never_fall_as_the_difference_grows(table, difference, step):
    assert imps(difference + step, table) >= imps(difference, table)
