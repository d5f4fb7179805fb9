"""Other programs' files read as they were meant: each convention scored under, or refused by name.

Sources for what programs write:
- USEBIO 1.2 (EBU's XML results format): EVENT_TYPE, WINNER_TYPE, PARTICIPANTS/PAIR/PLACE,
  TRAVELLER_LINE with NS_MATCH_POINTS and EW_MATCH_POINTS.
- A public Scorer-to-USEBIO 1.2 converter (Python, NZ clubs) writes EVENT_TYPE "PAIRS" with a
  BOARD_SCORING_METHOD (MATCH_POINTS, BUTLER_IMPS, CROSS_IMPS; left out for matchpoints) and
  no WINNER_TYPE when the pairs do not all keep their direction; its event types are
  INDIVIDUAL, PAIRS, SWISS_PAIRS, TEAMS and SWISS_TEAMS.
- marcshearer/ImportUsebio, "ImportUsebio/Shared/Score Data.swift": the EVENT_TYPE values it
  reads (mp_pairs, butler_pairs, individual, swiss_pairs, swiss_teams, teams_of_four,
  cross_imps, aggregate, ko, ladder, swiss_pairs_cross_imps, swiss_pairs_butler_imps).
- Ruter's PBN files (tests/events/files/ruter_pairs.pbn, ../shared/realdata/sm1.pbn): one
  TotalScoreTable, ranked by direction (Rank 1 in N-S and in Ö-V) or as one field.
The files under tests/events/files are hand-built in those shapes.
"""

import datetime
import re

import pytest
from django.urls import reverse

from events.formats import pbn
from events.formats.imported import FileRefused, ImportedBoard, ImportedEvent, ImportedLine
from events.formats.missing_results import choose_missing_results
from events.models import Event
from events.services.exports import export_file
from events.services.imports import import_event, read_result_file
from events.services.rankings import section_ranking
from tests.events.files import read_file, upload

SHORT = "scorer_pairs_short.xml"


def _variant(name: str, old: bytes, new: bytes) -> bytes:
    data = read_file(name)
    assert old in data
    return data.replace(old, new)


def _board_lines(imported, number: int) -> list[ImportedLine]:
    return next(board for board in imported.boards if board.number == number).lines


# ---------------------------------------------------------------------------------------------
# USEBIO event types


def test_a_usebio_pairs_event_is_matchpoints_with_winners_from_its_places():
    imported = read_result_file(read_file(SHORT))
    assert (imported.settings["scoring"], imported.settings["winners"]) == ("mp", 2)
    assert ("Winners", "Two: the file places its pairs by direction") in imported.readings


@pytest.mark.parametrize(
    ("method", "scoring"),
    [("MATCH_POINTS", "mp"), ("BUTLER_IMPS", "butler"), ("CROSS_IMPS", "cross-imps")],
)
def test_a_pairs_event_is_scored_by_its_board_scoring_method(method, scoring):
    data = _variant(
        SHORT,
        b"<PROGRAM_NAME>",
        f"<BOARD_SCORING_METHOD>{method}</BOARD_SCORING_METHOD><PROGRAM_NAME>".encode(),
    )
    assert read_result_file(data).settings["scoring"] == scoring


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            b'EVENT_TYPE="PAIRS"',
            b'EVENT_TYPE="TEAMS"',
            "this teams event (EVENT_TYPE TEAMS) lists pairs: a teams event's PARTICIPANTS "
            "are TEAM elements, each with its TEAM_ID",
        ),
        (
            b'EVENT_TYPE="PAIRS"',
            b'EVENT_TYPE="TEAMS_OF_FOUR"',
            "this teams event (EVENT_TYPE TEAMS_OF_FOUR) lists pairs: a teams event's PARTICIPANTS "
            "are TEAM elements, each with its TEAM_ID",
        ),
        (
            b'EVENT_TYPE="PAIRS"',
            b'EVENT_TYPE="INDIVIDUAL"',
            "this individual event (EVENT_TYPE INDIVIDUAL) lists pairs: an individual's "
            "PARTICIPANTS are PLAYER elements, each with its PLAYER_NUMBER",
        ),
        (
            b'EVENT_TYPE="PAIRS"',
            b'EVENT_TYPE="SWISS_PAIRS"',
            "this is a Swiss pairs event (EVENT_TYPE SWISS_PAIRS), scored in matches; Swiss "
            "pairs are not supported yet",
        ),
        (
            b"<PROGRAM_NAME>",
            b"<BOARD_SCORING_METHOD>AGGREGATE</BOARD_SCORING_METHOD><PROGRAM_NAME>",
            "EVENT_TYPE PAIRS scored by BOARD_SCORING_METHOD AGGREGATE is not supported: "
            "MATCH_POINTS, BUTLER_IMPS, CROSS_IMPS only",
        ),
        (
            b"<CONTRACT>NP</CONTRACT>",
            b"<CONTRACT>NP</CONTRACT><SCORE>420</SCORE>",
            "BOARD 2, TRAVELLER_LINE 3: the board is written as not played but scored +420",
        ),
    ],
    ids=["teams", "teams-of-four", "individual", "swiss-pairs", "aggregate", "np-with-score"],
)
def test_what_we_cannot_score_is_refused_by_name(old, new, message):
    with pytest.raises(FileRefused) as refused:
        read_result_file(_variant(SHORT, old, new))
    assert str(refused.value) == message


