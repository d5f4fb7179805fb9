"""Places follow percentages: every ranking shows the percentage first and the boards each pair
(or player) played, on a phone too when the boards differ."""

from io import BytesIO

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from events.models import Pair
from events.services.exports import export_file
from events.services.individuals import create_individual_event
from scoring import mitchell
from scoring.movements.individual import rainbow_individual

pytestmark = pytest.mark.django_db


def uneven_event(make_event):
    """A published two-winner Mitchell whose NS pair 1 ranks above NS pair 2 on fewer matchpoints:
    126 over 20 boards (52.50%) against 130.9 over 21 (51.94%)."""
    event = make_event(mitchell(3, 2), status="published")
    ns = Pair.objects.filter(section__event=event, direction=Pair.Direction.NS)
    ns.filter(number=1).update(score=126, top_total=240, boards_played=20)
    ns.filter(number=2).update(score=130.9, top_total=252, boards_played=21)
    ns.filter(number=3).update(score=100, top_total=240, boards_played=20)
    return event


def north_south(page: str) -> str:
    return page[page.index("North-South") : page.index("East-West")]


@pytest.mark.parametrize("page", ["event", "director-event"])
def test_the_ranking_shows_the_percentage_first_and_the_boards_that_explain_the_places(
    page, director_client, make_event
):
    event = uneven_event(make_event)
    table = north_south(director_client.get(reverse(page, args=[event.pk])).content.decode())
    assert table.index('<th class="num">%</th>') < table.index('<th class="num">MPs</th>')
    # The boards differ between these pairs: their column is shown on a phone too.
    assert '<th class="num">Boards</th>' in table
    assert table.index("52.50") < table.index("126.0") < table.index(">20</td>")
    assert table.index(">20</td>") < table.index("51.94") < table.index(">21</td>")
    assert '<td class="num boards">21</td>' in table


def test_boards_all_alike_leave_the_phone_without_the_column(client, make_event):
    event = uneven_event(make_event)
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    east_west = page[page.index("East-West") :]
    assert '<td class="num boards wide">0</td>' in east_west  # every EW pair played 0
    assert '<th class="num wide">Boards</th>' in east_west


def test_an_individuals_ranking_shows_the_percentage_first_and_uneven_boards(client, club):
    event = create_individual_event(
        club=club, movement=rainbow_individual(5, 2, rounds=3), name="Ind", date="2026-11-23"
    )
    event.status = "published"
    event.save(update_fields=["status"])
    section = event.sections.get()
    # One side of player 1 played 4 boards: player 1 and their partner then, no one else.
    side = section.pairs.filter(seats__individual__number=1).order_by("number").first()
    Pair.objects.filter(pk=side.pk).update(score=9, top_total=16, boards_played=4)
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    table = page[page.index('id="player-ranking"') :]
    assert table.index('<th class="num">%</th>') < table.index('<th class="num">MPs</th>')
    assert table.index("56.25") < table.index("9.0") < table.index('<td class="num boards">4</td>')


def test_the_workbook_ranking_puts_the_percentage_before_the_matchpoints(make_event):
    event = uneven_event(make_event)
    book = load_workbook(BytesIO(export_file(event=event, format_key="xlsx")))
    ranking = list(book["Ranking"].iter_rows(values_only=True))
    assert ("Place", "Pair", "Names", "%", "MPs", "Boards") in ranking
    assert (1, 1, None, 52.5, 126, 20) in ranking
    assert (2, 2, None, 51.94444444444444, 130.9, 21) in ranking
