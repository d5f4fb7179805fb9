"""Setting an event up in a real Chromium: the settings page saves as it is filled in."""

import datetime

from playwright.sync_api import expect

from scoring import mitchell


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
