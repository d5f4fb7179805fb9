"""Boards whose printed points fit no rule, and lines whose contract cannot be read: kept as the
file printed them, fixed and flagged, or the file refused, as the director chooses.

Sources: issue 24 (a barometer board with two real results and two artificial ones, whose
printed points for the real lines are neither Neuberg's nor a missing result as a tie's; a
program that scored a line whose contract it wrote as `42`); SPEC §2.1 for Neuberg and the tie
(scoring.printed_conventions). Every file here is built in the test, in Ruter's PBN layout
(tests/events/files/ruter_pairs.pbn: a ScoreTable per board with MP_NS and MP_EW).
"""

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from events.formats import json_export
from events.formats.imported import FileRefused
from events.models import Change, Event, Result, Upload
from events.services.entry import save_line
from events.services.explanations import explain_score
from events.services.exports import export_file, pairs_file
from events.services.history import recording, undo_change
from events.services.imports import import_event, read_result_file
from events.services.line_text import result_text
from events.services.notes import note_text
from events.services.problems import section_problems
from events.services.rescoring import rescore_event
from scoring import parse_traveller_line
from tests.events.files import confirm, read_file, upload

COLUMNS = (
    "Table\\1R;Round\\1R;PairId_NS\\1R;PairId_EW\\1R;Contract\\4L;Declarer\\1R;Result\\2R;"
    "Lead\\3L;Score_NS\\5R;Score_EW\\5R;MP_NS\\3R;MP_EW\\3R"
)

# Board 1 of a barometer: every table plays it in round 1. Two real results, then Ave+ to both
# sides at table 3 and Ave- to both at table 4 (60% and 40% of the top of 6). The real results
# are printed matchpointed between themselves alone, 2 and 0: Neuberg from 2 results to 4 gives
# (2 + 1)·4/2 − 1 = 5 and 1, a missing result as a tie 2 + 2 = 4 and 2.
BAROMETER = [
    '1 1 1 5 4S N 10 - "420" - 2.0 0.0',
    '2 1 2 6 4S N 9 - - "50" 0.0 2.0',
    '3 1 3 7 - - - - "A+" "A+" 3.6 3.6',
    '4 1 4 8 - - - - "A-" "A-" 2.4 2.4',
]
# Board 2 (NS vulnerable), four real results, matchpointed as every program does: 6, 4, 2, 0.
PLAIN = [
    '1 1 1 6 4S N 11 - "650" - 6.0 0.0',
    '2 1 2 7 4S N 10 - "620" - 4.0 2.0',
    '3 1 3 8 2S N 8 - "110" - 2.0 4.0',
    '4 1 4 5 3N W 9 - - "400" 0.0 6.0',
]


def pbn(boards: dict[int, list[str]]) -> bytes:
    text = ['% <META  name=Generator  content="Ruter">']
    for number, rows in boards.items():
        text += [
            f'[Event "Barometer"]\n[Date "2026.11.20"]\n[Board "{number}"]',
            f'[Dealer "{"NESW"[number - 1]}"]\n[Vulnerable "{["None", "NS"][number - 1]}"]',
            '[Scoring "MatchPoints;MP1"]',
            f'[ScoreTable "{COLUMNS}"]',
            *rows,
            "",
        ]
    return "\n".join(text).encode()


BOTH = pbn({1: BAROMETER, 2: PLAIN})


def _points(event, number: int) -> dict[int, tuple]:
    board = event.sections.get().boards.get(number=number)
    return {
        r.ns_pair.number: (r.ns_points, r.ew_points, r.is_fixed)
        for r in board.results.select_related("ns_pair")
    }


def _pair_score(event, number: int) -> float:
    return event.sections.get().pairs.get(number=number).score


def test_a_board_whose_printed_points_fit_no_rule_is_named_on_the_preview():
    imported = read_result_file(BOTH)
    assert imported.fixed_boards == ["1"]
    assert (
        "Fixed scores",
        "Board 1: the file's matchpoints fit no rule we know (Neuberg or a missing result as a "
        "tie, to any count); kept as printed, fixed and flagged",
    ) in imported.readings
    assert "missing_results" not in imported.settings  # board 2 tells no rule apart


