"""Squads of any size: a league's team of seven read from a file as the file has it, its seats
numbered so that no size collides, and the team form's four-to-six limit a club setting.

Sources:
- USEBIO 1.2 (EBU's XML results format): a TEAM in PARTICIPANTS lists its PLAYERs, with no
  limit on their number; league files list the whole registered squad (seven or eight players
  in the EBU's inter-county leagues), of whom four play each match.
"""

import pytest
from django.urls import reverse

from events.formats.usebio_teams import parse_teams_file
from events.models import Change, Team
from events.services.imports import import_event
from events.services.status import reopen_event
from events.services.teams.registration import register_team, update_team
from events.services.teams.setup import TeamRefused
from tests.events.test_usebio_teams import _FOREIGN

pytestmark = pytest.mark.django_db

SEVEN = [f"Squad Player {n}" for n in range(1, 8)]


def _imported(club, players: list[str]):
    """The league's event imported, reopened for the director's changes."""
    event = import_event(imported=parse_teams_file(_league_file(players)), club=club)
    reopen_event(event=event, reason="squad changes")
    return event


def _league_file(players: list[str]) -> bytes:
    """The Swiss teams file of test_usebio_teams with Aces' squad of `players`."""
    listed = "".join(f"<PLAYER><PLAYER_NAME>{name}</PLAYER_NAME></PLAYER>" for name in players)
    old = (
        "<PLAYER><PLAYER_NAME>Ann Able</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Bob Baker"
        "</PLAYER_NAME>\n</PLAYER>"
    )
    assert old in _FOREIGN
    return _FOREIGN.replace(old, listed).encode("iso-8859-1")


def test_a_leagues_team_of_seven_is_imported_with_its_whole_squad(club):
    # The old importer refused it: "Aces: a team has at most 6 players, not 7".
    event = import_event(imported=parse_teams_file(_league_file(SEVEN)), club=club)

    aces = Team.objects.get(event=event, number=1)
    assert [(m.seat, m.player.name) for m in aces.members.select_related("player")] == [
        (seat, name) for seat, name in enumerate(SEVEN, start=1)
    ]
    assert aces.captain.name == "Squad Player 1"


def test_an_imported_squad_of_seven_is_edited_on_the_team_form_without_losing_a_player(
    director_client, club
):
    event = _imported(club, SEVEN)
    url = reverse("team-edit", args=[event.pk, 1])

    page = director_client.get(url).content.decode()
    assert 'name="player_7" value="Squad Player 7"' in page
    assert "4 to 7 players" in page

    reordered = SEVEN[1:] + SEVEN[:1]
    fields = {f"player_{seat}": name for seat, name in enumerate(reordered, start=1)}
    response = director_client.post(url, {"name": "Aces", "captain": "", **fields})

    assert response.status_code == 302
    aces = Team.objects.get(event=event, number=1)
    assert [m.player.name for m in aces.members.select_related("player")] == reordered


def test_seats_renumbered_past_every_seat_in_use_never_collide(club):
    # The first two swap seats: the old renumbering parked the player bound for seat 1 at
    # 6 + 1, the seat Squad Player 7 still held.
    event = _imported(club, SEVEN)
    aces = Team.objects.get(event=event, number=1)

    swapped = [SEVEN[1], SEVEN[0], *SEVEN[2:]]

    update_team(team=aces, name="Aces", players=swapped)

    assert [(m.seat, m.player.name) for m in aces.members.select_related("player")] == list(
        enumerate(swapped, start=1)
    )


def test_the_team_forms_limit_is_the_clubs_setting(club, director_client):
    event = _imported(club, ["A One", "B Two"])
    with pytest.raises(TeamRefused, match="a team has 4 to 6 players, not 7: Sevens"):
        register_team(event=event, name="Sevens", players=SEVEN)

    director_client.post(
        reverse("club-settings", args=[club.slug]),
        {
            "time_zone": "UTC",
            "national_body": "",
            "defaults-scoring": "mp",
            "defaults-mp_scale": 2,
            "defaults-mp_rounding": "none",
            "defaults-reveal": "always",
            "defaults-boards_per_round": 3,
            "defaults-team_min_players": 4,
            "defaults-team_max_players": 8,
        },
    )
    club.refresh_from_db()
    change = Change.objects.filter(kind=Change.Kind.SETTINGS).get()
    assert "Most players a team registers: 6 → 8" in change.note

    sevens = register_team(event=event, name="Sevens", players=SEVEN)
    assert sevens.members.count() == 7
    page = director_client.get(reverse("director-teams", args=[event.pk])).content.decode()
    assert 'name="player_8"' in page and 'name="player_9"' not in page
    assert "4 to 8 players" in page
    with pytest.raises(TeamRefused, match="a team has 4 to 8 players, not 9: Nines"):
        register_team(event=event, name="Nines", players=[f"Nine {n}" for n in range(9)])
