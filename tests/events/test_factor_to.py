"""What a board is factored to (Event.factor_to): the tables where two pairs play it, or every
table of the movement, a phantom's or sit-out's counted (issue 24, "The movement's count").

A 5½-table Howell has pair 12 as a phantom: each board is played five times where the movement
has it six, the phantom's table counted, as in the ¾ Howell of issue 24.
"""

import pytest
from django.urls import reverse

from events.formats import FORMATS
from events.formats.imported import FileRefused
from events.models import Board, Change, Event, Result
from events.services.entry import board_meetings, save_line
from events.services.exports import export_file
from events.services.history_text import change_lines
from events.services.imports import import_event, read_result_file
from events.services.repairs import pair_leaves
from events.services.rescoring import rescore_event
from scoring import howell, parse_traveller_line
from tests.events.files import confirm, upload

pytestmark = pytest.mark.django_db

# Board 1 (none vulnerable) at its five tables, best for North-South first: +450, +420, +400,
# +110, -50; each beats those after it, so on 2 a beat North-South score 8, 6, 4, 2, 0.
LINES = ["4S N 11", "4S N 10", "3NT N 9", "2S N 8", "4S N 9"]
SCORES = [450, 420, 400, 110, -50]
WITHIN = [8, 6, 4, 2, 0]


def neuberg(points: float, expected: int, actual: int) -> float:
    """SPEC.md §2.1, the Neuberg formula on the 2-a-beat scale (EBU, Nick Doe):
    M' = (M × E + (E − A)) / A, M the matchpoints among the A results played, E expected."""
    return (points * expected + (expected - actual)) / actual


def _phantom_howell(make_event, **settings) -> Event:
    """The 5½-table Howell with board 1 played at its five tables, in each section."""
    event = make_event(howell(6, 1, sit_out=True), **settings)
    for board in Board.objects.filter(section__event=event, number=1).select_related(
        "section__event"
    ):
        for meeting, text in zip(board_meetings(board=board), LINES, strict=True):
            save_line(
                board=board,
                line=parse_traveller_line(text),
                ns_pair=meeting.ns,
                ew_pair=meeting.ew,
            )
    return event


def _board(event: Event, number: int) -> Board:
    return Board.objects.select_related("section__event").get(section__event=event, number=number)


def _board_1(event: Event) -> list[tuple[float, float, float]]:
    """Board 1's lines as (NS points, EW points, top), best for North-South first."""
    lines = Result.objects.filter(board__section__event=event, board__number=1)
    return sorted(lines.values_list("ns_points", "ew_points", "top"), reverse=True)


def _factored(expected: int) -> list[tuple[float, float, float]]:
    top = 2 * (expected - 1)
    return [
        (pytest.approx(neuberg(m, expected, 5)), pytest.approx(neuberg(8 - m, expected, 5)), top)
        for m in WITHIN
    ]


def test_a_phantom_howell_is_factored_to_the_tables_that_play_or_to_the_movements(make_event):
    event = _phantom_howell(make_event)
    assert event.factor_to == "played"  # what events made here did before the setting
    board = _board(event, 1)
    assert (board.expected_results, board.movement_results) == (5, 6)
    # To the five tables where two pairs play: Neuberg from five to five leaves the
    # matchpoints as they are, a top of 8.
    assert _board_1(event) == _factored(5)
    assert [ns for ns, _, _ in _board_1(event)] == WITHIN

    rescore_event(event=event, factor_to="movement")

    # To the movement's six tables: Neuberg from five results to six, a top of 10.
    assert _board_1(event) == _factored(6)
    assert [round(ns, 6) for ns, _, _ in _board_1(event)] == [9.8, 7.4, 5.0, 2.6, 0.2]

    rescore_event(event=event, factor_to="played")
    assert _board_1(event) == _factored(5)


def test_a_new_event_factored_to_the_movement_is_so_from_its_first_line(make_event):
    event = _phantom_howell(make_event, factor_to="movement")
    assert _board_1(event) == _factored(6)


