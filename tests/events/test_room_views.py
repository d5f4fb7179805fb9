"""The director's pages of the players' entry at the table: the tables' links and QR codes,
the table settings, the room, the calls, and the take-over of a table's waiting line."""

import re
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from events.models import Change, Event, Pair, Result, TableCall, TableLine, TableRound
from events.services.notes import note_text
from events.services.tables.access import event_tables
from events.services.tables.calls import call_director
from events.templatetags.qr import qr_svg
from scoring import mitchell
from tests.events.test_entry_views import post_line

pytestmark = pytest.mark.django_db


def table_line(event, table, board=None, text="4S N 10", state="entered", round_number=1):
    access = next(a for a in event_tables(event=event) if a.table == table)
    slip = TableRound.objects.get(section__event=event, round=round_number, table=table)
    return TableLine.objects.create(
        access=access,
        round=round_number,
        board_number=board or slip.low_board,
        text=text,
        key=uuid.uuid4(),
        state=state,
    )


def test_the_tables_links_page_shows_each_tables_address_and_qr_code(director_client, make_event):
    event = make_event(mitchell(4, 3, rounds=2))
    content = director_client.get(reverse("director-tables", args=[event.pk])).content.decode()
    accesses = event_tables(event=event)
    for access in accesses:
        address = f"http://testserver/table/{access.token}/"
        assert qr_svg(address) in content and f'href="{address}"' in content
    assert [f"<h2>Table {t}</h2>" in content for t in (1, 2, 3, 4)] == [True] * 4
    assert content.count(">New link</a>") == 4


def test_a_new_link_is_asked_first_and_closes_the_old_one(director_client, make_event):
    event = make_event(mitchell(4, 3, rounds=2))
    access = event_tables(event=event)[1]
    old = access.token
    url = reverse("director-table-new-link", args=[event.pk, access.pk])

    asked = director_client.get(url).content.decode()
    director_client.post(url)  # no confirmation: nothing changes
    access.refresh_from_db()
    assert "A new link for Table 2?" in asked and access.token == old

    response = director_client.post(url, {"confirm": "yes"}, follow=True)
    access.refresh_from_db()
    assert access.token != old and len(access.token) >= 43
    page = response.content.decode()
    assert "Table 2 has a new link" in page and access.token in page and old not in page


def test_a_table_of_another_event_gets_no_new_link(director_client, make_event):
    event = make_event(mitchell(4, 3, rounds=2))
    other = make_event(mitchell(3, 2), name="Other")
    access = event_tables(event=other)[0]
    url = reverse("director-table-new-link", args=[event.pk, access.pk])
    assert director_client.post(url, {"confirm": "yes"}).status_code == 404
    assert event_tables(event=other)[0].token == access.token


def test_each_table_card_has_the_qr_code_of_its_tables_page(director_client, make_event):
    event = make_event(mitchell(3, 2))
    content = director_client.get(reverse("director-cards", args=[event.pk])).content.decode()
    for access in event_tables(event=event):
        svg = qr_svg(f"http://testserver/table/{access.token}/")
        card = content.split(f"<h2>Table {access.table} ")[1].split("</section>")[0]
        assert content.count(svg) == 1 and svg in card
    # The live results' code stays on every card.
    assert content.count(qr_svg(f"http://testserver/events/{event.pk}/")) == 3


def test_the_guide_cards_print_each_pairs_pin_when_the_event_asks_for_it(
    director_client, make_event
):
    event = make_event(mitchell(3, 2))
    url = reverse("director-cards", args=[event.pk])
    pin = Pair.objects.get(section__event=event, number=4).pin
    assert "PIN to accept" not in director_client.get(url).content.decode()

    Event.objects.filter(pk=event.pk).update(table_pin=True)
    content = director_client.get(url).content.decode()

    card = content.split("<h3>Pair 4 ")[1].split("</section>")[0]
    assert f"<strong>{pin}</strong>" in card
    assert content.count("PIN to accept the opponents") == 6


