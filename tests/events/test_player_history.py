"""A player's page: their events at the club, partner, score and place, and a chart of their
percentages; only what each event's reveal rule lets players read."""

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse

from events.models import Player
from events.services.individuals import create_individual_event, name_players, player_ranking
from events.services.player_history import percentage_chart, player_history
from events.services.setup import name_pair
from scoring import mitchell
from scoring.movements.individual import rainbow_individual
from tests.events.test_individuals import play_every_board
from tests.events.test_public_views import enter

pytestmark = pytest.mark.django_db


def played(make_event, day, partner, **settings):
    """An event on 2026-11-`day` where Ann and `partner` sit as pair 1, who score +420 on
    board 1 against two +450s (a bottom) or, on board 2, a top."""
    event = make_event(
        mitchell(3, 2), name=f"Pairs {day}", date=datetime.date(2026, 11, day), **settings
    )
    pair = event.sections.get().pairs.get(number=1)
    name_pair(pair=pair, names=["Ann", partner])
    enter(event, 1, "4S N 10", "4S N 11", "4S N 11")
    return event


def test_the_history_lists_the_events_players_may_read_newest_first(client, make_event):
    first = played(make_event, 2, "Bob", status="published")
    live = played(make_event, 9, "Cy", status="running")
    played(make_event, 16, "Di", status="running", reveal="session")  # hidden until published
    played(make_event, 23, "Ed", status="setup")
    imps = played(make_event, 24, "Bob", status="published", scoring="butler")
    ann = Player.objects.get(name="Ann")

    rows = player_history(player=ann)

    assert [row.event for row in rows] == [imps, live, first]
    assert [[p.name for p in row.partners] for row in rows] == [["Bob"], ["Cy"], ["Bob"]]
    assert [row.percentage for row in rows] == [None, 0.0, 0.0]
    page = client.get(reverse("player", args=["test-club", ann.pk])).content.decode()
    assert "Pairs 16" not in page and "Pairs 23" not in page
    assert page.count('<circle class="chart-point"') == 2  # the two matchpoint events
    assert 'class="chart-line" points="' in page
    assert " style=" not in page and "<script>" not in page
    assert "0.00%" in page and "IMPs" in page
    assert reverse("scorecard", args=[first.pk, "A", 1]) in page
    bob = Player.objects.get(name="Bob")
    assert reverse("player", args=["test-club", bob.pk]) in page


def test_an_event_not_yet_published_is_marked_in_progress(client, make_event):
    played(make_event, 2, "Bob", status="published")
    played(make_event, 9, "Cy", status="running")
    rounds = played(make_event, 16, "Di", status="running", reveal="round")
    for number in range(2, 7):  # every round complete
        enter(rounds, number, "4S N 10", "4S N 10", "4S N 10")
    ann = Player.objects.get(name="Ann")

    rows = player_history(player=ann)

    assert [row.progress for row in rows] == ["after round 3", "in progress", ""]
    page = client.get(reverse("player", args=["test-club", ann.pk])).content.decode()
    assert '<span class="muted progress">(after round 3)</span>' in page
    assert page.count('<span class="muted progress">(in progress)</span>') == 1


def test_the_chart_draws_each_percentage_on_its_scale(make_event):
    played(make_event, 2, "Bob", status="published")
    rows = player_history(player=Player.objects.get(name="Ann"))
    chart = percentage_chart(rows)
    assert [level for _, level in chart.levels] == [0, 10, 20, 30, 40, 50, 60]
    assert chart.points[0].y == chart.levels[0][0]  # 0% sits on the 0% line
    assert percentage_chart([]) is None


@pytest.mark.parametrize("language", ["fr", "nb"])
def test_the_charts_coordinates_keep_the_decimal_point_in_every_language(make_event, language):
    # A decimal comma in an SVG coordinate is no number: the chart drew nothing in French.
    played(make_event, 2, "Bob", status="published")
    played(make_event, 9, "Cy", status="published")
    ann = Player.objects.get(name="Ann")
    reader = Client(headers={"accept-language": language})

    page = reader.get(reverse("player", args=["test-club", ann.pk])).content.decode()

    coordinates = re.findall(r' (?:cx|cy|y|y1|y2)="([^"]*)"', page)
    assert len(coordinates) == 2 * 2 + 7 * 3  # two points, seven levels (a line and a label)
    assert [c for c in coordinates if not re.fullmatch(r"\d+\.\d", c)] == []


def test_scorecard_names_link_to_the_players_pages(client, make_event):
    event = played(make_event, 2, "Bob", status="published")
    page = client.get(reverse("scorecard", args=[event.pk, "A", 1])).content.decode()
    assert "<title>Scorecard of pair 1 · Pairs 2 · Clubscoring</title>" in page
    assert "<h1>Scorecard of pair 1: <a href=" in page
    for name in ("Ann", "Bob"):
        player = Player.objects.get(name=name)
        assert f'<a href="{reverse("player", args=["test-club", player.pk])}">{name}</a>' in page


def test_a_player_of_another_club_or_none_is_not_found(client, make_event):
    played(make_event, 2, "Bob", status="published")
    ann = Player.objects.get(name="Ann")
    assert client.get(reverse("player", args=["other-club", ann.pk])).status_code == 404
    assert client.get(reverse("player", args=["test-club", ann.pk + 100])).status_code == 404


def test_the_player_page_reads_a_few_queries_an_event(
    client, make_event, django_assert_max_num_queries
):
    for day in range(1, 6):
        played(make_event, day, f"Partner {day}", status="published")
    ann = Player.objects.get(name="Ann")
    with django_assert_max_num_queries(3 + 2 * 5):
        page = client.get(reverse("player", args=["test-club", ann.pk])).content.decode()
    assert len(re.findall(r"Partner \d", page)) >= 5


def test_an_individual_is_in_the_history_with_its_place_and_the_players_scorecard(
    client, make_event, club
):
    pairs = played(make_event, 2, "Bob", status="published")
    event = create_individual_event(
        club=club,
        movement=rainbow_individual(5, 1, rounds=3),
        name="Friday Individual",
        date=datetime.date(2026, 11, 6),
        status="running",
    )
    section = event.sections.get()
    name_players(section=section, names={7: "Ann", 8: "Cy"})
    play_every_board(event, seed=3)
    ann = Player.objects.get(name="Ann")
    standing = next(s for s in player_ranking(section=section) if s.individual.number == 7)

    rows = player_history(player=ann)

    assert [row.event for row in rows] == [event, pairs]
    assert rows[0].percentage == pytest.approx(standing.percentage)
    assert rows[0].place == standing.place and rows[0].partners == []
    page = client.get(reverse("player", args=["test-club", ann.pk])).content.decode()
    assert reverse("player-scorecard", args=[event.pk, "A", 7]) in page
    card = client.get(reverse("player-scorecard", args=[event.pk, "A", 7])).content.decode()
    assert f'<a href="{reverse("player", args=["test-club", ann.pk])}">Ann</a>' in card


def test_a_place_in_a_sectioned_event_names_its_section(make_event):
    event = make_event(
        mitchell(3, 2), sections=2, ew_numbered_on=False, winners=2, status="published"
    )
    pair = event.sections.get(letter="B").pairs.get(number=2)
    name_pair(pair=pair, names=["Ann", "Bob"])

    [row] = player_history(player=Player.objects.get(name="Ann"))

    assert row.place == "1= NS in section B"
