"""Setting an event up in a real Chromium: the settings page saves as it is filled in, and the
printed table cards carry a QR code that a phone reads as the event's live page."""

import datetime

import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from scoring import mitchell
from tests.browser.conftest import ARTIFACTS, DESKTOP


def log_in(page, live_server) -> None:
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")


def test_the_settings_page_saves_without_retyping_the_date(page, live_server, make_event):
    event = make_event(mitchell(3, 2), date=datetime.date(2026, 11, 20), winners=2)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/director/events/{event.pk}/settings/")
    expect(page.locator("#id_date")).to_have_value("2026-11-20")
    page.locator("#id_winners").select_option("1")
    page.get_by_role("button", name="Save and rescore").click()
    expect(page.locator(".messages")).to_contain_text("Settings saved")
    event.refresh_from_db()
    assert (event.date, event.winners) == (datetime.date(2026, 11, 20), 1)


def test_a_table_cards_qr_code_reads_as_the_events_live_page(page, live_server, make_event):
    event = make_event(mitchell(3, 2), name="Tuesday Pairs")
    page.set_viewport_size(DESKTOP)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/director/events/{event.pk}/cards/")
    page.emulate_media(media="print")
    card = page.locator(".table-card").first
    expect(card).to_contain_text("Boards go to")
    ARTIFACTS.mkdir(exist_ok=True)
    card.screenshot(path=ARTIFACTS / "table-card-with-qr.png")
    codes = zxingcpp.read_barcodes(Image.open(ARTIFACTS / "table-card-with-qr.png"))
    assert [code.text for code in codes] == [f"{live_server.url}/events/{event.pk}/"]
    page.goto(codes[0].text)
    expect(page.locator("h1")).to_contain_text("Tuesday Pairs")
