"""Every main page, htmx included, works under the Content Security Policy: Chromium reports no
violation and no script error, and htmx still saves a line, swaps a pad and polls a ranking."""

from playwright.sync_api import expect

from events.models import Board, Result
from events.services.entry import board_meetings
from scoring import mitchell
from tests.events.test_public_views import enter

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} line ${e.lineNumber}`);
});
"""


def watched(page) -> list[str]:
    """Console errors and uncaught exceptions of `page`, from now on."""
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.add_init_script(WATCH)
    return problems


def visit(page, url: str, problems: list[str]) -> None:
    page.goto(url)
    page.wait_for_load_state("load")
    assert page.evaluate("typeof htmx") == "object", url
    assert page.evaluate("htmx.config.allowEval") is False
    assert page.evaluate("window.__violations") == [], url
    assert problems == [], url


def test_main_pages_and_htmx_work_under_the_policy(page, live_server, make_event):
    event = make_event(mitchell(3, 2), status="running", name="Policy Pairs")
    enter(event, 2, "4S N 10", "3NT S 8", "2H E 8")
    problems = watched(page)
    base = live_server.url

    visit(page, f"{base}/", problems)
    expect(page.get_by_role("link", name="Policy Pairs")).to_be_visible()
    visit(page, f"{base}/events/{event.pk}/", problems)
    expect(page.locator("#ranking table.ranking")).to_have_count(2)  # NS and EW
    # The live ranking polls (htmx's "every", no eval), only while the tab is shown: the poll,
    # made quicker here, goes out; with the tab hidden static/js/site.js cancels it.
    polls = []
    page.on("request", lambda r: polls.append(r.url) if r.url.endswith("/ranking/") else None)
    page.evaluate(
        "const r = document.querySelector('#ranking'); "
        "r.setAttribute('hx-trigger', 'every 200ms'); htmx.process(r)"
    )
    expect(page.locator("#ranking")).to_have_attribute("hx-trigger", "every 15s")  # swapped
    page.evaluate("Object.defineProperty(document, 'visibilityState', {get: () => 'hidden'})")
    page.evaluate(
        "const r = document.querySelector('#ranking'); "
        "r.setAttribute('hx-trigger', 'every 200ms'); htmx.process(r)"
    )
    polled = len(polls)
    page.wait_for_timeout(1000)
    assert (polled, len(polls)) == (1, 1)
    visit(page, f"{base}/events/{event.pk}/A/boards/2/", problems)
    visit(page, f"{base}/calculator/?line=4S+N+10&vulnerable=none", problems)
    visit(page, f"{base}/pad/rubber/", problems)
    page.keyboard.type("2NT we 9")
    page.keyboard.press("Enter")
    expect(page.locator("#history tbody tr")).to_have_count(1)
    visit(page, f"{base}/pad/chicago/", problems)

    visit(page, f"{base}/login/", problems)
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")
    visit(page, f"{base}/director/events/{event.pk}/", problems)
    expect(page.locator("#panels")).to_be_visible()
    visit(page, f"{base}/director/events/{event.pk}/cards/", problems)

    # An htmx save on the entry grid: the row turns saved without a page load.
    visit(page, f"{base}/director/events/{event.pk}/boards/1/", problems)
    loads = []
    page.on("load", lambda loaded: loads.append(loaded.url))
    expect(page.locator("input.entry:focus")).to_have_count(1)
    page.keyboard.type("4H S 10")
    page.keyboard.press("Enter")
    expect(page.locator("#entry-grid [role=status]")).to_have_text("Saved board 1.")
    expect(page.locator("#entry-grid tr.saved")).to_have_count(1)
    board = Board.objects.get(section__event=event, number=1)
    first = sorted(board_meetings(board=board), key=lambda m: m.ns)[0]
    saved = Result.objects.get(board=board)
    assert (saved.ns_pair.number, saved.contract, saved.score_ns) == (first.ns, "4H", 420)
    assert loads == []
    assert page.evaluate("window.__violations") == []
    assert problems == []  # before the failure below

    # A save the server fails (a 500 htmx does not swap) is announced, and the line stays typed.
    page.route("**/lines/", lambda route: route.fulfill(status=500, body="Server Error"))
    page.keyboard.type("3NT N 9")
    page.keyboard.press("Enter")
    expect(page.locator("#request-failed")).to_contain_text(
        "Not saved: the server could not answer"
    )
    # Enter has moved the director on: the line stays in its row, marked, and the focus stays.
    expect(page.locator("#entry-grid tr.refused input.entry")).to_have_value("3NT N 9")
    expect(page.locator("input.entry:focus")).to_have_value("")
    assert Result.objects.filter(board=board).count() == 1
    assert [p for p in problems if "500" not in p] == []
