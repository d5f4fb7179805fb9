"""Other programs' files read by their own numbers: markers by the scores and points beside
them, sections scored as one field in IMP events, factoring to the movement's count, and
percentages or totals a file cannot agree with itself on.

Sources:
- USEBIO 1.2 (EBU's XML results format): TRAVELLER_LINE with SCORE, NS_MATCH_POINTS and
  EW_MATCH_POINTS; NS_BUTLER_POINTS, NS_CROSS_IMP_POINTS for IMP events (Compscore3's
  cross_imp_howell.xml in ../shared/realdata prints NS_CROSS_IMP_POINTS).
- A program that writes "NP" for a hand passed in, scores it 0 and prints its points (issue 24,
  "NP is not one thing"): its files print the line's SCORE 0 and its matchpoints.
The files are built in the tests from tests/events/files/scorer_pairs_short.xml, hand-built.
"""

import datetime
import io
import re

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

from events.formats import json_export
from events.formats.imported import (
    ImportedBoard,
    ImportedEvent,
    ImportedLine,
    ImportedPair,
    finish_event,
)
from events.formats.missing_results import choose_missing_results
from events.formats.printed_totals import check_printed_totals
from events.models import Event, Result
from events.services.explanations import explain_score
from events.services.exports import export_file, pairs_file
from events.services.imports import import_event, preview_import, read_result_file
from events.services.rankings import section_ranking
from scoring import butler_datum, cross_imps, datum_imps, imps
from tests.events.files import read_file, upload

SHORT = "scorer_pairs_short.xml"
MPS = "<NS_MATCH_POINTS>{}</NS_MATCH_POINTS><EW_MATCH_POINTS>{}</EW_MATCH_POINTS>"


def _replace(data: bytes, *pairs: tuple[str, str]) -> bytes:
    for old, new in pairs:
        assert old.encode() in data
        data = data.replace(old.encode(), new.encode(), 1)
    return data


def _board_lines(imported, number: int):
    return next(board for board in imported.boards if board.number == number).lines


# ---------------------------------------------------------------------------------------------
# Markers read by their numbers


def _marked(marker: str, score: str, points: tuple[str, str] | None) -> bytes:
    """Board 2's third line as `marker` with `score` and, when given, its printed points; the
    other two lines' points as a board of three results gives them (0 ties with 0)."""
    printed = MPS.format(*points) if points else ""
    return _replace(
        read_file(SHORT),
        (MPS.format(1, 3), MPS.format(0, 4)),
        ("<CONTRACT>NP</CONTRACT>", f"<CONTRACT>{marker}</CONTRACT>{score}{printed}"),
    )


@pytest.mark.parametrize("marker", ["NP", "PASS", "AP", "Not played"])
def test_a_marker_scored_0_with_printed_points_is_a_played_pass(marker):
    """The old importer dropped an NP scored 0 as not played and rescaled board 2."""
    imported = read_result_file(_marked(marker, "<SCORE>0</SCORE>", ("3", "1")))
    line = _board_lines(imported, 2)[2]
    assert (line.not_played, line.contract, line.score_ns) == (False, "PASS", 0)
    # Every board now has its three results: no short board, no rule read.
    assert "missing_results" not in imported.settings


def test_a_marker_beside_a_score_and_points_is_that_score():
    scored = "<CONTRACT>NP</CONTRACT><SCORE>-400</SCORE>" + MPS.format(1, 3)
    imported = read_result_file(_replace(read_file(SHORT), ("<CONTRACT>NP</CONTRACT>", scored)))
    line = _board_lines(imported, 2)[2]
    assert (line.not_played, line.contract, line.score_ns) == (False, "", -400)


@pytest.mark.parametrize(
    ("score", "points"),
    [("<SCORE>0</SCORE>", None), ("", None), ("<SCORE>-</SCORE>", ("3", "1"))],
    ids=["no points", "no score", "score dash"],
)
def test_not_played_where_the_numbers_say_so(score, points):
    imported = read_result_file(_marked("NP", score, points))
    line = _board_lines(imported, 2)[2]
    assert (line.not_played, line.score_ns) == (True, None)


