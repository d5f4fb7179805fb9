"""The director's room in a browser: a table's call appears within seconds on its own (no
reload), on the event's page and in the room, is cleared with one button, and a table's
waiting line is accepted for it."""

import uuid

from django.utils import timezone
from playwright.sync_api import expect

from events.models import Result, TableLine, TableRound
from events.services.tables.access import event_tables
from events.services.tables.calls import call_director
from scoring import mitchell
from tests.browser.conftest import DESKTOP, screenshot


def test_a_call_appears_in_the_room_within_seconds_and_is_cleared(page, live_server, make_event):
    event = make_event(mitchell(4, 3, rounds=2))
    access = event_tables(event=event)[2]
    slip = TableRound.objects.get(section__event=event, round=1, table=3)

    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")
    # On the event's page the calls panel shows only while a table calls.
    page.goto(f"{live_server.url}/director/events/{event.pk}/")
    expect(page.locator("#calls")).to_be_hidden()
    call = call_director(access=access, round=1)
    expect(page.locator(f"#call-{call.pk}")).to_be_visible(timeout=8000)

    page.goto(f"{live_server.url}/director/events/{event.pk}/room/")
    calls = page.locator("#calls")
    expect(calls.locator(f"#call-{call.pk}")).to_be_visible()
    call.cleared = timezone.now()
    call.save()
    expect(calls).to_contain_text("No table is calling.", timeout=8000)

    # The table presses its button (and adds a line) while the page stays as it is.
    call = call_director(access=access, round=1)
    line = TableLine.objects.create(
        access=access, round=1, board_number=slip.low_board, text="4S N 10", key=uuid.uuid4()
    )

    item = calls.locator(f"#call-{call.pk}")
    expect(item).to_contain_text("Table 3, round 1: Director called", timeout=8000)
    cell = page.locator('td.room-cell[data-cell="1-3"]')
    expect(cell).to_have_class("room-cell called", timeout=8000)
    expect(page.locator(f"#table-line-{line.pk}")).to_contain_text("4S N 10")
    screenshot(page, "room-call")

    item.get_by_role("button", name="Clear").click()
    expect(item).to_have_count(0)
    expect(calls).to_contain_text("No table is calling.")
    # The grid follows on its next poll: the table's line still waits.
    expect(cell).to_have_class("room-cell waiting", timeout=8000)

    page.locator(f"#table-line-{line.pk}").get_by_role(
        "button", name="Accept for the table"
    ).click()
    expect(page.locator("#room-grid")).to_contain_text(f"Board {slip.low_board} of table 3 saved.")
    expect(page.locator(f"#table-line-{line.pk}")).to_have_count(0)
    expect(cell).to_contain_text("1/3")
    expect(cell).to_contain_text("1 from the table")
    assert Result.objects.get().table == 3
