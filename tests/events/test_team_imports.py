"""Teams files imported as the app's own teams events and exported again: Ruter's real file
reproduced, the preview and confirmation pages, one recorded change, and the round trips."""

import json
import re
from decimal import Decimal
from io import BytesIO, StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from events.formats.team_files import TeamsFile
from events.models import Change, Event, Match, MatchLine, RoundDeal, Team, TeamMember
from events.services import page_cache
from events.services.exports import export_file
from events.services.history_text import event_history
from events.services.imports import import_event, preview_import, read_result_file
from events.services.team_exports import teams_file
from events.services.teams.lines import save_match_line
from events.services.teams.matches import adjust_match, create_match
from events.services.teams.standings import team_standings
from scoring import parse_traveller_line
from scoring.victory_points import victory_points
from tests.conftest import SHARED
from tests.events.files import confirm, read_file, upload
from tests.events.test_hand_record_upload import some_deals

pytestmark = pytest.mark.django_db

_MATCH_ROW = re.compile(
    r'^(\d+) (\d+)\s+(\d+)\s+(\d+) "200,(\d+),(\d+)"\s+([\d.]+)\s+([\d.]+)', re.MULTILINE
)
_TEAM_ROW = re.compile(r'^\s*(\d+)\s+(\d+) \d+ "\w+"\s+([\d.]+) "(Team \d+)"', re.MULTILINE)


def _realdata(name: str) -> bytes:
    path = SHARED / "realdata" / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    return path.read_bytes()


def _matches(event: Event) -> dict[tuple[int, int], tuple]:
    return {
        (m.round, m.table): (
            m.home.number,
            m.away.number,
            float(m.home_imps),
            float(m.away_imps),
            float(m.home_vps),
            float(m.away_vps),
        )
        for m in Match.objects.filter(event=event).select_related("home", "away")
    }


def test_ruters_team_file_imports_and_its_published_imps_and_vps_are_reproduced(club):
    data = _realdata("team.pbn")
    text = data.decode("iso-8859-1")

    event = import_event(imported=read_result_file(data), club=club)

    assert event.is_teams and event.name == "Salo joukkuekilpailu"
    settings = event.team_settings
    assert (settings.vp_scale, settings.boards_per_match) == ("wbf", 8)
    assert Team.objects.filter(event=event).count() == 10
    assert TeamMember.objects.filter(team__event=event).count() == 40
    published = {
        (int(r), int(t)): (int(h), int(a), float(hi), float(ai), float(hv), float(av))
        for r, t, h, a, hi, ai, hv, av in _MATCH_ROW.findall(text)
    }
    ours = _matches(event)
    assert ours.keys() == published.keys() and len(ours) == 30
    for key, (home, away, home_imps, away_imps, home_vps, away_vps) in published.items():
        assert ours[key][:4] == (home, away, home_imps, away_imps)
        assert ours[key][4] == pytest.approx(home_vps, abs=0.005)
        assert ours[key][5] == pytest.approx(away_vps, abs=0.005)
    ranking = {
        int(team): (int(rank), float(total)) for rank, team, total, _ in _TEAM_ROW.findall(text)
    }
    standings = team_standings(event=event)
    assert [(s.team.number, s.place) for s in standings] == sorted(
        ((team, str(rank)) for team, (rank, _) in ranking.items()), key=lambda tr: int(tr[1])
    )
    for standing in standings:
        assert float(standing.vps) == pytest.approx(ranking[standing.team.number][1], abs=0.005)
    change = Change.objects.get(event=event)
    assert change.kind == Change.Kind.IMPORT


def test_a_small_ruter_file_imports_with_its_totals_as_the_captains(club):
    event = import_event(imported=read_result_file(read_file("ruter_teams.pbn")), club=club)

    (match,) = Match.objects.filter(event=event)
    assert (match.home_captain_imps, match.away_captain_imps) == (25, 8)
    assert (float(match.home_vps), float(match.away_vps)) == victory_points(17, 8, "wbf")
    assert match.finished


def test_preview_shows_the_standings_and_saves_nothing(club):
    teams_file = read_result_file(read_file("ruter_teams.pbn"))
    assert isinstance(teams_file, TeamsFile)

    preview = preview_import(imported=teams_file, club=club)

    assert preview.is_teams and (preview.pairs, preview.boards) == (2, 1)
    ((_, rows),) = preview.groups
    assert [(r.place, r.number, r.names, r.score) for r in rows] == [
        ("1", "1", "Team 1", 15.75),
        ("2", "2", "Team 2", 4.25),
    ]
    assert dict(preview.settings)["VP scale"] == "WBF continuous 20-VP scale (2013)"
    assert not Event.objects.exists() and not Change.objects.exists()