@pytest.mark.django_db
def test_the_board_keeps_the_printed_points_fixed_and_the_totals_follow_them(club):
    event = import_event(imported=read_result_file(BOTH), club=club)
    # The old importer gave pair 1 Neuberg's 5 on board 1, and 11 in all. The averages are
    # scored as ever: their points are no real result's.
    assert _points(event, 1) == {
        1: (2.0, 0.0, True),
        2: (0.0, 2.0, True),
        3: (3.6, 3.6, False),
        4: (2.4, 2.4, False),
    }
    assert _points(event, 2)[1] == (6.0, 0.0, False)
    assert _pair_score(event, 1) == 8.0
    rescore_event(event=event, mp_rounding="wbf")
    assert _points(event, 1)[1] == (2.0, 0.0, True)
    assert _pair_score(event, 1) == 8.0


@pytest.mark.django_db
def test_an_edit_replaces_the_fixed_score_and_undo_brings_it_back(club, director):
    event = import_event(imported=read_result_file(BOTH), club=club)
    Event.objects.filter(pk=event.pk).update(status="running")
    event.refresh_from_db()
    board = event.sections.get().boards.get(number=1)
    line = board.results.get(ns_pair__number=1)
    with recording(club=club, event=event, user=director, kind=Change.Kind.RESULT) as change:
        save_line(
            board=board, line=parse_traveller_line("4S N 10"), ns_pair=1, ew_pair=5, result=line
        )
    line.refresh_from_db()
    # Scored now among the real results with the two averages: Neuberg from 2 to 4.
    assert (line.ns_points, line.is_fixed) == (5.0, False)

    undo_change(change=change, user=director)

    line.refresh_from_db()
    assert (line.ns_points, line.ew_points, line.is_fixed) == (2.0, 0.0, True)
    assert _pair_score(event, 1) == 8.0


@pytest.mark.django_db
def test_the_traveller_the_explanation_and_the_history_say_the_score_is_fixed(
    club, director_client
):
    event = import_event(imported=read_result_file(BOTH), club=club)
    board = event.sections.get().boards.get(number=1)
    line = board.results.select_related("ns_pair").get(ns_pair__number=1)
    explanation = explain_score(board=board, pair=line.ns_pair)
    assert (explanation.kind, explanation.final) == ("fixed", 2.0)
    traveller = director_client.get(reverse("traveller", args=[event.pk, "A", 1])).content
    assert "Fixed as the file printed it" in traveller.decode()
    history = director_client.get(reverse("director-history", args=[event.pk])).content.decode()
    assert "4S N 10 (+420), fixed at 2 / 0 as the file printed it" in history
    problems = section_problems(section=event.sections.get())
    assert [(p.kind, p.message) for p in problems if p.severity == "fixed"] == [
        (
            "fixed",
            f"Board 1, {ns} v {ew}: its points are fixed as the imported file printed them (they "
            "fit no rule we score by); changing the line scores it",
        )
        for ns, ew in (("1", "5"), ("2", "6"))
    ]


@pytest.mark.django_db
def test_a_fixed_score_stays_through_our_exports(club):
    event = import_event(imported=read_result_file(BOTH), club=club)
    for format_key in ("pbn", "usebio"):
        again = read_result_file(export_file(event=event, format_key=format_key))
        assert again.fixed_boards == ["1"], format_key
        copy = import_event(imported=again, club=club)
        assert _points(copy, 1) == _points(event, 1), format_key
        assert _pair_score(copy, 1) == _pair_score(event, 1) == 8.0


