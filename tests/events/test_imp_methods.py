"""Printed IMPs read board by board: the datum method or cross-IMP mode that gives them is the
event's, and a board they fit under none is kept as printed, fixed and flagged.

Sources for the conventions tried (scoring.datum.DATUM_METHODS, scoring.cross_imps):
- PBN 2.1 §3.4.12: "IMP;Butler" is a datum of the mean of all scores, "IMP;Butler-2" drops the
  highest and the lowest score; "IMP;Cross", "Cross1" and "Cross2" sum the cross-IMPs, divide
  them by the number of scores, or by the number of comparisons.
- ACBLscore's computed datum: the highest and lowest 5% dropped, the mean rounded to the nearest
  10 with an exact 5 to the even ten; its "Total IMPs" are PBN's Cross, its "Average IMPs" Cross2.
- USEBIO 1.2: a pairs event's BOARD_SCORING_METHOD CROSS_IMPS names no mode (we read Cross2),
  and a traveller line prints NS_CROSS_IMP_POINTS and EW_CROSS_IMP_POINTS (Compscore3,
  ../shared/realdata/cross_imp_howell.xml).
Every file here is built in the test, its IMPs worked out here by the convention named.
"""

import pytest

from events.formats.imported import ImportedEvent
from events.models import Result
from events.services.imports import import_event, preview_import, read_result_file
from scoring import cross_imps, datum_imps
from tests.events.test_imported_numbers import FIELD_LINES
from tests.events.test_imported_numbers import _butler_pbn as _sections_pbn

# One section of four tables: (NS pair, EW pair, NS score) on each board, nobody vulnerable
# (boards 1 and 17 are).
# Board 1's scores average exactly 405: the mean's datum is 410 (an exact 5 away from zero),
# ACBLscore's 400 (to the even ten; it drops no score of four), so each 420 wins 1 IMP against
# ACBLscore's datum and none against the mean's (drop-one and the median make 420: 0 IMPs too).
# Board 17's datum is 420 whatever the method: every method gives the same IMPs.
LINES = {
    1: [(1, 2, 420), (3, 4, 420), (5, 6, 480), (7, 8, 300)],
    17: [(1, 4, 420), (3, 6, 420), (5, 8, 450), (7, 2, 400)],
}


def _butler_pbn(
    scoring: str, printed: dict[int, list[float]], lines: dict[int, list] = LINES
) -> bytes:
    """A one-section PBN in Magic Contest's Butler layout (IMP_NS and IMP_EW on every row,
    tests/events/files/magic_butler.pbn) whose [Scoring] says `scoring` and whose rows print
    `printed`, each line's NS IMPs."""
    games = []
    for number, rows in lines.items():
        games.append(
            "\n".join(
                [
                    '[Event "Butler"]',
                    '[Date "2026.11.26"]',
                    f'[Board "{number}"]',
                    '[Dealer "N"]',
                    '[Vulnerable "None"]',
                    f'[Scoring "{scoring}"]',
                    '[ScoreTable "Table;Round;PairId_NS;PairId_EW;Contract;Score_NS;Score_EW;'
                    'IMP_NS;IMP_EW"]',
                    *(
                        f'{ns // 2 + 1} 1 {ns} {ew} - "{score}" - {imp:.1f} {-imp:.1f}'
                        for (ns, ew, score), imp in zip(rows, printed[number], strict=True)
                    ),
                ]
            )
        )
    return ("% PBN 2.0\n" + "\n\n".join(games) + "\n").encode()


def _by(rule, lines: dict[int, list] = LINES) -> dict[int, list[float]]:
    """Each board's NS IMPs as `rule` gives them from the board's scores."""
    return {number: rule([score for *_, score in rows]) for number, rows in lines.items()}


def _points(event) -> dict[tuple[int, int], tuple[float, float, bool]]:
    return {
        (r.board.number, r.ns_pair.number): (r.ns_points, r.ew_points, r.is_fixed)
        for r in Result.objects.filter(board__section__event=event).select_related(
            "board", "ns_pair"
        )
    }


def _printed(imported: ImportedEvent) -> dict[tuple[int, int], tuple[float, float, bool]]:
    return {
        (board.number, line.ns_pair): (*line.published, line.fixed)
        for board in imported.boards
        for line in board.lines
    }


ACBL_LABEL = (
    "Drop the highest 5% and the lowest 5%, mean of the rest, nearest 10, an exact 5 to the "
    "even ten (ACBLscore computed datum)"
)


def test_a_butler_files_datum_is_the_one_its_imps_follow():
    """The file says "IMP;Butler" (the mean) but its IMPs are against ACBLscore's datum; the
    old importer IMPed board 1 against the mean's 410 and gave pair 1 no IMP for its 420."""
    printed = _by(lambda scores: datum_imps(scores, "acbl"))
    assert printed[1] != datum_imps([420, 420, 480, 300], "mean")  # the test tells them apart
    imported = read_result_file(_butler_pbn("IMP;Butler", printed))
    assert imported.settings["datum_method"] == "acbl"
    assert ("Datum", f"{ACBL_LABEL}: as the file's IMPs show") in imported.readings
    assert imported.fixed_boards == []


@pytest.mark.django_db
def test_the_datum_read_is_the_events_and_its_imps_are_the_files(club):
    imported = read_result_file(
        _butler_pbn("IMP;Butler", _by(lambda scores: datum_imps(scores, "acbl")))
    )
    preview = preview_import(imported=imported, club=club)
    assert ("Datum", ACBL_LABEL) in preview.settings
    event = import_event(imported=imported, club=club)
    assert event.datum_method == "acbl"
    assert _points(event) == _printed(imported)


