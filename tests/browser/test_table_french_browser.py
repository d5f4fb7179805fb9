"""A table's phone whose browser asks for French (issue 25): the page, the words its script
writes (the line to accept, what waits to send off the Wi-Fi) and the server's refusals all
in French, the traveller-line words and the suits as they are."""

import pytest
from django.utils import translation

from events.models import Result, TableRound
from events.services.tables.access import event_tables
from scoring.movements import mitchell
from tests.browser.conftest import PHONE, screenshot
from tests.browser.test_table_browser import LINES, all_saved, director_enters, tap_line

pytestmark = pytest.mark.django_db(transaction=True)


def french(message: str, **values) -> str:
    with translation.override("fr"):
        translated = translation.gettext(message)
    assert translated != message, f"{message!r} has no French"
    return translated % values if values else translated


def test_a_french_phone_plays_its_table_in_french(chromium, live_server, make_event):
    event = make_event(mitchell(4, 3, rounds=2), name="Tournoi du jeudi", table_lead=True)
    access = event_tables(event=event)[0]
    meeting = TableRound.objects.get(section__event=event, round=1, table=1)
    context = chromium.new_context(viewport=PHONE, service_workers="block", locale="fr-FR")
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/table/{access.token}/")
        assert page.get_attribute("html", "lang") == "fr"
        assert french("Call the director") in page.inner_text("#call-director")

        # The taps print no trumps and the honours as French cards do: SA, R D V.
        page.click('[data-board-button][data-board="1"]')
        assert page.inner_text('#entry [data-strain="NT"]') == "SA"
        ranks = page.locator("#entry [data-rank]").all_inner_texts()
        assert ranks[:5] == ["A", "R", "D", "V", "10"], ranks
        page.click("#entry-cancel")

        # North taps board 1, led by the king of clubs; the line East-West read is written by
        # the page's script.
        tap_line(page, 1, LINES[1])
        page.wait_for_selector("#accept:not([hidden])")
        line = page.inner_text("#accept-line")
        assert french("by %(seat)s", seat=french("North")) in line
        assert french("tricks: %(tricks)s", tricks=10) in line
        assert french("lead %(card)s", card="♣R") in line
        assert line.startswith("4♠") and line.endswith("NS +420"), line  # the same in French
        screenshot(page, "table-accept-french")
        page.click("#accept-yes")
        page.wait_for_selector('[data-board="1"][data-state="played"]')
        all_saved(page)
        assert page.inner_text("#sync-status") == french(
            "Everything entered on this phone is saved."
        )

        # The director entered board 2 meanwhile: the server's refusal comes back in French.
        director_enters(event, meeting, 2, "3NT S 9")
        tap_line(page, 2, LINES[2])
        page.wait_for_selector("#table-message:not([hidden])")
        with translation.override("fr"):
            reason = translation.gettext("board %(board)s is already entered") % {"board": 2}
        assert page.inner_text("#table-message") == french(
            "Board %(board)s not saved: %(reason)s", board=2, reason=reason
        )
        all_saved(page)

        # Off the Wi-Fi, board 3 waits on the phone, and the page says so in French.
        context.set_offline(True)
        tap_line(page, 3, LINES[3])
        page.wait_for_selector("#accept:not([hidden])")
        page.click("#accept-yes")
        assert page.inner_text("#sync-status") == " ".join(
            [
                french("Not saved yet: %(count)s waiting to send.", count=2),
                french("No connection: they are sent when it is back."),
            ]
        )
        context.set_offline(False)
        page.reload()
        all_saved(page)
        assert Result.objects.filter(board__section__event=event).count() == 3
    finally:
        context.close()
