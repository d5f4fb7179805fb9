"""The public pages of a teams event are rendered once for every reader who is not logged in, as
the pairs pages are, and never outlive a change: each kind of change is on the next reader's page
at once (a page read before it is in the cache), and a match still being played never shows its
boards or IMPs through a cached page."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from events.models import Change, Event, Match
from events.services.history import undo_change
from events.services.status import change_status
from events.services.teams.lines import delete_match_line, save_match_line
from events.services.teams.matches import (
    adjust_match,
    assign_board_imps,
    create_match,
    save_captains_totals,
)
from events.services.teams.registration import delete_team, register_team, update_team
from events.services.teams.rounds import (
    delete_round,
    draw_next_round,
    round_matches,
    swap_teams,
)
from events.services.teams.setup import update_team_settings
from scoring import parse_traveller_line

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')


@pytest.fixture
def event(make_team_event):
    return make_team_event(teams=4, boards_per_match=4, vp_scale="20-table")


@pytest.fixture
def match(event):
    home, away = event.teams.get(number=1), event.teams.get(number=2)
    return create_match(event=event, round=1, table=1, home=home, away=away)


def read(url: str, **headers) -> str:
    """The page as a reader who is not logged in gets it (and the cache keeps)."""
    response = Client().get(url, **headers)
    assert response.status_code == 200
    return response.content.decode()


def standings(event) -> str:
    return read(reverse("event", args=[event.pk]))


def draw(event) -> str:
    return read(reverse("teams-round", args=[event.pk]))


def save(match, board: int, table: int, text: str) -> None:
    save_match_line(match=match, board_number=board, table=table, line=parse_traveller_line(text))


def home_teams(html: str) -> list[str]:
    """The draw's home teams, table by table."""
    return re.findall(r'<td class="num">\d+</td>\s*<td><a href="[^"]+">([^<]+)</a>', html)


@pytest.mark.parametrize(
    "name", ["event", "ranking-fragment", "teams-round", "teams-projector", "team", "match"]
)
def test_a_teams_page_read_again_costs_no_query(name, event, match, django_assert_num_queries):
    args = {"team": [event.pk, 1], "match": [event.pk, match.pk]}.get(name, [event.pk])
    url = reverse(name, args=args)
    first = read(url)
    # Served before the session and the event are read (events.middleware.CachedPublicPages).
    with django_assert_num_queries(0):
        again = read(url)
    assert CSRF.sub("", again) == CSRF.sub("", first)


def test_the_projector_s_refresh_is_kept_apart_from_its_page(event, match):
    url = reverse("teams-projector", args=[event.pk])
    page = read(url)
    part = read(url, HTTP_HX_REQUEST="true")
    assert "<html" in page and "<html" not in part
    assert "<html" in read(url)


def test_a_directors_page_is_never_a_readers(director_client, event, match):
    standings(event)
    assert "Log out" in director_client.get(reverse("event", args=[event.pk])).text
    assert "Log out" not in standings(event)


# Each kind of change, on the page read just before it


def test_a_line_saved(event, match):
    save(match, 1, 1, "4S N 10")
    assert "10–0" not in standings(event)
    save(match, 1, 2, "4S N 9")
    assert "10–0" in standings(event)


def test_a_line_saved_through_the_entry_page(director_client, event, match):
    save(match, 1, 1, "4S N 10")
    assert "10–0" not in standings(event)
    director_client.post(
        reverse("match-line-save", args=[event.pk, match.pk]),
        {"board": 1, "table": 2, "order": "boards", "line": "4S N 9"},
        HTTP_HX_REQUEST="true",
    )
    assert "10–0" in standings(event)


def test_a_line_undone(event, match):
    save(match, 1, 1, "4S N 10")
    save(match, 1, 2, "4S N 9")
    assert "10–0" in standings(event)
    undo_change(change=Change.objects.filter(event=event, kind=Change.Kind.RESULT).latest("pk"))
    assert "10–0" not in standings(event)


def test_a_line_deleted(event, match):
    save(match, 1, 1, "4S N 10")
    save(match, 1, 2, "4S N 9")
    assert "10–0" in standings(event)
    delete_match_line(match=match, board_number=1, table=2)
    assert "10–0" not in standings(event)