@pytest.mark.django_db
def test_a_hand_passed_in_written_np_is_scored_on_its_board(club):
    event = import_event(
        imported=read_result_file(_marked("NP", "<SCORE>0</SCORE>", ("3", "1"))), club=club
    )
    board = event.sections.get().boards.get(number=2)
    points = sorted(
        (r.ns_pair.number, r.ns_points, r.ew_points, r.top)
        for r in board.results.select_related("ns_pair")
    )
    assert points == [(1, 3, 1, 4), (2, 0, 4, 4), (3, 3, 1, 4)]


# ---------------------------------------------------------------------------------------------
# Sections scored as one field in IMP events
#
# Magic Contest's Butler PBN (tests/events/files/magic_butler.pbn, ../shared/realdata/butler.pbn)
# prints IMP_NS, IMP_EW and ButlerDatum on every row; Ruter writes a Section column in its
# ScoreTable and ranks the whole room in one TotalScoreTable (test_conventions.py).

# Two sections of two tables on the same two boards: (section, NS pair, EW pair, NS score).
FIELD_LINES = {
    1: [("A", 1, 2, 420), ("A", 3, 4, 170), ("B", 5, 6, 450), ("B", 7, 8, -50)],
    2: [("A", 1, 2, -100), ("A", 3, 4, 110), ("B", 5, 6, 140), ("B", 7, 8, -420)],
}


def _butler_pbn(
    *, over_field: bool, imps: bool = True, datums: bool = True, method: str = "mean", boards=None
) -> bytes:
    """A Butler PBN of sections A and B ("IMP;Butler;Mean") whose printed IMPs and datums are
    worked out here by the datum `method`, over the field or section by section, on `boards`
    (FIELD_LINES'); its ranking is one list of the room."""
    games = []
    for number, lines in (boards or FIELD_LINES).items():
        groups = [lines] if over_field else [[ln for ln in lines if ln[0] == s] for s in "AB"]
        printed = {}
        for group in groups:
            scores = [score for *_, score in group]
            datum = butler_datum(scores, method)
            for line, imp in zip(group, datum_imps(scores, method), strict=True):
                printed[line] = (imp, datum)
        columns = "Section;Table;Round;PairId_NS;PairId_EW;Contract;Score_NS;Score_EW"
        columns += ";IMP_NS;IMP_EW" if imps else ""
        columns += ";ButlerDatum" if datums else ""
        rows = []
        for line in lines:
            section, ns, ew, score = line
            imp, datum = printed[line]
            row = f'{section} {(ns + 1) // 2} 1 {ns} {ew} - "{score}" -'
            row += f" {imp:.1f} {-imp:.1f}" if imps else ""
            row += f" {datum}" if datums else ""
            rows.append(row)
        ranking = []
        if number == 1:
            ranking = ['[TotalScoreTable "Rank;PairId;Direction;TotalScoreIMP;Names"]']
            ranking += [
                f'{n} {n} "{"N-S" if n % 2 else "E-W"}" 0.0 "P{n} - Q{n}"' for n in range(1, 9)
            ]
        games.append(
            "\n".join(
                [
                    '[Event "Field Butler"]',
                    '[Date "2026.11.05"]',
                    f'[Board "{number}"]',
                    '[Dealer "N"]',
                    '[Vulnerable "None"]',
                    '[Scoring "IMP;Butler;Mean"]',
                    *ranking,
                    f'[ScoreTable "{columns}"]',
                    *rows,
                ]
            )
        )
    return ("% PBN 2.0\n" + "\n\n".join(games) + "\n").encode()


