"""A table's way in: one token a table, unguessable, new on demand, closed once published."""

import pytest

from events.models import Event, Pair, TableAccess
from events.services.tables.access import TableClosed, event_tables, new_table_token, open_table
from scoring.movements import mitchell

pytestmark = pytest.mark.django_db


def test_every_table_of_a_section_has_its_own_token(make_event):
    event = make_event(mitchell(4, 3, rounds=2))
    tables = event_tables(event=event)
    assert [(a.section.letter, a.table, a.half) for a in tables] == [
        ("A", t, 0) for t in (1, 2, 3, 4)
    ]
    assert len({a.token for a in tables}) == 4
    assert all(len(a.token) >= 43 for a in tables)
    # Asked again, the same tokens: the cards already printed still work.
    assert [a.token for a in event_tables(event=event)] == [a.token for a in tables]


def test_a_token_opens_its_table_until_the_event_is_published(make_event):
    event = make_event(mitchell(4, 3, rounds=2))
    access = event_tables(event=event)[2]
    assert open_table(token=access.token) == access
    with pytest.raises(TableClosed):
        open_table(token=access.token[:-1])
    Event.objects.filter(pk=event.pk).update(status=Event.Status.PUBLISHED)
    with pytest.raises(TableClosed):
        open_table(token=access.token)


def test_a_new_token_closes_the_old_one(make_event):
    event = make_event(mitchell(4, 3, rounds=2))
    access = event_tables(event=event)[0]
    old = access.token
    new_table_token(access=access)
    with pytest.raises(TableClosed):
        open_table(token=old)
    assert open_table(token=access.token).pk == access.pk


def test_a_teams_event_has_two_tables_a_match(make_team_event):
    from events.services.teams.rounds import draw_next_round

    event = make_team_event(teams=4, boards_per_match=4)
    draw_next_round(event=event)
    tables = event_tables(event=event)
    assert [(a.section, a.table, a.half) for a in tables] == [
        (None, 1, 1),
        (None, 1, 2),
        (None, 2, 1),
        (None, 2, 2),
    ]
    assert TableAccess.objects.filter(event=event).count() == 4


def test_pairs_have_pins_of_their_own(make_event):
    event = make_event(mitchell(7, 3))
    pins = list(Pair.objects.filter(section__event=event).values_list("pin", flat=True))
    assert all(len(pin) == 4 and pin.isdigit() for pin in pins)
    assert len(set(pins)) > 1


def test_a_call_stays_open_until_cleared_and_pressing_twice_is_one_call(make_event):
    from events.services.tables.calls import call_director, clear_call, open_calls

    event = make_event(mitchell(4, 3, rounds=2))
    access = event_tables(event=event)[1]
    first = call_director(access=access, round=1)
    assert call_director(access=access, round=1) == first
    dispute = call_director(access=access, round=1, board_number=3, kind="dispute")
    assert open_calls(event=event) == [first, dispute]
    clear_call(call=first)
    assert open_calls(event=event) == [dispute]
