"""A club evening in a real Chromium: set up a 7-table Mitchell, key in every traveller with the
keyboard only, fix a line, give an adjusted score, publish, and read a scorecard on a phone."""

import re

import pytest
from playwright.sync_api import expect

from events.models import Event, Pair, Result
from tests.browser.conftest import DESKTOP, PHONE, screenshot

# A result for each board, varied by table so the ranking has something to rank.
CONTRACTS = ["4S N", "3NT S", "2H E", "4H W", "1NT N", "3C E", "5D S"]


def line_for(board: int, row: int) -> str:
    contract = CONTRACTS[(board + row) % len(CONTRACTS)]
    level = int(contract[0])
    return f"{contract} {level + 6 + (board * 3 + row) % 3 - 1}"


def ranking_text(page) -> str:
    return page.locator("#panels table.ranking").first.inner_text()


def test_club_evening_keyboard_only(page, live_server, club):
    page.set_viewport_size(DESKTOP)

    # Log in and set the event up.
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")
    page.get_by_role("link", name="New event").click()
    page.locator("#id_name").fill("Browser Pairs")
    page.locator("#id_date").fill("2026-11-24")
    page.locator("#id_tables").fill("7")
    expect(page.locator("label.choice").first).to_contain_text("7-table Mitchell")
    expect(page.locator("label.choice").first).to_contain_text("7 rounds of 3 boards")
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator("h1")).to_have_text("Pairs and names")
    page.keyboard.type("Alice Archer")
    page.keyboard.press("Tab")
    page.keyboard.type("Brian Baker")
    page.get_by_role("button", name="Save names").click()
    page.get_by_role("button", name="Start the event").click()
    screenshot(page, "director-event-started")
    event = Event.objects.get(name="Browser Pairs")
    assert event.status == "running"

    # Board 1 from the event page, then every board with the keyboard only: type, Enter; when
    # a board is complete the focus is in its free line, and Enter there goes to the next board.
    page.locator(".board-links a").first.click()
    before = None
    for board in range(1, 22):
        expect(page.locator("h1")).to_contain_text(f"Board {board}")
        for row in range(7):
            entry = page.locator("input.entry:focus")
            expect(entry).to_have_count(1)
            if board == 2 and row == 3:
                # A wrong line is refused and keeps what was typed; the focus stays on the row
                # Enter moved to, and back in the refused row its line is selected whole.
                page.keyboard.type("4S N +5")
                page.keyboard.press("Enter")
                expect(page.locator("#entry-grid [role=alert]")).to_have_text(
                    "4S +5 would be 15 tricks: tricks must be 0 to 13"
                )
                expect(page.locator("input.entry:focus")).to_have_value("")
                page.keyboard.press("Shift+Tab")
                refused = page.locator("input.entry:focus")
                expect(refused).to_have_value("4S N +5")
                assert refused.evaluate("el => [el.selectionStart, el.selectionEnd]") == [0, 7]
                screenshot(page, "entry-refused")
                page.keyboard.press("Escape")
                expect(page.locator("input.entry:focus")).to_have_value("")
            text = "A+ A-" if (board, row) == (5, 2) else line_for(board, row)
            page.keyboard.type(text)
            page.keyboard.press("Enter")
            expect(page.locator("#entry-grid tr.saved")).to_have_count(row + 1)
        if board == 1:
            screenshot(page, "entry-board-complete")
        if board == 20:
            page.goto(f"{live_server.url}/director/events/{event.pk}/")
            before = ranking_text(page)
            page.go_back()  # director pages are never cached: Back shows the saved lines
            expect(page.locator("#entry-grid tr.saved")).to_have_count(7)
        expect(page.locator("#entry-grid tr.free input.entry")).to_be_focused()
        page.keyboard.press("Enter")  # goes where "All in: next board" leads
    expect(page.locator("h1")).to_contain_text(event.name)
    assert Result.objects.filter(board__section__event=event).count() == 147
    after = ranking_text(page)
    assert after != before  # board 21 moved the ranking

    # Fix a saved line: board 3, first row, edited in place.
    page.goto(f"{live_server.url}/director/events/{event.pk}/boards/3/")
    first = page.locator("input.entry").first
    first.focus()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.type("6NT N 13")
    page.keyboard.press("Enter")
    expect(page.locator("#entry-grid [role=status]")).to_have_text("Saved board 3.")
    edited = Result.objects.get(board__section__event=event, board__number=3, ns_pair__number=1)
    assert (edited.contract, edited.tricks, edited.score_ns) == ("6NT", 13, 1020)

    # Every played line sums to the top (12), Neuberged or not; the adjusted one follows
    # Law 12C2(c): 60% or the NS pair's percentage on its other boards if better, and 40% or
    # the EW pair's if worse.
    lines = Result.objects.filter(board__section__event=event)
    played = lines.filter(ns_adjustment="")
    assert sum(r.ns_points + r.ew_points for r in played) == pytest.approx(146 * 12)
    adjusted = lines.get(board__number=5, ns_adjustment="A+")
    for side, pair, law in (("ns", adjusted.ns_pair, max), ("ew", adjusted.ew_pair, min)):
        pair.refresh_from_db()
        points = getattr(adjusted, f"{side}_points")
        session = 100 * (pair.score - points) / (pair.top_total - 12)
        expected = law(60 if side == "ns" else 40, session)
        assert points == pytest.approx(expected * 12 / 100)

    # Publish: the lines made up above are far apart, and the panel's questions are asked first.
    page.goto(f"{live_server.url}/director/events/{event.pk}/")
    page.get_by_role("button", name="Close and publish").click()
    expect(page.locator("h1")).to_have_text("Publish with questions open?")
    page.get_by_role("button", name="Publish anyway").click()
    expect(page.locator("h1 .pill")).to_have_text("Published")
    screenshot(page, "director-event-published")

    # A player reads pair 1 NS's scorecard on a phone.
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    screenshot(page, "public-ranking-phone")
    page.get_by_role("link", name="Alice Archer & Brian Baker").click()
    expect(page.locator("h1")).to_have_text("Scorecard of pair 1 NS: Alice Archer & Brian Baker")
    pair = Pair.objects.get(section__event=event, number=1)
    expect(page.locator("main > p").nth(1)).to_contain_text(f"{pair.percentage:.2f}%")
    expect(page.locator("table.scorecard tbody tr")).to_have_count(21)
    expect(page.locator("table.scorecard tbody tr").nth(2)).to_contain_text("6NT N 13")
    screenshot(page, "public-scorecard-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "the scorecard must fit a phone without scrolling sideways"
    page.locator("table.scorecard a", has_text=re.compile(r"^3$")).click()
    expect(page.locator("h1")).to_have_text("Board 3")
    expect(page.locator("tr.mine")).to_contain_text("6NT N 13")
