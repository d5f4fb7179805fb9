"""A traveller's adjusted and weighted lines keep their matchpoints under the MPs headings, on a
phone (where the Lead column is hidden) as on a desktop."""

import pytest
from playwright.sync_api import expect

from events.models import Board, Result
from events.services.entry import board_meetings, save_line
from scoring import mitchell, parse_traveller_line
from tests.browser.conftest import DESKTOP, PHONE, screenshot

# For each row: the text of the cell under each visible heading, found by where it is drawn.
CELLS_UNDER_HEADINGS = """() => {
  const headings = [...document.querySelectorAll("table.traveller thead th")]
    .filter((th) => th.getBoundingClientRect().width > 0);
  const right = Math.max(...headings.map((th) => th.getBoundingClientRect().right));
  return [...document.querySelectorAll("table.traveller tbody tr")].map((tr) => {
    const cells = [...tr.cells].filter((td) => td.getBoundingClientRect().width > 0);
    const row = {};
    for (const th of headings) {
      const box = th.getBoundingClientRect();
      const middle = (box.left + box.right) / 2;
      const cell = cells.find((td) => {
        const c = td.getBoundingClientRect();
        return c.left <= middle && middle <= c.right;
      });
      row[th.textContent.trim()] = cell ? cell.textContent.trim() : null;
    }
    row.beyond = cells.filter((td) => td.getBoundingClientRect().left >= right - 1).length;
    return row;
  });
}"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_adjusted_and_weighted_lines_put_their_matchpoints_under_the_mps_headings(
    page, live_server, make_event, viewport
):
    event = make_event(mitchell(3, 2), name="Column Pairs")
    board = Board.objects.get(section__event=event, number=1)
    meetings = sorted(board_meetings(board=board), key=lambda m: m.ns)
    for meeting, text in zip(
        meetings, ["4S N 10", "A6040", "40% 4S N 10 + 60% 4S N 9"], strict=True
    ):
        save_line(
            board=board, line=parse_traveller_line(text), ns_pair=meeting.ns, ew_pair=meeting.ew
        )
    page.set_viewport_size(viewport)
    page.goto(f"{live_server.url}/events/{event.pk}/A/boards/1/")
    expect(page.locator("table.traveller tbody tr")).to_have_count(3)
    rows = page.evaluate(CELLS_UNDER_HEADINGS)
    lines = Result.objects.filter(board=board).select_related("ns_pair")
    expected = {
        line.ns_pair.name: {
            "NS MPs": f"{line.ns_points:g}",
            "EW MPs": f"{line.ew_points:g}",
            "beyond": 0,
        }
        for line in lines
    }
    assert {
        row["NS"]: {key: row[key] for key in ("NS MPs", "EW MPs", "beyond")} for row in rows
    } == expected
    texts = sorted(row["Contract"] for row in rows)
    assert texts[0] == "4♠ N 10" and texts[1] == "Adjusted: NS 60%, EW 40%"
    assert texts[2].startswith("Weighted: 40% 4S N =")
    screenshot(page, f"traveller-columns-{viewport['width']}")