def test_a_table_where_a_leaving_pairs_opponents_sit_out_counts_under_the_movements_count(
    make_event,
):
    """Pair 1 leaves after round 1 of a full 6-table Howell: the boards it would have played
    are played five times. The movement had them six times; factored to the movement's
    tables, the sit-out's table counts."""
    event = make_event(howell(6, 1), factor_to="movement")
    section = event.sections.get()
    pair_leaves(section=section, pair=1, from_round=2)
    short = [
        board
        for board in Board.objects.filter(section=section).select_related("section__event")
        if board.expected_results == 5
    ]
    assert short and all(board.movement_results == 6 for board in short)
    board = short[0]
    for meeting, text in zip(board_meetings(board=board), LINES, strict=True):
        save_line(
            board=board, line=parse_traveller_line(text), ns_pair=meeting.ns, ew_pair=meeting.ew
        )
    lines = Result.objects.filter(board=board)
    assert sorted(lines.values_list("ns_points", flat=True), reverse=True) == [
        pytest.approx(neuberg(m, 6, 5)) for m in WITHIN
    ]
    rescore_event(event=event, factor_to="played")
    assert sorted(lines.values_list("ns_points", flat=True), reverse=True) == WITHIN


@pytest.mark.parametrize("format_key", ["pbn", "usebio"])
def test_our_own_file_keeps_the_setting_and_the_movements_count(make_event, club, format_key):
    event = _phantom_howell(make_event, factor_to="movement")
    data = export_file(event=event, format_key=format_key)

    imported = FORMATS[format_key].parse_file(data)
    assert imported.settings["factor_to"] == "movement"
    assert {board.movement_results for board in imported.boards} == {6}
    copy = import_event(imported=read_result_file(data), club=club)

    assert copy.factor_to == "movement"
    assert set(Board.objects.filter(section__event=copy).values_list("movement_results")) == {(6,)}
    assert _board_1(copy) == _factored(6)
    # An event factored to the tables that play says so too.
    rescore_event(event=event, factor_to="played")
    again = FORMATS[format_key].parse_file(export_file(event=event, format_key=format_key))
    assert again.settings["factor_to"] == "played"


@pytest.mark.parametrize("format_key", ["pbn", "usebio"])
def test_each_sections_counts_come_back_with_it(make_event, format_key):
    event = _phantom_howell(make_event, sections=2, factor_to="movement")
    imported = FORMATS[format_key].parse_file(export_file(event=event, format_key=format_key))
    assert [part.section for part in (imported, *imported.sections)] == ["A", "B"]
    assert [
        {board.movement_results for board in part.boards} for part in (imported, *imported.sections)
    ] == [{6}, {6}]


def test_a_file_whose_count_names_no_board_is_refused_by_name(make_event):
    event = _phantom_howell(make_event, factor_to="movement")
    data = export_file(event=event, format_key="pbn").replace(b"1:6;", b"99:6;")
    with pytest.raises(FileRefused, match="META MovementResults: '99:6' is not a board's number"):
        FORMATS["pbn"].parse_file(data)


def _three_quarter_howell_pbn() -> bytes:
    """A ¾ Howell as Ruter writes its PBN, built here: 15 pairs, each board played at five
    tables, its matchpoints printed factored to the movement's six results (a top of 10), as
    Neuberg gives them (SPEC.md §2.1)."""
    games = []
    for number in (1, 2, 3):
        rows = []
        for table, (score, within) in enumerate(zip(SCORES, WITHIN, strict=True)):
            ns, ew = 1 + (5 * number + table) % 15, 1 + (5 * number + 9 - table) % 15
            factored = neuberg(within, 6, 5)
            rows.append(f'{ns} {ew} - "{score}" - {factored:.2f} {10 - factored:.2f}')
        games.append(
            "\n".join(
                [
                    '[Event "Three-quarter Howell"]',
                    '[Date "2026.11.05"]',
                    f'[Board "{number}"]',
                    '[Dealer "N"]',
                    '[Vulnerable "None"]',
                    '[Scoring "MatchPoints;MP1"]',
                    '[ScoreTable "PairId_NS;PairId_EW;Contract;Score_NS;Score_EW;MP_NS;MP_EW"]',
                    *rows,
                ]
            )
        )
    return ("% PBN 2.1\n" + "\n\n".join(games) + "\n").encode()


