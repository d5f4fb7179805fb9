from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import ScoringError
from scoring.howell_schedules import HOWELL_SCHEDULES
from scoring.movements import (
    Movement,
    Position,
    Sitting,
    TableRound,
    howell,
    mitchell,
    propose_movements,
    propose_sections,
    section_tables,
)
from scoring.movements.barometer import barometer_howell, barometer_mitchell
from scoring.movements.proposals import SECTION_TABLES_MAX


def rows(movement, round):
    """(ns, ew, set) at each table in a round, table 1 first."""
    sittings = sorted((s for s in movement.sittings if s.round == round), key=lambda s: s.table)
    return [(s.ns_pair, s.ew_pair, s.board_set) for s in sittings]


def played(movement):
    return [s for s in movement.sittings if s.board_set is not None]


def assert_sound(movement):
    """Invariants every movement keeps, whatever its family or options."""
    for round in range(1, movement.rounds + 1):
        seated = [p for s in movement.sittings if s.round == round for p in s.pairs]
        assert sorted(seated) == list(movement.pairs)  # every pair once, none twice
    per_pair = Counter((p, s.board_set) for s in played(movement) for p in s.pairs)
    assert max(per_pair.values()) == 1  # no pair plays a board twice
    per_set = Counter(s.board_set for s in played(movement))
    for board in range(1, movement.board_count + 1):
        assert movement.plays_of_board(board) == per_set[movement.set_of_board(board)]
    for s in played(movement):
        for board in movement.boards_of_set(s.board_set):
            assert movement.meeting(board, s.ns_pair, s.ew_pair) == s
            assert movement.meeting(board, s.ew_pair, s.ns_pair) is None
    for s in movement.sittings:
        if s.board_set is None:
            assert len(s.pairs) == 1 and s.sit_out in movement.sit_outs(s.round)


def meetings(movement):
    return Counter(frozenset(s.pairs) for s in played(movement))


def sets_of(movement, pair):
    return sorted(s.board_set for s in played(movement) if pair in s.pairs)


# Mitchell


def test_three_table_mitchell_round_by_round():
    movement = mitchell(3, 2)
    assert (movement.name, movement.kind, movement.rounds, movement.board_count) == (
        "3-table Mitchell",
        "mitchell",
        3,
        6,
    )
    assert (movement.ns_pairs, movement.ew_pairs, movement.pairs) == (
        (1, 2, 3),
        (4, 5, 6),
        (1, 2, 3, 4, 5, 6),
    )
    assert rows(movement, 1) == [(1, 4, 1), (2, 5, 2), (3, 6, 3)]
    assert rows(movement, 2) == [(1, 6, 2), (2, 4, 3), (3, 5, 1)]
    assert rows(movement, 3) == [(1, 5, 3), (2, 6, 1), (3, 4, 2)]
    assert movement.boards_at(2, 3) == (1, 2)


def test_eight_table_skip_mitchell_round_five_after_the_skip():
    movement = mitchell(8, 3, variant="skip")
    assert (movement.name, movement.rounds, movement.board_count) == (
        "8-table Mitchell, skip",
        7,
        24,
    )
    # Round 4 had pair 12 at table 7; it skips table 8 and arrives at table 1.
    assert rows(movement, 4)[6] == (7, 12, 2)
    assert rows(movement, 5) == [
        (1, 12, 5), (2, 13, 6), (3, 14, 7), (4, 15, 8),
        (5, 16, 1), (6, 9, 2), (7, 10, 3), (8, 11, 4),
    ]  # fmt: skip
    assert all(movement.plays_of_board(board) == 7 for board in range(1, 25))
    assert max(meetings(movement).values()) == 1


def test_skip_mitchell_revenge_round_plays_every_set():
    movement = mitchell(8, 2, variant="skip", rounds=8)
    assert_sound(movement)
    for pair in movement.ew_pairs:
        assert sets_of(movement, pair) == list(range(1, 9))
        first, last = movement.sitting_of(pair, 1), movement.sitting_of(pair, 8)
        assert first.ns_pair == last.ns_pair  # the revenge round


