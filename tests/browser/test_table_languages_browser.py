"""A table's page on a phone in each language the site speaks (issue 25): nothing wider than
the phone, the Norwegian call button's long word ("turneringsleder") among them."""

import pytest

from events.services.tables.access import event_tables
from scoring.movements import mitchell
from tests.browser.conftest import PHONE

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR", "nb-NO"])
def test_a_tables_page_fits_a_phone_in_every_language(chromium, live_server, make_event, locale):
    event = make_event(mitchell(4, 3, rounds=2))
    access = event_tables(event=event)[0]
    context = chromium.new_context(viewport=PHONE, service_workers="block", locale=locale)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/table/{access.token}/")
        assert page.get_attribute("html", "lang").startswith(locale[:2])
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.click('[data-board-button][data-board="1"]')
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        context.close()