@pytest.mark.parametrize(
    ("over_field", "imps", "datums", "scoring", "why"),
    [
        (True, True, True, "field", "as the printed IMPs show"),
        (False, True, True, "section", "as the printed IMPs show"),
        (True, False, True, "field", "as the printed datums show"),
        (False, False, True, "section", "as the printed datums show"),
        (True, False, False, "field", "as the file's one ranking across the sections shows"),
    ],
    ids=["field-by-imps", "section-by-imps", "field-by-datums", "section-by-datums", "ranking"],
)
def test_a_butler_file_of_two_sections_is_scored_as_its_numbers_show(
    over_field, imps, datums, scoring, why
):
    """The old importer scored every IMP file section by section."""
    imported = read_result_file(_butler_pbn(over_field=over_field, imps=imps, datums=datums))
    assert imported.settings["section_scoring"] == scoring
    across = "scored across the field" if scoring == "field" else "each scored apart"
    assert ("Sections", f"2 (A, B), {across}, {why}") in imported.readings


@pytest.mark.django_db
def test_a_butler_field_is_scored_and_exported_on_the_fields_datum(club):
    event = import_event(imported=read_result_file(_butler_pbn(over_field=True)), club=club)
    assert event.section_scoring == "field"
    results = json_export.event_results(pairs_file(event=event))
    for board in results["boards"]:
        scores = [score for *_, score in FIELD_LINES[board["number"]]]
        assert board["datum"] == butler_datum(scores, "mean")
        for line in board["results"]:
            # The field's datum: the line's score IMPed against it, as printed.
            assert line["ns_points"] == imps(line["score_ns"] - board["datum"])
    exported = export_file(event=event, format_key="usebio").decode()
    datums = re.findall(r"<BOARD_AVERAGE>(-?\d+)</BOARD_AVERAGE>", exported)
    assert datums == ["250", "-70", "250", "-70"]


# ---------------------------------------------------------------------------------------------
# Factoring to the movement's count
#
# A ¾ Howell of eight tables with a phantom pair (15 pairs): each board is played five times
# where the movement has it six, the phantom's table counted, and the program prints every
# board on the top of six results, Neuberg from five to six (issue 24, "Factoring to the
# movement's tables"). Neuberg (EBU White Book 8.3.3): (raw + 1) · 6 / 5 − 1.

HOWELL_SCORES = [420, 170, 140, -50, -100]  # 8, 6, 4, 2, 0 of a top of 8 among five


def _three_quarter_howell() -> ImportedEvent:
    event = ImportedEvent(
        name="¾ Howell",
        date=datetime.date(2026, 11, 5),
        file_format="PBN",
        settings={"scoring": "mp"},
    )
    for number in (1, 2, 3):
        board = ImportedBoard(number=number, dealer="N", vulnerability="None")
        for table, score in enumerate(HOWELL_SCORES):
            ns, ew = 1 + (5 * number + table) % 15, 1 + (5 * number + 9 - table) % 15
            line = ImportedLine(ns_pair=ns, ew_pair=ew, where=f"board {number}", score_ns=score)
            raw = 2 * (len(HOWELL_SCORES) - 1 - table)
            factored = (raw + 1) * 6 / 5 - 1
            line.published = (round(factored, 2), round(10 - factored, 2))
            board.lines.append(line)
        event.boards.append(board)
    return event


def test_boards_are_factored_to_the_count_the_printed_tops_show():
    """The old importer tried five results and every table (eight): neither fits, so it
    scored on five."""
    event = _three_quarter_howell()
    choose_missing_results(event)
    assert (event.settings["missing_results"], event.settings["factor_to"]) == (
        "neuberg",
        "movement",
    )
    assert [board.movement_results for board in event.boards] == [6, 6, 6]
    assert event.readings == [
        ("Short boards", "Neuberg, to 6 results, the movement's count: as the file's matchpoints "
         "show"),
    ]  # fmt: skip


