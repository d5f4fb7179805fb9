"""The director's repair page: each kind posted, a refusal shown as a sentence, nothing half
saved."""

import html
import re

import pytest
from django.urls import reverse

from events.models import Board, Change, Event, Pair, Result, TableRound
from events.services.entry import save_line
from events.services.notes import note_text
from events.services.repairs import pair_leaves
from scoring import mitchell, parse_traveller_line

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event):
    return make_event(mitchell(7, 3, sit_out=True))


def pair_2_leaves(event):
    """Pair 2 leaves from round 3: boards 4-6 at table 4 in round 2 then leave meetings a repair
    settles (in the full movement that repair is refused)."""
    pair_leaves(section=event.sections.get(), pair=2, from_round=3)


def post(client, event, kind, **fields):
    data = {"kind": kind} | {f"{kind}-{name}": value for name, value in fields.items()}
    return client.post(reverse("director-repair", args=[event.pk]), data)


def test_the_movement_page_leads_to_the_repairs(director_client, event):
    page = director_client.get(reverse("director-movement", args=[event.pk])).content.decode()
    assert f'href="{reverse("director-repair", args=[event.pk])}">Repair the movement' in page
    repair = director_client.get(reverse("director-repair", args=[event.pk])).content.decode()
    for title in (
        "A late pair joins",
        "A pair leaves",
        "A table played the wrong boards",
        "NS and EW swapped at a table",
        "Two pairs swapped places",
    ):
        assert f"<h2>{title}</h2>" in repair


def test_a_late_pair_is_seated_with_its_names(director_client, event):
    response = post(director_client, event, "late", from_round=3, names="Ann Lee & Bob Cole")

    assert response.status_code == 302
    pair = Pair.objects.get(section__event=event, number=14)
    assert pair.names == "Ann Lee & Bob Cole"
    assert TableRound.objects.get(ew_pair=pair, round=3).table == 2
    change = Change.objects.get(kind="repair")
    assert (change.user.username, note_text(change.note)) == (
        "director",
        "Late pair 14 joins from round 3",
    )
    page = director_client.get(response.url).content.decode()
    assert "Late pair 14 joins from round 3." in page


def test_wrong_boards_show_what_is_left_to_settle(director_client, event):
    pair_2_leaves(event)
    response = post(director_client, event, "boards", round=2, table=4, boards="4 - 6")

    assert response.status_code == 302
    page = html.unescape(director_client.get(response.url).content.decode())
    assert "Round 2, table 4 played boards 4-6, not 13-15." in page
    assert "Pair 4 meets boards 4-6 twice: round 2 at table 4 and round 6 at table 4" in page


@pytest.mark.parametrize(("ticked", "boards"), [({"move_lines": "on"}, [4]), ({}, [13])])
def test_wrong_boards_move_the_lines_entered_when_ticked(director_client, event, ticked, boards):
    pair_2_leaves(event)
    page = director_client.get(reverse("director-repair", args=[event.pk])).content.decode()
    assert re.search(r'<input type="checkbox" name="boards-move_lines"[^>]* checked', page)
    save_line(
        board=Board.objects.get(number=13),
        line=parse_traveller_line("4S N 10"),
        ns_pair=4,
        ew_pair=10,
    )

    post(director_client, event, "boards", round=2, table=4, boards="4-6", **ticked)

    assert [r.board.number for r in Result.objects.all()] == boards


@pytest.mark.parametrize(
    ("kind", "fields", "message"),
    [
        ("boards", {"round": 2, "table": 9, "boards": "4-6"}, "Not repaired: there is no table 9"),
        ("boards", {"round": 2, "table": 4, "boards": "four"}, "write the boards played as a"),
        ("boards", {"round": 2, "table": 4, "boards": "6-4"}, "write the lower board first: 4-6"),
        ("leaves", {"pair": 40, "from_round": 3}, "Not repaired: there is no pair 40 in this"),
        ("late", {"from_round": "x"}, "type a number, e.g. 3"),
        ("places", {"first": 1, "second": 8, "from_round": 3}, "play in different directions"),
        ("directions", {"round": 1, "table": 7}, "a pair sits out at table 7 in round 1"),
    ],
)
def test_a_refused_repair_says_why_and_changes_nothing(
    director_client, event, kind, fields, message
):
    before = list(TableRound.objects.values_list("ns_pair", "ew_pair", "low_board"))

    response = post(director_client, event, kind, **fields)

    assert response.status_code == 200
    assert message in html.unescape(response.content.decode())
    assert list(TableRound.objects.values_list("ns_pair", "ew_pair", "low_board")) == before
    assert not Change.objects.filter(kind="repair").exists()


