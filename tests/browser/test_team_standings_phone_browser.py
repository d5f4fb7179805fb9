"""A Swiss's standings on a phone (390 x 844): Place, Team and the VPs that decide the places are
all inside the screen, and the table neither scrolls in its frame nor pushes the page sideways."""

from decimal import Decimal

from events.services.teams.matches import adjust_match, save_captains_totals
from events.services.teams.rounds import draw_next_round
from tests.browser.conftest import PHONE, screenshot

# Each visible heading of the standings: its text and its box's left and right edges.
HEADINGS = """() => [...document.querySelectorAll("table.standings thead th")]
  .filter((th) => th.getBoundingClientRect().width > 0)
  .map((th) => {
    const box = th.getBoundingClientRect();
    return {text: th.innerText.trim(), left: box.left, right: box.right};
  })"""


def test_a_phone_sees_the_vps_that_place_the_teams(page, live_server, make_team_event):
    event = make_team_event(teams=5, boards_per_match=8, vp_scale="wbf")
    event.teams.filter(number=1).update(name="The Longest Named Bridge Team Of The Club")
    for _ in range(2):
        for k, match in enumerate(draw_next_round(event=event)):
            if match.away_id is not None:
                save_captains_totals(match=match, home_imps=1000 + 7 * k, away_imps=999)
    match = event.matches.exclude(away=None).first()
    adjust_match(match=match, penalties=(Decimal("1.25"), 0), note="slow play")
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    screenshot(page, "team-standings-phone")
    headings = page.evaluate(HEADINGS)
    texts = [heading["text"] for heading in headings]
    assert texts[:2] == ["Place", "Team"] and texts[-1] == "VPs"
    for heading in headings:
        assert heading["left"] >= 0 and heading["right"] <= PHONE["width"], heading
    rows = page.locator("table.standings tbody tr")
    first = [cell for cell in rows.first.locator("td").all() if cell.is_visible()]
    assert first[0].inner_text() == "1"
    vps = first[-1].bounding_box()
    assert vps["x"] + vps["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    cut = page.evaluate(
        "[...document.querySelectorAll('table.standings')].map("
        "t => t.parentElement.scrollWidth - t.parentElement.clientWidth)"
    )
    assert cut == [0]