def test_a_board_the_movements_count_does_not_give_is_kept_fixed():
    """Boards are tried one by one (scoring.printed_conventions): board 3 printed 0.5 off
    fits no count, and keeps the file's points, fixed and flagged; the others still tell the
    movement's count."""
    event = _three_quarter_howell()
    board = event.boards[2]
    for line in board.lines:
        line.published = (line.published[0] + 0.5, line.published[1] - 0.5)
    choose_missing_results(event)
    assert (event.settings["missing_results"], event.settings["factor_to"]) == (
        "neuberg",
        "movement",
    )
    assert [board.movement_results for board in event.boards] == [6, 6, 6]
    assert event.fixed_boards == ["3"]
    assert all(line.fixed for line in board.lines)
    assert not any(line.fixed for b in event.boards[:2] for line in b.lines)


@pytest.mark.django_db
def test_the_movements_count_is_the_boards_top_once_imported(club):
    imported = finish_event(_three_quarter_howell())
    choose_missing_results(imported)
    event = import_event(imported=imported, club=club)
    board = event.sections.get().boards.get(number=1)
    lines = sorted(board.results.values_list("ns_points", "top"), reverse=True)
    assert [(round(points, 6), top) for points, top in lines] == [
        (9.8, 10), (7.4, 10), (5.0, 10), (2.6, 10), (0.2, 10),
    ]  # fmt: skip


# ---------------------------------------------------------------------------------------------
# Percentages and totals a file cannot agree with itself on
#
# Ruter's PBN (tests/events/files/ruter_pairs.pbn) prints each pair's TotalScoreMP and
# TotalPercentage in its TotalScoreTable; USEBIO 1.2 a PAIR's TOTAL_SCORE and PERCENTAGE.

RUTER = "ruter_pairs.pbn"


@pytest.mark.parametrize(
    ("old", "new", "reported"),
    [
        (
            b'1 - 3 3 "N-S" 6.4 80.00',
            b'1 - 3 3 "N-S" 6.4 75.00',
            ("Pair 3", "the file prints 75.00%, its own travellers give 80.00%"),
        ),
        (
            b'1 - 3 3 "N-S" 6.4 80.00',
            b'1 - 3 3 "N-S" 7.4 80.00',
            ("Pair 3", "the file prints a total of 7.4, its own lines add up to 6.40"),
        ),
    ],
    ids=["percentage", "total"],
)
def test_a_printed_figure_its_own_travellers_contradict_is_reported(old, new, reported):
    data = read_file(RUTER)
    assert old in data
    imported = read_result_file(data.replace(old, new))
    assert imported.disagreements == [reported]


def test_a_file_that_agrees_with_itself_reports_nothing():
    assert read_result_file(read_file(RUTER)).disagreements == []


def _with_percentages(event: ImportedEvent, percent) -> ImportedEvent:
    for board in event.boards:
        for line in board.lines:
            for pair in (line.ns_pair, line.ew_pair):
                if pair not in {p.number for p in event.pairs}:
                    event.pairs.append(ImportedPair(number=pair))
    for pair in event.pairs:
        pair.printed_percentage = percent(pair.number)
    return event


def _unfactored_percentage(event: ImportedEvent, number: int) -> float:
    """The pair's matchpoints among the five results of its boards, over their tops of 8."""
    raw = []
    for board in event.boards:
        for table, line in enumerate(board.lines):
            ns_raw = 2 * (len(HOWELL_SCORES) - 1 - table)
            if number == line.ns_pair:
                raw.append(ns_raw)
            elif number == line.ew_pair:
                raw.append(8 - ns_raw)
    return round(100 * sum(raw) / (8 * len(raw)), 2)


def test_percentages_on_the_unfactored_matchpoints_agree_with_the_travellers():
    """The ¾ Howell's program prints matchpoints factored to six results and works its
    percentages on the unfactored ones: nothing to report; a percentage on neither basis is."""
    event = _three_quarter_howell()
    _with_percentages(event, lambda number: _unfactored_percentage(event, number))
    check_printed_totals(event)
    assert event.disagreements == []
    assert event.settings["percentage_basis"] == "unfactored"
    assert event.readings == [
        ("Percentages", "On each board's own results (the matchpoints before factoring), as the "
         "file's percentages are"),
    ]  # fmt: skip
    # Pair 6 sat NS at the top table of board 1 and EW at the bottom one of board 3: 100%
    # unfactored, 98% factored.
    assert _unfactored_percentage(event, 6) == 100
    event.pairs[0].printed_percentage = 97.0
    check_printed_totals(event)
    label = f"Pair {event.pairs[0].number}"
    assert [label for label, _ in event.disagreements] == [label]