def test_the_captains_totals(event, match):
    assert "31–6" not in standings(event)
    save_captains_totals(match=match, home_imps=31, away_imps=6)
    assert "31–6" in standings(event)


def test_an_assigned_score(event, match):
    assert "7–2" not in standings(event)
    adjust_match(match=match, assigned_imps=(7, 2))
    assert "7–2" in standings(event)


def test_a_penalty(event, match):
    save_captains_totals(match=match, home_imps=5, away_imps=0)
    assert "(−1)" not in standings(event)
    adjust_match(match=match, penalties=(1, 0))
    assert "(−1)" in standings(event)


def test_a_boards_assigned_imps(event, match):
    assert "0–3" not in standings(event)
    assign_board_imps(match=match, number=2, imps=-3)
    assert "0–3" in standings(event)


def test_a_round_drawn_and_taken_back(event):
    assert "No round is drawn yet." in draw(event)
    draw_next_round(event=event)
    assert "No round is drawn yet." not in draw(event)
    delete_round(event=event, round=1)
    assert "No round is drawn yet." in draw(event)


def test_two_teams_swapped(event):
    draw_next_round(event=event)
    first, second = [m.home for m in round_matches(event=event, round=1)]
    assert home_teams(draw(event)) == [first.name, second.name]
    swap_teams(event=event, round=1, first=first, second=second)
    assert home_teams(draw(event)) == [second.name, first.name]


def test_a_team_registered_renamed_and_withdrawn(event):
    assert "Late Comers" not in standings(event)
    register_team(event=event, name="Late Comers", players=["Lou", "Les", "Lea", "Lin"])
    assert "Late Comers" in standings(event)
    team = event.teams.get(name="Late Comers")
    update_team(team=team, name="Early Birds", players=["Lou", "Les", "Lea", "Lin"])
    assert "Early Birds" in standings(event)
    delete_team(team=event.teams.get(name="Early Birds"))
    assert "Early Birds" not in standings(event)


def test_the_results_published(event, match):
    Event.objects.filter(pk=event.pk).update(reveal=Event.Reveal.END_OF_SESSION)
    save_captains_totals(match=match, home_imps=31, away_imps=6)
    assert "shown when the director publishes" in standings(event)
    change_status(event=Event.objects.get(pk=event.pk), status="published")
    assert "shown when the director publishes" not in standings(event)


def test_the_settings_changed(event, match):
    save_captains_totals(match=match, home_imps=5, away_imps=0)
    assert "13–7" in standings(event)  # 20-table, 4 boards: 5 IMPs is 13-7
    update_team_settings(
        event=event, event_fields={"name": "Renamed Swiss"}, vp_scale="wbf", boards_per_match=8
    )
    page = standings(event)
    assert "Renamed Swiss" in page and "13–7" not in page


# The reveal rule


def test_a_match_being_played_shows_nothing_through_a_cached_page(event, match):
    """Read by every phone after each line, the match page keeps its boards to itself until the
    match has finished; then they are shown at once."""
    url = reverse("match", args=[event.pk, match.pk])
    for board in range(1, 5):
        for table in (1, 2):
            if (board, table) != (4, 2):
                save(match, board, table, "4S N 10" if table == 1 else "4S N 9")
                page = read(url)
                assert "The boards are shown once the match has finished." in page
                assert "+420" not in page
    save(match, 4, 2, "4S N 9")
    assert "+420" in read(url)


def test_the_end_of_round_rule_keeps_a_round_back_until_its_last_match_finishes(event, match):
    Event.objects.filter(pk=event.pk).update(reveal=Event.Reveal.END_OF_ROUND)
    other = create_match(
        event=event,
        round=1,
        table=2,
        home=event.teams.get(number=3),
        away=event.teams.get(number=4),
    )
    save_captains_totals(match=match, home_imps=31, away_imps=6)
    pages = [
        reverse("event", args=[event.pk]),
        reverse("team", args=[event.pk, 1]),
        reverse("match", args=[event.pk, match.pk]),
    ]
    for url in pages:
        assert "31–6" not in read(url) and "19–1" not in read(url)
    save(other, 1, 1, "4S N 10")  # round 1 is still being played
    for url in pages:
        assert "31–6" not in read(url)
    save_captains_totals(match=other, home_imps=3, away_imps=3)
    assert Match.objects.filter(event=event, finished=False).count() == 0
    assert all("31" in read(url) for url in pages)
