"""No key is lost at a board's end or after a shortcut: a director types at 30 ms a key
without waiting, through a board's last row, b12 and r1t2, ] and Enter, and every line lands
in the row it was typed for. These tests check where the lines end up, not how fast."""

import pytest
from playwright.sync_api import expect

from events.models import Result, TableRound
from events.services.line_text import result_text
from scoring import mitchell
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.test_entry_slow_server_browser import READ_BACK, ROUND_1
from tests.browser.test_shortcuts_browser import log_in

KEY = 30  # milliseconds between keys
VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
# A line for each of a board's seven rows, NS pairs 1 to 7.
BOARD = ["4S N 10", "3NT S 9", "2HX E 7", "P", "4H W 10", "1NT N 8", "5D S 10"]


def lines_of(event) -> dict[tuple[int, int, int], str]:
    """(board, NS pair, EW pair): the saved line."""
    return {
        (r.board.number, r.ns_pair.number, r.ew_pair.number): result_text(r)
        for r in Result.objects.filter(board__section__event=event).select_related(
            "board", "ns_pair", "ew_pair"
        )
    }


@pytest.fixture
def patient_checks():
    """A check waits for a whole round's saves, one after another, on a loaded machine."""
    expect.set_options(timeout=20_000)
    yield
    expect.set_options(timeout=5_000)


@VIEWPORTS
def test_a_line_typed_after_a_boards_last_row_lands_in_the_free_line(
    page, live_server, make_event, viewport
):
    event = make_event(mitchell(7, 3))
    page.set_viewport_size(viewport)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/director/events/{event.pk}/boards/1/")
    page.keyboard.type("".join(f"{line}\n" for line in BOARD), delay=KEY)
    expect(page.locator("#entry-grid tr.saved")).to_have_count(7)
    expect(page.locator("#entry-grid a.button")).to_contain_text("All in")

    # The focus is in a field the director sees, never on a link that Enter would follow.
    page.keyboard.type("1 9 3NT S 9", delay=KEY)
    free = page.locator("#entry-grid tr.free input.entry")
    expect(free).to_be_focused()
    expect(free).to_have_value("1 9 3NT S 9")
    assert page.url.endswith("/boards/1/")


@VIEWPORTS
def test_the_result_typed_straight_after_a_shortcut_lands_on_its_page(
    page, live_server, make_event, viewport
):
    event = make_event(mitchell(7, 3))
    base = f"{live_server.url}/director/events/{event.pk}"
    page.set_viewport_size(viewport)
    log_in(page, live_server)
    page.goto(f"{base}/boards/1/")

    # b12 goes as soon as no other board starts so; from the empty row the director is in.
    page.keyboard.type("b124S N 10\n3NT S 9\n", delay=KEY)
    expect(page.locator("h1")).to_contain_text("Board 12")
    expect(page).to_have_url(f"{base}/boards/12/")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(2)
    # r1t2 from outside a field, then its three lines.
    page.locator("h1").click()
    page.keyboard.type("r1t24S N 10\n3NT S 9\nP\n", delay=KEY)
    expect(page.locator("h1")).to_contain_text("Round 1, table 2")
    expect(page).to_have_url(f"{base}/rounds/1/tables/2/")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(3)
    # b1 could be b10 to b19: a space says it is board 1.
    page.locator("h1").click()
    page.keyboard.type("b1 4S N 10\n", delay=KEY)
    expect(page.locator("h1")).to_contain_text("Board 1")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(1)

    lines = lines_of(event)
    slip = TableRound.objects.get(section__event=event, round=1, table=2)
    assert lines == {
        (12, 1, 12): "4S N 10",
        (12, 2, 14): "3NT S 9",
        (slip.low_board, slip.ns_pair.number, slip.ew_pair.number): "4S N 10",
        (slip.low_board + 1, slip.ns_pair.number, slip.ew_pair.number): "3NT S 9",
        (slip.low_board + 2, slip.ns_pair.number, slip.ew_pair.number): "P",
        (1, 1, 8): "4S N 10",
    }


@VIEWPORTS
def test_a_round_typed_straight_through_slips_and_shortcuts_lands_line_by_line(
    page, slow_server, make_event, viewport, patient_checks
):
    """Round 1 of a 7-table Mitchell from its pick-up slips, in one go at 30 ms a key, against a
    server half a second late: each slip's three lines, then Enter, r1t3, ] or r1t5 to the next
    slip while its last save is still on its way."""
    event = make_event(mitchell(7, 3))
    base = f"{slow_server.url}/director/events/{event.pk}"
    page.set_viewport_size(viewport)
    log_in(page, slow_server)
    page.goto(f"{base}/rounds/1/tables/1/")
    expect(page.locator("input.entry:focus")).to_have_count(1)
    slips = list(TableRound.objects.filter(section__event=event, round=1).order_by("table"))
    onwards = {1: "\n", 2: "r1t3", 3: "]", 4: "r1t5", 5: "\n", 6: "r1t7", 7: ""}
    keys = "".join(
        "".join(f"{ROUND_1[n]}\n" for n in range(slip.low_board, slip.high_board + 1))
        + onwards[slip.table]
        for slip in slips
    )
    page.keyboard.type(keys, delay=KEY)

    expect(page.locator("h1")).to_contain_text("Round 1, table 7")
    expect(page).to_have_url(f"{base}/rounds/1/tables/7/")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(3)
    expect(page.locator("#entry-grid tr.saving")).to_have_count(0)
    assert lines_of(event) == {
        (n, slip.ns_pair.number, slip.ew_pair.number): READ_BACK.get(ROUND_1[n], ROUND_1[n])
        for slip in slips
        for n in range(slip.low_board, slip.high_board + 1)
    }


@VIEWPORTS
def test_boards_typed_straight_through_their_ends_land_line_by_line(
    page, slow_server, make_event, viewport, patient_checks
):
    """Four boards' travellers in one go: ] after board 1, Enter in the free line after board 2,
    b4 after board 3, each typed while the board's last save is on its way."""
    event = make_event(mitchell(7, 3))
    base = f"{slow_server.url}/director/events/{event.pk}"
    page.set_viewport_size(viewport)
    log_in(page, slow_server)
    page.goto(f"{base}/boards/1/")
    expect(page.locator("input.entry:focus")).to_have_count(1)
    board = "".join(f"{line}\n" for line in BOARD)
    page.keyboard.type(board + "]" + board + "\n" + board + "b4" + board, delay=KEY)

    expect(page.locator("h1")).to_contain_text("Board 4")
    expect(page).to_have_url(f"{base}/boards/4/")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(7)
    expect(page.locator("#entry-grid tr.saving")).to_have_count(0)
    assert {(n, ns): text for (n, ns, _), text in lines_of(event).items()} == {
        (n, ns): BOARD[ns - 1] for n in range(1, 5) for ns in range(1, 8)
    }