@pytest.mark.django_db
def test_an_imported_files_percentages_are_its_own(club):
    """The ¾ Howell's pairs' percentages, on the unfactored matchpoints, are the ranking's once
    imported (the old importer ranked them on the factored ones: pair 6 at 98%, not 100%), and
    its matchpoints stay factored to six results; the preview says the basis."""
    imported = finish_event(_three_quarter_howell())
    _with_percentages(imported, lambda number: _unfactored_percentage(imported, number))
    choose_missing_results(imported)
    check_printed_totals(imported)
    preview = preview_import(imported=imported, club=club)
    basis = "Each board's own results: the matchpoints before a short board is factored"
    assert ("Percentages", basis) in preview.settings
    event = import_event(imported=imported, club=club)
    assert event.percentage_basis == "unfactored"
    standings = [
        s for group in section_ranking(section=event.sections.get()) for s in group.standings
    ]
    printed = {pair.number: pair.printed_percentage for pair in imported.pairs}
    assert {s.pair.number: round(s.percentage, 2) for s in standings} == printed
    pair = event.sections.get().pairs.get(number=6)
    assert (round(pair.percentage, 2), next(s.percentage for s in standings if s.pair == pair)) == (
        98.0,
        100.0,
    )
    # Its scorecard says the ranking's percentage, and works it on the same basis.
    Event.objects.filter(pk=event.pk).update(status="published")
    card = Client().get(reverse("scorecard", args=[event.pk, "A", pair.slug])).content.decode()
    assert "100.00%" in card and "98.00%" not in card
    assert "each board's own results" in card
    # So does the workbook's scorecards sheet, on each pair's total row.
    book = openpyxl.load_workbook(io.BytesIO(export_file(event=event, format_key="xlsx")))
    rows = list(book["Scorecards"].iter_rows(values_only=True))
    percent = next(row for row in rows if "%" in row).index("%")
    totals = [round(row[percent], 2) for row in rows if row[0] == "Total"]
    assert sorted(totals) == sorted(printed.values())
    # Its board 1, 9.8 of 10 factored, is 8 of 8 on the board's five results.
    board = event.sections.get().boards.get(number=1)
    explained = explain_score(board=board, pair=pair)
    assert (explained.points, explained.top) == (pytest.approx(9.8), 10)
    assert (explained.own.score, explained.own.top) == (pytest.approx(8), 8)
    # Our own file prints those percentages and says their basis (USEBIO gives a board the
    # vulnerability of its number, which this test's boards do not follow).
    copy = read_result_file(export_file(event=event, format_key="pbn"))
    assert copy.settings["percentage_basis"] == "unfactored"
    assert {pair.number: pair.printed_percentage for pair in copy.pairs} == printed


def _howell_pbn(event: ImportedEvent) -> bytes:
    """The ¾ Howell written as Ruter writes its PBN (tests/events/files/ruter_pairs.pbn): each
    board's ScoreTable prints MP_NS and MP_EW, the TotalScoreTable each pair's TotalPercentage
    (the field ranked in one list)."""
    ranked = sorted(event.pairs, key=lambda pair: -pair.printed_percentage)
    games = []
    for board in event.boards:
        ranking = []
        if board.number == 1:
            ranking = ['[TotalScoreTable "Rank;PairId;TotalPercentage;Names"]'] + [
                f'{place} {pair.number} {pair.printed_percentage:.2f} "P{pair.number} - Q"'
                for place, pair in enumerate(ranked, start=1)
            ]
        games.append(
            "\n".join(
                [
                    '[Event "Three-quarter Howell"]',
                    '[Date "2026.11.05"]',
                    f'[Board "{board.number}"]',
                    '[Dealer "N"]',
                    '[Vulnerable "None"]',
                    '[Scoring "MatchPoints;MP1"]',
                    *ranking,
                    '[ScoreTable "PairId_NS;PairId_EW;Contract;Score_NS;Score_EW;MP_NS;MP_EW"]',
                    *(
                        f'{line.ns_pair} {line.ew_pair} - "{line.score_ns}" - '
                        f"{line.published[0]:.2f} {line.published[1]:.2f}"
                        for line in board.lines
                    ),
                ]
            )
        )
    return ("% PBN 2.1\n" + "\n\n".join(games) + "\n").encode()