# ---------------------------------------------------------------------------------------------
# Not played and passed out, as programs write them


@pytest.mark.parametrize(
    "written",
    [
        b"<CONTRACT>NP</CONTRACT>",
        b"<CONTRACT>Not played</CONTRACT>",
        b"<CONTRACT></CONTRACT><SCORE>NP</SCORE>",
        b"<SCORE>-</SCORE>",
        b"<CONTRACT>NP</CONTRACT><SCORE>0</SCORE>",
    ],
    ids=["NP", "Not played", "score NP", "score dash", "NP scored 0"],
)
def test_usebio_not_played_forms(written):
    imported = read_result_file(_variant(SHORT, b"<CONTRACT>NP</CONTRACT>", written))
    line = _board_lines(imported, 2)[2]
    assert (line.not_played, line.contract, line.score_ns) == (True, "", None)


@pytest.mark.parametrize(
    "written",
    [b"PASS", b"Pass", b"P", b"AP", b"Passed out", b"All Pass"],
)
def test_usebio_passed_out_forms(written):
    data = _variant(SHORT, b"<CONTRACT>PASS</CONTRACT>", b"<CONTRACT>" + written + b"</CONTRACT>")
    line = _board_lines(read_result_file(data), 2)[0]
    assert (line.contract, line.declarer, line.score_ns, line.not_played) == ("PASS", "", 0, False)


def test_usebio_passed_out_written_as_score_0_alone():
    data = _variant(SHORT, b"<CONTRACT>PASS</CONTRACT><SCORE>0</SCORE>", b"<SCORE>0</SCORE>")
    line = _board_lines(read_result_file(data), 2)[0]
    assert (line.contract, line.score_ns, line.not_played) == ("", 0, False)


def _ruter_row(old: bytes, new: bytes) -> bytes:
    return _variant("ruter_pairs.pbn", old, new)


@pytest.mark.parametrize(
    ("row", "not_played", "contract"),
    [
        (b"1 2 1 5 NP   -  - -        -     - 2.0 2.0", True, ""),
        (b'1 2 1 5 -    -  - -     "NP"  "NP" 2.0 2.0', True, ""),
        (b'1 2 1 5 "Not played" - - - - - 2.0 2.0', True, ""),
        (b'1 2 1 5 P    -  - -      "0"     - 2.0 2.0', False, "PASS"),
        (b'1 2 1 5 AP   -  - -      "0"     - 2.0 2.0', False, "PASS"),
    ],
    ids=["NP", "score NP", "Not played", "P", "AP"],
)
def test_pbn_not_played_and_passed_out_forms(row, not_played, contract):
    data = _ruter_row(b'1 2 1 5 Pass -  - -      "0"     - 2.0 2.0', row)
    line = _board_lines(pbn.parse_file(data), 2)[0]
    assert (line.not_played, line.contract) == (not_played, contract)


# ---------------------------------------------------------------------------------------------
# One or two winners, from the file's published ranking


def test_pbn_ranked_by_direction_has_two_winners():
    imported = pbn.parse_file(read_file("ruter_pairs.pbn"))
    assert imported.settings["winners"] == 2
    assert ("Winners", "Two: the file ranks North-South and East-West apart") in imported.readings


def test_pbn_ranked_as_one_field_has_one_winner_though_pairs_kept_their_direction():
    data = read_file("ruter_pairs.pbn")
    for rank, new in ((b'1 - 6 3 "', b'4 - 6 3 "'), (b'2 - 5 2 "', b'5 - 5 2 "')):
        data = data.replace(rank, new)
    data = data.replace(b'3 - 4 1 "\xd6-V"', b'6 - 4 1 "\xd6-V"')
    imported = pbn.parse_file(data)
    assert imported.settings["winners"] == 1
    assert ("Winners", "One: the file ranks the whole field in one list") in imported.readings


