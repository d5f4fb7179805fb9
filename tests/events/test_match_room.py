"""A teams event's room (issue 23, items 9 and 11): each board of the round's matches at both
their tables, the lines waiting there, the calls, and the director's take-over of a waiting
line, as a pairs event's room."""

import re
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.models import Change, Match, MatchLine, TableCall, TableLine
from events.services.notes import note_text
from events.services.tables.access import event_tables
from events.services.tables.match_tables import accept_line, dispute_line, enter_line
from events.services.teams.lines import save_match_line
from events.services.teams.rounds import draw_next_round
from scoring import parse_traveller_line

pytestmark = pytest.mark.django_db


def _enter(access, board, text):
    return enter_line(access=access, round=1, board_number=board, text=text, key=uuid.uuid4())


@pytest.fixture
def room(make_team_event):
    """Round 1 of four teams, four boards a match: at match table 1, table 1 entered and
    accepted board 1 and waits for the opponents on board 2; at table 2 the director entered
    board 1 and the opponents disputed board 2."""
    event = make_team_event(teams=4, boards_per_match=4)
    draw_next_round(event=event)
    tables = {(a.table, a.half): a for a in event_tables(event=event)}
    match = Match.objects.get(event=event, round=1, table=1)
    first, second = tables[1, 1], tables[1, 2]
    accept_line(access=first, key=_enter(first, 1, "4S N 10").key)
    waiting = _enter(first, 2, "3NT E 8")
    save_match_line(match=match, board_number=1, table=2, line=parse_traveller_line("4S S 9"))
    disputed = dispute_line(access=second, key=_enter(second, 2, "2H W 8").key)
    return event, match, waiting, disputed


def _cells(content: str, table: str) -> list[tuple[str, str]]:
    """Each board's (number, state) in the row of match table `table` ("1-2")."""
    row = content.split(f'data-table="{table}">')[1].split("</tr>")[0]
    found = re.findall(r'<span class="board-cell ?(\w*)" data-board="(\d+)"', row)
    return [(number, state) for state, number in found]


def test_the_room_shows_each_board_at_both_tables_of_each_match(director_client, room):
    event, match, waiting, disputed = room

    content = director_client.get(reverse("director-room", args=[event.pk])).content.decode()

    assert "<h2>Round 1</h2>" in content
    assert _cells(content, "1-1") == [("1", "table"), ("2", "waiting"), ("3", ""), ("4", "")]
    assert _cells(content, "1-2") == [("1", "director"), ("2", "disputed"), ("3", ""), ("4", "")]
    assert _cells(content, "2-1") == [(str(n), "") for n in (1, 2, 3, 4)]
    assert '<tr class="room-match called" data-table="1-1">' in content
    assert f'<a href="{match.get_director_url()}"' in content  # the take-over: the match's grid
    home, away = match.home.name, match.away.name
    assert f"<td>{home} v {away}</td>" in content
    assert (
        f'<td>{away} v {home}<span class="note called">called the director</span></td>' in content
    )
    # The waiting lines, each with its buttons.
    for line, text in ((waiting, "3NT E 8"), (disputed, "2H W 8")):
        row = content.split(f'id="table-line-{line.pk}"')[1].split("</tr>")[0]
        assert f"<code>{text}</code>" in row and "Accept for the table" in row
    assert "<td>Match table 1, table 1</td>" in content
    # The dispute's call, with its line and its Clear button.
    call = TableCall.objects.get()
    panel = content.split('id="calls"')[1].split("</section>")[0]
    assert f'id="call-{call.pk}"' in panel and "<strong>Match table 1, table 2</strong>" in panel
    assert "<code>2H W 8</code>" in panel and "Clear</button>" in panel
    grid = reverse("director-room-grid", args=[event.pk])
    assert f'hx-get="{grid}?round=1" hx-trigger="every 3s"' in content


def test_a_teams_rooms_round_is_a_tour_in_french(director_client, room):
    event, *_ = room
    url = reverse("director-room", args=[event.pk])
    french = director_client.get(url, headers={"accept-language": "fr"}).content.decode()
    assert "<h2>Tour 1</h2>" in french and "Position 1" not in french
    assert "<strong>Table de match 1, table 2</strong>, tour 1, donne 2\u00a0:" in french


