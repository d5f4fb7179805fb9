"""A Swiss teams afternoon in a real Chromium, as a new director runs one: 13 teams registered,
7 rounds of 6 boards, every round drawn by the app; one match a round keyed in at both tables by
keyboard, the others from the captains' totals; a late match drawn round; one round drawn in
arrears. No rematch, one bye a round to a different team, and the standings equal to the sum
worked out here from what was typed; the projector view looked at."""

import random
from decimal import Decimal

from playwright.sync_api import expect

from events.models import Match, TeamRound
from scoring import board_conditions, imps, parse_traveller_line, victory_points
from tests.browser.conftest import DESKTOP, PHONE, screenshot

TEAMS = ["Aces", "Bears", "Comets", "Dragons", "Eagles", "Falcons", "Giants"]
TEAMS += ["Hawks", "Ibis", "Jaguars", "Kestrels", "Lions", "Magpies"]
RESULTS = ["4S N 10", "4S N 9", "3NT S 9", "3NT S 10", "2H E 8", "2H E 7", "4H E 10"]
RESULTS += ["4H E 11", "1NT N 7", "3C W 9", "3C W 8", "5DX S 9", "6S N 12"]
BOARDS = 6
BYE_VPS = Decimal(12)


def money(value) -> Decimal:
    return Decimal(str(round(float(value), 2)))


class Scoresheet:
    """What the test typed, and the standings worked out from it by hand."""

    def __init__(self):
        self.vps = {name: Decimal(0) for name in TEAMS}
        self.imps_for = {name: 0 for name in TEAMS}
        self.imps_against = {name: 0 for name in TEAMS}

    def match(self, home: str, away: str, home_imps: int, away_imps: int) -> None:
        home_vps, away_vps = victory_points(home_imps - away_imps, BOARDS, "wbf")
        self.vps[home] += money(home_vps)
        self.vps[away] += money(away_vps)
        self.imps_for[home] += home_imps
        self.imps_against[home] += away_imps
        self.imps_for[away] += away_imps
        self.imps_against[away] += home_imps

    def bye(self, team: str) -> None:
        self.vps[team] += BYE_VPS


def board_score(text: str, board: int) -> int:
    _, vulnerability = board_conditions(board)
    return parse_traveller_line(text).score_ns(vulnerability)


def draw_rows(page) -> list[list[str]]:
    rows = page.locator("table.draw tbody tr")
    return [
        [cell.strip() for cell in rows.nth(k).locator("td").all_inner_texts()]
        for k in range(rows.count())
    ]


def team_name(cell: str) -> str:
    """A draw cell's team, without a note after it."""
    return next(name for name in TEAMS if cell == name or cell.startswith(f"{name} "))


