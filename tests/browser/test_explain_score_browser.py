"""A player on a phone taps a score on their scorecard and reads how it was worked out; their
name opens their history with its chart. Under the Content Security Policy, nothing refused."""

import datetime

from playwright.sync_api import expect

from events.models import Result
from events.services.setup import name_pair
from scoring import mitchell
from tests.browser.conftest import PHONE, screenshot
from tests.browser.test_csp_browser import visit, watched
from tests.events.test_public_views import enter


def test_explain_a_neuberged_score_at_phone_width(page, live_server, make_event):
    event = make_event(
        mitchell(5, 2),
        status="published",
        name="Explained Pairs",
        date=datetime.date(2026, 11, 20),
        mp_rounding="ebu",
    )
    enter(event, 1, "4S N 10", "4S N 11", "3NT N 9", "4S N 9")  # the fifth line is missing
    enter(event, 2, "2H E 8", "2H E 9", "A+ A-", "1NT S 7", "2H E 8")
    line = Result.objects.select_related("ns_pair").get(
        board__section__event=event, board__number=1, contract="3NT"
    )
    name_pair(pair=line.ns_pair, names=["Ann Archer", "Bob Baker"])
    pair = line.ns_pair.number
    problems = watched(page)

    visit(page, f"{live_server.url}/events/{event.pk}/A/pairs/{pair}/", problems)
    expect(page.locator("h1")).to_have_text(f"Scorecard of pair {pair}: Ann Archer & Bob Baker")
    page.get_by_role("link", name="Explain this score").first.click()
    page.wait_for_load_state("load")
    assert page.evaluate("window.__violations") == [] and problems == []
    expect(page.locator("h1")).to_have_text(f"Board 1: how pair {pair} scored")
    expect(page.locator("table.explain-ranks tr.mine")).to_have_text(
        f"+400NS {pair} v EW {line.ew_pair.number}this score"
    )
    expect(page.get_by_text("This score beat 1, tied with 0 and lost to 2.")).to_be_visible()
    # Neuberg from 4 results to 5: (2 + 1) × 5 / 4 − 1 = 2.75; the EBU rounds an exact half
    # towards the average (4 of a top of 8): 2.8.
    expect(page.get_by_text("(2 + 1) × 5 / 4 − 1 = 2.7500")).to_be_visible()
    expect(page.get_by_text("2.7500 → 2.8", exact=False)).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "explain-this-score-phone")

    page.get_by_role("link", name=f"Scorecard of pair {pair}").click()
    page.get_by_role("link", name="Ann Archer").click()
    expect(page.locator("h1")).to_have_text("Ann Archer")
    expect(page.locator("svg.chart circle.chart-point")).to_have_count(1)
    expect(page.locator("table.history tbody tr")).to_have_count(1)
    assert page.evaluate("window.__violations") == [] and problems == []
    screenshot(page, "player-history-phone")


def test_a_hidden_traveller_says_when_it_will_be_shown(page, live_server, make_event):
    event = make_event(mitchell(3, 2), status="running", reveal="session", name="Secret Pairs")
    enter(event, 1, "4S N 10", "4S N 9")

    response = page.goto(f"{live_server.url}/events/{event.pk}/A/boards/1/")

    assert response.status == 200
    expect(page.locator("#withheld")).to_have_text("Board 1 is shown when the event is published.")
    expect(page.get_by_text("+420")).to_have_count(0)
    screenshot(page, "hidden-traveller-phone")
