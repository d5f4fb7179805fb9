"""Several clubs on one site: a director of club B sees and changes nothing of club A's, at any
director address (events, players, history, backups, imports, downloads), while A's own
director reaches every one of them."""

import datetime
import uuid

import pytest
from django.test import Client
from django.urls import URLPattern, reverse

from events.models import Change, Club, Event, Player, Result, TableLine
from events.services.competitions import add_session, create_competition
from events.services.entry import board_meetings, save_line
from events.services.history import recording
from events.services.imports import store_upload
from events.services.member_lists import store_list
from events.services.tables.access import event_tables
from events.services.tables.calls import call_director
from events.services.teams.matches import create_match
from events.urls import urlpatterns
from scoring import mitchell, parse_traveller_line
from tests.events.files import read_file
from tests.events.fuzzing import snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_a(club, make_event, make_team_event, director):
    """Club A ("Test Bridge Club") with a running pairs event whose line is a recorded change,
    a table's waiting line and call, a player whose adding is a change of the club's own, a
    teams event with a match, a competition and an uploaded file."""
    event = make_event(mitchell(3, 2), name="A Pairs", status="setup")
    board = event.sections.get().boards.select_related("section__event").get(number=1)
    meeting = board_meetings(board=board)[0]
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    with recording(club=club, kind=Change.Kind.RESULT, event=event, user=director):
        result = save_line(
            board=board,
            line=parse_traveller_line("4S N 10"),
            ns_pair=meeting.ns,
            ew_pair=meeting.ew,
        )
    access = event_tables(event=event)[1]
    table_line = TableLine.objects.create(
        access=access, round=1, board_number=3, text="3NT N 9", key=uuid.uuid4()
    )
    teams = make_team_event(teams=2, name="A Teams")
    home, away = teams.teams.order_by("number")
    match = create_match(event=teams, round=1, table=1, home=home, away=away)
    competition = create_competition(
        club=club, name="A Series", carry_over="sum-percent", best_of=None
    )
    session = add_session(competition=competition, event=event)
    upload = store_upload(
        club=club, user=director, name="mp.xml", data=read_file("compscore_mp.xml")
    )
    with recording(club=club, kind=Change.Kind.PLAYER, user=director) as added:
        player = Player.objects.create(club=club, name="Ann Able")
    return {
        "slug": club.slug,
        "event_id": event.pk,
        "teams_event_id": teams.pk,
        "match_id": match.pk,
        "player_id": player.pk,
        "club_change_id": added.pk,
        "user_id": director.pk,
        "result_id": result.pk,
        "change_id": Change.objects.get(kind="result").pk,
        "competition_id": competition.pk,
        "access_id": access.pk,
        "call_id": call_director(access=access, round=1).pk,
        "line_id": table_line.pk,
        "session_id": session.pk,
        "upload_id": upload.pk,
        "members_upload_id": store_list(
            club=club, user=director, name="members.csv", data=b"Name\r\nAnn Able\r\n"
        ).pk,
    }


@pytest.fixture
def director_b(django_user_model):
    b = django_user_model.objects.create_user("director-b", password="x")
    Club.objects.create(name="Club B", slug="club-b").directors.add(b)
    client = Client()
    client.force_login(b)
    return client


def director_addresses(ids: dict) -> list[str]:
    """Every director address of events/urls.py, filled with club A's rows."""
    values = ids | {
        "section": "A",
        "number": 1,
        "pair": "1",
        "round_number": 1,
        "table": 1,
        "format_key": "csv",
        "extension": "csv",
    }
    addresses = []
    for pattern in urlpatterns:
        assert isinstance(pattern, URLPattern)
        names = list(pattern.pattern.converters)
        if not str(pattern.pattern).startswith("director/") or not names:
            continue
        kwargs = {name: values[name] for name in names}
        if "event_id" in names and ("team" in pattern.name or "match" in pattern.name):
            kwargs["event_id"] = ids["teams_event_id"]
        if pattern.name.startswith("members-") and "upload_id" in names:
            kwargs["upload_id"] = ids["members_upload_id"]
        if pattern.name == "club-undo":
            kwargs["change_id"] = ids["club_change_id"]
        addresses.append(reverse(pattern.name, kwargs=kwargs))
    return addresses


def test_a_director_of_club_b_sees_and_changes_nothing_of_club_a(
    club_a, director_b, director_client
):
    addresses = director_addresses(club_a)
    assert len(addresses) > 50
    before = snapshot()
    results = list(Result.objects.values_list())

    answers = {
        address: (director_b.get(address).status_code, director_b.post(address).status_code)
        for address in addresses
    }

    assert {a: s for a, s in answers.items() if not set(s) <= {404, 405}} == {}
    assert snapshot() == before and list(Result.objects.values_list()) == results
    reached = {a: director_client.get(a).status_code for a in addresses}
    # Club A's own director reaches them all (a pairs event has no individual's players page).
    players = reverse("director-players", args=[club_a["event_id"]])
    assert [a for a, status in reached.items() if status == 404] == [players]


def test_club_b_reads_only_what_the_public_reads_of_club_a(club_a, director_b, client):
    """A running event's files before the director publishes them, its history and the backup
    are the club's directors' alone; the public pages list both clubs."""
    event_id = club_a["event_id"]
    download = reverse("download", args=[event_id, "csv"])
    backup = reverse("club-backup", args=[club_a["slug"]])
    history = reverse("director-history", args=[event_id])

    # Results revealed as they are entered: B downloads them as the public does.
    assert director_b.get(download).content == client.get(download).content
    Event.objects.filter(pk=event_id).update(reveal=Event.Reveal.END_OF_SESSION)
    assert director_b.get(download).status_code == client.get(download).status_code == 404
    assert director_b.get(backup).status_code == 404
    assert director_b.get(history).status_code == 404
    home = director_b.get(reverse("home")).content.decode()
    assert "Test Bridge Club" in home and "Club B" in home
    director_home = director_b.get(reverse("director-home")).content.decode()
    assert "A Pairs" not in director_home and "Club B" in director_home


def test_the_public_home_lists_every_club_of_the_site(client, club, make_event):
    Club.objects.create(name="Hilltop Bridge Club", slug="hilltop")
    make_event(name="Tuesday Pairs", date=datetime.date(2026, 11, 24))

    page = client.get(reverse("home")).content.decode()

    assert "Hilltop Bridge Club" in page and "Test Bridge Club" in page
    assert "Tuesday Pairs" in page
