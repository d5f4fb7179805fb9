"""An individual event's files: PBN with [Competition "Individuals"] and the players' seats.

The PBN 2.1 standard (Tis Veugen, https://www.tistis.nl/pbn/pbn_v21.txt, SPEC §6.1) names the
competition "Individuals"; the players of a ScoreTable row are in PlayerId_North, PlayerId_East,
PlayerId_South and PlayerId_West, and an individual's TotalScoreTable ranks PlayerId.
"""

import datetime
import io
import json
import random

import openpyxl
import pytest

from events.formats.imported import FileRefused
from events.models import Board, Event, Result
from events.services.entry import board_meetings, save_line
from events.services.exports import export_file
from events.services.imports import import_event, read_result_file
from events.services.individuals import create_individual_event, name_players, player_ranking
from scoring import parse_traveller_line
from scoring.movements.individual import rainbow_individual
from tests.events.files import confirm, upload
from tests.events.test_individuals import play_every_board

pytestmark = pytest.mark.django_db


def ranking_rows(event):
    return [
        (s.individual.number, s.individual.name, s.place, round(s.score, 6), s.boards_played)
        for s in player_ranking(section=event.sections.get())
    ]


def test_an_individual_exported_as_pbn_imports_back_with_the_same_ranking(club):
    movement = rainbow_individual(5, 1, rounds=3)
    event = create_individual_event(
        club=club, movement=movement, name="Ind", date=datetime.date(2026, 11, 23)
    )
    section = event.sections.get()
    name_players(section=section, names={1: "Ann North", 6: "Eve East", 11: "Sam South"})
    play_every_board(event, seed=4)
    data = export_file(event=event, format_key="pbn")
    text = data.decode("utf-8-sig")
    assert '[Competition "Individuals"]' in text
    assert "PlayerId_North" in text and "PlayerId_West" in text and "PairId_NS" not in text
    imported = read_result_file(data)
    assert imported.players[1] == "Ann North" and len(imported.players) == 20
    again = import_event(imported=imported, club=club)
    assert again.kind == Event.Kind.INDIVIDUAL
    assert ranking_rows(again) == ranking_rows(event)

    # The sides come back with the same players in the same seats on every line.
    def seated(e):
        lines = Result.objects.filter(board__section__event=e).select_related("ns_pair", "ew_pair")
        return sorted((r.board.number, r.ns_pair.names, r.ew_pair.names, r.score_ns) for r in lines)

    # And its own export is the same file, but for nothing.
    assert (
        export_file(event=again, format_key="pbn").decode("utf-8-sig").split("[Event")[1:]
        == text.split("[Event")[1:]
    )


SEATS = "PlayerId_North;PlayerId_East;PlayerId_South;PlayerId_West"
OTHER_PROGRAM = """% PBN 2.1
[Event "Club Individual"]
[Site "Elsewhere"]
[Date "2026.11.20"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Scoring "MP"]
[Competition "Individuals"]
[TotalScoreTable "Rank\\\\2R;PlayerId\\\\2R;TotalScoreMP\\\\5R;Names\\\\20L"]
1 3 2.00 "Cat West"
2 1 1.00 "Ann North"
[ScoreTable "{SEATS};Contract;Declarer;Result;Score_NS;Score_EW"]
1 2 5 3 4S N 10 420 -
4 7 8 6 4S N 9 - 50

[Event "Club Individual"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Scoring "MP"]
[Competition "Individuals"]
[ScoreTable "{SEATS};Contract;Declarer;Result;Score_NS;Score_EW"]
1 3 6 8 3NT E 9 - 400
4 2 7 5 3NT E 10 - 430
""".replace("{SEATS}", SEATS)


