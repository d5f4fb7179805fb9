"""Garbage in every field of every director page: a clear message or a 4xx, never a 500, and a
refusal changes nothing."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from events.forms.movements import tables_from_text
from events.models import Board, Event, Pair, Player, Result
from events.services.entry import board_meetings, save_line
from scoring import mitchell, parse_traveller_line
from tests.events.fuzzing import (
    FUZZ,
    GARBAGE,
    answered,
    downloads_work,
    fuzz_client,
    maybe,
    refused,
    snapshot,
)

pytestmark = pytest.mark.django_db

SETTINGS = {
    "name": "Club Pairs",
    "date": "2026-11-20",
    "scoring": "mp",
    "mp_scale": "2",
    "mp_rounding": "none",
    "adjusted_scores": "session",
    "datum_method": "drop-one",
    "cross_imp_mode": "cross2",
    "winners": "2",
    "reveal": "always",
    "factor_totals": "",
    "factor_boards": "",
}
settings_data = st.fixed_dictionaries({name: maybe(value) for name, value in SETTINGS.items()})


def _many_tables(text: str) -> bool:
    try:
        return tables_from_text(text) > 12
    except ValidationError:
        return False


# A number of tables that gives no movement, or a small one: a 150-table movement is slow to lay.
TABLES = st.one_of(
    GARBAGE.filter(lambda text: not _many_tables(text)),
    st.sampled_from(["3", "4", "6.5", "6½", "7,5"]),
)


@pytest.fixture
def evening(make_event):
    """A 3-table Mitchell with one line saved, made once for all of a test's examples."""
    event = make_event(mitchell(3, 2))
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meeting = board_meetings(board=board)[0]
    save_line(board=board, line=parse_traveller_line("4S N 10"), ns_pair=meeting.ns,
              ew_pair=meeting.ew)  # fmt: skip
    return event


@pytest.fixture
def client(director):
    return fuzz_client(director)


@FUZZ
@given(data=settings_data, tables=TABLES)
def test_new_event_page(client, club, data, tables):
    before = snapshot()
    movement = {"tables": tables, "proposed_for": tables, "choice": "0"}
    response = client.post(reverse("event-new", args=[club.slug]), data | movement)
    page = answered(response)
    if response.status_code == 302:
        assert Event.objects.filter(club=club).count() == len(before["Event"]) + 1
    else:
        assert refused(page)
        assert snapshot() == before


@FUZZ
@given(data=settings_data)
def test_settings_page(client, evening, data):
    before = snapshot()
    response = client.post(reverse("director-settings", args=[evening.pk]), data)
    page = answered(response)
    if response.status_code == 302:
        assert Event.objects.get(pk=evening.pk).name == data["name"].strip()
        downloads_work(client, evening)
    else:
        assert refused(page)
        assert snapshot() == before


@FUZZ
@given(
    tables=TABLES,
    choice=maybe("0"),
    arrow_switch=maybe(""),
    method=st.sampled_from(["get", "post"]),
)
def test_movement_page(client, make_event, evening, tables, choice, arrow_switch, method):
    # A second event without results, whose movement may change.
    empty = Event.objects.exclude(pk=evening.pk).first() or make_event(mitchell(3, 2))
    before = snapshot()
    data = {"tables": tables, "choice": choice, "arrow_switch": arrow_switch}
    for event in (evening, empty):
        url = reverse("director-movement", args=[event.pk])
        response = getattr(client, method)(url, data)
        answered(response)
        if response.status_code != 302:
            assert snapshot() == before
    assert Result.objects.count() == 1  # the event with a result kept its movement


@FUZZ
@given(names=st.lists(maybe("Ann Able"), min_size=6, max_size=6), extra=GARBAGE)
def test_pairs_and_names_page(client, evening, names, extra):
    before = snapshot()
    data = {f"pair-{n}-{s}": names[2 * n + s - 3] for n in range(1, 4) for s in (1, 2)}
    data["pair-99-1"] = extra  # a pair the event does not have is ignored
    response = client.post(reverse("director-pairs", args=[evening.pk]), data)
    page = answered(response)
    if response.status_code == 302:
        # A name is matched to the club's players regardless of case, as name_pair does.
        typed = [n.strip() for n in names[:2] if n.strip()]
        expected = [Player.objects.filter(club=evening.club, name__iexact=n).first() for n in typed]
        pair = Pair.objects.get(section__event=evening, number=1)
        assert list(pair.players.order_by("partnership__seat")) == expected
        downloads_work(client, evening)
    else:
        assert refused(page)
        assert snapshot() == before


@FUZZ
@given(status=GARBAGE)
def test_status_button(client, evening, status):
    response = client.post(reverse("director-status", args=[evening.pk]), {"status": status})
    answered(response)
    expected = status if status in Event.Status.values else "running"
    assert Event.objects.get(pk=evening.pk).status == expected
    Event.objects.filter(pk=evening.pk).update(status="running")


NUMBERS = st.one_of(st.integers(min_value=0, max_value=40), st.integers(min_value=0))


@FUZZ
@given(number=NUMBERS, round_number=NUMBERS, table=NUMBERS, result_id=NUMBERS, line=GARBAGE)
def test_entry_pages_and_endpoints(client, evening, number, round_number, table, result_id, line):
    pk = evening.pk
    before = snapshot()
    for url in (
        reverse("director-event", args=[pk]),
        reverse("director-panels", args=[pk]),
        reverse("director-cards", args=[pk]),
        reverse("director-board", args=[pk, number]),
        reverse("director-slip", args=[pk, round_number, table]),
    ):
        answered(client.get(url))
    answered(client.get(reverse("line-preview", args=[pk, number]), {"line": line}))
    assert snapshot() == before
    response = client.post(reverse("line-delete", args=[pk, result_id]), HTTP_HX_REQUEST="true")
    answered(response)
    if response.status_code == 404:
        assert snapshot() == before


@FUZZ
@given(
    line=GARBAGE,
    ns=maybe("1"),
    ew=maybe("4"),
    result=maybe(""),
    mode=maybe("board:1"),
    number=st.sampled_from([1, 2, 7, 99999]),
)
def test_line_save_with_garbage_in_every_field(client, evening, line, ns, ew, result, mode, number):
    before = snapshot()
    data = {"line": line, "ns": ns, "ew": ew, "result": result, "mode": mode}
    response = client.post(
        reverse("line-save", args=[evening.pk, number]), data, HTTP_HX_REQUEST="true"
    )
    page = answered(response)
    if response.status_code == 404 or 'role="alert"' in page:
        assert snapshot() == before
    else:
        downloads_work(client, evening)


@FUZZ
@given(event_id=NUMBERS, slug=st.sampled_from(["test-club", "other", "x" * 300]))
def test_director_pages_of_events_that_do_not_exist(client, evening, event_id, slug):
    before = snapshot()
    for url in (
        reverse("director-event", args=[event_id]),
        reverse("director-movement", args=[event_id]),
        reverse("director-pairs", args=[event_id]),
        reverse("director-settings", args=[event_id]),
        reverse("event-new", args=[slug]),
        reverse("import-upload", args=[slug]),
    ):
        answered(client.get(url))
    answered(client.post(reverse("director-status", args=[event_id]), {"status": "published"}))
    if event_id != evening.pk:
        assert snapshot() == before
