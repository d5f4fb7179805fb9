"""Getting around by keyboard in a real Chromium: b17, r3t2, ] and [, Alt+PageDown, the help
list, what an unknown board or table says, and board links a finger's size on a phone."""

import re

from playwright.sync_api import expect

from events.models import Board
from events.services.entry import save_line
from scoring import mitchell, parse_traveller_line
from tests.browser.conftest import DESKTOP, PHONE, screenshot


def log_in(page, live_server):
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")


def test_go_to_a_board_or_a_table_round_by_keyboard(page, live_server, make_event):
    event = make_event(mitchell(7, 3))
    base = f"{live_server.url}/director/events/{event.pk}"
    page.set_viewport_size(DESKTOP)
    log_in(page, live_server)
    page.goto(f"{base}/")
    indicator = page.locator("#shortcut-indicator")
    expect(page.locator(".shortcut-footer")).to_contain_text("b17 board 17")

    # b2 shows as it is typed (it could be b20), and a short pause goes.
    page.keyboard.type("b2")
    expect(indicator).to_have_text("b2")
    expect(page).to_have_url(f"{base}/boards/2/")
    # b17 goes at once: no other board starts so.
    page.locator("h1").click()
    page.keyboard.type("b17")
    expect(page).to_have_url(f"{base}/boards/17/")
    expect(page.locator("h1")).to_contain_text("Board 17")

    # From inside the result field: Alt+PageDown and Alt+PageUp.
    expect(page.locator("input.entry:focus")).to_have_count(1)
    page.keyboard.press("Alt+PageDown")
    expect(page).to_have_url(f"{base}/boards/18/")
    # Outside a field: ] and [; inside one they are typed as usual.
    page.locator("h1").click()
    page.keyboard.press("]")
    expect(page).to_have_url(f"{base}/boards/19/")
    page.locator("h1").click()
    page.keyboard.press("[")
    expect(page).to_have_url(f"{base}/boards/18/")

    # A line typed but not saved keeps the director on the board.
    page.keyboard.type("4S N")
    page.keyboard.press("Alt+PageDown")
    expect(indicator).to_have_text(
        "A line is typed but not saved: Enter saves it, Escape undoes it."
    )
    expect(page).to_have_url(f"{base}/boards/18/")
    page.keyboard.press("Escape")

    # r3t2 and Enter goes at once; on a table-round's page ] goes to the next table.
    page.locator("h1").click()
    page.keyboard.type("r3t2")
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{base}/rounds/3/tables/2/")
    expect(page.locator("h1")).to_contain_text("Round 3, table 2")
    page.locator("h1").click()
    page.keyboard.press("]")
    expect(page).to_have_url(f"{base}/rounds/3/tables/3/")

    # What the event does not have is said, and the page stays.
    page.locator("h1").click()
    for keys, message in [
        ("b22", "There is no board 22: the boards are 1–21."),
        ("r9t1", "There is no round 9: the rounds are 1–7."),
        ("r2t8", "There is no table 8: the tables are 1–7."),
    ]:
        page.keyboard.type(keys)
        page.keyboard.press("Enter")
        expect(indicator).to_have_text(message)
        expect(indicator).to_have_class(re.compile("refused"))
    screenshot(page, "shortcut-unknown-table")
    expect(page).to_have_url(f"{base}/rounds/3/tables/3/")

    # Escape cancels what was started: the pause then goes nowhere.
    page.keyboard.type("b1")
    expect(indicator).to_have_text("b1")
    page.keyboard.press("Escape")
    expect(indicator).to_be_hidden()
    page.wait_for_timeout(1600)
    expect(page).to_have_url(f"{base}/rounds/3/tables/3/")

    # ? shows the list of shortcuts and hides it again; so does the footer's link.
    help_panel = page.locator("#shortcut-help")
    expect(help_panel).to_be_hidden()
    page.keyboard.press("?")
    expect(help_panel).to_be_visible()
    expect(help_panel).to_contain_text("go to round 3, table 2")
    screenshot(page, "shortcut-help")
    page.keyboard.press("?")
    expect(help_panel).to_be_hidden()
    page.get_by_role("button", name="all shortcuts").click()
    expect(help_panel).to_be_visible()
    page.keyboard.press("Escape")
    expect(help_panel).to_be_hidden()


def test_next_and_previous_from_an_empty_result_field(page, live_server, make_event):
    event = make_event(mitchell(7, 3))
    base = f"{live_server.url}/director/events/{event.pk}"
    log_in(page, live_server)
    page.goto(f"{base}/boards/1/")
    field = page.locator("input.entry:focus")
    expect(field).to_have_value("")
    # No line starts with ] or [: from an empty field they go, never typed.
    page.keyboard.press("]")
    expect(page).to_have_url(f"{base}/boards/2/")
    page.keyboard.press("[")
    expect(page).to_have_url(f"{base}/boards/1/")
    # In a line they are typed; text that cannot be a line does not keep the director.
    page.keyboard.type("4S]")
    expect(field).to_have_value("4S]")
    field.fill("[[")
    page.keyboard.press("Alt+PageDown")
    expect(page).to_have_url(f"{base}/boards/2/")


def test_a_problems_link_opens_its_line_focused(page, live_server, make_event):
    event = make_event(mitchell(7, 3))
    board = Board.objects.select_related("section__event").get(section__event=event, number=2)
    save_line(board=board, line=parse_traveller_line("1 8 4S N 10"))  # round 1, table 1
    log_in(page, live_server)

    page.goto(f"{live_server.url}/director/events/{event.pk}/boards/2/?row=2-1-8")

    focused = page.locator("input.entry:focus")
    expect(focused).to_have_value("4S N 10")
    assert focused.evaluate("f => [f.selectionStart, f.selectionEnd]") == [0, 7]


def test_board_links_are_a_fingers_size_on_a_phone(page, live_server, make_event):
    event = make_event(mitchell(7, 3))
    page.set_viewport_size(PHONE)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/director/events/{event.pk}/")

    links = page.locator(".board-links a")
    expect(links).to_have_count(21)
    for i in (0, 20):
        box = links.nth(i).bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44
    slip_link = page.locator("table.slips a").first.bounding_box()
    assert slip_link["height"] >= 44
    screenshot(page, "board-links-phone")
