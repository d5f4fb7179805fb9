"""A director uploads hand records to a running event: the event's page counts the boards still
to analyse and follows on its own until the worker is done; the board page then shows the hand,
the double-dummy table and par."""

from playwright.sync_api import expect

from events.services.hand_records import analyse_event_hands
from scoring import mitchell
from tests.browser.conftest import DESKTOP, screenshot
from tests.events.test_hand_record_upload import SM1_BOARD_1, dealer_file, some_deals


def test_upload_hand_records_and_follow_the_analysis(page, live_server, make_event):
    event = make_event(mitchell(3, 2))
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")
    page.goto(f"{live_server.url}/director/events/{event.pk}/")

    page.get_by_role("link", name="Upload hand records").click()
    expect(page.locator("#hands-status")).to_contain_text("0 of 6 boards have a hand record")
    page.locator("#id_file").set_input_files(
        files=[{"name": "set.dge", "mimeType": "application/octet-stream", "buffer": b"x" * 128}]
    )
    page.get_by_role("button", name="Upload").click()
    expect(page.locator(".errorlist")).to_contain_text(
        "set.dge: .dge files are not read here: save the deals as PBN"
    )
    screenshot(page, "hand-records-refused")
    deals = dealer_file({1: SM1_BOARD_1} | some_deals(range(2, 7)))
    page.locator("#id_file").set_input_files(
        files=[{"name": "set.pbn", "mimeType": "text/plain", "buffer": deals}]
    )
    page.get_by_role("button", name="Upload").click()

    expect(page.locator(".messages")).to_contain_text("Hand records saved for 6 boards")
    expect(page.locator("#hands-waiting")).to_have_text(
        "Working out the double-dummy tables: 6 boards to go. This page follows on its own."
    )
    screenshot(page, "hand-records-analysing")
    analyse_event_hands(event=event)  # what the worker's job does (the worker is tested apart)
    expect(page.locator("#hands-waiting")).to_have_count(0, timeout=10_000)

    page.goto(f"{live_server.url}/director/events/{event.pk}/boards/1/")
    expect(page.locator("#hand-record .par")).to_have_text("Par: NS +990 (6NT by S =)")
    screenshot(page, "hand-records-board-page")