def test_the_settings_page_saves_the_table_settings(director_client, make_event):
    event = make_event(mitchell(3, 2))
    url = reverse("director-settings", args=[event.pk])
    page = director_client.get(url).content.decode()
    assert 'name="table_pin"' in page and 'name="table_shows_hand"' in page
    data = {
        "name": event.name,
        "date": "2026-11-20",
        "scoring": "mp",
        "mp_scale": "1",
        "mp_rounding": event.mp_rounding,
        "missing_results": event.missing_results,
        "adjusted_scores": event.adjusted_scores,
        "datum_method": event.datum_method,
        "cross_imp_mode": event.cross_imp_mode,
        "winners": event.winners,
        "reveal": event.reveal,
        "ew_numbered_on": "on",
        "table_lead": "on",
        "table_pin": "on",
        "table_shows_points": "on",
    }

    response = director_client.post(url, data)

    assert response.status_code == 302, response.content.decode()
    event.refresh_from_db()
    assert (
        event.table_lead,
        event.table_pin,
        event.table_shows_points,
        event.table_shows_traveller,
        event.table_shows_hand,
    ) == (True, True, True, False, False)


def test_the_room_shows_each_table_round_and_its_waiting_lines(director_client, make_event):
    event = make_event(mitchell(4, 3, rounds=2))
    waiting = table_line(event, 2, text="3NT S 9")
    table_line(event, 3, text="2H E 8", state="disputed")

    content = director_client.get(reverse("director-room", args=[event.pk])).content.decode()

    assert f'id="table-line-{waiting.pk}"' in content and "<code>3NT S 9</code>" in content
    # Each cell names its table for a phone, where the grid stacks.
    assert '<td class="room-cell waiting" data-cell="1-2" data-label="Table 2">' in content
    assert '<td class="room-cell disputed" data-cell="1-3" data-label="Table 3">' in content
    slip = reverse("director-slip", args=[event.pk, 2, 4])
    assert f'href="{slip}"' in content  # the take-over: the table-round in the director's grid
    assert 'id="calls"' in content and "No table is calling." in content


def test_the_event_page_links_the_room_and_the_tables_links(director_client, make_event):
    event = make_event(mitchell(3, 2))
    content = director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    assert f'href="{reverse("director-room", args=[event.pk])}"' in content
    assert f'href="{reverse("director-tables", args=[event.pk])}"' in content
    assert f'hx-get="{reverse("director-calls", args=[event.pk])}"' in content


def test_the_rooms_grid_costs_the_same_queries_at_any_size(director_client, make_event):
    """Polled every few seconds by every director: a few queries, however many tables."""
    small = make_event(mitchell(3, 2), name="Small")
    large = make_event(mitchell(15, 2), name="Large")
    counts = []
    for event in (small, large):
        for table in (1, 2):
            table_line(event, table)
        call_director(access=event_tables(event=event)[0], round=1)
        url = reverse("director-room-grid", args=[event.pk])
        director_client.get(url)  # the slips' progress is kept until the event changes
        with CaptureQueriesContext(connection) as queries:
            content = director_client.get(url).content.decode()
        assert content.count('class="room-cell') == event.sections.get().tables * (
            3 if event is small else 15
        )
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 9


def test_a_call_shows_on_the_calls_panel_and_is_cleared(director_client, make_event):
    event = make_event(mitchell(4, 3, rounds=2))
    line = table_line(event, 3, text="4H E 9", state="disputed")
    call = call_director(
        access=line.access, round=1, board_number=line.board_number, kind="dispute"
    )
    url = reverse("director-calls", args=[event.pk])

    shown = director_client.get(url).content.decode()

    assert f'id="call-{call.pk}"' in shown and "<strong>Table 3</strong>, round 1, board" in shown
    assert "Score disputed" in shown and "<code>4H E 9</code>" in shown
    assert " hidden>" not in shown.split("\n")[0]
    # A pairs event's round is a "position" in French, and French spaces its colon.
    french = director_client.get(url, headers={"accept-language": "fr"}).content.decode()
    assert f"<strong>Table 3</strong>, position 1, donne {line.board_number}\u00a0:" in french
    cleared = director_client.post(
        reverse("director-call-clear", args=[event.pk, call.pk]), HTTP_HX_REQUEST="true"
    ).content.decode()
    assert f'id="call-{call.pk}"' not in cleared and "No table is calling." in cleared
    assert TableCall.objects.get().cleared is not None


