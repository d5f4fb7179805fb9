"""The score pad and the calculator in a real Chromium, driven by the keyboard only."""

from playwright.sync_api import expect

from tests.browser.conftest import DESKTOP, screenshot

SEED_000_RUBBER = [
    "2NT we 9",
    "4H they 10",
    "5C they 9",
    "4SX we 11",
    "3C we 10",
    "6D they 12 hon they 150",
]


def test_seed_000_rubber_typed_on_the_pad(page, live_server):
    page.goto(f"{live_server.url}/pad/rubber/")
    deal_line = page.locator("input[name=line]")
    expect(deal_line).to_be_focused()
    loads = []
    page.on("load", lambda loaded: loads.append(loaded.url))

    # A refused line stays in the box with the reason; the player corrects it in place.
    page.keyboard.type("2NT us 9")
    page.keyboard.press("Enter")
    expect(page.locator("#line-error")).to_have_text(
        "After the contract write who declared, we or they, then the tricks: 4SX they 10."
    )
    expect(deal_line).to_have_value("2NT us 9")
    expect(deal_line).to_be_focused()
    screenshot(page, "pad-rubber-phone-refused")
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.press("Backspace")

    for number, line in enumerate(SEED_000_RUBBER, start=1):
        page.keyboard.type(line)
        page.keyboard.press("Enter")
        expect(page.locator("#history tbody tr")).to_have_count(number)
        if number < len(SEED_000_RUBBER):
            expect(page.locator("input[name=line]")).to_be_focused()
        if number == 3:
            screenshot(page, "pad-rubber-phone-in-progress")

    expect(page.locator("#total-we")).to_have_text("770")
    expect(page.locator("#total-they")).to_have_text("1640")
    expect(page.locator("#result")).to_contain_text("They win, 1640 to 770.")
    assert loads == []  # htmx swapped the pad in place; the page never reloaded
    screenshot(page, "pad-rubber-phone")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "pad-rubber-desktop")
    page.emulate_media(media="print")
    expect(page.locator(".pad-actions")).to_be_hidden()
    screenshot(page, "pad-rubber-print")


def test_chicago_typed_on_the_pad(page, live_server):
    page.goto(f"{live_server.url}/pad/chicago/")

    lines = ["1NT we 7", "4S they 10", "3NT we 8 hon they 150", "2H we 9"]
    for number, line in enumerate(lines, start=1):
        expect(page.locator("input[name=line]")).to_be_focused()
        page.keyboard.type(line)
        page.keyboard.press("Enter")
        expect(page.locator("#history tbody tr")).to_have_count(number)
        if number == 3:
            screenshot(page, "pad-chicago-phone-deal-4")

    expect(page.locator("#total-we")).to_have_text("230")
    expect(page.locator("#total-they")).to_have_text("870")
    expect(page.locator("#pad-status")).to_contain_text("Chicago over")
    screenshot(page, "pad-chicago-phone")


def test_calculator_by_keyboard(page, live_server):
    page.goto(f"{live_server.url}/calculator/")
    expect(page.locator("input[name=contract]")).to_be_focused()

    page.keyboard.type("4S")
    page.keyboard.press("Tab")  # by: North-South
    page.keyboard.press("Tab")  # declarer: not vulnerable
    page.keyboard.press("Tab")
    page.keyboard.type("10")
    page.keyboard.press("Tab")
    page.keyboard.type("170")
    page.keyboard.press("Enter")

    expect(page.locator("[data-testid=score]")).to_have_text("420")
    expect(page.locator("[data-testid=contract-points]")).to_have_text("120")
    expect(page.locator("[data-testid=bonuses]")).to_have_text("300 game, 0 slam, 0 insult")
    expect(page.locator("[data-testid=imps]")).to_have_text("Score difference 250, 6 IMPs")
    expect(page.locator("tr.mine")).to_contain_text("420")
    screenshot(page, "calculator-phone")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "calculator-desktop")