def test_another_programs_individual_file_is_scored_player_by_player(club):
    """No rounds or tables: each side is the two players on a line, each credited its score."""
    imported = read_result_file(OTHER_PROGRAM.encode())
    assert sorted(imported.players) == list(range(1, 9))
    event = import_event(imported=imported, club=club)
    rows = {s.individual.number: s for s in player_ranking(section=event.sections.get())}
    # Board 1: NS 420 (1 and 5) beats NS -50 (4 and 8): 1, 5 and their opponents' opponents
    # 7, 6 get the top, 2. Board 2: NS -400 (1 and 6) beats NS -430 (4 and 7): 1, 6 and the
    # other table's East-West, 2 and 5, get 2.
    counted = {1: 2 + 2, 5: 2 + 2, 2: 0 + 2, 3: 0 + 0, 4: 0 + 0, 6: 2 + 2, 7: 2 + 0, 8: 0 + 0}
    assert {n: s.score for n, s in rows.items()} == counted
    assert rows[3].individual.name == "Cat West" and rows[5].individual.name == ""


def test_an_individual_row_without_its_four_players_is_refused_naming_the_line():
    broken = OTHER_PROGRAM.replace("4 7 8 6 4S N 9", "4 7 - 6 4S N 9")
    with pytest.raises(FileRefused, match="line 15: the row needs four different players"):
        read_result_file(broken.encode())


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("1 2 5 3 4S", "1 40000 5 3 4S", "player 40000: player numbers go up to 32767"),
        ('"Cat West"', '"' + "C" * 60000 + '"', "player 3: the name 'CCCCCCCC"),
    ],
    ids=["number", "name"],
)
def test_an_individual_player_our_tables_cannot_hold_is_refused_naming_them(old, new, message):
    with pytest.raises(FileRefused, match=message):
        read_result_file(OTHER_PROGRAM.replace(old, new).encode())


def played_individual(club):
    movement = rainbow_individual(5, 1, rounds=3)
    event = create_individual_event(
        club=club, movement=movement, name="Ind", date=datetime.date(2026, 11, 23)
    )
    name_players(section=event.sections.get(), names={1: "Ann North", 20: "Wil West"})
    play_every_board(event, seed=7)
    return event, movement


def test_the_json_ranks_players_and_names_the_four_players_of_every_line(club):
    event, movement = played_individual(club)
    data = json.loads(export_file(event=event, format_key="json"))
    assert data["event"]["kind"] == "individual"
    expected = player_ranking(section=event.sections.get())
    assert [(r["player"], r["name"], r["place"]) for r in data["ranking"]] == [
        (s.individual.number, s.individual.name, s.place) for s in expected
    ]
    assert [r["percentage"] for r in data["ranking"]] == [
        pytest.approx(s.percentage) for s in expected
    ]
    seating = {(s.round, s.table): s for s in movement.seatings}
    lines = [line for board in data["boards"] for line in board["results"]]
    assert len(lines) == 15
    for line in lines:
        s = seating[line["round"], line["table"]]
        assert line["players"] == {"E": s.east, "N": s.north, "S": s.south, "W": s.west}


def test_the_workbook_ranks_players_and_gives_each_a_scorecard(club):
    event, _ = played_individual(club)
    book = openpyxl.load_workbook(io.BytesIO(export_file(event=event, format_key="xlsx")))
    ranking = [row for row in book["Ranking"].iter_rows(values_only=True) if row[1] is not None]
    header = ranking.index(("Place", "Player", "Name", "%", "MPs", "Boards"))
    rows = ranking[header + 1 :]
    expected = player_ranking(section=event.sections.get())
    assert [(r[1], r[2] or "", r[5]) for r in rows] == [
        (s.individual.number, s.individual.name, s.boards_played) for s in expected
    ]
    assert [r[3] for r in rows] == [pytest.approx(s.percentage) for s in expected]
    cards = [r[0] for r in book["Scorecards"].iter_rows(values_only=True) if r[0]]
    assert sum(str(c).startswith("Player ") for c in cards) == 20
    assert "Player 1 Ann North: place " in " ".join(str(c) for c in cards)
    travellers = [r for r in book["Travellers"].iter_rows(values_only=True)]
    assert any(r[0] and str(r[0]).startswith("1 Ann North & 11") for r in travellers)