@pytest.mark.parametrize("tables", [4, 6, 8, 10, 16])
def test_share_and_relay_mitchell(tables):
    movement = mitchell(tables, 2, variant="relay")
    half = tables // 2
    assert movement.rounds == tables and movement.board_count == 2 * tables
    assert_sound(movement)
    assert all(count == 1 for count in meetings(movement).values())
    assert len(meetings(movement)) == tables * tables
    for pair in movement.ew_pairs:
        assert sets_of(movement, pair) == list(range(1, tables + 1))
    for round, relay_set in enumerate(movement.relay_sets, start=1):
        sets = [board_set for _, _, board_set in rows(movement, round)]
        assert sets[0] == sets[-1]  # tables 1 and T share
        assert relay_set not in sets
        assert relay_set == (half + round - 1) % tables + 1
    assert all(movement.plays_of_board(board) == tables for board in range(1, 2 * tables + 1))


def test_eight_table_relay_round_one_and_its_table_card():
    movement = mitchell(8, 3, variant="relay")
    assert movement.name == "8-table Mitchell, share and relay"
    assert [board_set for _, _, board_set in rows(movement, 1)] == [1, 2, 3, 4, 6, 7, 8, 1]
    assert movement.relay_sets == (5, 6, 7, 8, 1, 2, 3, 4)
    cards = movement.table_cards()
    assert cards[1][0].shared_with == (8,) and cards[8][0].shared_with == (1,)
    assert cards[4][0].shared_with == ()


@pytest.mark.parametrize("tables", [3, 5, 7, 9, 13, 25])
def test_full_odd_mitchell_everyone_meets_and_plays_every_set(tables):
    movement = mitchell(tables, 3)
    assert_sound(movement)
    expected = {frozenset((ns, ew)) for ns in movement.ns_pairs for ew in movement.ew_pairs}
    assert meetings(movement) == Counter(expected)
    for pair in movement.pairs:
        assert sets_of(movement, pair) == list(range(1, tables + 1))


def test_even_mitchell_without_variant_explains_the_choice():
    with pytest.raises(
        ScoringError, match=r"skip .*after round 4; 7 rounds.*relay stand between tables 4 and 5"
    ):
        mitchell(8, 3)
    assert mitchell(8, 3, rounds=4).rounds == 4  # no board comes back before round 5


def test_half_table_mitchell_sits_out_one_ns_pair_each_round():
    movement = mitchell(7, 3, sit_out=True)
    assert movement.name == "6½-table Mitchell (sit-out)"
    assert (movement.phantom, movement.ew_pairs, movement.pairs[-1]) == (
        14,
        tuple(range(8, 14)),
        13,
    )
    assert [movement.sit_outs(r) for r in range(1, 8)] == [(7,), (1,), (2,), (3,), (4,), (5,), (6,)]
    assert movement.sitting_of(7, 1) == Sitting(1, 7, 7, None, None)
    assert movement.boards_at(1, 7) == ()
    assert [movement.boards_played(pair) for pair in (1, 8)] == [18, 21]
    assert all(movement.plays_of_board(board) == 6 for board in range(1, 22))
    assert str(movement.pair_guide(7)[0]) == "round 1: table 7 NS, sit out; then go to table 7 NS"


def test_arrow_switch_swaps_directions_in_those_rounds_only():
    plain = mitchell(7, 2)
    switched = mitchell(7, 2, arrow_switch_rounds=[7, 6])
    assert switched.arrow_switch_rounds == (6, 7)
    for before, after in zip(plain.sittings, switched.sittings, strict=True):
        if before.round in (6, 7):
            assert (after.ns_pair, after.ew_pair) == (before.ew_pair, before.ns_pair)
            assert after.ns_pair in plain.ew_pairs
        else:
            assert after == before
    assert switched.sitting_of(8, 7).direction_of(8) == "NS"


# Howell

SPEC_4_TABLE_HOWELL = """
| 1 | 8v7 s1 | 1v6 s3 | 2v5 s5 | 3v4 s2 |
| 2 | 8v1 s2 | 2v7 s4 | 3v6 s6 | 4v5 s3 |
| 3 | 8v2 s3 | 3v1 s5 | 4v7 s7 | 5v6 s4 |
| 4 | 8v3 s4 | 4v2 s6 | 5v1 s1 | 6v7 s5 |
| 5 | 8v4 s5 | 5v3 s7 | 6v2 s2 | 7v1 s6 |
| 6 | 8v5 s6 | 6v4 s1 | 7v3 s3 | 1v2 s7 |
| 7 | 8v6 s7 | 7v5 s2 | 1v4 s4 | 2v3 s1 |
"""