@pytest.mark.parametrize(("vps", "shown"), [("12.0", "12"), ("12.5", "12,50")])
def test_the_previews_vps_for_a_bye_are_written_in_the_readers_language(club, vps, shown):
    teams_file = read_result_file(read_file("ruter_teams.pbn"))
    teams_file.settings["bye_vps"] = Decimal(vps)

    with translation.override("nb"):
        preview = preview_import(imported=teams_file, club=club)

    assert dict(preview.settings)["VP for frirunde"] == shown  # not "12.0"


def test_upload_preview_and_confirm_pages_import_a_teams_file(director_client, club):
    page = upload(director_client, club, "ruter_teams.pbn")

    text = page.content.decode()
    assert "2 teams · 1 matches" in text
    assert '<th class="num">VPs</th>' in text and "Team 1" in text
    assert not Event.objects.exists()
    confirmed = confirm(director_client, club)
    event = Event.objects.get()
    assert confirmed.status_code == 302 and event.is_teams


def _round_trip(client, event, key: str) -> Event:
    response = client.get(reverse("download", args=[event.pk, key]))
    assert response.status_code == 200
    return import_event(imported=read_result_file(response.content), club=event.club, as_new=True)


@pytest.mark.parametrize("key", ["pbn", "usebio"])
def test_team_pbn_imported_exported_and_imported_again_keeps_its_imps_and_vps(
    director_client, club, key
):
    event = import_event(imported=read_result_file(_realdata("team.pbn")), club=club)

    again = _round_trip(director_client, event, key)

    assert _matches(again) == _matches(event)
    assert [(s.team.name, s.place, s.vps) for s in team_standings(event=again)] == [
        (s.team.name, s.place, s.vps) for s in team_standings(event=event)
    ]


def _played_event(make_team_event):
    """Two matches of 2 boards keyed at both tables, one with an artificial score; a bye."""
    event = make_team_event(teams=5, boards_per_match=2)
    teams = {t.number: t for t in event.teams.all()}
    first = create_match(event=event, round=1, table=1, home=teams[1], away=teams[2])
    second = create_match(event=event, round=1, table=2, home=teams[3], away=teams[4])
    create_match(event=event, round=1, table=3, home=teams[5])
    for match, board, table, text in [
        (first, 1, 1, "4S N 10"),
        (first, 1, 2, "4S N 9"),
        (first, 2, 1, "3NT S 8"),
        (first, 2, 2, "3NT E 9"),
        (second, 1, 1, "2H S 8"),
        (second, 1, 2, "A+ A-"),
    ]:
        save_match_line(
            match=match, board_number=board, table=table, line=parse_traveller_line(text)
        )
    adjust_match(match=second, penalties=(1, 0))
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    event.refresh_from_db()
    return event


@pytest.mark.parametrize("key", ["pbn", "usebio"])
def test_an_event_keyed_here_exported_and_imported_again_has_the_same_lines_and_scores(
    director_client, make_team_event, key
):
    event = _played_event(make_team_event)

    again = _round_trip(director_client, event, key)

    def lines(e):
        return sorted(
            (
                line.board.match.round,
                line.board.match.table,
                line.board.number,
                line.table,
                line.contract,
                line.declarer,
                line.tricks,
                line.score_ns,
                line.ns_adjustment,
                line.ew_adjustment,
            )
            for line in MatchLine.objects.filter(board__match__event=e).select_related(
                "board__match"
            )
        )

    assert lines(again) == lines(event) and len(lines(event)) == 6

    def scores(e):
        return sorted(
            (m.round, m.table, m.home_imps, m.away_imps, m.home_vps, m.away_vps, m.home_penalty_vps)
            for m in Match.objects.filter(event=e)
        )

    assert scores(again) == scores(event)
    assert [(s.team.name, s.place, s.vps) for s in team_standings(event=again)] == [
        (s.team.name, s.place, s.vps) for s in team_standings(event=event)
    ]