def test_an_individual_exported_as_usebio_imports_back_with_the_same_ranking(club):
    """USEBIO 1.2 names the event type INDIVIDUAL (a Scorer-to-USEBIO converter and
    marcshearer/ImportUsebio list it, tests/events/test_conventions.py); its DTD could not be
    read (SPEC §6.2), so the players of a line ride in our NORTH_PLAYER_NUMBER ..
    WEST_PLAYER_NUMBER, after PBN's PlayerId_North .. PlayerId_West, and PARTICIPANTS lists
    PLAYER elements with PLAYER_NUMBER, PLAYER_NAME, TOTAL_SCORE, PERCENTAGE and PLACE."""
    event, _ = played_individual(club)
    data = export_file(event=event, format_key="usebio")
    text = data.decode()
    assert '<EVENT EVENT_TYPE="INDIVIDUAL">' in text and "NS_PAIR_NUMBER" not in text
    assert "<PLAYER_NUMBER>1</PLAYER_NUMBER>" in text
    again = import_event(imported=read_result_file(data), club=club)
    assert again.is_individual
    assert ranking_rows(again) == ranking_rows(event)
    assert export_file(event=again, format_key="usebio").split(b"<EVENT ")[1].replace(
        f"<EVENT_IDENTIFIER>{again.pk}<".encode(), b""
    ) == data.split(b"<EVENT ")[1].replace(f"<EVENT_IDENTIFIER>{event.pk}<".encode(), b"")


def test_an_individual_file_uploaded_is_previewed_player_by_player_then_imported(
    director_client, club
):
    preview = upload(director_client, club, "individual.pbn", OTHER_PROGRAM.encode())
    content = preview.content.decode()
    assert "8 players · 2 boards · 4 traveller lines" in content
    assert "An individual: 8 players" in content
    assert '<th class="num">Player</th>' in content and "Cat West" in content
    assert not Event.objects.exists()
    confirm(director_client, club)
    event = Event.objects.get()
    assert event.is_individual and event.sections.get().individuals.count() == 8


@pytest.mark.parametrize("format_key", ["pbn", "usebio"])
def test_an_individual_half_played_imports_back_with_each_board_scaled_to_every_table(
    club, format_key
):
    """Three rounds of a 5-table Rainbow played: each board has 3 of its 5 results, Neuberg
    scales them to 5. The file's matchpoints show it, and the import scores it so: its tables
    are its players four a table (20 players, 5 tables), not its sides two a table."""
    event = create_individual_event(
        club=club, movement=rainbow_individual(5, 1), name="Ind", date=datetime.date(2026, 11, 23)
    )
    rng = random.Random(5)
    for board in Board.objects.filter(section__event=event).select_related("section__event"):
        for meeting in board_meetings(board=board):
            if meeting.round <= 3:
                line = parse_traveller_line(rng.choice(["4S N 10", "4S N 9", "3NT S 10", "P"]))
                save_line(board=board, line=line, ns_pair=meeting.ns, ew_pair=meeting.ew)
    top = max(s.score for s in player_ranking(section=event.sections.get()))
    assert top > 3 * 4  # scaled: more than three boards' top on a board of 3 results
    imported = read_result_file(export_file(event=event, format_key=format_key))
    again = import_event(imported=imported, club=club)
    assert ranking_rows(again) == ranking_rows(event)
    assert ("Short boards", "Neuberg, to 5 results, every table counted: as the file's "
            "matchpoints show") in imported.readings  # fmt: skip


def test_our_file_of_a_running_event_imports_running_and_says_so(director_client, club):
    event, _ = played_individual(club)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    event.refresh_from_db()
    preview = upload(
        director_client, club, "ind.pbn", export_file(event=event, format_key="pbn")
    ).content.decode()
    assert "Saving publishes the event" not in preview
    assert "Saving keeps the event running, as the file says" in preview
    page = confirm(director_client, club, earlier="new")
    again = Event.objects.latest("pk")
    assert again.status == Event.Status.RUNNING
    assert page.url == f"/director/events/{again.pk}/"
    shown = director_client.get(page.url).content.decode()
    assert "Imported and published" not in shown
    assert "Imported: Ind, running as the file says." in shown
