"""A teams event's room in a browser (issue 23, items 9 and 11): while the director watches,
a match table's phone keys a board in and calls; the board turns "waiting" and the call shows
within seconds on their own, and the director accepts the line for the table from the room."""

from playwright.sync_api import expect

from events.models import Match, MatchLine
from events.services.tables.access import event_tables
from events.services.teams.rounds import draw_next_round
from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.browser.test_table_browser import LINES, all_saved, tap_line


def test_a_match_tables_line_and_call_reach_the_room_and_are_settled_there(
    chromium, page, live_server, make_team_event
):
    event = make_team_event(teams=4, boards_per_match=4)
    draw_next_round(event=event)
    match = Match.objects.get(event=event, round=1, table=1)
    access = next(a for a in event_tables(event=event) if (a.table, a.half) == (1, 1))

    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")
    page.goto(f"{live_server.url}/director/events/{event.pk}/room/")
    board = page.locator('tr[data-table="1-1"] .board-cell[data-board="1"]')
    expect(board).not_to_have_class("board-cell waiting")

    phone = chromium.new_context(viewport=PHONE, service_workers="block")
    table = phone.new_page()
    try:
        # North keys board 1 in; East-West have not accepted it yet.
        table.goto(f"{live_server.url}/table/{access.token}/")
        tap_line(table, 1, LINES[1])
        table.wait_for_selector("#accept:not([hidden])")
        all_saved(table)
        table.click("#call-director")

        # The room follows on its own: the board waits, the call shows with its table.
        expect(board).to_have_class("board-cell waiting", timeout=8000)
        calls = page.locator("#calls")
        expect(calls).to_contain_text("Match table 1, table 1", timeout=8000)
        line = page.locator('[id^="table-line-"]', has_text="4S N 10")
        expect(line).to_be_visible()
        screenshot(page, "teams-room-waiting")

        line.get_by_role("button", name="Accept for the table").click()
        expect(page.locator("#room-grid")).to_contain_text("Board 1 of table 1 of match 1 saved.")
        expect(board).to_have_class("board-cell table")
        saved = MatchLine.objects.get(board__match=match, board__number=1, table=1)
        assert (saved.contract, saved.declarer, saved.tricks, saved.score_ns) == (
            "4S",
            "N",
            10,
            420,
        )
    finally:
        phone.close()
