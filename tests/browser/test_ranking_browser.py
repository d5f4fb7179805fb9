"""The public ranking on a phone (390 x 844): the percentage that places the pairs comes first,
and the boards played show where they differ, without the table scrolling sideways."""

from playwright.sync_api import expect

from events.models import Pair
from scoring import mitchell
from tests.browser.conftest import PHONE, screenshot


def test_a_phone_sees_why_fewer_matchpoints_rank_higher(page, live_server, make_event):
    event = make_event(mitchell(7, 3), status="published", ew_numbered_on=False)
    pairs = Pair.objects.filter(section__event=event)
    pairs.update(names="Annabel Longname & Bartholomew Smith")
    ns = pairs.filter(direction=Pair.Direction.NS)
    ns.update(score=100, top_total=252, boards_played=21)
    ns.filter(number=1).update(score=126, top_total=240, boards_played=20)
    ns.filter(number=2).update(score=130.9, top_total=252, boards_played=21)
    pairs.filter(direction=Pair.Direction.EW).update(score=120, top_total=252, boards_played=21)

    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    north_south, east_west = page.locator("table.ranking").all()
    headings = north_south.locator("thead th").all_inner_texts()
    assert headings == ["Place", "Pair", "Names", "%", "MPs", "Boards"]
    first, second = north_south.locator("tbody tr").all()[:2]
    assert first.locator("td").all_inner_texts()[3:] == ["52.50", "126.0", "20"]
    assert second.locator("td").all_inner_texts()[3:] == ["51.94", "130.9", "21"]
    expect(north_south.locator("th", has_text="Boards")).to_be_visible()
    # Every East-West pair played 21 boards: the phone is spared the column.
    expect(east_west.locator("th", has_text="Boards")).to_be_hidden()
    screenshot(page, "ranking-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "the ranking must fit a phone without scrolling sideways"
    # Nor inside its own frame: a column cut off at the edge is as good as missing.
    cut = page.evaluate(
        "[...document.querySelectorAll('.table-wrap')].map(w => w.scrollWidth - w.clientWidth)"
    )
    assert cut == [0, 0]