def test_four_table_howell_reproduces_spec_5_3_example():
    movement = howell(4, 3)
    for line in SPEC_4_TABLE_HOWELL.strip().splitlines():
        round, *cells = [cell.strip() for cell in line.strip("|").split("|")]
        expected = []
        for cell in cells:
            pairs, board_set = cell.split(" s")
            ns, ew = pairs.split("v")
            expected.append((int(ns), int(ew), int(board_set)))
        assert rows(movement, int(round)) == expected
    assert (movement.name, movement.rounds, movement.board_count) == ("4-table Howell", 7, 21)
    assert movement.ns_pairs is None and movement.ew_pairs is None


# The board-set offsets f printed in each heading of howell_tables.txt.
CIRCLE_OFFSETS = {
    3: [0, 0, 0],
    4: [0, 2, 4, 1],
    5: [0, 2, 6, 8, 2],
    6: [0, 3, 5, 9, 1, 4],
    7: [0, 3, 5, 9, 1, 6, 2],
    8: [0, 2, 7, 11, 6, 1, 13, 5],
    9: [0, 2, 6, 8, 3, 7, 4, 16, 5],
}


@pytest.mark.parametrize("tables", sorted(CIRCLE_OFFSETS), ids=lambda t: f"howell_tables.txt-{t}")
def test_howell_schedule_is_the_circle_method(tables):
    # Pair 2T stays NS at table 1; at table k+1 pair r+k-1 meets r-k-1 (mod 2T-1; 0 reads 2T-1).
    n, offsets = 2 * tables - 1, CIRCLE_OFFSETS[tables]
    for round, row in enumerate(HOWELL_SCHEDULES[tables], start=1):
        for k, seat in enumerate(row):
            ns = 2 * tables if k == 0 else (round + k - 2) % n + 1
            assert seat == (ns, (round - k - 2) % n + 1, (round - 1 + offsets[k]) % n + 1)


@pytest.mark.parametrize("tables", range(3, 10))
def test_full_howell_everyone_meets_everyone_and_plays_every_set(tables):
    movement = howell(tables, 2)
    assert movement.rounds == movement.sets == 2 * tables - 1
    assert_sound(movement)
    everyone = {frozenset((a, b)) for a in movement.pairs for b in movement.pairs if a < b}
    assert meetings(movement) == Counter(everyone)
    for pair in movement.pairs:
        assert sets_of(movement, pair) == list(range(1, 2 * tables))
    assert all(
        movement.plays_of_board(board) == tables for board in range(1, movement.board_count + 1)
    )


@pytest.mark.parametrize(
    ("tables", "shared"),
    [(3, (1, 2, 3)), (4, ()), (5, (2, 5)), (6, ()), (7, ()), (8, ()), (9, ())],
)
def test_only_three_and_five_table_howells_share_boards(tables, shared):
    cards = howell(tables, 2).table_cards()
    for table, lines in cards.items():
        expected = tuple(t for t in shared if t != table) if table in shared else ()
        assert {line.shared_with for line in lines} == {expected}


def test_half_table_howell_sits_out_the_phantoms_opponent():
    movement = howell(7, 2, sit_out=True)
    assert (movement.name, movement.phantom, movement.pairs) == (
        "6½-table Howell (sit-out)",
        14,
        tuple(range(1, 14)),
    )
    assert [movement.sit_outs(r) for r in range(1, 14)] == [(13,)] + [(p,) for p in range(1, 13)]
    assert movement.sitting_of(13, 1) == Sitting(1, 1, None, 13, None)
    assert all(movement.boards_played(pair) == 24 for pair in movement.pairs)
    assert all(movement.plays_of_board(board) == 6 for board in range(1, 27))
    assert_sound(movement)


