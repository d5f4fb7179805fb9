"""The IMP, matchpoint and victory-point calculators at phone width with JavaScript off: plain
GET forms that answer on the page they come back to."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, screenshot


@pytest.fixture
def no_js_phone(chromium, live_server):
    context = chromium.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    yield page
    context.close()


def test_the_calculators_without_javascript(no_js_phone, live_server):
    page = no_js_phone
    page.goto(f"{live_server.url}/calculator/")
    page.get_by_role("link", name="IMPs", exact=True).click()

    page.get_by_label("Your score").fill("620")
    page.get_by_label("Other table").fill("625")
    page.get_by_role("button", name="IMPs").click()
    expect(page.locator("#other-error")).to_have_text(
        "A duplicate score is a multiple of 10: 625 is not."
    )
    page.get_by_label("Other table").fill("170")
    page.get_by_label("Other table").press("Enter")
    expect(page.get_by_test_id("imps")).to_have_text("10 IMPs")
    expect(page.get_by_test_id("imp-row")).to_have_text("430 to 490 points: 10 IMPs, won")
    screenshot(page, "calculator-imps-phone")

    page.get_by_role("link", name="Matchpoints").click()
    page.get_by_label("Your score").fill("420")
    page.get_by_label("Other scores").fill("420 450 -50 170")
    page.get_by_role("button", name="Matchpoints").click()
    expect(page.get_by_test_id("percent")).to_have_text("62.50%")
    expect(page.get_by_test_id("scale-2")).to_have_text("2.5 of 4")
    screenshot(page, "calculator-matchpoints-phone")

    page.get_by_role("link", name="Victory points").click()
    page.get_by_label("IMP margin").fill("14")
    page.get_by_label("Boards").fill("8")
    page.get_by_role("button", name="Victory points").click()
    expect(page.locator("tr[data-scale=wbf] td.num")).to_have_text(["14.96", "5.04"])
    expect(page.locator("tr[data-scale='10-4board']")).to_contain_text("for matches of 4 boards")
    screenshot(page, "calculator-victory-points-phone")
