"""Typing ahead on a slow connection: a director keys in lines at 30 ms a key, never waiting for a
save, against a server that answers every request half a second late (a hosted server over a
club's Wi-Fi). Every line is saved as typed, in the row where it was typed."""

import time

import pytest
from playwright.sync_api import expect

from events.models import Result, TableRound
from events.services.line_text import result_text
from scoring import mitchell
from tests.browser.conftest import DESKTOP, screenshot

KEY = 30  # milliseconds between keys


@pytest.fixture(autouse=True)
def patient_checks():
    """A check waits for queued saves, each DELAY late, and a loaded CI machine adds to that:
    Playwright's default of 5 s is too short for a slip's three saves there."""
    expect.set_options(timeout=20_000)
    yield
    expect.set_options(timeout=5_000)


# Round 1 of a 7-table Mitchell, slip by slip: what is typed for each board, and when it differs,
# how the saved line reads back. Every kind of line is there: contracts with and without a lead,
# doubled, passed out, not played, adjusted by code and by percent, a score alone, a split
# score, a note.
ROUND_1 = {
    1: "4S N 10",
    2: "3NT S 9 HK",
    3: "2HX E 7",
    4: "P",
    5: "4H W =",
    6: "1NT N 8 # slow play",
    7: "A+",
    8: "5D S -1",
    9: "NP",
    10: "A60 A40",
    11: "3C E 9 S10",
    12: "+110 / -110",
    13: "6NT N 12",
    14: "2S W +1",
    15: "60% 40%",
    16: "-110",
    17: "4SXX N 10",
    18: "A5050",
    19: "7C S 13",
    20: "3D E 8",
    21: "1S N 7 xD",
}
READ_BACK = {
    "5D S -1": "5D S 10",
    "4H W =": "4H W 10",
    "A+": "A+ A-",
    "2S W +1": "2S W 9",
    "60% 40%": "A60 A40",
    "A5050": "A50 A50",
    "3C E 9 S10": "3C E 9 ST",
    "1S N 7 xD": "1S N 7 DX",
}


def log_in(page, url):
    page.goto(f"{url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")


def type_line(page, text):
    page.keyboard.type(text, delay=KEY)
    page.keyboard.press("Enter")


def test_a_round_typed_ahead_is_saved_exactly_as_typed(page, slow_server, make_event):
    page.set_viewport_size(DESKTOP)
    event = make_event(mitchell(7, 3), name="Wi-Fi Pairs")
    log_in(page, slow_server.url)
    page.goto(f"{slow_server.url}/director/events/{event.pk}/rounds/1/tables/1/")
    slips = TableRound.objects.filter(section__event=event, round=1).order_by("table")
    for slip in slips:
        expect(page.locator("h1")).to_contain_text(f"Round 1, table {slip.table}")
        expect(page.locator("input.entry:focus")).to_have_count(1)
        # The slip's three lines without a pause: each Enter sends a save that takes at least
        # half a second, while the next line is already being typed.
        for number in range(slip.low_board, slip.high_board + 1):
            type_line(page, ROUND_1[number])
        if slip.table == 1:
            screenshot(page, "entry-slow-typing-ahead")
        # Once the last save is back the slip says "All in", and Enter goes on; no link has the
        # focus (a line typed there would be lost).
        expect(page.locator("#entry-grid a.button")).to_contain_text("All in")
        expect(page.locator("#entry-grid tr.saved")).to_have_count(3)
        expect(page.locator(":focus")).to_have_count(0)
        page.keyboard.press("Enter")
    expect(page.locator("h1")).to_contain_text("Round 2, table 1")

    saved = {
        r.board.number: r
        for r in Result.objects.filter(board__section__event=event).select_related("board")
    }
    assert {n: result_text(r) for n, r in saved.items()} == {
        n: READ_BACK.get(text, text) for n, text in ROUND_1.items()
    }
    for slip in slips:
        for number in range(slip.low_board, slip.high_board + 1):
            line = saved[number]
            assert (line.ns_pair_id, line.ew_pair_id) == (slip.ns_pair_id, slip.ew_pair_id)
            assert (line.round, line.table) == (1, slip.table)
    assert (saved[7].ns_adjustment, saved[7].ew_adjustment) == ("A+", "A-")
    assert (saved[10].ns_percent, saved[10].ew_percent) == (60, 40)
    assert (saved[12].score_ns, saved[12].score_ew) == (110, -110)
    assert saved[6].note == "slow play"