@pytest.mark.parametrize(
    ("movement", "plays", "counted"),
    [
        (howell(6, 1, sit_out=True), [5] * 11, [6] * 11),
        (mitchell(7, 2, sit_out=True), [6] * 7, [7] * 7),
        (barometer_howell(4, 2, sit_out=True), [3] * 7, [4] * 7),
        (barometer_mitchell(4, 2, sit_out=True), [3] * 4, [4] * 4),
        # Five rounds of eleven: the phantom would have played some sets only.
        (
            howell(6, 1, rounds=5, sit_out=True),
            [1, 2, 2, 2, 3, 4, 3, 3, 2, 2, 1],
            [2, 3, 3, 3, 4, 4, 3, 3, 2, 2, 1],
        ),
        (howell(6, 1), [6] * 11, [6] * 11),  # no phantom: one count
    ],
    ids=["howell", "mitchell", "barometer-howell", "barometer-mitchell", "partial", "full"],
)
def test_a_boards_plays_with_the_phantoms_table_counted(movement, plays, counted):
    """Where a pair sits out, the phantom's table would have played the boards of the set
    its opponent meets it on: a board factored to the movement's tables counts that play."""
    per_set = range(1, movement.board_count + 1, movement.boards_per_round)
    assert [movement.plays_of_board(board) for board in per_set] == plays
    assert [movement.plays_of_board(board, phantom_counted=True) for board in per_set] == counted


def test_shortened_howell_plays_the_first_rounds():
    movement = howell(5, 3, rounds=6)
    assert movement.rounds == 6
    assert rows(movement, 6) == [(10, 5, 6), (6, 4, 8), (7, 3, 3), (8, 2, 5), (9, 1, 8)]
    assert_sound(movement)


# Cards


def test_pair_guide_of_a_howell_pair():
    assert [str(line) for line in howell(4, 3).pair_guide(6)] == [
        "round 1: table 2 EW v pair 1, boards 7-9; then go to table 3 EW",
        "round 2: table 3 EW v pair 3, boards 16-18; then go to table 4 EW",
        "round 3: table 4 EW v pair 5, boards 10-12; then go to table 4 NS",
        "round 4: table 4 NS v pair 7, boards 13-15; then go to table 3 NS",
        "round 5: table 3 NS v pair 2, boards 4-6; then go to table 2 NS",
        "round 6: table 2 NS v pair 4, boards 1-3; then go to table 1 EW",
        "round 7: table 1 EW v pair 8, boards 19-21; last round",
    ]


def test_table_card_of_round_one():
    movement = mitchell(7, 3)
    assert movement.table_cards()[3][0] == TableRound(
        table=3,
        round=1,
        ns_pair=3,
        ew_pair=10,
        boards=(7, 8, 9),
        ns_next=Position(3, "NS"),
        ew_next=Position(4, "EW"),
        shared_with=(),
        boards_next=(2,),
        boards_wait=False,
    )
    assert movement.next_position(10, 7) is None
    assert len(movement.table_cards()) == 7
    assert all(len(lines) == 7 for lines in movement.table_cards().values())


def test_three_table_mitchell_boards_go_down_a_table_until_the_last_round():
    # Worked by hand: boards move down one table (1 -> 3 -> 2 -> 1), so after round 1 table 1's
    # boards 1-2 go to table 3; after the last round every board is finished.
    cards = mitchell(3, 2).table_cards()
    assert {
        t: [(line.boards, line.boards_next, line.boards_wait) for line in lines]
        for t, lines in cards.items()
    } == {
        1: [((1, 2), (3,), False), ((3, 4), (3,), False), ((5, 6), (), False)],
        2: [((3, 4), (1,), False), ((5, 6), (1,), False), ((1, 2), (), False)],
        3: [((5, 6), (2,), False), ((1, 2), (2,), False), ((3, 4), (), False)],
    }


@pytest.mark.parametrize(
    ("movement", "table", "played", "next_tables", "wait"),
    [
        pytest.param(mitchell(8, 2, variant="relay"), 2, True, (1, 8), False, id="shared-pair"),
        pytest.param(mitchell(8, 2, variant="relay"), 5, True, (), True, id="to-the-relay"),
        pytest.param(howell(3, 2), 1, True, (), False, id="howell-plays-a-set-in-one-round"),
        pytest.param(howell(4, 2, sit_out=True), 1, False, (), False, id="sit-out-table"),
    ],
)
def test_where_the_boards_go_after_round_one(movement, table, played, next_tables, wait):
    line = movement.table_cards()[table][0]
    assert (bool(line.boards), line.boards_next, line.boards_wait) == (played, next_tables, wait)


