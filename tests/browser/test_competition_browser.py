"""A two-session championship in a real Chromium: both sessions entered (session 2's board 2
through the entry grid, with the keyboard), the director makes the competition on its pages,
and the public page shows the cumulative ranking of the hand computation."""

import datetime

from playwright.sync_api import expect

from events.models import Competition, Result
from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.events.test_competitions import (
    AVERAGE,
    NAMES_1,
    NAMES_2,
    SESSION_1,
    SESSION_2,
    SUM_PERCENT,
    make_session,
)


def rows(page) -> list[tuple[str, str, str]]:
    cells = page.locator("#cumulative tbody tr").evaluate_all(
        "rows => rows.map(r => Array.from(r.cells, c => c.innerText.trim()))"
    )
    return [(row[0], row[1], row[-2]) for row in cells]


def shown(expected) -> list[tuple[str, str, str]]:
    return [(place, names, f"{total:.2f}") for place, names, total in expected]


def test_two_session_championship_cumulative_ranking(page, live_server, club, make_event):
    page.set_viewport_size(DESKTOP)
    first = make_session(
        make_event, "Championship 1", datetime.date(2026, 11, 21), NAMES_1, SESSION_1
    )
    second_lines = {1: SESSION_2[1]}  # board 2 is keyed in below
    second = make_session(
        make_event, "Championship 2", datetime.date(2026, 11, 22), NAMES_2, second_lines
    )

    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")

    # Session 2, board 2, with the keyboard: each row's line for the NS pair the row is for.
    page.goto(f"{live_server.url}/director/events/{second.pk}/boards/2/")
    for row in range(3):
        entry = page.locator("input.entry:focus")
        expect(entry).to_have_count(1)
        ns = entry.evaluate("e => e.closest('tr').querySelector('input[name=ns]').value")
        page.keyboard.type(SESSION_2[2][int(ns)])
        page.keyboard.press("Enter")
        expect(page.locator("#entry-grid tr.saved")).to_have_count(row + 1)
    assert Result.objects.filter(board__section__event=second).count() == 6

    # The competition, made on the director's pages.
    page.goto(f"{live_server.url}/director/")
    page.get_by_role("link", name="New multi-session event").click()
    page.locator("#id_name").fill("Autumn Championship")
    page.locator("#id_carry_over").select_option("sum-percent")
    page.get_by_role("button", name="Make it").click()
    expect(page.locator("h1")).to_have_text("Autumn Championship")
    for event in (second, first):
        page.locator("#id_event").select_option(str(event.pk))
        page.get_by_role("button", name="Add session").click()
    page.get_by_role("button", name="Move Championship 1 up").click()
    expect(page.locator("#sessions tbody tr").first).to_contain_text("Championship 1")
    expect(page.locator("#changes li")).to_have_count(4)
    screenshot(page, "competition-director")
    competition = Competition.objects.get(name="Autumn Championship")
    assert [s.event for s in competition.sessions.all()] == [first, second]

    # The public page: the hand computation, each session's column linking to its ranking.
    page.set_viewport_size(PHONE)
    page.get_by_role("link", name="Public page").click()
    expect(page.locator("h1")).to_have_text("Autumn Championship")
    assert rows(page) == shown(SUM_PERCENT)
    gus_hal = page.locator("#cumulative tbody tr").first.locator("td")
    expect(gus_hal.nth(2)).to_have_text("62.50")
    expect(gus_hal.nth(3)).to_have_text("87.50")
    screenshot(page, "competition-public")
    page.locator("#cumulative thead").get_by_role("link", name="1. Championship 1").click()
    expect(page.locator("h1")).to_have_text("Championship 1")
    page.go_back()

    # The director chooses the average over sessions played: the ranking follows.
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/director/competitions/{competition.pk}/")
    page.locator("#id_carry_over").select_option("average-percent")
    page.get_by_role("button", name="Save carry-over").click()
    page.goto(f"{live_server.url}/competitions/{competition.pk}/")
    assert rows(page) == shown(AVERAGE)