def test_a_refused_line_typed_ahead_keeps_its_row_and_the_lines_after_it(
    page, slow_server, make_event
):
    page.set_viewport_size(DESKTOP)
    event = make_event(mitchell(7, 3), name="Wi-Fi Pairs")
    log_in(page, slow_server.url)
    page.goto(f"{slow_server.url}/director/events/{event.pk}/boards/1/")
    lines = ["4S N 10", "4S N 9", "4S N +5", "4S S 11", "3NT N 9", "3NT N 10", "4H E 9"]
    for text in lines:
        type_line(page, text)
    rows = page.locator("#entry-grid tbody tr")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(6)
    # The refused line stays in its row, says why, and the focus stayed where typing went on.
    refused = rows.nth(2)
    expect(refused).to_have_class("refused")
    expect(refused.locator("input.entry")).to_have_value("4S N +5")
    expect(refused.locator("[role=alert]")).to_have_text(
        "4S +5 would be 15 tricks: tricks must be 0 to 13"
    )
    for row, text in enumerate(lines):
        if row != 2:
            expect(rows.nth(row).locator("input.entry")).to_have_value(text)
    screenshot(page, "entry-slow-refused-ahead")

    # Back in the refused row, a retyped line replaces it; refused again, it is selected whole.
    refused.locator("input.entry").click()
    page.keyboard.press("ControlOrMeta+a")
    type_line(page, "4S N 15")
    expect(refused.locator("[role=alert]")).to_have_text(
        "4S 15 would be 15 tricks: tricks must be 0 to 13"
    )
    focused = page.locator("input.entry:focus")
    expect(focused).to_have_value("4S N 15")
    assert focused.evaluate("el => [el.selectionStart, el.selectionEnd]") == [0, 7]
    type_line(page, "4S N 11")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(7)

    board = {
        (r.ns_pair.number, r.ew_pair.number): result_text(r)
        for r in Result.objects.filter(board__section__event=event, board__number=1)
    }
    meetings = [
        tuple(int(n) for n in rows.nth(i).locator("td.num").all_inner_texts()[:2]) for i in range(7)
    ]
    assert board == dict(zip(meetings, [*lines[:2], "4S N 11", *lines[3:]], strict=True))


def test_the_free_line_saves_a_line_or_says_why(page, slow_server, make_event):
    page.set_viewport_size(DESKTOP)
    event = make_event(mitchell(7, 3), name="Wi-Fi Pairs")
    log_in(page, slow_server.url)
    page.goto(f"{slow_server.url}/director/events/{event.pk}/boards/1/")
    free = page.get_by_placeholder("pairs first: 1 8 4S N 10")
    free.click()
    type_line(page, "1 9 4S N 10")
    expect(page.locator("#entry-grid [role=alert]")).to_have_text(
        "pairs 1 and 9 do not play board 1 against each other in this movement: check the pair "
        "numbers"
    )
    expect(free).to_have_value("1 9 4S N 10")
    page.keyboard.press("ControlOrMeta+a")
    type_line(page, "1 8 4S N 10")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(1)
    expect(free).to_have_value("")
    line = Result.objects.get(board__section__event=event)
    assert (line.ns_pair.number, line.ew_pair.number, result_text(line)) == (1, 8, "4S N 10")


def test_a_line_corrected_while_its_save_is_on_its_way_is_saved_corrected(
    page, slow_server, make_event
):
    page.set_viewport_size(DESKTOP)
    event = make_event(mitchell(7, 3), name="Wi-Fi Pairs")
    log_in(page, slow_server.url)
    page.goto(f"{slow_server.url}/director/events/{event.pk}/boards/1/")
    type_line(page, "4S N 10")
    page.keyboard.press("Shift+Tab")  # back to the line just sent: its text is selected
    type_line(page, "4S N 11")
    type_line(page, "3NT S 9")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(2)
    expect(page.locator("#entry-grid tr.saving")).to_have_count(0)
    lines = Result.objects.filter(board__section__event=event).order_by("ns_pair__number")
    assert [result_text(line) for line in lines] == ["4S N 11", "3NT S 9"]