@pytest.mark.django_db
def test_a_three_quarter_howell_file_is_scored_on_the_movements_count_and_its_percentages(
    director_client, club
):
    """The whole of issue 24's "Factoring to the movement's tables" through a PBN file built
    here: matchpoints printed on the top of six results (the phantom's table counted),
    percentages on the unfactored ones. The old importer scored every board on five results
    and ranked the pairs on the factored matchpoints."""
    howell = _three_quarter_howell()
    _with_percentages(howell, lambda number: _unfactored_percentage(howell, number))
    data = _howell_pbn(howell)

    preview = upload(director_client, club, "howell.pbn", data).content.decode()
    assert "Neuberg, to 6 results, the movement&#x27;s count: as the file&#x27;s matchpoints" in (
        preview
    )
    assert "Where the file disagrees with itself" not in preview
    imported = read_result_file(data)
    assert (imported.settings["missing_results"], imported.settings["factor_to"]) == (
        "neuberg",
        "movement",
    )
    assert [board.movement_results for board in imported.boards] == [6, 6, 6]
    assert (imported.settings["percentage_basis"], imported.fixed_boards) == ("unfactored", [])

    event = import_event(imported=imported, club=club)
    board = event.sections.get().boards.get(number=1)
    lines = sorted(board.results.values_list("ns_points", "top"), reverse=True)
    assert [(round(points, 6), top) for points, top in lines] == [
        (9.8, 10), (7.4, 10), (5.0, 10), (2.6, 10), (0.2, 10),
    ]  # fmt: skip
    standings = [
        s for group in section_ranking(section=event.sections.get()) for s in group.standings
    ]
    printed = {pair.number: pair.printed_percentage for pair in howell.pairs}
    assert {s.pair.number: round(s.percentage, 2) for s in standings} == printed


@pytest.mark.django_db
def test_the_director_sets_the_percentages_basis_on_the_settings_page(director_client, club):
    imported = finish_event(_three_quarter_howell())
    choose_missing_results(imported)
    event = import_event(imported=imported, club=club)
    Event.objects.filter(pk=event.pk).update(status="running")  # open for changes
    fields = {
        "name": event.name, "date": "2026-11-05", "scoring": "mp", "mp_scale": 2,
        "mp_rounding": "none", "adjusted_scores": "fixed", "winners": 1, "reveal": "always",
    }  # fmt: skip
    settings = reverse("director-settings", args=[event.pk])
    assert 'name="percentage_basis"' in director_client.get(settings).content.decode()

    def pair_6() -> float:
        section = Event.objects.get(pk=event.pk).sections.get()
        return next(
            s.percentage for g in section_ranking(section=section) for s in g.standings
            if s.pair.number == 6
        )  # fmt: skip

    assert pair_6() == pytest.approx(98)
    director_client.post(settings, fields | {"percentage_basis": "unfactored"})
    assert pair_6() == pytest.approx(100)
    director_client.post(settings, fields)  # a post that leaves it out keeps it
    assert Event.objects.get(pk=event.pk).percentage_basis == "unfactored"


