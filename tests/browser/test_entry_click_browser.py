"""A click on a saved or refused line selects it whole, as Shift+Tab does: what is typed next
replaces the line, never lengthens it. At a desk and on a phone."""

import pytest
from playwright.sync_api import expect

from events.models import Board, Result
from events.services.entry import save_line
from events.services.line_text import result_text
from scoring import mitchell, parse_traveller_line
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.test_shortcuts_browser import log_in


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_click_on_a_saved_or_refused_line_selects_it_whole(
    page, live_server, make_event, viewport
):
    event = make_event(mitchell(7, 3))
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    save_line(board=board, line=parse_traveller_line("1 8 4S N 11"))
    page.set_viewport_size(viewport)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/director/events/{event.pk}/boards/1/")
    rows = page.locator("#entry-grid tbody tr")

    # A refused line, then a click on the saved line: typing replaces it.
    expect(rows.nth(1).locator("input.entry")).to_be_focused()
    page.keyboard.type("4S N 15")
    page.keyboard.press("Enter")
    expect(rows.nth(1)).to_have_class("refused")
    saved = rows.nth(0).locator("input.entry")
    saved.click()
    expect(saved).to_be_focused()
    page.keyboard.type("4S N 10")
    expect(saved).to_have_value("4S N 10")
    page.keyboard.press("Enter")
    expect(rows.nth(0).locator("input.entry")).to_have_value("4S N 10")
    expect(rows.nth(0)).to_have_class("saved")

    # A click on the refused line: typing replaces it too.
    refused = rows.nth(1).locator("input.entry")
    refused.click()
    page.keyboard.type("3NT S 9")
    expect(refused).to_have_value("3NT S 9")
    page.keyboard.press("Enter")
    expect(rows.nth(1)).to_have_class("saved")
    lines = Result.objects.filter(board=board).order_by("ns_pair__number")
    assert [result_text(line) for line in lines] == ["4S N 10", "3NT S 9"]

    # A second click in a line already chosen places the caret, to mend a letter.
    saved = rows.nth(0).locator("input.entry")
    saved.click()
    saved.click(position={"x": 3, "y": 5})
    assert saved.evaluate("el => el.selectionStart === el.selectionEnd")