def test_a_file_that_does_not_say_has_one_winner_and_the_preview_says_so():
    data = re.sub(
        rb"\[TotalScoreTable[^\n]*\n(?:[^\[\n][^\n]*\n)*", b"", read_file("ruter_pairs.pbn")
    )
    imported = pbn.parse_file(data)
    assert imported.settings["winners"] == 1
    assert ("Winners", "One: the file does not say, nor rank by direction") in imported.readings


# ---------------------------------------------------------------------------------------------
# Sections in a PBN score table


def _with_sections(section_of_last_row: bytes) -> bytes:
    data = read_file("ruter_pairs.pbn").replace(
        b'[ScoreTable "Table', b'[ScoreTable "Section\\1R;Table'
    )
    lines = data.split(b"\n")
    rows = [i for i, line in enumerate(lines) if re.match(rb"^\d \d \d \d ", line)]
    for i in rows:
        lines[i] = b"A " + lines[i]
    lines[rows[-1]] = section_of_last_row + lines[rows[-1]][1:]
    return b"\n".join(lines)


def test_a_pbn_file_of_one_section_is_read():
    imported = pbn.parse_file(_with_sections(b"A"))
    assert imported.line_count == 6


def test_a_pbn_file_of_two_sections_keeps_them_apart():
    """Ruter writes a Section column in its ScoreTable: each section's lines are its own, and
    its ranking of the whole room leaves each section the pairs who played in it."""
    imported = pbn.parse_file(_with_sections(b"B"))
    a, b = imported, imported.sections[0]
    assert (a.section, b.section, a.line_count) == ("A", "B", 6)
    assert [len(board.lines) for board in b.boards if board.lines] == [1]
    line = next(line for board in b.boards for line in board.lines)
    assert {p.number for p in b.pairs} == {line.ns_pair, line.ew_pair}


# ---------------------------------------------------------------------------------------------
# Short boards, under the rule the file's figures show


@pytest.mark.django_db
def test_a_missing_result_scored_as_a_tie_when_the_file_says_so(club):
    imported = read_result_file(read_file(SHORT))
    assert imported.settings["missing_results"] == "tie"
    event = import_event(imported=imported, club=club)
    assert event.missing_results == "tie"
    board = event.sections.get().boards.get(number=2)
    points = {
        (r.ns_pair.names, r.ns_points, r.ew_points, r.top)
        for r in board.results.select_related("ns_pair").exclude(not_played=True)
    }
    # Played twice of three: 0 beats -400 (2), plus 1 for the tie with the missing result.
    assert points == {("Ann North & Bob North", 3, 1, 4), ("Cat South & Dov South", 1, 3, 4)}


@pytest.mark.parametrize(
    ("published", "rule", "reading"),
    [
        (
            ("3.5", "0.5"),
            "neuberg",
            "Neuberg, to 3 results: as the file's matchpoints show",
        ),
    ],
    ids=["neuberg"],
)
def test_the_rule_is_the_one_that_gives_the_files_figures(published, rule, reading):
    high, low = published
    mps = "<NS_MATCH_POINTS>{}</NS_MATCH_POINTS><EW_MATCH_POINTS>{}</EW_MATCH_POINTS>"
    data = read_file(SHORT)
    for old, new in (
        (mps.format(3, 1), mps.format(high, low)),
        (mps.format(1, 3), mps.format(low, high)),
    ):
        data = data.replace(old.encode(), new.encode())
    imported = read_result_file(data)
    assert imported.settings.get("missing_results") == rule
    assert ("Short boards", reading) in imported.readings


def _short_event(published: list[tuple[float, float]]) -> ImportedEvent:
    """Three tables, one pair sitting out each round: every board played twice."""
    event = ImportedEvent(
        name="Sit-out",
        date=datetime.date(2026, 11, 5),
        file_format="PBN",
        settings={"scoring": "mp"},
    )
    seats = [(1, 4), (2, 5), (3, 6)]
    for number, (first, second) in enumerate([(0, 1), (1, 2), (2, 0)], start=1):
        board = ImportedBoard(number=number, dealer="N", vulnerability="None")
        for (ns, ew), score, figures in zip(
            (seats[first], seats[second]), (420, 170), published, strict=True
        ):
            line = ImportedLine(ns_pair=ns, ew_pair=ew, where="x", score_ns=score)
            line.published = figures
            board.lines.append(line)
        event.boards.append(board)
    return event


def test_a_sit_out_table_counts_as_a_table_when_the_figures_say_so():
    # Two results of an expected three, Neuberg: (2 + 1)·3/2 − 1 = 3.5 and 0.5.
    event = _short_event([(3.5, 0.5), (0.5, 3.5)])
    choose_missing_results(event)
    assert (event.settings["missing_results"], event.settings["factor_to"]) == (
        "neuberg",
        "movement",
    )
    assert [board.movement_results for board in event.boards] == [3, 3, 3]
    assert event.readings == [
        ("Short boards", "Neuberg, to 3 results, every table counted: as the file's "
         "matchpoints show"),
    ]  # fmt: skip