def test_a_refusal_never_takes_the_focus_from_the_row_typed_next(page, slow_server, make_event):
    page.set_viewport_size(DESKTOP)
    event = make_event(mitchell(7, 3), name="Wi-Fi Pairs")
    log_in(page, slow_server.url)
    page.goto(f"{slow_server.url}/director/events/{event.pk}/rounds/1/tables/1/")
    type_line(page, "4S N 10")
    type_line(page, "4S N 14")
    rows = page.locator("#entry-grid tbody tr")
    # The refusal is back while the director is in board 3's row, before its first key.
    expect(rows.nth(1)).to_have_class("refused")
    type_line(page, "3NT S 9")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(2)
    lines = Result.objects.filter(board__section__event=event).select_related("board")
    assert {line.board.number: result_text(line) for line in lines} == {
        1: "4S N 10",
        3: "3NT S 9",
    }
    expect(rows.nth(1).locator("input.entry")).to_have_value("4S N 14")
    expect(page.locator("#entry-announce")).to_have_text(
        "Board 2, 1 v 8: not saved: 4S 14 would be 14 tricks: tricks must be 0 to 13"
    )
    # After the last row, the refused row has the focus, its line selected: typing replaces it.
    focused = page.locator("input.entry:focus")
    expect(focused).to_have_value("4S N 14")
    assert focused.evaluate("el => [el.selectionStart, el.selectionEnd]") == [0, 7]
    type_line(page, "4S N 10")
    expect(page.locator("#entry-grid a.button")).to_contain_text("All in")
    expect(page.locator(":focus")).to_have_count(0)
    expect(page.locator("#entry-announce")).to_be_hidden()


def test_keys_typed_after_the_last_row_are_never_lost(page, slow_server, make_event):
    page.set_viewport_size(DESKTOP)
    event = make_event(mitchell(7, 3), name="Wi-Fi Pairs")
    log_in(page, slow_server.url)
    page.goto(f"{slow_server.url}/director/events/{event.pk}/rounds/1/tables/1/")
    for text in ["4S N 10", "4S N 14", "3NT S 9"]:
        type_line(page, text)
    expect(page.locator("#entry-grid tr.saved")).to_have_count(2)
    expect(page.locator("#entry-grid tr.saving")).to_have_count(0)
    focused = page.locator("input.entry:focus")
    expect(focused).to_have_value("4S N 14")
    type_line(page, "4S N 11")
    expect(page.locator("#entry-grid a.button")).to_contain_text("All in")
    expect(page.locator(":focus")).to_have_count(0)
    lines = Result.objects.filter(board__section__event=event).select_related("board")
    assert {line.board.number: result_text(line) for line in lines} == {
        1: "4S N 10",
        2: "4S N 11",
        3: "3NT S 9",
    }


def test_a_line_on_its_way_is_let_finish_and_escape_leaves_it(page, slow_server, make_event):
    page.set_viewport_size(DESKTOP)
    event = make_event(mitchell(7, 3), name="Wi-Fi Pairs")
    log_in(page, slow_server.url)
    page.goto(f"{slow_server.url}/director/events/{event.pk}/boards/1/")
    type_line(page, "4S N 10")
    page.keyboard.press("Shift+Tab")  # back to the line whose save is on its way
    page.keyboard.press("Escape")
    first = page.locator("#entry-grid tbody tr").first
    expect(first.locator("input.entry")).to_have_value("4S N 10")
    # Alt+PageDown lets the save finish, then goes.
    page.keyboard.press("Alt+PageDown")
    expect(page.locator("#shortcut-indicator")).to_have_text("Board 2…")
    expect(page.locator("h1")).to_contain_text("Board 2")
    assert page.url.endswith("/boards/2/")
    lines = Result.objects.filter(board__section__event=event).select_related("board")
    assert {line.board.number: result_text(line) for line in lines} == {1: "4S N 10"}


@pytest.fixture
def slow_scripts(live_server):
    """The live server with the page's deferred scripts two seconds late, so that the page is
    typed into long before it is ready (DOMContentLoaded waits for them), and every save four
    seconds late, so that no answer has come back by then."""
    httpd = live_server.thread.httpd
    app = httpd.get_app()

    def delayed(environ, start_response):
        if environ["PATH_INFO"].endswith(("/site.js", "/shortcuts.js")):
            time.sleep(2)
        if environ["REQUEST_METHOD"] == "POST":
            time.sleep(4)
        return app(environ, start_response)

    httpd.set_app(delayed)
    yield live_server
    httpd.set_app(app)


def test_lines_typed_before_the_page_is_ready_stay_in_their_rows(page, slow_scripts, make_event):
    event = make_event(mitchell(7, 3), name="Wi-Fi Pairs")
    log_in(page, slow_scripts.url)
    page.goto(
        f"{slow_scripts.url}/director/events/{event.pk}/rounds/1/tables/1/", wait_until="commit"
    )
    expect(page.locator("input.entry:focus")).to_have_count(1)
    type_line(page, "4S N 10")
    type_line(page, "3NT S 9")
    # The page becomes ready while the director is in the third row: the focus stays there.
    page.wait_for_load_state("domcontentloaded")
    type_line(page, "2H E 8")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(3, timeout=30_000)
    lines = Result.objects.filter(board__section__event=event).select_related("board")
    assert {line.board.number: result_text(line) for line in lines} == {
        1: "4S N 10",
        2: "3NT S 9",
        3: "2H E 8",
    }
