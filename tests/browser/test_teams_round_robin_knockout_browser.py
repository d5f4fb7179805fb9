"""A round robin of six teams and a knock-out with a carry-over, run end to end in Chromium: the
director makes the schedule or draws each stage from the draw page and enters the captains'
totals; the schedule, the standings and the bracket show what was entered."""

import random
from decimal import Decimal

from playwright.sync_api import expect

from events.models import Match
from scoring import victory_points
from tests.browser.conftest import DESKTOP, PHONE, screenshot


def log_in(page, url):
    page.set_viewport_size(DESKTOP)
    page.goto(f"{url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Log out")).to_be_visible()


def enter_totals(page, row, home_imps: int, away_imps: int, shown: str = "") -> None:
    """The captains' totals of the row's match; the match then shows `shown` (with any
    carry-over), by default the totals typed."""
    row.get_by_role("link", name="Enter").click()
    form = page.locator("form[action$='/captains/']")
    form.locator("#id_home_imps").fill(str(home_imps))
    form.locator("#id_away_imps").fill(str(away_imps))
    form.get_by_role("button", name="Save the captains' totals").click()
    expect(page.locator("#match-total")).to_contain_text(shown or f"{home_imps} – {away_imps}")


def test_a_six_team_round_robin_end_to_end(page, live_server, make_team_event):
    event = make_team_event(teams=6, format="round-robin", boards_per_match=8)
    rng = random.Random(6)
    log_in(page, live_server.url)
    draw_url = f"{live_server.url}/director/events/{event.pk}/draw/"
    page.goto(draw_url)
    page.get_by_role("button", name="Make the schedule").click()
    expect(page.locator(".messages")).to_contain_text("Rounds 1 to 5 drawn.")
    vps = dict.fromkeys((f"Team {n}" for n in range(1, 7)), Decimal(0))
    for number in range(1, 6):
        for table in range(1, 4):
            page.goto(f"{draw_url}?round={number}")
            row = page.locator("table.draw tbody tr").nth(table - 1)
            home, away = (row.locator("td").nth(k).inner_text().strip() for k in (1, 3))
            home_imps, away_imps = rng.randrange(0, 40), rng.randrange(0, 40)
            enter_totals(page, row, home_imps, away_imps)
            home_vps, away_vps = victory_points(home_imps - away_imps, 8, "wbf")
            vps[home] += Decimal(str(home_vps))
            vps[away] += Decimal(str(away_vps))
    page.goto(draw_url)
    expect(page.locator("#draw-refusal")).to_contain_text("the schedule is made")

    page.goto(f"{live_server.url}/events/{event.pk}/schedule/")
    expect(page.locator("h2")).to_have_count(5)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    rows = page.locator("table.standings tbody tr")
    shown = {}
    for k in range(6):
        cells = [c.strip() for c in rows.nth(k).locator("td").all_inner_texts()]
        shown[cells[1]] = Decimal(cells[5])
    assert shown == vps
    expect(page.locator("table.cross-table tbody tr")).to_have_count(6)
    met = [frozenset((m.home_id, m.away_id)) for m in Match.objects.filter(event=event)]
    assert len(met) == len(set(met)) == 15


def test_a_knock_out_with_a_carry_over_end_to_end(page, live_server, make_team_event):
    event = make_team_event(teams=4, format="knockout", carry_over="half-third")
    log_in(page, live_server.url)
    draw_url = f"{live_server.url}/director/events/{event.pk}/draw/"
    page.goto(draw_url)
    page.locator("#id_qualifying").check()
    page.get_by_role("button", name="Draw the knock-out").click()
    expect(page.locator(".messages")).to_contain_text("Rounds 1 to 3 drawn.")
    # The qualifying round robin: the lower-numbered team wins each match by 4 IMPs a place
    # between them, so the standings are Team 1, 2, 3, 4.
    for number in range(1, 4):
        for table in range(1, 3):
            page.goto(f"{draw_url}?round={number}")
            row = page.locator("table.draw tbody tr").nth(table - 1)
            home, away = (int(row.locator("td").nth(k).inner_text().split()[-1]) for k in (1, 3))
            margin = 4 * abs(home - away)
            won = home < away
            enter_totals(page, row, 20 + (margin if won else 0), 20 + (0 if won else margin))
    page.goto(draw_url)
    page.get_by_role("button", name="Draw the knock-out").click()
    expect(page.locator(".messages")).to_contain_text("Round 4 drawn.")
    # Semi-finals 1 v 4 and 2 v 3: the higher-ranked team won their meeting by 12 and 4 IMPs,
    # and starts with half of it.
    rows = page.locator("table.draw tbody tr")
    expect(rows.nth(0)).to_contain_text("Team 1 +6 carried over")
    expect(rows.nth(0)).to_contain_text("Team 4")
    expect(rows.nth(1)).to_contain_text("Team 2 +2 carried over")
    enter_totals(page, rows.nth(0), 30, 35, "Team 1 36 – 35 Team 4")  # through on the carry-over
    page.goto(draw_url)
    enter_totals(page, page.locator("table.draw tbody tr").nth(1), 10, 40, "Team 2 12 – 40 Team 3")
    page.goto(draw_url)
    page.get_by_role("button", name="Draw the knock-out").click()
    final = page.locator("table.draw tbody tr")
    expect(final).to_have_count(1)
    expect(final.nth(0)).to_contain_text("Team 1 +4 carried over")  # 8 IMPs in the round robin
    enter_totals(page, final.nth(0), 40, 41, "Team 1 44 – 41 Team 3")
    page.goto(draw_url)
    expect(page.locator("#draw-refusal")).to_contain_text("the knock-out has its winner")

    page.goto(f"{live_server.url}/events/{event.pk}/bracket/")
    stages = page.locator(".bracket .stage")
    expect(stages).to_have_count(2)
    expect(stages.nth(1).locator("h2")).to_have_text("Final")
    expect(stages.nth(1).locator(".side.winner")).to_contain_text("Team 1")
    expect(stages.nth(1).locator(".side.winner")).to_contain_text("44")
    expect(stages.nth(0).locator("h2")).to_have_text("Semi-finals")
    expect(stages.nth(0).locator(".side.winner")).to_have_count(2)
    screenshot(page, "teams-bracket-desktop")
    page.set_viewport_size(PHONE)
    screenshot(page, "teams-bracket-phone")
