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


def test_a_row_breaking_a_check_of_the_database_is_refused_in_words(make_event, club):
    """A crafted line with half a fixed score breaks a check constraint: refused, on
    PostgreSQL too (its rows go through psycopg's own cursor), with nothing saved."""
    import json

    from events.models import Board, Club, Result
    from events.services.backup import BackupRefused, backup_club
    from events.services.entry import save_line
    from scoring import parse_traveller_line

    event = make_event(mitchell(4, 3, rounds=2))
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    save_line(board=board, line=parse_traveller_line("4S N 10"), ns_pair=1, ew_pair=5)
    backup = json.loads(json.dumps(backup_club(club=club), default=str))
    for row in backup["objects"]:
        if row["model"] == "events.result":
            row["fields"]["fixed_ns_points"] = 3.0
    clubs = Club.objects.count()
    with pytest.raises(BackupRefused, match="break a rule of the database"):
        restore(backup, slug="crafted")
    assert Club.objects.count() == clubs
    assert Result.objects.count() == 1
