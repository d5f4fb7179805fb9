"""The director's board page on a phone (390 x 844): every column left on the phone shows its
heading and its cells inside the screen, nothing scrolls sideways, and no score breaks in two."""

from events.models import Board
from events.services.entry import board_meetings, save_line
from scoring import mitchell, parse_traveller_line
from tests.browser.conftest import PHONE, screenshot
from tests.browser.test_shortcuts_browser import log_in

# Each visible heading and cell of the grid: its text and its box's left and right edges.
VISIBLE_CELLS = """() => {
  const shown = (el) => el.getBoundingClientRect().width > 0;
  const box = (el) => {
    const rect = el.getBoundingClientRect();
    return {text: el.innerText.trim(), left: rect.left, right: rect.right};
  };
  const grid = document.querySelector("#entry-grid table");
  return {
    headings: [...grid.querySelectorAll("thead th")].filter(shown).map(box),
    rows: [...grid.querySelectorAll("tbody tr")].map(
      (tr) => [...tr.cells].filter(shown).map(box)),
  };
}"""

# Every word of the Score column and the number of boxes (lines) it is drawn in.
SCORE_WORDS = """() => [...document.querySelectorAll("#entry-grid td.preview")].flatMap((td) => {
  const range = document.createRange();
  const text = td.textContent;
  const words = [];
  for (const match of text.matchAll(/\\S+/g)) {
    const node = [...td.childNodes].find((n) => n.nodeType === 3 && n.textContent === text);
    if (!node) continue;
    range.setStart(node, match.index);
    range.setEnd(node, match.index + match[0].length);
    words.push({word: match[0], boxes: range.getClientRects().length});
  }
  return words;
})"""


def test_the_board_page_fits_a_phone(page, live_server, make_event):
    event = make_event(mitchell(5, 3), name="Phone Pairs")
    board = Board.objects.get(section__event=event, number=5)
    meetings = sorted(board_meetings(board=board), key=lambda m: m.ns)
    lines = ["4S N 11", "+620 / -100", "3NTX E -2", "A6040", "P"]
    for meeting, text in zip(meetings, lines, strict=True):
        save_line(
            board=board, line=parse_traveller_line(text), ns_pair=meeting.ns, ew_pair=meeting.ew
        )
    log_in(page, live_server)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/director/events/{event.pk}/boards/5/")
    screenshot(page, "entry-board-phone")
    grid = page.evaluate(VISIBLE_CELLS)
    headings = [heading["text"] for heading in grid["headings"]]
    assert headings[:4] == ["NS", "EW", "Result", "Score"]
    for heading in grid["headings"]:
        assert heading["left"] >= 0 and heading["right"] <= PHONE["width"], heading
    for row in grid["rows"][:5]:
        assert len(row) == len(headings)
        for cell in row:
            assert cell["left"] >= 0 and cell["right"] <= PHONE["width"], cell
        assert row[-1]["text"] == "Delete"
    scores = [row[3]["text"] for row in grid["rows"][:5]]
    assert "Split: NS +620, EW scored as NS -100" in scores
    # No word of a score is drawn over two lines ("+62" above "0", "score" above "d").
    words = page.evaluate(SCORE_WORDS)
    assert {"+620,", "scored", "+650"} <= {w["word"] for w in words}
    assert [w for w in words if w["boxes"] != 1] == []
    assert_no_sideways_scroll(page)


def test_a_slip_fits_a_phone_with_its_board_column(page, live_server, make_event):
    event = make_event(mitchell(5, 3), name="Phone Pairs")
    for board in Board.objects.filter(section__event=event):
        for meeting in board_meetings(board=board):
            line = parse_traveller_line("+1400 / -200")
            save_line(board=board, line=line, ns_pair=meeting.ns, ew_pair=meeting.ew)
    log_in(page, live_server)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/director/events/{event.pk}/rounds/1/tables/1/")
    screenshot(page, "entry-slip-phone")
    grid = page.evaluate(VISIBLE_CELLS)
    # The slip's heading names its pairs: the phone keeps the board, the line and its score.
    headings = [heading["text"] for heading in grid["headings"]]
    assert headings == ["Board", "Result", "Score", ""]
    assert page.locator("h1").inner_text() == "Round 1, table 1 1 NS v 6 EW"
    for cell in [*grid["headings"], *(cell for row in grid["rows"] for cell in row)]:
        assert cell["left"] >= 0 and cell["right"] <= PHONE["width"], cell
    assert [w for w in page.evaluate(SCORE_WORDS) if w["boxes"] != 1] == []
    assert_no_sideways_scroll(page)


def assert_no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    cut = page.evaluate(
        "[...document.querySelectorAll('.table-wrap')].map(w => w.scrollWidth - w.clientWidth)"
    )
    assert cut == [0]