def test_an_import_whose_tops_show_the_movements_count_is_factored_to_it(director_client, club):
    """The tops of 10 show six results where five were played: the event factors to the
    movement's tables, its boards played five times each."""
    preview = upload(director_client, club, "howell.pbn", _three_quarter_howell_pbn())
    content = preview.content.decode()
    assert "Boards factored to" in content
    assert "Every table of the movement, a phantom&#x27;s or sit-out&#x27;s counted" in content

    confirm(director_client, club)

    event = Event.objects.get(club=club)
    assert event.factor_to == "movement"
    assert set(Board.objects.filter(section__event=event).values_list(
        "expected_results", "movement_results"
    )) == {(5, 6)}  # fmt: skip
    assert _board_1(event) == _factored(6)
    # Factored to the five tables that played it instead, board 1 is on its own top of 8.
    Event.objects.filter(pk=event.pk).update(status="running")
    rescore_event(event=event, factor_to="played")
    assert _board_1(event) == _factored(5)


def test_the_director_changes_it_on_the_settings_page_and_can_undo_it(director_client, make_event):
    event = _phantom_howell(make_event)
    settings = reverse("director-settings", args=[event.pk])
    page = director_client.get(settings).content.decode()
    assert 'name="factor_to"' in page
    # Beside the rule for short boards and the percentages' basis.
    assert page.index('name="missing_results"') < page.index('name="factor_to"')
    assert page.index('name="factor_to"') < page.index('name="percentage_basis"')
    fields = {
        name: getattr(event, name)
        for name in ("name", "date", "scoring", "mp_scale", "mp_rounding", "adjusted_scores",
                     "winners", "reveal", "missing_results", "percentage_basis")
    }  # fmt: skip

    director_client.post(settings, fields | {"factor_to": "movement"})

    assert Event.objects.get(pk=event.pk).factor_to == "movement"
    assert _board_1(event) == _factored(6)
    change = Change.objects.filter(event=event, kind=Change.Kind.SETTINGS).latest("pk")
    assert (
        "Boards factored to: The tables where two pairs play the board -> Every table of the "
        "movement, a phantom's or sit-out's counted"
    ) in change_lines(change=change)
    director_client.post(reverse("director-undo", args=[event.pk, change.pk]), {"note": ""})

    assert Event.objects.get(pk=event.pk).factor_to == "played"
    assert _board_1(event) == _factored(5)


@pytest.mark.parametrize("factor_to", ["movement", "played"])
def test_our_own_pbn_of_a_partial_howell_keeps_each_boards_count(make_event, club, factor_to):
    """Five rounds of the 5½-table Howell: the boards are played from once to four times, and
    the phantom's table adds a play to some of them only. Each board's count comes back, and
    the file's points fit it: none is kept as a fixed score. (Our USEBIO file does not keep
    the movement, whose table-rounds give each board's count: its boards come back factored to
    the field's top, whatever the setting.)"""
    event = make_event(howell(6, 1, rounds=5, sit_out=True), factor_to=factor_to)
    texts = iter(LINES * 20)
    for board in Board.objects.filter(section__event=event).select_related("section__event"):
        for meeting in board_meetings(board=board):
            save_line(
                board=board,
                line=parse_traveller_line(next(texts)),
                ns_pair=meeting.ns,
                ew_pair=meeting.ew,
            )
    assert list(
        Board.objects.filter(section__event=event).values_list(
            "expected_results", "movement_results"
        )
    ) == [
        (1, 2), (2, 3), (2, 3), (2, 3), (3, 4), (4, 0), (3, 0), (3, 0), (2, 0), (2, 0), (1, 0),
    ]  # fmt: skip

    copy = import_event(
        imported=read_result_file(export_file(event=event, format_key="pbn")), club=club
    )

    assert copy.factor_to == factor_to
    assert not Result.objects.filter(board__section__event=copy, fixed_ns_points__isnull=False)

    def points(of: Event) -> dict:
        lines = Result.objects.filter(board__section__event=of)
        return {
            (number, ns, ew): (round(ns_points, 6), round(ew_points, 6), top)
            for number, ns, ew, ns_points, ew_points, top in lines.values_list(
                "board__number",
                "ns_pair__number",
                "ew_pair__number",
                "ns_points",
                "ew_points",
                "top",
            )
        }

    assert points(copy) == points(event)