@pytest.mark.django_db
def test_the_preview_lists_the_pairs_the_file_disagrees_with_itself_on(director_client, club):
    data = read_file(RUTER).replace(b'1 - 3 3 "N-S" 6.4 80.00', b'1 - 3 3 "N-S" 6.4 75.00')
    content = upload(director_client, club, RUTER, data).content.decode()
    assert "Where the file disagrees with itself" in content
    assert "the file prints 75.00%, its own travellers give 80.00%" in content
    # Not forced: the ranking is worked out from the travellers (pair 3's 2.4 + 4.0 of 8).
    ranking = content[content.index('id="import-ranking"') :]
    assert '<td class="num">80.00</td>' in ranking
    assert '<td class="num">75.00</td>' not in ranking


# ---------------------------------------------------------------------------------------------
# Short boards without Neuberg
#
# One program matchpoints a board with an artificial score on its real results alone (a top of
# 8 where the full board's is 10), gives the artificial line its share of that top, and works
# each pair's percentage as its matchpoints over the tops of the boards it played (issue 24,
# "Short boards without Neuberg"). Here three tables: a full board's top is 4, the short one's 2.


def _short_on_its_own_top() -> ImportedEvent:
    event = ImportedEvent(
        name="Own tops", date=datetime.date(2026, 11, 5), file_format="USEBIO",
        settings={"scoring": "mp"},
    )  # fmt: skip
    seats = [(1, 4), (2, 5), (3, 6)]
    for number in (1, 2, 3):
        board = ImportedBoard(number=number, dealer="N", vulnerability="None")
        for table, (ns, ew) in enumerate(seats):
            if number == 3 and table == 2:  # Ave+ / Ave-: 60% and 40% of the short top, 2
                line = ImportedLine(ns, ew, "x", ns_percent=60, ew_percent=40)
                line.published = (1.2, 0.8)
            else:
                line = ImportedLine(ns, ew, "x", score_ns=(420, 170, 140)[table])
                top = 4 if number < 3 else 2
                line.published = (top - 2 * table, 2 * table)
            board.lines.append(line)
        event.boards.append(board)
    return event


def test_a_short_board_on_its_own_top_is_read_as_such():
    """The old importer saw every board with three lines and scored board 3 by Neuberg."""
    event = _short_on_its_own_top()
    choose_missing_results(event)
    assert event.settings["missing_results"] == "own"
    assert event.readings == [
        ("Short boards", "On their own tops: matchpointed on the results played, an artificial "
         "score on that top too, as the file's matchpoints show"),
    ]  # fmt: skip


@pytest.mark.django_db
def test_a_short_board_on_its_own_top_is_scored_and_ranked_so(club):
    imported = finish_event(_short_on_its_own_top())
    choose_missing_results(imported)
    event = import_event(imported=imported, club=club)
    assert event.missing_results == "own"
    section = event.sections.get()
    board = section.boards.get(number=3)
    lines = sorted(board.results.values_list("ns_pair__number", "ns_points", "ew_points", "top"))
    assert lines == [(1, 2, 0, 2), (2, 0, 2, 2), (3, 1.2, 0.8, 2)]
    # Pair 3: 0 + 0 + 1.2 of the tops 4 + 4 + 2.
    pair = section.pairs.get(number=3)
    assert (pair.score, pair.top_total) == (1.2, 10)


