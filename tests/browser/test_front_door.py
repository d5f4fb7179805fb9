"""A club's front door in a real Chromium, from an empty database: `manage.py new_club` makes a
club, its director chooses a password from the printed link, logs in, imports the club's member
list from CSV (and a longer one after it), makes an event and keys in results; a second club's
director on the same site cannot see the first club's event.

Each step is a function of its own, so that a step slots in between the others.
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


def import_member_list(page, live_server, slug: str, lines: list[str]) -> None:
    """Upload a member list on the club's page and stop on its preview."""
    page.goto(f"{live_server.url}/director/clubs/{slug}/")
    page.get_by_role("link", name="Import a member list").click()
    data = ("\r\n".join(lines) + "\r\n").encode()
    page.locator("#id_file").set_input_files(
        files=[{"name": "members.csv", "mimeType": "text/csv", "buffer": data}]
    )
    page.get_by_role("button", name="Preview").click()


def forty_rows() -> list[str]:
    """The first ten members again (one renamed), 28 new, one new member twice, a row unnamed."""
    rows = [f"Member{n} Hill,{1000 + n},m{n}@example.org" for n in range(1, 10)]
    rows.append("Josephine Hill,1010,m10@example.org")  # Jo Hill, renamed
    rows += [f"Newcomer{n} Vale,{2000 + n},n{n}@example.org" for n in range(28)]
    rows.append("Newcomer0 Vale,2000,n0@example.org")
    rows.append(",2999,nobody@example.org")
    return ["Name,Member number,Email", *rows]


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

    first_members = [f"Member{n} Hill,{1000 + n},m{n}@example.org" for n in range(1, 10)]
    import_member_list(
        page,
        live_server,
        "hilltop-bridge-club",
        ["Name,Member number,Email", *first_members, "Jo Hill,1010,m10@example.org"],
    )
    expect(page.locator("#members-count-new")).to_have_text("10 new players")
    page.get_by_role("button", name="Import the members").click()
    expect(page.locator("#players tbody tr")).to_have_count(10)
    rows = forty_rows()
    assert len(rows) == 41
    import_member_list(page, live_server, "hilltop-bridge-club", rows)
    expect(page.locator("#members-count-new")).to_have_text("28 new players")
    expect(page.locator("#members-count-changed")).to_have_text("1 player changed")
    expect(page.locator("#members-count-unchanged")).to_have_text("9 players unchanged")
    expect(page.locator("#members-count-bad")).to_have_text("2 bad rows left out")
    expect(page.locator("#members-bad")).to_contain_text("row 12 has the same member number")
    expect(page.locator("#members-bad")).to_contain_text("there is no name")
    page.get_by_role("button", name="Import the members").click()
    expect(page.locator(".messages")).to_contain_text(
        "Member list imported: 28 new, 1 changed, 0 guests merged, 2 rows left out."
    )
    expect(page.locator("#players tbody tr")).to_have_count(38)
    expect(page.locator("#players")).to_contain_text("Josephine Hill")
    expect(page.locator("#players")).not_to_contain_text("Jo Hill")

    page.goto(f"{live_server.url}/director/")
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