@pytest.mark.django_db
@pytest.mark.parametrize("choice", ["keep", "refuse", ""])
def test_the_director_keeps_the_fixed_board_or_refuses_the_file(director_client, club, choice):
    preview = upload(director_client, club, "barometer.pbn", BOTH).content.decode()
    assert (
        "Board 1 has lines whose printed points fit no rule we score by, or whose contract "
        "could not be read (see above)."
    ) in preview

    response = confirm(director_client, club, **({"fixed": choice} if choice else {}))

    content = response.content.decode()
    if choice == "keep":
        event = Event.objects.get()
        assert _points(event, 1)[1] == (2.0, 0.0, True)
    elif choice == "refuse":
        assert Event.objects.count() == 0
        assert Upload.objects.get().status == Upload.Status.FAILED
        assert response.status_code == 302
        page = director_client.get(response.url).content.decode()
        assert (
            "barometer.pbn: refused: board 1 has lines whose printed points would be kept as "
            "fixed scores; nothing was imported."
        ) in page
    else:  # no choice: asked again, nothing saved
        assert Event.objects.count() == 0
        assert "Choose whether to keep the fixed scores or refuse the file." in content


@pytest.mark.django_db
def test_the_command_keeps_the_fixed_boards_and_says_which(club, tmp_path: Path):
    path = tmp_path / "barometer.pbn"
    path.write_bytes(BOTH)
    out = StringIO()
    call_command("import_results", str(path), "--no-hand-records", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[-2] == (
        "Board 1 kept with the file's points, fixed and flagged: they fit no rule we score by"
    )
    assert _points(Event.objects.get(), 1)[1] == (2.0, 0.0, True)


# ---------------------------------------------------------------------------------------------
# A line the file scored but whose contract cannot be read

UNREAD = [
    '1 1 1 6 42 N 11 - "650" - 6.0 0.0',
    *PLAIN[1:],
]


@pytest.mark.django_db
def test_a_scored_line_whose_contract_cannot_be_read_is_kept_fixed(club):
    with translation.override("fr"):  # the importer's language: the note is kept in none
        imported = read_result_file(pbn({2: UNREAD}))
        assert imported.fixed_boards == ["2"]
        event = import_event(imported=imported, club=club)
    line = Result.objects.get(board__number=2, ns_pair__number=1)
    assert (line.contract, line.score_ns, line.ns_points, line.ew_points, line.is_fixed) == (
        "",
        650,
        6.0,
        0.0,
        True,
    )
    assert line.note == [
        {
            "code": "contract-unread",
            "values": {
                "contract": "'42'",
                "why": {
                    "code": "engine",
                    "values": {"message": "level must be 1 to 7", "values": {}},
                },
            },
        }
    ]
    with translation.override("en-gb"):
        assert note_text(line.note) == "the contract '42' cannot be read (level must be 1 to 7)"
    with translation.override("nb"):
        assert note_text(line.note) == "kontrakten '42' kan ikke leses (nivået må være 1 til 7)"
    assert _points(event, 2)[2] == (4.0, 2.0, False)  # the board's other lines are scored


@pytest.mark.django_db
def test_a_usebio_line_whose_contract_cannot_be_read_is_kept_fixed(club):
    """USEBIO 1.2's TRAVELLER_LINE with the program's own SCORE and NS_MATCH_POINTS beside a
    CONTRACT of `42` (tests/events/files/scorer_pairs_short.xml, hand-built, changed here)."""
    line = "<CONTRACT>{}</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE>"
    data = read_file("scorer_pairs_short.xml")
    assert line.format("4S").encode() in data
    imported = read_result_file(
        data.replace(line.format("4S").encode(), line.format("42").encode(), 1)
    )
    assert imported.fixed_boards == ["1"]
    event = import_event(imported=imported, club=club)
    kept = Result.objects.get(board__section__event=event, board__number=1, ns_pair__number=1)
    assert (kept.contract, kept.score_ns, kept.ns_points, kept.ew_points, kept.is_fixed) == (
        "",
        420,
        4.0,
        0.0,
        True,
    )
    with translation.override("en-gb"):
        assert note_text(kept.note) == "the contract '42' cannot be read (level must be 1 to 7)"


@pytest.mark.django_db
def test_why_a_line_is_fixed_reads_in_the_readers_language_wherever_it_is_shown(
    club, director, director_client, settings
):
    event = import_event(imported=read_result_file(pbn({2: UNREAD})), club=club)
    board = event.sections.get().boards.get()
    line = board.results.select_related("ns_pair").get(ns_pair__number=1)
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    why = "le contrat &#x27;42&#x27; ne peut pas être lu (le niveau doit être de 1 à 7)"

    traveller = director_client.get(reverse("traveller", args=[event.pk, "A", 2])).text
    assert f"modifier la ligne la recalcule ({why})" in traveller
    explanation = director_client.get(reverse("explain-score", args=[event.pk, "A", 2, "1"])).text
    assert f"calculées normalement. {why.capitalize()}.</p>" in explanation
    with translation.override("fr"):
        assert result_text(line) == (
            "+650 # le contrat '42' ne peut pas être lu (le niveau doit être de 1 à 7)"
        )
        csv = export_file(event=event, format_key="csv").decode()
    assert "le contrat '42' ne peut pas être lu (le niveau doit être de 1 à 7)" in csv

    Event.objects.filter(pk=event.pk).update(status="running")
    with recording(club=club, event=event, user=director, kind=Change.Kind.RESULT):
        save_line(
            board=board, line=parse_traveller_line("4S N 11"), ns_pair=1, ew_pair=6, result=line
        )
    history = director_client.get(reverse("director-history", args=[event.pk])).text
    assert f"# {why}" in history


def test_a_line_whose_contract_cannot_be_read_without_printed_points_is_refused():
    rows = ['1 1 1 6 42 N 11 - "650" - - -', *PLAIN[1:]]
    with pytest.raises(FileRefused) as refused:
        read_result_file(pbn({2: rows}))
    assert str(refused.value) == "line 9: the contract '42' cannot be read (level must be 1 to 7)"


@pytest.mark.django_db
@pytest.mark.parametrize("format_key", ["pbn", "usebio"])
def test_a_fixed_line_whose_points_fit_stays_fixed_through_our_own_file(club, format_key):
    """Its points agree with the board's rule, so only our file's own mark keeps it fixed."""
    event = import_event(imported=read_result_file(pbn({2: UNREAD})), club=club)
    data = export_file(event=event, format_key=format_key)
    again = read_result_file(data)
    assert (again.fixed_boards, [r for r in again.readings if r[0] == "Fixed scores"]) == (
        ["2"],
        [],
    )
    copy = import_event(imported=again, club=club)
    assert _points(copy, 2) == _points(event, 2)
    lines = json_export.event_results(pairs_file(event=copy))["boards"][0]["results"]
    assert [(line["ns"], line["fixed"]) for line in lines] == [
        (1, True), (2, False), (3, False), (4, False)
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (
            '1 1 1 6 42 N 11 - "655" - 6.0 0.0',
            "line 9: the contract '42' cannot be read (level must be 1 to 7)",
        ),
        (
            '1 1 1 6 4S N 11 - "650" - nan 0.0',
            None,  # printed points that are no number are not printed: scored as ever
        ),
    ],
    ids=["impossible-score", "nan-points"],
)
def test_what_a_file_prints_is_kept_only_when_it_can_be(row, message):
    data = pbn({2: [row, *PLAIN[1:]]})
    if message is None:
        imported = read_result_file(data)
        assert imported.boards[0].lines[0].published is None
        assert imported.fixed_boards == []
        return
    with pytest.raises(FileRefused) as refused:
        read_result_file(data)
    assert str(refused.value) == message


@pytest.mark.django_db
def test_a_board_not_played_at_a_table_keeps_that_line_not_played(club):
    """Ruter prints points on a not-played line too (tests/events/files/ruter_pairs.pbn): on a
    board whose points fit no rule, that line stays not played, nothing fixed on it."""
    rows = [*BAROMETER[:3], "4 1 4 8 NP - - - - - 2.0 2.0"]
    imported = read_result_file(pbn({1: rows, 2: PLAIN}))
    assert imported.fixed_boards == ["1"]
    event = import_event(imported=imported, club=club)
    assert _points(event, 1)[4] == (None, None, False)
    assert _points(event, 1)[1] == (2.0, 0.0, True)