def test_without_javascript_a_call_cleared_in_the_room_goes_back_to_the_room(
    director_client, make_event
):
    event = make_event(mitchell(4, 3, rounds=2))
    call = call_director(access=event_tables(event=event)[0], round=1)
    response = director_client.post(
        reverse("director-call-clear", args=[event.pk, call.pk]), {"in": "room"}
    )
    assert response.url == reverse("director-room", args=[event.pk])
    assert TableCall.objects.get().cleared is not None


def test_the_director_accepts_a_tables_line_from_the_room(director_client, make_event, director):
    event = make_event(mitchell(4, 3, rounds=2))
    line = table_line(event, 2, text="4S N 10")

    response = director_client.post(
        reverse("director-table-line-accept", args=[event.pk, line.pk]), HTTP_HX_REQUEST="true"
    )

    content = response.content.decode()
    assert f"Board {line.board_number} of table 2 saved." in content
    assert f'id="table-line-{line.pk}"' not in content
    assert response.headers["HX-Trigger"] == '{"result-saved": {}}'
    result = Result.objects.get()
    assert (result.round, result.table) == (1, 2)
    assert note_text(Change.objects.get().note) == "accepted by the director for table 2"
    assert TableLine.objects.get().state == "accepted"


def open_calls_shown(client, event) -> list[str]:
    panel = client.get(reverse("director-calls", args=[event.pk])).content.decode()
    return re.findall(r'<li id="call-\d+" class="call (\w+)">', panel)


def disputed_at_table(event, table, text="4H E 9"):
    """A line of the table's first board disputed, its dispute's call, and a call of the same
    table's button."""
    line = table_line(event, table, text=text, state="disputed")
    dispute = call_director(
        access=line.access, round=1, board_number=line.board_number, kind="dispute"
    )
    call_director(access=line.access, round=1)
    return line, dispute


def test_accepting_a_disputed_line_for_the_table_settles_its_call(director_client, make_event):
    event = make_event(mitchell(4, 3, rounds=2))
    line, dispute = disputed_at_table(event, 2)
    assert open_calls_shown(director_client, event) == ["dispute", "call"]

    director_client.post(
        reverse("director-table-line-accept", args=[event.pk, line.pk]), HTTP_HX_REQUEST="true"
    )

    assert TableLine.objects.get().state == "accepted"
    assert open_calls_shown(director_client, event) == ["call"]  # the button's call stays
    dispute.refresh_from_db()
    assert timezone.localdate(dispute.cleared) == timezone.localdate()


@pytest.mark.parametrize("how", ["entered", "changed"])
def test_the_director_entering_or_changing_a_disputed_board_settles_the_dispute(
    director_client, make_event, how
):
    event = make_event(mitchell(4, 3, rounds=2))
    slip = TableRound.objects.select_related("ns_pair", "ew_pair").get(
        section__event=event, round=1, table=2
    )
    pairs, saved = (slip.ns_pair.number, slip.ew_pair.number), None
    if how == "changed":  # the table's correction of its saved line, disputed
        post_line(director_client, event, slip.low_board, "4H E 10", *pairs)
        saved = Result.objects.get()
    line, dispute = disputed_at_table(event, 2)
    line.result = saved
    line.save()

    response = post_line(director_client, event, slip.low_board, "4H E 8", *pairs, result=saved)

    assert "Saved board" in response.content.decode()
    assert Result.objects.get().tricks == 8
    assert not TableLine.objects.exists()  # the director's line stands; the table sees it played
    assert open_calls_shown(director_client, event) == ["call"]
    dispute.refresh_from_db()
    assert timezone.localdate(dispute.cleared) == timezone.localdate()


