"""A French director's board page (issue 25): the words the page's scripts write themselves,
the shortcuts' refusals and a refused row's status line, in French like the page. The
pseudo-language test (tests/clubscoring/test_catalogues.py) reads the HTML the server draws,
where these words never are."""

import pytest
from playwright.sync_api import expect

from scoring import mitchell
from tests.browser.conftest import DESKTOP, screenshot

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_french_directors_board_page_scripts_write_french(chromium, live_server, make_event):
    event = make_event(mitchell(7, 3))
    context = chromium.new_context(viewport=DESKTOP, locale="fr-FR")
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/login/")
        page.locator("#id_username").fill("director")
        page.locator("#id_password").fill("bridge-director")
        page.keyboard.press("Enter")
        expect(page.locator("h1")).to_have_text("Arbitre")
        page.goto(f"{live_server.url}/director/events/{event.pk}/boards/21/")
        indicator = page.locator("#shortcut-indicator")

        page.locator("h1").click()
        page.keyboard.type("b22")
        expect(indicator).to_have_text("Il n'y a pas de donne 22 : les donnes vont de 1 à 21.")
        page.keyboard.type("r9 ")
        expect(indicator).to_have_text("Il n'y a pas de position 9 : les positions vont de 1 à 7.")
        page.keyboard.press("]")
        expect(indicator).to_have_text("La donne 21 est la dernière donne.")

        # A refused line: the status line names its row and says why, in French.
        field = page.locator("input.entry").first
        row = field.get_attribute("aria-label")
        field.focus()
        page.keyboard.type("4S N +5")
        page.keyboard.press("Enter")
        expect(page.locator("#entry-announce")).to_have_text(
            f"{row} : non enregistré : 4S +5 ferait 15 levées : les levées vont de 0 à 13"
        )
        # A line typed but not saved keeps the director here, and says so in French.
        page.keyboard.press("Alt+PageUp")
        expect(indicator).to_have_text(
            "Une ligne est tapée mais pas enregistrée : Entrée l'enregistre, Échap l'annule."
        )
        screenshot(page, "director-board-french")
        # The row corrected and saved, its status line goes (whatever order French puts its
        # words in).
        page.keyboard.press("ControlOrMeta+a")
        page.keyboard.type("4S N 10")
        page.keyboard.press("Enter")
        expect(page.locator("#entry-grid tr.saved")).to_have_count(1)
        expect(page.locator("#entry-announce")).to_be_hidden()
    finally:
        context.close()
