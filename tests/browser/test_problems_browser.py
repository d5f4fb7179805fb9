"""The problems panel mid-session on a phone: the error first, the late table of a round that is
due, the questions, the rounds to come as one count; the swap button fixes a direction swap."""

from playwright.sync_api import expect

from events.models import Board, Pair, Result, TableRound
from events.services.entry import save_line
from scoring import mitchell, parse_traveller_line
from tests.browser.conftest import PHONE, screenshot


def enter(event, round_number, table, *, boards=3, skip=0, text="4S N 10", swapped=False):
    """Boards `skip` to `boards` - 1 of a table-round's three."""
    slip = TableRound.objects.select_related("ns_pair", "ew_pair").get(
        section__event=event, round=round_number, table=table
    )
    ns, ew = slip.ns_pair.number, slip.ew_pair.number
    if swapped:
        ns, ew = ew, ns
    for number in range(slip.low_board + skip, slip.low_board + boards):
        board = Board.objects.select_related("section__event").get(
            section__event=event, number=number
        )
        save_line(board=board, line=parse_traveller_line(text), ns_pair=ns, ew_pair=ew)
    return slip


def test_problems_panel_mid_session_on_a_phone(page, live_server, make_event):
    event = make_event(mitchell(7, 3))
    for round_number in (1, 2, 3):
        for table in range(1, 8):
            if (round_number, table) == (2, 5):
                continue  # the slip that did not come in
            if (round_number, table) == (3, 3):  # its first board with the pairs swapped
                enter(event, 3, 3, boards=1, swapped=True)
                enter(event, 3, 3, skip=1)
            else:
                enter(event, round_number, table)
    odd = enter(event, 4, 1, boards=1, text="7NTX N 6")
    # A line an import left behind: pair 1 on its round-4 board a second time.
    pairs = {p.number: p for p in Pair.objects.filter(section__event=event)}
    Result.objects.create(
        board=Board.objects.get(section__event=event, number=odd.low_board),
        ns_pair=pairs[9],
        ew_pair=pairs[1],
        score_ns=-420,
    )

    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")
    page.goto(f"{live_server.url}/director/events/{event.pk}/")

    panel = page.locator("#problems")
    items = panel.locator("li.problem")
    expect(items.first).to_have_class("problem error")
    tags = items.locator(".tag").all_inner_texts()
    assert [t.upper() for t in tags] == ["ERROR", "MISSING", "CHECK", "CHECK", "CHECK", "TO COME"]
    expect(items.first).to_contain_text("Board 10: 9 v 1 do not play this board against each")
    expect(items.nth(1)).to_contain_text("Round 2, table 5")
    expect(items.last).to_contain_text("Rounds 4–7: 83 results still to come.")
    panel.scroll_into_view_if_needed()
    page.screenshot(path=_artifact("problems-panel-phone"), clip=_box(page, panel))
    screenshot(page, "problems-panel-phone-page")

    # The late slip opens at its first empty row.
    items.nth(1).get_by_role("link", name="Enter round 2, table 5").click()
    expect(page.locator("h1")).to_contain_text("Round 2, table 5")
    expect(page.locator("input.entry:focus")).to_have_count(1)
    page.go_back()

    # One click swaps the pair numbers of the swapped line; the question is gone.
    swap = page.locator("#problems").get_by_role("button", name="Swap:")
    expect(swap).to_have_count(1)
    swap.click()
    expect(page.locator(".messages")).to_contain_text("North-South v")
    expect(page.locator("#problems")).not_to_contain_text("the movement seats them East-West")


def _artifact(name):
    from tests.browser.conftest import ARTIFACTS

    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"{name}.png"


def _box(page, locator):
    box = locator.bounding_box()
    return {"x": 0, "y": box["y"] - 8, "width": PHONE["width"], "height": box["height"] + 16}
