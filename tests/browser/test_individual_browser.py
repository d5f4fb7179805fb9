"""A 5-table individual in the browser, keyboard only: set up, players named, every line keyed
board by board, published; the player ranking checked against matchpoints counted here."""

from playwright.sync_api import expect

from events.models import Event, Result
from scoring.movements.individual import rainbow_individual
from tests.browser.conftest import DESKTOP, PHONE, screenshot

# Each board's two lines (round 1's table, then round 2's) and which North-South did better.
LINES = {
    1: ("4S N 10", "4S N 9", "first"),
    2: ("3NT E 9", "3NT E 8", "second"),  # East-West made it in round 1: NS did worse there
    3: ("2H S 8", "2H S 8", "tie"),
    4: ("1NT W 7", "2S N 8", "second"),
    5: ("4H N 11", "4H N 10", "first"),
}


def counted_percentages():
    """Each player's percentage, counted by hand: 2 matchpoints to the better North-South of a
    board, none to the other, 1 each on a tie; East-West get the rest of the top of 2."""
    movement = rainbow_individual(5, 1, rounds=2)
    points = {p: 0 for p in range(1, 21)}
    for seating in movement.seatings:
        board = seating.table  # the Rainbow's boards stay at their tables
        better = LINES[board][2]
        ns = 1 if better == "tie" else 2 if better == ("first", "second")[seating.round - 1] else 0
        for player in (seating.north, seating.south):
            points[player] += ns
        for player in (seating.east, seating.west):
            points[player] += 2 - ns
    return {player: 100 * total / 4 for player, total in points.items()}


def places(percentages):
    places = {}
    for player, pct in percentages.items():
        better = sum(other > pct for other in percentages.values())
        tied = sum(other == pct for other in percentages.values()) > 1
        places[player] = f"{better + 1}{'=' if tied else ''}"
    return places


def test_a_five_table_individual_keyed_in_and_ranked_player_by_player(page, live_server, club):
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")

    page.get_by_role("link", name="New individual").click()
    page.locator("#id_name").fill("Browser Individual")
    page.locator("#id_date").fill("2026-11-27")
    page.locator("#id_movement").select_option("rainbow-5")
    page.locator("#id_boards_per_round").fill("1")
    page.locator("#id_rounds").fill("2")
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator("h1")).to_have_text("Players and names")
    for name in ("Alice Archer", "Brian Baker", "Carol Cook"):
        page.keyboard.type(name)
        page.keyboard.press("Tab")
    page.get_by_role("button", name="Save names").click()
    page.get_by_role("button", name="Start the event").click()
    event = Event.objects.get(name="Browser Individual")
    assert event.is_individual and event.status == "running"

    # Every board with the keyboard only: type, Enter; a complete board's "next board" link has
    # the focus and Enter follows it. Each row shows its sides by their players' numbers.
    page.locator(".board-links a").first.click()
    for board in range(1, 6):
        expect(page.locator("h1")).to_contain_text(f"Board {board}")
        # Round 1 at table `board`: North `board`, South 10+board, East 5+board, West 15+board.
        first_row = page.locator("table.entry tbody tr:not(.free)").first
        expect(first_row.locator("td").nth(0)).to_have_text(f"{board}+{10 + board}")
        expect(first_row.locator("td").nth(1)).to_have_text(f"{5 + board}+{15 + board}")
        for row, text in enumerate(LINES[board][:2]):
            expect(page.locator("input.entry:focus")).to_have_count(1)
            page.keyboard.type(text)
            page.keyboard.press("Enter")
            expect(page.locator("#entry-grid tr.saved")).to_have_count(row + 1)
        if board == 1:
            screenshot(page, "individual-entry-board")
        page.keyboard.press("Enter")
    expect(page.locator("h1")).to_contain_text(event.name)
    assert Result.objects.filter(board__section__event=event).count() == 10
    expect(page.locator("#player-ranking tbody tr")).to_have_count(20)

    # The free line takes a line naming its four players, North South East West: refused
    # here, since board 1's lines are in and each player plays a board once.
    page.goto(f"{live_server.url}/director/events/{event.pk}/boards/1/")
    free = page.locator("tr.free input.entry")
    free.fill("1 11 6 16 4S N 8")
    free.press("Enter")
    expect(page.locator("tr.free .error")).to_contain_text("board 1 is already entered")
    page.goto(f"{live_server.url}/director/events/{event.pk}/")
    page.get_by_role("button", name="Close and publish").click()
    expect(page.locator("h1 .pill")).to_have_text("Published")

    # A player reads the ranking on a phone: every place and percentage as counted by hand.
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    percentages = counted_percentages()
    expected = places(percentages)
    rows = page.locator("#player-ranking tbody tr")
    expect(rows).to_have_count(20)
    shown = {}
    for cells in (row.locator("td").all_inner_texts() for row in rows.all()):
        shown[int(cells[1])] = (cells[0], cells[3])  # the percentage comes first
    assert shown == {p: (expected[p], f"{percentages[p]:.2f}") for p in percentages}
    expect(page.locator("#player-ranking")).to_contain_text("Alice Archer")
    screenshot(page, "individual-ranking-phone")

    # Alice (player 1, North at table 1, then table 2) and her scorecard: partners 11 then 15.
    page.get_by_role("link", name="Alice Archer").click()
    expect(page.locator("h1")).to_have_text("Scorecard of player 1 Alice Archer")
    card = page.locator("table.scorecard tbody tr")
    expect(card).to_have_count(2)
    expect(card.nth(0).locator("td").nth(3)).to_have_text("11")
    expect(card.nth(1).locator("td").nth(3)).to_have_text("15")
    expect(page.locator("#player-total")).to_contain_text(f"{percentages[1]:.2f}%")
