"""Setting an event up in a real Chromium: the settings page saves as it is filled in, and the
printed table cards carry QR codes that a phone reads as the table's own page and the event's
live page."""

import datetime

import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from events.models import Event
from events.services.tables.access import event_tables
from scoring import mitchell
from tests.browser.conftest import ARTIFACTS, DESKTOP, screenshot


def log_in(page, live_server) -> None:
    page.goto(f"{live_server.url}/login/")
    page.locator("#id_username").fill("director")
    page.locator("#id_password").fill("bridge-director")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Director")


def test_the_settings_page_saves_without_retyping_the_date(page, live_server, make_event):
    event = make_event(mitchell(3, 2), date=datetime.date(2026, 11, 20), winners=2)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/director/events/{event.pk}/settings/")
    expect(page.locator("#id_date")).to_have_value("2026-11-20")
    page.locator("#id_winners").select_option("1")
    page.get_by_role("button", name="Save and rescore").click()
    expect(page.locator(".messages")).to_contain_text("Settings saved")
    event.refresh_from_db()
    assert (event.date, event.winners) == (datetime.date(2026, 11, 20), 1)


def test_a_table_cards_qr_codes_read_as_the_tables_page_and_the_events_live_page(
    page, live_server, make_event
):
    event = make_event(mitchell(3, 2), name="Tuesday Pairs")
    page.set_viewport_size(DESKTOP)
    log_in(page, live_server)
    page.goto(f"{live_server.url}/director/events/{event.pk}/cards/")
    page.emulate_media(media="print")
    card = page.locator(".table-card").first
    expect(card).to_contain_text("Boards go to")
    # Printed, each table card ends its page; guide cards share pages unless asked otherwise.
    breaks = page.locator(".table-card, .guide-card").evaluate_all(
        "cards => cards.map(card => getComputedStyle(card).breakAfter)"
    )
    assert breaks == ["page"] * 3 + ["auto"] * 6
    ARTIFACTS.mkdir(exist_ok=True)
    card.screenshot(path=ARTIFACTS / "table-card-with-qr.png")
    codes = zxingcpp.read_barcodes(Image.open(ARTIFACTS / "table-card-with-qr.png"))
    # The table's own page (its players' entry), and the event's live page.
    table = event_tables(event=event)[0]
    live = f"{live_server.url}/events/{event.pk}/"
    assert sorted(code.text for code in codes) == sorted(
        [f"{live_server.url}/table/{table.token}/", live]
    )
    page.goto(live)
    expect(page.locator("h1")).to_contain_text("Tuesday Pairs")
    page.goto(f"{live_server.url}/director/events/{event.pk}/cards/")
    screenshot(page, "cards-printed")
    page.goto(f"{live_server.url}/director/events/{event.pk}/cards/?guides=one-per-page")
    breaks = page.locator(".guide-card").evaluate_all(
        "cards => cards.map(card => getComputedStyle(card).breakAfter)"
    )
    assert breaks == ["page"] * 6


def test_the_average_plus_and_minus_choices_wrap_at_phone_width(page, live_server, club):
    log_in(page, live_server)
    page.get_by_role("link", name="New event").click()
    law = page.get_by_label("Law 12C2(c): average plus is 60%", exact=False)
    expect(law).to_be_checked()
    page.get_by_label("Average plus 60%, average 50%", exact=False).check()
    width = page.viewport_size["width"]
    for label in page.locator("#id_adjusted_scores label").all():
        box = label.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    screenshot(page, "new-event-average-plus-phone")


def test_the_new_event_form_shows_the_settings_of_the_scoring_chosen(page, live_server, club):
    log_in(page, live_server)
    page.get_by_role("link", name="New event").click()
    expect(page.locator("#id_date")).to_have_value(f"{datetime.date.today():%Y-%m-%d}")
    datum, scale, cross = (
        page.locator(f"#id_{name}") for name in ("datum_method", "mp_scale", "cross_imp_mode")
    )
    # Matchpoints by default: the matchpoint settings, no datum.
    expect(scale).to_be_visible()
    expect(datum).to_be_hidden()
    expect(cross).to_be_hidden()
    page.locator("#id_scoring").select_option("butler")
    expect(datum).to_be_visible()
    expect(scale).to_be_hidden()
    expect(page.get_by_label("matchpoint rounding")).to_be_hidden()
    page.locator("#id_scoring").select_option("cross-imps")
    expect(cross).to_be_visible()
    expect(datum).to_be_hidden()
    page.locator("#id_scoring").select_option("mp")
    expect(scale).to_be_visible()
    expect(datum).to_be_hidden()
    page.locator("#id_scoring").select_option("butler")
    page.locator("#id_datum_method").select_option("mean")
    page.locator("#id_name").fill("Tuesday IMPs with a long name that a phone must wrap")
    page.locator("#id_tables").fill("6½")
    expect(page.locator("label.choice").first).to_contain_text("6½-table")
    screenshot(page, "new-event-imps-phone")
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator("h1")).to_have_text("Pairs and names")
    event = Event.objects.get()
    assert (event.scoring, event.datum_method, event.date) == (
        "butler",
        "mean",
        datetime.date.today(),
    )
    assert event.sections.get().movement.startswith("6½-table")


def test_tables_typed_before_htmx_is_ready_still_list_the_movements(page, live_server, club):
    # htmx held back, as on a slow connection: the director types before it has wired the field.
    log_in(page, live_server)
    held = []
    page.route("**/django_htmx/**", lambda route: held.append(route))
    page.goto(f"{live_server.url}/director/clubs/{club.slug}/new-event/", wait_until="commit")
    page.locator("#id_tables").fill("7")
    expect(page.locator("#id_tables")).to_have_value("7")
    assert held, "htmx was asked for"
    for route in held:
        route.continue_()
    expect(page.locator("label.choice").first).to_contain_text("7-table Mitchell")
