"""Trying every convention on the points a file prints, board by board.

Sources: SPEC §2.1 (Neuberg, M' = (M + 1)·E/A − 1; a missing result as a tie with every result
played); ../shared/realdata/README.md, mp_pairs_howell.xml (Compscore3 prints a board played
five times of six on its own top of 8, unfactored) and sm1.pbn (Ruter factors a board with two
artificial scores from 16 to 18 results); issue 24 (a barometer board of two real results and two
artificial ones whose printed points are neither Neuberg's nor a tie's: the real results
matchpointed alone, on their own top; a ¾ Howell's board played five times, factored to the
movement's six as its printed top shows; a short board on its own top, an artificial score
sharing that top).
"""

import pytest

from scoring import Adjusted
from scoring.printed_conventions import (
    EVERY_TABLE,
    FIELD_TOP,
    TOPS_SHOWN,
    UNFACTORED,
    Convention,
    PrintedBoard,
    choose_convention,
    fitting_conventions,
)

NEUBERG, TIE = Convention("neuberg", FIELD_TOP), Convention("tie", FIELD_TOP)
NEUBERG_TABLES, TIE_TABLES = Convention("neuberg", EVERY_TABLE), Convention("tie", EVERY_TABLE)
WAYS = [NEUBERG, TIE, NEUBERG_TABLES, TIE_TABLES]


def _board(printed, scores=(420, 170), field=3, tables=3) -> PrintedBoard:
    return PrintedBoard(
        entries=list(scores),
        printed=[(ns, ew) for ns, ew in printed],
        counts={FIELD_TOP: field, EVERY_TABLE: tables},
    )


@pytest.mark.parametrize(
    ("printed", "tables", "fits"),
    [
        # SPEC §2.1: two results of three, 2 and 0 become (2+1)·3/2 − 1 = 3.5 and 0.5.
        ([(3.5, 0.5), (0.5, 3.5)], 3, {NEUBERG, NEUBERG_TABLES}),
        # SPEC §2.1: the missing result ties with both, 1 more each.
        ([(3, 1), (1, 3)], 3, {TIE, TIE_TABLES}),
        # Compscore3 (mp_pairs_howell.xml board 12): the board on its own count, 2 and 0.
        ([(2, 0), (0, 2)], 3, {UNFACTORED}),
        # A sit-out table counted: two results of four, (2+1)·4/2 − 1 = 5.
        ([(5, 1), (1, 5)], 4, {NEUBERG_TABLES}),
        # Printed to one decimal, as Ruter and Compscore do: 3.5 within 0.05.
        ([(3.46, 0.54), (0.54, 3.46)], 3, {NEUBERG, NEUBERG_TABLES}),
        ([(3.2, 0.8), (0.8, 3.2)], 3, set()),
    ],
    ids=["neuberg", "tie", "own-count", "every-table", "one-decimal", "none"],
)
def test_each_convention_is_told_by_the_printed_points(printed, tables, fits):
    board = _board(printed, field=3, tables=tables)
    assert fitting_conventions(board, WAYS, per_beat=2) == fits


def test_a_full_board_fits_every_convention_to_its_own_count():
    board = _board([(4, 0), (2, 2), (0, 4)], scores=(420, 170, -50))
    assert fitting_conventions(board, [NEUBERG, TIE], per_beat=2) == {NEUBERG, TIE, UNFACTORED}


def test_the_barometer_board_of_issue_24_fits_no_convention():
    """Two real results and two artificial ones (Ave+ to both, Ave- to both): the program
    printed the real results matchpointed alone (2 and 0), neither Neuberg's 5 and 1 (from 2 to
    4) nor a tie's 4 and 2."""
    board = PrintedBoard(
        entries=[420, 170, Adjusted(60, 60), Adjusted(40, 40)],
        printed=[(2, 0), (0, 2), None, None],
        counts={FIELD_TOP: 4, EVERY_TABLE: 4},
    )
    assert fitting_conventions(board, [NEUBERG, TIE], per_beat=2) == set()
    neuberg = PrintedBoard(board.entries, [(5, 1), (1, 5), None, None], board.counts)
    assert fitting_conventions(neuberg, [NEUBERG, TIE], per_beat=2) == {NEUBERG, UNFACTORED}


def test_the_event_takes_the_convention_every_board_fits_and_names_the_others():
    full = _board([(4, 0), (2, 2), (0, 4)], scores=(420, 170, -50))
    tie = _board([(3, 1), (1, 3)])
    unfit = _board([(3.2, 0.8), (0.8, 3.2)])
    choice = choose_convention([full, tie, unfit, full], [NEUBERG, TIE], per_beat=2)
    assert (choice.convention, choice.unfit, choice.unfactored) == (TIE, [2], [])


def test_a_board_printed_on_its_own_count_agrees_with_the_event_convention():
    neuberg = _board([(3.5, 0.5), (0.5, 3.5)])
    own = _board([(2, 0), (0, 2)])
    choice = choose_convention([neuberg, own], [NEUBERG, TIE], per_beat=2)
    assert (choice.convention, choice.unfit, choice.unfactored) == (NEUBERG, [], [1])


def test_boards_that_disagree_get_one_convention_and_the_fewer_are_named():
    neuberg = _board([(3.5, 0.5), (0.5, 3.5)])
    tie = _board([(3, 1), (1, 3)])
    choice = choose_convention([tie, neuberg, neuberg], [NEUBERG, TIE], per_beat=2)
    assert (choice.convention, choice.unfit) == (NEUBERG, [0])
    # Level: the first in order.
    choice = choose_convention([tie, neuberg], [NEUBERG, TIE], per_beat=2)
    assert (choice.convention, choice.unfit) == (NEUBERG, [0])


def test_a_board_is_factored_to_the_count_its_printed_tops_show():
    """A ¾ Howell's board played five times of the movement's six (eight tables): Neuberg from
    five to six, (raw + 1)·6/5 − 1, a top of 10, fits neither five results nor eight."""
    scores = (420, 170, 140, -50, -100)
    printed = [((raw + 1) * 6 / 5 - 1, 10 - ((raw + 1) * 6 / 5 - 1)) for raw in (8, 6, 4, 2, 0)]
    board = PrintedBoard(
        entries=list(scores),
        printed=[(round(ns, 2), round(ew, 2)) for ns, ew in printed],
        counts={FIELD_TOP: 5, EVERY_TABLE: 8, TOPS_SHOWN: 6},
    )
    by_tops = Convention("neuberg", TOPS_SHOWN)
    assert fitting_conventions(board, [*WAYS, by_tops], per_beat=2) == {by_tops}


OWN_TOP = Convention("own", FIELD_TOP)


@pytest.mark.parametrize(
    ("artificial", "fits"),
    [
        # 60% and 40% of the short board's own top, 2: the rule "own".
        ((1.2, 0.8), {OWN_TOP}),
        # 60% and 40% of the field's top, 4: the real results alone, the artificial score not
        # on their top; no rule gives it (issue 24's barometer board).
        ((2.4, 1.6), set()),
    ],
    ids=["own-top", "field-top"],
)
def test_an_artificial_scores_printed_points_tell_a_board_on_its_own_top(artificial, fits):
    board = PrintedBoard(
        entries=[420, 170, Adjusted(60, 40)],
        printed=[(2, 0), (0, 2), artificial],
        counts={FIELD_TOP: 3, EVERY_TABLE: 3},
    )
    assert fitting_conventions(board, [*WAYS, OWN_TOP], per_beat=2) == fits