def test_the_files_own_method_wins_where_the_imps_fit_several():
    """Board 17 alone fits every datum: the file's own (Butler-2, drop-one) is kept, unsaid."""
    only = {17: LINES[17]}
    printed = _by(lambda scores: datum_imps(scores, "drop-one"), only)
    imported = read_result_file(_butler_pbn("IMP;Butler-2", printed, only))
    assert imported.settings["datum_method"] == "drop-one"
    assert not any(what == "Datum" for what, _ in imported.readings)


@pytest.mark.django_db
def test_a_board_whose_imps_fit_no_datum_is_kept_fixed_and_flagged(club):
    """Board 17 is printed against a datum of 400 (no method makes it of 420, 420, 450, 400):
    the old importer IMPed it against 420 without a word."""
    printed = _by(lambda scores: datum_imps(scores, "acbl"))
    printed[17] = [1.0, 1.0, 2.0, 0.0]  # 20, 20, 50, 0 against 400
    imported = read_result_file(_butler_pbn("IMP;Butler", printed))
    assert imported.settings["datum_method"] == "acbl"  # board 1 tells it
    assert imported.fixed_boards == ["17"]
    assert (
        "Fixed scores",
        "Board 17: the file's IMPs fit no method we know (any datum, or cross-IMPs summed or "
        "divided per score or per comparison); kept as printed, fixed and flagged",
    ) in imported.readings
    event = import_event(imported=imported, club=club)
    assert _points(event) == _printed(imported)
    assert _points(event)[17, 5] == (2.0, -2.0, True)


def _cross_imp_usebio(printed: dict[int, list[float]]) -> bytes:
    """A one-section USEBIO pairs event scored by BOARD_SCORING_METHOD CROSS_IMPS, its lines
    printing `printed` as NS_CROSS_IMP_POINTS (and their negation for EW)."""
    boards = "".join(
        f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>"
        + "".join(
            f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
            f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER><SCORE>{score}</SCORE>"
            f"<NS_CROSS_IMP_POINTS>{imp:.2f}</NS_CROSS_IMP_POINTS>"
            f"<EW_CROSS_IMP_POINTS>{-imp:.2f}</EW_CROSS_IMP_POINTS></TRAVELLER_LINE>"
            for (ns, ew, score), imp in zip(rows, printed[number], strict=True)
        )
        + "</BOARD>"
        for number, rows in LINES.items()
    )
    pairs = "".join(f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER></PAIR>" for n in range(1, 9))
    return (
        '<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS">'
        "<BOARD_SCORING_METHOD>CROSS_IMPS</BOARD_SCORING_METHOD>"
        "<PROGRAM_NAME>ACBLscore</PROGRAM_NAME><EVENT_DESCRIPTION>Total IMPs"
        "</EVENT_DESCRIPTION><DATE>26/11/2026</DATE><WINNER_TYPE>1</WINNER_TYPE>"
        f'<SESSION SESSION_ID="1"><SECTION SECTION_ID="A"><PARTICIPANTS>{pairs}</PARTICIPANTS>'
        f"{boards}</SECTION></SESSION></EVENT></USEBIO>"
    ).encode()


@pytest.mark.django_db
def test_cross_imps_summed_are_read_as_such(club):
    """ACBLscore's Total IMPs: the old importer read CROSS_IMPS as Cross2 and divided every
    line's IMPs by 3."""
    imported = read_result_file(_cross_imp_usebio(_by(lambda s: cross_imps(s, "cross"))))
    assert imported.settings["cross_imp_mode"] == "cross"
    assert (
        "Cross-IMP method",
        "Sum of the IMPs against every other score (PBN Cross; ACBL Total IMPs): as the "
        "file's IMPs show",
    ) in imported.readings
    event = import_event(imported=imported, club=club)
    assert event.cross_imp_mode == "cross"
    # Printed to two decimals, ours unrounded.
    ours = {
        key: (round(ns, 2), round(ew, 2), fixed) for key, (ns, ew, fixed) in _points(event).items()
    }
    assert ours == _printed(imported)


# Two sections of two tables: board 1's field averages exactly 405 (ACBLscore's datum 400, the
# mean's 410), section A's 420 and section B's 390; board 2 is test_imported_numbers'.
SECTIONS_LINES = {
    1: [("A", 1, 2, 420), ("A", 3, 4, 420), ("B", 5, 6, 480), ("B", 7, 8, 300)],
    2: FIELD_LINES[2],
}


@pytest.mark.django_db
def test_a_field_of_two_sections_is_read_by_its_datum_and_across_the_field(club):
    """Under the file's own datum (the mean) neither way gives its IMPs; ACBLscore's over the
    field does. The old importer scored it on the mean."""
    data = _sections_pbn(over_field=True, datums=False, method="acbl", boards=SECTIONS_LINES)
    imported = read_result_file(data)
    assert (imported.settings["section_scoring"], imported.settings["datum_method"]) == (
        "field",
        "acbl",
    )
    assert ("Sections", "2 (A, B), scored across the field, as the printed IMPs show") in (
        imported.readings
    )
    assert imported.fixed_boards == []
    event = import_event(imported=imported, club=club)
    points = sorted(
        Result.objects.filter(board__section__event=event, board__number=1).values_list(
            "score_ns", "ns_points"
        )
    )
    assert points == [(300, -3), (420, 1), (420, 1), (480, 2)]
