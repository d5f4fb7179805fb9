"""A two-section evening in a real Chromium: 14 tables typed on the new-event page become two
7-table Mitchells on the same boards, scored across the field; boards 1 and 2 of each section
are keyed in with the keyboard (each board then has 14 results), and the rankings per section
and overall are checked against matchpoints counted here; then the same evening is scored
section by section and checked again.

The count is the plain one a director does by hand: on each board a North-South score gets 2
for every score it beats and 1 for every other equal score among the results compared (the
field's 14, or the section's 7), and East-West gets the top minus that.
"""

import re

from playwright.sync_api import expect

from events.models import Event, Result
from tests.browser.conftest import DESKTOP, screenshot
from tests.browser.test_setup_browser import log_in

# NS scores keyed per section and board, in the grid's row order (NS pair 1 to 7). Board 1 is
# love all, board 2 NS vulnerable; the sections share scores so that ties cross sections.
SCORES = {
    ("A", 1): ["+420", "+450", "-50", "+420", "+140", "-100", "+170"],
    ("B", 1): ["+450", "+420", "+400", "-420", "+140", "+110", "+420"],
    ("A", 2): ["+620", "-100", "+140", "+650", "-200", "+620", "+110"],
    ("B", 2): ["+600", "+620", "-420", "+140", "+170", "+620", "-140"],
}


def _counted(scores: list[int], mine: int) -> int:
    return 2 * sum(s < mine for s in scores) + sum(s == mine for s in scores) - 1


def _expected(played: dict, across_field: bool) -> dict[str, int]:
    """Each pair's matchpoints over the boards keyed, by the label the ranking shows."""
    totals: dict[str, int] = {}
    for (letter, board), lines in played.items():
        compared = [
            score
            for (other, number), others in played.items()
            if number == board and (across_field or other == letter)
            for _, _, score in others
        ]
        top = 2 * (len(compared) - 1)
        for ns, ew, score in lines:
            ns_points = _counted(compared, score)
            totals[ns] = totals.get(ns, 0) + ns_points
            totals[ew] = totals.get(ew, 0) + top - ns_points
    return totals


def _ranking(page, title: str) -> list[tuple[str, str, str]]:
    """(place, pair, MPs) of the ranking headed `title` on the director's event page (Place,
    Pair, Names, %, MPs)."""
    rows = page.locator(
        f"xpath=//h2[normalize-space()='{title}']/following-sibling::div[1]//tbody/tr"
    )
    return [
        (cells[0], cells[1], cells[4])
        for cells in (row.locator("td").all_inner_texts() for row in rows.all())
    ]


def _check_rankings(page, expected: dict[str, int]) -> None:
    titles = [
        *(f"Section {s}, {d}" for s in "AB" for d in ("North-South", "East-West")),
        "Overall North-South",
        "Overall East-West",
    ]
    for title in titles:
        rows = _ranking(page, title)
        assert len(rows) == (14 if title.startswith("Overall") else 7), title
        assert {pair: mps for _, pair, mps in rows} == {
            pair: f"{expected[pair]:.1f}" for _, pair, _ in rows
        }, title
        shown = [float(mps) for _, _, mps in rows]
        assert shown == sorted(shown, reverse=True), title
        best = [pair for _, pair, mps in rows if float(mps) == shown[0]]
        assert {place for place, pair, _ in rows if pair in best} == {
            "1" if len(best) == 1 else "1="
        }, title
        pairs = {pair for _, pair, _ in rows}
        letters = {pair[0] for pair in pairs}
        assert letters == ({"A", "B"} if title.startswith("Overall") else {title[8]}), title


def _key_board(page, letter: str, board: int, played: dict) -> None:
    expect(page.locator("h1")).to_contain_text(f"Section {letter}, board {board}")
    rows = page.locator("table.entry tbody tr:not(.free)")
    expect(rows).to_have_count(7)
    lines = []
    for index, score in enumerate(SCORES[(letter, board)]):
        ns, ew = rows.nth(index).locator("td").all_inner_texts()[:2]
        expect(page.locator("input.entry:focus")).to_have_count(1)
        page.keyboard.type(score)
        page.keyboard.press("Enter")
        expect(page.locator("#entry-grid tr.saved")).to_have_count(index + 1)
        lines.append((f"{letter}{ns} NS", f"{letter}{ew} EW", int(score)))
    played[(letter, board)] = lines


def test_a_two_section_evening_across_the_field_then_section_by_section(page, live_server, club):
    page.set_viewport_size(DESKTOP)
    log_in(page, live_server)

    # 14 tables are too many for one movement: the page proposes two sections of 7.
    page.get_by_role("link", name="New event").click()
    page.locator("#id_name").fill("Congress Evening")
    page.locator("#id_date").fill("2026-11-24")
    page.locator("#id_section_scoring").select_option("field")
    page.locator("#id_tables").fill("14")
    expect(page.locator("#sections-proposed")).to_contain_text("2 sections of 7 tables")
    expect(page.locator("label.choice").first).to_contain_text("7-table Mitchell")
    screenshot(page, "sections-new-event")
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator(".messages")).to_contain_text("in each of 2 sections")
    event = Event.objects.get(name="Congress Evening")
    assert (event.section_scoring, event.sections.count()) == ("field", 2)
    page.goto(f"{live_server.url}/director/events/{event.pk}/")
    page.get_by_role("button", name="Start the event").click()

    # Each section's boards 1 and 2, keyboard only: Enter saves and moves on, and once a board
    # is in, Enter follows the focused "next board" link.
    played: dict = {}
    for letter in "AB":
        heading = page.get_by_role("heading", name=f"Section {letter}: enter results by board")
        heading.locator("xpath=following-sibling::p[1]//a").first.click()
        _key_board(page, letter, 1, played)
        page.keyboard.press("Enter")
        _key_board(page, letter, 2, played)
        if letter == "A":
            screenshot(page, "sections-entry-grid")
        page.goto(f"{live_server.url}/director/events/{event.pk}/")
    assert Result.objects.filter(board__section__event=event, board__number=1).count() == 14

    expect(page.get_by_role("heading", name="Overall North-South")).to_be_visible()
    _check_rankings(page, _expected(played, across_field=True))
    screenshot(page, "sections-rankings-across-the-field")

    # The whole field's traveller, each line's pairs naming their section.
    page.goto(f"{live_server.url}/events/{event.pk}/B/boards/1/")
    traveller = page.locator("table").first
    expect(traveller.locator("tbody tr")).to_have_count(14)
    expect(traveller).to_contain_text("A1 NS")
    expect(traveller).to_contain_text("B1 NS")

    # The same evening scored section by section.
    page.goto(f"{live_server.url}/director/events/{event.pk}/settings/")
    page.locator("#id_section_scoring").select_option("section")
    page.get_by_role("button", name="Save and rescore").click()
    expect(page.locator(".messages")).to_contain_text("Settings saved")
    expect(page.get_by_role("heading", name=re.compile("^Overall North-South$"))).to_be_visible()
    _check_rankings(page, _expected(played, across_field=False))
    screenshot(page, "sections-rankings-section-by-section")