def test_a_refused_line_stays_waiting_and_the_room_says_why(director_client, make_event):
    event = make_event(mitchell(4, 3, rounds=2))
    line = table_line(event, 2, text="8S N 10")

    content = director_client.post(
        reverse("director-table-line-accept", args=[event.pk, line.pk]), HTTP_HX_REQUEST="true"
    ).content.decode()

    assert f'role="alert">Board {line.board_number} of table 2 was not saved: ' in content
    assert not Result.objects.exists() and TableLine.objects.get().state == "entered"


def test_the_director_discards_a_tables_line_from_the_room(director_client, make_event):
    event = make_event(mitchell(4, 3, rounds=2))
    line = table_line(event, 1, state="disputed")
    url = reverse("director-table-line-discard", args=[event.pk, line.pk])

    response = director_client.post(url)

    assert response.url == reverse("director-room", args=[event.pk])
    assert not TableLine.objects.exists()
    assert director_client.post(url).status_code == 404  # gone: nothing left to discard


def test_the_entry_grid_shows_a_tables_line_waiting_for_acceptance(director_client, make_event):
    event = make_event(mitchell(4, 3, rounds=2))
    line = table_line(event, 2, text="3NT S 9")
    content = director_client.get(reverse("director-slip", args=[event.pk, 1, 2])).content.decode()
    assert "Waiting for acceptance: <code>3NT S 9</code>" in content
    assert f"#table-line-{line.pk}" in content


def test_a_teams_events_settings_page_saves_its_table_settings(director_client, make_team_event):
    event = make_team_event(teams=4, boards_per_match=4)
    url = reverse("teams-settings", args=[event.pk])
    assert 'name="table_lead"' in director_client.get(url).content.decode()
    settings = event.team_settings
    data = {
        "name": event.name,
        "date": "2026-11-22",
        "reveal": "always",
        "format": settings.format,
        "match_scoring": settings.match_scoring,
        "vp_scale": settings.vp_scale,
        "bam_points": 1,
        "boards_per_match": settings.boards_per_match,
        "round_robin_cycles": 1,
        "bye_vps": "12",
        "tie_break": settings.tie_break,
        "first_round": settings.first_round,
        "draw_seed": settings.draw_seed,
        "odd_field": settings.odd_field,
        "danish_rounds": 0,
        "table_pin": "on",
        "table_shows_hand": "on",
    }

    response = director_client.post(url, data)

    assert response.status_code == 302, response.content.decode()
    event.refresh_from_db()
    assert (event.table_lead, event.table_pin, event.table_shows_hand) == (False, True, True)
    assert (event.table_shows_points, event.table_shows_traveller) == (False, False)


def test_a_teams_events_links_are_its_match_tables_halves(director_client, make_team_event):
    from events.services.teams.rounds import draw_next_round

    event = make_team_event(teams=4, boards_per_match=4)
    draw_next_round(event=event)

    content = director_client.get(reverse("director-tables", args=[event.pk])).content.decode()

    headings = [f"<h2>Match table {t}, table {h}</h2>" for t in (1, 2) for h in (1, 2)]
    assert [heading in content for heading in headings] == [True] * 4
    assert all(f"/table/{a.token}/" in content for a in event_tables(event=event))


def test_a_grids_cell_names_its_pairs_as_short_as_the_language_can(director_client, make_event):
    # The sentences' "1 mot 5" pushed a Norwegian grid of four tables off a phone's width.
    event = make_event(mitchell(4, 3, rounds=2))
    director_client.post(reverse("set_language"), {"language": "nb", "next": "/director/"})

    grid = director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    room = director_client.get(reverse("director-room", args=[event.pk])).content.decode()

    cells = re.compile(r'/rounds/1/tables/1/">([^<]*)</a>')
    assert cells.findall(grid) == cells.findall(room) == ["1–5"]
