"""A Mitchell numbered as clubs print it, in the browser: the entry grid shows NS 1..7 and
EW 1..7, a line typed with its pairs ("3 5 4S N 10") is 3 NS v 5 EW, and the ranking lists
"3 NS" and "5 EW" in two directions."""

import re

from playwright.sync_api import expect

from events.models import Event, Pair
from events.services.entry import board_meetings
from events.services.setup import name_pair
from scoring import mitchell
from tests.browser.conftest import DESKTOP, PHONE, screenshot
from tests.events.test_entry import board


def test_entry_grid_and_ranking_of_a_mitchell_numbered_per_direction(page, live_server, make_event):
    event = make_event(mitchell(7, 3), ew_numbered_on=False, winners=2)
    meeting = next(m for m in board_meetings(board=board(event, 1)) if m.ns == 3)
    ew = meeting.ew - 7  # the EW pair as the club prints it
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")

    page.goto(f"{live_server.url}/director/events/{event.pk}/boards/1/")
    rows = page.locator("table.entry tbody tr:not(.free)")
    expect(rows).to_have_count(7)
    ns_column = rows.locator("td:nth-child(1)").all_inner_texts()
    ew_column = rows.locator("td:nth-child(2)").all_inner_texts()
    assert sorted(ns_column, key=int) == [str(n) for n in range(1, 8)]
    assert sorted(ew_column, key=int) == [str(n) for n in range(1, 8)]

    # Typed with its pairs on the free line, as from a traveller slip.
    free = page.locator("tr.free input.entry")
    free.click()
    free.fill(f"3 {ew} 4S N 10")
    free.press("Enter")
    saved = page.get_by_role("textbox", name=f"Board 1, 3 v {ew}")
    expect(saved).to_have_value("4S N 10")
    # A pair the movement does not have is refused in the directions' words.
    free = page.locator("tr.free input.entry")
    free.fill("3 9 4S N 10")
    free.press("Enter")
    expect(page.locator("tr.free .error")).to_have_text("there is no pair 9 EW in this event")
    screenshot(page, "mitchell-numbering-entry-grid")

    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    ranking = page.locator("#ranking")
    expect(ranking).to_contain_text("North-South")
    expect(ranking).to_contain_text("East-West")
    expect(ranking.get_by_role("link", name="3 NS", exact=True)).to_have_count(1)
    first_ew = ranking.get_by_role("link", name=f"{ew} EW", exact=True)
    expect(first_ew).to_have_count(1)
    screenshot(page, "mitchell-numbering-ranking")
    first_ew.click()
    expect(page.locator("h1")).to_contain_text(f"Scorecard of pair {ew} EW")
    assert page.url.endswith(f"/A/pairs/{ew}ew/")


def test_a_pair_numbered_per_direction_keeps_to_one_line_on_a_phone(page, live_server, make_event):
    event = make_event(mitchell(7, 3), ew_numbered_on=False, winners=2)
    for pair in Pair.objects.filter(section__event=event):
        name_pair(pair=pair, names=[f"Alexandra Montgomery-{pair.pk}", "Bartholomew Fitzwilliam"])
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/events/{event.pk}/")

    labels = page.locator("#ranking").get_by_role("link", name=re.compile(r"^\d (NS|EW)$"))
    expect(labels).to_have_count(14)
    # One line box each: "1 NS" never breaks between its number and its direction.
    assert labels.evaluate_all("links => links.map(a => a.getClientRects().length)") == [1] * 14
    screenshot(page, "mitchell-numbering-ranking-phone")
