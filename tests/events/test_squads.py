"""Squads of any size: a league's team of seven read from a file as the file has it, its seats
numbered so that no size collides, and the team form's four-to-six limit a club setting.

Sources:
- USEBIO 1.2 (EBU's XML results format): a TEAM in PARTICIPANTS lists its PLAYERs, with no
  limit on their number; league files list the whole registered squad (seven or eight players
  in the EBU's inter-county leagues), of whom four play each match.
- PBN 2.1 section 4 (ScoreTable): a board's row may name its pairs in Names_NS and Names_EW;
  in a teams file (Ruter's Room column) the Open room's North-South pair and the Closed room's
  East-West pair are the home team's, so each board gives the segment's line-up: four players
  of each team's squad.
"""

import pytest
from django.urls import reverse

from events.formats.imported import FileRefused
from events.formats.pbn_teams import parse_teams_file as parse_pbn_teams
from events.formats.usebio_teams import parse_teams_file
from events.models import Change, MatchLine, Player, Team
from events.services.clubs import merge_players
from events.services.exports import export_file
from events.services.imports import import_event
from events.services.notes import note_text
from events.services.status import reopen_event
from events.services.teams.registration import register_team, update_team
from events.services.teams.setup import TeamRefused
from scoring.victory_points import victory_points
from tests.events.test_pbn_teams import _META, _file
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
    assert "Most players a team registers: 6 → 8" in note_text(change.note)

    sevens = register_team(event=event, name="Sevens", players=SEVEN)
    assert sevens.members.count() == 7
    page = director_client.get(reverse("director-teams", args=[event.pk])).content.decode()
    assert 'name="player_8"' in page and 'name="player_9"' not in page
    assert "4 to 8 players" in page
    with pytest.raises(TeamRefused, match="a team has 4 to 8 players, not 9: Nines"):
        register_team(event=event, name="Nines", players=[f"Nine {n}" for n in range(9)])


# ---------------------------------------------------------------------------------------------
# Line-ups


def _league_pbn(open_ns="Ann - Bob", closed_ew="Cid - Eve", kings="Kim - Lou - Max - Ned"):
    """Aces (a squad of five) v Kings over two boards, each board's rows naming its pairs:
    board 1 +420 and +170 (6 IMPs to Aces), board 2 -100 and -400 (7 IMPs)."""
    home, away = victory_points(13, 2, "wbf")
    columns = (
        '[ScoreTable "Round;Table;TeamId_Home;TeamId_Away;Room;Contract;Declarer;Result;'
        'Score_NS;Score_EW;IMP_Home;Names_NS;Names_EW"]'
    )
    rows = {
        1: ('4S N 10 "420" "-420" 6', '3S N 10 "170" "-170" 6'),
        2: ('3N S 8 "-100" "100" 7', '3N E 9 "-400" "400" 7'),
    }
    boards = "".join(
        f'[Event "Club teams"]\n[Board "{n}"]\n[Scoring "Teams"]\n{columns}\n'
        f'1 1 1 2 "Open" {open_row} "{open_ns}" "Kim - Lou"\n'
        f'1 1 1 2 "Closed" {closed_row} "Max - Ned" "{closed_ew}"\n\n'
        for n, (open_row, closed_row) in rows.items()
    )
    teams = f'1 1 "Aces" "Ann - Bob - Cid - Dee - Eve"\n2 2 "Kings" "{kings}"'
    return _file(f'1 1 1 2 "200,13,0" {home:.2f} {away:.2f}', boards, _META, teams)


def test_each_boards_line_up_is_read_and_checked_against_the_squad():
    teams_file = parse_pbn_teams(_league_pbn())

    board = teams_file.matches[0].boards[0]
    assert board.seats == {1: ("Ann", "Bob", "Kim", "Lou"), 2: ("Max", "Ned", "Cid", "Eve")}
    assert teams_file.teams[0].players == ["Ann", "Bob", "Cid", "Dee", "Eve"]


def test_a_line_up_naming_a_player_outside_the_squad_is_refused():
    with pytest.raises(FileRefused) as refused:
        parse_pbn_teams(_league_pbn(closed_ew="Cid - Zed"))
    assert str(refused.value) == "line 14, board 1: Zed plays for Aces but is not in its squad"


def test_a_line_up_naming_a_player_twice_is_refused():
    with pytest.raises(
        FileRefused, match="Aces's line-up names a player twice: Ann, Bob, Ann, Eve"
    ):
        parse_pbn_teams(_league_pbn(closed_ew="Ann - Eve"))


def test_a_team_without_a_listed_squad_takes_the_players_its_line_ups_name():
    teams_file = parse_pbn_teams(_league_pbn(kings="-"))
    assert teams_file.teams[1].players == ["Kim", "Lou", "Max", "Ned"]


def test_the_line_ups_are_kept_on_import_shown_and_written_back(club, client):
    # The old importer read the rows' scores and dropped who sat where.
    event = import_event(imported=parse_pbn_teams(_league_pbn()), club=club)

    lines = MatchLine.objects.filter(board__match__event=event, board__number=1)
    assert [
        (line.table, line.north.name, line.south.name, line.east.name, line.west.name)
        for line in lines.select_related("north", "south", "east", "west").order_by("table")
    ] == [(1, "Ann", "Bob", "Kim", "Lou"), (2, "Max", "Ned", "Cid", "Eve")]
    aces = Team.objects.get(event=event, number=1)
    assert [m.player.name for m in aces.members.select_related("player")] == [
        "Ann", "Bob", "Cid", "Dee", "Eve"
    ]  # fmt: skip
    match = event.matches.get()
    page = client.get(reverse("match", args=[event.pk, match.pk])).content.decode()
    assert "Line-ups: Aces: Ann, Bob, Cid, Eve · Kings: Kim, Lou, Max, Ned" in page
    again = parse_pbn_teams(export_file(event=event, format_key="pbn"))
    assert [b.seats for b in again.matches[0].boards] == [
        {1: ("Ann", "Bob", "Kim", "Lou"), 2: ("Max", "Ned", "Cid", "Eve")}
    ] * 2


def test_a_file_without_line_ups_has_none_made_up(club, client):
    event = import_event(imported=parse_teams_file(_league_file(SEVEN)), club=club)

    lines = MatchLine.objects.filter(board__match__event=event)
    assert lines.count() == 6
    assert not lines.exclude(north=None, south=None, east=None, west=None).exists()
    assert "Names_NS" not in export_file(event=event, format_key="pbn").decode()
    match = event.matches.get()
    assert (
        'id="line-ups"'
        not in client.get(reverse("match", args=[event.pk, match.pk])).content.decode()
    )


def test_a_player_merged_into_another_takes_their_seats_in_the_line_ups(club):
    event = import_event(imported=parse_pbn_teams(_league_pbn()), club=club)
    ann = Player.objects.get(club=club, name="Ann")
    keep = Player.objects.create(club=club, name="Ann Able")

    merge_players(keep=keep, duplicates=[ann])

    lines = MatchLine.objects.filter(board__match__event=event, table=1)
    assert [line.north for line in lines] == [keep, keep]
    assert not Player.objects.filter(pk=ann.pk).exists()
