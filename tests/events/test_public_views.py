"""Pages players read without logging in."""

import html
import re

import pytest
from django.urls import reverse

from events.models import Board, Event, Result
from events.services.entry import board_meetings, save_line
from events.services.pair_labels import label_pairs
from events.services.setup import apply_movement
from events.services.status import change_status
from scoring import howell, mitchell, parse_traveller_line
from tests.conftest import while_running

pytestmark = pytest.mark.django_db


def enter(event, number, *lines):
    """Enter `lines` on board `number` at the movement's tables, in NS-pair order."""
    board = Board.objects.select_related("section__event").get(section__event=event, number=number)
    meetings = sorted(board_meetings(board=board), key=lambda m: m.ns)
    with while_running(event):
        for meeting, text in zip(meetings, lines, strict=False):
            save_line(
                board=board, line=parse_traveller_line(text), ns_pair=meeting.ns, ew_pair=meeting.ew
            )


def test_home_lists_clubs_events_and_tools(client, make_event):
    event = make_event(mitchell(3, 2), name="Monday Pairs", status="published")
    make_event(mitchell(3, 2), name="Not started", status="setup")
    content = client.get(reverse("home")).content.decode()
    assert "Test Bridge Club" in content and event.name in content
    assert "Not started" not in content
    for name in ("calculator", "rubber-pad", "chicago-pad"):
        assert reverse(name) in content


def test_ranking_two_winners_with_places_and_ties(client, make_event):
    event = make_event(mitchell(3, 2), status="published")
    enter(event, 1, "4S N 10", "4S N 10", "4S N 9")  # pairs 1 and 2 tie on top
    content = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "North-South" in content and "East-West" in content
    ns_table = content[content.index("North-South") : content.index("East-West")]
    assert ns_table.count("1=") == 2
    assert "75.00" in ns_table  # 3 of 4 matchpoints on the one board played


def test_setup_events_are_not_public(client, make_event):
    event = make_event(mitchell(3, 2), status="setup")
    assert client.get(reverse("event", args=[event.pk])).status_code == 404


def test_end_of_session_reveal_hides_results_until_published(client, make_event):
    event = make_event(mitchell(3, 2), status="running", reveal="session")
    enter(event, 1, "4S N 10")
    content = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "The ranking is shown when the director publishes the results." in content
    scorecard = reverse("scorecard", args=[event.pk, "A", 1])
    withheld = client.get(scorecard).content.decode()
    assert "The scorecards are shown when the event is published." in withheld
    assert "+420" not in withheld
    change_status(event=Event.objects.get(pk=event.pk), status="published")
    shown = client.get(scorecard).content.decode()
    assert "Scorecard of pair 1" in shown and "+420" in shown


def test_running_event_ranking_polls_only_while_visible(client, make_event):
    event = make_event(mitchell(3, 2), status="running")
    content = client.get(reverse("event", args=[event.pk])).content.decode()
    # static/js/site.js cancels the poll while the page is hidden (a trigger filter would need eval)
    assert 'hx-trigger="every 15s" hx-swap="outerHTML" data-poll-when-visible' in content
    fragment = client.get(reverse("ranking-fragment", args=[event.pk]), HTTP_HX_REQUEST="true")
    assert fragment.content.decode().lstrip().startswith('<div id="ranking"')


def test_published_event_does_not_poll(client, make_event):
    event = make_event(mitchell(3, 2), status="published")
    assert "every 15s" not in client.get(reverse("event", args=[event.pk])).content.decode()


def test_scorecard_shows_each_board_from_the_pairs_side(client, make_event):
    event = make_event(mitchell(3, 2), status="published")
    enter(event, 1, "4S N 10", "4S N 9", "3NT S 9")
    enter(event, 2, "A+ A-")
    board1 = Board.objects.get(section__event=event, number=1)
    ew_of_pair1 = next(m.ew for m in board_meetings(board=board1) if m.ns == 1)
    content = client.get(reverse("scorecard", args=[event.pk, "A", ew_of_pair1])).content.decode()
    assert "-420" in content  # the EW pair's side of NS +420
    assert 'class="bottom"' in content  # 0 of 4: a bottom
    assert reverse("traveller", args=[event.pk, "A", 1]) in content


def test_traveller_sorted_by_score_with_frequencies_and_neighbours(client, make_event):
    event = make_event(mitchell(3, 2), status="published")
    enter(event, 2, "4S N 9", "4S N 10", "4S N 10")
    content = client.get(reverse("traveller", args=[event.pk, "A", 2]) + "?pair=1").content
    content = content.decode()
    assert content.index("+620") < content.index("-100")
    assert "Frequencies" in content
    assert reverse("traveller", args=[event.pk, "A", 1]) in content
    assert reverse("traveller", args=[event.pk, "A", 3]) in content
    assert 'class="mine"' in content
    assert "Dealer East" in content and "NS vulnerable" in content


def test_howell_has_one_ranking(client, make_event):
    event = make_event(howell(4, 2), status="published", winners=1)
    enter(event, 1, "4S N 10")
    content = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "North-South" not in content
    assert content.count('class="num"><a href="/events/') >= 8


