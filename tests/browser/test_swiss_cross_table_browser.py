"""A Swiss's VP cross-table on a phone: the teams by place, each meeting's VPs with its round
and the team met, stacked a team a block so that nothing scrolls sideways, neither the page nor
the table in its frame."""

from events.services.teams.matches import create_match, save_captains_totals
from tests.browser.conftest import PHONE, screenshot


def test_a_phone_reads_a_swiss_cross_table_by_place(page, live_server, make_team_event):
    event = make_team_event(teams=4, boards_per_match=4, vp_scale="20-table")
    team = {t.number: t for t in event.teams.all()}
    for round, table, home, away, imps in [(1, 1, 1, 2, 5), (1, 2, 3, 4, 10), (2, 1, 3, 1, 5)]:
        match = create_match(
            event=event, round=round, table=table, home=team[home], away=team[away]
        )
        save_captains_totals(match=match, home_imps=imps, away_imps=0)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    rows = page.locator("table.cross-table tbody tr")
    assert [row.locator("th").inner_text() for row in rows.all()] == [
        "3 Team 3",
        "1 Team 1",
        "2 Team 2",
        "4 Team 4",
    ]
    assert rows.first.locator("td").all_inner_texts() == ["1", "", "13 R2", "", "14 R1", "27"]
    # The meetings a phone shows, each named by the team met (before its VPs and round).
    labels = rows.first.locator("td:visible").evaluate_all(
        "cells => cells.map(c => getComputedStyle(c, '::before').content)"
    )
    assert labels == ["none", '"v 1 "', '"v 4 "', '"Total "']
    screenshot(page, "swiss-cross-table-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    frame = page.locator("table.cross-table").locator("xpath=..")
    assert frame.evaluate("wrap => wrap.scrollWidth - wrap.clientWidth") == 0
