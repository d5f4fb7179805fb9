"""A teams match in a real Chromium: a director registers two teams, sets a match by hand and
keys in both tables by keyboard only; each board's IMPs show as its second line is saved, the
match's IMPs and VPs at once; then the public match page shows both tables side by side."""

from playwright.sync_api import expect

from events.models import Match
from tests.browser.conftest import DESKTOP, PHONE, screenshot

# Four boards in board order, table 1 then table 2 (the home team NS at table 1). By hand:
# board 1 +420 and +50 at the other table: 470, 10 IMPs; board 2 +600 and -600: 0; board 3
# -110 and +110: 0; board 4 (all vulnerable) +1430 and -680: 750, 13 IMPs. 23-0: 18-2 on the
# 20-VP table (20 to 23 IMPs).
LINES = [
    ("4S N 10", "4S N 9", "+10"),
    ("3NT S 9", "3NT S =", "0"),
    ("2H E 8", "2H E 8", "0"),
    ("6S N 12", "4S N +2", "+13"),
]


def test_a_match_keyed_in_at_both_tables(page, live_server, make_team_event):
    event = make_team_event(teams=2, boards_per_match=4, vp_scale="20-table")
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    page.get_by_role("link", name=event.name).click()
    expect(page.locator("h1")).to_contain_text(event.name)

    # A match set by hand: round 1, table 1, Team 1 v Team 2 (the form's first choices).
    page.locator("summary", has_text="Set a match by hand").click()
    page.locator("#id_away").select_option(label="Team 2")
    page.get_by_role("button", name="Add the match").click()
    screenshot(page, "teams-director")
    page.get_by_role("link", name="Enter").click()
    expect(page.locator("h1")).to_contain_text("Team 1 v Team 2")

    for number, (table1, table2, imps) in enumerate(LINES, start=1):
        expect(page.locator("input.entry:focus")).to_have_attribute(
            "aria-label", f"Board {number}, table 1"
        )
        page.keyboard.type(table1)
        page.keyboard.press("Enter")
        expect(page.locator("input.entry:focus")).to_have_attribute(
            "aria-label", f"Board {number}, table 2"
        )
        page.keyboard.type(table2)
        page.keyboard.press("Enter")
        expect(page.locator(f"#row-{number}-2 td.imps")).to_have_text(imps)
    expect(page.locator("#match-total")).to_contain_text("Team 1 23 – 0 Team 2")
    expect(page.locator("#match-total")).to_contain_text("VPs 18 – 2")
    screenshot(page, "teams-match-entry")
    match = Match.objects.get(event=event)
    assert (match.home_imps, match.away_imps, match.home_vps, match.finished) == (23, 0, 18, True)

    # The public standings: Team 1 first on 18 VPs, IMPs 23 for and 0 against.
    page.goto(f"{live_server.url}/events/{event.pk}/")
    first = page.locator("table.standings tbody tr").first
    expect(first).to_contain_text("Team 1")
    expect(first.locator("td").last).to_have_text("18")
    screenshot(page, "teams-standings-desktop")
    page.set_viewport_size(PHONE)
    screenshot(page, "teams-standings-phone")
    page.goto(f"{live_server.url}{match.get_absolute_url()}")
    expect(page.locator(".match-total")).to_contain_text("23 – 0 IMPs · 18 – 2 VPs")
    expect(page.locator("table.match-boards tbody tr")).to_have_count(4)
    screenshot(page, "teams-match-public-phone")