def _dealt_event(make_team_event):
    """The played event of two rounds, its rounds' boards dealt: board 1 differently in each
    round, board 2 of round 2 (which no match played) and round 2's board 1 not dealt."""
    event = _played_event(make_team_event)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    teams = {t.number: t for t in event.teams.all()}
    later = create_match(event=event, round=2, table=1, home=teams[1], away=teams[3])
    for table, text in [(1, "1NT S 7"), (2, "2S E 8")]:
        save_match_line(match=later, board_number=1, table=table, line=parse_traveller_line(text))
    deals = some_deals([1, 2, 3])
    RoundDeal.objects.bulk_create(
        [
            RoundDeal(event=event, round=1, number=1, deal=deals[1]),
            RoundDeal(event=event, round=1, number=2, deal=deals[2]),
            RoundDeal(event=event, round=2, number=1, deal=deals[3]),
        ]
    )
    return event


def _round_deals(event) -> dict[tuple[int, int], str]:
    return {(d.round, d.number): d.deal for d in RoundDeal.objects.filter(event=event)}


@pytest.mark.parametrize("key", ["pbn", "usebio"])
def test_a_teams_events_hand_records_come_back_from_its_file(director_client, make_team_event, key):
    event = _dealt_event(make_team_event)

    again = _round_trip(director_client, event, key)

    assert _round_deals(again) == _round_deals(event) and len(_round_deals(event)) == 3


def test_the_pbn_file_writes_a_game_for_each_deal_of_a_board(make_team_event):
    event = _dealt_event(make_team_event)
    deals = _round_deals(event)

    text = export_file(event=event, format_key="pbn").decode("utf-8-sig")

    assert re.findall(
        r'\[Board "(\d+)"\]\r\n(?:\[\w+ "[^"]*"\]\r\n)*?\[Deal "([^"]*)"\]', text
    ) == [
        ("1", deals[1, 1]),
        ("1", deals[2, 1]),
        ("2", deals[1, 2]),
    ]


def test_the_excel_download_has_the_standings_and_every_matchs_boards(
    director_client, make_team_event
):
    event = _played_event(make_team_event)
    standings = team_standings(event=event)

    response = director_client.get(reverse("download", args=[event.pk, "xlsx"]))

    book = load_workbook(BytesIO(response.content))
    rows = [tuple(c.value for c in row) for row in book["Standings"].iter_rows(min_row=3)]
    assert [(r[1], r[2], r[4]) for r in rows] == [
        (s.team.number, s.team.name, float(s.vps)) for s in standings
    ]
    matches = [tuple(c.value for c in row) for row in book["Matches"].iter_rows(min_row=3)]
    first = Match.objects.get(event=event, round=1, table=1)
    assert matches[0][0] == (
        f"Round 1 · table 1 · Team 1 v Team 2 · {float(first.home_imps):g}–"
        f"{float(first.away_imps):g} IMPs · "
        f"{first.home_vps:.2f}–{first.away_vps:.2f} VPs"
    )
    assert matches[1][:6] == (1, "4♠", "N", None, 10, 420)
    assert matches[1][6:11] == ("4♠", "N", None, 9, -50)


def test_the_json_has_a_matches_list(client, make_team_event):
    event = _played_event(make_team_event)

    results = json.loads(client.get(reverse("results-json", args=[event.pk])).content)

    assert [
        (m["round"], m["table"], m["home"], m["away"], m["home_vps"], m["away_vps"])
        for m in results["matches"]
    ] == [
        (m.round, m.table, m.home.number, m.away.number if m.away else None, float(m.home_vps),
         float(m.away_vps) if m.away else None)
        for m in Match.objects.filter(event=event).order_by("round", "table")
    ]  # fmt: skip
    assert results["event"]["kind"] == "teams"


def test_a_teams_event_has_no_csv_download(director_client, make_team_event):
    event = _played_event(make_team_event)
    assert director_client.get(reverse("download", args=[event.pk, "csv"])).status_code == 404
    assert export_file(event=event, format_key="pbn").startswith("\ufeff% PBN 2.1".encode())


def test_the_import_is_one_change_the_history_counts(club):
    event = import_event(imported=read_result_file(read_file("ruter_teams.pbn")), club=club)

    (entry,) = event_history(event=event)

    assert entry.change.kind == Change.Kind.IMPORT
    assert entry.lines == ["2 teams imported", "1 matches imported"]


