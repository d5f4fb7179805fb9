"""The teams pages: set-up, registration, a match entered by keyboard (with and without htmx),
captains' totals, and the public standings, team and match pages under the reveal rule."""

import datetime
import re

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.models import Event, Match, RoundDeal, Team
from events.services.teams.lines import save_match_line
from events.services.teams.matches import create_match, save_captains_totals
from scoring import parse_traveller_line
from tests.events.test_hand_record_upload import some_deals

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_team_event):
    return make_team_event(teams=4, boards_per_match=4, vp_scale="20-table")


@pytest.fixture
def match(event):
    home, away = event.teams.get(number=1), event.teams.get(number=2)
    return create_match(event=event, round=1, table=1, home=home, away=away)


def test_a_director_creates_a_teams_event_and_registers_a_team(director_client, club):
    response = director_client.post(
        reverse("teams-event-new", args=[club.slug]),
        {
            "name": "Sunday Swiss",
            "date": "2026-11-29",
            "reveal": "always",
            "format": "swiss",
            "match_scoring": "vps",
            "vp_scale": "wbf",
            "bam_points": 1,
            "boards_per_match": 6,
            "rounds": 7,
            "round_robin_cycles": 1,
            "bye_vps": "12",
            "tie_break": "ebu",
            "carry_over": "",
            "first_round": "random",
            "draw_seed": 4,
            "odd_field": "bye",
            "danish_rounds": 0,
        },
    )
    event = Event.objects.get(name="Sunday Swiss")
    assert response.url == reverse("director-teams", args=[event.pk])
    assert (event.kind, event.date, event.team_settings.boards_per_match) == (
        "teams",
        datetime.date(2026, 11, 29),
        6,
    )
    players = {f"player_{n}": name for n, name in enumerate(["Ann", "Bob", "Cy", "Di"], 1)}
    director_client.post(
        reverse("team-add", args=[event.pk]), {"name": "Aces", "captain": "Cy", **players}
    )
    team = Team.objects.get(event=event)
    assert (team.number, team.name, team.captain.name) == (1, "Aces", "Cy")
    director_client.post(reverse("set_language"), {"language": "fr", "next": "/director/"})
    players = {f"player_{n}": name for n, name in enumerate(["Ed", "Flo", "Gus", "Hal"], 1)}
    registered = director_client.post(
        reverse("team-add", args=[event.pk]), {"name": "Kings", **players}, follow=True
    )
    assert "Kings est inscrite comme équipe 2." in registered.content.decode()
    director_client.post(reverse("set_language"), {"language": "en-gb", "next": "/director/"})
    page = director_client.get(reverse("director-event", args=[event.pk]), follow=True)
    assert "Ann, Bob, Cy, Di" in page.content.decode()


def test_a_scale_that_does_not_fit_the_match_length_is_refused(director_client, event):
    response = director_client.post(
        reverse("teams-settings", args=[event.pk]),
        {
            "name": event.name,
            "date": "2026-11-22",
            "reveal": "always",
            "format": "swiss",
            "match_scoring": "vps",
            "vp_scale": "10-4board",
            "bam_points": 1,
            "boards_per_match": 8,
            "round_robin_cycles": 1,
            "bye_vps": "12",
            "tie_break": "ebu",
            "first_round": "random",
            "draw_seed": 0,
            "odd_field": "bye",
            "danish_rounds": 0,
        },
    )
    assert "10-VP scale for 4-board matches is for matches of 4 boards, not 8" in (
        response.content.decode()
    )
    event.team_settings.refresh_from_db()
    assert (event.team_settings.vp_scale, event.team_settings.boards_per_match) == ("20-table", 4)


def test_a_team_of_three_is_refused_with_a_message(director_client, event):
    players = {f"player_{n}": name for n, name in enumerate(["Ann", "Bob", "Cy"], 1)}
    response = director_client.post(
        reverse("team-add", args=[event.pk]), {"name": "Trio", **players}
    )
    assert "a team has 4 to 6 players, not 3: Trio" in response.content.decode()
    assert not Team.objects.filter(name="Trio").exists()