def test_ranking_page_queries_do_not_grow_with_the_field(
    client, make_event, django_assert_max_num_queries
):
    event = make_event(mitchell(15, 2), status="published")
    with django_assert_max_num_queries(8):
        client.get(reverse("event", args=[event.pk]))


def test_end_of_round_reveal_shows_only_completed_rounds(client, make_event):
    event = make_event(mitchell(3, 2), status="running", reveal="round")
    section = event.sections.get()
    round_one = {
        (tr.low_board, tr.ns_pair.number, tr.ew_pair.number)
        for tr in section.table_rounds.filter(round=1).select_related("ns_pair", "ew_pair")
    }
    for low, ns, ew in sorted(round_one):
        for number in (low, low + 1):
            board = Board.objects.select_related("section__event").get(
                section=section, number=number
            )
            save_line(board=board, line=parse_traveller_line("4S N 10"), ns_pair=ns, ew_pair=ew)
    # One line of round 2 is in: round 2 is not complete, so it stays hidden.
    late = section.table_rounds.select_related("ns_pair", "ew_pair").get(round=2, table=1)
    board = Board.objects.select_related("section__event").get(
        section=section, number=late.low_board
    )
    save_line(
        board=board,
        line=parse_traveller_line("3NT S 11"),
        ns_pair=late.ns_pair.number,
        ew_pair=late.ew_pair.number,
    )
    hidden = f"{Result.objects.get(contract='3NT').score_ns:+d}"
    content = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "The ranking after round 1" in content
    card = client.get(reverse("scorecard", args=[event.pk, "A", late.ns_pair.number]))
    assert hidden not in card.content.decode()
    shown = card.content.decode()
    assert "+420" in shown and "+620" in shown  # round 1's boards 1 and 2
    change_status(event=Event.objects.get(pk=event.pk), status="published")
    card = client.get(reverse("scorecard", args=[event.pk, "A", late.ns_pair.number]))
    assert hidden in card.content.decode()


def _board_row(page: str, number: int) -> str:
    """The words of board `number`'s row of a scorecard, its cells apart by " | "."""
    row = re.search(rf'(?s)<tr[^>]*>\s*<td class="num"><a [^>]*>{number}</a>.*?</tr>', page)[0]
    cells = re.findall(r"(?s)<td[^>]*>(.*?)</td>", row)
    return " | ".join(re.sub(r"<[^>]+>", "", cell).strip() for cell in cells)


def test_a_scorecard_names_an_assigned_percent_and_a_split_score(client, make_event):
    event = make_event(mitchell(3, 2), status="published")
    enter(event, 1, "A7030", "+420 / -50", "4S N 10")
    board = Board.objects.get(section__event=event, number=1)
    (ns1, ew1), (ns2, ew2), _ = sorted((m.ns, m.ew) for m in board_meetings(board=board))

    def card(pair):
        page = client.get(reverse("scorecard", args=[event.pk, "A", pair])).content.decode()
        return _board_row(html.unescape(page), 1)

    traveller = html.unescape(
        client.get(reverse("traveller", args=[event.pk, "A", 1])).content.decode()
    )

    assert card(ns1).startswith(f"1 | NS | {ew1} | Adjusted 70% |  | ")
    assert card(ew1).startswith(f"1 | EW | {ns1} | Adjusted 30% |  | ")
    assert card(ns2).startswith(f"1 | NS | {ew2} | Split: NS +420, EW +50 |  | +420 | ")
    assert card(ew2).startswith(f"1 | EW | {ns2} | Split: NS +420, EW +50 |  | +50 | ")
    assert "Adjusted: NS 70%, EW 30%" in traveller


def test_a_scorecard_address_without_its_section_leads_to_it(client, make_event):
    event = make_event(mitchell(3, 2), status="published", ew_numbered_on=False)

    response = client.get(f"/events/{event.pk}/pairs/3EW/")

    assert response.status_code == 302
    assert response["Location"] == reverse("scorecard", args=[event.pk, "A", "3ew"])
    assert client.get(f"/events/{event.pk}/pairs/9ew/").status_code == 404


def test_a_scorecard_address_without_its_section_leads_to_the_one_section_with_that_pair(
    client, make_event
):
    event = make_event(mitchell(3, 2), status="published", ew_numbered_on=False, sections=2)
    section_b = event.sections.get(letter="B")
    apply_movement(section=section_b, movement=mitchell(5, 2))
    label_pairs(section=section_b)

    only_b = client.get(f"/events/{event.pk}/pairs/5ns/")
    both = client.get(f"/events/{event.pk}/pairs/3ew/")

    assert only_b.status_code == 302
    assert only_b["Location"] == reverse("scorecard", args=[event.pk, "B", "5ns"])
    assert both.status_code == 404
    page = both.content.decode()
    assert "Pair 3 EW plays in more than one section" in page
    assert f'href="{reverse("scorecard", args=[event.pk, "A", "3ew"])}">A3 EW</a>' in page
    assert f'href="{reverse("scorecard", args=[event.pk, "B", "3ew"])}">B3 EW</a>' in page