def test_a_thirteen_team_swiss_of_seven_rounds_run_by_the_app(page, live_server, club):
    rng = random.Random(13)
    sheet = Scoresheet()
    url = live_server.url
    page.set_viewport_size(DESKTOP)
    page.goto(f"{url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")

    # The event: a Swiss of 7 rounds of 6 boards, on the WBF scale, a bye worth 12 VPs.
    page.get_by_role("link", name="New teams event").click()
    page.locator("#id_name").fill("Saturday Swiss")
    page.locator("#id_boards_per_match").fill(str(BOARDS))
    page.locator("#id_rounds").fill("7")
    page.locator("#id_draw_seed").fill("2026")
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator("h1")).to_contain_text("Saturday Swiss")
    director_page = page.url

    for name in TEAMS:
        page.locator("#id_name").fill(name)
        for seat in range(1, 5):
            page.locator(f"#id_player_{seat}").fill(f"{name} player {seat}")
        page.get_by_role("button", name="Register the team").click()
        expect(page.locator("#teams")).to_contain_text(name)
    page.get_by_role("button", name="Start the event").click()
    page.get_by_role("link", name="Draw", exact=True).click()
    draw_url = draw_page = page.url
    expect(page.locator("#next-draw h2")).to_have_text("Round 1 of 7")

    def draw(*, late=False):
        if late:
            page.locator("#id_late").check()
        page.locator("#draw-next").click()
        expect(page.locator(".messages")).to_contain_text("drawn.")
        return draw_rows(page)

    def enter_by_keyboard(row_index: int, home: str, away: str) -> None:
        page.locator("table.draw tbody tr").nth(row_index).get_by_role("link", name="Enter").click()
        expect(page.locator("h1")).to_contain_text(f"{home} v {away}")
        home_imps = away_imps = 0
        for board in range(1, BOARDS + 1):
            lines = [rng.choice(RESULTS), rng.choice(RESULTS)]
            for table, text in enumerate(lines, start=1):
                expect(page.locator("input.entry:focus")).to_have_attribute(
                    "aria-label", f"Board {board}, table {table}"
                )
                page.keyboard.type(text)
                page.keyboard.press("Enter")
            expect(page.locator(f"#row-{board}-2 td.imps")).not_to_be_empty()
            won = imps(board_score(lines[0], board) - board_score(lines[1], board))
            home_imps, away_imps = home_imps + max(won, 0), away_imps + max(-won, 0)
        expect(page.locator("#match-total")).to_contain_text(
            f"{home} {home_imps} – {away_imps} {away}"
        )
        sheet.match(home, away, home_imps, away_imps)
        page.goto(draw_page)

    def enter_captains(row_index: int, home: str, away: str) -> None:
        page.locator("table.draw tbody tr").nth(row_index).get_by_role("link", name="Enter").click()
        home_imps, away_imps = rng.randrange(0, 45), rng.randrange(0, 45)
        form = page.locator("form[action$='/captains/']")
        form.locator("#id_home_imps").fill(str(home_imps))
        form.locator("#id_away_imps").fill(str(away_imps))
        form.get_by_role("button", name="Save the captains' totals").click()
        expect(page.locator("#match-total")).to_contain_text(
            f"{home} {home_imps} – {away_imps} {away}"
        )
        sheet.match(home, away, home_imps, away_imps)
        page.goto(draw_page)

    def play(number, *, leave=()):
        """Enter the round: the first match by keyboard, the rest the captains' totals; the
        rows `leave` are left for later (a late match)."""
        nonlocal draw_page
        draw_page = f"{url}/director/events/{event_id}/draw/?round={number}"
        page.goto(draw_page)
        rows = draw_rows(page)
        assert len(rows) == 7 and rows[-1][3] == "bye"
        for k, row in enumerate(rows):
            home = team_name(row[1])
            if row[3] == "bye":
                sheet.bye(home)
            elif k in leave:
                continue
            elif k == 0:
                enter_by_keyboard(k, home, team_name(row[3]))
            else:
                enter_captains(k, home, team_name(row[3]))

    def shown_round(number):
        page.goto(f"{url}/events/{event_id}/draw/?round={number}")
        rows = draw_rows(page)
        page.goto(draw_page)
        return rows

    event_id = int(director_page.rstrip("/").split("/")[-2])
    for number in (1, 2):
        draw()
        play(number)

    # Round 3: the match at table 6 is slow; round 4 is drawn without it.
    draw()
    play(3, leave={5})
    page.goto(draw_url)
    expect(page.locator("#late")).to_contain_text("Round 3 is still being played: table 6")
    page.locator("#draw-next").click()
    expect(page.locator(".messages")).to_contain_text("Not drawn: round 3 is still being played")
    draw(late=True)
    expect(page.locator("#round-note")).to_contain_text("Drawn late, leaving out table 6")
    slow = shown_round(3)[5]
    # The slow match's result comes in: the director finds it on the event's page.
    page.goto(director_page)
    row = page.locator("#matches tr", has_text=team_name(slow[1])).filter(
        has_text=team_name(slow[3])
    )
    row.get_by_role("link", name="Enter").click()
    home_imps, away_imps = 31, 7
    form = page.locator("form[action$='/captains/']")
    form.locator("#id_home_imps").fill(str(home_imps))
    form.locator("#id_away_imps").fill(str(away_imps))
    form.get_by_role("button", name="Save the captains' totals").click()
    expect(page.locator("#match-total")).to_contain_text(f"{home_imps} – {away_imps}")
    sheet.match(team_name(slow[1]), team_name(slow[3]), home_imps, away_imps)

    # Round 5 drawn one round in arrears, from the standings after round 3, before round 4
    # is played.
    page.goto(f"{url}/director/events/{event_id}/teams/settings/")
    page.locator("#id_arrears").check()
    page.get_by_role("button", name="Save").click()
    page.goto(draw_url)
    expect(page.locator("#next-draw")).to_contain_text("From the standings after round 3")
    draw()
    expect(page.locator("#round-note")).to_contain_text("one round in arrears")
    play(4)
    play(5)
    page.goto(f"{url}/director/events/{event_id}/teams/settings/")
    page.locator("#id_arrears").uncheck()
    page.get_by_role("button", name="Save").click()
    for number in (6, 7):
        page.goto(draw_url)
        draw()
        play(number)
    page.goto(draw_url)
    screenshot(page, "teams-draw-desktop")
    expect(page.locator("#draw-refusal")).to_contain_text(
        "the event plays 7 rounds, and all are drawn"
    )

    # No rematch; one bye a round, each to a different team; round 5 in arrears.
    matches = list(Match.objects.filter(event_id=event_id))
    met = [frozenset((m.home_id, m.away_id)) for m in matches if m.away_id]
    assert len(met) == len(set(met)) == 42
    byes = [m.home_id for m in matches if m.is_bye]
    assert len(byes) == len(set(byes)) == 7
    assert TeamRound.objects.get(event_id=event_id, number=5).standings_after == 3
    assert all(m.finished for m in matches)

    # The standings the players see equal the scoresheet worked out by hand.
    page.goto(f"{url}/events/{event_id}/")
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(13)
    shown = {}
    for k in range(13):
        cells = [c.strip() for c in rows.nth(k).locator("td").all_inner_texts()]
        shown[cells[1]] = (Decimal(cells[5].split()[0]), int(cells[3]), int(cells[4]))
    assert shown == {
        name: (sheet.vps[name], sheet.imps_for[name], sheet.imps_against[name]) for name in TEAMS
    }
    ordered = [shown[name][0] for name in shown]
    assert ordered == sorted(ordered, reverse=True)
    screenshot(page, "teams-swiss-standings-desktop")
    page.set_viewport_size(PHONE)
    screenshot(page, "teams-swiss-standings-phone")

    # A match keyed in at both tables, and the projector view of the last round.
    keyed = Match.objects.filter(event_id=event_id, round=7, table=1).get()
    page.goto(f"{url}{keyed.get_absolute_url()}")
    expect(page.locator("table.match-boards tbody tr")).to_have_count(BOARDS)
    screenshot(page, "teams-swiss-match-phone")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "teams-swiss-match-desktop")
    page.goto(f"{url}/events/{event_id}/projector/")
    expect(page.locator("h1")).to_contain_text("Round 7")
    expect(page.locator("table.projector-draw tbody tr")).to_have_count(7)
    first = page.locator("table.projector-draw tbody tr").first.locator("td")
    expect(first.nth(2)).to_have_text("1")  # the leader after round 6 at table 1
    screenshot(page, "teams-projector-desktop")
    page.set_viewport_size(PHONE)
    screenshot(page, "teams-projector-phone")
