"""Repairs in a real Chromium: a 7-table Mitchell with a sit-out is running; after round 2 a
late pair joins, a wrong-boards repair no repair could settle is refused up front, lines are
keyed in by keyboard, and the ranking is what a hand computation gives."""

from collections import defaultdict

import pytest
from playwright.sync_api import expect

from events.models import Result
from scoring import mitchell
from tests.browser.conftest import DESKTOP, screenshot

CONTRACTS = ["4S N", "3NT S", "2H E", "4H W", "1NT N", "3C E", "5D S"]

# The movement: 13 pairs, 2 boards a round, set s = boards 2s-1 and 2s. In round r, table t
# seats NS pair t against EW pair 8 + (t - r) mod 7 on set (t + r - 2) mod 7 + 1; the EW seat of
# the phantom (14) is empty at table r - 1, where the set waiting is idle: sets 7, 2, 4, 6, 1, 3,
# 5 in rounds 1-7. Each set is played 6 times.
#
# Pair 14 joins from round 3 and plays the sets idle in rounds 3-7: sets 4, 6, 1, 3, 5 gain a
# play. So sets 1, 3, 4, 5 and 6 are played 7 times, sets 2 and 7 six times. (Set 2 at table 4
# in round 2 instead of set 5 is refused: every set is then played in every round from round 3,
# and no table bringing a pair back to set 2 has a set left that its pairs meet nowhere else.)
EXPECTED = {1: 7, 2: 7, 3: 6, 4: 6, 5: 7, 6: 7, 7: 7, 8: 7, 9: 7, 10: 7, 11: 7, 12: 7, 13: 6, 14: 6}


def line_for(board: int, table: int) -> str:
    contract = CONTRACTS[(board + table) % len(CONTRACTS)]
    return f"{contract} {int(contract[0]) + 6 + (board * 3 + table) % 3 - 1}"


def hand_computation(lines: list[tuple[int, int, int, int]]) -> dict[int, tuple[float, float]]:
    """Each pair's (matchpoints, tops) from (board, NS, EW, NS score) lines, worked out the way a
    scorer does it by hand: on a board with n scores a score earns 2 for each score it beats and
    1 for each it ties (the top is 2(n - 1)); on a board that should have been played E times
    each side's M becomes (M + 1) x E / n - 1, of a top 2(E - 1) (Neuberg)."""
    by_board = defaultdict(list)
    for board, ns, ew, score in lines:
        by_board[board].append((ns, ew, score))
    totals: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for board, played in by_board.items():
        n, e = len(played), EXPECTED[board]
        for ns, ew, score in played:
            others = [other for _, _, other in played]
            ns_mp = sum(2 if score > o else 1 if score == o else 0 for o in others) - 1
            ew_mp = 2 * (n - 1) - ns_mp
            for pair, mp in ((ns, ns_mp), (ew, ew_mp)):
                totals[pair][0] += (mp + 1) * e / n - 1
                totals[pair][1] += 2 * (e - 1)
    return {pair: (mp, top) for pair, (mp, top) in totals.items()}


def key_in_slip(page, live_server, event, round_number, table):
    page.goto(f"{live_server.url}/director/events/{event.pk}/rounds/{round_number}/tables/{table}/")
    for row in range(2):
        entry = page.locator("input.entry:focus")
        expect(entry).to_have_count(1)
        board = int(page.locator("#entry-grid tbody tr").nth(row).get_attribute("id").split("-")[1])
        page.keyboard.type(line_for(board, table))
        page.keyboard.press("Enter")
        expect(page.locator("#entry-grid tr.saved")).to_have_count(row + 1)


def test_a_late_pair_seated_and_wrong_boards_refused_mid_session(page, live_server, make_event):
    event = make_event(mitchell(7, 2, sit_out=True), name="Repaired Pairs")
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")

    # Rounds 1 and 2 as the movement has them.
    for round_number, sit_out in ((1, 7), (2, 1)):
        for table in range(1, 8):
            if table != sit_out:
                key_in_slip(page, live_server, event, round_number, table)

    # The director repairs the movement from the movement page.
    page.goto(f"{live_server.url}/director/events/{event.pk}/movement/")
    page.get_by_role("link", name="Repair the movement").click()
    expect(page.locator("h1")).to_have_text("Repair the movement")
    page.locator("#id_late-from_round").fill("3")
    page.locator("#id_late-names").fill("Lena Late & Tom Tardy")
    page.get_by_role("button", name="Seat the late pair").click()
    expect(page.locator(".messages")).to_have_text("Late pair 14 joins from round 3.")
    page.locator("#id_boards-round").fill("2")
    page.locator("#id_boards-table").fill("4")
    page.locator("#id_boards-boards").fill("3-4")
    page.get_by_role("button", name="Repair the boards").click()
    # Refused before it is made, saying why: the movement would never print its cards again.
    expect(page.locator("main")).to_contain_text("Not repaired: pair ")
    expect(page.locator("main")).to_contain_text("the table cards could not be printed again")
    screenshot(page, "repair-movement")
    page.goto(f"{live_server.url}/director/events/{event.pk}/rounds/2/tables/4/")
    expect(page.locator("#entry-grid tbody tr").first).to_have_id("row-9-4-10")

    # Round 3 has seven tables.
    for table in range(1, 8):
        key_in_slip(page, live_server, event, 3, table)
    page.goto(f"{live_server.url}/director/events/{event.pk}/rounds/3/tables/2/")
    expect(page.locator("#entry-grid tbody tr").first).to_have_id("row-7-2-14")

    lines = list(
        Result.objects.filter(board__section__event=event).values_list(
            "board__number", "ns_pair__number", "ew_pair__number", "score_ns"
        )
    )
    assert len(lines) == 6 * 2 + 6 * 2 + 7 * 2
    by_hand = hand_computation(lines)

    page.goto(f"{live_server.url}/events/{event.pk}/")
    screenshot(page, "repair-ranking")
    shown = {}
    for row in page.locator("table.ranking tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        shown[int(cells[1])] = (float(cells[4]), float(cells[3]) if cells[3] != "—" else None)
    assert sorted(shown) == list(range(1, 15))
    for pair, (mp, top) in by_hand.items():
        assert shown[pair][0] == pytest.approx(mp, abs=0.05), f"pair {pair}'s matchpoints"
        assert shown[pair][1] == pytest.approx(100 * mp / top, abs=0.005), f"pair {pair}'s %"
    # The late pair played round 3 only: boards 7 and 8 against pair 2, each of a top of 12.
    assert by_hand[14][1] == 2 * 12
