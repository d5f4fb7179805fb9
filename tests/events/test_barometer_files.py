"""A barometer read back from our own PBN and USEBIO files: still a barometer, on the same
table-rounds, with the same ranking after each round."""

import datetime
import random
import re

import pytest

from events.formats import FORMATS, json_export
from events.models import Board, Section, TableRound
from events.services.barometer import barometer_rankings
from events.services.entry import board_meetings, save_line
from events.services.exports import export_file, pairs_file
from events.services.imports import import_event
from events.services.individuals import create_individual_event
from scoring import (
    barometer_howell,
    barometer_individual,
    barometer_mitchell,
    mitchell,
    parse_traveller_line,
)
from scoring.movements import complete_individual

pytestmark = pytest.mark.django_db
SCORES = [90, 110, 120, 140, -90, -110, -120, -140]


def _play(event, *, leave_last_round_short: bool = True) -> None:
    """Every scheduled line, a part score each, but one table of the last round left out."""
    rng = random.Random(event.pk)
    boards = Board.objects.filter(section__event=event).select_related("section__event")
    last = max(TableRound.objects.filter(section__event=event).values_list("round", flat=True))
    for board in boards:
        for meeting in board_meetings(board=board):
            if leave_last_round_short and (meeting.round, meeting.table) == (last, 1):
                continue
            line = parse_traveller_line(f"{rng.choice(SCORES):+d}")
            save_line(board=board, line=line, ns_pair=meeting.ns, ew_pair=meeting.ew)


def _played_table_rounds(of) -> list[tuple]:
    """The table-rounds where two pairs play, of an event or of one section."""
    where = {"section": of} if isinstance(of, Section) else {"section__event": of}
    return list(
        TableRound.objects.filter(
            **where, ns_pair__isnull=False, ew_pair__isnull=False
        ).values_list(
            "round", "table", "ns_pair__number", "ew_pair__number", "low_board", "high_board"
        )
    )


def _after_each_round(event) -> list[tuple]:
    return [
        (
            ranking.round,
            [
                [(e.label, e.place, round(e.percentage, 6)) for e in moved.entries]
                for moved in ranking.groups
            ],
            [
                [(m.entry.label, m.before, m.entry.place) for m in moved.risers + moved.fallers]
                for moved in ranking.groups
            ],
        )
        for ranking in barometer_rankings(event=event)
    ]


@pytest.mark.parametrize("format_key", ["pbn", "usebio"])
@pytest.mark.parametrize(
    "movement",
    [barometer_howell(4, 2, rounds=4), barometer_mitchell(5, 2, rounds=4, sit_out=True)],
    ids=lambda m: m.name,
)
def test_a_barometer_comes_back_from_our_file(make_event, club, format_key, movement):
    event = make_event(movement, ew_numbered_on=False)
    _play(event)
    before = json_export.event_results(pairs_file(event=event))
    assert _after_each_round(event)[0][0] == 3  # round 4 is not complete

    data = export_file(event=event, format_key=format_key)
    imported = FORMATS[format_key].parse_file(data)
    # The import's preview says so.
    assert ("Movement", "A barometer: every table played each round's boards") in imported.readings
    copy = import_event(imported=imported, club=club)

    section = copy.sections.get()
    assert section.barometer and copy.reveal == "round"
    assert _played_table_rounds(copy) == _played_table_rounds(event)
    assert section.boards_per_round == 2
    after = json_export.event_results(pairs_file(event=copy))
    assert after["ranking"] == before["ranking"] and after["boards"] == before["boards"]
    assert _after_each_round(copy) == _after_each_round(event)
    # And out again: the same file but for what names the copy as imported.
    assert FORMATS[format_key].parse_file(export_file(event=copy, format_key=format_key)).barometer


@pytest.mark.parametrize("format_key", ["pbn", "usebio"])
def test_an_individual_barometer_comes_back_from_our_file(club, format_key):
    event = create_individual_event(
        club=club,
        movement=barometer_individual(complete_individual(8, 2, rounds=4)),
        name="Individual barometer",
        date=datetime.date(2026, 11, 26),
        status="running",
    )
    _play(event, leave_last_round_short=False)

    data = export_file(event=event, format_key=format_key)
    copy = import_event(imported=FORMATS[format_key].parse_file(data), club=club)

    assert copy.sections.get().barometer and copy.is_individual
    assert _played_table_rounds(copy) == _played_table_rounds(event)
    assert _after_each_round(copy) == _after_each_round(event)
    assert _after_each_round(copy)[0][0] == 4


def _unmarked(data: bytes, format_key: str) -> bytes:
    """Our file as another program writes a barometer: its rounds and tables on each line, and
    no word of a barometer or of its movement."""
    text = data.decode()
    if format_key == "pbn":
        text = re.sub(
            r"% <META\s+name=(Barometer|Movement|BoardsPerRound|TableRounds)\b.*\n", "", text
        )
    else:
        text = re.sub(r' (barometer|movement|boards_per_round|table_rounds)="[^"]*"', "", text)
    assert "arometer" not in text and "TableRounds" not in text and "table_rounds" not in text
    return text.encode()


@pytest.mark.parametrize("format_key", ["pbn", "usebio"])
def test_another_program_s_barometer_is_read_from_its_lines(make_event, club, format_key):
    """Every table of a round played that round's boards, and no board was played in two rounds:
    a barometer, though the file does not say so (as Ruter's and other Scandinavian programs'
    files carry a barometer: a round and a table on each line)."""
    event = make_event(barometer_howell(4, 2, rounds=4), ew_numbered_on=False)
    _play(event, leave_last_round_short=False)

    data = _unmarked(export_file(event=event, format_key=format_key), format_key)
    imported = FORMATS[format_key].parse_file(data)
    assert ("Movement", "A barometer: every table played each round's boards") in imported.readings
    copy = import_event(imported=imported, club=club)

    assert copy.sections.get().barometer and copy.reveal == "round"
    assert _played_table_rounds(copy) == _played_table_rounds(event)
    assert _after_each_round(copy) == _after_each_round(event)


@pytest.mark.parametrize("format_key", ["pbn", "usebio"])
def test_a_mitchell_s_lines_are_no_barometer(make_event, format_key):
    event = make_event(mitchell(5, 2))
    _play(event, leave_last_round_short=False)

    data = _unmarked(export_file(event=event, format_key=format_key), format_key)

    assert not FORMATS[format_key].parse_file(data).barometer


def test_a_plain_movement_s_file_says_nothing_of_a_barometer(make_event):
    event = make_event()
    _play(event)
    assert b"Barometer" not in export_file(event=event, format_key="pbn")
    assert b"barometer" not in export_file(event=event, format_key="usebio")


@pytest.mark.parametrize("format_key", ["pbn", "usebio"])
def test_a_barometer_of_two_sections_comes_back_section_by_section(make_event, club, format_key):
    event = make_event(barometer_howell(3, 2, rounds=3), sections=2)
    _play(event)

    data = export_file(event=event, format_key=format_key)
    copy = import_event(imported=FORMATS[format_key].parse_file(data), club=club)

    for letter in "AB":
        original, section = event.sections.get(letter=letter), copy.sections.get(letter=letter)
        assert section.barometer and section.boards_per_round == 2
        assert _played_table_rounds(section) == _played_table_rounds(original)
    assert _after_each_round(copy) == _after_each_round(event)