def test_a_team_is_edited_on_its_page_and_a_clashing_name_refused(director_client, event):
    url = reverse("team-edit", args=[event.pk, 1])
    assert 'value="Player 1c"' in director_client.get(url).content.decode()
    players = {f"player_{n}": name for n, name in enumerate(["Ann", "Bob", "Cy", "Di"], 1)}

    refused = director_client.post(url, {"name": "Team 2", **players})
    assert "there is already a team Team 2 in this event" in refused.content.decode()
    assert event.teams.get(number=1).name == "Team 1"

    saved = director_client.post(url, {"name": "Aces", "captain": "Cy", **players}, follow=True)
    assert "Aces is saved." in saved.content.decode()
    team = event.teams.get(number=1)
    assert (team.name, team.captain.name) == ("Aces", "Cy")
    assert [m.player.name for m in team.members.all()] == ["Ann", "Bob", "Cy", "Di"]


def test_a_match_set_by_hand(director_client, event):
    response = director_client.post(
        reverse("match-add", args=[event.pk]),
        {"round": 1, "table": 2, "home": event.teams.get(number=3).pk, "away": ""},
    )
    match = Match.objects.get(event=event)
    assert response.status_code == 302
    assert (match.round, match.table, match.home.name, match.away, match.home_vps) == (
        1,
        2,
        "Team 3",
        None,
        12,
    )


def save(client, match, board, table, line, **headers):
    return client.post(
        reverse("match-line-save", args=[match.event_id, match.pk]),
        {"board": board, "table": table, "line": line},
        **headers,
    )


