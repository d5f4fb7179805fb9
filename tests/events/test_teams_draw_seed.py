"""A Swiss's first round is drawn at random from a seed of its own: a fresh one for each new
event, stored with it, shown on its pages and changeable."""

import re

import pytest
from django.urls import reverse

from events.models import TeamSettings
from events.services.teams.setup import create_team_event

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
