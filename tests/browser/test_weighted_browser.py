"""A director types a weighted score in the grid; a player reads it on the traveller and taps
"Explain this score" on a phone. Under the Content Security Policy, nothing refused."""

from playwright.sync_api import expect

from events.models import Board, Result
from events.services.entry import board_meetings, save_line
from scoring import mitchell, parse_traveller_line
from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.browser.test_csp_browser import visit, watched

WEIGHTED = "40% 4S N 10 + 60% 4S N 9"


def test_a_weighted_score_typed_in_the_grid_and_explained_at_phone_width(
    page, live_server, make_event
):
    event = make_event(mitchell(3, 2), name="Weighted Pairs", mp_rounding="ebu")
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    first, *others = sorted(board_meetings(board=board), key=lambda m: m.ns)
    for meeting, text in zip(others, ["4S N 11", "3NT S 9"], strict=True):  # +450, +400
        save_line(
            board=board, line=parse_traveller_line(text), ns_pair=meeting.ns, ew_pair=meeting.ew
        )
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")
    problems = watched(page)
    visit(page, f"{live_server.url}/director/events/{event.pk}/boards/1/", problems)
    page.get_by_label(f"Board 1, {first.ns} v {first.ew}").click()
    page.keyboard.type(WEIGHTED)
    expect(page.locator("td.preview").first).to_contain_text("Weighted: 40% of NS +420")
    page.keyboard.press("Enter")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(3)
    expect(page.locator("td.preview").first).to_have_text("Weighted: 40% 4S N =, 60% 4S N -1")
    screenshot(page, "weighted-entry-grid")
    line = Result.objects.select_related("ns_pair").get(weights__isnull=False)

    page.set_viewport_size(PHONE)
    visit(page, f"{live_server.url}/events/{event.pk}/A/boards/1/", problems)
    expect(page.locator("td.weighted")).to_have_text("Weighted: 40% 4S N =, 60% 4S N -1")
    page.get_by_role("link", name=f"Explain this score: {line.ns_points:g} to pair").first.click()
    page.wait_for_load_state("load")
    expect(page.locator("h2").first).to_have_text("A weighted score")
    # +420 beats 400 and loses to 450: 2; -50 beats nothing: 0. 40% × 2 + 60% × 0 = 0.8.
    expect(page.get_by_text("40% × 2 + 60% × 0 = 0.8 matchpoints")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate("window.__violations") == [] and problems == []
    screenshot(page, "weighted-explained-phone")
