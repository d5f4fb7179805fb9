"""A Swiss's first round is drawn at random from a seed of its own: a fresh one for each new
event, stored with it, shown on its pages and changeable."""

import re

import pytest
from django.urls import reverse

from events.models import Change, TeamSettings
from events.services.history_text import change_lines
from events.services.teams.rounds import draw_next_round
from events.services.teams.setup import TeamRefused, create_team_event, update_team_settings

pytestmark = pytest.mark.django_db


def test_each_new_teams_event_draws_its_own_random_seed(club):
    seeds = {
        create_team_event(club=club, name=f"Swiss {n}", date="2026-11-29").team_settings.draw_seed
        for n in range(3)
    }
    assert len(seeds) == 3  # three events, three seeds (two alike: once in two billion)
    assert all(0 <= seed < 2**31 for seed in seeds)


def test_the_new_teams_event_page_offers_a_fresh_seed_that_the_event_keeps(director_client, club):
    page = reverse("teams-event-new", args=[club.slug])
    offered = [
        int(re.search(r'name="draw_seed" value="(\d+)"', director_client.get(page).text)[1])
        for _ in range(2)
    ]
    assert offered[0] != offered[1]
    director_client.post(
        page,
        {
            "name": "Sunday Swiss",
            "date": "2026-11-29",
            "reveal": "always",
            "format": "swiss",
            "match_scoring": "vps",
            "vp_scale": "wbf",
            "bam_points": 1,
            "boards_per_match": 6,
            "round_robin_cycles": 1,
            "bye_vps": "12",
            "tie_break": "ebu",
            "first_round": "random",
            "draw_seed": offered[1],
            "odd_field": "bye",
            "danish_rounds": 0,
        },
    )
    assert TeamSettings.objects.get(event__name="Sunday Swiss").draw_seed == offered[1]


def settings_fields(event, draw_seed) -> dict:
    return {
        "name": event.name,
        "date": "2026-11-22",
        "reveal": "always",
        "format": "swiss",
        "match_scoring": "vps",
        "vp_scale": "20-table",
        "bam_points": 1,
        "boards_per_match": 4,
        "round_robin_cycles": 1,
        "bye_vps": "12",
        "tie_break": "ebu",
        "first_round": "random",
        "draw_seed": draw_seed,
        "odd_field": "bye",
        "danish_rounds": 0,
    }


def test_the_seed_changes_on_the_settings_page_until_round_one_is_drawn_and_is_recorded(
    director_client, make_team_event
):
    event = make_team_event(teams=4, boards_per_match=4, vp_scale="20-table", draw_seed=11)
    url = reverse("teams-settings", args=[event.pk])
    assert 'name="draw_seed" value="11"' in director_client.get(url).text

    director_client.post(url, settings_fields(event, 2026))

    event.team_settings.refresh_from_db()
    assert event.team_settings.draw_seed == 2026
    change = Change.objects.filter(event=event, kind=Change.Kind.SETTINGS).latest("pk")
    assert "Draw seed: 11 -> 2026" in change_lines(change=change)


def test_once_round_one_is_drawn_the_seed_is_shown_fixed_and_no_longer_changes(
    director_client, make_team_event
):
    event = make_team_event(teams=4, boards_per_match=4, vp_scale="20-table", draw_seed=11)
    draw_next_round(event=event)
    url = reverse("teams-settings", args=[event.pk])

    page = director_client.get(url).text
    director_client.post(url, settings_fields(event, 2026) | {"tie_break": "none"})

    assert re.search(r'name="draw_seed" value="11"[^>]*disabled', page)
    assert "Fixed: round 1 is drawn from it." in page
    event.team_settings.refresh_from_db()
    assert (event.team_settings.draw_seed, event.team_settings.tie_break) == (11, "none")
    with pytest.raises(TeamRefused, match="the draw seed is fixed: round 1 is drawn from 11"):
        update_team_settings(event=event, draw_seed=5)
