"""An over-long line in the entry grid: the preview says what the save will say, and neither
squeezes the Result boxes of the other rows."""

from playwright.sync_api import expect

from scoring import mitchell
from tests.browser.conftest import DESKTOP, screenshot
from tests.browser.test_shortcuts_browser import log_in

TOO_LONG = "this line has 120 characters, a line at most 60: type the result, e.g. 4S N 10, and "
TOO_LONG += "keep a note after # short"


def test_a_long_line_wraps_and_the_preview_gives_the_saves_message(page, live_server, make_event):
    page.set_viewport_size(DESKTOP)
    event = make_event(mitchell(7, 3))
    log_in(page, live_server)
    page.goto(f"{live_server.url}/director/events/{event.pk}/boards/1/")
    rows = page.locator("#entry-grid tbody tr")
    page.keyboard.insert_text("4S N 10 # " + "x" * 110)
    expect(rows.first.locator(".preview")).to_have_text(TOO_LONG)
    page.keyboard.press("Enter")
    expect(rows.first.locator("[role=alert]")).to_have_text(TOO_LONG)
    # One unbroken token of 59 characters in the next row's preview.
    second = rows.nth(1).locator("input.entry")
    second.click()
    page.keyboard.insert_text("Z" * 59)
    expect(rows.nth(1).locator(".preview")).to_contain_text("Z" * 59 + ": a contract is")
    screenshot(page, "entry-long-line")
    for box in page.locator("input.entry").all():
        assert box.bounding_box()["width"] >= 200
    grid = page.locator("#entry-grid table").bounding_box()
    assert grid["x"] + grid["width"] <= DESKTOP["width"]