def test_a_board_printed_on_its_own_count_is_scored_as_the_others_and_said_so():
    """Compscore3 prints a board played fewer times on its own top, unfactored
    (../shared/realdata/README.md, mp_pairs_howell.xml): 2 and 0 of two results, where Neuberg
    to three gives 3.5 and 0.5; nothing there tells Neuberg from a tie."""
    event = _short_event([(2, 0), (0, 2)])
    third = ImportedLine(ns_pair=3, ew_pair=6, where="x", score_ns=-50, published=(0, 4))
    event.boards[0].lines[0].published, event.boards[0].lines[1].published = (4, 0), (2, 2)
    event.boards[0].lines.append(third)
    choose_missing_results(event)
    assert (event.settings.get("missing_results"), event.fixed_boards) == (None, [])
    assert event.readings == [
        ("Short boards", "Boards 2, 3 printed unfactored, on the board's own count of "
         "results: scored as the other boards"),
    ]  # fmt: skip


def test_boards_all_played_as_often_as_each_other_need_no_rule():
    event = _short_event([(2, 0), (0, 2)])
    choose_missing_results(event)
    assert (event.settings.get("missing_results"), event.settings.get("factor_to")) == (None, None)
    assert [board.movement_results for board in event.boards] == [0, 0, 0]
    assert event.readings == []


# ---------------------------------------------------------------------------------------------
# A pair listed in the file that played no board


@pytest.mark.django_db
def test_a_pair_that_played_no_board_is_kept_and_ranked_after_everyone(club):
    event = import_event(imported=read_result_file(read_file(SHORT)), club=club)
    north_south, _ = section_ranking(section=event.sections.get())
    assert [(s.place, s.pair.names, s.boards_played) for s in north_south.standings] == [
        ("1", "Ann North & Bob North", 2),
        ("2", "Eve Wood & Fay Wood", 1),
        ("3", "Cat South & Dov South", 2),
        ("4", "Max Late & Ned Late", 0),
    ]


@pytest.mark.django_db
def test_a_pair_that_played_no_board_comes_last_in_an_imp_ranking_too(club):
    data = _variant(
        SHORT,
        b"<PROGRAM_NAME>",
        b"<BOARD_SCORING_METHOD>CROSS_IMPS</BOARD_SCORING_METHOD><PROGRAM_NAME>",
    )
    event = import_event(imported=read_result_file(data), club=club)
    north_south = section_ranking(section=event.sections.get())[0]
    # Whatever the others' IMPs (some below 0), Max Late played nothing.
    assert north_south.standings[-1].pair.names == "Max Late & Ned Late"
    assert north_south.standings[-1].place == "4"
    exported = export_file(event=event, format_key="usebio").decode()
    assert exported.rindex("Max Late") > exported.rindex("Cat South")


# ---------------------------------------------------------------------------------------------
# The preview


@pytest.mark.django_db
def test_the_preview_shows_what_was_read_from_the_file(director_client, club):
    response = upload(director_client, club, SHORT)
    content = response.content.decode()
    assert "Read from the file" in content
    assert "Two: the file places its pairs by direction" in content
    assert "A missing result ties with every result played, to 3 results" in content
    assert "Boards played fewer times" in content
    assert Event.objects.count() == 0


# ---------------------------------------------------------------------------------------------
# The rule is an event setting the director can change


@pytest.mark.django_db
def test_the_director_changes_the_rule_and_the_short_board_is_rescored(director_client, club):
    event = import_event(imported=read_result_file(read_file(SHORT)), club=club)
    Event.objects.filter(pk=event.pk).update(status="running")  # open for changes
    fields = {
        "name": event.name, "date": "2026-11-05", "scoring": "mp", "mp_scale": 2,
        "mp_rounding": "none", "adjusted_scores": "fixed", "winners": 2, "reveal": "always",
        "factor_totals": "on",
    }  # fmt: skip
    settings = reverse("director-settings", args=[event.pk])
    director_client.post(settings, fields | {"missing_results": "neuberg"})
    board = event.sections.get().boards.get(number=2)
    assert sorted(board.results.values_list("ns_points", flat=True).exclude(ns_points=None)) == [
        0.5,
        3.5,
    ]
    # A post that leaves the setting out keeps it.
    director_client.post(settings, fields)
    event.refresh_from_db()
    assert event.missing_results == "neuberg"
    response = director_client.post(settings, fields | {"missing_results": "average"})
    assert "Select a valid choice. average is not one of the available choices." in (
        response.content.decode()
    )