# Proposals


def test_propose_movements_seven_tables_first_choice():
    first, second, *_ = propose_movements(7)
    assert (first.name, first.rounds, first.boards_per_round, first.board_count) == (
        "7-table Mitchell",
        7,
        3,
        21,
    )
    assert second.arrow_switch_rounds == (7,)


@pytest.mark.parametrize(
    ("tables", "name", "rounds", "boards_per_round"),
    [
        (2.5, "2½-table Howell (sit-out)", 5, 4),
        (3, "3-table Howell", 5, 4),
        (4, "4-table Howell", 7, 3),
        (5, "5-table Howell", 9, 3),
        (6, "6-table Howell", 11, 2),
        (6.5, "6½-table Howell (sit-out)", 13, 2),
        (8, "8-table Mitchell, skip", 7, 3),
        (11, "11-table Mitchell", 11, 2),
        (20, "20-table Mitchell, skip", 15, 2),
    ],
)
def test_propose_movements_first_choice(tables, name, rounds, boards_per_round):
    first = propose_movements(tables)[0]
    assert (first.name, first.rounds, first.boards_per_round) == (name, rounds, boards_per_round)


def test_proposals_fit_the_range_and_say_what_they_are():
    proposals = propose_movements(8)
    assert [(m.name, m.rounds, m.boards_per_round) for m in proposals] == [
        ("8-table Mitchell, skip", 7, 3),
        ("8-table Mitchell, skip, arrow switch", 7, 3),
        ("8-table Mitchell, share and relay", 8, 3),
        ("8-table Mitchell, skip", 7, 4),
        ("8-table Howell", 15, 2),
        ("8-table Mitchell, share and relay", 7, 4),
    ]
    assert propose_movements(30) == []  # no single section fits: 60 boards in play


# Errors


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: mitchell(7, 3, variant="skip"), "odd number"),
        (lambda: mitchell(7, 3, variant="web"), "'skip' or 'relay'"),
        (lambda: mitchell(7, 3, rounds=8), "rounds must be from 1 to 7"),
        (lambda: mitchell(7, 3, arrow_switch_rounds=[8]), "arrow-switch round"),
        (lambda: mitchell(2, 3), "at least 3"),
        (lambda: mitchell(7, 0), "Boards per round"),
        (lambda: mitchell(7.0, 3), "whole number"),
        (lambda: howell(10, 2), "3 to 9 tables"),
        (lambda: howell(4, 2, rounds=8), "from 1 to 7"),
        (lambda: propose_movements(2), "2½ tables"),
        (lambda: propose_movements(6.3), "half tables"),
        (lambda: propose_movements("7"), "half tables"),
        (lambda: mitchell(7, 3).sitting_of(15, 1), "pairs 1-14"),
        (lambda: mitchell(7, 3).plays_of_board(22), "from 1 to 21"),
        (lambda: mitchell(7, 3).boards_of_set(8), "from 1 to 7"),
        (
            lambda: Movement("x", "howell", 1, 1, (Sitting(1, 1, 1, 2, 1), Sitting(1, 2, 1, 3, 2))),
            "twice in round 1",
        ),
        (
            lambda: Movement("x", "howell", 2, 1, (Sitting(1, 1, 1, 2, 1), Sitting(2, 1, 1, 3, 1))),
            "set 1 twice",
        ),
    ],
)
def test_errors_tell_the_director_what_is_wrong(make, message):
    with pytest.raises(ScoringError, match=message):
        make()


# Properties over table counts 3..30


