"""The keyboard shortcuts' data on the director's pages (the keys themselves:
tests/browser/test_shortcuts_browser.py)."""

import re

import pytest
from django.urls import reverse

from scoring import mitchell

pytestmark = pytest.mark.django_db


def shortcuts(page: str) -> dict[str, str]:
    tag = re.search(r'<div id="shortcuts"[^>]*>', page).group(0)
    return dict(re.findall(r'data-([a-z-]+)="([^"]*)"', tag))


def test_a_board_page_lists_where_the_shortcuts_may_go(director_client, make_event):
    event = make_event(mitchell(3, 2))

    page = director_client.get(reverse("director-board", args=[event.pk, 4])).content.decode()

    assert shortcuts(page) == {
        "boards": "1 2 3 4 5 6",
        "slips": "1:1 1:2 1:3 2:1 2:2 2:3 3:1 3:2 3:3",
        "board-url": f"/director/events/{event.pk}/boards/",
        "slip-url": f"/director/events/{event.pk}/rounds/",
        "current-board": "4",
        "current-slip": "",
        "query": "",
    }
    assert "js/shortcuts.js" in page
    assert "all shortcuts (<kbd>?</kbd>)" in page


def test_a_slip_page_knows_its_table_round(director_client, make_event):
    event = make_event(mitchell(3, 2))

    page = director_client.get(reverse("director-slip", args=[event.pk, 2, 3])).content.decode()

    assert shortcuts(page)["current-slip"] == "2:3"
    assert shortcuts(page)["current-board"] == ""


def test_director_pages_of_an_event_have_the_shortcuts_others_do_not(director_client, make_event):
    event = make_event(mitchell(3, 2))

    for name in ("director-event", "director-settings", "director-history"):
        page = director_client.get(reverse(name, args=[event.pk])).content.decode()
        assert 'id="shortcuts"' in page, name
    for url in (reverse("director-home"), reverse("event", args=[event.pk])):
        assert 'id="shortcuts"' not in director_client.get(url).content.decode(), url
