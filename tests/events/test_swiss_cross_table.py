"""A Swiss's VP cross-table: the teams by place, each cell the VPs a team scored against the
other in the round they met, on the public page and in the workbook; a round robin's stays in
team order."""

from io import BytesIO

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from events.services.exports import export_file
from events.services.teams.matches import create_match, save_captains_totals
from events.services.teams.standings import Meeting, team_standings, vp_cross_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(make_team_event):
    """Two rounds of four teams on the 20-VP table for 4 boards: a 5-IMP win is 13-7, a
    10-IMP win 14-6. Standings: Team 3 27, Team 1 20, Team 4 19, Team 2 14."""
    event = make_team_event(teams=4, boards_per_match=4, vp_scale="20-table")
    team = {t.number: t for t in event.teams.all()}
    for round, table, home, away, home_imps, away_imps in [
        (1, 1, 1, 2, 5, 0),
        (1, 2, 3, 4, 10, 0),
        (2, 1, 3, 1, 5, 0),
        (2, 2, 4, 2, 5, 0),
    ]:
        match = create_match(
            event=event, round=round, table=table, home=team[home], away=team[away]
        )
        save_captains_totals(match=match, home_imps=home_imps, away_imps=away_imps)
    return event


def test_a_swiss_cross_table_lists_the_teams_by_place_with_the_round_of_each_meeting(swiss):
    standings = team_standings(event=swiss)
    rows = vp_cross_table(event=swiss, standings=standings)
    assert [(row.place, row.team.name) for row in rows] == [
        ("1", "Team 3"),
        ("2", "Team 1"),
        ("3", "Team 4"),
        ("4", "Team 2"),
    ]
    # Columns in the same order: Team 3, Team 1, Team 4, Team 2.
    assert rows[0].cells == [[], [Meeting(2, 13)], [Meeting(1, 14)], []]
    assert rows[3].cells == [[], [Meeting(1, 7)], [Meeting(2, 7)], []]
    # Each meeting knows the team met, the column's team.
    assert [m.opponent.name for cell in rows[0].cells for m in cell] == ["Team 1", "Team 4"]
    assert [row.total for row in rows] == [27, 20, 19, 14]


def test_the_public_page_of_a_swiss_shows_its_cross_table(client, swiss):
    page = client.get(reverse("event", args=[swiss.pk])).content.decode()
    assert "Victory points, team against team" in page
    table = page[page.index('<table class="cross-table">') :]
    table = table[: table.index("</table>")]
    assert table.index("Team 3") < table.index("Team 1") < table.index("Team 4")
    # Each meeting names the team met, which a phone shows in the cell where the table stacks.
    assert (
        '<td class="num" data-label="v 1" title="Team 1">13 <span class="muted">R2</span></td>'
        in table
    )


def test_a_round_robin_cross_table_stays_in_team_order_without_places(make_team_event):
    event = make_team_event(teams=3, boards_per_match=4, vp_scale="20-table", format="round-robin")
    teams = list(event.teams.all())
    match = create_match(event=event, round=1, table=1, home=teams[0], away=teams[1])
    save_captains_totals(match=match, home_imps=5, away_imps=0)
    rows = vp_cross_table(event=event)
    assert [(row.place, row.team.number) for row in rows] == [("", 1), ("", 2), ("", 3)]
    assert rows[0].cells == [[], [Meeting(1, 13)], []]


def test_the_workbook_of_a_swiss_has_its_cross_table_by_place_with_the_rounds(swiss):
    book = load_workbook(BytesIO(export_file(event=swiss, format_key="xlsx")))
    sheet = book["Cross-table"]
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert rows[0] == ("Place", "Team", "Name", "3", "1", "4", "2", "Total")
    assert rows[1] == (1, 3, "Team 3", None, 13, 14, None, 27)
    assert rows[4] == (4, 2, "Team 2", None, 7, 7, None, 14)
    # Each meeting's round is shown beside its VPs, which stay numbers.
    assert sheet.cell(row=3, column=5).number_format == '0.00" R2"'
    assert sheet.cell(row=3, column=6).number_format == '0.00" R1"'
    assert sheet.column_dimensions["E"].width >= len("13.00 R2")  # no "####" in Excel


def test_a_bye_counts_in_the_cross_tables_total_and_says_so(client, make_team_event):
    event = make_team_event(teams=3, boards_per_match=4, vp_scale="20-table")
    team = {t.number: t for t in event.teams.all()}
    match = create_match(event=event, round=1, table=1, home=team[1], away=team[2])
    save_captains_totals(match=match, home_imps=5, away_imps=0)
    create_match(event=event, round=1, table=2, home=team[3], away=None)
    rows = vp_cross_table(event=event, standings=team_standings(event=event))
    assert [(row.team.name, row.total, row.byes) for row in rows] == [
        ("Team 1", 13, []),
        ("Team 3", 12, [Meeting(1, 12)]),
        ("Team 2", 7, []),
    ]
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "with a bye of 12 in round 1" in page