def _cross_imp_usebio(*, over_field: bool) -> bytes:
    """A USEBIO CROSS_IMP event of sections A and B (Compscore3 prints NS_CROSS_IMP_POINTS,
    ../shared/realdata/cross_imp_howell.xml), its cross-IMPs (cross2: the mean over the other
    tables) worked out here over the field or section by section."""
    sections = {"A": [], "B": []}
    for number, lines in FIELD_LINES.items():
        groups = [lines] if over_field else [[ln for ln in lines if ln[0] == s] for s in "AB"]
        printed = {}
        for group in groups:
            scores = [score for *_, score in group]
            printed |= dict(zip(group, cross_imps(scores, "cross2"), strict=True))
        for letter, boards in sections.items():
            travellers = "".join(
                f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
                f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER><SCORE>{score}</SCORE>"
                f"<NS_CROSS_IMP_POINTS>{printed[line]:.2f}</NS_CROSS_IMP_POINTS>"
                f"<EW_CROSS_IMP_POINTS>{-printed[line]:.2f}</EW_CROSS_IMP_POINTS>"
                "</TRAVELLER_LINE>"
                for line in lines
                for section, ns, ew, score in [line]
                if section == letter
            )
            boards.append(f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{travellers}</BOARD>")
    body = ""
    for letter, boards in sections.items():
        first = 1 if letter == "A" else 5
        pairs = "".join(
            f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><PLACE>{n}</PLACE></PAIR>"
            for n in range(first, first + 4)
        )
        body += (
            f'<SECTION SECTION_ID="{letter}"><PARTICIPANTS>{pairs}</PARTICIPANTS>'
            + "".join(boards)
            + "</SECTION>"
        )
    return (
        '<?xml version="1.0"?><USEBIO Version="1.2"><EVENT EVENT_TYPE="CROSS_IMP">'
        "<PROGRAM_NAME>Compscore3</PROGRAM_NAME><EVENT_DESCRIPTION>Field cross-IMPs"
        "</EVENT_DESCRIPTION><DATE>05/11/2026</DATE><WINNER_TYPE>1</WINNER_TYPE>"
        f'<SESSION SESSION_ID="1">{body}</SESSION></EVENT></USEBIO>'
    ).encode()


@pytest.mark.django_db
@pytest.mark.parametrize("over_field", [True, False], ids=["field", "section"])
def test_a_cross_imp_usebio_of_two_sections_is_scored_as_its_points_show(over_field, club):
    """The old importer scored a USEBIO file of several sections apart unless it was ours."""
    data = _cross_imp_usebio(over_field=over_field)
    imported = read_result_file(data)
    scoring = "field" if over_field else "section"
    assert imported.settings["section_scoring"] == scoring
    how = "across the field" if over_field else "each apart"
    assert ("Sections", f"2 (A, B), scored {how}, as the printed IMPs show") in imported.readings
    event = import_event(imported=imported, club=club)
    printed = re.findall(
        r"<NS_PAIR_NUMBER>(\d+)</NS_PAIR_NUMBER>.*?<SCORE>(-?\d+)</SCORE>"
        r"<NS_CROSS_IMP_POINTS>(-?[\d.]+)</NS_CROSS_IMP_POINTS>",
        data.decode(),
    )
    assert len(printed) == 8  # two boards of four lines
    scored = Result.objects.filter(board__section__event=event).values_list(
        "ns_pair__number", "score_ns", "ns_points"
    )
    assert sorted((int(ns), int(score), float(imp)) for ns, score, imp in printed) == sorted(
        (ns, score, round(points, 2)) for ns, score, points in scored
    )
    assert not Result.objects.filter(board__section__event=event, fixed_ns_points__isnull=False)


@pytest.mark.django_db
def test_an_imp_files_unreadable_contract_keeps_its_negative_printed_imps(club):
    """Printed IMPs are any number (matchpoints only from 0 up): a line of a Butler file whose
    contract is written `42` keeps the file's -7.0 IMPs (-50 against the field's datum 250),
    fixed and flagged."""
    unread = b'B 4 1 7 8 42 "-50" -'
    content = _butler_pbn(over_field=True).replace(b'B 4 1 7 8 - "-50" -', unread)
    imported = read_result_file(content)
    assert imported.fixed_boards == ["1 (B)"]
    fixed = [line for b in imported.sections[0].boards for line in b.lines if line.fixed]
    assert [(line.score_ns, line.published) for line in fixed] == [(-50, (-7.0, 7.0))]
    event = import_event(imported=imported, club=club)
    line = Result.objects.get(board__section__event=event, fixed_ns_points__isnull=False)
    assert (line.ns_pair.number, line.ns_points, line.ew_points) == (7, -7.0, 7.0)