def test_a_teams_file_is_written_in_the_same_queries_whatever_the_field(
    make_team_event, django_assert_num_queries
):
    small = _played_event(make_team_event)
    with CaptureQueriesContext(connection) as small_queries:
        teams_file(event=Event.objects.get(pk=small.pk))
    larger = make_team_event(teams=8, name="Larger")
    teams = {t.number: t for t in larger.teams.all()}
    for table, (home, away) in enumerate([(1, 2), (3, 4), (5, 6), (7, 8)], start=1):
        match = create_match(event=larger, round=1, table=table, home=teams[home], away=teams[away])
        save_match_line(match=match, board_number=1, table=1, line=parse_traveller_line("1NT S 7"))

    with django_assert_num_queries(len(small_queries)):
        teams_file(event=Event.objects.get(pk=larger.pk))


def _download_links(page) -> list[str]:
    return re.findall(r'href="/events/\d+/download/(\w+)/"', page.content.decode())


def test_the_teams_pages_link_to_every_teams_file(director_client, make_team_event):
    event = _played_event(make_team_event)
    client = Client()  # a visitor, not the director

    director_page = director_client.get(reverse("director-teams", args=[event.pk]))
    public_page = client.get(reverse("event", args=[event.pk]))
    Event.objects.filter(pk=event.pk).update(
        status=Event.Status.RUNNING, reveal=Event.Reveal.END_OF_SESSION
    )
    page_cache.changed(event_id=event.pk)  # as every change through the app does
    running_page = client.get(reverse("event", args=[event.pk]))

    assert _download_links(director_page) == ["xlsx", "pbn", "usebio", "json"]
    assert _download_links(public_page) == ["xlsx", "pbn", "usebio", "json"]
    assert _download_links(running_page) == []
    assert client.get(reverse("download", args=[event.pk, "pbn"])).status_code == 404


def test_a_teams_file_imported_again_replaces_the_earlier_event_when_asked(director_client, club):
    upload(director_client, club, "ruter_teams.pbn")
    confirm(director_client, club)
    first = Event.objects.get()

    page = upload(director_client, club, "ruter_teams.pbn")
    assert "This file was imported before" in page.content.decode()
    confirm(director_client, club, earlier=str(first.pk))

    again = Event.objects.get()
    assert again.pk != first.pk and again.is_teams
    assert Team.objects.filter(event=again).count() == 2
    assert Change.objects.filter(kind=Change.Kind.IMPORT).count() == 2


@pytest.mark.parametrize(("scoring", "key"), [("bam", "pbn"), ("patton", "usebio")])
def test_a_board_a_match_or_patton_event_comes_back_with_its_points(
    director_client, make_team_event, scoring, key
):
    event = make_team_event(teams=2, boards_per_match=2, match_scoring=scoring, bam_points=2)
    home, away = event.teams.all()
    match = create_match(event=event, round=1, table=1, home=home, away=away)
    for board, table, text in [(1, 1, "4S N 10"), (1, 2, "4S N 9"), (2, 1, "3NT S 9"),
                               (2, 2, "3NT S 9")]:  # fmt: skip
        save_match_line(
            match=match, board_number=board, table=table, line=parse_traveller_line(text)
        )
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    match.refresh_from_db()

    again = _round_trip(director_client, event, key)

    (copy,) = Match.objects.filter(event=again)
    assert (copy.home_vps, copy.away_vps) == (match.home_vps, match.away_vps)
    assert (again.team_settings.match_scoring, again.team_settings.bam_points) == (scoring, 2)


def test_the_export_command_writes_a_teams_file_and_refuses_csv(club, tmp_path):
    event = import_event(imported=read_result_file(read_file("ruter_teams.pbn")), club=club)

    out = StringIO()
    call_command("export_results", str(event.pk), "--format", "pbn", stdout=out)
    assert read_result_file(out.getvalue().encode("utf-8")).matches[0].vps == (15.75, 4.25)
    with pytest.raises(CommandError, match="A teams event has no CSV file: choose one of xlsx"):
        call_command("export_results", str(event.pk), "--format", "csv", stdout=StringIO())


def test_a_player_named_twice_in_a_team_in_different_cases_is_one_member(club):
    data = read_file("ruter_teams.pbn").replace(b'"Team 1"', b'"Team 1" "Ann - ANN - Bob"', 1)
    data = data.replace(b"TeamName\\10L", b"TeamName\\10L;Roster\\20L").replace(
        b'"Team 2"', b'"Team 2" "Cy - Di"', 1
    )

    event = import_event(imported=read_result_file(data), club=club)

    team = event.teams.get(number=1)
    assert [m.player.name for m in team.members.select_related("player")] == ["Ann", "Bob"]