@st.composite
def mitchell_options(draw):
    """Arguments for mitchell(); drawn rather than the movement itself, to keep reports short."""
    tables = draw(st.integers(3, 30))
    variant = None if tables % 2 else draw(st.sampled_from(["skip", "relay"]))
    rounds = draw(st.none() | st.integers(1, tables))
    actual = rounds or (tables - 1 if variant == "skip" else tables)
    arrows = draw(st.sets(st.integers(1, actual), max_size=3))
    return {
        "tables": tables,
        "boards_per_round": draw(st.integers(1, 4)),
        "rounds": rounds,
        "variant": variant,
        "arrow_switch_rounds": arrows,
        "sit_out": draw(st.booleans()),
    }


@given(mitchell_options())
def test_every_mitchell_is_sound(options):
    movement = mitchell(**options)
    assert_sound(movement)
    home_ns = set(movement.ns_pairs)
    for s in movement.sittings:
        switched = s.round in movement.arrow_switch_rounds
        ns_home = s.ew_pair if switched else s.ns_pair
        assert ns_home in home_ns and ns_home == s.table  # NS pairs never leave their table
    for round in range(1, movement.rounds + 1):
        expected = 1 if movement.phantom else 0
        assert len(movement.sit_outs(round)) == expected
        assert set(movement.sit_outs(round)) <= home_ns
    for pair in movement.pairs:
        guide = movement.pair_guide(pair)
        assert [line.round for line in guide] == list(range(1, movement.rounds + 1))


@given(st.integers(3, 30), st.integers(1, 4))
def test_full_mitchell_ew_pairs_play_every_set_once(tables, boards_per_round):
    variant = None if tables % 2 else "relay"
    movement = mitchell(tables, boards_per_round, variant=variant)
    for pair in movement.ew_pairs:
        assert sets_of(movement, pair) == list(range(1, tables + 1))
    assert len(meetings(movement)) == tables * tables


@given(st.integers(3, 9), st.integers(1, 4), st.booleans(), st.data())
def test_every_howell_is_sound(tables, boards_per_round, sit_out, data):
    rounds = data.draw(st.none() | st.integers(1, 2 * tables - 1))
    movement = howell(tables, boards_per_round, rounds=rounds, sit_out=sit_out)
    assert_sound(movement)
    assert max(meetings(movement).values()) == 1


@pytest.mark.parametrize(
    ("tables", "sections"), [(7, 1), (13, 1), (14, 2), (20, 2), (26.5, 3), (40, 4)]
)
def test_a_room_too_big_for_one_movement_is_split_into_sections(tables, sections):
    assert propose_sections(tables) == sections


def test_sections_are_equal_whole_or_half_tables():
    assert section_tables(14, 2) == 7
    assert section_tables(15, 2) == 7.5  # a sit-out in each section
    assert section_tables(29, 3) is None
    assert section_tables(6, 3) is None  # sections of 2 tables are no movement


@given(st.integers(min_value=5, max_value=400).map(lambda halves: halves / 2))
def test_proposed_sections_are_each_at_most_the_largest_section(tables):
    sections = propose_sections(tables)
    assert tables / sections <= SECTION_TABLES_MAX
    assert sections == 1 or tables / (sections - 1) > SECTION_TABLES_MAX


@pytest.mark.parametrize(
    ("tables", "boards_per_round", "first"),
    [
        (7, 3, ("7-table Mitchell", 7, 3)),
        (7, 4, ("7-table Mitchell", 7, 4)),
        (8, 4, ("8-table Mitchell, skip", 7, 4)),
        # 7 rounds of 2 boards (14) are fewer than 18, but a club that plays 2 plays them.
        (7, 2, ("7-table Mitchell", 7, 2)),
        (4, 2, ("4-table Howell", 7, 2)),
        (6.5, 2, ("6½-table Howell (sit-out)", 13, 2)),
        # 5 rounds of 2 boards are too short an evening: the nearest that fits is first.
        (3, 2, ("3-table Howell", 5, 4)),
        (4, 4, ("4-table Howell", 7, 4)),
        # No Mitchell of 7 tables plays 8 boards a round within 30 boards: the nearest is first.
        (7, 8, ("7-table Mitchell", 7, 4)),
    ],
)
def test_proposals_put_the_clubs_boards_a_round_first(tables, boards_per_round, first):
    movement = propose_movements(tables, boards_per_round=boards_per_round)[0]
    assert (movement.name, movement.rounds, movement.boards_per_round) == first
