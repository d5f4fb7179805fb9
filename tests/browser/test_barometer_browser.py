"""A barometer's projector view in the browser: the ranking after the last complete round, the
pairs that moved most in it, and the next round's ranking swapped in by itself once every table
has finished it."""

import random
import re

from playwright.sync_api import expect

from events.models import Board
from events.services.entry import board_meetings, save_line
from scoring import barometer_howell, parse_traveller_line
from tests.browser.conftest import DESKTOP, PHONE, screenshot

SCORES = [90, 110, 120, 140, 150, -90, -110, -120, -140, -150]


def _play_round(event, round: int, rng: random.Random) -> None:
    boards = Board.objects.filter(section__event=event).select_related("section__event")
    for board in boards:
        for meeting in board_meetings(board=board):
            if meeting.round == round:
                line = parse_traveller_line(f"{rng.choice(SCORES):+d}")
                save_line(board=board, line=line, ns_pair=meeting.ns, ew_pair=meeting.ew)


def test_the_projector_shows_each_round_s_ranking_as_it_completes(page, live_server, make_event):
    event = make_event(barometer_howell(4, 2, rounds=3))
    rng = random.Random(4)
    for round in (1, 2):
        _play_round(event, round, rng)
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/events/{event.pk}/barometer/")

    expect(page.locator(".projector-round")).to_have_text("After round 2 of 3")
    expect(page.locator("table.projector-ranking tbody tr")).to_have_count(8)
    leader = page.locator("table.projector-ranking tbody tr").first.locator("td").first
    expect(leader).to_have_text(re.compile(r"^1=?$"))
    expect(page.locator(".projector-movers li").first).to_contain_text("→")
    screenshot(page, "barometer-projector-desktop")

    _play_round(event, 3, rng)
    # No reload: the page asks again by itself every 20 seconds.
    expect(page.locator(".projector-round")).to_have_text("After round 3 of 3", timeout=30_000)
    page.set_viewport_size(PHONE)
    screenshot(page, "barometer-projector-phone")