def test_the_teams_page_links_the_room(director_client, room):
    event = room[0]
    content = director_client.get(reverse("director-teams", args=[event.pk])).content.decode()
    assert f'href="{reverse("director-room", args=[event.pk])}"' in content


def test_the_director_accepts_a_teams_tables_line_from_the_room(director_client, room, director):
    event, match, waiting, _ = room

    response = director_client.post(
        reverse("director-table-line-accept", args=[event.pk, waiting.pk]),
        {"round": "1"},
        HTTP_HX_REQUEST="true",
    )

    content = response.content.decode()
    assert "Board 2 of table 1 of match 1 saved." in content
    assert f'id="table-line-{waiting.pk}"' not in content
    assert _cells(content, "1-1")[1] == ("2", "table")
    assert response.headers["HX-Trigger"] == '{"result-saved": {}}'
    saved = MatchLine.objects.get(board__match=match, board__number=2, table=1)
    assert saved.score_ns == 50
    waiting.refresh_from_db()
    assert (waiting.state, waiting.match_line) == ("accepted", saved)
    change = Change.objects.latest("pk")
    assert (note_text(change.note), change.user) == (
        "accepted by the director for table 1 of match 1",
        director,
    )


def test_accepting_a_disputed_teams_line_settles_its_call(director_client, room):
    event, match, _, disputed = room
    director_client.post(reverse("director-table-line-accept", args=[event.pk, disputed.pk]))
    assert MatchLine.objects.get(board__match=match, board__number=2, table=2).score_ns == -110
    assert TableCall.objects.get().cleared is not None


def test_a_refused_teams_line_stays_waiting_and_the_room_says_why(director_client, room):
    event, _, waiting, _ = room
    TableLine.objects.filter(pk=waiting.pk).update(text="8S N 10")

    content = director_client.post(
        reverse("director-table-line-accept", args=[event.pk, waiting.pk]), HTTP_HX_REQUEST="true"
    ).content.decode()

    assert 'role="alert">Board 2 of table 1 of match 1 was not saved: ' in content
    assert TableLine.objects.get(pk=waiting.pk).state == "entered"
    assert not MatchLine.objects.filter(board__number=2).exists()


def test_the_director_discards_a_teams_tables_line_from_the_room(director_client, room):
    event, _, waiting, disputed = room

    response = director_client.post(
        reverse("director-table-line-discard", args=[event.pk, disputed.pk])
    )

    assert response.url == reverse("director-room", args=[event.pk])
    assert list(TableLine.objects.exclude(state="accepted")) == [waiting]
    assert TableCall.objects.get().cleared is not None  # the dispute is settled
    content = director_client.post(
        reverse("director-table-line-discard", args=[event.pk, waiting.pk]),
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert "The line of board 2 at table 1 of match 1 is discarded." in content
    assert _cells(content, "1-1")[1] == ("2", "")


def test_the_room_shows_the_round_asked_for(director_client, room):
    event, *_ = room
    for match in Match.objects.filter(event=event, round=1):
        Match.objects.filter(pk=match.pk).update(finished=True)
    draw_next_round(event=event)
    url = reverse("director-room", args=[event.pk])

    latest = director_client.get(url).content.decode()
    asked = director_client.get(url, {"round": "1"}).content.decode()

    assert "<h2>Round 2</h2>" in latest and f'href="{url}?round=1"' in latest
    assert "<h2>Round 1</h2>" in asked and _cells(asked, "1-1")[1] == ("2", "waiting")


def test_the_teams_rooms_grid_costs_the_same_queries_at_any_size(director_client, make_team_event):
    """Polled every few seconds by every director: a few queries, however many matches."""
    counts = []
    for teams in (4, 16):
        event = make_team_event(teams=teams, boards_per_match=4, name=f"{teams} teams")
        draw_next_round(event=event)
        accesses = event_tables(event=event)
        for access in accesses[:4]:
            _enter(access, 1, "4S N 10" if access.half == 1 else "4S S 10")
        accept_line(access=accesses[0], key=TableLine.objects.filter(access=accesses[0]).get().key)
        dispute_line(access=accesses[1], key=TableLine.objects.filter(access=accesses[1]).get().key)
        url = reverse("director-room-grid", args=[event.pk])
        with CaptureQueriesContext(connection) as queries:
            content = director_client.get(url).content.decode()
        assert content.count('class="room-match') == teams  # two tables a match
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 9
