"""With JavaScript off, a director still sets an event up and keys in travellers: every form
is a plain POST that saves and redirects, and a refused line says why on the page."""

import pytest
from playwright.sync_api import expect

from events.models import Event, Pair, Result
from tests.browser.conftest import DESKTOP, screenshot


@pytest.fixture
def no_js_page(chromium, live_server):
    context = chromium.new_context(viewport=DESKTOP, java_script_enabled=False)
    page = context.new_page()
    yield page
    context.close()


def test_set_up_an_event_and_enter_lines_without_javascript(no_js_page, live_server, club):
    page = no_js_page
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("wrong password")
    page.keyboard.press("Enter")
    expect(page.locator(".errorlist")).to_contain_text("Please enter a correct username")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")

    # A new event: a refused number of tables says why, a good one lists the movements that
    # fit, and the event is created with the movement chosen.
    page.get_by_role("link", name="New event").click()
    page.locator("#id_name").fill("No Script Pairs")
    page.locator("#id_date").fill("2026-11-24")
    page.locator("#id_tables").fill("0")
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator(".errorlist")).to_be_visible()
    assert not Event.objects.exists()
    page.locator("#id_tables").fill("3")
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator(".errorlist")).to_have_text("Choose one of the movements.")
    assert not Event.objects.exists()
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator(".messages")).to_contain_text("Movement:")
    expect(page.locator("h1")).to_have_text("Pairs and names")
    page.get_by_label("Pair 1, player 1").fill("Alice Archer")
    page.get_by_role("button", name="Save names").click()
    expect(page.locator(".messages")).to_contain_text("Names saved.")
    page.get_by_role("button", name="Start the event").click()
    expect(page.locator("h1 .pill")).to_have_text("Running")
    event = Event.objects.get(name="No Script Pairs")
    assert event.status == "running"
    assert Pair.objects.get(section__event=event, number=1).names.startswith("Alice Archer")

    # Board 1: a good line saves and comes back as a saved row.
    page.locator(".board-links a").first.click()
    page.locator("input.entry").first.fill("4S N 10")
    page.locator("input.entry").first.press("Enter")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(1)
    expect(page.locator("input.entry").first).to_have_value("4S N 10")
    saved = Result.objects.get(board__section__event=event)
    assert (saved.board.number, saved.contract, saved.tricks, saved.score_ns) == (1, "4S", 10, 420)

    # A refused line: the whole page comes back with the reason under what was typed.
    second = page.locator("input.entry").nth(1)
    second.fill("4S N +5")
    second.press("Enter")
    expect(page.locator("#entry-grid [role=alert]")).to_have_text(
        "4S +5 would be 15 tricks: tricks must be 0 to 13"
    )
    expect(page.locator("input.entry").nth(1)).to_have_value("4S N +5")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(1)
    screenshot(page, "entry-refused-without-javascript")
    assert Result.objects.filter(board__section__event=event).count() == 1
