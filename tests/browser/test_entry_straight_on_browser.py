"""Typing straight on past a slip's or a board's last row at 30 ms a key: the next line goes to
the next slip or board, as the director sees it, and a shortcut typed on the event page, which
has no grid, keeps the lines typed after it. These tests check where the lines end up."""

import pytest
from playwright.sync_api import expect

from events.services.navigation import slips
from scoring import howell, mitchell
from tests.browser.conftest import DESKTOP
from tests.browser.test_entry_keys_kept_browser import lines_of
from tests.browser.test_shortcuts_browser import log_in

KEY = 30  # milliseconds between keys
# Twelve lines, each different, so that a line on the wrong board shows.
LINES = [
    "1NT N 7",
    "2S N 8",
    "3H S 9",
    "4S N 10",
    "5D E 11",
    "1C W 7",
    "2D S 8",
    "3C N 9",
    "2NT E 8",
    "3NT W 9",
    "4H E 10",
    "1S S 7",
]


@pytest.fixture(autouse=True)
def patient_checks():
    expect.set_options(timeout=20_000)
    yield
    expect.set_options(timeout=5_000)


@pytest.mark.parametrize("server", ["live_server", "slow_server"])
def test_a_shortcut_from_the_event_page_and_the_slips_after_it_keep_every_line(
    page, request, make_event, server
):
    """A 4½-table Howell: r2t2 on the event page, then twelve lines straight on, three a slip,
    without a key between the slips; also with every answer half a second late."""
    live_server = request.getfixturevalue(server)
    event = make_event(howell(5, 3, sit_out=True))
    page.set_viewport_size(DESKTOP)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/director/events/{event.pk}/")
    page.keyboard.type("r2t2" + "".join(f"{line}\n" for line in LINES), delay=KEY)

    order = list(slips(section_id=event.sections.get().pk).select_related("ns_pair", "ew_pair"))
    start = [(slip.round, slip.table) for slip in order].index((2, 2))
    typed = order[start : start + 4]
    last = typed[-1]
    expect(page.locator("h1")).to_contain_text(f"Round {last.round}, table {last.table}")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(3)
    expect(page.locator("#entry-grid tr.saving")).to_have_count(0)
    lines = iter(LINES)
    assert lines_of(event) == {
        (n, slip.ns_pair.number, slip.ew_pair.number): next(lines)
        for slip in typed
        for n in range(slip.low_board, slip.high_board + 1)
    }


@pytest.mark.parametrize("server", ["live_server", "slow_server"])
def test_a_boards_lines_then_the_next_boards_go_each_to_their_board(
    page, request, make_event, server
):
    """A 5-table Mitchell's board 6, then board 7's five lines straight on: once board 6 is all
    in, a line without pair numbers goes to board 7, not into board 6's free line; also with
    every answer half a second late, board 6's last save on its way as board 7's lines come."""
    live_server = request.getfixturevalue(server)
    event = make_event(mitchell(5, 3))
    page.set_viewport_size(DESKTOP)
    log_in(page, live_server)
    base = f"{live_server.url}/director/events/{event.pk}"
    page.goto(f"{base}/boards/6/")
    expect(page.locator("input.entry:focus")).to_have_count(1)
    page.keyboard.type("".join(f"{line}\n" for line in LINES[:10]), delay=KEY)

    expect(page.locator("h1")).to_contain_text("Board 7")
    expect(page).to_have_url(f"{base}/boards/7/")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(5)
    expect(page.locator("#entry-grid tr.saving")).to_have_count(0)
    assert {(n, ns): text for (n, ns, _), text in lines_of(event).items()} == {
        (6 + i // 5, i % 5 + 1): line for i, line in enumerate(LINES[:10])
    }


def test_every_lines_points_follow_each_save_on_a_boards_grid(page, live_server, make_event):
    """A save on a board not yet all in answers with its row and the board's points: the rows
    saved before it show their points as they now stand, as the ranking does."""
    event = make_event(mitchell(5, 3))
    page.set_viewport_size(DESKTOP)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/director/events/{event.pk}/boards/1/")
    expect(page.locator("input.entry:focus")).to_have_count(1)
    page.keyboard.type("4S N 10\n4S N 11\n4S N 9\n", delay=KEY)
    expect(page.locator("#entry-grid tr.saved")).to_have_count(3)
    expect(page.locator("#entry-grid tr.saving")).to_have_count(0)
    expect(page.locator("#entry-grid [role=status]")).to_have_text("Saved board 1.")
    # Neuberg to the board's five tables (a top of 8) from three lines, 420, 450 and -50: the
    # second row showed 6.5 after its own save, the first 1.5 after the second's.
    points = page.locator("#entry-grid tr.saved td.ns-points")
    expect(points).to_have_text(["4", "7.33", "0.67"])
    # The empty row after the last one saved is where keys go next.
    expect(page.locator("#entry-grid tr:nth-child(4) input.entry")).to_be_focused()
