"""A club's front door in a real Chromium, from an empty database: `manage.py new_club` makes a
club, its director chooses a password from the printed link, logs in, makes an event and keys
in results; a second club's director on the same site cannot see the first club's event.

Each step is a function of its own, so that a step (the member list's import, say) slots in
between the others.
"""

import io
import re

from django.core.management import call_command
from playwright.sync_api import expect

from events.models import Club, Event, Result
from tests.browser.conftest import DESKTOP, screenshot

LINK = re.compile(r"https?://\S+/password/\S+/\S+/")


def new_club(live_server, name: str, director: str) -> str:
    """Run `manage.py new_club` as the site's operator does; the printed set-password link."""
    out = io.StringIO()
    call_command(
        "new_club", name, "--director", director, "--site-url", live_server.url, stdout=out
    )
    return LINK.search(out.getvalue())[0]


def choose_password_and_log_in(page, link: str, username: str, password: str) -> None:
    page.goto(link)
    expect(page.locator("h1")).to_have_text("Choose a password")
    page.get_by_label("New password", exact=True).fill(password)
    page.get_by_label("New password confirmation").fill(password)
    page.get_by_role("button", name="Save the password").click()
    expect(page.locator("h1")).to_have_text("Password saved")
    page.get_by_role("link", name="Log in", exact=True).last.click()
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")


def make_and_start_event(page, name: str, tables: int) -> Event:
    page.get_by_role("link", name="New event").click()
    page.locator("#id_name").fill(name)
    page.locator("#id_tables").fill(str(tables))
    expect(page.locator("label.choice").first).to_contain_text(f"{tables}-table")
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator("h1")).to_have_text("Pairs and names")
    page.get_by_role("button", name="Save names").click()
    page.get_by_role("button", name="Start the event").click()
    event = Event.objects.get(name=name)
    expect(page.locator("h1")).to_contain_text(name)
    return event


def key_in_board_one(page, lines: list[str]) -> None:
    page.locator(".board-links a").first.click()
    expect(page.locator("h1")).to_contain_text("Board 1")
    for row, line in enumerate(lines):
        expect(page.locator("input.entry:focus")).to_have_count(1)
        page.keyboard.type(line)
        page.keyboard.press("Enter")
        expect(page.locator("#entry-grid tr.saved")).to_have_count(row + 1)


def test_a_new_club_from_nothing_to_its_first_results(page, live_server, chromium):
    assert not Club.objects.exists()
    page.set_viewport_size(DESKTOP)

    link = new_club(live_server, "Hilltop Bridge Club", "alice")
    choose_password_and_log_in(page, link, "alice", "alice-chooses-this")
    expect(page.locator("main")).to_contain_text("Hilltop Bridge Club")
    event = make_and_start_event(page, "Hilltop Pairs", tables=3)
    key_in_board_one(page, ["4S N 10", "4S N 9", "3NT S 9"])
    page.goto(f"{live_server.url}/director/events/{event.pk}/")
    expect(page.locator("#panels table.ranking").first).to_be_visible()
    screenshot(page, "front-door-first-event")
    results = Result.objects.filter(board__section__event=event, board__number=1)
    assert sorted(r.score_ns for r in results) == [-50, 400, 420]

    # A second club on the same site: its director sees neither the event nor its pages.
    other = chromium.new_context(viewport=DESKTOP)
    bob = other.new_page()
    choose_password_and_log_in(
        bob, new_club(live_server, "Valley Bridge Club", "bob"), "bob", "bob-chooses-that"
    )
    expect(bob.locator("main")).to_contain_text("Valley Bridge Club")
    expect(bob.locator("main")).not_to_contain_text("Hilltop Pairs")
    for address in (f"/director/events/{event.pk}/", f"/director/events/{event.pk}/boards/1/"):
        bob.goto(f"{live_server.url}{address}")
        expect(bob.locator("h1")).to_have_text("This page is not here")
    bob.goto(f"{live_server.url}/director/clubs/hilltop-bridge-club/")
    expect(bob.locator("h1")).to_have_text("This page is not here")
    other.close()