def test_a_published_event_is_not_repaired(director_client, event):
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    response = post(director_client, event, "leaves", pair=5, from_round=4)
    assert "Not repaired: the event is published: reopen it" in response.content.decode()
    assert TableRound.objects.filter(section__event=event, round=6, table=5).exists()


def test_another_clubs_director_gets_no_repair_page(client, django_user_model, event):
    client.force_login(django_user_model.objects.create_user("other", password="x-bridge-9"))
    response = client.post(
        reverse("director-repair", args=[event.pk]), {"kind": "late", "late-from_round": 3}
    )
    assert response.status_code == 404
    assert not Pair.objects.filter(number=14).exists()


def test_table_cards_of_a_movement_left_to_settle_say_so_in_board_numbers(director_client, event):
    pair_2_leaves(event)
    post(director_client, event, "boards", round=2, table=4, boards="4-6")

    response = director_client.get(reverse("director-cards", args=[event.pk]))

    # No redirect to the repair page (which links back here): the cards page says what to settle.
    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    assert "The cards cannot be printed yet" in page
    assert (
        "Pair 10 meets boards 4-6 twice: round 2 at table 4 and round 4 at table 6; settle it "
        'with the repair "A table played the wrong boards": round 4, table 6, boards 13-15'
    ) in page
    assert "board set" not in page
    assert f'href="{reverse("director-repair", args=[event.pk])}"' in page


def test_table_cards_follow_a_late_pair(director_client, event):
    post(director_client, event, "late", from_round=3)

    page = director_client.get(reverse("director-cards", args=[event.pk])).content.decode()

    # Table 2's card: round 3, pair 2 against the late pair 14 on boards 10-12.
    # (Each cell's data-label names its column on a phone, where the card stacks.)
    cells = re.sub(r"\s+", "", re.sub(r' data-label="[^"]*"', "", page))
    assert "<td>3</td><td>2</td><td>14</td><td>10–12</td>" in cells


@pytest.mark.parametrize("typed", ["3 EW", "3EW", "EW 3", "ew3", " 3 ew ", "Ew  3"])
def test_a_pair_leaving_is_named_as_clubs_print_it_in_a_mitchell_numbered_per_direction(
    director_client, make_event, typed
):
    labelled = make_event(mitchell(7, 3, sit_out=True), ew_numbered_on=False)
    three_ew = Pair.objects.get(section__event=labelled, label="3 EW")

    response = post(director_client, labelled, "leaves", pair=typed, from_round=4)

    assert response.status_code == 302
    change = Change.objects.get(kind="repair")
    assert note_text(change.note) == "Pair 3 EW leaves after round 3"
    assert not TableRound.objects.filter(round__gte=4, ew_pair=three_ew).exists()
    assert TableRound.objects.filter(round__gte=4, ns_pair__label="3 NS").exists()


def test_a_bare_number_two_pairs_share_is_refused_and_a_pair_swap_takes_labels(
    director_client, make_event
):
    labelled = make_event(mitchell(7, 3, sit_out=True), ew_numbered_on=False)

    bare = html.unescape(
        post(director_client, labelled, "leaves", pair="3", from_round=4).content.decode()
    )
    nonsense = html.unescape(
        post(director_client, labelled, "leaves", pair="3 XY", from_round=4).content.decode()
    )
    swapped = post(director_client, labelled, "places", first="EW 1", second="2ew", from_round=7)

    assert "Not repaired: pair 3 could be 3 NS or 3 EW: type which, e.g. 3 EW." in bare
    assert "type the pair as the table card shows it, e.g. 3 NS or 3 EW" in nonsense
    assert swapped.status_code == 302
    assert (
        note_text(Change.objects.get(kind="repair").note)
        == "Pairs 1 EW and 2 EW swap places from round 7"
    )