def test_keyboard_lines_show_the_boards_imps_and_the_match_total(director_client, match):
    save(director_client, match, 1, 1, "4S N 10", HTTP_HX_REQUEST="true")
    response = save(director_client, match, 1, 2, "4S N 9", HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.headers["HX-Trigger"] == '{"result-saved": {}}'
    assert '<td class="num imps">+10</td>' in html
    assert "Team 1 10 – 0 Team 2" in html
    assert "VPs 14 – 6" in html
    # The focus goes on to the next empty row: board 2 at table 1.
    focused = html.split("data-focus")[0].rsplit("aria-label=", 1)[1]
    assert focused.startswith('"Board 2, table 1"')


def test_a_refused_line_comes_back_with_its_message_without_javascript(director_client, match):
    response = save(director_client, match, 1, 1, "4S N 14")
    html = response.content.decode()
    assert "4S N 14" in html
    assert "tricks must be 0 to 13" in html
    assert not match.match_boards.exists()
    saved = save(director_client, match, 1, 1, "4S N 10")
    assert saved.url == match.get_director_url() + "?order=boards"


def test_the_preview_scores_the_line_being_typed(director_client, match):
    url = reverse("match-line-preview", args=[match.event_id, match.pk])
    response = director_client.get(url, {"board": 4, "table": 2, "line": "6S N 12"})
    assert "NS +1430" in response.content.decode()  # board 4: both sides vulnerable
    refused = director_client.get(url, {"board": 4, "table": 2, "line": "1 2 6S N 12"})
    assert "type the result alone" in refused.content.decode()


def test_captains_totals_from_the_match_page(director_client, match):
    director_client.post(
        reverse("match-captains", args=[match.event_id, match.pk]),
        {"home_imps": "31", "away_imps": "6"},
    )
    match.refresh_from_db()
    assert (match.home_vps, match.away_vps, match.finished) == (19, 1, True)  # 25: 24 to 27


def test_public_pages_show_standings_team_and_match(client, event, match):
    for board, line1, line2 in ((1, "4S N 10", "4S N 9"), (2, "P", "P"), (3, "P", "P")):
        save_match_line(match=match, board_number=board, table=1, line=parse_traveller_line(line1))
        save_match_line(match=match, board_number=board, table=2, line=parse_traveller_line(line2))
    unfinished = client.get(reverse("match", args=[event.pk, match.pk])).content.decode()
    assert "The boards are shown once the match has finished." in unfinished
    assert "4S" not in unfinished.split("<h1>")[1]
    save_match_line(match=match, board_number=4, table=1, line=parse_traveller_line("P"))
    save_match_line(match=match, board_number=4, table=2, line=parse_traveller_line("P"))
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "<h2>Standings</h2>" in page
    assert "Team 1" in page and "14" in page
    team_page = client.get(reverse("team", args=[event.pk, 1])).content.decode()
    assert "Player 1a (captain)" in team_page
    assert "10–0" in team_page
    match_page = client.get(reverse("match", args=[event.pk, match.pk])).content.decode()
    assert "+420" in match_page and "-50" in match_page
    assert '<td class="num">10' in match_page


def test_end_of_session_reveal_hides_the_standings(client, event, match):
    Event.objects.filter(pk=event.pk).update(reveal=Event.Reveal.END_OF_SESSION)
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "The standings are shown when the director publishes the results." in page
    match_page = client.get(reverse("match", args=[event.pk, match.pk])).content.decode()
    assert "when the director publishes the results" in match_page


def test_a_round_robin_shows_the_vp_cross_table(client, make_team_event):
    event = make_team_event(teams=3, boards_per_match=4, vp_scale="20-table", format="round-robin")
    teams = list(event.teams.all())
    match = create_match(event=event, round=1, table=1, home=teams[0], away=teams[1])
    save_captains_totals(match=match, home_imps=5, away_imps=0)
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "Victory points, team against team" in page
    assert '<td class="num">13</td>' in page and '<td class="num">7</td>' in page


def test_a_pairs_event_has_no_teams_pages(director_client, make_event):
    event = make_event()
    assert director_client.get(reverse("director-teams", args=[event.pk])).status_code == 404


def test_the_pairs_shortcuts_stay_off_a_teams_match_page(director_client, match):
    page = director_client.get(match.get_director_url()).content.decode()
    assert 'id="shortcuts"' not in page
    assert "Board 1, table 1" in page


def test_the_history_of_a_teams_event_lists_its_changes_and_undoes_a_line(director_client, match):
    save(director_client, match, 1, 1, "4S N 10")
    page = director_client.get(reverse("director-history", args=[match.event_id]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Round 1, table 1 (Team 1 v Team 2), board 1, table 1: entered 4S N 10 (+420)" in html
    assert "Match set: Round 1, table 1 (Team 1 v Team 2)" in html
    assert "Team 2 Team 2 registered" in html
    director_client.post(
        reverse("match-captains", args=[match.event_id, match.pk]),
        {"home_imps": "20", "away_imps": "3"},
    )
    html = director_client.get(reverse("director-history", args=[match.event_id])).content.decode()
    captains = "Round 1, table 1 (Team 1 v Team 2): Home captain&#x27;s IMPs: (blank) -&gt; 20.00"
    assert captains in html
    url = reverse("director-history", args=[match.event_id])
    french = director_client.get(url, headers={"accept-language": "fr"}).content.decode()
    captains = "Tour 1, table 1 (Team 1 contre Team 2)\u00a0: IMP du capitaine recevant\u00a0:"
    assert f"{captains} (vide) -&gt; 20,00" in french  # the reader's decimal sign


def test_a_line_is_deleted_after_a_confirmation(director_client, match):
    save(director_client, match, 1, 1, "4S N 10")
    save(director_client, match, 1, 2, "4S N 9")
    url = reverse("match-line-delete", args=[match.event_id, match.pk])
    asked = director_client.post(url, {"board": 1, "table": 2})
    assert "Delete board 1, table 2?" in asked.content.decode()
    assert match.match_boards.get().lines.count() == 2
    director_client.post(url, {"board": 1, "table": 2, "confirm": "on"})
    board = match.match_boards.get()
    assert (board.lines.count(), board.home_imps) == (1, None)


def test_a_board_is_given_an_assigned_score(director_client, match):
    url = reverse("match-board-imps", args=[match.event_id, match.pk])
    director_client.post(url, {"board": 2, "imps": "-3"})
    match.refresh_from_db()
    assert (match.home_imps, match.away_imps, match.home_vps) == (0, 3, 8)  # 3 to 4: 12-8
    refused = director_client.post(url, {"board": 9, "imps": "3"})
    assert "this match plays boards 1 to 4, not board 9" in refused.content.decode()


@pytest.mark.parametrize(
    "name",
    # The hand records' page takes a teams event's a round at a time (test_team_hand_records).
    ["director-movement", "director-pairs", "director-cards", "director-repair"],
)
def test_pairs_pages_of_a_teams_event_are_not_found(director_client, event, name):
    assert director_client.get(reverse(name, args=[event.pk])).status_code == 404


def test_the_pairs_settings_of_a_teams_event_are_not_found(director_client, event):
    assert director_client.get(reverse("director-settings", args=[event.pk])).status_code == 404
    assert director_client.get(reverse("director-slip", args=[event.pk, 1, 1])).status_code == 404


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def _play_round(event):
    teams = list(event.teams.all())
    for table, (home, away) in enumerate(zip(teams[::2], teams[1::2], strict=True), start=1):
        match = create_match(event=event, round=1, table=table, home=home, away=away)
        for board in (1, 2):
            for t in (1, 2):
                line = parse_traveller_line("4S N 10" if t == 1 else "4S N 9")
                save_match_line(match=match, board_number=board, table=t, line=line)
    return match


def test_the_teams_pages_read_as_many_queries_whatever_the_field(director_client, make_team_event):
    counts = []
    for size in (4, 8):
        event = make_team_event(teams=size, boards_per_match=2, name=f"Teams of {size}")
        match = _play_round(event)
        urls = [
            reverse("event", args=[event.pk]),
            reverse("team", args=[event.pk, 1]),
            reverse("match", args=[event.pk, match.pk]),
            reverse("director-teams", args=[event.pk]),
            reverse("director-match", args=[event.pk, match.pk]),
        ]
        counts.append([_queries(director_client, url) for url in urls])
    assert counts[0] == counts[1]


def test_a_team_without_matches_is_removed_and_one_with_a_match_is_not(
    director_client, event, match
):
    director_client.post(reverse("team-delete", args=[event.pk, 4]))
    assert not event.teams.filter(number=4).exists()
    response = director_client.post(reverse("team-delete", args=[event.pk, 1]), follow=True)
    assert "Team 1 has matches: delete its matches first." in response.content.decode()
    assert event.teams.filter(number=1).exists()


@pytest.mark.parametrize("format_key", ["json", "pbn", "usebio", "xlsx"])
def test_a_public_download_leaves_out_the_lines_of_an_unfinished_match(
    client, director, event, match, format_key
):
    """Under the always rule the match page hides the boards until the match has finished:
    the files the public downloads must not show them either (the director's do)."""
    save_match_line(match=match, board_number=2, table=2, line=parse_traveller_line("7NT N 13"))
    url = reverse("download", args=[event.pk, format_key])
    public = client.get(url)
    assert public.status_code == 200
    client.force_login(director)
    directors = client.get(url)

    def shows_the_grand(response) -> bool:
        if format_key != "xlsx":
            return "7NT" in response.content.decode()
        from io import BytesIO

        from openpyxl import load_workbook

        book = load_workbook(BytesIO(response.content))
        cells = (cell.value for sheet in book for row in sheet.iter_rows() for cell in row)
        return any("7NT" in str(value) for value in cells if value is not None)

    assert shows_the_grand(directors)
    assert not shows_the_grand(public)


def _hands_in(page: str) -> list[str]:
    return re.findall(r"<summary>Hand of board (\d+)</summary>", page)


@pytest.mark.parametrize("reveal", [Event.Reveal.ALWAYS, Event.Reveal.END_OF_ROUND])
def test_a_boards_hand_is_shown_once_every_match_of_its_round_has_played_it(
    client, event, match, reveal
):
    """A round's matches play the same deals: a finished match's page shows a board's hand
    only once the round's other match has played it at both tables, and the public's file
    holds no more (the pairs pages' rule, events.services.publication.hidden_hands)."""
    Event.objects.filter(pk=event.pk).update(reveal=reveal)
    deals = some_deals(range(1, 5))
    RoundDeal.objects.bulk_create(
        [RoundDeal(event=event, round=1, number=n, deal=deal) for n, deal in deals.items()]
    )
    other = create_match(
        event=event,
        round=1,
        table=2,
        home=event.teams.get(number=3),
        away=event.teams.get(number=4),
    )
    for board in range(1, 5):
        for table in (1, 2):
            save_match_line(
                match=match, board_number=board, table=table, line=parse_traveller_line("P")
            )
    for board, table in [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1)]:
        save_match_line(
            match=other, board_number=board, table=table, line=parse_traveller_line("P")
        )
    url = reverse("match", args=[event.pk, match.pk])
    pbn = reverse("download", args=[event.pk, "pbn"])

    before = client.get(url).content.decode()

    if reveal == Event.Reveal.ALWAYS:
        assert _hands_in(before) == ["1", "2"]
        assert before.count("The hand is shown once every table has played this board.") == 2
        shown = client.get(pbn).content.decode()
        assert [d in shown for d in deals.values()] == [True, True, False, False]
    else:
        assert "This match is shown once every match of round 1 has finished." in before
        assert _hands_in(before) == []

    save_match_line(match=other, board_number=3, table=2, line=parse_traveller_line("P"))
    for table in (1, 2):
        save_match_line(match=other, board_number=4, table=table, line=parse_traveller_line("P"))
    after = client.get(url).content.decode()

    assert _hands_in(after) == ["1", "2", "3", "4"]
    assert "The hand is shown once every table has played this board." not in after
    north = deals[4].split()[0][2:].split(".")
    assert f"<span>♠</span> {' '.join('10' if c == 'T' else c for c in north[0])}" in after
    if reveal == Event.Reveal.ALWAYS:
        assert all(deal in client.get(pbn).content.decode() for deal in deals.values())


def test_a_teams_round_reads_as_a_round_in_french_not_a_pairs_position(
    director_client, event, match
):
    # French clubs call a pairs round a "position" (a Mitchell's), a teams round a "tour".
    reader = Client(headers={"accept-language": "fr"})
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"

    team_page = reader.get(reverse("team", args=[event.pk, 1])).content.decode()
    match_page = reader.get(reverse("match", args=[event.pk, match.pk])).content.decode()
    director_page = director_client.get(reverse("director-teams", args=[event.pk])).content.decode()

    assert '<th class="num">Tour</th>' in team_page
    assert "· tour 1, table 1</p>" in match_page
    assert "<h3>Tour 1</h3>" in director_page
    for page in (team_page, match_page, director_page):
        assert "osition" not in page


def test_what_a_teams_save_tells_the_director_reads_in_their_language(
    director_client, event, match
):
    french = {"headers": {"accept-language": "fr"}, "follow": True}
    players = {f"player_{n}": name for n, name in enumerate(["Ann", "Bob", "Cy", "Di"], 1)}
    posts = [
        (reverse("team-edit", args=[event.pk, 1]), {"name": "Aces", **players}),
        (
            reverse("match-add", args=[event.pk]),
            {"round": 1, "table": 2, "home": event.teams.get(number=3).pk, "away": ""},
        ),
        (
            reverse("match-captains", args=[event.pk, match.pk]),
            {"home_imps": "20", "away_imps": "3"},
        ),
        (reverse("match-board-imps", args=[event.pk, match.pk]), {"board": 2, "imps": "-3"}),
        (reverse("match-adjust", args=[event.pk, match.pk]), {"home_penalty": "1"}),
    ]
    said = [
        "Aces est enregistrée.",
        "Tour 1, table 2\u00a0: Team 3 contre exempt.",
        "Totaux des capitaines enregistrés.",
        "Donne 2\u00a0: IMP attribués enregistrés.",
        "Ajustements enregistrés.",
    ]
    for (url, data), message in zip(posts, said, strict=True):
        page = director_client.post(url, data, **french).content.decode()
        assert message in page, url
