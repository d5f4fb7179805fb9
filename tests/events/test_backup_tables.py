"""A club's tables' tokens are the site's secrets of the evening: a backup restored as a second
club beside the first (a copy to try things on) takes none of them, so that a card on a table
opens only the club it was printed for, and the copy's tables have links of their own."""

import uuid

import pytest

from events.models import Event, TableAccess, TableLine
from events.services.backup import backup_bytes
from events.services.tables.access import event_tables, open_table
from events.services.tables.lines import accept_line, enter_line
from scoring import mitchell
from tests.events.restore_checks import restore

pytestmark = pytest.mark.django_db


def test_a_restored_copy_beside_its_club_takes_no_token_of_it(make_event, club):
    event = make_event(mitchell(4, 3, rounds=2))
    table = event_tables(event=event)[0]
    key = uuid.uuid4()
    enter_line(access=table, round=1, board_number=1, text="4S N 10", key=key)
    accept_line(access=table, key=key)

    copy = restore(backup_bytes(club=club), slug="copy-club").club

    copied = Event.objects.get(club=copy)
    assert open_table(token=table.token).event == event
    assert not TableAccess.objects.filter(event=copied).exists()
    assert not TableLine.objects.filter(access__event=copied).exists()
    tokens = [access.token for access in event_tables(event=copied)]
    assert len(tokens) == 4 and table.token not in tokens
    # The copy's line is a result as any other.
    assert copied.sections.get().boards.get(number=1).results.count() == 1
